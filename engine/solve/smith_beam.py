"""The Smith with every card known: a deal-by-deal beam search for wins,
run in a few attempts of growing reach (``ATTEMPTS``).

Why deal by deal.  Between two deals any moves may be made, and a deal
needs every column filled; what a deal does is known (every card is).  So
the game is a chain of ten *stages*: from each of ``width`` positions kept
after a deal, a best-first search of up to ``step`` nodes that never deals
collects the positions where a deal is legal; the best ``width`` of them
(ranked by :meth:`SmithModel.beam_value`, which also weighs the cards the
next deal puts on each column) are dealt on and kept.  Once the stock is
empty the best ``ends`` are searched the same way, ``end_nodes`` each, for a
win.  A winning line is returned at once (the interface shortens it and
replays it in the engine); giving up proves nothing.

What the beam looks at (:meth:`SmithModel.beam_moves`): lay-offs, whole
units onto a card they fit or into an empty column, and parts of units onto
the next card of their suit.  Nothing else is needed to be *sound* here (a
beam only ever claims wins that replay); it is what makes the search go
far on few nodes.

Why attempts.  One beam follows one idea of what a good position is; when
it fails late, a wider or deeper one, or one that weighs a bad join
differently, often does not.  Each attempt starts again from the position
(measured: ``bench/solver.py``; the attempts and their order in
``ATTEMPTS``, then quick attempts with fresh weights until the budget runs
out: :func:`endless`).  Which deals a beam wins depends on its weights far more
than on its width: beams of the first attempt's size with weights drawn at
random (``variant``, the same draws on every machine) win deals that
wider ones with the plain weights do not, at far less cost.  So two such
variants come before each wider attempt (``bench/smith_beam.py`` compares
the attempts with and without them).

Memory.  Only one start's search is held at a time: per node its position
packed in one byte string (``SmithModel.pack``), a heap entry and parent
links, about ``NODE_BYTES``; and, for the whole stage, the hashes of the
positions met (so that the starts spread out instead of all following the
same moves), ``SEEN_BYTES`` each.  ``max_bytes`` bounds them, nine tenths in two halves:
the nodes a start or an end may use are cut to fit, and past its half the
set of hashes stops growing (positions may then be met twice: work
repeated, nothing missed); a tenth holds the columns' values already
counted (``SmithModel.beam_value``'s memo), emptied when full.  A hash standing for a key may, very rarely,
make two positions one: a beam may then miss a line, never claim a false
one.  The kept positions carry their lines as shared tails (a pair: the
line before, the last move), so ``width`` lines cost a few moves each.
"""

from __future__ import annotations

import heapq

from ..cards import Rng
from .budget import Budget, OutOfBudget
from .smith import DEAL_MOVE

#: a node of one start's search (its packed position ~150, heap entry ~110,
#: its move and parent link ~90), in bytes (estimated from sys.getsizeof)
NODE_BYTES = 350

#: the weights of :meth:`SmithModel.beam_value`: a card in a run in suit on
#: a king at the bottom of its column ("home"), any card on the next card
#: of its suit ("suit"), on a card it fits otherwise ("fit"), on one it
#: does not fit ("bad"), a bottom card other than a king ("base"), an empty
#: column ("empty"), a suit laid off beyond the cards it took ("laid"),
#: and the square of a home run's length ("focus": the variants' own)
PLAIN = {"home": 100, "suit": 40, "fit": 2, "bad": -10, "base": -8, "empty": 40, "laid": 1000, "focus": 0}
STRICT = dict(PLAIN, fit=0, bad=-30)

#: the ``focus`` weights a variant draws from (``variant``)
FOCUS = (0, 0, 5, 10, 30)


def variant(n: int) -> dict:
    """The ``n``-th varied weights: each of :data:`PLAIN`'s but ``laid`` and
    ``focus`` scaled by a factor from 0.5 to 1.5, and ``focus`` one of
    :data:`FOCUS`, drawn from ``Rng(n)``: the same on every machine."""
    rng = Rng(n, stream=18)
    w = {k: v if k in ("laid", "focus") else round(v * (500 + rng.below(1001)) / 1000) for k, v in PLAIN.items()}
    w["focus"] = FOCUS[rng.below(len(FOCUS))]
    return w

#: a hash in the set of positions met in a stage (an int and its set slot)
SEEN_BYTES = 70

#: a column's value kept by its bytes (the bytes, the int, the dict slot)
MEMO_BYTES = 150

#: (width, step, ends, end_nodes, weights), tried in turn
def _quick(weights: dict) -> tuple:
    return (30, 3_000, 3, 100_000, weights)


#: a start's dealable positions offered to the next stage: at most the
#: width over this (the best of each start; without the bound the beam
#: soon holds one start's descendants only, near copies of each other).
#: Measured on any suit's deals 1001-1030, the first attempt alone: 5 won
#: with no bound, 6, 7, 8 and 10 with a start offering 3, 2, 6 and 10 of
#: the 30 (issue 34)
PER_START = 3

