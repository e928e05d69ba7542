"""The solvers of The Republic and The Smith: ``solve_republic`` and ``solve_smith``.

Both take a game, a :class:`~engine.search.Budget` and ``known``, never
change the game, and return a :class:`~engine.search.Result`.

``known=True``: all cards known (statistics, the winnability indicator)
-----------------------------------------------------------------------
The face-down cards (Republic packets, both games' stock order) are taken as
they lie, which makes the game one of perfect information, and that game is
searched exactly:

- ``won``: ``moves`` is a line of engine moves (``"c3-c7:4"``, ``"p2-f"``,
  ``"turn"``, ``"s-t"``, ``"redeal"``, ``"c6-f:13"``, ``"deal"``) that wins
  from the current position; it has been replayed on a copy of the game
  (``engine.from_dict(game.to_dict())``) and reached ``won``.  A game
  already won gives ``won`` with no moves.
- ``impossible``: every position reachable from this one has been examined
  (up to the reductions proved below) and none is won: this deal, with its
  hidden cards where they are, cannot be won.
- ``unknown``: the budget ran out first (``moves`` is empty).

Two searches share the budget (``_exact_and_guided``, section "Finding
wins" below): the exact depth-first search, which alone can prove
``impossible``, and a second search that only looks for wins (The
Republic: a guided best-first search; The Smith: a deal-by-deal beam
search).

``known=False``: only what the player can see (hints)
-----------------------------------------------------
The hidden cards are a Republic packet's face-down cards, the stock (its
order and, in The Smith, its content) and, conservatively, every talon card
but the top one (the player saw them go by, but the table no longer shows
them).  The search runs over the *visible part* of the game: the positions
reachable by moves that reveal nothing.  A move that reveals is a *frontier
move* and ends a line without being searched through: ``turn``, The Smith's
``deal``, playing a face-up packet card (the next one turns up), emptying a
column over its packet (its top turns up or its last card moves down), and
playing the talon's top card while others lie under it.  Then:

- ``won``: a win is reachable without revealing anything; ``moves`` wins
  (replayed on a copy).
- ``impossible``: only when the game is over (no legal move), or when the
  whole visible part has been examined, no position in it is won and no
  frontier move is legal anywhere in it: then no card is ever revealed
  again, so the verdict holds for every arrangement of the hidden cards.
- ``unknown`` otherwise, with ``moves`` the best line found (never empty
  while a legal move exists; every move legal in turn, its first move legal
  now): internal moves, possibly ended by one frontier move.  Lines are
  ranked by a score of what they leave visible: cards on the foundations,
  face-down cards revealed, vacancies, cards packed in sequence (in one suit
  most), minus a little per move; the value of a frontier move is estimated
  without looking at what it would reveal.

Where a safe foundation move (The Republic, item 3 below; The Smith has
none) is played as the only child of its position, the other moves there,
revealing ones included, are not looked at, yet ``impossible`` needs that no
revealing move is legal anywhere in the visible part.  That still holds: a
safe move never takes a revealing move away (a stock or packet card cannot
fit on the card going home, every card that could being home already), and
a safe move that empties a column over its packet is itself a revealing
move.

The search
----------
An iterative depth-first search over a private compact copy of the
position.  Moves are made and unmade in place and generated lazily, group
by group in a fixed order of promise, since the search usually follows the
first move and rarely needs the rest:

- The Republic: cards to the foundations; moves that turn up a packet card;
  the turned card and the talon's top onto columns; sequences onto columns;
  ``turn`` (or ``s-t``); moves into a vacancy; play-backs; ``redeal``.
- The Smith: lay-offs; units that join their suit; units that empty their
  column; ``deal``; other units onto a card; units into an empty column;
  parts of units.

The move that exactly undoes the one before is not generated (it leads back
to a position already reached).  A transposition table keeps the positions
already reached; its keys are bytes joined from per-pile byte strings kept
up to date move by move.  Its size is bounded (``max_table_bytes``): when
full it stops growing and the positions of the current line are kept in a
separate set, so the search stays sound and finite (it can only repeat
work).  The cyclic garbage collector is paused during a search (the search
makes no reference cycles; the collector's walks over its deep stack of
suspended generators halved its speed).  A won line, which wanders as a
depth-first line does, is shortened before it is returned: from each of its
positions, the move that reaches the latest position of the line in one
step.

Finding wins: the second search (``known=True``)
------------------------------------------------
A depth-first search commits to its first moves: in these games it deals
(The Smith) or turns the stock early, goes down to the bottom of the stock,
and then backtracks hopelessly through a subtree far too big to search.  So
with every card known a second search takes turns with it, on its own copy
of the position and with its own table: a greedy best-first search
(``_guided``) that always expands, of the positions it has generated and
not yet expanded, the one of least ``guide()`` (an estimate of the work
left: The Republic: cards not home, face-down packet cards, cards on a card
they do not fit, a small bonus per vacancy except under any suit; The
Smith: joins out of suit or out of order, base cards other than kings,
cards still in the stock, empty columns), the deepest among equals.  It
uses the same move generator, but nothing it does counts as a proof: when
it gives up (its table full, or nothing left) it just stops, and only a win
it finds is used (shortened and replayed like the exact search's).

The Smith's second search is not ``_guided`` (which never won a fresh
Smith deal, under any rule, up to a million nodes tried on a few deals) but
a deal-by-deal beam search (``_beam``).  Between two deals any moves may be
made, and a deal needs every column filled; so from each of the 30
positions it keeps, a best-first search of up to 3,000 nodes that never
deals collects the positions where a deal is legal, ranked by
``beam_score()`` (suits laid off; cards on the next higher card of their
suit, most; cards on a card they do not fit, against; base cards other
than kings, against; long top units; empty columns; and, as the stock is
known, the same for the cards the next deal will put on each column); the
best 30 are dealt on.  Once the stock is empty the best 3 are each
searched for 200,000 nodes.  Like ``_guided`` it only ever claims a win
(shortened and replayed); it gives up after the last of those searches.

The exact search runs alone first for a share of the budget (``HEAD_START``:
The Republic 10%; The Smith 80% under same suit, 20% under the other two
rules), then the two alternate, 2,048 nodes of exact search to
``GUIDED_SLICES`` times as many of the second search (The Republic 2; The
Smith 1 under same suit, 4 otherwise).  Turns are counted in nodes, so a
node budget gives the same verdict every time.  Measured on deals 1..30 at
150,000 nodes a deal, against the exact search alone: The Republic won 26
deals instead of 16 under alternating colour, 19 instead of 18 under any
suit, 29 as before under same suit; at 10 s a deal (``bench/solver.py``, one
job): 27 instead of 20, 24 instead of 20, 30 as before.  The Smith: under
same suit the exact search keeps most of the budget, as the deals it proves
impossible take up to ~450,000 nodes.  Under the other two rules no fresh
deal has been proved impossible, so the beam search gets most of the budget;
it needs about 1.1 million nodes of its own to run its course, more than 10
s gives it.  Measured (one job): at 10 s a deal, any suit, deals 1..20: none
won (same suit, deals 1..30: 27 impossible, 3 unknown, against 26 and 4
before); at 2.5 million nodes a deal, any suit, deals 1..20: deal 2 won (1.9
million nodes), 19 unknown; alternating colour, deals 1..12: deal 10 won
(1.5 million nodes), 11 unknown.  Whether the others are lost or only out of
reach is still open: the beam rarely lays off more than 2 or 3 suits.

Position keys are canonical where the rules are symmetric, and only there:

- The Republic: the (packet, column) pairs are sorted (a column is tied to
  its packet, nothing else tells pairs apart); foundation tops are sorted
  (which foundation holds a suit never matters); stock, turned card, talon
  and redeals left are kept as they are.
- The Smith: the columns are sorted only when the stock is empty.  While
  the stock holds cards a deal puts a given card on a given column, so the
  columns are *not* interchangeable.

Soundness: what the exact search may skip
-----------------------------------------
A *win-preserving* reduction skips moves from a position only if the
position can still be won, when it can be won at all, through the moves kept.
With a table of visited positions that is not quite enough (the kept moves
could lead round in a circle); the arguments below also show that a measure
never rises along the move kept alone (3), and falls along some kept move
where nothing is forced (1, 2): the least number of moves other than ``s-t``
a win needs, doubled, plus one while a turned card waits.  So if the start
can be won, the search reaches a won position: a winnable position it
reaches with the least measure can only be won itself.

1. Symmetry (both games): moves into two vacancies with empty packets (The
   Smith: two empty columns while the stock is empty), or play-backs from two
   foundations with the same top, lead to positions with the same canonical
   key: only the first is generated.  Moving a whole column into a vacancy
   (The Republic: with its packet empty; The Smith: only while the stock is
   empty) gives the same canonical position and is skipped.
2. The Republic: *closed home sets*.  Let L be a set of cards, both copies of
   each on the foundations, closed downward in each suit (c in L gives c-4 in
   L) and under packing (any card that may be packed on a card of L is in L).
   Lemma 1: if the position can be won, it can be won without ever moving a
   card of L.  Proof: drop every move of an L card from a winning line.  No
   card outside L can ever lie on a card of L, so in every column the L
   cards form the top segment; removing them leaves each column's other
   cards, tops and vacancies as before or better (a column never becomes a
   closed one: L cards only enter an empty column that is a vacancy), and
   every foundation's height becomes max(height, its suit's floor in L), so
   every other move stays legal (a moved sequence loses only its L top, and
   more vacancies only raise the 2^n limit); a turned card that went to the
   talon by itself may now wait, and ``s-t`` is inserted.  Hence a
   foundation's top card x is never played back when the closure of {x} is
   home (the cards of rank <= r(x) of its suit, and by the rule: any suit:
   every card of rank < r(x); alternating colour: rank < r(x) of the other
   colour, rank < r(x)-1 of its own; same suit: nothing more).
3. The Republic: *safe foundation moves*.  A card c of rank r on top of its
   place (column, face-up packet, turned card or talon) goes home safely when
   the closure of {the cards that may be packed on c} together with c's suit
   below r is home: both foundations of c's suit at r-1 or more, and any suit:
   every foundation at r-1 or more; alternating colour: the other colour's at
   r-1 or more, the other suit of c's colour at r-2 or more; same suit:
   nothing more.  Lemma 2: then the position after the move can be won if the
   one before it can.  Proof: take a winning line from before that moves no
   card of that set (Lemma 1), so nothing is ever put on c.  Replay it after
   the move with c as a ghost: moves of c are dropped (a ghost in the stock
   or talon is skipped by ``turn``, a redeal of a talon holding only the
   ghost is dropped, which leaves a redeal in hand); the other copy of c,
   if the line sends it home, goes to c's sibling foundation, at r-1 (the
   positions are then the same); every other move stays legal because the
   position after has c's place uncovered and nothing else changed (an
   emptied column over a packet shows its card sooner: more moves, none
   fewer).  A card that waited before the safe move can never afterwards
   go straight to the talon (so no ``s-t`` of the line is lost): the only
   place that changes is c's, and no stock card fits on c (every card that
   could is already home).  Such a move is played as the only child
   of its position.
4. No other pruning: in particular a complete king-to-ace run in The Smith
   is *not* always safe to lay off: a column emptied that way must be filled
   before the next deal, and a position where the run is the only thing that
   keeps every column occupied can be won by dealing first and lost by
   laying off first (``tests/test_solve_piles.py`` holds one).  Lay-offs are
   only tried first.
"""

