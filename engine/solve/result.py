"""What a solver answers: a :class:`Status` and a :class:`Result`."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Status(str, Enum):
    """A solver's verdict.  A ``str`` too (``Status.WON == "won"``), so it
    reads and travels (JSON, pipes) as the word it is."""

    #: a line of moves that wins from the position was found (and replayed)
    WON = "won"
    #: a proof that no line wins: the search pruned only what provably cannot matter
    IMPOSSIBLE = "impossible"
    #: the budget ran out (or was cancelled) first
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


@dataclass
class Result:
    """``moves``: WON, a line (engine notation) that replays to a win; else
    the best line the search found, possibly none.  ``nodes`` and
    ``seconds``: what the search used."""

    status: Status
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"status": self.status.value, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}
