"""The chrome at every size: the menu bar, the status line and the dialogs
grow with the window (and the display's density), stay readable in the
smallest window, and a refusal's whole reason is read at 800x560.

Text heights are measured on the screen as drawn: the rows of a band or a
dialog's first line holding ink (pixels unlike the band's own colour)."""

from __future__ import annotations

import pygame
import pytest
from gui import center_of, drag, make_app, post, pump

from game.media.surfaces import ui_scale
from game.ui.dialogs import PAPER
from game.ui.menubar import BAR

STATUS_BACK = (30, 30, 34)
SIZES = [(800, 560), (1280, 800), (3840, 2160)]
READABLE = 12           # pixels of ink at least, from a capital's top to a tail's foot


def ink_height(surface: pygame.Surface, rect: pygame.Rect, background) -> int:
    """How many rows of ``rect`` lie between its first and its last pixel
    unlike ``background`` (0: none)."""
    area = surface.subsurface(rect.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(area, background, (60, 60, 60, 255))
    mask.invert()
    boxes = mask.get_bounding_rects()
    if not boxes:
        return 0
    box = boxes[0].unionall(boxes[1:])
    return box.h


def resize(app, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
    pump(app)
    assert app.screen.get_size() == size


def chrome_at(tmp_path, size: tuple[int, int]):
    """The app in a window of ``size`` on a display of the base density."""
    app = make_app(tmp_path, "--game", "prince", "--seed", "2", "--size", f"{size[0]}x{size[1]}")
    app.fonts.density = 1.0         # the dummy display's desktop is small; said here, not assumed
    app.resized()
    pump(app)
    return app


def heights(app) -> dict[str, int]:
    """The ink heights of the menu titles, the status line and a dialog's first line, as drawn."""
    screen = app.screen
    bar = app.chrome_rect("menu")
    status = app.chrome_rect("status")
    out = {"menu": ink_height(screen, bar.inflate(0, -2 * max(2, app.fonts.px(2))), BAR)}
    # one line of the status line (in a two-line band, its upper line)
    step = app.status.font().get_linesize()
    lines = len(app.status.status_lines(app.session, status.w - app.fonts.px(24)))
    top = status.centery - step * lines // 2
    out["status"] = ink_height(screen, pygame.Rect(status.x, top, status.w, step), STATUS_BACK)
    app.alert("Type a deal's code (shown at the bottom of every table) to play the same deal.")
    dialog = app.dialogs[-1]
    first = pygame.Rect(dialog.rect.x + dialog.px(20), dialog.body_top, dialog.rect.w - dialog.px(40), dialog.line)
    out["dialog"] = ink_height(app.screen, first, PAPER)
    out["button"] = dialog._buttons[0][0].h
    out["dialog width"] = dialog.rect.w
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.dialogs.pop()
    app.redraw_all()
    return out


def test_the_scale_grows_with_the_window_and_never_shrinks_below_the_base():
    assert ui_scale((800, 560)) == 1.0
    assert ui_scale((1280, 800)) == 1.0
    assert ui_scale((1180, 760)) == 1.0, "the default window draws the base sizes"
    assert ui_scale((3840, 2160)) >= 1.8 * ui_scale((1280, 800))
    assert ui_scale((1920, 1080)) > 1.2
    assert ui_scale((3840, 800)) == 1.0, "a wide, low window keeps the base (its height decides)"
    # a dense display: a middling window grows to its density, a small one keeps its room
    assert ui_scale((1600, 1000), density=1.7) == 1.7
    assert ui_scale((800, 560), density=1.7) == 1.0
    assert ui_scale((1280, 800), density=3.0) <= 2.0


def test_the_chrome_grows_at_4k_and_stays_readable_at_800x560(tmp_path):
    measured = {size: heights(chrome_at(tmp_path / f"{size[0]}", size)) for size in SIZES}
    small, base, big = (measured[s] for s in SIZES)
    for part in ("menu", "status", "dialog"):
        assert small[part] >= READABLE, f"{part}: {small[part]} px of text at 800x560"
        assert big[part] >= 1.8 * base[part], f"{part}: {base[part]} px at 1280x800, {big[part]} at 3840x2160"
    assert big["button"] >= 1.8 * base["button"]
    assert big["dialog width"] >= 1.8 * base["dialog width"]


def test_the_bands_are_what_the_table_leaves_room_for(tmp_path):
    for size in SIZES:
        app = chrome_at(tmp_path / f"{size[0]}", size)
        area, bar, status = app.table_area(), app.chrome_rect("menu"), app.chrome_rect("status")
        assert area.top == bar.bottom and area.bottom == status.top and status.bottom == size[1]
        assert bar.h == app.menu.height() >= app.menu.fonts.ui(22).get_height()
        assert status.h >= app.status.font().get_height() * len(
            app.status.status_lines(app.session, status.w - app.fonts.px(24)))
        assert app.scene.layout.size == area.size


def test_resizing_rescales_the_chrome(tmp_path):
    app = chrome_at(tmp_path, (1280, 800))
    before = (app.fonts.scale, app.chrome_rect("menu").h, heights(app)["menu"])
    resize(app, (2560, 1600))
    after = (app.fonts.scale, app.chrome_rect("menu").h, heights(app)["menu"])
    assert before[0] == 1.0 and after[0] == 2.0
    assert after[1] == 2 * before[1]
    assert after[2] >= 1.8 * before[2]
    assert app.table_area().top == after[1] and app.scene.layout.size == app.table_area().size
    resize(app, (1280, 800))
    assert (app.fonts.scale, app.chrome_rect("menu").h) == before[:2]


REFUSAL = "The king of diamonds cannot go on the eight of diamonds"


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1100, 700), (1180, 760), (1280, 800), (3840, 2160)])
def test_a_long_refusal_is_read_whole(tmp_path, size):
    """A card dropped where it may not go (The Prince, deal 2: the king of
    diamonds onto the eight of diamonds): its whole reason is on the status
    line, each line within the band, at every size; the game's name and the
    solver's word make room for it (and in a one-line band just too narrow
    for both, the counts do)."""
    app = chrome_at(tmp_path, size)
    drag(app, center_of(app, "c1"), center_of(app, "c6"))
    reason = app.message
    assert reason.startswith(REFUSAL) and reason.endswith("only a black seven goes on the eight of diamonds."), \
        reason
    status = app.chrome_rect("status")
    inner = status.w - app.fonts.px(24)
    lines = app.status.status_lines(app.session, inner)
    font = app.status.font()
    for left, right in lines:
        assert font.size(left)[0] + font.size(right)[0] <= inner
    shown = " ".join(f"{left} {right}" for left, right in lines)
    assert reason in " ".join(shown.split()), f"not whole at {size}: {lines}"
    if app.status.line_count(status.w) == 2 or size[0] >= 1180:
        assert "moves 0" in shown, "room for the count beside the reason"
    assert font.get_linesize() * len(lines) <= status.h


