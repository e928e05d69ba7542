"""Draw the card sheet, ``assets/cards/cards.png``, from shapes alone.

    python tools/make_cards.py [--out FILE] [--cell WxH] [--style classic|large-index|four-colour] [--small]

No image file is read: suit pips, court figures, backs and pictures are
built from circles, capsules and polygons as signed distance fields (numpy),
drawn four times too large and averaged down, so every edge is anti-aliased;
the only font is the one that comes with pygame-ce, for the indices.  The
same arguments give the same picture, byte for byte, with the same versions
of pygame-ce and numpy.

The grid (documented in ``assets/cards/README.md``): 13 columns by 5 rows of
equal cells.  Rows 0-3 are the faces, clubs, diamonds, hearts, spades, column
= rank - 1.  Row 4: five backs, the empty-place outline, a gravestone, a hand
showing 0, 1, 2 and 3 fingers, the redeal picture and the no-redeal picture.

A :class:`Style` is the palette and the proportions; ``--style`` picks one of
:data:`STYLES`, and a new variant is one more entry there.

Each style is shipped twice: at :data:`DEFAULT_CELL`, large enough for the
largest card a 3840 x 2160 screen shows (so no face is ever enlarged), and
with ``--small`` at :data:`SMALL_CELL`, for cards shown at that height or
less, with a corner index a larger share of the card (:func:`small_style`)
so that it stands 10 pixels tall on the smallest window's cards.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no display is needed, or opened
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import math  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field, replace  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402

COLUMNS, ROWS = 13, 5
DEFAULT_CELL = (300, 420)
#: the small faces' cell: the table draws them for cards this tall or less (game/media/sheet.py)
SMALL_CELL = (75, 105)
SUPERSAMPLE = 4
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "cards" / "cards.png"

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: row 4, column by column
PICTURES = ("back0", "back1", "back2", "back3", "back4", "outline", "gravestone",
            "hand0", "hand1", "hand2", "hand3", "redeal", "no-redeal")

Colour = tuple  # (r, g, b) or (r, g, b, a), 0..255


# --------------------------------------------------------------------------
# Styles: the hooks for variants of the deck

@dataclass(frozen=True)
class Style:
    """Everything a variant of the deck may change."""

    name: str = "classic"
    #: pip and index colour of clubs, diamonds, hearts, spades
    suits: tuple = ((24, 24, 30), (196, 18, 42), (196, 18, 42), (24, 24, 30))
    paper: Colour = (253, 251, 245)
    edge: Colour = (52, 52, 60)
    #: rank height as a fraction of the card's height, the pip beside it,
    #: and the index's top edge
    index_height: float = 0.1
    index_pip: float = 0.09
    index_top: float = 0.045
    #: how far the pip field stands in from the sides (fraction of width)
    pip_inset: float = 0.3
    pip_size: float = 0.175
    #: the court figures' dress: gold, blue, red, dark, skin, hair
    court: dict = field(default_factory=lambda: {
        "gold": (232, 180, 48), "gold_dark": (160, 110, 20), "blue": (36, 74, 158),
        "red": (190, 28, 44), "dark": (28, 28, 36), "skin": (250, 222, 192),
        "hair": (122, 72, 34), "white": (255, 253, 246), "green": (46, 128, 72),
    })

    def suit_colour(self, suit: int) -> Colour:
        return self.suits[suit]


STYLES: dict[str, Style] = {
    "classic": Style(),
    "large-index": Style(name="large-index", index_height=0.135, index_pip=0.115,
                         pip_inset=0.31, pip_size=0.165),
    "four-colour": Style(name="four-colour",
                         suits=((20, 120, 56), (22, 78, 196), (196, 18, 42), (24, 24, 30))),
}


def small_style(style: Style) -> Style:
    """``style`` for small cards: its corner index 0.175 of the card's height
    (10 pixels on a card 57 pixels tall), still within the top fifth of
    the card (the strip a squeezed column shows), and its pips a little
    smaller to leave the room."""
    return replace(style, name=f"{style.name}-small", index_height=max(style.index_height, 0.175),
                   index_top=0.022, index_pip=max(style.index_pip, 0.13), pip_size=min(style.pip_size, 0.16))


# --------------------------------------------------------------------------
# Shapes as signed distance fields: negative inside, in pixels of the cell

class Shape:
    bbox: tuple[float, float, float, float]

    def sdf(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def __or__(self, other: Shape) -> Shape:
        return Union(self, other)

    def __and__(self, other: Shape) -> Shape:
        return Intersect(self, other)

    def __sub__(self, other: Shape) -> Shape:
        return Subtract(self, other)

    def grow(self, d: float) -> Shape:
        return Offset(self, d)

    def place(self, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0,
              angle: float = 0.0, mirror: bool = False) -> Shape:
        return Placed(self, scale, dx, dy, angle, mirror)


class Circle(Shape):
    def __init__(self, cx: float, cy: float, r: float):
        self.c, self.r = (cx, cy), r
        self.bbox = (cx - r, cy - r, cx + r, cy + r)

    def sdf(self, x, y):
        return np.hypot(x - self.c[0], y - self.c[1]) - self.r


class Ellipse(Shape):
    def __init__(self, cx: float, cy: float, rx: float, ry: float):
        self.c, self.rx, self.ry = (cx, cy), rx, ry
        self.bbox = (cx - rx, cy - ry, cx + rx, cy + ry)

    def sdf(self, x, y):
        u, v = (x - self.c[0]) / self.rx, (y - self.c[1]) / self.ry
        k0 = np.hypot(u, v)
        k1 = np.hypot(u / self.rx, v / self.ry)
        return k0 * (k0 - 1.0) / np.maximum(k1, 1e-9)


class Capsule(Shape):
    """A segment from a to b with round ends, radius r (or ra at a, rb at b)."""

    def __init__(self, a: Sequence[float], b: Sequence[float], r: float, rb: float | None = None):
        self.a, self.b, self.ra = a, b, r
        self.rb = r if rb is None else rb
        m = max(self.ra, self.rb)
        self.bbox = (min(a[0], b[0]) - m, min(a[1], b[1]) - m, max(a[0], b[0]) + m, max(a[1], b[1]) + m)

    def sdf(self, x, y):
        (ax, ay), (bx, by) = self.a, self.b
        ex, ey = bx - ax, by - ay
        wx, wy = x - ax, y - ay
        t = np.clip((wx * ex + wy * ey) / max(ex * ex + ey * ey, 1e-12), 0.0, 1.0)
        return np.hypot(wx - ex * t, wy - ey * t) - (self.ra + (self.rb - self.ra) * t)


class Box(Shape):
    """A rectangle with rounded corners, from (x0, y0) to (x1, y1)."""

    def __init__(self, x0: float, y0: float, x1: float, y1: float, r: float = 0.0):
        self.c = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.h = ((x1 - x0) / 2, (y1 - y0) / 2)
        self.r = min(r, self.h[0], self.h[1])
        self.bbox = (x0, y0, x1, y1)

    def sdf(self, x, y):
        qx = np.abs(x - self.c[0]) - self.h[0] + self.r
        qy = np.abs(y - self.c[1]) - self.h[1] + self.r
        outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
        return outside + np.minimum(np.maximum(qx, qy), 0) - self.r


class Polygon(Shape):
    def __init__(self, points: Sequence[Sequence[float]]):
        self.p = np.asarray(points, dtype=np.float64)
        self.bbox = (*self.p.min(axis=0), *self.p.max(axis=0))

    def sdf(self, x, y):
        p = self.p
        d = (x - p[0, 0]) ** 2 + (y - p[0, 1]) ** 2
        inside = np.zeros(np.broadcast(x, y).shape, dtype=bool)
        for i in range(len(p)):
            (ax, ay), (bx, by) = p[i - 1], p[i]
            ex, ey = bx - ax, by - ay
            wx, wy = x - ax, y - ay
            t = np.clip((wx * ex + wy * ey) / max(ex * ex + ey * ey, 1e-12), 0.0, 1.0)
            d = np.minimum(d, (wx - ex * t) ** 2 + (wy - ey * t) ** 2)
            c1, c2, c3 = y >= ay, y < by, ex * wy > ey * wx
            inside ^= (c1 & c2 & c3) | (~c1 & ~c2 & ~c3)
        return np.where(inside, -1.0, 1.0) * np.sqrt(d)


class Union(Shape):
    def __init__(self, *shapes: Shape):
        self.shapes = shapes
        boxes = np.array([s.bbox for s in shapes])
        self.bbox = (*boxes[:, :2].min(axis=0), *boxes[:, 2:].max(axis=0))

    def sdf(self, x, y):
        return np.minimum.reduce([s.sdf(x, y) for s in self.shapes])


class Intersect(Shape):
    def __init__(self, a: Shape, b: Shape):
        self.a, self.b = a, b
        self.bbox = (max(a.bbox[0], b.bbox[0]), max(a.bbox[1], b.bbox[1]),
                     min(a.bbox[2], b.bbox[2]), min(a.bbox[3], b.bbox[3]))

    def sdf(self, x, y):
        return np.maximum(self.a.sdf(x, y), self.b.sdf(x, y))


class Subtract(Shape):
    def __init__(self, a: Shape, b: Shape):
        self.a, self.b, self.bbox = a, b, a.bbox

    def sdf(self, x, y):
        return np.maximum(self.a.sdf(x, y), -self.b.sdf(x, y))


class Offset(Shape):
    def __init__(self, shape: Shape, d: float):
        self.shape, self.d = shape, d
        x0, y0, x1, y1 = shape.bbox
        self.bbox = (x0 - d, y0 - d, x1 + d, y1 + d)

    def sdf(self, x, y):
        return self.shape.sdf(x, y) - self.d


class Ring(Shape):
    """The band of width ``width`` centred on a shape's outline."""

    def __init__(self, shape: Shape, width: float):
        self.shape, self.w = shape, width / 2
        x0, y0, x1, y1 = shape.bbox
        self.bbox = (x0 - self.w, y0 - self.w, x1 + self.w, y1 + self.w)

    def sdf(self, x, y):
        return np.abs(self.shape.sdf(x, y)) - self.w


