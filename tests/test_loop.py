"""The loop runs frames only while something moves by itself: a card held
still, or a button held down, costs no frames (the loop waits for the
pointer's next motion, which is an event)."""

from __future__ import annotations

import pygame
from gui import center_of, make_app, post, pump, settle


def pressed_on_a_card(tmp_path):
    """A Prince table with the button pressed, and held, on column 1's card; and where."""
    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    settle(app)
    spot = center_of(app, "c1")
    post(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)
    pump(app)
    return app, spot


def test_a_button_held_on_a_card_costs_no_frames(tmp_path):
    app, _ = pressed_on_a_card(tmp_path)
    assert app.scene.press is not None
    assert not app.busy()


def test_a_card_carried_and_held_still_costs_no_frames_and_still_follows_the_pointer(tmp_path):
    app, spot = pressed_on_a_card(tmp_path)
    for k in range(1, 4):
        post(pygame.MOUSEMOTION, pos=(spot[0] + 20 * k, spot[1] + 30 * k), rel=(20, 30), buttons=(1, 0, 0))
        pump(app)
    carry = app.scene.carry
    assert carry is not None and not carry.by_click
    assert not app.busy()
    where = carry.rects[0].topleft
    post(pygame.MOUSEMOTION, pos=(spot[0] + 100, spot[1] + 120), rel=(40, 30), buttons=(1, 0, 0))
    pump(app)
    assert app.scene.carry.rects[0].topleft != where, "the carried card follows the pointer's motion"


def test_cards_in_flight_keep_the_frames_running(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    settle(app)
    move = next(m for m in app.game.legal_moves() if m.src and m.dst and m.dst.startswith("c"))
    app.scene.try_move(str(move))
    assert app.scene.actors
    assert app.busy()
