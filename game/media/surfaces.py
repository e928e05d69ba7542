"""The original's three surfaces: the background (the table with every card
at rest), the screen, and the card sheet; plus the drawing they share.

Moving cards never touch the background: each frame restores the background
under a moving card's old rectangle and draws the card at its new one, and
only the union of the two goes to the display.
"""

from __future__ import annotations

import functools
import os

import pygame
from pygame import Rect

from engine.cards import BY_NAME

from ..layouts import Layout
from .felt import TABLES, _vignette, felt  # noqa: F401 (TABLES and the felt are read from here too)
from .suits import SIGNS
from .suits import picture as suit_picture

#: the paper and ink of every window and dialog drawn over the table
PAPER = (246, 244, 236)
INK = (26, 26, 30)
HIGHLIGHT = (255, 214, 90)
BEACON = 7                       # a hint's frame: pixels out from the card
BEACON_COLOUR = (255, 120, 20)   # ... bright orange: it stands out on every felt and card
TEXT = (240, 240, 228)


#: pygame's own font, as pygame.font sizes it: a size asks for this many
#: "points" of the old scale, which is about 0.69 of FreeType's
_SCALE = 0.6875

#: the tallest and the deepest letters a player may type in a Latin script:
#: a line is high enough for their accents and tails, so none is cut
_TALL = "ÅÉÖÂÊÎÔÛÄËÏÜÀÈÌÒÙÁÍÓÚÝÑŠŽĈ"
_DEEP = "gjpqyÇŞŢ"

#: fonts tried, in turn, for a letter pygame's own font has no glyph for
#: (other scripts: Greek, Cyrillic, CJK, Arabic, symbols, emoji), by the
#: names pygame.font.match_font knows them on Linux, Windows and macOS.
#: The fonts are the system's, none is shipped: where none has the letter,
#: pygame's own font draws its box.
FALLBACK_NAMES = (
    "dejavusans", "notosans", "liberationsans", "freesans", "arial", "segoeui", "helvetica",
    "notosanscjksc", "notosanscjkjp", "notosanscjk", "sourcehansans", "droidsansfallbackfull",
    "droidsansfallback", "wenquanyizenhei", "wenquanyimicrohei", "microsoftyahei", "msgothic",
    "yugothic", "malgungothic", "pingfangsc", "hiraginosans", "applesdgothicneo",
    "notosansarabic", "notonaskharabic", "tahoma", "arialunicodems", "notosanshebrew",
    "notosansdevanagari", "notosansthai", "notosanssymbols", "notosanssymbols2",
    "segoeuisymbol", "symbola", "notoemoji", "notocoloremoji", "segoeuiemoji", "applecoloremoji",
)


@functools.cache
def _default_font() -> str | None:
    """pygame-ce's own font file, where pygame keeps it; None (pygame
    finds it itself, through its package resources: slower) elsewhere."""
    path = os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())
    return path if os.path.isfile(path) else None


def _freetype():
    import pygame.freetype as freetype

    if not freetype.get_init():
        freetype.init()
    return freetype


@functools.cache
def fallback_files() -> tuple[str, ...]:
    """The system's font files to try, in turn, for a letter pygame's own
    font lacks: the named ones first (bold where there is a bold), then
    every other font the system has.  Looked for only when such a letter
    first comes (asking the system takes a moment)."""
    found: list[str] = []
    try:
        names = list(FALLBACK_NAMES)
        names += sorted(set(pygame.font.get_fonts()) - set(names))
        for name in names:
            path = pygame.font.match_font(name, bold=True) or pygame.font.match_font(name)
            if path and "Condensed" in os.path.basename(path):
                plain = os.path.join(os.path.dirname(path), os.path.basename(path).replace("Condensed", ""))
                path = plain if os.path.isfile(plain) else path
            if path and path not in found and os.path.isfile(path):
                found.append(path)
    except Exception:  # noqa: BLE001 - no fonts to fall back on: pygame's own draws boxes
        pass
    return tuple(found)


