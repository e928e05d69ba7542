"""The Republic's moves as the searches try them, and the reductions that
let them skip some (docs/rules.md, "The Republic"), with their proofs.

The moves of :class:`~engine.solve.republic.RepublicModel` are generated
lazily, group by group in a fixed order of promise (``moves``).  Besides
the symmetries and the exact reversal of the last move (``piles.py``), two
reductions leave moves out; both hold for the exact search's proofs, which
``piles.py`` shows stay complete.  Write L for a set of cards, both copies
of each on the foundations, closed downward in each suit (c in L gives c-4
in L) and under packing (any card that may be packed on a card of L is in L).

*Closed home sets* (item 2 of ``piles.py``).  Lemma 1: if the position can
be won, it can be won without ever moving a card of L.  Proof: drop every
move of an L card from a winning line.  No card outside L can ever lie on a
card of L, so in every column the L cards form the top segment; removing
them leaves each column's other cards, tops and vacancies as before or
better (a column never becomes a closed one: L cards only enter an empty
column that is a vacancy), and every foundation's height becomes
max(height, its suit's floor in L), so every other move stays legal (a
moved sequence loses only its L top, and more vacancies only raise the 2^n
limit); a turned card that went to the talon by itself may now wait, and
``s-t`` is inserted.  Hence a foundation's top card x is never played back
when the closure of {x} is home (the cards of rank <= r(x) of its suit, and
by the rule: any suit: every card of rank < r(x); alternating colour: rank
< r(x) of the other colour, rank < r(x)-1 of its own; same suit: nothing
more).

*Safe foundation moves* (item 3 of ``piles.py``).  A card c of rank r on top of its place
(column, face-up packet, turned card or talon) goes home safely when the
closure of {the cards that may be packed on c} together with c's suit below
r is home: both foundations of c's suit at r-1 or more, and any suit: every
foundation at r-1 or more; alternating colour: the other colour's at r-1 or
more, the other suit of c's colour at r-2 or more; same suit: nothing more.
Lemma 2: then the position after the move can be won if the one before it
can.  Proof: take a winning line from before that moves no card of that
set (Lemma 1), so nothing is ever put on c.  Replay it after the move with
c as a ghost: moves of c are dropped (a ghost in the stock or talon is
skipped by ``turn``, a redeal of a talon holding only the ghost is dropped,
which leaves a redeal in hand); the other copy of c, if the line sends it
home, goes to c's sibling foundation, at r-1 (the positions are then the
same); every other move stays legal because the position after has c's
place uncovered and nothing else changed (an emptied column over a packet
shows its card sooner: more moves, none fewer).  A card that waited before
the safe move can never afterwards go straight to the talon (so no ``s-t``
of the line is lost): the only place that changes is c's, and no stock
card fits on c (every card that could is already home).  Such a move is
played as the only child of its position.

Where the visible search (hints) plays a safe move alone, the revealing
moves there are not looked at, yet its ``impossible`` needs that no
revealing move is legal anywhere in the visible part.  That still holds: a
safe move never takes a revealing move away (a stock or packet card cannot
fit on the card going home, every card that could being home already), and
a safe move that empties a column over its packet is itself a revealing
move.
"""

from __future__ import annotations

from ..packing import PACKS

RANK = tuple(c >> 2 for c in range(52))      # 0 (ace) .. 12 (king)
SUIT = tuple(c & 3 for c in range(52))
RED = (False, True, True, False)            # clubs, diamonds, hearts, spades

# move kinds: (kind, a, b, k)
CF, CC, PF, PC, SF, SC, ST, TF, TC, FC, TURN, REDEAL = range(12)
TURN_MOVE = (TURN, 0, 0, 1)
REDEAL_MOVE = (REDEAL, 0, 0, 1)
ST_MOVE = (ST, 0, 0, 1)
SF_MOVE = (SF, 0, 0, 1)
TF_MOVE = (TF, 0, 0, 1)


def _fit_table(rule: str) -> tuple[tuple[bool, ...], ...]:
    pack = PACKS[rule]
    return tuple(tuple(pack(u, c) for c in range(52)) for u in range(52))


FITS = {rule: _fit_table(rule) for rule in PACKS}


