"""Issue 29's words: what the player reads says what is true, in good
English, and agrees with itself (the alert and the status line, the reason
and the rule broken, counts and their nouns)."""

from __future__ import annotations

import pytest
from gui import center_of, drag, make_app

import engine
from game.words import speak


@pytest.fixture
def home(tmp_path):
    return tmp_path


# ----------------------------------------------------------------- 1. the third try
def test_after_three_tries_the_alert_and_the_status_line_name_the_same_card(home):
    app = make_app(home, "--game", "gaps", "--seed", "3")
    game = app.game
    legal = {str(m) for m in game.legal_moves()}
    gap = next(p for p in app.scene.layout.slots if game.card_at(p) is None and p[1:] != "1")
    wrong = [s.place for s in app.scene.layout.sprites if f"{s.place}-{gap}" not in legal][:3]
    for place in wrong:
        drag(app, center_of(app, place), center_of(app, gap))
    said = speak(game, game.explain(f"{wrong[2]}-{gap}"))
    assert app.dialogs and app.dialogs[-1].message == said
    assert app.status.message == said, "the status line should name the card tried last, as the alert does"
    assert said in app.status.status_text(app.session)[1]
