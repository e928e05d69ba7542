"""The Help menu: each game's rules in our own words, About Card Shell, and
the scrolling window that shows them.

The texts follow ``RULES.md`` (the rulebook the engine implements) and the
shortcuts of the menus.  They are plain text with three marks, read by
:class:`TextDialog`: a line starting with ``# `` is a heading, ``- `` a
bulleted point, ``|`` a row of a table (the first row of a table is its
header); a blank line separates paragraphs.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from .dialogs import BUTTON, DEFAULT, INK, PAPER, wrap

# --------------------------------------------------------------- the texts

_CARD_SHELL_PLAY = """\
# Playing here
- Drag a card onto its new place; to move a sequence, drag it by its top card. If you prefer, Click to Move
  (Options menu) picks a card up with one click and puts it down with the next.
- Double-click a card to send it to a foundation, or hold Shift and click it to try just that card.
- Right-click (or Alt-click) a card to see where it can go.
- Undo as far back as you like with Backward (Ctrl+B or Ctrl+Z) and come forward again with Forward (Ctrl+F or
  Ctrl+Y). Rewind to Start (Ctrl+Shift+B) and Fast Forward (Ctrl+Shift+F) jump to either end, so a whole game
  can be replayed.
- The game in progress is saved after every move and is waiting for you next time. Save As (Ctrl+S) writes the
  game to a file that Open (Ctrl+O) reads anywhere, so two players can try the same deal.
- The Options menu changes the card back, the table, and Colour or Black & White.
- F11 switches between a window and the full screen.
"""

_COUNTING = """\
A game is scored when it ends: when you win it, or when you leave it for a New Game after making at least one
move. Its moves are the moves in its history (a layoff counts as one). Scores... in the Moves menu shows, for
each packing rule and in total, the games played, games won, the winning percentage, the points, the current
and longest winning and losing streaks, and the average moves per game.
"""

GAPS = """\
# The aim
Put the whole pack in order: each of the four rows in one suit, from the 2 at the left to the King, with the
last space of the row left empty.

# The deal
All 52 cards are dealt face up in four rows of thirteen. The four Aces are then taken away, leaving four gaps.
(With Fast Aces off in the Options menu, they leave one by one, each with its own little sound.)

# Moves
A gap takes only one card: the next higher card of the same suit as the card just left of the gap. After the 7
of clubs comes the 8 of clubs and nothing else. A gap at the left edge of a row takes any 2, even a 2 that
starts another row.

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
- Click a gap to select the card that belongs in it (for a gap at the left edge, the first 2, in reading
  order, that does not already start a row; any 2 may go there, so to move another one, click that 2 first).
  With Clicking Blanks Moves chosen in the Options menu, the click moves that card straight in. Hold Alt while
  clicking a gap to do the opposite of the setting, once.
- Alt-click or right-click a card to light up the card that belongs where it lies; right-click a gap to see
  every card that may fill it.
- Double-click a card to move it when there is exactly one gap it can go to.
- The Options menu changes the card back, the table, and Colour or Black & White.
- F11 switches between a window and the full screen.
"""

CHINESE_PUZZLE = """\
# The aim
Two packs, 104 cards. Build all eight rows, each in one suit, from its Ace in the ace column up to the King.

# The deal
All the cards are dealt face up in eight rows of thirteen. To the left of each row is an empty space; together
these make the ace column.

# The Aces
Whenever you like, move each of the eight Aces into any empty space of the ace column. Placing an Ace counts
as a move. For a new game you can choose a stricter Ace Order in the Options menu (both are off unless
chosen):
- Suits in the first four rows: rows 1 to 4 hold four different suits, and rows 5 to 8 repeat them in the same
  order, whatever order the Aces arrive in.
- Bridge order: from the top, the rows are clubs, diamonds, hearts, spades, then clubs, diamonds, hearts,
  spades again.

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

