"""Tidying a line before it is answered: the moves that lead back to a
position the line has already passed through are cut.

The searches key their positions canonically (The Smith's columns sorted
once its stock is empty, The Republic's columns with their packets sorted,
The Prince's columns sorted), so a line they put together could go from a
position A, through some moves, to A with whole piles swapped: moves that
achieve nothing, which the Demo would play out for the player to watch.
Some searches already shorten their lines on their own keys (The Republic
and The Smith's ``piles.shorten``, The Prince's search); this step holds
every line the interface answers, whichever search made it, to the
engine's positions.

:func:`tidy` plays the line on a copy of the game and keys each position it
passes through so that two positions equal up to a permutation of
interchangeable piles (:data:`PILES`) share a key; everything else (the
foundations, the stock, the talon, ...) is keyed exactly.  When a position's
key has been met before, the moves between the two are cut, and every later
move is renamed by the permutation that takes the one onto the other, so
the rest of the line plays as before.  A plain repeat, such as a run moved
away and straight back, is the case of no renaming.  One pass leaves no key
met twice, so no cut is left to make.

The tidied line is never longer than the line, plays from the game's
position to a position equal (up to that permutation) to where the line
ended, so to a win if the line won, and is the same every time.  When it
was cut it is played through once more before it is returned: were a
renamed rest ever refused, the plain repeats alone would be cut instead,
and failing that the line is returned as it was (the interface's replay
check, ``replay.py``, is the judge of either).

Which piles are interchangeable:

- The Smith: the columns, once the stock is empty (while it holds cards, a
  deal puts a given card on a given column);
- The Republic: a column together with its packet, the column's face-down
  cards, which turn up into it;
- The Prince: the columns (the reserve only ever gives cards away);
- Gaps and Chinese Puzzle: none (a shuffle or a redeal deals row by row,
  and Chinese Puzzle's ace options tie suits to rows): plain repeats only.
"""

from __future__ import annotations

from typing import Any

from ..errors import MoveError
from ..notation import Move
from .budget import Budget
from .replay import position_copy

#: per game, the lists of its position (DESIGN.md's format) whose items
#: ``i`` together make one interchangeable unit, each with the place letter
#: that names them in a move (``"columns"``: ``c3``)
PILES: dict[str, tuple[tuple[str, str], ...]] = {
    "smith": (("columns", "c"),),
    "republic": (("packets", "p"), ("columns", "c")),
    "prince": (("columns", "c"),),
}


def tidy(game: Any, moves: list[str], budget: Budget | None = None) -> list[str]:
    """``moves`` (from ``game``'s position) less the stretches that come
    back to a position already passed through, up to a permutation of
    interchangeable piles, the moves after each renamed to match.  ``game``
    is not changed.  A line the engine refuses is returned as it is, for
    the replay check to report.  ``budget``: polled between moves
    (:class:`~engine.solve.budget.OutOfBudget` on a cancel)."""
    moves = list(moves)
    poll = budget.poll if budget is not None else (lambda: None)
    for piles in (PILES.get(game.name, ()), ()):
        tidied = _cut(game, moves, piles, poll)
        if tidied is None:                      # nothing to cut, or the line is refused
            return moves
        if _plays_to(game, tidied.moves, tidied.end, piles, poll):
            return tidied.moves
        if not piles:
            break
    return moves


class _Tidied:
    """A tidied line and the key of the position it ends in."""

    def __init__(self, moves: list[str], end: tuple) -> None:
        self.moves = moves
        self.end = end


def _cut(game: Any, moves: list[str], piles: tuple[tuple[str, str], ...], poll) -> _Tidied | None:
    """One pass over ``moves``, cutting each return to a key already met
    (piles ``piles`` interchangeable): the tidied line, or None when
    nothing was cut or the engine refuses a move of ``moves``."""
    copy = position_copy(game)
    letters = {letter for _, letter in piles}
    position = copy.position()
    n = len(position[piles[0][0]]) if piles else 0
    rename = list(range(n))            # the line's pile i is the tidied line's pile rename[i]
    key, order = _key(game.name, position, piles, rename)
    keys, orders = [key], [order]      # of the tidied line's positions, before each of its moves
    seen = {key: 0}
    out: list[str] = []
    cut = renaming = False
    for text in moves:
        poll()
        try:
            copy.play(text)
        except MoveError:
            return None
        out.append(_renamed(text, rename, letters) if renaming else text)
        key, order = _key(game.name, copy.position(), piles, rename)
        back = seen.get(key)
        if back is None:
            seen[key] = len(out)
            keys.append(key)
            orders.append(order)
            continue
        for later in keys[back + 1:]:
            del seen[later]
        del keys[back + 1:], orders[back + 1:], out[back:]
        # the piles of the position reached, in key order, onto those of the
        # position met before, in the same order: equal units pair up
        onto = list(range(n))
        for now, before in zip(order, orders[back]):
            onto[now] = before
        rename = [onto[r] for r in rename]
        renaming = rename != list(range(n))
        cut = True
    return _Tidied(out, keys[-1]) if cut else None


def _key(name: str, position: dict[str, Any], piles: tuple[tuple[str, str], ...],
         rename: list[int]) -> tuple[tuple, list[int]]:
    """The key of ``position`` with its piles renamed by ``rename``, and the
    renamed piles in the order the key lists them (by index when they are
    not interchangeable now)."""
    names = [pile for pile, _ in piles]
    fixed = tuple((k, _frozen(v)) for k, v in sorted(position.items()) if k not in names)
    units: list[tuple] = [()] * len(rename)
    for i, unit in enumerate(zip(*(position[pile] for pile in names))):
        units[rename[i]] = tuple(map(tuple, unit))
    if _interchangeable(name, position) and piles:
        order = sorted(range(len(units)), key=units.__getitem__)
    else:
        order = list(range(len(units)))
    return (fixed, tuple(units[i] for i in order)), order


def _interchangeable(name: str, position: dict[str, Any]) -> bool:
    """Whether the piles of :data:`PILES` are interchangeable in ``position``."""
    if name == "smith":
        return not position["stock"]
    return name in PILES


def _frozen(value: Any) -> Any:
    """An item of a position, hashable: its lists (a pile, or a list of
    piles, the deepest the format goes) as tuples."""
    if isinstance(value, list):
        return tuple(tuple(x) if isinstance(x, list) else x for x in value)
    return value


def _renamed(text: str, rename: list[int], letters: set[str]) -> str:
    """Move ``text`` with the numbered places of ``letters`` renamed
    (``c3`` becomes ``c{rename[2] + 1}``)."""
    move = Move.parse(text)
    if move.word is not None:
        return text

    def place(p: str) -> str:
        if p[0] in letters and len(p) > 1:
            return f"{p[0]}{rename[int(p[1:]) - 1] + 1}"
        return p

    return str(Move(place(move.src), place(move.dst), move.count))


def _plays_to(game: Any, moves: list[str], end: tuple, piles: tuple[tuple[str, str], ...], poll) -> bool:
    """Whether ``moves`` play from ``game``'s position to a position of key ``end``."""
    copy = position_copy(game)
    for text in moves:
        poll()
        try:
            copy.play(text)
        except MoveError:
            return False
    position = copy.position()
    n = len(position[piles[0][0]]) if piles else 0
    return _key(game.name, position, piles, list(range(n)))[0] == end
