"""Points and statistics for the Card Shell games (docs/rules.md, "Scoring").

Plain data and arithmetic, no files: the front end stores
``Statistics.to_dict()`` where it keeps the player's files.  How each game
scores is its own: a :class:`Scoring` in its module's spec (``spec.py``).

A game is scored when it ends: won, or abandoned (New Game) after at least
one move.  A game with an empty history counts for nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .spec import find, specs


@dataclass(frozen=True)
class Scoring:
    """How a game scores, declared in its module's spec (``spec.py``).
    Its points depend on the game's ``rule`` option."""

    #: rule -> (points for a win, points for a loss)
    points: dict[str, tuple[int, int]]
    #: a win's extra points, from the rule and the game's history
    bonus: Callable[[str, list[str]], int] | None = None
    #: the complete suits a game has laid off (from its ``foundations``),
    #: each worth an eighth of a win to a game that is lost
    suits_laid_off: Callable[[Any], int] | None = None


def scoring_of(game_name: str) -> Scoring | None:
    """How the game ``game_name`` scores; None when it is not scored (or
    is no game)."""
    found = find(game_name)
    return found.scoring if found is not None else None


def __getattr__(name: str) -> Any:
    """``POINTS``: (game, rule) -> (points for a win, points for a loss),
    every scored game's table read from its spec (which imports every
    game's module: the functions below ask for one game only)."""
    if name == "POINTS":
        return {(s.name, rule): pair for s in specs() if s.scoring is not None
                for rule, pair in s.scoring.points.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def points(game_name: str, rule: str, won: bool, history: list[str],
           suits_laid_off: int = 0) -> float:
    """The points a game ending now earns.  ``suits_laid_off`` counts the
    completed suits of a game whose scoring counts them (each worth an
    eighth of a win when unwon).  ``KeyError`` for a game or rule that is
    not scored."""
    scoring = scoring_of(game_name)
    if scoring is None or rule not in scoring.points:
        raise KeyError((game_name, rule))
    win, loss = scoring.points[rule]
    if won:
        return win + (scoring.bonus(rule, history) if scoring.bonus is not None else 0)
    if scoring.suits_laid_off is not None:
        return loss + win * suits_laid_off / 8
    return float(loss)


def game_points(game: Any) -> float | None:
    """Points for ``game`` if it ended now; ``None`` if it does not count
    (no move made, or a game without scoring)."""
    scoring = scoring_of(game.name)
    if scoring is None or not game.history:
        return None
    suits = scoring.suits_laid_off(game) if scoring.suits_laid_off is not None else 0
    return points(game.name, game.options["rule"], game.won, game.history, suits)


#: how many of the latest results a record keeps, for the Scores window's pictures
KEEP_RESULTS = 500


def _read_results(value: Any) -> list:
    """Stored results, checked: a list of [1 or 0, points]."""
    if not isinstance(value, list) or len(value) > KEEP_RESULTS:
        raise ValueError(f"statistics results are a list of at most {KEEP_RESULTS} [won, points] pairs")
    out = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and item[0] in (0, 1) and not isinstance(item[0], bool)
                and isinstance(item[1], (int, float)) and not isinstance(item[1], bool)
                and math.isfinite(item[1])):
            raise ValueError(f"a statistics result is [1 or 0, points], not {str(item)[:40]}")
        out.append([int(item[0]), float(item[1])])
    return out


@dataclass
class Record:
    """The statistics of one game under one rule (or a total of several)."""
    games: int = 0
    wins: int = 0
    points: float = 0.0
    streak: int = 0          # > 0: current winning streak; < 0: losing streak
    longest_wins: int = 0
    longest_losses: int = 0
    moves: int = 0
    #: the latest results, oldest first: [1 won / 0 lost, points], at most KEEP_RESULTS
    results: list = field(default_factory=list)

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def win_percent(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    @property
    def winning_streak(self) -> int:
        return max(self.streak, 0)

    @property
    def losing_streak(self) -> int:
        return max(-self.streak, 0)

    @property
    def moves_per_game(self) -> float:
        return self.moves / self.games if self.games else 0.0

    def add(self, won: bool, pts: float, moves: int) -> None:
        self.results.append([1 if won else 0, pts])
        del self.results[:-KEEP_RESULTS]
        self.games += 1
        self.points += pts
        self.moves += moves
        if won:
            self.wins += 1
            self.streak = self.streak + 1 if self.streak > 0 else 1
            self.longest_wins = max(self.longest_wins, self.streak)
        else:
            self.streak = self.streak - 1 if self.streak < 0 else -1
            self.longest_losses = max(self.longest_losses, -self.streak)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        """Read a stored record; ``ValueError`` if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("a statistics record is a mapping")
        values: dict[str, Any] = {"results": _read_results(data.get("results", []))}
        for f in fields(cls):
            if f.name == "results":
                continue
            v = data.get(f.name, 0)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ValueError(f"statistics field {f.name!r} must be a number, not {v!r}")
            values[f.name] = float(v) if f.name == "points" else int(v)
        if values["wins"] > values["games"] or values["games"] < 0 or values["wins"] < 0:
            raise ValueError("statistics record has more wins than games, or negative counts")
        return cls(**values)


class Statistics:
    """Records per game and rule: ``stats.record(game)`` when a game ends."""

    def __init__(self) -> None:
        self.records: dict[tuple[str, str], Record] = {}

    def get(self, game_name: str, rule: str) -> Record:
        return self.records.get((game_name, rule), Record())

    def record(self, game: Any) -> float | None:
        """Count ``game`` as ended now; returns its points, or ``None`` when
        it counts for nothing (no move made)."""
        pts = game_points(game)
        if pts is None:
            return None
        rec = self.records.setdefault((game.name, game.options["rule"]), Record())
        rec.add(game.won, pts, len(game.history))
        return pts

    def total(self, game_name: str) -> Record:
        """All rules of one game together (streaks are per rule, so the
        total keeps the longest of them)."""
        total = Record()
        for (name, _), r in self.records.items():
            if name == game_name:
                total.games += r.games
                total.wins += r.wins
                total.points += r.points
                total.moves += r.moves
                total.longest_wins = max(total.longest_wins, r.longest_wins)
                total.longest_losses = max(total.longest_losses, r.longest_losses)
        return total

    def to_dict(self) -> dict[str, Any]:
        return {f"{g}/{r}": rec.to_dict() for (g, r), rec in sorted(self.records.items())}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        """Read stored statistics; ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("statistics are a mapping of 'game/rule' to records")
        stats = cls()
        for key, value in data.items():
            game, _, rule = str(key).partition("/")
            scoring = scoring_of(game)
            if scoring is None or rule not in scoring.points:
                raise ValueError(f"unknown statistics entry {key!r}")
            stats.records[(game, rule)] = Record.from_dict(value)
        return stats