class Placed(Shape):
    """A shape scaled, optionally mirrored left-right, turned by ``angle`` degrees, then moved."""

    def __init__(self, shape: Shape, scale: float, dx: float, dy: float, angle: float, mirror: bool):
        self.shape, self.s, self.d, self.mirror = shape, scale, (dx, dy), mirror
        self.cos, self.sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        x0, y0, x1, y1 = shape.bbox
        corners = [self._forward(px, py) for px in (x0, x1) for py in (y0, y1)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))

    def _forward(self, x: float, y: float) -> tuple[float, float]:
        x, y = x * self.s, y * self.s
        if self.mirror:
            x = -x
        return x * self.cos - y * self.sin + self.d[0], x * self.sin + y * self.cos + self.d[1]

    def sdf(self, x, y):
        x, y = x - self.d[0], y - self.d[1]
        x, y = x * self.cos + y * self.sin, -x * self.sin + y * self.cos
        if self.mirror:
            x = -x
        return self.shape.sdf(x / self.s, y / self.s) * self.s


def bezier(p0, p1, p2, steps: int = 16) -> list[tuple[float, float]]:
    """Points along a quadratic curve, p0 included, p2 excluded."""
    out = []
    for i in range(steps):
        t = i / steps
        out.append(((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                    (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]))
    return out


# --------------------------------------------------------------------------
# The canvas: premultiplied colour, drawn supersampled, averaged down at the end

def rgba(colour: Colour, alpha: float = 1.0) -> tuple[np.ndarray, float]:
    a = (colour[3] / 255.0 if len(colour) > 3 else 1.0) * alpha
    return np.asarray(colour[:3], dtype=np.float32) / 255.0, a


def mix(c1: Colour, c2: Colour, t: float) -> Colour:
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(c1[:3], c2[:3]))


class Canvas:
    """One cell, ``ss`` times larger than it will be; coordinates are in pixels of the cell."""

    def __init__(self, w: int, h: int, ss: int = SUPERSAMPLE):
        self.w, self.h, self.ss = w, h, ss
        self.rgb = np.zeros((h * ss, w * ss, 3), np.float32)
        self.a = np.zeros((h * ss, w * ss), np.float32)

    def grid(self, bbox: Sequence[float]) -> tuple[tuple[slice, slice], np.ndarray, np.ndarray] | None:
        """The slice of the canvas under ``bbox`` and its pixel centres, or None if off the canvas."""
        ss = self.ss
        ix0 = max(0, int(math.floor(bbox[0] * ss)) - 2)
        iy0 = max(0, int(math.floor(bbox[1] * ss)) - 2)
        ix1 = min(self.w * ss, int(math.ceil(bbox[2] * ss)) + 2)
        iy1 = min(self.h * ss, int(math.ceil(bbox[3] * ss)) + 2)
        if ix1 <= ix0 or iy1 <= iy0:
            return None
        xs = (np.arange(ix0, ix1, dtype=np.float64) + 0.5) / ss
        ys = (np.arange(iy0, iy1, dtype=np.float64) + 0.5) / ss
        x, y = np.meshgrid(xs, ys)
        return (slice(iy0, iy1), slice(ix0, ix1)), x, y

    def coverage(self, shape: Shape) -> tuple[tuple[slice, slice], np.ndarray] | None:
        g = self.grid(shape.bbox)
        if g is None:
            return None
        sl, x, y = g
        return sl, np.clip(0.5 - shape.sdf(x, y) * self.ss, 0.0, 1.0).astype(np.float32)

    def composite(self, sl, cov: np.ndarray, rgb, alpha) -> None:
        """Paint colour ``rgb`` (a colour or an array) with opacity ``alpha * cov`` over ``sl``."""
        k = np.asarray(cov * alpha, dtype=np.float32)
        self.rgb[sl] = self.rgb[sl] * (1 - k)[..., None] + np.asarray(rgb, np.float32) * k[..., None]
        self.a[sl] = self.a[sl] * (1 - k) + k

    def fill(self, shape: Shape, colour: Colour, alpha: float = 1.0) -> None:
        got = self.coverage(shape)
        if got is not None:
            rgb, a = rgba(colour, alpha)
            self.composite(got[0], got[1], rgb, a)

    def stroke(self, shape: Shape, width: float, colour: Colour, alpha: float = 1.0) -> None:
        self.fill(Ring(shape, width), colour, alpha)

    def paint(self, shape: Shape, colour_at: Callable[[np.ndarray, np.ndarray], np.ndarray],
              alpha: float = 1.0) -> None:
        """Fill ``shape`` with a colour computed per pixel: ``colour_at(x, y)`` gives rgb in 0..1."""
        g = self.grid(shape.bbox)
        if g is None:
            return
        sl, x, y = g
        cov = np.clip(0.5 - shape.sdf(x, y) * self.ss, 0.0, 1.0).astype(np.float32)
        self.composite(sl, cov, colour_at(x, y), alpha)

    def stamp(self, mask: np.ndarray, cx: float, cy: float, colour: Colour, alpha: float = 1.0) -> None:
        """Paint a supersampled coverage mask centred on (cx, cy)."""
        mh, mw = mask.shape
        ix0 = int(round(cx * self.ss - mw / 2))
        iy0 = int(round(cy * self.ss - mh / 2))
        x0, y0 = max(ix0, 0), max(iy0, 0)
        x1, y1 = min(ix0 + mw, self.w * self.ss), min(iy0 + mh, self.h * self.ss)
        if x1 <= x0 or y1 <= y0:
            return
        rgb, a = rgba(colour, alpha)
        self.composite((slice(y0, y1), slice(x0, x1)), mask[y0 - iy0:y1 - iy0, x0 - ix0:x1 - ix0], rgb, a)

    def rotated_copy(self, box: tuple[float, float, float, float]) -> None:
        """Copy the upper half of ``box`` over its lower half, turned half a circle."""
        ss = self.ss
        x0, y0, x1, y1 = (int(round(v * ss)) for v in box)
        mid = (y0 + y1) // 2
        n = mid - y0
        bottom = (slice(y1 - n, y1), slice(x0, x1))
        self.rgb[bottom] = self.rgb[y0:y0 + n, x0:x1][::-1, ::-1]
        self.a[bottom] = self.a[y0:y0 + n, x0:x1][::-1, ::-1]

    def result(self) -> tuple[np.ndarray, np.ndarray]:
        """The cell at its own size: rgb (h, w, 3) and alpha (h, w), uint8, with colour bled
        into the transparent pixels so that scaling never darkens an edge."""
        ss, h, w = self.ss, self.h, self.w
        a = self.a.reshape(h, ss, w, ss).mean(axis=(1, 3))
        rgb = self.rgb.reshape(h, ss, w, ss, 3).mean(axis=(1, 3))
        with np.errstate(invalid="ignore", divide="ignore"):
            rgb = np.where(a[..., None] > 1e-6, rgb / a[..., None], 0.0)
        rgb8 = np.clip(np.round(rgb * 255), 0, 255).astype(np.uint8)
        a8 = np.clip(np.round(a * 255), 0, 255).astype(np.uint8)
        return bleed(rgb8, a8), a8


