"""The player's files: where they live and how they are written.

Where the files live (:func:`settle` says which folders are in use)::

    data folder    saves/, statistics.json, gaps-highs.json, cards.png,
                   card-shell.lock          platformdirs.user_data_dir
    config folder  preferences.json         platformdirs.user_config_dir
    cache folder   the card sheet's scaled copies (game/media/sheet.py)
                                            platformdirs.user_cache_dir
    log folder     card-shell.log, .1 ...   platformdirs.user_log_dir

On Linux these are ``~/.local/share/card-shell``, ``~/.config/card-shell``,
``~/.cache/card-shell`` and ``~/.local/state/card-shell/log`` (or under
``$XDG_DATA_HOME``, ``$XDG_CONFIG_HOME``, ``$XDG_CACHE_HOME`` and
``$XDG_STATE_HOME``).  With the ``CARD_SHELL_HOME`` environment variable set
(tests and benchmarks use it) everything is in that one folder, as it
always was: ``preferences.json`` and ``card-shell.log`` beside the saves,
the card cache in its ``cache`` subfolder.

Earlier versions kept everything in the data folder.  :func:`settle` moves
such files, once, at start, to their folders; see it for the rules.  Files
are written atomically (write a temporary file, flush, fsync, rename), so a
crash or a full disk never leaves half a file: the last good one stays.  A
file that cannot be read is moved aside (``name.bad``) and reported, never
fatal.

One running Card Shell holds the folder (:class:`FolderLock`): a second
copy started meanwhile says so and touches nothing, so two copies never
save over each other; it only asks the first to bring its window forward
(``card-shell.raise`` beside the lock, which the first takes).  Temporary files carry the writing process's id and
a random token (no two writes share one); those a kill left behind are
removed at the next start (:func:`remove_leftovers`).

Every file is a wrapper ``{"format": 1, "kind": KIND, "data": ...}``
(:func:`wrap`).  A file of another kind, or of a format this version does
not read (a newer Card Shell wrote it), is *foreign*: like a damaged file
it is set aside, never overwritten in place.

The lower-level pieces (:func:`write_atomic`, :func:`read_json`,
:func:`check_wrapper`, :func:`move_aside`) raise instead of answering in
words, for callers (``game.storage.records``) that word their own messages.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import time
from pathlib import Path
from typing import Any

import platformdirs

APP = "card-shell"
FORMAT = 1
#: the preferences' file (in the config folder)
PREFERENCES = "preferences.json"
#: the log's file (in the log folder); rotated copies add ``.1``, ``.2`` ...
LOG = "card-shell.log"
#: the card cache's folder in the data folder of earlier versions (and under ``CARD_SHELL_HOME``)
CACHE = "cache"
#: the largest file read back: a player's file is a few kilobytes
MAX_BYTES = 1024 * 1024
#: how many set-aside copies of one file are kept (``NAME.bad``, ``NAME.2.bad``, ...)
MAX_BAD = 9


class Damaged(ValueError):
    """A file that exists but cannot be used; ``reason`` says why, in words
    that finish the sentence "it could not be used because ..."."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _home() -> Path | None:
    home = os.environ.get("CARD_SHELL_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    """Saved games, statistics, high scores, the player's own cards, the lock."""
    home = _home()
    return home if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """Where preferences belong (:func:`settle` says where they are in use)."""
    home = _home()
    return home if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """Where the card cache belongs (:func:`settle` says where it is in use)."""
    home = _home()
    return home / CACHE if home else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def log_dir() -> Path:
    """Where the log belongs (:func:`settle` says where it is in use)."""
    home = _home()
    return home if home else Path(platformdirs.user_log_dir(APP, appauthor=False))


# ----------------------------------------------------------------- writing
def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX only; best effort)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: a temporary file's name: ``NAME.<process id>.<random>.tmp`` beside ``NAME``
TMP_SUFFIX = ".tmp"


def temporary_name(path: Path) -> Path:
    """Where ``path`` is written before it is renamed into place: a name no
    other process (nor another write in this one) can share."""
    path = Path(path)
    return path.with_name(f"{path.name}.{os.getpid()}.{os.urandom(4).hex()}{TMP_SUFFIX}")


