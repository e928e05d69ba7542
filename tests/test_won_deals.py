"""The deals Winnable Deals Only falls back on are won deals: each stored
line wins its deal in the engine, and the worker deals one of them when
its search finds no fresh winnable deal in its time."""

from __future__ import annotations

import pytest

import engine
from engine.solve import won_deals
from engine.solve.worker import Job, find_winnable

STORED = [(key, int(deal)) for key, deals in won_deals.WON.items() for deal in deals]


def options_of(key: str) -> tuple[str, dict]:
    game, *pairs = key.split()
    return game, dict(pair.split("=", 1) for pair in pairs)


def test_the_smith_has_won_deals_to_fall_back_on_under_any_suit():
    assert len(won_deals.lines("smith", {"rule": "any-suit"})) >= 10


@pytest.mark.parametrize("key,deal", STORED)
def test_every_stored_line_wins_its_deal_in_the_engine(key, deal):
    name, options = options_of(key)
    game = engine.new_game(name, seed=deal, **options)
    for move in won_deals.lines(name, options)[deal]:
        game.play(move)             # an illegal move raises
    assert game.won


def test_a_search_that_finds_no_fresh_deal_in_time_deals_one_won_before():
    doc = engine.new_game("smith", seed=123456, rule="any-suit").to_dict()
    answer = find_winnable(doc, 0.01, total=0.01)
    known = won_deals.lines("smith", {"rule": "any-suit"})
    assert answer["status"] == "won" and answer["seed"] in known
    assert find_winnable(doc, 0.01, total=0.01)["seed"] == answer["seed"], "the same request, the same deal"
    asked = range(1000, 20001, 1000)               # 20 requests, seeds far apart
    picked = {find_winnable(dict(doc, seed=seed), 0.01, total=0.01)["seed"] for seed in asked}
    assert len(picked) >= min(len(known), len(asked)) // 2, "requests from different deals get different deals"


def test_no_deal_is_dealt_when_none_is_known_or_the_table_stopped_asking():
    doc = engine.new_game("smith", seed=5, rule="any-suit").to_dict()
    job = Job()
    job.cancel()
    assert find_winnable(doc, 0.01, total=0.01, job=job)["seed"] is None
    prince = engine.new_game("prince", seed=6, rule="alternate").to_dict()
    assert won_deals.lines("prince", {"rule": "alternate"}) == {}
    assert find_winnable(prince, 5.0, tries=1)["seed"] is None
