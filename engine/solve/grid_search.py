"""The search of Gaps and Chinese Puzzle: exhaustive within the deal.

:func:`run` searches from a game's position using card moves only (never
a shuffle or redeal: they are random, so the verdict is "winnable without
another") and answers ``(Status, moves)``: WON with a line of engine moves
that wins, IMPOSSIBLE (every position reachable by card moves was seen, up
to the reductions below), or UNKNOWN is never returned: the budget raises
:class:`~engine.solve.budget.OutOfBudget` through it.  :func:`best_line`
(hints, the Demo) keeps the shortest line the search meets to the most
locked cards.  The model and the move generators are ``grid_model.py``.

The search
----------
An iterative depth-first search (no recursion) over a private copy of the
cells, moves made and unmade in place (``grid_model.Grid``).  In Gaps a 2
that leaves column 1 takes its row's whole run out of place.

Soundness.  IMPOSSIBLE is answered only when a search that prunes nothing
but what is proved here, or in ``grid_model`` where it is made, has seen
every position it can reach:

1. A transposition table of the positions seen: a position is skipped only
   when it was expanded before or is on the current path (being
   expanded).  The key is the whole cell array (``bytes(s)``), so no two
   positions ever share a key.  In Chinese Puzzle the two copies of a card
   are the same integer, so positions that differ only by which copy lies
   where are one position.  When the table holds ``max_states`` keys about
   half of it is dropped (by one bit of each key's CRC, a new bit each
   time), never the root or a position on the current path: dropped
   positions may be searched again (slower), none is ever skipped
   unexpanded, and the path stays guarded against cycles, so the search
   stays exact and finite.  Memory: a key is a 52-byte (Gaps) or 112-byte
   (Chinese Puzzle) ``bytes`` object, 33 bytes of header, and a set slot
   of 16 bytes at a load of a third to two thirds: about 130 bytes a Gaps
   position, 190 a Chinese Puzzle one (``ENTRY_OVERHEAD`` beyond the key).
2. Safe moves (``grid_model.gaps_moves``, ``grid_model.cp_moves``): a move
   that puts into a row's first unlocked cell the one card that can ever
   go there, under the conditions proved there, is searched alone.
3. Gaps: a position with a blocked row (proved lost in ``gaps_moves``) is
   given no moves.

The race.  The time a depth-first search takes to find a win depends a
great deal on its first choices (which row an ace or a 2 goes to, which
copy of a card moves): runs that differ only in how equal moves are
ordered take few nodes on one deal and very many on another.  So
the main search (the default order) runs in turns, ``SLICE`` nodes a
turn, with searches that find wins sooner, and the first to finish
decides.  Chinese Puzzle: "probes", the same search from the root with
its own table, equal moves ranked at random (a random rank for each card
and one for each cell it leaves, which also picks between the two copies
of a card; a seeded generator: runs repeat), each cut off after its
share of nodes (``RACE``: so many for the first, then so many times more
each) and replaced by the next; a probe is a whole search, so it proves
as well as it wins.  Gaps: beams of growing width (``gaps_beam.py``,
``BEAM_TURNS``), which claim wins only (a beam's line is a line of legal
moves to a won position; a beam that ends without one proves nothing),
so in Gaps the main search alone proves.  Cutting a probe or a beam off
loses nothing but the nodes it used.

Move ordering (a heuristic for the order of the search, never to prune):
moves that lock a card first; then moves whose card already has its next
card on the far side of the gap; then by the gap a move leaves (a row's
first unlocked cell, column 1, an ordinary cell, last a dead one right of
a king or of a gap); then higher cards first (a Chinese Puzzle probe: its random ranks).

A cancelled or spent search hands its tables to ``Budget.keep`` before
the budget's exception passes on, so the answer does not wait while
millions of keys are freed.

Tried and left out (measured with ``bench/solver.py``):

- Row symmetry in the table's key (rows sorted; suits relabelled): sound,
  since every rule and the win are the same for any order of rows and
  names of suits (Chinese Puzzle's "aces" options keep only some), but
  positions that are row permutations of each other hardly ever meet.
- A general dead-position test (the cards that can ever move, an
  over-approximation closed under "the card after a movable card" and "the
  card whose place holds a movable card"; every other card must already be
  where the won layout needs it): sound, and it proves lost a good share
  of the positions an unpruned search reaches, but run every few plies it
  cut almost no nodes from the exhaustive searches of small positions, and
  it slowed the search by more than it saved.
- Partial-order reduction (stubborn sets: the won layout is a deadlock,
  so a reduced search keeps it).  Before the 2s are settled the sets take
  in almost every card (a card waits on its lower card, which waits on its
  own, down to the 2s, which wait on every column-1 card).  Once they are
  settled the sets close at the locked cards, and the search expanded only
  some of the moves in many positions; on small positions it saved nodes,
  but each node cost more in Python than it saved.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any
from zlib import crc32

from . import gaps_beam
from .budget import Budget, OutOfBudget, fit_tables
from .grid_model import Grid, cp_moves, gaps_moves
from .result import Status

#: the transposition tables' default memory (keys and set slots, estimated)
TABLE_BYTES = 256 << 20
#: bytes a position takes beyond its key (bytes header, set slot)
ENTRY_OVERHEAD = 78
PROBE_SEED = 1             # the probes' random tie-breaks (fixed: runs repeat)
SLICE = 1000               # nodes a turn
#: Chinese Puzzle's race: (turns of the main search, turns of the probes,
#: nodes of the first probe, growth from one probe to the next, all the
#: probes' nodes)
RACE = (1, 7, 5_000, 1.5, 1 << 62)
#: Gaps: turns of the main search, turns of the current beam attempt
BEAM_TURNS = (1, 3)
#: Gaps: once the main search has had so many nodes, the beams get so many
#: turns to each of its turns (if they had fewer)
BEAM_LATE = (1_500_000, 7)

Line = list[tuple[int, int]]


def default_states(st: Grid, max_table_bytes: int | None) -> int:
    """The keys a table may hold within ``max_table_bytes`` (default ``TABLE_BYTES``)."""
    return max(1, (TABLE_BYTES if max_table_bytes is None else max_table_bytes) // (st.N + ENTRY_OVERHEAD))


def run(game: Any, budget: Budget, max_table_bytes: int | None = None) -> tuple[Status, list[str]]:
    """Search Gaps or Chinese Puzzle from ``game``'s position (the module
    docstring says how).  WON with a winning line, or IMPOSSIBLE; the
    budget's :class:`OutOfBudget` passes through.  ``game`` is not
    changed.  ``max_table_bytes`` bounds the transposition tables (the
    main search and the probes or beams share it: see :func:`_race`),
    cut to fit a budget that bounds the process's memory (``fit_tables``)."""
    st = Grid(game)
    if st.locked() == st.target:
        return Status.WON, []
    max_table_bytes = fit_tables(budget, TABLE_BYTES if max_table_bytes is None else max_table_bytes)
    line, st = _race(game, st, budget, default_states(st, max_table_bytes), max_table_bytes)
    if line is None:
        return Status.IMPOSSIBLE, []
    return Status.WON, [st.move_text(p, g) for p, g in line]


