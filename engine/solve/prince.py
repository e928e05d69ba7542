"""The Prince, as the searches see it (docs/rules.md, "The Prince"), all three rules:
a compact state, the moves the search tries, and why the ones it leaves
out cannot matter.  The search itself is ``prince_search.py``.

The state is not :class:`engine.Prince`:

- ``cols``: a tuple of 9 ``bytes``, each column's cards bottom to top (a card
  is the engine's integer, ``(rank - 1) * 4 + suit``), in the real column
  order, so a move names real columns;
- ``res``: a 7-bit mask of the reserve places still holding their card (no
  card ever enters the reserve, so each place's card is fixed);
- ``found``: 4 foundation heights, one per suit (1 = the ace alone).

The moves are generated on that state exactly as the engine allows them
(``tableau.PileGame``): a column's top run of k cards onto a column whose
top it fits (k at most 2^n with n vacancies) or into a vacancy (k at most
2^(n-1)), reserve cards onto columns, vacancies and foundations, foundation
tops but no ace back onto columns and vacancies, nothing into the reserve.
A line is written in the engine's notation, with the real column numbers.

Soundness: what the search leaves out
=====================================

``impossible`` is a proof only if every position the search skips could not
have led to a win anyway.  The search skips five kinds of thing.  Write
d(S) for the length of the shortest winning line from a winnable position S,
counted in single moves (a ``layoff`` is a run of single foundation moves, so
leaving it out changes nothing).

1. Symmetric positions.  Nothing in the rules depends on which column is
   which.  The transposition key is the reserve mask (which fixes the
   reserve's cards; the foundations hold all the others) and the columns
   *sorted*, so positions that differ by a permutation of the columns share a
   key and are searched once.  For the same reason a move into a vacancy is
   tried for the first vacancy only, and a whole column is never moved into
   a vacancy (that only renames the column).

2. The immediate reversal of the move that led to a position (``c3-c7:2``
   after ``c7-c3:2``, ``c4-f`` after ``f2-c4``) is not tried when no
   automatic move followed it: it leads back to the parent position, which
   is in the transposition table already.  Nor is playing back a foundation
   card that would at once be safe (4) again: the safe move would undo it.

3. Dead foundation cards.  Call a set D of cards on the foundations *dead* if
   (i) it is closed downwards in each suit (with a card, every lower card of
   its suit) and (ii) every card that could be packed onto a card of D is in
   D.  Lemma: a shortest winning line from S never moves a card of D.
   Proof: take any winning line W and delete every move of a D card (and
   shorten each run move to its part that is not in D).  By induction along
   W, the position W' reaches is W's position with every D card back on its
   foundation: a D card off the foundations can only lie at the top of a
   column under other D cards (what lies on it had to fit it, so is in D by
   (ii)); so every column of W' is W's column less a top segment of D cards,
   W' has at least W's vacancies, the tops W plays onto are the same, a run
   W moves is, less its D part, a run of W' within W' s supermove limits,
   and a foundation stays a prefix of its suit (the union of two prefixes)
   whose top, whenever W plays on or from it a card not in D, is the same in
   both (by (i), the card is above all of D's cards of its suit).  W won
   implies W' won; W' is shorter if any move was deleted, so a shortest line
   deletes none.  D = the largest dead set (the union of dead sets is dead)
   is computed from the foundation heights by a fixed point (``_Rule.info``:
   each suit's dead height is at most one more than that of every suit whose
   cards pack onto it) and its cards are never played back.  Under same-suit packing D is every
   foundation card: only the next lower card of its suit, which lies under
   it on the foundation, can be packed on a card, so playing back is never
   useful.  Aces never leave their foundation anyway.

4. Safe foundation moves, played at once (and written in the line).  The
   card c = (r, s) that foundation s takes is *safe* when the card under it,
   (r-1, s), and every card that could be packed onto c are dead (in D).
   Claim: then d(S') = d(S) - 1 for S' = S with c moved up.  Proof: take a
   shortest winning line W from S; by 3, W never moves a D card, so W never
   packs anything onto c and never plays (r-1, s) back.  Play W from S'
   keeping the relation "W's position, except that c lies on its foundation
   where W has it free: at the top of a column with nothing on it, or in the
   reserve".  A move of W that does not touch c is legal in S' (the columns
   are the same but c's, whose top in S' W cannot use: in W it is covered by
   c; S' has at least W's vacancies).  When W moves c alone, skip it (c stays
   free in W); when W moves c at the top of a run of k, move the k-1 cards
   under it; when W plays c to its foundation, skip it: from then on the two
   positions are equal and W' goes on as W.  W' is a winning line from S' at
   least one move shorter than W.  With foundation cards coming back, the
   usual rule "both opposite-colour cards of rank r-1 are up" is NOT safe by
   itself: such a card may have to come back to lie on c (see the test
   ``test_the_usual_safe_rule_is_unsound_when_foundation_cards_come_back``).
   The dead set turns it into a sound rule: for alternate colour, c is safe
   when both opposite-colour cards of rank r-1 are up and they are dead,
   which needs the other suit of c's colour up to rank r-2 (recursively).
   Same-suit: every card a foundation takes is safe.  Rank 2: always safe.

5. Nothing else is pruned; no heuristic cuts the search.  The order of the
   search only decides which line is tried first.

Completeness, by induction on d: from a winnable position S the safe moves
lead to S* with d(S*) = d(S) - (their number), and the first move of a
shortest line from S* is among the moves tried (it moves no dead card by 3,
renames no column by 1, and a reversal skipped by 2 leads to a position
already in the table), leading to a position with a smaller d.  A search
that runs out of positions to expand has expanded every position it
generated, so the positions it reached are closed under the moves tried;
had it reached a winnable position it would, by the induction, have reached
a won one.  So ``impossible`` means no winnable position was reached, the
start included.
"""

