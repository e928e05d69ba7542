"""Text on the table, in menus and dialogs is set evenly: no letter stands
apart from its word ("T he Prince", "Point s" as the font's kerning table set
them), and a line keeps its height whatever its letters."""

from __future__ import annotations

import pygame
import pytest

from game.surfaces import Fonts

WORDS = ("The", "Prince", "Points", "wins", "alternating", "Republic", "Statistics", "Redeals")
#: the sizes the menus, dialogs, help and status line use
SIZES = (18, 19, 20, 21, 22, 26, 27)


@pytest.fixture(scope="module")
def fonts():
    pygame.init()
    yield Fonts()
    pygame.quit()


def widest_gap_inside(image: pygame.Surface) -> int:
    """The widest run of blank columns between the first and last inked column."""
    w, h = image.get_size()
    inked = [any(image.get_at((x, y)).a > 60 for y in range(h)) for x in range(w)]
    first, last = inked.index(True), w - 1 - inked[::-1].index(True)
    widest = run = 0
    for x in range(first, last + 1):
        run = 0 if inked[x] else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("size", SIZES)
def test_no_letter_stands_apart_from_its_word(fonts, size):
    for word in WORDS:
        image = fonts.get(size).render(word, True, (0, 0, 0))
        assert widest_gap_inside(image) <= 2, f"{word!r} at size {size} has a gap inside it"


@pytest.mark.parametrize("size", SIZES)
def test_every_line_is_as_high_as_the_next(fonts, size):
    face = fonts.get(size)
    heights = {face.render(text, True, (0, 0, 0)).get_height() for text in ("ace", "Ag", "gyp", "", "10 of spades")}
    assert heights == {face.get_height()}
    assert face.size("gyp")[1] == face.get_height()


def test_descenders_are_not_cut(fonts):
    face = fonts.get(18)
    image = face.render("gyp", True, (0, 0, 0))
    bottom = image.get_height() - 1
    assert not any(image.get_at((x, bottom)).a > 60 for x in range(image.get_width())), \
        "ink on the last row: the descenders are cut short"


def test_text_on_a_background_fills_its_line(fonts):
    image = fonts.get(22).render("Paused", False, (255, 255, 255), (0, 0, 0))
    assert image.get_at((0, 0))[:3] == (0, 0, 0)
    assert {image.get_at((x, y))[:3] for x in range(image.get_width()) for y in range(image.get_height())} \
        == {(0, 0, 0), (255, 255, 255)}, "without anti-aliasing, only the two colours"


def test_a_size_says_the_width_it_renders(fonts):
    face = fonts.get(22)
    for word in WORDS:
        assert face.render(word, True, (0, 0, 0)).get_width() == face.size(word)[0]
