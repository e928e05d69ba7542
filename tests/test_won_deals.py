"""The pool Winnable Deals Only deals from when its search finds no fresh
winnable deal in time: every stored line wins its deal in the engine, The
Smith has a hundred deals and more under each rule that has won deals, the
pool is kept compact, no deal of it is dealt twice to a player before the
whole pool has been, and in The Smith the player waits about 5 s at most."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

import engine
from engine.solve import Budget, Status, won_deals, worker
from engine.solve.worker import Job, answer, find_winnable, won_before

STORED = [(key, deal) for key in sorted(won_deals.PACKED) for deal in sorted(won_deals.table(key))]
SMITH_RULES = ("any-suit", "alternate")
#: the least pool of each rule of The Smith that has won deals
POOL_AT_LEAST = {"any-suit": 100, "alternate": 100}


def options_of(key: str) -> tuple[str, dict]:
    game, *pairs = key.split()
    return game, dict(pair.split("=", 1) for pair in pairs)


@pytest.mark.parametrize("key,deal", STORED)
def test_every_stored_line_wins_its_deal_in_the_engine(key, deal):
    name, options = options_of(key)
    game = engine.new_game(name, seed=deal, **options)
    for move in won_deals.lines(name, options)[deal]:
        game.play(move)             # an illegal move raises
    assert game.won


@pytest.mark.parametrize("rule", SMITH_RULES)
def test_the_smith_has_a_pool_of_won_deals_under_each_rule_that_wins_any(rule):
    assert len(won_deals.lines("smith", {"rule": rule})) >= POOL_AT_LEAST[rule]


def test_the_smith_under_same_suit_has_no_pool():
    # the study proved 274 of its first 300 deals impossible and won none
    assert won_deals.lines("smith", {"rule": "same-suit"}) == {}
    assert won_before(engine.new_game("smith", seed=5, rule="same-suit").to_dict()) is None


def test_the_pool_is_kept_compact_and_unpacks_to_what_was_packed():
    text = sum(len(f"{deal} {line}\n") for key in won_deals.PACKED for deal, line in won_deals.table(key).items())
    size = os.path.getsize(won_deals.__file__)
    assert size < text / 3, f"{size} bytes for {text} bytes of lines: the pool is not packed"
    won = {3: "c1-c2 deal c4-f:13", 12: "c8-c7:2"}
    assert won_deals.unpack(won_deals.pack(won)) == won
    assert set(won_deals.pack(won)) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                           "!#$%&()*+-;<=>?@^_`{|}~"), "no quote nor backslash in the source"
    first = won_deals.lines("smith", {"rule": "any-suit"})
    first[min(first)].clear()
    assert won_deals.lines("smith", {"rule": "any-suit"})[min(first)], "a caller's change is its own"


def test_a_search_that_finds_no_fresh_deal_in_time_deals_one_won_before():
    doc = engine.new_game("smith", seed=123456, rule="any-suit").to_dict()
    answer = find_winnable(doc, 0.01, total=0.01)
    known = won_deals.lines("smith", {"rule": "any-suit"})
    assert answer["status"] == "won" and answer["seed"] in known and answer["message"] == worker.WON_BEFORE
    assert answer["moves"] == known[answer["seed"]]
    assert find_winnable(doc, 0.01, total=0.01)["seed"] == answer["seed"], "the same request, the same deal"
    asked = range(1000, 20001, 1000)               # 20 requests, seeds far apart
    picked = {find_winnable(dict(doc, seed=seed), 0.01, total=0.01)["seed"] for seed in asked}
    assert len(picked) >= min(len(known), len(asked)) // 2, "requests from different deals get different deals"


@pytest.mark.parametrize("rule", SMITH_RULES)
def test_no_pool_deal_is_dealt_twice_before_the_pool_is_used_up(rule):
    pool = set(won_deals.lines("smith", {"rule": rule}))
    doc = engine.new_game("smith", seed=77, rule=rule).to_dict()
    dealt: list[int] = []
    for n in range(len(pool)):
        deal, line = won_before(dict(doc, seed=1000 + 7919 * n), dealt)
        assert deal in pool and deal not in dealt, f"deal {deal} dealt twice after {n} deals"
        dealt.append(deal)
    assert set(dealt) == pool
    # used up: the pool starts again, with any deal but the one dealt last
    again = {won_before(dict(doc, seed=seed), dealt)[0] for seed in range(40)}
    assert again <= pool and dealt[-1] not in again and len(again) > 1


class FakeClock:
    """Wall-clock time that passes only when a (fake) search says so."""

    def __init__(self) -> None:
        self.now = 0.0


def fake_worker(monkeypatch, spent) -> tuple[FakeClock, list]:
    """The worker's searches stood in for: each takes ``spent(budget)``
    seconds of the fake wall clock and wins nothing; returns the clock and
    the budgets the searches were given."""
    clock, given = FakeClock(), []

    class ClockedBudget(Budget):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.made_at = clock.now

        def waited(self) -> float:
            return clock.now - self.made_at

    def solve(game, budget, known=True):
        given.append(budget)
        clock.now += spent(budget)
        return SimpleNamespace(status=Status.UNKNOWN, moves=[])
    monkeypatch.setattr(worker, "Budget", ClockedBudget)
    monkeypatch.setattr(worker, "solve", solve)
    return clock, given


def test_the_deals_dealt_come_with_the_request_and_the_worker_deals_another(monkeypatch):
    fake_worker(monkeypatch, lambda b: b.max_wall)    # no fresh deal is won
    doc = engine.new_game("smith", seed=4242, rule="alternate").to_dict()
    pool = sorted(won_deals.lines("smith", {"rule": "alternate"}))
    request = {"id": 1, "kind": "winnable", "game": doc, "budget": 0.0}
    first = find_winnable(doc, 0.0, total=0.0)["seed"]
    assert answer(dict(request, dealt=[]), Job())["seed"] == first
    all_but_two = [d for d in pool if d != first][:-1]
    reply = answer(dict(request, dealt=[first, *all_but_two]), Job())
    assert reply["status"] == "won" and reply["message"] == worker.WON_BEFORE
    assert reply["seed"] == next(d for d in pool if d != first and d not in all_but_two)
    # what the table sends is data: anything but deal numbers is ignored
    assert answer(dict(request, dealt=["x", None, 2.5, True]), Job())["seed"] == first


@pytest.mark.parametrize("rule", SMITH_RULES)
@pytest.mark.parametrize("searches", ["use their processor time", "are stopped by the wall clock"])
def test_in_the_smith_a_pool_deal_comes_within_5_s(monkeypatch, rule, searches):
    """What the worker asks of its searches in The Smith: the worst case is
    a search that runs until its wall-clock cap (a busy machine)."""
    if searches == "use their processor time":
        clock, given = fake_worker(monkeypatch, lambda b: b.max_seconds)
    else:
        clock, given = fake_worker(monkeypatch, lambda b: b.max_wall)
    doc = engine.new_game("smith", seed=31337, rule=rule).to_dict()
    for job in (None, Job()):
        clock.now, given[:] = 0.0, []
        reply = find_winnable(doc, 2.0, job=job)      # 2 s a deal, as the table asks
        assert reply["status"] == "won" and reply["message"] == worker.WON_BEFORE
        assert given and all(b.max_wall is not None and b.max_wall <= 5.0 for b in given)
        assert sum(b.max_seconds for b in given) <= 5.0
        assert clock.now <= 5.0, f"the player waited {clock.now:.1f} s"


def test_in_the_smith_under_same_suit_an_ordinary_deal_comes_as_soon(monkeypatch):
    clock, given = fake_worker(monkeypatch, lambda b: b.max_wall)
    doc = engine.new_game("smith", seed=31337, rule="same-suit").to_dict()
    reply = find_winnable(doc, 2.0, job=Job())
    assert reply["status"] == "unknown" and reply["seed"] is None
    assert given and clock.now <= 5.0


def test_elsewhere_the_search_goes_on_as_before(monkeypatch):
    # The Prince decides its deals in a fraction of a second: 2 s a deal
    # asked, 30 s in all
    clock, given = fake_worker(monkeypatch, lambda b: b.max_seconds)
    doc = engine.new_game("prince", seed=6, rule="alternate").to_dict()
    reply = find_winnable(doc, 2.0, job=Job())
    assert reply["seed"] is None, "no pool for The Prince"
    assert given[0].max_seconds == 2.0 and len(given) == 15
    assert clock.now == pytest.approx(worker.WINNABLE_TOTAL_S)


def test_no_deal_is_dealt_when_none_is_known_or_the_table_stopped_asking():
    doc = engine.new_game("smith", seed=5, rule="any-suit").to_dict()
    job = Job()
    job.cancel()
    assert find_winnable(doc, 0.01, total=0.01, job=job)["seed"] is None
    prince = engine.new_game("prince", seed=6, rule="alternate").to_dict()
    assert won_deals.lines("prince", {"rule": "alternate"}) == {}
    assert find_winnable(prince, 5.0, tries=1)["seed"] is None
