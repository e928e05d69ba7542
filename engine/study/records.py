"""A study's result file: JSON lines, one a verdict, written as each
verdict comes, so a study stopped in any way loses nothing.

Two kinds of line:

- ``{"kind": "run", "run": ID, "game", "rule", "known", "budget_s",
  "budget_nodes", "deals": [A, B], "chunk", "cores", "workers", "scheduler", "host",
  "engine", "started"}``: a run of ``python -m engine study`` began
  (``started`` in seconds since the epoch; ``cores``: the worker threads of
  the cluster; ``engine``: a fingerprint of the engine's sources);
- ``{"kind": "deal", "run": ID, "game", "rule", "known", "deal", "status",
  "nodes", "seconds", "cpu", "budget_s", "budget_nodes", "worker", "t"}``:
  one deal's verdict (``status``: "won", "impossible" or "unknown";
  ``seconds`` the search's wall time, ``cpu`` its processor time, ``t``
  when the line was written).

Each line is written whole, flushed and synced before the next verdict is
taken, so a kill can only tear the last line; that torn line (no newline
at its end) is ignored when the file is read and cut off before the file
is appended to again.  Any other damage stops the study with the line's
number: the file is evidence, never silently repaired.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import IO

STATUSES = ("won", "impossible", "unknown")
DEAL_FIELDS = {"game": str, "rule": str, "known": bool, "deal": int, "status": str,
               "nodes": int, "seconds": (int, float), "run": str}
RUN_FIELDS = {"run": str, "game": str, "rule": str, "started": (int, float), "cores": int}


class StudyFileError(Exception):
    """A result file that cannot be read as one (the message says where)."""


def _check(doc: object, where: str) -> dict:
    if not isinstance(doc, dict):
        raise StudyFileError(f"{where}: a line of a result file is a JSON object")
    kind = doc.get("kind")
    fields = DEAL_FIELDS if kind == "deal" else RUN_FIELDS if kind == "run" else None
    if fields is None:
        raise StudyFileError(f"{where}: unknown kind of line {kind!r} (a result file holds 'run' and 'deal' lines)")
    for name, kind_of in fields.items():
        value = doc.get(name)
        if not isinstance(value, kind_of) or (kind_of is int and isinstance(value, bool)):
            raise StudyFileError(f"{where}: the {doc['kind']} line has no proper {name!r} ({value!r})")
    if kind == "deal" and doc["status"] not in STATUSES:
        raise StudyFileError(f"{where}: unknown status {doc['status']!r}")
    return doc


def parse(text: str, name: str = "the file") -> list[dict]:
    """The whole lines of a result file's text (a torn last line, without
    its newline, is left out)."""
    end = text.rfind("\n") + 1
    docs = []
    for number, line in enumerate(text[:end].splitlines(), 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except ValueError as e:
            raise StudyFileError(f"{name} line {number} is not JSON ({e}); only a torn last line "
                                 "is ignored") from None
        docs.append(_check(doc, f"{name} line {number}"))
    return docs


def load(path: str) -> list[dict]:
    """Every whole line of the result file at ``path`` (none if it does not
    exist); ``StudyFileError`` says what is wrong with a damaged one."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    except UnicodeDecodeError:
        raise StudyFileError(f"{path} is not a text file: a result file is JSON lines") from None
    except OSError as e:
        raise StudyFileError(f"cannot read {path}: {e.strerror or e}") from None
    return parse(text, path)


def load_all(paths: Iterable[str]) -> list[dict]:
    docs = []
    for path in paths:
        if not os.path.exists(path):
            raise StudyFileError(f"there is no file {path}")
        docs.extend(load(path))
    return docs


def deal_key(doc: dict) -> tuple:
    """What makes two verdicts the same measurement: the deal under the
    same game, rule, sight of the hidden cards and budget."""
    return (doc["game"], doc["rule"], doc["known"], doc["deal"], doc.get("budget_s"), doc.get("budget_nodes"))


class Appender:
    """The result file opened for a run: its torn last line (if any) cut
    off, locked against a second study writing to it at once, every line
    synced to the disk as it is written."""

    def __init__(self, path: str):
        self.path = path
        self.file: IO[bytes] = open(path, "ab+")  # noqa: SIM115 (closed by close())
        try:
            self._lock()
            self.file.seek(0)
            raw = self.file.read()
            keep = raw.rfind(b"\n") + 1
            try:
                parse(raw[:keep].decode("utf-8"), path)
            except UnicodeDecodeError:
                raise StudyFileError(f"{path} is not a text file: a result file is JSON lines") from None
            if keep < len(raw):
                self.file.truncate(keep)
                os.fsync(self.file.fileno())
        except BaseException:
            self.file.close()
            raise

    def _lock(self) -> None:
        try:
            import fcntl
        except ImportError:   # Windows: no advisory lock, the user keeps to one study a file
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise StudyFileError(f"{self.path} is being written by another study; "
                                 "wait for it or choose another --out") from None

    def write(self, doc: dict) -> None:
        self.file.write((json.dumps(doc, separators=(",", ":")) + "\n").encode("utf-8"))
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()
