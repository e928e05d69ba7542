"""The one check every solver's line passes before it is returned: played
move by move in the engine, from the game's position, on a copy.

A search works on a compact copy of the rules of its own; the engine is
the judge.  A line the engine refuses, or a "won" line that does not win,
is a solver bug: it is raised, never turned into an answer.
"""

from __future__ import annotations

from typing import Any

from .budget import Budget


class SolverBug(RuntimeError):
    """A solver's line that the engine refuses or that does not win."""


def position_copy(game: Any) -> Any:
    """A new game at ``game``'s position (its history left out: replaying
    that would cost more than the line itself)."""
    from .. import from_dict
    doc = game.to_dict()
    return from_dict({key: doc[key] for key in ("format", "game", "options", "seed", "position") if key in doc})


def check_line(game: Any, moves: list[str], must_win: bool, budget: Budget | None = None) -> None:
    """Play ``moves`` on a copy of ``game``: :class:`SolverBug` if the engine
    refuses one or (``must_win``) the copy is not won at the end.  ``game``
    is not changed.  ``budget``: polled between moves, so a cancel is not
    kept waiting by a long line."""
    copy = position_copy(game)
    for i, text in enumerate(moves):
        if budget is not None:
            budget.poll()
        reason = copy.explain(text)
        if reason is not None:
            raise SolverBug(f"{game.name}: the solver's move {i + 1}, {text!r}, is refused: {reason} "
                            f"(line {moves})")
        copy.play(text)
    if must_win and not copy.won:
        raise SolverBug(f"{game.name}: the solver's line does not win (line {moves})")