def write_atomic(path: Path, data: str | bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) atomically:
    write a temporary file of its own (:func:`temporary_name`), flush,
    fsync, rename over ``path``; ``mode`` sets the file's permissions.
    Raises ``OSError``; whatever happens (even an exception that is no
    ``OSError``), ``path`` is either the old file or the new one, and no
    temporary file is left behind by this call (a kill can leave one:
    :func:`remove_leftovers` clears them at the next start)."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    tmp = temporary_name(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(tmp, "xb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _sync_folder(path.parent)


def is_leftover(name: str) -> bool:
    """Whether a file named ``name`` is a temporary file an interrupted
    :func:`write_atomic` left (or the ``NAME.tmp`` of earlier versions)."""
    if not name.endswith(TMP_SUFFIX):
        return False
    parts = name[: -len(TMP_SUFFIX)].rsplit(".", 2)
    if len(parts) == 3 and parts[1].isdigit() and len(parts[2]) == 8 \
            and all(c in "0123456789abcdef" for c in parts[2]):
        return True
    return name.endswith(".json" + TMP_SUFFIX)


def remove_leftovers(folder: Path) -> list[Path]:
    """Delete the temporary files interrupted saves left in ``folder`` and
    its ``saves`` and ``cache`` folders, and, when ``folder`` is the data
    folder, in the config and cache folders; the ones removed.  Only safe
    while this process holds the folder's :class:`FolderLock` (no other
    copy is saving)."""
    removed = []
    places = [Path(folder), Path(folder) / "saves", Path(folder) / CACHE]
    if Path(folder) == data_dir():
        places += [p for p in (config_dir(), cache_dir()) if p not in places]
    for where in places:
        try:
            names = os.listdir(where)
        except OSError:
            continue
        for name in names:
            if is_leftover(name) and (where / name).is_file():
                try:
                    (where / name).unlink()
                    removed.append(where / name)
                except OSError:
                    pass
    return removed


def dumps(data: Any) -> str:
    """The JSON text of ``data`` as the player's files hold it."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def save_json(path: Path, data: Any) -> str | None:
    """Write ``data`` to ``path`` atomically; the problem in words, or None."""
    try:
        write_atomic(path, dumps(data))
        return None
    except OSError as e:
        return f"Could not save {path.name} ({e.strerror or e}); the last good copy is kept."


# ----------------------------------------------------------------- one copy at a time
LOCK = "card-shell.lock"
#: a second copy's request to the one holding the folder: bring your window forward
RAISE = "card-shell.raise"


class AlreadyRunning(RuntimeError):
    """Another running Card Shell holds the data folder; ``pid`` is its
    process id when known."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder = Path(folder)
        self.pid = pid
        which = f" (process {pid})" if pid else ""
        super().__init__(
            f"Card Shell is already running{which} with the data folder {self.folder}. "
            "Only one copy may play at a time, so that neither spoils the other's saved games: "
            "switch to the window already open. This copy changed nothing.")


class FolderLock:
    """The data folder held by one running Card Shell (and with it the
    config, cache and log folders, which follow the same setting: the
    platform's, or ``CARD_SHELL_HOME``): an operating-system
    lock on ``card-shell.lock`` (``flock`` on POSIX, ``msvcrt.locking`` on
    Windows), taken at start and let go when the process ends, however it
    ends (a kill included: the system drops the lock with the process).
    The holder writes its process id in the file, for the message the
    next copy shows.

    A copy that finds the folder held asks the holder to bring its window
    forward (:meth:`ask_forward`: a small file, ``card-shell.raise``, beside
    the lock); the holder looks for it now and then (:meth:`asked_forward`)
    and takes it.  One left by a copy that ended before it looked is
    removed when the lock is next taken, so it raises nothing then."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / LOCK
        self.request = self.folder / RAISE
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock.  Raises :class:`AlreadyRunning` when another
        process holds it (then no file was changed), ``OSError`` when the
        folder or the lock file cannot be made or locked."""
        if self._fd is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                raise AlreadyRunning(self.folder, _read_pid(fd))
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        with contextlib.suppress(OSError):
            self.request.unlink()       # a request to a copy that has gone: stale, never obeyed

    def ask_forward(self, wait: float = 2.0) -> bool:
        """A second copy (the lock is another's): ask the holder to bring its
        window forward, and wait up to ``wait`` seconds for it to take the
        request.  Whether it did; False too when the request could not be
        written (then nothing is left behind)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.request.write_text(f"{os.getpid()}\n", encoding="ascii")
        except OSError:
            return False
        end = time.monotonic() + wait
        while time.monotonic() < end:
            if not self.request.exists():
                return True
            time.sleep(0.05)
        return not self.request.exists()

    def asked_forward(self) -> bool:
        """The holder: whether another copy asked for the window to come
        forward since the last look (the request is taken: removed)."""
        if self._fd is None:
            return False
        try:
            self.request.unlink()
        except OSError:                 # none (or one this copy cannot remove: left alone)
            return False
        return True

    def release(self) -> None:
        """Let the folder go (the file stays: removing it would race the next copy)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
        os.close(fd)                 # closing drops the lock

    def __enter__(self) -> FolderLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


