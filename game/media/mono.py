"""Black & White: the one-bit look of a Macintosh Plus, made from the colour art.

Nothing here is drawn by hand: every picture is the colour one, turned into
pure black and white pixels by Atkinson dithering, the error diffusion Bill
Atkinson wrote for the first Macintosh.  It passes on only six eighths of each
pixel's error, so paper stays clean white, ink stays solid black, and only
the middle tones (red pips, court costumes, card backs, the gravestone)
become the fine dot patterns of the old screens.

Error diffusion is sequential by nature (a pixel needs its left neighbours'
errors, and the row above as far as one pixel to its right), but every pixel
with the same ``x + 2y`` is independent of the others, so the picture is
walked in those diagonal fronts, each one a single numpy step over a skewed
copy of the image: ``width + 2 * height`` steps of a few vector operations.
The whole 2600 x 1400 card sheet dithers in about a third of a second.

- :func:`dither`: any surface to black and white, alpha kept (or made one-bit).
- :func:`mono_felt`: the desktop pattern of the old Finder, for the table.
- :func:`mono_sheet`: a whole card sheet in one bit, optionally at a card size.
- :class:`MonoSheet`: a drop-in :class:`~game.media.sheet.CardSheet` whose
  ``face_at`` / ``back_at`` / ``picture_at`` are dithered at the size asked
  for, so the dots stay one screen pixel each (scaling a dithered picture
  would smear them into grey).

Everything is a pure function of its arguments: nothing runs at import,
nothing is cached between calls (a :class:`MonoSheet` keeps its own sizes,
like a CardSheet), and no display is needed (no ``convert()``).
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pygame

from .sheet import BACKS, CACHED_SIZES, COLUMNS, PICTURES, ROWS, CardSheet

#: grey weights (ITU-R 601 luma)
LUMA = (0.299, 0.587, 0.114)
#: pixels at least this opaque take part in the dithering (and, with ``mask``, stay)
OPAQUE = 128
#: the Atkinson neighbours, as (dx, dy): each gets 1/8 of the error
ATKINSON = ((1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (0, 2))

#: the Finder's desktop patterns, 8 x 8 (1 = black), as on a Macintosh Plus
PATTERNS = {
    "gray": [0b10101010, 0b01010101] * 4,              # 50%: the classic grey desktop
    "light": [0b10001000, 0b00000000, 0b00100010, 0b00000000] * 2,   # 12.5%: light dots
    "ltgray": [0b10001000, 0b00100010] * 4,            # 25%: QuickDraw's ltGray
    "dkgray": [0b01110111, 0b11011101] * 4,            # 75%: QuickDraw's dkGray
}


# --------------------------------------------------------------- the kernel

def atkinson(grey: np.ndarray, valid: np.ndarray | None = None) -> np.ndarray:
    """Atkinson-dither ``grey`` (2-D, 0..255, any float or int type).

    Returns a boolean array of the same shape, True where the pixel is white.
    Pixels where ``valid`` is False take no part: they neither pass on error
    nor keep what they are given (they are simply thresholded), so
    transparent areas do not bleed into the picture.

    The array is walked along fronts ``t = i + 2 j`` (``i`` the second axis,
    ``j`` the first): every neighbour Atkinson feeds lies on a later front,
    so each front is one vectorised step.
    """
    grey = np.asarray(grey, dtype=np.float32)
    if grey.ndim != 2:
        raise ValueError(f"atkinson() takes a 2-D array, not {grey.ndim}-D")
    rows, cols = grey.shape
    if rows == 0 or cols == 0:
        return np.zeros(grey.shape, dtype=bool)
    if valid is None:
        valid = np.ones(grey.shape, dtype=bool)
    fronts = cols + 2 * (rows - 1)
    # skew[t, j] holds pixel (j, t - 2j); spare fronts and rows absorb the error
    # pushed past the right and bottom edges
    skew = np.zeros((fronts + 5, rows + 2), dtype=np.float32)
    weight = np.zeros((fronts + 5, rows + 2), dtype=np.float32)
    j = np.arange(rows)[:, None]
    t = np.arange(cols)[None, :] + 2 * j
    jj = np.broadcast_to(j, grey.shape)
    skew[t, jj] = grey
    weight[t, jj] = np.where(valid, 0.125, 0.0)
    white = np.zeros((fronts, rows + 2), dtype=bool)
    for f in range(fronts):
        v = skew[f]
        w = white[f]
        np.greater_equal(v, 128.0, out=w)
        err = (v - 255.0 * w) * weight[f]
        # same row: x+1 (front f+1), x+2 (f+2); next row: x-1 (f+1), x (f+2), x+1 (f+3); two down: x (f+4)
        skew[f + 1, :rows] += err[:rows]
        skew[f + 2, :rows] += err[:rows]
        skew[f + 1, 1:rows + 1] += err[:rows]
        skew[f + 2, 1:rows + 1] += err[:rows]
        skew[f + 3, 1:rows + 1] += err[:rows]
        skew[f + 4, 2:rows + 2] += err[:rows]
    out = white[t, jj]
    if not valid.all():
        out = np.where(valid, out, grey >= 128.0)
    return out


# --------------------------------------------------------------- surfaces

def _grey(surface: pygame.Surface) -> np.ndarray:
    """The surface's grey levels, indexed [y, x], as float32."""
    rgb = pygame.surfarray.array3d(surface).astype(np.float32)
    grey = rgb[:, :, 0] * LUMA[0] + rgb[:, :, 1] * LUMA[1] + rgb[:, :, 2] * LUMA[2]
    return grey.T


