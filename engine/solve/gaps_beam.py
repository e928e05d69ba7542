"""Gaps: a beam search for wins, in attempts of growing width.

The exact search (``grid_search.py``) proves, but a depth-first search
finds a win late when its first choices were poor, and in Gaps, where a
2 may leave column 1 and its row's run follow it elsewhere, a deal has
far too many positions to see them all.  A beam finds most wins far
sooner: it keeps the ``width`` best positions of each ply
(:func:`value`), expands them all, and keeps the best of their children.
It never proves anything: a beam that ends without a win leaves the deal
unknown (the exact search goes on beside it in the race).

The value of a position, higher better: the cards in proper place (a
hundred each), the rows ready to take their next card at once (their
first unlocked cell is a gap: twenty each; an empty column 1 counts), the
live gaps (a gap right of a king or of another gap takes nothing: ten
each for the others), and a tie-break that is the same for a position
each time (its CRC, mixed with the attempt's salt, so that two attempts
of one width part ways).

Duplicates: a child met in its own ply or kept in the ply before is
dropped, and so is one whose bit is set in a bitmap of the positions the
attempt kept in any ply (by their CRC, ``SEEN_BITS`` bits a unit of
width; the previous ply's are also held exactly, as its keys).  A
card other than a 2 never goes back where it came from (it moves only
right of its lower card), so a position comes back only through 2s
changing rows (two plies for a swap) or runs moving between rows and
back: the bitmap cuts every such cycle.  Two positions may share a bit, so now and then a
child is dropped that was never kept: a beam claims nothing, so that only
costs it a position.  Without the bitmap, once the best positions of a
beam had all died out its plies went round in such cycles to the last
ply (a 5,000 beam on deal 13: its most cards in place 34 at ply 80, 23 or
24 from ply 90 to 250).

A beam gives up when its most cards in proper place have not grown for
``STALL`` plies: its front has died out, and what is left are the
positions it had valued least (on deals 13, 17, 19 and 30 no attempt that
won went so long without a new card in place; the ones that did not win
spent half their nodes past that point).

Memory: a kept position holds its cells (a 52-byte ``bytes``), its rows'
run lengths, its gaps and its line as a shared tail (the line before, the
last move); the set of a ply's children holds their keys:
``ENTRY_BYTES`` a child, about four children a kept position (a gap
takes one card, a column-1 gap one of four 2s), and the bitmap
at most ``SEEN_BITS / 4`` bytes a unit of width; ``max_bytes`` caps the width so
that a ply and the bitmap fit (``tests/test_gaps_beam.py`` measures it).
"""

from __future__ import annotations

from collections.abc import Iterator
from zlib import crc32

from .budget import Budget, OutOfBudget

