"""Chinese Puzzle on the table: two decks in eight rows, an ace column, the
redeals it allows (1 or 2) and where its aces may go, both fixed at the
first move."""

from __future__ import annotations

from pygame import Rect

import engine
from engine.cards import card

from ..layouts.base import MIN_TEXT, Label
from ..layouts.grids import chinese_puzzle as lay_chinese_puzzle
from .base import Choice, Entry, Fill, either
from .grid import GridFront

#: how many cards may fill a gap, in words ("one of three aces")
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}

#: each ace order in words, stated once: the Ace Order dialog, the legend
#: on the table and the status line all read them (``ace_order_words``)
ACES = (("free", "Any row"), ("suits-in-four", "Suits in the first four rows"), ("bridge-order", "Bridge order"))


class ChinesePuzzleFront(GridFront):
    choices = (Choice("redeals", "number of redeals", ((1, "1 Redeal"), (2, "2 Redeals")), "Redeals",
                      "How many redeals may a game use?"),
               Choice("aces", "ace order", ACES, "Ace Order", "Where may the aces go in the ace column?"))
    name = "chinese-puzzle"
    listed = 2
    blurb = "Two-deck Gaps with an ace column: eight rows from Ace to King."
    sample = ("AS", "2S", "3S", "4S")

    def layout(self, game, area, aspect, ui):
        layout = lay_chinese_puzzle(game, area, aspect, ui)
        show_ace_order(game, layout, area)
        return layout

    def card_hint_words(self, game: engine.Game, place: str, card: str, places: list[str]) -> str:
        """Both copies of the card it follows, and the gaps it may go to now."""
        if game.is_locked(place):
            return f"{card} is in its final position: it never moves again."
        follows, targets = game.follows(place), game.targets(place)
        text = f"{card} follows {game.card_at(follows[0])}, at {' and '.join(follows)}" if follows else card
        if targets:
            return f"{text}; it can go to {either(targets)}."
        return f"{text}; it can go to no gap now." if follows else f"{card} can go to no gap now."

    def fill_blank(self, game: engine.Game, place: str, moves: bool, after: str | None = None) -> Fill:
        """A click on a gap selects nothing here, but while the keys offer
        a card for it (``after``), a click on the gap offers the next, as
        Tab does (:meth:`key_fill`)."""
        return self.key_fill(game, place, after) if after is not None else Fill()

    def key_fill(self, game: engine.Game, place: str, after: str | None = None) -> Fill:
        """Enter on a gap (by keys only: a click on a gap selects nothing
        here): the card that may fill it, as the engine's legal moves say,
        selected; with several (two packs: both copies, or the aces free
        for an ace-column gap) it is offered, one of them, and Tab (or
        ``after``: the one offered last) offers the next, round them in
        reading order.  No card: why not, in words."""
        fillers = sorted({m.src for m in game.legal_moves() if m.word is None and m.dst == place and m.src},
                         key=game.PLACES.index)
        if not fillers:
            return Fill(words=self.no_filler_words(game, place))
        src = fillers[(fillers.index(after) + 1) % len(fillers)] if after in fillers else fillers[0]
        name = game.card_at(src)
        if len(fillers) == 1:
            return Fill(select=src, words=f"The {name} at {src} goes in {place}: Enter again moves it there.")
        same = len({game.card_at(f) for f in fillers}) == 1
        many = ("copies" if same else
                f"{card(name).words.split(' of ')[0]}s".replace("sixs", "sixes"))
        return Fill(select=src, more=True,
                    words=f"The {name} at {src}, one of {NUMBERS.get(len(fillers), len(fillers))} {many}, "
                          f"may go in {place}")

    def auto_redeal(self, prefs_say: bool) -> bool:
        return True             # a stuck table is redealt at once (docs/rules.md, "Chinese Puzzle")

    def counts(self, g: engine.Game) -> list[str]:
        return [f"redeals left {g.redeals_left}", f"ace order: {ace_order_words(g).lower()}"]

    def menu_items(self, g: engine.Game, paused: bool) -> list[Entry]:
        return [
            Entry("Hint", "hint", "H", not g.over),
            Entry("Demo", "start_demo", "Ctrl+E", not g.over),
            Entry("Backward", "undo", "Ctrl+B", g.can_undo, refused="undo"),
            Entry("Forward", "redo", "Ctrl+F", g.can_redo, refused="redo"),
            Entry("Rewind to Start", "rewind", "Ctrl+Shift+B", g.can_undo, refused="rewind"),
            Entry("Fast Forward", "fast_forward", "Ctrl+Shift+F", g.can_redo, refused="fast_forward"),
            Entry("Redeal...", "confirm redeal", "Ctrl+D", None, refused="play redeal"),
        ]

    def option_items(self, g: engine.Game, option) -> list[Entry]:
        fixed = g.started
        return [
            Entry("1 Redeal", "set redeals 1", "Ctrl+Shift+1", enabled=not fixed, checked=g.options["redeals"] == 1),
            Entry("2 Redeals", "set redeals 2", "Ctrl+Shift+2", enabled=not fixed, checked=g.options["redeals"] == 2),
            Entry("Ace Order...", "choose aces", "Ctrl+Shift+O", enabled=not fixed, refused="fixed aces"),
        ]

    def confirm(self, game: engine.Game, word: str) -> tuple[str, str] | None:
        """Redeal...: asked first, with the redeals left."""
        left = game.redeals_left
        return (f"Pick up every card not in its final place and deal them again? "
                f"({left} redeal{'s' if left != 1 else ''} left)", "Redeal")


