"""The Smith (a Spider variant): the rules of docs/rules.md, "The Smith".

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

from typing import Any

from .cards import KING, NAMES, RANK_OF, shuffled_deck
from .errors import BadPosition
from .events import CardsDealt, Event
from .notation import Move
from .packing import RULES as PACKING_RULES
from .packing import same_suit_too
from .scoring import Scoring
from .spec import GameSpec, rule_variants
from .tableau import PileGame

N_COLUMNS = 8
FIRST_COLUMNS = 3
STOCK_SIZE = 104 - N_COLUMNS * FIRST_COLUMNS
RULES = ("any-suit", "alternate", "same-suit")


def _fits_table(rule: str) -> tuple[tuple[bool, ...], ...]:
    """``table[upper][lower]``: may ``lower`` be packed on ``upper`` (the
    rule, or the same suit one rank lower, which every rule allows)."""
    fits = same_suit_too(rule)
    return tuple(tuple(fits(upper, lower) for lower in range(52)) for upper in range(52))


#: the packing as a table, for the solver's compact model
FITS = {rule: _fits_table(rule) for rule in RULES}
_DEAL = Move(word="deal")


class Smith(PileGame):
    name = "smith"
    title = "The Smith"
    OPTIONS = {"rule": RULES}
    N_COLUMNS, N_FOUNDATIONS, COPIES = N_COLUMNS, 8, 2
    TAKES_FROM = ()            # a column's top is its own unit; foundations give nothing back
    WORDS = ("deal",)
    hides_cards = True          # the stock
    stock_move = "deal"
    SUPERMOVES = False         # one unit at a time, whatever its length
    ALSO_SAME_SUIT = True
    RUNS_IN_SUIT = True
    FOUNDATION_RUN = 13

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
        return self._reason(_DEAL) is None

    @property
    def suits_laid_off(self) -> int:
        """How many complete suits lie on the foundations (for scoring)."""
        return suits_home(self)

    def _column_index(self, place: str) -> int:
        kind, i = self._place(place)
        if kind != "c":
            raise ValueError(f"{place!r} is not a column of {self.title} (c1..c{N_COLUMNS})")
        return i

    def units(self, place: str) -> list[int]:
        """The counts that may be picked up from column ``place`` (``"c3"``):
        1 up to the length of the descending one-suit run on its top; empty
        for an empty column.  Where each may go is ``targets(place, count)``."""
        return list(range(1, self.movable_run(self._column_index(place)) + 1))

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

    # ----------------------------------------------------------- deal
    def _word_reason(self, word: str) -> str | None:
        if not self.stock:
            return "The stock is empty: there is nothing left to deal."
        if all(self.columns):
            return None
        empty = [f"c{i + 1}" for i, col in enumerate(self.columns) if not col]
        if empty:
            which = empty[0] if len(empty) == 1 else ", ".join(empty[:-1]) + " and " + empty[-1]
            return f"Fill every empty column before dealing ({which} {'is' if len(empty) == 1 else 'are'} empty)."
        return None

    def _apply_word(self, word: str) -> list[Event]:
        dealt = []
        for i, col in enumerate(self.columns):
            c = self.stock.pop()
            col.append(c)
            dealt.append((NAMES[c], f"c{i + 1}"))
        return [CardsDealt(tuple(dealt), source="s")]

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
            run = self.movable_run(i)
            if run > 1:
                names.insert(len(col) - run, "|")
            lines.append(f"  c{i + 1}: " + " ".join(names))
        return "\n".join(lines)


def suits_home(game: Any) -> int:
    """The complete suits on ``game``'s foundations (a king on top): each
    counts an eighth of a win to a game that is lost (docs/rules.md, "Scoring")."""
    return sum(1 for top in game.foundations if top is not None and RANK_OF[top] == KING)


#: The Smith as the rest of the engine knows it (``spec.py``).  Winnable
#: Deals Only: its beam search needs seconds of a core to win a fresh deal,
#: and wins few, so one deal is searched for the whole wait and then a deal
#: won before is dealt (``solve/won_deals.py``); under same suit, which has
#: no such deals, an ordinary one
SPEC = GameSpec(Smith, letter="S",
                scoring=Scoring({"any-suit": (2, -2), "alternate": (4, -1), "same-suit": (16, 0)},
                                suits_laid_off=suits_home),
                solver="engine.solve.piles:search", model="engine.solve.smith:SmithModel", avoids=True,
                winnable_s=4.5, study=rule_variants(PACKING_RULES),
                examples=("c1-c2", "c3-c7:2", "c1-f:13", "deal"))
