"""Modal dialogs: an alert with buttons, optionally a line of text to type.

A dialog is drawn over the screen with the table dimmed behind it; while one
is open the table takes no input and Gaps' timer stops.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from ..media.surfaces import INK, PAPER

BUTTON = (226, 222, 210)
DEFAULT = (40, 80, 160)


def draw_frame(screen: pygame.Surface, rect: Rect, px) -> None:
    """Every modal window's frame: the screen dimmed behind it, a shadow,
    paper, and an ink border with round corners (``px``: the chrome's
    scale, for the sizes)."""
    dim = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    dim.fill((0, 0, 0, 90))
    screen.blit(dim, (0, 0))
    pygame.draw.rect(screen, (0, 0, 0), rect.move(px(4), px(4)), border_radius=px(8))
    pygame.draw.rect(screen, PAPER, rect, border_radius=px(8))
    pygame.draw.rect(screen, INK, rect, px(2), border_radius=px(8))


def draw_button(screen: pygame.Surface, font, box: Rect, label: str, default: bool, focused: bool,
                scale: float = 1.0) -> None:
    """A push button: the default one in a thick blue frame; the one the
    keyboard is on (Tab) also ringed inside in ink, plain in Black and White.
    ``scale``: the chrome's (its frames and corners grow with it)."""
    def px(n: float) -> int:
        return max(1, round(n * scale))
    pygame.draw.rect(screen, BUTTON, box, border_radius=px(6))
    pygame.draw.rect(screen, DEFAULT if default else INK, box, px(3) if default else px(1), border_radius=px(6))
    if focused:
        pygame.draw.rect(screen, INK, box.inflate(-px(10), -px(10)), px(2), border_radius=px(4))
    image = font.render(label, True, INK)
    screen.blit(image, image.get_rect(center=box.center))


