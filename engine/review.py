"""Review a game: where could it still be won, and which move lost it.

A position from which a winnable one can be reached is winnable itself, so
along a game's history the verdict reads "can be won" up to one move and
"lost" from then on.  A bisection over the history finds that move with a
handful of searches instead of one a move:

    from engine import review
    r = review.review(game, seconds=2.0)
    r.verdicts        # one a position, 0 (the deal) to len(history): "won", "lost", "unknown"
    r.losing          # the index in history of the move that lost it, or None
    r.instead         # a move that kept the game winnable there (notation), or None

Gaps' shuffles and Chinese Puzzle's redeals are random, so each deal between
them is reviewed on its own, asking "could this deal have been finished
without another shuffle"; :attr:`Review.deals` holds each one's finding.
The Republic and The Smith are searched with every card known (what the
game's end has shown anyway).  Verdicts the searches cannot reach within
their budgets stay "unknown", and the review says so rather than guessing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import solve

WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: moves after which the cards are dealt anew at random: a review stops there
RANDOM = ("redeal",)
#: a search the review depends on that ends undecided is made once more,
#: with this many times the time (a loaded machine starves wall-clock budgets)
RETRY = 3.0
_STATUS = {solve.Status.WON: WON, solve.Status.IMPOSSIBLE: LOST, solve.Status.UNKNOWN: UNKNOWN}


@dataclass
class Deal:
    """One stretch of the history between random deals: positions
    ``first``..``last`` (position k is the one after k moves)."""

    first: int
    last: int
    losing: int | None = None       # index in history of the move that lost this deal
    instead: str | None = None      # a move that kept it winnable there
    lost_from_the_start: bool = False


@dataclass
class Review:
    verdicts: list[str]
    deals: list[Deal] = field(default_factory=list)
    searches: int = 0
    out_of_time: bool = False       # the review's whole time ran out: some searches were not made

    @property
    def losing(self) -> int | None:
        """The move that lost the game: the last deal's, if it was lost."""
        found = [d.losing for d in self.deals if d.losing is not None]
        return found[-1] if found else None

    @property
    def instead(self) -> str | None:
        found = [d.instead for d in self.deals if d.losing is not None]
        return found[-1] if found else None

    def to_json(self) -> dict[str, Any]:
        return {"verdicts": self.verdicts, "losing": self.losing, "instead": self.instead,
                "deals": [{"first": d.first, "last": d.last, "losing": d.losing, "instead": d.instead,
                           "lost_from_the_start": d.lost_from_the_start} for d in self.deals],
                "searches": self.searches, "out_of_time": self.out_of_time}


def position_after(doc: dict[str, Any], moves: int) -> Any:
    """The game of ``doc`` after its first ``moves`` moves."""
    from . import from_dict

    short = {k: v for k, v in doc.items() if k != "position"}
    short["history"] = list(doc.get("history", []))[:moves]
    return from_dict(short)


def review(game: Any, seconds: float = 2.0, *, progress: Callable[[int, int], None] | None = None,
           budget: Callable[[float], solve.Budget] | None = None, total: float | None = None) -> Review:
    """Review ``game``'s history (the game is not changed).  Each search gets
    ``seconds`` (its budget made by ``budget(seconds)`` when given, so a
    caller can cancel it); ``progress(done, most)`` is told after each
    search.  ``total``: the seconds the whole review may take, at most; a
    search it has no time left for is not made, and what it would have
    decided stays unknown (:attr:`Review.out_of_time` says so)."""
    doc = game.to_dict()
    whole = solve.Budget(seconds=total) if total is not None else None
    history = list(game.history)
    n = len(history)
    known = game.name in ("republic", "smith")
    verdicts = [UNKNOWN] * (n + 1)
    asked: dict[int, tuple[str, list]] = {}
    result = Review(verdicts)
    # the deals between random moves: a redeal's position starts a new one
    bounds, start = [], 0
    for i, move in enumerate(history):
        if str(move) in RANDOM:
            bounds.append((start, i))
            start = i + 1
    bounds.append((start, n))
    most = sum(2 * max(1, (last - first).bit_length()) + 2 for first, last in bounds)

    retried: set[int] = set()

    def verdict(k: int, longer: bool = False) -> str:
        """The verdict on position ``k``; ``longer``: an undecided one is
        searched again, once, for RETRY times as long."""
        again = longer and k in asked and asked[k][0] == UNKNOWN and k not in retried
        if k not in asked or again:
            each = seconds * RETRY if again else seconds
            if again:
                retried.add(k)
            if whole is not None:
                each = min(each, total - whole.elapsed())
                if each <= 0:
                    result.out_of_time = True
                    return UNKNOWN
            b = budget(each) if budget is not None else solve.Budget(seconds=each)
            r = solve.solve(position_after(doc, k), b, known=known)
            asked[k] = (_STATUS[r.status], list(r.moves))
            result.searches += 1
            if progress is not None:
                progress(result.searches, most)
        return asked[k][0]

    for first, last in bounds:
        deal = Deal(first, last)
        result.deals.append(deal)
        begin, end = verdict(first), verdict(last)
        if end == UNKNOWN and begin != LOST:
            end = verdict(last, longer=True)
        if begin == UNKNOWN and end == LOST:
            begin = verdict(first, longer=True)
        if begin == LOST:
            deal.lost_from_the_start = True
            verdicts[first:last + 1] = [LOST] * (last - first + 1)
            continue
        if end == WON:
            verdicts[first:last + 1] = [WON] * (last - first + 1)
            continue
        lo = first if begin == WON else None     # winnable here
        hi = last if end == LOST else None       # lost here
        if lo is None and hi is not None:
            # the deal itself is too hard to decide: look back from the end,
            # where searches are short, for a position still winnable
            step, k = 1, hi - 1
            while k > first and len(asked) < most:
                v = verdict(k)
                if v == UNKNOWN:
                    v = verdict(k, longer=True)
                if v == WON:
                    lo = k
                    break
                if v == LOST:
                    hi = k
                k, step = hi - step * 2, step * 2
        if lo is None or hi is None:
            # an end unknown: what can be said is said, the rest stays unknown
            if lo is not None:
                verdicts[first] = WON
            if hi is not None:
                verdicts[last] = LOST
            continue
        # bisection; an unknown midpoint gives way to its neighbours in turn
        while hi - lo > 1:
            mid = (lo + hi) // 2
            order = sorted(range(lo + 1, hi), key=lambda k: abs(k - mid))[:3]
            decided = None
            for k in order:
                v = verdict(k)
                if v != UNKNOWN:
                    decided = (k, v)
                    break
            if decided is None and verdict(order[0], longer=True) != UNKNOWN:
                decided = (order[0], asked[order[0]][0])
            if decided is None:
                break
            k, v = decided
            if v == WON:
                lo = k
            else:
                hi = k
        verdicts[first:lo + 1] = [WON] * (lo - first + 1)
        verdicts[hi:last + 1] = [LOST] * (last - hi + 1)
        if hi - lo == 1:
            deal.losing = lo              # the move from position lo to lo + 1
            line = asked[lo][1]
            deal.instead = str(line[0]) if line else None
    return result
