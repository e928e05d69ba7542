"""Black & White: Atkinson dithering, the desktop pattern, and the one-bit card sheet."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.media import mono  # noqa: E402
from game.media.sheet import BACKS, COLUMNS, PICTURES, ROWS, CardSheet, load_sheet  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def card(name: str) -> int:
    return "A23456789TJQK".index(name[0]) * 4 + "CDHS".index(name[1])


def rgb_of(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface)


def alpha_of(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array_alpha(surface)


def assert_pure(surface: pygame.Surface) -> None:
    """Every pixel is (0, 0, 0) or (255, 255, 255)."""
    rgb = rgb_of(surface)
    assert set(np.unique(rgb)) <= {0, 255}
    assert (rgb[:, :, 0] == rgb[:, :, 1]).all() and (rgb[:, :, 1] == rgb[:, :, 2]).all()


def filled(size: tuple[int, int], colour, flags: int = 0) -> pygame.Surface:
    s = pygame.Surface(size, flags, 32)
    s.fill(colour)
    return s


def black_fraction(surface: pygame.Surface, rect: pygame.Rect | None = None) -> float:
    rgb = rgb_of(surface)[:, :, 0]
    if rect is not None:
        rgb = rgb[rect.left:rect.right, rect.top:rect.bottom]
    return float((rgb == 0).mean())


@pytest.fixture(scope="module")
def sheet_surface() -> pygame.Surface:
    return load_sheet()


# ------------------------------------------------------------------ the kernel

def reference_atkinson(grey: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Atkinson the slow, obvious way: pixel by pixel, in reading order."""
    g = grey.astype(np.float64).copy()
    rows, cols = g.shape
    white = np.zeros(g.shape, dtype=bool)
    for y in range(rows):
        for x in range(cols):
            white[y, x] = g[y, x] >= 128
            if not valid[y, x]:
                continue
            err = (g[y, x] - 255 * white[y, x]) / 8
            for dx, dy in mono.ATKINSON:
                if 0 <= x + dx < cols and y + dy < rows:
                    g[y + dy, x + dx] += err
    return white


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (2, 3), (17, 23), (31, 12)])
def test_the_fast_kernel_is_exactly_atkinson(shape):
    rng = np.random.default_rng(sum(shape))
    grey = rng.integers(0, 256, shape).astype(np.float32)
    valid = rng.random(shape) > 0.15
    fast = mono.atkinson(grey, valid)
    slow = reference_atkinson(grey, valid)
    assert (fast[valid] == slow[valid]).all()
    # without a mask every pixel takes part
    assert (mono.atkinson(grey) == reference_atkinson(grey, np.ones(shape, bool))).all()


def test_the_kernel_takes_only_two_dimensions():
    with pytest.raises(ValueError):
        mono.atkinson(np.zeros((2, 2, 2)))
    assert mono.atkinson(np.zeros((0, 5))).shape == (0, 5)


# ------------------------------------------------------------------ dither()

def test_dither_gives_pure_black_and_white_opaque_pixels():
    rng = np.random.default_rng(3)
    src = pygame.Surface((61, 43), 0, 32)
    pygame.surfarray.blit_array(src, rng.integers(0, 256, (61, 43, 3)).astype(np.uint8))
    out = mono.dither(src)
    assert out.get_size() == src.get_size()
    assert out is not src
    assert_pure(out)
    assert not out.get_flags() & pygame.SRCALPHA          # an opaque picture stays opaque
    assert (alpha_of(out) == 255).all()
    assert 0.2 < black_fraction(out) < 0.8


def test_dither_reads_24_and_8_bit_surfaces():
    rgb24 = pygame.Surface((20, 10), 0, 24)
    rgb24.fill((128, 128, 128))
    assert_pure(mono.dither(rgb24))
    paletted = pygame.Surface((20, 10), 0, 8)
    paletted.set_palette([(i, i, i) for i in range(256)])
    paletted.fill(200)
    assert_pure(mono.dither(paletted))


def test_dither_keeps_alpha_exactly():
    src = pygame.Surface((64, 32), pygame.SRCALPHA, 32)
    src.fill((180, 40, 60, 255))
    levels = np.tile(np.arange(64, dtype=np.uint8)[:, None] * 4, (1, 32))
    alpha = pygame.surfarray.pixels_alpha(src)
    alpha[...] = levels
    del alpha
    out = mono.dither(src)
    assert out.get_flags() & pygame.SRCALPHA
    assert_pure(out)
    assert (alpha_of(out) == levels).all()


def test_transparent_pixels_stay_transparent_and_do_not_bleed():
    src = pygame.Surface((40, 40), pygame.SRCALPHA, 32)
    src.fill((0, 0, 0, 0))                                   # black, but transparent
    src.fill((255, 255, 255, 255), pygame.Rect(20, 0, 20, 40))
    out = mono.dither(src)
    assert (alpha_of(out)[:20] == 0).all()
    assert (rgb_of(out)[20:] == 255).all()                  # no error came over from the left


