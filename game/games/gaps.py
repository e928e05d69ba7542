"""Gaps on the table: a clock, Pause, the shuffles in a hand, high scores,
an Undo that toggles (docs/rules.md, "Gaps"), and gaps that a click fills."""

from __future__ import annotations

import engine
from engine.gaps import SHUFFLES

from ..layouts.grids import gaps as lay_gaps
from .base import SEPARATOR, Entry, Fill, card_name, clock_text, play_entry
from .grid import GridFront

#: how many cards may fill a gap, in words ("one of three twos")
NUMBERS = {2: "two", 3: "three", 4: "four"}


class GapsFront(GridFront):
    name = "gaps"
    listed = 1
    blurb = "One deck in four rows. Fill each gap with the next card of its suit."
    sample = ("2H", "3H", "4H", "5H")
    redeal_word = "shuffle"
    stuck_advice = "use a shuffle"
    timed = True
    high_scores = True
    undo_toggles = True
    fills_blanks = True

    def layout(self, game, area, aspect, ui):
        return lay_gaps(game, area, aspect, ui)

    def fill_blank(self, game: engine.Game, place: str, moves: bool, after: str | None = None) -> Fill:
        """Clicking a gap selects (or, with "Clicking Blanks Moves",
        ``moves``, moves) the card that belongs there (the engine's
        ``belongs``).  A gap in column 1 takes any free 2: the words say
        it is one of several, and while one is offered (``after``) the gap
        chosen again offers the next, round the free 2s in reading order."""
        src = game.belongs(place)
        if src is None or game.pickup_reason(src) is not None:
            return Fill(words=self.no_card_for(game, place, src))
        others = self.fillers(game, place, src)
        if len(others) > 1 and after in others:
            src = others[(others.index(after) + 1) % len(others)]
        one_of = f", one of {NUMBERS.get(len(others), len(others))} {self.plural(game, src)}," \
            if len(others) > 1 else ""
        if moves:           # (said once it is played: that it was one of several, and how to choose)
            return Fill(move=str(engine.Move(src, place)), words=f"The {game.card_at(src)} at {src}{one_of} went "
                        f"in {place}: to choose another, Undo (Ctrl+Z) and Alt-click the gap." if one_of else "")
        if one_of:          # (the table says how to choose: by the pointer, or by the keys)
            return Fill(select=src, more=True, words=f"The {game.card_at(src)} at {src}{one_of} may go in {place}")
        return Fill(select=src, words=f"The {game.card_at(src)} at {src} goes in {place}: choose the gap again "
                                      "(a click, or Enter) to move it there.")

    @staticmethod
    def fillers(game: engine.Game, place: str, first: str) -> list[str]:
        """The cards that may fill the gap at ``place`` and are free (not in
        proper place), as the engine's moves say: ``first`` (the engine's
        ``belongs``), then the others in reading order after it."""
        free = [m.src for m in game.legal_moves() if m.word is None and m.dst == place and m.src
                and not game.is_locked(m.src)]
        order = sorted(set(free) | {first}, key=game.PLACES.index)
        at = order.index(first)
        return order[at:] + order[:at]

    @staticmethod
    def plural(game: engine.Game, src: str) -> str:
        """The rank of the card at ``src`` in words, many of it: "twos"."""
        from engine.cards import card
        words = card(game.card_at(src)).words          # "two of hearts"
        rank = words.split(" of ")[0]
        return rank + ("es" if rank.endswith("x") else "s")

    @staticmethod
    def no_card_for(game: engine.Game, place: str, src: str | None) -> str:
        """Why no card goes in the gap at ``place`` now, in the engine's words:
        the card that belongs cannot move, or nothing belongs there."""
        if src is not None:
            return game.pickup_reason(src) or ""
        return game.unfilled_reason(place) or ""

    def no_filler_words(self, game: engine.Game, place: str) -> str:
        return self.no_card_for(game, place, game.belongs(place)) or super().no_filler_words(game, place)

    def card_hint_words(self, game: engine.Game, place: str, card: str, places: list[str]) -> str:
        """Alt-click or right-click on a card: the card that belongs where this one lies."""
        if places:
            return f"{game.card_at(places[0])}, at {places[0]}, belongs where {card} lies."
        if game.belongs(place) == place:
            return f"{card} lies where it belongs" + (": it is in its proper place." if game.is_locked(place)
                                                       else ".")
        row, column = place[0], int(place[1:])
        left = game.card_at(f"{row}{column - 1}") if column > game.FIRST_COLUMN else None
        if column == game.FIRST_COLUMN:
            return f"No card belongs where {card} lies: every 2 already starts its row."
        if left is None:
            return f"No card belongs where {card} lies: the place on its left is a gap."
        return f"No card belongs where {card} lies: {left} on its left is a king, and nothing follows a king."

    def auto_redeal(self, prefs_say: bool) -> bool:
        return prefs_say

    def redeals_allowed(self, g: engine.Game) -> int:
        return SHUFFLES

    def win_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        return [self.used_text(g), f"Time: {clock_text(elapsed)}."]

    def over_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        return [self.used_text(g), self.in_place_text(g), f"Time: {clock_text(elapsed)}."]

    def menu_items(self, g: engine.Game, paused: bool) -> list[Entry]:
        return [
            Entry("Hint", "hint", "H", not g.over),
            Entry("Demo", "start_demo", "Ctrl+E", not g.over),
            play_entry("Use a Shuffle", "redeal", "Ctrl+U"),
            Entry("Pause", "toggle_pause", "Ctrl+P", not g.over, checked=paused),
            Entry("Rewind to Start", "rewind", "Ctrl+Shift+B", False, refused="rewind"),
            Entry("Fast Forward", "fast_forward", "Ctrl+Shift+F", False, refused="fast_forward"),
            SEPARATOR,
            Entry("High Scores...", "show_high_scores", "Ctrl+I"),
        ]

    def option_items(self, g: engine.Game, option) -> list[Entry]:
        return [
            Entry("Fast Aces", "toggle fast_aces", "Ctrl+Shift+A", checked=bool(option("fast_aces"))),
            Entry("Auto Reshuffle", "toggle auto_reshuffle", "Ctrl+Shift+U", checked=bool(option("auto_reshuffle"))),
            Entry("Timer", "toggle timer_shown", "Ctrl+Shift+N", checked=bool(option("timer_shown"))),
            Entry("Clicking Blanks Moves" if option("blanks_move") else "Clicking Blanks Selects",
                  "toggle blanks_move", "Ctrl+Shift+L"),
        ]

