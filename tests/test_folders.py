"""The player's files in the platform's folders (game/storage/storage.py): saves,
statistics and high scores in the data folder, preferences in the config
folder, the card cache in the cache folder, the log in the log folder; an
earlier version's files moved there once, at start, nothing lost; under
``CARD_SHELL_HOME`` everything in that one folder, as before.

The platform's folders are redirected with ``XDG_*_HOME`` (platformdirs on
Linux), so no test touches the machine's own."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.storage import logs, storage
from game.storage.records import Records

ROOT = Path(__file__).resolve().parent.parent
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")

PREFS = {"sound": False, "window": [900, 600]}


def prefs_file(path: Path, data=PREFS) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(storage.dumps(storage.wrap("preferences", data)), encoding="utf-8")
    return path


def next_start() -> storage.Folders:
    """The folders as a new start of the program finds them."""
    storage._settled.clear()
    return storage.settle()


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    """The platform's folders, redirected into ``tmp_path``; no CARD_SHELL_HOME."""
    monkeypatch.delenv("CARD_SHELL_HOME", raising=False)
    for name in ("DATA", "CONFIG", "CACHE", "STATE"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(tmp_path / name.lower()))
    storage._settled.clear()
    yield {"data": tmp_path / "data" / "card-shell", "config": tmp_path / "config" / "card-shell",
           "cache": tmp_path / "cache" / "card-shell", "log": tmp_path / "state" / "card-shell" / "log"}
    storage._settled.clear()


@pytest.fixture
def old_files(xdg):
    """An earlier version's files, all in the data folder."""
    data = xdg["data"]
    prefs_file(data / "preferences.json", PREFS)
    assert Records(data).save_stats() is None
    (data / "saves").mkdir()
    (data / "saves" / "gaps.json").write_text("{}")
    (data / "card-shell.log").write_text("the last error\n")
    (data / "card-shell.log.1").write_text("an older error\n")
    (data / "cache").mkdir()
    (data / "cache" / "builtin-77x108-1001x540.bmp").write_bytes(b"BM picture")
    (data / "cache" / "builtin-77x108-1155x630.bmp").write_bytes(b"BM another")
    return xdg


def contents(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


# ------------------------------------------------------------------ where each file belongs
@linux
def test_each_kind_of_file_has_the_platforms_folder(xdg):
    assert storage.data_dir() == xdg["data"]
    assert storage.config_dir() == xdg["config"]
    assert storage.cache_dir() == xdg["cache"]
    assert storage.log_dir() == xdg["log"]
    folders = storage.settle()              # nothing to move: the folders are where they belong
    assert (folders.data, folders.config, folders.cache, folders.log) == tuple(xdg.values())
    assert folders.problems == []


def test_under_card_shell_home_everything_stays_in_that_one_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CARD_SHELL_HOME", str(tmp_path))
    assert storage.data_dir() == storage.config_dir() == storage.log_dir() == tmp_path
    assert storage.cache_dir() == tmp_path / "cache"
    prefs_file(tmp_path / "preferences.json")
    (tmp_path / "card-shell.log").write_text("an error\n")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "builtin-77x108-1001x540.bmp").write_bytes(b"BM")
    before = contents(tmp_path)
    folders = next_start()
    assert (folders.data, folders.config, folders.cache, folders.log) == (
        tmp_path, tmp_path, tmp_path / "cache", tmp_path)
    assert folders.problems == [] and contents(tmp_path) == before   # nothing moved, nothing lost
    records = Records()
    assert records.prefs_path == tmp_path / "preferences.json" and records.take_problems() == []
    assert records.load_prefs({"sound": True, "window": [1, 1]}) == PREFS
    assert logs.log_path(folders.log) == tmp_path / logs.NAME


def test_a_folder_given_to_the_records_holds_the_preferences_too(tmp_path):
    records = Records(tmp_path)
    assert records.prefs_path == tmp_path / "preferences.json"
    assert Records(tmp_path, config=tmp_path / "config").prefs_path == tmp_path / "config" / "preferences.json"


