"""Search for hints and winnability, for all five games (DESIGN.md).

    from engine.solver import solve, hint, verdict
    result = solve(game, budget_s=2.0)      # Result: status, moves, nodes, seconds
    result.status                           # "won" | "impossible" | "unknown"
    hint(game)                              # a move to play now, or None
    verdict(game, 1.0)                      # the status alone

``won`` carries a line of moves that replays from the game's position to a
won game; ``impossible`` is a proof (each solver prunes only what provably
cannot matter); ``unknown`` means the budget ran out first.  The game given
is never changed.  Each game has its own solver module, imported only when
that game is solved, so one missing solver fails for its game alone:

- The Prince: :mod:`engine.solve_prince` (exact: all cards face up);
- Gaps and Chinese Puzzle: :mod:`engine.solve_grid`;
- The Republic and The Smith: :mod:`engine.solve_piles`.  Their hidden cards
  stay hidden unless ``known=True``, the "all cards known" analysis used for
  statistics: a hint must use only what the player can see.
"""

from __future__ import annotations

import importlib

from .base import Game
from .search import Budget, Result

#: game name -> (solver module, function name)
SOLVERS = {
    "prince": ("engine.solve_prince", "solve_prince"),
    "gaps": ("engine.solve_grid", "solve_grid"),
    "chinese-puzzle": ("engine.solve_grid", "solve_grid"),
    "republic": ("engine.solve_piles", "solve_republic"),
    "smith": ("engine.solve_piles", "solve_smith"),
}


class SolverMissing(RuntimeError):
    """The solver module for a game is not there (yet)."""


def solver_for(name: str):
    """The solving function for the game ``name``; :class:`SolverMissing`
    if its module cannot be imported, ``ValueError`` for an unknown game."""
    if name not in SOLVERS:
        raise ValueError(f"there is no solver for {name!r}; the games are {', '.join(SOLVERS)}")
    module_name, function = SOLVERS[name]
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise SolverMissing(f"the solver for {name} ({module_name}) is not available: {e}") from None
    found = getattr(module, function, None)
    if found is None:
        raise SolverMissing(f"{module_name} has no {function}()")
    return found


def solve(game: Game, budget_s: float | None = None, nodes: int | None = None,
          known: bool = False, best: list[str] | None = None) -> Result:
    """Search from ``game``'s current position within ``budget_s`` seconds
    and/or ``nodes`` nodes (no limit when both are None).

    ``known`` (The Republic, The Smith): let the search see the face-down
    cards, for statistics; never for hints.  ``best``: if a list, it receives
    the solver's best line when the solver offers one (The Prince does).
    Raises :class:`SolverMissing` when the game's solver is not installed."""
    budget = Budget(budget_s, nodes)
    if game.won:
        return budget.result("won")
    if game.over:
        return budget.result("impossible")
    name = game.name
    function = solver_for(name)
    if name == "prince":
        return function(game, budget, best=best)
    if name in ("republic", "smith"):
        return function(game, budget, known)
    return function(game, budget)


def hint(game: Game, budget_s: float = 0.5) -> str | None:
    """A move to play now, from what the player can see; None when the game
    is over or the solver proves it cannot be won.

    - The Prince, The Republic, The Smith: the first move of a winning line
      if the search finds one (hidden cards stay hidden); when the budget
      runs out first, the first move of the solver's best line (the line to
      the best position it saw: most cards home, cards revealed, ...).
    - Gaps and Chinese Puzzle: the first move of the shortest line the
      search met to the most cards locked in proper place (a winning line
      when it finds one).  Even a deal that cannot be won without a shuffle
      or redeal is worth playing on: every card locked now stays locked
      through the next one, so a hint there still locks cards.
    - Otherwise a foundation move, or any legal card move, or last a redeal.
    """
    if game.won or game.over:
        return None
    line: list[str] = []
    if game.name in ("gaps", "chinese-puzzle"):
        from .solve_grid import best_line
        line = best_line(game, Budget(budget_s))
    else:
        best: list[str] = []
        result = solve(game, budget_s, best=best)
        if result.status == "won":
            return result.moves[0] if result.moves else None
        if result.status == "impossible":
            return None
        line = best or list(result.moves)
    if line:
        return line[0]
    legal = [str(m) for m in game.legal_moves()]
    for m in legal:
        if m.endswith("-f") or "-f:" in m:
            return m
    cards = [m for m in legal if "-" in m]
    return (cards or legal or [None])[0]


def play_on(game: Game, budget_s: float) -> list[str]:
    """Gaps and Chinese Puzzle, for the Demo when no win is known in this
    deal: the moves to play before the next shuffle or redeal.  The search's
    line to the most cards locked in proper place (they stay locked through
    a redeal); when no line locks another card, the redeal itself where the
    rules allow it now (Chinese Puzzle at any time, Gaps only when stuck);
    in Gaps not yet stuck, one card move toward being stuck (one that leaves
    a dead gap, right of a king or of another gap, if there is one).  ``[]``
    when nothing is left to do: the game is over, won, or cannot be played
    on (no redeal left and no card to lock)."""
    if game.name not in ("gaps", "chinese-puzzle"):
        raise ValueError(f"play_on is for Gaps and Chinese Puzzle, not {game.name!r}")
    if game.won or game.over:
        return []
    from .solve_grid import best_line
    line = best_line(game, Budget(budget_s))
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


def verdict(game: Game, budget_s: float) -> str:
    """``"won"`` (a win was found, or the game is won), ``"impossible"`` or
    ``"unknown"``, within ``budget_s`` seconds."""
    return solve(game, budget_s).status


__all__ = ["solve", "hint", "verdict", "play_on", "solver_for", "SolverMissing", "SOLVERS"]