from __future__ import annotations

import gc
import heapq
import time

from .packing import PACKS
from .search import Budget, OutOfBudget, Result
from .smith import FITS as SMITH_FITS

__all__ = ["solve_republic", "solve_smith", "DEFAULT_TABLE_BYTES"]

#: the transposition table's memory bound (keys and set slots, estimated)
DEFAULT_TABLE_BYTES = 256 * 1024 * 1024
_ENTRY_OVERHEAD = 110          # a bytes object's header and its set slot, on CPython 64-bit

RANK = tuple(c >> 2 for c in range(52))      # 0 (ace) .. 12 (king)
SUIT = tuple(c & 3 for c in range(52))
RED = (False, True, True, False)            # clubs, diamonds, hearts, spades


# =================================================================== The Smith

_S_LAY = -1                      # move (i, -1, 13): lay-off from column i; (-1, -1, 0): deal
_DEAL_MOVE = (-1, -1, 0)


class _Smith:
    """A Smith position for the search: 8 columns (lists of card ints,
    bottom to top), the stock as dealt (top last) with ``sp`` cards left,
    and the number of suits laid off."""

    #: the exact search runs alone for this share of the budget, then takes
    #: turns with the guided search: per turn, GUIDED_SLICES times as many
    #: nodes of the guided search as of the exact one (``_exact_and_guided``)
    HEAD_START = 0.8
    GUIDED_SLICES = 1

    def __init__(self, game) -> None:
        if game.rule != "same-suit":
            # no fresh deal has been proved impossible under these rules; the
            # beam search (The Smith's second search) needs the nodes
            self.HEAD_START = 0.2
            self.GUIDED_SLICES = 4
        self.cols = [list(c) for c in game.columns]
        self.stock = list(game.stock)
        self.sp = len(self.stock)
        self.laid = sum(1 for top in game.foundations if top is not None)
        self.fits = SMITH_FITS[game.rule]
        self.colb = [bytes(c) for c in self.cols]

    # ----------------------------------------------------------- state
    def won(self) -> bool:
        return self.laid == 8

    def key(self) -> bytes:
        if self.sp:
            return bytes((self.sp,)) + b"\xff".join(self.colb)
        return b"\x00" + b"\xff".join(sorted(self.colb))

    def play(self, m):
        i, j, k = m
        cols, colb = self.cols, self.colb
        if i < 0:                                   # deal: stock top onto c1
            st, sp = self.stock, self.sp
            for x in range(8):
                cols[x].append(st[sp - 1 - x])
                colb[x] = bytes(cols[x])
            self.sp = sp - 8
            return None
        src = cols[i]
        if j < 0:                                   # lay-off: the top 13 go home
            suit = src[-1] & 3
            del src[-13:]
            colb[i] = bytes(src)
            self.laid += 1
            return suit
        dst = cols[j]
        dst += src[-k:]
        del src[-k:]
        colb[i] = bytes(src)
        colb[j] = bytes(dst)
        return None

    def unplay(self, m, token) -> None:
        i, j, k = m
        cols, colb = self.cols, self.colb
        if i < 0:
            for x in range(8):
                cols[x].pop()
                colb[x] = bytes(cols[x])
            self.sp += 8
            return
        src = cols[i]
        if j < 0:
            src += range(48 + token, -1, -4)        # king down to ace of that suit
            colb[i] = bytes(src)
            self.laid -= 1
            return
        dst = cols[j]
        src += dst[-k:]
        del dst[-k:]
        colb[i] = bytes(src)
        colb[j] = bytes(dst)

    # ----------------------------------------------------------- moves
    def moves(self, last=None, token=None):
        """The moves worth trying, best first, generated lazily group by
        group: lay-offs, joins in suit, units that empty their column,
        ``deal``, other units onto a card, units into an empty column, and
        last the moves that split a unit.  ``last``: the move that led here;
        its exact reversal is left out (it leads back to the position before,
        already reached).  The position must be the same each time the
        generator is resumed."""
        banned = (last[1], last[0], last[2]) if last is not None and last[0] >= 0 and last[1] >= 0 else None
        cols, fits = self.cols, self.fits
        by_rank: list[list] = [[] for _ in range(14)]
        empties = []
        runs = [0] * 8
        for j in range(8):
            col = cols[j]
            if col:
                top = col[-1]
                by_rank[top >> 2].append((j, top))
                n = len(col)
                run = 1
                below = top + 4
                while run < n and col[-run - 1] == below:
                    run += 1
                    below += 4
                runs[j] = run
                if run == 13:
                    yield (j, _S_LAY, 13)
            else:
                empties.append(j)
        # whole units onto a card: in suit first, then those that empty a column
        others = []
        for i in range(8):
            run = runs[i]
            if run:
                col = cols[i]
                bottom = col[-run]
                for j, top in by_rank[(bottom >> 2) + 1]:
                    if j != i and fits[top][bottom] and (i, j, run) != banned:
                        if top == bottom + 4:
                            yield (i, j, run)
                        else:
                            others.append((i, j, run))
        for m in others:
            if m[2] == len(cols[m[0]]):
                yield m
        if not empties and self.sp:
            yield _DEAL_MOVE
        for m in others:
            if m[2] != len(cols[m[0]]):
                yield m
        if empties:
            # while the stock is empty the columns are interchangeable: one
            # empty column will do, and a whole column gives the same position
            stock_empty = not self.sp
            to_empty = empties[:1] if stock_empty else empties
            for i in range(8):
                run = runs[i]
                if run and not (stock_empty and run == len(cols[i])):
                    for j in to_empty:
                        yield (i, j, run)
            for i in range(8):
                for k in range(1, runs[i]):
                    for j in to_empty:
                        yield (i, j, k)
        # parts of units onto a card
        for i in range(8):
            col = cols[i]
            for k in range(1, runs[i]):
                bottom = col[-k]
                for j, top in by_rank[(bottom >> 2) + 1]:
                    if j != i and fits[top][bottom] and (i, j, k) != banned:
                        yield (i, j, k)

    # ----------------------------------------------------------- guided search
    def snapshot(self):
        """The position, to ``restore`` later (columns as they lie, not sorted)."""
        return tuple(self.colb), self.sp, self.laid

    def restore(self, snap) -> None:
        colb, self.sp, self.laid = snap
        self.colb = list(colb)
        self.cols = [list(b) for b in colb]

    def guide(self) -> int:
        """An estimate of the work left, for the guided search (lower is
        better; 0 when won): per column, 4 for each card lying on a card it
        does not fit, 2 for each card on a card of another suit that it fits
        (that join must be undone before the suit can go home) and 2 for a
        base card other than a king; 3 for each card still in the stock; -8
        for each empty column while cards remain."""
        fits = self.fits
        cost = 3 * self.sp
        empty = 0
        for col in self.cols:
            if not col:
                empty += 1
                continue
            upper = col[0]
            if upper < 48:
                cost += 2
            for lower in col[1:]:
                if upper != lower + 4:
                    cost += 2 if fits[upper][lower] else 4
                upper = lower
        if self.laid < 8:
            cost -= 8 * empty
        return cost

    def beam_score(self) -> int:
        """The deal-by-deal beam search's value of a position (higher is
        better): 1000 per suit laid off; per column, 40 for each card on the
        next higher card of its suit, 2 for one on a card it fits otherwise,
        -10 for one on a card it does not fit, -8 for a base card other than
        a king, and a quarter of the square of its top unit's length; 40 per
        empty column; and, when every column holds a card, the same weights
        for the cards the next deal will put on them (they are known)."""
        fits = self.fits
        total = 1000 * self.laid
        empty = 0
        cols = self.cols
        for col in cols:
            if not col:
                empty += 1
                continue
            upper = col[0]
            if upper < 48:
                total -= 8
            run = 1
            for lower in col[1:]:
                if upper == lower + 4:
                    total += 40
                    run += 1
                else:
                    total += 2 if fits[upper][lower] else -10
                    run = 1
                upper = lower
            total += run * run // 4
        total += 40 * empty
        sp = self.sp
        if sp and not empty:
            stock = self.stock
            for x in range(8):
                card, top = stock[sp - 1 - x], cols[x][-1]
                if top == card + 4:
                    total += 40
                else:
                    total += 2 if fits[top][card] else -10
        return total

    # ----------------------------------------------------------- hints
    @staticmethod
    def is_frontier(m) -> bool:
        return m[0] < 0                             # a deal shows eight unknown cards

    def score(self) -> int:
        total = 2000 * self.laid
        fits = self.fits
        for col in self.cols:
            if not col:
                total += 40
                continue
            for x in range(1, len(col)):
                upper, lower = col[x - 1], col[x]
                if upper == lower + 4:
                    total += 12
                elif fits[upper][lower]:
                    total += 3
        return total

    def frontier_gain(self, m) -> int:
        return 5

    @staticmethod
    def text(m) -> str:
        i, j, k = m
        if i < 0:
            return "deal"
        if j < 0:
            return f"c{i + 1}-f:13"
        return f"c{i + 1}-c{j + 1}" + (f":{k}" if k > 1 else "")


