"""The solver at the table: the indicator (from a separate process), H
hints, and the demo that plays a found solution."""

from __future__ import annotations

import time

import pygame
from gui import key, make_app, settle

import engine


def endgame():
    cols = [["KC", "QD", "JC", "TD", "9C"], ["KD", "QC", "JD", "TC", "9D"], ["KH", "QS", "JH", "TS"],
            ["KS", "QH", "JS", "TH", "9S"], ["9H"], [], [], [], []]
    return {"format": 1, "game": "prince", "options": {"rule": "alternate"},
            "position": {"columns": cols, "reserve": [None] * 7, "foundations": ["8C", "8D", "8H", "8S"]}}


def wait_for(app, condition, seconds=30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(block=False)
        if condition():
            return True
        time.sleep(0.02)
    return False


def test_the_indicator_says_a_winnable_deal_can_still_be_won(tmp_path):
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        assert app.verdict == "thinking" and "thinking" in app.status_text()[1]
        assert wait_for(app, lambda: app.verdict != "thinking")
        assert app.verdict == "won"
        assert "can still be won" in app.status_text()[1]
    finally:
        app.analyst.stop()


def test_h_shows_the_next_move_of_the_solution(tmp_path):
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        assert wait_for(app, lambda: app.verdict == "won")
        first = app.hint_line[0]
        key(app, pygame.K_h, unicode="h")
        assert app.scene.flash_rects, "the hint's card and destination flash"
        assert first in app.message
        assert app.game.history == []          # a hint shows, it does not play
    finally:
        app.analyst.stop()


def test_the_demo_plays_the_deal_out_and_a_key_stops_it(tmp_path):
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        app.start_demo()
        assert wait_for(app, lambda: app.game.won or (app.demo is None and app.game.history))
        settle(app)
        assert app.game.won
        app.show_game(engine.from_dict(endgame()), opening=False)
        app.start_demo()
        key(app, pygame.K_SPACE, unicode=" ")
        assert app.demo is None
    finally:
        app.analyst.stop()
