"""The Smith (a Spider variant): RULES.md section 4.

Two decks: 8 columns of 3 cards face up, the other 80 cards a face-down
stock; 8 foundations.  A movable unit is a descending run in one suit at the
top of a column, whole or any part of it, and one unit moves at a time, with
no limit from vacancies.  A unit packs on a card one rank higher by the
chosen rule (any suit, alternating colour, same suit), and the same suit is
always allowed; any unit goes into an empty column.  A complete run from
king down to ace in one suit goes to a foundation, all 13 cards at once
(``c6-f:13``): the only way a card reaches a foundation, and it never comes
back.  ``deal`` puts one stock card on each column, the stock's top card on
c1, when no column is empty.

A foundation holds a whole suit or nothing, so its top card is a king or
``None``.  In the position format the stock is listed bottom to top: its
top card, the next one dealt, is the last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import KING, NAMES, RANK_OF, SUIT_WORDS, shuffled_deck
from .errors import BadPosition
from .events import CardMoved, CardsDealt, Event
from .notation import Move
from .packing import PACKS, RULE_WORDS
from .tableau import PileGame

N_COLUMNS = 8
FIRST_COLUMNS = 3
STOCK_SIZE = 104 - N_COLUMNS * FIRST_COLUMNS
RULES = ("any-suit", "alternate", "same-suit")


def _fits_table(rule: str) -> tuple[tuple[bool, ...], ...]:
    """``table[upper][lower]``: may ``lower`` be packed on ``upper`` (the
    rule, or the same suit one rank lower, which every rule allows)."""
    pack = PACKS[rule]
    return tuple(tuple(pack(upper, lower) or upper == lower + 4 for lower in range(52))
                 for upper in range(52))


FITS = {rule: _fits_table(rule) for rule in RULES}

# Moves are immutable values: the generator hands out these shared ones
# instead of building (and formatting) new ones for every position.
_COLUMN_MOVES = tuple(tuple(tuple(Move(f"c{i + 1}", f"c{j + 1}", k) for k in range(14))
                            for j in range(N_COLUMNS)) for i in range(N_COLUMNS))
_LAY_UP_MOVES = tuple(Move(f"c{i + 1}", "f", 13) for i in range(N_COLUMNS))
_DEAL = Move(word="deal")


def _run_length(col: list[int]) -> int:
    """How many cards at the top of ``col`` descend in one suit (the unit)."""
    n = len(col)
    if n == 0:
        return 0
    k = 1
    below = col[-1] + 4
    while k < n and col[-k - 1] == below:
        k += 1
        below += 4
    return k


class Smith(PileGame):
    name = "smith"
    title = "The Smith"
    OPTIONS = {"rule": RULES}
    N_COLUMNS, N_FOUNDATIONS, COPIES = N_COLUMNS, 8, 2
    SUPERMOVES = False
    WORDS = ("deal",)

    stock: list[int]

    def _deal(self) -> list[Event]:
        cards = shuffled_deck(self.seed, copies=2)
        size = FIRST_COLUMNS
        self.columns = [list(cards[i * size:(i + 1) * size]) for i in range(N_COLUMNS)]
        dealt = tuple((NAMES[c], f"c{i + 1}") for i, col in enumerate(self.columns) for c in col)
        self.stock = list(cards[N_COLUMNS * size:])
        self.foundations = [None] * 8
        return [CardsDealt(dealt)]

    # ----------------------------------------------------------- queries
    @property
    def stock_size(self) -> int:
        """Cards left in the stock (face down)."""
        return len(self.stock)

    @property
    def deals_left(self) -> int:
        """How many more times the stock can deal (8 cards each)."""
        return len(self.stock) // N_COLUMNS

    @property
    def can_deal(self) -> bool:
        """Whether ``deal`` is a legal move now."""
        return self._deal_reason() is None

    @property
    def suits_laid_off(self) -> int:
        """How many complete suits lie on the foundations (for scoring)."""
        return sum(1 for top in self.foundations if top is not None)

    def _column_index(self, place: str) -> int:
        kind, i = self._place(place)
        if kind != "c":
            raise ValueError(f"{place!r} is not a column of {self.title} (c1..c{N_COLUMNS})")
        return i

    def units(self, place: str) -> list[int]:
        """The counts that may be picked up from column ``place`` (``"c3"``):
        1 up to the length of the descending one-suit run on its top; empty
        for an empty column.  Where each may go is ``targets(place, count)``."""
        return list(range(1, _run_length(self.columns[self._column_index(place)]) + 1))

    def targets(self, place: str, count: int = 1) -> list[str]:
        """The places the top ``count`` cards of column ``place`` may go to
        now: columns, and ``f`` for a king-to-ace run."""
        src = f"c{self._column_index(place) + 1}"
        return [m.dst for m in self.legal_moves() if m.src == src and m.count == count]

    def card_at(self, place: str) -> str | None:
        """The top card of a column or foundation (``"c3"``, ``"f2"``), or
        ``None`` (an empty pile, or bare ``"f"``)."""
        kind, i = self._place(place)
        if i is None:
            return None
        if kind == "f":
            top = self.foundations[i]
            return None if top is None else NAMES[top]
        col = self.columns[i]
        return NAMES[col[-1]] if col else None

    # ----------------------------------------------------------- packing
    def _packer(self) -> Callable[[int, int], bool]:
        table = FITS[self.rule]
        return lambda upper, lower: table[upper][lower]

    def _fits(self, upper: int, lower: int) -> bool:
        return FITS[self.rule][upper][lower]

    def _run_fits(self, upper: int, lower: int) -> bool:
        return upper == lower + 4

    def _run_words(self) -> str:
        return "descending rank in one suit"

    def _sequence_words(self) -> str:
        if self.rule == "same-suit":
            return RULE_WORDS["same-suit"]
        return RULE_WORDS[self.rule] + ", or in the same suit"

    def _single_sources(self) -> list[tuple[str, int | None]]:
        return []  # a column's top is its own unit; foundations give nothing back

    def _is_won(self) -> bool:
        return None not in self.foundations  # a foundation is a whole suit or empty

    # ----------------------------------------------------------- moves
    def _generate(self) -> list[Move]:
        """Per column c1..c8: its run to a foundation, then each count from
        1 up, onto columns left to right, then into empty columns left to
        right; ``deal`` last."""
        if None not in self.foundations:
            return []
        cols = self.columns
        fits = FITS[self.rule]
        tops_by_rank: list[list[tuple[int, int]]] = [[] for _ in range(13)]
        empty = []
        for j, col in enumerate(cols):
            if col:
                top = col[-1]
                tops_by_rank[top >> 2].append((j, top))
            else:
                empty.append(j)
        moves: list[Move] = []
        for i, col in enumerate(cols):
            if not col:
                continue
            run = _run_length(col)
            if run == 13:  # a one-suit run of 13 is king to ace; a foundation is free (not won)
                moves.append(_LAY_UP_MOVES[i])
            table = _COLUMN_MOVES[i]
            for k in range(1, run + 1):
                bottom = col[-k]
                above = (bottom >> 2) + 1  # the rank index one higher
                if above < 13:
                    for j, top in tops_by_rank[above]:
                        if j != i and fits[top][bottom]:
                            moves.append(table[j][k])
                for j in empty:
                    moves.append(table[j][k])
        if not empty and self.stock:
            moves.append(_DEAL)
        return moves

    def _word_moves(self) -> list[Move]:
        return [_DEAL] if self.can_deal else []

    def _reason(self, move: Move) -> str | None:
        if move.word is None and not self._is_won() and self._place(move.src)[0] == "f":
            return "Cards on a foundation never come back: a laid-off suit stays there."
        return super()._reason(move)

    def _column_move_reason(self, si: int, dk: str, di: int | None, count: int) -> str | None:
        col = self.columns[si]
        if not col:
            return f"Column c{si + 1} is empty."
        if count > len(col):
            return f"Column c{si + 1} holds only {len(col)} card{'s' if len(col) > 1 else ''}."
        if dk == "f":
            return self._lay_up_reason(si, count, di)
        run = _run_length(col)
        if count > run:
            held = "only its top card moves" if run == 1 else f"only its top {run} cards move together"
            return (f"The top {count} cards of c{si + 1} are not one unit (a descending run in one "
                    f"suit): {held}.")
        return self._onto_column_reason(col[-count], count, di, source_column=si)

    def _lay_up_reason(self, si: int, count: int, j: int | None) -> str | None:
        """Why the top ``count`` cards of column ``si`` may not go to
        foundation ``j`` (``None``: any), or ``None`` if they may."""
        if count == 1:
            return ("A single card never goes to a foundation in The Smith: only a complete run "
                    "from king down to ace in one suit does, all 13 cards at once (like 'c1-f:13').")
        if count != 13:
            return (f"Only a complete run from king down to ace in one suit goes to a foundation, "
                    f"all 13 cards at once, not {count}.")
        if _run_length(self.columns[si]) < 13:
            return f"The top 13 cards of c{si + 1} are not a run from king down to ace in one suit."
        if j is None:
            if None not in self.foundations:
                return "Every foundation already holds a suit."
            return None
        top = self.foundations[j]
        if top is not None:
            return (f"Foundation f{j + 1} already holds the {SUIT_WORDS[top & 3]}: "
                    "a foundation takes one suit, into an empty foundation.")
        return None

    def _deal_reason(self) -> str | None:
        if not self.stock:
            return "The stock is empty: there is nothing left to deal."
        empty = [f"c{i + 1}" for i, col in enumerate(self.columns) if not col]
        if empty:
            which = ", ".join(empty)
            return f"Fill every empty column before dealing ({which} {'is' if len(empty) == 1 else 'are'} empty)."
        return None

    def _word_reason(self, word: str) -> str | None:
        if word == "deal":
            return self._deal_reason()
        return super()._word_reason(word)

    # ----------------------------------------------------------- applying
    def _apply(self, move: Move) -> list[Event]:
        if move.word is not None:
            return self._apply_word(move.word)
        src, dst, count = move.src, move.dst, move.count
        col = self.columns[int(src[1:]) - 1]
        cards = col[-count:]
        del col[-count:]
        if dst[0] == "f":
            return self._to_foundation(cards, int(dst[1:]) - 1 if len(dst) > 1 else None, src)
        self.columns[int(dst[1:]) - 1].extend(cards)
        return [CardMoved(NAMES[c], src, dst) for c in cards]

    def _to_foundation(self, cards: list[int], j: int | None, src: str) -> list[Event]:
        """A king-to-ace run (king first, as it lay) onto foundation ``j``
        (``None``: the leftmost empty one); the ace lands first, the king on top."""
        if j is None:
            j = self.foundations.index(None)
        self.foundations[j] = cards[0]
        place = f"f{j + 1}"
        return [CardMoved(NAMES[c], src, place) for c in reversed(cards)]

    def _apply_word(self, word: str) -> list[Event]:
        if word == "deal":
            dealt = []
            for i, col in enumerate(self.columns):
                c = self.stock.pop()
                col.append(c)
                dealt.append((NAMES[c], f"c{i + 1}"))
            return [CardsDealt(tuple(dealt), source="s")]
        return super()._apply_word(word)

    # ----------------------------------------------------------- state
    def _snapshot(self) -> Any:
        return (tuple(map(tuple, self.columns)), tuple(self.stock), tuple(self.foundations))

    def _restore(self, snapshot: Any) -> None:
        cols, stock, found = snapshot
        self.columns = [list(c) for c in cols]
        self.stock = list(stock)
        self.foundations = list(found)

    def _dump(self) -> dict[str, Any]:
        return {"columns": [self._names(c) for c in self.columns],
                "stock": self._names(self.stock),
                "foundations": [None if c is None else NAMES[c] for c in self.foundations]}

    def _load(self, layout: dict[str, Any]) -> None:
        columns = self._read_piles(layout, "columns", N_COLUMNS)
        stock = self._read_pile(layout.get("stock"), "the stock")
        found = self._read_foundations(layout)
        for i, top in enumerate(found):
            if top is not None and RANK_OF[top] != KING:
                raise BadPosition(f"foundation {i + 1} has the {NAMES[top]} on top, but a foundation of "
                                  "The Smith only ever holds a whole suit, king on top")
        if len(stock) % N_COLUMNS:
            raise BadPosition(f"the stock holds {len(stock)} cards; it deals {N_COLUMNS} at a time "
                              f"from {STOCK_SIZE}, so it holds a multiple of {N_COLUMNS}")
        if len(stock) > STOCK_SIZE:
            raise BadPosition(f"the stock holds {len(stock)} cards; it starts with {STOCK_SIZE} and never grows")
        self.columns, self.stock, self.foundations = columns, stock, found
        self._check_foundation_suits()
        self._check_cards([c for col in columns for c in col] + stock + self._foundation_cards(found))

    # ----------------------------------------------------------- text
    def render(self) -> str:
        """The layout as text for the terminal game; ``|`` marks where a
        unit of two or more cards begins."""
        fnd = " ".join("--" if c is None else NAMES[c] for c in self.foundations)
        lines = [f"stock: {len(self.stock)} cards ({self.deals_left} deals left)   rule: {self.rule}",
                 f"foundations f1..f8: {fnd}"]
        for i, col in enumerate(self.columns):
            names = [NAMES[c] for c in col]
            run = _run_length(col)
            if run > 1:
                names.insert(len(col) - run, "|")
            lines.append(f"  c{i + 1}: " + " ".join(names))
        return "\n".join(lines)