W = 13
N = 52
KING_V = 49
TWOS = (5, 6, 7, 8)
COL = [i % W for i in range(N)]
ROW = [i // W for i in range(N)]
#: the plies a beam goes before it gives up (well past a won deal's line)
MAX_PLIES = 250
#: the widths of the attempts, in turn (each from the position again)
WIDTHS = (300, 1200, 5000, 20000, 80000, 320000)
#: a child of a ply: its cells, runs and gaps tuples, line tail, the
#: candidate's tuple and list slot (estimated from sys.getsizeof)
ENTRY_BYTES = 480
#: the value's weights: a card in proper place, a row ready, a live gap
LOCK, READY, LIVE = 100, 20, 10
#: plies without a new most cards in proper place before a beam gives up
STALL = 40
#: the bitmap of kept positions: bits a unit of width (a power of two at
#: least this many times the width; at most one bit in eight set when
#: every ply keeps its width to ``MAX_PLIES``)
SEEN_BITS = 8 * MAX_PLIES

Line = tuple  # () or (Line, move): a line shared by its children


def run_length(s: bytes | bytearray, r: int) -> int:
    """Row ``r``'s cards in proper place (its run from a 2 in column 1)."""
    b = r * W
    f = s[b]
    if not 5 <= f <= 8:
        return 0
    k = 1
    while k < W and s[b + k] == f + 4 * k:
        k += 1
    return k


def value(s: bytes | bytearray, runs: tuple[int, ...], gaps: tuple[int, ...]) -> int:
    """The beam's value of a position (module docstring), without the tie-break."""
    score = LOCK * (runs[0] + runs[1] + runs[2] + runs[3])
    for g in gaps:
        c = COL[g]
        if c == 0:
            score += READY + LIVE
            continue
        left = s[g - 1]
        if left and left < KING_V:
            score += LIVE
            if c == runs[ROW[g]]:
                score += READY
    return score


def attempt(cells: bytes, width: int, budget: Budget, salt: int = 0,
            slice_n: int = 1000, tables: list | None = None) -> Iterator[None]:
    """One beam of ``width`` from ``cells`` (0 a gap, card + 1 a card),
    yielding every ``slice_n`` children; returns the winning line as
    ``(src, gap)`` pairs, or ``None`` when the beam died out (no child
    left that is new) or went ``MAX_PLIES`` plies: that proves nothing.
    ``budget.tick()`` once a child; when the budget's ``OutOfBudget``
    comes, the beam's plies are handed to ``budget.keep`` (freeing them
    would keep the answer waiting) and it passes on.  ``tables``, when
    given, holds the current ply's containers meanwhile, for a caller
    whose own turn the budget may end in."""
    if tables is None:
        tables = []
    try:
        return (yield from _beam(cells, width, budget, salt, slice_n, tables))
    except OutOfBudget:
        budget.keep(*tables)
        raise


def _beam(cells: bytes, width: int, budget: Budget, salt: int, slice_n: int,
          tables: list) -> Iterator[None]:
    """:func:`attempt`'s search; ``tables`` holds its plies' containers."""
    runs0 = tuple(run_length(cells, r) for r in range(4))
    if sum(runs0) == 48:
        return []
    gaps0 = tuple(i for i in range(N) if not cells[i])
    layer = [(cells, runs0, gaps0, ())]
    old: set[bytes] = {cells}
    tick = budget.tick
    left = slice_n
    mask = 0xFFFF
    salt = (salt * 0x9E3779B1 >> 7) & mask     # spread: salts 1 and 2 differ in every bit's odds
    bits = 1 << max(3, (SEEN_BITS * width - 1).bit_length())
    seen = bytearray(bits >> 3)
    hmask = bits - 1
    h = crc32(cells) & hmask
    seen[h >> 3] |= 1 << (h & 7)
    best, best_ply = sum(runs0), 0
    for ply in range(MAX_PLIES):
        if not layer or ply - best_ply > STALL:
            break
        cands = []
        new: set[bytes] = set()
        tables[:] = [layer, cands, new, old]
        for s, runs, gaps, line in layer:
            for gi, g in enumerate(gaps):
                if COL[g] == 0:
                    sources = [s.index(v) for v in TWOS]
                else:
                    lv = s[g - 1]
                    if not lv or lv >= KING_V:
                        continue
                    sources = (s.index(lv + 4),)
                for p in sources:
                    tick()
                    left -= 1
                    if not left:
                        left = slice_n
                        yield
                    t = bytearray(s)
                    v = t[p]
                    t[g] = v
                    t[p] = 0
                    k = bytes(t)
                    if k in new or k in old:
                        continue
                    new.add(k)
                    rp, rg = ROW[p], ROW[g]
                    if COL[p] < runs[rp] or COL[g] == runs[rg]:
                        r2 = list(runs)
                        r2[rp] = run_length(k, rp)
                        r2[rg] = run_length(k, rg)
                        nr = tuple(r2)
                    else:
                        nr = runs
                    ng = gaps[:gi] + (p,) + gaps[gi + 1:]
                    step = (line, p << 7 | g)
                    locked = nr[0] + nr[1] + nr[2] + nr[3]
                    if locked == 48:
                        return _unwind(step)
                    h = crc32(k)
                    if seen[(h & hmask) >> 3] & (1 << (h & 7)):
                        continue
                    score = value(k, nr, ng) << 16 | ((h ^ salt) & mask)
                    cands.append((score, k, nr, ng, step))
        if len(cands) > width:
            cands.sort(key=_first, reverse=True)
            del cands[width:]
        most = 0
        for c in cands:
            h = crc32(c[1]) & hmask
            seen[h >> 3] |= 1 << (h & 7)
            runs = c[2]
            if runs[0] + runs[1] + runs[2] + runs[3] > most:
                most = runs[0] + runs[1] + runs[2] + runs[3]
        if most > best:
            best, best_ply = most, ply
        layer = [c[1:] for c in cands]
        old = {c[0] for c in layer}
    return None


def _first(c: tuple) -> int:
    return c[0]


def _unwind(line: Line) -> list[tuple[int, int]]:
    out = []
    while line:
        line, m = line
        out.append((m >> 7, m & 127))
    out.reverse()
    return out


def widths(max_bytes: int | None) -> list[int]:
    """The attempts' widths that fit ``max_bytes`` (a ply holds about four
    children a kept position); the first always."""
    if max_bytes is None:
        return list(WIDTHS)
    cap = max_bytes // (4 * ENTRY_BYTES + SEEN_BITS // 4)
    return [w for i, w in enumerate(WIDTHS) if i == 0 or w <= cap]
