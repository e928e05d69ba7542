"""A file dialog drawn in pygame: Open... and Save As... for game documents.

It keeps the protocol of :class:`~game.ui.dialogs.Dialog`, so the app opens
it like any other dialog: ``draw(screen, fonts)`` returns the rectangle to
update, and ``handle(event)`` returns ``None`` while the dialog stays open,
then ``"Cancel"`` or the chosen file's path as a string.

The list shows the current folder's subfolders and ``*.json`` files (folders
first, ``..`` to go up; names starting with a dot are hidden).  The keyboard
works it alone: Up/Down (Page Up/Down, Home/End) move the selection, Enter
opens a folder or chooses a file, Backspace goes up when the name field is
empty (in Open, also from the list), typing fills the name field (in Open,
choosing a file in the list fills it with the file's name), Tab (Shift+Tab) moves round name, list and buttons,
Space or Enter presses the button ringed, Escape cancels.  With the mouse: click selects, a double click opens or
chooses, the wheel scrolls.  Enter with a typed name chooses that name in
the current folder, ``.json`` added when missing (a typed folder name opens
the folder).  Save As never asks before replacing a file: the caller may.
A folder that cannot be read shows a line saying so, with ``..`` to leave.

The name field has a caret: Left/Right, Home/End move it (and drop the
selection), Backspace and Delete delete either side of it.  Save As offers
its name (and a file picked in the list) with the base name selected, as a
desktop's save dialog does: what is typed replaces it and keeps ``.json``;
Ctrl+A selects the whole name.  The field takes text input (``TEXTINPUT``),
so a dead key's "ë" is typed; a key's own letter is typed once.

Spoken (``Dialog.tell``; the stage says it, ``dialogs.control_words``): the
folder as the dialog opens and when it changes, each row of the list as the
focus moves ("Documents, folder, 2 of 5"), each letter typed or deleted
("space", "deleted x"), the character the caret reaches, a name not found.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
from pygame import Rect

from .dialogs import BUTTON, DEFAULT, INK, Dialog, char_words, draw_button, draw_frame, tab_back

SUFFIX = ".json"
FIELD = (255, 255, 255)
DIM = (120, 118, 110)
ALERT = (160, 40, 30)
FOLDER = (222, 186, 110)
SELECTED_TEXT = (255, 255, 255)
ROW = 24
DOUBLE_CLICK = 0.45     # seconds between the two clicks of a double click
WHEEL_ROWS = 3


def suggested_name(game_name: str, seed: int) -> str:
    """The name Save As offers for a deal: ``republic-deal-123.json``."""
    return f"{game_name}-deal-{seed}{SUFFIX}"


@dataclass(frozen=True)
class Entry:
    label: str
    path: Path
    is_folder: bool


def elide(font: pygame.font.Font, text: str, width: int, keep_end: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels (its start kept,
    or its end with ``keep_end``, as for a folder's path)."""
    if font.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:             # the most characters that fit with the ellipsis
        mid = (lo + hi + 1) // 2
        part = text[len(text) - mid:] if keep_end else text[:mid]
        if font.size("\u2026" + part if keep_end else part + "\u2026")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    part = text[len(text) - lo:] if keep_end else text[:lo]
    return "\u2026" + part if keep_end else part + "\u2026"


