"""Draw the app's icon from the card art: ``assets/icons/card-shell-SIZE.png``.

    python tools/make_icon.py [--sheet FILE] [--out FOLDER]

A fan of three cards from ``assets/cards/cards.png`` (a blue back, the king
of hearts, and the ace of spades in front) on a rounded square of green
felt.  Each size is drawn four times too large and averaged down; the small
sizes (48 px and under) lay the cards out larger and with less spread, so the
ace's spade still reads at 32 px.  Besides the PNGs (256, 128, 64, 48 and
32 px), ``card-shell.ico`` holds them all for the Windows executable.

Nothing but the card sheet is read; the same sheet gives the same files,
byte for byte, with the same versions of pygame-ce and numpy.  No display is
needed, or opened.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import argparse  # noqa: E402
import struct  # noqa: E402
import sys  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "assets" / "cards" / "cards.png"
OUT = ROOT / "assets" / "icons"
SIZES = (256, 128, 64, 48, 32)
SUPERSAMPLE = 4
COLUMNS, ROWS = 13, 5

#: (column, row) in the sheet: clubs, diamonds, hearts, spades are rows 0-3
BACK = (0, 4)
KING_OF_HEARTS = (12, 2)
ACE_OF_SPADES = (0, 3)

FELT_CENTRE = (58, 150, 84)
FELT_EDGE = (16, 84, 44)
FELT_RIM = (8, 52, 26)


@dataclass(frozen=True)
class Layout:
    """How the fan sits on the felt, in fractions of the icon's side."""

    margin: float          # felt square inset from the icon's edge
    radius: float          # felt corner radius, as a fraction of the felt's side
    fill: float            # the fan's larger dimension, as a fraction of the icon's side
    reach: float           # distance from the fan's pivot to a card's centre, in card heights
    angles: tuple          # degrees, anticlockwise, back to front
    shadow: float          # shadow offset and blur
    lift: float = 0.0      # the fan's centre above the icon's centre


#: the large sizes: a wide fan with felt all round
LARGE = Layout(margin=0.035, radius=0.2, fill=0.8, reach=0.95, angles=(22, 5, -12), shadow=0.012, lift=0.01)
#: 48 px and under: bigger cards, less spread, the ace nearly upright
SMALL = Layout(margin=0.0, radius=0.2, fill=0.92, reach=1.05, angles=(15, 4, -7), shadow=0.016)


def fan(lay: Layout, aspect: float) -> tuple[list[tuple[float, float]], float]:
    """The card centres (pivot at the origin, card height 1) and the card
    height that makes the fan ``lay.fill`` of the icon, centred."""
    xs, ys, centres = [], [], []
    for angle in lay.angles:
        rad = np.radians(angle)
        cx, cy = -lay.reach * np.sin(rad), -lay.reach * np.cos(rad)
        centres.append((cx, cy))
        for dx, dy in ((-aspect / 2, -0.5), (aspect / 2, -0.5), (-aspect / 2, 0.5), (aspect / 2, 0.5)):
            # a point of the card turned anticlockwise by angle (y grows downwards)
            xs.append(cx + dx * np.cos(rad) + dy * np.sin(rad))
            ys.append(cy - dx * np.sin(rad) + dy * np.cos(rad))
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    card_h = lay.fill / max(width, height)
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return [((x - mx) * card_h + 0.5, (y - my) * card_h + 0.5 - lay.lift) for x, y in centres], card_h


def cell(sheet: pygame.Surface, col: int, row: int) -> pygame.Surface:
    w, h = sheet.get_width() // COLUMNS, sheet.get_height() // ROWS
    return sheet.subsurface((col * w, row * h, w, h)).copy()


def rounded_square(size: int, inset: float, radius: float) -> np.ndarray:
    """Coverage (0..1) of a rounded square, anti-aliased, ``size`` pixels."""
    c = (np.arange(size) + 0.5)[None, :]
    r = (np.arange(size) + 0.5)[:, None]
    lo, hi = inset, size - inset
    # signed distance to a rounded box
    qx = np.abs(c - size / 2) - ((hi - lo) / 2 - radius)
    qy = np.abs(r - size / 2) - ((hi - lo) / 2 - radius)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    d = outside + inside - radius
    return np.clip(0.5 - d, 0.0, 1.0)


