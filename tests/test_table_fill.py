"""The table at every size (issue 29): every game's cards are as large as
the table allows and fill it, centred, from the smallest window to a
3840 x 2160 screen (at the common shapes of 16:10 and 16:9; a window much
wider or taller than those keeps its cards centred in wider margins); the built-in faces are never enlarged; the corner
indices and the counts stay readable on the smallest window.

The table is the window less the menu bar and the status line, their
heights at the chrome's scale for the window's size (``App.table_area``:
the status line takes two lines in a window narrower than 1600 base
pixels, so the table is shorter there).  What a layout uses of it is the
bounding box of its places, its cards, its pictures and the grids' row
letters and column numbers (their ink as drawn); a column's place reaches
down to where its cards will fan (its drop area), the room a pile game
keeps for its columns to grow.  No label's ink runs off the table.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest
from pygame import Rect

import engine
from game.games import build
from game.media import assets, sheet
from game.media.looks import FACES
from game.media.surfaces import Fonts
from game.shell.window import MIN_WINDOW
from game.ui import menubar
from game.voice.status import StatusLine

ROOT = Path(__file__).resolve().parent.parent
SIZES = [(800, 560), (1280, 800), (1366, 768), (1920, 1080), (3840, 2160)]
SMALLEST = (800, 560)
LARGEST = (3840, 2160)
#: a game may leave this share of the table's width or height around its cards, at most
UNUSED = 0.1
#: the corner index's rank and the counts stand this many pixels tall at least, less
#: a pixel's rounding ("about 10 px")
READABLE = 9.5
ASPECT = 300 / 420

#: every game, and every option that could change its table
CASES = [
    *[(name, dict(zip(cls.OPTIONS, values)), {}) for name, cls in engine.GAMES.items()
      for values in itertools.product(*cls.OPTIONS.values())],
    ("gaps", {}, {"timer_shown": False}),
    ("smith", {"rule": "any-suit"}, {"spacing": {"c1": 1.5}}),
]
IDS = [f"{n}-{'-'.join(str(v) for v in o.values()) or 'plain'}"
       + ("-no-timer" if u.get("timer_shown") is False else "-spread" if u.get("spacing") else "")
       for n, o, u in CASES]


def chrome_fonts(size: tuple[int, int]) -> Fonts:
    """The fonts at the chrome's scale for a window of ``size`` (a display of the base density)."""
    fonts = Fonts()
    fonts.density = 1.0
    fonts.fit(size)
    return fonts


def table_area(size: tuple[int, int]) -> Rect:
    """The window between the menu bar and the status line, as the app reads their heights."""
    w, h = size
    fonts = chrome_fonts(size)
    bar = menubar.MenuBar(fonts, lambda: []).height()
    status = StatusLine(fonts, None, None).height(w)
    return Rect(0, bar, w, h - bar - status)


def test_the_table_is_shorter_where_the_status_line_takes_two_lines():
    assert table_area((800, 560)).h < table_area((1800, 560)).h
    assert table_area((1280, 800)).top == menubar.HEIGHT


_FONTS: list[Fonts] = []


def ink(label) -> Rect:
    """Where ``label``'s letters are drawn on the table (as ``Canvas.text`` places them)."""
    if not _FONTS:
        _FONTS.append(Fonts())
    try:
        image = _FONTS[0].get(label.size).render(label.text, True, (255, 255, 255))
    except pygame.error:    # another test in this process quit pygame since the fonts were made: made again
        _FONTS[:] = [Fonts()]
        image = _FONTS[0].get(label.size).render(label.text, True, (255, 255, 255))
    box = image.get_rect()
    box.centery = label.rect.centery
    if label.align == "left":
        box.left = label.rect.left
    elif label.align == "right":
        box.right = label.rect.right
    else:
        box.centerx = label.rect.centerx
    inked = image.get_bounding_rect()
    return inked.move(box.topleft)


def layout_of(name: str, options: dict, ui: dict, size: tuple[int, int], area: Rect | None = None):
    game = engine.new_game(name, seed=2, **options)
    return build(game, area or table_area(size), ASPECT, ui)


def used(layout) -> Rect:
    rects = [s.rect for s in layout.slots.values()] + [s.drop for s in layout.slots.values() if s.drop]
    rects += [s.rect for s in layout.sprites] + [p.rect for p in layout.pictures]
    rects += [ink(label) for label in layout.labels if label.role]
    return rects[0].unionall(rects[1:])


# ------------------------------------------------------------------ fill