def bleed(rgb: np.ndarray, alpha: np.ndarray, steps: int = 6) -> np.ndarray:
    """Give fully transparent pixels the colour of their visible neighbours."""
    rgb = rgb.astype(np.float32)
    known = alpha > 0
    if known.all() or not known.any():
        return rgb.astype(np.uint8)
    for _ in range(steps):
        total = np.zeros_like(rgb)
        count = np.zeros(known.shape, np.float32)
        padded_rgb = np.pad(rgb * known[..., None], ((1, 1), (1, 1), (0, 0)))
        padded_k = np.pad(known.astype(np.float32), 1)
        h, w = known.shape
        for dy in (0, 1, 2):
            for dx in (0, 1, 2):
                if dy == 1 and dx == 1:
                    continue
                total += padded_rgb[dy:dy + h, dx:dx + w]
                count += padded_k[dy:dy + h, dx:dx + w]
        grow = ~known & (count > 0)
        rgb[grow] = total[grow] / count[grow][:, None]
        known = known | grow
    return np.clip(np.round(rgb), 0, 255).astype(np.uint8)


# --------------------------------------------------------------------------
# Text, with the font that comes with pygame-ce

_FONT: pygame.font.Font | None = None


def glyph_mask(text: str, height: float, ss: int, squeeze: float = 1.0) -> np.ndarray:
    """The ink of ``text`` scaled so that it stands ``height`` cell pixels tall, as coverage."""
    global _FONT
    if _FONT is None:
        pygame.font.init()
        _FONT = pygame.font.Font(None, 400)
    surf = _FONT.render(text, True, (255, 255, 255))
    ink = surf.subsurface(surf.get_bounding_rect())
    th = max(1, int(round(height * ss)))
    tw = max(1, int(round(ink.get_width() * th / ink.get_height() * squeeze)))
    small = pygame.transform.smoothscale(ink, (tw, th))
    return pygame.surfarray.array_alpha(small).T.astype(np.float32) / 255.0


# --------------------------------------------------------------------------
# The suits, in a unit box: about -1..1 each way, y down, point of a heart at the bottom

def _tangent(p, c, r, left: bool) -> tuple[float, float]:
    """Where a line from point p touches circle (c, r), on the left or right side."""
    dx, dy = c[0] - p[0], c[1] - p[1]
    dist = math.hypot(dx, dy)
    half = math.asin(r / dist)
    reach = math.sqrt(dist * dist - r * r)
    options = []
    for sign in (1, -1):
        ang = math.atan2(dy, dx) + sign * half
        options.append((p[0] + reach * math.cos(ang), p[1] + reach * math.sin(ang)))
    return min(options) if left else max(options)


def _heart(top: float, bottom: float, cx: float, r: float) -> Shape:
    """Two lobes (centres at +-cx, height top) and a point at ``bottom``."""
    point = (0.0, bottom)
    lc, rc = (-cx, top), (cx, top)
    tl, tr = _tangent(point, lc, r, True), _tangent(point, rc, r, False)
    body = Polygon([tl, point, tr, rc, (0.0, top - 0.05), lc])
    return Union(Circle(*lc, r), Circle(*rc, r), body)


def _stem(top: float, bottom: float, foot: float) -> Shape:
    """A flared stem: narrow where it leaves the pip, wide and curved at its foot."""
    pts = [(0.0, top)]
    pts += bezier((0.05, top), (0.07, bottom - 0.12), (foot, bottom), 12)
    pts += [(foot, bottom), (-foot, bottom)]
    pts += bezier((-foot, bottom), (-0.07, bottom - 0.12), (-0.05, top), 12)
    return Polygon(pts)


def suit_shape(suit: int) -> Shape:
    if suit == HEARTS:
        return _heart(-0.42, 0.98, 0.47, 0.53)
    if suit == DIAMONDS:
        pts = []
        corners = [(0.0, -1.0), (0.8, 0.0), (0.0, 1.0), (-0.8, 0.0)]
        for i in range(4):
            a, b = corners[i], corners[(i + 1) % 4]
            mid = ((a[0] + b[0]) / 2 * 0.86, (a[1] + b[1]) / 2 * 0.86)
            pts += bezier(a, mid, b, 16)
        return Polygon(pts)
    if suit == SPADES:
        body = Placed(_heart(-0.42, 0.98, 0.47, 0.53), 0.93, 0.0, -0.1, 180.0, False)
        return Union(body, _stem(0.2, 1.0, 0.34))
    # clubs
    r = 0.39
    leaves = Union(Circle(0.0, -0.56, r), Circle(-0.5, 0.1, r), Circle(0.5, 0.1, r),
                   Polygon([(0.0, -0.5), (-0.45, 0.15), (0.45, 0.15)]), Circle(0.0, 0.0, 0.2))
    return Union(leaves, _stem(0.05, 1.0, 0.34))


SUIT_SHAPES = {s: suit_shape(s) for s in range(4)}


class PipCache:
    """Coverage masks of pips, one per suit, size and way up: every pip of a card is the same."""

    def __init__(self, ss: int):
        self.ss = ss
        self.masks: dict[tuple[int, int, bool], np.ndarray] = {}

    def mask(self, suit: int, half_width: float, upside_down: bool) -> np.ndarray:
        key = (suit, int(round(half_width * self.ss)), upside_down)
        if key not in self.masks:
            s = key[1] / self.ss
            n = int(math.ceil(s * 1.1 * self.ss)) * 2 + 4
            shape = SUIT_SHAPES[suit].place(s, 0.0, 0.0, 180.0 if upside_down else 0.0)
            xs = (np.arange(n) - n / 2 + 0.5) / self.ss
            x, y = np.meshgrid(xs, xs)
            self.masks[key] = np.clip(0.5 - shape.sdf(x, y) * self.ss, 0, 1).astype(np.float32)
        return self.masks[key]


# --------------------------------------------------------------------------
# Faces

#: pip places for 2..10: (column -1/0/1, row 0..1 from top to bottom of the pip field)
PIP_LAYOUTS = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)],
    10: [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
         (-1, 1), (1, 1)],
}


