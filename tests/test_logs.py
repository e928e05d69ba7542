"""The app's log (game/storage/logs.py): errors with their tracebacks in
``card-shell.log`` in the log folder, rotated, never swallowed, and nothing
opened or imported for it until something is written."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from game.storage import logs

ROOT = Path(__file__).resolve().parent.parent


def test_an_error_is_written_with_its_traceback(tmp_path):
    assert logs.start(tmp_path) == tmp_path / logs.NAME
    try:
        raise RuntimeError("the worker said something odd")
    except RuntimeError:
        logs.get("solver").exception("a search failed")
    for handler in logging.getLogger(logs.LOGGER).handlers:
        handler.flush()
    text = (tmp_path / logs.NAME).read_text(encoding="utf-8")
    assert "card-shell.solver ERROR: a search failed" in text
    assert "RuntimeError: the worker said something odd" in text and "Traceback" in text


def test_the_log_is_rotated_and_keeps_its_backups(tmp_path):
    logs.start(tmp_path)
    line = "x" * 1000
    for _ in range(logs.MAX_BYTES * (logs.BACKUPS + 2) // 1000):
        logs.get("app").error(line)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [logs.NAME] + [f"{logs.NAME}.{k}" for k in range(1, logs.BACKUPS + 1)]
    assert all(p.stat().st_size <= logs.MAX_BYTES + 2000 for p in tmp_path.iterdir())


def test_starting_the_log_opens_no_file_and_imports_no_handlers_module(tmp_path):
    code = ("import sys; from pathlib import Path; from game.storage import logs; logs.start(Path(sys.argv[1]));"
            "import os; print('logging.handlers' in sys.modules, sorted(os.listdir(sys.argv[1])))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip().split(maxsplit=1)
    assert out == ["False", "[]"]


def test_starting_the_log_imports_no_logging_until_something_is_logged(tmp_path):
    """The table's first frame does not wait for Python's logging; the
    first record still goes to the file the log was started in."""
    code = ("import sys; from pathlib import Path; from game.storage import logs; logs.start(Path(sys.argv[1]));"
            "before = 'logging' in sys.modules; logs.get('app').error('the first record');"
            "text = (Path(sys.argv[1]) / logs.NAME).read_text();"
            "print(before, text.strip().endswith('app ERROR: the first record'))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["False", "True"]


def test_a_log_moved_after_records_were_written_writes_to_its_new_folder(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    logs.start(first)
    logs.get("app").error("into the first")
    logs.start(second)
    logs.get("app").error("into the second")
    for handler in logging.getLogger(logs.LOGGER).handlers:
        handler.flush()
    assert "into the second" not in (first / logs.NAME).read_text(encoding="utf-8")
    assert "into the second" in (second / logs.NAME).read_text(encoding="utf-8")


def test_a_log_that_cannot_be_written_costs_the_game_nothing(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be")
    assert logs.start(blocked) is None
    logs.get("app").error("said to standard error instead")        # no exception
    logs.start(tmp_path)