You may also redeal before you are stuck: choose ReDeal (Ctrl+D) and confirm.

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
- Hints: Alt-click or right-click a card, and both copies of the card it follows flash, with any gap to the
  right of either. Alt-click or right-click a gap, and the cards that could fill it flash. A hint never shows
  an illegal move: on a locked card or a dead gap you only hear a beep.
- Undo (Ctrl+Z) and Redo (Ctrl+Y) go back and forward as far as you like, but a redeal cannot be undone.
- The Options menu changes the card back, the table, and Colour or Black & White.
- F11 switches between a window and the full screen.
"""

REPUBLIC = """\
# The aim
Two packs, 104 cards, after Napoleon's patience "The Emperor". Build eight foundations, each in one suit, from
Ace up to King.

# The layout
Ten packets of three cards lie face down in a row. Under each packet a column begins with one card face up.
There are eight foundations, and the stock (the other 64 cards, face down) with the talon beside it.

# Packing
Columns are built downwards in rank. The packing rule is chosen for each new game with Sequences... in the
Moves menu:
- Alternating colour (the default): a red 6 on a black 7.
- Any suit: any 6 on any 7.
- Same suit: the 6 of clubs only on a 7 of clubs.

Strictly, one card moves at a time, but the program moves a whole sequence for you when there is room to do it
card by card. Each vacancy doubles what you can move: onto another column, 2 cards with one vacancy, 4 with
two, 8 with three; into a vacancy, half as many (1, 2, 4). Every card of the sequence must follow the packing
rule.

# Packets and vacancies
When a column is emptied while its packet still holds cards, the packet's top card turns face up. You may play
it to a column or a foundation, but nothing can be put on it. When the last card of a packet turns up, it
moves down into the empty column. So an empty column is a vacancy only when its packet is empty too, and a
vacancy takes any card or any legal sequence.

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

""" + _CARD_SHELL_PLAY + """
# Scoring
|Packing rule|Win|Loss
|Any suit|1|-4
|Alternating colour|2|-2
|Same suit|4|-1

A bonus point goes with a win that used no redeal of the talon under alternating colour, or fewer than two
redeals under same suit.

""" + _COUNTING

SMITH = """\
# The aim
Two packs, 104 cards: a game in the Spider family. Build eight foundations, each a whole suit, which goes up
all at once as a run from King down to Ace.

# The layout
Eight columns of three cards, all face up. The other 80 cards are the stock, face down. There are eight foundations.

# Units
At the bottom of a column, any cards that run down in rank in one suit form a movable unit. You may move the
whole run or any part of it from the bottom up: the 8, 7 and 6 of hearts, or just the 7 and 6, or just the 6.
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
them back to normal, and the down arrow spreads them apart.

# The end
You win when all eight suits are on the foundations. The game is over when no legal move at all is left. When
the solver finds that the deal can no longer be won, the indicator on the table says so.

""" + _CARD_SHELL_PLAY.replace(
    "- Double-click a card to send it to a foundation, or hold Shift and click it to try just that card.\n",
    "- Drag a complete King-to-Ace run onto a foundation, or double-click it (Shift-click works too).\n",
) + """
# Scoring
|Packing rule|Win|Loss
|Any suit|2|-2
|Alternating colour|4|-1
|Same suit|16|0

A game that ends unwon still earns something for the suits you laid off: its loss points, plus one eighth of
its win points for each suit on the foundations.

""" + _COUNTING

PRINCE = """\
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

""" + _CARD_SHELL_PLAY + """
# Scoring
|Packing rule|Win|Loss
|Any suit|1|-4
|Alternating colour|2|-2
|Same suit|4|-1