# ------------------------------------------------------------------ an earlier version's files, moved once
@linux
def test_an_earlier_versions_files_are_moved_once_and_nothing_is_lost(old_files):
    xdg = old_files
    records = Records()
    assert records.take_problems() == []
    assert records.folder == xdg["data"] and records.prefs_path == xdg["config"] / "preferences.json"
    assert records.load_prefs({"sound": True, "window": [1, 1]}) == PREFS
    # the saves, statistics and high scores stay; the rest is in its folder
    assert sorted(contents(xdg["data"])) == ["saves/gaps.json", "statistics.json"]
    assert contents(xdg["log"]) == {"card-shell.log": "the last error\n", "card-shell.log.1": "an older error\n"}
    assert contents(xdg["cache"]) == {"builtin-77x108-1001x540.bmp": "BM picture",
                                      "builtin-77x108-1155x630.bmp": "BM another"}
    assert not (xdg["data"] / "cache").exists(), "the emptied old cache folder is removed"
    folders = storage.settle()
    assert (folders.config, folders.cache, folders.log) == (xdg["config"], xdg["cache"], xdg["log"])
    # the preferences are saved where they now are
    assert records.save_prefs({"sound": True}) is None
    assert json.loads((xdg["config"] / "preferences.json").read_text())["data"] == {"sound": True}
    assert not (xdg["data"] / "preferences.json").exists()
    # the next start finds nothing to move and says nothing
    before = {k: contents(v) for k, v in xdg.items()}
    assert next_start().problems == []
    assert {k: contents(v) for k, v in xdg.items()} == before


@linux
def test_the_log_is_written_in_the_log_folder_after_the_move(old_files):
    xdg = old_files
    try:
        assert logs.start() == xdg["log"] / logs.NAME
        assert logs.log_path() == xdg["log"] / logs.NAME
        logs.get("test").error("after the move")
        import logging
        for handler in logging.getLogger(logs.LOGGER).handlers:
            handler.flush()
        text = (xdg["log"] / logs.NAME).read_text()
        assert text.startswith("the last error\n") and "after the move" in text
        assert not (xdg["data"] / logs.NAME).exists()
    finally:
        logs.start(xdg["log"].parent / "elsewhere")


@linux
def test_a_file_already_at_the_destination_wins_and_the_other_is_kept(old_files):
    xdg = old_files
    prefs_file(xdg["config"] / "preferences.json", {"sound": True})     # a newer version's own
    (xdg["log"]).mkdir(parents=True)
    (xdg["log"] / "card-shell.log").write_text("the newer log\n")
    (xdg["cache"]).mkdir(parents=True)
    (xdg["cache"] / "builtin-77x108-1001x540.bmp").write_bytes(b"BM picture")
    records = Records()
    problems = records.take_problems()
    assert records.load_prefs({"sound": False}) == {"sound": True}, "the config folder's preferences are used"
    kept = xdg["data"] / "preferences.json.old"
    assert json.loads(kept.read_text())["data"] == PREFS, "the other is kept, renamed, in the data folder"
    assert (xdg["data"] / "card-shell.log.old").read_text() == "the last error\n"
    assert (xdg["log"] / "card-shell.log").read_text() == "the newer log\n"
    assert (xdg["log"] / "card-shell.log.1").read_text() == "an older error\n"
    assert len(problems) == 2
    assert str(kept) in problems[0] and "the one in " + str(xdg["config"]) + " is used" in problems[0]
    assert "card-shell.log.old" in problems[1]
    # a cached picture is a copy: the old one goes, without a word
    assert contents(xdg["cache"])["builtin-77x108-1001x540.bmp"] == "BM picture"
    assert not (xdg["data"] / "cache").exists()
    # the kept copies are not moved again, nor told of again
    assert next_start().problems == []
    assert kept.exists() and (xdg["data"] / "card-shell.log.old").exists()


