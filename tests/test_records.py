"""The player's files (game/storage/records.py, game/storage/storage.py): the game in
progress saved after every move and restored, Save As / Open documents,
statistics, Gaps' high scores and preferences; damaged, foreign and
unwritable files never fatal.  No pygame here."""

from __future__ import annotations

import errno
import json
import os
import random
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import gaps_doc

import engine
from engine.__main__ import load_file
from game.storage import records as records_module
from game.storage import storage
from game.storage.records import HIGH_SCORES, NAME_LENGTH, PLACEHOLDERS, RecordError, Records

GAMES = tuple(engine.GAMES)
ROOT = Path(__file__).resolve().parent.parent

ONE_FROM_WON = """
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS
"""

DEFAULT_PREFS = {
    "last_game": "gaps",
    "sound": True,
    "volume": 0.5,
    "redeals": 2,
    "rules": {"republic": "alternate", "smith": "any-suit", "prince": "alternate"},
    "window": [1180, 760],
    "spacing": {},
    "recent": [],
}


class Crash(BaseException):
    """A crash in the middle of a save (power cut, killed process)."""


def played(name: str, count: int = 6, seed: int = 5) -> engine.Game:
    """A deal of ``name`` after ``count`` undoable moves chosen by a seeded die."""
    game = engine.new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(count):
        moves = [m for m in game.legal_moves() if str(m) not in game.irreversible]
        if not moves or game.won:
            break
        game.play(rng.choice(moves))
    assert game.history and game.can_undo
    return game


