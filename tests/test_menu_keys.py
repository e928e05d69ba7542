"""Menus and dialogs by keyboard, as desktop users expect (issue 28): F10
and Alt+letter open the menus, the arrows move, Enter or Space chooses,
Escape closes; Tab, Shift+Tab, Space and Enter reach every dialog's
controls.  Real pygame events, on SDL's dummy drivers."""

from __future__ import annotations

import pygame
from gui import key, make_app, pump, settle

from game.ui.dialogs import ChoiceDialog, Dialog
from game.ui.files import FileDialog
from game.ui.help import TextDialog
from game.ui.menubar import mnemonics

ALT = pygame.KMOD_ALT
SHIFT = pygame.KMOD_SHIFT
CTRL = pygame.KMOD_CTRL


def press(app, k, mod=0, unicode=""):
    key(app, k, mod, unicode)
    pump(app)


def menu_title(app):
    menu = app.menu
    return menu._current[menu.open_index].title if menu.is_open else None


def hovered(app):
    menu = app.menu
    return menu._current[menu.open_index].items[menu.hover] if menu.hover is not None else None


def test_the_titles_access_letters_are_distinct():
    for titles in (["File", "Edit", "Gaps", "Options", "Help"], ["File", "Edit", "Moves", "Options", "Help"],
                   ["File", "Edit", "Chinese Puzzle", "Options", "Help"], ["File", "Edit", "Flowers", "Options",
                                                                            "Help"]):
        marks = mnemonics(titles)
        letters = [t[k].lower() for t, k in zip(titles, marks)]
        assert len(set(letters)) == len(letters)
        assert marks[:2] == [0, 0] and marks[-2:] == [0, 0]


def test_f10_opens_file_and_down_enter_runs_deal_by_code(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_F10)
    assert menu_title(app) == "File"
    assert hovered(app).label == "New Game"
    for _ in range(3):
        press(app, pygame.K_DOWN)
    assert hovered(app).label == "Deal by Code..."
    press(app, pygame.K_RETURN)
    assert not app.menu.is_open
    assert app.dialogs and "Deal" in app.dialogs[-1].buttons


def test_alt_letter_opens_its_menu_and_left_right_move_between_menus(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_e, ALT, "e")
    assert menu_title(app) == "Edit"
    press(app, pygame.K_g, ALT, "g")
    assert menu_title(app) == "Gaps"
    press(app, pygame.K_RIGHT)
    assert menu_title(app) == "Options"
    press(app, pygame.K_RIGHT)
    assert menu_title(app) == "Help"
    press(app, pygame.K_RIGHT)
    assert menu_title(app) == "File"         # round the bar
    press(app, pygame.K_LEFT)
    assert menu_title(app) == "Help"
    press(app, pygame.K_ESCAPE)
    assert not app.menu.is_open and not app.dialogs
    press(app, pygame.K_F10)
    press(app, pygame.K_F10)                 # F10 again closes too
    assert not app.menu.is_open
    press(app, pygame.K_h, ALT, "h")
    press(app, pygame.K_SPACE)               # Space chooses: Help > Gaps Rules
    assert isinstance(app.dialogs[-1], TextDialog)


