"""The stand-in sixth game at the real table, with the solver's process:
run by ``tests/test_sixth_game.py`` inside a copy of the program to which
the game was added by docs/design.md's checklist (here it is only data: its
name does not make it a test of the suite).

The game's spec names no solver, so the indicator's verdict and H's moves
come from the generic search (``engine/solve/generic.py``), in the worker."""

from __future__ import annotations

import pygame
from gui import key, make_app, settle, wait_for

import engine
from engine import solve
from engine.solve import generic
from engine.spec import spec

NAME = "squire"
#: the most moves H is followed for; a deal of The Squire is won in fewer
MOVES = 60


def test_the_game_is_the_last_listed_and_searched_by_the_generic_search():
    from game.games import FRONTS
    assert list(engine.GAMES)[-1] == NAME and FRONTS[-1].name == NAME
    assert spec(NAME).solver is None
    assert solve._search_for(NAME) is generic.search


def verdict(app) -> str:
    assert wait_for(app, lambda: app.session.verdict != "thinking", seconds=60), "the indicator never settled"
    return app.session.verdict


def test_the_indicator_settles_and_following_h_wins_the_deal(tmp_path):
    app = make_app(tmp_path, "--analysis", "--game", NAME, "--seed", "3")
    try:
        assert app.game.name == NAME and app.game.history == []
        assert verdict(app) == "won"
        assert "can still be won" in app.status_text()[1]
        for _ in range(MOVES):
            if app.game.won:
                break
            shown, played = len(app.session.hints_shown), list(app.game.history)
            key(app, pygame.K_h, unicode="h")
            assert wait_for(app, lambda n=shown: len(app.session.hints_shown) > n, seconds=60), \
                f"H showed no move: {app.message!r}"
            move = app.session.hints_shown[-1]
            assert app.game.explain(move) is None, f"H showed {move}, which the engine refuses"
            assert app.game.history == played, "a hint shows a move, it does not play it"
            app.scene.try_move(move)
            settle(app)
            assert app.game.history[-1] == move
            if not app.game.won:
                assert verdict(app) == "won", f"after {move}: {app.session.verdict}"
        assert app.game.won, f"H was followed {MOVES} moves and the deal is not won: {app.game.history}"
    finally:
        app.analyst.stop()
