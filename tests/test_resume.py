"""A start takes the player back where they left off (issue 36; the manual:
"when you restart the game is restored as it was left off"): a start with
no game asked for opens in the game that was on the table at quit, restored
whole, and the start screen is one key away (Ctrl+G).  A first start, a
start after the game on the table ended, and a start after a quit from the
start screen show the start screen.  Real pygame events on SDL's dummy
drivers; each App is closed as quitting closes it."""

from __future__ import annotations

import pygame
from gui import key, make_app, settle
from test_win import NEAR_WIN, ONE_MOVE_LEFT

import engine

CTRL = pygame.KMOD_CTRL


def play(app, n: int) -> None:
    """``n`` moves of the deal on the table, as the table plays them."""
    for _ in range(n):
        move = next(m for m in app.game.legal_moves() if m.word is None)
        assert app.scene.try_move(str(move))
        settle(app)


def quit_app(app) -> None:
    """Ctrl+Q, and what the loop then does (``close``)."""
    key(app, pygame.K_q, CTRL)
    assert not app.loop.running, "Ctrl+Q ends the loop"
    app.close()


def on_start_screen(app) -> bool:
    return app.game is None and app.table is None and hasattr(app.scene, "focus_words")


def test_a_first_start_ever_shows_the_start_screen(tmp_path):
    app = make_app(tmp_path)
    assert on_start_screen(app)
    app.close()


def test_a_start_opens_in_the_game_left_on_the_table_restored_whole(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "3")
    play(app, 3)
    key(app, pygame.K_z, CTRL)              # one taken back: the redo is part of the game as it was left
    before = app.game.to_dict()
    moves, future, seed = list(app.game.history), app.game.future, app.game.seed
    assert len(moves) == 2 and future
    quit_app(app)

    again = make_app(tmp_path)              # a start from the desktop: no --game
    assert again.table is not None, "the game in progress is on the table, not the start screen"
    assert again.game.name == "prince" and again.game.seed == seed
    assert list(again.game.history) == moves and again.game.future == future
    assert again.game.to_dict() == before
    assert not again.dialogs
    key(again, pygame.K_y, CTRL)            # the redo is still there
    assert len(again.game.history) == 3
    again.close()


def test_the_start_screen_is_one_key_away_and_the_file_menu_shows_it(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "4")
    play(app, 1)
    quit_app(app)
    again = make_app(tmp_path)
    assert again.game is not None and again.game.name == "smith"
    file_menu = next(m for m in again.commands.menus() if m.title == "File")
    item = next(i for i in file_menu.items if i.label == "Choose a Game...")
    assert item.shortcut == "Ctrl+G" and item.enabled
    key(again, pygame.K_g, CTRL)
    assert on_start_screen(again)
    assert again.scene.focus_words().startswith("The Smith"), "the game left is the one highlighted"
    again.close()


def test_a_deal_with_no_move_yet_comes_back_as_the_same_deal(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "11")
    quit_app(app)
    again = make_app(tmp_path)
    assert again.game is not None and again.game.name == "republic" and again.game.seed == 11
    assert again.game.history == []
    again.close()


def test_a_quit_from_the_start_screen_brings_the_start_screen_back(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "5")
    play(app, 2)
    key(app, pygame.K_g, CTRL)              # Choose a Game...
    assert on_start_screen(app)
    quit_app(app)
    again = make_app(tmp_path)
    assert on_start_screen(again), "no game was on the table at quit"
    assert again.scene.focus_words().startswith("Gaps"), "the game saved last is the one highlighted"
    key(again, pygame.K_RETURN)             # and Gaps, chosen, is the game left, as it was
    assert again.game.name == "gaps" and len(again.game.history) == 2
    again.close()


def test_a_start_after_a_won_game_shows_the_start_screen(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.show_game(engine.from_dict(NEAR_WIN), opening=False)
    settle(app)
    assert app.scene.try_move("layoff")
    settle(app)
    app.scene.finish_actors()
    settle(app)
    assert app.game.won
    quit_app(app)
    again = make_app(tmp_path)
    assert on_start_screen(again), "a won game is finished: nothing to take up again"
    again.close()


def test_a_start_after_a_lost_game_shows_the_start_screen(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.show_game(engine.from_dict(ONE_MOVE_LEFT), opening=False)
    settle(app)
    assert app.scene.try_move("r1-c1")
    settle(app)
    assert app.game.over and app.session.counted
    quit_app(app)
    again = make_app(tmp_path)
    assert on_start_screen(again), "a lost game has ended and counted: the start screen, not its table"
    again.close()
