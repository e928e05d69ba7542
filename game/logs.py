"""Card Shell's log: errors, with their tracebacks, in ``card-shell.log``
in the user data folder (``storage.data_dir()``), never swallowed.

The file is rotated: at ``MAX_BYTES`` it becomes ``card-shell.log.1`` (the
one before, ``.2``, and so on; ``BACKUPS`` are kept).  The solver worker
writes no file: its tracebacks come over its pipes and are logged here by
the table's process (``game/analyst.py``).

Nothing is opened, and ``logging.handlers`` (which brings sockets and
pickling, about 4 MB) is not imported, until the first record is written:
most sessions write none, and the window comes up sooner.
"""

from __future__ import annotations

import logging
from pathlib import Path

from . import storage

NAME = "card-shell.log"
MAX_BYTES = 256 * 1024
BACKUPS = 3
#: the logger of the whole app; modules log through its children ("card-shell.solver", ...)
LOGGER = "card-shell"

_handler: logging.Handler | None = None


class _RotatingLater(logging.Handler):
    """A rotating file handler made at the first record written."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.baseFilename = str(path.absolute())
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            import logging.handlers
            try:
                self._file = logging.handlers.RotatingFileHandler(
                    self.baseFilename, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)
            except OSError:
                self.handleError(record)
                return
            self._file.setFormatter(self.formatter)
        self._file.emit(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


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
        handler = _RotatingLater(path)
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
