"""The solver at the table: the indicator (from a separate process), H
hints, and the demo that plays a found solution."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from gui import endgame, key, make_app, settle, wait_for

import engine
from game.voice.status import win_message
from game.voice.words import describe


def test_the_indicator_says_a_winnable_deal_can_still_be_won(tmp_path):
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        assert app.session.verdict == "thinking" and "thinking" in app.status_text()[1]
        assert wait_for(app, lambda: app.session.verdict != "thinking")
        assert app.session.verdict == "won"
        assert "can still be won" in app.status_text()[1]
    finally:
        app.analyst.stop()


def test_h_shows_the_next_move_of_the_solution(tmp_path):
    doc = endgame()        # the ten of hearts on its nine: Layoff does not finish it (H would say Layoff)
    doc["position"]["columns"][3:5] = [["KS", "QH", "JS", "9S"], ["9H", "TH"]]
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(doc), opening=False)
        assert wait_for(app, lambda: app.session.verdict == "won")
        first = app.session.hint_line[0]
        key(app, pygame.K_h, unicode="h")
        assert app.scene.flash_rects, "the hint's card and destination flash"
        assert describe(app.game, first, places=True) in app.message   # in words, with its places
        assert app.game.history == []          # a hint shows, it does not play
    finally:
        app.analyst.stop()


@pytest.mark.slow
def test_the_demo_plays_the_deal_out_and_a_key_stops_it(tmp_path):
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        app.start_demo()
        assert wait_for(app, lambda: app.game.won or (app.session.demo is None and app.game.history))
        settle(app)
        assert app.game.won
        app.show_game(engine.from_dict(endgame()), opening=False)
        app.start_demo()
        key(app, pygame.K_SPACE, unicode=" ")
        assert app.session.demo is None
    finally:
        app.analyst.stop()


@pytest.mark.slow
def test_the_demo_plays_the_line_the_indicator_found_without_asking_again(tmp_path):
    """A win the indicator already found from the position on the table is
    the Demo's line at once: no second search, whose luck (its time, the
    solver's memory) might miss what the first one found."""
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        assert wait_for(app, lambda: app.session.verdict == "won")
        line = list(app.session.hint_line)
        asked = []
        real_ask = app.analyst.ask
        app.analyst.ask = lambda game, kind, **kw: asked.append(kind) or real_ask(game, kind, **kw)
        app.start_demo()
        assert "demo" not in asked
        assert app.game.history[:1] == line[:1], "the first move of the known line, played at once"
        assert wait_for(app, lambda: app.game.won or app.session.demo is None)
        settle(app)
        assert app.game.won and app.game.history == line
        assert "demo" not in asked
    finally:
        app.analyst.stop()


def new_deal_with_winnable_only(tmp_path, monkeypatch, first_pick: int):
    """An app on The Prince (alternating colour) with Winnable Deals Only on,
    whose next random deal number will be ``first_pick``; New Game pressed."""
    app = make_app(tmp_path, "--analysis", "--game", "prince", "--seed", "1")
    app.set_option("winnable", True)
    monkeypatch.setattr(app, "pick_deal_number", lambda: first_pick)
    app.start_game("prince", fresh=True)
    return app


def test_winnable_deals_only_deals_a_game_the_solver_has_won(tmp_path, monkeypatch):
    from engine.solve import Budget, solve
    # deal 6 is lost under alternating colour (the solver proves it); deal 7 is won
    assert solve(engine.new_game("prince", seed=6, rule="alternate"), Budget(seconds=5)).status == "impossible"
    app = new_deal_with_winnable_only(tmp_path, monkeypatch, 6)
    try:
        looking = app.assistant.looking
        assert looking is not None and app.dialogs[-1] is looking, "a notice says the solver is looking"
        assert wait_for(app, lambda: app.assistant.looking is None)
        settle(app)
        assert not app.dialogs
        assert app.game.seed == 7 and app.game.history == []
        assert solve(app.game, Budget(seconds=5)).status == "won"
        assert "7" in app.message
        assert app.session.verdict == "won", "the deal the solver has just won is known winnable at once"
        hint_line = app.session.hint_line
        assert hint_line and app.game.explain(hint_line[0]) is None, "its line is the known solution"
        # a verdict asked meanwhile (after the deal went on the table) did
        # not make the search's answer stale, nor the other way round
        assert wait_for(app, lambda: app.session.verdict not in ("", "thinking"))
        assert app.session.verdict == "won"
    finally:
        app.analyst.stop()


