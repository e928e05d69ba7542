"""A player's long session with the assistant, through one table and its
solver worker, as a player plays it: deal after deal of The Prince, each
move the one H shows.  Every deal the solver can win is won by following
H, and the indicator has decided nearly every position on the way: what a
long session's worker answers must be what a fresh one would."""

from __future__ import annotations

import pygame
import pytest

import engine
from tests.gui import key, make_app, settle, wait_for

pytestmark = pytest.mark.slow

#: The Prince under alternating colour: deals the solver wins from the deal
#: (docs/study/prince-alternate.jsonl), among the hardest of the first
#: two hundred for it, and the deal a player followed H into a loss with
#: (issue 25: P0-WWXR-YQ1)
DEALS = (969860055, 47, 48, 26, 32, 66)
#: the share of positions whose verdict must be decided (won or lost)
DECIDED = 0.95


def follow_hints(app, moves_at_most: int = 200) -> tuple[int, int]:
    """Play the game on the table to its end, each move the one H shows;
    returns the positions seen and those whose verdict was decided."""
    shown: list[str] = []
    show_move = app.scene.show_move
    app.scene.show_move = lambda text: (shown.append(text), show_move(text))[1]
    seen = decided = 0
    for _ in range(moves_at_most):
        g = app.game
        if g.won or g.over:
            break
        assert wait_for(app, lambda: app.session.verdict != "thinking", seconds=120), "the verdict never came"
        seen += 1
        decided += app.session.verdict in ("won", "impossible")
        assert app.session.verdict != "impossible", f"deal {g.seed}: H led into a loss at move {len(g.history)}"
        shown.clear()
        key(app, pygame.K_h, unicode="h")
        assert wait_for(app, lambda: bool(shown) or "No hint" in app.message, seconds=60), \
            f"deal {g.seed}, move {len(g.history)}: H showed nothing ({app.message!r})"
        assert shown, f"deal {g.seed}: no hint at move {len(g.history)}: {app.message}"
        before = len(g.history)
        app.scene.try_move(shown[-1])
        settle(app)
        assert len(g.history) == before + 1, f"the hinted move {shown[-1]} was not played"
    app.scene.show_move = show_move
    return seen, decided


def test_a_long_session_of_following_h_wins_every_winnable_deal(tmp_path):
    app = make_app(tmp_path, "--analysis", "--game", "prince", "--seed", str(DEALS[0]), "--rule", "alternate")
    seen = decided = 0
    workers = set()
    try:
        for deal in DEALS:
            while app.dialogs:                      # the win's dialog: OK
                key(app, pygame.K_RETURN)
            if app.game.seed != deal:
                app.show_game(engine.new_game("prince", seed=deal, rule="alternate"), opening=False)
                settle(app)
            s, d = follow_hints(app)
            seen, decided = seen + s, decided + d
            assert app.game.won, f"deal {deal}: following H did not win ({len(app.game.history)} moves)"
            workers.add(app.analyst.pid)
        assert decided >= DECIDED * seen, f"the verdict was decided at {decided} of {seen} positions"
        assert app.analyst.starts - app.analyst.replaced == 1, "the worker never stopped unexpectedly"
    finally:
        app.analyst.stop()


@pytest.mark.parametrize("deal", [969860055])
def test_hints_from_a_fresh_start_follow_the_verdicts_line(tmp_path, deal):
    """The verdict's winning line is the hint's: H does not search (and
    cannot lose the deal on a short search) once the deal is known won."""
    app = make_app(tmp_path, "--analysis", "--game", "prince", "--seed", str(deal), "--rule", "alternate")
    try:
        assert wait_for(app, lambda: app.session.verdict != "thinking", seconds=120)
        assert app.session.verdict == "won"
        line = list(app.session.hint_line)
        key(app, pygame.K_h, unicode="h")
        assert "hint" not in app.analyst.pending, "a known line asks the solver nothing"
        assert line and app.message.startswith("Hint:")
    finally:
        app.analyst.stop()


def test_the_indicator_follows_the_demos_line_without_searching(tmp_path):
    app = make_app(tmp_path, "--analysis", "--game", "prince", "--seed", "47", "--rule", "alternate")
    try:
        key(app, pygame.K_e, pygame.KMOD_CTRL)
        assert "Demo:" in app.message, "the Demo says at once that it is at work"
        found = wait_for(app, lambda: bool(app.session.demo and app.session.demo.moves), seconds=120)
        assert found, "the Demo found a line"
        searched = app.assistant.knowledge.searches
        for _ in range(10):
            settle(app)
            app.step(block=False)
            assert "verdict" not in app.analyst.pending, "a move of a known line asks the solver nothing"
            assert app.session.verdict == "won"
        assert len(app.game.history) >= 5 and app.assistant.knowledge.searches == searched
    finally:
        app.analyst.stop()
