"""A temporary shim, nothing else: ``engine/solve_grid.py`` (being changed
in another line of work) and its tests still import their budget from here.
It goes when that module moves into ``engine/solve/`` (see
``engine/solve/grid.py``); everything else uses :mod:`engine.solve`."""

from __future__ import annotations

from .solve import Result, Status
from .solve.budget import Budget as _Budget
from .solve.budget import OutOfBudget


class Budget(_Budget):
    """:class:`engine.solve.Budget` with the ``result()`` solve_grid builds its answer with."""

    def result(self, status: str, moves: list[str] | None = None) -> Result:
        return Result(Status(status), list(moves or []), self.nodes, self.elapsed())


__all__ = ["Budget", "OutOfBudget", "Result"]