def _requirements(rule: str, playback: bool) -> tuple[tuple[int, int, int, int], ...]:
    """For each card, the least height of the lower foundation of each suit
    (0: a suit with fewer than two foundations started counts 0) that makes
    the set L of the module docstring home: with ``playback`` False, for
    sending the card home safely; with ``playback`` True, for never
    playing it back."""
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


SAFE_REQ = {rule: _requirements(rule, False) for rule in PACKS}
KEEP_REQ = {rule: _requirements(rule, True) for rule in PACKS}

NO_FLOOR = [-1, -1, -1, -1]          # lows that satisfy no requirement: reductions off


def moves(pos, last=None, token=None):
    """The moves worth trying from the position of ``pos`` (a
    :class:`~engine.solve.republic.RepublicModel`), best first, generated
    lazily group by group (the search often needs only the first): cards to
    the foundations; moves that turn up a packet card; the turned card and
    the talon's top onto columns; sequences onto columns; ``turn`` (or
    ``s-t``); moves into a vacancy; play-backs; ``redeal``.  A safe
    foundation move alone when there is one (module docstring).  ``last`` and
    ``token``: the move that led here; its exact reversal is left out
    (it leads back to the position before, already reached).  The
    position must be the same each time the generator is resumed."""
    cols, packs, wanted = pos.cols, pos.packs, pos.wanted
    turned, talon = pos.turned, pos.talon
    lo = pos.lows() if pos.reductions else NO_FLOOR
    # -- safe foundation moves, played alone
    safe_req = pos.safe_req
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
                yield (CF if col else PF, i, 0, 1)
                return
    talon_top = talon[-1] if talon else -1
    for c, move in ((turned, SF_MOVE), (talon_top, TF_MOVE)):
        if c >= 0 and wanted[c]:
            req = safe_req[c]
            if lo[0] >= req[0] and lo[1] >= req[1] and lo[2] >= req[2] and lo[3] >= req[3]:
                yield move
                return

    # -- the exact reversal of the last move
    banned = banned_home = banned_back = None
    if last is not None:
        lk = last[0]
        if lk == CC:
            if not token:
                banned = (CC, last[2], last[1], last[3])
        elif lk == FC:
            banned_home = last[2]
        elif lk == CF and not token[1]:
            banned_back = (pos.found[token[0]], last[1])

    fits = pos.fits
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
            yield (CF, i, 0, 1)
    for i in face_up:
        if wanted[packs[i][-1]]:
            yield (PF, i, 0, 1)
    if turned >= 0 and wanted[turned]:
        yield SF_MOVE
    if talon_top >= 0 and wanted[talon_top]:
        yield TF_MOVE
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
                        yield (CC, i, j, n)
            if n <= lim_vac:
                yield (CC, i, vacant, n)
    for i in face_up:
        c = packs[i][-1]
        for j, t in at_rank[(c >> 2) + 1]:
            if fits[t][c]:
                yield (PC, i, j, 1)
        if vacant >= 0:
            yield (PC, i, vacant, 1)
    # 3. the turned card and the talon's top onto columns
    for c, kc in ((turned, SC), (talon_top, TC)):
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
                    m = (CC, i, j, k)
                    if m != banned:
                        yield m
    # 5. the stock
    if turned >= 0:
        yield ST_MOVE
    elif pos.stock:
        yield TURN_MOVE
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
                yield (CC, i, vacant, k)
    # 7. play-backs, except of cards whose closure is home (item 2), and
    # from one of two foundations with the same top
    found, keep_req = pos.found, pos.keep_req
    for j in range(8):
        x = found[j]
        if x < 0 or x in found[:j]:
            continue
        req = keep_req[x]
        if lo[0] >= req[0] and lo[1] >= req[1] and lo[2] >= req[2] and lo[3] >= req[3]:
            continue
        for i, t in at_rank[(x >> 2) + 1]:
            if fits[t][x] and (x, i) != banned_back:
                yield (FC, j, i, 1)
        if vacant >= 0:
            yield (FC, j, vacant, 1)
    if turned < 0 and not pos.stock and talon and pos.redeals != 0:
        yield REDEAL_MOVE
