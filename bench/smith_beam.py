"""The Smith's beam search alone, deal after deal: which deals its attempts
win, at how many nodes and how much processor time.

    python bench/smith_beam.py [--rule R] [--deals A-B] [--nodes N]
                               [--plain]

Runs ``engine.solve.smith_beam.beam`` (every card known, no exact search
beside it, 100 MB for its tables) on each deal of A-B with a budget of N
nodes, and prints a line a deal (won, gave up: every attempt ended without
a win, or unknown: the budget ran out), then how many were won and the
median processor time of a won deal.  ``--plain`` runs the attempts
without the drawn variants (those of commit a86d4e4 and before), for a
before-and-after on the same deals.  The default budget, 6,750,000 nodes,
is what the beam gets of The Smith's 8,000,000 in the solver (the exact
search has 5% first, then one node in nine: ``SmithModel.SCHEDULE`` in
``engine/solve/smith.py``).  Nodes do not depend on the machine or its
load; the processor time does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402
from engine.solve import smith_beam  # noqa: E402
from engine.solve.budget import Budget, OutOfBudget  # noqa: E402
from engine.solve.smith import SmithModel  # noqa: E402
from engine.study import parse_deals  # noqa: E402

TABLES = 100_000_000

#: the attempts before the drawn variants came in (commit a86d4e4)
PLAIN_ATTEMPTS = tuple(a for a in smith_beam.ATTEMPTS
                       if a[-1] is smith_beam.PLAIN or a[-1] is smith_beam.STRICT)


def run(rule: str, deal: int, nodes: int, attempts) -> tuple[str, int, float]:
    pos = SmithModel(engine.new_game("smith", seed=deal, rule=rule))
    budget = Budget(nodes=nodes)
    start = time.process_time()
    search = smith_beam.beam(pos, budget, TABLES, attempts=attempts)
    status = "unknown"
    try:
        while True:
            next(search)
    except StopIteration as stop:
        status = "won" if stop.value is not None else "gave up"
    except OutOfBudget:
        pass
    return status, budget.nodes, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", default="any-suit", choices=engine.GAMES["smith"].OPTIONS["rule"])
    parser.add_argument("--deals", default="1-40", help="A-B")
    parser.add_argument("--nodes", type=int, default=6_750_000)
    parser.add_argument("--plain", action="store_true", help="the attempts without drawn variants")
    args = parser.parse_args(argv)
    try:
        deals = parse_deals(args.deals)
    except ValueError as e:
        parser.error(str(e))
    attempts = PLAIN_ATTEMPTS if args.plain else smith_beam.ATTEMPTS
    won: list[tuple[int, float]] = []
    for deal in deals:
        status, nodes, cpu = run(args.rule, deal, args.nodes, attempts)
        print(f"{args.rule} deal {deal}: {status}, {nodes:,} nodes, {cpu:.1f} s", flush=True)
        if status == "won":
            won.append((deal, cpu))
    median = f"{statistics.median(c for _, c in won):.1f} s" if won else "n/a"
    print(f"{args.rule}, deals {args.deals}, {'plain attempts' if args.plain else 'attempts with variants'}, "
          f"{args.nodes:,} nodes a deal: {len(won)} of {len(deals)} won "
          f"(median processor time of a won deal {median}): {' '.join(str(d) for d, _ in won)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
