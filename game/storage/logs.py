"""Card Shell's log: errors, with their tracebacks, in ``card-shell.log``
in the log folder (``storage.log_dir()``: on Linux
``~/.local/state/card-shell/log``; under ``CARD_SHELL_HOME``, that folder),
never swallowed.  An earlier version's log in the data folder is moved
there first (``storage.settle()``; when it cannot be, the log stays and is
written where it is).

The file is rotated: at ``MAX_BYTES`` it becomes ``card-shell.log.1`` (the
one before, ``.2``, and so on; ``BACKUPS`` are kept).  The solver worker
writes no file: its tracebacks come over its pipes and are logged here by
the table's process (``game/assistant/analyst.py``).

Nothing is opened, and ``logging.handlers`` (which brings sockets and
pickling) is not imported, until the first record is written:
most sessions write none, and the window comes up sooner.  ``logging``
itself is imported at the first :func:`get`: the table's first frame does
not wait for it.

A record written before :func:`start` (the preferences are read, and a
damaged file set aside, before the app starts its log) is not lost: it is
said on standard error at once, as Python's logging says it without a
handler, and kept (``EARLY`` records at most) to be written to the file when
the log starts.
"""

from __future__ import annotations

import threading
from pathlib import Path

from . import storage

NAME = storage.LOG
MAX_BYTES = 256 * 1024
BACKUPS = 3
#: the logger of the whole app; modules log through its children ("card-shell.solver", ...)
LOGGER = "card-shell"

_path: Path | None = None      # where start() said the log goes (None: standard error)
_handler = None                # the handler on the app's logger, once one was asked for
_lock = threading.Lock()       # the solver's reader thread logs too
_started = False               # start() was called (its folder may still have failed: _path None)
_early = None                  # the handler keeping the records written before start()
#: the records kept from before :func:`start`, at most (the first ones)
EARLY = 200


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


def _keeping_early():
    """A handler that keeps the records written before :func:`start` (the
    first ``EARLY``) for the log's file, and says each on standard error
    meanwhile, as logging's last resort would (warnings and worse)."""
    import logging

    class KeptEarly(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.INFO)
            self.records: list[logging.LogRecord] = []
            self.dropped = 0

        def emit(self, record: logging.LogRecord) -> None:
            if len(self.records) < EARLY:
                self.records.append(record)
            else:
                self.dropped += 1
            # said now as logging says it with no handler anywhere (a test's capture is one)
            if record.levelno >= logging.WARNING and not logging.getLogger().handlers \
                    and logging.lastResort is not None:
                logging.lastResort.handle(record)

    return KeptEarly()


def log_path(folder: Path | None = None) -> Path:
    """The log's file in ``folder``; by default, the one in use (where
    :func:`start` put it, else in the log folder in use)."""
    if folder is not None:
        return Path(folder) / NAME
    if _path is not None:
        return _path
    return storage.settle().log / NAME


def start(folder: Path | None = None) -> Path | None:
    """Log to the file in ``folder`` (the log folder in use when None,
    ``storage.settle()``); a second
    call with another folder moves the log there.  Returns the file's path,
    or None when it cannot be opened (then errors go to standard error, as
    Python's logging does without a handler).  Python's ``logging`` itself
    is imported at the first :func:`get`, not here."""
    global _path, _started
    _started = True
    path = Path(folder) / NAME if folder is not None else storage.settle().log / NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        path = None
    _path = path
    if _handler is not None or _early is not None:     # logging is in use already: the log moves now
        _install()
    return path


def _install() -> None:
    """The app's logger writes to the file :func:`start` named (or to
    standard error when there is none); before :func:`start`, its records
    are kept for the file.  The records kept go to the file once it is
    named (a log that cannot be written has had them on standard error)."""
    global _handler, _early
    import logging
    with _lock:
        logger = logging.getLogger(LOGGER)
        if not _started:
            if _early is None:
                _early = _keeping_early()
                logger.addHandler(_early)
                logger.setLevel(logging.INFO)
            return
        early, _early = _early, None
        if early is not None:
            logger.removeHandler(early)
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
        if early is not None and _handler is not None:
            for record in early.records:
                _handler.handle(record)
            if early.dropped:
                _handler.handle(logger.makeRecord(
                    logger.name, logging.WARNING, __file__, 0,
                    "%d more records written before the log started were not kept", (early.dropped,), None))


def get(name: str):
    """The logger (a ``logging.Logger``) of one part of the app (``get("solver")``)."""
    import logging
    if not _started:
        if _early is None:
            _install()              # the records kept until the log starts
    elif _path is not None and (_handler is None or _handler.baseFilename != str(_path.absolute())):
        _install()
    return logging.getLogger(f"{LOGGER}.{name}")