#: the legend's first line, over the ace order's words
ACE_LEGEND_HEAD = "Aces:"
#: each suit's sign, as the table shows it in the ace column, and its colour there (the cards' own:
#: red hearts and diamonds, black clubs and spades)
SUIT_SIGNS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}
SUIT_COLOURS = {"clubs": (20, 20, 20), "diamonds": (225, 40, 45), "hearts": (225, 40, 45), "spades": (20, 20, 20)}
#: an empty ace-column place's suit sign, in card heights
SIGN_SHARE = 0.6


def ace_order_words(game: engine.Game) -> str:
    """The game's ace order in the words the Ace Order dialog offers it in."""
    return dict(ACES)[game.options["aces"]]


def text_width(text: str, size: int) -> float:
    """About how wide ``text`` is drawn at ``size``, at most (the table's
    font: a little under 0.45 em a letter)."""
    return 0.45 * size * len(text)


def wrapped(text: str, size: int, width: float) -> list[str] | None:
    """``text``'s words in lines no wider than ``width`` at ``size``; None
    when a word alone is wider."""
    lines: list[str] = []
    for word in text.split():
        if text_width(word, size) > width:
            return None
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def show_ace_order(game: engine.Game, layout, area: Rect) -> None:
    """The ace order chosen, seen on the table: a legend in the column of
    the redeals and the gravestone ("Aces:" over the order's own words,
    wrapped), and in each empty ace-column place the suit whose ace
    alone may go there (the engine's ``row_suit``), in its colour.  The
    legend where it fits between the row counts and the window's edge, a
    little smaller if it must (the status line names the order too)."""
    cw, ch = layout.card
    top = layout.slots["a0"].rect
    dy = layout.slots["b0"].rect.top - top.top
    stone = next((p.rect for p in layout.pictures if p.name == "gravestone"), None)
    if stone is not None:
        # between the row counts' digits (centred in their labels) and the window's edge
        counts_end = stone.x - int(0.4 * cw) + int(0.6 * max(MIN_TEXT, int(ch * 0.32)))
        # across: from a sixth of a card right of the counts to the window's edge
        room = Rect(counts_end + cw // 6 + 1, 0, area.right - 2 - (counts_end + cw // 6 + 1), 0)
        y = top.top + dy * 2 - dy // 3
        words = ace_order_words(game)
        size = max(MIN_TEXT, int(ch * 0.22))
        while True:
            lines = wrapped(words, size, room.w)
            legend = [ACE_LEGEND_HEAD, *lines] if lines and text_width(ACE_LEGEND_HEAD, size) <= room.w else None
            if legend and y + len(legend) * (size + 6) <= stone.top or size <= MIN_TEXT:
                break
            size = max(MIN_TEXT, size - 2)
        if legend and y + len(legend) * (size + 6) <= stone.top:
            for k, text in enumerate(legend):
                layout.labels.append(Label(text, Rect(room.x, y + k * (size + 6), room.w, size + 4),
                                           size, (235, 235, 225) if k else (255, 236, 160)))
    for r in range(game.ROWS):
        place = f"{game.ROW_LETTERS[r]}0"
        suit = game.row_suit(r)
        if suit is None or game.card_at(place) is not None or place not in layout.slots:
            continue
        rect = layout.slots[place].rect
        size = max(MIN_TEXT, int(ch * SIGN_SHARE))
        # the suit's sign (its word would be read as a row's letter, or not fit a small card)
        layout.labels.append(Label(SUIT_SIGNS[suit], Rect(rect.x, rect.centery - size // 2, rect.w, size + 2),
                                   size, SUIT_COLOURS[suit]))


def set_redeals(commands, n: int) -> None:
    """Options > 1 Redeal or 2 Redeals (``n``)."""
    commands.run(f"set redeals {n}")


#: the rules in the Help window (game/ui/help.py reads its marks)
HELP = """\
# The aim
Two packs, 104 cards. Build all eight rows, each in one suit, from its Ace in the ace column up to the King.

# The deal
All the cards are dealt face up in eight rows of thirteen. To the left of each row is an empty space; together
these make the ace column.

# The Aces
Whenever you like, move each of the eight Aces into any empty space of the ace column. Placing an Ace counts
as a move. For a new game you can choose a stricter Ace Order in the Options menu (both are off unless
chosen):
- Suits in the first four rows: rows A to D hold four different suits, and rows E to H repeat them in the same
  order, whatever order the Aces arrive in.
- Bridge order: clubs, diamonds, hearts, spades: from the top, rows A to D take them in that order, and rows E
  to H again.

The order chosen is shown on the table, beside the rows, and an empty place of the ace column shows the suit
it takes when the order fixes one. The order is fixed at the first move.

# Moves
Fill a gap with the next higher card of the same suit as the card on its left. There are two of every card,
and either copy will do. A gap to the right of a King is dead: nothing follows a King.

A card joined to its row's Ace by an unbroken run in one suit is in its final position. It is locked and never
moves again. The number at the right of each row counts its locked cards, and the number under the gravestone
counts the dead gaps.

# Redeals
You are stuck when no gap can be filled: every gap is dead, or could be filled only by a locked card, or sits
just right of another gap. Eight dead gaps is the plain case, but you can be stuck sooner. (The original
program waited for eight dead gaps; this one notices every stuck position.) A notice tells you, and the cards
are dealt again.

A redeal gathers every card that is not in its final position, shuffles them and lays them out again in the
eight rows, leaving exactly one gap just after the last locked card of each row: eight new gaps. A row still
waiting for its Ace gets its gap in the ace column; a finished row gets its gap after the King, where it is
dead.

You may also redeal before you are stuck: choose Redeal... (Ctrl+D) and confirm.

You have 1 or 2 redeals, 2 unless you choose otherwise in the Options menu. The choice can be changed only
before your first move (placing an Ace counts); changing it deals the same cards again.

# Winning and losing
You win when all 104 cards are in their final positions. You lose when you are stuck with no redeals left.

# Playing here
- Drag a card onto a gap (the default), or choose Click to Move in the Options menu: one click picks the card
  up, the next puts it down. A gap lights up when the card you carry may go there. Let go anywhere else and
  the card flies back.
- An illegal move beeps; after three in a row, a note explains exactly why.
- Double-click a card to move it when there is exactly one gap it can fill.
- The rows are lettered A to H at the left and the columns numbered along the top: the status line
  and the spoken words name places that way ("row B, column 4").
- Keyboard: the arrows move the focus, 1 to 8 jump to row A to H, G to the next gap a card may still fill
  (Shift+G: back). Enter or Space picks a card up and puts it down, Escape puts it back. On a gap, Enter
  selects the card that may fill it (and says which); Enter again moves it. When two cards may fill it (both
  copies, or several aces for the ace column), Enter says it is one of two: Tab offers the next, and Enter on
  the gap moves the card offered in. Shift+Enter (or the context-menu key) on a gap says the cards that could
  fill it, as a right-click does; on a card, what a right-click on it shows.
- With a card in hand, Tab (Shift+Tab: back) goes to the next gap it may fill. F plays the focused card's only
  move.
- Hints: Alt-click or right-click a card, and both copies of the card it follows flash, with any gap to the
  right of either. Alt-click or right-click a gap, and the cards that could fill it flash. A hint never shows
  an illegal move: on a locked card or a dead gap you only hear a beep.
- Undo (Ctrl+Z) and Redo (Ctrl+Y) go back and forward as far as you like, but a redeal cannot be undone.
- The Options menu changes the card back, the table, and Colour or Black & White.
- F10 or Alt with a menu's underlined letter opens the menus: arrows move, Enter or Space chooses, Escape
  closes. In a window, Tab moves between its controls and Space presses the ringed button.
- Options > Speak (Ctrl+Shift+V; on by itself when a screen reader runs) says the focus, moves and windows
  aloud. W says where the focus is and the whole table, Shift+W the focused pile in full.
- F11 switches between a window and the full screen.
"""


FRONT = ChinesePuzzleFront()
FRONT.help = HELP
