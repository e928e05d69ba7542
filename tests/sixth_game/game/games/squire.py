"""The Squire on the table (the stand-in sixth game of the tests): laid out
as The Prince is, nine columns under a reserve of seven, and Layoff."""

from __future__ import annotations

import engine

from ..layouts.piles import prince as lay_prince
from .base import Entry, play_entry
from .tableau import CARD_SHELL_PLAY, COUNTING, TableauFront


class SquireFront(TableauFront):
    name = "squire"
    listed = 6
    blurb = "The Prince in miniature: the ace to the six of each suit, all face up."
    sample = ("6H", "5S", "4D", "3C")

    def layout(self, game, area, aspect, ui):
        return lay_prince(game, area, aspect, ui)

    def own_items(self, g: engine.Game) -> list[Entry]:
        return [play_entry("Layoff", "layoff", "Ctrl+L")]


#: the rules in the Help window (game/ui/help.py reads its marks)
HELP = """\
# The aim
A short pack: the Ace to the Six of each suit, 24 cards. Build four foundations, each in one suit, from Ace up
to Six.

# The layout
Every Ace starts on its foundation. Seven cards lie face up in a reserve row, and the other thirteen are dealt
face up to nine columns, with 3, 2, 2, 2, 1, 1, 1 and 1 card; the ninth column starts empty.

# Packing
Columns are built downwards in rank. The packing rule is chosen for each new game with Sequences... in the
Moves menu:
- Alternating colour (the default).
- Any suit.
- Same suit.

One card moves at a time, but the program moves a whole sequence for you when the empty columns (vacancies)
give room to do it card by card. Any card may go into a vacancy.

# The reserve
Any reserve card may be played onto a column or a foundation at any time. No card is ever put into the reserve.

# Foundations
Foundations are built up by suit. A card on a foundation stays there.

# Layoff
Layoff (Ctrl+L) plays every card it can to the foundations, from the columns and the reserve, over and over
until no more will go.

# The end
You win when every foundation reaches its Six. The game is over when no legal move is left. When the solver
finds that the deal can no longer be won, the indicator on the table says so.

""" + CARD_SHELL_PLAY + """
# Scoring
{scoring}

""" + COUNTING


FRONT = SquireFront()
FRONT.rules_text = HELP