# =================================================================== The Republic

# move kinds: (kind, a, b, k)
_CF, _CC, _PF, _PC, _SF, _SC, _ST, _TF, _TC, _FC, _TURN, _REDEAL = range(12)
_TURN_MOVE = (_TURN, 0, 0, 1)
_REDEAL_MOVE = (_REDEAL, 0, 0, 1)
_ST_MOVE = (_ST, 0, 0, 1)
_SF_MOVE = (_SF, 0, 0, 1)
_TF_MOVE = (_TF, 0, 0, 1)


def _fit_table(rule: str) -> tuple[tuple[bool, ...], ...]:
    pack = PACKS[rule]
    return tuple(tuple(pack(u, c) for c in range(52)) for u in range(52))


_R_FITS = {rule: _fit_table(rule) for rule in PACKS}


def _requirements(rule: str, playback: bool) -> tuple[tuple[int, int, int, int], ...]:
    """For each card, the least height of the lower foundation of each suit
    (0: a suit with fewer than two foundations started counts 0) that makes
    the set L of the module docstring home: with ``playback`` False, for
    sending the card home safely (item 3); with ``playback`` True, for never
    playing it back (item 2)."""
    table = []
    for c in range(52):
        r, s = RANK[c] + 1, SUIT[c]
        req = [0, 0, 0, 0]
        for t in range(4):
            if rule == "any-suit":
                need = r - 1
            elif rule == "alternate":
                need = r - 1 if RED[t] != RED[s] else r - 2
            else:
                need = 0
            if t == s:
                need = r if playback else r - 1
            req[t] = max(need, 0)
        table.append(tuple(req))
    return tuple(table)


