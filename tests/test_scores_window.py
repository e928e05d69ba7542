"""The Scores window shows results over time as pictures: for each rule
played, a strip of wins and losses, the running win rate and the points,
and the streaks in words; readable at any window size the game allows."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.scoring import Record, Statistics  # noqa: E402
from game.surfaces import Fonts  # noqa: E402
from game.ui.dialogs import INK, PAPER  # noqa: E402
from game.ui.scores import WIN_INK, scores_dialog  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def stats_with(results: dict[str, list[bool]]) -> Statistics:
    st = Statistics()
    for rule, games in results.items():
        rec = st.records.setdefault(("prince", rule), Record())
        for won in games:
            rec.add(won, 1.0 if won else -2.0, 50)
    return st


def drawn(st: Statistics, size=(1280, 800)):
    screen = pygame.Surface(size)
    screen.fill((24, 98, 56))
    dialog = scores_dialog(st, "prince", "The Prince")
    dialog.draw(screen, Fonts())
    return screen, dialog


def count(screen: pygame.Surface, colour) -> int:
    return sum(1 for x in range(screen.get_width()) for y in range(0, screen.get_height(), 2)
               if screen.get_at((x, y))[:3] == colour)


def test_each_win_is_a_filled_square_and_each_loss_a_hollow_one():
    few, many = drawn(stats_with({"alternate": [True, False, True]}))[0], \
        drawn(stats_with({"alternate": [True, False, True, True, True, True]}))[0]
    assert 0 < count(few, WIN_INK) < count(many, WIN_INK)


def test_only_rules_played_get_pictures():
    _, dialog = drawn(stats_with({"same-suit": [False, False]}))
    assert [name for name, _ in dialog.charts] == ["Same suit"]
    _, none = drawn(Statistics())
    assert none.charts == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)])
def test_the_window_fits_the_screen_at_every_size(size):
    st = stats_with({"alternate": [True] * 30, "any-suit": [False] * 12, "same-suit": [True, False] * 20})
    screen, dialog = drawn(st, size)
    assert screen.get_rect().contains(dialog.rect)


def test_the_pictures_are_ink_on_paper_so_they_read_in_black_and_white():
    screen, dialog = drawn(stats_with({"alternate": [True, False] * 10}))
    inside = screen.subsurface(dialog.rect.inflate(-8, -8))
    assert count(inside, INK) > 500 and count(inside, PAPER) > 10000