class Painter:
    """Draws every cell of one sheet: one style, one cell size."""

    def __init__(self, w: int, h: int, style: Style, ss: int = SUPERSAMPLE):
        self.w, self.h, self.style, self.ss = w, h, style, ss
        self.pips = PipCache(ss)
        self.radius = 0.065 * w
        self.line = max(1.0, 0.0075 * w)
        self._blank: Canvas | None = None

    def canvas(self) -> Canvas:
        return Canvas(self.w, self.h, self.ss)

    # the blank card -------------------------------------------------------

    def card_shape(self, inset: float = 0.0) -> Shape:
        i = 0.5 + inset
        return Box(i, i, self.w - i, self.h - i, max(0.5, self.radius - inset))

    def blank(self, c: Canvas) -> None:
        """Paint the bare card, paper and edge, over the whole of ``c``: it is drawn once and copied."""
        if self._blank is None:
            b = self.canvas()
            b.fill(self.card_shape(), self.style.edge)
            b.fill(self.card_shape(self.line), self.style.paper)
            self._blank = b
        c.rgb[...] = self._blank.rgb
        c.a[...] = self._blank.a

    # the corner index -----------------------------------------------------

    def index_box(self) -> tuple[float, float, float]:
        """The corner index's rank height, its top and its bottom, in cell pixels."""
        th = self.style.index_height * self.h
        top = self.style.index_top * self.h
        return th, top, top + th

    def index(self, c: Canvas, rank: int, suit: int) -> None:
        """Rank and suit side by side in the corner, so that a card covered to
        just below its index still shows both (a squeezed column)."""
        st, w, h = self.style, self.w, self.h
        colour = st.suit_colour(suit)
        th, top, _ = self.index_box()
        squeeze = 0.8 if rank == 10 else 1.0
        glyph = glyph_mask(RANK_LABELS[rank - 1], th, self.ss, squeeze)
        gw = glyph.shape[1] / self.ss
        left = 0.055 * w
        gx, gy = left + gw / 2, top + th / 2
        half = st.index_pip * h / 2
        px = left + gw + 0.03 * w + half
        pip = self.pips.mask(suit, half * 0.9, False)
        for mask, x, y in ((glyph, gx, gy), (pip, px, gy)):
            c.stamp(mask, x, y, colour)
            c.stamp(mask[::-1, ::-1], w - x, h - y, colour)

    # pips ---------------------------------------------------------------------

    def pip(self, c: Canvas, suit: int, x: float, y: float, half: float, upside_down: bool,
            colour: Colour | None = None) -> None:
        c.stamp(self.pips.mask(suit, half, upside_down), x, y, colour or self.style.suit_colour(suit))

    def pip_card(self, c: Canvas, rank: int, suit: int) -> None:
        st, w, h = self.style, self.w, self.h
        half = st.pip_size * w / 2
        x_of = {-1: st.pip_inset * w, 0: w / 2, 1: w - st.pip_inset * w}
        # the field keeps clear of the corner indices, rank and suit side by side
        top = max(0.2 * h, self.index_box()[2] + 0.03 * h + half)
        bottom = h - top
        for col, row in PIP_LAYOUTS[rank]:
            y = top + (bottom - top) * row
            self.pip(c, suit, x_of[col], y, half, row > 0.5)

    def ace(self, c: Canvas, suit: int) -> None:
        st, w, h = self.style, self.w, self.h
        colour = st.suit_colour(suit)
        cx, cy = w / 2, h / 2
        big = 0.25 * w if suit != SPADES else 0.3 * w
        # a ring of fine beads around the pip, the ornament of a classic ace
        ring_r = big * 1.42
        c.stroke(Circle(cx, cy, ring_r), max(0.6, 0.005 * w), colour, 0.7)
        c.stroke(Circle(cx, cy, ring_r + 0.022 * w), max(0.6, 0.005 * w), colour, 0.7)
        for k in range(24):
            a = 2 * math.pi * k / 24
            rr = 0.0085 * w if k % 2 == 0 else 0.005 * w
            c.fill(Circle(cx + (ring_r + 0.011 * w) * math.cos(a), cy + (ring_r + 0.011 * w) * math.sin(a), rr),
                   colour, 0.6)
        shape = SUIT_SHAPES[suit].place(big, cx, cy)
        c.fill(shape, colour)
        # a fine line following the pip at a little distance, as an engraver would
        c.stroke(shape.grow(0.028 * w), max(0.6, 0.006 * w), colour)
        if suit == SPADES:
            c.fill(SUIT_SHAPES[SPADES].place(big * 0.28, cx, cy - 0.02 * w), st.paper, 0.95)

    # courts ---------------------------------------------------------------------

    def panel_box(self) -> tuple[float, float, float, float]:
        """The court's framed panel: below the corner index, in the proportions
        of the classic panel (0.61 of the card's width by 0.79 of its height)."""
        w, h = self.w, self.h
        _, _, bottom = self.index_box()
        y0 = max(0.105 * h, bottom + 0.02 * h)
        ph = h - 2 * y0
        pw = min(0.61 * w, ph * (0.61 * w) / (0.79 * h))
        x0 = round((w - pw) / 2 * self.ss) / self.ss
        y0 = round(y0 * self.ss) / self.ss
        return (x0, y0, w - x0, h - y0)

    def court(self, c: Canvas, rank: int, suit: int) -> None:
        st = self.style
        pal = st.court
        x0, y0, x1, y1 = self.panel_box()
        pw, ph = x1 - x0, y1 - y0
        suit_col = st.suit_colour(suit)
        frame = Box(x0, y0, x1, y1, 0.02 * self.w)
        # the panel's ground: warm paper with a faint tint of the suit
        c.fill(frame, mix(st.paper, pal["gold"], 0.07))
        # the upper half is drawn, the lower half is the same turned round
        half = Box(x0, y0, x1, (y0 + y1) / 2)
        draw = CourtDrawing(c, half, (x0, y0, pw, ph / 2), suit, suit_col, pal, self)
        {11: draw.jack, 12: draw.queen, 13: draw.king}[rank]()
        c.rotated_copy((x0, y0, x1, y1))
        # the frame: a suit-coloured line, a gold one inside it, and the fold between halves
        c.stroke(frame, max(1.0, 0.011 * self.w), suit_col)
        my = (y0 + y1) / 2
        c.fill(Box(x0, my - 0.003 * self.w, x1, my + 0.003 * self.w), suit_col)

    def face(self, rank: int, suit: int) -> Canvas:
        c = self.canvas()
        self.blank(c)
        if rank == 1:
            self.ace(c, suit)
        elif rank <= 10:
            self.pip_card(c, rank, suit)
        else:
            self.court(c, rank, suit)
        self.index(c, rank, suit)
        return c