def test_winnable_deals_only_keeps_a_winnable_pick(tmp_path, monkeypatch):
    app = new_deal_with_winnable_only(tmp_path, monkeypatch, 7)
    try:
        assert wait_for(app, lambda: app.assistant.looking is None)
        assert app.game.seed == 7
    finally:
        app.analyst.stop()


def test_the_player_may_play_the_unchecked_deal_instead(tmp_path, monkeypatch):
    app = new_deal_with_winnable_only(tmp_path, monkeypatch, 6)
    try:
        key(app, pygame.K_RETURN)                   # "Play This Deal"
        assert app.assistant.looking is None and not app.dialogs
        assert "not checked" in app.message
        time.sleep(1.0)
        assert wait_for(app, lambda: app.session.verdict not in ("", "thinking"))
        assert app.game.seed == 6, "the search's answer, if it comes, no longer changes the deal"
    finally:
        app.analyst.stop()


def test_numbered_deals_play_as_dealt_with_winnable_deals_only(tmp_path, monkeypatch):
    app = new_deal_with_winnable_only(tmp_path, monkeypatch, 7)
    try:
        assert wait_for(app, lambda: app.assistant.looking is None)
        app.start_game("prince", seed=6, fresh=True)          # a deal chosen by number (or code)
        assert app.assistant.looking is None and not app.dialogs
        assert app.game.seed == 6
    finally:
        app.analyst.stop()


def test_the_search_for_a_winnable_deal_gives_up_in_time():
    from engine.solve.worker import Job, find_winnable
    start = time.monotonic()
    answer = find_winnable({"game": "prince", "seed": 6, "options": {"rule": "same-suit"}}, 5.0,
                           total=0.5, tries=3)
    assert time.monotonic() - start < 3.0
    assert answer["seed"] in (None, 6, 7, 8)
    answer = find_winnable({"game": "prince", "seed": 6, "options": {"rule": "alternate"}}, 5.0, tries=1)
    assert answer["seed"] is None and answer["status"] == "unknown", "deal 6 alone is not winnable"
    job = Job()
    job.cancel()                                    # the player chose to play the deal shown
    answer = find_winnable({"game": "prince", "seed": 6, "options": {"rule": "alternate"}}, 5.0, job=job)
    assert answer["seed"] is None, "a search the table no longer wants stops"


@pytest.mark.slow
def test_a_demo_win_is_not_the_players(tmp_path, monkeypatch):
    recorded = []
    app = make_app(tmp_path, "--analysis")
    monkeypatch.setattr(app.records, "record_result", lambda g: recorded.append(g.name))
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        app.start_demo()
        assert wait_for(app, lambda: app.game.won)
        settle(app)
        assert recorded == [], "a game the Demo played in counts neither as a win nor as a loss"
        assert "Demo" in win_message(app.session, app.records)
        app.start_game("prince", seed=3, fresh=True)     # leaving it does not count it as lost either
        assert recorded == []
    finally:
        app.analyst.stop()