""" + _COUNTING

#: every game's rules, by engine name
HELP: dict[str, str] = {
    "gaps": GAPS,
    "chinese-puzzle": CHINESE_PUZZLE,
    "republic": REPUBLIC,
    "smith": SMITH,
    "prince": PRINCE,
}

#: the points of the three Card Shell games, side by side
SCORING = """\
|Packing rule|The Republic|The Smith|The Prince
|Any suit|1 / -4|2 / -2|1 / -4
|Alternating colour|2 / -2|4 / -1|2 / -2
|Same suit|4 / -1|16 / 0|4 / -1
"""

ABOUT = """\
# Card Shell
Five games of patience from the early days of the Macintosh, brought back to play today: Gaps, Chinese Puzzle,
The Republic, The Smith and The Prince. Help > Rules (F1) explains the game on the table.

# Where the games come from
They were first played on the small screens of early-1990s Macintoshes, in shareware and freeware by three
authors, whose work we gratefully acknowledge:
- Gaps, by Thomas Reed (1993-98).
- Chinese Puzzle, the two-pack Gaps, by A. Kirby.
- The Republic, The Smith and The Prince, from the Card Shell series by Ralph S. Sutherland (1992), who gave
  the whole collection its name.

Their programs and manuals are how we know the rules, the options and the feel of each game. Where a manual
left a question open, this program decides it in its own rulebook.

# Made from scratch
All the art, the sounds and the code of this program are new, made from scratch for it: the cards are drawn by
a script from simple shapes and the font that comes with pygame-ce, the sounds are synthesised, and Black &
White turns the colour cards into one-bit dots the way a Macintosh Plus screen showed them. Nothing was taken
from the original programs.