def test_dither_mask_makes_alpha_one_bit():
    src = pygame.Surface((10, 10), pygame.SRCALPHA, 32)
    src.fill((255, 255, 255, 100))
    src.fill((255, 255, 255, 20), pygame.Rect(0, 0, 5, 10))
    out = mono.dither(src, mask=64)
    a = alpha_of(out)
    assert (a[:5] == 0).all() and (a[5:] == 255).all()
    with pytest.raises(ValueError):
        mono.dither(src, mask=0)


@pytest.mark.parametrize("level", [0, 255])
def test_black_and_white_stay_as_they_are(level):
    out = mono.dither(filled((50, 30), (level, level, level)))
    assert (rgb_of(out) == level).all()


def test_paper_white_stays_clean():
    """The cards' cream paper must not pick up stray dots."""
    out = mono.dither(filled((80, 80), (253, 251, 245)))
    assert (rgb_of(out) == 255).all()


def test_mid_grey_becomes_about_half_black():
    out = mono.dither(filled((100, 100), (128, 128, 128)))
    assert 0.45 <= black_fraction(out) <= 0.55
    # a pattern, not a fill: the two values are spread over every row and column
    rgb = rgb_of(out)[:, :, 0]
    assert ((rgb == 0).any(axis=0)).all() and ((rgb == 255).any(axis=0)).all()


def test_darker_greys_give_more_black():
    fractions = [black_fraction(mono.dither(filled((60, 60), (v, v, v)))) for v in (40, 90, 128, 170, 215)]
    assert fractions == sorted(fractions, reverse=True)
    assert fractions[0] > 0.8 and fractions[-1] < 0.2


def test_dither_needs_no_display():
    pygame.display.quit()            # earlier tests in this process may have opened one
    assert pygame.display.get_surface() is None
    assert_pure(mono.dither(filled((8, 8), (90, 90, 90))))
    assert pygame.display.get_surface() is None


