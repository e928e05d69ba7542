"""Gaps and Chinese Puzzle behind this package's interface.

The search is ``grid_search.py`` (an exact depth-first search racing
restarts in Chinese Puzzle, beams in Gaps: ``gaps_beam.py``), the compact
model and move generators ``grid_model.py``; this
module answers for them as the other games' modules do: ``search`` for
:func:`engine.solve.solve`, ``best_line`` for hints and ``play_on`` for the
Demo.
"""

from __future__ import annotations

from typing import Any

from ..grid import GridGame
from . import grid_search
from .budget import Budget
from .result import Status


def search(game: Any, budget: Budget, known: bool = True, *,
           max_table_bytes: int | None = None) -> tuple[Status, list[str]]:
    """Search Gaps or Chinese Puzzle from ``game``'s position by card moves
    alone (a shuffle or a redeal is random: the verdict is "winnable
    without another"); every card is face up, so ``known`` changes nothing.
    ``game`` is not changed; the budget's ``OutOfBudget`` passes through.
    ``max_table_bytes`` bounds the transposition tables (default
    ``grid_search.TABLE_BYTES``)."""
    if not isinstance(game, GridGame):
        raise ValueError(f"the grid solver plays the grid games (engine/grid.py), not {game.name!r}")
    return grid_search.run(game, budget, max_table_bytes)


def best_line(game: Any, budget: Budget, avoid: tuple = (), avoid_keys: frozenset = frozenset()) -> list[str]:
    """For hints: the shortest line the search met to the most cards locked
    in proper place (a winning line when it finds one); ``[]`` when no line
    locks another card.  Even a deal that cannot be won without a shuffle or
    redeal is worth playing on: a card locked now stays locked through it.
    ``avoid``: games at positions no line passes through
    (``grid_search.best_line``)."""
    if not isinstance(game, GridGame):
        raise ValueError(f"the grid solver plays the grid games (engine/grid.py), not {game.name!r}")
    return grid_search.best_line(game, budget, avoid=avoid, avoid_keys=avoid_keys)


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
    if not isinstance(game, GridGame):
        raise ValueError(f"play_on is for the grid games (engine/grid.py), not {game.name!r}")
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
