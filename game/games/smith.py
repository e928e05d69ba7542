"""The Smith on the table: a Spider of Card Shell's, dealt from a stock
onto every column; its wins take the solver long searches."""

from __future__ import annotations

import engine

from ..layouts.piles import smith as lay_smith
from .base import Entry, card_name, play_entry
from .tableau import CARD_SHELL_PLAY, COUNTING, TableauFront


class SmithFront(TableauFront):
    name = "smith"
    listed = 4
    blurb = "A Spider variant for two decks: build King-to-Ace runs in one suit."
    sample = ("KC", "QC", "JC", "TC")
    #: the solver's beam search takes a million nodes and more to win a deal
    demo_seconds = 60.0

    def layout(self, game, area, aspect, ui):
        return lay_smith(game, area, aspect, ui)

    def counts(self, g: engine.Game) -> list[str]:
        return [f"deals left {g.deals_left}"]

    def own_items(self, g: engine.Game) -> list[Entry]:
        return [play_entry("Deal", "deal", "Ctrl+D")]

#: the rules in the Help window (game/ui/help.py reads its marks)
HELP = """\
# The aim
Two packs, 104 cards: a game in the Spider family. Build eight foundations, each a whole suit, which goes up
all at once as a run from King down to Ace.

# The layout
Eight columns of three cards, all face up. The other 80 cards are the stock, face down. There are eight foundations.

# Units
At the bottom of a column, any cards that run down in rank in one suit form a movable unit. You may move the
whole run or any part of it from the bottom up: """ + card_name("8H") + ", " + card_name("7H") + " and " \
    + card_name("6H") + ", or just " + card_name("7H") + " and " + card_name("6H") + ", or just " \
    + card_name("6H") + """.
One unit moves at a time.

# Packing
A unit goes onto a card one rank higher than its top card. What that card may be is chosen for each new game
with Sequences... in the Moves menu:
- Any suit (the default).
- Alternating colour.
- Same suit.

Building in the same suit is always allowed, whatever the rule. Any unit may go into an empty column.

# Foundations
When a column holds a complete run in one suit, from King down to Ace, all 13 cards move together to a
foundation. That is the only way cards reach a foundation, and cards on a foundation never come back.

# Dealing
Click the stock, or choose Deal (Ctrl+D), to deal eight cards, one onto each column, the top card onto the
first column. You may deal only when every column holds at least one card. The 80 cards of the stock make ten
deals.

# Long columns
Above each column sit three small spacing controls: the up arrow squeezes its cards together, the dot puts
them back to normal, and the down arrow spreads them apart. By keys, on a column: - (or Shift+Up) squeezes it,
the full stop puts it back to normal, and + (or Shift+Down) spreads it.

# The end
You win when all eight suits are on the foundations. The game is over when no legal move at all is left. When
the solver finds that the deal can no longer be won, the indicator on the table says so.

""" + CARD_SHELL_PLAY.replace(
    "- Double-click a card to send it to a foundation, or hold Shift and click it to try just that card.\n",
    "- Drag a complete King-to-Ace run onto a foundation, or double-click it (Shift-click works too).\n",
) + """
# Scoring
{scoring}

A game that ends unwon still earns something for the suits you laid off: its loss points, plus one eighth of
its win points for each suit on the foundations.

""" + COUNTING


FRONT = SmithFront()
FRONT.rules_text = HELP