def _alpha(surface: pygame.Surface) -> np.ndarray | None:
    """The per-pixel alpha, indexed [y, x], or None for an opaque surface."""
    if not surface.get_flags() & pygame.SRCALPHA:
        return None
    return pygame.surfarray.array_alpha(surface).T


def _surface(white: np.ndarray, alpha: np.ndarray | None) -> pygame.Surface:
    """A new 32-bit surface from a [y, x] white mask and alpha (None: opaque)."""
    h, w = white.shape
    if alpha is None:
        out = pygame.Surface((w, h), 0, 32)
    else:
        out = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    level = np.where(white.T, 255, 0).astype(np.uint8)
    pixels = pygame.surfarray.pixels3d(out)
    pixels[...] = level[:, :, None]
    del pixels
    if alpha is not None:
        a = pygame.surfarray.pixels_alpha(out)
        a[...] = alpha.T
        del a
    return out


def dither_grey(grey: np.ndarray, alpha: np.ndarray | None = None, mask: int | None = None) -> pygame.Surface:
    """:func:`dither` for grey levels already worked out ([y, x], 0..255)."""
    valid = None if alpha is None else alpha >= (OPAQUE if mask is None else min(mask, OPAQUE))
    white = atkinson(grey, valid)
    if alpha is not None and mask is not None:
        alpha = np.where(alpha >= mask, 255, 0).astype(np.uint8)
    return _surface(white, alpha)


def dither(surface: pygame.Surface, mask: int | None = None) -> pygame.Surface:
    """``surface`` in pure black and white, by Atkinson dithering.

    Works on any surface pygame can read (8, 24 or 32 bits, with or without
    alpha) and needs no display.  Returns a new 32-bit surface whose every
    pixel is (0, 0, 0) or (255, 255, 255).  Alpha is kept as it is:
    transparent stays transparent; only pixels at least half opaque take part
    in the error diffusion, fainter ones are thresholded on their own.  With
    ``mask`` set (1..255), alpha becomes one bit too: 255 where it was at
    least ``mask``, 0 elsewhere, like a QuickDraw mask.
    """
    if mask is not None and not 1 <= mask <= 255:
        raise ValueError(f"mask is an alpha level 1..255, not {mask!r}")
    return dither_grey(_grey(surface), _alpha(surface), mask)