@pytest.mark.slow
def test_the_gaps_demo_plays_on_through_a_shuffle(tmp_path, monkeypatch):
    import game.assistant.assistant
    from game.games import front
    monkeypatch.setattr(front("gaps"), "demo_seconds", 0.3)     # short searches: the deal stays undecided
    monkeypatch.setattr(game.assistant.assistant, "DEMO_AGAIN_S", 0.3)
    app = make_app(tmp_path, "--analysis", "--game", "gaps", "--seed", "1")
    try:
        start = engine.new_game("gaps", seed=1)
        app.start_demo()
        assert wait_for(app, lambda: "redeal" in app.game.history or app.game.won, seconds=90), \
            "the Demo locks what it can, and uses a shuffle when no card can move"
        assert not app.dialogs, "no stuck notice interrupts the Demo"
        assert app.game.name == "gaps" and app.game.seed == start.seed
        if "redeal" in app.game.history:
            before = app.game.history.index("redeal")
            replay = engine.new_game("gaps", seed=1)
            for m in app.game.history[:before]:
                replay.play(m)
            assert replay.stuck, "the shuffle came only when no card could move"
        key(app, pygame.K_SPACE, unicode=" ")
        assert app.session.demo is None
    finally:
        app.analyst.stop()


def test_play_on_heads_for_a_redeal():
    from engine.solve import Budget, play_on
    game = engine.new_game("chinese-puzzle", seed=2)
    line = play_on(game, Budget(seconds=0.3))
    assert line, "a fresh deal always has cards to lock or a redeal to use"
    for m in line:
        assert game.explain(m) is None
        game.play(m)


class Lines:
    """The worker's standard output, in a test: each answer a line, on a queue."""

    def __init__(self):
        import queue
        self.lines = queue.Queue()

    def write(self, text):
        for line in text.splitlines():
            self.lines.put(json.loads(line))

    def flush(self):
        pass

    def get(self, timeout):
        return self.lines.get(timeout=timeout)


def request(n, kind, doc, budget=60.0):
    return {"id": n, "kind": kind, "game": doc, "budget": budget, "known": True}


def test_a_new_request_cancels_the_search_of_its_kind_and_a_forgotten_one_gets_no_answer():
    import threading

    from engine.solve.worker import Inbox, serve
    inbox, out = Inbox(), Lines()
    worker = threading.Thread(target=serve, args=(inbox, out))
    worker.start()
    slow = engine.new_game("smith", seed=1, rule="any-suit").to_dict()     # undecided for minutes
    try:
        inbox.put(request(1, "verdict", slow))
        time.sleep(0.5)
        start = time.monotonic()
        inbox.put(request(2, "verdict", endgame()))
        answer = out.get(timeout=20)
        assert (answer["id"], answer["status"]) == (2, "won")
        assert time.monotonic() - start < 3.0, "the stale search stopped at once"
        inbox.put(request(3, "demo", slow))
        time.sleep(0.3)
        inbox.forget("demo")
        inbox.put(request(4, "verdict", endgame()))
        assert out.get(timeout=20)["id"] == 4, "the forgotten demo was cancelled unanswered"
    finally:
        inbox.stop()
        worker.join(20)
    assert not worker.is_alive(), "told to stop, the worker stops"
    assert out.lines.empty()


@pytest.mark.slow
def test_a_hint_sets_a_running_verdict_aside_and_the_verdict_comes_after():
    import threading

    from engine.solve.worker import Inbox, serve
    inbox, out = Inbox(), Lines()
    worker = threading.Thread(target=serve, args=(inbox, out))
    worker.start()
    try:
        inbox.put(request(1, "verdict", engine.new_game("smith", seed=1, rule="any-suit").to_dict(), budget=3.0))
        time.sleep(0.3)
        start = time.monotonic()
        inbox.put(request(2, "hint", endgame(), budget=0.4))
        first = out.get(timeout=20)
        assert (first["id"], first["status"]) == (2, "hint") and first["moves"]
        assert time.monotonic() - start < 1.5, "the player's hint does not wait for the verdict"
        second = out.get(timeout=20)
        assert second["id"] == 1 and second["status"] in ("won", "impossible", "unknown"), \
            "the verdict set aside is searched again"
    finally:
        inbox.stop()
        worker.join(20)