def best_line(game: Any, budget: Budget, max_table_bytes: int | None = None,
              avoid: tuple = (), avoid_keys: frozenset = frozenset()) -> list[str]:
    """For hints: a line of card moves from ``game``'s position to the most
    locked cards (cards in proper place) the search reaches within
    ``budget``, the shortest such line it met; a winning line when it finds
    one; ``[]`` when no line gains a locked card.  ``game`` is never
    changed.  The search is :func:`run`'s main search, which dives along
    moves that lock cards first.  ``avoid``: games at positions no line may
    pass through (the positions the game has already been through: a hint
    never leads back to one, ``advice.py``); they are entered in the
    search's table as seen before it starts.  ``avoid_keys``: the same, as
    the search's keys (the cells' bytes)."""
    st = Grid(game)
    best: Line = []
    tables: list = [None]
    max_table_bytes = fit_tables(budget, TABLE_BYTES if max_table_bytes is None else max_table_bytes)
    avoided = [bytes(Grid(g).s) for g in avoid] + list(avoid_keys)
    search = _search(st, budget, default_states(st, max_table_bytes), tables, best, slice_n=1 << 62,
                     avoid=avoided)
    line = None
    try:
        while True:
            next(search)
    except StopIteration as done:
        line = done.value
    except OutOfBudget:
        budget.keep(*[t for t in tables if t is not None])
    if line is None:
        line = best
    return [st.move_text(p, g) for p, g in line]