def mono_felt(size: tuple[int, int], pattern: str = "gray") -> pygame.Surface:
    """The table in one bit: a Finder desktop pattern repeated over ``size``.

    ``"gray"`` (the default) is the 50% checkerboard of the original Macintosh
    desktop, which sets off white cards with their black outlines best;
    ``"ltgray"`` (25%), ``"light"`` (12.5%) and ``"dkgray"`` (75%) are the
    other classic patterns.
    """
    if pattern not in PATTERNS:
        raise ValueError(f"no desktop pattern {pattern!r}; there are {', '.join(PATTERNS)}")
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    bits = np.array([[(row >> (7 - k)) & 1 for k in range(8)] for row in PATTERNS[pattern]], dtype=bool)
    black = np.tile(bits, (h // 8 + 1, w // 8 + 1))[:h, :w]
    return _surface(~black, None)


# --------------------------------------------------------------- the card sheet

#: alpha at which a sheet's pixel counts as part of a card or picture
SHEET_MASK = 64
#: the same for the thin line pictures drawn on the felt (an empty place's outline)
LINE_MASK = 32
#: how much the sheet's edges are sharpened before dithering (an unsharp mask)
SHARPEN = 1.5
#: how much a red's excess over green and blue lightens the inside of a broad
#: red shape: card red lands near 50% grey, an even dot pattern, where plain
#: luma would make it nearly as dark as the black suits
RED_LIFT = 0.35
#: how far red must stand above green and blue to count as red ink
RED_EXCESS = 60
#: row-4 pictures that are solid figures: they get a black rim, as the cards do
FIGURES = ("gravestone", "hand0", "hand1", "hand2", "hand3")
#: row-4 pictures that are thin lines on the felt: drawn in white, solid
LINES = ("outline", "redeal", "no-redeal")


def _sheet_grey(surface: pygame.Surface) -> np.ndarray:
    """Grey levels for the cards, [y, x]: luma, with the inside of broad red
    shapes lifted toward the middle (thin red strokes stay dark and solid)."""
    rgb = pygame.surfarray.array3d(surface).astype(np.float32)
    r, g, b = rgb[:, :, 0].T, rgb[:, :, 1].T, rgb[:, :, 2].T
    grey = r * LUMA[0] + g * LUMA[1] + b * LUMA[2]
    excess = np.maximum(r - np.maximum(g, b), 0.0)
    # broad: the part of the red that a 5 x 5 square fits in (a morphological opening)
    red = excess >= RED_EXCESS
    core = _box3(_box3(red.astype(np.float32))) >= 80.5
    broad = red & (_box3(_box3(core.astype(np.float32))) > 0.5)
    return grey + RED_LIFT * excess * broad


def _box3(values: np.ndarray) -> np.ndarray:
    """3 x 3 box sum, edges padded with zeros."""
    p = np.pad(values, 1)
    rows = p[:-2] + p[1:-1] + p[2:]
    return rows[:, :-2] + rows[:, 1:-1] + rows[:, 2:]


def _sharpen(grey: np.ndarray, inside: np.ndarray, amount: float) -> np.ndarray:
    """An unsharp mask over the pixels ``inside`` only (transparent ones do not count).

    At one screen pixel's radius it turns the rim of every coloured shape
    dark and keeps its middle as it was: a red heart comes out with a solid
    black outline around its grey dots, thin strokes such as the index
    letters come out solid, and the court figures keep their lines.
    """
    weight = inside.astype(np.float32)
    mean = _box3(grey * weight) / np.maximum(_box3(weight), 1.0)
    return np.where(inside, grey + amount * (grey - mean), grey)


def _rims(opaque: np.ndarray, cell: tuple[int, int]) -> np.ndarray:
    """Opaque pixels next to a transparent one or to their cell's edge."""
    cw, ch = cell
    inner = opaque.copy()
    for axis, size in ((0, ch), (1, cw)):
        before = np.zeros_like(opaque)
        after = np.zeros_like(opaque)
        if axis == 0:
            before[1:] = opaque[:-1]
            after[:-1] = opaque[1:]
            before[::size] = False
            after[size - 1::size] = False
        else:
            before[:, 1:] = opaque[:, :-1]
            after[:, :-1] = opaque[:, 1:]
            before[:, ::size] = False
            after[:, size - 1::size] = False
        inner &= before & after
    return opaque & ~inner


def _scaled(sheet_surface: pygame.Surface, cell: tuple[int, int]) -> pygame.Surface:
    """The sheet smoothly scaled to cells of ``cell`` (the grid stays exact)."""
    cw, ch = max(1, int(cell[0])), max(1, int(cell[1]))
    target = (cw * COLUMNS, ch * ROWS)
    if target == sheet_surface.get_size():
        return sheet_surface
    source = sheet_surface
    if source.get_bitsize() != 32:
        source = pygame.Surface(sheet_surface.get_size(), pygame.SRCALPHA, 32)
        source.blit(sheet_surface, (0, 0))
    return pygame.transform.smoothscale(source, target)


def mono_sheet(sheet_surface: pygame.Surface, cell: tuple[int, int] | None = None) -> pygame.Surface:
    """The whole card sheet in one bit: white paper, black ink, colour as dot patterns.

    The grid is kept (13 x 5 cells, see ``assets/cards/README.md``), so the
    result is itself a card sheet.  With ``cell`` (width, height) the colour
    sheet is first scaled to cells of that size, so that the dots come out
    one screen pixel each when the cards are drawn at that size; without it
    the sheet keeps its own size.

    Before dithering, reds are lifted toward mid-grey and the grey levels are
    sharpened at one pixel's radius, so hearts and diamonds come out as a
    black rim around an even grey dot pattern, plainly apart from the solid
    clubs and spades, while their thin index letters stay solid.  Every card
    face and back, the gravestone and the hands get a solid black outline
    along their edge, as the Macintosh pictures had; the empty-place outline
    and the stock's redeal marks are drawn as solid white lines on the felt.
    Alpha becomes one bit (a pixel is in if at least a quarter opaque, an
    eighth for the thin lines), so the cards stay one-bit wherever drawn.
    """
    size = sheet_surface.get_size()
    if size[0] % COLUMNS or size[1] % ROWS:
        raise ValueError(f"a card sheet is {COLUMNS} x {ROWS} equal cells; {size[0]} x {size[1]} is not")
    if cell is not None:
        sheet_surface = _scaled(sheet_surface, cell)
        size = sheet_surface.get_size()
    cw, ch = size[0] // COLUMNS, size[1] // ROWS
    grey = _sheet_grey(sheet_surface)
    alpha = _alpha(sheet_surface)
    if alpha is None:
        alpha = np.full(grey.shape, 255, dtype=np.uint8)

    solid = np.zeros(grey.shape, dtype=bool)       # cells that get a black rim
    solid[: 4 * ch] = True                          # the faces
    solid[4 * ch:, : BACKS * cw] = True             # the backs
    lines = np.zeros(grey.shape, dtype=bool)        # cells of thin white lines
    for name in FIGURES:
        solid[4 * ch:, PICTURES[name] * cw:(PICTURES[name] + 1) * cw] = True
    for name in LINES:
        lines[4 * ch:, PICTURES[name] * cw:(PICTURES[name] + 1) * cw] = True

    opaque = np.where(lines, alpha >= LINE_MASK, alpha >= SHEET_MASK)
    grey = _sharpen(grey, opaque, SHARPEN)
    grey = np.where(_rims(opaque, (cw, ch)) & solid, 0.0, grey)
    grey = np.where(lines, 255.0, grey)
    white = atkinson(grey, opaque)
    return _surface(white, np.where(opaque, 255, 0).astype(np.uint8))


def invert(surface: pygame.Surface) -> pygame.Surface:
    """A copy with black and white (every colour) swapped and alpha kept: the
    Macintosh's way of showing a selected card in one bit."""
    out = surface.copy()
    pixels = pygame.surfarray.pixels3d(out)
    np.subtract(255, pixels, out=pixels)
    del pixels
    return out


class MonoSheet(CardSheet):
    """A :class:`~game.media.sheet.CardSheet` that draws everything in Black & White.

    Made from the colour sheet (``MonoSheet(colour_surface)``, or
    :meth:`from_sheet` with a CardSheet); it answers the same calls.
    ``face_at`` / ``back_at`` / ``picture_at`` dither the colour art at the
    size asked for (see :func:`mono_sheet`), the whole sheet at once the
    first time a size is used, and keep the :data:`~game.media.sheet.CACHED_SIZES`
    sizes used most recently.  ``surface`` is the sheet in one bit at its own
    size, made when first asked for; ``colour`` is the colour sheet.

    Made from a built-in :class:`~game.media.sheet.CardSheet` (``colour_sheet``),
    a size that the colour faces draw from the small companion (cards 75 x
    105 or smaller, with their larger corner index) is dithered from that
    companion too, so the index reads as well in Black & White.
    """

    def __init__(self, surface: pygame.Surface, colour_sheet: CardSheet | None = None):
        self._mono: pygame.Surface | None = None
        self._sizes: OrderedDict[tuple[int, int], dict] = OrderedDict()
        self._convert = False
        self.colour_sheet = colour_sheet
        super().__init__(surface)

    @classmethod
    def from_sheet(cls, sheet: CardSheet) -> MonoSheet:
        if isinstance(sheet, MonoSheet):
            return cls(sheet.colour, sheet.colour_sheet)
        return cls(sheet.surface, sheet)

    def colour_for(self, size: tuple[int, int]) -> pygame.Surface:
        """The colour art a picture of ``size`` is dithered from: the small
        faces where the colour sheet draws that size from them, else the
        colour sheet itself."""
        if self.colour_sheet is not None:
            source = self.colour_sheet.source_for(*size)
            if source is not self.colour_sheet:
                return source.surface
        return self.colour

    @property
    def surface(self) -> pygame.Surface:
        if self._mono is None:
            self._mono = self._ready(mono_sheet(self.colour))
        return self._mono

    @surface.setter
    def surface(self, value: pygame.Surface) -> None:
        self.colour = value
        self._mono = None
        self._sizes.clear()

    def convert(self) -> None:
        """Convert the one-bit sheets for fast blitting, now and as they are
        made; call once a display mode is set."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            self._convert = True
            if self._mono is not None:
                self._mono = self._ready(self._mono)
            self._sizes.clear()

    def clear_cache(self) -> None:
        self._sizes.clear()

    def _ready(self, surface: pygame.Surface) -> pygame.Surface:
        if self._convert and pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surface.convert_alpha()
        return surface

    def face_at(self, card: int, w: int, h: int) -> pygame.Surface:
        if not 0 <= int(card) < 52:
            raise ValueError(f"a card is 0..51, (rank - 1) * 4 + suit; not {card!r}")
        return self._mono_at(int(card) // 4, int(card) & 3, w, h)

    def back_at(self, i: int, w: int, h: int) -> pygame.Surface:
        if not 0 <= int(i) < BACKS:
            raise ValueError(f"the sheet has backs 0..{BACKS - 1}; not {i!r}")
        return self._mono_at(int(i), 4, w, h)

    def picture_at(self, name: str, w: int, h: int) -> pygame.Surface:
        if name not in PICTURES:
            raise ValueError(f"no picture {name!r} on the sheet; it has {', '.join(PICTURES)}")
        return self._mono_at(PICTURES[name], 4, w, h)

    def _mono_at(self, column: int, row: int, w: int, h: int) -> pygame.Surface:
        size = (max(1, int(w)), max(1, int(h)))
        if size == self.cell:
            return self.surface.subsurface(self.cell_rect(column, row))
        bucket = self._sizes.get(size)
        if bucket is None:
            bucket = self._sizes[size] = {"sheet": self._ready(mono_sheet(self.colour_for(size), size))}
            while len(self._sizes) > CACHED_SIZES:
                self._sizes.popitem(last=False)
        else:
            self._sizes.move_to_end(size)
        image = bucket.get((column, row))
        if image is None:
            cell = pygame.Rect(column * size[0], row * size[1], *size)
            image = bucket[(column, row)] = bucket["sheet"].subsurface(cell)
        return image
