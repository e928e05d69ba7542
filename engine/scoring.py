"""Points and statistics for the Card Shell games (RULES.md, scoring).

Plain data and arithmetic, no files: the front end stores
``Statistics.to_dict()`` where it keeps the player's files.

A game is scored when it ends: won, or abandoned (New Game) after at least
one move.  A game with an empty history counts for nothing.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .cards import RANK_OF

#: (game, rule) -> (points for a win, points for a loss)
POINTS: dict[tuple[str, str], tuple[int, int]] = {
    ("republic", "any-suit"): (1, -4), ("republic", "alternate"): (2, -2), ("republic", "same-suit"): (4, -1),
    ("smith", "any-suit"): (2, -2), ("smith", "alternate"): (4, -1), ("smith", "same-suit"): (16, 0),
    ("prince", "any-suit"): (1, -4), ("prince", "alternate"): (2, -2), ("prince", "same-suit"): (4, -1),
}
SCORED_GAMES = ("republic", "smith", "prince")


def republic_bonus(rule: str, redeals_used: int) -> int:
    """One point for a win with no redeal (alternating colour) or fewer
    than two redeals (same suit)."""
    if rule == "alternate" and redeals_used == 0:
        return 1
    if rule == "same-suit" and redeals_used < 2:
        return 1
    return 0


def points(game_name: str, rule: str, won: bool, history: list[str],
           suits_laid_off: int = 0) -> float:
    """The points a game ending now earns.  ``suits_laid_off`` counts The
    Smith's completed suits (each worth an eighth of a win when unwon)."""
    win, loss = POINTS[(game_name, rule)]
    if won:
        bonus = republic_bonus(rule, history.count("redeal")) if game_name == "republic" else 0
        return win + bonus
    if game_name == "smith":
        return loss + win * suits_laid_off / 8
    return float(loss)


def game_points(game: Any) -> float | None:
    """Points for ``game`` if it ended now; ``None`` if it does not count
    (no move made, or a game without scoring)."""
    if game.name not in SCORED_GAMES or not game.history:
        return None
    suits = 0
    if game.name == "smith":
        suits = sum(1 for top in game.foundations if top is not None and RANK_OF[top] == 13)
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
            if (game, rule) not in POINTS:
                raise ValueError(f"unknown statistics entry {key!r}")
            stats.records[(game, rule)] = Record.from_dict(value)
        return stats