@linux
def test_an_old_copy_the_same_as_the_destinations_is_removed_quietly(old_files):
    xdg = old_files
    xdg["config"].mkdir(parents=True)
    (xdg["config"] / "preferences.json").write_bytes((xdg["data"] / "preferences.json").read_bytes())
    assert storage.settle().problems == []
    assert not (xdg["data"] / "preferences.json").exists()
    assert not list(xdg["data"].glob("*.old"))


@linux
def test_a_second_set_aside_copy_gets_a_name_of_its_own(old_files):
    xdg = old_files
    prefs_file(xdg["config"] / "preferences.json", {"sound": True})
    (xdg["data"] / "preferences.json.old").write_text("kept before")
    storage.settle()
    assert (xdg["data"] / "preferences.json.old").read_text() == "kept before"
    assert json.loads((xdg["data"] / "preferences.json.2.old").read_text())["data"] == PREFS


@linux
def test_a_move_that_fails_leaves_the_old_file_in_use_and_says_so(old_files, monkeypatch):
    xdg = old_files
    rename = os.rename

    def refused(src, dst, *a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "rename", refused)
    records = Records()
    problems = records.take_problems()
    folders = storage.settle()
    assert (folders.config, folders.cache, folders.log) == (xdg["data"], xdg["data"] / "cache", xdg["data"])
    assert records.prefs_path == xdg["data"] / "preferences.json"
    assert records.load_prefs({"sound": True, "window": [1, 1]}) == PREFS, "the old file is read where it is"
    assert records.save_prefs({"sound": True}) is None                 # ... and saved there
    assert json.loads((xdg["data"] / "preferences.json").read_text())["data"] == {"sound": True}
    assert logs.log_path(folders.log) == xdg["data"] / logs.NAME
    assert len(problems) == 4                  # the preferences, two logs, the card cache
    assert problems[0] == (f"preferences.json could not be moved from {xdg['data']} to {xdg['config']} "
                           "(Permission denied); it stays where it was and is used there, "
                           "and the move is tried again at the next start.")
    assert problems[-1].startswith(f"The card cache could not be moved from {xdg['data'] / 'cache'}")
    assert not xdg["config"].joinpath("preferences.json").exists()
    assert contents(xdg["data"] / "cache") == {"builtin-77x108-1001x540.bmp": "BM picture",
                                               "builtin-77x108-1155x630.bmp": "BM another"}
    # the next start, when moving works again, moves them all
    monkeypatch.setattr(os, "rename", rename)
    folders = next_start()
    assert folders.problems == [] and folders.config == xdg["config"] and folders.cache == xdg["cache"]
    assert json.loads((xdg["config"] / "preferences.json").read_text())["data"] == {"sound": True}
    assert sorted(contents(xdg["data"])) == ["saves/gaps.json", "statistics.json"]


@linux
def test_a_move_to_another_disk_copies_whole_then_removes_the_old_one(old_files, monkeypatch):
    xdg = old_files
    rename = os.rename

    def across(src, dst, *a, **k):
        if Path(src).parent != Path(dst).parent:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        return rename(src, dst, *a, **k)

    os.chmod(xdg["data"] / "preferences.json", 0o600)
    monkeypatch.setattr(os, "rename", across)
    assert storage.settle().problems == []
    moved = xdg["config"] / "preferences.json"
    assert json.loads(moved.read_text())["data"] == PREFS and (moved.stat().st_mode & 0o777) == 0o600
    assert sorted(contents(xdg["data"])) == ["saves/gaps.json", "statistics.json"]
    assert contents(xdg["cache"])["builtin-77x108-1155x630.bmp"] == "BM another"
    assert not [p for p in xdg["config"].iterdir() if storage.is_leftover(p.name)]


