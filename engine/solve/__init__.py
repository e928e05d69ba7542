"""The solvers: one interface for all five games (docs/design.md).

    from engine import solve
    budget = solve.Budget(seconds=10)          # or nodes=..., or both
    r = solve.solve(game, budget)              # any game; the game is not changed
    r.status                                   # Status.WON / IMPOSSIBLE / UNKNOWN
    r.moves; r.nodes; r.seconds
    solve.hint(game, solve.Budget(seconds=0.5))   # the next move, from what the player sees
    budget.cancel()                            # from another thread: UNKNOWN at once

WON carries a line that replays from the game's position to a win;
IMPOSSIBLE is a proof (each search prunes only what provably cannot
matter); UNKNOWN means the budget ran out or was cancelled first.  Every
line is played in the engine before it is returned (``replay.py``).

The package, one concern a module:

- ``budget.py``: the budget, the only clock; ``result.py``: what is answered;
- ``table.py``: the transposition table of the depth-first searches;
- ``replay.py``: the one check of every line;
- the searches: ``depth_first.py`` and ``best_first.py`` (The Republic, The
  Smith; ``piles.py`` runs them), ``smith_beam.py``, ``prince_search.py``,
  and Gaps and Chinese Puzzle's ``grid_search.py`` (``grid.py`` runs it)
  with Gaps' ``gaps_beam.py``;
- a compact model per game: ``republic.py`` with ``republic_rules.py``,
  ``smith.py``, ``prince.py``, ``grid_model.py`` (Gaps and Chinese
  Puzzle);
- ``generic.py``: the search of a game that brings no model (its spec
  names no ``solver``), over the engine's own interface.
"""

from __future__ import annotations

from typing import Any

from ..spec import GameSpec, find, load
from .budget import Budget, OutOfBudget
from .replay import SolverBug, check_line
from .result import Result, Status

__all__ = ["solve", "hint", "advise", "play_on", "Budget", "Status", "Result", "SolverBug"]


def _spec_of(name: str) -> GameSpec:
    """The spec of the game ``name``; ``ValueError`` when there is no such game."""
    found = find(name)
    if found is None:
        raise ValueError(f"there is no solver for {name!r}")
    return found


def _search_for(name: str):
    """The search function of the game ``name`` (its spec's ``solver``):
    ``(game, budget, known) -> (Status, moves)``.  Imported when first needed.
    A game whose spec names none: the generic search (``generic.py``)."""
    found = _spec_of(name)
    if found.solver is None:
        from .generic import search
        return search
    return load(found.solver)


def solve(game: Any, budget: Budget, *, known: bool = False) -> Result:
    """Search from ``game``'s position within ``budget``; the game is not
    changed.

    ``known`` (The Republic, The Smith): let the search see the face-down
    cards as they lie, the "every card known" analysis of a deal's
    winnability (the indicator, statistics); never for hints.  Without it
    those two games are searched over what the player can see, and UNKNOWN
    comes with the best line found.  The other games show every card."""
    if game.won:
        status, moves = Status.WON, []
    elif game.over:
        status, moves = Status.IMPOSSIBLE, []
    else:
        search = _search_for(game.name)
        try:
            status, moves = search(game, budget, known)
            check_line(game, moves, must_win=status is Status.WON, budget=budget)
        except OutOfBudget:
            status, moves = Status.UNKNOWN, []
        finally:
            budget.release()
    return Result(status, list(moves), budget.nodes, budget.elapsed())


def hint(game: Any, budget: Budget) -> str | None:
    """A move to play now (engine notation), from what the player can see;
    None when the game is over or the search proves it cannot be won:
    :func:`advise`'s move.  The Republic and The Smith: never the move that
    takes back the player's last one while another line leads on
    (``advice.py``, which also says why when it is the only way on)."""
    return advise(game, budget).move


def advise(game: Any, budget: Budget):
    """:func:`hint` with its reason: an ``advice.Advice``."""
    from .advice import advise as _advise
    return _advise(game, budget)


def plain_hint(game: Any, budget: Budget) -> str | None:
    """The hint as the searches give it (:func:`hint` less ``advice.py``):

    - The Prince, The Republic, The Smith: the first move of a winning line
      if the search finds one (hidden cards stay hidden); when the budget
      runs out first, the first move of the best line it found (the line to
      the best position it saw: most cards home, cards revealed, ...).
    - A game whose spec names a ``hint_line``: that line's first move (Gaps
      and Chinese Puzzle: the shortest line the search met to the most cards
      locked in proper place, ``grid.best_line``).
    - Otherwise a foundation move, or any legal card move, or last a redeal.
    """
    if game.won or game.over:
        return None
    spec = _spec_of(game.name)
    if spec.hint_line is not None:
        line = load(spec.hint_line)(game, budget)
    else:
        result = solve(game, budget)
        if result.status is Status.IMPOSSIBLE:
            return None
        line = result.moves
    if line:
        return line[0]
    legal = [str(m) for m in game.legal_moves()]
    for m in legal:
        if m.endswith("-f") or "-f:" in m:
            return m
    cards = [m for m in legal if "-" in m]
    return (cards or legal or [None])[0]


def play_on(game: Any, budget: Budget) -> list[str]:
    """For the Demo when no win is known in this deal: the moves to play
    before the next shuffle or redeal, by the game's spec's ``play_on``
    (Gaps and Chinese Puzzle: ``grid.play_on``).  ``ValueError`` for a game
    that has none (its Demo has nothing to play then)."""
    spec = _spec_of(game.name)
    if spec.play_on is None:
        raise ValueError(f"{game.title} has no moves to play on without a win")
    return load(spec.play_on)(game, budget)
