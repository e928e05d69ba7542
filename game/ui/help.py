"""The Help menu: About Card Shell, the scoring table, and the scrolling
window that shows them and each game's rules (written, in our own words, in
the game's module in ``game/games/``).

The texts follow ``docs/rules.md`` (the rules the engine implements) and the
shortcuts of the menus.  They are plain text with three marks, read by
:class:`TextDialog`: a line starting with ``# `` is a heading, ``- `` a
bulleted point, ``|`` a row of a table (the first row of a table is its
header); a blank line separates paragraphs.

Heard rather than seen (Options > Speak, or a screen reader), the window is
read a section at a time (:func:`sections`: a heading and what follows it):
the first as it opens, with how many there are; Down and Up (PageDown and
PageUp, Space) the next and the one before, Home and End the first and the
last.  A table is read a row at a time, each cell after its column's name
("Packing rule: alternating colour, win 2, loss -2"), never its pipes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
from pygame import Rect

from .. import version
from .dialogs import BUTTON, DEFAULT, INK, PAPER, draw_frame, wrap  # noqa: F401  (PAPER: the paper its pages are on)

# --------------------------------------------------------------- the texts
# (each game's rules are in its module in game/games/)


def side_by_side() -> str:
    """The points of the scored games (the Card Shell games), side by side:
    each game's win / loss points under each packing rule, as its engine
    scores them (``engine.scoring``)."""
    from engine.spec import spec

    from ..games import FRONTS
    from ..games.tableau import RULE
    scored = [(f.title, spec(f.name).scoring.points) for f in FRONTS if spec(f.name).scoring is not None]
    labels = dict(RULE.values)
    rows = ["|Packing rule|" + "|".join(title for title, _ in scored)]
    for rule in scored[0][1]:
        rows.append(f"|{labels[rule]}|" + "|".join(f"{points[rule][0]} / {points[rule][1]}" for _, points in scored))
    return "\n".join(rows) + "\n"


#: the points of the Card Shell games, side by side
SCORING = side_by_side()

ABOUT = """\
# Card Shell
Five games of patience from the early days of the Macintosh, brought back to play today: Gaps, Chinese Puzzle,
The Republic, The Smith and The Prince. Help > Rules (F1) explains the game on the table.

The menus open from the keyboard too: F10 opens File, and Alt with a menu's underlined letter opens that menu
(Alt+E: Edit); Up and Down move over its items, Left and Right to the next menu, Enter or Space chooses and
Escape closes. In a window, Tab and Shift+Tab move between its controls, and Space or Enter presses the button
ringed.

Version """ + version() + """. Free software under the GNU General Public License, version 3 or later
(GPL-3.0-or-later): you may share and change it under its terms; it comes with no warranty.

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


# --------------------------------------------------------------- heard

#: a section longer than this many words is read in parts, a paragraph or more each
PART_WORDS = 150


def reading(text: str) -> list[tuple[int, str]]:
    """The text in parts to be said one at a time, each as (its first
    block, its words): a section (a heading and the blocks under it) whole,
    or, where it runs over :data:`PART_WORDS`, in parts of whole paragraphs,
    points and tables ("Playing here, continued. ...").  A paragraph or a
    point is a sentence, a table a sentence per row (:func:`row_words`)."""
    out: list[tuple[int, str]] = []
    heading, chunk, start, continued = "", [], 0, False

    def close() -> None:
        nonlocal continued
        lead = [heading + (", continued" if continued else "")] if heading else []
        if chunk or (lead and not continued):           # (a heading with nothing under it: said alone)
            out.append((start, " ".join(s if s[-1] in ".?!:;" else s + "." for s in lead + chunk)))
        chunk.clear()
        continued = True
    for n, (kind, content) in enumerate(blocks(text)):
        if kind == "heading":
            if n:
                close()
            heading, start, continued = str(content), n, False
            continue
        if kind == "table":
            header, *rows = content
            said = " ".join(w if w[-1] in ".?!:;" else w + "." for w in (row_words(header, r) for r in rows) if w)
        else:
            said = str(content)
        if chunk and len(" ".join(chunk).split()) + len(said.split()) > PART_WORDS:
            close()
            start = n
        if said:
            chunk.append(said)
    close()
    return out