class CourtDrawing:
    """The upper half of a court card's panel: a bust with its crown, coronet or cap.

    Coordinates are fractions of the panel: ``u`` across it, ``v`` down its upper half
    (0 at the frame, 1 at the fold); sizes are fractions of the panel's width.
    """

    def __init__(self, c: Canvas, clip: Shape, frame: tuple[float, float, float, float], suit: int,
                 suit_col: Colour, pal: dict, painter: Painter):
        self.c, self.clip, self.suit, self.suit_col, self.pal, self.p = c, clip, suit, suit_col, pal, painter
        self.x0, self.y0, self.pw, self.ph = frame
        self.ink = (26, 24, 30)
        self.lw = max(0.6, 0.0065 * painter.w)
        # each suit dresses its courts in its own colours: gown, front panel, trim
        schemes = {
            CLUBS: ("blue", "red", "gold"),
            DIAMONDS: ("gold", "red", "blue"),
            HEARTS: ("red", "blue", "gold"),
            SPADES: ("dark", "gold", "red"),
        }
        self.main, self.second, self.third = (pal[k] for k in schemes[suit])
        # and its own colour of hair: brown, auburn, fair, raven
        self.hair = {CLUBS: pal["hair"], DIAMONDS: (156, 64, 30), HEARTS: (188, 132, 48),
                     SPADES: (58, 44, 40)}[suit]
        self.steel = (206, 214, 224)
        self.zoom = (0.5, 0.0, 1.0)

    @contextmanager
    def zoomed(self, k: float, u: float = 0.5, v: float = 0.03):
        """Draw larger by ``k``, about (u, v): the heads, which the classic courts draw big."""
        self.zoom = (u, v, k)
        try:
            yield
        finally:
            self.zoom = (0.5, 0.0, 1.0)

    def X(self, u: float) -> float:
        zu, _, k = self.zoom
        return self.x0 + (zu + (u - zu) * k) * self.pw

    def Y(self, v: float) -> float:
        _, zv, k = self.zoom
        return self.y0 + (zv + (v - zv) * k) * self.ph

    def S(self, d: float) -> float:
        return d * self.zoom[2] * self.pw

    def at(self, u: float, v: float) -> tuple[float, float]:
        return (self.X(u), self.Y(v))

    def put(self, shape: Shape, colour: Colour, outline: bool = True, alpha: float = 1.0) -> None:
        if outline:
            self.c.fill(Intersect(shape.grow(self.lw / 2), self.clip), self.ink, alpha)
            self.c.fill(Intersect(shape.grow(-self.lw / 2), self.clip), colour, alpha)
        else:
            self.c.fill(Intersect(shape, self.clip), colour, alpha)

    def seg(self, a, b, colour: Colour | None = None, width: float | None = None, alpha: float = 1.0) -> None:
        w = width or self.lw
        self.c.fill(Intersect(Capsule(self.at(*a), self.at(*b), w / 2), self.clip), colour or self.ink, alpha)

    def poly(self, pts) -> Polygon:
        return Polygon([self.at(u, v) for u, v in pts])

    def curve(self, *pts, steps: int = 10) -> list[tuple[float, float]]:
        """A chain of quadratic curves through (point, control, point, control, ..., point)."""
        out: list[tuple[float, float]] = []
        for i in range(0, len(pts) - 2, 2):
            out += bezier(pts[i], pts[i + 1], pts[i + 2], steps)
        out.append(pts[-1])
        return out

    def pip(self, u: float, v: float, size: float) -> None:
        self.p.pip(self.c, self.suit, self.X(u), self.Y(v), self.S(size), False, self.suit_col)

    # the parts every court shares -----------------------------------------

    NECK = 0.66

    def gown(self, collar: bool = True) -> Shape:
        """A bodice and two puffed sleeves that fill the frame at the fold; returns the bodice."""
        n = self.NECK
        sleeve_col = self.main
        for side in (-1, 1):
            cu = 0.5 + side * 0.33
            sleeve = Union(Ellipse(*self.at(cu, n + 0.14), self.S(0.17), self.S(0.13)),
                           Box(*self.at(cu - 0.17, n + 0.14), *self.at(cu + 0.17, 1.05)))
            self.put(sleeve, sleeve_col)
            # slashes in the sleeve show the lining
            for k in (-1, 0, 1):
                slash = Ellipse(*self.at(cu + k * 0.075, n + 0.2), self.S(0.018), self.S(0.07))
                self.put(Intersect(slash, sleeve), self.second)
        body = self.poly([(0.24, 1.05), (0.24, n + 0.1)] + self.curve((0.24, n + 0.1), (0.26, n), (0.38, n), steps=6)
                         + [(0.62, n)] + self.curve((0.62, n), (0.74, n), (0.76, n + 0.1), steps=6)
                         + [(0.76, 1.05)])
        self.put(body, self.main)
        # a front panel down the middle, studded with the trim colour
        front = self.poly([(0.4, n), (0.6, n), (0.64, 1.05), (0.36, 1.05)])
        self.put(front, self.second)
        for k in range(3):
            v = n + 0.09 + k * 0.1
            self.put(self.poly([(0.5, v - 0.035), (0.53, v), (0.5, v + 0.035), (0.47, v)]), self.third)
        return body

    def neck_and_face(self, cx: float = 0.5, cy: float = 0.37, rx: float = 0.12, ry: float = 0.165) -> None:
        self.put(Box(*self.at(cx - 0.05, cy), *self.at(cx + 0.05, 0.58)), self.pal["skin"])
        self.put(Ellipse(*self.at(cx, cy), self.S(rx), self.S(ry)), self.pal["skin"])

    def features(self, cx: float, cy: float, young: bool = False, lady: bool = False) -> None:
        pal = self.pal
        eye_y = cy - 0.005
        for du in (-0.045, 0.045):
            self.c.fill(Intersect(Ellipse(*self.at(cx + du, eye_y), self.S(0.017), self.S(0.01)), self.clip),
                        pal["white"])
            self.c.fill(Circle(*self.at(cx + du, eye_y), self.S(0.0085)), self.ink)
            lift = -0.008 if lady else 0.0
            self.seg((cx + du - 0.024, eye_y - 0.045 + lift), (cx + du + 0.022, eye_y - 0.05 + lift),
                     self.hair if young or lady else self.ink, self.lw * 0.9)
        # nose and mouth
        self.seg((cx + 0.004, eye_y + 0.01), (cx - 0.01, eye_y + 0.085), width=self.lw * 0.7)
        self.seg((cx - 0.01, eye_y + 0.085), (cx + 0.012, eye_y + 0.09), width=self.lw * 0.7)
        self.c.fill(Intersect(Ellipse(*self.at(cx, eye_y + 0.13), self.S(0.026 if lady else 0.022),
                                      self.S(0.011)), self.clip), pal["red"])
        for du in (-0.065, 0.065):
            self.c.fill(Circle(*self.at(cx + du, eye_y + 0.085), self.S(0.022)), pal["red"], 0.16)

    def hand_on(self, u: float, v: float) -> None:
        self.put(Ellipse(*self.at(u, v), self.S(0.045), self.S(0.035)), self.pal["skin"])
        for k in (-1, 0, 1):
            self.seg((u - 0.02, v + k * 0.018), (u + 0.02, v + k * 0.018), width=self.lw * 0.5)

    # the three courts ---------------------------------------------------

    def king(self) -> None:
        pal = self.pal
        n = self.NECK
        self.gown()
        # the sword, upright in his hand
        su = 0.84
        blade = self.poly([(su - 0.035, 0.8), (su - 0.035, 0.1), (su, 0.03), (su + 0.035, 0.1), (su + 0.035, 0.8)])
        self.put(blade, self.steel)
        self.seg((su, 0.11), (su, 0.76), (150, 160, 172), self.lw * 0.8)
        self.put(Box(*self.at(su - 0.1, 0.78), *self.at(su + 0.1, 0.82), self.S(0.012)), pal["gold"])
        self.put(Box(*self.at(su - 0.022, 0.82), *self.at(su + 0.022, 1.05)), pal["gold_dark"])
        self.hand_on(su, 0.9)
        # the ermine cape over the shoulders
        cape = self.poly(self.curve((0.04, 0.9), (0.14, n), (0.38, n - 0.01), steps=10) + [(0.62, n - 0.01)]
                         + self.curve((0.62, n - 0.01), (0.86, n), (0.96, 0.9), steps=10)
                         + self.curve((0.96, 0.9), (0.5, 0.72), (0.04, 0.9), steps=16))
        self.put(cape, pal["white"])
        for u, v in ((0.2, 0.76), (0.33, 0.71), (0.67, 0.71), (0.8, 0.76), (0.1, 0.84), (0.9, 0.84)):
            self.c.fill(Intersect(Polygon([self.at(u, v - 0.025), self.at(u + 0.01, v + 0.02),
                                           self.at(u - 0.01, v + 0.02)]), self.clip), self.ink)
        with self.zoomed(1.2):
            self.neck_and_face()
            self.put(self.poly([(0.37, 0.3), (0.36, 0.5), (0.64, 0.5), (0.63, 0.3)]), self.hair)
            self.put(Ellipse(*self.at(0.5, 0.37), self.S(0.1), self.S(0.14)), pal["skin"], outline=False)
            self.features(0.5, 0.37)
            # a full beard and moustache
            beard = self.poly([(0.38, 0.38)] + self.curve((0.38, 0.38), (0.37, 0.6), (0.5, 0.64), (0.63, 0.6),
                                                           (0.62, 0.38), steps=10)
                              + [(0.58, 0.46), (0.54, 0.515), (0.46, 0.515), (0.42, 0.46)])
            self.put(beard, self.hair)
            for s in (-1, 1):
                self.c.fill(Intersect(Capsule(self.at(0.5, 0.455), self.at(0.5 + s * 0.065, 0.475), self.S(0.016),
                                              self.S(0.008)), self.clip), self.hair)
            self.c.fill(Intersect(Ellipse(*self.at(0.5, 0.5), self.S(0.02), self.S(0.008)), self.clip), pal["red"])
            # the crown
            base, top, half = 0.25, 0.04, 0.15
            pts = [(0.5 - half, base)]
            tips = []
            for k in range(5):
                u = 0.5 - half + 2 * half * k / 4
                tips.append((u, top + (0.035 if k in (1, 3) else 0.0)))
                pts.append(tips[-1])
                if k < 4:
                    pts.append((u + half / 4, base - 0.09))
            pts.append((0.5 + half, base))
            self.put(self.poly(pts), pal["gold"])
            for u, v in tips:
                self.put(Circle(*self.at(u, v), self.S(0.018)), pal["gold"])
            self.put(Box(*self.at(0.5 - half - 0.015, base - 0.05), *self.at(0.5 + half + 0.015, base + 0.01),
                         self.S(0.01)), pal["gold"])
            for k, col in ((-1, pal["blue"]), (0, pal["red"]), (1, pal["blue"])):
                self.put(Ellipse(*self.at(0.5 + k * 0.09, base - 0.02), self.S(0.016), self.S(0.02)), col)
        self.pip(0.14, 0.14, 0.075)

    def queen(self) -> None:
        pal = self.pal
        n = self.NECK
        self.gown()
        # a square neckline and a string of pearls
        self.put(self.poly([(0.4, n - 0.01), (0.6, n - 0.01), (0.58, n + 0.1), (0.42, n + 0.1)]), pal["skin"])
        # she holds a rose
        fu = 0.84
        self.seg((fu, 0.92), (fu, 0.3), pal["green"], self.lw * 1.8)
        self.put(Ellipse(*self.at(fu + 0.05, 0.56), self.S(0.045), self.S(0.018)), pal["green"])
        self.put(Ellipse(*self.at(fu - 0.05, 0.46), self.S(0.045), self.S(0.018)), pal["green"])
        self.hand_on(fu, 0.86)
        petal = pal["red"] if self.main != pal["red"] else pal["white"]
        for k in range(5):
            a = 2 * math.pi * k / 5 - math.pi / 2
            self.put(Circle(self.X(fu) + self.S(0.045) * math.cos(a), self.Y(0.23) + self.S(0.045) * math.sin(a),
                            self.S(0.035)), petal)
        self.put(Circle(*self.at(fu, 0.23), self.S(0.028)), pal["gold"])
        with self.zoomed(1.2):
            # long hair, falling over the shoulders
            hair = self.poly(self.curve((0.5, 0.17), (0.34, 0.17), (0.34, 0.4), (0.31, 0.58), (0.36, 0.64), steps=8)
                             + [(0.64, 0.64)]
                             + self.curve((0.64, 0.64), (0.69, 0.58), (0.66, 0.4), (0.66, 0.17), (0.5, 0.17),
                                          steps=8))
            self.put(hair, self.hair)
            self.neck_and_face()
            self.put(Ellipse(*self.at(0.5, 0.235), self.S(0.115), self.S(0.055)), self.hair)
            self.put(Ellipse(*self.at(0.5, 0.385), self.S(0.102), self.S(0.135)), pal["skin"], outline=False)
            self.features(0.5, 0.38, lady=True)
            for k in range(9):
                t = (k - 4) / 4
                self.c.fill(Intersect(Circle(*self.at(0.5 + 0.075 * t, 0.555 + 0.03 * (1 - t * t)),
                                             self.S(0.011)), self.clip), pal["white"])
            # her coronet: a band with three fleurs
            self.put(Box(*self.at(0.38, 0.2), *self.at(0.62, 0.24), self.S(0.01)), pal["gold"])
            for u, s in ((0.41, 0.75), (0.5, 1.0), (0.59, 0.75)):
                stem_top = 0.2 - 0.1 * s
                self.put(self.poly([(u - 0.03 * s, 0.2), (u, stem_top), (u + 0.03 * s, 0.2)]), pal["gold"])
                self.put(Circle(*self.at(u, stem_top), self.S(0.02 * s)), pal["gold"])
            self.put(Circle(*self.at(0.5, 0.22), self.S(0.012)), pal["red"], outline=False)
        self.pip(0.14, 0.14, 0.075)

    def jack(self) -> None:
        pal = self.pal
        n = self.NECK
        self.gown()
        # a halberd in his hand
        hu = 0.16
        self.put(Box(*self.at(hu - 0.02, 0.2), *self.at(hu + 0.02, 1.05)), pal["hair"])
        self.put(self.poly([(hu, 0.02), (hu + 0.035, 0.14), (hu, 0.2), (hu - 0.035, 0.14)]), self.steel)
        axe = self.poly([(hu + 0.02, 0.22)] + self.curve((hu + 0.02, 0.22), (hu + 0.09, 0.2), (hu + 0.13, 0.17),
                                                         (hu + 0.1, 0.29), (hu + 0.13, 0.41), steps=6)
                        + self.curve((hu + 0.13, 0.41), (hu + 0.08, 0.36), (hu + 0.02, 0.36), steps=6))
        self.put(axe, self.steel)
        self.put(self.poly([(hu - 0.02, 0.25), (hu - 0.08, 0.3), (hu - 0.02, 0.31)]), self.steel)
        self.hand_on(hu, 0.88)
        with self.zoomed(1.2):
            self.neck_and_face(cy=0.38)
            # curls at the sides of the face
            for s in (-1, 1):
                for k in range(3):
                    self.put(Circle(*self.at(0.5 + s * 0.115, 0.33 + k * 0.065), self.S(0.035)), self.hair)
            self.put(Ellipse(*self.at(0.5, 0.39), self.S(0.1), self.S(0.14)), pal["skin"], outline=False)
            self.features(0.5, 0.39, young=True)
            # a soft cap with a long feather
            feather = self.poly(self.curve((0.58, 0.24), (0.76, 0.2), (0.86, 0.02), (0.72, 0.1), (0.56, 0.2),
                                           steps=10))
            self.put(feather, pal["white"])
            self.seg((0.58, 0.23), (0.84, 0.04), (120, 120, 130), self.lw * 0.6)
            cap = Union(Ellipse(*self.at(0.5, 0.24), self.S(0.17), self.S(0.05)),
                        Ellipse(*self.at(0.48, 0.17), self.S(0.12), self.S(0.08)))
            self.put(cap, self.main if self.main != pal["dark"] else pal["red"])
            self.put(Box(*self.at(0.35, 0.23), *self.at(0.65, 0.27), self.S(0.012)), self.third)
        # a ruff of little scallops at the neck
        for k in range(7):
            self.put(Circle(*self.at(0.38 + k * 0.04, n), self.S(0.028)), pal["white"])
        self.pip(0.86, 0.5, 0.075)