@linux
def test_a_destination_that_is_the_old_place_itself_loses_nothing(old_files):
    """A link (or, on Windows, a file system blind to case: ``cache`` and
    ``Cache``) can make the new folder the old one."""
    xdg = old_files
    xdg["cache"].parent.mkdir(parents=True)
    xdg["cache"].symlink_to(xdg["data"] / "cache")
    folders = storage.settle()
    assert folders.problems == []
    assert contents(xdg["data"] / "cache") == {"builtin-77x108-1001x540.bmp": "BM picture",
                                               "builtin-77x108-1155x630.bmp": "BM another"}


@linux
def test_leftovers_of_interrupted_saves_are_removed_from_the_config_and_cache_folders_too(xdg):
    left = [storage.temporary_name(xdg["config"] / "preferences.json"),
            storage.temporary_name(xdg["cache"] / "builtin-77x108-1001x540.bmp"),
            storage.temporary_name(xdg["data"] / "statistics.json")]
    for path in left:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{")
    assert sorted(storage.remove_leftovers(storage.data_dir())) == sorted(left)


@linux
def test_the_lock_stays_on_the_data_folder(old_files):
    with storage.FolderLock(storage.data_dir()) as lock:
        assert lock.path == old_files["data"] / storage.LOCK
        storage.settle()
        with pytest.raises(storage.AlreadyRunning):
            storage.FolderLock(storage.data_dir()).acquire()
    assert (old_files["data"] / storage.LOCK).exists()


@linux
def test_a_real_start_moves_the_files_and_uses_the_folders(old_files, tmp_path):
    """The program itself, started as a player would (with the platform's
    folders): the files are moved before anything is read, and the card
    cache it writes goes to the cache folder."""
    xdg = old_files
    env = {k: v for k, v in os.environ.items() if k != "CARD_SHELL_HOME"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path),
               **{f"XDG_{n}_HOME": str(tmp_path / n.lower()) for n in ("DATA", "CONFIG", "CACHE", "STATE")})
    shot = tmp_path / "shot.png"
    out = subprocess.run([sys.executable, "-m", "game", "--screenshot", str(shot), "--game", "gaps", "--seed", "1",
                          "--size", "800x500", "--no-sound", "--no-analysis"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert shot.exists()
    assert sorted(p.name for p in xdg["data"].iterdir()) == [storage.LOCK, "saves", "statistics.json"]
    assert json.loads((xdg["config"] / "preferences.json").read_text())["data"] == PREFS
    assert (xdg["log"] / "card-shell.log").read_text() == "the last error\n"
    assert len(list(xdg["cache"].glob("*.bmp"))) >= 2


# ------------------------------------------------------------------ a review's cases
@linux
def test_preferences_kept_as_a_link_stay_where_the_player_linked_them(xdg, tmp_path):
    """A dotfile manager's relative link, moved, would point nowhere: it
    stays, and the preferences it leads to are read and saved through it."""
    dotfiles = tmp_path / "dotfiles" / "card-shell.json"
    prefs_file(dotfiles, PREFS)
    xdg["data"].mkdir(parents=True)
    os.symlink(os.path.relpath(dotfiles, xdg["data"]), xdg["data"] / "preferences.json")
    folders = next_start()
    assert (xdg["data"] / "preferences.json").is_symlink(), "the link is not moved"
    assert folders.config == xdg["data"] and not folders.problems
    assert Records().load_prefs({"sound": True, "window": [1, 1]}) == PREFS


@linux
def test_an_old_cache_folder_that_cannot_be_looked_into_does_not_stop_the_start(xdg, monkeypatch):
    xdg["data"].mkdir(parents=True)
    (xdg["data"] / "cache").mkdir()
    real_is_dir = Path.is_dir

    def denied(self, *args, **kwargs):
        if self.name == "cache" and self.parent == xdg["data"]:
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_is_dir(self, *args, **kwargs)
    monkeypatch.setattr(Path, "is_dir", denied)
    folders = next_start()
    assert folders.cache == xdg["cache"]
