"""Hints with a reason: the next move, and why when it is one the player
would not expect.

A hint that simply takes back the player's last move reads as the solver
disagreeing for no reason (issue 18).  In a game whose search can avoid
positions (its spec's ``avoids``: The Republic and The Smith, whose
searches run over the visible part of the game, ``piles.py``), the hint's
search is told the position *before* the player's last move as
already reached: no line it returns passes through that position, so the
hint never undoes the last move, directly or in a roundabout way.  Only
when that search finds no line at all (nothing else reachable wins or
shows a card) is the take-back the hint, and :attr:`Advice.reason` says
so: it is then the only way on.

Why not simply skip the reversing move: a line ``c5-c7, c7-c3`` undoes
``c3-c5`` in two moves just as well; a position avoided catches every such
line.  The verdict searches (``solve``) are never given such a position:
an avoided position would make an "impossible" unsound; a hint's search
only ever uses its line.

``advise(game, budget)`` returns an :class:`Advice`; ``engine.solve.hint``
returns its move (the solver's interface, unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..spec import find, load
from .budget import Budget, OutOfBudget, collector_paused
from .replay import position_copy
from .result import Status

#: :attr:`Advice.reason` when the hint takes back the last move
ONLY_WAY = "undo-only"


@dataclass
class Advice:
    """A hint: ``move`` (engine notation; None when no move is known to
    help or the game is over) and ``reason``: "" for an ordinary hint,
    :data:`ONLY_WAY` when the move takes back the player's last move because
    nothing else leads on; ``undone`` is then that last move."""

    move: str | None
    reason: str = ""
    undone: str | None = None

    def words(self) -> str:
        """The reason in plain words for the table ("" for an ordinary hint)."""
        if self.reason == ONLY_WAY:
            return "the only way on is to take back your last move"
        return ""


def before_last_move(game: Any) -> Any | None:
    """A copy of ``game`` at the position before its last move, or None when
    there is no move to take back (none made, or one that cannot be undone:
    a deal shows cards)."""
    if not game.history or not game.can_undo:
        return None
    copy = _copy_with_history(game)
    if copy is None:
        return None
    copy.undo()
    return copy if len(copy.history) == len(game.history) - 1 else None


def _copy_with_history(game: Any) -> Any | None:
    from .. import from_dict
    try:
        copy = from_dict(game.to_dict())
    except Exception:  # noqa: BLE001 - a position that does not read back is simply not avoided
        return None
    return copy if copy.history == game.history and copy.can_undo else None


def undoes_last_move(game: Any, move: str) -> bool:
    """Whether playing ``move`` now takes the game back to the position
    before its last move (a table stepping through a known line asks this)."""
    before = before_last_move(game)
    if before is None or game.explain(move) is not None:
        return False
    after = position_copy(game)
    after.play(move)
    return after.position() == before.position()


def _take_back(game: Any, before: Any) -> str | None:
    """The legal move that leads from ``game`` to ``before``'s position, if any."""
    target = before.position()
    for m in game.legal_moves():
        copy = position_copy(game)
        copy.play(m)
        if copy.position() == target:
            return str(m)
    return None


def advise(game: Any, budget: Budget) -> Advice:
    """The hint for ``game`` within ``budget`` (``engine.solve.hint`` gives
    its move): never the take-back of the last move while another line
    leads on, in The Republic and The Smith (the module docstring)."""
    from . import plain_hint
    if game.won or game.over:
        return Advice(None)
    spec = find(game.name)
    before = before_last_move(game) if spec is not None and spec.avoids else None
    if before is None:
        return Advice(plain_hint(game, budget))
    search = load(spec.solver)
    try:
        with collector_paused():
            status, line = search(game, budget, False, avoid=(before,))
    except OutOfBudget:
        status, line = Status.UNKNOWN, []
    finally:
        budget.release()
    if line and game.explain(line[0]) is None and status is not Status.IMPOSSIBLE:
        return Advice(line[0])
    # nothing reachable without the position before the last move leads on
    back = _take_back(game, before)
    if back is None:
        return Advice(plain_hint(game, budget))
    if status is Status.IMPOSSIBLE and not budget.exhausted():
        # is the game lost whatever is done?  Then no hint, as ever
        plain = plain_hint(game, budget)
        if plain is None:
            return Advice(None)
    return Advice(back, ONLY_WAY, game.history[-1])
