"""The searches that only look for wins, with every card known (The
Republic, The Smith): they take turns with the exact depth-first search
(``piles.py``), which commits to its first moves and can backtrack
hopelessly through a subtree far too big to search.

- :func:`guided` (The Republic): greedy best-first by the model's
  ``guide()``, an estimate of the work left.
- :func:`beam` (The Smith): deal by deal, the best positions from which a
  deal is legal, ranked by the model's ``beam_score()``.

Each works on its own copy of the position and its own table, yields every
``pause`` nodes so that the scheduler can switch, and returns a winning
line or None when it gives up.  Giving up proves nothing: only a win they
find is used (shortened and replayed like the exact search's).
"""

from __future__ import annotations

import heapq

from .budget import Budget, OutOfBudget
from .smith import DEAL_MOVE
from .table import ENTRY_OVERHEAD

#: an expanded position's snapshot and its bookkeeping, in bytes (estimated)
SNAPSHOT_BYTES = 1000


def line_to(parents: list[int], steps: list, at: int, m) -> list:
    """The moves from the root (node 0) to node ``at`` of a search tree kept
    as parent links and the move into each node, then ``m``."""
    line = [m]
    while at > 0:
        line.append(steps[at])
        at = parents[at]
    line.reverse()
    return line


def guided(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62):
    """Greedy best-first search for a win: the position of least
    ``pos.guide()`` among those generated and not yet expanded is expanded
    next; among equals, the deepest, then the first generated (so on a
    plateau it goes on down the line it is on, trying moves in the order of
    promise of ``pos.moves``, as the depth-first search does).  Every position
    is generated once (a table of keys).  A generator like
    :func:`~engine.solve.depth_first.exact_steps`: it yields after every ``pause`` nodes and returns a
    winning line, or None when it gives up (every position examined, or its
    table full: ``max_bytes`` bounds its keys and snapshots together).  It
    only ever looks for a win: giving up proves nothing.
    ``pos`` is left as it was.

    An expanded position is kept as a ``pos.snapshot()`` with its parent and
    the move that reached it; a generated one as a heap entry (guide, -depth,
    serial, parent, move), played from its parent's snapshot when it comes
    up.  (Weighted A*, depth + w * guide, was tried and did worse: on the
    wide plateaus of equal guide it turns breadth-first.)"""
    if pos.won():
        return []
    root = pos.snapshot()
    seen = {pos.key()}
    room = max_bytes
    tick = budget.tick
    play, unplay, key, gen, won, guide = pos.play, pos.unplay, pos.key, pos.moves, pos.won, pos.guide
    snaps = [root]
    parents = [-1]
    steps: list = [None]
    depths = [0]
    heap: list = []
    push, pop = heapq.heappush, heapq.heappop
    serial = 0
    count = 0
    here, last, token = 0, None, None           # the expanded position, how it was reached
    try:
        while True:
            depth = depths[here] + 1
            for m in gen(last, token):
                count += 1
                if count >= pause:
                    count = 0
                    yield None
                tick()
                t = play(m)
                if won():
                    return line_to(parents, steps, here, m)
                k = key()
                if k not in seen:
                    seen.add(k)
                    room -= len(k) + ENTRY_OVERHEAD
                    serial += 1
                    push(heap, (guide(), -depth, serial, here, m))
                unplay(m, t)
            if not heap or room <= 0:
                return None
            _, _, _, parent, m = pop(heap)
            if parent != here:
                pos.restore(snaps[parent])
            token = play(m)
            last = m
            here = len(snaps)
            snaps.append(pos.snapshot())
            room -= SNAPSHOT_BYTES
            parents.append(parent)
            steps.append(m)
            depths.append(depths[parent] + 1)
    except (OutOfBudget, GeneratorExit):
        budget.keep(seen, snaps, parents, steps, depths, heap)   # freed after the answer
        raise
    finally:
        pos.restore(root)


#: the deal-by-deal beam search (``beam``): positions kept per deal, nodes
#: of search from each before a deal, positions searched to the end once the
#: stock is empty and the nodes for each
BEAM_WIDTH = 30
BEAM_STEP = 3000
BEAM_ENDS = 3
BEAM_END_NODES = 200_000
#: a generated position's heap entry, snapshot and table slot, in bytes (estimated)
BEAM_ENTRY_BYTES = 700


def beam(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62):
    """The Smith with every card known: a deal-by-deal beam search for a win.
    Between two deals any moves may be made, and a deal needs every column
    filled; so from each of the ``BEAM_WIDTH`` positions kept, a best-first
    search (highest ``pos.beam_score()`` first, every position generated
    once per deal) of up to ``BEAM_STEP`` nodes without dealing collects
    the positions where a deal is legal; the best ``BEAM_WIDTH`` of them
    are dealt on and kept.  Once the stock is empty the best ``BEAM_ENDS``
    are searched the same way for ``BEAM_END_NODES`` nodes each.  A
    generator like :func:`guided`: it yields after every ``pause`` nodes and
    returns a winning line, or None when it gives up; it proves nothing.
    ``pos`` is left as it was."""
    if pos.won():
        return []
    root = pos.snapshot()
    tick = budget.tick
    play, unplay, key, gen, won, score = pos.play, pos.unplay, pos.key, pos.moves, pos.won, pos.beam_score
    parents = [-1]
    steps: list = [None]
    push, pop = heapq.heappush, heapq.heappop
    count = 0
    kept = [(0, root)]                          # (node, snapshot), best first

    try:
        while kept:
            pos.restore(kept[0][1])
            final = not pos.sp
            if final:
                kept = kept[:BEAM_ENDS]
            cap = BEAM_END_NODES if final else BEAM_STEP
            seen: set = set()
            dealable: list = []
            room = max_bytes
            for start, snap in kept:
                if final:
                    seen = set()
                    room = max_bytes
                pos.restore(snap)
                heap = [(-score(), start, start, snap)]
                n = 0
                while heap and n < cap and room > 0:
                    value, _, at, snap = pop(heap)
                    pos.restore(snap)
                    if not final and all(pos.cols):
                        dealable.append((value, at, snap))
                    last = steps[at]
                    for m in gen(None if last is DEAL_MOVE else last, None):
                        if m is DEAL_MOVE:
                            continue
                        n += 1
                        count += 1
                        if count >= pause:
                            count = 0
                            yield None
                        tick()
                        t = play(m)
                        if won():
                            return line_to(parents, steps, at, m)
                        k = key()
                        if k not in seen:
                            seen.add(k)
                            room -= 2 * len(k) + BEAM_ENTRY_BYTES
                            node = len(parents)
                            parents.append(at)
                            steps.append(m)
                            push(heap, (-score(), node, node, pos.snapshot()))
                        unplay(m, t)
            if final:
                return None
            dealable.sort()
            kept = []
            for _, at, snap in dealable[:BEAM_WIDTH]:
                pos.restore(snap)
                play(DEAL_MOVE)
                node = len(parents)
                parents.append(at)
                steps.append(DEAL_MOVE)
                kept.append((node, pos.snapshot()))
        return None
    except (OutOfBudget, GeneratorExit):
        budget.keep(parents, steps)                 # freed after the answer
        raise
    finally:
        pos.restore(root)
