"""Gaps (one deck, also called Montana): the rules of docs/rules.md, "Gaps".

52 cards in 4 rows of 13; the aces come out, leaving 4 gaps.  A gap takes
the card after the one on its left; a gap in column 1 takes any 2, also one
in column 1 of another row.  Proper place (the run from a 2 in column 1)
decides what a shuffle keeps and locks nothing.  Three shuffles, each only
when stuck; one level of undo, which toggles.
"""

from __future__ import annotations

from .cards import ACES, NAMES, RANK_OF, shuffled_deck
from .errors import BadPosition
from .events import AcesRemoved, CardsDealt, Event
from .grid import GridGame
from .spec import GameSpec, Variant

SHUFFLES = 3
TWOS = (4, 5, 6, 7)


class Gaps(GridGame):
    name = "gaps"
    title = "Gaps"
    OPTIONS = {}
    ROWS, WIDTH, FIRST_COLUMN, BASE_RANK, COPIES = 4, 13, 1, 2, 1
    CARDS_IN_PLAY = 48
    VOLUNTARY_REDEAL = False
    REDEALS_KEY, REDEAL_WORD = "shuffles_left", "shuffle"
    undo_depth = 1

    @property
    def shuffles_left(self) -> int:
        return self.redeals_left

    def _deal(self) -> list[Event]:
        cards = shuffled_deck(self.seed)
        self.cells = list(cards)
        self.redeals_left = SHUFFLES
        dealt = CardsDealt(tuple((NAMES[c], self.PLACES[i]) for i, c in enumerate(cards)))
        return [dealt, self._remove_aces()]

    def _remove_aces(self) -> AcesRemoved:
        removed = []
        for i, c in enumerate(self.cells):
            if c is not None and RANK_OF[c] == 1:
                self.cells[i] = None
                removed.append((NAMES[c], self.PLACES[i]))
        return AcesRemoved(tuple(removed))

    # ----------------------------------------------------------- the rule
    # Gaps keeps no card where it is (IN_PLACE_STAYS is False): a card in
    # proper place has no move only because the one gap it fits is the one
    # it fills, and a 2 in column 1 may go into another row's column-1 gap.

    def _first_column_reason(self, c: int, dst: int) -> str | None:
        if RANK_OF[c] != 2:
            return f"Only a 2 can go in a gap in column 1; the {NAMES[c]} is not a 2."
        return None

    def _twos(self) -> list[int]:
        index = self.cells.index
        return [index(c) for c in TWOS]

    # ----------------------------------------------------------- queries
    @property
    def shuffles_used(self) -> int:
        """Shuffles used so far in this game (0 to 3), what the high scores rank."""
        return SHUFFLES - self.redeals_left

    def belongs(self, place: str) -> str | None:
        """Where the card lies that belongs at ``place`` (what a click on a
        gap selects at the table): the card after the one on its left, or for column 1 the
        first 2 in reading order not in proper place (any 2 may go there;
        this is the one a click on the gap picks).  ``None`` when no card
        belongs there (a gap or a king on its left; in column 1, when all
        four 2s lie in column 1)."""
        i = self._index(place)
        if i % self.WIDTH == 0:
            loose = [t for t in sorted(self._twos()) if not self._in_place(t)]
            return self.PLACES[loose[0]] if loose else None
        need = self._needed(i)
        return None if need is None else self.PLACES[self.cells.index(need)]

    def unfilled_reason(self, place: str) -> str | None:
        """Why no card belongs in the gap at ``place`` now (None when one
        does, or ``place`` holds a card): a gap or a King on its left, in
        the rule's own words (a gap in column 1 always has a 2 to take)."""
        i = self._index(place)
        if self.cells[i] is not None or self.belongs(place) is not None:
            return None
        # the neighbour on the left decides it before any card does
        return self._refusal(next(k for k, c in enumerate(self.cells) if c is not None), i)

    def _card_hint(self, i: int) -> list[str]:
        """Gaps: the card that belongs where this card lies (a hint's
        Alt-click or right-click on a card); nothing when that is the card itself."""
        found = self.belongs(self.PLACES[i])
        return [found] if found is not None and found != self.PLACES[i] else []

    def _redeal(self) -> list[Event]:
        locked = self._locked_cells()
        places = [i for i in range(len(self.cells)) if i not in locked]
        cards = [c for i, c in enumerate(self.cells) if i not in locked and c is not None]
        cards += ACES
        self._redeal_rng().shuffle(cards)
        self.redeals_left -= 1
        return [self._relaid(places, cards), self._remove_aces()]

    def _most_redeals(self) -> int:
        return SHUFFLES

    def _deck_part(self, cells: list[int | None]) -> list[int]:
        for i, c in enumerate(cells):
            if c is not None and RANK_OF[c] == 1:
                raise BadPosition(f"the {NAMES[c]} is at {self.PLACES[i]}, but in Gaps the aces "
                                  "are taken off the table")
        return [c for c in cells if c is not None] + list(ACES)


#: Gaps as the rest of the engine knows it (``spec.py``)
SPEC = GameSpec(Gaps, letter="G", scoring=None,
                solver="engine.solve.grid:search", hint_line="engine.solve.grid:best_line",
                play_on="engine.solve.grid:play_on",
                study=(Variant("-", {}, words="no shuffle"),),
                examples=("b7-a3", "d13-c1", "redeal"))
