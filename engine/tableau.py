"""What The Republic, The Smith and The Prince share: columns packed by a
rule, foundations built up by suit, single-card sources (packets, reserve,
the turned card, the talon, foundation tops), sequence moves limited by
vacancies, and the layoff.

Piles have roles, named as in the notation: ``c`` columns, ``p`` packets,
``r`` reserve, ``f`` foundations, ``s`` the turned stock card, ``t`` the
talon.  A game describes its piles and its packing as data (the class
attributes below) and answers a few hooks: what card a place offers
(``_offered``, ``_no_top_reason``, ``_take``, ``_put``), whether an empty column
takes cards (``_closed``), what follows a move by itself (``_settle``) and
its non-card moves (``_word_reason``, ``_apply_word``).

The rule of every move is decided in one place, :meth:`PileGame._reason`.
``_generate`` is a faster path to the same list: it reads the same data and
hooks, and ``tests/rulebook.py`` holds it to ``_reason`` (every move between
the game's places, judged one by one) on every position the tests reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .base import Game
from .cards import ACE, KING, NAMES, RANK_OF, SUIT_WORDS, card, card_words, check_deck
from .errors import BadPosition, InvalidMove
from .events import CardMoved, Event
from .notation import Move
from .packing import PARENTS, PARENTS_SAME_SUIT_TOO, misfit, rule_words

ROLE_WORDS = {"c": "column", "p": "packet", "r": "reserve", "f": "foundation",
              "s": "turned stock card", "t": "talon"}
#: the longest run a column can move (king down to ace)
LONGEST = 13
_KINGS = frozenset(c for c in range(52) if RANK_OF[c] == KING)
#: the foundation rule: what a foundation with this top card (None: empty)
#: takes next, an ace to start and then the same suit one rank higher
NEXT_ON_FOUNDATION: dict[int | None, frozenset[int]] = {
    None: frozenset(c for c in range(52) if RANK_OF[c] == ACE),
    **{top: frozenset({top + 4} if RANK_OF[top] < KING else ()) for top in range(52)}}
#: the same table read backwards, for the listing: for each card, the top a
#: foundation must show for it to go there (None: an empty foundation)
NEEDS_ON_FOUNDATION: tuple[int | None, ...] = tuple(
    next(top for top, takes in NEXT_ON_FOUNDATION.items() if c in takes) for c in range(52))


class PileGame(Game):
    # ----------------------------------------------------------- the piles, as data
    N_COLUMNS: ClassVar[int]
    N_FOUNDATIONS: ClassVar[int]
    COPIES: ClassVar[int]
    #: piles besides columns and foundations: role letter -> how many, 0 for
    #: a single place with no number (``{"p": 10, "s": 0, "t": 0}``)
    OTHER_PILES: ClassVar[dict[str, int]] = {}
    #: the roles a single card may be taken from (column tops aside), in listing order
    TAKES_FROM: ClassVar[tuple[str, ...]] = ("f",)
    #: roles besides columns and foundations that take a card: role -> the roles it comes from
    PUTS: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: where ``layoff`` looks, in order: pile letters
    LAYOFF_FROM: ClassVar[tuple[str, ...]] = ()
    #: the non-card moves, in listing order
    WORDS: ClassVar[tuple[str, ...]] = ()
    moves_runs = True

    # ----------------------------------------------------------- the packing, as data
    #: sequence moves are bounded by vacancies (2^n onto a column, 2^(n-1) into one)
    SUPERMOVES: ClassVar[bool] = True
    #: every rule also packs a card on the same suit one rank higher (The Smith)
    ALSO_SAME_SUIT: ClassVar[bool] = False
    #: what moves together is a run in one suit (The Smith), else a packed sequence
    RUNS_IN_SUIT: ClassVar[bool] = False
    #: cards that go to a foundation at once: 1 (built up by suit), or 13 (a whole
    #: suit from king down to ace, which never comes back)
    FOUNDATION_RUN: ClassVar[int] = 1

    columns: list[list[int]]
    foundations: list[int | None]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if not hasattr(cls, "N_COLUMNS"):
            return
        piles = {"c": cls.N_COLUMNS, "f": cls.N_FOUNDATIONS, **cls.OTHER_PILES}
        places: dict[str, tuple[str, int | None]] = {}
        for kind, n in piles.items():
            places.update({f"{kind}{i + 1}": (kind, i) for i in range(n)} if n else {kind: (kind, None)})
        places["f"] = ("f", None)
        cls.PLACES = places
        cols = tuple(f"c{i + 1}" for i in range(cls.N_COLUMNS))
        cls._FOUNDATION_NAMES = tuple(f"f{j + 1}" for j in range(cls.N_FOUNDATIONS))
        # Moves are immutable values: the listing hands out these shared ones.
        cls._COLUMN_MOVES = tuple(tuple((None, *(Move(src, dst, k) for k in range(1, LONGEST + 1)))
                                        for dst in cols) for src in cols)
        cls._SOURCES = tuple((kind, i, name) for kind in cls.TAKES_FROM
                             for name, (k, i) in places.items() if k == kind and name != "f")
        cls._SOURCE_NAMES = tuple((kind, tuple(name for k, _, name in cls._SOURCES if k == kind),
                                   piles[kind] > 0) for kind in cls.TAKES_FROM)
        cls._TO_COLUMN = {name: tuple(Move(name, dst) for dst in cols) for *_, name in cls._SOURCES}
        cls._TO_FOUNDATION = {name: Move(name, "f", cls.FOUNDATION_RUN if name[0] == "c" else 1)
                              for name in (*cols, *(name for *_, name in cls._SOURCES))}
        cls._LISTING = (cls.SUPERMOVES, cls.FOUNDATION_RUN == 1, cls.LAYOFF_FROM,
                        tuple(cls._TO_FOUNDATION[name] for name in cols), cls._COLUMN_MOVES)
        cls._PUT_MOVES = {name: tuple(Move(name, dst) for dst, froms in cls.PUTS.items() if kind in froms)
                          for kind, _, name in cls._SOURCES}
        cls._WORD_MOVES = tuple(Move(word=w) for w in cls.WORDS)

    def _setup(self, seed: int, options: dict[str, Any]) -> None:
        super()._setup(seed, options)
        rule = self.options["rule"]
        self._parents = (PARENTS_SAME_SUIT_TOO if self.ALSO_SAME_SUIT else PARENTS)[rule]
        self._run_parents = PARENTS["same-suit"] if self.RUNS_IN_SUIT else self._parents
        self._packing_text = rule_words(rule, self.ALSO_SAME_SUIT)

    @property
    def rule(self) -> str:
        return self.options["rule"]

    # ----------------------------------------------------------- the hooks
    def _offered(self, kind: str) -> Sequence[int | None]:
        """For role ``kind`` in TAKES_FROM (not columns): the card each of its
        places offers to be taken now, or None, by number (one item for a
        single place like ``s``)."""
        if kind != "f":
            raise NotImplementedError(kind)
        return self.foundations

    def _no_top_reason(self, kind: str, i: int | None) -> str:
        """Why ``_offered`` has no card there now, as a sentence."""
        return f"There is no card to take from the {ROLE_WORDS[kind]} {self._name(kind, i)}."

    def _take(self, kind: str, i: int | None) -> int:
        """Remove and return the card ``_offered`` has there."""
        if kind != "f":
            raise NotImplementedError(kind)
        c = self.foundations[i]
        self.foundations[i] = None if RANK_OF[c] == ACE else c - 4
        return c

    def _put(self, kind: str, i: int | None, c: int) -> None:
        """Put card ``c`` on a place of a role in PUTS."""
        raise NotImplementedError(kind)

    def _closed(self, i: int) -> str | None:
        """Why the empty column ``i`` takes no card, or None: it is a vacancy."""
        return None

    def _settle(self) -> list[Event]:
        """After each card move: what follows by itself (a packet turning up)."""
        return []

    def _word_reason(self, word: str) -> str | None:
        """The rule of a non-card move of WORDS: why it is refused now, or None."""
        if word == "layoff":
            wanted = self._wanted()
            if any(c in wanted for _, _, c in self._layoff_candidates()):
                return None
            return "No card can go to a foundation from the layoff's places."
        raise NotImplementedError(word)

    def _apply_word(self, word: str) -> list[Event]:
        if word == "layoff":
            return self._layoff()
        raise NotImplementedError(word)

    # ----------------------------------------------------------- places and piles
    def _place(self, place: str) -> tuple[str, int | None]:
        """``"c3"`` -> ``("c", 2)``; ``"f"`` -> ``("f", None)``; InvalidMove if no such place."""
        found = self.PLACES.get(place)
        if found is None:
            raise InvalidMove(f"{place!r} is not a place in {self.title} (places: {self._place_names()}).")
        return found

    def _place_names(self) -> str:
        piles = {"c": self.N_COLUMNS, "f": self.N_FOUNDATIONS, **self.OTHER_PILES}
        return ", ".join(f"{k}1..{k}{n}" if n else k for k, n in piles.items()) + ", f"

    def _offers(self) -> list[tuple[str, int | None, str, int]]:
        """``(role, index, place, card)`` for every place of a role in
        TAKES_FROM whose card may be taken now, in listing order."""
        found = []
        for kind, names, numbered in self._SOURCE_NAMES:
            found += [(kind, i if numbered else None, names[i], c)
                      for i, c in enumerate(self._offered(kind)) if c is not None]
        return found

    def _top(self, kind: str, i: int | None) -> int | None:
        """The card place ``kind``/``i`` (a role in TAKES_FROM) offers now, or None."""
        return self._offered(kind)[0 if i is None else i]

    @staticmethod
    def _name(kind: str, i: int | None) -> str:
        return kind if i is None else f"{kind}{i + 1}"

    def _sequence_words(self) -> str:
        """How columns pack, in words."""
        return self._packing_text

    def _run_words(self) -> str:
        """What moves together, in words."""
        return "a descending run in one suit" if self.RUNS_IN_SUIT else self._sequence_words()

    def vacancies(self) -> int:
        """Empty columns that take any card (a Republic column also needs an empty packet)."""
        return sum(1 for i, col in enumerate(self.columns) if not col and self._closed(i) is None)

    def movable_run(self, column: int) -> int:
        """How many cards at the top of column ``column`` (0-based) move together."""
        col = self.columns[column]
        parents = self._run_parents
        n = len(col)
        run = 1 if n else 0
        while run < n and col[n - run - 1] in parents[col[n - run]]:
            run += 1
        return run

    def _carry_limit(self, into_vacancy: bool) -> int | None:
        """How many cards one move may carry, or None for no limit."""
        if not self.SUPERMOVES:
            return None
        n = self.vacancies()
        if into_vacancy:
            return 1 << (n - 1) if n else 0
        return 1 << n

    def _wanted(self) -> set[int]:
        """Every card some foundation takes now."""
        return set().union(*map(NEXT_ON_FOUNDATION.__getitem__, self.foundations))

    def _foundation_takes(self, j: int, cards: list[int]) -> bool:
        """Does foundation ``j`` take ``cards`` (the lowest last: the ace of a whole suit)?"""
        return cards[-1] in NEXT_ON_FOUNDATION[self.foundations[j]]

    def _foundation_for(self, cards: list[int]) -> int | None:
        """The leftmost foundation that takes ``cards``, or None."""
        c = cards[-1]
        for j, top in enumerate(self.foundations):
            if c in NEXT_ON_FOUNDATION[top]:
                return j
        return None

    # ----------------------------------------------------------- the rule
    def _reason(self, move: Move) -> str | None:
        """The rule of every move of the game, in one place."""
        if self._is_won():
            return "The game is won: there is nothing left to play."
        if move.word is not None:
            if move.word not in self.WORDS:
                return f"{self.title} has no {move.word!r} move."
            return self._word_reason(move.word)
        places = self.PLACES
        sk, si = places.get(move.src) or self._place(move.src)
        dk, di = places.get(move.dst) or self._place(move.dst)
        count = move.count
        if sk != "c" and sk not in self.TAKES_FROM:
            return self._never_taken(sk, si)
        if dk not in ("c", "f"):
            return self._put_reason(sk, si, dk, di, count)
        problem = self._pickup_reason(sk, si, count)
        if problem is not None:
            return problem
        if dk == "f":
            if sk == "f":
                return "A card on a foundation stays on the foundations or goes back to a column."
            return self._to_foundation_reason(sk, si, count, di)
        if sk == "c":
            run = self.movable_run(si) if count > 1 else 1
            if count > run:
                what = ("one unit (a descending run in one suit)" if self.RUNS_IN_SUIT
                        else f"a sequence ({self._sequence_words()})")
                held = "only its top card moves" if run == 1 else f"only its top {run} cards move together"
                return f"The top {count} cards of c{si + 1} are not {what}: {held}."
            return self._onto_column_reason(self.columns[si][-count], count, di, si)
        return self._onto_column_reason(self._top(sk, si), 1, di, None)

    def _never_taken(self, kind: str, i: int | None) -> str:
        if kind == "f":
            return f"Cards on a foundation never come back in {self.title}: a laid-off suit stays there."
        return f"Nothing is ever taken from the {ROLE_WORDS[kind]} in {self.title}."

    def _pickup_reason(self, kind: str, i: int | None, count: int) -> str | None:
        """Why the top ``count`` cards of a place cannot be taken (whatever
        their destination), or None; ``kind`` is a column or in TAKES_FROM."""
        if kind == "c":
            col = self.columns[i]
            if not col:
                return f"Column c{i + 1} is empty."
            if count > len(col):
                return f"Column c{i + 1} holds only {len(col)} card{'s' if len(col) > 1 else ''}."
            return None
        if i is None and kind == "f":
            return "Name the foundation a card comes from, like 'f2-c4'."
        if count != 1:
            return f"Only one card at a time comes from the {ROLE_WORDS[kind]}."
        if self._top(kind, i) is None:
            return self._no_top_reason(kind, i)
        return None

    def _put_reason(self, sk: str, si: int | None, dk: str, di: int | None, count: int) -> str | None:
        froms = self.PUTS.get(dk)
        if not froms:
            if dk == "s":
                return "Only 'turn' puts a card in the turned card's place, from the stock."
            return f"No card is ever put on the {ROLE_WORDS[dk]} {self._name(dk, di)} in {self.title}."
        if sk not in froms:
            allowed = " or ".join(f"the {ROLE_WORDS[k]}" for k in froms)
            return f"Only {allowed} goes to the {ROLE_WORDS[dk]} ('{froms[0]}-{dk}')."
        return self._pickup_reason(sk, si, count)

    def _onto_column_reason(self, c: int, count: int, j: int, source_column: int | None) -> str | None:
        if j == source_column:
            return "The cards are already in that column."
        dst = self.columns[j]
        if dst:
            top = dst[-1]
            if top not in self._parents[c]:
                return (f"The {NAMES[c]} cannot go on the {NAMES[top]}: "
                        f"{misfit(self.rule, top, c, self.ALSO_SAME_SUIT)}.")
            return None if count == 1 else self._over_limit(count, True)
        closed = self._closed(j)
        if closed is not None:
            return closed
        return None if count == 1 else self._over_limit(count, False)

    def _over_limit(self, count: int, onto_column: bool) -> str | None:
        """Why ``count`` cards are too many for one move, or None."""
        if count == 1:   # 2^n onto a column, 2^(n-1) into one of n >= 1 vacancies: never below 1
            return None
        limit = self._carry_limit(not onto_column)
        if limit is not None and count > limit:
            return self._limit_reason(count, limit, onto_column)
        return None

    def _limit_reason(self, count: int, limit: int, onto_column: bool) -> str:
        n = self.vacancies()
        vac = f"{n} vacanc{'y' if n == 1 else 'ies'}"
        where = "onto another column" if onto_column else "into a vacancy"
        return (f"With {vac} you can move at most {limit} card{'s' if limit != 1 else ''} {where}, "
                f"not {count}.")

    def _to_foundation_reason(self, sk: str, si: int | None, count: int, j: int | None) -> str | None:
        if self.FOUNDATION_RUN == 1:
            if count != 1:
                return "Cards go to the foundations one at a time."
            c = self.columns[si][-1] if sk == "c" else self._top(sk, si)
        else:
            if count == 1:
                return (f"A single card never goes to a foundation in {self.title}: only a complete run "
                        "from king down to ace in one suit does, all 13 cards at once (like 'c1-f:13').")
            if count != self.FOUNDATION_RUN:
                return ("Only a complete run from king down to ace in one suit goes to a foundation, "
                        f"all 13 cards at once, not {count}.")
            if self.movable_run(si) < count:
                return f"The top 13 cards of c{si + 1} are not a run from king down to ace in one suit."
            c = self.columns[si][-1]
        if j is None:
            if self._foundation_for([c]) is None:
                return f"No foundation takes the {NAMES[c]} now: {self._foundation_need(c)}"
            return None
        if not self._foundation_takes(j, [c]):
            top = self.foundations[j]
            if top is None:
                return f"Foundation f{j + 1} is empty: it starts with an ace, not the {NAMES[c]}."
            if self.FOUNDATION_RUN != 1:
                return (f"Foundation f{j + 1} already holds the {SUIT_WORDS[top & 3]}: "
                        "a foundation takes one suit, into an empty foundation.")
            wanted = NAMES[top + 4] if RANK_OF[top] < KING else "nothing more"
            return f"Foundation f{j + 1} takes the {wanted}, not the {NAMES[c]}."
        return None

    def _foundation_need(self, c: int) -> str:
        if RANK_OF[c] == ACE:
            return "every foundation is started." if self.FOUNDATION_RUN == 1 else "every foundation holds a suit."
        return f"the {card_words(c - 4)} is not on top of a foundation."

    def pickup_reason(self, place: str, count: int = 1) -> str | None:
        """Why the top ``count`` cards at ``place`` cannot be picked up, or
        None when they can (whether they may go anywhere is another matter)."""
        try:
            kind, i = self._place(place)
        except InvalidMove as e:
            return e.reason
        if kind != "c" and kind not in self.TAKES_FROM:
            return self._never_taken(kind, i)
        problem = self._pickup_reason(kind, i, count)
        if problem is None and kind == "c" and count > self.movable_run(i):
            run = self.movable_run(i)
            held = "only the top card moves" if run == 1 else f"only the top {run} form {self._run_words()}"
            return f"The top {count} cards of {place} do not move together: {held}."
        return problem

    def foundation_move(self, place: str) -> Move | None:
        """The move that sends the card at ``place`` to a foundation, if legal
        (what a shift-click on a card tries at the table), else None."""
        try:
            kind, _ = self._place(place)
        except InvalidMove:
            return None
        if kind == "f":
            return None
        m = Move(place, "f", self.FOUNDATION_RUN if kind == "c" else 1)
        return m if self._reason(m) is None else None

    # ----------------------------------------------------------- the listing
    def _generate(self) -> list[Move]:
        """Every move ``_reason`` allows, except a named foundation (listed as
        ``X-f``): per column c1.., its move to a foundation, then onto the
        other columns left to right (the one length that lands there), then
        into the vacancies left to right (every length); then per single
        source, to a foundation, onto columns, into vacancies, to other
        places; then the words.  The
        layoff is listed from what the loop saw (a card of its places going
        to a foundation); every other word asks ``_word_reason``."""
        if self._is_won():
            return []
        cols, parents, run_parents, foundations = self.columns, self._parents, self._run_parents, self.foundations
        supermoves, single, layoff_from, column_to_foundation, column_moves = self._LISTING
        rank = RANK_OF
        # the column tops by rank (a run climbs to rank 26 at most: 13 + 13), and the vacancies
        by_rank: list[list[tuple[int, int]] | None] = [None] * (2 * LONGEST + 1)
        vacant = []
        for j, col in enumerate(cols):
            if col:
                top = col[-1]
                same = by_rank[rank[top]]
                if same is None:
                    by_rank[rank[top]] = [(j, top)]
                else:
                    same.append((j, top))
            elif self._closed(j) is None:
                vacant.append(j)
        if supermoves:
            n_vac = len(vacant)
            lim_col, lim_vac = 1 << n_vac, (1 << (n_vac - 1) if n_vac else 0)
        else:
            lim_col, lim_vac = LONGEST, (LONGEST if vacant else 0)
        # a card goes to a foundation when the top it needs is on one (the table read backwards)
        tops_up = set(foundations) if single else ()
        needs = NEEDS_ON_FOUNDATION
        free_foundation = None in foundations
        layoff = False
        moves: list[Move] = []
        add = moves.append
        for i, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            run = 1
            size = len(col)
            while run < size and col[-run - 1] in run_parents[col[-run]]:
                run += 1
            if single:
                if needs[top] in tops_up:
                    add(column_to_foundation[i])
                    layoff = True
            elif run == LONGEST and free_foundation:
                add(column_to_foundation[i])
            most_col = run if run < lim_col else lim_col
            most_vac = run if run < lim_vac else lim_vac
            lowest = rank[top]
            # a run's ranks climb by one from its top card, so k cards land only
            # on a top one rank above the k-th card: look up those tops alone
            row = column_moves[i]
            landings = []
            for k in range(1, most_col + 1):
                onto = by_rank[lowest + k]
                if onto:
                    ps = parents[col[-k]]
                    for j, t in onto:
                        if t in ps and j != i:
                            landings.append((j, k))
            if landings:
                if len(landings) > 1:
                    landings.sort()   # one length lands on a column: by column alone
                for j, k in landings:
                    add(row[j][k])
            if most_vac:
                for j in vacant:
                    moves.extend(row[j][1:most_vac + 1])
        layoff = layoff and "c" in layoff_from
        to_foundation, to_column, put_moves = self._TO_FOUNDATION, self._TO_COLUMN, self._PUT_MOVES
        for kind, names, _ in self._SOURCE_NAMES:
            gives_up = kind != "f"
            laid_off = kind in layoff_from
            for i, c in enumerate(self._offered(kind)):
                if c is None:
                    continue
                name = names[i]
                if gives_up and needs[c] in tops_up:
                    add(to_foundation[name])
                    layoff = layoff or laid_off
                to = to_column[name]
                onto = by_rank[rank[c] + 1]
                if onto:
                    ps = parents[c]
                    for j, t in onto:
                        if t in ps:
                            add(to[j])
                if vacant:
                    moves.extend(map(to.__getitem__, vacant))
                puts = put_moves[name]
                if puts:
                    moves.extend(puts)
        # the words: the layoff from what the loops saw, the others as `_word_reason` says
        for m in self._WORD_MOVES:
            if m.word == "layoff":
                if layoff:
                    moves.append(m)
            elif self._word_reason(m.word) is None:
                add(m)
        return moves

    # ----------------------------------------------------------- applying
    def _apply(self, move: Move) -> list[Event]:
        if move.word is not None:
            return self._apply_word(move.word)
        sk, si = self.PLACES[move.src]
        dk, di = self.PLACES[move.dst]
        if sk == "c":
            col = self.columns[si]
            cards = col[len(col) - move.count:]
            del col[len(col) - move.count:]
        else:
            cards = [self._take(sk, si)]
        if dk == "f":
            events = self._to_foundation(cards, di, move.src)
        else:
            if dk == "c":
                self.columns[di].extend(cards)
            else:
                self._put(dk, di, cards[0])
            events = [CardMoved(NAMES[c], move.src, move.dst) for c in cards]
        return events + self._settle()

    def _to_foundation(self, cards: list[int], j: int | None, src: str) -> list[Event]:
        """``cards`` (one, or a whole suit king first as it lay) onto
        foundation ``j`` (None: the leftmost that takes them); the lowest lands first."""
        if j is None:
            j = self._foundation_for(cards)
        self.foundations[j] = cards[0]
        place = f"f{j + 1}"
        return [CardMoved(NAMES[c], src, place) for c in reversed(cards)]

    # ----------------------------------------------------------- layoff
    def _layoff_candidates(self) -> list[tuple[str, int | None, int]]:
        """(kind, index, card) for every card the layoff may take now."""
        found = []
        for kind in self.LAYOFF_FROM:
            if kind == "c":
                found += [("c", i, col[-1]) for i, col in enumerate(self.columns) if col]
            else:
                found += [(k, i, c) for k, i, _, c in self._offers() if k == kind]
        return found

    def _layoff(self) -> list[Event]:
        events: list[Event] = []
        progress = True
        while progress:
            progress = False
            for kind, i, c in self._layoff_candidates():
                if self._foundation_for([c]) is not None:
                    if kind == "c":
                        self.columns[i].pop()
                    else:
                        self._take(kind, i)
                    events += self._to_foundation([c], None, self._name(kind, i))
                    events += self._settle()
                    progress = True
                    break
        return events

    # ----------------------------------------------------------- state
    def _is_won(self) -> bool:
        found = self.foundations
        return None not in found and all(map(_KINGS.__contains__, found))

    def on_foundations(self) -> int:
        """How many cards lie on the foundations."""
        return sum(0 if top is None else RANK_OF[top] for top in self.foundations)

    @staticmethod
    def _names(cards: list[int]) -> list[str]:
        return [NAMES[c] for c in cards]

    @staticmethod
    def _read_pile(value: Any, what: str) -> list[int]:
        if not isinstance(value, list):
            raise BadPosition(f"{what} must be a list of cards, bottom to top")
        try:
            return [int(card(v)) for v in value]
        except ValueError as e:
            raise BadPosition(f"{what}: {e}") from None

    @staticmethod
    def _read_card(value: Any, what: str) -> int | None:
        if value is None:
            return None
        try:
            return int(card(value))
        except ValueError as e:
            raise BadPosition(f"{what}: {e}") from None

    def _read_piles(self, layout: dict[str, Any], key: str, count: int) -> list[list[int]]:
        piles = layout.get(key)
        if not isinstance(piles, list) or len(piles) != count:
            raise BadPosition(f"a position of {self.title} has '{key}': a list of {count} piles")
        return [self._read_pile(p, f"{key} {i + 1}") for i, p in enumerate(piles)]

    def _read_foundations(self, layout: dict[str, Any]) -> list[int | None]:
        tops = layout.get("foundations")
        if not isinstance(tops, list) or len(tops) != self.N_FOUNDATIONS:
            raise BadPosition(f"a position of {self.title} has 'foundations': {self.N_FOUNDATIONS} "
                              "top cards (or null)")
        return [self._read_card(t, f"foundation {i + 1}") for i, t in enumerate(tops)]

    @staticmethod
    def _foundation_cards(tops: list[int | None]) -> list[int]:
        cards = []
        for top in tops:
            if top is not None:
                cards += range(top & 3, top + 1, 4)
        return cards

    def _check_cards(self, cards: list[int]) -> None:
        problem = check_deck(cards, self.COPIES)
        if problem:
            raise BadPosition(problem[0].upper() + problem[1:])

    def _check_foundation_suits(self) -> None:
        per_suit: dict[int, int] = {}
        for top in self.foundations:
            if top is not None:
                per_suit[top & 3] = per_suit.get(top & 3, 0) + 1
        for suit, n in per_suit.items():
            if n > self.COPIES:
                raise BadPosition(f"{n} foundations hold {SUIT_WORDS[suit]}; there are only {self.COPIES}")