#: Windows locks a byte range, and a locked byte cannot be read by another
#: process: the lock is on a byte far past the process id written at the start
_WINDOWS_LOCK_AT = 1 << 20


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; False when another process holds it."""
    if os.name == "nt":
        import msvcrt
        os.lseek(fd, _WINDOWS_LOCK_AT, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        finally:
            os.lseek(fd, 0, os.SEEK_SET)
        return True
    import errno
    import fcntl
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


# ----------------------------------------------------------------- reading
def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def short(value: Any, width: int = 40) -> str:
    """``value`` for a message: a string as it is, anything else as its
    repr, cut to ``width`` characters."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def read_json(path: Path, limit: int = MAX_BYTES) -> Any:
    """The JSON value in ``path``.  Raises ``FileNotFoundError`` when there
    is no such file and :class:`Damaged` (saying why) when there is one
    that holds no JSON text: unreadable, larger than ``limit`` bytes, empty,
    binary, cut short or otherwise not JSON."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise Damaged("it is a folder, not a file") from None
    except OSError as e:
        raise Damaged(f"it could not be read: {e.strerror or e}") from None
    if len(raw) > limit:
        raise Damaged(f"it is larger than {limit // 1024} KB, far too large for a Card Shell file")
    try:
        text = raw.decode("utf-8-sig")
        if "\x00" in text:
            raise UnicodeError("a NUL character")
    except UnicodeError:
        raise Damaged("it is not a text file (a Card Shell file is JSON text)") from None
    if not text.strip():
        raise Damaged("it is empty")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        if e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string"):
            raise Damaged(f"it is cut short: its JSON text stops at line {e.lineno}") from None
        raise Damaged(f"it is not JSON text ({e.msg}: line {e.lineno}, column {e.colno})") from None
    except ValueError as e:          # NaN, Infinity
        raise Damaged(f"it is not JSON text ({e})") from None
    except RecursionError:
        raise Damaged("it is not a Card Shell file (its JSON is nested far too deeply)") from None


def check_wrapper(doc: Any, kind: str) -> None:
    """Raise :class:`Damaged` unless ``doc`` is a wrapper of ``kind`` in
    this version's format: a file of another kind or format is foreign."""
    if not isinstance(doc, dict):
        raise Damaged(f"it is not a Card Shell {kind} file (it holds a JSON {type(doc).__name__})")
    if "kind" not in doc or "format" not in doc:
        what = "a game document" if "game" in doc else "no Card Shell kind and format"
        raise Damaged(f"it is not a Card Shell {kind} file (it holds {what})")
    if doc["kind"] != kind:
        raise Damaged(f"it is a file of another kind ({short(doc['kind'])}), not Card Shell {kind}")
    fmt = doc["format"]
    if type(fmt) is int and fmt > FORMAT:
        raise Damaged(f"it was written by a newer Card Shell (file format {fmt}; "
                      f"this version reads format {FORMAT})")
    if type(fmt) is not int or fmt != FORMAT:
        raise Damaged(f"its file format {short(fmt)} is unknown (this version reads format {FORMAT})")