_SAFE_REQ = {rule: _requirements(rule, False) for rule in PACKS}
_KEEP_REQ = {rule: _requirements(rule, True) for rule in PACKS}

_REVEAL, _FOUND = 60, 100
_NO_FLOOR = [-1, -1, -1, -1]          # lows that satisfy no requirement: reductions off


class _Republic:
    """A Republic position for the search: columns and packets (lists, bottom
    to top), the stock (top last), the turned card (-1: none), the talon
    (top last), the 8 foundation tops (-1: empty) and the redeals left."""

    HEAD_START = 0.1                  # see _Smith
    GUIDED_SLICES = 2

    def __init__(self, game, reductions: bool = True) -> None:
        #: items 2 and 3 of the module docstring (off only to test them)
        self.reductions = reductions
        rule = game.rule
        self.fits = _R_FITS[rule]
        self.safe_req = _SAFE_REQ[rule]
        self.keep_req = _KEEP_REQ[rule]
        #: the guide's bonus for a vacancy: measured, it helps the guided
        #: search under alternating colour; under any suit, where vacancies
        #: are cheap to make, any bonus stalls it (it keeps them empty)
        self.vacancy_bonus = 0 if rule == "any-suit" else 1
        self.restore((tuple(bytes(c) for c in game.columns), tuple(bytes(p) for p in game.packets),
                      bytes(game.stock), -1 if game.turned is None else int(game.turned),
                      bytes(game.talon), tuple(-1 if t is None else int(t) for t in game.foundations),
                      game.redeals_left))

    # ----------------------------------------------------------- guided search
    def snapshot(self):
        """The position, to ``restore`` later (piles as they lie, not sorted)."""
        return (tuple(bytes(c) for c in self.cols), tuple(bytes(p) for p in self.packs),
                bytes(self.stock), self.turned, bytes(self.talon), tuple(self.found), self.redeals)

    def restore(self, snap) -> None:
        cols, packs, stock, self.turned, talon, found, self.redeals = snap
        self.cols = [list(c) for c in cols]
        self.packs = [list(p) for p in packs]
        self.stock = list(stock)
        self.talon = list(talon)
        self.found = list(found)
        self.wanted = [0] * 52
        for t in self.found:
            self._want(t, 1)
        self.f1 = [t + 1 for t in self.found]
        self.fb = bytes(sorted(self.f1))
        self.packb = [bytes(p) + b"\xfe" for p in self.packs]
        self.pairb = [pb + bytes(c) for pb, c in zip(self.packb, self.cols)]
        self._rest_bytes()

    def guide(self) -> int:
        """An estimate of the work left, for the guided search (lower is
        better; 0 when won): 4 for each card not home, 3 more for each card
        still face down in a packet, 2 for each card in a column lying on a
        card it does not fit, and ``-vacancy_bonus`` for each vacancy while
        cards remain."""
        cost = 4 * 104
        for t in self.found:
            if t >= 0:
                cost -= 4 * (RANK[t] + 1)
        fits = self.fits
        vacancies = 0
        for col, pack in zip(self.cols, self.packs):
            if pack:
                cost += 3 * (len(pack) - (0 if col else 1))
            elif not col:
                vacancies += 1
            for x in range(1, len(col)):
                if not fits[col[x - 1]][col[x]]:
                    cost += 2
        if cost:
            cost -= self.vacancy_bonus * vacancies
        return cost

    # ----------------------------------------------------------- bookkeeping
    def _want(self, top: int, d: int) -> None:
        w = self.wanted
        if top < 0:
            for a in range(4):
                w[a] += d
        elif top < 48:
            w[top + 4] += d

    def lows(self) -> list[int]:
        """Per suit, the height of its lower foundation (0 unless both are started)."""
        first = [-1, -1, -1, -1]
        low = [0, 0, 0, 0]
        for t in self.found:
            if t >= 0:
                s, h = t & 3, (t >> 2) + 1
                if first[s] < 0:
                    first[s] = h
                else:
                    low[s] = h if h < first[s] else first[s]
        return low

    def _rest_bytes(self) -> None:
        self.rb = (bytes(self.stock) + b"\xfd" + bytes(self.talon)
                   + bytes((self.turned + 1, self.redeals + 1)))

    def _pair(self, i: int) -> None:
        self.pairb[i] = self.packb[i] + bytes(self.cols[i])

    def _packet(self, i: int) -> None:
        self.packb[i] = bytes(self.packs[i]) + b"\xfe"
        self.pairb[i] = self.packb[i] + bytes(self.cols[i])

    def _home(self, c: int) -> int:
        """Put ``c`` on the leftmost foundation that takes it; return that foundation."""
        j = self.found.index(c - 4 if c >= 4 else -1)
        self._set_found(j, c)
        return j

    def _set_found(self, j: int, c: int) -> None:
        found, w = self.found, self.wanted
        old = found[j]
        if old < 0:
            w[0] -= 1
            w[1] -= 1
            w[2] -= 1
            w[3] -= 1
        elif old < 48:
            w[old + 4] -= 1
        if c < 0:
            w[0] += 1
            w[1] += 1
            w[2] += 1
            w[3] += 1
        elif c < 48:
            w[c + 4] += 1
        found[j] = c
        f1 = self.f1
        f1[j] = c + 1
        self.fb = bytes(sorted(f1))

    def _settle(self, i: int) -> bool:
        """An empty column over a one-card packet: that card moves down."""
        if not self.cols[i] and len(self.packs[i]) == 1:
            self.cols[i].append(self.packs[i].pop())
            self.packb[i] = b"\xfe"
            return True
        return False

    def _unsettle(self, i: int, settled: bool) -> None:
        if settled:
            self.packs[i].append(self.cols[i].pop())
            self.packb[i] = bytes(self.packs[i]) + b"\xfe"

    def _playable(self, c: int) -> bool:
        if self.wanted[c]:
            return True
        fits = self.fits
        for col, pack in zip(self.cols, self.packs):
            if col:
                if fits[col[-1]][c]:
                    return True
            elif not pack:
                return True
        return False

    # ----------------------------------------------------------- state
    def won(self) -> bool:
        return min(self.found) >= 48

    def key(self) -> bytes:
        return b"\xff".join(sorted(self.pairb)) + b"\xfc" + self.fb + self.rb

    def play(self, m):
        kind, a, b, k = m
        cols = self.cols
        if kind == _CC:
            src, dst = cols[a], cols[b]
            dst += src[-k:]
            del src[-k:]
            settled = not src and self._settle(a)
            self._pair(a)
            self._pair(b)
            return settled
        if kind == _CF:
            c = cols[a].pop()
            j = self._home(c)
            settled = self._settle(a)
            self._pair(a)
            return j, settled
        if kind == _FC:
            c = self.found[a]
            self._set_found(a, c - 4 if c >= 4 else -1)
            cols[b].append(c)
            self._pair(b)
            return None
        if kind == _PF or kind == _PC:
            c = self.packs[a].pop()
            if kind == _PF:
                j = self._home(c)
            else:
                j = -1
                cols[b].append(c)
                self._pair(b)
            settled = self._settle(a)
            self._packet(a)
            return j, settled
        if kind <= _ST:                            # the turned card
            c, self.turned = self.turned, -1
            j = -1
            if kind == _SF:
                j = self._home(c)
            elif kind == _SC:
                cols[b].append(c)
                self._pair(b)
            else:
                self.talon.append(c)
            self._rest_bytes()
            return j
        if kind <= _TC:                            # the talon's top card
            c = self.talon.pop()
            j = -1
            if kind == _TF:
                j = self._home(c)
            else:
                cols[b].append(c)
                self._pair(b)
            self._rest_bytes()
            return j
        if kind == _TURN:
            c = self.stock.pop()
            if self._playable(c):
                self.turned = c
                waits = True
            else:
                self.talon.append(c)
                waits = False
            self._rest_bytes()
            return waits
        # redeal: the talon turned over as it lies
        token = (self.talon, self.redeals)
        self.stock = self.talon[::-1]
        self.talon = []
        if self.redeals > 0:
            self.redeals -= 1
        self._rest_bytes()
        return token

    def unplay(self, m, token) -> None:
        kind, a, b, k = m
        cols = self.cols
        if kind == _CC:
            self._unsettle(a, token)
            src, dst = cols[a], cols[b]
            src += dst[-k:]
            del dst[-k:]
            self._pair(a)
            self._pair(b)
            return
        if kind == _CF:
            j, settled = token
            self._unsettle(a, settled)
            c = self.found[j]
            self._set_found(j, c - 4 if c >= 4 else -1)
            cols[a].append(c)
            self._pair(a)
            return
        if kind == _FC:
            c = cols[b].pop()
            self._pair(b)
            self._set_found(a, c)
            return
        if kind == _PF or kind == _PC:
            j, settled = token
            self._unsettle(a, settled)
            if kind == _PF:
                c = self.found[j]
                self._set_found(j, c - 4 if c >= 4 else -1)
            else:
                c = cols[b].pop()
                self._pair(b)
            self.packs[a].append(c)
            self._packet(a)
            return
        if kind <= _ST:
            if kind == _SF:
                c = self.found[token]
                self._set_found(token, c - 4 if c >= 4 else -1)
            elif kind == _SC:
                c = cols[b].pop()
                self._pair(b)
            else:
                c = self.talon.pop()
            self.turned = c
            self._rest_bytes()
            return
        if kind <= _TC:
            if kind == _TF:
                c = self.found[token]
                self._set_found(token, c - 4 if c >= 4 else -1)
            else:
                c = cols[b].pop()
                self._pair(b)
            self.talon.append(c)
            self._rest_bytes()
            return
        if kind == _TURN:
            if token:
                c, self.turned = self.turned, -1
            else:
                c = self.talon.pop()
            self.stock.append(c)
            self._rest_bytes()
            return
        self.talon, self.redeals = token
        self.stock = []
        self._rest_bytes()

    # ----------------------------------------------------------- moves
    def moves(self, last=None, token=None):
        """The moves worth trying, best first, generated lazily group by group
        (the search often needs only the first); a safe foundation move alone
        when there is one (module docstring, items 1-3).  ``last`` and
        ``token``: the move that led here; its exact reversal is left out
        (it leads back to the position before, already reached).  The
        position must be the same each time the generator is resumed."""
        cols, packs, wanted = self.cols, self.packs, self.wanted
        turned, talon = self.turned, self.talon
        lo = self.lows() if self.reductions else _NO_FLOOR
        # -- safe foundation moves, played alone
        safe_req = self.safe_req
        for i in range(10):
            col = cols[i]
            if col:
                c = col[-1]
            elif packs[i]:
                c = packs[i][-1]
            else:
                continue
            if wanted[c]:
                req = safe_req[c]
                if lo[0] >= req[0] and lo[1] >= req[1] and lo[2] >= req[2] and lo[3] >= req[3]:
                    yield (_CF if col else _PF, i, 0, 1)
                    return
        talon_top = talon[-1] if talon else -1
        for c, move in ((turned, _SF_MOVE), (talon_top, _TF_MOVE)):
            if c >= 0 and wanted[c]:
                req = safe_req[c]
                if lo[0] >= req[0] and lo[1] >= req[1] and lo[2] >= req[2] and lo[3] >= req[3]:
                    yield move
                    return

        # -- the exact reversal of the last move
        banned = banned_home = banned_back = None
        if last is not None:
            lk = last[0]
            if lk == _CC:
                if not token:
                    banned = (_CC, last[2], last[1], last[3])
            elif lk == _FC:
                banned_home = last[2]
            elif lk == _CF and not token[1]:
                banned_back = (self.found[token[0]], last[1])

        fits = self.fits
        vacant = -1
        n_vac = 0
        tops = []
        at_rank: list[list] = [[] for _ in range(14)]
        for j in range(10):
            col = cols[j]
            if col:
                t = col[-1]
                tops.append((j, t))
                at_rank[t >> 2].append((j, t))
            elif not packs[j]:
                n_vac += 1
                if vacant < 0:
                    vacant = j
        face_up = [i for i in range(10) if packs[i] and not cols[i]]
        # 1. to the foundations
        for i, t in tops:
            if wanted[t] and i != banned_home:
                yield (_CF, i, 0, 1)
        for i in face_up:
            if wanted[packs[i][-1]]:
                yield (_PF, i, 0, 1)
        if turned >= 0 and wanted[turned]:
            yield _SF_MOVE
        if talon_top >= 0 and wanted[talon_top]:
            yield _TF_MOVE
        # 2. moves that turn up a packet card
        lim_col = 1 << n_vac
        lim_vac = 1 << (n_vac - 1) if n_vac else 0
        runs = {}
        for i, _top in tops:
            col = cols[i]
            n = len(col)
            run = 1
            while run < n and fits[col[n - run - 1]][col[n - run]]:
                run += 1
            runs[i] = run
            if packs[i] and run == n:
                if n <= lim_col:
                    for j, t in at_rank[(col[0] >> 2) + 1]:
                        if j != i and fits[t][col[0]]:
                            yield (_CC, i, j, n)
                if n <= lim_vac:
                    yield (_CC, i, vacant, n)
        for i in face_up:
            c = packs[i][-1]
            for j, t in at_rank[(c >> 2) + 1]:
                if fits[t][c]:
                    yield (_PC, i, j, 1)
            if vacant >= 0:
                yield (_PC, i, vacant, 1)
        # 3. the turned card and the talon's top onto columns
        for c, kc in ((turned, _SC), (talon_top, _TC)):
            if c >= 0:
                for j, t in at_rank[(c >> 2) + 1]:
                    if fits[t][c]:
                        yield (kc, 0, j, 1)
                if vacant >= 0:
                    yield (kc, 0, vacant, 1)
        # 4. sequences onto other columns (a whole column over a packet: in 2)
        for i, top in tops:
            col = cols[i]
            n = len(col)
            run = runs[i]
            most = run if run < lim_col else lim_col
            if most == n and packs[i]:
                most -= 1
            low = top >> 2
            for k in range(1, most + 1):
                for j, t in at_rank[low + k]:
                    if j != i and fits[t][col[-k]]:
                        m = (_CC, i, j, k)
                        if m != banned:
                            yield m
        # 5. the stock
        if turned >= 0:
            yield _ST_MOVE
        elif self.stock:
            yield _TURN_MOVE
        # 6. into a vacancy (the first: vacancies are interchangeable); a whole
        # column with its packet empty would give the same position, sorted
        if vacant >= 0:
            for i, _top in tops:
                run = runs[i]
                most = run if run < lim_vac else lim_vac
                n = len(cols[i])
                if most == n:
                    most -= 1
                for k in range(1, most + 1):
                    yield (_CC, i, vacant, k)
        # 7. play-backs, except of cards whose closure is home (item 2), and
        # from one of two foundations with the same top
        found, keep_req = self.found, self.keep_req
        for j in range(8):
            x = found[j]
            if x < 0 or x in found[:j]:
                continue
            req = keep_req[x]
            if lo[0] >= req[0] and lo[1] >= req[1] and lo[2] >= req[2] and lo[3] >= req[3]:
                continue
            for i, t in at_rank[(x >> 2) + 1]:
                if fits[t][x] and (x, i) != banned_back:
                    yield (_FC, j, i, 1)
            if vacant >= 0:
                yield (_FC, j, vacant, 1)
        if turned < 0 and not self.stock and talon and self.redeals != 0:
            yield _REDEAL_MOVE

    # ----------------------------------------------------------- hints
    def is_frontier(self, m) -> bool:
        kind, a, b, k = m
        if kind == _CC or kind == _CF:
            return bool(self.packs[a]) and k == len(self.cols[a])
        if kind == _PF or kind == _PC or kind == _TURN:
            return True
        if kind == _TF or kind == _TC:
            return len(self.talon) > 1
        return False

    def score(self) -> int:
        total = 0
        for t in self.found:
            if t >= 0:
                total += _FOUND * (RANK[t] + 1)
        fits = self.fits
        for col, pack in zip(self.cols, self.packs):
            if pack:
                total -= _REVEAL * (len(pack) - (0 if col else 1))
            elif not col:
                total += 40
            for x in range(1, len(col)):
                upper, lower = col[x - 1], col[x]
                if fits[upper][lower]:
                    total += 8 if SUIT[upper] == SUIT[lower] else 5
        if self.turned >= 0:
            total -= 3
        return total

    def frontier_gain(self, m) -> int:
        kind = m[0]
        if kind == _CF or kind == _PF:
            return _FOUND + _REVEAL
        if kind == _CC or kind == _PC:
            return _REVEAL
        if kind == _TF:
            return _FOUND
        return 1

    @staticmethod
    def text(m) -> str:
        kind, a, b, k = m
        if kind == _CC:
            return f"c{a + 1}-c{b + 1}" + (f":{k}" if k > 1 else "")
        if kind == _CF:
            return f"c{a + 1}-f"
        if kind == _PF:
            return f"p{a + 1}-f"
        if kind == _PC:
            return f"p{a + 1}-c{b + 1}"
        if kind == _SF:
            return "s-f"
        if kind == _SC:
            return f"s-c{b + 1}"
        if kind == _ST:
            return "s-t"
        if kind == _TF:
            return "t-f"
        if kind == _TC:
            return f"t-c{b + 1}"
        if kind == _FC:
            return f"f{a + 1}-c{b + 1}"
        return "turn" if kind == _TURN else "redeal"