ATTEMPTS = (
    _quick(PLAIN),
    _quick(variant(1)), _quick(variant(2)),
    (30, 10_000, 3, 100_000, PLAIN),
    _quick(variant(3)), _quick(variant(4)),
    (15, 20_000, 3, 100_000, STRICT),
    _quick(variant(5)), _quick(variant(6)),
    (60, 10_000, 4, 200_000, PLAIN),
    _quick(variant(7)), _quick(variant(8)),
    (40, 30_000, 4, 300_000, STRICT),
)


def unroll(line) -> list:
    """A line kept as nested pairs ``(before, move)`` (None: empty) as a list."""
    out = []
    while line is not None:
        line, m = line
        out.append(m)
    out.reverse()
    return out


def endless():
    """:data:`ATTEMPTS`, then quick attempts with weights drawn afresh
    (``variant`` 9, 10, ...) for as long as the budget lasts: once the
    listed attempts are over, a beam that gave up would leave the budget to
    the exact search, which under any suit and alternating colour proves
    nothing, while each new draw of weights wins deals the others do not."""
    yield from ATTEMPTS
    n = 9
    while True:
        yield _quick(variant(n))
        n += 1


def beam(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62, attempts=None):
    """Each of ``attempts`` in turn (the module docstring; by default
    :func:`endless`): a generator that yields after every ``pause`` nodes
    (so another search may take turns) and returns a winning line, or None
    when every attempt has given up.  ``pos`` is left as it was."""
    if pos.won():
        return []
    if attempts is None:
        attempts = endless()
    counter = [0]
    for width, step, ends, end_nodes, weights in attempts:
        line = yield from _attempt(pos, budget, max_bytes, pause, counter,
                                   width, step, ends, end_nodes, weights)
        if line is not None:
            return line
    return None


def _attempt(pos, budget, max_bytes, pause, counter, width, step, ends, end_nodes, weights):
    root = pos.snapshot()
    tick = budget.tick
    play, unplay, key, won = pos.play, pos.unplay, pos.key, pos.won
    moves = pos.beam_moves
    push, pop = heapq.heappush, heapq.heappop
    most = max(1, max_bytes * 9 // 20 // NODE_BYTES)
    most_seen = max(1, max_bytes * 9 // 20 // SEEN_BYTES)
    most_memo = max(1000, max_bytes // 10 // MEMO_BYTES)
    memo: dict = {}                                 # a column's value by its bytes
    per_start = max(1, width // PER_START)

    def value() -> int:
        if len(memo) > most_memo:
            memo.clear()
        return pos.beam_value(weights, memo)

    kept = [(None, None, pos.pack())]                     # (line, its last move, snapshot)
    try:
        while kept:
            pos.unpack(kept[0][2])
            final = not pos.sp
            if final:
                kept = kept[:ends]
            cap = min(end_nodes if final else step, most)
            found: dict = {}                        # key -> (value, line, snapshot), dealable
            seen: set = set()                       # hashes of the keys met this stage
            for line, last, snap in kept:
                pos.unpack(snap)
                if final:
                    seen = set()
                seen.add(hash(key()))
                parents = [-1]
                steps: list = [last]
                snaps = [snap]
                heap = [(-value(), 0)]
                here: list = []                     # (value, node) of dealable positions
                n = 0
                while heap and n < cap:
                    neg, at = pop(heap)
                    pos.unpack(snaps[at])
                    if not final and all(pos.cols):
                        here.append((neg, at))
                    before = steps[at]
                    for m in moves(None if before is DEAL_MOVE else before):
                        n += 1
                        counter[0] += 1
                        if counter[0] >= pause:
                            counter[0] = 0
                            yield None
                        tick()
                        t = play(m)
                        if won():
                            return unroll(_line(line, parents, steps, at, m))
                        k = hash(key())
                        if k not in seen:
                            if len(seen) < most_seen:
                                seen.add(k)
                            parents.append(at)
                            steps.append(m)
                            snaps.append(pos.pack())
                            push(heap, (-value(), len(parents) - 1))
                        unplay(m, t)
                here.sort()
                for neg, at in here[:per_start]:
                    pos.unpack(snaps[at])
                    k = key()
                    if k not in found or found[k][0] > neg:
                        found[k] = (neg, _line(line, parents, steps, at, None), snaps[at])
                if len(found) > 4 * width:
                    found = dict(sorted(found.items(), key=lambda kv: kv[1][0])[:width])
                del parents, steps, snaps, heap, here
            if final:
                return None
            kept = []
            for _, line, snap in sorted(found.values(), key=lambda e: e[0])[:width]:
                pos.unpack(snap)
                play(DEAL_MOVE)
                kept.append(((line, DEAL_MOVE), DEAL_MOVE, pos.pack()))
        return None
    except (OutOfBudget, GeneratorExit):
        raise
    finally:
        pos.restore(root)


def _line(line, parents: list, steps: list, at: int, m):
    """The kept ``line`` followed by the moves of one start's search to node
    ``at`` (node 0 is the start), then ``m`` unless None, as nested pairs."""
    path = [] if m is None else [m]
    while at > 0:
        path.append(steps[at])
        at = parents[at]
    for move in reversed(path):
        line = (line, move)
    return line
