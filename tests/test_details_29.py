"""Issue 29's details on the table: what a click, a key or an option does
is seen or said at once (a card clicked is chosen, an undo that cannot be
made says why, an option turned says so, a hint says what it shows), and
what the table holds is drawn so that it can be told apart (locked cards,
a column waiting for its packet, the ace order), with the time and score
where Aisleriot shows them."""

from __future__ import annotations

import pygame
import pytest
from conftest import gaps_from
from gui import center_of, click, make_app, post, settle

import engine

# a1..a3 hold the 2H 3H 4H (locked); b1 is a gap; c4 is dead (right of KD)
OPEN = """
2H 3H 4H -- 9C .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. 2C .. ..
.. .. KD -- .. 5H .. .. .. .. .. .. ..
.. 7S -- .. .. .. .. 8S .. .. .. 2D 2S
"""


@pytest.fixture
def home(tmp_path):
    return tmp_path


def table_with(home, game):
    app = make_app(home, "--game", game.name, "--seed", "3")
    app.show_game(game, opening=False)
    return app


def key(app, k, mod=0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    settle(app)


# ----------------------------------------------------------------- 1. a card clicked is chosen
def test_in_gaps_clicking_another_card_selects_it_and_is_no_illegal_try(home):
    app = table_with(home, gaps_from(OPEN))
    table = app.scene
    click(app, center_of(app, "a5"))
    assert table.selected == ("a5", 0)
    for place in ("b5", "c6", "d8"):       # three other cards, one after another
        click(app, center_of(app, place))
        assert table.selected == (place, 0), "clicking another card should select it"
    assert table.illegal == 0 and not app.dialogs, "choosing another card is no illegal try"
    assert app.game.history == []


def test_in_gaps_with_click_to_move_another_card_clicked_is_picked_up_instead(home):
    app = table_with(home, gaps_from(OPEN))
    app.set_option("move_style", "click")
    click(app, center_of(app, "a5"))
    assert app.scene.carry is not None and app.scene.carry.place == "a5"
    click(app, center_of(app, "b5"))
    assert app.scene.carry is not None and app.scene.carry.place == "b5"
    assert app.scene.illegal == 0


def test_a_selected_card_clicked_onto_its_gap_still_moves(home):
    app = table_with(home, gaps_from(OPEN))
    game = app.game
    move = next(m for m in game.legal_moves() if m.word is None)
    click(app, center_of(app, move.src))
    click(app, center_of(app, move.dst))
    assert game.history == [str(move)]


# ----------------------------------------------------------------- 2. an undo that cannot be made says why
def stuck_gaps():
    # every gap is dead (right of a king) or right of another gap: only a shuffle is left
    return gaps_from("""
    KH -- .. .. .. .. .. .. .. .. .. .. ..
    KD -- .. .. .. .. .. .. .. .. .. .. ..
    KC -- .. .. .. .. .. .. .. .. .. .. ..
    KS -- .. .. .. .. .. .. .. .. .. .. ..
    """)


def test_undo_after_a_gaps_shuffle_says_a_shuffle_cannot_be_undone(home):
    game = stuck_gaps()
    game.play("redeal")
    app = table_with(home, game)
    while app.dialogs:
        app.close_dialog("OK")
        settle(app)
    assert game.history[-1] == "redeal"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "shuffle cannot be undone" in app.status.message
    assert game.history[-1] == "redeal"


def test_the_engine_says_why_nothing_can_be_undone():
    game = stuck_gaps()
    assert "none has been made" in game.undo_reason()
    game.play("redeal")
    assert game.undo_reason().startswith("A shuffle cannot be undone")
    republic = engine.new_game("republic", seed=1)
    move = republic.legal_moves()[0]
    republic.play(move)
    assert republic.undo_reason() is None