def load_json(path: Path, kind: str) -> tuple[Any, str | None]:
    """Read a file written by ``save_json`` with ``{"format", "kind"}``
    around the data.  Returns ``(data, problem)``: ``data`` is None when
    the file is missing or unusable; a damaged file is moved aside."""
    try:
        doc = read_json(path)
        check_wrapper(doc, kind)
        return doc.get("data"), None
    except FileNotFoundError:
        return None, None
    except Damaged as e:
        return None, set_aside(path, e.reason)


def is_number(value: Any) -> bool:
    """A JSON number that is finite (not a bool)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


# ----------------------------------------------------------------- setting aside
def bad_name(path: Path) -> Path:
    """Where a damaged ``path`` goes: ``NAME.bad``, or ``NAME.2.bad`` ... when
    earlier ones are already kept (the last of them is reused when all
    ``MAX_BAD`` are taken)."""
    path = Path(path)
    for n in range(1, MAX_BAD + 1):
        bad = path.with_name(f"{path.name}.bad" if n == 1 else f"{path.name}.{n}.bad")
        if not bad.exists():
            return bad
    return bad


def move_aside(path: Path) -> Path:
    """Move a damaged file aside for inspection; where it went.  Raises
    ``OSError`` when it cannot be moved."""
    bad = bad_name(path)
    os.replace(path, bad)
    return bad


def set_aside(path: Path, why: str) -> str:
    try:
        bad = move_aside(path)
        kept = f" It was kept as {bad.name}."
    except OSError:
        kept = ""
    return f"{path.name} could not be used ({why}); starting afresh.{kept}"


def wrap(kind: str, data: Any) -> dict[str, Any]:
    return {"format": FORMAT, "kind": kind, "data": data}


# ----------------------------------------------------------------- the folders in use
class Folders:
    """The folders in use after :func:`settle`: ``data``, ``config`` (the
    preferences), ``cache`` (the card cache) and ``log``; each is where it
    belongs, unless a file of an earlier version could not be moved there
    (then it is the data folder, or its ``cache`` folder, where that file
    stayed).  ``problems`` holds a sentence for the player about each file
    that could not be moved or was found in both places."""

    def __init__(self, data: Path, config: Path, cache: Path, log: Path, problems: list[str]) -> None:
        self.data, self.config, self.cache, self.log = data, config, cache, log
        self.problems = problems

    def take_problems(self) -> list[str]:
        """The problems, once: the list starts empty again."""
        problems, self.problems = self.problems, []
        return problems


_settled: dict[tuple[Path, ...], Folders] = {}


def settle() -> Folders:
    """The folders in use, after moving an earlier version's files out of
    the data folder into the folders they belong in (once per process and
    set of folders; the next start finds nothing left to move):

    - ``preferences.json`` to the config folder; ``card-shell.log`` and its
      rotated copies (``card-shell.log.1`` ...) to the log folder; the card
      cache (the data folder's ``cache`` folder) to the cache folder, which
      is removed when empty.  Nothing moves where old and new place are the
      same (``CARD_SHELL_HOME``; on Windows and macOS the config folder is
      the data folder).
    - A file is moved by renaming it, or, to another disk, by copying it
      whole (:func:`write_atomic`) and then removing the old one.
    - A move that fails leaves the old file where it was, in use there:
      preferences read and saved in the data folder, the log written there,
      the old cache folder used; a sentence in ``problems`` says so, and the
      next start tries again.
    - A file already at the destination wins: it is the one used.  The old
      one, when it holds the same bytes (or is a cached picture), is
      removed; otherwise it is renamed ``NAME.old`` (``NAME.2.old`` ...)
      where it is, so nothing is lost and it is not moved again, and a
      sentence in ``problems`` says where it was kept.

    Moving is for the copy holding the data folder's :class:`FolderLock`
    (the app calls this after taking it)."""
    data, config, cache, log = data_dir(), config_dir(), cache_dir(), log_dir()
    key = (data, config, cache, log)
    if key not in _settled:
        _settled[key] = _move_old_files(data, config, cache, log)
    return _settled[key]


AGAIN = "the move is tried again at the next start"


def _move_old_files(data: Path, config: Path, cache: Path, log: Path) -> Folders:
    problems: list[str] = []
    in_use = {"config": config, "cache": cache, "log": log}
    moves = []          # (what, old file, new file)
    if not _same_place(data, config):
        moves.append(("config", data / PREFERENCES, config / PREFERENCES))
    if not _same_place(data, log):
        try:
            names = sorted(n for n in os.listdir(data)
                           if n == LOG or (n.startswith(LOG + ".") and n[len(LOG) + 1:].isdigit()))
        except OSError:
            names = []
        moves += [("log", data / n, log / n) for n in names]
    for what, old, new in moves:
        if old.is_symlink():
            # a link (a dotfile manager's): moved, a relative one would point
            # nowhere; it stays, and is used, where the player put it
            in_use[what] = old.parent
            continue
        try:
            problem = _move_one(old, new, cached=False)
        except OSError as e:
            in_use[what] = old.parent
            problem = (f"{old.name} could not be moved from {old.parent} to {new.parent} ({_why(e)}); "
                       f"it stays where it was and is used there, and {AGAIN}.")
        if problem:
            problems.append(problem)
    old_cache = data / CACHE
    try:
        had_cache = old_cache.is_dir()
    except OSError:         # a folder that may be listed but not entered: there is no old cache to move
        had_cache = False
    if had_cache and not _same_place(old_cache, cache):
        failed: OSError | None = None
        try:
            files = sorted(f for f in old_cache.iterdir() if f.is_file() and not is_leftover(f.name))
        except OSError as e:
            files, failed = [], e
        for old in files:
            try:
                _move_one(old, cache / old.name, cached=True)
            except OSError as e:
                failed = failed or e
        if failed is not None:
            in_use["cache"] = old_cache
            problems.append(f"The card cache could not be moved from {old_cache} to {cache} ({_why(failed)}); "
                            f"it stays where it was and is used there, and {AGAIN}.")
        else:
            with contextlib.suppress(OSError):
                old_cache.rmdir()           # only when empty: nothing of anyone else's is removed
    return Folders(data, in_use["config"], in_use["cache"], in_use["log"], problems)


def _why(e: OSError) -> str:
    return str(e.strerror or e)


def _same_place(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file or folder (the same path, a
    case-insensitive file system, a link)."""
    if Path(a) == Path(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:                 # one of them does not exist
        return False


def _move_one(old: Path, new: Path, cached: bool) -> str | None:
    """Move ``old`` to ``new`` (see :func:`settle`): nothing when there is
    no ``old``; a sentence when ``new`` was there already and ``old`` was
    kept aside.  Raises ``OSError`` when ``old`` cannot be moved: it is then
    where it was, whole (a copy to another disk is written atomically)."""
    if not old.is_file():
        return None
    if new.exists():
        if _same_place(old, new):
            return None
        if cached or _same_bytes(old, new):
            with contextlib.suppress(OSError):  # a copy; one left over is removed at the next start
                old.unlink()
            return None
        try:
            kept = _old_name(old)
            os.replace(old, kept)
        except OSError as e:
            return (f"{old.name} is in {new.parent} and, different, in {old.parent}: the one in "
                    f"{new.parent} is used; the other could not be renamed ({_why(e)}) and is not used.")
        return (f"{old.name} is in {new.parent} and, different, was in {old.parent}: the one in "
                f"{new.parent} is used, and the other kept as {kept}.")
    new.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.rename(old, new)
    except OSError as e:
        import errno
        if e.errno != errno.EXDEV:
            raise
        _copy_across(old, new)
    _sync_folder(new.parent)
    _sync_folder(old.parent)
    return None


def _copy_across(old: Path, new: Path) -> None:
    """Move ``old`` to another file system: a whole copy, then the old one
    removed (if that fails, the copy is in use and the old one, the same
    bytes, is removed at the next start)."""
    import stat
    write_atomic(new, old.read_bytes(), mode=stat.S_IMODE(old.stat().st_mode))
    with contextlib.suppress(OSError):
        old.unlink()


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        if a.stat().st_size != b.stat().st_size:
            return False
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def _old_name(path: Path) -> Path:
    """Where an old copy not used is kept: ``NAME.old``, or ``NAME.2.old`` ...
    (a free name)."""
    n = 1
    while True:
        kept = path.with_name(f"{path.name}.old" if n == 1 else f"{path.name}.{n}.old")
        if not kept.exists():
            return kept
        n += 1