class FileDialog(Dialog):
    """Open... (``mode="open"``) or Save As... (``mode="save"``), starting in ``folder``."""

    def __init__(self, mode: str, folder: str | os.PathLike, name: str = "", title: str = "",
                 on_close: Callable[[str], None] | None = None, width: int = 600) -> None:
        if mode not in ("open", "save"):
            raise ValueError(f"a file dialog opens or saves, not {mode!r}")
        action = "Open" if mode == "open" else "Save"
        self.caret = 0                   # where the name field's next letter goes
        self.marked: tuple[int, int] | None = None     # the name's characters selected (typing replaces them)
        super().__init__("", (action, "Cancel"), title or ("Open a Game" if mode == "open" else "Save Game As"),
                         on_close, entry=name, width=width)
        self.mode = mode
        self.suggested = name
        self._spent = ""                 # the text of a key that typed nothing (Space on a button): not typed after
        self.entries: list[Entry] = []
        self.selected: int | None = None
        self.top = 0                     # the first row shown
        self.rows_shown = 10             # set by draw() from the screen's height
        self.error = ""                  # why the folder could not be read
        self.notice = ""                 # a word about the last try (a name not found, ...)
        self.typing = mode == "save"     # keys go to the name field (else to the list)
        self._rows: list[tuple[Rect, int]] = []
        self._list = Rect(0, 0, 0, 0)
        self._field = Rect(0, 0, 0, 0)
        self._bar = Rect(0, 0, 0, 0)
        self._last_click: tuple[int, float] | None = None
        self.enter(self._existing(Path(folder)))
        if mode == "save":
            self.prefill(name)
        self.news = ""                   # the words it opens with are the stage's (dialog_words)

    # ----------------------------------------------------------- the name field
    @property
    def entry(self) -> str:
        return self._entry

    @entry.setter
    def entry(self, text: str) -> None:
        """The name set whole: the caret after it, nothing selected."""
        self._entry = text
        self.caret, self.marked = len(text), None

    @property
    def name_selected(self) -> bool:
        """Whether some of the name is selected (typing replaces it)."""
        return self.marked is not None

    def prefill(self, name: str) -> None:
        """A name offered (Save As): its base selected, so that what is typed
        replaces it and keeps ``.json``, as a desktop's save dialog does."""
        self.entry = name
        base = len(name) - len(SUFFIX) if name.lower().endswith(SUFFIX) else len(name)
        if base > 0:
            self.marked, self.caret = (0, base), base

    def select_all(self) -> None:
        if self.entry:
            self.marked, self.caret = (0, len(self.entry)), len(self.entry)

    def _edit(self, text: str, start: int, end: int) -> None:
        """``entry[start:end]`` replaced by ``text``, the caret after it."""
        self._entry = self._entry[:start] + text + self._entry[end:]
        self.caret, self.marked = start + len(text), None

    def _put(self, text: str, whole: bool = False) -> bool:
        """``text`` typed into the name (over the selection; ``whole``: over
        all of it), echoed; False when the name is full."""
        start, end = (0, len(self.entry)) if whole else self.marked or (self.caret, self.caret)
        if len(self.entry) - (end - start) + len(text) > 120:
            return False
        self._edit(text, start, end)
        self.typing = True
        self.notice = ""
        self.tell(char_words(text))
        return True

    def _delete(self, forward: bool = False) -> None:
        """Backspace (Delete: ``forward``) in the name: the selection, or the
        character before (after) the caret, deleted and said."""
        if self.marked is not None:
            start, end = self.marked
        elif forward:
            start, end = self.caret, min(len(self.entry), self.caret + 1)
        else:
            start, end = max(0, self.caret - 1), self.caret
        gone = self.entry[start:end]
        self._edit("", start, end)
        self.typing = True
        self.notice = ""
        self.tell(f"deleted {char_words(gone)}" if gone else ("empty" if not self.entry else "nothing to delete"))

    def _caret_key(self, key: int) -> None:
        """Left, Right, Home, End in the name: the caret moved, the
        selection dropped (Left/Right: to its edge); the character then at
        the caret said ("end" past the last)."""
        if self.marked is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.caret = self.marked[0] if key == pygame.K_LEFT else self.marked[1]
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.caret = max(0, min(len(self.entry), self.caret + (1 if key == pygame.K_RIGHT else -1)))
        else:
            self.caret = 0 if key == pygame.K_HOME else len(self.entry)
        self.marked = None
        self.tell(char_words(self.entry[self.caret]) if self.caret < len(self.entry) else "end")

    def take_text(self, text: str) -> None:
        """Text input (``TEXTINPUT``): what the system typed, accents and all.
        A key's own letter, already typed by its key, is not typed again; a
        letter the key typed otherwise (an "e" for the "ë" a dead key
        composed) is replaced; a letter with no key of its own is typed."""
        text = "".join(ch for ch in text if ch.isprintable())
        keyed, self._keyed = self._keyed, []
        spent, self._spent = self._spent, ""
        if not text or (keyed and text == keyed[0]) or text == spent:
            return
        self.in_field = True
        if keyed and self.entry[:self.caret].endswith(keyed[0]):
            self._edit("", self.caret - len(keyed[0]), self.caret)
        self._put(text, whole=self.mode == "open" and not self.typing)

    # ----------------------------------------------------------- in words
    def item_words(self, index: int | None = None) -> str:
        """A row of the list as it is said: its name, what its icon shows
        (a folder), and where it stands ("2 of 5")."""
        index = self.selected if index is None else index
        if not self.entries:
            return "empty"
        if index is None:
            return f"{len(self.entries)} item{'s' if len(self.entries) != 1 else ''}, none selected"
        entry = self.entries[index]
        name = "up one level" if entry.label == ".." else \
            f"{entry.label}, folder" if entry.is_folder else entry.label
        return f"{name}, {index + 1} of {len(self.entries)}"

    def name_words(self) -> str:
        """The name field as it is said: "File name: prince-deal-1, selected"
        (the base name offered, selected), "File name: mine.json"."""
        if not self.entry:
            return "File name: empty"
        if self.marked is not None:
            start, end = self.marked
            part = self.entry[start:end]
            if start == 0 and self.entry[end:].lower() in ("", SUFFIX):
                return f"File name: {part}, selected"
            return f"File name: {self.entry}, {part} selected"
        return f"File name: {self.entry}"

    def spoken_control(self) -> str:
        """The control the keyboard is on, in words (the stage's ``control_words``)."""
        if not self.in_field:
            return f"{self.buttons[self.focus]}, button"
        return self.name_words() if self.typing else f"List: {self.item_words()}"

    def spoken_body(self) -> str:
        """What the window shows above the list: the folder; and in the
        list, why it is empty or unreadable."""
        words = f"Folder: {self.folder}."
        if self.error:
            words += f" {self.error}"
        elif len(self.entries) == (1 if self.folder.parent != self.folder else 0):
            words += " No folders or games here."
        return words

    # ----------------------------------------------------------- the folder
    @staticmethod
    def _existing(folder: Path) -> Path:
        folder = folder.expanduser()
        try:
            folder = folder.absolute()
        except OSError:
            folder = Path.home()
        while not folder.is_dir() and folder.parent != folder:
            folder = folder.parent
        return folder

    def _read(self, folder: Path) -> tuple[list[Entry], str]:
        entries = [Entry("..", folder.parent, True)] if folder.parent != folder else []
        folders, files = [], []
        try:
            with os.scandir(folder) as listing:
                for item in listing:
                    if item.name.startswith("."):
                        continue
                    try:
                        is_folder = item.is_dir()
                    except OSError:
                        continue
                    if is_folder:
                        folders.append(Entry(item.name, folder / item.name, True))
                    elif item.name.lower().endswith(SUFFIX):
                        files.append(Entry(item.name, folder / item.name, False))
        except OSError as e:
            reason = e.strerror or type(e).__name__
            return entries, f"This folder cannot be read ({reason})."
        folders.sort(key=lambda e: e.label.casefold())
        files.sort(key=lambda e: e.label.casefold())
        return entries + folders + files, ""

    def enter(self, folder: Path, came_from: Path | None = None) -> None:
        """Show ``folder``; ``came_from`` (a subfolder left by going up) is selected."""
        self.folder = folder
        self.entries, self.error = self._read(folder)
        self.notice = ""
        self.top = 0
        self._last_click = None
        self.selected = None
        if came_from is not None:
            self.selected = next((k for k, e in enumerate(self.entries) if e.path == came_from), None)
        elif self.mode == "open":
            self.selected = next((k for k, e in enumerate(self.entries) if e.label != ".."), None)
        self.typing = self.mode == "save" and came_from is None
        if self.mode == "open":
            self._name_from_list()
        self._show_selected()
        self.tell(f"{self.spoken_body()} {self.spoken_control()}")

    def up(self) -> None:
        if self.folder.parent != self.folder:
            self.enter(self.folder.parent, came_from=self.folder)

    # ----------------------------------------------------------- choosing
    def _select(self, index: int | None, onto: bool = False) -> None:
        """Row ``index`` selected (and said; ``onto``: the keyboard comes to
        the list from elsewhere)."""
        if not self.entries or index is None:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        self.typing = False
        self.notice = ""
        entry = self.entries[self.selected]
        if self.mode == "save" and not entry.is_folder:
            self.prefill(entry.label)
        elif self.mode == "open":
            self._name_from_list()
        self._show_selected()
        self.tell(("List: " if onto else "") + self.item_words())

    def _name_from_list(self) -> None:
        """Open: the name field shows the file selected in the list (empty
        for a folder), as the file the Open button takes."""
        chosen = self.entries[self.selected] if self.selected is not None and self.entries else None
        self.entry = chosen.label if chosen is not None and not chosen.is_folder else ""

    def _show_selected(self) -> None:
        if self.selected is not None:
            if self.selected < self.top:
                self.top = self.selected
            elif self.selected >= self.top + self.rows_shown:
                self.top = self.selected - self.rows_shown + 1
        self._scroll(0)

    def _scroll(self, rows: int) -> None:
        self.top = max(0, min(self.top + rows, len(self.entries) - self.rows_shown))

    def _activate(self, entry: Entry) -> str | None:
        if entry.label == "..":
            self.up()
            return None
        if entry.is_folder:
            self.enter(entry.path)
            return None
        return str(entry.path)

    def _by_name(self, name: str) -> str | None:
        target = Path(name).expanduser()
        if not target.is_absolute():
            target = self.folder / target
        if target.is_dir():
            self.entry = ""
            if self.mode == "save":
                self.prefill(self.suggested)
            self.enter(self._existing(target))
            return None
        if target.suffix.lower() != SUFFIX:
            target = target.with_name(target.name + SUFFIX)
        if self.mode == "open" and not target.is_file():
            self.notice = f"There is no file named {target.name} in this folder."
            self.tell(self.notice)
            return None
        if self.mode == "save" and not target.parent.is_dir():
            self.notice = f"There is no folder {target.parent}."
            self.tell(self.notice)
            return None
        return str(target)

    def accept(self) -> str | None:
        """Enter or the Open/Save button: the chosen path, or None (a folder
        was opened, or there was nothing to choose)."""
        name = (self.entry or "").strip()
        if not self.typing and self.selected is not None:
            return self._activate(self.entries[self.selected])
        if name:
            return self._by_name(name)
        if self.selected is not None:
            return self._activate(self.entries[self.selected])
        return None

    # ----------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> str | None:
        self.news = ""
        if event.type == pygame.KEYDOWN:
            self._keyed, self._spent = [], ""
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            self.take_text(event.text)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * WHEEL_ROWS)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):   # old-style wheel
            self._scroll(WHEEL_ROWS if event.button == 5 else -WHEEL_ROWS)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for box, label in self._buttons:
                if box.collidepoint(event.pos):
                    return "Cancel" if label == "Cancel" else self.accept()
        return None

    def tab(self, back: bool = False) -> None:
        """Tab's round: the name, the list, then each button (Shift+Tab: back);
        from the name Tab goes to the list, as it always has."""
        stops = ["name", "list", *range(len(self.buttons))]
        here = ("name" if self.typing else "list") if self.in_field else self.focus
        nxt = stops[(stops.index(here) + (-1 if back else 1)) % len(stops)]
        if nxt in ("list", "name"):
            self.in_field, self.focus, self.typing = True, 0, nxt == "name"
        else:
            self.in_field, self.focus = False, nxt

    def _key(self, event: pygame.event.Event) -> str | None:
        key = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        text = getattr(event, "unicode", "")
        if key == pygame.K_ESCAPE:
            return "Cancel"
        if key == pygame.K_TAB:
            self.tab(tab_back(event))
            return None
        if not self.in_field and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._spent = text           # its text input is no letter typed
            return "Cancel" if self.buttons[self.focus] == "Cancel" else self.accept()
        if not self.in_field and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % len(self.buttons)
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.accept()
        onto = self.typing or not self.in_field        # the keyboard comes to the list from elsewhere
        self.in_field = True
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.rows_shown,
                 pygame.K_PAGEDOWN: self.rows_shown}
        if key in moves:
            if self.selected is None:
                self._select(0 if moves[key] > 0 else len(self.entries) - 1, onto)
            else:
                self._select(self.selected + moves[key], onto)
            if not self.entries:
                self.tell("List: empty")
            return None
        if key in (pygame.K_HOME, pygame.K_END) and not self.typing:
            self._select(0 if key == pygame.K_HOME else len(self.entries) - 1, onto)
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            if self.typing:
                self._caret_key(key)
            else:                              # the list has no columns: the row said again
                self.tell(self.spoken_control())
            return None
        if key == pygame.K_a and ctrl:
            self.typing = True
            self.select_all()
            self.tell(self.name_words())
            return None
        if self.mode == "open" and not self.typing and key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if key == pygame.K_BACKSPACE:      # in the list, the name its selection's: Backspace goes up
                self.up()
                self.notice = ""
            else:                              # Delete deletes no file: the row said again
                self.tell(self.spoken_control())
            return None
        if key == pygame.K_BACKSPACE and not self.entry:
            self.up()                          # an empty name: Backspace goes up
            self.notice = ""
            return None
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._delete(forward=key == pygame.K_DELETE)
            return None
        if text and text.isprintable() and not ctrl:
            # in Open's list, what is typed replaces the selection's name
            if self._put(text, whole=self.mode == "open" and not self.typing):
                self._keyed = [text]
            else:
                self._spent = text
                self.tell("The name is full.")
        return None

    def _press(self, pos: tuple[int, int]) -> str | None:
        if self._field.collidepoint(pos) or self._list.collidepoint(pos):
            self.in_field, self.focus = True, 0
        if self._field.collidepoint(pos):
            self.typing = True
            return None
        if self._bar.collidepoint(pos) and len(self.entries) > self.rows_shown:
            thumb = self._thumb()
            if pos[1] < thumb.top:
                self._scroll(-self.rows_shown)
            elif pos[1] >= thumb.bottom:
                self._scroll(self.rows_shown)
            return None
        for box, index in self._rows:
            if box.collidepoint(pos):
                now = time.monotonic()
                double = self._last_click is not None and self._last_click[0] == index \
                    and now - self._last_click[1] <= DOUBLE_CLICK
                self._select(index)
                self._last_click = None if double else (index, now)
                return self._activate(self.entries[index]) if double else None
        return None

    # ----------------------------------------------------------- drawing
    def _thumb(self) -> Rect:
        track, n = self._bar, len(self.entries)
        h = max(self.px(20), track.h * self.rows_shown // max(n, 1))
        span = max(n - self.rows_shown, 1)
        return Rect(track.x, track.y + (track.h - h) * self.top // span, track.w, h)

    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        self.scale = fonts.scale
        px, thin = self.px, max(1, self.px(1))
        body, head, small = fonts.ui(22), fonts.ui(26), fonts.ui(19)
        row_h = px(ROW)
        sw, sh = screen.get_size()
        width = min(px(self.width), sw - px(40))
        fixed = px(18 + 34 + 26 + 12 + 40 + 64)     # title, folder line, gap, name field, buttons
        rows = max(3, min(12, (sh - px(40) - fixed) // row_h))
        if rows != self.rows_shown:
            self.rows_shown = rows
            self._show_selected()
        self._scroll(0)
        height = fixed + self.rows_shown * row_h + px(4)
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (sw // 2, sh // 2)
        draw_frame(screen, self.rect, px)
        x, inner = self.rect.x + px(20), width - px(40)
        y = self.rect.y + px(18)
        screen.blit(head.render(self.title, True, INK), (x, y))
        y += px(34)
        label = small.render("Folder:", True, DIM)
        screen.blit(label, (x, y + px(3)))
        where = elide(body, str(self.folder), inner - label.get_width() - px(8), keep_end=True)
        screen.blit(body.render(where, True, INK), (x + label.get_width() + px(8), y))
        y += px(26)
        self._draw_list(screen, body, small, Rect(x, y, inner, self.rows_shown * row_h + px(4)))
        y += self.rows_shown * row_h + px(4 + 12)
        name = small.render("Name:", True, DIM)
        screen.blit(name, name.get_rect(midleft=(x, y + px(30) // 2)))
        self._field = Rect(x + name.get_width() + px(8), y, inner - name.get_width() - px(8), px(30))
        pygame.draw.rect(screen, FIELD, self._field)
        on_name = self.typing and self.in_field         # the keyboard's control: a thick frame
        pygame.draw.rect(screen, DEFAULT if on_name else INK, self._field, px(3) if on_name else thin)
        self._draw_name(screen, body)
        self._draw_buttons(screen, body)
        if self.notice:     # beside the buttons, where the eye goes after pressing one
            room = self._buttons[0][0].left - px(12) - x
            image = small.render(elide(small, self.notice, room), True, ALERT)
            screen.blit(image, image.get_rect(midleft=(x, self._buttons[0][0].centery)))
        return Rect(0, 0, sw, sh)

    def _draw_name(self, screen: pygame.Surface, body) -> None:
        """The name in its field: the selected part light on the selection's
        colour, the caret where the next letter goes (the name slid left
        so that the caret stays in sight)."""
        px, field = self.px, self._field
        room = field.w - px(14)

        def x_of(i: int) -> int:
            return body.size(self.entry[:i])[0]
        shift = max(0, x_of(self.caret) - room)
        x0 = field.x + px(6) - shift
        clip = screen.get_clip()
        screen.set_clip(field.inflate(-px(4), -px(2)))
        image = body.render(self.entry, True, INK)
        screen.blit(image, image.get_rect(midleft=(x0, field.centery)))
        if self.marked is not None:
            start, end = self.marked
            part = body.render(self.entry[start:end], True, SELECTED_TEXT)
            at = part.get_rect(midleft=(x0 + x_of(start), field.centery))
            pygame.draw.rect(screen, DEFAULT, at.inflate(px(2), px(2)))
            screen.blit(part, at)
        elif self.typing:
            x = x0 + x_of(self.caret)
            h = body.get_height()
            pygame.draw.line(screen, INK, (x, field.centery - h // 2), (x, field.centery + h // 2 - 1),
                             max(1, px(1.5)))
        screen.set_clip(clip)

    def _draw_list(self, screen: pygame.Surface, body, small, box: Rect) -> None:
        px, thin, row_h = self.px, max(1, self.px(1)), self.px(ROW)
        edge = px(2)
        self._list = box
        pygame.draw.rect(screen, FIELD, box)
        on_list = not self.typing and self.in_field
        pygame.draw.rect(screen, DEFAULT if on_list else INK, box, px(3) if on_list else thin)
        scrolling = len(self.entries) > self.rows_shown
        self._bar = Rect(box.right - px(12), box.y + edge, px(10), box.h - 2 * edge) if scrolling else Rect(0, 0, 0, 0)
        row_w = box.w - 2 * edge - (px(14) if scrolling else 0)
        self._rows = []
        clip = screen.get_clip()
        screen.set_clip(box.inflate(-2 * edge, -2 * edge))
        for k in range(self.top, min(len(self.entries), self.top + self.rows_shown)):
            entry = self.entries[k]
            row = Rect(box.x + edge, box.y + edge + (k - self.top) * row_h, row_w, row_h)
            chosen = k == self.selected
            if chosen:
                pygame.draw.rect(screen, DEFAULT if not self.typing else BUTTON, row, border_radius=px(4))
            ink = SELECTED_TEXT if chosen and not self.typing else INK
            self._icon(screen, entry, row.x + px(8), row.centery, ink if chosen else INK)
            text = elide(body, entry.label, row.w - px(40))
            image = body.render(text, True, ink)
            screen.blit(image, image.get_rect(midleft=(row.x + px(32), row.centery + 1)))
            if entry.label == "..":
                hint = small.render("up one level", True, ink if chosen and not self.typing else DIM)
                screen.blit(hint, hint.get_rect(midleft=(row.x + px(40) + image.get_width(), row.centery + 1)))
            self._rows.append((row, k))
        if self.error:
            y = box.y + edge + (len(self.entries) - self.top) * row_h
            if box.y <= y <= box.bottom - row_h:
                image = small.render(elide(small, self.error, row_w - px(40)), True, ALERT)
                screen.blit(image, image.get_rect(midleft=(box.x + px(34), y + row_h // 2 + 1)))
        elif len(self.entries) == (1 if self.folder.parent != self.folder else 0):
            y = box.y + edge + (len(self.entries) - self.top) * row_h
            image = small.render("No folders or games here.", True, DIM)
            screen.blit(image, image.get_rect(midleft=(box.x + px(34), y + row_h // 2 + 1)))
        screen.set_clip(clip)
        if scrolling:
            pygame.draw.rect(screen, BUTTON, self._bar, border_radius=px(5))
            pygame.draw.rect(screen, DIM, self._thumb(), border_radius=px(5))

    def _icon(self, screen: pygame.Surface, entry: Entry, x: int, cy: int, ink) -> None:
        px, thin = self.px, max(1, self.px(1))
        if entry.is_folder:
            pygame.draw.rect(screen, FOLDER, Rect(x, cy - px(7), px(7), px(4)), border_top_left_radius=px(2),
                             border_top_right_radius=px(2))
            pygame.draw.rect(screen, FOLDER, Rect(x, cy - px(4), px(16), px(11)), border_radius=px(2))
            pygame.draw.rect(screen, INK, Rect(x, cy - px(4), px(16), px(11)), thin, border_radius=px(2))
            if entry.label == "..":
                pygame.draw.polygon(screen, INK, [(x + px(8), cy - px(2)), (x + px(4), cy + px(3)),
                                                  (x + px(12), cy + px(3))])
        else:
            page = Rect(x + px(2), cy - px(8), px(12), px(16))
            pygame.draw.rect(screen, FIELD, page)
            pygame.draw.lines(screen, ink if ink != SELECTED_TEXT else INK, True,
                              [page.topleft, (page.right - px(4), page.top), (page.right - 1, page.top + px(3)),
                               (page.right - 1, page.bottom - 1), (page.left, page.bottom - 1)], thin)
            for k in range(3):
                pygame.draw.line(screen, DIM, (page.x + px(3), page.y + px(5 + 3 * k)),
                                 (page.right - px(4), page.y + px(5 + 3 * k)), thin)

    def _draw_buttons(self, screen: pygame.Surface, body) -> None:
        px = self.px
        self._buttons = []
        x = self.rect.right - px(20)
        for n, label in reversed(list(enumerate(self.buttons))):
            w = max(px(90), body.size(label)[0] + px(30))
            box = Rect(x - w, self.rect.bottom - px(48), w, px(32))
            draw_button(screen, body, box, label, n == self.focus, n == self.focus and not self.in_field, self.scale)
            self._buttons.insert(0, (box, label))
            x -= w + px(12)