# =================================================================== the searches

class _Table:
    """Positions already reached: a set of keys bounded by an estimate of its
    memory; beyond the bound, keys of the current line only (``line``)."""

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
            self.room -= len(key) + _ENTRY_OVERHEAD
            return 1
        self.line.add(key)
        return 2


def _unwind(stack: list, unplay, at: int = 1) -> None:
    """Take back the moves of the search's current line (its frames; ``at``:
    where a frame keeps its move, its token next)."""
    for frame in reversed(stack):
        if frame[at] is not None:
            unplay(frame[at], frame[at + 1])
    stack.clear()


#: frames nearer the root than this keep no move generator: it is rebuilt if
#: the search comes back to them (a depth-first line can be 10^5 moves long)
_LIVE_FRAMES = 512


def _exact(pos, budget: Budget, max_bytes: int) -> list | None:
    """Depth-first search of every position reachable from ``pos``: the
    winning line (internal moves) or None when there is none.  Raises
    :class:`OutOfBudget`.  ``pos`` is left as it was."""
    run = _exact_steps(pos, budget, max_bytes)
    while True:
        try:
            next(run)
        except StopIteration as stop:
            return stop.value


def _exact_steps(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62):
    """:func:`_exact` as a generator that yields (None) after every ``pause``
    nodes, so that another search can take turns with it; its return value
    (``StopIteration.value``) is the winning line or None.  :class:`OutOfBudget`
    passes through, with ``pos`` left as it was."""
    if pos.won():
        return []
    table = _Table(max_bytes)
    table.enter(pos.key())
    seen, line = table.seen, table.line
    tick = budget.tick
    play, unplay, key, gen, won = pos.play, pos.unplay, pos.key, pos.moves, pos.won
    # a frame: [its moves (a generator, or None far from the top), the move that
    # led here, its undo token, its key if kept on ``line`` only, moves taken]
    stack = [[gen(None, None), None, None, None, 0]]
    count = 0
    while stack:
        frame = stack[-1]
        moves = frame[0]
        if moves is None:
            moves = frame[0] = gen(frame[1], frame[2])
            for _ in range(frame[4]):
                next(moves)
        m = next(moves, None)
        if m is None:
            stack.pop()
            if frame[1] is not None:
                unplay(frame[1], frame[2])
                if frame[3] is not None:
                    line.discard(frame[3])
            continue
        frame[4] += 1
        count += 1
        if count >= pause:
            count = 0
            try:
                yield None             # the position stays as it is meanwhile
            except GeneratorExit:
                _unwind(stack, unplay)
                raise
        try:
            tick()
        except OutOfBudget:
            _unwind(stack, unplay)
            raise
        token = play(m)
        if won():
            path = [f[1] for f in stack[1:]]
            path.append(m)
            unplay(m, token)
            _unwind(stack, unplay)
            return path
        k = key()
        if k in seen or k in line:
            unplay(m, token)
            continue
        if table.room > 0:
            seen.add(k)
            table.room -= len(k) + _ENTRY_OVERHEAD
            stack.append([gen(m, token), m, token, None, 0])
        else:
            line.add(k)
            stack.append([gen(m, token), m, token, k, 0])
        if len(stack) > _LIVE_FRAMES:
            stack[-_LIVE_FRAMES - 1][0] = None
    return None


