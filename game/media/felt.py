"""The table's felt: its colours and its texture.  Pygame alone (no numpy,
no game's rules), so the window's first frame can be drawn with it before
the rest of the program is loaded (``game/launch.py``)."""

from __future__ import annotations

import random

import pygame

TABLES = {   # table backgrounds: name -> felt colour
    "green": (24, 98, 56),
    "blue": (26, 64, 112),
    "red": (112, 30, 36),
    "grey": (70, 74, 78),
}


def _grain(side: int = 128) -> pygame.Surface:
    """A square of fine, fixed grain, light grey around 94%: multiplied over
    a colour it gives the felt its texture.  Made from a seeded generator
    with a byte table (no numpy: start-up stays quick and small), as an
    8-bit picture whose palette is the greys."""
    rng = random.Random(7)
    table = bytes(min(255, 228 + (b * 27) // 255 + (b >> 7)) for b in range(256))
    raw = rng.randbytes(side * side).translate(table)
    grain = pygame.image.frombuffer(raw, (side, side), "P")
    grain.set_palette([(v, v, v) for v in range(256)])
    return grain.copy()


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """Light in the middle, a little darker at the edges: a 24x16 sketch
    smoothly stretched to the window."""
    w, h = 24, 16
    small = pygame.Surface((w, h))
    for x in range(w):
        for y in range(h):
            dx, dy = (x + 0.5) / w * 2 - 1, (y + 0.5) / h * 2 - 1
            v = int(255 * max(0.0, 1.0 - 0.2 * (dx * dx * 0.6 + dy * dy)))
            small.set_at((x, y), (v, v, v))
    return pygame.transform.smoothscale(small, size)


def felt(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """A felt-like table: the colour with a fine, fixed grain and a soft vignette."""
    w, h = max(size[0], 1), max(size[1], 1)
    grain = _grain()
    tile = pygame.Surface(grain.get_size())     # the colour with its grain, once: then laid like tiles
    tile.fill(tuple(min(255, int(c * 1.12)) for c in colour))
    tile.blit(grain, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    surface = pygame.Surface((w, h))
    for x in range(0, w, tile.get_width()):
        for y in range(0, h, tile.get_height()):
            surface.blit(tile, (x, y))
    surface.blit(_vignette((w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surface