def _probe(path: str):
    """One small font of ``path``, only to ask which glyphs it has; None
    where FreeType cannot read it.  Not kept: each holds its file open, and
    a letter no font has asks every font on the system (the answer per
    letter is kept instead, by :func:`font_for`)."""
    try:
        return _freetype().Font(path, 12)
    except Exception:  # noqa: BLE001 - a font FreeType cannot open is no font for us
        return None


def _has(path: str | None, letter: str) -> bool:
    font = _probe(path) if path else None
    if font is None:
        return False
    try:
        return font.get_metrics(letter)[0] is not None
    except Exception:  # noqa: BLE001
        return False
    finally:
        del font            # its file is closed with it


_PRIMARY = "pygame"     # pygame's own font, in the letter -> font table


@functools.cache
def font_for(letter: str) -> str:
    """Which font draws ``letter``: pygame's own where it has the glyph (or
    where no font has it), else the first system font that has it."""
    if letter.isspace() or not letter.isprintable() or _has_primary(letter):
        return _PRIMARY
    for path in fallback_files():
        if _has(path, letter):
            return path
    return _PRIMARY


@functools.cache
def _primary_probe():
    return _freetype().Font(_default_font(), 12)


def _has_primary(letter: str) -> bool:
    try:
        return _primary_probe().get_metrics(letter)[0] is not None
    except Exception:  # noqa: BLE001
        return True


#: scripts written right to left whose letters join: drawn a run at a
#: time by SDL_ttf, which shapes them (HarfBuzz), in the script's order
_SHAPED = ((0x0590, 0x05FF, "Hebr"), (0xFB1D, 0xFB4F, "Hebr"), (0x0600, 0x06FF, "Arab"),
           (0x0750, 0x077F, "Arab"), (0x08A0, 0x08FF, "Arab"), (0xFB50, 0xFDFF, "Arab"),
           (0xFE70, 0xFEFF, "Arab"))


def script_of(letter: str) -> str | None:
    """The script of a letter to be shaped (Arabic, Hebrew), else None."""
    code = ord(letter)
    for low, high, script in _SHAPED:
        if low <= code <= high:
            return script
    return None


@functools.cache
def _shaped_font_for(letter: str) -> str:
    """The first system font with ``letter`` (pygame's own has only some of
    a joining script's letters: one font draws the whole run)."""
    for path in fallback_files():
        if _has(path, letter):
            return path
    return _PRIMARY


def runs(text: str) -> list[tuple[str, str, str | None]]:
    """``text`` cut into runs of letters drawn by one font: (font, run,
    script); the script is None but for a run to be shaped, right to left."""
    if text.isascii():
        return [(_PRIMARY, text, None)] if text else []
    out: list[tuple[str, str, str | None]] = []
    for letter in text:
        script = None if letter.isascii() else script_of(letter)
        if script:
            which = _shaped_font_for(letter)
            script = script if which != _PRIMARY else None
        else:
            which = _PRIMARY if letter.isascii() else font_for(letter)
        if out and out[-1][0] == which and out[-1][2] == script:
            out[-1] = (which, out[-1][1] + letter, script)
        elif (script and len(out) >= 2 and out[-1][1].isspace() and out[-2][0] == which
              and out[-2][2] == script):
            # words of one right-to-left script with spaces between: one run, in its order
            space = out.pop()[1]
            out[-1] = (which, out[-1][1] + space + letter, script)
        else:
            out.append((which, letter, script))
    return out


