"""A win celebrates: the cards cascade off the table (any key or click
skips it), the foundations keep their cards meanwhile, and then the result
gives what each game shows at its end (docs/playing.md): the game's points,
the rule's running total and win rate, and the streak."""

from __future__ import annotations

import pygame
from gui import make_app, post, pump, settle

import engine
from game.table.anim import CASCADE_MAX
from game.voice.status import win_message

NEAR_WIN = {"format": 1, "game": "prince", "options": {"rule": "alternate"},
            "position": {"columns": [["KC"], ["KD"], ["KH"], ["KS"], [], [], [], [], []],
                         "reserve": [None] * 7, "foundations": ["QC", "QD", "QH", "QS"]}}


def win(app):
    """Play the last move and let its cards land, as the loop would (no skipping)."""
    app.show_game(engine.from_dict(NEAR_WIN), opening=False)
    settle(app)
    assert app.scene.try_move("layoff")
    for _ in range(200):
        if not app.scene.actors:
            break
        app.scene.update(0.02)
        app.scene.draw_overlay()
    assert app.game.won


def screen_bytes(app, rect):
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def test_a_win_cascades_before_the_result_and_the_foundations_stay(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    win(app)
    scene = app.scene
    assert scene.cascade is not None and not app.dialogs, "the cards cascade first"
    assert len(scene.cascade.fallers) == 52, "every card of the four foundations springs off"
    kings = {s.place: s for s in scene.layout.sprites if s.place.startswith("f")}
    assert sorted(s.card for s in kings.values()) == ["KC", "KD", "KH", "KS"]
    shown = {p: screen_bytes(app, s.rect) for p, s in kings.items()}
    scene.update(0.05)
    pygame.display.update(scene.draw_overlay())
    assert all(screen_bytes(app, s.rect) == shown[p] for p, s in kings.items()), "no foundation goes blank"
    table = app.table_area()
    before = pygame.image.tobytes(app.screen.subsurface(table), "RGB")
    for _ in range(40):
        scene.update(1 / 30)
        scene.draw_overlay()
    assert pygame.image.tobytes(app.screen.subsurface(table), "RGB") != before, "cards fly"
    assert scene.cascade is not None and not app.dialogs
    scene.update(CASCADE_MAX)
    assert scene.cascade is None and app.dialogs, "played out, it ends with the result"


def test_any_key_or_click_skips_the_cascade(tmp_path):
    for event in ({"type": pygame.KEYDOWN, "key": pygame.K_SPACE, "mod": 0, "unicode": " ", "scancode": 0},
                  {"type": pygame.MOUSEBUTTONDOWN, "pos": (500, 300), "button": 1}):
        app = make_app(tmp_path / str(event["type"]), "--game", "prince", "--seed", "2")
        win(app)
        assert app.scene.cascade is not None
        kind = event.pop("type")
        post(kind, **event)
        pump(app)
        assert app.scene.cascade is None and app.dialogs
        assert app.dialogs[-1].message.startswith("You won The Prince in 1 move!")


def test_the_result_gives_points_total_win_rate_and_streak(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    win(app)
    key_event = {"key": pygame.K_RETURN, "mod": 0, "unicode": "\r", "scancode": 0}
    post(pygame.KEYDOWN, **key_event)
    pump(app)
    text = app.dialogs[-1].message
    rec = app.records.stats.get("prince", "alternate")
    assert rec.games == 1 and rec.wins == 1
    assert f"This game: {rec.points:g} points." in text
    assert f"The Prince, alternating colour: {rec.points:g} points in all; 1 of 1 game won (100%)." in text
    assert "Streak: 1 win in a row." in text
    assert win_message(app.session, app.records) == text


ONE_MOVE_LEFT = {"format": 1, "game": "prince", "options": {"rule": "alternate"}, "position": {
    "columns": [["JC", "JH", "5H", "QH", "4S"], ["6C", "4H", "7D", "7S", "3C"], ["5D", "7C", "KH", "4D", "8S"],
                ["7H", "5C", "JS", "TH", "8C"], ["KD", "2D", "6D", "2C", "9S"], ["3D", "6H", "8H", "9C"],
                ["QD", "8D", "JD", "KC"], ["TS", "2S", "2H", "TC"], ["9D", "TD", "9H", "6S"]],
    "reserve": ["3H", "4C", "5S", "QC", "QS", "KS", "3S"], "foundations": ["AC", "AD", "AH", "AS"]}}


def test_a_game_over_tells_its_cost_and_the_rules_figures(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    win(app)                                    # one win on the record first
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    pump(app)
    while app.dialogs:
        app.close_dialog("OK")
    app.show_game(engine.from_dict(ONE_MOVE_LEFT), opening=False)
    settle(app)
    assert app.scene.try_move("r1-c1")
    settle(app)
    assert app.game.over and app.dialogs
    text = app.dialogs[-1].message
    assert text.startswith("No move is left: this game is over.")
    assert "This game: -2 points." in text, "the game has ended: it counts now (docs/rules.md, Scoring)"
    assert "The Prince, alternating colour: 0 points in all; 1 of 2 games won (50%)." in text
    assert "Streak: 1 loss in a row." in text
    rec = app.records.stats.get("prince", "alternate")
    assert (rec.games, rec.wins, rec.points) == (2, 1, 0)
    ctrl_n = {"key": pygame.K_n, "mod": pygame.KMOD_CTRL, "unicode": "n", "scancode": 0}
    while app.dialogs:
        app.close_dialog("OK")
    post(pygame.KEYDOWN, **ctrl_n)
    pump(app)
    assert not app.dialogs, "an ended game is not asked about again"
    assert app.records.stats.get("prince", "alternate").games == 2, "nor counted twice"