from __future__ import annotations

from typing import Any

from ..cards import BY_NAME

N_COLUMNS, N_RESERVE = 9, 7
SEP = b"\x7f"
RES_BYTE = tuple(bytes([m]) for m in range(1 << N_RESERVE))

# move kinds; a move is (kind, a, b, count): column a to column b (count
# cards), column a to its foundation, reserve place a to column b, reserve
# place a to its foundation, suit a's foundation to column b
CC, CF, RC, RF, FC = 0, 1, 2, 3, 4
WON = (13, 13, 13, 13)
BITS = tuple(bin(m).count("1") for m in range(1 << 7))
CARD_BYTE = tuple(bytes((c,)) for c in range(52))


def _colour(c: int) -> int:
    return 1 if (c & 3) in (1, 2) else 0


def _fits_function(rule: str):
    if rule == "alternate":
        return lambda upper, lower: (upper >> 2) == (lower >> 2) + 1 and _colour(upper) != _colour(lower)
    if rule == "any-suit":
        return lambda upper, lower: (upper >> 2) == (lower >> 2) + 1
    if rule == "same-suit":
        return lambda upper, lower: upper == lower + 4
    raise ValueError(f"no packing rule {rule!r}")


class _Rule:
    """Tables for one packing rule, built once."""

    _cache: dict[str, _Rule] = {}

    def __init__(self, rule: str) -> None:
        fits = _fits_function(rule)
        self.rule = rule
        self.fits = [[fits(u, x) for x in range(52)] for u in range(52)]
        #: for each card, the cards it may be packed onto
        self.onto = tuple(tuple(u for u in range(52) if fits(u, x)) for x in range(52))
        #: for each suit s, the other suits whose rank q-1 cards may be packed
        #: onto a rank q card of suit s
        self.base_suits = tuple(tuple(u for u in range(4) if u != s and fits(4 + s, u)) for s in range(4))
        self.found_info: dict[tuple[int, ...], tuple] = {}

    @classmethod
    def get(cls, rule: str) -> _Rule:
        r = cls._cache.get(rule)
        if r is None:
            r = cls._cache[rule] = _Rule(rule)
        return r

    def info(self, found: tuple[int, ...]) -> tuple:
        """(safe cards, playable but not safe cards, returnable (suit, card)s,
        the cards the foundations need next with their weights for
        ``PrinceModel.value``) for these foundation heights; see the
        module's notes 3 and 4."""
        got = self.found_info.get(found)
        if got is not None:
            return got
        h = list(found)  # the dead set's height in each suit (fixed point)
        changed = True
        while changed:
            changed = False
            for s in range(4):
                for u in self.base_suits[s]:
                    if h[s] > h[u] + 1:
                        h[s] = h[u] + 1
                        changed = True
        safe, unsafe, back = [], [], []
        for s in range(4):
            f = found[s]
            if f < 13:
                c = f * 4 + s
                if h[s] == f and all(h[u] >= f for u in self.base_suits[s]):
                    safe.append(c)
                else:
                    unsafe.append(c)
            if f >= 2 and h[s] < f:
                back.append((s, (f - 1) * 4 + s))
        needs = tuple((CARD_BYTE[f * 4 + d * 4 + s], 2 - d)
                      for s, f in enumerate(found) for d in (0, 1) if f + d < 13)
        got = (frozenset(safe), frozenset(unsafe), tuple(back), needs)
        self.found_info[found] = got
        return got