# --------------------------------------------------------------------------
# Backs

def _frame(p: Painter, c: Canvas, margin: float, field_colour: Colour) -> Shape:
    """The white edge of a back and its coloured field; returns the field's shape."""
    w = p.w
    p.blank(c)
    m = margin * w
    inner = Box(m, m, p.w - m, p.h - m, max(1.0, p.radius - m * 0.8))
    c.fill(inner, field_colour)
    return inner


def back_lattice(p: Painter, c: Canvas, ground: Colour, ink: Colour, period: float, rosette: bool) -> None:
    field_shape = _frame(p, c, 0.06, ground)
    w, h = p.w, p.h
    g = c.grid(field_shape.bbox)
    sl, x, y = g
    cx, cy = w / 2, h / 2
    per = period * w
    u, v = (x - cx + y - cy) / per, (x - cx - (y - cy)) / per
    du = np.abs(u - np.round(u)) * per / math.sqrt(2)
    dv = np.abs(v - np.round(v)) * per / math.sqrt(2)
    lw = 0.0085 * w
    if rosette:
        # circles through every lattice point: a quatrefoil net
        px, py = (x - cx) / per, (y - cy) / per
        d1 = np.abs(np.hypot(px - np.round(px), py - np.round(py)) - 0.5) * per
        d2 = np.abs(np.hypot(px - np.floor(px) - 0.5, py - np.floor(py) - 0.5) - 0.5) * per
        d = np.minimum(d1, d2)
        lines = np.clip((lw / 2 - d) * c.ss + 0.5, 0, 1)
        dots = np.clip((0.018 * w - np.hypot(px - np.round(px), py - np.round(py)) * per) * c.ss + 0.5, 0, 1)
        pattern = np.maximum(lines, dots)
    else:
        # a double-line diamond lattice with a bead where lines cross
        gap = 0.012 * w
        d = np.minimum(np.abs(du - gap), np.abs(dv - gap))
        lines = np.clip((lw * 0.45 - d) * c.ss + 0.5, 0, 1)
        bead = np.hypot(du, dv)
        dots = np.clip((0.02 * w - bead) * c.ss + 0.5, 0, 1)
        cu = np.abs(u - np.floor(u) - 0.5) * per / math.sqrt(2)
        cv = np.abs(v - np.floor(v) - 0.5) * per / math.sqrt(2)
        centre = np.clip((0.022 * w - (cu + cv)) * c.ss + 0.5, 0, 1) * 0.6
        pattern = np.maximum(np.maximum(lines, dots), centre)
    inside = np.clip(0.5 - (field_shape.sdf(x, y) + 0.045 * w) * c.ss, 0, 1)
    rgb, a = rgba(ink)
    c.composite(sl, (pattern * inside).astype(np.float32), rgb, a)
    _field_border(p, c, field_shape, ink)


def _field_border(p: Painter, c: Canvas, field_shape: Shape, ink: Colour) -> None:
    """Two fine lines inside the edge of a back's field."""
    w = p.w
    c.stroke(field_shape.grow(-0.028 * w), max(0.7, 0.007 * w), ink)
    c.stroke(field_shape.grow(-0.045 * w), max(0.5, 0.0035 * w), ink, 0.8)


def back_tartan(p: Painter, c: Canvas) -> None:
    w = p.w
    field_shape = _frame(p, c, 0.06, (20, 70, 46))
    sl, x, y = c.grid(field_shape.bbox)
    # a sett: (colour, width in fractions of the repeat), mirrored about its ends
    green, navy, black = (30, 110, 66), (26, 42, 92), (14, 30, 24)
    red, gold = (176, 30, 40), (222, 186, 82)
    sett = [(green, 10), (black, 2), (green, 2), (black, 2), (green, 10), (navy, 9), (red, 1), (navy, 9),
            (gold, 1)]
    sizes = np.array([s for _, s in sett] + [s for _, s in sett[-2::-1]], dtype=np.float64)
    cols = np.array([col for col, _ in sett] + [col for col, _ in sett[-2::-1]], dtype=np.float32) / 255
    edges = np.cumsum(sizes) / sizes.sum()
    repeat = 0.58 * w

    def stripe(t: np.ndarray) -> np.ndarray:
        f = ((t / repeat) % 1.0)
        idx = np.searchsorted(edges, f, side="right").clip(0, len(cols) - 1)
        return cols[idx]

    cx, cy = p.w / 2, p.h / 2
    warp, weft = stripe(np.abs(x - cx) + repeat * 0.5), stripe(np.abs(y - cy) + repeat * 0.5)
    # a 2/2 twill: diagonal ribs of warp and weft, finer than a pixel is wide when small
    twill = ((np.floor((x + y) / (0.012 * w)) % 2) == 0)[..., None]
    rgb = np.where(twill, warp * 0.62 + weft * 0.38, weft * 0.62 + warp * 0.38)
    inside = np.clip(0.5 - field_shape.sdf(x, y) * c.ss, 0, 1).astype(np.float32)
    c.composite(sl, inside, rgb.astype(np.float32), 1.0)
    _field_border(p, c, field_shape, (236, 214, 150))


#: an 8 x 8 one-bit desktop pattern, in the manner of the old control panel's
MAC_PATTERN = [
    "#.......",
    ".#.....#",
    "..#...#.",
    "...#.#..",
    "....#...",
    "...#.#..",
    "..#...#.",
    ".#.....#",
]
#: the four suits as one-bit pictures, 9 x 9
BIT_SUITS = {
    SPADES: ["....#....", "...###...", "..#####..", ".#######.", "#########", "#########", ".##.#.##.",
             "....#....", "...###..."],
    HEARTS: [".##...##.", "####.####", "#########", "#########", ".#######.", "..#####..", "...###...",
             "....#....", "........."],
    CLUBS: ["...###...", "..#####..", "..#####..", ".##.#.##.", "#########", "#########", ".##.#.##.",
            "....#....", "...###..."],
    DIAMONDS: ["....#....", "...###...", "..#####..", ".#######.", "#########", ".#######.", "..#####..",
               "...###...", "....#...."],
}


