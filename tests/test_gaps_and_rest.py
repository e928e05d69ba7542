"""The rest of what players noticed: the pause covers everything and stops
New Game; the high scores go with almost any activity; F11 covers the
whole display; Save As selects its name with Ctrl+A; a bad card sheet falls
back to the faces chosen; Escape closes a menu during the Demo; the
terminal tools read the game's own autosaves."""

from __future__ import annotations

import io
import json

import pygame
import pytest
from gui import click, key, make_app

import engine
from engine.__main__ import main as engine_main
from game.storage.records import Records
from game.table.session import Demo

CTRL = pygame.KMOD_CTRL


def mean_difference(a: pygame.Surface, b: pygame.Surface) -> float:
    x, y = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return sum(abs(p - q) for p, q in zip(x, y)) / len(x)


def test_the_paused_table_hides_the_gaps_and_prints_nothing_on_the_backs(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    middle = app.table_area().inflate(-app.table_area().w // 2, -app.table_area().h // 2)
    gaps = [p for p in app.scene.layout.slots if app.game.card_at(p) is None]
    rect = next(app.scene.layout.slots[p].rect for p in gaps if not app.scene.layout.slots[p].rect.colliderect(middle))
    key(app, pygame.K_p, CTRL)
    back = pygame.Surface(rect.size)
    back.blit(app.canvas.card_image("", False, rect.size), (0, 0))
    inner = pygame.Rect(0, 0, rect.w, rect.h).inflate(-12, -12)
    assert mean_difference(app.screen.subsurface(rect.inflate(-12, -12)), back.subsurface(inner)) < 2, \
        "a gap shows a back like every card"
    for s in app.scene.layout.sprites:            # no text printed over the backs
        if not s.rect.colliderect(middle):
            assert mean_difference(app.screen.subsurface(s.rect.inflate(-12, -12)), back.subsurface(inner)) < 2
    ctrl_n_before = app.game.seed
    key(app, pygame.K_n, CTRL)
    assert not app.dialogs and app.game.seed == ctrl_n_before


@pytest.mark.parametrize("activity", ["key", "click outside", "right click"])
def test_the_high_scores_go_with_almost_any_activity(tmp_path, activity):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    key(app, pygame.K_i, CTRL)
    assert app.dialogs
    if activity == "key":
        key(app, pygame.K_x, unicode="x")
    else:
        click(app, (5, app.screen.get_height() // 2), button=1 if activity == "click outside" else 3)
    assert not app.dialogs
    assert app.game.history == []


def test_fullscreen_starts_at_the_displays_corner(tmp_path, monkeypatch):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    placed = []
    monkeypatch.setattr(type(app.window), "set_window", staticmethod(lambda **s: placed.append(s)))
    key(app, pygame.K_F11)
    assert app.fullscreen and {"position": (0, 0)} in placed
    key(app, pygame.K_F11)
    assert not app.fullscreen


def test_save_as_ctrl_a_selects_the_name_and_typing_replaces_it(tmp_path):
    from game.ui.files import FileDialog
    dialog = FileDialog("save", tmp_path, "gaps-deal-3.json")
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=CTRL, unicode="\x01"))
    assert dialog.entry == "gaps-deal-3.json" and dialog.name_selected
    for ch in "mine":
        dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(ch), mod=0, unicode=ch))
    assert dialog.entry == "mine"
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=CTRL, unicode="\x01"))
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b"))
    assert dialog.entry == ""


def test_a_bad_card_sheet_falls_back_to_the_faces_chosen(tmp_path):
    bad = tmp_path / "bad.png"
    pygame.image.save(pygame.Surface((30, 30)), str(bad))
    four = make_app(tmp_path / "four", "--game", "gaps", "--seed", "3")
    four.set_option("faces", "four-colour")
    four.reload_cards_if_changed(force=True)
    wanted = pygame.image.tobytes(four.looks.sheet.face_at(0, 70, 98), "RGBA")
    prefs = json.loads((tmp_path / "four" / "preferences.json").read_text())
    assert prefs["data"]["faces"] == "four-colour"
    (tmp_path / "own").mkdir()
    (tmp_path / "own" / "preferences.json").write_text(json.dumps(prefs))
    app = make_app(tmp_path / "own", "--game", "gaps", "--seed", "3", "--cards", str(bad))
    assert app.dialogs and "bad.png" in app.dialogs[-1].message
    assert pygame.image.tobytes(app.looks.sheet.face_at(0, 70, 98), "RGBA") == wanted


def test_escape_with_a_menu_open_during_the_demo_closes_the_menu(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.session.demo = Demo()                      # the Demo at work (waiting for the solver)
    click(app, app.menu._titles[0].center)
    assert app.menu.is_open
    key(app, pygame.K_ESCAPE)
    assert not app.menu.is_open
    table = pygame.image.tobytes(app.canvas.background, "RGB")
    assert pygame.image.tobytes(app.screen, "RGB") == table, "the menu is gone from the screen"


@pytest.mark.parametrize("command", ["show", "solve"])
def test_the_terminal_tools_read_the_games_autosave(tmp_path, monkeypatch, command):
    monkeypatch.setenv("CARD_SHELL_HOME", str(tmp_path))
    game = engine.new_game("gaps", seed=4)
    game.play(str(next(m for m in game.legal_moves() if m.word is None)))
    assert Records().save_game(game, {"elapsed": 3.0}) is None
    path = tmp_path / "saves" / "gaps.json"
    assert json.loads(path.read_text())["kind"] == "game"
    out = io.StringIO()
    argv = [command, str(path)] + (["--budget-s", "0.2"] if command == "solve" else [])
    assert engine_main(argv, inp=io.StringIO(""), out=out) == 0
    if command == "show":
        assert game.render() in out.getvalue()
    else:
        assert json.loads(out.getvalue())["status"] in ("won", "impossible", "unknown")
