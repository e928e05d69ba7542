"""A damaged save is never set aside in silence (issue 36): whichever way
the game is taken up (the start screen, File > Open, the File menu's
game, a restart into the game left on the table, ``--game``), the player
is told that the file could not be used and where it was kept.  Real
pygame events on SDL's dummy drivers."""

from __future__ import annotations

import json

import pygame
from gui import key, make_app, settle

import engine
from game.storage.records import Records
from game.ui.start import GAMES

CTRL = pygame.KMOD_CTRL


def damage(home, name: str = "gaps") -> None:
    """Cut the game's save short, as a crash in the middle of a write would."""
    path = home / "saves" / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": 1, "kind": "game", "data": engine.new_game(name, seed=7).to_dict()})
    path.write_text(text[: len(text) // 2])


def told(app, name: str = "gaps") -> bool:
    """An alert in front says the save could not be used, and where it was kept."""
    return bool(app.dialogs) and f"saves/{name}.json could not be used" in app.dialogs[-1].message \
        and "was kept as" in app.dialogs[-1].message


def test_choosing_the_game_on_the_start_screen_tells_of_its_damaged_save(tmp_path):
    damage(tmp_path)
    app = make_app(tmp_path)
    assert app.game is None and not app.dialogs
    n = next(k for k, f in enumerate(GAMES) if f.name == "gaps")
    key(app, pygame.K_1 + n, unicode=str(n + 1))
    assert app.game is not None and app.game.name == "gaps" and app.game.history == []
    assert told(app), "a fresh deal with no word is what the player saw before"
    assert not (tmp_path / "saves" / "gaps.json").exists()
    app.close()


def test_the_file_menu_s_game_tells_of_its_damaged_save(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    damage(tmp_path)
    n = next(k for k, f in enumerate(GAMES) if f.name == "gaps")
    key(app, pygame.K_1 + n, CTRL)          # File > 1. Gaps
    assert app.game.name == "gaps"
    assert told(app)
    app.close()


def test_open_tells_of_the_damaged_save_it_replaces(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    document = tmp_path / "a-gaps-game.json"
    Records(tmp_path / "elsewhere").export_game(engine.new_game("gaps", seed=9), document)
    damage(tmp_path)
    app.commands.open_file()
    dialog = app.dialogs[-1]
    app.dismiss_dialog(dialog)
    dialog.on_close(str(document))          # the file chosen in Open
    settle(app)
    assert app.game.name == "gaps" and app.game.seed == 9
    assert told(app)
    app.close()


def test_a_restart_into_the_game_left_tells_of_its_damaged_save(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    move = next(m for m in app.game.legal_moves() if m.word is None)
    assert app.scene.try_move(str(move))
    settle(app)
    key(app, pygame.K_q, CTRL)
    app.close()
    damage(tmp_path)                        # the save of the game left on the table, cut short
    again = make_app(tmp_path)
    assert told(again)
    again.close()


def test_the_command_line_s_game_tells_of_its_damaged_save(tmp_path):
    damage(tmp_path)
    app = make_app(tmp_path, "--game", "gaps")
    assert app.game.name == "gaps" and told(app)
    app.close()
