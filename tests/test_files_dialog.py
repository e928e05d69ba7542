"""The Open... / Save As... dialog (game/ui/files.py), driven headless with
real pygame events on SDL's dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.media.surfaces import TABLES, Fonts  # noqa: E402
from game.ui import files  # noqa: E402
from game.ui.dialogs import INK, PAPER  # noqa: E402
from game.ui.files import FileDialog, suggested_name  # noqa: E402


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1024, 640))


@pytest.fixture(scope="module")
def fonts(screen):
    return Fonts()


@pytest.fixture
def tree(tmp_path):
    """tmp/ : games/ (x.json, y.json, deeper/), notes.txt, top.json, .hidden.json, .secret/"""
    (tmp_path / "games" / "deeper").mkdir(parents=True)
    (tmp_path / "games" / "x.json").write_text("{}")
    (tmp_path / "games" / "y.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("not a game")
    (tmp_path / "top.json").write_text("{}")
    (tmp_path / ".hidden.json").write_text("{}")
    (tmp_path / ".secret").mkdir()
    return tmp_path


def key(k: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)


def type_text(dialog: FileDialog, text: str):
    result = None
    for ch in text:
        result = dialog.handle(key(pygame.key.key_code(ch) if ch.isalnum() else 0, ch))
    return result


def click(dialog: FileDialog, pos) -> str | None:
    down = dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    up = dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return down if down is not None else up


def row_of(dialog: FileDialog, label: str):
    """The centre of the drawn row showing ``label``."""
    for box, index in dialog._rows:
        if dialog.entries[index].label == label:
            return box.center
    raise AssertionError(f"{label!r} is not drawn; rows: {[dialog.entries[i].label for _, i in dialog._rows]}")


def button(dialog: FileDialog, label: str):
    return next(box.center for box, name in dialog._buttons if name == label)


def labels(dialog: FileDialog) -> list[str]:
    return [e.label for e in dialog.entries]


# ------------------------------------------------------------------ the list
def test_lists_folders_first_then_games_and_hides_the_rest(tree):
    dialog = FileDialog("open", tree)
    assert labels(dialog) == ["..", "games", "top.json"]
    assert labels(FileDialog("open", tree / "games")) == ["..", "deeper", "x.json", "y.json"]


def test_a_missing_start_folder_falls_back_to_an_existing_parent(tree):
    assert FileDialog("open", tree / "nowhere" / "at-all").folder == tree


# ------------------------------------------------------------------ with the keyboard
def test_enter_opens_a_folder_and_chooses_a_file(tree, screen, fonts):
    dialog = FileDialog("open", tree)
    dialog.draw(screen, fonts)
    assert labels(dialog)[dialog.selected] == "games"          # the first thing below ".."
    assert dialog.handle(key(pygame.K_RETURN)) is None
    assert dialog.folder == tree / "games"
    dialog.draw(screen, fonts)
    assert dialog.handle(key(pygame.K_DOWN)) is None
    assert dialog.handle(key(pygame.K_DOWN)) is None
    assert labels(dialog)[dialog.selected] == "y.json"
    assert dialog.handle(key(pygame.K_RETURN)) == str(tree / "games" / "y.json")


def test_up_and_down_stop_at_the_ends(tree):
    dialog = FileDialog("open", tree)
    for _ in range(5):
        dialog.handle(key(pygame.K_UP))
    assert dialog.selected == 0
    for _ in range(5):
        dialog.handle(key(pygame.K_DOWN))
    assert labels(dialog)[dialog.selected] == "top.json"


def test_backspace_with_an_empty_name_goes_up_to_the_folder_left(tree):
    dialog = FileDialog("open", tree / "games")
    dialog.handle(key(pygame.K_BACKSPACE))
    assert dialog.folder == tree
    assert labels(dialog)[dialog.selected] == "games"
    assert dialog.handle(key(pygame.K_RETURN)) is None and dialog.folder == tree / "games"


def test_enter_on_dot_dot_goes_up(tree):
    dialog = FileDialog("open", tree / "games")
    dialog.handle(key(pygame.K_HOME))
    assert dialog.handle(key(pygame.K_RETURN)) is None
    assert dialog.folder == tree


def test_escape_cancels(tree):
    assert FileDialog("open", tree).handle(key(pygame.K_ESCAPE)) == "Cancel"
    dialog = FileDialog("save", tree, name="x.json")
    type_text(dialog, "abc")
    assert dialog.handle(key(pygame.K_ESCAPE)) == "Cancel"


# ------------------------------------------------------------------ with the mouse
def test_double_click_opens_a_folder_and_chooses_a_file(tree, screen, fonts):
    dialog = FileDialog("open", tree)
    dialog.draw(screen, fonts)
    spot = row_of(dialog, "games")
    assert click(dialog, spot) is None and dialog.folder == tree            # one click selects
    assert click(dialog, spot) is None and dialog.folder == tree / "games"  # the second opens
    dialog.draw(screen, fonts)
    assert click(dialog, row_of(dialog, "x.json")) is None
    assert click(dialog, row_of(dialog, "x.json")) == str(tree / "games" / "x.json")


def test_click_selects_and_the_open_button_chooses(tree, screen, fonts):
    dialog = FileDialog("open", tree / "games")
    dialog.draw(screen, fonts)
    click(dialog, row_of(dialog, "x.json"))
    click(dialog, row_of(dialog, "y.json"))                  # another row: no double click
    assert labels(dialog)[dialog.selected] == "y.json"
    dialog.draw(screen, fonts)
    assert click(dialog, button(dialog, "Open")) == str(tree / "games" / "y.json")


def test_the_cancel_button(tree, screen, fonts):
    dialog = FileDialog("save", tree, name="x.json")
    dialog.draw(screen, fonts)
    assert click(dialog, button(dialog, "Cancel")) == "Cancel"


def test_clicks_elsewhere_do_nothing(tree, screen, fonts):
    dialog = FileDialog("open", tree)
    dialog.draw(screen, fonts)
    assert click(dialog, (5, 5)) is None
    assert click(dialog, (dialog.rect.centerx, dialog.rect.bottom - 5)) is None
    assert dialog.folder == tree


# ------------------------------------------------------------------ the name field
def test_save_offers_the_suggested_name(tree, screen, fonts):
    name = suggested_name("republic", 123)
    assert name == "republic-deal-123.json"
    dialog = FileDialog("save", tree, name=name)
    dialog.draw(screen, fonts)
    assert dialog.handle(key(pygame.K_RETURN)) == str(tree / name)


def test_a_typed_name_gets_json_added(tree):
    dialog = FileDialog("save", tree, name="republic-deal-123.json")
    dialog.handle(key(pygame.K_END))                        # the base name offered is deselected
    for _ in range(len(dialog.entry)):
        dialog.handle(key(pygame.K_BACKSPACE))
    assert dialog.entry == "" and dialog.folder == tree
    type_text(dialog, "my game")
    assert dialog.handle(key(pygame.K_RETURN)) == str(tree / "my game.json")


def test_a_typed_name_keeps_its_own_json(tree):
    dialog = FileDialog("save", tree / "games")
    type_text(dialog, "Best.JSON")
    assert dialog.handle(key(pygame.K_KP_ENTER)) == str(tree / "games" / "Best.JSON")


def test_save_into_a_folder_chosen_in_the_list(tree, screen, fonts):
    dialog = FileDialog("save", tree, name="mine.json")
    dialog.draw(screen, fonts)
    dialog.handle(key(pygame.K_DOWN))                      # ".."
    dialog.handle(key(pygame.K_DOWN))                      # games
    assert dialog.handle(key(pygame.K_RETURN)) is None and dialog.folder == tree / "games"
    assert dialog.entry == "mine.json"
    assert dialog.handle(key(pygame.K_RETURN)) == str(tree / "games" / "mine.json")


def test_save_over_an_existing_file_asks_nothing(tree, screen, fonts):
    dialog = FileDialog("save", tree / "games", name="new.json")
    dialog.draw(screen, fonts)
    click(dialog, row_of(dialog, "x.json"))
    assert dialog.entry == "x.json"                         # a file picked in the list names the save
    assert click(dialog, button(dialog, "Save")) == str(tree / "games" / "x.json")


def test_a_typed_folder_name_opens_the_folder(tree):
    dialog = FileDialog("save", tree, name="keep.json")
    dialog.entry = ""
    type_text(dialog, "games")
    assert dialog.handle(key(pygame.K_RETURN)) is None
    assert dialog.folder == tree / "games" and dialog.entry == "keep.json"


def test_open_by_typed_name(tree, screen, fonts):
    dialog = FileDialog("open", tree / "games")
    type_text(dialog, "nothing")
    assert dialog.handle(key(pygame.K_RETURN)) is None
    assert "no file named nothing.json" in dialog.notice
    dialog.draw(screen, fonts)                               # the notice is drawn, not raised
    for _ in range(len("nothing")):
        dialog.handle(key(pygame.K_BACKSPACE))
    type_text(dialog, "x")
    assert dialog.notice == ""
    assert dialog.handle(key(pygame.K_RETURN)) == str(tree / "games" / "x.json")


def test_tab_moves_between_the_list_and_the_field(tree):
    dialog = FileDialog("open", tree / "games")
    type_text(dialog, "y")
    dialog.handle(key(pygame.K_TAB))                        # back to the list: Enter acts on the selection
    assert dialog.handle(key(pygame.K_RETURN)) is None and dialog.folder == tree / "games" / "deeper"


# ------------------------------------------------------------------ trouble
def test_an_unreadable_folder_says_so(tree, screen, fonts, monkeypatch):
    locked = tree / "games"
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path) == os.fspath(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(files.os, "scandir", scandir)
    dialog = FileDialog("open", tree)
    dialog.draw(screen, fonts)
    assert dialog.handle(key(pygame.K_RETURN)) is None      # into games, which cannot be read
    assert dialog.folder == locked
    assert labels(dialog) == [".."]
    assert "cannot be read" in dialog.error and "Permission denied" in dialog.error
    dialog.draw(screen, fonts)
    assert dialog.handle(key(pygame.K_RETURN)) is None      # nothing to choose: stays
    for event in (key(pygame.K_DOWN), key(pygame.K_UP), key(pygame.K_END), key(pygame.K_PAGEDOWN),
                  pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)):
        assert dialog.handle(event) is None
        dialog.draw(screen, fonts)
    dialog.handle(key(pygame.K_HOME))
    assert dialog.handle(key(pygame.K_RETURN)) is None and dialog.folder == tree
    assert dialog.error == ""


def test_an_entry_that_cannot_be_examined_is_left_out(tree, monkeypatch):
    real = os.scandir

    class Broken:
        name = "broken"

        def is_dir(self):
            raise PermissionError(13, "Permission denied")

    class Listing:
        def __init__(self, path):
            self.inner = real(path)

        def __enter__(self):
            return [*self.inner, Broken()]

        def __exit__(self, *exc):
            self.inner.close()

    monkeypatch.setattr(files.os, "scandir", Listing)
    assert labels(FileDialog("open", tree)) == ["..", "games", "top.json"]


def test_the_root_folder_has_no_dot_dot(screen, fonts):
    root = os.path.abspath(os.sep)
    dialog = FileDialog("open", root)
    assert ".." not in labels(dialog)
    dialog.handle(key(pygame.K_BACKSPACE))
    assert str(dialog.folder) == root
    dialog.draw(screen, fonts)


# ------------------------------------------------------------------ long lists
@pytest.fixture
def crowd(tmp_path):
    for k in range(60):
        (tmp_path / f"deal-{k:02}.json").write_text("{}")
    return tmp_path


def test_the_wheel_scrolls_a_long_list(crowd, screen, fonts):
    dialog = FileDialog("open", crowd)
    dialog.draw(screen, fonts)
    shown = dialog.rows_shown
    assert 3 <= shown < 61 and len(dialog._rows) == shown
    assert dialog._rows[0][1] == 0
    dialog.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    dialog.draw(screen, fonts)
    assert dialog.top == 2 * files.WHEEL_ROWS and dialog._rows[0][1] == dialog.top
    dialog.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100))
    dialog.draw(screen, fonts)
    assert dialog.top == 61 - shown
    assert dialog.entries[dialog._rows[-1][1]].label == "deal-59.json"
    dialog.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100))
    assert dialog.top == 0
    assert dialog.folder == crowd and dialog.selected == 1      # scrolling moves no selection


def test_the_selection_stays_in_view(crowd, screen, fonts):
    dialog = FileDialog("open", crowd)
    dialog.draw(screen, fonts)
    for _ in range(30):
        dialog.handle(key(pygame.K_DOWN))
    dialog.draw(screen, fonts)
    assert dialog.top <= dialog.selected < dialog.top + dialog.rows_shown
    assert row_of(dialog, "deal-30.json")
    dialog.handle(key(pygame.K_END))
    dialog.draw(screen, fonts)
    assert dialog.entries[dialog.selected].label == "deal-59.json" and dialog.top == 61 - dialog.rows_shown
    assert click(dialog, row_of(dialog, "deal-59.json")) is None
    assert click(dialog, row_of(dialog, "deal-59.json")) == str(crowd / "deal-59.json")


def test_the_scroll_bar_pages(crowd, screen, fonts):
    dialog = FileDialog("open", crowd)
    dialog.draw(screen, fonts)
    bar = dialog._bar
    assert bar.w > 0
    click(dialog, (bar.centerx, bar.bottom - 2))
    assert dialog.top == dialog.rows_shown
    dialog.draw(screen, fonts)
    click(dialog, (bar.centerx, bar.top + 1))
    assert dialog.top == 0


# ------------------------------------------------------------------ drawing
def test_drawn_like_the_other_dialogs(tree, screen, fonts):
    screen.fill(TABLES["green"])
    dialog = FileDialog("open", tree)
    dirty = dialog.draw(screen, fonts)
    assert dirty == screen.get_rect()
    box = dialog.rect
    assert screen.get_rect().contains(box)
    assert tuple(screen.get_at((box.x + 10, box.bottom - 10)))[:3] == PAPER
    assert tuple(screen.get_at((box.centerx, box.y + 1)))[:3] == INK
    assert tuple(screen.get_at((5, 5)))[:3] != TABLES["green"]              # the table is dimmed
    assert {label for _, label in dialog._buttons} == {"Open", "Cancel"}


def test_fits_a_small_window(tree, fonts):
    small = pygame.Surface((480, 360))
    dialog = FileDialog("save", tree / "games", name="x" * 200 + ".json")
    dialog.draw(small, fonts)
    assert small.get_rect().contains(dialog.rect)
    assert dialog.rows_shown >= 3


def test_an_unknown_mode_is_refused(tree):
    with pytest.raises(ValueError):
        FileDialog("print", tree)