#: an expanded position's snapshot and its bookkeeping, in bytes (estimated)
_SNAPSHOT_BYTES = 1000


def _line_to(parents: list[int], steps: list, at: int, m) -> list:
    """The moves from the root (node 0) to node ``at`` of a search tree kept
    as parent links and the move into each node, then ``m``."""
    line = [m]
    while at > 0:
        line.append(steps[at])
        at = parents[at]
    line.reverse()
    return line


def _guided(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62):
    """Greedy best-first search for a win: the position of least
    ``pos.guide()`` among those generated and not yet expanded is expanded
    next; among equals, the deepest, then the first generated (so on a
    plateau it goes on down the line it is on, trying moves in the order of
    promise of ``pos.moves``, as the depth-first search does).  Every position
    is generated once (a table of keys).  A generator like
    :func:`_exact_steps`: it yields after every ``pause`` nodes and returns a
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
                    return _line_to(parents, steps, here, m)
                k = key()
                if k not in seen:
                    seen.add(k)
                    room -= len(k) + _ENTRY_OVERHEAD
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
            room -= _SNAPSHOT_BYTES
            parents.append(parent)
            steps.append(m)
            depths.append(depths[parent] + 1)
    finally:
        pos.restore(root)


#: the deal-by-deal beam search (``_beam``): positions kept per deal, nodes
#: of search from each before a deal, positions searched to the end once the
#: stock is empty and the nodes for each
_BEAM_WIDTH = 30
_BEAM_STEP = 3000
_BEAM_ENDS = 3
_BEAM_END_NODES = 200_000
#: a generated position's heap entry, snapshot and table slot, in bytes (estimated)
_BEAM_ENTRY_BYTES = 700


def _beam(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62):
    """The Smith with every card known: a deal-by-deal beam search for a win.
    Between two deals any moves may be made, and a deal needs every column
    filled; so from each of the ``_BEAM_WIDTH`` positions kept, a best-first
    search (highest ``pos.beam_score()`` first, every position generated
    once per deal) of up to ``_BEAM_STEP`` nodes without dealing collects
    the positions where a deal is legal; the best ``_BEAM_WIDTH`` of them
    are dealt on and kept.  Once the stock is empty the best ``_BEAM_ENDS``
    are searched the same way for ``_BEAM_END_NODES`` nodes each.  A
    generator like :func:`_guided`: it yields after every ``pause`` nodes and
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
                kept = kept[:_BEAM_ENDS]
            cap = _BEAM_END_NODES if final else _BEAM_STEP
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
                    for m in gen(None if last is _DEAL_MOVE else last, None):
                        if m is _DEAL_MOVE:
                            continue
                        n += 1
                        count += 1
                        if count >= pause:
                            count = 0
                            yield None
                        tick()
                        t = play(m)
                        if won():
                            return _line_to(parents, steps, at, m)
                        k = key()
                        if k not in seen:
                            seen.add(k)
                            room -= 2 * len(k) + _BEAM_ENTRY_BYTES
                            node = len(parents)
                            parents.append(at)
                            steps.append(m)
                            push(heap, (-score(), node, node, pos.snapshot()))
                        unplay(m, t)
            if final:
                return None
            dealable.sort()
            kept = []
            for _, at, snap in dealable[:_BEAM_WIDTH]:
                pos.restore(snap)
                play(_DEAL_MOVE)
                node = len(parents)
                parents.append(at)
                steps.append(_DEAL_MOVE)
                kept.append((node, pos.snapshot()))
        return None
    finally:
        pos.restore(root)


