"""The Squire: The Prince in miniature, the stand-in sixth game of the tests
(``tests/test_sixth_game.py`` adds it to a copy of the program by
docs/design.md's checklist; it is no game of the collection).

A short pack, the ace to the six of each suit (24 cards): every ace starts
on its foundation, seven cards lie face up in a reserve row, and the other
thirteen are dealt to nine columns (3, 2, 2, 2, 1, 1, 1, 1, 0).  Columns pack
by the chosen rule, with sequence moves by vacancies; a reserve card plays
onto a column or a foundation, and nothing goes into the reserve; a card on
a foundation stays there.  The game is won when every foundation reaches
its six.  It brings no search of its own: the generic search plays it.
"""

from __future__ import annotations

from typing import Any

from .cards import ACE, NAMES, RANK_OF, RANKS, shuffled_deck
from .errors import BadPosition
from .events import CardsDealt, Event
from .packing import RULES
from .scoring import Scoring
from .spec import GameSpec, rule_variants
from .tableau import PileGame

#: the highest rank dealt: the ace to the six of each suit
TOP = 6
#: the pack: every card up to :data:`TOP`, lowest first
PACK = tuple(c for c in range(52) if RANK_OF[c] <= TOP)
COLUMN_SIZES = (3, 2, 2, 2, 1, 1, 1, 1, 0)
RESERVE = 7


class Squire(PileGame):
    name = "squire"
    title = "The Squire"
    OPTIONS = {"rule": RULES}
    N_COLUMNS, N_FOUNDATIONS, COPIES = 9, 4, 1
    OTHER_PILES = {"r": RESERVE}
    TAKES_FROM = ("r",)
    LAYOFF_FROM = ("c", "r")
    WORDS = ("layoff",)

    reserve: list[int | None]

    def _deal(self) -> list[Event]:
        cards = [c for c in shuffled_deck(self.seed) if RANK_OF[c] <= TOP]
        aces = sorted(c for c in cards if RANK_OF[c] == ACE)
        rest = [c for c in cards if RANK_OF[c] != ACE]
        self.foundations = list(aces)           # f1 clubs .. f4 spades, each its ace
        self.reserve = list(rest[:RESERVE])
        self.columns, at = [], RESERVE
        for size in COLUMN_SIZES:
            self.columns.append(list(rest[at:at + size]))
            at += size
        dealt = [(NAMES[c], f"f{j + 1}") for j, c in enumerate(aces)]
        dealt += [(NAMES[c], f"r{i + 1}") for i, c in enumerate(self.reserve)]
        dealt += [(NAMES[c], f"c{i + 1}") for i, col in enumerate(self.columns) for c in col]
        return [CardsDealt(tuple(dealt))]

    # ----------------------------------------------------------- hooks
    def _offered(self, kind: str) -> list[int | None]:
        return self.reserve

    def _no_top_reason(self, kind: str, i: int | None) -> str:
        return f"The reserve place r{i + 1} is empty."

    def _take(self, kind: str, i: int | None) -> int:
        c, self.reserve[i] = self.reserve[i], None
        return c

    def _never_taken(self, kind: str, i: int | None) -> str:
        if kind == "f":
            return f"A card on a foundation stays there in {self.title}."
        return super()._never_taken(kind, i)

    def _is_won(self) -> bool:
        return all(top is not None and RANK_OF[top] == TOP for top in self.foundations)

    def _check_cards(self, cards: list[int]) -> None:
        if sorted(cards) != list(PACK):
            raise BadPosition(f"{self.title} is played with the ace to the {RANKS[TOP - 1]} of each suit, "
                              "each card once")

    # ----------------------------------------------------------- state
    def _snapshot(self) -> Any:
        return (tuple(map(tuple, self.columns)), tuple(self.reserve), tuple(self.foundations))

    def _restore(self, snapshot: Any) -> None:
        cols, reserve, found = snapshot
        self.columns = [list(c) for c in cols]
        self.reserve = list(reserve)
        self.foundations = list(found)

    def _dump(self) -> dict[str, Any]:
        return {"columns": [self._names(c) for c in self.columns],
                "reserve": [None if c is None else NAMES[c] for c in self.reserve],
                "foundations": [None if c is None else NAMES[c] for c in self.foundations]}

    def _load(self, layout: dict[str, Any]) -> None:
        columns = self._read_piles(layout, "columns", self.N_COLUMNS)
        reserve = layout.get("reserve")
        if not isinstance(reserve, list) or len(reserve) != RESERVE:
            raise BadPosition(f"a position of {self.title} has 'reserve': {RESERVE} cards (or null)")
        reserve = [self._read_card(c, f"reserve {i + 1}") for i, c in enumerate(reserve)]
        found = self._read_foundations(layout)
        for i, top in enumerate(found):
            if top is None:
                raise BadPosition(f"foundation {i + 1} is empty, but {self.title} starts every foundation "
                                  "with its ace")
        cards = [c for col in columns for c in col] + [c for c in reserve if c is not None]
        self._check_cards(cards + self._foundation_cards(found))
        self.columns, self.reserve, self.foundations = columns, reserve, found
        self._check_foundation_suits()

    def render(self) -> str:
        res = " ".join("--" if c is None else NAMES[c] for c in self.reserve)
        fnd = " ".join("--" if c is None else NAMES[c] for c in self.foundations)
        lines = [f"reserve  r1..r7: {res}", f"foundations f1..f4: {fnd}"]
        for i, col in enumerate(self.columns):
            lines.append(f"  c{i + 1}: " + " ".join(NAMES[c] for c in col))
        return "\n".join(lines)


#: The Squire as the rest of the engine knows it (``spec.py``): no solver
#: named, so the generic search plays it
SPEC = GameSpec(Squire, letter="Q",
                scoring=Scoring({"any-suit": (1, -3), "alternate": (2, -2), "same-suit": (3, -1)}),
                study=rule_variants(RULES),
                examples=("c1-c9", "r7-c9", "r1-f", "layoff"))
