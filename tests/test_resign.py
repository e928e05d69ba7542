"""Resign... (issue 36): a way to give up a game, since The Prince and The
Smith almost never reach "no move left".  It asks first ("Give up this
game? It counts as a loss."), counts the loss as a real end counts it, and
shows the lost game's result with its "See Where It Slipped Away"; it is
dimmed before the first move and once the game is over.  Real pygame
events on SDL's dummy drivers: the menu opened with the mouse, the
shortcut, the dialog's buttons by keys and clicks."""

from __future__ import annotations

import pygame
import pytest
from gui import click, key, make_app, settle
from test_win import ONE_MOVE_LEFT

import engine
from game.ui.review import OFFER, ReviewDialog

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT


def play(app, n: int) -> None:
    for _ in range(n):
        move = next(m for m in app.game.legal_moves() if m.word is None)
        assert app.scene.try_move(str(move))
        settle(app)


def resign_item(app):
    return next(i for m in app.commands.menus() for i in m.items if i.label == "Resign...")


def click_resign_in_its_menu(app) -> None:
    """Open the game's own menu with the mouse and click Resign... in it."""
    menus = app.commands.menus()
    index = next(k for k, m in enumerate(menus) if any(i.label == "Resign..." for i in m.items))
    click(app, app.menu._titles[index].center)
    assert app.menu.is_open
    box = next(r for r, item in app.menu._items if item.label == "Resign...")
    click(app, box.center)


def click_button(app, label: str) -> None:
    dialog = app.dialogs[-1]
    rect = next(r for r, b in dialog._buttons if b == label)
    click(app, rect.center)


def games_counted(app, name: str) -> int:
    return app.records.stats.get(name, app.game.options["rule"]).games if "rule" in app.game.options else 0


def test_resign_asks_first_and_cancel_changes_nothing(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    play(app, 2)
    before = app.game.to_dict()
    click_resign_in_its_menu(app)
    assert app.dialogs, "Resign... asks first"
    dialog = app.dialogs[-1]
    assert dialog.message.startswith("Give up this game? It counts as a loss")
    assert dialog.buttons == ("Give Up", "Cancel")
    click_button(app, "Cancel")
    assert not app.dialogs
    assert app.game.to_dict() == before and not app.session.counted
    assert games_counted(app, "smith") == 0
    assert resign_item(app).enabled
    app.close()


def test_giving_up_the_smith_counts_a_loss_and_offers_where_it_slipped_away(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    play(app, 2)
    assert not app.game.over, "a game with moves left: only Resign ends it"
    click_resign_in_its_menu(app)
    click_button(app, "Give Up")
    assert games_counted(app, "smith") == 1, "the loss is in the statistics"
    assert app.records.stats.get("smith", app.game.options["rule"]).wins == 0
    assert app.session.counted_as == "loss"
    result = app.dialogs[-1]
    assert result.message.startswith("You gave up: this game is over.")
    assert "This game:" in result.message, "its points, as a lost game's result says them"
    assert result.buttons[0] == OFFER, "the review is offered though The Smith hides cards: the game is over"
    assert not resign_item(app).enabled, "given up: Resign is dimmed"
    click_button(app, OFFER)
    assert isinstance(app.dialogs[-1], ReviewDialog), "See Where It Slipped Away opens the review"
    app.close()


def test_the_prince_given_up_by_its_shortcut_and_enter(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    play(app, 1)
    key(app, pygame.K_g, CTRL | SHIFT)
    assert app.dialogs and app.dialogs[-1].title == "Resign"
    key(app, pygame.K_RETURN)               # Give Up is the question's first button
    assert app.records.stats.get("prince", app.game.options["rule"]).games == 1
    assert app.dialogs[-1].message.startswith("You gave up")
    assert OFFER in app.dialogs[-1].buttons
    key(app, pygame.K_ESCAPE)               # OK: the result closes, nothing more is counted
    assert not app.dialogs
    key(app, pygame.K_g, CTRL | SHIFT)      # given up: the shortcut only says why not
    assert not app.dialogs and "Resign: this game has ended already" in app.message
    assert app.records.stats.get("prince", app.game.options["rule"]).games == 1
    app.close()


def test_resign_is_dimmed_before_the_first_move_and_says_why(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "5")
    assert not resign_item(app).enabled
    key(app, pygame.K_g, CTRL | SHIFT)
    assert not app.dialogs
    assert "Resign: no move has been made yet" in app.message
    app.close()


def test_resign_is_dimmed_once_the_game_is_over(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.show_game(engine.from_dict(ONE_MOVE_LEFT), opening=False)
    settle(app)
    assert app.scene.try_move("r1-c1")
    settle(app)
    assert app.game.over
    assert not resign_item(app).enabled
    key(app, pygame.K_ESCAPE)               # the lost game's result closed
    key(app, pygame.K_g, CTRL | SHIFT)
    assert not app.dialogs and "Resign: this game is over already" in app.message
    app.close()


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_every_game_can_be_given_up_and_the_next_start_shows_the_start_screen(tmp_path, name):
    app = make_app(tmp_path, "--game", name, "--seed", "4")
    play(app, 1)
    counted = games_counted(app, name)
    item = resign_item(app)
    assert item.enabled and item.shortcut == "Ctrl+Shift+G"
    item.action()                           # the menu's command
    key(app, pygame.K_RETURN)               # Give Up
    assert app.session.counted_as == "loss"
    if "rule" in app.game.options:
        assert games_counted(app, name) == counted + 1
    assert app.dialogs[-1].message.startswith("You gave up")
    assert OFFER in app.dialogs[-1].buttons
    key(app, pygame.K_q, CTRL)
    app.close()
    again = make_app(tmp_path)
    assert again.game is None, "a game given up has ended: the next start shows the start screen"
    again.close()
