"""The transposition table of the depth-first searches: the keys of the
positions already reached, bounded by an estimate of its memory.

When the bound is reached the table stops growing and the keys of the
current line alone are kept, apart (``line``), so a search stays sound and
finite: it may repeat work, never skip a position it has not examined, and
never go round in a circle.
"""

from __future__ import annotations

#: the default memory bound (keys and set slots, estimated)
DEFAULT_TABLE_BYTES = 256 * 1024 * 1024
#: a bytes object's header and its set slot, on CPython 64-bit
ENTRY_OVERHEAD = 110


class Table:
    """Keys reached (``seen``) while ``room`` (bytes) lasts; beyond it, keys
    of the current line only (``line``, which the search keeps up to date).
    The searches inline :meth:`enter` in their inner loops."""

    __slots__ = ("seen", "line", "room")

    def __init__(self, max_bytes: int) -> None:
        self.seen: set[bytes] = set()
        self.line: set[bytes] = set()
        self.room = max_bytes

    def enter(self, key: bytes) -> int:
        """0: reached before (skip it); 1: stored; 2: on the line only."""
        if key in self.seen or key in self.line:
            return 0
        if self.room > 0:
            self.seen.add(key)
            self.room -= len(key) + ENTRY_OVERHEAD
            return 1
        self.line.add(key)
        return 2