def test_the_game_name_goes_before_the_solver_word_which_is_kept_short(tmp_path):
    """Crowded by the news, the status line shortens the solver's word to
    its first clause first; the game's name (in the window's caption all the
    while) goes before the solver's word does."""
    from game.voice.status import TWO_LINES_BELOW
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3", "--size", "2200x800")     # one line, at scale 1
    app.fonts.density = 1.0
    app.resized()
    app.session.verdict = "impossible"
    word = app.status.indicator_text(app.session)
    short = word.split(";")[0]
    assert word != short, word
    seen = set()
    for news in ("Hint: the seven of hearts.",
                 "Hint: the seven of hearts into the gap after the six of hearts, the gap in row B, if it helps you "
                 "to go on; then the eight of hearts after it, and the nine after that, as far as the hearts go."):
        app.say(news)
        for width in range(app.fonts.px(TWO_LINES_BELOW) - app.fonts.px(24), app.screen.get_width() - app.fonts.px(24),
                           4):
            assert len(app.status.status_lines(app.session, width)) == 1
            left, right = app.status_text(width)
            assert news in right
            if short not in right:
                assert not left, f"{width}: the solver's word went before the game's part: {left}"
            if "Gaps" in left:
                assert short in right, f"{width}: the game's name outlasted the solver's word"
            seen.add(("Gaps" in left, word in right, short in right))
    assert (False, False, True) in seen, "somewhere the name has gone and the short word stays"
    assert (True, True, True) in seen, "and with room, both whole"


@pytest.mark.parametrize("size", [(1100, 700), (1180, 760), (1280, 800), (1920, 1080)])
def test_the_smiths_longest_refusals_are_read_whole(tmp_path, size):
    """The Smith's alternating-colour reasons are the longest (both the rank
    and the colour wrong, and the cards that would do): read whole at the
    default window's width and around it, never cut with '...'."""
    from gui import make_app
    app = make_app(tmp_path, "--game", "smith", "--seed", "46", "--rule", "alternate",
                   "--size", f"{size[0]}x{size[1]}")
    app.fonts.density = 1.0
    app.resized()
    drag(app, center_of(app, "c2"), center_of(app, "c1"))
    reason = app.message
    assert "cannot go on" in reason and len(reason) > 120, reason
    status = app.chrome_rect("status")
    lines = app.status.status_lines(app.session, status.w - app.fonts.px(24))
    shown = " ".join(" ".join(f"{left} {right}" for left, right in lines).split())
    assert reason in shown and "..." not in shown, (size, lines)
