"""Gaps (or Chinese Puzzle) deals decided within a processor-time budget.

    python bench/gaps_decided.py [--game gaps] [--deals 1-40] [--budget-s 60]
                                 [--jobs 1] [--nodes N]

Each deal is solved from the deal as dealt (no shuffle or redeal: the
verdict "winnable in this deal without another") with
``solve.solve(engine.new_game(GAME, seed=N), Budget(seconds=S))``, S
processor seconds of the searching thread (so the machine's load changes
no verdict), ``--jobs`` deals at a time, one process each.  Printed: a line
a deal as it comes (status, processor seconds, nodes), then the deals won,
proved impossible and left unknown, and the deals decided.  ``--deals``
takes ``A-B`` or a comma-separated list.
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
from engine.solve import Budget, solve  # noqa: E402


def deals_of(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def solve_deal(task: tuple[str, int, float | None, int | None]) -> tuple[int, str, float, int]:
    name, seed, budget_s, nodes = task
    game = engine.new_game(name, seed=seed)
    start = time.thread_time()
    result = solve(game, Budget(seconds=budget_s, nodes=nodes))
    return seed, result.status.value, time.thread_time() - start, result.nodes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="gaps")
    ap.add_argument("--deals", default="1-40")
    ap.add_argument("--budget-s", type=float, default=60.0)
    ap.add_argument("--nodes", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    tasks = [(args.game, d, args.budget_s, args.nodes) for d in deals_of(args.deals)]
    rows = []
    wall = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs, maxtasksperchild=1) as pool:
            for row in pool.imap_unordered(solve_deal, tasks, chunksize=1):
                rows.append(row)
                print("deal {:4d}  {:<10s} {:7.2f} cpu-s {:10d} nodes".format(*row), flush=True)
    else:
        for task in tasks:
            row = solve_deal(task)
            rows.append(row)
            print("deal {:4d}  {:<10s} {:7.2f} cpu-s {:10d} nodes".format(*row), flush=True)
    rows.sort()
    count = {k: [r[0] for r in rows if r[1] == k] for k in ("won", "impossible", "unknown")}
    decided = len(count["won"]) + len(count["impossible"])
    print(f"{args.game}, deals {args.deals}, {args.budget_s} CPU-s a deal: "
          f"{len(count['won'])} won, {len(count['impossible'])} impossible, "
          f"{len(count['unknown'])} unknown: {decided} of {len(rows)} decided "
          f"(wall {time.perf_counter() - wall:.0f} s, load {os.getloadavg()[0]:.1f})")
    done = [r[2] for r in rows if r[1] != "unknown"]
    if done:
        print(f"decided deals' CPU-s: median {statistics.median(done):.2f}, max {max(done):.2f}")
    for k in ("impossible", "unknown"):
        if count[k]:
            print(f"{k}: {','.join(map(str, count[k]))}")


if __name__ == "__main__":
    main()
