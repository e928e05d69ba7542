"""The statistics of a winnability study: which variants of a game are
studied, and what is said of a set of verdicts (``bench/solver.py`` and
``python -m engine study --table`` share them)."""

from __future__ import annotations

import math
import statistics

from ..spec import spec


def variants(game: str) -> list[tuple[str, dict]]:
    """The variants a study can solve ``game`` under, ``(label, options)``,
    the first the default: its spec's ``study`` (``KeyError`` for no game).
    Chinese Puzzle's redeals and Gaps' shuffles are not used by the solver
    (it decides the deal as dealt), so their labels only say what the game
    was set to."""
    return [(v.label, dict(v.options)) for v in spec(game).study]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with z = 1.96);
    (0, 1) when nothing is decided."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def percent(rate: float) -> str:
    return "n/a" if math.isnan(rate) else f"{100 * rate:.1f}%"


def summarise(rows: list[tuple[str, float, int]]) -> dict:
    """What a set of verdicts ``(status, seconds, nodes)`` says: the counts,
    the win rate among the decided deals with its Wilson 95% interval, the
    rate if every unknown deal were lost / won, the median and 95th
    percentile of the time a deal took, nodes and seconds in all."""
    won = sum(1 for s, _, _ in rows if s == "won")
    lost = sum(1 for s, _, _ in rows if s == "impossible")
    unknown = len(rows) - won - lost
    decided = won + lost
    times = [t for _, t, _ in rows]
    lo, hi = wilson(won, decided)
    return {"deals": len(rows), "won": won, "impossible": lost, "unknown": unknown,
            "rate": won / decided if decided else float("nan"), "ci": (lo, hi),
            "bounds": (won / len(rows), (won + unknown) / len(rows)) if rows else (0.0, 1.0),
            "median": statistics.median(times) if times else float("nan"),
            "p95": percentile(times, 95), "nodes": sum(n for _, _, n in rows),
            "seconds": sum(times)}


def budget_words(budget_s: float | None, budget_nodes: int | None) -> str:
    """A deal's budget in words: ``10 s``, ``500,000 nodes``, or both."""
    parts = ([f"{budget_s:g} s"] if budget_s is not None else []) + \
            ([f"{budget_nodes:,} nodes"] if budget_nodes is not None else [])
    return " and ".join(parts) or "no limit"
