"""A menu bar drawn in pygame, in the spirit of the Macintosh's.

Menus are rebuilt from the app's state each time one opens, so an item's
check mark and dimming are always current.  Keyboard shortcuts are shown in
the menus and dispatched from the same item list: one source for both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from pygame import Rect

HEIGHT = 26                 # the bar's height at the chrome's base scale (MenuBar.height: at its scale)
BAR = (236, 234, 228)
INK = (24, 24, 28)
DIM = (150, 150, 150)
SELECT = (40, 80, 160)


@dataclass
class Item:
    label: str
    action: Callable[[], None] | None = None     # None: a separator line
    shortcut: str = ""                          # "Ctrl+N", "F11"
    enabled: bool = True
    checked: bool | None = None                 # None: not a checkable item
    refused: Callable[[], None] | None = None   # its shortcut while dimmed: says why (a move word)
    why: Callable[[], str | None] | None = None  # while dimmed: why, in words (said as the keys pass it)

    @property
    def separator(self) -> bool:
        return self.action is None and not self.label


@dataclass
class Menu:
    title: str
    items: list[Item] = field(default_factory=list)


def separator() -> Item:
    return Item("")


def shortcut_of(event: pygame.event.Event) -> str:
    """The shortcut text a key event stands for ("Ctrl+Shift+Z", "F11")."""
    mods = event.mod
    parts = []
    if mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
        parts.append("Ctrl")
    if mods & pygame.KMOD_ALT:
        parts.append("Alt")
    if mods & pygame.KMOD_SHIFT:
        parts.append("Shift")
    name = pygame.key.name(event.key)
    name = {"return": "Enter", "escape": "Esc", "space": "Space"}.get(name, name)
    parts.append(name.upper() if len(name) == 1 else name[:1].upper() + name[1:])
    return "+".join(parts)


def mnemonics(titles: list[str]) -> list[int]:
    """The index of each title's access letter (Alt+letter opens it): the
    desktop's usual menus keep their initials, any other title takes its
    first letter not already taken."""
    usual = {"File", "Edit", "Options", "Help"}
    taken = {t[0].lower() for t in titles if t in usual}
    marks = []
    for title in titles:
        if title in usual:
            marks.append(0)
            continue
        k = next((i for i, c in enumerate(title) if c.isalpha() and c.lower() not in taken), -1)
        if k >= 0:
            taken.add(title[k].lower())
        marks.append(k)
    return marks


def underline(surface: pygame.Surface, font, text: str, index: int, topleft: tuple[int, int], colour,
              thick: int = 2) -> None:
    """Underline the letter ``text[index]`` of text drawn at ``topleft``."""
    if not 0 <= index < len(text):
        return
    x0 = topleft[0] + font.size(text[:index])[0]
    x1 = topleft[0] + font.size(text[:index + 1])[0]
    y = topleft[1] + font.size(text)[1] - 1 - thick
    pygame.draw.line(surface, colour, (x0, y), (x1 - 1, y), thick)


def letter(label: str) -> int:
    """An item's access letter: its first letter or digit ("1. Gaps": 1)."""
    return next((i for i, c in enumerate(label) if c.isalnum()), -1)


