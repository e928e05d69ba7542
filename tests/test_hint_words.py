"""H's words when no move helps agree with the indicator's: a deal lost
before its first move "cannot be won"; after one, it "can no longer be won"."""

from __future__ import annotations

import engine
from engine.solve import Budget
from engine.solve.advice import LOST, Advice, advise
from game.games import front


def test_a_deal_lost_from_the_start_cannot_be_won_and_later_can_no_longer_be():
    assert Advice(None, LOST).words(started=False) == "this deal cannot be won"
    assert Advice(None, LOST).words() == "this deal can no longer be won"


def test_the_hint_and_the_indicator_say_the_same_of_a_deal_lost_before_a_move():
    game = engine.new_game("prince", seed=12, rule="same-suit")     # no move, and nothing wins it
    advice = advise(game, Budget(seconds=20))
    assert advice.reason == LOST
    assert advice.words(started=bool(game.history)) in front("prince").verdict_text(game, "impossible")
