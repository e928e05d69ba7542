"""The solver of Gaps and Chinese Puzzle: exhaustive search within the deal.

``solve_grid(game, budget)`` searches from the game's current position using
card moves only (never ``redeal``: a Gaps shuffle or a Chinese Puzzle redeal
is random, so the verdict is "winnable without another redeal").  It
returns a :class:`~engine.search.Result`:

- ``won``: ``moves`` is a line of engine moves (``"b7-a3"``) that reaches a
  won position from the current one; it is replayed on a copy of the game
  before it is returned.  A won game gives ``won`` with no moves.
- ``impossible``: a proof that no sequence of card moves wins this deal
  without a redeal; the table shows "not in this deal".
- ``unknown``: the budget ran out first.

``best_line(game, budget)`` is for hints: the same search, keeping the
shortest line it meets to the most locked cards (cards in proper place);
a winning line when it finds one.

The search
----------
An iterative depth-first search (no recursion) over a private copy of the
cells, moves made and unmade in place: ``s`` is a bytearray, 0 for a gap
and card + 1 for a card, so the next card of a suit is still ``v + 4`` and
a king is ``v >= 49``.  Beside it: where each card lies, the list of gaps,
and the locked length of each row (cards in proper place), all kept up to
date move by move; in Gaps a 2 that leaves column 1 takes its row's whole
run out of place.  A move is an int, ``score << 14 | src << 7 | gap``, so
a node's moves sort as plain ints.

The moves.  Gaps: a gap takes the card after its left neighbour, a gap in
column 1 any 2, also a 2 from column 1 of another row (RULES.md 1), so in
Gaps proper place locks nothing: a 2 may leave column 1 and the cards of
its run follow it one by one.  Chinese Puzzle: a card in final position
never moves (RULES.md 2).

Soundness.  ``impossible`` is reported only when the main search has
examined every position reachable by card moves, with three reductions
only, each proved here or where it is made:

1. A transposition table of the positions seen: a position is skipped only
   when it was expanded before or is on the current path (being
   expanded).  The key is the whole cell array (``bytes(s)``), so no two
   positions ever share a key.  In Chinese Puzzle the two copies of a card
   are the same integer, so positions that differ only by which copy lies
   where are one position.  When the table is full about half of it is
   dropped, never the root or a position on the current path: dropped
   positions may be searched again (slower), none is ever skipped
   unexpanded, and the path stays guarded against cycles.
2. Safe moves: a move that puts into a row's first unlocked cell the one
   card that can ever go there, under the conditions proved in
   ``_gaps_moves`` and ``_cp_moves``, is searched alone.  In Gaps this
   holds only once every 2 lies in column 1 (see there).  The plain rule
   "a move that locks a card is always safe" is false; the tests hold a
   position that shows it.
3. Gaps: a position with a blocked row (proved lost in ``_gaps_moves``) is
   given no moves.

The race.  The time a depth-first search takes to find a win depends a
great deal on its first choices (which row an ace or a 2 goes to, which
copy of a card moves): runs that differ only in how equal moves are
ordered take a thousand nodes on one deal and millions on another.  So
the main search (the order below) runs in turns with "probes": the same
search from the root with its own table, equal moves ranked at random (a
random rank for each card and one for each cell it leaves, which also
picks between the two copies of a Chinese Puzzle card; a seeded
generator: runs repeat), each cut off after its share of nodes
(10,000 or 5,000 for the first, then 1.3 or 1.5 times more each) and
replaced by the next.  Chinese Puzzle's probes are whole searches, so
whichever search finishes first decides, a win or a proof.  Gaps' probes
are narrowed: they move no 2 out of column 1 that heads a run of two or
more cards unless the run it starts is longer, and they take the safe
moves below even before every 2 is in column 1; so a Gaps probe that
ends without a win proves nothing (the next probe starts) and only the
main search proves.  Cutting a probe off loses nothing but the nodes it
used.  Gaps gives the probes three turns in four, Chinese Puzzle seven
in eight.

Move ordering (a heuristic for the order of the search, never to prune):
moves that lock a card first; then moves whose card already has its next
card on the far side of the gap; then by the gap a move leaves (a row's
first unlocked cell, column 1, an ordinary cell, last a dead one right
of a king or of a gap); then higher cards first (a probe: its random
ranks of the card and of the cell it leaves instead). ``_gaps_moves``
computes this order inline rather than calling ``_score``: Gaps makes a
move list at every position and the call, per move, costs more than the
few lines repeated (folded into a ``_score`` call, the whole search took
about 10% longer: Gaps deals 1, 4, 9 at 400,000 nodes, six runs each);
Chinese Puzzle, with two copies and ace moves, calls ``_score``.

Tried and left out:

- Row symmetry in the table's key (rows sorted; suits relabelled): sound,
  since every rule and the win are the same for any order of rows and
  names of suits (Chinese Puzzle's "aces" options keep only some), but
  positions that are row permutations of each other hardly ever meet.
- A general dead-position test: free, by value, every card that might
  ever move (the card after a gap's left neighbour; a card whose lower
  card may move; a 2 while a column-1 cell may empty); a card never freed
  stays where it is, and the deal is lost when such a card is not where
  the won layout needs it.  Sound, but it finds a lost position only when
  almost everything is frozen, and each node costs several times more
  (bench/solver.py measured it; the blocked row is its cheap, early case).
- Partial-order reduction (stubborn sets: the won layout is a deadlock,
  so a reduced search keeps it): the sets a Gaps position needs take in
  almost every card (a card waits on its lower card, which waits on its
  own, down to the 2s, which wait on every column-1 card), so nothing is
  left out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from zlib import crc32

from .search import Budget, OutOfBudget, Result

KING_V = 49          # a cell value >= this is a king (card 48..51, plus one)
TABLE_BYTES = 256 << 20   # the transposition table's default size (about)
#: the default tie-break among equal moves: by card value (higher cards first), then one per cell (none)
RANK_TIE = [v >> 2 for v in range(53)] + [0] * 128
PROBE_SEED = 1             # the probes' random tie-breaks (fixed: runs repeat)
SLICE = 1000               # nodes a turn
#: game -> (turns of the main search, turns of the probes, nodes of the
#: first probe, growth from one probe to the next, all the probes' nodes)
RACE = {"gaps": (1, 3, 10_000, 1.3, 1 << 62),
        "chinese-puzzle": (1, 7, 5_000, 1.5, 1 << 62)}
ENTRY_OVERHEAD = 78       # bytes a position takes beyond its key (object, set slot)


class _Grid:
    """The compact state of a Gaps or Chinese Puzzle position, with the
    tables a search needs.  ``s[i]`` is 0 for a gap, card + 1 otherwise."""

    def __init__(self, game) -> None:
        name = game.name
        if name not in ("gaps", "chinese-puzzle"):
            raise ValueError(f"solve_grid plays Gaps and Chinese Puzzle, not {name!r}")
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


# ---------------------------------------------------------------- search
def solve_grid(game, budget: Budget, max_states: int | None = None) -> Result:
    """Search Gaps or Chinese Puzzle from ``game``'s current position.

    ``won``: ``moves`` (engine notation) win from here by card moves alone;
    ``impossible``: proved that no sequence of card moves wins this deal
    without a redeal (the table shows "not in this deal"); ``unknown``: the
    budget ran out.  ``game`` is never changed.  ``max_states`` bounds the
    transposition tables (default: about 256 MB, two million Gaps positions
    or 1.4 million of Chinese Puzzle; see :func:`_race` for how the main
    search and the probes share it)."""
    st = _Grid(game)
    if max_states is None:
        max_states = TABLE_BYTES // (st.N + ENTRY_OVERHEAD)
    if st.locked() == st.target:
        return budget.result("won")
    try:
        line, st = _race(game, st, budget, max_states)
    except OutOfBudget:
        return budget.result("unknown")
    if line is None:
        return budget.result("impossible")
    moves = [st.move_text(p, g) for p, g in line]
    if not _wins(game, moves):    # never claim a win the engine does not see
        return budget.result("unknown")
    return budget.result("won", moves)


def _race(game, st: _Grid, budget: Budget, max_states: int) -> tuple[list[tuple[int, int]] | None, _Grid]:
    """The main search (default order) and a series of probes (the same
    search, cards ranked at random among equals, each stopped after its
    share of nodes, the next one given more), run in turns of ``SLICE``
    nodes as ``RACE`` says for the game: so many turns of the main search,
    then so many of the current probe, until the probes have used their
    share of all nodes; then the main search alone.  The first search to
    finish decides: a line (a win) or ``None`` (every position seen: a
    proof, from a probe as from the main search, since a probe is the whole
    search with its moves in another order).  Returns that, with the grid
    it was found on.

    Memory: when the probes may see as many positions as ``max_states``
    (Chinese Puzzle), the main search and the current probe get half of it
    each; otherwise (Gaps) the main search keeps all of it and a probe's
    table stays below the probes' share of nodes (500,000 positions).  A
    probe cut off is dropped with its table."""
    slice_n = SLICE
    main_turns, probe_turns, cap, growth, probe_nodes = RACE[st.name]
    if probe_nodes >= max_states:
        max_states = probe_states = max(1, max_states // 2)
    else:
        probe_states = max_states
    main = _search(st, budget, max_states, slice_n=slice_n)
    rng = random.Random(PROBE_SEED)
    probe = None
    probe_st = st
    probe_left = 0
    while True:
        for _ in range(main_turns if probe_nodes > 0 else max(main_turns, 1)):
            try:
                next(main)
            except StopIteration as done:
                return done.value, st
        for _ in range(probe_turns if probe_nodes > 0 else 0):
            if probe is None or probe_left <= 0:
                probe_st = _Grid(game)
                tie = [rng.randrange(8) for _ in range(53)] + [rng.randrange(8) for _ in range(128)]
                probe = None          # the last one's table goes first
                probe = _search(probe_st, budget, probe_states, tie=tie, slice_n=slice_n,
                                narrow=st.gaps_game)
                probe_left = cap
                cap = int(cap * growth)
            try:
                next(probe)
            except StopIteration as done:
                if done.value is not None or not st.gaps_game:
                    return done.value, probe_st
                # a narrow probe saw its whole (narrow) space without a win:
                # that proves nothing, and every other probe would see the
                # same space (the narrow moves depend on the position
                # alone), so the main search goes on alone
                probe = None
                probe_nodes = 0
                break
            probe_left -= slice_n
            probe_nodes -= slice_n
            if probe_nodes <= 0:      # the probes' share is spent: the main search alone
                probe = None
                break


def _wins(game, moves: list[str]) -> bool:
    """Whether ``moves`` replayed on a copy of ``game`` win it."""
    from . import from_dict
    from .errors import IllegalMove
    copy = from_dict(game.to_dict())
    try:
        for m in moves:
            copy.play(m)
    except IllegalMove:
        return False
    return copy.won


def _dfs(st: _Grid, budget: Budget, max_states: int,
         best: list[tuple[int, int]] | None = None) -> list[tuple[int, int]] | None:
    """:func:`_search` run to its end."""
    search = _search(st, budget, max_states, best, slice_n=1 << 62)
    while True:
        try:
            next(search)
        except StopIteration as done:
            return done.value


def _search(st: _Grid, budget: Budget, max_states: int,
            best: list[tuple[int, int]] | None = None, tie: list[int] | None = None,
            slice_n: int = SLICE, narrow: bool = False) -> Iterator[None]:
    """Depth-first search; the winning line as ``(src, gap)`` pairs, or
    ``None`` when every reachable position has been seen (a proof).
    ``best``, when given, is kept (also when the budget runs out) as the
    shortest line found to the most locked cards."""
    s, col, row, L, gaps = st.s, st.col, st.row, st.L, st.gaps
    pos_a, pos_b = st.pos_a, st.pos_b
    W, target = st.W, st.target
    rbase = [r * W for r in range(st.R)]
    gen: Callable[[], list[int]] = _gaps_moves(st, tie, narrow) if st.gaps_game else _cp_moves(st, tie)
    tick = budget.tick
    left = slice_n
    seen: set[bytes] = set()
    root = bytes(s)
    seen.add(root)
    nl = best_nl = sum(L)
    prunes = 0
    stack = [gen()]
    path: list[tuple[int, int, int, int, int, bytes]] = []
    while stack:
        moves = stack[-1]
        if not moves:
            stack.pop()
            if not path:
                break
            p, g, old, oldp, nl, _ = path.pop()
            v = s[g]
            s[p] = v
            s[g] = 0
            if pos_a[v] == g:
                pos_a[v] = p
            else:
                pos_b[v] = p
            gaps[gaps.index(p)] = g
            L[row[g]] = old
            L[row[p]] = oldp
            continue
        m = moves.pop()
        p = (m >> 7) & 127
        g = m & 127
        tick()
        left -= 1
        if not left:
            left = slice_n
            yield
        v = s[p]
        s[g] = v
        s[p] = 0
        if pos_a[v] == p:
            pos_a[v] = g
        else:
            pos_b[v] = g
        gaps[gaps.index(g)] = p
        nl0 = nl
        rp = row[p]
        oldp = L[rp]
        if col[p] < oldp:
            # Gaps: a 2 leaves column 1, and its row's run is out of place
            L[rp] = 0
            nl -= oldp
        r = row[g]
        old = L[r]
        if col[g] == old:
            b = rbase[r]
            k = old + 1
            while k < W and s[b + k] == s[b + k - 1] + 4:
                k += 1
            L[r] = k
            nl += k - old
            if best is not None and nl >= best_nl and (nl > best_nl or len(path) + 1 < len(best)):
                best_nl = nl
                best[:] = [(e[0], e[1]) for e in path]
                best.append((p, g))
        key = bytes(s)
        n = len(seen)
        seen.add(key)
        if len(seen) == n:
            # seen before: unmake
            s[p] = v
            s[g] = 0
            if pos_a[v] == g:
                pos_a[v] = p
            else:
                pos_b[v] = p
            gaps[gaps.index(p)] = g
            L[r] = old
            L[rp] = oldp
            nl = nl0
            continue
        path.append((p, g, old, oldp, nl0, key))
        if nl == target:
            return [(e[0], e[1]) for e in path]
        if n >= max_states:
            # full: forget about half the positions, by one bit of their
            # CRC (another bit each time; a CRC, not hash(), so that runs repeat), but never the root or the path:
            # the search stays complete and guarded against cycles
            bit = 1 << (prunes % 24)
            prunes += 1
            seen = {k for k in seen if crc32(k) & bit}
            seen.add(root)
            seen.update(e[5] for e in path)
        stack.append(gen())
    return None


# ---------------------------------------------------------------- moves
def _gaps_moves(st: _Grid, tie: list[int] | None = None, narrow: bool = False) -> Callable[[], list[int]]:
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

    ``narrow`` (the probes, for wins only): no 2 leaves the head of a run of
    two or more cards for a column-1 gap where its run would not be
    longer, and the safe moves are taken even before the position is
    settled.  Such a search may miss a win, so it never proves anything.
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
                            if narrow and L[row[p]] > 1:
                                continue      # a narrow probe breaks no run
                            sc = 0
                        else:
                            sc = 128
                    else:
                        sc = _score(s, col, row, L, p, g, 128, tie) - tie[v] - tie[53 + p]
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
                if (settled or narrow) and (v >= KING_V or cp == last or s[p + 1] == v + 4):
                    return [p << 7 | g]
                sc += 128
            if col[g] != last and s[g + 1] == v + 4:
                sc += 64
            out.append((sc + tie[v] + tie[53 + p]) << 14 | p << 7 | g)
        if len(out) > 1:
            out.sort()
        return out

    return gen


def _score(s: bytearray, col: list[int], row: list[int], L: list[int], p: int, g: int, lock: int,
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


def _cp_moves(st: _Grid, tie: list[int] | None = None) -> Callable[[], list[int]]:
    """The move generator of Chinese Puzzle (best last, or one safe move).

    Safe move (proof, as for Gaps in :func:`_gaps_moves`).  Let ``g`` be row
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
                            out.append(_score(s, col, row, L, p, g, 128, tie) << 14 | p << 7 | g)
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
                out.append(_score(s, col, row, L, p, g, lock, tie) << 14 | p << 7 | g)
        if len(out) > 1:
            out.sort()
        return out

    return gen


# ---------------------------------------------------------------- hints
def best_line(game, budget: Budget, max_states: int | None = None) -> list[str]:
    """For hints: a line of card moves from ``game``'s position to the most
    locked cards (cards in proper place) the search reaches within
    ``budget``, the shortest such line it met; a winning line when it finds
    one; ``[]`` when no line gains a locked card.  ``game`` is never
    changed.  The search is :func:`solve_grid`'s, which dives along moves
    that lock cards first."""
    st = _Grid(game)
    if max_states is None:
        max_states = TABLE_BYTES // (st.N + ENTRY_OVERHEAD)
    best: list[tuple[int, int]] = []
    try:
        line = _dfs(st, budget, max_states, best)
    except OutOfBudget:
        line = None
    if line is None:
        line = best
    return [st.move_text(p, g) for p, g in line]
