"""The card sheet: its grid, the loader's refusals, the scaled-picture cache, and the generator."""

from __future__ import annotations

import errno
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.media import sheet  # noqa: E402
from game.media.sheet import (  # noqa: E402
    BACKS,
    COLUMNS,
    PICTURES,
    ROWS,
    CardSheet,
    SheetError,
    check_sheet_size,
    load_sheet,
    load_sheet_or_default,
)

ROOT = Path(__file__).resolve().parent.parent
MAKE_CARDS = ROOT / "tools" / "make_cards.py"
SMALL = (100, 140)


def make_cards_module():
    spec = importlib.util.spec_from_file_location("make_cards", MAKE_CARDS)
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_cards"] = module
    spec.loader.exec_module(module)
    return module


def pixels(surface: pygame.Surface) -> np.ndarray:
    """RGBA as an array indexed [y, x, channel]."""
    rgb = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    alpha = pygame.surfarray.array_alpha(surface).T
    return np.dstack([rgb, alpha]).astype(np.int32)


def save(tmp_path: Path, size: tuple[int, int], name: str = "sheet.png") -> Path:
    path = tmp_path / name
    pygame.image.save(pygame.Surface(size, pygame.SRCALPHA, 32), str(path))
    return path


@pytest.fixture(scope="module")
def cards() -> CardSheet:
    return CardSheet.load()