def test_dimmed_items_and_separators_are_skipped(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    move = next(m for m in app.game.legal_moves() if m.word is None)
    app.scene.try_move(str(move))
    settle(app)
    press(app, pygame.K_e, ALT, "e")
    assert hovered(app).label == "Undo"
    assert not app.menu._current[app.menu.open_index].items[1].enabled      # Redo: dimmed
    press(app, pygame.K_DOWN)
    assert hovered(app).label == "Undo"      # Redo skipped: round to Undo
    press(app, pygame.K_LEFT)
    assert menu_title(app) == "File"
    seen = []
    for _ in range(40):
        item = hovered(app)
        assert item.enabled and not item.separator
        seen.append(item.label)
        press(app, pygame.K_DOWN)
    menu = app.menu._current[app.menu.open_index]
    assert set(seen) == {i.label for i in menu.items if i.enabled and not i.separator}
    press(app, pygame.K_UP)
    press(app, pygame.K_END)
    assert hovered(app).label == "Quit"
    press(app, pygame.K_ESCAPE)
    assert not app.menu.is_open
    assert app.game.can_undo                  # nothing ran


def test_an_items_letter_chooses_it(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_F10)
    press(app, pygame.K_d, 0, "d")           # the only item of File starting with D
    assert not app.menu.is_open
    assert "Deal" in app.dialogs[-1].buttons


def test_ctrl_shortcuts_and_alt_enter_still_work(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_k, CTRL, "k")
    assert "Deal" in app.dialogs[-1].buttons
    press(app, pygame.K_ESCAPE)
    assert not app.dialogs and not app.menu.is_open


def test_a_dialogs_buttons_cycle_with_tab_and_space_presses_the_focused_one(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    answers = []
    app.open_dialog(Dialog("Really?", ("Yes", "Maybe", "No"), "Ask", answers.append))
    pump(app)
    dialog = app.dialogs[-1]
    assert dialog.focus == 0
    press(app, pygame.K_TAB)
    assert dialog.focus == 1
    press(app, pygame.K_TAB)
    assert dialog.focus == 2
    press(app, pygame.K_TAB)
    assert dialog.focus == 0
    press(app, pygame.K_TAB, SHIFT)
    assert dialog.focus == 2
    press(app, pygame.K_LEFT)
    assert dialog.focus == 1
    press(app, pygame.K_SPACE, 0, " ")
    assert answers == ["Maybe"] and not app.dialogs


def test_the_entry_and_the_buttons_of_deal_by_code(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_k, CTRL, "k")
    dialog = app.dialogs[-1]
    assert dialog.in_field and not dialog.button_focused
    press(app, pygame.K_SPACE, 0, " ")       # typed into the field, not a press
    assert app.dialogs and dialog.entry.endswith(" ")
    press(app, pygame.K_TAB)
    assert dialog.button_focused and dialog.buttons[dialog.focus] == "Deal"
    press(app, pygame.K_TAB)
    assert dialog.buttons[dialog.focus] == "Cancel"
    press(app, pygame.K_TAB)
    assert dialog.in_field
    press(app, pygame.K_TAB, SHIFT)
    assert dialog.buttons[dialog.focus] == "Cancel"
    press(app, pygame.K_SPACE, 0, " ")
    assert not app.dialogs


def test_the_choice_dialogs_choices_move_with_arrows_and_tab_reaches_ok(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    before = app.option("back")
    press(app, pygame.K_j, CTRL | SHIFT, "J")
    dialog = app.dialogs[-1]
    assert isinstance(dialog, ChoiceDialog) and not dialog.button_focused
    press(app, pygame.K_DOWN)
    chosen = dialog.value
    assert chosen != str(before)
    press(app, pygame.K_TAB)
    assert dialog.button_focused and dialog.buttons[dialog.focus] == "OK"
    press(app, pygame.K_TAB)
    assert dialog.buttons[dialog.focus] == "Cancel"
    press(app, pygame.K_TAB)
    assert not dialog.button_focused          # back on the choices
    press(app, pygame.K_UP)
    press(app, pygame.K_DOWN)
    assert dialog.value == chosen
    press(app, pygame.K_TAB)
    press(app, pygame.K_SPACE, 0, " ")        # OK
    assert not app.dialogs
    assert str(app.option("back")) == chosen


def test_the_file_dialogs_list_name_and_buttons_are_reachable(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_o, CTRL, "o")
    dialog = app.dialogs[-1]
    assert isinstance(dialog, FileDialog)
    assert dialog.in_field and not dialog.typing          # the list first
    press(app, pygame.K_TAB)
    assert not dialog.in_field and dialog.buttons[dialog.focus] == "Open"
    press(app, pygame.K_TAB)
    assert dialog.buttons[dialog.focus] == "Cancel"
    press(app, pygame.K_TAB)
    assert dialog.in_field and dialog.typing               # the name
    press(app, pygame.K_TAB)
    assert dialog.in_field and not dialog.typing          # round to the list
    press(app, pygame.K_TAB, SHIFT)
    assert dialog.in_field and dialog.typing               # back to the name
    press(app, pygame.K_TAB, SHIFT)
    assert not dialog.in_field and dialog.buttons[dialog.focus] == "Cancel"
    press(app, pygame.K_DOWN)                              # the arrows go back to the list
    assert dialog.in_field and not dialog.typing
    press(app, pygame.K_TAB, SHIFT)
    press(app, pygame.K_TAB, SHIFT)
    assert dialog.buttons[dialog.focus] == "Cancel" and not dialog.in_field
    press(app, pygame.K_SPACE, 0, " ")
    assert not app.dialogs


def test_help_window_ok_by_tab_and_space(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_F1)
    dialog = app.dialogs[-1]
    assert isinstance(dialog, TextDialog)
    press(app, pygame.K_SPACE, 0, " ")        # Space pages while OK is not ringed
    assert app.dialogs
    press(app, pygame.K_TAB)
    assert dialog.on_ok
    press(app, pygame.K_SPACE, 0, " ")
    assert not app.dialogs


def test_menus_and_dialogs_draw_their_focus_in_black_and_white(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    press(app, pygame.K_m, CTRL | SHIFT, "M")
    press(app, pygame.K_F10)
    press(app, pygame.K_DOWN)
    assert app.menu.keyboard and app.menu.panel() is not None
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_k, CTRL, "k")
    press(app, pygame.K_TAB)
    press(app, pygame.K_ESCAPE)
    assert not app.dialogs
