"""The four suits' signs as shapes, for words on the table that are a
suit's sign alone (Chinese Puzzle's ace column under a suit order).

pygame-ce's own font has no suit symbols, and a system font that has them
cannot be counted on, so the signs are drawn here: circles and polygons on
a square four times too large, smoothed down.  Each sign fills the height
it is given and is centred in its square."""

from __future__ import annotations

import functools

import pygame

#: the signs drawn as shapes, and the suit each is
SIGNS = {"\u2663": "clubs", "\u2666": "diamonds", "\u2665": "hearts", "\u2660": "spades"}
SCALE = 4


def _stem(n: float) -> list[tuple[float, float]]:
    return [(0.5 * n, 0.55 * n), (0.64 * n, 0.97 * n), (0.36 * n, 0.97 * n)]


def _draw(surface: pygame.Surface, suit: str, colour) -> None:
    n = surface.get_width()

    def circle(x: float, y: float, r: float) -> None:
        pygame.draw.circle(surface, colour, (round(x * n), round(y * n)), round(r * n))

    def polygon(*points: tuple[float, float]) -> None:
        pygame.draw.polygon(surface, colour, [(round(x * n), round(y * n)) for x, y in points])

    if suit == "diamonds":
        polygon((0.5, 0.02), (0.88, 0.5), (0.5, 0.98), (0.12, 0.5))
    elif suit == "hearts":
        circle(0.29, 0.31, 0.23)
        circle(0.71, 0.31, 0.23)
        polygon((0.065, 0.38), (0.5, 0.95), (0.935, 0.38), (0.5, 0.28))
    elif suit == "spades":
        circle(0.29, 0.56, 0.21)
        circle(0.71, 0.56, 0.21)
        polygon((0.085, 0.5), (0.5, 0.03), (0.915, 0.5), (0.5, 0.7))
        polygon(*[(x / n, y / n) for x, y in _stem(n)])
    else:  # clubs
        circle(0.5, 0.27, 0.21)
        circle(0.27, 0.56, 0.21)
        circle(0.73, 0.56, 0.21)
        circle(0.5, 0.5, 0.13)
        polygon(*[(x / n, y / n) for x, y in _stem(n)])


@functools.lru_cache(maxsize=32)
def picture(sign: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``sign`` (one of :data:`SIGNS`) in ``colour``, ``size`` pixels square."""
    size = max(2, int(size))
    big = pygame.Surface((size * SCALE, size * SCALE), pygame.SRCALPHA)
    _draw(big, SIGNS[sign], tuple(colour)[:3])
    return pygame.transform.smoothscale(big, (size, size))
