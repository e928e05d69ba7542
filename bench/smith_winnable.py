"""Winnable Deals Only in The Smith: how long the player waits, and how
often the deal comes from a fresh search or from the pool of deals won
before.

    python bench/smith_winnable.py [--rule R] [--tries N] [--first-seed K]
                                   [--step S] [--deal-s D] [--total-s T]

Runs N tries, the i-th starting from deal K + i * S, through the very
function the game's worker answers a "winnable" request with
(``engine.solve.worker.find_winnable``: deal after deal, D processor
seconds each, T wall-clock seconds in all, every card known), one at a
time, as one player's requests: each carries the pool deals dealt before
(``"dealt"``, as ``game/assistant/dealt.py`` keeps them).  It prints for each try
whether it found a deal, which, after how many deals and how long (wall
clock: the player's wait, and this process's processor time), then how
many tries found one, fresh or from the pool (``engine/solve/won_deals.py``),
the longest wait, and whether a pool deal came twice.  The defaults are
the game's: 2 s a deal asked (``game/assistant/assistant.py``, WINNABLE_DEAL_S),
which the worker raises to The Smith's own wait, and that wait (its
spec's ``winnable_s``, ``engine/smith.py``).  The searches' time is
processor time, bounded by the wall clock too (``Budget(wall=...)``): on a
loaded machine a search gets less done in the same wait.  The worker's
memory bound (``MEMORY_MB``) is set as in its own process.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402
from engine.solve import won_deals, worker  # noqa: E402
from engine.spec import spec  # noqa: E402

DEAL_S = 2.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", default="any-suit", choices=engine.GAMES["smith"].OPTIONS["rule"])
    parser.add_argument("--tries", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--step", type=int, default=1000, help="seeds between two tries' first deals")
    parser.add_argument("--deal-s", type=float, default=DEAL_S)
    own = spec("smith").winnable_s
    parser.add_argument("--total-s", type=float, default=own if own is not None else worker.WINNABLE_TOTAL_S)
    args = parser.parse_args(argv)
    worker.bound_memory(worker.MEMORY_MB)
    each = max(args.deal_s, own or 0.0)
    pool = won_deals.lines("smith", {"rule": args.rule})
    print(f"The Smith, {args.rule}: {args.tries} tries of Winnable Deals Only, {args.deal_s:g} s a deal asked "
          f"({each:g} s given), {args.total_s:g} s in all, memory bound {worker.MEMORY_MB:g} MB, "
          f"a pool of {len(pool)} deals won before", flush=True)
    found = fresh = twice = 0
    dealt: list[int] = []
    waits = []
    for i in range(args.tries):
        seed = args.first_seed + i * args.step
        doc = engine.new_game("smith", seed=seed, rule=args.rule).to_dict()
        wall, cpu = time.perf_counter(), time.process_time()
        answer = worker.find_winnable(doc, args.deal_s, total=args.total_s, dealt=dealt)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        waits.append(wall)
        won = answer["status"] == "won"
        before = won and answer["message"] == worker.WON_BEFORE
        found += won
        fresh += won and not before
        if not won:
            where = "none"
        elif before:
            twice += answer["seed"] in dealt and len(set(dealt)) < len(pool)
            dealt = [answer["seed"]] if answer["seed"] in dealt else dealt + [answer["seed"]]
            where = f"none fresh: deal {answer['seed']}, one won before"
        else:
            tried = answer["seed"] - seed + 1
            where = f"deal {answer['seed']} ({tried} deal{'s' if tried > 1 else ''} tried)"
        print(f"  try {i + 1}, from deal {seed}: {where}; {wall:.1f} s wall, {cpu:.1f} s processor", flush=True)
    print(f"found a winnable deal in {found} of {args.tries} tries within {args.total_s:g} s "
          f"({fresh} fresh, {found - fresh} won before); the longest wait {max(waits):.1f} s, "
          f"the median {sorted(waits)[len(waits) // 2]:.1f} s; a pool deal dealt twice before the pool "
          f"was used up: {twice} times")
    return 0


if __name__ == "__main__":
    sys.exit(main())
