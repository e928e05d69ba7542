"""The Prince's search: best-first over the positions reachable from the
one given, with a transposition table (``prince.py`` holds the state, the
moves and the proof of what they leave out).

Best-first: the position expanded next is the most promising one generated
so far (``PrinceModel.value``: cards on the foundations, vacancies, and how
deep the cards the foundations need next lie, less ``DEPTH_COST`` a move),
so a misleading first move costs little, where a depth-first search would
have to exhaust everything below it first.  The order decides only how
soon a win is found, never what is proved: WON with a line, IMPOSSIBLE once
every position the search must visit has been expanded, UNKNOWN when the
budget runs out first (with the line to the most promising position seen,
for hints).
"""

from __future__ import annotations

import heapq
from typing import Any

from .budget import Budget, OutOfBudget
from .prince import BITS, CARD_BYTE, CC, CF, FC, RC, RES_BYTE, SEP, WON, PrinceModel
from .result import Status

#: what a move costs in the search's order, against 10 for a foundation card
DEPTH_COST = 3


class PrinceSearch(PrinceModel):
    """One search from one position.  ``run(budget)`` returns
    ``(status, moves)``; then ``best_line()`` is the line to the most
    promising position the search saw (for hints)."""

    def __init__(self, position: dict[str, Any], rule: str) -> None:
        super().__init__(position, rule)
        self.parent: dict[bytes, Any] = {}
        self.first: list[tuple] = []
        self.best_key = b""
        #: positions new to the transposition table, and all positions
        #: looked up in it (each move tried, duplicates included)
        self.generated = self.probes = 0

    def run(self, budget: Budget) -> tuple[Status, list[tuple]]:
        """Best-first search: always expand the most promising position not
        yet expanded (``value``, less ``DEPTH_COST`` a move), every position
        once (the transposition table), until a win, or none is left
        (``impossible``: the search has then expanded every position
        reachable by the moves the notes keep), or the budget is spent.
        Returns (status, line of move tuples)."""
        cols = list(self.cols)
        found = list(self.found)
        first: list[tuple] = []
        res = self.autoplay(cols, self.res, found, first)
        start = tuple(cols)
        found_t = tuple(found)
        if sum(found) == 52:
            return Status.WON, first
        k0 = self.key(start, res)
        # key -> (parent key, the move there, or [a move and its safe moves])
        parent: dict[bytes, Any] = {k0: (None, ())}
        self.parent = parent
        self.first = first
        self.best_key = k0
        best_value = self.value(k0, start, res, found_t)
        # the most promising first: the position's value, less a little for
        # each move it took to get there (a long detour loses out to a short
        # way to as good a position); then the first generated
        heap = [(-best_value, 0, start, res, found_t, k0, 0, None)]
        budget.keep(parent, heap)
        pop, push = heapq.heappop, heapq.heappush
        tick = budget.tick
        gen = self.moves
        info = self.tables.info
        autoplay = self.autoplay
        reserve = self.reserve
        res_byte, card_byte, bits, join = RES_BYTE, CARD_BYTE, BITS, SEP.join
        count = probes = 0
        try:
            while heap:
                _, _, cols, res, found, k, depth, forbid = pop(heap)
                tick()
                depth += 1
                cost = DEPTH_COST * depth
                safe, _, _, needs = info(found)
                for move in gen(cols, res, found):
                    if move == forbid:
                        continue
                    kind, a, b, n = move
                    c2 = list(cols)
                    r2 = res
                    f2 = found
                    played = move
                    if kind == CC:
                        src = cols[a]
                        c2[a] = rest = src[:-n]
                        c2[b] = cols[b] + src[-n:]
                        if rest and rest[-1] in safe:  # only the card uncovered can have become safe
                            played = [move]
                            f = list(found)
                            r2 = autoplay(c2, r2, f, played)
                            f2 = tuple(f)
                    elif kind == RC:
                        r2 = res & ~(1 << a)
                        c2[b] = cols[b] + card_byte[reserve[a]]
                    elif kind == FC:
                        # a foundation card back: only that card can be safe
                        # now, and then the move changes nothing
                        f = list(found)
                        f[a] -= 1
                        f2 = tuple(f)
                        c = f[a] * 4 + a
                        if c in info(f2)[0]:
                            continue
                        c2[b] = cols[b] + card_byte[c]
                    else:
                        f = list(found)
                        if kind == CF:
                            c = cols[a][-1]
                            c2[a] = cols[a][:-1]
                            f[c & 3] += 1
                        else:  # RF
                            c = reserve[a]
                            r2 = res & ~(1 << a)
                            f[c & 3] += 1
                        played = [move]
                        r2 = autoplay(c2, r2, f, played)
                        f2 = tuple(f)
                    state = tuple(c2)
                    h = res_byte[r2] + join(sorted(state))  # self.key
                    probes += 1
                    if h in parent:
                        continue
                    parent[h] = (k, played)
                    if f2 == WON:
                        self.generated, self.probes = count, probes
                        return Status.WON, self.shorten(self.line_to(h), budget)
                    count += 1
                    # self.value, inline
                    v = 10 * sum(f2) + 4 * state.count(b"") - 2 * bits[r2]
                    if f2 is not found:
                        needs2 = info(f2)[3]
                    else:
                        needs2 = needs
                    end = len(h)
                    for card, weight in needs2:
                        i = h.find(card, 1)
                        if i > 0:
                            j = h.find(SEP, i)
                            v -= weight * ((j if j > 0 else end) - i - 1)
                    if v > best_value:
                        self.best_key, best_value = h, v
                    # the move straight back leads to this position (note 2)
                    back = None
                    if played is move:
                        if kind == CC:
                            back = (CC, b, a, n)
                        elif kind == FC:
                            back = (CF, b, 0, 1)
                    push(heap, (cost - v, count, state, r2, f2, h, depth, back))
        except OutOfBudget:
            self.generated, self.probes = count, probes
            return Status.UNKNOWN, []
        self.generated, self.probes = count, probes
        return Status.IMPOSSIBLE, []

    def line_to(self, h: bytes) -> list[tuple]:
        """The moves from the start to the position with key ``h``."""
        steps = []
        parent = self.parent
        while True:
            k, played = parent[h]
            if k is None:
                break
            steps.append(played)
            h = k
        line = list(self.first)
        for played in reversed(steps):
            if isinstance(played, list):
                line += played
            else:
                line.append(played)
        return line

    def best_line(self) -> list[tuple]:
        """The line to the most promising position the search saw."""
        return self.line_to(self.best_key) if getattr(self, "parent", None) else []

    def shorten(self, line: list[tuple], budget: Budget | None = None) -> list[tuple]:
        """The winning ``line`` with its detours taken out: from each position
        on it, jump to the furthest later position of the line that one move
        (and the safe moves after it) reaches.  ``budget``: polled at each
        position, so that a cancel (:class:`OutOfBudget`) stops it."""
        cols, res, found = self.cols, self.res, self.found
        # the positions along the line, each after a move and its safe moves
        states = []
        c, f = list(cols), list(found)
        first: list[tuple] = []
        r = self.autoplay(c, res, f, first)
        states.append((tuple(c), r, tuple(f)))
        at = len(first)
        steps = []
        while at < len(line):
            c2, r2, f2, played = self.step(*states[-1], line[at])
            assert played == line[at:at + len(played)], "the line does not follow from its moves"
            at += len(played)
            states.append((c2, r2, f2))
            steps.append(played)

        # exact positions, columns unsorted: a later position equal only up
        # to the columns' order would not match the moves after it
        def exact(cols, res):
            return RES_BYTE[res] + SEP.join(cols)

        index = {exact(c, r): i for i, (c, r, _) in enumerate(states)}
        last = len(states) - 1
        out = list(first)
        i = 0
        while i < last:
            if budget is not None:
                budget.poll()
            cols, res, found = states[i]
            best_i, best_played = i + 1, steps[i]
            for move in self.moves(cols, res, found):
                c2, r2, f2, played = self.step(cols, res, found, move)
                j = last if f2 == WON else index.get(exact(c2, r2), -1)
                if j > best_i:
                    best_i, best_played = j, played
            out += best_played
            i = best_i
        return out


def search(game: Any, budget: Budget, known: bool = True) -> tuple[Status, list[str]]:
    """Search The Prince ``game`` (not changed; every card is face up, so
    ``known`` changes nothing) from its position within ``budget``: (WON,
    the line), (IMPOSSIBLE, []) or (UNKNOWN, the line to the most promising
    position the search saw)."""
    if game.name != "prince":
        raise ValueError(f"this search plays The Prince, not {game.name!r}")
    found = PrinceSearch(game.position(), game.options["rule"])
    status, line = found.run(budget)
    if status is Status.WON:
        return status, found.notation(line)
    if status is Status.IMPOSSIBLE:
        return status, []
    return status, found.notation(found.best_line())