@pytest.fixture(scope="module")
def small_sheet(tmp_path_factory) -> Path:
    """The generator run from the command line, at a smaller cell."""
    out = tmp_path_factory.mktemp("cards") / "small.png"
    done = subprocess.run([sys.executable, str(MAKE_CARDS), "--out", str(out), "--cell", "100x140"],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr
    assert "1300 x 700" in done.stdout
    return out


# the committed sheet -------------------------------------------------------

def test_the_built_in_sheet_is_a_grid_of_13_by_5_card_shaped_cells(cards):
    w, h = cards.surface.get_size()
    assert (w % COLUMNS, h % ROWS) == (0, 0)
    assert cards.cell == (w // 13, h // 5)
    assert 0.55 <= cards.cell[0] / cards.cell[1] <= 0.85
    assert cards.cell[0] >= 150, "the built-in cards stay crisp on a large window"


def test_every_face_is_a_different_picture(cards):
    faces = {pixels(cards.face(card)).tobytes() for card in range(52)}
    assert len(faces) == 52


def test_every_back_and_picture_is_different(cards):
    cells = [cards.back(i) for i in range(BACKS)] + [cards.picture(name) for name in PICTURES]
    assert len({pixels(c).tobytes() for c in cells}) == BACKS + len(PICTURES)


def test_red_suits_are_redder_than_black_ones(cards):
    def redness(card: int) -> float:
        p = pixels(cards.face(card))
        ink = p[..., 3] > 200
        return float((p[..., 0] - (p[..., 1] + p[..., 2]) / 2)[ink].mean())

    for rank in range(13):
        clubs, diamonds, hearts, spades = (redness(rank * 4 + s) for s in range(4))
        assert min(diamonds, hearts) > max(clubs, spades) + 2, rank + 1


def test_cards_are_rounded_with_transparent_corners_and_opaque_middles(cards):
    for cell in [cards.face(c) for c in range(52)] + [cards.back(i) for i in range(BACKS)]:
        p = pixels(cell)
        h, w = p.shape[:2]
        for y, x in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)):
            assert p[y, x, 3] == 0
        assert p[h // 2, w // 2, 3] == 255
        assert p[h // 2, 2, 3] == 255


def test_pictures_stand_on_a_transparent_ground(cards):
    for name in PICTURES:
        p = pixels(cards.picture(name))
        assert p[0, 0, 3] == 0
        assert (p[..., 3] == 0).mean() > 0.2 or name in ("outline", "redeal", "no-redeal"), name
        assert (p[..., 3] > 0).any(), name


def test_the_hands_show_more_hand_the_more_fingers_they_hold_up(cards):
    # each raised finger adds to the picture above the palm
    def ink_above_palm(name: str) -> int:
        p = pixels(cards.picture(name))
        return int((p[: p.shape[0] * 2 // 5, :, 3] > 128).sum())

    counts = [ink_above_palm(f"hand{n}") for n in range(4)]
    assert counts == sorted(counts) and len(set(counts)) == 4


def test_a_face_is_picked_by_the_engines_card_number(cards):
    # card = (rank - 1) * 4 + suit: the seven of hearts is in row 2, column 6
    assert cards.face(6 * 4 + 2).get_offset() == (6 * cards.cell[0], 2 * cards.cell[1])
    assert cards.back(3).get_offset() == (3 * cards.cell[0], 4 * cards.cell[1])
    assert cards.picture("gravestone").get_offset() == (6 * cards.cell[0], 4 * cards.cell[1])


def test_unknown_cards_backs_and_pictures_are_refused(cards):
    with pytest.raises(ValueError):
        cards.face(52)
    with pytest.raises(ValueError):
        cards.back(BACKS)
    with pytest.raises(ValueError, match="no picture 'hand4'"):
        cards.picture("hand4")


# scaling --------------------------------------------------------------------

def test_scaled_pictures_have_the_size_asked_for_and_are_kept():
    cards = CardSheet.load()
    a = cards.face_at(0, 110, 154)
    assert a.get_size() == (110, 154)
    assert cards.face_at(0, 110, 154) is a
    assert cards.back_at(2, 70, 98).get_size() == (70, 98)
    assert cards.picture_at("hand2", 60, 80).get_size() == (60, 80)
    assert cards.face_at(0, *cards.cell) is not None


def test_old_sizes_leave_the_cache_when_the_window_changes():
    cards = CardSheet.load()
    first = cards.face_at(5, 100, 140)
    for k in range(sheet.CACHED_SIZES):
        cards.face_at(5, 50 + k, 70 + k)
    assert cards.face_at(5, 100, 140) is not first


# refusals ---------------------------------------------------------------------

@pytest.mark.parametrize("size", [(100, 100), (1300, 499), (1301, 700), (0, 0)])
def test_a_sheet_of_the_wrong_shape_is_refused_naming_the_grid(size):
    with pytest.raises(SheetError, match="13 columns by 5 rows") as caught:
        check_sheet_size(*size)
    assert f"{size[0]} x {size[1]}" in str(caught.value)


@pytest.mark.parametrize("size", [(13 * 30, 5 * 30), (13 * 10, 5 * 14), (13 * 60, 5 * 40)])
def test_cells_that_are_not_card_shaped_are_refused(size):
    with pytest.raises(SheetError, match="13 columns by 5 rows"):
        check_sheet_size(*size)


def test_a_card_shaped_grid_at_any_resolution_is_accepted():
    assert check_sheet_size(13 * 71, 5 * 96) == (71, 96)
    assert check_sheet_size(13 * 200, 5 * 280) == (200, 280)


def test_a_wrong_shaped_file_is_refused_with_its_name(tmp_path):
    path = save(tmp_path, (100, 100), "square.png")
    with pytest.raises(SheetError, match="square.png.*13 columns by 5 rows.*100 x 100"):
        load_sheet(path)


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(SheetError, match="nothing.png: no such file"):
        load_sheet(tmp_path / "nothing.png")


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(SheetError, match="folder"):
        load_sheet(tmp_path)


@pytest.mark.parametrize("content", [b"", b"these are not cards\n", b"\x89PNG\r\n\x1a\n broken"])
def test_a_file_that_is_not_a_picture_is_refused(tmp_path, content):
    path = tmp_path / "cards.png"
    path.write_bytes(content)
    with pytest.raises(SheetError, match="cards.png: not a picture"):
        load_sheet(path)


def test_a_bad_sheet_falls_back_to_the_built_in_one_with_a_message(tmp_path):
    surface, message = load_sheet_or_default(tmp_path / "nothing.png")
    assert surface.get_size() == load_sheet().get_size()
    assert "nothing.png" in message and "built-in" in message


def test_no_sheet_given_means_the_built_in_one_and_no_message():
    surface, message = load_sheet_or_default(None)
    assert message is None and check_sheet_size(*surface.get_size())


def test_an_opaque_sheet_is_widened_to_32_bits(tmp_path):
    path = tmp_path / "opaque.png"
    opaque = pygame.Surface((13 * 30, 5 * 42), 0, 24)
    opaque.fill((20, 40, 60))
    pygame.image.save(opaque, str(path))
    cards = CardSheet(load_sheet(path))
    assert cards.cell == (30, 42)
    assert cards.face_at(51, 20, 28).get_size() == (20, 28)


# the generator -------------------------------------------------------------

@pytest.mark.slow
def test_the_generator_draws_at_another_resolution(small_sheet):
    cards = CardSheet.load(small_sheet)
    assert cards.cell == SMALL
    assert len({pixels(cards.face(c)).tobytes() for c in range(52)}) == 52


@pytest.mark.slow
def test_the_generator_is_deterministic(small_sheet):
    make_cards = make_cards_module()
    rgb, alpha = make_cards.draw_sheet(SMALL)
    saved = pixels(load_sheet(small_sheet))
    assert np.array_equal(saved[..., 3], alpha)
    assert np.array_equal(saved[..., :3], rgb)


def test_the_generator_refuses_a_bad_cell_size(tmp_path):
    done = subprocess.run([sys.executable, str(MAKE_CARDS), "--out", str(tmp_path / "x.png"), "--cell", "big"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "WxH" in done.stderr


# ------------------------------------------------ the scaled copies kept on disk
def painted_sheet(tmp_path: Path, name: str = "mine.png", shade: int = 0) -> Path:
    """A small sheet whose every cell is a different colour."""
    w, h = 40, 56
    surface = pygame.Surface((w * COLUMNS, h * ROWS), pygame.SRCALPHA, 32)
    for row in range(ROWS):
        for column in range(COLUMNS):
            surface.fill((column * 19 % 256, row * 35 + shade, 90, 255), (column * w, row * h, w, h))
    path = tmp_path / name
    pygame.image.save(surface, str(path))
    return path


def test_a_second_start_reads_the_scaled_cards_and_never_decodes_the_whole_sheet(tmp_path):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    first = sheet.open_sheet(path, cache)
    assert first.decoded, "nothing cached yet: the sheet is read and checked"
    drawn = [first.face_at(c, 30, 42) for c in (0, 13, 51)] + [first.back_at(2, 30, 42)]
    assert len(list(cache.glob("*" + sheet.CACHE_SUFFIX))) == 1
    again = sheet.open_sheet(path, cache)
    assert not again.decoded and again.cell == first.cell == (40, 56)
    cached = [again.face_at(c, 30, 42) for c in (0, 13, 51)] + [again.back_at(2, 30, 42)]
    assert not again.decoded, "the cached size is drawn without the whole sheet"
    assert (pixels(CardSheet(load_sheet(path)).face_at(51, 30, 42)) == pixels(cached[2])).all(), \
        "the same pixels as scaling the sheet card by card"
    for a, b in zip(drawn, cached):
        assert a.get_size() == b.get_size() == (30, 42)
        assert (pixels(a) == pixels(b)).all()
    again.face_at(5, 20, 28)                       # a size the cache lacks
    assert again.decoded


def test_a_changed_sheet_is_not_drawn_from_the_old_copies(tmp_path):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    sheet.open_sheet(path, cache).face_at(0, 30, 42)
    painted_sheet(tmp_path, shade=60)
    os.utime(path, ns=(1, 1))              # its time changes too, as an edit's does
    changed = sheet.open_sheet(path, cache)
    assert changed.decoded
    assert tuple(changed.face_at(0, 30, 42).get_at((15, 20)))[1] > 40, "the new sheet's green"


def test_a_cache_that_cannot_be_written_costs_nothing_but_time(tmp_path):
    path = painted_sheet(tmp_path)
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the folder should be")
    cards = sheet.open_sheet(path, blocked)
    assert cards.face_at(0, 30, 42).get_size() == (30, 42)
    assert blocked.read_text() == "a file where the folder should be"


def test_a_full_disk_leaves_no_part_of_a_cached_copy(tmp_path, monkeypatch):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)       # the cache is written as every file is (storage.write_atomic)
    cards = sheet.open_sheet(path, cache)
    assert cards.face_at(0, 30, 42).get_size() == (30, 42)
    assert list(cache.iterdir()) == [], "neither a copy nor a temporary file is left"


def test_a_damaged_cached_copy_is_scaled_again(tmp_path):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    good = pixels(sheet.open_sheet(path, cache).face_at(7, 30, 42))
    (copy,) = cache.glob("*" + sheet.CACHE_SUFFIX)
    copy.write_bytes(b"not a picture")
    again = sheet.open_sheet(path, cache)
    assert (pixels(again.face_at(7, 30, 42)) == good).all()


def test_the_cache_keeps_only_the_most_recently_used_copies(tmp_path):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    for n in range(sheet.CACHE_FILES + 3):
        cards = sheet.open_sheet(path, cache)
        cards.face_at(0, 20 + n, 28 + n)
    assert len(list(cache.glob("*" + sheet.CACHE_SUFFIX))) == sheet.CACHE_FILES


def test_an_older_versions_copies_are_cleared_from_the_cache(tmp_path):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    cache.mkdir()
    old = cache / "cards-0123abcd-200x280-71x99.tga"
    old.write_bytes(b"an older version's scaled sheet")
    sheet.open_sheet(path, cache).face_at(0, 30, 42)
    assert not old.exists()
    assert len(list(cache.glob("*" + sheet.CACHE_SUFFIX))) == 1


def test_a_sheet_that_breaks_after_it_was_cached_still_draws_a_table(tmp_path):
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    sheet.open_sheet(path, cache).face_at(0, 30, 42)
    cards = sheet.open_sheet(path, cache)
    path.unlink()                           # gone while the game runs
    assert cards.face_at(0, 25, 35).get_size() == (25, 35)


def test_an_unusable_sheet_falls_back_to_the_chosen_faces_then_the_classic_ones(tmp_path):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"nonsense")
    chosen = painted_sheet(tmp_path, "chosen.png")
    cards, warning = sheet.open_sheet_or_default(bad, chosen, tmp_path / "cache")
    assert cards.file == chosen and "bad.png" in warning and "built-in" in warning
    cards, warning = sheet.open_sheet_or_default(bad, tmp_path / "missing.png", tmp_path / "cache")
    assert cards.file == sheet.builtin_sheet_path() and warning
    cards, warning = sheet.open_sheet_or_default(None, None, tmp_path / "cache")
    assert cards.file == sheet.builtin_sheet_path() and warning is None


def test_the_app_started_again_draws_its_table_without_decoding_the_whole_sheet(tmp_path):
    """The second start of the game reads the cards scaled for its table
    from the data folder (smaller and quicker than the whole sheet)."""
    from gui import make_app
    # cards of 95 x 133: scaled from the large sheet (a table whose cards are
    # exactly the small faces' cell, 75 x 105, draws them as they are)
    first = make_app(tmp_path, "--game", "prince", "--seed", "1", "--size", "1280x800")
    assert list((tmp_path / "cache").glob("*" + sheet.CACHE_SUFFIX)), "the table's card size is kept"
    first.quit()
    pygame.quit()
    second = make_app(tmp_path, "--game", "prince", "--seed", "1", "--size", "1280x800")
    assert second.scene.layout.sprites, "the deal is on the table"
    assert not second.looks.colour_sheet.decoded
    second.quit()
    pygame.quit()


def test_the_built_in_sheet_is_decoded_only_when_a_large_card_is_drawn(tmp_path):
    """The built-in sheets are 300 x 420 a card (33 MB decoded): a table of
    cards no larger than the small faces never decodes them, even on a
    first start with nothing cached (start-up time and memory)."""
    from game.media.sheet import open_sheet
    sheet = open_sheet(None, tmp_path / "cache")
    assert not sheet.decoded
    sheet.face_at(12, 75, 105)
    sheet.back_at(0, 60, 84)
    assert not sheet.decoded, "small cards come from the small faces"
    sheet.face_at(12, 150, 210)
    assert sheet.decoded


def test_the_same_sheet_in_another_folder_reuses_the_cache(tmp_path):
    """The cache is keyed by the sheet's content, not its path: the one-file
    executable unpacks its sheet into a new folder at every start, and must
    find the copies it scaled last time, not write another set."""
    path, cache = painted_sheet(tmp_path), tmp_path / "cache"
    sheet.open_sheet(path, cache).face_at(0, 30, 42)
    before = sorted(p.name for p in cache.iterdir())
    elsewhere = tmp_path / "unpacked-again" / path.name
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(path.read_bytes())
    again = sheet.open_sheet(elsewhere, cache)
    assert not again.decoded, "the cached copy was not used"
    again.face_at(0, 30, 42)
    assert sorted(p.name for p in cache.iterdir()) == before, "another copy was written"
