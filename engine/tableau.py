"""What The Republic, The Smith and The Prince share: columns packed by a
rule, foundations built up by suit, single-card sources (packets, reserve,
the turned card, the talon, foundation tops), sequence moves limited by
vacancies, and the layoff.

Piles have roles, named as in the notation: ``c`` columns, ``p`` packets,
``r`` reserve, ``f`` foundations, ``s`` the turned stock card, ``t`` the
talon.  A game module says which piles it has and answers a few hooks; the
moves, their reasons, layoff and the documents are worked out here once.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .base import Game
from .cards import ACE, KING, NAMES, RANK_OF, SUIT_WORDS, card, card_words, check_deck
from .errors import BadPosition, InvalidMove
from .events import CardMoved, Event
from .notation import Move
from .packing import PACKS, RULE_WORDS, run_length, supermove_limit

_COLUMNS = tuple(f"c{i + 1}" for i in range(10))
_MOVES: dict[tuple[str, str, int], Move] = {}


def _move(src: str, dst: str, count: int) -> Move:
    """Moves are immutable values: the generator hands out shared ones."""
    key = (src, dst, count)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move(src, dst, count)
    return m


ROLE_WORDS = {"c": "column", "p": "packet", "r": "reserve", "f": "foundation",
              "s": "turned stock card", "t": "talon"}


class PileGame(Game):
    N_COLUMNS: ClassVar[int]
    N_FOUNDATIONS: ClassVar[int]
    COPIES: ClassVar[int]
    #: numbered piles besides columns and foundations, e.g. {"p": 10}
    OTHER_PILES: ClassVar[dict[str, int]] = {}
    #: single places with no number ("s", "t")
    SINGLE_PLACES: ClassVar[tuple[str, ...]] = ()
    #: whether sequence moves are bounded by vacancies (2^n rule)
    SUPERMOVES: ClassVar[bool] = True
    #: where ``layoff`` looks, in order: pile letters
    LAYOFF_FROM: ClassVar[tuple[str, ...]] = ()

    columns: list[list[int]]
    foundations: list[int | None]

    @property
    def rule(self) -> str:
        return self.options["rule"]

    # ----------------------------------------------------------- places
    def _place(self, place: str) -> tuple[str, int | None]:
        """``"c3"`` -> ``("c", 2)``; ``"f"`` -> ``("f", None)``; InvalidMove if no such place."""
        kind, number = place[:1], place[1:]
        counts = {"c": self.N_COLUMNS, "f": self.N_FOUNDATIONS, **self.OTHER_PILES}
        if kind in self.SINGLE_PLACES and not number:
            return kind, None
        if kind == "f" and not number:
            return "f", None
        if kind in counts and number.isdigit() and 1 <= int(number) <= counts[kind]:
            return kind, int(number) - 1
        names = ", ".join(f"{k}1..{k}{n}" for k, n in counts.items())
        singles = "".join(f", {s}" for s in self.SINGLE_PLACES)
        raise InvalidMove(f"{place!r} is not a place in {self.title} (places: {names}, f{singles}).")

    # ----------------------------------------------------------- hooks
    def _packer(self):
        """The function ``fits(upper, lower)``: may ``lower`` be packed on ``upper``?"""
        return PACKS[self.rule]

    def _fits(self, upper: int, lower: int) -> bool:
        return self._packer()(upper, lower)

    def _run_fits(self, upper: int, lower: int) -> bool:
        """Does ``lower`` continue a movable sequence on ``upper``?"""
        return PACKS[self.rule](upper, lower)

    def _is_vacancy(self, i: int) -> bool:
        return not self.columns[i]

    def _takes_cards(self, i: int) -> bool:
        """May anything be put in column ``i`` (False over a face-up packet)?"""
        return True

    def _single_top(self, kind: str, i: int | None) -> int | None:
        """The card that may be taken from a non-column place, or None."""
        if kind == "f":
            return self.foundations[i]
        return None

    def _single_refusal(self, kind: str, i: int | None) -> str:
        """Why nothing may be taken from that place now (for explain)."""
        return f"There is no card to take from the {ROLE_WORDS[kind]} {self._name(kind, i)}."

    def _take_single(self, kind: str, i: int | None) -> int:
        if kind == "f":
            c = self.foundations[i]
            self.foundations[i] = None if RANK_OF[c] == ACE else c - 4
            return c
        raise NotImplementedError

    def _single_sources(self) -> list[tuple[str, int | None]]:
        """Non-column places a single card may come from, in listing order."""
        return [("f", i) for i in range(self.N_FOUNDATIONS)]

    def _settle(self) -> list[Event]:
        """After each move: what follows by itself (a packet turning up)."""
        return []

    def _word_moves(self) -> list[Move]:
        """The non-card moves legal now (turn, deal, redeal, layoff)."""
        return [Move(word="layoff")] if "layoff" in self.WORDS and self._layoff_moves_exist() else []

    def _word_reason(self, word: str) -> str | None:
        if word == "layoff" and "layoff" in self.WORDS:
            return None if self._layoff_moves_exist() else "No card can go to a foundation from the layoff's places."
        return f"{self.title} has no {word!r} move."

    def _apply_word(self, word: str) -> list[Event]:
        if word == "layoff":
            return self._layoff()
        raise NotImplementedError

    WORDS: ClassVar[tuple[str, ...]] = ()

    # ----------------------------------------------------------- helpers
    @staticmethod
    def _name(kind: str, i: int | None) -> str:
        return kind if i is None else f"{kind}{i + 1}"

    def vacancies(self) -> int:
        """Columns that take any card (a Republic column also needs an empty packet)."""
        return sum(1 for i in range(self.N_COLUMNS) if self._is_vacancy(i))

    def movable_run(self, column: int) -> int:
        """How many cards at the top of column ``column`` (0-based) form a sequence."""
        return run_length(self.columns[column], self._run_fits)

    def _wanted(self) -> set[int]:
        """Every card some foundation takes now (remembered until they change)."""
        key = tuple(self.foundations)
        if key == getattr(self, "_wanted_key", None):
            return self._wanted_set
        wanted = {top + 4 for top in self.foundations if top is not None and RANK_OF[top] < KING}
        if None in self.foundations:
            wanted.update((0, 1, 2, 3))
        self._wanted_key, self._wanted_set = key, wanted
        return wanted

    def _foundation_for(self, c: int) -> int | None:
        """The leftmost foundation that takes card ``c``, or None."""
        for j, top in enumerate(self.foundations):
            if (top is None and RANK_OF[c] == ACE) or (top is not None and c == top + 4):
                return j
        return None

    def _foundation_takes(self, j: int, c: int) -> bool:
        top = self.foundations[j]
        return (top is None and RANK_OF[c] == ACE) or (top is not None and c == top + 4)

    def _carry_limit(self, into_vacancy: bool) -> int | None:
        if not self.SUPERMOVES:
            return None
        return supermove_limit(self.vacancies(), into_vacancy)

    # ----------------------------------------------------------- moves
    def _to_foundation_count(self, i: int) -> int | None:
        """The count of a legal column->foundation move from column i, or None."""
        col = self.columns[i]
        if col and col[-1] in self._wanted():
            return 1
        return None

    def _generate(self) -> list[Move]:
        if self._is_won():
            return []
        moves: list[Move] = []
        add = moves.append
        cols = self.columns
        n = self.N_COLUMNS
        vacant = [j for j in range(n) if self._is_vacancy(j)]
        open_tops = [(j, cols[j][-1]) for j in range(n) if cols[j]]
        fits = self._packer()
        runs = self._run_packer()
        vacancies = len(vacant)
        if self.SUPERMOVES:
            lim_col, lim_vac = supermove_limit(vacancies, False), supermove_limit(vacancies, True)
        else:
            lim_col = lim_vac = 99
        wanted = self._wanted()
        rank = RANK_OF
        move = _move
        for i in range(n):
            col = cols[i]
            if not col:
                continue
            src = _COLUMNS[i]
            k = self._to_foundation_count(i)
            if k is not None:
                add(move(src, "f", k))
            run = run_length(col, runs)
            most_col = min(run, lim_col)
            most_vac = min(run, lim_vac)
            if most_vac == len(col) and self._pointless_to_vacancy(i):
                most_vac -= 1
            lowest = rank[col[-1]]
            for j, top in open_tops:
                if j != i:
                    # a run's ranks climb by one from its top card, so only one
                    # length can land on this column: the one ending a rank below
                    k = rank[top] - lowest
                    if 1 <= k <= most_col and fits(top, col[-k]):
                        add(move(src, _COLUMNS[j], k))
            for j in vacant:
                for k in range(1, most_vac + 1):
                    add(move(src, _COLUMNS[j], k))
        for kind, i in self._single_sources():
            c = self._single_top(kind, i)
            if c is None:
                continue
            src = self._name(kind, i)
            if kind != "f" and c in wanted:
                add(move(src, "f", 1))
            for j, top in open_tops:
                if fits(top, c):
                    add(move(src, _COLUMNS[j], 1))
            for j in vacant:
                add(move(src, _COLUMNS[j], 1))
            moves.extend(self._extra_moves(kind, i))
        moves.extend(self._word_moves())
        return moves

    def _run_packer(self):
        """The function ``fits(upper, lower)`` for cards that move together."""
        return self._packer()

    def _pointless_to_vacancy(self, i: int) -> bool:
        """Moving all of column i into a vacancy: allowed (it changes nothing
        but which column holds the cards); games may override."""
        return False

    def _extra_moves(self, kind: str, i: int | None) -> list[Move]:
        """Moves from a single source to places other than columns and
        foundations (the turned card to the talon)."""
        return []

    def _reason(self, move: Move) -> str | None:
        if self._is_won():
            return "The game is won: there is nothing left to play."
        if move.word is not None:
            return self._word_reason(move.word)
        sk, si = self._place(move.src)
        dk, di = self._place(move.dst)
        if sk == "f" and si is None:
            return "Name the foundation a card comes from, like 'f2-c4'."
        if dk not in ("c", "f"):
            return self._other_destination_reason(sk, si, dk, di, move.count)
        if sk == "c":
            return self._column_move_reason(si, dk, di, move.count)
        if move.count != 1:
            return f"Only one card at a time comes from the {ROLE_WORDS[sk]}."
        c = self._single_top(sk, si)
        if c is None:
            return self._single_refusal(sk, si)
        if dk == "f":
            if sk == "f":
                return "A card on a foundation stays on the foundations or goes back to a column."
            return self._to_foundation_reason([c], di)
        return self._onto_column_reason(c, 1, di, source_column=None)

    def _other_destination_reason(self, sk: str, si: int | None, dk: str, di: int | None, count: int) -> str:
        return f"No card may be put on the {ROLE_WORDS.get(dk, dk)} {self._name(dk, di)}."

    def _column_move_reason(self, si: int, dk: str, di: int | None, count: int) -> str | None:
        col = self.columns[si]
        if not col:
            return f"Column c{si + 1} is empty."
        if count > len(col):
            return f"Column c{si + 1} holds only {len(col)} card{'s' if len(col) > 1 else ''}."
        if dk == "f":
            return self._to_foundation_reason(col[len(col) - count:], di)
        run = self.movable_run(si)
        if count > run:
            return (f"The top {count} cards of c{si + 1} are not a sequence "
                    f"({self._sequence_words()}): only the top {run} can move together.")
        return self._onto_column_reason(col[-count], count, di, source_column=si)

    def _sequence_words(self) -> str:
        """How columns pack, in words."""
        return RULE_WORDS[self.rule]

    def _run_words(self) -> str:
        """What moves together, in words."""
        return self._sequence_words()

    def _onto_column_reason(self, c: int, count: int, j: int, source_column: int | None) -> str | None:
        if j == source_column:
            return "The cards are already in that column."
        dst = self.columns[j]
        if dst:
            top = dst[-1]
            if not self._fits(top, c):
                return f"The {NAMES[c]} cannot go on the {NAMES[top]}: columns build {self._sequence_words()}."
            limit = self._carry_limit(False)
            if limit is not None and count > limit:
                return self._limit_reason(count, limit, onto_column=True)
            return None
        if not self._takes_cards(j):
            return self._closed_column_reason(j)
        limit = self._carry_limit(True)
        if limit is not None and count > limit:
            return self._limit_reason(count, limit, onto_column=False)
        if (source_column is not None and count == len(self.columns[source_column])
                and self._pointless_to_vacancy(source_column)):
            return "Moving a whole column into a vacancy changes nothing."
        return None

    def _closed_column_reason(self, j: int) -> str:
        return f"Nothing may be put in column c{j + 1}."

    def _limit_reason(self, count: int, limit: int, onto_column: bool) -> str:
        n = self.vacancies()
        vac = f"{n} vacanc{'y' if n == 1 else 'ies'}"
        where = "onto another column" if onto_column else "into a vacancy"
        return (f"With {vac} you can move at most {limit} card{'s' if limit != 1 else ''} {where}, "
                f"not {count}.")

    def _to_foundation_reason(self, cards: list[int], j: int | None) -> str | None:
        if len(cards) != 1:
            return "Cards go to the foundations one at a time."
        c = cards[0]
        if j is None:
            if self._foundation_for(c) is None:
                return f"No foundation takes the {NAMES[c]} now: {self._foundation_need(c)}"
            return None
        if not self._foundation_takes(j, c):
            top = self.foundations[j]
            if top is None:
                return f"Foundation f{j + 1} is empty: it starts with an ace, not the {NAMES[c]}."
            wanted = NAMES[top + 4] if RANK_OF[top] < KING else "nothing more"
            return f"Foundation f{j + 1} takes the {wanted}, not the {NAMES[c]}."
        return None

    def _foundation_need(self, c: int) -> str:
        if RANK_OF[c] == ACE:
            return "every foundation is started."
        return f"the {card_words(c - 4)} is not on top of a foundation."

    # ----------------------------------------------------------- applying
    def _apply(self, move: Move) -> list[Event]:
        if move.word is not None:
            return self._apply_word(move.word)
        events = self._move_cards(move)
        return events + self._settle()

    def _move_cards(self, move: Move) -> list[Event]:
        sk, si = self._place(move.src)
        dk, di = self._place(move.dst)
        if sk == "c":
            col = self.columns[si]
            cards = col[len(col) - move.count:]
            del col[len(col) - move.count:]
        else:
            cards = [self._take_single(sk, si)]
        src = move.src
        if dk == "f":
            return self._to_foundation(cards, di, src)
        if dk == "c":
            self.columns[di].extend(cards)
        else:
            self._put_other(dk, di, cards)
        return [CardMoved(NAMES[c], src, move.dst) for c in cards]

    def _put_other(self, kind: str, i: int | None, cards: list[int]) -> None:
        raise NotImplementedError

    def _to_foundation(self, cards: list[int], j: int | None, src: str) -> list[Event]:
        c = cards[0]
        if j is None:
            j = self._foundation_for(c)
        self.foundations[j] = c
        return [CardMoved(NAMES[c], src, f"f{j + 1}")]

    # ----------------------------------------------------------- layoff
    def _layoff_candidates(self) -> list[tuple[str, int | None, int]]:
        """(kind, index, card) for every card the layoff may take now."""
        found = []
        for kind in self.LAYOFF_FROM:
            if kind == "c":
                found += [("c", i, col[-1]) for i, col in enumerate(self.columns) if col]
            else:
                for k, i in self._single_sources():
                    if k == kind:
                        c = self._single_top(k, i)
                        if c is not None:
                            found.append((k, i, c))
        return found

    def _layoff_moves_exist(self) -> bool:
        wanted = self._wanted()
        return any(c in wanted for _, _, c in self._layoff_candidates())

    def pickup_reason(self, place: str, count: int = 1) -> str | None:
        """Why the top ``count`` cards at ``place`` cannot be picked up, or
        None when they can (whether they may go anywhere is another matter)."""
        try:
            kind, i = self._place(place)
        except InvalidMove as e:
            return e.reason
        if kind == "c":
            col = self.columns[i]
            if not 1 <= count <= len(col):
                return f"Column {place} holds {len(col)} card{'s' if len(col) != 1 else ''}."
            run = self.movable_run(i)
            if count > run:
                return (f"The top {count} cards of {place} do not move together: "
                        f"only the top {run} form a sequence ({self._run_words()}).")
            return None
        if count != 1:
            return f"Only one card at a time comes from the {ROLE_WORDS[kind]}."
        if i is None and kind == "f":
            return "Name the foundation a card comes from."
        if (kind, i) not in self._single_sources():
            return f"Nothing is ever taken from the {ROLE_WORDS[kind]} {place} in {self.title}."
        if self._single_top(kind, i) is None:
            return self._single_refusal(kind, i)
        return None

    def foundation_move(self, place: str) -> Move | None:
        """The move that sends the card at ``place`` to a foundation, if legal
        (the manual's shift-click), else None."""
        try:
            kind, _ = self._place(place)
        except InvalidMove:
            return None
        for count in (1, 13):
            m = Move(place, "f", count)
            if kind != "f" and self.explain(m) is None:
                return m
        return None

    def _layoff(self) -> list[Event]:
        events: list[Event] = []
        progress = True
        while progress:
            progress = False
            for kind, i, c in self._layoff_candidates():
                if self._foundation_for(c) is not None:
                    if kind == "c":
                        self.columns[i].pop()
                    else:
                        self._take_single(kind, i)
                    events += self._to_foundation([c], None, self._name(kind, i))
                    events += self._settle()
                    progress = True
                    break
        return events

    # ----------------------------------------------------------- state
    def _is_won(self) -> bool:
        return all(top is not None and RANK_OF[top] == KING for top in self.foundations)

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
