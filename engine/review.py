"""Review a game: where could it still be won, and which move lost it.

A position from which a winnable one can be reached is winnable itself, so
along a game's history the verdict reads "can be won" up to one move and
"lost" from then on.  Every proof counts for more than its own position: a
position proved lost marks every later one lost, a position proved won
every earlier one won.  The review therefore searches a handful of
positions, not one a move:

    from engine import review
    r = review.review(game, seconds=2.0, proved={57: "lost"})
    r.verdicts        # one a position, 0 (the deal) to len(history): "won", "lost", "unknown"
    r.losing          # the index in history of the move that lost it, or None
    r.instead         # a move that kept the game winnable there (notation), or None

``proved``: verdicts already proved elsewhere (the table's indicator, the
same solver), position index -> "won" or "lost"; they are taken as they
are, before any search, and the review never contradicts them.

Searches near the end of a lost game are short (few cards are left to
place), so the review starts there: the last position, then back from the
earliest one proved lost in steps that double (1, 2, 4, ... positions), as
long as each search proves a loss.  At the first position left undecided
it bisects between that one and the earliest loss, to find where the proofs
of loss begin, and searches the position just before that once more, for
``RETRY`` times the budget: won there, the losing move is named.  Only then
does it look further back, past the undecided positions, for a position
proved won, and bisect between the latest win and the earliest loss; a
midpoint that stays undecided gives way to its neighbours, then to a longer
search.  The deal itself, the costliest search, is made last, if at all
(at once only when the end itself stays undecided: then nothing but the
deal's own verdict can be told).

Gaps' shuffles and Chinese Puzzle's redeals are random (the game's
``irreversible`` moves), so each deal between them is reviewed on its own,
asking "could this deal have been finished without another shuffle": a
proof counts within its own deal only, and :attr:`Review.deals` holds each
one's finding.  The Republic's redeal (its talon turned over) is an
ordinary move.  A game that hides cards (``hides_cards``: The Republic,
The Smith) is searched with every card known (what the game's end has
shown anyway).  Verdicts the searches
cannot reach within their budgets stay "unknown", and the review says so
rather than guessing; no verdict a search produced is dropped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import solve

WON, LOST, UNKNOWN = "won", "lost", "unknown"
#: a search whose verdict would name the losing move (or tell whether the
#: game can still be won at its end) and that ends undecided is made once
#: more, with this many times the budget: a longer search decides positions
#: a short one cannot, and the review makes only a few of these
RETRY = 3.0
_STATUS = {solve.Status.WON: WON, solve.Status.IMPOSSIBLE: LOST, solve.Status.UNKNOWN: UNKNOWN}
_PROVED = {"won": WON, "lost": LOST, "impossible": LOST}


@dataclass
class Deal:
    """One stretch of the history between random deals: positions
    ``first``..``last`` (position k is the one after k moves)."""

    first: int
    last: int
    losing: int | None = None       # index in history of the move that lost this deal
    instead: str | None = None      # a move that kept it winnable there
    lost_from_the_start: bool = False
    lost_from: int | None = None    # the earliest position proved lost (every later one is)
    won_until: int | None = None    # the latest position proved won (every earlier one is)


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
                           "lost_from_the_start": d.lost_from_the_start, "lost_from": d.lost_from,
                           "won_until": d.won_until} for d in self.deals],
                "searches": self.searches, "out_of_time": self.out_of_time}


def position_after(doc: dict[str, Any], moves: int) -> Any:
    """The game of ``doc`` after its first ``moves`` moves."""
    from . import from_dict

    short = {k: v for k, v in doc.items() if k != "position"}
    short["history"] = list(doc.get("history", []))[:moves]
    return from_dict(short)


def stretches(game: Any) -> list[tuple[int, int]]:
    """The deals of ``game``'s history between its random moves (the
    game's ``irreversible`` ones: Gaps' shuffle, Chinese Puzzle's redeal),
    each as its first and last positions: a random move's position starts
    a new one."""
    random = getattr(type(game), "irreversible", frozenset())
    bounds, start = [], 0
    for i, move in enumerate(game.history):
        if str(move) in random:
            bounds.append((start, i))
            start = i + 1
    bounds.append((start, len(game.history)))
    return bounds


def review(game: Any, seconds: float = 2.0, *, progress: Callable[[int, int], None] | None = None,
           budget: Callable[[float], solve.Budget] | None = None, total: float | None = None,
           proved: dict[int, str] | None = None) -> Review:
    """Review ``game``'s history (the game is not changed).  Each search gets
    ``seconds`` (its budget made by ``budget(seconds)`` when given, so a
    caller can cancel it); ``progress(done, most)`` is told after each
    search.  ``total``: the seconds the whole review may take, at most; a
    search it has no time left for is not made, and what it would have
    decided stays unknown (:attr:`Review.out_of_time` says so).
    ``proved``: position index (0..len(history); a string index is read as
    a number) -> "won" or "lost", proofs made before (the table's); they
    seed the verdicts and are trusted."""
    reviewer = _Reviewer(game, seconds, progress, budget, total)
    for k, v in (proved or {}).items():
        k = int(k)
        if 0 <= k <= reviewer.n and str(v) in _PROVED:
            reviewer.mark(k, _PROVED[str(v)])
    for deal in reviewer.result.deals:
        reviewer.review_deal(deal)
    return reviewer.result


class _Reviewer:
    """One review's searches and what they proved."""

    def __init__(self, game: Any, seconds: float, progress: Callable[[int, int], None] | None,
                 budget: Callable[[float], solve.Budget] | None, total: float | None) -> None:
        self.doc = game.to_dict()
        self.n = len(game.history)
        self.known = game.hides_cards
        self.seconds, self.progress, self.budget, self.total = seconds, progress, budget, total
        self.whole = solve.Budget(seconds=total) if total is not None else None
        self.verdicts = [UNKNOWN] * (self.n + 1)
        self.result = Review(self.verdicts, [Deal(first, last) for first, last in stretches(game)])
        #: the deal each position belongs to
        self.deal_of = [d for d in self.result.deals for _ in range(d.first, d.last + 1)]
        self.most = sum(2 * max(1, (d.last - d.first).bit_length()) + 4 for d in self.result.deals)
        #: each position searched: the verdict of its latest search and its line (a won one's)
        self.asked: dict[int, tuple[str, list]] = {}
        self.retried: set[int] = set()
        #: positions searched with all the review's time left
        self.last_tried: set[int] = set()
        #: positions a search was wanted for and the review's time did not allow
        self.skipped: set[int] = set()
        #: each position's layout (``Game.position``) and its key (the layout
        #: as text): equal keys, equal verdicts within a deal
        self.layouts, self.keys = self.replayed(game)
        self.at_key: dict[str, list[int]] = {}
        for k, key in enumerate(self.keys):
            self.at_key.setdefault(key, []).append(k)
        self.random = frozenset(getattr(type(game), "irreversible", frozenset()))
        #: winning lines known, by the key of a position they pass: the line
        #: and where along it that position is (its rest wins from there);
        #: every one replayed in the engine to the game's end, won
        self.wins: dict[str, tuple[tuple[str, ...], int]] = {}
        #: keys of positions proved lost
        self.lost_keys: set[str] = set()

    # ------------------------------------------------------------- positions
    def replayed(self, game: Any) -> tuple[list[dict], list[str]]:
        """Each position of the history, 0..n: its layout and key (one replay
        of the history, a tenth of a millisecond a move)."""
        from . import from_dict

        doc = {k: v for k, v in self.doc.items() if k != "position"}
        doc["history"] = []
        g = from_dict(doc)
        layouts = [g.position()]
        for move in self.doc.get("history", []):
            g.play(move)
            layouts.append(g.position())
        return layouts, [json.dumps(x, sort_keys=True) for x in layouts]

    def at(self, k: int) -> Any:
        """A new game at position ``k`` (its history left out)."""
        from . import from_dict

        return from_dict({key: self.doc[key] for key in ("format", "game", "options", "seed") if key in self.doc}
                         | {"position": self.layouts[k]})

    def out_of_time(self) -> bool:
        return self.whole is not None and self.whole.elapsed() >= self.total

    def learn(self, k: int, line: list[str], lenient: bool = False) -> list[str] | None:
        """Play ``line`` from position ``k`` (``lenient``: a move refused is
        left out): the moves played when they win the game, every position
        they pass then known won (``wins``); else None."""
        g = self.at(k)
        played, keys = [], [self.keys[k]]
        for move in line:
            if g.won:
                break
            if str(move) in self.random or g.explain(move) is not None:
                if lenient:
                    continue
                return None
            g.play(move)
            played.append(str(move))
            keys.append(json.dumps(g.position(), sort_keys=True))
        if not g.won:
            return None
        whole = tuple(played)
        for i, key in enumerate(keys):
            self.wins.setdefault(key, (whole, i))
        return played

    def win_from(self, k: int) -> list[str] | None:
        """A winning line known from position ``k`` (equal to a position one
        passes), or None."""
        known = self.wins.get(self.keys[k])
        return None if known is None else list(known[0][known[1]:])

    def children(self, k: int) -> list[tuple[str, str]]:
        """Position ``k``'s moves within its deal (not a random one), each
        with the key of the position it leads to."""
        g = self.at(k)
        found = []
        for move in map(str, g.legal_moves()):
            if move in self.random:
                continue
            g.play(move)
            found.append((move, json.dumps(g.position(), sort_keys=True)))
            g.undo()
        return found

    def prove_won(self, j: int) -> bool:
        """Prove position ``j`` won without a search, from the winning lines
        known: one passes a position equal to ``j``; the line proved from
        position ``j - 1`` without the move played there (or with it left
        where it is), its refused moves left out; or one move from ``j``
        reaches a position a known line passes."""
        if self.verdicts[j] == WON:
            return True
        if self.verdicts[j] != UNKNOWN:
            return False
        line = self.win_from(j)
        if line is None and j > self.deal_of[j].first:
            before = self.win_from(j - 1)
            move = str(self.doc["history"][j - 1])
            if before is not None:      # (its first move the one played: j is on the line, known)
                tries = [before]
                if move in before:
                    cut = list(before)
                    cut.remove(move)
                    tries.insert(0, cut)
                for t in tries:
                    line = self.learn(j, t, lenient=True)
                    if line is not None:
                        break
        if line is None:
            for move, key in self.children(j):
                if key in self.wins:
                    line = self.learn(j, [move] + self.win_from_key(key))
                    if line is not None:
                        break
        if line is None:
            return False
        self.mark(j, WON)
        return True

    def win_from_key(self, key: str) -> list[str]:
        line, i = self.wins[key]
        return list(line[i:])

    def advance(self, deal: Deal) -> None:
        """Push the deal's latest win forward along the history by the
        winning lines known (a replay costs milliseconds, a search seconds),
        as far as they go."""
        while not self.out_of_time():
            w = self.won_until(deal)
            if w is None or w >= deal.last or self.verdicts[w + 1] != UNKNOWN:
                return
            if not self.prove_won(w + 1):
                return

    def retreat(self, deal: Deal) -> None:
        """Pull the deal's earliest loss back while every move from the
        position before it leads to a position proved lost (never for a
        game with random moves: their deals are searched on their own)."""
        if self.random:
            return
        while not self.out_of_time():
            lost = self.lost_from(deal)
            if lost is None or lost <= deal.first or self.verdicts[lost - 1] != UNKNOWN:
                return
            moves = self.children(lost - 1)
            if not moves or any(key not in self.lost_keys for _, key in moves):
                return
            self.mark(lost - 1, LOST)

    # ------------------------------------------------------------- proofs
    def mark(self, k: int, v: str) -> None:
        """Record a proof at ``k`` and what it implies in its deal: lost
        from ``k`` on, won up to ``k``, and the same at every position of the
        deal equal to one so marked.  A verdict already decided is kept
        (the seeds are trusted first; the solver never contradicts itself)."""
        if v == UNKNOWN or self.verdicts[k] != UNKNOWN:
            return
        todo = [k]
        while todo:
            k = todo.pop()
            if self.verdicts[k] != UNKNOWN:
                continue
            deal = self.deal_of[k]
            span = range(k, deal.last + 1) if v == LOST else range(k, deal.first - 1, -1)
            for j in span:
                if self.verdicts[j] != UNKNOWN:
                    break
                self.verdicts[j] = v
                key = self.keys[j]
                if v == LOST:
                    self.lost_keys.add(key)
                todo.extend(i for i in self.at_key[key] if self.deal_of[i] is deal and self.verdicts[i] == UNKNOWN)

    def won_until(self, deal: Deal) -> int | None:
        """The deal's latest position proved won (every earlier one is)."""
        return next((k for k in range(deal.last, deal.first - 1, -1) if self.verdicts[k] == WON), None)

    def lost_from(self, deal: Deal) -> int | None:
        """The deal's earliest position proved lost (every later one is)."""
        return next((k for k in range(deal.first, deal.last + 1) if self.verdicts[k] == LOST), None)

    def undecided_below(self, deal: Deal, hi: int) -> int:
        """The latest position before ``hi`` looked at and left undecided
        (``deal.first - 1``: none)."""
        return max((k for k in range(deal.first, hi)
                    if (k in self.asked or k in self.skipped) and self.verdicts[k] == UNKNOWN),
                   default=deal.first - 1)

    # ------------------------------------------------------------- searches
    def search(self, k: int, longer: bool = False, longest: bool = False, short: bool = False) -> str:
        """Search position ``k`` (again, for RETRY times as long, when
        ``longer`` and its one search was undecided; with all the review's
        time left when ``longest``); its verdict."""
        asked = self.asked.get(k)
        again = asked is not None and asked[0] == UNKNOWN and (longest or (longer and k not in self.retried))
        if asked is not None and not again:
            return asked[0]
        each = self.seconds
        if longest and self.whole is not None:
            each = self.total
        elif asked is not None:
            each *= RETRY
            self.retried.add(k)
        elif short:
            each /= RETRY
        if self.whole is not None:
            each = min(each, self.total - self.whole.elapsed())
            if each <= 0:
                self.result.out_of_time = True
                self.skipped.add(k)
                return UNKNOWN if asked is None else asked[0]
        b = self.budget(each) if self.budget is not None else solve.Budget(seconds=each)
        r = solve.solve(position_after(self.doc, k), b, known=self.known)
        self.asked[k] = (_STATUS[r.status], list(r.moves))
        self.result.searches += 1
        self.mark(k, self.asked[k][0])
        if self.asked[k][0] == WON:
            self.learn(k, list(r.moves))
            self.advance(self.deal_of[k])
        elif self.asked[k][0] == LOST:
            self.retreat(self.deal_of[k])
        if self.progress is not None:
            self.progress(self.result.searches, max(self.most, self.result.searches))
        return self.asked[k][0]

    def verdict(self, k: int, longer: bool = False, short: bool = False) -> str:
        """The verdict on ``k``: as proved already, else searched (``short``:
        for 1 / RETRY of the budget, a search made only to find a position
        won, which a search proves quickly when it can)."""
        if self.verdicts[k] != UNKNOWN:
            return self.verdicts[k]
        return self.search(k, longer, short=short)

    # ------------------------------------------------------------- one deal
    def review_deal(self, deal: Deal) -> None:
        self.look(deal)
        deal.lost_from, deal.won_until = self.lost_from(deal), self.won_until(deal)
        deal.lost_from_the_start = deal.lost_from == deal.first
        lo = deal.won_until
        if lo is not None and deal.lost_from == lo + 1:
            deal.losing = lo                # the move from position lo to lo + 1
            asked = self.asked.get(lo)
            line = asked[1] if asked is not None and asked[0] == WON else self.win_from(lo)
            if not line and lo not in self.asked:   # proved before the review: its line is wanted
                self.search(lo)
                asked = self.asked.get(lo)
                line = asked[1] if asked is not None and asked[0] == WON else []
            deal.instead = str(line[0]) if line else None

    def look_back(self, deal: Deal, stop_at_undecided: bool) -> None:
        """Search back from the deal's earliest loss, 1, 2, 4, ... positions
        before it (or the latest win's next), until a search proves a
        position won, or one is undecided (``stop_at_undecided``), or the
        deal's start (or the latest win) is reached.  A search already made
        is not made again."""
        step = 1
        while True:
            lo, hi = self.won_until(deal), self.lost_from(deal)
            floor = deal.first if lo is None else lo + 1
            k = max(floor, hi - step)
            if k >= hi:
                return
            v = self.verdict(k, short=not stop_at_undecided and self.whole is not None)
            if v == WON or (v == UNKNOWN and stop_at_undecided) or k == floor:
                return
            step *= 2

    def look(self, deal: Deal) -> None:
        """Search the deal's positions until its losing move is found or no
        search can tell more."""
        first, last = deal.first, deal.last
        won, lost = self.won_until, self.lost_from
        # the end: won there, the whole deal is; not known there, nothing can be named
        if lost(deal) is None and won(deal) != last:
            if self.verdict(last) == UNKNOWN and self.verdict(last, longer=True) == UNKNOWN:
                if won(deal) is None and self.verdict(first) == UNKNOWN:
                    self.verdict(first, longer=True)
                return
        if lost(deal) is None:
            return
        # look back from the earliest loss in steps that double while the
        # searches prove it lost: the searches nearest the end are the cheapest
        self.look_back(deal, stop_at_undecided=True)
        while won(deal) is None and lost(deal) > first:
            # no position proved winnable: narrow the loss down to the
            # positions left undecided before it; the one just before the
            # earliest loss is then searched for longer, which names the
            # losing move if it is won
            while won(deal) is None:
                hi = lost(deal)
                below = self.undecided_below(deal, hi)
                if hi - below <= 1:
                    break
                self.verdict((below + hi) // 2)
            if won(deal) is None and lost(deal) > first and self.search(lost(deal) - 1, longer=True) == LOST:
                continue
            if won(deal) is not None or lost(deal) == first:
                break
            # still nothing winnable: further back, past the undecided
            # positions, the costlier searches may still find one
            hi = lost(deal)
            self.look_back(deal, stop_at_undecided=False)
            if lost(deal) == hi:
                break
        # bisection between the latest win and the earliest loss; an
        # undecided midpoint gives way to its neighbours, then to a longer search
        # (a review with a total: the boundary's own bisection, below)
        while self.whole is None and won(deal) is not None and lost(deal) is not None and lost(deal) - won(deal) > 1:
            lo, hi = won(deal), lost(deal)
            mid = (lo + hi) // 2
            order = sorted(range(lo + 1, hi), key=lambda k: abs(k - mid))[:3]
            if all(self.verdict(k) == UNKNOWN for k in order) and self.verdict(order[0], longer=True) == UNKNOWN:
                break
        self.boundary(deal)

    def boundary(self, deal: Deal) -> None:
        """What is left of the review's time goes to the positions between
        the latest win and the earliest loss.  A won position's search is
        quick, a lost one's slow, so an undecided search is taken for a
        likely loss: bisection between the latest win and the earliest
        position left undecided or lost finds the last position likely won;
        the one after it (the move between likely lost it) is then searched
        for longer, and at last with all the time left: proved lost there,
        the losing move is named."""
        won, lost = self.won_until, self.lost_from
        if self.whole is None or lost(deal) is None:
            return
        if won(deal) is None and lost(deal) > deal.first:
            # nothing proved winnable near the loss: the deal itself, for longer
            if self.verdict(deal.first) == UNKNOWN:
                self.verdict(deal.first, longer=True)
        while not self.out_of_time():
            lo, hi = won(deal), lost(deal)
            if lo is None or hi is None or hi - lo <= 1:
                return
            top = min((k for k in range(lo + 1, hi) if k in self.asked), default=hi)
            if top - lo > 1:
                self.search((lo + top) // 2)
            elif top not in self.retried:
                self.search(top, longer=True)
            elif top not in self.last_tried:
                self.last_tried.add(top)
                self.search(top, longest=True)
            else:
                return


# ----------------------------------------------------------------- the review in words
# What the table's Review window says (``game/ui/review.py``) and what
# ``python -m engine review FILE`` prints: the same sentences, from a
# review's JSON (:meth:`Review.to_json`).  The moves' own words are the
# caller's: the table names the cards and places as its hints do, the
# command line as the engine can (:func:`plain_move_words`).


def random_word(game: Any) -> str | None:
    """The game's word for a fresh deal the review's verdicts leave out
    (Gaps' "shuffle", Chinese Puzzle's "redeal": its ``irreversible``
    move); None in a game without one."""
    if "redeal" not in getattr(type(game), "irreversible", frozenset()):
        return None
    return getattr(game, "REDEAL_WORD", "redeal")


def after(k: int) -> str:
    """Position ``k`` (the one after ``k`` moves) in words."""
    return "at the deal" if k == 0 else f"after move {k}"


def plain_move_words(doc: dict[str, Any], k: int, text: str | None = None) -> str:
    """Move ``k`` (its index in the history) of the game ``doc`` as the
    engine alone can say it: its notation, with the card it moves named
    ("c3-c7 (the seven of hearts)", "c3-c7:2 (the seven of hearts and the
    card on it)"); a fresh deal in the game's word ("use a shuffle").
    ``text``: another move from the same position (the one that kept the
    game winnable).  (The table's words, which name where a card goes as
    well, are its fronts': ``game/voice/words.py``.)"""
    from .cards import card, card_words
    from .notation import Move

    text = str(doc["history"][k]) if text is None else str(text)
    game = position_after(doc, k)
    word = random_word(game)
    if text == "redeal" and word:
        return f"use a {word}"
    try:
        move = Move.parse(text)
        count = move.count or 1
        if move.word is not None:
            return text
        if count > 1:                       # a run off a column: its first card, and the cards on it
            pile = game.position()["columns"][int(move.src[1:]) - 1]
            first = pile[-count] if move.src[0] == "c" and len(pile) >= count else None
            more = "the card on it" if count == 2 else f"the {count - 1} cards on it"
            return f"{text} (the {card(first).words} and {more})" if first else text
        if hasattr(game, "card_at"):
            moved = game.card_at(move.src)
            words = card(moved).words if moved else None
        else:                               # The Prince: a column's top card, or the one its place offers
            kind, i = game._place(move.src)
            moved = (game.columns[i][-1] if game.columns[i] else None) if kind == "c" else game._top(kind, i)
            words = card_words(moved) if moved is not None else None
        return f"{text} (the {words})" if words else text
    except (AttributeError, ValueError, KeyError, IndexError, TypeError):
        return text


def summary(review: dict[str, Any], n: int, move_words: Callable[[int], str],
            instead_words: Callable[[int, str], str], *, word: str | None, won_game: bool,
            selected: int | None = None) -> list[str]:
    """The sentences that say what a finished review found.  ``review``:
    :meth:`Review.to_json`; ``n``: the moves in the game's history;
    ``move_words(k)``: move ``k`` (its index) in words; ``instead_words(k,
    move)``: a move from the position before move ``k`` in words; ``word``:
    :func:`random_word`; ``won_game``: the game ended won; ``selected``: a
    move asked about (the window's mark clicked), said after the rest."""
    losing = review.get("losing")
    lines = []
    deals = review.get("deals") or [{"first": 0, "last": n, "lost_from_the_start": False}]

    def what(k: int) -> str:
        """What move ``k``'s deal could be, in the game's words."""
        if not word:
            return "the game could be won"
        deal = next((d for d in deals if d["first"] <= k < d["last"]), deals[-1])
        return f"this deal could be finished {without(word, deal)}"
    if losing is not None:
        k = losing
        lines.append(f"Move {k + 1}, {move_words(k)}: {what(k)} before it and not after.")
        if review.get("instead"):
            lines.append(f"Instead, {instead_words(k, review['instead'])} kept it winnable.")
    if losing is None:
        lines.extend(unnamed(review["verdicts"], deals, n, word=word, won_game=won_game))
    if word and len(deals) > 1:
        lines.append(f"Each deal between {word}s is reviewed on its own "
                     f"({len(deals)} deals; a line marks each {word}).")
    if review.get("out_of_time"):
        lines.append("The review ran out of time before it could decide everything.")
    if selected is not None and selected != losing:
        k = selected
        state = {WON: what(k).replace("could", "could still"), LOST: what(k).replace("could", "could no longer"),
                 UNKNOWN: "the solver could not tell"}.get(review["verdicts"][k + 1], "not looked at")
        lines.append(f"Move {k + 1}, {move_words(k)}: after it, {state}.")
    return lines


def without(word: str, deal: dict[str, Any]) -> str:
    """ "without a shuffle" of the first deal (no shuffle came before it),
    "without another shuffle" of a deal a shuffle made."""
    return f"without {'a' if deal['first'] == 0 else 'another'} {word}"


def unnamed(verdicts: list[str], deals: list[dict[str, Any]], n: int, *, word: str | None,
            won_game: bool) -> list[str]:
    """What is said when no move is named as the one that lost the game:
    of the last deal (the game, where there is one deal), what the solver
    proved, in the game's own words (``word``: :func:`random_word`)."""
    if all(v == WON for v in verdicts):
        return ["Won after every move: " + ("a game well played." if won_game else "nothing is lost yet.")]
    deal = deals[-1]
    first, last = deal["first"], deal["last"]
    span = verdicts[first:last + 1]
    lost = next((first + i for i, v in enumerate(span) if v == LOST), None)
    won = next((last - i for i, v in enumerate(reversed(span)) if v == WON), None)
    subject = ("this deal" if len(deals) == 1 else "the last deal") if word else "the game"
    Subject = subject[:1].upper() + subject[1:]
    if lost == first:
        if word is None:
            return ["This deal could not be won from the start: no move lost it."]
        start = "from the start" if first == 0 else f"from its start ({after(first)})"
        return [f"{Subject} could not be finished {without(word, deal)} {start}: no move lost that."]
    if lost is None:
        if verdicts[last] == UNKNOWN:
            can = f"can still be finished {without(word, deal)}" if word else "can still be won"
            return [f"The solver could not tell in its time whether {subject} {can} from where it "
                    "stands (marked not known), so there is no losing move to name."]
        return [f"{Subject} could still be finished {without(word, deal)} after every move."] if word else []
    lost_words = f"could not be finished {without(word, deal)}" if word else "is lost"
    where = "where it ends" if lost == n else f"from move {lost} on"
    if won is None:
        return [f"{Subject} {lost_words} {where}; the solver could not decide the moves before it in its "
                "time (marked not known), so it cannot say which move lost it."]
    could = f"could still be finished {without(word, deal)}" if word else "could still be won"
    return [f"{Subject} {could} {after(won)} and {lost_words} {where}; the solver could not decide "
            f"the moves between in its time (marked not known), so it cannot say which of them lost it."]


#: each verdict's words on the timeline the command line prints (the window's legend's)
VERDICT_WORDS = {WON: "can still be won", LOST: "lost", UNKNOWN: "not known"}


def in_words(game: Any, review: dict[str, Any], move_words: Callable[[int], str] | None = None,
             instead_words: Callable[[int, str], str] | None = None) -> str:
    """The review of ``game`` as the command line prints it: the window's
    sentences, then each move with the verdict after it (the window's
    timeline; a fresh deal's line marked).  The moves' words are
    :func:`plain_move_words` unless given."""
    doc = game.to_dict()
    n = len(game.history)
    move_words = move_words or (lambda k: plain_move_words(doc, k))
    instead_words = instead_words or (lambda k, move: plain_move_words(doc, k, move))
    word = random_word(game)
    lines = summary(review, n, move_words, instead_words, word=word, won_game=game.won)
    lines += ["", "The deal: " + VERDICT_WORDS.get(review["verdicts"][0], "not looked at") + "."]
    losing = review.get("losing")
    for k in range(n):
        if word and str(game.history[k]) == "redeal":
            lines.append(f"--- a {word}: a new deal, reviewed on its own ---")
        said = VERDICT_WORDS.get(review["verdicts"][k + 1], "not looked at")
        mark = "   <- the move that lost it" if k == losing else ""
        lines.append(f"Move {k + 1}, {move_words(k)}: {said}{mark}")
    return "\n".join(lines)
