"""Card Shell's log: errors, with their tracebacks, in ``card-shell.log``
in the user data folder (``storage.data_dir()``), never swallowed.

The file is rotated: at ``MAX_BYTES`` it becomes ``card-shell.log.1`` (the
one before, ``.2``, and so on; ``BACKUPS`` are kept).  The solver worker
writes no file: its tracebacks come over its pipes and are logged here by
the table's process (``game/analyst.py``).
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from . import storage

NAME = "card-shell.log"
MAX_BYTES = 256 * 1024
BACKUPS = 3
#: the logger of the whole app; modules log through its children ("card-shell.solver", ...)
LOGGER = "card-shell"

_handler: logging.Handler | None = None


def log_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else storage.data_dir()) / NAME


def start(folder: Path | None = None) -> Path | None:
    """Log to the file in ``folder`` (the data folder when None); a second
    call with another folder moves the log there.  Returns the file's path,
    or None when it cannot be opened (then errors go to standard error, as
    Python's logging does without a handler)."""
    global _handler
    path = log_path(folder)
    logger = logging.getLogger(LOGGER)
    if _handler is not None:
        if getattr(_handler, "baseFilename", None) == str(path.absolute()):
            return path
        logger.removeHandler(_handler)
        _handler.close()
        _handler = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                       encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(name)s %(levelname)s: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    _handler = handler
    return path


def get(name: str) -> logging.Logger:
    """The logger of one part of the app (``get("solver")``)."""
    return logging.getLogger(f"{LOGGER}.{name}")
