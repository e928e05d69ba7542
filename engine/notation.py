"""The move notation: one parser, one printer.

A move is ``FROM-TO`` with an optional ``:COUNT`` (``c3-c7:4``), or one of
the words ``redeal``, ``deal``, ``turn``, ``layoff``.  A place is a letter
and, for most places, a number: ``a0``..``h13`` in the grid games, ``c1``,
``p2``, ``r4``, ``f1`` or bare ``f``, ``s`` and ``t`` in the others.  Which
places exist is the game's business; this module knows only the shape.
"""

from __future__ import annotations

import re

WORDS = ("redeal", "deal", "turn", "layoff")
_PLACE = r"([a-z])(0|[1-9][0-9]?)?"
_MOVE = re.compile(rf"^{_PLACE}-{_PLACE}(?::([1-9][0-9]*))?$")


class Move:
    """A move, a small immutable value: ``Move.parse(text)``, ``str(move)``.

    ``src`` and ``dst`` are place names (``"c3"``), ``count`` the number of
    cards carried (1 unless written), ``word`` the keyword of a non-card
    move (``"redeal"``), in which case ``src`` and ``dst`` are ``None``."""

    __slots__ = ("src", "dst", "count", "word", "_text")

    def __init__(self, src: str | None = None, dst: str | None = None,
                 count: int = 1, word: str | None = None) -> None:
        self.src = src
        self.dst = dst
        self.count = count
        self.word = word
        if word is not None:
            self._text = word
        elif count == 1:
            self._text = f"{src}-{dst}"
        else:
            self._text = f"{src}-{dst}:{count}"

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move; raises ``ValueError`` (saying why) on bad syntax."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a move is text like 'c3-c7', not {text!r}")
        t = text.strip().lower()
        if t in WORDS:
            return cls(word=t)
        m = _MOVE.match(t)
        if m is None:
            t2 = re.sub(r"(?<=[a-z])0+(?=[0-9])", "", t)  # forgive leading zeros: c03
            m = _MOVE.match(t2)
        if m is None:
            raise ValueError(
                f"{text!r} is not a move: write FROM-TO like 'c3-c7' or 'b7-a3', "
                f"optionally ':N' for N cards, or one of {', '.join(WORDS)}")
        sl, sn, dl, dn, n = m.groups()
        return cls(sl + (sn or ""), dl + (dn or ""), int(n) if n else 1)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.parse({self._text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._text == other._text
        if isinstance(other, str):
            return self._text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)


def split_place(place: str) -> tuple[str, int | None]:
    """``"c12"`` -> ``("c", 12)``; ``"f"`` -> ``("f", None)``."""
    return place[0], (int(place[1:]) if len(place) > 1 else None)