class Face:
    """pygame-ce's own font at one size, set by FreeType with even spacing;
    letters it has no glyph for are drawn by a system font that has them.

    It answers as ``pygame.font.Font`` does (``render``, ``size``,
    ``get_linesize``, ``get_height``), so dialogs and menus use it alike.
    The font's kerning table pulls some pairs apart ("Point s"), so text is
    set by the glyphs' own advances; every line is the same height with the
    baseline in the same place, so labels never jump as their text changes,
    and high enough for the accents over capitals ("ÅÉÖÂ") and the tails
    below the line ("gjÇ"): the font's own ascender is lower than its
    accented capitals.
    """

    def __init__(self, size: int) -> None:
        freetype = _freetype()
        self._points = size * _SCALE
        self._font = self._setup(freetype.Font(_default_font(), self._points))
        self._fonts: dict[str, object] = {_PRIMARY: self._font}
        tall, deep = self._font.get_rect(_TALL), self._font.get_rect(_DEEP)
        self._ascent = max(self._font.get_sized_ascender(), tall.y)
        descent = max(-self._font.get_sized_descender(), deep.height - deep.y)
        self._height = self._ascent + descent + 1

    @staticmethod
    def _setup(font):
        font.kerning = False
        font.origin = True
        font.pad = False
        return font

    def _face(self, which: str):
        """The font ``which`` (pygame's own, or a system font's file) at this size."""
        if which not in self._fonts:
            try:
                font = self._setup(_freetype().Font(which, self._points))
                # a font with no bold face (most CJK fonts) is made bold, as pygame's own is
                font.strong = "bold" not in os.path.basename(which).lower()
                self._fonts[which] = font
            except Exception:  # noqa: BLE001 - unreadable: pygame's own font draws its box
                self._fonts[which] = self._font
        return self._fonts[which]

    def _shaper(self, which: str, script: str):
        """SDL_ttf's font of ``which`` at this size, shaping ``script`` right to left."""
        key = f"{which}\0{script}"
        if key not in self._fonts:
            try:
                font = pygame.font.Font(which, max(1, round(self._points)))
                font.set_script(script)
                font.set_direction(pygame.DIRECTION_RTL)
            except Exception:  # noqa: BLE001 - no shaping here (an older SDL_ttf): letter by letter
                font = None
            self._fonts[key] = font
        return self._fonts[key]

    def _advance(self, which: str, text: str, script: str | None = None) -> float:
        if script and self._shaper(which, script) is not None:
            return self._shaper(which, script).size(text)[0]
        font = self._face(which)
        try:
            metrics = font.get_metrics(text)
        except Exception:  # noqa: BLE001 - a font that cannot size its glyphs (a bitmap-only emoji font)
            font = self._fonts[which] = self._font
            metrics = font.get_metrics(text)
        # a letter no font has: pygame's own font draws its box, as wide as the box
        return sum(m[4] if m is not None else font.get_rect(c).width for c, m in zip(text, metrics))

    def size(self, text: str) -> tuple[int, int]:
        """The width a line of ``text`` takes (its glyphs' advances) and the line height."""
        width = sum(round(self._advance(*run)) for run in runs(text)) if text else 0
        return int(width), self._height

    def render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        """``text`` on a surface one line high: transparent, or on ``background``."""
        w, h = self.size(text)
        if background is None:
            image = pygame.Surface((max(w, 1), h), pygame.SRCALPHA)
        else:
            image = pygame.Surface((max(w, 1), h))
            image.fill(background)
        if text.strip():
            x = 0
            for which, part, script in runs(text):
                shaper = self._shaper(which, script) if script else None
                if shaper is not None:
                    image.blit(shaper.render(part, bool(antialias), colour),
                               (x, self._ascent - shaper.get_ascent()))
                else:
                    font = self._face(which)
                    font.antialiased = bool(antialias)
                    try:
                        font.render_to(image, (x, self._ascent), part, colour)
                    except Exception:  # noqa: BLE001 - a glyph this font cannot draw at this size
                        self._fonts[which] = self._font
                        self._font.render_to(image, (x, self._ascent), part, colour)
                x += round(self._advance(which, part, script))
        return image

    def get_linesize(self) -> int:
        return self._height + 1

    def get_height(self) -> int:
        return self._height


#: the window size up to which the chrome (menus, status line, dialogs) is
#: drawn at its base sizes; larger windows draw it proportionally larger
UI_BASE = (1280, 800)
#: a desktop this many pixels tall is taken to be on a display of the base
#: density (about 96 per inch at 13 to 24 inches; a 27-inch 2560x1440 is 109)
BASE_DESKTOP_H = 1280
MAX_DENSITY = 2.0
SMALLEST = (800, 560)       # the smallest window (game.shell.window.MIN_WINDOW): the base scale fits it


