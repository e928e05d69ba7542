"""Issue 36's details, as the player meets them: Chinese Puzzle's ace order
named in the same words everywhere and seen on the table, the marks of a
grid growing with its cards, and sentences that say what they mean."""

from __future__ import annotations

import pygame
import pytest
from conftest import cp_from
from gui import post, settle

from game.games import front

# row a holds clubs; seven ace-column gaps and the seven other aces at column 5
ACES = """
AC .. .. .. .. .. .. .. .. .. .. .. .. --
-- .. .. .. .. AC .. .. .. .. .. .. .. ..
-- .. .. .. .. AD .. .. .. .. .. .. .. ..
-- .. .. .. .. AD .. .. .. .. .. .. .. ..
-- .. .. .. .. AH .. .. .. .. .. .. .. ..
-- .. .. .. .. AH .. .. .. .. .. .. .. ..
-- .. .. .. .. AS .. .. .. .. .. .. .. ..
-- .. .. .. .. AS .. .. .. .. .. .. .. ..
"""


@pytest.fixture
def home(tmp_path):
    return tmp_path


def key(app, k, mod=0, unicode="") -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    settle(app)


# ----------------------------------------------------------------- the engine's refusals, in plain words
def test_a_refused_ace_is_told_which_ace_the_row_takes_instead():
    game = cp_from(ACES, aces="bridge-order")
    reason = game.explain("g5-b0")          # a spade offered to row b, which takes diamonds
    assert reason.endswith("takes the ace of diamonds, not the ace of spades.")


def test_a_suit_already_placed_is_said_to_belong_in_two_rows():
    game = cp_from(ACES, aces="suits-in-four")
    reason = front("chinese-puzzle").speak_places(game, game.explain("b5-b0"))
    assert "so they belong in rows A and E only." in reason


# all eight gaps right of a king: stuck
ALL_DEAD = """
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
"""


def status_words(game) -> str:
    from game.media.surfaces import Fonts
    from game.table.session import Session
    from game.voice.status import StatusLine
    quiet = type("Prefs", (), {"option": lambda self, name: False})()      # no indicator
    _, right = StatusLine(Fonts(), None, quiet).status_parts(Session(game))
    return right[0][0]


# ----------------------------------------------------------------- the status line's sentences end
def test_a_stuck_table_and_a_game_over_are_said_in_whole_sentences():
    assert status_words(cp_from(ALL_DEAD)) == "Stuck: redeal."
    assert status_words(cp_from(ALL_DEAD, redeals_left=0)) == "No move left."
    stuck_gaps = type("Stuck", (), {"stuck": True})()
    assert front("gaps").stuck_text(stuck_gaps) == "Stuck: use a shuffle."


def test_a_winnable_deal_with_no_redeal_left_is_not_said_to_need_none():
    game = cp_from(ACES)
    cp = front("chinese-puzzle")
    assert cp.verdict_text(game, "won") == "can be won without a redeal"
    game = cp_from(ACES, redeals_left=0)
    assert cp.verdict_text(game, "won") == "can still be won", "no redeal is left to do without"
