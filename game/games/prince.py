"""The Prince on the table: nine columns and a reserve of seven, every card
face up, and Layoff."""

from __future__ import annotations

import engine

from ..layouts.piles import prince as lay_prince
from .base import Entry, play_entry
from .tableau import CARD_SHELL_PLAY, COUNTING, TableauFront


class PrinceFront(TableauFront):
    name = "prince"
    listed = 5
    blurb = "After King Albert: nine columns, a reserve of seven, all face up."
    sample = ("9H", "8S", "7D", "6C")
    review_seconds = 2.0        #: the review's searches are shorter here (game/ui/review.py's figure)

    def layout(self, game, area, aspect, ui):
        return lay_prince(game, area, aspect, ui)

    def own_items(self, g: engine.Game) -> list[Entry]:
        return [play_entry("Layoff", "layoff", "Ctrl+L")]

#: the rules in the Help window (game/ui/help.py reads its marks)
HELP = """\
# The aim
One pack, after the patience "King Albert". Build four foundations, each in one suit, from Ace up to King.

# The layout
Nine columns are dealt face up, with 9, 8, 7 and so on down to 1 card from left to right. The other 7 cards
lie face up in a reserve row above them, and there are four foundations. Before play begins, every Ace is laid
off to the foundations, wherever it was dealt.

# Packing
Columns are built downwards in rank. The packing rule is chosen for each new game with Sequences... in the
Moves menu:
- Alternating colour (the default).
- Any suit.
- Same suit.

One card moves at a time, but, as in The Republic, the program moves a whole sequence for you when the empty
columns (vacancies) give room to do it card by card: onto another column, 2 cards with one vacancy, 4 with
two, 8 with three; into a vacancy, half as many.

# The reserve
Any reserve card may be played onto a column or a foundation at any time. No card is ever put into the reserve.

# Foundations
Foundations are built up by suit. The top card of a foundation may be played back onto a column, or into a
vacancy, but an Ace never leaves its foundation.

# Layoff
Layoff (Ctrl+L) plays every card it can to the foundations, from the columns and the reserve, over and over
until no more will go. Shift-click a card to try that card alone.

# The end
You win when all 52 cards are on the foundations. The game is over when no legal move at all is left. When the
solver finds that the deal can no longer be won, the indicator on the table says so. Some deals give no good
start: a New Game chosen before you make any move counts as neither a win nor a loss.

""" + CARD_SHELL_PLAY + """
# Scoring
{scoring}

""" + COUNTING


FRONT = PrinceFront()
FRONT.rules_text = HELP