def ui_scale(size: tuple[int, int], density: float = 1.0) -> float:
    """The chrome's scale for a window of ``size``: 1.0 up to 1280x800,
    growing with the window beyond (the smaller of its width's and its
    height's ratio, so the menu titles keep their room), never below 1.0
    (the base sizes are the smallest that read well at 800x560); on a dense
    display (``density``, :func:`display_density`) at least that, so a small
    window on a 4K screen is not drawn in tiny letters, as far as the window
    has room for it.  Rounded to
    twentieths, so a window dragged a pixel wider keeps its fonts."""
    w, h = size
    # the density counts only as far as the chrome takes no more of the
    # window than at 800x560 and the base scale (a small window on a 4K
    # screen keeps room for its table and a refusal's whole reason)
    dense = min(MAX_DENSITY, density, w / SMALLEST[0], h / SMALLEST[1])
    scale = max(1.0, min(w / UI_BASE[0], h / UI_BASE[1]), dense)
    return round(scale * 20) / 20


def display_density() -> float:
    """How much denser than the base the display is, from the desktop's
    size as SDL reports it (pygame-ce 2.5 has no call for SDL's DPI, which
    SDL itself calls unreliable): a 3840x2160 desktop is a 4K screen of 24
    to 32 inches, about 1.7 times the base density; 1.0 at 1920x1080 and
    below.  Where the system scales the desktop itself (macOS's points,
    Windows' scaling of a program that is not DPI-aware) the size reported
    is the scaled one, so the density is not counted twice."""
    try:
        sizes = pygame.display.get_desktop_sizes()
        return max(1.0, sizes[0][1] / BASE_DESKTOP_H) if sizes else 1.0
    except (pygame.error, IndexError, TypeError):
        return 1.0


class Fonts:
    """pygame-ce's own font (with the system's for other scripts) at any
    size, each loaded once; and the chrome's scale (:func:`ui_scale`), which
    the menu bar, the status line and every dialog read: ``ui(size)`` is the
    font of base ``size`` at this scale, ``px(n)`` base pixels at it.
    ``get`` is the table's (labels sized by the layout), never scaled."""

    def __init__(self) -> None:
        self._cache: dict[int, Face] = {}
        self.scale = 1.0
        self.density: float | None = None    # the display's (display_density), asked once (see fit)

    def get(self, size: int) -> Face:
        size = max(8, int(size))
        if size not in self._cache:
            self._cache[size] = Face(size)
        return self._cache[size]

    def fit(self, size: tuple[int, int]) -> bool:
        """The scale for a window of ``size`` (at start, after a resize or
        fullscreen); True if it changed."""
        if self.density is None:
            self.density = display_density()
        scale = ui_scale(size, self.density)
        changed, self.scale = scale != self.scale, scale
        return changed

    def ui(self, size: int) -> Face:
        """The chrome's font of base ``size``, at the chrome's scale."""
        return self.get(round(size * self.scale))

    def px(self, n: float) -> int:
        """``n`` base pixels of the chrome, at its scale."""
        return int(round(n * self.scale))


def placed(size: tuple[int, int], rect: Rect, align: str) -> Rect:
    """Where a drawing of ``size`` goes in ``rect``: centred on its height,
    and to the left, the right or the middle as ``align`` says."""
    box = Rect((0, 0), size)
    box.centery = rect.centery
    if align == "left":
        box.left = rect.left
    elif align == "right":
        box.right = rect.right
    else:
        box.centerx = rect.centerx
    return box