def tab_back(event: pygame.event.Event) -> bool:
    return bool(event.mod & pygame.KMOD_SHIFT)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines = []
    for para in text.split("\n"):
        words, line = para.split(), ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class Dialog:
    def __init__(self, message: str, buttons: tuple[str, ...] = ("OK",), title: str = "",
                 on_close: Callable[[str], None] | None = None, entry: str | None = None,
                 width: int = 460) -> None:
        self.message = message
        self.buttons = buttons
        self.title = title
        self.on_close = on_close
        self.entry = entry           # a line the player types (None: no entry field)
        self.width = width
        self.focus = 0               # the default button (Enter), the one Tab is on
        self.in_field = self.has_field()     # the keyboard is on the entry (or the choices), not a button
        self.rect = Rect(0, 0, 0, 0)
        self._buttons: list[tuple[Rect, str]] = []
        self.scale = 1.0             # the chrome's, as last drawn (the fonts')
        self.line = 22               # a line of the message, in pixels at that scale
        self.body_top = 0            # where the message's first line was drawn
        #: letters a key put into the entry whose text input (TEXTINPUT) is still to come: the same
        #: letter is not typed twice, and a composed one ("ë" from a dead key, or a letter with no key
        #: of its own) replaces it or arrives by TEXTINPUT alone
        self._keyed: list[str] = []
        #: words the last key asks to be said (a letter typed echoed, a move reviewed...): the stage
        #: says them (``control_words``) when ``told`` changes; each key's handling starts without any
        self.news = ""
        self.told = 0

    def tell(self, words: str) -> None:
        """Words for the key being handled to say (the stage speaks them)."""
        self.news = words
        self.told += 1

    def px(self, n: float) -> int:
        """``n`` base pixels at the scale the dialog was last drawn at."""
        return int(round(n * self.scale))

    def has_field(self) -> bool:
        """Whether a control comes before the buttons in Tab's round."""
        return self.entry is not None

    def tab(self, back: bool = False) -> None:
        """Tab (Shift+Tab): the next (previous) control: the field, if any, then each button."""
        stops: list[int | None] = ([None] if self.has_field() else []) + list(range(len(self.buttons)))
        here = None if self.in_field and self.has_field() else self.focus
        nxt = stops[(stops.index(here if here in stops else stops[0]) + (-1 if back else 1)) % len(stops)]
        self.in_field = nxt is None
        self.focus = 0 if nxt is None else nxt
        self.tabs = getattr(self, "tabs", 0) + 1     # a Tab is answered, even round to the one button

    @property
    def button_focused(self) -> bool:
        return not (self.in_field and self.has_field())

    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        """The dialog over the dimmed screen, at the chrome's scale (the
        fonts': its width, lines, margins and buttons grow with it)."""
        self.scale = fonts.scale
        px = self.px
        body, head = fonts.ui(22), fonts.ui(26)
        self.line = px(22)
        sw, sh = screen.get_size()
        width = min(px(self.width), sw - px(40))
        lines = wrap(body, self.message, width - px(40))
        height = px(24) + (px(34) if self.title else 0) + self.line * len(lines) + \
            (px(44) if self.entry is not None else 0) + px(64)
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (sw // 2, sh // 2)
        draw_frame(screen, self.rect, px)
        y = self.rect.y + px(18)
        if self.title:
            screen.blit(head.render(self.title, True, INK), (self.rect.x + px(20), y))
            y += px(34)
        self.body_top = y
        for line in lines:
            screen.blit(body.render(line, True, INK), (self.rect.x + px(20), y))
            y += self.line
        if self.entry is not None:
            field = Rect(self.rect.x + px(20), y + px(8), width - px(40), px(30))
            pygame.draw.rect(screen, (255, 255, 255), field)
            focused = not self.button_focused
            pygame.draw.rect(screen, DEFAULT if focused else INK, field, px(3) if focused else max(1, px(1)))
            text = body.render(self.entry + "|", True, INK)
            screen.blit(text, text.get_rect(midleft=(field.x + px(6), field.centery)))
        self._buttons = []
        x = self.rect.right - px(20)
        for n, label in reversed(list(enumerate(self.buttons))):
            w = max(px(90), body.size(label)[0] + px(30))
            box = Rect(x - w, self.rect.bottom - px(48), w, px(32))
            draw_button(screen, body, box, label, n == self.focus, n == self.focus and self.button_focused, self.scale)
            self._buttons.insert(0, (box, label))
            x -= w + px(12)
        return Rect(0, 0, sw, sh)

    def handle(self, event: pygame.event.Event) -> str | None:
        """The button chosen when the dialog closes, or None while it stays."""
        self.news = ""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for box, label in self._buttons:
                if box.collidepoint(event.pos):
                    return label
        elif event.type == pygame.TEXTINPUT and self.entry is not None:
            self.take_text(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.buttons[self.focus]
            if event.key == pygame.K_ESCAPE:
                return self.buttons[-1] if len(self.buttons) > 1 else self.buttons[0]
            if event.key == pygame.K_TAB:
                self.tab(tab_back(event))
                return None
            if event.key == pygame.K_SPACE and self.button_focused:
                return self.buttons[self.focus]
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.button_focused:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.focus = (self.focus + step) % len(self.buttons)
                return None
            if self.entry is not None:
                self._keyed = []
                if event.key == pygame.K_BACKSPACE:
                    self.tell(f"deleted {char_words(self.entry[-1])}" if self.entry else "empty")
                    self.entry = self.entry[:-1]
                elif event.unicode and event.unicode.isprintable() and len(self.entry) < 40:
                    self.entry += event.unicode
                    self._keyed = [event.unicode]
                    self.tell(char_words(event.unicode))
        return None

    def take_text(self, text: str) -> None:
        """Text input (``TEXTINPUT``) for the entry: what the system typed,
        accents and all.  The letter its key already typed is not typed
        again; a letter the key typed otherwise (an "e" for the "ë" a dead
        key composed) is replaced."""
        text = "".join(ch for ch in text if ch.isprintable())
        keyed, self._keyed = self._keyed, []
        if keyed and text == keyed[0]:
            return
        if keyed and self.entry.endswith(keyed[0]):
            self.entry = self.entry[:-len(keyed[0])]
        before = self.entry
        self.entry = (self.entry + text)[:40]
        if self.entry != before:
            self.tell(char_words(self.entry[len(before):]))


def option_notes(game_name: str, option: str) -> dict:
    """What each value of a game's ``option`` scores, in words beside it in
    its dialog ("win +1, loss -4"): the packing rule (``rule``, which the
    engine's scoring reads) of a game that scores; else nothing.  The points
    are the engine's (``engine.scoring``), never written here."""
    from engine.scoring import scoring_of
    scoring = scoring_of(game_name)
    if scoring is None or option != "rule":
        return {}
    return {value: f"win {win:+d}, loss {loss:+d}" for value, (win, loss) in scoring.points.items()}


class ChoiceDialog(Dialog):
    """Pick one of several named choices (a list, one per line), then OK;
    ``notes``: words drawn at the right of a choice's line (the points a
    packing rule scores), by value."""

    def __init__(self, message: str, choices: list[tuple[str, str]], current: str, title: str = "",
                 on_close: Callable[[str], None] | None = None, notes: dict | None = None) -> None:
        super().__init__(message, ("OK", "Cancel"), title, on_close)
        self.choices = choices          # (value, label)
        self.notes = dict(notes or {})
        self.value = current
        self._rows: list[tuple[Rect, str]] = []

    def has_field(self) -> bool:
        return True

    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        body = fonts.ui(22)
        saved = self.message
        self.message = saved + "\n" * (len(self.choices) + 1)
        area = super().draw(screen, fonts)
        self.message = saved
        px = self.px
        lines = wrap(body, saved, self.rect.w - px(40))
        y = self.body_top + self.line * len(lines) + px(10)
        self._rows = []
        for value, label in self.choices:
            row = Rect(self.rect.x + px(20), y, self.rect.w - px(40), self.line)
            centre = (row.x + px(9), row.centery)
            pygame.draw.circle(screen, INK, centre, px(7), max(1, px(1)))
            if value == self.value:
                pygame.draw.circle(screen, DEFAULT, centre, px(4))
                if not self.button_focused:       # the keyboard is on the choices: the chosen one ringed
                    pygame.draw.rect(screen, INK, row.inflate(px(4), px(2)), px(2), border_radius=px(4))
            text = body.render(label, True, INK)
            screen.blit(text, text.get_rect(midleft=(row.x + px(24), row.centery)))
            if self.notes.get(value):
                note = body.render(self.notes[value], True, INK)
                screen.blit(note, note.get_rect(midright=(row.right - px(6), row.centery)))
            self._rows.append((row, value))
            y += self.line
        return area

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for row, value in self._rows:
                if row.collidepoint(event.pos):
                    self.value = value
                    self.in_field, self.focus = True, 0
                    return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            values = [v for v, _ in self.choices]
            i = values.index(self.value) if self.value in values else 0
            self.value = values[(i + (1 if event.key == pygame.K_DOWN else -1)) % len(values)]
            self.in_field, self.focus = True, 0
            return None
        return super().handle(event)


# ----------------------------------------------------------- in words, for speech
def char_words(text: str) -> str:
    """What a text field echoes of the text typed or deleted: the letter
    itself, "space" for a space."""
    return "space" if text == " " else text


def control_words(dialog) -> str:
    """What the stage says after a key: the words that key asked for
    (``Dialog.tell``: a letter echoed, ...), else the control the keyboard
    is on ("OK, button"; a dialog may say its own: ``spoken_control``)."""
    news = getattr(dialog, "news", "")
    if news:
        return news
    own = getattr(dialog, "spoken_control", None)
    if callable(own):
        return own()
    buttons = getattr(dialog, "buttons", ())
    if getattr(dialog, "in_field", False) and dialog.has_field():
        choices = getattr(dialog, "choices", None)
        if choices:
            label = next((lab for value, lab in choices if value == dialog.value), "")
            note = getattr(dialog, "notes", {}).get(dialog.value)
            label = f"{label}, {note}" if label and note else label
            return f"{label}, selected, {[v for v, _ in choices].index(dialog.value) + 1} of {len(choices)}" \
                if label else "nothing chosen"
        entry = getattr(dialog, "entry", None)
        return f"text field, {entry}" if entry else "text field, empty"
    if buttons:
        focus = getattr(dialog, "focus", 0)
        return f"{buttons[focus]}, button" if 0 <= focus < len(buttons) else ""
    return ""


def control_state(dialog) -> tuple:
    """What ``control_words`` says depends on (its change is spoken): the
    control, and the words a key asked for (``told``)."""
    return (getattr(dialog, "in_field", None), getattr(dialog, "focus", None), getattr(dialog, "value", None),
            getattr(dialog, "typing", None), getattr(dialog, "told", 0), getattr(dialog, "tabs", None))


def dialog_words(dialog) -> str:
    """A dialog as it opens: its title, its message (a window of text: its
    text; a table: each row after its headers; a dialog's own,
    ``spoken_body``), the control focused."""
    if getattr(dialog, "news", ""):
        dialog.news = ""                    # the words of a key before it opened are not its own
    body = getattr(dialog, "message", "") or ""
    if callable(getattr(dialog, "spoken_body", None)):
        body = dialog.spoken_body()
    if getattr(dialog, "text", None):
        body = " ".join(sentences(str(dialog.text)))
    rows = getattr(dialog, "rows", None)
    if rows:
        headers = list(getattr(dialog, "headers", [])) or [""] * len(rows[0])
        lines = []
        for row in rows:
            cells = [(h, str(c).strip()) for h, c in zip(headers, row) if str(c).strip()]
            words = [f"{h} {c}" if h else c for h, c in cells]
            if words and not headers[0]:            # a rank: "1: Name Ada, ..."
                words = [words[0].rstrip(".") + ": " + ", ".join(words[1:])]
            lines.append(", ".join(words))
        body = ". ".join(filter(None, [". ".join(lines), body]))
    parts = [getattr(dialog, "title", ""), body, control_words(dialog)]
    parts = [" ".join(p.split()) for p in parts if p and p.strip()]
    return " ".join(p if p[-1] in ".?!:" else p + "." for p in parts)


def sentences(text: str) -> list[str]:
    """A window's text (headings, paragraphs wrapped over lines, list
    items) as sentences to be read: each heading and item one of its own."""
    blocks: list[str] = []
    current: list[str] = []

    def close() -> None:
        if current:
            block = " ".join(current)
            blocks.append(block if block[-1] in ".?!:;" else block + ".")
            current.clear()
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            close()
        elif stripped.startswith("#"):
            close()
            current.append(stripped.lstrip("# "))
            close()
        elif stripped.startswith(("- ", "* ", "| ")):
            close()
            current.append(stripped[2:].strip(" |").replace(" | ", ", "))
        else:
            current.append(stripped.strip(" |").replace(" | ", ", "))
    close()
    return blocks
