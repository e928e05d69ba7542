"""The log says why (issue 36): every damaged file met, every save that
fails and every solver worker that dies is written in the log with the
file's path (or the process) and the reason, and what was done instead;
and a record written before the log starts is not lost."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engine
from game.assistant import analyst as analyst_module
from game.storage import logs
from game.storage.records import RecordError, Records

ROOT = Path(__file__).resolve().parent.parent


def warnings(caplog, logger: str = "card-shell.records") -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == logger and r.levelno >= logging.WARNING]


@pytest.fixture
def caught(caplog):
    caplog.set_level(logging.INFO, logger=logs.LOGGER)
    return caplog


# -- damaged files --------------------------------------------------------------
@pytest.mark.parametrize("name, damage, reason, what", [
    ("statistics.json", "{not json", "it is not JSON text", "the statistics start afresh"),
    ("gaps-highs.json", json.dumps({"format": 1, "kind": "gaps-highs", "data": [{"name": 3}]}),
     "its high scores are damaged (high score 1 has no name", "the high scores start afresh"),
    ("preferences.json", "", "it is empty", "the default preferences are used"),
    ("saves/gaps.json", json.dumps({"format": 1, "kind": "statistics", "data": {}}),
     "it is a file of another kind (statistics), not Card Shell game", "a new game of Gaps is dealt"),
    ("saves/prince.json", json.dumps({"format": 1, "kind": "game", "data": {"game": "prince", "seed": "x"}}),
     "the game in it cannot be played", "a new game of The Prince is dealt"),
])
def test_every_damaged_file_is_logged_with_its_path_why_and_what_became_of_it(tmp_path, caught, name, damage,
                                                                              reason, what):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(damage)
    records = Records(tmp_path)
    records.load_prefs({"sound": True})
    records.load_game("gaps")
    records.load_game("prince")
    said = [m for m in warnings(caught) if str(path) in m]
    assert len(said) == 1, warnings(caught)
    assert reason in said[0] and what in said[0]
    assert f"the file was kept as {name}.bad" in said[0]
    assert (tmp_path / f"{name}.bad").exists()


def test_a_second_damaged_copy_is_logged_with_the_name_it_was_kept_under(tmp_path, caught):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "gaps.json.bad").write_text("an earlier one")
    (tmp_path / "saves" / "gaps.json").write_text("{not json")
    Records(tmp_path).load_game("gaps")
    assert any("was kept as saves/gaps.json.2.bad" in m for m in warnings(caught))


def test_a_saved_game_cut_back_to_its_legal_moves_is_logged(tmp_path, caught):
    game = engine.new_game("prince", seed=7, rule="alternate")
    game.play(str(game.legal_moves()[0]))
    doc = game.to_dict()
    doc["history"] = list(doc["history"]) + ["c1-c1", "c2-c3"]
    doc.pop("position", None)
    path = tmp_path / "saves" / "prince.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"format": 1, "kind": "game", "data": doc}))
    found, _ = Records(tmp_path).load_game("prince")
    assert found is not None and len(found.history) == 1
    said = [m for m in warnings(caught) if str(path) in m]
    assert len(said) == 1 and "a move the rules refuse: move 2 of 3, 'c1-c1'" in said[0]
    assert "goes on from move 1" in said[0] and "was kept as saves/prince.json.bad" in said[0]


def test_a_document_open_refuses_is_logged_with_its_path_and_reason(tmp_path, caught):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"format": 1, "kind": "statistics", "data": {}}))
    with pytest.raises(RecordError):
        Records(tmp_path).import_document(path)
    assert any(str(path) in m and "it is a Card Shell statistics file, not a saved game" in m
               for m in warnings(caught))


# -- saves that fail --------------------------------------------------------------
def test_a_save_that_fails_is_logged_with_the_path_and_the_system_error(tmp_path, caught):
    """A game saved into a folder whose name a file occupies: the log names
    the file and the system's error ("File exists") at the first failure
    of the streak, and says when saving works again and how many failed."""
    records = Records(tmp_path)
    (tmp_path / "saves").write_text("a file where the saves' folder goes")
    game = engine.new_game("prince", seed=7, rule="alternate")
    for _ in range(3):
        assert "File exists" in records.save_game(game)
    path = tmp_path / "saves" / "prince.json"
    said = [m for m in warnings(caught) if str(path) in m]
    assert said == [f"Could not save {path} (FileExistsError: File exists); nothing was written."]
    assert len(records.take_problems()) == 1        # the player was told once
    (tmp_path / "saves").unlink()
    assert records.save_game(game) is None
    assert warnings(caught)[-1] == f"Saved {path} again, after 3 failed saves (the last: File exists)."


def test_a_save_as_that_fails_and_a_save_that_cannot_be_removed_are_logged(tmp_path, caught):
    records = Records(tmp_path)
    game = engine.new_game("prince", seed=7, rule="alternate")
    occupied = tmp_path / "a folder"
    occupied.mkdir()
    (occupied / "x").write_text("")
    assert records.export_game(game, occupied) is not None
    assert any(str(occupied) in m and "Save As could not write" in m and "Error" in m for m in warnings(caught))
    (tmp_path / "saves" / "prince.json").mkdir(parents=True)       # not a file: it cannot be unlinked
    assert records.clear_game("prince") is not None
    assert any(str(tmp_path / "saves" / "prince.json") in m and "Could not remove" in m for m in warnings(caught))


# -- before the log starts --------------------------------------------------------
def test_a_damaged_file_met_before_the_log_starts_is_in_the_log(tmp_path):
    """The app reads its preferences before it starts its log (the window
    comes first): a damaged file met then is written to the log when it starts."""
    (tmp_path / "preferences.json").write_text("{not json")
    code = ("from game.storage.records import Records; from game.storage.prefs import Prefs;"
            "from game.storage import logs; Prefs(Records(read=False)); logs.start();"
            "logs.get('app').error('the log started')")
    env = dict(os.environ, CARD_SHELL_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / logs.NAME).read_text(encoding="utf-8")
    damaged = f"card-shell.records WARNING: {tmp_path / 'preferences.json'} could not be used because it is"
    assert damaged in text and "the default preferences are used" in text
    assert text.index(damaged) < text.index("the log started")
    assert "preferences.json could not be used" in done.stderr      # said at once as well, as before


def test_a_record_before_the_log_starts_that_could_not_be_kept_is_counted(tmp_path):
    code = ("from pathlib import Path; import sys; from game.storage import logs;"
            f"[logs.get('app').info('early %d', n) for n in range({logs.EARLY + 5})];"
            "logs.start(Path(sys.argv[1]))")
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, check=True, timeout=60)
    text = (tmp_path / logs.NAME).read_text(encoding="utf-8")
    assert "early 0" in text and f"early {logs.EARLY - 1}\n" in text and f"early {logs.EARLY}\n" not in text
    assert "5 more records written before the log started were not kept" in text


# -- a solver worker that dies ---------------------------------------------------
def wait_for_record(caplog, text: str, timeout: float = 20.0) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = [r.getMessage() for r in caplog.records if text in r.getMessage()]
        if found:
            return found[-1]
        time.sleep(0.05)
    raise AssertionError(f"no record says {text!r}: {[r.getMessage() for r in caplog.records]}")


def test_a_worker_killed_is_logged_with_its_signal_and_what_the_table_does(caught):
    analyst = analyst_module.Analyst()
    try:
        assert analyst.start()
        pid = analyst.pid
        os.kill(pid, signal.SIGKILL)
        said = wait_for_record(caught, "stopped unexpectedly")
        assert "(ended by signal 9)" in said and f"process {pid}" in said
        assert "drops the requests it was answering" in said
        assert f"starts a new worker; {analyst_module.MAX_STARTS - 1} more starts this session" in said
    finally:
        analyst.stop()


def test_the_last_worker_the_session_allows_is_logged_as_the_last(caught):
    analyst = analyst_module.Analyst([sys.executable, "-c", "import sys; sys.exit(3)"])
    try:
        for n in range(1, analyst_module.MAX_STARTS + 1):
            caught.clear()
            assert analyst.start()
            said = wait_for_record(caught, "stopped unexpectedly")
            assert "(exit status 3)" in said and f"Worker {n} " in said
            analyst._process.wait(timeout=10)
        assert "it was the last start this session" in said
        assert not analyst.start() and not analyst.start()
        refused = [m for m in warnings(caught, "card-shell.solver") if "it is not started again" in m]
        assert len(refused) == 1          # said once, not at every request
    finally:
        analyst.stop()