def wrapper(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def bad_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.bad"))


def tmp_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.tmp"))


def only_problem(records: Records) -> str:
    problems = records.take_problems()
    assert len(problems) == 1, problems
    assert records.problems == [] and records.take_problems() == []
    return problems[0]


def writes_are_refused(folder: Path) -> bool:
    """Whether the (read-only) ``folder`` really refuses a new file: root
    ignores the permission bits."""
    probe = folder / "probe"
    try:
        probe.write_text("x")
    except OSError:
        return True
    probe.unlink()
    return False


# ----------------------------------------------------------------- the game in progress

@pytest.mark.every_game
@pytest.mark.parametrize("name", GAMES)
def test_the_game_in_progress_comes_back_history_and_all(tmp_path, name):
    game = played(name)
    extra = {"elapsed": 83.5, "paused": False} if name == "gaps" else {"spacing": [1, 0, 2]}
    assert Records(tmp_path).save_game(game, extra) is None

    doc = wrapper(tmp_path / "saves" / f"{name}.json")
    assert (doc["format"], doc["kind"]) == (1, "game")
    assert doc["data"]["game"] == name and doc["data"]["table"] == extra

    records = Records(tmp_path)                      # a new start of the program
    again, table = records.load_game(name)
    assert records.problems == []
    assert again is not None and type(again) is type(game)
    assert again.history == game.history
    assert again.position() == game.position()
    assert again.to_dict() == game.to_dict()
    assert table == extra
    assert again.can_undo
    again.undo()
    game.undo()
    assert again.position() == game.position() and again.history == game.history
    assert again.can_redo
    again.redo()
    game.redo()
    assert again.to_dict() == game.to_dict()


@pytest.mark.every_game
@pytest.mark.parametrize("name", GAMES)
def test_saved_after_every_move_the_last_move_is_what_comes_back(tmp_path, name):
    records = Records(tmp_path)
    game = engine.new_game(name, seed=9)
    rng = random.Random(9)
    for _ in range(8):
        moves = game.legal_moves()
        if not moves or game.won:
            break
        game.play(rng.choice(moves))
        assert records.save_game(game, {"moves": len(game.history)}) is None
    again, table = Records(tmp_path).load_game(name)
    assert again.to_dict() == game.to_dict()
    assert table == {"moves": len(game.history)}


@pytest.mark.every_game
def test_there_is_nothing_to_restore_at_first(tmp_path):
    records = Records(tmp_path)
    for name in GAMES:
        assert records.load_game(name) == (None, {})
    assert records.problems == []
    assert not (tmp_path / "saves").exists()


@pytest.mark.every_game
def test_each_game_has_its_own_save(tmp_path):
    records = Records(tmp_path)
    games = {name: played(name, seed=3) for name in GAMES}
    for game in games.values():
        records.save_game(game)
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == sorted(f"{n}.json" for n in GAMES)
    for name, game in games.items():
        assert records.load_game(name)[0].to_dict() == game.to_dict()


def test_a_cleared_game_is_not_restored(tmp_path):
    records = Records(tmp_path)
    records.save_game(played("prince"))
    records.save_game(played("smith"))
    assert records.clear_game("prince") is None
    assert records.clear_game("prince") is None           # nothing there: no complaint
    assert records.load_game("prince") == (None, {})
    assert records.load_game("smith")[0] is not None
    assert records.problems == []


def test_a_won_game_is_not_restored_and_its_save_goes(tmp_path):
    game = engine.from_dict(gaps_doc(ONE_FROM_WON))
    game.play("d13-d12")
    assert game.won
    records = Records(tmp_path)
    records.save_game(game, {"elapsed": 10})
    assert records.load_game("gaps") == (None, {})
    assert not (tmp_path / "saves" / "gaps.json").exists()
    assert records.problems == [] and bad_files(tmp_path) == []


def test_an_unknown_game_name_is_a_programming_error(tmp_path):
    with pytest.raises(ValueError):
        Records(tmp_path).load_game("../statistics")


def test_the_default_folder_is_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARD_SHELL_HOME", str(tmp_path / "home"))
    records = Records()
    assert records.folder == tmp_path / "home"
    records.save_game(played("gaps"))
    assert (tmp_path / "home" / "saves" / "gaps.json").exists()


def test_autosaving_is_cheap(tmp_path):
    """About a millisecond per move on the development machine (two
    fsyncs); the bound leaves room for a slow disk."""
    records = Records(tmp_path)
    game = played("republic", count=60)
    start = time.perf_counter()
    for _ in range(20):
        assert records.save_game(game, {"elapsed": 1.0}) is None
    per_save = (time.perf_counter() - start) / 20
    assert per_save < 0.05
    assert (tmp_path / "saves" / "republic.json").stat().st_size < 20_000


# ----------------------------------------------------------------- damaged and foreign files

FILES = {                      # each kind of file, where it lives
    "game": "saves/prince.json",
    "statistics": "statistics.json",
    "highs": "gaps-highs.json",
    "prefs": "preferences.json",
}
KINDS = {"game": "game", "statistics": "statistics", "highs": "gaps-highs", "prefs": "preferences"}


def good_data(what: str):
    if what == "game":
        return played("prince").to_dict()
    if what == "statistics":
        return {"prince/alternate": {"games": 1, "wins": 0, "points": -2.0, "streak": -1,
                                     "longest_wins": 0, "longest_losses": 1, "moves": 3}}
    if what == "highs":
        return [{"name": "Tester", "shuffles": 0, "seconds": 60, "date": "2024-05-01"}]
    return {"sound": False}


def broken_game_document() -> dict:
    doc = played("prince").to_dict()
    doc["deal"]["columns"][0][0] = doc["deal"]["columns"][1][0]      # one card twice, one missing
    return doc


DAMAGE = {
    "not JSON": lambda what: b"this is not JSON at all\n",
    "empty": lambda what: b"",
    "truncated": lambda what: json.dumps(storage.wrap(KINDS[what], good_data(what))).encode()[:-17],
    "binary garbage": lambda what: random.Random(1).randbytes(300),
    "JSON of the wrong kind": lambda what: json.dumps(storage.wrap("something-else", good_data(what))).encode(),
    "a newer format": lambda what: json.dumps({"format": 2, "kind": KINDS[what], "data": good_data(what)}).encode(),
    "format not a number": lambda what: json.dumps({"format": "1", "kind": KINDS[what],
                                                     "data": good_data(what)}).encode(),
    "a bare list": lambda what: b"[1, 2, 3]",
    "no data": lambda what: json.dumps({"format": 1, "kind": KINDS[what]}).encode(),
    "NaN": lambda what: json.dumps(storage.wrap(KINDS[what], {"x": float("nan")})).encode(),
    "too large": lambda what: b'{"format": 1, "kind": "x", "data": "' + b"x" * (2 * 1024 * 1024) + b'"}',
    "deeply nested": lambda what: b"[" * 100_000 + b"]" * 100_000,
}


def load(what: str, records: Records):
    """What the records made of the file: the game, stats, scores or prefs."""
    if what == "game":
        return records.load_game("prince")
    if what == "statistics":
        return records.stats.to_dict()
    if what == "highs":
        return records.high_scores()
    return records.load_prefs(DEFAULT_PREFS)


FRESH = {
    "game": lambda: (None, {}),
    "statistics": lambda: {},
    "highs": records_module.placeholder_scores,
    "prefs": lambda: DEFAULT_PREFS,
}


@pytest.mark.parametrize("what", FILES)
def test_good_files_of_every_kind_load(tmp_path, what):
    path = tmp_path / FILES[what]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(storage.wrap(KINDS[what], good_data(what))), encoding="utf-8")
    records = Records(tmp_path)
    result = load(what, records)
    assert records.problems == []
    assert result != FRESH[what]()


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("what", FILES)
def test_a_damaged_or_foreign_file_is_set_aside_and_play_goes_on(tmp_path, what, damage):
    path = tmp_path / FILES[what]
    path.parent.mkdir(parents=True, exist_ok=True)
    content = DAMAGE[damage](what)
    path.write_bytes(content)

    records = Records(tmp_path)
    assert load(what, records) == FRESH[what]()
    problem = only_problem(records)
    assert FILES[what] in problem                        # which file
    assert f"kept as {FILES[what]}.bad" in problem       # where it went
    assert not path.exists()
    assert (tmp_path / (FILES[what] + ".bad")).read_bytes() == content
    assert bad_files(tmp_path) == [FILES[what] + ".bad"]

    assert load(what, Records(tmp_path)) == FRESH[what]()  # the next start is quiet


