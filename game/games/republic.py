"""The Republic on the table: packets, a stock turned a card at a time,
Re-Deal and Layoff; face-down cards the solver may see and the player not."""

from __future__ import annotations

from pygame import Rect

import engine

from ..layouts.base import MIN_TEXT, Label
from ..layouts.piles import republic as lay_republic
from .base import Entry, card_name, play_entry
from .tableau import CARD_SHELL_PLAY, COUNTING, TableauFront


class RepublicFront(TableauFront):
    name = "republic"
    listed = 3
    blurb = "Napoleon's Emperor: packets, columns, a stock and eight foundations."
    sample = ("KD", "QS", "JH", "TC")

    def layout(self, game, area, aspect, ui):
        layout = lay_republic(game, area, aspect, ui)
        mark_closed_columns(game, layout)
        return layout

    def counts(self, g: engine.Game) -> list[str]:
        return [f"redeals left {g.redeals_left}"] if g.redeals_left >= 0 else []

    def own_items(self, g: engine.Game) -> list[Entry]:
        return [play_entry("Re-Deal", "redeal", "Ctrl+D"),
                play_entry("Layoff", "layoff", "Ctrl+L")]

def mark_closed_columns(game: engine.Game, layout) -> None:
    """A column emptied while its packet still holds cards is no vacancy
    (the engine's ``packet_face_up``): its place is drawn dashed, not as an
    empty column's outline, with the cards its packet still holds."""
    cw, ch = layout.card
    size = max(MIN_TEXT, int(ch * 0.13))
    for i in range(len(game.packets)):
        slot = layout.slots.get(f"c{i + 1}")
        if slot is None or not game.packet_face_up(i):
            continue
        slot.outline = "talon"
        held = len(game.packets[i])
        r = slot.rect
        lines = ("no vacancy", f"packet: {held}")
        if 0.4 * size * len(lines[0]) > r.w - 6:       # (about the width drawn: a small window)
            lines = ("closed", f"{held} left")
        for k, text in enumerate(lines):
            layout.labels.append(Label(text, Rect(r.x, r.y + r.h // 2 + (k - 1) * (size + 4), r.w, size + 2),
                                       size, (200, 214, 200)))


#: the rules in the Help window (game/ui/help.py reads its marks)
HELP = """\
# The aim
Two packs, 104 cards, after Napoleon's patience "The Emperor". Build eight foundations, each in one suit, from
Ace up to King.

# The layout
Ten packets of three cards lie face down in a row. Under each packet a column begins with one card face up.
There are eight foundations, and the stock (the other 64 cards, face down) with the talon beside it.

# Packing
Columns are built downwards in rank. The packing rule is chosen for each new game with Sequences... in the
Moves menu:
- Alternating colour (the default): a red six on a black seven.
- Any suit: any six on any seven.
- Same suit: """ + card_name("6C") + " only on " + card_name("7C") + """.

Strictly, one card moves at a time, but the program moves a whole sequence for you when there is room to do it
card by card. Each vacancy doubles what you can move: onto another column, 2 cards with one vacancy, 4 with
two, 8 with three; into a vacancy, half as many (1, 2, 4). Every card of the sequence must follow the packing
rule.

# Packets and vacancies
When a column is emptied while its packet still holds cards, the packet's top card turns face up. You may play
it to a column or a foundation, but nothing can be put on it. When the last card of a packet turns up, it
moves down into the empty column. So an empty column is a vacancy only when its packet is empty too, and a
vacancy takes any card or any legal sequence. On the table, an empty column whose packet still holds cards is
drawn dashed and marked "no vacancy", with the cards its packet holds.

# Foundations
Foundations are built up by suit from Ace to King. The top card of a foundation may be played back onto a
column, or into a vacancy.

# Stock and talon
Click the stock to turn its top card face up. If that card cannot be played anywhere, it goes to the talon by
itself. If it can, it waits for you: play it, or put it on the talon yourself. Nothing else is turned while it
waits. Whether it can be played is judged once, when it is turned. The top card of the talon is always
playable.

When the stock is empty, the talon can be turned over into the stock again, as it lies, so that the first card
that went to the talon is the first to be turned again. How often depends on the packing rule:
- Any suit: never.
- Alternating colour: once.
- Same suit: as often as you like.

Click the empty stock, or choose Re-Deal (Ctrl+D).

# Layoff
Layoff (Ctrl+L) plays every card it can to the foundations from the columns and the face-up packet cards, over
and over until no more will go; it leaves the stock and the talon alone. Shift-click a card to try that card
alone.

# The end
You win when all 104 cards are on the foundations. The game is over when no legal move at all is left. When
the solver finds that the deal can no longer be won, the indicator on the table says so; whether to play on or
start a New Game is up to you.

Backward and Forward could show you cards that are still face down. Using them that way is between you and
your conscience.

""" + CARD_SHELL_PLAY + """
# Scoring
{scoring}

A bonus point goes with a win that used no redeal of the talon under alternating colour, or fewer than two
redeals under same suit.

""" + COUNTING


FRONT = RepublicFront()
FRONT.rules_text = HELP