class Canvas:
    """Draws layouts onto the background and moving things onto the screen."""

    def __init__(self, screen: pygame.Surface, sheet, fonts: Fonts) -> None:
        self.screen = screen
        self.sheet = sheet
        self.fonts = fonts
        self.background = pygame.Surface(screen.get_size()).convert()
        self.table_name = "green"
        self.mono = False             # the 1-bit look: no shadows, no tints, no grey
        self.back_index = 0
        self._felt: pygame.Surface | None = None
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self._glow: dict[tuple[int, int], pygame.Surface] = {}
        self._marks: dict[tuple[str, int, int], pygame.Surface] = {}

    def resize(self, screen: pygame.Surface) -> None:
        self.screen = screen
        if self.background.get_size() != screen.get_size():
            self.background = pygame.Surface(screen.get_size()).convert()
            self._felt = None

    def set_table(self, name: str) -> None:
        if (name in TABLES or name == "mono") and name != self.table_name:
            self.table_name = name
            self._felt = None

    # ----------------------------------------------------------- images
    def card_image(self, name: str, face_up: bool, size: tuple[int, int]) -> pygame.Surface:
        if face_up and name:
            return self.sheet.face_at(int(BY_NAME[name]), *size)
        return self.sheet.back_at(self.back_index, *size)

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        if self.mono:
            return pygame.Surface((0, 0))
        if size not in self._shadow:
            w, h = size
            s = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
            for i, alpha in enumerate((18, 26, 34, 44)):
                pygame.draw.rect(s, (0, 0, 0, alpha), Rect(4 - i, 4 - i, w + 2 * i, h + 2 * i),
                                 border_radius=max(4, w // 12) + i)
            self._shadow[size] = s
        return self._shadow[size]

    def glow(self, size: tuple[int, int]) -> pygame.Surface:
        """The light over a legal destination (in black and white: a thick
        black-and-white frame, as a Mac Plus would draw it)."""
        if self.mono:
            key = (-1, *size)
            if key not in self._glow:
                s = pygame.Surface(size, pygame.SRCALPHA)
                r = s.get_rect()
                pygame.draw.rect(s, (0, 0, 0), r, width=4)
                pygame.draw.rect(s, (255, 255, 255), r.inflate(-4, -4), width=2)
                self._glow[key] = s
            return self._glow[key]
        if size not in self._glow:
            s = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(4, min(size) // 10)
            s.fill((0, 0, 0, 0))
            pygame.draw.rect(s, (*HIGHLIGHT, 70), s.get_rect(), border_radius=radius)
            pygame.draw.rect(s, (*HIGHLIGHT, 230), s.get_rect(), width=max(2, min(size) // 30),
                             border_radius=radius)
            self._glow[size] = s
        return self._glow[size]

    def beacon(self, size: tuple[int, int]) -> pygame.Surface:
        """A hint's light: a broad frame standing ``BEACON`` pixels out
        round a card of ``size`` and a wash over it, bright enough to see at
        a glance (in black and white: black, white and black bands)."""
        key = ("beacon", self.mono, *size)
        if key not in self._glow:
            w, h = size[0] + 2 * BEACON, size[1] + 2 * BEACON
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            r = s.get_rect()
            radius = max(6, min(size) // 8)
            if self.mono:
                pygame.draw.rect(s, (0, 0, 0), r, width=BEACON, border_radius=radius)
                pygame.draw.rect(s, (255, 255, 255), r.inflate(-4, -4), width=BEACON - 4, border_radius=radius)
                pygame.draw.rect(s, (0, 0, 0), r.inflate(-2 * BEACON + 2, -2 * BEACON + 2), width=2)
            else:
                pygame.draw.rect(s, (*BEACON_COLOUR, 90), r.inflate(-2 * BEACON, -2 * BEACON))
                pygame.draw.rect(s, (*BEACON_COLOUR, 255), r, width=BEACON, border_radius=radius)
                pygame.draw.rect(s, (255, 255, 255, 255), r.inflate(-2 * BEACON + 2, -2 * BEACON + 2), width=2,
                                 border_radius=max(4, radius - 4))
            self._glow[key] = s
        return self._glow[key]

    def mark(self, kind: str, size: tuple[int, int]) -> pygame.Surface:
        """Small pictures drawn here rather than taken from the sheet: a dead
        gap, the empty talon, The Smith's spacing buttons."""
        key = (kind, self.mono, *size)
        if key not in self._marks:
            w, h = size
            s = pygame.Surface(size, pygame.SRCALPHA)
            ink = (230, 230, 215, 200)
            if kind == "dead":
                s.blit(self.sheet.picture_at("outline", w, h), (0, 0))
                pad = w // 4
                ink = (0, 0, 0, 255) if self.mono else (0, 0, 0, 90)
                pygame.draw.line(s, ink, (pad, h // 2 - (w - 2 * pad) // 2),
                                 (w - pad, h // 2 + (w - 2 * pad) // 2), max(2, w // 16))
                pygame.draw.line(s, ink, (w - pad, h // 2 - (w - 2 * pad) // 2),
                                 (pad, h // 2 + (w - 2 * pad) // 2), max(2, w // 16))
            elif kind in ("space-less", "space-more"):
                cx, m = w // 2, max(2, h // 5)
                pts = [(cx - h // 2, h - m), (cx + h // 2, h - m), (cx, m)] if kind == "space-less" \
                    else [(cx - h // 2, m), (cx + h // 2, m), (cx, h - m)]
                pygame.draw.polygon(s, ink, pts)
            elif kind == "talon":
                # dashes, not the foundations' solid outline: cards are turned here, never built
                line, dash = max(2, w // 40), max(4, w // 9)
                box = Rect(line, line, w - 2 * line, h - 2 * line)
                for x in range(box.left + dash // 2, box.right - dash, 2 * dash):
                    for y in (box.top, box.bottom - line):
                        pygame.draw.rect(s, ink, (x, y, dash, line))
                for y in range(box.top + dash // 2, box.bottom - dash, 2 * dash):
                    for x in (box.left, box.right - line):
                        pygame.draw.rect(s, ink, (x, y, line, dash))
            elif kind == "space-reset":
                pygame.draw.circle(s, ink, (w // 2, h // 2), max(2, h // 4))
            self._marks[key] = s
        return self._marks[key]

    # ----------------------------------------------------------- background
    def render_felt(self) -> None:
        """The bare table over the whole background."""
        bg = self.background
        if self._felt is None or self._felt.get_size() != bg.get_size():
            if self.table_name == "mono":
                from .mono import mono_felt
                self._felt = mono_felt(bg.get_size()).convert()
            else:
                self._felt = felt(bg.get_size(), TABLES[self.table_name]).convert()
        bg.blit(self._felt, (0, 0))

    def restore_felt(self, rect: Rect) -> None:
        """The bare table under ``rect`` on the background (for a label)."""
        if self._felt is not None:
            self.background.blit(self._felt, rect, rect)

    def render(self, layout: Layout, hidden: set, parked: list, chrome, covered: bool = False) -> None:
        """Draw the whole background: felt, empty places, resting cards,
        labels, pictures, and the chrome (menu and status bars) on top."""
        bg = self.background
        self.render_felt()
        occupied = {s.place for s in layout.sprites if s.key not in hidden}
        for slot in layout.slots.values():
            if slot.outline and slot.place not in occupied:
                if slot.outline in ("dead", "talon"):
                    bg.blit(self.mark(slot.outline, slot.rect.size), slot.rect)
                else:
                    bg.blit(self.sheet.picture_at(slot.outline, *slot.rect.size), slot.rect)
        for pic in layout.pictures:
            if not pic.name:
                continue
            if pic.name.startswith("space-"):
                bg.blit(self.mark(pic.name, pic.rect.size), pic.rect)
            else:
                bg.blit(self.sheet.picture_at(pic.name, *pic.rect.size), pic.rect)
        for s in layout.sprites:
            if s.key not in hidden:
                bg.blit(self.card_image(s.card, s.face_up and not covered, s.rect.size), s.rect)
        if covered:
            self.cover(layout, occupied)
        for name, face_up, rect in parked:
            bg.blit(self.card_image(name, face_up, rect.size), rect)
        for label in layout.labels:
            self.text(bg, label.text, label.rect, label.size, label.colour, label.align, fit=True)
        if chrome is not None:
            chrome(bg)

    def cover(self, layout: Layout, occupied: set) -> None:
        """Paused: every place shows a back, the gaps too (no peeking at
        where they are), under a notice saying so."""
        bg = self.background
        for slot in layout.slots.values():
            if slot.place not in occupied and slot.outline not in (None, "talon"):
                bg.blit(self.card_image("", False, slot.rect.size), slot.rect)
        rects = [s.rect for s in layout.sprites] + [slot.rect for slot in layout.slots.values()]
        area = rects[0].unionall(rects[1:]) if rects else Rect(0, 0, *layout.size)
        big, small = max(30, layout.card[1] // 3), max(18, layout.card[1] // 6)
        lines = [("Paused", big), ("Click the clock or press Ctrl+P to go on.", small)]
        width = max(self.fonts.get(size).size(text)[0] for text, size in lines) + 48
        height = sum(self.fonts.get(size).get_linesize() for _, size in lines) + 36
        box = Rect(0, 0, width, height)
        box.center = area.center
        pygame.draw.rect(bg, (0, 0, 0), box.move(4, 4), border_radius=10)
        pygame.draw.rect(bg, (255, 255, 255) if self.mono else PAPER, box, border_radius=10)
        pygame.draw.rect(bg, (0, 0, 0) if self.mono else INK, box, 2, border_radius=10)
        y = box.y + 18
        for text, size in lines:
            face = self.fonts.get(size)
            image = face.render(text, True, (0, 0, 0) if self.mono else INK)
            bg.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += face.get_linesize()

    def lay(self, layout: Layout, sprites: list, hidden: set, parked: list) -> list[Rect] | None:
        """A card comes to rest: of ``sprites`` (its pile from it upwards,
        bottom to top), the one not ``hidden`` is drawn onto the background
        just as :meth:`render` draws it, and its rectangle is returned.
        None, drawing nothing, where that would not be what :meth:`render`
        draws: cards above it already lie there (a sequence landing top card
        first), or something drawn over cards (a parked card, a label) meets
        it."""
        shown = [s for s in sprites if s.key not in hidden]
        if not shown:
            return []
        if len(shown) > 1:
            return None          # cards above it already lie there: their edges would be blended twice
        card = shown[0]
        rect = Rect(card.rect)
        if any(r.colliderect(rect) for _, _, r in parked) or \
                any(label.rect.inflate(8, 8).colliderect(rect) for label in layout.labels):
            return None
        below = [s for s in layout.pile(card.place) if s.index < card.index and s.key not in hidden]
        slot = layout.slots.get(card.place)
        if not below and slot is not None and slot.outline:
            # its place was drawn empty (an outline): the bare table goes back
            # under it first, unless another place's things share that ground
            ground = slot.rect.union(rect)
            if any(other is not slot and other.rect.colliderect(ground) for other in layout.slots.values()) \
                    or any(p.rect.colliderect(ground) for p in layout.pictures) \
                    or any(s.place != card.place and s.rect.colliderect(ground) for s in layout.sprites):
                return None
            self.restore_felt(ground)
            rect = ground
        self.background.blit(self.card_image(card.card, card.face_up, card.rect.size), card.rect)
        return [rect]

    def text(self, target: pygame.Surface, text: str, rect: Rect, size: int,
             colour=TEXT, align: str = "center", shadow: bool = True, fit: bool = False) -> Rect:
        if text in SIGNS:               # a suit's sign alone: drawn as a shape (no font is sure to have it)
            return self.sign(target, text, rect, size, colour, align, shadow)
        font = self.fonts.get(size)
        least = max(8, round(size * 0.75))
        while fit and size > least and font.size(text)[0] > rect.w:
            size -= 1                   # (a table's label kept inside its place: a little smaller)
            font = self.fonts.get(size)
        if self.mono:
            colour, shadow = (255, 255, 255), False
            back = font.render(text, False, (0, 0, 0), (255, 255, 255))
            box = placed(back.get_size(), rect, align)
            target.blit(back, box)
            return box
        image = font.render(text, True, colour)
        box = placed(image.get_size(), rect, align)
        if shadow:
            target.blit(font.render(text, True, (0, 0, 0)), box.move(1, 1))
        target.blit(image, box)
        return box

    def sign(self, target: pygame.Surface, text: str, rect: Rect, size: int, colour, align: str,
             shadow: bool) -> Rect:
        """A suit's sign, ``size`` pixels high, placed as :meth:`text` places words."""
        side = min(size, rect.h) if rect.h > 0 else size
        if self.mono:
            colour, shadow = (255, 255, 255), False
        box = placed((side, side), rect, align)
        if shadow:
            target.blit(suit_picture(text, side, (0, 0, 0)), box.move(1, 1))
        target.blit(suit_picture(text, side, tuple(colour)), box)
        return box

    def restore(self, rect: Rect) -> None:
        """Copy the background under ``rect`` back to the screen."""
        self.screen.blit(self.background, rect, rect)