def _visible(pos, budget: Budget, max_bytes: int) -> tuple[str, list]:
    """Depth-first search of the visible part (module docstring): ``("won",
    line)``, ``("impossible", [])`` or ``("unknown", best line)``.  ``pos``
    is left as it was."""
    if pos.won():
        return "won", []
    table = _Table(max_bytes)
    table.enter(pos.key())
    tick = budget.tick
    play, unplay, key, gen, won = pos.play, pos.unplay, pos.key, pos.moves, pos.won
    frontier, score, gain = pos.is_frontier, pos.score, pos.frontier_gain
    enter = table.enter
    best_score: float = float("-inf")
    best: list = []
    frontier_seen = False

    def split(frame) -> list:
        """The internal moves of the top frame's position; its frontier moves
        end lines here (a rebuilt frame weighs them again, to no effect)."""
        nonlocal best_score, best, frontier_seen
        here, depth = frame[5], len(stack) - 1
        inner = []
        for m in gen(frame[1], frame[2]):
            if frontier(m):
                frontier_seen = True
                value = here + gain(m) - depth - 1
                if value > best_score:
                    best_score = value
                    best = [f[1] for f in stack[1:]] + [m]
            else:
                inner.append(m)
        return inner

    # a frame: [internal moves (None far from the top), the move that led here,
    # its undo token, its key if kept on ``line`` only, moves taken, its score]
    stack: list = [[None, None, None, None, 0, score()]]
    try:
        while stack:
            frame = stack[-1]
            moves = frame[0]
            if moves is None:
                moves = frame[0] = split(frame)
            i = frame[4]
            if i == len(moves):
                stack.pop()
                if frame[1] is not None:
                    unplay(frame[1], frame[2])
                    if frame[3] is not None:
                        table.line.discard(frame[3])
                continue
            frame[4] = i + 1
            m = moves[i]
            tick()
            token = play(m)
            if won():
                line = [f[1] for f in stack[1:]]
                line.append(m)
                unplay(m, token)
                _unwind(stack, unplay)
                return "won", line
            k = key()
            how = enter(k)
            if not how:
                unplay(m, token)
                continue
            here = score()
            depth = len(stack)
            if here - depth > best_score:
                best_score = here - depth
                best = [f[1] for f in stack[1:]] + [m]
            stack.append([None, m, token, k if how == 2 else None, 0, here])
            if len(stack) > _LIVE_FRAMES:
                stack[-_LIVE_FRAMES - 1][0] = None
    except OutOfBudget:
        _unwind(stack, unplay)
        return "unknown", best
    if not frontier_seen:
        return "impossible", []
    return "unknown", best


