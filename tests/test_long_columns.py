"""A long column stays readable: every covered card shows its corner index
(rank and suit side by side), the column stays on the table, and the spacing
control's "more" spreads even a long column."""

from __future__ import annotations

import pytest
from pygame import Rect

import engine
from game.games import build
from game.layouts.piles import INDEX

ASPECT = 200 / 280
SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def smith_with_a_column_of(n: int) -> engine.Game:
    """A Smith puzzle whose first column holds ``n`` cards (the rest of both
    decks in the stock and the other columns)."""
    deal = engine.new_game("smith", seed=5).to_dict()["position"]
    cards = list(deal["stock"]) + [c for col in deal["columns"] for c in col]
    left = len(cards) - n - 21                      # besides column 1 and three cards in each other
    stock = 8 * (left // 8)                         # the stock deals eight at a time
    sizes = [3 + (k < left - stock) for k in range(7)]
    columns, at = [cards[:n]], n
    for size in sizes:
        columns.append(cards[at:at + size])
        at += size
    rest = cards[at:]
    assert len(rest) == stock
    doc = {"format": 1, "game": "smith", "options": {"rule": "any-suit"},
           "position": {"columns": columns, "stock": rest, "foundations": [None] * 8}}
    return engine.from_dict(doc)


def column(layout, place="c1"):
    return [s.rect for s in layout.pile(place)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [8, 16, 24, 30])
def test_every_covered_card_shows_its_index_and_the_column_stays_on_the_table(size, n):
    area = Rect(0, 0, *size)
    layout = build(smith_with_a_column_of(n), area, ASPECT)
    rects = column(layout)
    assert len(rects) == n
    least = int(layout.card[1] * INDEX)
    for upper, lower in zip(rects, rects[1:]):
        assert lower.top - upper.top >= least, f"a card covered to {lower.top - upper.top} px hides its index"
    assert rects[-1].bottom <= area.bottom


def test_short_columns_keep_the_full_size_cards():
    area = Rect(0, 0, 1280, 800)
    assert build(smith_with_a_column_of(6), area, ASPECT).card == \
        build(engine.new_game("smith", seed=1), area, ASPECT).card


@pytest.mark.parametrize("n, spread", [(5, 1.4), (24, 1.0)])
def test_more_spreads_a_column_short_or_long(n, spread):
    """A short column spreads by half again; a long one as far as the table
    allows (smaller cards make the room), and still fits."""
    area = Rect(0, 0, 1280, 800)
    game = smith_with_a_column_of(n)
    plain = column(build(game, area, ASPECT))
    more = build(game, area, ASPECT, {"spacing": {"c1": 1.5}})
    step = lambda rects: (rects[-1].top - rects[0].top) / (len(rects) - 1)  # noqa: E731
    assert step(column(more)) > step(plain) * spread
    assert column(more)[-1].bottom <= area.bottom
    assert step(column(more)) >= INDEX * more.card[1]


def test_a_column_too_long_for_any_card_size_still_fits_the_table():
    area = Rect(0, 0, 1024, 640)
    rects = column(build(smith_with_a_column_of(60), area, ASPECT))
    assert rects[-1].bottom <= area.bottom
    assert all(lower.top > upper.top for upper, lower in zip(rects, rects[1:]))


def test_a_deal_that_shrinks_the_cards_repaints_the_whole_table(tmp_path):
    """The cards shrink when a column grows past what the table holds at full
    size; the screen then shows the table as it now is, to its last row."""
    import pygame
    from gui import key, make_app, settle

    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    area = app.table_area()
    sizes = {n: build(smith_with_a_column_of(n), area, ASPECT).card for n in range(8, 30)}
    n = next(k for k in range(8, 29) if sizes[k + 1] != sizes[k])
    app.show_game(smith_with_a_column_of(n))
    settle(app)
    before = app.scene.layout.card
    key(app, pygame.K_d, pygame.KMOD_CTRL)      # deal: a card on every column
    settle(app)
    assert app.game.history == ["deal"]
    assert app.scene.layout.card != before
    screen = pygame.surfarray.array3d(app.screen.subsurface(area))
    background = pygame.surfarray.array3d(app.canvas.background.subsurface(area))
    assert (screen == background).all(), "a strip of the old, larger cards is left on the screen"