# Scoring at a glance
Win / loss points of the Card Shell games, by packing rule:
""" + SCORING


def blocks(text: str) -> list[tuple[str, object]]:
    """The text's blocks, in order: ("heading", str), ("paragraph", str),
    ("bullet", str) or ("table", rows of cells).

    Lines that follow one another make one paragraph (a bullet's lines after
    its first are indented); a blank line, a heading, a bullet or a table row
    ends it.  Table rows of only dashes and colons (Markdown's rule under the
    header) are left out.
    """
    out: list[list] = []
    for raw in text.split("\n"):
        line = raw.rstrip()
        if not line.strip():
            out.append(["break", None])
        elif line.startswith("# "):
            out.append(["heading", line[2:].strip()])
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue
            if out and out[-1][0] == "table":
                out[-1][1].append(cells)
            else:
                out.append(["table", [cells]])
        elif line.startswith("- "):
            out.append(["bullet", line[2:].strip()])
        elif raw[:1].isspace() and out and out[-1][0] == "bullet":
            out[-1][1] += " " + line.strip()
        elif out and out[-1][0] == "paragraph":
            out[-1][1] += " " + line.strip()
        else:
            out.append(["paragraph", line.strip()])
    return [(kind, content) for kind, content in out if kind != "break"]


# --------------------------------------------------------------- the window

LINE = 22          # body line height
GAP = 10           # space after a paragraph
HEAD = 30          # heading line height
MAX_SIZE = (720, 560)
MARGIN = 22


class TextDialog:
    """A window of text that scrolls: a title, paragraphs, headings, bullets
    and small tables, and an OK button.

    The same protocol as :class:`~game.ui.dialogs.Dialog`: ``draw(screen,
    fonts)`` returns the area drawn; ``handle(event)`` returns ``"OK"`` when
    the window closes (Enter, Escape, or a click on OK) and None while it
    stays.  The mouse wheel, Up/Down, PageUp/PageDown, Home/End and the
    scroll bar (click or drag) scroll it.  ``changed`` turns True whenever
    the view changed, for callers that redraw only on request.
    """

    def __init__(self, title: str, text: str, on_close: Callable[[str], None] | None = None,
                 size: tuple[int, int] = MAX_SIZE) -> None:
        self.title = title
        self.text = text
        self.on_close = on_close
        self.size = size
        self.buttons = ("OK",)
        self.scroll = 0
        self.changed = False
        self.rect = Rect(0, 0, 0, 0)
        self.view = Rect(0, 0, 0, 0)        # the text area
        self.track = Rect(0, 0, 0, 0)       # the scroll bar (empty when everything fits)
        self.thumb = Rect(0, 0, 0, 0)
        self.ok = Rect(0, 0, 0, 0)
        self.content_height = 0
        self._layout_key: tuple | None = None
        self._items: list[tuple] = []
        self._drag: int | None = None       # pointer offset into the thumb while dragging

    # ----------------------------------------------------------- scrolling
    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.view.height)

    def scroll_to(self, y: int) -> None:
        y = max(0, min(int(y), self.max_scroll))
        if y != self.scroll:
            self.scroll = y
            self.changed = True

    def scroll_by(self, dy: int) -> None:
        self.scroll_to(self.scroll + dy)

    # ----------------------------------------------------------- layout
    def _layout(self, fonts, width: int) -> None:
        """Break the text into drawable items for a text area ``width`` wide:
        ("text", y, x, string, font size, bold), ("bullet", y, x) and
        ("rule", y, x0, x1)."""
        key = (width, id(fonts))
        if key == self._layout_key:
            return
        body = fonts.get(21)
        items: list[tuple] = []
        y = 0
        parts = blocks(self.text)
        for n, (kind, content) in enumerate(parts):
            last_of_list = kind == "bullet" and (n + 1 == len(parts) or parts[n + 1][0] != "bullet")
            if kind == "heading":
                if y > 0:
                    y += 8
                items.append(("text", y, 0, content, 25, True))
                y += HEAD
            elif kind == "table":
                ncol = max(len(r) for r in content)
                widths = [max(body.size(r[c])[0] if c < len(r) else 0 for r in content) + 28
                          for c in range(ncol)]
                scale = min(1.0, (width - 12) / max(1, sum(widths)))
                x0 = 12
                for n, row in enumerate(content):
                    x = x0
                    for c, cell in enumerate(row):
                        items.append(("text", y, x, cell, 21, n == 0))
                        x += int(widths[c] * scale)
                    y += LINE
                    if n == 0:
                        items.append(("rule", y - 3, x0, x0 + int(sum(widths) * scale) - 16))
                        y += 2
                y += GAP
            elif kind == "bullet":
                indent = 18
                for n, part in enumerate(wrap(body, content, width - indent)):
                    if n == 0:
                        items.append(("bullet", y, 4))
                    items.append(("text", y, indent, part, 21, False))
                    y += LINE
                y += GAP if last_of_list else 4
            else:
                for part in wrap(body, content, width):
                    items.append(("text", y, 0, part, 21, False))
                    y += LINE
                y += GAP
        self._items = items
        self.content_height = y
        self._layout_key = key

    # ----------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        sw, sh = screen.get_size()
        width = max(200, min(self.size[0], sw - 40))
        height = max(160, min(self.size[1], sh - 40))
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (sw // 2, sh // 2)
        title_h = 40 if self.title else 12
        self.view = Rect(self.rect.x + MARGIN, self.rect.y + 14 + title_h,
                         width - 2 * MARGIN - 16, height - title_h - 14 - 62)
        self._layout(fonts, self.view.width - 6)
        self.scroll = max(0, min(self.scroll, self.max_scroll))

        dim = pygame.Surface((sw, sh), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 90))
        screen.blit(dim, (0, 0))
        pygame.draw.rect(screen, (0, 0, 0), self.rect.move(4, 4), border_radius=8)
        pygame.draw.rect(screen, PAPER, self.rect, border_radius=8)
        pygame.draw.rect(screen, INK, self.rect, 2, border_radius=8)
        if self.title:
            head = fonts.get(27)
            _bold(screen, head, self.title, INK, (self.rect.x + MARGIN, self.rect.y + 16))
            pygame.draw.line(screen, INK, (self.rect.x + MARGIN, self.rect.y + 14 + title_h - 6),
                             (self.rect.right - MARGIN, self.rect.y + 14 + title_h - 6), 1)

        clip = screen.get_clip()
        screen.set_clip(self.view.clip(clip) if clip else self.view)
        top = self.view.y - self.scroll
        for item in self._items:
            y = top + item[1]
            if y > self.view.bottom or y + HEAD < self.view.top:
                continue
            if item[0] == "text":
                _, _, x, text, size, bold = item
                font = fonts.get(size)
                colour = DEFAULT if size > 21 else INK
                if bold:
                    _bold(screen, font, text, colour, (self.view.x + x, y))
                else:
                    screen.blit(font.render(text, True, colour), (self.view.x + x, y))
            elif item[0] == "bullet":
                pygame.draw.circle(screen, INK, (self.view.x + item[2] + 3, y + 8), 3)
            elif item[0] == "rule":
                pygame.draw.line(screen, INK, (self.view.x + item[2], y), (self.view.x + item[3], y), 1)
        screen.set_clip(clip)

        # the scroll bar
        self.track = Rect(0, 0, 0, 0)
        self.thumb = Rect(0, 0, 0, 0)
        if self.max_scroll > 0:
            self.track = Rect(self.view.right + 6, self.view.y, 10, self.view.height)
            pygame.draw.rect(screen, BUTTON, self.track, border_radius=5)
            pygame.draw.rect(screen, INK, self.track, 1, border_radius=5)
            h = max(24, self.track.height * self.view.height // max(1, self.content_height))
            y = self.track.y + (self.track.height - h) * self.scroll // self.max_scroll
            self.thumb = Rect(self.track.x, y, self.track.width, h)
            pygame.draw.rect(screen, INK, self.thumb, border_radius=5)
            hint = fonts.get(18).render("Scroll for more" if self.scroll < self.max_scroll else "End", True,
                                        (110, 110, 110))
            screen.blit(hint, (self.rect.x + MARGIN, self.rect.bottom - 36))

        body = fonts.get(22)
        self.ok = Rect(0, 0, 90, 32)
        self.ok.bottomright = (self.rect.right - 20, self.rect.bottom - 16)
        pygame.draw.rect(screen, BUTTON, self.ok, border_radius=6)
        pygame.draw.rect(screen, DEFAULT, self.ok, 3, border_radius=6)
        label = body.render("OK", True, INK)
        screen.blit(label, label.get_rect(center=self.ok.center))
        self.changed = False
        return Rect(0, 0, sw, sh)

    # ----------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> str | None:
        """``"OK"`` when the window closes, None while it stays open."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                return "OK"
            page = max(LINE, self.view.height - 2 * LINE)
            step = {pygame.K_UP: -LINE, pygame.K_DOWN: LINE, pygame.K_PAGEUP: -page,
                    pygame.K_PAGEDOWN: page, pygame.K_SPACE: page}.get(event.key)
            if step is not None:
                self.scroll_by(step)
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * LINE * int(event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.thumb.collidepoint(event.pos):
                self._drag = event.pos[1] - self.thumb.y
            elif self.track.collidepoint(event.pos):
                page = max(LINE, self.view.height - 2 * LINE)
                self.scroll_by(page if event.pos[1] > self.thumb.centery else -page)
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            room = max(1, self.track.height - self.thumb.height)
            self.scroll_to((event.pos[1] - self._drag - self.track.y) * self.max_scroll / room)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            dragged, self._drag = self._drag is not None, None
            if not dragged and self.ok.collidepoint(event.pos):
                return "OK"
        return None


def _bold(screen: pygame.Surface, font: pygame.font.Font, text: str, colour, pos: tuple[int, int]) -> None:
    """Text drawn twice, a pixel apart: bold without changing the shared font."""
    image = font.render(text, True, colour)
    screen.blit(image, pos)
    screen.blit(image, (pos[0] + 1, pos[1]))