#: the rules in the Help window (game/ui/help.py reads its marks)
HELP = """\
# The aim
Put the whole pack in order: each of the four rows in one suit, from the 2 at the left to the King, with the
last space of the row left empty.

# The deal
All 52 cards are dealt face up in four rows of thirteen. The four Aces are then taken away, leaving four gaps.
(With Fast Aces off in the Options menu, they leave one by one, each with its own little sound.)

# Moves
A gap takes only one card: the next higher card of the same suit as the card just left of the gap. After """ \
    + card_name("7C") + " comes " + card_name("8C") + """ and nothing else. A gap at the left edge of a row takes
any 2, even a 2 that starts another row.

Nothing comes after a King, so a gap to the right of a King is dead. A gap to the right of another gap takes
nothing until its neighbour is filled.

# Proper places
A card is in its proper place when it belongs to the unbroken run, in one suit, that starts with a 2 at the
left edge of its row: 2, 3, 4 and so on. Only that run counts. Once the run is broken, the cards after the
break are out of place, even where a few of them happen to follow one another. A shuffle leaves the cards in
their proper places where they are. Nothing else holds them there: a 2 at the left edge may still move to
another row's empty left edge, and the cards of its run may then follow it there one by one. (Any other card
in its proper place already fills the only gap it could go to.)

# Three shuffles
You have 3 shuffles per game, and you may use one only when no move is left. A shuffle gathers every card that
is not in its proper place, together with the four Aces, shuffles them and deals them back into all the places
not in proper order, from left to right and top to bottom. Then the Aces are taken out again, and you have
four new gaps. The last column is never a proper place, so a shuffle may deal a card there.

The hand beside the cards counts your shuffles left: three fingers, two, one, then a fist. When you are stuck,
a notice says so. With Auto Reshuffle on (the default) the shuffle follows as soon as you close it; with it
off, choose Use a Shuffle (Ctrl+U) or click the hand.

# Winning and losing
You win when every row runs from 2 to King in one suit. You lose when you are stuck with no shuffles left.

# Undo: one level
Undo (Ctrl+Z) takes back your last move, and only that one: undo is one level deep. Choose Undo again and the
move is made again. Being able to take back only one move is part of the challenge. A shuffle cannot be
undone.

# Timer and high scores
The timer runs while you play. It stops while a dialog is open and while the game is paused. Pause (Ctrl+P)
hides the cards until you come back; the game also pauses when its window loses the focus.

Only winners reach the high scores. Fewer shuffles used ranks higher, and between equal shuffles the faster
time wins. A new list starts with a few modest scores to beat.

# Playing here
- Click a card to select it, then click a gap to move it there; or drag the card onto the gap.
- Click a gap to select the card that belongs in it, then click the gap again to move it there. A gap at the
  left edge takes any 2 that does not already start a row: the click offers the first in reading order and
  the status line says it is one of two, three or four twos; click the gap again for the next, and click the
  2 offered to move it in. With Clicking Blanks Moves chosen in the Options menu, the click moves the card
  straight in (at the left edge, the first 2). Hold Alt while clicking a gap to do the opposite of the
  setting, once.
- Alt-click or right-click a card to light up the card that belongs where it lies; right-click a gap to see
  every card that may fill it. The status line says in words what the hint shows. A card in its proper place
  carries a green bar along its foot (in Black & White, a black one).
- Double-click a card to move it when there is exactly one gap it can go to.
- The rows are lettered A to D at the left and the columns numbered along the top: the status line
  and the spoken words name places that way ("row B, column 4").
- Keyboard: the arrows move the focus, 1 to 4 jump to row A to D, G to the next gap. Enter or Space picks a
  card up and puts it down, Escape puts it back. On a gap, Enter selects the card that belongs there (and says
  which); Enter again moves it, as a second click does. On a gap at the left edge with several 2s free,
  Tab offers the next 2, and Enter on the gap moves the 2 offered in.
- With a card in hand, Tab goes to the gap it may go to. F plays the focused card's only move.
- The Options menu changes the card back, the table, and Colour or Black & White.
- F10 or Alt with a menu's underlined letter opens the menus: arrows move, Enter or Space chooses, Escape
  closes. In a window, Tab moves between its controls and Space presses the ringed button.
- Options > Speak (Ctrl+Shift+V; on by itself when a screen reader runs) says the focus, moves and windows
  aloud. W says where the focus is and the whole table, Shift+W the focused pile in full.
- F11 switches between a window and the full screen.
"""


FRONT = GapsFront()
FRONT.help = HELP
