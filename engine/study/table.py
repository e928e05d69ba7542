"""The winnability table of docs/study.md, from result files (``python -m engine study
--table FILE...``): a row per game, rule, sight of the hidden cards and
budget; each deal counted once however many files or runs hold it.  The
times are wall times (what the budget counts) and, beside the median, the
median processor time of a deal's search: on a machine shared with other
work the two part, and the second says how much search a deal had."""

from __future__ import annotations

import math
import statistics

from ..spec import Variant, find, names
from .records import deal_key
from .stats import budget_words, percent, summarise

HEADER = ("| game | rule | deals | budget | won | impossible | unknown | win rate (decided) | 95% CI "
          "| unknown all lost / won | median s | p95 s | median CPU s | study took |")


def studied(game: str) -> tuple[Variant, ...]:
    """The variants of ``game`` a study solves (its spec's); none for a
    name no game has (a file may be older than a game's removal)."""
    spec = find(game)
    return spec.study if spec is not None else ()


def group_key(doc: dict) -> tuple:
    return (doc["game"], doc["rule"], doc["known"], doc.get("budget_s"), doc.get("budget_nodes"))


def sort_key(key: tuple) -> tuple:
    """The games in the engine's order (``engine.GAMES``), each game's
    variants in its spec's order."""
    game, rule = key[0], key[1]
    order = names()
    labels = [v.label for v in studied(game)]
    return (order.index(game) if game in order else len(order), game,
            labels.index(rule) if rule in labels else len(labels), rule, not key[2], key[3] or 0, key[4] or 0)


def deal_span(deals: list[int]) -> str:
    """``1-500`` for deals 1 to 500 all there, ``480 of 1-500`` when some are
    missing."""
    lo, hi = min(deals), max(deals)
    span = f"{lo}-{hi}" if hi > lo else f"{lo}"
    return span if len(deals) == hi - lo + 1 else f"{len(deals):,} of {span}"


def duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def study_time(verdicts: list[dict], runs: dict[str, dict]) -> str:
    """How long the runs that gave ``verdicts`` took (each from its start to
    its last verdict here), and on how many cores."""
    last: dict[str, float] = {}
    for v in verdicts:
        last[v["run"]] = max(last.get(v["run"], 0.0), v.get("t", 0.0))
    took, cores = 0.0, set()
    for run_id, t in last.items():
        head = runs.get(run_id)
        if head is None:
            return "n/a"
        took += max(0.0, t - head["started"])
        cores.add(head["cores"])
    counts = sorted(cores)
    on = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return f"{duration(took)} on {on} core{'s' if counts[-1] != 1 else ''}"


def rows(docs: list[dict]) -> list[tuple[tuple, dict, list[dict]]]:
    """The verdicts grouped: ``(key, summary, verdicts)`` in the table's order;
    a deal met twice (the same measurement) is counted the first time."""
    seen: set[tuple] = set()
    groups: dict[tuple, list[dict]] = {}
    for doc in docs:
        if doc["kind"] != "deal" or deal_key(doc) in seen:
            continue
        seen.add(deal_key(doc))
        groups.setdefault(group_key(doc), []).append(doc)
    out = []
    for key in sorted(groups, key=sort_key):
        verdicts = groups[key]
        out.append((key, summarise([(v["status"], v["seconds"], v["nodes"]) for v in verdicts]), verdicts))
    return out


def markdown(docs: list[dict]) -> str:
    """The winnability table (markdown) of the result lines ``docs``."""
    runs = {d["run"]: d for d in docs if d["kind"] == "run"}
    lines = [HEADER, "| --- | --- " + "| ---: " * 12 + "|"]
    for key, s, verdicts in rows(docs):
        game, rule, known, budget_s, budget_nodes = key
        spec = find(game)
        title = spec.title if spec is not None else game
        words = next((v.words for v in studied(game) if v.label == rule and v.words), rule.replace("-", " "))
        if spec is not None and spec.hides_cards and not known:
            words += " (hidden cards)"
        lo, hi = s["ci"]
        b0, b1 = s["bounds"]
        median = "n/a" if math.isnan(s["median"]) else f"{s['median']:.2f}"
        cpu = [v["cpu"] for v in verdicts if isinstance(v.get("cpu"), (int, float))]
        cpu_median = f"{statistics.median(cpu):.2f}" if cpu else "n/a"
        lines.append(f"| {title} | {words} | {deal_span([v['deal'] for v in verdicts])} "
                     f"| {budget_words(budget_s, budget_nodes)} | {s['won']} | {s['impossible']} | {s['unknown']} "
                     f"| {percent(s['rate'])} | {100 * lo:.1f}-{100 * hi:.1f}% | {100 * b0:.1f}-{100 * b1:.1f}% "
                     f"| {median} | {s['p95']:.2f} | {cpu_median} | {study_time(verdicts, runs)} |")
    return "\n".join(lines)
