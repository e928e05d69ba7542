"""Chinese Puzzle (two-deck Gaps): the rules of docs/rules.md, "Chinese Puzzle".

104 cards in 8 rows of 13 with an empty ace column (column 0) on the left.
Aces go into the ace column, each row builds up from its ace; the player
may redeal once or twice (option ``redeals``), when stuck or by choice.
Options ``aces``: ``"free"``, ``"suits-in-four"`` (rows a-d four different
suits, row e-h repeating them), ``"bridge-order"`` (C D H S C D H S).
"""

from __future__ import annotations

from .cards import NAMES, RANK_OF, SUIT_OF, SUIT_WORDS, shuffled_deck
from .errors import BadPosition
from .events import CardsDealt, Event
from .grid import GridGame
from .spec import GameSpec, Variant


class ChinesePuzzle(GridGame):
    name = "chinese-puzzle"
    title = "Chinese Puzzle"
    OPTIONS = {"redeals": (2, 1), "aces": ("free", "suits-in-four", "bridge-order")}
    ROWS, WIDTH, FIRST_COLUMN, BASE_RANK, COPIES = 8, 14, 0, 1, 2
    CARDS_IN_PLAY = 104
    VOLUNTARY_REDEAL = True
    REDEALS_KEY, REDEAL_WORD = "redeals_left", "redeal"
    IN_PLACE_STAYS = True

    def _deal(self) -> list[Event]:
        cards = shuffled_deck(self.seed, copies=2)
        self.cells = []
        for r in range(self.ROWS):
            self.cells.append(None)
            self.cells.extend(cards[r * 13:(r + 1) * 13])
        self.redeals_left = self.options["redeals"]
        return [CardsDealt(tuple((NAMES[c], self.PLACES[i]) for i, c in enumerate(self.cells)
                                 if c is not None))]

    # ----------------------------------------------------------- aces
    def _ace_reason(self, suit: int, row: int) -> str | None:
        """Why an ace of ``suit`` may not start ``row`` under the option."""
        rule = self.options["aces"]
        w, letters = self.WIDTH, self.ROW_LETTERS
        if rule == "bridge-order":
            if suit != row % 4:
                return (f"With aces in bridge order, row {letters[row]} takes the ace of "
                        f"{SUIT_WORDS[row % 4]}, not the ace of {SUIT_WORDS[suit]}.")
        elif rule == "suits-in-four":
            partner = self.cells[((row + 4) % 8) * w]
            if partner is not None and SUIT_OF[partner] != suit:
                return (f"With suits in the first four rows, row {letters[row]} repeats row "
                        f"{letters[(row + 4) % 8]}'s {SUIT_WORDS[SUIT_OF[partner]]}.")
            for other in range(8):
                c = self.cells[other * w]
                if other % 4 != row % 4 and c is not None and SUIT_OF[c] == suit:
                    return (f"With suits in the first four rows, {SUIT_WORDS[suit]} already "
                            f"start row {letters[other]}, so they belong in rows "
                            f"{letters[other % 4]} and {letters[other % 4 + 4]} only.")
        return None

    def row_suit(self, row: int) -> str | None:
        """The suit (in words: "clubs") whose ace alone may start row ``row``
        (0 is the top row) under the ace order; None when any ace may."""
        rule = self.options["aces"]
        if rule == "bridge-order":
            return SUIT_WORDS[row % 4]
        if rule == "suits-in-four":
            partner = self.cells[((row + 4) % 8) * self.WIDTH]
            if partner is not None:
                return SUIT_WORDS[SUIT_OF[partner]]
        return None

    # ----------------------------------------------------------- the rule
    def _stay_reason(self, src: int) -> str:
        return (f"The {NAMES[self.cells[src]]} at {self.PLACES[src]} is in its final position "
                "and never moves again.")

    def _first_column_reason(self, c: int, dst: int) -> str | None:
        if RANK_OF[c] != 1:
            return f"Only an ace can go in the ace column; the {NAMES[c]} is not an ace."
        return self._ace_reason(SUIT_OF[c], dst // self.WIDTH)

    # ----------------------------------------------------------- queries
    def _card_hint(self, i: int) -> list[str]:
        """Chinese Puzzle: on a card that may move, both copies of the card
        it follows and every gap it may go to now (a gap right of either
        copy; for an ace, the ace-column gaps the option allows); nothing on
        a card in final position."""
        if self._stays(i):
            return []
        place = self.PLACES[i]
        return self.follows(place) + self.targets(place)

    # ----------------------------------------------------------- redeal
    def _redeal(self) -> list[Event]:
        w = self.WIDTH
        cards, places = [], []
        for r in range(self.ROWS):
            locked = self._locked_length(r)
            row = range(r * w + locked, (r + 1) * w)
            cards += [self.cells[i] for i in row if self.cells[i] is not None]
            places += list(row)
        self._redeal_rng().shuffle(cards)
        laid: list[int | None] = []
        it = iter(cards)
        for r in range(self.ROWS):
            locked = self._locked_length(r)
            laid.append(None)
            laid.extend(next(it) for _ in range(w - locked - 1))
        self.redeals_left -= 1
        return [self._relaid(places, laid)]

    def _most_redeals(self) -> int:
        return self.options["redeals"]

    def _check_layout(self) -> None:
        w = self.WIDTH
        for row in range(self.ROWS):
            c = self.cells[row * w]
            if c is None:
                continue
            if RANK_OF[c] != 1:
                raise BadPosition(f"the {NAMES[c]} is in the ace column (row "
                                  f"{self.ROW_LETTERS[row].upper()}); only aces go there")
            self.cells[row * w] = None
            reason = self._ace_reason(SUIT_OF[c], row)
            self.cells[row * w] = c
            if reason:
                raise BadPosition(f"the aces break the '{self.options['aces']}' option: {reason}")

    @property
    def options_locked(self) -> bool:
        """The redeals option can change only before the first move."""
        return self.started


#: Chinese Puzzle as the rest of the engine knows it (``spec.py``).  Its
#: study variants name the redeals allowed, which the solver does not use
#: (it decides the deal as dealt)
SPEC = GameSpec(ChinesePuzzle, letter="C", scoring=None,
                solver="engine.solve.grid:search", hint_line="engine.solve.grid:best_line",
                play_on="engine.solve.grid:play_on",
                study=(Variant("2 redeals", {"redeals": 2}, words="no redeal (2 allowed)", aliases=("2", "2-redeals")),
                       Variant("1 redeal", {"redeals": 1}, words="no redeal (1 allowed)", aliases=("1", "1-redeal"))),
                examples=("b7-a3", "c12-a0", "redeal"))
