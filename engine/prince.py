"""The Prince (after King Albert): the rules of docs/rules.md, "The Prince".

One deck: 9 columns dealt 9, 8, ... 1 cards, the other 7 face up in a
reserve row; every ace is laid off before play.  Columns pack by the chosen
rule with sequence moves by vacancies; reserve cards play onto columns or
foundations, and nothing ever goes into the reserve.  Foundation tops may be
played back, except an ace.
"""

from __future__ import annotations

from typing import Any

from .cards import ACE, NAMES, RANK_OF, shuffled_deck
from .errors import BadPosition
from .events import CardMoved, CardsDealt, Event
from .packing import RULES
from .scoring import Scoring
from .spec import GameSpec, rule_variants
from .tableau import PileGame

COLUMN_SIZES = (9, 8, 7, 6, 5, 4, 3, 2, 1)


class Prince(PileGame):
    name = "prince"
    title = "The Prince"
    OPTIONS = {"rule": RULES}
    N_COLUMNS, N_FOUNDATIONS, COPIES = 9, 4, 1
    OTHER_PILES = {"r": 7}
    TAKES_FROM = ("r", "f")
    LAYOFF_FROM = ("c", "r")
    WORDS = ("layoff",)

    reserve: list[int | None]

    def _deal(self) -> list[Event]:
        cards = shuffled_deck(self.seed)
        self.columns, dealt, at = [], [], 0
        for i, size in enumerate(COLUMN_SIZES):
            self.columns.append(list(cards[at:at + size]))
            dealt += [(NAMES[c], f"c{i + 1}") for c in cards[at:at + size]]
            at += size
        self.reserve = list(cards[at:])
        dealt += [(NAMES[c], f"r{i + 1}") for i, c in enumerate(self.reserve)]
        self.foundations = [None] * 4
        return [CardsDealt(tuple(dealt)), *self._lay_off_aces()]

    def _lay_off_aces(self) -> list[Event]:
        """Every ace to the foundation of its suit (f1 clubs .. f4 spades),
        from wherever it lies, before play starts."""
        events = []
        for i, col in enumerate(self.columns):
            for c in [c for c in col if RANK_OF[c] == ACE]:
                col.remove(c)
                self.foundations[c & 3] = c
                events.append(CardMoved(NAMES[c], f"c{i + 1}", f"f{(c & 3) + 1}"))
        for i, c in enumerate(self.reserve):
            if c is not None and RANK_OF[c] == ACE:
                self.reserve[i] = None
                self.foundations[c & 3] = c
                events.append(CardMoved(NAMES[c], f"r{i + 1}", f"f{(c & 3) + 1}"))
        return events

    # ----------------------------------------------------------- hooks
    def _offered(self, kind: str) -> list[int | None]:
        if kind == "r":
            return self.reserve
        return [None if top is None or RANK_OF[top] == ACE else top for top in self.foundations]  # aces stay

    def _no_top_reason(self, kind: str, i: int | None) -> str:
        if kind == "r":
            return f"The reserve place r{i + 1} is empty."
        top = self.foundations[i]
        if top is not None and RANK_OF[top] == ACE:
            return f"An ace never leaves its foundation (the {NAMES[top]} on f{i + 1})."
        return f"Foundation f{i + 1} is empty."

    def _take(self, kind: str, i: int | None) -> int:
        if kind == "r":
            c, self.reserve[i] = self.reserve[i], None
            return c
        return super()._take(kind, i)

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
        columns = self._read_piles(layout, "columns", 9)
        reserve = layout.get("reserve")
        if not isinstance(reserve, list) or len(reserve) != 7:
            raise BadPosition("a position of The Prince has 'reserve': 7 cards (or null)")
        reserve = [self._read_card(c, f"reserve {i + 1}") for i, c in enumerate(reserve)]
        found = self._read_foundations(layout)
        for i, top in enumerate(found):
            if top is None:
                raise BadPosition(f"foundation {i + 1} is empty, but The Prince lays every ace off "
                                  "before play and an ace never leaves its foundation")
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


#: The Prince as the rest of the engine knows it (``spec.py``)
SPEC = GameSpec(Prince, letter="P",
                scoring=Scoring({"any-suit": (1, -4), "alternate": (2, -2), "same-suit": (4, -1)}),
                solver="engine.solve.prince_search:search", study=rule_variants(RULES),
                examples=("c9-c5", "r7-c7", "c2-f", "layoff"))