def row_words(header: list[str], row: list[str]) -> str:
    """A table row in words, each cell after its column's name: "Packing
    rule: alternating colour, win 2, loss -2".  A scoring table's "4 / -1"
    (win / loss points, About's) is said "win 4, loss -1"."""
    cells = [(h, c) for h, c in zip(header, row) if c]
    if not cells:
        return ""
    said = [f"{cells[0][0]}: {_lower(cells[0][1])}" if cells[0][0] else cells[0][1]]
    for head, cell in cells[1:]:
        pair = re.fullmatch(r"(-?\d+) / (-?\d+)", cell)
        cell = f"win {pair[1]}, loss {pair[2]}" if pair else cell
        said.append(f"{_lower(head)} {cell}" if head else cell)
    return ("; " if any("," in s for s in said[1:]) else ", ").join(said)


def _lower(words: str) -> str:
    """A table's header or cell as it is said inside a sentence: its first
    letter small, unless the word is an abbreviation ("Win" "win", "NVDA" stays)."""
    return words[:1].lower() + words[1:] if words[1:2].islower() else words


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
    stays.  The mouse wheel and the scroll bar (click or drag) scroll it;
    the keys move a part (a section, or a long section's paragraphs) at a
    time, each brought to the top: Down, PageDown and Space the next, Up
    and PageUp the one before, Home and End the first and the last.
    ``changed`` turns True whenever the view changed, for callers that
    redraw only on request.

    Heard: :meth:`opening_words` as it opens (the title, how many parts,
    the first); after a key, ``to_say`` holds the part it reached (the
    stage says it and empties it).
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
        self.on_ok = False                  # Tab put the keyboard on OK: Space presses it (else Space pages)
        self.scale = 1.0                    # the chrome's, as last drawn (the fonts')
        self.parts = reading(text)          # (first block, words): what is read at a time
        self.part = 0                       # the part the keys are on
        self.to_say = ""                    # words a key reached, for the stage to say
        self._block_y: list[int] = []       # each block's top in the laid-out text
        self._follow = False                # the view to be brought to the part once laid out

    def px(self, n: float) -> int:
        """``n`` base pixels at the scale the window was last drawn at."""
        return int(round(n * self.scale))

    @property
    def line(self) -> int:
        """A body line's height, at the chrome's scale (a step of the keys and the wheel)."""
        return self.px(LINE)

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

    # ----------------------------------------------------------- read in parts
    def part_words(self, n: int) -> str:
        return f"Part {n + 1} of {len(self.parts)}: {self.parts[n][1]}" if len(self.parts) > 1 else self.parts[n][1]

    def opening_words(self) -> str:
        """What is said as the window opens: its title, how many parts, and the first."""
        if not self.parts:
            return f"{self.title}. OK, button."
        if len(self.parts) == 1:
            return f"{self.title}. {self.parts[0][1]} OK, button."
        return (f"{self.title}. {len(self.parts)} parts: Down reads the next, Up the one before, "
                f"Escape closes. {self.part_words(0)}")

    def part_top(self, n: int) -> int:
        return self._block_y[self.parts[n][0]] if self._block_y else 0

    def go(self, n: int) -> None:
        """The keys to part ``n`` (kept within the text): brought to the top
        of the view, its words to be said; past either end, where it ends."""
        if not self.parts:
            return
        last = len(self.parts) - 1
        if n > last and self.part == last:
            self.to_say = f"The end: part {last + 1} of {last + 1} was the last. Escape closes."
            return
        if n < 0 and self.part == 0:
            self.to_say = "The top: part 1 is the first."
            return
        self.part = max(0, min(n, last))
        self.to_say = self.part_words(self.part)
        if self._block_y:
            self.scroll_to(self.part_top(self.part))
        else:
            self._follow = True

    def follow_view(self) -> None:
        """The mouse scrolled: the keys go on from the part at the view's top."""
        if self._block_y:
            tops = [self.part_top(n) for n in range(len(self.parts))]
            self.part = max([n for n, top in enumerate(tops) if top <= self.scroll + self.line // 2] or [0])

    # ----------------------------------------------------------- layout
    def _layout(self, fonts, width: int) -> None:
        """Break the text into drawable items for a text area ``width`` wide:
        ("text", y, x, string, font size, bold), ("bullet", y, x) and
        ("rule", y, x0, x1)."""
        key = (width, id(fonts), self.scale)
        if key == self._layout_key:
            return
        body = fonts.ui(21)
        px, line, gap = self.px, self.px(LINE), self.px(GAP)
        items: list[tuple] = []
        block_y: list[int] = []
        y = 0
        parts = blocks(self.text)
        for n, (kind, content) in enumerate(parts):
            block_y.append(y)
            last_of_list = kind == "bullet" and (n + 1 == len(parts) or parts[n + 1][0] != "bullet")
            if kind == "heading":
                if y > 0:
                    y += px(8)
                items.append(("text", y, 0, content, 25, True))
                y += px(HEAD)
            elif kind == "table":
                ncol = max(len(r) for r in content)
                widths = [max(body.size(r[c])[0] if c < len(r) else 0 for r in content) + px(28)
                          for c in range(ncol)]
                scale = min(1.0, (width - px(12)) / max(1, sum(widths)))
                x0 = px(12)
                for n, row in enumerate(content):
                    x = x0
                    for c, cell in enumerate(row):
                        items.append(("text", y, x, cell, 21, n == 0))
                        x += int(widths[c] * scale)
                    y += line
                    if n == 0:
                        items.append(("rule", y - px(3), x0, x0 + int(sum(widths) * scale) - px(16)))
                        y += px(2)
                y += gap
            elif kind == "bullet":
                indent = px(18)
                for n, part in enumerate(wrap(body, content, width - indent)):
                    if n == 0:
                        items.append(("bullet", y, px(4)))
                    items.append(("text", y, indent, part, 21, False))
                    y += line
                y += gap if last_of_list else px(4)
            else:
                for part in wrap(body, content, width):
                    items.append(("text", y, 0, part, 21, False))
                    y += line
                y += gap
        self._items = items
        self._block_y = block_y
        self.content_height = y
        self._layout_key = key

    # ----------------------------------------------------------- drawing
    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        if fonts.scale != self.scale and self.content_height:
            self.scroll = int(self.scroll * fonts.scale / self.scale)      # the same place at the new scale
        self.scale = fonts.scale
        px, margin = self.px, self.px(MARGIN)
        thin = max(1, px(1))
        sw, sh = screen.get_size()
        width = max(px(200), min(px(self.size[0]), sw - px(40)))
        height = max(px(160), min(px(self.size[1]), sh - px(40)))
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (sw // 2, sh // 2)
        title_h = px(40) if self.title else px(12)
        self.view = Rect(self.rect.x + margin, self.rect.y + px(14) + title_h,
                         width - 2 * margin - px(16), height - title_h - px(14) - px(62))
        self._layout(fonts, self.view.width - px(6))
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        if self._follow:
            self._follow = False
            self.scroll = max(0, min(self.part_top(self.part), self.max_scroll))

        draw_frame(screen, self.rect, px)
        if self.title:
            head = fonts.ui(27)
            _bold(screen, head, self.title, INK, (self.rect.x + margin, self.rect.y + px(16)), thin)
            pygame.draw.line(screen, INK, (self.rect.x + margin, self.rect.y + px(14) + title_h - px(6)),
                             (self.rect.right - margin, self.rect.y + px(14) + title_h - px(6)), thin)

        clip = screen.get_clip()
        screen.set_clip(self.view.clip(clip) if clip else self.view)
        top = self.view.y - self.scroll
        for item in self._items:
            y = top + item[1]
            if y > self.view.bottom or y + px(HEAD) < self.view.top:
                continue
            if item[0] == "text":
                _, _, x, text, size, bold = item
                font = fonts.ui(size)
                colour = DEFAULT if size > 21 else INK
                if bold:
                    _bold(screen, font, text, colour, (self.view.x + x, y), thin)
                else:
                    screen.blit(font.render(text, True, colour), (self.view.x + x, y))
            elif item[0] == "bullet":
                pygame.draw.circle(screen, INK, (self.view.x + item[2] + px(3), y + px(8)), px(3))
            elif item[0] == "rule":
                pygame.draw.line(screen, INK, (self.view.x + item[2], y), (self.view.x + item[3], y), thin)
        screen.set_clip(clip)

        # the scroll bar
        self.track = Rect(0, 0, 0, 0)
        self.thumb = Rect(0, 0, 0, 0)
        if self.max_scroll > 0:
            self.track = Rect(self.view.right + px(6), self.view.y, px(10), self.view.height)
            pygame.draw.rect(screen, BUTTON, self.track, border_radius=px(5))
            pygame.draw.rect(screen, INK, self.track, thin, border_radius=px(5))
            h = max(px(24), self.track.height * self.view.height // max(1, self.content_height))
            y = self.track.y + (self.track.height - h) * self.scroll // self.max_scroll
            self.thumb = Rect(self.track.x, y, self.track.width, h)
            pygame.draw.rect(screen, INK, self.thumb, border_radius=px(5))
            hint = fonts.ui(18).render("Scroll for more" if self.scroll < self.max_scroll else "End", True,
                                       (110, 110, 110))
            screen.blit(hint, (self.rect.x + margin, self.rect.bottom - px(36)))

        body = fonts.ui(22)
        self.ok = Rect(0, 0, px(90), px(32))
        self.ok.bottomright = (self.rect.right - px(20), self.rect.bottom - px(16))
        pygame.draw.rect(screen, BUTTON, self.ok, border_radius=px(6))
        pygame.draw.rect(screen, DEFAULT, self.ok, px(3), border_radius=px(6))
        if self.on_ok:
            pygame.draw.rect(screen, INK, self.ok.inflate(-px(10), -px(10)), px(2), border_radius=px(4))
        label = body.render("OK", True, INK)
        screen.blit(label, label.get_rect(center=self.ok.center))
        self.changed = False
        return Rect(0, 0, sw, sh)

    # ----------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> str | None:
        """``"OK"`` when the window closes, None while it stays open."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE) or (
                    event.key == pygame.K_SPACE and self.on_ok):
                return "OK"
            if event.key == pygame.K_TAB:
                self.on_ok = not self.on_ok
                self.changed = True
                self.to_say = "OK, button" if self.on_ok else self.part_words(self.part) if self.parts else ""
                return None
            step = {pygame.K_UP: -1, pygame.K_PAGEUP: -1, pygame.K_DOWN: 1, pygame.K_PAGEDOWN: 1,
                    pygame.K_SPACE: 1}.get(event.key)
            if step is not None:
                self.go(self.part + step)
            elif event.key == pygame.K_HOME:
                self.go(0)
            elif event.key == pygame.K_END:
                self.go(len(self.parts) - 1)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * self.line * int(event.y))
            self.follow_view()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.thumb.collidepoint(event.pos):
                self._drag = event.pos[1] - self.thumb.y
            elif self.track.collidepoint(event.pos):
                page = max(self.line, self.view.height - 2 * self.line)
                self.scroll_by(page if event.pos[1] > self.thumb.centery else -page)
                self.follow_view()
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            room = max(1, self.track.height - self.thumb.height)
            self.scroll_to((event.pos[1] - self._drag - self.track.y) * self.max_scroll / room)
            self.follow_view()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            dragged, self._drag = self._drag is not None, None
            if not dragged and self.ok.collidepoint(event.pos):
                return "OK"
        return None


def _bold(screen: pygame.Surface, font: pygame.font.Font, text: str, colour, pos: tuple[int, int],
          apart: int = 1) -> None:
    """Text drawn twice, ``apart`` pixels apart: bold without changing the shared font."""
    image = font.render(text, True, colour)
    screen.blit(image, pos)
    screen.blit(image, (pos[0] + apart, pos[1]))
