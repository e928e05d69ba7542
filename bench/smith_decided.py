"""The Smith, every card known: how many deals of each rule the solver
decides (won or proved lost) within a budget of processor time (issue 34).

    python bench/smith_decided.py [--rules R,R] [--deals A-B] [--seconds S]
                                  [--jobs N]

Runs ``solve.solve(engine.new_game("smith", seed=N, rule=R),
Budget(seconds=S), known=True)`` on each deal of A-B under each rule and
prints a line a deal (its verdict, nodes, processor seconds), then per rule
the deals decided (won + impossible) of those run and the median processor
time of a decided deal.  ``--jobs 2`` runs the deals in two worker
processes (each search is one thread; the budget is that thread's
processor time, so the verdicts do not depend on the load).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402
from engine import solve  # noqa: E402
from engine.study import parse_deals  # noqa: E402


def run(task: tuple[str, int, float]) -> tuple[str, int, str, int, float]:
    rule, deal, seconds = task
    game = engine.new_game("smith", seed=deal, rule=rule)
    result = solve.solve(game, solve.Budget(seconds=seconds), known=True)
    return rule, deal, result.status.value, result.nodes, result.seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="any-suit,alternate,same-suit")
    parser.add_argument("--deals", default="1001-1005", help="A-B")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        deals = parse_deals(args.deals)
    except ValueError as e:
        parser.error(str(e))
    rules = args.rules.split(",")
    tasks = [(rule, deal, args.seconds) for deal in deals for rule in rules]   # every rule as it goes
    verdicts: dict[str, list[tuple[int, str, float]]] = {rule: [] for rule in rules}
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = pool.map(run, tasks)
            for rule, deal, status, nodes, cpu in results:
                print(f"{rule} deal {deal}: {status}, {nodes:,} nodes, {cpu:.1f} s", flush=True)
                verdicts[rule].append((deal, status, cpu))
    else:
        for task in tasks:
            rule, deal, status, nodes, cpu = run(task)
            print(f"{rule} deal {deal}: {status}, {nodes:,} nodes, {cpu:.1f} s", flush=True)
            verdicts[rule].append((deal, status, cpu))
    for rule in rules:
        got = verdicts[rule]
        decided = [(d, s, c) for d, s, c in got if s != "unknown"]
        won = sum(1 for _, s, _ in decided if s == "won")
        median = f"{statistics.median(c for _, _, c in decided):.1f} s" if decided else "n/a"
        undecided = " ".join(str(d) for d, s, _ in got if s == "unknown") or "none"
        print(f"{rule}, deals {args.deals}, {args.seconds:g} CPU-s a deal: {len(decided)} of {len(got)} decided "
              f"({won} won, {len(decided) - won} impossible; median CPU of a decided deal {median}); "
              f"undecided: {undecided}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
