"""The player's records: the game in progress, statistics, Gaps' high
scores, preferences, and documents saved with Save As.

They live in the user data folder (``storage.data_dir()``), but for the
preferences, in the config folder (``storage.config_dir()``; the same
folder under ``CARD_SHELL_HOME``)::

    saves/<game>.json     the game in progress, one per game   kind "game"
    statistics.json       points and statistics                kind "statistics"
    gaps-highs.json       Gaps' high scores                    kind "gaps-highs"
    preferences.json      options and window size              kind "preferences"

An earlier version's preferences in the data folder are moved to the config
folder at start (``storage.settle()``, which the log and the records call
first); one that cannot be moved is used where it is, and the player told.

Each is ``{"format": 1, "kind": KIND, "data": ...}`` written atomically
(``storage.write_atomic``).  A file that is damaged or foreign (another
kind, a newer format) is never fatal: it is moved aside as ``NAME.bad``,
a sentence for the player goes into :attr:`Records.problems`, and play goes
on with fresh data.  A save that fails (disk full, read-only folder) keeps
the last good file and says so.

The log (``game.storage.logs``, its "card-shell.records" logger) says why,
with each file's full path: every damaged or foreign file met, what was
wrong and what became of it (set aside as ``NAME.bad``), a saved game cut
back to its legal moves, a document Open refused, and every save or
removal that failed, with the system's error.

A saved game is the engine's document (docs/save-format.md), so history and all come
back; the table's own fields (Gaps' elapsed time, say) ride along in its
``"table"`` entry, which the engine ignores.  Save As writes the same
document without the wrapper, so ``python -m engine show FILE`` reads it.

No pygame here: the table decides when to save, this module only how.
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import logs, storage

if TYPE_CHECKING:
    import datetime

    import engine
    from engine.scoring import Statistics

# The engine (every game's rules) is imported where a game or the statistics
# are first read, not with this module: the window opens before the rules
# are loaded (``game/launch.py``), and the preferences are read through here.

SAVES = "saves"
STATISTICS = "statistics.json"
HIGHS = "gaps-highs.json"
PREFERENCES = storage.PREFERENCES

#: the high-score table holds this many winners
HIGH_SCORES = 10
#: a winner's name is cut to this many characters
NAME_LENGTH = 24
ANONYMOUS = "Anonymous"

#: a fresh table's modest, invented scores: every one used all three
#: shuffles and took 20 to 40 minutes (the original shipped "bogus, low
#: scores" too).  ``date`` is empty: nobody played them.
PLACEHOLDERS: tuple[tuple[str, int], ...] = (
    ("Patience", 20 * 60), ("Montana Kid", 22 * 60), ("Lucky Deuce", 24 * 60),
    ("Card Shark", 26 * 60), ("Sunday Shuffler", 28 * 60), ("Rusty Deck", 30 * 60),
    ("Slow Hand Sam", 32 * 60), ("Midnight Player", 34 * 60), ("Mister Blank", 37 * 60),
    ("Gap Tooth", 40 * 60),
)


def log():
    """The records' logger (Python's ``logging`` is imported at the first record)."""
    return logs.get("records")


class RecordError(ValueError):
    """A document that Open cannot use; the message names the file and
    says why.  ``path`` and ``reason`` are kept apart too."""

    def __init__(self, path: Path, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path.name} cannot be opened: {reason}.")


def placeholder_scores() -> list[dict[str, Any]]:
    from engine.gaps import SHUFFLES
    return [{"name": name, "shuffles": SHUFFLES, "seconds": seconds, "date": ""}
            for name, seconds in PLACEHOLDERS]


def clean_name(name: Any) -> str:
    """A winner's name: printable characters only, spaces collapsed, at
    most ``NAME_LENGTH`` characters; empty becomes ``ANONYMOUS``."""
    text = "".join(ch if ch.isprintable() else " " for ch in str(name or ""))
    text = " ".join(text.split())[:NAME_LENGTH].strip()
    return text or ANONYMOUS


def _check_score(shuffles: Any, seconds: Any) -> tuple[int, int | float]:
    from engine.gaps import SHUFFLES
    if isinstance(shuffles, bool) or not isinstance(shuffles, int) or not 0 <= shuffles <= SHUFFLES:
        raise ValueError(f"shuffles used is a whole number from 0 to {SHUFFLES}, not {shuffles!r}")
    if not storage.is_number(seconds) or seconds < 0:
        raise ValueError(f"the time is a number of seconds, not {seconds!r}")
    return shuffles, seconds if isinstance(seconds, int) else round(float(seconds), 1)


def _rank_key(entry: dict[str, Any]) -> tuple[int, float]:
    return entry["shuffles"], entry["seconds"]


def _read_scores(data: Any) -> list[dict[str, Any]]:
    """High scores from stored data; ``ValueError`` saying what is wrong."""
    if not isinstance(data, list):
        raise ValueError("the high scores are not a list")
    scores = []
    for i, entry in enumerate(data, 1):
        if not isinstance(entry, dict):
            raise ValueError(f"high score {i} is not a mapping")
        name, date = entry.get("name"), entry.get("date", "")
        if not isinstance(name, str) or not isinstance(date, str):
            raise ValueError(f"high score {i} has no name or a date that is not text")
        try:
            shuffles, seconds = _check_score(entry.get("shuffles"), entry.get("seconds"))
        except ValueError as e:
            raise ValueError(f"high score {i}: {e}") from None
        scores.append({"name": clean_name(name), "shuffles": shuffles, "seconds": seconds, "date": date})
    scores.sort(key=_rank_key)          # stable: equal scores keep their order
    return scores[:HIGH_SCORES]


def _fits(value: Any, default: Any) -> tuple[bool, Any]:
    """Whether a stored preference ``value`` may replace ``default``, and
    the value to use.  Dicts merge key by key (see ``merge_prefs``); a
    non-empty list is a fixed shape (a window size), an empty one takes any
    list; ``None`` takes any value; a float takes an int."""
    if isinstance(default, dict):
        if not isinstance(value, dict):
            return False, default
        return True, merge_prefs(default, value) if default else copy.deepcopy(value)
    if default is None:
        return True, value
    if isinstance(default, bool):
        return type(value) is bool, value
    if isinstance(default, int):
        return type(value) is int, value
    if isinstance(default, float):
        return storage.is_number(value), float(value) if storage.is_number(value) else value
    if isinstance(default, str):
        return isinstance(value, str), value
    if isinstance(default, (list, tuple)):
        if not isinstance(value, list):
            return False, default
        if not default:
            return True, list(value)
        if len(value) != len(default):
            return False, default
        out = []
        for v, d in zip(value, default):
            ok, v = _fits(v, d)
            if not ok:
                return False, default
            out.append(v)
        return True, type(default)(out)
    return type(value) is type(default), value


def merge_prefs(defaults: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """``defaults`` updated with the ``stored`` values that fit: unknown keys
    and values of the wrong type are ignored, nested dicts merged (an empty
    default dict takes any stored dict, as a free-form map)."""
    prefs = copy.deepcopy(defaults)
    for key, value in stored.items():
        if key in prefs:
            ok, value = _fits(value, prefs[key])
            if ok:
                prefs[key] = value
    return prefs


def legal_part(doc: Any) -> tuple[engine.Game, int, str, str] | None:
    """A saved game whose history holds a move the rules refuse: the game
    replayed from its deal up to that move, the move's number in the
    history, its text and why the rules refuse it.  ``None`` when the
    document is damaged some other way (no deal to replay, a history that
    is not a list of moves, or every move legal)."""
    import engine
    if not isinstance(doc, dict) or "deal" not in doc:
        return None
    history = doc.get("history")
    if not isinstance(history, list) or not history or not all(isinstance(h, str) for h in history):
        return None
    start = {key: value for key, value in doc.items() if key not in ("history", "position")}
    try:
        game = engine.from_dict(start)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        return None
    for n, text in enumerate(history, 1):
        try:
            game.play(text)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            reason = str(getattr(e, "reason", "") or e).rstrip(".") or type(e).__name__
            return game, n, text, reason
    return None


class Records:
    """The player's files in ``folder``, the preferences in ``config``.

    By default these are the folders in use (``storage.settle()``: an
    earlier version's files are moved first, and what could not be moved
    is told in :attr:`problems`).  A ``folder`` given alone holds the
    preferences too.

    Statistics and high scores are read when the object is made (or, with
    ``read=False``, when first asked for: the preferences alone need no
    game's rules, and the window opens before they are loaded); every
    file's trouble ends up, as one sentence for the player, in
    :attr:`problems` (``take_problems()`` empties it).  Methods that save
    also return their problem (or ``None``); a save that keeps failing is
    put in ``problems`` once, not after every move, until it works again.
    """

    def __init__(self, folder: Path | None = None, config: Path | None = None, read: bool = True) -> None:
        self.problems: list[str] = []
        if folder is None:
            folders = storage.settle()
            self.folder, in_use = folders.data, folders.config
            moved = folders.take_problems()
            for problem in moved:
                log().warning("At start, in the folders %s: %s", folders.data, problem)
            self.problems.extend(moved)
        else:
            self.folder = in_use = Path(folder)
        self.config = Path(config) if config is not None else in_use
        #: the files whose saves are failing now: the error of the streak's latest failure, and how many failed
        self._failing: dict[Path, tuple[str, int]] = {}
        if read:
            self.read()

    @functools.cached_property
    def stats(self) -> Statistics:
        """Every game's statistics, read from their file when first asked for."""
        return self._load_stats()

    @functools.cached_property
    def _scores(self) -> list[dict[str, Any]]:
        return self._load_scores()

    def read(self) -> None:
        """Read the statistics and the high scores now (their problems then
        in :attr:`problems`), rather than when first asked for."""
        self.stats, self._scores  # noqa: B018 (each read for its effect)

    # ------------------------------------------------------------- problems
    def take_problems(self) -> list[str]:
        """The problems so far, for the player; the list starts empty again."""
        problems, self.problems = self.problems, []
        return problems

    def _report(self, message: str) -> str:
        if message not in self.problems:
            self.problems.append(message)
        return message

    def label(self, path: Path) -> str:
        """``path`` as the player is told it: relative to the data folder
        (a file elsewhere, the preferences in the config folder, in full)."""
        try:
            return Path(path).relative_to(self.folder).as_posix()
        except ValueError:
            return str(path)

    # ------------------------------------------------------------- files
    def _read(self, path: Path, kind: str, what: str) -> Any:
        """The data in a file of ``kind``; ``None`` when it is missing, or
        damaged or foreign (then set aside and reported)."""
        try:
            doc = storage.read_json(path)
            storage.check_wrapper(doc, kind)
            if "data" not in doc:
                raise storage.Damaged("it holds no data")
            return doc["data"]
        except FileNotFoundError:
            return None
        except storage.Damaged as e:
            self._set_aside(path, e.reason, what)
            return None

    def _set_aside(self, path: Path, why: str, what: str) -> None:
        """Report an unusable file, and move it aside for inspection.
        ``what`` finishes "so ..." (what happens instead)."""
        kept = self._move_aside(path)
        log().warning("%s could not be used because %s, so %s; the file %s.", path, why, what, kept)
        self._report(f"{self.label(path)} could not be used because {why}, so {what}; the file {kept}.")

    def _move_aside(self, path: Path) -> str:
        """Move a damaged file aside; what became of it, finishing "the file ..."."""
        try:
            return f"was kept as {self.label(storage.move_aside(path))}"
        except OSError as e:
            return f"could not be moved aside ({e.strerror or e})"

    def _write(self, path: Path, kind: str, data: Any) -> str | None:
        existed = path.exists()
        try:
            storage.write_atomic(path, storage.dumps(storage.wrap(kind, data)))
        except OSError as e:
            keep = "the last good copy is kept" if existed else "nothing was written"
            error = e.strerror or str(e)
            message = f"Could not save {self.label(path)} ({error}); {keep}."
            # The player is told once a streak of failures; the log says the
            # first failure of a streak (and any later one whose error
            # differs), then, when a save works again, how many failed: a
            # save after every move on a full disk would write a line a move.
            before = self._failing.get(path)
            if before is None:
                self._report(message)
            if before is None or before[0] != error:
                log().warning("Could not save %s (%s: %s); %s.", path, type(e).__name__, error, keep)
            self._failing[path] = (error, (before[1] if before else 0) + 1)
            return message
        failed = self._failing.pop(path, None)
        if failed is not None:
            log().warning("Saved %s again, after %d failed save%s (the last: %s).", path, failed[1],
                          "s" if failed[1] != 1 else "", failed[0])
        return None

    # ------------------------------------------------------------- the game in progress
    def game_path(self, name: str) -> Path:
        import engine
        if name not in engine.GAMES:
            raise ValueError(f"there is no game {name!r}; the games are {', '.join(engine.GAMES)}")
        return self.folder / SAVES / f"{name}.json"

    def save_game(self, game: engine.Game, extra: dict[str, Any] | None = None) -> str | None:
        """Save the game in progress (after every move): its engine document,
        history and all, with ``extra`` (the table's own fields) under
        ``"table"``.  The problem in words, or ``None``."""
        doc = game.to_dict()
        if extra:
            doc["table"] = dict(extra)
        return self._write(self.game_path(game.name), "game", doc)

    def load_game(self, name: str) -> tuple[engine.Game | None, dict[str, Any]]:
        """The saved game of ``name`` and the table's fields saved with it,
        or ``(None, {})`` when there is none or it cannot be used (then it is
        set aside and reported).  A won game is not restored: its save is
        removed."""
        import engine
        path = self.game_path(name)
        title = engine.GAMES[name].title
        doc = self._read(path, "game", f"a new game of {title} is dealt")
        if doc is None:
            return None, {}
        table = doc.get("table") if isinstance(doc, dict) else None
        table = dict(table) if isinstance(table, dict) else {}
        try:
            if not isinstance(doc, dict) or doc.get("game") != name:
                found = doc.get("game") if isinstance(doc, dict) else None
                raise engine.BadPosition(f"it holds a game of {found!r}, not {title}")
            game = engine.from_dict(doc)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            partial = legal_part(doc)
            if partial is None:
                why = str(e).rstrip(".") or type(e).__name__
                self._set_aside(path, f"the game in it cannot be played ({why})",
                                f"a new game of {title} is dealt")
                return None, {}
            game, n, text, reason = partial
            total = len(doc["history"])
            later = total - n
            dropped = "it was dropped" if not later else \
                f"it and the {later} move{'s' if later != 1 else ''} after it were dropped"
            kept = self._move_aside(path)
            log().warning("%s holds a move the rules refuse: move %d of %d, %r (%s); %s goes on from move %d, "
                          "%s; the whole file %s.", path, n, total, storage.short(text, 20), reason, title, n - 1,
                          dropped, kept)
            self._report(f"{self.label(path)} holds a move the rules refuse: move {n} of {total}, "
                         f"{storage.short(text, 20)!r} ({reason}). {title} goes on from move {n - 1}; "
                         f"{dropped}. The whole file {kept}.")
            self.save_game(game, table)          # the legal part is the game in progress now
        if game.won:
            self.clear_game(name)
            return None, {}
        return game, table

    def clear_game(self, name: str) -> str | None:
        """Forget the saved game of ``name`` (a finished game is not restored)."""
        path = self.game_path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            log().warning("Could not remove %s (%s: %s); the finished game may come back at the next start.",
                          path, type(e).__name__, e.strerror or e)
            return self._report(f"Could not remove {self.label(path)} ({e.strerror or e}); "
                                "the finished game may come back at the next start.")
        return None

    # ------------------------------------------------------------- Save As / Open
    def export_game(self, game: engine.Game, path: Path | str,
                    extra: dict[str, Any] | None = None) -> str | None:
        """Save As: the engine document (docs/save-format.md) in ``path``, atomically,
        with ``extra`` under ``"table"``.  The problem in words, or ``None``;
        not put in ``problems`` (the dialog shows it)."""
        path = Path(path)
        doc = game.to_dict()
        if extra:
            doc["table"] = dict(extra)
        existed = path.exists()
        try:
            storage.write_atomic(path, storage.dumps(doc))
        except OSError as e:
            keep = f"the {path.name} already there is unchanged" if existed else "nothing was written"
            log().warning("Save As could not write %s (%s: %s); %s.", path, type(e).__name__, e.strerror or e, keep)
            return f"Could not save the game as {path.name} ({e.strerror or e}); {keep}."
        return None

    def import_document(self, path: Path | str) -> tuple[engine.Game, dict[str, Any]]:
        """Open: the game in ``path`` and its ``"table"`` fields.  Reads a
        Save As document, a position or challenge document, or a saved
        game in progress.  Raises :class:`RecordError` naming the file
        (and says why in the log)."""
        try:
            return self._import_document(Path(path))
        except RecordError as e:
            log().warning("Open refused %s: %s.", e.path, e.reason)
            raise

    def _import_document(self, path: Path) -> tuple[engine.Game, dict[str, Any]]:
        import engine
        try:
            doc = storage.read_json(path)
        except FileNotFoundError:
            raise RecordError(path, "there is no such file") from None
        except storage.Damaged as e:
            raise RecordError(path, e.reason) from None
        if isinstance(doc, dict) and "kind" in doc and "game" not in doc:      # one of our own files
            if doc["kind"] != "game":
                raise RecordError(path, f"it is a Card Shell {storage.short(doc['kind'], 20)} file, "
                                        "not a saved game")
            try:
                storage.check_wrapper(doc, "game")
            except storage.Damaged as e:
                raise RecordError(path, e.reason) from None
            doc = doc.get("data")
        if not isinstance(doc, dict) or "game" not in doc:
            raise RecordError(path, "it is not a Card Shell game (a saved game is a JSON document "
                                    "naming its game)")
        try:
            game = engine.from_dict(doc)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            raise RecordError(path, str(e).rstrip(".") or type(e).__name__) from None
        table = doc.get("table")
        return game, dict(table) if isinstance(table, dict) else {}

    def import_game(self, path: Path | str) -> engine.Game:
        """Open: the game in ``path``; :class:`RecordError` names the file and says why not."""
        return self.import_document(path)[0]

    # ------------------------------------------------------------- statistics
    @property
    def stats_path(self) -> Path:
        return self.folder / STATISTICS

    def _load_stats(self) -> Statistics:
        from engine.scoring import Statistics
        data = self._read(self.stats_path, "statistics", "the statistics start afresh")
        if data is None:
            return Statistics()
        try:
            return Statistics.from_dict(data)
        except ValueError as e:
            self._set_aside(self.stats_path, f"its statistics are damaged ({e})", "the statistics start afresh")
            return Statistics()

    def save_stats(self) -> str | None:
        return self._write(self.stats_path, "statistics", self.stats.to_dict())

    def record_result(self, game: engine.Game) -> float | None:
        """Count ``game`` as ended now (won, lost, or abandoned after a move)
        and save the statistics; its points, or ``None`` when it counts for
        nothing (no move made, or Gaps / Chinese Puzzle).  Whether a game is
        counted at all (the Demo's, one counted already before the review's
        Try Again) is its session's to say (``game/table/session.py``)."""
        pts = self.stats.record(game)
        if pts is not None:
            self.save_stats()
        return pts

    # ------------------------------------------------------------- Gaps' high scores
    @property
    def highs_path(self) -> Path:
        return self.folder / HIGHS

    def _load_scores(self) -> list[dict[str, Any]]:
        what = "the high scores start afresh"
        data = self._read(self.highs_path, "gaps-highs", what)
        if data is None:
            return placeholder_scores()
        try:
            return _read_scores(data)
        except ValueError as e:
            self._set_aside(self.highs_path, f"its high scores are damaged ({e})", what)
            return placeholder_scores()

    def high_scores(self) -> list[dict[str, Any]]:
        """The table, best first: ``{"name", "shuffles", "seconds", "date"}``
        (``date`` an ISO date, empty for a placeholder)."""
        return [dict(e) for e in self._scores]

    def qualifies(self, shuffles: int, seconds: float) -> int | None:
        """The place (1 = best) a win with ``shuffles`` used in ``seconds``
        would take, or ``None`` if it would not make the table.  Fewer
        shuffles beat a faster time; an equal score ranks after the ones
        already there."""
        shuffles, seconds = _check_score(shuffles, seconds)
        rank = 1 + sum(1 for e in self._scores if _rank_key(e) <= (shuffles, seconds))
        return rank if rank <= HIGH_SCORES else None

    def add_high_score(self, name: str, shuffles: int, seconds: float,
                       date: str | datetime.date | None = None) -> int | None:
        """Put a winner in the table and save it; the place taken, or
        ``None`` if the score does not make the table (ask ``qualifies``
        before asking for a name).  ``date`` defaults to today."""
        shuffles, seconds = _check_score(shuffles, seconds)
        rank = self.qualifies(shuffles, seconds)
        if rank is None:
            return None
        import datetime
        if date is None:
            date = datetime.date.today()
        if isinstance(date, datetime.date):
            date = date.isoformat()
        entry = {"name": clean_name(name), "shuffles": shuffles, "seconds": seconds, "date": str(date)}
        self._scores.insert(rank - 1, entry)
        del self._scores[HIGH_SCORES:]
        self._write(self.highs_path, "gaps-highs", self._scores)
        return rank

    def reset_high_scores(self) -> str | None:
        """Back to the placeholder table (saved)."""
        self._scores = placeholder_scores()
        return self._write(self.highs_path, "gaps-highs", self._scores)

    # ------------------------------------------------------------- preferences
    @property
    def prefs_path(self) -> Path:
        return self.config / PREFERENCES

    def load_prefs(self, defaults: dict[str, Any]) -> dict[str, Any]:
        """``defaults`` updated with the saved preferences that fit (see
        :func:`merge_prefs`); a new dict, ``defaults`` untouched."""
        data = self._read(self.prefs_path, "preferences", "the default preferences are used")
        if data is None:
            return copy.deepcopy(defaults)
        if not isinstance(data, dict):
            self._set_aside(self.prefs_path, "its preferences are not a mapping",
                            "the default preferences are used")
            return copy.deepcopy(defaults)
        return merge_prefs(defaults, data)

    def save_prefs(self, prefs: dict[str, Any]) -> str | None:
        return self._write(self.prefs_path, "preferences", prefs)