@pytest.mark.every_game
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name, options, ui", CASES, ids=IDS)
def test_no_game_leaves_more_than_a_tenth_of_the_table_unused(name, options, ui, size):
    area = table_area(size)
    layout = layout_of(name, options, ui, size)
    box = used(layout)
    assert area.contains(box), f"the table of {name} runs off the window: {box} in {area}"
    for label in layout.labels:
        assert area.contains(ink(label)), f"{name}'s {label.text!r} runs off the table at {size}"
    unused_w, unused_h = (area.w - box.w) / area.w, (area.h - box.h) / area.h
    assert unused_w <= UNUSED, f"{name} leaves {unused_w:.0%} of the width unused at {size}"
    assert unused_h <= UNUSED, f"{name} leaves {unused_h:.0%} of the height unused at {size}"
    # centred: the margins either side differ by a few pixels at most
    assert abs((box.left - area.left) - (area.right - box.right)) <= 4, f"{name} sits off centre"
    assert abs((box.top - area.top) - (area.bottom - box.bottom)) <= max(4, layout.card[1] // 4)


@pytest.mark.every_game
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name, options, ui", CASES, ids=IDS)
def test_the_cards_are_as_large_as_the_table_allows(name, options, ui, size):
    """No limit but the table's: on a table a tenth larger each way, the cards are larger."""
    area = table_area(size)
    larger = Rect(area.x, area.y, int(area.w * 1.1), int(area.h * 1.1))
    card = layout_of(name, options, ui, size).card
    assert layout_of(name, options, ui, size, larger).card[1] > card[1], \
        f"{name}'s cards stop at {card} on a table of {area.size}"


# ------------------------------------------------------------------ crisp faces

def builtin_sheets() -> dict[str, sheet.CardSheet]:
    return {faces: sheet.open_sheet(assets.path("cards", file)) for faces, file in FACES.items()}


def shown_sizes(size: tuple[int, int]) -> set[tuple[int, int]]:
    """Every size a card face or a sheet picture is drawn at, in every game at ``size``."""
    sizes = set()
    for name, options, ui in CASES:
        layout = layout_of(name, options, ui, size)
        sizes.add(layout.card)
        sizes |= {p.rect.size for p in layout.pictures if p.name in sheet.PICTURES}
    return sizes


@pytest.mark.every_game
def test_the_faces_at_3840_by_2160_are_drawn_from_pictures_at_least_that_large():
    sizes = shown_sizes(LARGEST)
    assert max(h for _, h in sizes) > 336, "the cards at 4K are larger than before (240 x 336)"
    for faces, cards in builtin_sheets().items():
        for w, h in sizes:
            source = cards.source_for(w, h)
            assert source.cell[0] >= w and source.cell[1] >= h, \
                f"the {faces} faces are enlarged from {source.cell} to {(w, h)}"
            assert cards.face_at(0, w, h).get_size() == (w, h)


@pytest.mark.every_game
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_card_drawn_smaller_than_its_picture_stays_opaque(size):
    """smoothscale's shrinking filter loses a few levels: a face 251 opaque
    lets the card under it show through, faintly, in a fanned column."""
    import numpy as np
    cards = builtin_sheets()["classic"]
    w, h = max(shown_sizes(size), key=lambda s: s[1])
    for card in (0, 20, 51):
        alpha = pygame.surfarray.array_alpha(cards.face_at(card, w, h))
        inside = alpha[w // 8:w - w // 8, h // 8:h - h // 8]
        assert np.all(inside == 255), f"a {w} x {h} face is only {inside.min()} opaque"


def test_a_players_own_sheet_is_drawn_from_its_own_pictures(tmp_path):
    """A sheet of the player's has no small companion: it draws every size."""
    own = tmp_path / "cards.png"
    pygame.image.save(pygame.Surface((13 * 50, 5 * 70), pygame.SRCALPHA), str(own))
    cards = sheet.open_sheet(own)
    assert cards.source_for(40, 56) is cards and cards.source_for(400, 560) is cards


# ------------------------------------------------------------------ readable

def rank_height(face: pygame.Surface) -> int:
    """How many rows the corner index's rank covers on ``face`` as shown:
    the inked rows (a colour far from the paper, at least half opaque) in
    the top-left corner, above the pips and the court's panel."""
    w, h = face.get_size()
    rows = 0
    for y in range(1, int(0.21 * h)):
        for x in range(max(1, int(0.06 * w)), int(0.3 * w)):
            r, g, b, a = face.get_at((x, y))
            if a >= 128 and min(r, g, b) < 140:
                rows += 1
                break
    return rows


def black_and_white(cards: sheet.CardSheet) -> sheet.CardSheet:
    from game.media.mono import MonoSheet
    return MonoSheet.from_sheet(cards)


LOOKS = {"colour": lambda cards: cards, "black-and-white": black_and_white}


@pytest.mark.every_game
@pytest.mark.parametrize("look", list(LOOKS))
@pytest.mark.parametrize("faces", list(FACES))
def test_the_corner_indices_are_readable_on_the_smallest_window(faces, look):
    assert MIN_WINDOW == SMALLEST, "the smallest window is the one measured here"
    cards = LOOKS[look](builtin_sheets()[faces])
    for name, options, ui in CASES:
        w, h = layout_of(name, options, ui, SMALLEST).card
        for card in ("AS", "KH", "7C", "QD"):
            face = cards.face_at(int(engine.cards.BY_NAME[card]), w, h)
            shown = rank_height(face)
            assert shown >= READABLE, f"{name}'s {card} ({w} x {h}, {faces}, {look}) has an index {shown} px tall"


def inked_height(image: pygame.Surface, paper: tuple[int, int, int] | None) -> int:
    """How many rows of ``image`` hold ink: opaque pixels (``paper`` None:
    text on a clear ground), or pixels unlike ``paper``."""
    if paper is None:
        return image.get_bounding_rect().h
    import numpy as np
    rgb = pygame.surfarray.array3d(image)
    rows = np.nonzero(np.any(np.any(rgb != np.array(paper), axis=2), axis=0))[0]
    return int(rows[-1] - rows[0] + 1) if len(rows) else 0


@pytest.mark.every_game
@pytest.mark.parametrize("look", list(LOOKS))
def test_the_counts_are_readable_on_the_smallest_window(look):
    """Every label on the table (counts, the rows' letters and the columns'
    numbers, legends): its digits as tall as the corner indices, drawn as
    ``Canvas.text`` draws them (Black & White: black, unsmoothed, on white)."""
    from game.media.surfaces import Fonts
    fonts = Fonts()
    for name, options, ui in CASES:
        for label in layout_of(name, options, ui, SMALLEST).labels:
            face = fonts.get(label.size)
            if look == "colour":
                shown = inked_height(face.render("0123456789", True, (255, 255, 255)), None)
            else:
                shown = inked_height(face.render("0123456789", False, (0, 0, 0), (255, 255, 255)), (255, 255, 255))
            assert shown >= READABLE, f"{name}'s {label.text!r} is {shown} px tall ({look})"


@pytest.mark.parametrize("look", list(LOOKS))
def test_the_smallest_window_gives_small_cards_their_larger_index(look):
    """What the index test measures is the small faces at work, in colour
    and in Black & White: the large sheet's own index, scaled (and dithered)
    to the same card, is too small to read."""
    from game.media.mono import MonoSheet, mono_sheet
    cards = sheet.open_sheet(assets.path("cards", "cards.png"))
    w, h = layout_of("chinese-puzzle", {"redeals": 2, "aces": "free"}, {}, SMALLEST).card
    assert cards.source_for(w, h) is not cards
    ace = int(engine.cards.BY_NAME["AS"])
    if look == "colour":
        scaled = pygame.transform.smoothscale(cards.face(ace), (w, h))
    else:
        assert MonoSheet.from_sheet(cards).colour_for((w, h)) is cards.source_for(w, h).surface
        scaled = mono_sheet(cards.surface, (w, h)).subsurface(Rect(0, 0, w, h))
    assert rank_height(scaled) < READABLE
    assert rank_height(LOOKS[look](cards).face_at(ace, w, h)) >= READABLE


def test_black_and_white_draws_larger_cards_from_the_large_faces():
    from game.media.mono import MonoSheet
    cards = sheet.open_sheet(assets.path("cards", "cards.png"))
    bw = MonoSheet.from_sheet(cards)
    assert bw.colour_for((200, 280)) is bw.colour
    assert MonoSheet.from_sheet(bw).colour_sheet is cards


# ------------------------------------------------------------------ the small faces are the tool's

@pytest.mark.parametrize("faces", [pytest.param(f, marks=[] if f == "classic" else [pytest.mark.slow])
                                   for f in FACES])
def test_the_small_faces_are_what_make_cards_draws(faces):
    import importlib.util
    import sys

    import numpy as np

    spec = importlib.util.spec_from_file_location("make_cards", ROOT / "tools" / "make_cards.py")
    make_cards = importlib.util.module_from_spec(spec)
    sys.modules["make_cards"] = make_cards
    spec.loader.exec_module(make_cards)
    style = make_cards.small_style(make_cards.STYLES[faces])
    rgb, alpha = make_cards.draw_sheet(make_cards.SMALL_CELL, style)
    shipped = pygame.image.load(str(assets.path("cards", FACES[faces].replace(".png", "-small.png"))))
    assert np.array_equal(pygame.surfarray.array3d(shipped).transpose(1, 0, 2)[alpha > 0], rgb[alpha > 0])
    assert np.array_equal(pygame.surfarray.array_alpha(shipped).T, alpha)
