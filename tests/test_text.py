"""Text on the table, in menus and dialogs is set evenly: no letter stands
apart from its word ("T he Prince", "Point s" as the font's kerning table set
them), and a line keeps its height whatever its letters."""

from __future__ import annotations

import pygame
import pytest

from game.media.surfaces import Fonts

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


# ----------------------------------------------------------- every name a player can type

from game.media.surfaces import Canvas, fallback_files, font_for, runs  # noqa: E402
from game.ui.dialogs import INK, PAPER  # noqa: E402
from game.ui.scores import high_scores_dialog  # noqa: E402
from game.voice.status import STATUS_SIZE  # noqa: E402

#: a letter no font has (the last code point of the last private-use plane):
#: pygame's own font draws its box for it
NO_GLYPH = "\U0010fffd"


def ink_rows(image: pygame.Surface, colour=None) -> list[int]:
    """The rows with ink: alpha on a transparent image, else pixels of ``colour``."""
    w, h = image.get_size()
    if colour is None:
        return [y for y in range(h) if any(image.get_at((x, y)).a > 60 for x in range(w))]
    return [y for y in range(h) if any(image.get_at((x, y))[:3] == colour for x in range(w))]


@pytest.mark.parametrize("size", SIZES)
def test_the_accents_over_capitals_are_not_cut(fonts, size):
    face = fonts.get(size)
    plain, accented = face.render("AEOA", True, (0, 0, 0)), face.render("ÅÉÖÂ", True, (0, 0, 0))
    assert plain.get_height() == accented.get_height() == face.get_height()
    caps_top = ink_rows(plain)[0]
    rows = ink_rows(accented)
    assert rows[0] < caps_top - 1, f"at size {size} nothing is drawn above the capitals: the accents are cut"
    whole, _ = face._font.render("ÅÉÖÂ", (0, 0, 0))      # FreeType's own picture, as high as the ink
    assert len(ink_rows(accented)) == len(ink_rows(whole)), f"at size {size} the letters are cut off"


def test_the_status_line_shows_the_accents(fonts):
    """Drawn as the status line draws it (Canvas.text, left in the bar), the
    accents stand above the capitals inside the bar."""
    screen = pygame.display.set_mode((400, 60))
    canvas = Canvas(screen, None, fonts)
    bar = pygame.Rect(0, 20, 400, 26)

    def drawn(text: str) -> list[int]:
        surface = pygame.Surface((400, 60))
        surface.fill((30, 30, 34))
        canvas.text(surface, text, bar.inflate(-24, 0), STATUS_SIZE, (225, 225, 215), "left", shadow=False)
        return ink_rows(surface.subsurface(bar), (225, 225, 215))

    plain, accented = drawn("AEOA"), drawn("ÅÉÖÂ")
    assert accented[0] < plain[0] - 1, "the accents are cut at the status line's size"
    assert accented[0] >= 0 and accented[-1] < bar.h - 1, "inside the bar"


def looks_like_a_box(face, letter: str) -> bool:
    box = face.render(NO_GLYPH, True, (0, 0, 0))
    drawn = face.render(letter, True, (0, 0, 0))
    return drawn.get_size() == box.get_size() and all(
        drawn.get_at((x, y)) == box.get_at((x, y)) for x in range(box.get_width()) for y in range(box.get_height()))


def has_font_for(letter: str) -> bool:
    return font_for(letter) != "pygame" or not looks_like_a_box(Fonts().get(20), letter)


NAMES = {
    # pygame's own font (FreeSans Bold) has Greek and Cyrillic; DejaVu Sans too
    "Greek": "Αλέξανδρος Ζωή",
    "Cyrillic": "Дмитрий Щукин Ёлка",
    # a CJK font: Noto Sans CJK, Droid Sans Fallback, WenQuanYi, Microsoft YaHei, PingFang...
    "CJK": "中文名字 さくら",
    # an Arabic font: DejaVu Sans, Noto Sans Arabic, Tahoma, Segoe UI...
    "Arabic": "عربي",
    # a font with emoji: DejaVu Sans (in outline), Noto Emoji, Segoe UI Emoji, Symbola...
    "emoji": "😀",
}


@pytest.mark.parametrize("script", sorted(NAMES))
def test_a_name_in_another_script_is_drawn_without_boxes(fonts, script):
    name = NAMES[script]
    missing = [c for c in name if not c.isspace() and not has_font_for(c)]
    if missing:
        pytest.skip(f"no font on this system has {script} letters ({''.join(missing)}): "
                    f"the test needs one (see NAMES)")
    face = fonts.get(21)
    for letter in name:
        if not letter.isspace():
            assert not looks_like_a_box(face, letter), f"{letter!r} is drawn as a box"
    image = face.render(name, True, (0, 0, 0))
    assert image.get_width() == face.size(name)[0] and image.get_height() == face.get_height()
    assert ink_rows(image), "the letters are drawn"


def test_the_letters_the_default_font_lacks_come_from_a_system_font(fonts):
    cjk = "中"
    if font_for(cjk) == "pygame":
        pytest.skip("no CJK font on this system (Noto Sans CJK, Droid Sans Fallback, WenQuanYi ...)")
    assert font_for(cjk) in fallback_files()
    assert [r[0] for r in runs("Ann 中文")] == ["pygame", font_for(cjk)]
    assert runs("Plain ASCII") == [("pygame", "Plain ASCII", None)], "plain text needs no other font"


def test_a_joining_script_is_one_run_drawn_right_to_left():
    if font_for("ع") == "pygame" and not fallback_files():
        pytest.skip("no Arabic font on this system (DejaVu Sans, Noto Sans Arabic, Tahoma ...)")
    parts = runs("عربي وعلي")
    assert len(parts) == 1 and parts[0][2] == "Arab", "both words shaped together, in their order"


def find(screen: pygame.Surface, image: pygame.Surface, row: range) -> bool:
    """Whether ``image`` (ink on the dialogs' paper) lies on ``screen`` with its top in ``row``."""
    import numpy as np
    tile = pygame.Surface(image.get_size())
    tile.fill(PAPER)
    tile.blit(image, (0, 0))
    want = pygame.surfarray.array3d(tile)
    have = pygame.surfarray.array3d(screen)
    w, h = want.shape[:2]
    for y in row:
        for x in range(have.shape[0] - w):
            if np.array_equal(have[x:x + w, y:y + h], want):
                return True
    return False


@pytest.mark.parametrize("script", ["Greek", "Cyrillic", "CJK", "Arabic"])
def test_the_high_scores_show_a_name_in_another_script(fonts, script):
    name = NAMES[script]
    if any(not c.isspace() and not has_font_for(c) for c in name):
        pytest.skip(f"no font on this system has {script} letters: the test needs one (see NAMES)")

    def drawn(who: str) -> tuple[pygame.Surface, range]:
        screen = pygame.Surface((1000, 600))
        dialog = high_scores_dialog([{"name": who, "shuffles": 1, "seconds": 75, "date": "2026-11-27"}])
        dialog.draw(screen, fonts)
        top = dialog.rect.y + 18 + 34 + 22          # the first row under the header
        return screen, range(top - 1, top + 2)

    body = fonts.get(21)
    screen, row = drawn(name)
    assert find(screen, body.render(name, True, INK), row), "the name is in the table as the font draws it"
    assert not find(screen, body.render(NO_GLYPH, True, INK), row), "no letter of the name is a box"
    boxed, row = drawn(name + NO_GLYPH)
    assert find(boxed, body.render(NO_GLYPH, True, INK), row), "(a box would be found)"
