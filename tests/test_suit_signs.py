"""A suit's sign on the table is drawn as a shape, never as a font's glyph:
pygame-ce's own font has no suit symbols, and a system font that has them
cannot be counted on (issue 36: Chinese Puzzle's ace column)."""

from __future__ import annotations

import pygame
from gui import make_app  # noqa: F401  (sets SDL's dummy drivers before pygame starts)
from pygame import Rect

from game.media import suits
from game.media.surfaces import Canvas, Fonts


def coverage(surface: pygame.Surface) -> list[list[bool]]:
    w, h = surface.get_size()
    return [[surface.get_at((x, y)).a > 128 for x in range(w)] for y in range(h)]


def test_each_sign_is_a_solid_shape_symmetric_about_its_upright():
    pygame.init()
    shapes = {}
    for sign, suit in suits.SIGNS.items():
        cells = coverage(suits.picture(sign, 40, (200, 30, 30)))
        filled = sum(map(sum, cells))
        assert 40 * 40 * 0.3 < filled < 40 * 40 * 0.75, f"{suit}: {filled} of 1600 pixels"
        mirrored = sum(cells[y][x] != cells[y][39 - x] for y in range(40) for x in range(40))
        assert mirrored < 40, f"{suit} is not symmetric ({mirrored} pixels differ)"
        shapes[suit] = cells
    # the heart is widest near its top, the spade near its bottom; the diamond's widest row is its middle
    width = {suit: [sum(row) for row in cells] for suit, cells in shapes.items()}
    widest = {suit: max(range(40), key=lambda y, s=suit: width[s][y]) for suit in width}
    assert widest["hearts"] < 16 and widest["spades"] >= 19, widest
    assert abs(widest["diamonds"] - 20) <= 2


def test_a_sign_on_the_table_draws_without_any_font(monkeypatch):
    pygame.init()
    screen = pygame.display.set_mode((200, 100))
    canvas = Canvas(screen, None, Fonts())
    monkeypatch.setattr(Fonts, "get", lambda self, size: (_ for _ in ()).throw(AssertionError("a font was asked")))
    target = pygame.Surface((200, 100))
    target.fill((24, 98, 56))
    box = canvas.text(target, "\u2665", Rect(50, 20, 100, 60), 50, (225, 40, 45))
    assert box.size == (50, 50) and box.center == (100, 50)
    red = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
              if target.get_at((x, y)).r > 170 and target.get_at((x, y)).g < 90)
    assert red > 50 * 50 * 0.35
