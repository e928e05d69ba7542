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
#: longer text is no move (leading zeros forgiven); checked before any regex runs
_LONGEST = 40


class Move:
    """A move, a small immutable value: ``Move.parse(text)``, ``str(move)``.

    ``src`` and ``dst`` are place names (``"c3"``), ``count`` the number of
    cards carried (1 unless written), ``word`` the keyword of a non-card
    move (``"redeal"``), in which case ``src`` and ``dst`` are ``None``.
    Two moves are equal when they are written the same; a move is never
    equal to its text (compare ``str(move)`` for that)."""

    __slots__ = ("src", "dst", "count", "word", "_text", "_hash")

    src: str | None
    dst: str | None
    count: int
    word: str | None

    def __init__(self, src: str | None = None, dst: str | None = None,
                 count: int = 1, word: str | None = None) -> None:
        if word is not None:
            text = word
        elif count == 1:
            text = f"{src}-{dst}"
        else:
            text = f"{src}-{dst}:{count}"
        init = object.__setattr__
        init(self, "src", src)
        init(self, "dst", dst)
        init(self, "count", count)
        init(self, "word", word)
        init(self, "_text", text)
        init(self, "_hash", hash((Move, text)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move is immutable: build a new one instead of setting {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move is immutable: {name!r} cannot be deleted")

    def __reduce__(self):
        return (Move, (self.src, self.dst, self.count, self.word))

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move; raises ``ValueError`` (saying why) on bad syntax."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a move is text like 'c3-c7', not {type(text).__name__}")
        t = text.strip().lower()
        if t in WORDS:
            return cls(word=t)
        m = _MOVE.match(t) if len(t) <= _LONGEST else None
        if m is None and len(t) <= _LONGEST:
            t2 = re.sub(r"(?<=[a-z])0+(?=[0-9])", "", t)  # forgive leading zeros: c03
            m = _MOVE.match(t2)
        if m is None:
            shown = text if len(text) <= 20 else text[:17] + "..."
            raise ValueError(
                f"{shown!r} is not a move: write FROM-TO like 'c3-c7' or 'b7-a3', "
                f"optionally ':N' for N cards, or one of {', '.join(WORDS)}")
        sl, sn, dl, dn, n = m.groups()
        return cls(sl + (sn or ""), dl + (dn or ""), int(n) if n else 1)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        if self.word is not None:
            return f"Move(word={self.word!r})"
        if self.count == 1:
            return f"Move({self.src!r}, {self.dst!r})"
        return f"Move({self.src!r}, {self.dst!r}, {self.count!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash
