"""The compact model of a Gaps or Chinese Puzzle position for the search
(``grid_search.py``): the cells as a bytearray and the tables a search
keeps up to date move by move, and the two games' move generators.

``s[i]`` is 0 for a gap and card + 1 for a card, so the next card of a
suit is still ``v + 4`` and a king is ``v >= 49``.  Beside it: where each
card lies (``pos_a``, and ``pos_b`` for Chinese Puzzle's second copy), the
list of gaps, and the locked length of each row (cards in proper place).
A move is an int, ``score << 14 | src << 7 | gap``, so a node's moves sort
as plain ints; a generator returns them best last (the search pops them),
or a single safe move.

The moves.  Gaps: a gap takes the card after its left neighbour, a gap in
column 1 any 2, also a 2 from column 1 of another row (docs/rules.md, "Gaps"), so in
Gaps proper place locks nothing: a 2 may leave column 1 and the cards of
its run follow it one by one.  Chinese Puzzle: a card in final position
never moves (docs/rules.md, "Chinese Puzzle").  ``Grid.legal`` lists the rules' moves plainly,
unordered and unpruned: the generators are tested against it and it
against the engine.

Every pruning a generator makes is proved in its docstring.
"""

from __future__ import annotations

from collections.abc import Callable

from ..grid import GridGame

KING_V = 49          # a cell value >= this is a king (card 48..51, plus one)
#: the default tie-break among equal moves: by card value (higher cards first), then one per cell (none)
RANK_TIE = [v >> 2 for v in range(53)] + [0] * 128


class Grid:
    """The compact state of a Gaps or Chinese Puzzle position, with the
    tables a search needs.  ``s[i]`` is 0 for a gap, card + 1 otherwise."""

    def __init__(self, game) -> None:
        name = game.name
        if not isinstance(game, GridGame):
            raise ValueError(f"the grid solver plays the grid games (engine/grid.py), not {name!r}")
        self.name = name
        self.gaps_game = name == "gaps"
        self.R, self.W = game.ROWS, game.WIDTH
        self.N = self.R * self.W
        self.places = game.PLACES
        self.target = game.CARDS_IN_PLAY
        # values of the base cards (a 2 in Gaps, an ace in Chinese Puzzle)
        self.base_lo = 1 + 4 * (game.BASE_RANK - 1)
        self.aces_rule = game.options.get("aces", "free") if not self.gaps_game else "free"
        self.s = bytearray(0 if c is None else c + 1 for c in game.cells)
        W = self.W
        self.col = [i % W for i in range(self.N)]
        self.row = [i // W for i in range(self.N)]
        # where each card value lies: pos_a (first copy), pos_b (second or -1)
        self.pos_a = [-1] * 53
        self.pos_b = [-1] * 53
        for i, v in enumerate(self.s):
            if v:
                if self.pos_a[v] < 0:
                    self.pos_a[v] = i
                else:
                    self.pos_b[v] = i
        self.gaps = [i for i, v in enumerate(self.s) if not v]
        self.L = [self.locked_length(r) for r in range(self.R)]

    def locked_length(self, r: int) -> int:
        s, W = self.s, self.W
        b = r * W
        first = s[b]
        if not (self.base_lo <= first < self.base_lo + 4):
            return 0
        n = 1
        while n < W and s[b + n] == first + 4 * n:
            n += 1
        return n

    def move_text(self, p: int, g: int) -> str:
        return f"{self.places[p]}-{self.places[g]}"

    # ------------------------------------------------- plain move list
    def legal(self) -> list[tuple[int, int]]:
        """Every card move ``(src, gap)`` by the engine's rules, unordered
        and unpruned: what the search's generators are tested against."""
        s, col, row, L = self.s, self.col, self.row, self.L
        out = []
        for g in self.gaps:
            if col[g] == 0:
                for v in self.base_values(row[g]):
                    for p in (self.pos_a[v], self.pos_b[v]):
                        # Gaps: any 2, also one in column 1 of another row;
                        # Chinese Puzzle: an ace in the ace column is locked
                        if p >= 0 and (self.gaps_game or col[p] != 0):
                            out.append((p, g))
                continue
            left = s[g - 1]
            if not left or left >= KING_V:
                continue
            v = left + 4
            for p in (self.pos_a[v], self.pos_b[v]):
                if p >= 0 and col[p] >= L[row[p]]:
                    out.append((p, g))
        return out

    def base_values(self, r: int) -> list[int]:
        """The base cards (as values) that may start row ``r``."""
        lo = self.base_lo
        rule = self.aces_rule
        if rule == "free":
            return [lo, lo + 1, lo + 2, lo + 3]
        if rule == "bridge-order":
            return [lo + r % 4]
        # suits-in-four: row r repeats row r+4's suit; a suit that starts a
        # row of another pair is not allowed
        s, W = self.s, self.W
        partner = s[((r + 4) % 8) * W]
        used = {s[o * W] for o in range(8) if o % 4 != r % 4 and s[o * W]}
        return [v for v in range(lo, lo + 4) if (not partner or v == partner) and v not in used]

    def locked(self) -> int:
        return sum(self.L)


def gaps_moves(st: Grid, tie: list[int] | None = None) -> Callable[[], list[int]]:
    """The move generator of Gaps: moves in search order (best last, as the
    search pops them), or a single safe move.  ``tie`` ranks moves
    otherwise equal: ``tie[v] + tie[53 + p]`` for card value ``v`` leaving
    cell ``p``, each below 8 or the sum below 16 (default
    ``RANK_TIE``: higher cards first).

    Settled.  Once every 2 lies in column 1, no 2 ever moves again (a 2
    moves only into a column-1 gap, and a column-1 cell empties only when
    its card, a 2, leaves), so every card in proper place stays where it is
    for good: its lower card is on its left for good, and the only gap it
    could go to is the one it fills.  Before that, a run in proper place
    may leave its row (its 2 moves to another row's column 1, the cards
    after it follow one by one), so the two arguments below hold only in a
    settled position.  (The rule before this one locked a 2 in column 1;
    its "last loose 2 is safe" move is gone: the 2s in column 1 may fill
    that gap too.)

    Safe move (proof, settled).  Let ``g`` be row r's first unlocked cell, a
    gap, and ``c`` the card after the locked card on its left (one deck: one
    such card).  Then ``c`` can never go anywhere but ``g`` (it follows only
    its lower card, locked at ``g - 1`` for good), and a win needs it
    there (row r is its suit's row for good).  Let P be the position,
    ``c`` at ``p``, and P' = P after ``p -> g``.  Take any winning line from
    P: it is S1, ``p -> g``, S2, where S1 leaves ``c`` at ``p`` and ``g``
    empty.  Every move of S1 is legal from P' and reaches the same cells
    except ``p`` and ``g``, provided no move of S1 depends on those two
    cells: none fills ``g`` or the cell right of it (a gap's right
    neighbour takes nothing); none fills ``p``; no 2 moves; the only move
    whose legality could read ``p`` is the card after ``c`` going into
    ``p + 1``.  So S1 then S2 wins from P' when that move cannot happen:
    when ``c`` is a king (nothing follows it), when ``p`` is in column 13
    (the next cell starts another row, and column 1 takes only 2s), or when
    ``c + 4`` already lies at ``p + 1`` (it can go only right of ``c``,
    where it already is, so it never moves in S1).  The move may also lock
    cards after ``g`` (``c + 4``, ``c + 8``, ... lying at ``g + 1``, ...):
    those never move in S1 either, since ``c + 4`` moves only to ``p + 1``
    and each card after it only right of its lower card, which stays put.
    Conversely any win from P' is one from P.  Unconditionally the move is
    NOT safe: the card after ``c`` may need the cell right of ``c`` first
    (``tests/test_solve_grid.py`` has such a position).

    Blocked row (proof, settled): row r's first unlocked cell holds
    ``c + 4``, where ``c`` is the card it needs, and ``c`` lies in column
    13.  ``c`` can go only into that cell (as above), which ``c + 4``
    holds; ``c + 4`` can go only right of ``c``, and nothing is right of
    column 13, so it can leave only after ``c`` has moved.  Neither ever
    moves, the row is never completed: the position is lost, and it gets
    no moves.
    """
    s, col, row, L, gaps = st.s, st.col, st.row, st.L, st.gaps
    pos = st.pos_a
    last = st.W - 1
    twos = (5, 6, 7, 8)
    tie = tie or RANK_TIE
    rbase = [r * st.W for r in range(st.R)]

    def gen() -> list[int]:
        settled = not (col[pos[5]] or col[pos[6]] or col[pos[7]] or col[pos[8]])
        if settled:
            # every 2 in column 1: proper place is for good now (see above)
            for b in rbase:
                k = L[b // 13]
                if k < last:
                    c = s[b + k - 1] + 4
                    if s[b + k] == c + 4 and col[pos[c]] == last:
                        return []      # a blocked row: lost
        out = []
        for g in gaps:
            if col[g] == 0:
                for v in twos:
                    p = pos[v]
                    if col[p] == 0:
                        # a 2 from column 1 of another row: its row's run
                        # goes out of place; last, unless this row's run is longer
                        b, k = g, 1
                        while k < last and s[b + k] == v + 4 * k:
                            k += 1
                        if k <= L[row[p]]:
                            sc = 0
                        else:
                            sc = 128
                    else:
                        sc = score(s, col, row, L, p, g, 128, tie) - tie[v] - tie[53 + p]
                    out.append((sc + tie[v] + tie[53 + p]) << 14 | p << 7 | g)
                continue
            left = s[g - 1]
            if not left or left >= KING_V:
                continue
            v = left + 4
            p = pos[v]
            cp = col[p]
            # the order of _score, inline
            if cp == 0:
                sc = 32
            else:
                lp = s[p - 1]
                if not lp or lp >= KING_V:
                    sc = 0
                elif cp == L[row[p]]:
                    sc = 48
                else:
                    sc = 16
            if col[g] == L[row[g]]:
                if settled and (v >= KING_V or cp == last or s[p + 1] == v + 4):
                    return [p << 7 | g]
                sc += 128
            if col[g] != last and s[g + 1] == v + 4:
                sc += 64
            out.append((sc + tie[v] + tie[53 + p]) << 14 | p << 7 | g)
        if len(out) > 1:
            out.sort()
        return out

    return gen


def score(s: bytearray, col: list[int], row: list[int], L: list[int], p: int, g: int, lock: int,
           tie: list[int]) -> int:
    """Search order (higher first): a move that locks a card (``lock`` is
    128 for those), then one whose card already has the next card of its
    suit on the far side of the gap, then by the gap it leaves (a row's
    first unlocked cell; column 1; an ordinary cell; a dead one, right of a
    king or of a gap), then higher cards first."""
    cp = col[p]
    v = s[p]
    if cp == 0:
        lead = 32
    else:
        left = s[p - 1]
        if not left or left >= KING_V:
            lead = 0
        elif cp == L[row[p]]:
            lead = 48
        else:
            lead = 16
    if g + 1 < len(s) and col[g + 1] and s[g + 1] == v + 4:
        lead += 64
    return lock + lead + tie[v] + tie[53 + p]


def cp_moves(st: Grid, tie: list[int] | None = None) -> Callable[[], list[int]]:
    """The move generator of Chinese Puzzle (best last, or one safe move).

    Safe move (proof, as for Gaps in :func:`gaps_moves`).  Let ``g`` be row
    r's first unlocked cell after its ace, a gap, ``c`` the card after the
    locked card left of it, one copy of ``c`` loose at ``p`` and the other
    copy locked.  A locked ``c`` has a locked ``c - 4`` on its left, so
    both copies of ``c - 4`` are locked, and the loose ``c`` can only ever
    go to ``g``; only it can fill ``g``.  The exchange argument holds when
    no move before ``c`` reaches ``g`` reads the cells ``p`` or ``g``:
    when ``c`` is a king (nothing follows it), or when ``p`` is in the last
    column (the next cell is an ace column) and the move locks ``g`` alone
    (a copy of ``c + 4`` at ``g + 1`` could otherwise have moved away).
    """
    s, col, row, L, gaps = st.s, st.col, st.row, st.L, st.gaps
    pos_a, pos_b = st.pos_a, st.pos_b
    W = st.W
    last = W - 1
    base_values = st.base_values
    tie = tie or RANK_TIE

    def gen() -> list[int]:
        out = []
        for g in gaps:
            cg = col[g]
            if cg == 0:
                for v in base_values(row[g]):
                    for p in (pos_a[v], pos_b[v]):
                        if col[p]:
                            out.append(score(s, col, row, L, p, g, 128, tie) << 14 | p << 7 | g)
                continue
            left = s[g - 1]
            if not left or left >= KING_V:
                continue
            v = left + 4
            pa, pb = pos_a[v], pos_b[v]
            a_free = col[pa] >= L[row[pa]]
            b_free = col[pb] >= L[row[pb]]
            lock = 128 if cg == L[row[g]] else 0
            for p, free, other_free in ((pa, a_free, b_free), (pb, b_free, a_free)):
                if not free:
                    continue
                if lock and not other_free and (
                        v >= KING_V or (col[p] == last and s[g + 1] != v + 4)):
                    return [p << 7 | g]
                out.append(score(s, col, row, L, p, g, lock, tie) << 14 | p << 7 | g)
        if len(out) > 1:
            out.sort()
        return out

    return gen