class MenuBar:
    def __init__(self, fonts, menus: Callable[[], list[Menu]],
                 titles: Callable[[], list[str]] | None = None,
                 speak: Callable[[str], None] | None = None) -> None:
        self.fonts = fonts
        self.speak = speak or (lambda _text: None)     # the lit item, as keys reach it
        self.menus = menus
        self.titles = titles or (lambda: [m.title for m in menus()])
        self.open_index: int | None = None
        self.hover: int | None = None
        self._titles: list[Rect] = []
        self._items: list[tuple[Rect, Item]] = []
        self._panel: Rect | None = None
        self._current: list[Menu] = []
        self.keyboard = False       # opened by F10 or Alt+letter: the items' letters are underlined
        self.passed: list[int] = []     # the dimmed items the keys just passed over (said before the lit one)

    @property
    def is_open(self) -> bool:
        return self.open_index is not None

    def height(self) -> int:
        """The bar's height at the chrome's scale (the fonts')."""
        return self.fonts.px(HEIGHT)

    def rect(self, width: int) -> Rect:
        return Rect(0, 0, width, self.height())

    def draw_bar(self, surface: pygame.Surface) -> None:
        width, px, high = surface.get_width(), self.fonts.px, self.height()
        pygame.draw.rect(surface, BAR, self.rect(width))
        pygame.draw.line(surface, (120, 120, 120), (0, high - 1), (width, high - 1), max(1, px(1)))
        font = self.fonts.ui(22)
        x = px(12)
        self._titles = []
        titles = self.titles()
        for title, mark in zip(titles, mnemonics(titles)):
            image = font.render(title, True, INK)
            box = Rect(x - px(8), 0, image.get_width() + px(16), high - 1)
            at = image.get_rect(midleft=(x, high // 2))
            surface.blit(image, at)
            underline(surface, font, title, mark, at.topleft, INK, px(2))
            self._titles.append(box)
            x += box.w + px(4)

    def shortcut(self, event: pygame.event.Event) -> bool:
        """Run the item whose shortcut this key is; True if one did."""
        text = shortcut_of(event)
        for menu in self.menus():
            for item in menu.items:
                if item.shortcut and item.shortcut == text and item.action:
                    if item.enabled:
                        item.action()
                    elif item.refused is not None:
                        item.refused()
                    return True
        return False

    # ----------------------------------------------------------- open menu
    def open(self, index: int | None) -> None:
        self.open_index = index
        self.hover = None
        if index is None:
            self.keyboard = False
        # built when a menu opens (a closed bar builds nothing: a new table does not wait for its menus)
        self._current = self.menus() if index is not None else []

    def panel(self) -> Rect | None:
        return self._panel

    def draw_open(self, screen: pygame.Surface) -> Rect | None:
        """Draw the open menu over the screen; returns the area it covers."""
        self._items = []
        self._panel = None
        if self.open_index is None or self.open_index >= len(self._titles):
            return None
        menu = self._current[self.open_index]
        title = self._titles[self.open_index]
        font = self.fonts.ui(22)
        px, high = self.fonts.px, self.height()
        row, gap, line = px(26), px(8), max(1, px(1))
        label_w = max((font.size(i.label)[0] for i in menu.items), default=px(60))
        key_w = max((font.size(i.shortcut)[0] for i in menu.items if i.shortcut), default=0)
        width = px(34) + label_w + (px(30) + key_w if key_w else 0) + px(16)
        height = sum(gap if i.separator else row for i in menu.items) + px(8)
        panel = Rect(title.x, high - 1, width, height)
        panel.right = min(panel.right, screen.get_width() - 2)
        pygame.draw.rect(screen, INK, title)
        image = font.render(menu.title, True, BAR)
        at = image.get_rect(midleft=(title.x + px(8), high // 2))
        screen.blit(image, at)
        underline(screen, font, menu.title, mnemonics([m.title for m in self._current])[self.open_index],
                  at.topleft, BAR, px(2))
        shadow = panel.move(px(3), px(3))
        pygame.draw.rect(screen, (0, 0, 0), shadow)
        pygame.draw.rect(screen, BAR, panel)
        pygame.draw.rect(screen, INK, panel, line)
        y = panel.y + px(4)
        for n, item in enumerate(menu.items):
            if item.separator:
                pygame.draw.line(screen, DIM, (panel.x + px(6), y + gap // 2), (panel.right - px(6), y + gap // 2),
                                 line)
                y += gap
                continue
            box = Rect(panel.x + line, y, panel.w - 2 * line, row)
            lit = n == self.hover and item.enabled
            if lit:
                pygame.draw.rect(screen, SELECT, box)
                pygame.draw.rect(screen, BAR, box.inflate(-px(4), -px(4)), line)     # the focus, in ink only too
            colour = BAR if lit else (INK if item.enabled else DIM)
            if item.checked:
                tick = [(box.x + px(10), box.centery), (box.x + px(15), box.centery + px(6)),
                        (box.x + px(24), box.centery - px(7))]
                pygame.draw.lines(screen, colour, False, tick, px(3))
            image = font.render(item.label, True, colour)
            at = image.get_rect(midleft=(box.x + px(32), box.centery))
            screen.blit(image, at)
            if self.keyboard and item.enabled:
                underline(screen, font, item.label, letter(item.label), at.topleft, colour, px(2))
            if item.shortcut:
                image = font.render(item.shortcut, True, colour)
                screen.blit(image, image.get_rect(midright=(box.right - px(12), box.centery)))
            self._items.append((box, item))
            y += row
        self._panel = panel.union(shadow).union(title)
        return self._panel

    # ----------------------------------------------------------- by keyboard
    def _enabled(self) -> list[int]:
        menu = self._current[self.open_index]
        return [n for n, i in enumerate(menu.items) if not i.separator and i.enabled and i.action]

    def open_by_key(self, index: int) -> None:
        """Open menu ``index`` from the keyboard, its first live item lit."""
        self.open(index)
        self.keyboard = True
        live = self._enabled()
        self.hover = live[0] if live else None
        self.passed = self._dimmed(-1, self.hover, 1)

    def _dimmed(self, start: int | None, end: int | None, step: int) -> list[int]:
        """The dimmed items from after ``start`` up to ``end`` (not
        including either; None: to the menu's end), going ``step`` (round
        the menu's end when they must)."""
        items = self._current[self.open_index].items
        n = len(items)
        start = (-1 if step > 0 else n) if start is None else start
        found, k = [], start
        for _ in range(n):
            k = (k + step) % n if 0 <= start < n else k + step
            if not 0 <= k < n or k == end:
                break
            item = items[k]
            if not item.separator and not item.enabled and item.label:
                found.append(k)
        return found

    def _step(self, step: int) -> None:
        live = self._enabled()
        was = self.hover
        if not live:
            self.hover = None
        elif self.hover not in live:
            self.hover = live[0] if step > 0 else live[-1]
        else:
            self.hover = live[(live.index(self.hover) + step) % len(live)]
        self.passed = self._dimmed(was, self.hover, step)

    def dimmed_words(self, item: Item) -> str:
        """A dimmed item in words, with why ("Redo, dimmed: there is no move undone to play again")."""
        why = item.why() if item.why is not None else None
        label = item.label.rstrip(".")
        return f"{label}, dimmed: {why.rstrip('.')}" if why else f"{label}, dimmed"

    def _run(self, item: Item) -> str:
        self.open(None)
        if item.enabled and item.action:
            item.action()
        return "run"

    def item_words(self, with_title: bool) -> str:
        """The lit item in words ("Options menu, Sound, checked, Ctrl+Shift+S")."""
        menu = self._current[self.open_index]
        head = f"{menu.title} menu" if with_title else ""
        passed = ". ".join(self.dimmed_words(menu.items[n]) for n in self.passed if n < len(menu.items))
        self.passed = []
        if self.hover is None:
            dimmed = ". ".join(self.dimmed_words(i) for i in menu.items if not i.separator and i.label)
            text = f"every item is dimmed: {dimmed}" if dimmed else "nothing to choose"
            return f"{head}, {text}" if head else text
        item = menu.items[self.hover]
        parts = [head, item.label.rstrip(".").rstrip(".")]
        if item.checked is not None:
            parts.append("checked" if item.checked else "not checked")
        if item.shortcut:
            parts.append(item.shortcut)
        lit = ", ".join(p for p in parts if p)
        return f"{passed}. {lit}" if passed else lit

    def key(self, event: pygame.event.Event) -> str | None:
        """F10, Alt+a title's letter, and the keys of an open menu; the item
        the keys reach is spoken (with its menu's title when a menu opens)."""
        was = self.open_index
        result = self._key(event)
        if result == "redraw" and self.is_open:
            self.speak(self.item_words(with_title=self.open_index != was))
        elif result == "close":
            self.speak("Menu closed.")
        return result

    def _key(self, event: pygame.event.Event) -> str | None:
        mods = event.mod
        alt = bool(mods & pygame.KMOD_ALT) and not mods & (pygame.KMOD_CTRL | pygame.KMOD_META)
        plain = not mods & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT)
        titles = self.titles() if not self.is_open else [m.title for m in self._current]
        if event.key == pygame.K_F10 and plain and not mods & pygame.KMOD_SHIFT:
            if self.is_open:
                self.open(None)
                return "close"
            self.open_by_key(0)
            return "redraw"
        if alt and pygame.K_a <= event.key <= pygame.K_z:
            wanted = chr(event.key)
            for n, (title, mark) in enumerate(zip(titles, mnemonics(titles))):
                if mark >= 0 and title[mark].lower() == wanted:
                    self.open_by_key(n)
                    return "redraw"
            return "ignore" if self.is_open else None
        if not self.is_open:
            return None
        key = event.key
        if key == pygame.K_ESCAPE:
            self.open(None)
            return "close"
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._step(1 if key == pygame.K_DOWN else -1)
            return "redraw"
        if key in (pygame.K_HOME, pygame.K_END):
            live = self._enabled()
            self.hover = (live[0] if key == pygame.K_HOME else live[-1]) if live else None
            self.passed = self._dimmed(None, self.hover, 1 if key == pygame.K_HOME else -1)
            return "redraw"
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.open_by_key((self.open_index + (1 if key == pygame.K_RIGHT else -1)) % len(self._current))
            return "redraw"
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and plain:
            menu = self._current[self.open_index]
            if self.hover is not None and self.hover in self._enabled():
                return self._run(menu.items[self.hover])
            return "ignore"
        text = (getattr(event, "unicode", "") or "").lower()
        if plain and len(text) == 1 and text.isalnum():
            menu = self._current[self.open_index]
            hits = [n for n in self._enabled() if letter(menu.items[n].label) >= 0
                    and menu.items[n].label[letter(menu.items[n].label)].lower() == text]
            if len(hits) == 1:
                return self._run(menu.items[hits[0]])
            if hits:
                later = [n for n in hits if self.hover is None or n > self.hover]
                self.hover = (later or hits)[0]
                return "redraw"
        return "ignore"

    def handle(self, event: pygame.event.Event) -> str | None:
        """Pointer events while a menu may be open.  Returns "redraw" when
        the open menu changed, "close" when it closed, "run" after an item
        ran, or None when the event is not the menu's."""
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            for n, box in enumerate(self._titles):
                if box.collidepoint(event.pos):
                    self.open(None if self.open_index == n else n)
                    return "redraw" if self.is_open else "close"
            if self.is_open:
                if self._panel and self._panel.collidepoint(event.pos):
                    return "redraw"
                self.open(None)
                return "close"
            return None
        if not self.is_open:
            return None
        if event.type == pygame.MOUSEMOTION:
            for n, box in enumerate(self._titles):
                if box.collidepoint(event.pos) and n != self.open_index:
                    self.open(n)
                    return "redraw"
            hover = None
            for n, (box, _) in enumerate(self._items):
                if box.collidepoint(event.pos):
                    hover = n
            menu = self._current[self.open_index]
            real = [i for i in menu.items if not i.separator]
            index = None if hover is None else menu.items.index(real[hover])
            if index != self.hover:
                self.hover = index
                return "redraw"
            return "ignore"
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for box, item in self._items:
                if box.collidepoint(event.pos):
                    self.open(None)
                    if item.enabled and item.action:
                        item.action()
                    return "run"
            return "ignore"
        return "ignore"