@pytest.mark.parametrize("what", FILES)
def test_the_reason_is_told(tmp_path, what):
    reasons = {
        "not JSON": "not JSON text",
        "truncated": "cut short",
        "binary garbage": "not a text file",
        "JSON of the wrong kind": "another kind",
        "a newer format": "newer Card Shell",
        "too large": "too large",
        "empty": "empty",
    }
    path = tmp_path / FILES[what]
    path.parent.mkdir(parents=True, exist_ok=True)
    for damage, words in reasons.items():
        path.write_bytes(DAMAGE[damage](what))
        records = Records(tmp_path)
        load(what, records)
        assert words in only_problem(records), damage


def test_a_game_document_with_a_broken_deck_is_set_aside(tmp_path):
    path = tmp_path / "saves" / "prince.json"
    path.parent.mkdir()
    path.write_text(json.dumps(storage.wrap("game", broken_game_document())), encoding="utf-8")
    records = Records(tmp_path)
    assert records.load_game("prince") == (None, {})
    problem = only_problem(records)
    assert "saves/prince.json" in problem and "cannot be played" in problem
    assert "a new game of The Prince is dealt" in problem
    assert (tmp_path / "saves" / "prince.json.bad").exists()


@pytest.mark.parametrize("tamper", ["history of text", "game name", "position", "options"])
def test_a_game_that_does_not_replay_is_set_aside(tmp_path, tamper):
    records = Records(tmp_path)
    game = played("gaps")
    records.save_game(game)
    path = tmp_path / "saves" / "gaps.json"
    doc = wrapper(path)
    if tamper == "history of text":
        doc["data"]["history"].append(12)
    elif tamper == "game name":
        doc["data"]["game"] = "prince"
    elif tamper == "position":
        doc["data"]["position"] = engine.new_game("gaps", seed=99).position()
    else:
        doc["data"]["options"] = {"rule": "same-suit"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert records.load_game("gaps") == (None, {})
    assert "saves/gaps.json" in only_problem(records)
    assert bad_files(tmp_path) == ["saves/gaps.json.bad"]


def test_damaged_statistics_records_are_set_aside(tmp_path):
    data = {"prince/alternate": {"games": 1, "wins": 5}}               # more wins than games
    (tmp_path / "statistics.json").write_text(json.dumps(storage.wrap("statistics", data)))
    records = Records(tmp_path)
    assert records.stats.to_dict() == {}
    assert "statistics.json" in only_problem(records)


@pytest.mark.parametrize("scores", [
    {"name": "x"},
    [{"name": "A", "shuffles": 9, "seconds": 10, "date": ""}],
    [{"name": "A", "shuffles": 1, "seconds": -5, "date": ""}],
    [{"name": 3, "shuffles": 1, "seconds": 5, "date": ""}],
    ["A"],
])
def test_damaged_high_scores_are_set_aside(tmp_path, scores):
    (tmp_path / "gaps-highs.json").write_text(json.dumps(storage.wrap("gaps-highs", scores)))
    records = Records(tmp_path)
    assert records.high_scores() == records_module.placeholder_scores()
    assert "gaps-highs.json" in only_problem(records)


def test_earlier_bad_copies_are_not_overwritten(tmp_path):
    path = tmp_path / "statistics.json"
    for n in range(3):
        path.write_text(f"damage {n}")
        Records(tmp_path)
    assert bad_files(tmp_path) == ["statistics.json.2.bad", "statistics.json.3.bad", "statistics.json.bad"]
    assert (tmp_path / "statistics.json.bad").read_text() == "damage 0"


def test_a_bad_file_that_cannot_be_moved_aside_is_still_not_fatal(tmp_path, monkeypatch):
    (tmp_path / "statistics.json").write_text("{oops")

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(os, "replace", refuse)
    records = Records(tmp_path)
    assert records.stats.to_dict() == {}
    problem = only_problem(records)
    assert "statistics.json" in problem and "could not be moved aside" in problem


# ----------------------------------------------------------------- saves that fail

def make_good_files(tmp_path: Path) -> tuple[Records, engine.Game, dict[Path, bytes]]:
    records = Records(tmp_path)
    game = played("gaps")
    assert records.save_game(game, {"elapsed": 5}) is None
    assert records.save_prefs({"sound": False}) is None
    assert records.add_high_score("First", 1, 100, "2024-01-01") == 1
    assert records.record_result(played("prince")) == -2
    files = {p: p.read_bytes() for p in tmp_path.rglob("*.json")}
    assert len(files) == 4
    return records, game, files


def try_every_save(records: Records, game: engine.Game) -> list[str | None]:
    game.undo()
    return [records.save_game(game, {"elapsed": 6}),
            records.save_prefs({"sound": True}),
            records.save_stats(),
            records.reset_high_scores()]


def assert_unchanged(tmp_path: Path, files: dict[Path, bytes]) -> None:
    for path, content in files.items():
        assert path.read_bytes() == content, path
    assert tmp_files(tmp_path) == []
    records = Records(tmp_path)
    assert records.load_game("gaps")[1] == {"elapsed": 5}
    assert records.load_prefs({"sound": True}) == {"sound": False}
    assert records.high_scores()[0]["name"] == "First"
    assert records.stats.get("prince", "alternate").games == 1
    assert records.problems == []


def test_a_read_only_folder_keeps_the_last_good_files(tmp_path):
    records, game, files = make_good_files(tmp_path)
    folders = [tmp_path, tmp_path / "saves"]
    for folder in folders:
        folder.chmod(0o500)
    try:
        if not writes_are_refused(tmp_path):
            pytest.skip("this user (root) writes in a read-only folder; see the simulated test")
        messages = try_every_save(records, game)
        assert all(m and "last good copy is kept" in m for m in messages), messages
    finally:
        for folder in folders:
            folder.chmod(stat.S_IRWXU)
    assert_unchanged(tmp_path, files)


def test_a_refused_write_keeps_the_last_good_files(tmp_path, monkeypatch):
    """The read-only folder simulated: opening the temporary file is refused."""
    records, game, files = make_good_files(tmp_path)

    def refuse(file, *args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(file))
    monkeypatch.setattr(storage, "open", refuse, raising=False)
    messages = try_every_save(records, game)
    for message, name in zip(messages, ["saves/gaps.json", "preferences.json", "statistics.json",
                                        "gaps-highs.json"]):
        assert message == f"Could not save {name} (Permission denied); the last good copy is kept."
    assert len(records.take_problems()) == 4
    monkeypatch.undo()
    assert_unchanged(tmp_path, files)


def test_a_refused_rename_keeps_the_last_good_files(tmp_path, monkeypatch):
    records, game, files = make_good_files(tmp_path)

    def refuse(src, dst):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(os, "replace", refuse)
    assert all(m and "Permission denied" in m for m in try_every_save(records, game))
    monkeypatch.undo()
    assert_unchanged(tmp_path, files)


@pytest.mark.parametrize("where", ["write", "fsync"])
def test_a_full_disk_keeps_the_last_good_files_and_leaves_no_tmp(tmp_path, monkeypatch, where):
    records, game, files = make_good_files(tmp_path)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    if where == "fsync":
        monkeypatch.setattr(os, "fsync", full)
    else:
        real_open = open

        class FullFile:
            def __init__(self, *args, **kwargs):
                self.f = real_open(*args, **kwargs)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.f.close()

            def write(self, text):
                self.f.write(text[: len(text) // 2])
                full()

            def __getattr__(self, name):
                return getattr(self.f, name)
        monkeypatch.setattr(storage, "open", FullFile, raising=False)
    messages = try_every_save(records, game)
    assert all(m and "No space left on device" in m and "last good copy is kept" in m for m in messages)
    assert tmp_files(tmp_path) == []
    monkeypatch.undo()
    assert_unchanged(tmp_path, files)


def test_a_save_that_keeps_failing_is_reported_once_until_it_works(tmp_path, monkeypatch):
    records = Records(tmp_path)
    game = played("smith")

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    for _ in range(3):
        assert records.save_game(game) is not None          # every move says so ...
    assert len(records.take_problems()) == 1                 # ... the player is told once
    monkeypatch.undo()
    assert records.save_game(game) is None
    monkeypatch.setattr(os, "fsync", full)
    records.save_game(game)
    assert len(records.take_problems()) == 1                 # failing again is news again


def test_a_first_save_that_fails_says_nothing_was_written(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space")))
    message = Records(tmp_path).save_prefs({"sound": True})
    assert message == "Could not save preferences.json (No space); nothing was written."
    assert not (tmp_path / "preferences.json").exists() and tmp_files(tmp_path) == []


def test_a_crash_between_write_and_rename_keeps_the_last_good_file(tmp_path, monkeypatch):
    records = Records(tmp_path)
    game = played("chinese-puzzle", count=4)
    records.save_game(game, {"n": 1})
    good = (tmp_path / "saves" / "chinese-puzzle.json").read_bytes()
    game.undo()

    real_replace = os.replace
    calls = []

    def crash_once(src, dst):
        calls.append(src)
        if len(calls) == 1:
            assert Path(src).exists()                         # the new copy was written ...
            raise Crash("power cut")                          # ... but never renamed
        return real_replace(src, dst)
    monkeypatch.setattr(os, "replace", crash_once)
    with pytest.raises(Crash):
        records.save_game(game, {"n": 2})
    assert (tmp_path / "saves" / "chinese-puzzle.json").read_bytes() == good
    assert tmp_files(tmp_path) == []

    restarted = Records(tmp_path)
    restored, table = restarted.load_game("chinese-puzzle")
    assert table == {"n": 1} and len(restored.history) == len(game.history) + 1
    assert restarted.problems == []

    assert restarted.save_game(game, {"n": 2}) is None      # the next save works
    restored, table = Records(tmp_path).load_game("chinese-puzzle")
    assert table == {"n": 2} and restored.to_dict() == game.to_dict()


def test_a_tmp_file_left_by_a_real_crash_does_not_matter_and_goes_at_the_next_start(tmp_path):
    records = Records(tmp_path)
    game = played("republic")
    records.save_game(game)
    left = storage.temporary_name(tmp_path / "saves" / "republic.json")
    left.write_text('{"half a fi')
    assert records.load_game("republic")[0].to_dict() == game.to_dict()
    assert records.save_game(game) is None
    assert tmp_files(tmp_path) == [left]                 # another process's, for all this one knows ...
    assert storage.remove_leftovers(tmp_path) == [left]  # ... until the start, with the folder locked
    assert tmp_files(tmp_path) == []


def test_no_two_writes_share_a_temporary_name(tmp_path):
    names = {storage.temporary_name(tmp_path / "statistics.json") for _ in range(50)}
    assert len(names) == 50
    assert all(f".{os.getpid()}." in n.name and n.parent == tmp_path for n in names)


def test_leftovers_are_only_card_shell_s_temporaries(tmp_path):
    (tmp_path / "saves").mkdir()
    (tmp_path / "cache").mkdir()
    ours = [storage.temporary_name(tmp_path / "preferences.json"),
            storage.temporary_name(tmp_path / "saves" / "gaps.json"), tmp_path / "statistics.json.tmp",
            storage.temporary_name(tmp_path / "cache" / "builtin-77x108-1001x540.bmp")]
    theirs = [tmp_path / "notes.tmp", tmp_path / "saves" / "gaps.json", tmp_path / "cards.png",
              tmp_path / "cache" / "builtin-77x108-1001x540.bmp"]
    for path in ours + theirs:
        path.write_text("x")
    assert sorted(storage.remove_leftovers(tmp_path)) == sorted(ours)
    assert all(p.exists() for p in theirs) and not any(p.exists() for p in ours)


def test_a_written_file_gets_the_permissions_asked(tmp_path):
    path = tmp_path / "entry.desktop"
    storage.write_atomic(path, b"[Desktop Entry]\n", 0o755)
    assert path.read_bytes() == b"[Desktop Entry]\n" and stat.S_IMODE(path.stat().st_mode) == 0o755


def test_the_folder_lock_is_held_by_one_holder_at_a_time(tmp_path):
    with storage.FolderLock(tmp_path) as first:
        assert (tmp_path / storage.LOCK).read_text().strip() == str(os.getpid())
        with pytest.raises(storage.AlreadyRunning) as refused:
            storage.FolderLock(tmp_path).acquire()
        assert refused.value.pid == os.getpid() and str(tmp_path) in str(refused.value)
        assert first.held
    again = storage.FolderLock(tmp_path)
    again.acquire()                                     # let go: the next copy may start
    again.release()


# ----------------------------------------------------------------- a save holding an illegal move

def tampered_save(tmp_path: Path, name: str, where: int, move: str = "zz-9") -> tuple[Records, list[str], dict]:
    records = Records(tmp_path)
    game = played(name, count=5)
    records.save_game(game, {"elapsed": 12.5})
    path = records.game_path(name)
    doc = wrapper(path)
    history = doc["data"]["history"]
    doc["data"]["history"] = history[:where] + [move] + history[where:]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return records, history, doc


@pytest.mark.every_game
@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_an_illegal_move_comes_back_up_to_it(tmp_path, name):
    records, history, doc = tampered_save(tmp_path, name, 3)
    game, table = records.load_game(name)
    assert game.history == history[:3] and table == {"elapsed": 12.5}
    problem = only_problem(records)
    total = len(history) + 1
    later = total - 4
    assert f"saves/{name}.json holds a move the rules refuse: move 4 of {total}, 'zz-9'" in problem
    assert f"goes on from move 3; it and the {later} move{'s' if later != 1 else ''} after it were dropped" \
        in problem
    assert f"The whole file was kept as saves/{name}.json.bad." in problem
    assert wrapper(tmp_path / "saves" / f"{name}.json.bad") == doc
    again, table = Records(tmp_path).load_game(name)       # the legal part is the save now
    assert again.to_dict() == game.to_dict() and table == {"elapsed": 12.5}


def test_a_save_whose_last_move_is_illegal_drops_only_that_move(tmp_path):
    records, history, _ = tampered_save(tmp_path, "prince", 5)
    game, _ = records.load_game("prince")
    assert game.history == history
    assert "it was dropped" in only_problem(records)


def test_a_save_whose_first_move_is_illegal_comes_back_as_its_deal(tmp_path):
    records, history, doc = tampered_save(tmp_path, "smith", 0)
    game, _ = records.load_game("smith")
    assert game.history == [] and game.seed == doc["data"]["seed"]
    assert "goes on from move 0" in only_problem(records)


# ----------------------------------------------------------------- Save As / Open

@pytest.mark.every_game
@pytest.mark.parametrize("name", GAMES)
def test_save_as_and_open_round_trip(tmp_path, name):
    records = Records(tmp_path / "data")
    game = played(name)
    path = tmp_path / "shared deal.json"
    assert records.export_game(game, path, {"elapsed": 42}) is None
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == 1 and doc["game"] == name and doc["table"] == {"elapsed": 42}
    assert {"options", "seed", "deal", "history", "position"} <= set(doc)

    opened = records.import_game(path)
    assert opened.to_dict() == game.to_dict()
    assert records.import_document(str(path))[1] == {"elapsed": 42}
    assert load_file(str(path)).to_dict() == game.to_dict()      # python -m engine show reads it
    assert records.problems == [] and tmp_files(tmp_path) == []


def test_python_m_engine_show_reads_a_saved_game(tmp_path):
    path = tmp_path / "deal.json"
    Records(tmp_path).export_game(played("gaps"), path, {"elapsed": 3})
    out = subprocess.run([sys.executable, "-m", "engine", "show", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "shuffles left: 3" in out.stdout


def test_open_reads_a_challenge_and_an_autosave_too(tmp_path):
    records = Records(tmp_path)
    challenge = tmp_path / "challenge.json"
    challenge.write_text(json.dumps({"format": 1, "game": "smith", "options": {"rule": "same-suit"},
                                     "seed": 77}))
    game = records.import_game(challenge)
    assert game.to_dict() == engine.new_game("smith", seed=77, rule="same-suit").to_dict()
    original = played("republic")
    records.save_game(original)
    assert records.import_game(tmp_path / "saves" / "republic.json").to_dict() == original.to_dict()


def test_save_as_overwrites_atomically_and_failing_keeps_the_old_file(tmp_path, monkeypatch):
    records = Records(tmp_path)
    path = tmp_path / "mine.json"
    records.export_game(played("prince"), path)
    old = path.read_bytes()
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "Disk full")))
    message = records.export_game(played("smith"), path)
    assert message == "Could not save the game as mine.json (Disk full); the mine.json already there is unchanged."
    assert path.read_bytes() == old and tmp_files(tmp_path) == []
    assert records.problems == []                        # the dialog shows it


OPEN_DAMAGE = {
    "not JSON": (b"hello", "not JSON text"),
    "binary": (bytes(range(256)), "not a text file"),
    "empty": (b"", "empty"),
    "truncated": (None, "cut short"),
    "not a game": (b'{"name": "a shopping list"}', "not a Card Shell game"),
    "a list": (b"[1, 2]", "not a Card Shell game"),
    "unknown game": (b'{"format": 1, "game": "poker", "seed": 1}', "unknown game 'poker'"),
    "newer format": (b'{"format": 2, "game": "gaps", "seed": 1}', "unknown document format 2"),
    "broken deck": (None, "not one pack: missing"),
    "statistics file": (None, "a Card Shell statistics file, not a saved game"),
    "too large": (b" " * (1024 * 1024 + 1) + b"{}", "too large"),
}


@pytest.mark.parametrize("damage", OPEN_DAMAGE)
def test_open_refuses_bad_files_naming_them(tmp_path, damage):
    content, words = OPEN_DAMAGE[damage]
    if damage == "truncated":
        content = played("gaps").to_json().encode()[:-30]
    elif damage == "broken deck":
        content = json.dumps(broken_game_document()).encode()
    elif damage == "statistics file":
        content = json.dumps(storage.wrap("statistics", {})).encode()
    path = tmp_path / "friend's deal.json"
    path.write_bytes(content)
    records = Records(tmp_path)
    with pytest.raises(RecordError) as caught:
        records.import_game(path)
    message = str(caught.value)
    assert message.startswith("friend's deal.json cannot be opened: ")
    assert words in message
    assert isinstance(caught.value, ValueError) and caught.value.path == path
    assert path.read_bytes() == content                  # a document of the player's is left alone
    assert records.problems == []


def test_open_refuses_a_missing_file_and_a_folder(tmp_path):
    records = Records(tmp_path)
    with pytest.raises(RecordError, match="nothing.json cannot be opened: there is no such file"):
        records.import_game(tmp_path / "nothing.json")
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(RecordError, match="folder.json cannot be opened: it is a folder"):
        records.import_game(tmp_path / "folder.json")


# ----------------------------------------------------------------- statistics

def test_statistics_are_recorded_saved_and_reloaded(tmp_path):
    records = Records(tmp_path)
    assert records.record_result(played("prince")) == -2
    assert records.record_result(played("prince", seed=8)) == -2
    assert records.record_result(played("republic")) == -2
    assert records.record_result(engine.new_game("smith", seed=1)) is None     # no move: no count
    assert records.record_result(played("gaps")) is None                       # not scored
    again = Records(tmp_path)
    prince = again.stats.get("prince", "alternate")
    assert (prince.games, prince.wins, prince.points, prince.losing_streak) == (2, 0, -4.0, 2)
    assert again.stats.total("republic").games == 1
    assert again.stats.get("smith", "any-suit").games == 0
    assert again.stats.to_dict() == records.stats.to_dict()
    doc = wrapper(tmp_path / "statistics.json")
    assert (doc["format"], doc["kind"]) == (1, "statistics")
    assert again.problems == []


# ----------------------------------------------------------------- Gaps' high scores

def test_a_fresh_table_holds_modest_placeholders(tmp_path):
    scores = Records(tmp_path).high_scores()
    assert len(scores) == HIGH_SCORES == len(PLACEHOLDERS)
    assert [s["name"] for s in scores] == [name for name, _ in PLACEHOLDERS]
    assert all(s["shuffles"] == 3 and 20 * 60 <= s["seconds"] <= 40 * 60 for s in scores)
    assert [s["seconds"] for s in scores] == sorted(s["seconds"] for s in scores)
    assert not (tmp_path / "gaps-highs.json").exists()     # nothing written until a winner


def test_fewer_shuffles_beat_a_faster_time(tmp_path):
    records = Records(tmp_path)
    assert records.add_high_score("Quick", 1, 5 * 60, "2024-03-01") == 1
    assert records.add_high_score("Patient", 0, 60 * 60, "2024-03-02") == 1
    assert records.add_high_score("Quicker", 1, 4 * 60, "2024-03-03") == 2
    names = [s["name"] for s in records.high_scores()]
    assert names[:3] == ["Patient", "Quicker", "Quick"]
    assert records.high_scores()[0] == {"name": "Patient", "shuffles": 0, "seconds": 3600, "date": "2024-03-02"}


def test_an_equal_score_ranks_after_the_one_already_there(tmp_path):
    records = Records(tmp_path)
    records.add_high_score("Early", 2, 100)
    assert records.qualifies(2, 100) == 2
    assert records.add_high_score("Late", 2, 100) == 2


def test_qualifies_and_the_table_holds_ten(tmp_path):
    records = Records(tmp_path)
    assert records.qualifies(3, 41 * 60) is None           # slower than every placeholder
    assert records.qualifies(3, 39 * 60) == 10
    assert records.qualifies(3, 19 * 60) == 1
    assert records.qualifies(2, 10 ** 6) == 1              # fewer shuffles, however slow
    assert records.add_high_score("Too slow", 3, 41 * 60) is None
    for n in range(12):
        records.add_high_score(f"Winner {n}", 2, 600 + n)
    scores = records.high_scores()
    assert len(scores) == HIGH_SCORES
    assert [s["name"] for s in scores] == [f"Winner {n}" for n in range(10)]
    assert records.qualifies(2, 700) is None and records.qualifies(2, 605) == 7
    again = Records(tmp_path)
    assert again.high_scores() == scores and again.problems == []
    doc = wrapper(tmp_path / "gaps-highs.json")
    assert (doc["format"], doc["kind"]) == (1, "gaps-highs") and len(doc["data"]) == 10


def test_a_winner_s_name_and_date(tmp_path):
    records = Records(tmp_path)
    rank = records.add_high_score("  Ada\tof\x00the\n  Gaps  " + "x" * 40, 0, 99.94)
    entry = records.high_scores()[rank - 1]
    assert entry["name"] == ("Ada of the Gaps " + "x" * 40)[:NAME_LENGTH].strip()
    assert len(entry["name"]) <= NAME_LENGTH and entry["name"].isprintable()
    assert entry["seconds"] == 99.9
    import datetime
    assert entry["date"] == datetime.date.today().isoformat()
    records.add_high_score("   ", 0, 50, datetime.date(2020, 2, 29))
    assert records.high_scores()[0] == {"name": "Anonymous", "shuffles": 0, "seconds": 50, "date": "2020-02-29"}
    records.add_high_score("Zoë ♠", 0, 10, "2021-01-01")
    assert Records(tmp_path).high_scores()[0]["name"] == "Zoë ♠"


@pytest.mark.parametrize("shuffles, seconds", [(4, 10), (-1, 10), (True, 10), (1.0, 10), (1, -1),
                                               (1, float("nan")), (1, "10")])
def test_an_impossible_score_is_a_programming_error(tmp_path, shuffles, seconds):
    with pytest.raises(ValueError):
        Records(tmp_path).qualifies(shuffles, seconds)


def test_the_table_can_be_reset_to_the_placeholders(tmp_path):
    records = Records(tmp_path)
    records.add_high_score("Me", 0, 10)
    assert records.reset_high_scores() is None
    assert Records(tmp_path).high_scores() == records_module.placeholder_scores()


# ----------------------------------------------------------------- preferences

def test_preferences_round_trip(tmp_path):
    records = Records(tmp_path)
    assert records.load_prefs(DEFAULT_PREFS) == DEFAULT_PREFS
    prefs = records.load_prefs(DEFAULT_PREFS)
    prefs["sound"] = False
    prefs["window"] = [1400, 900]
    prefs["rules"]["smith"] = "same-suit"
    prefs["spacing"] = {"smith": [1, 2, 3]}
    assert records.save_prefs(prefs) is None
    assert Records(tmp_path).load_prefs(DEFAULT_PREFS) == prefs
    assert DEFAULT_PREFS["rules"]["smith"] == "any-suit"           # the defaults are untouched
    doc = wrapper(tmp_path / "preferences.json")
    assert (doc["format"], doc["kind"]) == (1, "preferences")


def test_preferences_of_the_wrong_type_or_unknown_are_ignored(tmp_path):
    stored = {
        "sound": "yes",                      # not a bool
        "redeals": True,                     # a bool is no int here
        "volume": 1,                         # an int is a fine float
        "last_game": "prince",
        "rules": {"smith": "same-suit", "prince": 3, "poker": "x"},
        "window": [800, "tall"],             # the wrong shape
        "recent": ["a.json"],
        "spacing": "wide",
        "unknown": 1,
    }
    Records(tmp_path).save_prefs(stored)
    prefs = Records(tmp_path).load_prefs(DEFAULT_PREFS)
    assert prefs == {**DEFAULT_PREFS, "volume": 1.0, "last_game": "prince", "recent": ["a.json"],
                     "rules": {"republic": "alternate", "smith": "same-suit", "prince": "alternate"}}
    assert isinstance(prefs["volume"], float)
    assert Records(tmp_path).load_prefs(DEFAULT_PREFS)["window"] == [1180, 760]
    (tmp_path / "preferences.json").write_text(json.dumps(storage.wrap("preferences", {"window": [1, 2, 3]})))
    assert Records(tmp_path).load_prefs(DEFAULT_PREFS)["window"] == [1180, 760]


def test_preferences_that_are_not_a_mapping_are_set_aside(tmp_path):
    (tmp_path / "preferences.json").write_text(json.dumps(storage.wrap("preferences", [1, 2])))
    records = Records(tmp_path)
    assert records.load_prefs(DEFAULT_PREFS) == DEFAULT_PREFS
    assert "preferences.json" in only_problem(records)


def test_the_app_s_own_preferences_file_is_the_same_file(tmp_path):
    """``game.app`` reads preferences with ``storage.load_json``: both ways
    of reading agree."""
    Records(tmp_path).save_prefs({"sound": False})
    data, problem = storage.load_json(tmp_path / "preferences.json", "preferences")
    assert (data, problem) == ({"sound": False}, None)


# ----------------------------------------------------------------- storage's own functions

def test_storage_load_json_reports_and_sets_aside(tmp_path):
    path = tmp_path / "x.json"
    assert storage.load_json(path, "x") == (None, None)
    assert storage.save_json(path, storage.wrap("x", {"a": 1})) is None
    assert storage.load_json(path, "x") == ({"a": 1}, None)
    data, problem = storage.load_json(path, "y")
    assert data is None and "x.json could not be used" in problem and "kept as x.json.bad" in problem
    path.write_bytes(b"[" * 50_000)
    data, problem = storage.load_json(path, "x")
    assert data is None and problem


def test_storage_save_json_keeps_the_last_good_copy(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    storage.save_json(path, {"a": 1})
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.ENOSPC, "Full")))
    assert storage.save_json(path, {"a": 2}) == "Could not save x.json (Full); the last good copy is kept."
    assert json.loads(path.read_text()) == {"a": 1} and tmp_files(tmp_path) == []


def test_a_game_s_stored_choice_counts_only_if_the_game_offers_it(tmp_path):
    """The preferences are read before any game's rules (the window opens
    first), so what a preferences file says of a game's options is checked
    when the game asks: a value its front offers is the player's choice,
    anything else is none (the engine's default then), and an older file's
    choices keep working."""
    from game.storage.prefs import Prefs
    Records(tmp_path).save_prefs({"rules": {"smith": "same-suit", "prince": 3, "republic": "upside-down"},
                                  "redeals": 1, "aces": "bridge-order"})
    prefs = Prefs(Records(tmp_path))
    assert prefs.choice("smith", "rule") == "same-suit"
    assert prefs.choice("prince", "rule") is None and prefs.choice("republic", "rule") is None
    assert prefs.choice("chinese-puzzle", "redeals") == 1 and prefs.choice("chinese-puzzle", "aces") == "bridge-order"
    Records(tmp_path).save_prefs({"redeals": 7, "aces": "sideways"})
    prefs = Prefs(Records(tmp_path))
    assert prefs.choice("chinese-puzzle", "redeals") is None and prefs.choice("chinese-puzzle", "aces") is None
    assert prefs.choice("gaps", "rule") is None           # Gaps has no packing rule to choose
