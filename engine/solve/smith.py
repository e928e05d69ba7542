"""The Smith, as the searches see it: a compact position whose moves are
made and unmade in place (docs/rules.md, "The Smith").

Cards are the engine's integers (``rank * 4 + suit``, ace 0); columns are
lists bottom to top, and the stock is kept as dealt with ``sp`` cards left,
so a deal and its undo only move a pointer.  A move is a tuple ``(i, j, k)``:
``k`` cards from column ``i`` onto column ``j``; ``(i, LAY, 13)`` lays the
run on column ``i`` off; ``DEAL_MOVE`` deals.

What the searches may skip, and why (the proof that the depth-first search
stays complete is in ``piles.py``):

- Symmetry.  While the stock holds cards a deal puts a given card on a
  given column, so the columns are not interchangeable; once it is empty
  they are: the key sorts them, one empty column stands for all, and a
  whole column is never moved into an empty one (the same position).
- The move that exactly undoes the one before is not generated: it leads
  back to a position already reached.
- Nothing else.  In particular a complete king-to-ace run is *not* always
  safe to lay off: a column emptied that way must be filled before the next
  deal, and a position where the run is the only thing that keeps every
  column occupied can be won by dealing first and lost by laying off first
  (``tests/test_solve_piles.py`` holds one).  Lay-offs are only tried first.
"""

from __future__ import annotations

from ..smith import FITS

LAY = -1                         # move (i, LAY, 13): lay-off from column i
DEAL_MOVE = (-1, -1, 0)


class SmithModel:
    """A Smith position for the search: 8 columns (lists of card ints,
    bottom to top), the stock as dealt (top last) with ``sp`` cards left,
    and the number of suits laid off."""

    #: how ``piles.py`` shares a budget, per rule: (the share the exact
    #: search has to itself first, then the second search's nodes per
    #: exact node while they take turns).  Under same suit the exact
    #: search's proofs need the nodes; under the other rules it proves
    #: next to nothing impossible and the beam search wins most deals, so
    #: the beam gets most of the budget (``bench/solver.py`` measures both)
    SCHEDULE = {"same-suit": (0.8, 1), "alternate": (0.05, 8), "any-suit": (0.05, 8)}

    @staticmethod
    def second_search():
        """The search that takes turns with the exact one in ``piles.py``,
        looking for wins only: the beam search (``smith_beam.py``)."""
        from .smith_beam import beam
        return beam

    def __init__(self, game) -> None:
        self.cols = [list(c) for c in game.columns]
        self.stock = list(game.stock)
        self.sp = len(self.stock)
        self.laid = sum(1 for top in game.foundations if top is not None)
        self.fits = FITS[game.rule]
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
                    yield (j, LAY, 13)
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
            yield DEAL_MOVE
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

    def pack(self) -> bytes:
        """The position as one byte string (stock left, suits laid off, the
        columns as they lie): a third of a :meth:`snapshot`'s memory, for
        the beam search, which keeps thousands (``unpack``)."""
        return bytes((self.sp, self.laid)) + b"\xff".join(self.colb)

    def unpack(self, packed: bytes) -> None:
        self.sp, self.laid = packed[0], packed[1]
        self.colb = packed[2:].split(b"\xff")
        self.cols = [list(b) for b in self.colb]

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

    def beam_moves(self, last=None) -> list:
        """The moves the beam search (``smith_beam.py``) looks at, as a list:
        lay-offs; whole units onto a card they fit; parts of units onto the
        next card of their suit; whole units into an empty column (not a
        whole column while the stock is empty: the same position); never
        ``deal`` (the beam deals itself).  The exact reversal of ``last`` is left
        out.  A beam only ever claims wins that replay, so leaving moves out
        costs it reach, never soundness."""
        banned = (last[1], last[0], last[2]) if last is not None and last[0] >= 0 and last[1] >= 0 else None
        cols, fits = self.cols, self.fits
        by_rank: list[list] = [[] for _ in range(14)]
        empties = []
        runs = [0] * 8
        out = []
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
                    out.append((j, LAY, 13))
            else:
                empties.append(j)
        stocked = self.sp > 0
        for i in range(8):
            run = runs[i]
            if not run:
                continue
            col = cols[i]
            for k in range(run, 0, -1):
                bottom = col[-k]
                for j, top in by_rank[(bottom >> 2) + 1]:
                    if j != i and (i, j, k) != banned and (top == bottom + 4 or (k == run and fits[top][bottom])):
                        out.append((i, j, k))
            if stocked or run < len(col):
                for j in empties:
                    if (i, j, run) != banned:
                        out.append((i, j, run))
        return out

    def beam_value(self, w: dict, memo: dict | None = None) -> int:
        """The beam search's value of a position (higher is better), by the
        weights ``w`` (``smith_beam.py``): per column, ``home`` for each card
        in the run in suit up from a king at its bottom, ``suit`` for each
        card on the next card of its suit, ``fit`` for one on a card it fits
        otherwise, ``bad`` for one on a card it does not fit, ``base`` for a
        bottom card other than a king, and a quarter of the square of its
        top unit's length; ``empty`` per empty column; per suit laid off,
        what its thirteen cards were worth as a home run (``focus`` too) and ``laid`` more
        (so laying off always gains); and, when every column holds a card,
        the same weights for the cards the next deal puts on them; and
        ``focus`` times the square of each column's home run's length (one
        long run counts for more than two short ones: a suit near its
        lay-off).

        ``memo``: a dict the caller keeps for one set of weights, a column's
        value by its bytes (a move changes two columns of eight: the others'
        values are looked up, not counted again)."""
        fits = self.fits
        total = (w["laid"] + 12 * (w["home"] + w["suit"]) + 169 * w["focus"]) * self.laid
        empty = 0
        cols = self.cols
        if memo is None:
            memo = {}
        for x, b in enumerate(self.colb):
            if not b:
                empty += 1
                continue
            v = memo.get(b)
            if v is None:
                v = memo[b] = self.column_value(cols[x], w)
            total += v
        total += w["empty"] * empty
        sp = self.sp
        if sp and not empty:
            suit_w, fit_w, bad_w = w["suit"], w["fit"], w["bad"]
            stock = self.stock
            for x in range(8):
                card, top = stock[sp - 1 - x], cols[x][-1]
                if top == card + 4:
                    total += suit_w
                else:
                    total += fit_w if fits[top][card] else bad_w
        return total

    def column_value(self, col: list, w: dict) -> int:
        """One non-empty column's part of :meth:`beam_value`."""
        fits = self.fits
        home_w, suit_w, fit_w, bad_w = w["home"], w["suit"], w["fit"], w["bad"]
        total = 0
        upper = col[0]
        home = upper >= 48
        if not home:
            total += w["base"]
        run = 1
        for lower in col[1:]:
            if upper == lower + 4:
                total += suit_w + home_w if home else suit_w
                run += 1
            else:
                if home:
                    home = False
                    total += w["focus"] * run * run
                total += fit_w if fits[upper][lower] else bad_w
                run = 1
            upper = lower
        if home:
            total += w["focus"] * run * run
        return total + run * run // 4

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

