"""Winnable Deals Only in The Smith: how often the solver's worker finds a
winnable deal in its time.

    python bench/smith_winnable.py [--rule R] [--tries N] [--first-seed K]
                                   [--step S] [--deal-s D] [--total-s T]

Runs N tries, the i-th starting from deal K + i * S, through the very
function the game's worker answers a "winnable" request with
(``engine.solve.worker.find_winnable``: deal after deal, D seconds each,
T seconds in all, every card known, the worker's memory bound), one at a
time, and prints for each try whether it found a deal, which, after how
many deals and how long (wall clock and this process's processor time),
then how many tries of N found one within T seconds: a fresh one, or one
of the deals won before that the worker falls back on
(``engine/solve/won_deals.py``).  The defaults are the
game's: 2 s a deal asked (``game/assistant.py``, WINNABLE_DEAL_S), which
the worker raises to its least for The Smith (``WINNABLE_DEAL_MIN_S``),
30 s in all (``worker.WINNABLE_TOTAL_S``).  The budgets are wall-clock
time, as in the game: on a loaded machine read the processor time too.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402
from engine.solve import worker  # noqa: E402

DEAL_S = 2.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", default="any-suit", choices=engine.GAMES["smith"].OPTIONS["rule"])
    parser.add_argument("--tries", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--step", type=int, default=1000, help="seeds between two tries' first deals")
    parser.add_argument("--deal-s", type=float, default=DEAL_S)
    parser.add_argument("--total-s", type=float, default=worker.WINNABLE_TOTAL_S)
    args = parser.parse_args(argv)
    each = max(args.deal_s, worker.WINNABLE_DEAL_MIN_S.get("smith", 0.0))
    print(f"The Smith, {args.rule}: {args.tries} tries of Winnable Deals Only, {args.deal_s:g} s a deal asked "
          f"({each:g} s given), {args.total_s:g} s in all, memory bound {worker.MEMORY_MB:g} MB", flush=True)
    found = fresh = 0
    for i in range(args.tries):
        seed = args.first_seed + i * args.step
        doc = engine.new_game("smith", seed=seed, rule=args.rule).to_dict()
        wall, cpu = time.perf_counter(), time.process_time()
        answer = worker.find_winnable(doc, args.deal_s, total=args.total_s)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        won = answer["status"] == "won"
        before = won and answer["message"] == worker.WON_BEFORE
        found += won
        fresh += won and not before
        if not won:
            where = "none"
        elif before:
            where = f"none fresh: deal {answer['seed']}, one won before"
        else:
            where = f"deal {answer['seed']} ({answer['seed'] - seed + 1} deals tried)"
        print(f"  try {i + 1}, from deal {seed}: {where}; {wall:.1f} s wall, {cpu:.1f} s processor", flush=True)
    print(f"found a winnable deal in {found} of {args.tries} tries within {args.total_s:g} s "
          f"({fresh} fresh, {found - fresh} won before)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