def back_macintosh(p: Painter, c: Canvas) -> None:
    w, h = p.w, p.h
    dark, mid, light = (30, 32, 38), (58, 62, 72), (196, 200, 210)
    field_shape = _frame(p, c, 0.06, dark)
    sl, x, y = c.grid(field_shape.bbox)
    cell = max(1.0, round(0.021 * w))  # one bit of the pattern, in whole pixels so it stays crisp
    bits = np.array([[ch == "#" for ch in row] for row in MAC_PATTERN])
    ix = (np.floor((x - w / 2) / cell).astype(int)) % 8
    iy = (np.floor((y - h / 2) / cell).astype(int)) % 8
    on = bits[iy, ix].astype(np.float32)
    inside = np.clip(0.5 - (field_shape.sdf(x, y) + 0.045 * w) * c.ss, 0, 1).astype(np.float32)
    rgb, a = rgba(mid)
    c.composite(sl, on * inside, rgb, a)
    # a plaque in the middle with the four suits in one-bit pixels
    bw, bh = 0.5 * w, 0.22 * w
    plaque = Box(w / 2 - bw / 2, h / 2 - bh / 2, w / 2 + bw / 2, h / 2 + bh / 2, 0.02 * w)
    c.fill(plaque.grow(0.012 * w), dark)
    c.fill(plaque, (214, 218, 226))
    c.stroke(plaque.grow(-0.012 * w), max(0.7, 0.006 * w), dark)
    px = max(1.0, round(0.0105 * w))
    for k, suit in enumerate((SPADES, HEARTS, CLUBS, DIAMONDS)):
        ox = w / 2 + (k - 1.5) * 0.105 * w - 4.5 * px
        oy = h / 2 - 4.5 * px
        colour = dark if suit in (SPADES, CLUBS) else (180, 24, 40)
        for r, row in enumerate(BIT_SUITS[suit]):
            for q, ch in enumerate(row):
                if ch == "#":
                    c.fill(Box(ox + q * px, oy + r * px, ox + (q + 1) * px, oy + (r + 1) * px), colour)
    _field_border(p, c, field_shape, light)