def _race(game: Any, st: Grid, budget: Budget, max_states: int,
          max_table_bytes: int | None = None) -> tuple[Line | None, Grid]:
    """The main search (default order) and, beside it in turns of ``SLICE``
    nodes, the searches that find wins sooner: Gaps' beams
    (:func:`_race_gaps`), Chinese Puzzle's probes (:func:`_race_probes`).
    The first search to finish decides: a line (a win) or ``None`` (every
    position seen: a proof).  Returns that, with the grid it was found on."""
    if st.gaps_game:
        return _race_gaps(st, budget, max_states, max_table_bytes)
    return _race_probes(game, st, budget, max_states)


def _race_gaps(st: Grid, budget: Budget, max_states: int,
               max_table_bytes: int | None) -> tuple[Line | None, Grid]:
    """Gaps: the main search (it alone proves) in turns with beam attempts
    of growing width (``gaps_beam``), ``BEAM_TURNS`` turns of each, the
    beams more (``BEAM_LATE``) once the main search has had its first
    nodes (the deals it proves lost, it proved in less: of deals 1-1000,
    the slowest of the 24 took 2.3 million nodes of the race, about 580,000
    of them the main search's; a 20,000 beam's win takes 5-7 million); the
    attempts' widths as ``gaps_beam.widths`` allows in half of the tables'
    memory, the last width again, with another salt, once they are spent.
    The main search keeps the other half."""
    main_turns, beam_turns = BEAM_TURNS
    late_nodes, late_turns = BEAM_LATE
    main_nodes = 0
    half = (TABLE_BYTES if max_table_bytes is None else max_table_bytes) // 2
    tables: list = [None]
    beam_tables: list = []          # the current beam's ply, kept if the budget ends in a main turn
    main = _search(st, budget, max(1, max_states // 2), tables, slice_n=SLICE)
    cells = bytes(st.s)
    widths = gaps_beam.widths(half)
    attempt = None
    n = 0
    try:
        while True:
            for _ in range(main_turns):
                try:
                    next(main)
                except StopIteration as done:
                    return done.value, st
            main_nodes += main_turns * SLICE
            if main_nodes >= late_nodes and beam_turns < late_turns * main_turns:
                beam_turns = late_turns * main_turns
            for _ in range(beam_turns):
                if attempt is None:
                    width = widths[min(n, len(widths) - 1)]
                    attempt = gaps_beam.attempt(cells, width, budget, salt=n, slice_n=SLICE,
                                                tables=beam_tables)
                    n += 1
                try:
                    next(attempt)
                except StopIteration as done:
                    attempt = None
                    if done.value is not None:
                        return done.value, st
    except OutOfBudget:
        budget.keep(*[t for t in tables if t is not None], *beam_tables)
        raise


def _race_probes(game: Any, st: Grid, budget: Budget, max_states: int) -> tuple[Line | None, Grid]:
    """Chinese Puzzle: the main search (default order) and a series of
    probes (the same search, cards ranked at random among equals, each
    stopped after its share of nodes, the next one given more), run in
    turns of ``SLICE`` nodes as ``RACE`` says: so many turns of the main
    search, then so many of the current probe, until the probes have used
    their share of all nodes; then the main search alone.  A probe is a
    whole search in another order: whichever finishes first decides, a
    win or a proof.

    Memory: when the probes may see as many positions as ``max_states``,
    the main search and the current probe get half of it each; otherwise
    the main search keeps all of it and a probe's table stays below the
    probes' share of nodes.  A probe cut off is dropped with its table."""
    slice_n = SLICE
    main_turns, probe_turns, cap, growth, probe_nodes = RACE
    if probe_nodes >= max_states:
        max_states = probe_states = max(1, max_states // 2)
    else:
        probe_states = max_states
    tables: list = [None, None]     # the main search's table, the current probe's
    main = _search(st, budget, max_states, tables, slice_n=slice_n)
    rng = random.Random(PROBE_SEED)
    probe = None
    probe_st = st
    probe_left = 0
    try:
        while True:
            for _ in range(main_turns if probe_nodes > 0 else max(main_turns, 1)):
                try:
                    next(main)
                except StopIteration as done:
                    return done.value, st
            for _ in range(probe_turns if probe_nodes > 0 else 0):
                if probe is None or probe_left <= 0:
                    probe_st = Grid(game)
                    tie = [rng.randrange(8) for _ in range(53)] + [rng.randrange(8) for _ in range(128)]
                    probe = None          # the last one's table goes first
                    probe = _search(probe_st, budget, probe_states, tables, tie=tie, slice_n=slice_n,
                                    slot=1)
                    probe_left = cap
                    cap = int(cap * growth)
                try:
                    next(probe)
                except StopIteration as done:
                    return done.value, probe_st
                probe_left -= slice_n
                probe_nodes -= slice_n
                if probe_nodes <= 0:      # the probes' share is spent: the main search alone
                    probe = None
                    break
    except OutOfBudget:
        budget.keep(*[t for t in tables if t is not None])
        raise


def _search(st: Grid, budget: Budget, max_states: int, tables: list,
            best: Line | None = None, tie: list[int] | None = None,
            slice_n: int = SLICE, slot: int = 0, avoid: list[bytes] | None = None) -> Iterator[None]:
    """Depth-first search, yielding every ``slice_n`` nodes; returns the
    winning line as ``(src, gap)`` pairs, or ``None`` when every reachable
    position has been seen (a proof).  Its table is
    ``tables[slot]`` (kept there for the caller to hand to the budget).
    ``best``, when given, is kept (also when the budget runs out) as the
    shortest line found to the most locked cards.  ``avoid``: keys of
    positions taken as seen already (never entered, kept through the
    table's pruning): no line passes through them, so a search given any
    proves nothing by ending (only :func:`best_line` gives them)."""
    s, col, row, L, gaps = st.s, st.col, st.row, st.L, st.gaps
    pos_a, pos_b = st.pos_a, st.pos_b
    W, target = st.W, st.target
    rbase = [r * W for r in range(st.R)]
    gen = gaps_moves(st, tie) if st.gaps_game else cp_moves(st, tie)
    tick = budget.tick
    left = slice_n
    seen: set[bytes] = set()
    tables[slot] = seen
    root = bytes(s)
    seen.add(root)
    kept = [k for k in avoid or () if k != root]
    seen.update(kept)
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
            # CRC (another bit each time; a CRC, not hash(), so that runs
            # repeat), but never the root or the path: the search stays
            # complete and guarded against cycles
            bit = 1 << (prunes % 24)
            prunes += 1
            seen = {k for k in seen if crc32(k) & bit}
            seen.add(root)
            seen.update(kept)
            seen.update(e[5] for e in path)
            tables[slot] = seen
        stack.append(gen())
    return None
