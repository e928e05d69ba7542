"""What every solver shares: the result, and the budget that bounds a search.

A solver reports ``won`` (with the moves that win from the position it was
given), ``impossible`` (a proof: the search pruned only what provably cannot
matter), or ``unknown`` (the budget ran out first).  The budget is the only
part of the engine that reads a clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class Result:
    status: str                       # "won" | "impossible" | "unknown"
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"status": self.status, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent."""


class Budget:
    """A time and/or node budget.  ``tick()`` once per node; it raises
    :class:`OutOfBudget` when either limit is passed (the clock is read only
    every 1024 nodes, so ticking is cheap)."""

    def __init__(self, seconds: float | None = None, nodes: int | None = None) -> None:
        self.start = time.perf_counter()
        self.deadline = None if seconds is None else self.start + seconds
        self.limit = nodes
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfBudget
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise OutOfBudget

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start

    def result(self, status: str, moves: list[str] | None = None) -> Result:
        return Result(status, list(moves or []), self.nodes, self.seconds)