def felt(size: int, lay: Layout) -> pygame.Surface:
    """The green felt square: a soft light from above, a dark rim, a faint weave."""
    inset = lay.margin * size
    radius = lay.radius * (size - 2 * inset)
    cover = rounded_square(size, inset, radius)
    inner = rounded_square(size, inset + size * 0.022, max(1.0, radius - size * 0.022))
    y, x = np.mgrid[0:size, 0:size].astype(float) + 0.5
    # light from above the centre: a radial fall-off
    d = np.hypot((x - size * 0.5) / size, (y - size * 0.38) / size) / 0.62
    t = np.clip(d, 0, 1)[..., None] ** 1.4
    rgb = np.array(FELT_CENTRE, float) * (1 - t) + np.array(FELT_EDGE, float) * t
    # a faint diagonal weave, so it reads as cloth at the large sizes
    weave = (np.sin((x + y) * (2 * np.pi / (size / 64))) * np.sin((x - y) * (2 * np.pi / (size / 64))))
    rgb *= (1 + 0.035 * weave)[..., None]
    # the rim: the band between the outer and inner squares, darker
    rim = (cover - inner)[..., None]
    rgb = rgb * (1 - rim) + np.array(FELT_RIM, float) * rim
    # a thin highlight just inside the rim at the top
    top = np.clip(1 - (y - inset) / (size * 0.25), 0, 1)
    edge = np.clip(inner - rounded_square(size, inset + size * 0.034, max(1.0, radius - size * 0.034)), 0, 1)
    rgb += (edge * top * 60)[..., None]
    return to_surface(np.clip(rgb, 0, 255), cover)


def to_surface(rgb: np.ndarray, alpha: np.ndarray) -> pygame.Surface:
    h, w = alpha.shape
    surface = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    pygame.surfarray.pixels3d(surface)[...] = np.round(rgb).astype(np.uint8).transpose(1, 0, 2)
    pygame.surfarray.pixels_alpha(surface)[...] = np.round(alpha * 255).astype(np.uint8).T
    return surface


def shadow_of(card: pygame.Surface, blur: int) -> pygame.Surface:
    """A soft dark copy of ``card``'s shape."""
    pad = blur * 3
    w, h = card.get_size()
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA, 32)
    a = pygame.surfarray.pixels_alpha(card).astype(float) * 0.55
    alpha = np.zeros((w + 2 * pad, h + 2 * pad))
    alpha[pad:pad + w, pad:pad + h] = a
    pygame.surfarray.pixels3d(s)[...] = (6, 24, 12)
    pygame.surfarray.pixels_alpha(s)[...] = np.round(alpha).astype(np.uint8)
    if blur > 0:
        s = pygame.transform.gaussian_blur(s, blur)
    return s


def draw(sheet: pygame.Surface, size: int) -> pygame.Surface:
    """The icon at ``size`` pixels: drawn at SUPERSAMPLE times that, then averaged down."""
    lay = SMALL if size <= 48 else LARGE
    big = size * SUPERSAMPLE
    icon = felt(big, lay)
    cards = [cell(sheet, *BACK), cell(sheet, *KING_OF_HEARTS), cell(sheet, *ACE_OF_SPADES)]
    cw, ch = cards[0].get_size()
    centres, card_h = fan(lay, cw / ch)
    scale = card_h * big / ch
    blur = max(1, round(lay.shadow * big))
    for card, angle, (fx, fy) in zip(cards, lay.angles, centres):
        turned = pygame.transform.rotozoom(card, angle, scale)
        cx, cy = fx * big, fy * big
        shade = shadow_of(turned, blur)
        icon.blit(shade, shade.get_rect(center=(round(cx + blur * 0.6), round(cy + blur * 1.2))))
        icon.blit(turned, turned.get_rect(center=(round(cx), round(cy))))
    # keep the cards inside the felt's rounded corners and edges
    cover = rounded_square(big, lay.margin * big, lay.radius * (big - 2 * lay.margin * big))
    alpha = pygame.surfarray.pixels_alpha(icon)
    alpha[...] = np.minimum(alpha, np.round(cover.T * 255)).astype(np.uint8)
    del alpha
    return pygame.transform.smoothscale(icon, (size, size))


def ico(pngs: list[tuple[int, bytes]]) -> bytes:
    """A Windows .ico holding PNG images (Windows Vista and later read these)."""
    head = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(head) + 16 * len(pngs)
    entries, blobs = b"", b""
    for size, data in pngs:
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return head + entries + blobs


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sheet", type=Path, default=SHEET, help="the card sheet to draw from")
    p.add_argument("--out", type=Path, default=OUT, help="the folder to write the icons to")
    args = p.parse_args(argv)
    sheet = pygame.image.load(str(args.sheet))
    if sheet.get_bitsize() != 32 or not sheet.get_flags() & pygame.SRCALPHA:
        wide = pygame.Surface(sheet.get_size(), pygame.SRCALPHA, 32)
        wide.blit(sheet, (0, 0))
        sheet = wide
    args.out.mkdir(parents=True, exist_ok=True)
    pngs = []
    for size in SIZES:
        file = args.out / f"card-shell-{size}.png"
        pygame.image.save(draw(sheet, size), str(file))
        pngs.append((size, file.read_bytes()))
        print(file)
    (args.out / "card-shell.ico").write_bytes(ico(pngs))
    print(args.out / "card-shell.ico")
    return 0


if __name__ == "__main__":
    sys.exit(main())