def _shorten(pos, line: list) -> list:
    """A line no longer than ``line`` that wins from ``pos`` too: from each
    position, the move that reaches the latest position of ``line`` (by key)
    in one step.  ``pos`` is left as it was."""
    keys = {}
    tokens = []
    for i, m in enumerate(line):
        keys[pos.key()] = i
        tokens.append(pos.play(m))
    for m, token in zip(reversed(line), reversed(tokens)):
        pos.unplay(m, token)
    end = len(line)
    out: list = []
    undo: list = []
    at = 0
    while at < end:
        best, best_at = None, at
        for m in pos.moves(None, None):
            token = pos.play(m)
            reach = end if pos.won() else keys.get(pos.key(), -1)
            pos.unplay(m, token)
            if reach > best_at:
                best, best_at = m, reach
                if reach == end:
                    break
        if best is None:                           # cannot happen; keep the line found
            out = list(line)
            break
        undo.append((best, pos.play(best)))
        out.append(best)
        at = best_at
    for m, token in reversed(undo):
        pos.unplay(m, token)
    return out


def _replay(game, lines: list[str], must_win: bool) -> None:
    """Play ``lines`` on a copy of ``game``; RuntimeError if a move is refused
    or (``must_win``) the copy is not won at the end: a solver bug, never
    hidden."""
    from . import from_dict
    copy = from_dict(game.to_dict())
    for text in lines:
        reason = copy.explain(text)
        if reason is not None:
            raise RuntimeError(f"solver line {lines} fails at {text!r}: {reason}")
        copy.play(text)
    if must_win and not copy.won:
        raise RuntimeError(f"solver line {lines} does not win")


def _solve(game, pos, budget: Budget, known: bool, max_bytes: int) -> Result:
    # The search allocates no reference cycles, but its deep line of suspended
    # generators makes every run of the cyclic collector walk thousands of
    # objects: switched off while searching, it doubles the speed.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _search(game, pos, budget, known, max_bytes)
    finally:
        if collecting:
            gc.enable()


#: the nodes of one turn of the exact search, once the guided one has started
_SLICE = 2048
#: the budget counted for the head start when the search has no limit
_UNLIMITED_NODES = 1_000_000


def _spent(budget: Budget, share: float) -> bool:
    """Has ``share`` of ``budget`` been used (of its nodes, or of its time)?"""
    if budget.limit is not None and budget.nodes >= share * budget.limit:
        return True
    if budget.deadline is not None:
        return time.perf_counter() >= budget.start + share * (budget.deadline - budget.start)
    return budget.limit is None and budget.nodes >= share * _UNLIMITED_NODES


def _exact_and_guided(game, pos, budget: Budget, max_bytes: int) -> tuple[list | None, object]:
    """The exact search of ``pos`` and, after its head start, the guided
    search of a copy of it (with half the memory bound), taking turns: (the
    first winning line found, the position object it was found on, as it
    was), or (None, pos) when the exact search has proved there is none.
    Raises :class:`OutOfBudget`."""
    exact = _exact_steps(pos, budget, max_bytes, _SLICE)
    guided = None
    guided_pos = None
    try:
        while True:
            if guided_pos is None and _spent(budget, pos.HEAD_START):
                guided_pos = type(pos)(game)
                second = _beam if isinstance(pos, _Smith) else _guided
                guided = second(guided_pos, budget, max_bytes // 2, _SLICE * pos.GUIDED_SLICES)
            if guided is not None:
                try:
                    next(guided)
                except StopIteration as stop:
                    guided = None                   # given up: the exact search goes on alone
                    if stop.value is not None:
                        return stop.value, guided_pos
            try:
                next(exact)
            except StopIteration as stop:
                return stop.value, pos
    finally:
        exact.close()
        if guided is not None:
            guided.close()


def _search(game, pos, budget: Budget, known: bool, max_bytes: int) -> Result:
    if game.won:
        return budget.result("won", [])
    if not game.legal_moves():
        return budget.result("impossible", [])
    if known:
        try:
            line, pos = _exact_and_guided(game, pos, budget, max_bytes)
        except OutOfBudget:
            return budget.result("unknown", [])
        if line is None:
            return budget.result("impossible", [])
        line = _shorten(pos, line)
        texts = [pos.text(m) for m in line]
        _replay(game, texts, must_win=True)
        return budget.result("won", texts)
    status, line = _visible(pos, budget, max_bytes)
    if status == "won":
        # a move that reveals cannot reach a position of a line that revealed
        # nothing (the stock, talon or packet would differ), so this stays visible
        line = _shorten(pos, line)
    texts = [pos.text(m) for m in line]
    if status == "unknown" and not texts:
        texts = [str(game.legal_moves()[0])]       # nothing searched yet: any legal move
    _replay(game, texts, must_win=status == "won")
    return budget.result(status, texts)


def solve_smith(game, budget: Budget, known: bool, *, max_table_bytes: int = DEFAULT_TABLE_BYTES) -> Result:
    """Search The Smith ``game`` from its current position within ``budget``
    (see the module docstring for ``known`` and what each status means).
    ``game`` is not changed."""
    if game.name != "smith":
        raise ValueError(f"solve_smith plays The Smith, not {game.name!r}")
    return _solve(game, _Smith(game), budget, known, max_table_bytes)


def solve_republic(game, budget: Budget, known: bool, *,
                   max_table_bytes: int = DEFAULT_TABLE_BYTES) -> Result:
    """Search The Republic ``game`` from its current position within
    ``budget`` (see the module docstring for ``known`` and what each status
    means).  ``game`` is not changed."""
    if game.name != "republic":
        raise ValueError(f"solve_republic plays The Republic, not {game.name!r}")
    return _solve(game, _Republic(game), budget, known, max_table_bytes)