def state_of(position: dict[str, Any]) -> tuple[tuple[bytes, ...], tuple[int | None, ...],
                                                tuple[int, ...], tuple[int, ...]]:
    """The compact state of a Prince position (the engine's position format):
    (columns, reserve cards by place, foundation heights by suit, foundation
    index by suit)."""
    cols = tuple(bytes(BY_NAME[n] for n in col) for col in position["columns"])
    reserve = tuple(None if n is None else int(BY_NAME[n]) for n in position["reserve"])
    found = [0, 0, 0, 0]
    where = [0, 0, 0, 0]
    for i, top in enumerate(position["foundations"]):
        c = BY_NAME[top]
        found[c & 3] = (c >> 2) + 1
        where[c & 3] = i
    return cols, reserve, tuple(found), tuple(where)




class PrinceModel:
    """A Prince position, its rule's tables, and the moves from any state
    reachable from it (the search passes states in and gets new ones back)."""

    def __init__(self, position: dict[str, Any], rule: str) -> None:
        self.cols, reserve, self.found, self.where = state_of(position)
        self.reserve = reserve
        self.res = sum(1 << i for i, c in enumerate(reserve) if c is not None)
        self.tables = _Rule.get(rule)
        # the reserve's (place, card)s for every mask
        self.res_slots = tuple(tuple((i, reserve[i]) for i in range(N_RESERVE) if m >> i & 1)
                               for m in range(1 << N_RESERVE))
        self.run_memo: dict[bytes, tuple] = {}

    # ------------------------------------------------------------ helpers
    @staticmethod
    def key(cols: tuple[bytes, ...], res: int) -> bytes:
        """The transposition key: the reserve mask, then the columns sorted
        (the foundations hold every other card, so they need no place)."""
        return RES_BYTE[res] + SEP.join(sorted(cols))

    def column_info(self, col: bytes) -> tuple:
        """For a column: the length of its top run, the cards its run may
        land on (a set), and for each such card how many cards land."""
        got = self.run_memo.get(col)
        if got is not None:
            return got
        fits, onto = self.tables.fits, self.tables.onto
        n = len(col)
        run = 1
        while run < n and fits[col[n - run - 1]][col[n - run]]:
            run += 1
        count = {u: k for k in range(1, run + 1) for u in onto[col[n - k]]}
        got = (run, frozenset(count), count)
        self.run_memo[col] = got
        return got

    def autoplay(self, cols: list[bytes], res: int, found: list[int], played: list[tuple]) -> int:
        """Play every safe foundation move, repeatedly; returns the reserve mask."""
        info = self.tables.info
        slots = self.res_slots
        while True:
            safe = info(tuple(found))[0]
            if not safe:
                return res
            for i in range(N_COLUMNS):
                col = cols[i]
                if col and col[-1] in safe:
                    c = col[-1]
                    cols[i] = col[:-1]
                    found[c & 3] += 1
                    played.append((CF, i, 0, 1))
                    break
            else:
                for i, c in slots[res]:
                    if c in safe:
                        res &= ~(1 << i)
                        found[c & 3] += 1
                        played.append((RF, i, 0, 1))
                        break
                else:
                    return res

    def moves(self, cols: tuple[bytes, ...], res: int, found: tuple[int, ...]) -> list[tuple]:
        """Every move the search tries here: ``(kind, a, b, count)``, the
        engine's moves less those the notes say cannot matter."""
        _, unsafe, back, _ = self.tables.info(found)
        onto = self.tables.onto
        top_at = {col[-1]: i for i, col in enumerate(cols) if col}
        nv = cols.count(b"")
        vacant = cols.index(b"") if nv else -1
        tops = top_at.keys()
        lim_col = 1 << nv
        lim_vac = 1 << (nv - 1) if nv else 0
        out = []
        add = out.append
        memo = self.run_memo
        for i in range(N_COLUMNS):
            col = cols[i]
            if not col:
                continue
            if col[-1] in unsafe:
                add((CF, i, 0, 1))
            run, targets, count = memo.get(col) or self.column_info(col)
            for u in targets & tops:
                k = count[u]
                if k <= lim_col:
                    add((CC, i, top_at[u], k))
            if nv:
                most = run if run < lim_vac else lim_vac
                if most == len(col):
                    most -= 1
                for k in range(1, most + 1):
                    add((CC, i, vacant, k))
        for i, c in self.res_slots[res]:
            if c in unsafe:
                add((RF, i, 0, 1))
            for u in onto[c]:
                j = top_at.get(u)
                if j is not None:
                    add((RC, i, j, 1))
            if nv:
                add((RC, i, vacant, 1))
        for s, c in back:
            for u in onto[c]:
                j = top_at.get(u)
                if j is not None:
                    add((FC, s, j, 1))
            if nv:
                add((FC, s, vacant, 1))
        return out

    def step(self, cols: tuple[bytes, ...], res: int, found: tuple[int, ...], move: tuple):
        """The position after ``move`` and the safe moves that follow it:
        (cols, res, found, moves played)."""
        kind, a, b, k = move
        c2 = list(cols)
        f2 = list(found)
        if kind == CC:
            c2[a], c2[b] = cols[a][:-k], cols[b] + cols[a][-k:]
        elif kind == RC:
            res &= ~(1 << a)
            c2[b] = cols[b] + bytes((self.reserve[a],))
        elif kind == FC:
            f2[a] -= 1
            c2[b] = cols[b] + bytes((f2[a] * 4 + a,))
        elif kind == CF:
            c = cols[a][-1]
            c2[a] = cols[a][:-1]
            f2[c & 3] += 1
        else:
            c = self.reserve[a]
            res &= ~(1 << a)
            f2[c & 3] += 1
        played = [move]
        res = self.autoplay(c2, res, f2, played)
        return tuple(c2), res, tuple(f2), played

    def value(self, h: bytes, cols: tuple[bytes, ...], res: int, found: tuple[int, ...]) -> int:
        """How promising a position looks (only the order of the search
        depends on it): cards on the foundations and vacancies count for,
        reserve cards and the cards over the next two cards each foundation
        needs count against.  ``h`` is the position's key, where a card's
        depth in its column is the distance to the next separator.  (The
        search has this inline.)"""
        v = 10 * sum(found) + 4 * cols.count(b"") - 2 * BITS[res]
        end = len(h)
        for card, weight in self.tables.info(found)[3]:
            i = h.find(card, 1)
            if i > 0:
                j = h.find(SEP, i)
                v -= weight * ((j if j > 0 else end) - i - 1)
        return v

    # ------------------------------------------------------------ notation
    def notation(self, moves: list[tuple]) -> list[str]:
        """The moves in the engine's notation."""
        out = []
        for kind, a, b, k in moves:
            if kind == CC:
                out.append(f"c{a + 1}-c{b + 1}" + (f":{k}" if k > 1 else ""))
            elif kind == CF:
                out.append(f"c{a + 1}-f")
            elif kind == RC:
                out.append(f"r{a + 1}-c{b + 1}")
            elif kind == RF:
                out.append(f"r{a + 1}-f")
            else:
                out.append(f"f{self.where[a] + 1}-c{b + 1}")
        return out

