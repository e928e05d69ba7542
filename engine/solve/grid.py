"""Gaps and Chinese Puzzle behind this package's interface: the search of
``engine/solve_grid.py``, called where it is.

The move still to come.  ``engine/solve_grid.py`` is being changed in
another line of work (a Gaps rule change and the solver's tuning), so it
stays where it is for now.  When it moves into this package:

- its code goes here (the compact grid and its move generators: the
  model) and into a search module beside ``depth_first.py`` (its
  depth-first search and the race of probes);
- it ticks the budget itself and returns ``(Status, moves)`` as
  ``piles.search`` does: ``_GridBudget`` below goes, and so does the shim
  ``engine/search.py``, kept for it alone;
- its own replay (``_wins``) goes: the interface replays every line
  (``replay.check_line``);
- its tables go to ``Budget.keep``: today a cancelled Gaps search frees
  them before it answers (about 10 ms a second of search), where the
  other searches answer within a few milliseconds.
"""

from __future__ import annotations

from typing import Any

from .budget import Budget
from .result import Status

GAMES = ("gaps", "chinese-puzzle")


class _GridBudget:
    """The budget as ``engine/solve_grid.py`` uses it today: ``tick()`` (this
    budget's own) and ``result()``, which here builds ``(Status, moves)``."""

    def __init__(self, budget: Budget) -> None:
        self.tick = budget.tick

    @staticmethod
    def result(status: str, moves: list[str] | None = None) -> tuple[Status, list[str]]:
        return Status(status), list(moves or [])


def search(game: Any, budget: Budget, known: bool = True) -> tuple[Status, list[str]]:
    """Search Gaps or Chinese Puzzle from ``game``'s position by card moves
    alone (a shuffle or a redeal is random: the verdict is "winnable
    without another"); every card is face up, so ``known`` changes nothing.
    ``game`` is not changed."""
    from ..solve_grid import solve_grid
    return solve_grid(game, _GridBudget(budget))


def best_line(game: Any, budget: Budget) -> list[str]:
    """For hints: the shortest line the search met to the most cards locked
    in proper place (a winning line when it finds one); ``[]`` when no line
    locks another card.  Even a deal that cannot be won without a shuffle or
    redeal is worth playing on: a card locked now stays locked through it."""
    from ..solve_grid import best_line as grid_best_line
    return grid_best_line(game, _GridBudget(budget))


def play_on(game: Any, budget: Budget) -> list[str]:
    """For the Demo when no win is known in this deal: the moves to play
    before the next shuffle or redeal.  The search's line to the most cards
    locked in proper place (they stay locked through a redeal); when no
    line locks another card, the redeal itself where the rules allow it now
    (Chinese Puzzle at any time, Gaps only when stuck); in Gaps not yet
    stuck, one card move toward being stuck (one that leaves a dead gap,
    right of a king or of another gap, if there is one).  ``[]`` when
    nothing is left to do: the game is over, won, or cannot be played on (no
    redeal left and no card to lock)."""
    if game.name not in GAMES:
        raise ValueError(f"play_on is for Gaps and Chinese Puzzle, not {game.name!r}")
    if game.won or game.over:
        return []
    line = best_line(game, budget)
    if line:
        return line
    legal = [str(m) for m in game.legal_moves()]
    if "redeal" in legal:
        return ["redeal"]
    cards = [m for m in legal if "-" in m]
    if not cards or game.name != "gaps":
        return []

    def kills_a_gap(move: str) -> bool:
        src = move.split("-")[0]
        column = int(src[1:])
        if column == 1:
            return False
        left = game.card_at(f"{src[0]}{column - 1}")
        return left is None or left[0] == "K"
    return [next((m for m in cards if kills_a_gap(m)), cards[0])]
