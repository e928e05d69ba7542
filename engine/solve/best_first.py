"""The search that only looks for wins in The Republic, with every card
known: it takes turns with the exact depth-first search (``piles.py``),
which commits to its first moves and can backtrack hopelessly through a
subtree far too big to search.

- :func:`guided`: greedy best-first by the model's ``guide()``, an
  estimate of the work left.

(The Smith's, a deal-by-deal beam search, is ``smith_beam.py``.)  It
works on its own copy of the position and its own table, yields every
``pause`` nodes so that the scheduler can switch, and returns a winning
line or None when it gives up.  Giving up proves nothing: only a win it
finds is used (shortened and replayed like the exact search's).
"""

from __future__ import annotations

import heapq

from .budget import Budget, OutOfBudget
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
