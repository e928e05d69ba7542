"""Card Shell's log: errors, with their tracebacks, in ``card-shell.log``
in the user data folder (``storage.data_dir()``), never swallowed.

The file is rotated: at ``MAX_BYTES`` it becomes ``card-shell.log.1`` (the
one before, ``.2``, and so on; ``BACKUPS`` are kept).  The solver worker
writes no file: its tracebacks come over its pipes and are logged here by
the table's process (``game/analyst.py``).

Nothing is opened, and ``logging.handlers`` (which brings sockets and
pickling) is not imported, until the first record is written:
most sessions write none, and the window comes up sooner.  ``logging``
itself is imported at the first :func:`get`: the table's first frame does
not wait for it.
"""

from __future__ import annotations

import threading
from pathlib import Path

from . import storage

NAME = "card-shell.log"
MAX_BYTES = 256 * 1024
BACKUPS = 3
#: the logger of the whole app; modules log through its children ("card-shell.solver", ...)
LOGGER = "card-shell"

_path: Path | None = None      # where start() said the log goes (None: standard error)
_handler = None                # the handler on the app's logger, once one was asked for
_lock = threading.Lock()       # the solver's reader thread logs too


def _rotating_later(path: Path):
    """A handler that makes a rotating file handler at the first record written."""
    import logging

    class RotatingLater(logging.Handler):
        def __init__(self) -> None:
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

    handler = RotatingLater()
    handler.setFormatter(logging.Formatter("%(asctime)s %(process)d %(name)s %(levelname)s: %(message)s"))
    return handler


def log_path(folder: Path | None = None) -> Path:
    return (folder if folder is not None else storage.data_dir()) / NAME


def start(folder: Path | None = None) -> Path | None:
    """Log to the file in ``folder`` (the data folder when None); a second
    call with another folder moves the log there.  Returns the file's path,
    or None when it cannot be opened (then errors go to standard error, as
    Python's logging does without a handler).  Python's ``logging`` itself
    is imported at the first :func:`get`, not here."""
    global _path
    path = log_path(folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        path = None
    _path = path
    if _handler is not None:        # logging is in use already: the log moves now
        _install()
    return path


def _install() -> None:
    """The app's logger writes to the file :func:`start` named (or to
    standard error when there is none)."""
    global _handler
    import logging
    with _lock:
        logger = logging.getLogger(LOGGER)
        if _handler is not None:
            if _path is not None and _handler.baseFilename == str(_path.absolute()):
                return
            logger.removeHandler(_handler)
            _handler.close()
            _handler = None
        if _path is not None:
            _handler = _rotating_later(_path)
            logger.addHandler(_handler)
            logger.setLevel(logging.INFO)


def get(name: str):
    """The logger (a ``logging.Logger``) of one part of the app (``get("solver")``)."""
    import logging
    if _path is not None and (_handler is None or _handler.baseFilename != str(_path.absolute())):
        _install()
    return logging.getLogger(f"{LOGGER}.{name}")