def back_ornament(p: Painter, c: Canvas) -> None:
    w, h = p.w, p.h
    ground = (96, 18, 36)
    gold, gold_hi = np.array([196, 146, 52]) / 255, np.array([250, 222, 140]) / 255
    field_shape = _frame(p, c, 0.06, ground)

    def metal(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        t = 0.5 + 0.5 * np.sin((x * 0.7 - y) / (0.11 * w))
        return (gold[None, None] * (1 - t[..., None]) + gold_hi[None, None] * t[..., None]).astype(np.float32)

    sl, x, y = c.grid(field_shape.bbox)
    # a faint damask of small four-point stars on the ground
    per = 0.1 * w
    px, py = (x - w / 2) / per, (y - h / 2) / per
    fx, fy = np.abs(px - np.round(px)), np.abs(py - np.round(py))
    star = np.clip((0.1 - (np.sqrt(fx) + np.sqrt(fy)) * 0.5 + 0.2) * per * c.ss * 0.5, 0, 1)
    inside = np.clip(0.5 - (field_shape.sdf(x, y) + 0.045 * w) * c.ss, 0, 1).astype(np.float32)
    rgb, a = rgba((150, 40, 60))
    c.composite(sl, (star * inside * 0.7).astype(np.float32), rgb, a)

    cx, cy = w / 2, h / 2

    def radial(petals: int, r0: float, r1: float, sharp: float = 1.0, phase: float = 0.0) -> Shape:
        pts = []
        n = petals * 24
        for k in range(n):
            t = 2 * math.pi * k / n
            wave = abs(math.cos(petals / 2 * t + phase)) ** sharp
            r = (r0 + (r1 - r0) * wave) * w
            pts.append((cx + r * math.sin(t), cy - r * math.cos(t)))
        return Polygon(pts)

    medallion = radial(8, 0.2, 0.34, 0.8)
    c.paint(medallion, metal)
    c.fill(radial(8, 0.17, 0.3, 0.8), ground)
    c.paint(radial(16, 0.15, 0.2, 1.5, math.pi / 2), metal)
    c.fill(Circle(cx, cy, 0.135 * w), ground)
    c.stroke(Circle(cx, cy, 0.115 * w), 0.008 * w, tuple(int(v * 255) for v in gold))
    c.paint(radial(4, 0.03, 0.1, 2.0), metal)
    c.paint(radial(4, 0.02, 0.07, 2.0, math.pi / 4), metal)
    c.fill(Circle(cx, cy, 0.02 * w), ground)
    # corner flourishes: quarter rosettes and a curl
    m = 0.06 * w + 0.05 * w
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        ox = cx - sx * (w / 2 - m)
        oy = cy - sy * (h / 2 - m)
        for k in range(5):
            t = math.radians(k * 22.5)
            tip = (ox + sx * math.cos(t) * 0.13 * w, oy + sy * math.sin(t) * 0.13 * w)
            c.paint(Capsule((ox, oy), tip, 0.016 * w, 0.004 * w), metal)
        c.paint(Circle(ox, oy, 0.03 * w), metal)
        c.fill(Circle(ox, oy, 0.013 * w), ground)
    # a chain of beads along the long axis between medallion and corners
    for sy in (-1, 1):
        for k in range(4):
            r = 0.009 * w if k % 2 else 0.014 * w
            c.paint(Circle(cx, cy + sy * (0.37 + k * 0.055) * w, r), metal)
    _field_border(p, c, field_shape, tuple(int(v * 255) for v in gold_hi))


# --------------------------------------------------------------------------
# Pictures on transparent ground

def outline_picture(p: Painter, c: Canvas, alpha: float = 1.0) -> Shape:
    """A quiet place-holder: a rounded outline with a faint fill, readable on any felt."""
    shape = p.card_shape(0.012 * p.w)
    c.fill(shape, (255, 255, 255), 0.07 * alpha)
    c.stroke(shape.grow(-0.01 * p.w), max(1.0, 0.016 * p.w), (255, 255, 255), 0.45 * alpha)
    return shape


def gravestone(p: Painter, c: Canvas) -> None:
    w, h = p.w, p.h
    x0, x1 = 0.2 * w, 0.8 * w
    top, foot = 0.2 * h, 0.8 * h
    r = (x1 - x0) / 2
    stone = Union(Circle(w / 2, top + r, r), Box(x0, top + r, x1, foot))
    ink = (40, 44, 48)
    # a soft shadow on the ground, then the stone with its edge
    c.fill(Ellipse(w / 2 + 0.04 * w, foot + 0.01 * h, 0.4 * w, 0.05 * h), (0, 0, 0), 0.25)
    c.fill(stone.grow(0.012 * w), ink)

    def granite(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        t = np.clip((x - x0) / (x1 - x0), 0, 1)
        light = 0.86 - 0.22 * t - 0.1 * np.clip((y - top) / (foot - top), 0, 1)
        speck = 0.025 * np.sin(x * 1.7 + np.sin(y * 0.9) * 3) * np.sin(y * 2.3 + x * 0.4)
        v = (light + speck)[..., None]
        return (np.array([0.62, 0.64, 0.68], np.float32) * v / 0.7).clip(0, 1).astype(np.float32)

    c.paint(stone, granite)
    # a bevel: a lighter line inside the left and top, a darker one at the right
    inner = stone.grow(-0.05 * w)
    c.stroke(inner, 0.012 * w, (250, 250, 252), 0.35)
    c.stroke(inner.grow(-0.012 * w), 0.01 * w, (60, 64, 70), 0.3)
    # a cross above the letters, cut into the stone
    cx = w / 2
    engr = (70, 74, 80)
    for dx, dy, col, a in ((0.006 * w, 0.006 * w, (240, 240, 244), 0.6), (0, 0, engr, 1.0)):
        c.fill(Box(cx - 0.022 * w + dx, 0.29 * h + dy, cx + 0.022 * w + dx, 0.46 * h + dy, 0.006 * w), col, a)
        c.fill(Box(cx - 0.09 * w + dx, 0.33 * h + dy, cx + 0.09 * w + dx, 0.365 * h + dy, 0.006 * w), col, a)
    glyph = glyph_mask("RIP", 0.075 * h, c.ss)
    c.stamp(glyph, cx + 0.006 * w, 0.56 * h + 0.006 * w, (240, 240, 244), 0.6)
    c.stamp(glyph, cx, 0.56 * h, engr)
    # grass at the foot of the stone
    mound = Ellipse(w / 2, foot + 0.005 * h, 0.36 * w, 0.045 * h)
    c.fill(mound.grow(0.01 * w), (24, 60, 28))
    c.fill(mound, (70, 140, 60))
    for k in range(15):
        bx = w / 2 + (k - 7) * 0.045 * w
        lean = ((k * 37) % 7 - 3) * 0.006 * w
        ht = (0.05 + 0.02 * ((k * 13) % 3)) * h
        c.fill(Capsule((bx, foot + 0.02 * h), (bx + lean, foot + 0.02 * h - ht), 0.009 * w, 0.002 * w),
               (54, 120, 48) if k % 2 else (86, 160, 70))


def hand(p: Painter, c: Canvas, fingers: int) -> None:
    """A gloved hand, palm to the viewer, holding up ``fingers`` fingers (0: a fist)."""
    w, h = p.w, p.h
    sx = w / 200.0
    sy = h / 280.0
    k = min(sx, sy)

    def P(x: float, y: float) -> tuple[float, float]:
        return (w / 2 + (x - 100) * k, h / 2 + (y - 150) * k)

    ink = (30, 30, 36)
    glove = (253, 252, 248)
    lw = max(1.0, 4.2 * k)
    shade = (214, 216, 224)

    palm = Box(*P(58, 140), *P(142, 222), 24 * k)
    # finger columns: index, middle, ring, little: x, radius, top when raised
    cols = [(73, 10.5, 50), (95, 11, 38), (117, 10.5, 50), (137, 9, 80)]
    spread = {0: [], 1: [-2], 2: [-9, 5], 3: [-11, -1, 9]}[fingers]
    raised: list[Shape] = []
    curled: list[Shape] = []
    for i, (fx, fr, ftop) in enumerate(cols):
        if i < fingers:
            base = P(fx, 142)
            length = (142 - ftop) * k
            ang = math.radians(spread[i])
            raised.append(Capsule(base, (base[0] + math.sin(ang) * length, base[1] - math.cos(ang) * length),
                                  fr * k))
        else:
            # a finger folded down over the palm: its knuckle shows above, its tip tucks in below
            curled.append(Capsule(P(fx, 150), P(fx, 180), fr * k * 1.05))
    # the thumb, folded across the fingers from the heel of the hand
    thumb = Capsule(P(58, 206), P(104, 178), 14 * k, 10.5 * k)
    wrist = Box(*P(66, 210), *P(134, 262), 8 * k)
    cuff = Box(*P(56, 236), *P(144, 270), 10 * k)
    body = Union(palm, wrist, *raised)
    # a soft shadow, to lift it off the table
    c.fill(Union(body, thumb, cuff, *curled).place(1.0, 3 * k, 4 * k), (0, 0, 0), 0.22)

    def outlined(shape: Shape, colour: Colour = glove) -> None:
        c.fill(shape.grow(lw / 2), ink)
        c.fill(shape.grow(-lw / 2), colour)

    outlined(body)
    # a crease across each raised finger, and the three stitched lines on the back of a glove
    for finger, (_, fr, _) in zip(raised, cols):
        (ax, ay), (bx, by) = finger.a, finger.b
        for t in (0.45, 0.72):
            mx, my = ax + (bx - ax) * t, ay + (by - ay) * t
            nx, ny = (ay - by), (bx - ax)
            norm = math.hypot(nx, ny)
            nx, ny = nx / norm * fr * k * 0.55, ny / norm * fr * k * 0.55
            c.fill(Capsule((mx - nx, my - ny), (mx + nx, my + ny), lw * 0.3), shade)
    for fx in (84, 102, 120):
        c.fill(Capsule(P(fx, 186), P(fx + (fx - 102) * 0.1, 214), lw * 0.32), shade)
    for finger in curled:
        outlined(finger)
        c.fill(Capsule((finger.a[0] - finger.ra * 0.5, finger.a[1] + 16 * k),
                       (finger.a[0] + finger.ra * 0.5, finger.a[1] + 16 * k), lw * 0.3), shade)
    outlined(thumb)
    c.fill(Capsule(P(90, 181), P(95, 188), lw * 0.3), shade)
    outlined(cuff, (62, 96, 176))
    c.fill(Box(*P(56, 245), *P(144, 251)), (240, 236, 220), 0.9)


def arrow_picture(p: Painter, c: Canvas) -> None:
    outline_picture(p, c)
    w, h = p.w, p.h
    cx, cy, r = w / 2, h / 2, 0.24 * w
    white = (255, 255, 255)
    band = Ring(Circle(cx, cy, r), 0.07 * w)
    # leave a gap at the top right where the arrowhead sits
    gap = Polygon([(cx, cy), (cx + 2 * r, cy - 2 * r), (cx + 0.2 * r, cy - 2 * r)])
    arc = band - gap
    a = math.radians(-58)  # the arrowhead points along the circle, clockwise
    tip_at = (cx + r * math.cos(a), cy + r * math.sin(a))
    tangent = (-math.sin(a), math.cos(a))
    normal = (math.cos(a), math.sin(a))
    size = 0.11 * w
    head = Polygon([
        (tip_at[0] + tangent[0] * size, tip_at[1] + tangent[1] * size),
        (tip_at[0] + normal[0] * size * 0.9, tip_at[1] + normal[1] * size * 0.9),
        (tip_at[0] - normal[0] * size * 0.9, tip_at[1] - normal[1] * size * 0.9),
    ])
    c.fill(Union(arc, head), white, 0.8)


def no_redeal_picture(p: Painter, c: Canvas) -> None:
    outline_picture(p, c)
    w, h = p.w, p.h
    cx, cy, r = w / 2, h / 2, 0.2 * w
    colour = (236, 110, 100)
    cross = Union(Capsule((cx - r, cy - r), (cx + r, cy + r), 0.035 * w),
                  Capsule((cx - r, cy + r), (cx + r, cy - r), 0.035 * w))
    c.fill(cross, colour, 0.85)


# --------------------------------------------------------------------------
# The sheet

def draw_cell(p: Painter, row: int, col: int) -> Canvas:
    if row < 4:
        return p.face(col + 1, row)
    c = p.canvas()
    name = PICTURES[col]
    if name == "back0":
        back_lattice(p, c, (30, 62, 140), (222, 232, 250), 0.115, rosette=False)
    elif name == "back1":
        back_lattice(p, c, (150, 22, 36), (250, 226, 214), 0.14, rosette=True)
    elif name == "back2":
        back_tartan(p, c)
    elif name == "back3":
        back_macintosh(p, c)
    elif name == "back4":
        back_ornament(p, c)
    elif name == "outline":
        outline_picture(p, c)
    elif name == "gravestone":
        gravestone(p, c)
    elif name.startswith("hand"):
        hand(p, c, int(name[4:]))
    elif name == "redeal":
        arrow_picture(p, c)
    else:
        no_redeal_picture(p, c)
    return c


def draw_sheet(cell: tuple[int, int] = DEFAULT_CELL, style: Style | None = None,
               ss: int = SUPERSAMPLE) -> tuple[np.ndarray, np.ndarray]:
    """The whole sheet as arrays: rgb (H, W, 3) and alpha (H, W), uint8."""
    w, h = cell
    p = Painter(w, h, style or STYLES["classic"], ss)
    rgb = np.zeros((h * ROWS, w * COLUMNS, 3), np.uint8)
    alpha = np.zeros((h * ROWS, w * COLUMNS), np.uint8)
    for row in range(ROWS):
        for col in range(COLUMNS):
            crgb, ca = draw_cell(p, row, col).result()
            rgb[row * h:(row + 1) * h, col * w:(col + 1) * w] = crgb
            alpha[row * h:(row + 1) * h, col * w:(col + 1) * w] = ca
    return rgb, alpha


def to_surface(rgb: np.ndarray, alpha: np.ndarray) -> pygame.Surface:
    h, w = alpha.shape
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    pygame.surfarray.pixels3d(surf)[...] = rgb.transpose(1, 0, 2)
    pygame.surfarray.pixels_alpha(surf)[...] = alpha.T
    return surf


def parse_cell(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a cell size is WxH, such as 200x280, not {text!r}") from None
    if w < 20 or h < 20:
        raise argparse.ArgumentTypeError("a cell must be at least 20 pixels each way")
    return w, h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Draw the card sheet (13 x 5 cells) from shapes.")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the PNG to write (default: %(default)s)")
    ap.add_argument("--cell", type=parse_cell, default=None, metavar="WxH",
                    help="the size of one card, in pixels (default: 300x420; with --small, 75x105)")
    ap.add_argument("--style", choices=sorted(STYLES), default="classic",
                    help="the deck's look (default: classic, the committed sheet)")
    ap.add_argument("--small", action="store_true",
                    help="the faces for small cards: a larger corner index (assets/cards/cards-small.png)")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    style = small_style(STYLES[args.style]) if args.small else STYLES[args.style]
    args.cell = args.cell or (SMALL_CELL if args.small else DEFAULT_CELL)
    rgb, alpha = draw_sheet(args.cell, style)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(to_surface(rgb, alpha), str(args.out))
    h, w = alpha.shape
    print(f"{args.out}: {w} x {h} pixels, 13 x 5 cells of {args.cell[0]} x {args.cell[1]}, "
          f"style {style.name}, {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
