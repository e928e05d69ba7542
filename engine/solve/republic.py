"""The Republic, as the searches see it: a compact position whose moves are
made and unmade in place (docs/rules.md, "The Republic").

Cards are the engine's integers (``rank * 4 + suit``, ace 0).  Piles are
lists bottom to top; each (packet, column) pair and the rest (stock,
talon, turned card, redeals left) are also kept as byte strings, brought up
to date move by move, from which the key is joined.  The key is canonical
where the rules are symmetric, and only there: the pairs are sorted (a
column is tied to its packet, nothing else tells pairs apart), and so are
the foundation tops (which foundation holds a suit never matters); stock,
turned card, talon and redeals left are kept as they are.

A move is a tuple ``(kind, a, b, k)`` (``republic_rules.py``, which also
generates them and proves what they may leave out).
"""

from __future__ import annotations

from . import republic_rules
from .republic_rules import CC, CF, FC, FITS, KEEP_REQ, PC, PF, RANK, SAFE_REQ, SC, SF, ST, SUIT, TC, TF, TURN

#: the hint score's weights: a card home, a face-down card
_FOUND, _REVEAL = 100, 60


class RepublicModel:
    """A Republic position for the search: columns and packets (lists, bottom
    to top), the stock (top last), the turned card (-1: none), the talon
    (top last), the 8 foundation tops (-1: empty) and the redeals left."""

    #: how ``piles.py`` shares a budget, per rule: (the share the exact
    #: search has to itself first, then the second search's nodes per
    #: exact node while they take turns)
    SCHEDULE = {"alternate": (0.1, 2), "any-suit": (0.1, 2), "same-suit": (0.1, 2)}

    @staticmethod
    def second_search():
        """The search that takes turns with the exact one in ``piles.py``,
        looking for wins only: the guided best-first search."""
        from .best_first import guided
        return guided

    def __init__(self, game, reductions: bool = True) -> None:
        #: the reductions of ``republic_rules.py`` (off only to test them)
        self.reductions = reductions
        rule = game.rule
        self.fits = FITS[rule]
        self.safe_req = SAFE_REQ[rule]
        self.keep_req = KEEP_REQ[rule]
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

    def exact_key(self) -> bytes:
        """The position as it lies, nothing sorted: equal exactly when the
        engine's positions are (every pile in its place, the face-down
        cards included); for ``shortcuts.py``, which must not take one
        column for another."""
        return b"\xff".join(self.pairb) + b"\xfc" + bytes(self.f1) + self.rb

    def play(self, m):
        kind, a, b, k = m
        cols = self.cols
        if kind == CC:
            src, dst = cols[a], cols[b]
            dst += src[-k:]
            del src[-k:]
            settled = not src and self._settle(a)
            self._pair(a)
            self._pair(b)
            return settled
        if kind == CF:
            c = cols[a].pop()
            j = self._home(c)
            settled = self._settle(a)
            self._pair(a)
            return j, settled
        if kind == FC:
            c = self.found[a]
            self._set_found(a, c - 4 if c >= 4 else -1)
            cols[b].append(c)
            self._pair(b)
            return None
        if kind == PF or kind == PC:
            c = self.packs[a].pop()
            if kind == PF:
                j = self._home(c)
            else:
                j = -1
                cols[b].append(c)
                self._pair(b)
            settled = self._settle(a)
            self._packet(a)
            return j, settled
        if kind <= ST:                            # the turned card
            c, self.turned = self.turned, -1
            j = -1
            if kind == SF:
                j = self._home(c)
            elif kind == SC:
                cols[b].append(c)
                self._pair(b)
            else:
                self.talon.append(c)
            self._rest_bytes()
            return j
        if kind <= TC:                            # the talon's top card
            c = self.talon.pop()
            j = -1
            if kind == TF:
                j = self._home(c)
            else:
                cols[b].append(c)
                self._pair(b)
            self._rest_bytes()
            return j
        if kind == TURN:
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
        if kind == CC:
            self._unsettle(a, token)
            src, dst = cols[a], cols[b]
            src += dst[-k:]
            del dst[-k:]
            self._pair(a)
            self._pair(b)
            return
        if kind == CF:
            j, settled = token
            self._unsettle(a, settled)
            c = self.found[j]
            self._set_found(j, c - 4 if c >= 4 else -1)
            cols[a].append(c)
            self._pair(a)
            return
        if kind == FC:
            c = cols[b].pop()
            self._pair(b)
            self._set_found(a, c)
            return
        if kind == PF or kind == PC:
            j, settled = token
            self._unsettle(a, settled)
            if kind == PF:
                c = self.found[j]
                self._set_found(j, c - 4 if c >= 4 else -1)
            else:
                c = cols[b].pop()
                self._pair(b)
            self.packs[a].append(c)
            self._packet(a)
            return
        if kind <= ST:
            if kind == SF:
                c = self.found[token]
                self._set_found(token, c - 4 if c >= 4 else -1)
            elif kind == SC:
                c = cols[b].pop()
                self._pair(b)
            else:
                c = self.talon.pop()
            self.turned = c
            self._rest_bytes()
            return
        if kind <= TC:
            if kind == TF:
                c = self.found[token]
                self._set_found(token, c - 4 if c >= 4 else -1)
            else:
                c = cols[b].pop()
                self._pair(b)
            self.talon.append(c)
            self._rest_bytes()
            return
        if kind == TURN:
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
    moves = republic_rules.moves

    # ----------------------------------------------------------- hints
    def is_frontier(self, m) -> bool:
        kind, a, b, k = m
        if kind == CC or kind == CF:
            return bool(self.packs[a]) and k == len(self.cols[a])
        if kind == PF or kind == PC or kind == TURN:
            return True
        if kind == TF or kind == TC:
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
        if kind == CF or kind == PF:
            return _FOUND + _REVEAL
        if kind == CC or kind == PC:
            return _REVEAL
        if kind == TF:
            return _FOUND
        return 1

    @staticmethod
    def text(m) -> str:
        kind, a, b, k = m
        if kind == CC:
            return f"c{a + 1}-c{b + 1}" + (f":{k}" if k > 1 else "")
        if kind == CF:
            return f"c{a + 1}-f"
        if kind == PF:
            return f"p{a + 1}-f"
        if kind == PC:
            return f"p{a + 1}-c{b + 1}"
        if kind == SF:
            return "s-f"
        if kind == SC:
            return f"s-c{b + 1}"
        if kind == ST:
            return "s-t"
        if kind == TF:
            return "t-f"
        if kind == TC:
            return f"t-c{b + 1}"
        if kind == FC:
            return f"f{a + 1}-c{b + 1}"
        return "turn" if kind == TURN else "redeal"

