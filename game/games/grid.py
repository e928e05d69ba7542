"""What Gaps and Chinese Puzzle share on the table: rows of cells, one card
to a cell, hints that name the cells a card or gap is tied to."""

from __future__ import annotations

import re

import engine

from .base import Front, View, card_name, either, lost_words, two_decks

_CELL = re.compile(r"\b([a-h])(\d{1,2})\b")
#: a row named by its letter alone, as the engine's reasons do ("row a", "rows a to d")
_ROW = re.compile(r"\b(rows?) ([a-h])\b((?:,? (?:and|or|to) [a-h]\b)*)")


class GridFront(Front):
    """A game of rows of cells (the engine's grid games)."""

    def __init__(self) -> None:
        self.redeal_in_verdict = self.redeal_word

    @property
    def menu_title(self) -> str:
        """The game's own menu is named by its title."""
        return self.title

    def hint_places(self, view: View, place: str, index: int | None) -> list[str]:
        """What the engine's ``hint_places`` names: on a gap, the cards that
        may fill it; on a card, the cells it is tied to."""
        return view.game.hint_places(place)

    def hint_words(self, view: View, place: str, index: int | None, places: list[str]) -> str:
        """On a gap: the cards that may fill it (with two decks, each where
        it lies), or why none may; on a card, :meth:`card_hint_words`."""
        game = view.game
        card = game.card_at(place)
        if card is None:
            if places and two_decks(game):         # which copy: "10D at f12 or 10D at g10"
                return f"{either([f'{game.card_at(p)} at {p}' for p in places])} can fill {place}."
            if places:
                return f"{either([game.card_at(p) for p in places])} can fill {place}."
            return self.no_filler_words(game, place)
        return self.card_hint_words(game, place, card, places)

    def no_filler_words(self, game: engine.Game, place: str) -> str:
        """Why no card may fill the gap at ``place`` now."""
        if place in game.dead_places():
            return f"Nothing can fill {place}: a king lies on its left, and nothing follows a king."
        return f"No card can fill {place} now."

    def card_hint_words(self, game: engine.Game, place: str, card: str, places: list[str]) -> str:
        return ""

    def redeals_allowed(self, g: engine.Game) -> int:
        """How many redeals (Gaps: shuffles) the game gives."""
        return g.options["redeals"]

    def used_text(self, g: engine.Game) -> str:
        """The redeals (Gaps: shuffles) used of those allowed."""
        allowed = self.redeals_allowed(g)
        used = allowed - g.redeals_left
        return f"{self.redeal_word.capitalize()}s used: {used} of {allowed}."

    def in_place_text(self, g: engine.Game) -> str:
        """The cards in their final places, of all that have one."""
        return f"Cards in place: {sum(g.locked_counts())} of {g.ROWS * (g.WIDTH - 1)}."

    def over_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        return [self.used_text(g), self.in_place_text(g)]

    def win_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        return [self.used_text(g)]

    def stuck_text(self, g: engine.Game) -> str:
        return f"Stuck: {self.stuck_advice}." if getattr(g, "stuck", False) else ""

    stuck_advice = "redeal"

    def verdict_text(self, g: engine.Game, verdict: str) -> str:
        word = self.redeal_word
        if verdict == "won":
            # "without a redeal" says something only while one is left to use
            return f"can be won without a {word}" if g.redeals_left > 0 else super().verdict_text(g, verdict)
        if verdict == "impossible":
            left = g.redeals_left
            if left > 0:
                return f"this deal can't be won without a {word}; {left} {word}{'s' if left != 1 else ''} left"
            return lost_words(g)
        return super().verdict_text(g, verdict)

    def gap_words(self, game: engine.Game, place: str) -> str:
        """The gap at ``place`` named by the card before it, as the moves
        name it: "a gap after the two of spades"; at a row's start "a gap
        at the start of the row"; a gap nothing can fill now, "a dead gap,
        after the king of clubs" (the engine's ``dead_places``) or "a dead
        gap, after another gap" (no card may fill it, the engine says,
        until the gap on its left is filled)."""
        column = int(place[1:])
        if column <= game.FIRST_COLUMN:
            return "a gap" if column < 1 else "a gap at the start of the row"
        left = f"{place[0]}{column - 1}"
        before = game.card_at(left)
        if before is None:
            if game.fillers(place):
                return "a gap"
            if column - 1 < 1:                  # Chinese Puzzle: the ace column's place is empty
                return "a dead gap, after an empty place of the ace column"
            return "a dead gap, after another gap"
        if place in game.dead_places():
            return f"a dead gap, after {card_name(before)}"
        return f"a gap after {card_name(before)}"

    def describe(self, game: engine.Game, move: engine.Move, placed: bool = False, whence: bool = False) -> str:
        """"the seven of hearts into the gap after the six of hearts"; with
        two decks, where the card lies too ("the ten of diamonds from row F,
        column 12 into the gap after the nine of diamonds"), and, when the
        other nine of diamonds has a gap after it as well (``placed``), the
        gap's place ("into the gap at row F, column 4, after the nine of
        diamonds"); ``whence`` (a hint: the player must find the card): where
        it lies in a one-deck game too."""
        moved = card_name(game.card_at(move.src))
        if two_decks(game) or whence:
            moved += f" from {self.speak_places(game, move.src)}"
        column = int(move.dst[1:])
        if column == game.FIRST_COLUMN:
            if placed and column == 0:          # Chinese Puzzle: "into row A's ace column"
                return f"{moved} into {self.speak_places(game, move.dst)}"
            return f"{moved} to the start of row {move.dst[0].upper()}"
        after = card_name(game.card_at(f"{move.dst[0]}{column - 1}"))
        if placed:
            return f"{moved} into the gap at {self.speak_places(game, move.dst)}, after {after}"
        return f"{moved} into the gap after {after}"

    def speak_places(self, game: engine.Game, text: str) -> str:
        """``c5`` as "row C, column 5"; Chinese Puzzle's column 0 as "row C's
        ace column"; a row named by its letter alone with the letter as the
        table shows it, "row C" (the engine's reasons say "row c")."""
        first = game.FIRST_COLUMN

        def cell(m: re.Match) -> str:
            row, column = m.group(1).upper(), int(m.group(2))
            if column == 0 and first == 0:
                return f"row {row}'s ace column"
            return f"row {row}, column {column}"

        def row(m: re.Match) -> str:
            more = re.sub(r"\b[a-h]\b", lambda x: x.group(0).upper(), m.group(3))
            return f"{m.group(1)} {m.group(2).upper()}{more}"
        return _ROW.sub(row, _CELL.sub(cell, text))