def test_importing_mono_starts_nothing():
    code = ("import pygame, game.media.mono; "
            "print(pygame.display.get_init(), pygame.font.get_init(), pygame.mixer.get_init())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}, check=True)
    assert out.stdout.split() == ["False", "False", "None"]


def test_invert_swaps_black_and_white_and_keeps_alpha():
    src = mono.dither(filled((30, 30), (128, 128, 128, 200), pygame.SRCALPHA))
    out = mono.invert(src)
    assert (rgb_of(out) == 255 - rgb_of(src)).all()
    assert (alpha_of(out) == alpha_of(src)).all()


# ------------------------------------------------------------------ the felt

def test_the_felt_is_the_fifty_percent_desktop():
    felt = mono.mono_felt((37, 21))
    assert felt.get_size() == (37, 21)
    assert_pure(felt)
    black = rgb_of(felt)[:, :, 0] == 0
    assert (black[1:] != black[:-1]).all() and (black[:, 1:] != black[:, :-1]).all()   # a checkerboard
    assert abs(black.mean() - 0.5) < 0.02


@pytest.mark.parametrize("pattern, share", [("ltgray", 0.25), ("light", 0.125), ("dkgray", 0.75), ("gray", 0.5)])
def test_the_other_desktop_patterns(pattern, share):
    black = rgb_of(mono.mono_felt((64, 64), pattern))[:, :, 0] == 0
    assert black.mean() == pytest.approx(share)


def test_the_felt_refuses_unknown_patterns():
    with pytest.raises(ValueError):
        mono.mono_felt((10, 10), "paisley")


# ------------------------------------------------------------------ the card sheet

def test_a_small_mono_sheet_from_the_real_sheet(sheet_surface):
    started = time.perf_counter()
    out = mono.mono_sheet(sheet_surface, (40, 56))
    took = time.perf_counter() - started
    assert out.get_size() == (40 * COLUMNS, 56 * ROWS)
    assert_pure(out)
    assert set(np.unique(alpha_of(out))) == {0, 255}
    assert took < 2.0, f"a 520 x 280 sheet took {took:.2f} s"
    # it is a card sheet itself
    small = CardSheet(out)
    face = small.face(card("KH"))
    a = alpha_of(face)
    assert a[0, 0] == 0 and a[-1, -1] == 0                   # rounded corners stay transparent
    assert a[20, 28] == 255
    assert rgb_of(face)[0, 28, 0] == 0                       # a solid black outline along the edge


def test_dithering_a_crop_of_the_full_sheet_is_fast(sheet_surface):
    """A quarter of the full-resolution sheet (1300 x 700): the whole one, four
    times as big, dithers in well under the two seconds allowed."""
    crop = sheet_surface.subsurface(pygame.Rect(0, 0, 1300, 700))
    started = time.perf_counter()
    out = mono.dither(crop)
    took = time.perf_counter() - started
    assert_pure(out)
    assert (alpha_of(out) == alpha_of(crop)).all()
    assert took < 1.5, f"1300 x 700 took {took:.2f} s"


def red_and_black_areas(colour: pygame.Surface) -> tuple[np.ndarray, np.ndarray]:
    """Where the colour face shows red ink and black ink, well inside the shapes."""
    rgb = rgb_of(colour).astype(int)
    red = (rgb[:, :, 0] > 150) & (rgb[:, :, 1] < 90) & (rgb[:, :, 2] < 110)
    black = rgb.max(axis=2) < 70

    def inner(mask: np.ndarray) -> np.ndarray:
        m = mask.copy()
        for _ in range(2):
            m[1:-1, 1:-1] &= m[:-2, 1:-1] & m[2:, 1:-1] & m[1:-1, :-2] & m[1:-1, 2:]
            m[0], m[-1], m[:, 0], m[:, -1] = False, False, False, False
        return m
    return inner(red), inner(black)


@pytest.mark.parametrize("size", [(110, 154), (70, 98)])
def test_red_pips_become_a_grey_pattern_and_black_ones_stay_solid(sheet_surface, size):
    colour = CardSheet(sheet_surface)
    bw = mono.MonoSheet(sheet_surface)
    for red_card, black_card in (("AH", "AS"), ("TD", "TS")):
        red, _ = red_and_black_areas(colour.face_at(card(red_card), *size))
        _, black = red_and_black_areas(colour.face_at(card(black_card), *size))
        assert red.sum() > 12 and black.sum() > 12
        red_ink = rgb_of(bw.face_at(card(red_card), *size))[:, :, 0][red] == 0
        black_ink = rgb_of(bw.face_at(card(black_card), *size))[:, :, 0][black] == 0
        assert 0.25 < red_ink.mean() < 0.75, f"{red_card} pips: {red_ink.mean():.2f} black"
        assert black_ink.mean() > 0.95, f"{black_card} pips: {black_ink.mean():.2f} black"


def test_mono_sheet_refuses_a_sheet_off_the_grid():
    with pytest.raises(ValueError):
        mono.mono_sheet(pygame.Surface((100, 100), pygame.SRCALPHA, 32))


# ------------------------------------------------------------------ MonoSheet

def tiny_sheet() -> pygame.Surface:
    """A colour sheet of 20 x 28 cells: red faces, grey backs, a faint outline."""
    s = pygame.Surface((20 * COLUMNS, 28 * ROWS), pygame.SRCALPHA, 32)
    s.fill((200, 20, 40, 255))
    s.fill((120, 120, 120, 255), pygame.Rect(0, 4 * 28, 20 * BACKS, 28))
    s.fill((255, 255, 255, 0), pygame.Rect(20 * BACKS, 4 * 28, 20 * (COLUMNS - BACKS), 28))
    return s


def test_monosheet_answers_like_a_cardsheet():
    bw = mono.MonoSheet(tiny_sheet())
    assert isinstance(bw, CardSheet)
    assert bw.cell == (20, 28)
    for image in (bw.face(card("QD")), bw.back(1), bw.picture("gravestone")):
        assert image.get_size() == (20, 28)
        assert_pure(image)
    for image in (bw.face_at(card("QD"), 33, 47), bw.back_at(2, 33, 47), bw.picture_at("redeal", 33, 47)):
        assert image.get_size() == (33, 47)
        assert_pure(image)
    assert bw.face_at(card("QD"), 33, 47) is bw.face_at(card("QD"), 33, 47)   # kept per size
    assert bw.face_at(card("QD"), 20, 28).get_size() == (20, 28)             # its own size
    assert rgb_of(bw.colour)[5, 5].tolist() == [200, 20, 40]                 # the colour art is untouched


def test_monosheet_refuses_what_the_cardsheet_refuses():
    bw = mono.MonoSheet(tiny_sheet())
    with pytest.raises(ValueError):
        bw.face_at(52, 30, 42)
    with pytest.raises(ValueError):
        bw.back_at(BACKS, 30, 42)
    with pytest.raises(ValueError):
        bw.picture_at("joker", 30, 42)


def test_every_picture_is_drawn_as_a_figure_or_a_line():
    assert set(mono.FIGURES) | set(mono.LINES) == set(PICTURES)
    assert not set(mono.FIGURES) & set(mono.LINES)


def test_monosheet_keeps_only_a_few_sizes():
    bw = mono.MonoSheet(tiny_sheet())
    for w in range(20, 20 + 2 * mono.CACHED_SIZES):
        bw.face_at(0, w, 40)
    assert len(bw._sizes) == mono.CACHED_SIZES
    bw.clear_cache()
    assert not bw._sizes


def test_monosheet_from_a_cardsheet(sheet_surface):
    colour = CardSheet(sheet_surface)
    bw = mono.MonoSheet.from_sheet(colour)
    assert bw.colour is sheet_surface
    assert mono.MonoSheet.from_sheet(bw).colour is sheet_surface
    image = bw.picture_at("outline", 50, 70)
    assert_pure(image)
    assert (alpha_of(image) == 255).any()                   # the faint outline survives as a line
