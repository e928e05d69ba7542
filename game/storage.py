"""The player's files: where they live and how they are written.

Everything goes in the user data folder (platformdirs), or in the folder
named by the ``CARD_SHELL_HOME`` environment variable (tests use it).  Files
are written atomically (write a temporary file, flush, fsync, rename), so a
crash or a full disk never leaves half a file: the last good one stays.  A
file that cannot be read is moved aside (``name.bad``) and reported, never
fatal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

APP = "card-shell"
FORMAT = 1


def data_dir() -> Path:
    home = os.environ.get("CARD_SHELL_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def save_json(path: Path, data: Any) -> str | None:
    """Write ``data`` to ``path`` atomically; the problem in words, or None."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        return None
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        return f"Could not save {path.name} ({e.strerror or e}); the last good copy is kept."


def load_json(path: Path, kind: str) -> tuple[Any, str | None]:
    """Read a file written by ``save_json`` with ``{"format", "kind"}``
    around the data.  Returns ``(data, problem)``: ``data`` is None when
    the file is missing or unusable; a damaged file is moved aside."""
    if not path.exists():
        return None, None
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if not isinstance(doc, dict) or doc.get("kind") != kind or doc.get("format") != FORMAT:
            raise ValueError(f"it is not a Card Shell {kind} file of format {FORMAT}")
        return doc.get("data"), None
    except (OSError, ValueError, UnicodeDecodeError) as e:
        return None, set_aside(path, str(e))


def set_aside(path: Path, why: str) -> str:
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
        kept = f" It was kept as {bad.name}."
    except OSError:
        kept = ""
    return f"{path.name} could not be used ({why}); starting afresh.{kept}"


def wrap(kind: str, data: Any) -> dict[str, Any]:
    return {"format": FORMAT, "kind": kind, "data": data}
