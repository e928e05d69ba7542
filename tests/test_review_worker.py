"""Review This Game in the solver's process: a ``review`` request streams
its progress, then the verdicts and the losing move; a newer review, or a
forget, stops the one at work (the table never waits on it)."""

from __future__ import annotations

import json
import time

import pytest
from test_review import fixture
from test_solver_worker import SLOW, ask, cpu_seconds, send, worker


def answers(process, until: str = "reviewed") -> list[dict]:
    """The worker's lines up to (and with) the first whose status is ``until``."""
    seen = []
    while True:
        line = process.stdout.readline()
        assert line, "the worker stopped"
        seen.append(json.loads(line))
        if seen[-1]["status"] in (until, "error"):
            return seen


def test_a_review_streams_its_progress_then_names_the_losing_move():
    game, losing, _ = fixture("prince")
    process = worker()
    try:
        ask(process, 4, "review", game.to_dict(), budget=5.0)
        lines = answers(process)
    finally:
        process.stdin.close()
        process.wait(5)
    *progress, final = lines
    assert final["id"] == 4 and final["status"] == "reviewed", final
    review = final["review"]
    assert review["losing"] == losing
    assert len(review["verdicts"]) == len(game.history) + 1
    assert progress and all(p["status"] == "progress" and p["id"] == 4 for p in progress)
    done = [p["done"] for p in progress]
    assert done == list(range(1, len(done) + 1)), "one report a search, counted up"
    assert done[-1] == review["searches"] and all(p["most"] >= p["done"] for p in progress)


@pytest.mark.slow
def test_a_newer_review_cancels_the_one_at_work_and_a_forgotten_one_stops():
    game, losing, _ = fixture("prince")
    process = worker()
    try:
        ask(process, 1, "review", SLOW.to_dict(), budget=60.0)       # undecided for minutes
        time.sleep(0.5)
        start = time.monotonic()
        ask(process, 2, "review", game.to_dict(), budget=5.0)
        lines = answers(process)
        assert {line["id"] for line in lines} == {2}, "the stale review says nothing more"
        assert lines[-1]["review"]["losing"] == losing
        assert time.monotonic() - start < 5.0, "the stale review stopped at once"
        ask(process, 3, "review", SLOW.to_dict(), budget=60.0)
        time.sleep(0.5)
        send(process, {"forget": "review"})
        time.sleep(0.3)
        before = cpu_seconds(process.pid)
        time.sleep(1.0)
        assert cpu_seconds(process.pid) - before < 0.1, "a forgotten review stops: the worker rests"
    finally:
        process.stdin.close()
        process.wait(5)
    rest = [json.loads(line) for line in process.stdout.read().splitlines()]
    assert all(line["id"] == 3 and line["status"] == "progress" for line in rest), \
        "the forgotten review was never answered"


def test_a_review_with_no_time_left_says_unknown_rather_than_guessing():
    game, _, _ = fixture("prince")
    process = worker()
    try:
        send(process, {"id": 5, "kind": "review", "game": game.to_dict(), "budget": 5.0, "total": 0.0})
        final = answers(process)[-1]
    finally:
        process.stdin.close()
        process.wait(5)
    assert final["status"] == "reviewed"
    assert final["review"]["out_of_time"] and final["review"]["losing"] is None
    assert set(final["review"]["verdicts"]) == {"unknown"}
