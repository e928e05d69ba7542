"""The pool deals dealt to the player (``game/assistant/dealt.py``): remembered across
sessions in the data folder, sent with each request for a winnable deal and
recorded when one comes; a missing or damaged file means none dealt yet."""

from __future__ import annotations

import json

import pygame
import pytest
from gui import make_app, settle

import engine
from game.assistant import dealt
from game.assistant.analyst import ANSWER, Analyst, Answer
from game.storage import storage

ANY = {"rule": "any-suit"}
ALT = {"rule": "alternate"}


def test_none_dealt_until_one_is_recorded_and_then_in_the_order_dealt(tmp_path):
    assert dealt.dealt(tmp_path, "smith", ANY) == []
    assert not dealt.path(tmp_path).exists()
    assert dealt.record(tmp_path, "smith", ANY, 17) is None
    assert dealt.record(tmp_path, "smith", ANY, 4) is None
    assert dealt.record(tmp_path, "smith", ALT, 8) is None
    assert dealt.dealt(tmp_path, "smith", ANY) == [17, 4]
    assert dealt.dealt(tmp_path, "smith", ALT) == [8], "each rule's pool has its own list"
    assert dealt.dealt(tmp_path, "smith", {"rule": "same-suit"}) == []
    doc = json.loads(dealt.path(tmp_path).read_text())
    assert doc == storage.wrap("dealt", {"smith rule=any-suit": [17, 4], "smith rule=alternate": [8]})


def test_a_deal_dealt_again_starts_the_list_afresh(tmp_path):
    # the worker deals a deal twice only once the whole pool has been dealt
    for deal in (3, 5, 9):
        dealt.record(tmp_path, "smith", ANY, deal)
    dealt.record(tmp_path, "smith", ANY, 5)
    assert dealt.dealt(tmp_path, "smith", ANY) == [5]


@pytest.mark.parametrize("text", [
    "", "{", "[1, 2, 3]", '{"format": 1, "kind": "dealt", "data": [4]}',
    '{"format": 1, "kind": "preferences", "data": {}}', '{"format": 99, "kind": "dealt", "data": {}}',
    "\x00\x01 binary",
])
def test_a_damaged_file_means_none_dealt_is_kept_aside_and_replaced(tmp_path, text):
    dealt.path(tmp_path).write_text(text)
    assert dealt.dealt(tmp_path, "smith", ANY) == []          # no crash
    bad = tmp_path / "dealt.json.bad"
    assert bad.read_text() == text, "the damaged file is kept as it was, for inspection"
    assert not dealt.path(tmp_path).exists()
    assert dealt.record(tmp_path, "smith", ANY, 12) is None
    assert dealt.dealt(tmp_path, "smith", ANY) == [12]        # a good file in its place
    assert bad.read_text() == text


def test_numbers_that_are_no_deal_numbers_are_dropped_and_the_rest_kept(tmp_path):
    lists = {"smith rule=any-suit": [1, "2", 3.5, None, True, 4], "smith rule=alternate": "x"}
    dealt.path(tmp_path).write_text(json.dumps(storage.wrap("dealt", lists)))
    assert dealt.dealt(tmp_path, "smith", ANY) == [1, 4]
    assert dealt.dealt(tmp_path, "smith", ALT) == []


def test_a_file_that_cannot_be_written_is_said_and_play_goes_on(tmp_path):
    folder = tmp_path / "folder"
    folder.write_text("a file where the data folder should be")
    assert dealt.dealt(folder, "smith", ANY) == []
    problem = dealt.record(folder, "smith", ANY, 7)
    assert problem and "dealt.json" in problem


def fake_solver(monkeypatch) -> list[tuple[str, dict]]:
    """The solver's process stood in for: the requests asked, with their other fields."""
    asked = []

    def ask(self, game, purpose="verdict", budget=0.0, known=True, **more):
        self.request += 1
        self.pending[purpose] = self.request
        asked.append((purpose, self.request, more))
        return self.request
    monkeypatch.setattr(Analyst, "ask", ask)
    return asked


def test_the_table_sends_the_deals_dealt_and_records_a_pool_deal_when_it_comes(tmp_path, monkeypatch):
    from engine.solve.won_deals import lines
    from engine.solve.worker import WON_BEFORE
    asked = fake_solver(monkeypatch)
    app = make_app(tmp_path, "--game", "smith", "--seed", "5")
    app.assistant.find_winnable(engine.new_game("smith", seed=900001, **app.game.options))
    purpose, request, more = asked[-1]
    assert purpose == "winnable" and "dealt" not in more, "none dealt yet: nothing more is sent"
    pool = sorted(lines("smith", app.game.options))
    line = lines("smith", app.game.options)[pool[3]]
    pygame.event.post(pygame.event.Event(ANSWER, answer=Answer(request, "winnable", "won", line, seed=pool[3],
                                                               message=WON_BEFORE)))
    settle(app)
    assert app.game.seed == pool[3]
    assert dealt.dealt(tmp_path, "smith", app.game.options) == [pool[3]]
    app.assistant.find_winnable(engine.new_game("smith", seed=900002, **app.game.options))
    purpose, request, more = asked[-1]
    assert more == {"dealt": [pool[3]]}
    # a fresh deal the search won is no deal of the pool: not recorded
    pygame.event.post(pygame.event.Event(ANSWER, answer=Answer(request, "winnable", "won", [], seed=900002)))
    settle(app)
    assert app.game.seed == 900002
    assert dealt.dealt(tmp_path, "smith", app.game.options) == [pool[3]]
