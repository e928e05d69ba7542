"""The Demo's lines before and after ``engine/solve/shortcuts.py`` (issue 34).

    python bench/demo_lines.py [--deals N] [--first-seed K] [--games NAME ...]
                               [--budget-s S] [--jobs J]

For each game (Gaps, Chinese Puzzle, The Republic under each rule, The
Smith under any suit, The Prince) and each of N deals from K on, the solver's winning
line is found as the worker's Demo finds it: ``solve(game, budget,
known=True)`` from the deal, with the Demo's budget (the game's front's
``demo_seconds``: ``DEMO_S``, 10 s, The Smith 60 s; ``--budget-s`` puts
one budget for every game instead, ``--budget-for smith=20`` one game's), in a fresh process bounded to the
worker's ``MEMORY_MB``, as the worker's is.  Gaps and Chinese Puzzle's
Demo plays from a deal with shuffles or redeals left; the line measured
is the one within the deal, without another.  The line is then made the
Demo's (``shortcuts.shorten``, within the worker's ``shortcut_seconds``
for the line's length; ``--shortcut-s`` puts one budget instead).

For each game it prints the deals won, the median and the longest line
before, with its loops cut only, and after the short ways; how many lines
pass a position twice before and after; and the median and the longest
processor time the short ways took.  Then the same as a markdown table for
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402
from engine.solve import Budget, Status, solve  # noqa: E402
from engine.solve.replay import check_line, position_copy  # noqa: E402
from engine.solve.shortcuts import cut_loops, position_key, shorten  # noqa: E402
from engine.solve.worker import MEMORY_MB, bound_memory, shortcut_seconds  # noqa: E402


def measured() -> list[tuple[str, dict]]:
    """The games and rules measured, (engine name, options), from the
    engine's registry: every game under its default options, and The
    Republic, whose lines are the longest, under each of its rules."""
    out: list[tuple[str, dict]] = []
    for name, cls in engine.GAMES.items():
        rules = cls.OPTIONS.get("rule", ()) if name == "republic" else ()
        out += [(name, {"rule": r}) for r in rules] or [(name, {})]
    return out


def demo_seconds(name: str) -> float:
    """The Demo's first search's budget for ``name``: its front's ``demo_seconds``."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.games import front
    return float(front(name).demo_seconds)


def repeated(game, line: list[str]) -> bool:
    """Whether ``line`` from ``game``'s position passes a position twice."""
    copy = position_copy(game)
    seen = {position_key(copy)}
    for move in line:
        copy.play(move)
        key = position_key(copy)
        if key in seen:
            return True
        seen.add(key)
    return False


def measure(task: tuple[str, dict, int, float, float | None]) -> dict:
    """One deal, in a process of its own bounded as the worker's is."""
    name, options, seed, budget_s, shortcut_s = task
    bound_memory(MEMORY_MB)
    game = engine.new_game(name, seed=seed, **options)
    result = solve(game, Budget(seconds=budget_s, memory_mb=MEMORY_MB), known=True)
    out = {"seed": seed, "status": result.status.value, "search_s": result.seconds}
    if result.status is not Status.WON:
        return out
    line = list(result.moves)
    cut = cut_loops(game, line)
    start = time.process_time()
    seconds = shortcut_seconds(len(line)) if shortcut_s is None else shortcut_s
    short = shorten(game, line, Budget(seconds=seconds, memory_mb=MEMORY_MB))
    out["shortcut_s"] = time.process_time() - start
    check_line(game, short, must_win=True)
    out.update(before=len(line), cut=len(cut), after=len(short),
               repeated_before=repeated(game, line), repeated_after=repeated(game, short))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=sorted({g for g, _ in measured()}))
    parser.add_argument("--budget-s", type=float, default=None,
                        help="one search budget for every game (default: each game's Demo budget)")
    parser.add_argument("--budget-for", nargs="*", default=[], metavar="GAME=S",
                        help="a search budget for one game (smith=20), over the others")
    parser.add_argument("--shortcut-s", type=float, default=None,
                        help="one budget for the short ways (default: the worker's, by the line's length)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    rows = []
    began = time.perf_counter()
    for name, options in measured():
        if name not in args.games:
            continue
        budget_s = args.budget_s if args.budget_s is not None else demo_seconds(name)
        budget_s = float(dict(b.split("=", 1) for b in args.budget_for).get(name, budget_s))
        tasks = [(name, options, seed, budget_s, args.shortcut_s)
                 for seed in range(args.first_seed, args.first_seed + args.deals)]
        with multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=1) as pool:
            done = pool.map(measure, tasks, chunksize=1)
        won = [d for d in done if d["status"] == "won"]
        title = engine.GAMES[name].title + (f" ({options['rule']})" if "rule" in options else "")
        row = {"title": title, "budget": budget_s, "deals": len(done), "won": len(won)}
        if won:
            for k in ("before", "cut", "after"):
                row[k + "_median"] = statistics.median(d[k] for d in won)
                row[k + "_max"] = max(d[k] for d in won)
            row["repeated_before"] = sum(d["repeated_before"] for d in won)
            row["repeated_after"] = sum(d["repeated_after"] for d in won)
            row["shortcut_s"] = statistics.median(d["shortcut_s"] for d in won)
            row["shortcut_max"] = max(d["shortcut_s"] for d in won)
        rows.append(row)
        print(f"{title}: budget {budget_s:g} s, won {row['won']} of {row['deals']}"
              + (f"; moves median {row['before_median']:g} -> loops cut {row['cut_median']:g} -> "
                 f"{row['after_median']:g}, longest {row['before_max']} -> {row['cut_max']} -> {row['after_max']}; "
                 f"a position twice: {row['repeated_before']} -> {row['repeated_after']} lines; "
                 f"short ways {row['shortcut_s']:.2f} s (median), {row['shortcut_max']:.2f} s (longest)"
                 if won else ""), flush=True)
    within = "the worker's" if args.shortcut_s is None else f"{args.shortcut_s:g} s of"
    print(f"\n{time.perf_counter() - began:.0f} s in all, {args.jobs} deals at a time; "
          f"short ways within {within} processor time\n")
    print("| game | search budget | deals won | moves, median: found / loops cut / Demo | "
          "longest: found / loops cut / Demo | lines through a position twice: found / Demo | "
          "short ways' time: median / longest |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if not r["won"]:
            print(f"| {r['title']} | {r['budget']:g} s | 0 of {r['deals']} | | | | |")
            continue
        print(f"| {r['title']} | {r['budget']:g} s | {r['won']} of {r['deals']} | "
              f"{r['before_median']:g} / {r['cut_median']:g} / {r['after_median']:g} | "
              f"{r['before_max']} / {r['cut_max']} / {r['after_max']} | "
              f"{r['repeated_before']} / {r['repeated_after']} | "
              f"{r['shortcut_s']:.2f} s / {r['shortcut_max']:.2f} s |")


if __name__ == "__main__":
    main()
