"""Winnability of numbered deals: the solver on each game and rule.

    python bench/solver.py [--games NAME ...] [--rules RULE ...] [--deals N]
                           [--budget-s S] [--budget-nodes N] [--first-seed K]
                           [--jobs J] [--hidden]
    python bench/solver.py --speed [--nodes N]

Solves deals K .. K+N-1 of each game and rule (The Republic, The Smith and
The Prince under each packing rule, Chinese Puzzle with 2 and 1 redeals,
Gaps as it is) with ``engine.solve.solve`` and a budget of S seconds a deal
(or of N nodes: ``--budget-nodes``, the same verdicts on any machine), J
deals at a time (one process each; default: every core).  The Republic and
The Smith are solved with every card known (the deal's winnability, a
statistic) unless ``--hidden`` is given.

For each game and rule it prints the deals won, proved impossible and left
unknown; the win rate among the decided deals with its Wilson 95% confidence
interval, and the range the rate would span if every unknown deal were lost
or won; the median and 95th percentile of the time a deal took (the budget,
for an unknown one).  Then the same as a markdown table for docs/benchmarks.md.

``--speed`` measures The Prince's search alone, on one core: three hard
deals (alternate colour) searched for N expansions each, and the positions
expanded, the new positions and the positions looked up in the
transposition table (every move tried) per second of processor time.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402
from engine.solve import Budget, solve  # noqa: E402
from engine.study.stats import percent, summarise, variants  # noqa: E402  (shared with python -m engine study)

TITLES = {name: cls.title for name, cls in engine.GAMES.items()}


def solve_deal(task: tuple[str, dict, int, float | None, int | None, bool]) -> tuple[str, float, int]:
    name, options, seed, budget_s, budget_nodes, known = task
    game = engine.new_game(name, seed=seed, **options)
    start = time.perf_counter()
    result = solve(game, Budget(seconds=budget_s, nodes=budget_nodes), known=known)
    return result.status.value, time.perf_counter() - start, result.nodes


SPEED_DEALS = (21, 100, 164)   # alternate colour: among the longest searches of deals 1..200


def speed(nodes: int) -> None:
    from engine.solve.prince_search import PrinceSearch
    expanded = new = probes = 0
    cpu = 0.0
    print(f"The Prince's search, alternate colour, deals {', '.join(map(str, SPEED_DEALS))}, "
          f"{nodes:,} expansions each at most, one core:")
    for seed in SPEED_DEALS:
        search = PrinceSearch(engine.new_game("prince", seed=seed).position(), "alternate")
        budget = Budget(nodes=nodes)
        start = time.process_time()
        status, _ = search.run(budget)
        took = time.process_time() - start
        done = min(budget.nodes, nodes)
        expanded += done
        new += search.generated
        probes += search.probes
        cpu += took
        print(f"  deal {seed}: {status}, {done:,} expanded, {search.generated:,} new, "
              f"{search.probes:,} looked up, {took:.2f} s")
    print(f"expanded {expanded / cpu:,.0f}/s, new {new / cpu:,.0f}/s, looked up {probes / cpu:,.0f}/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(engine.GAMES), choices=list(engine.GAMES))
    parser.add_argument("--rules", nargs="*", default=None,
                        help="packing rules (The Republic, The Smith, The Prince) or variant labels")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--budget-s", type=float, default=None, help="seconds a deal (default 10)")
    parser.add_argument("--budget-nodes", type=int, default=None,
                        help="nodes a deal (instead of seconds, unless both are given)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--hidden", action="store_true",
                        help="The Republic, The Smith: solve only what the player sees")
    parser.add_argument("--speed", action="store_true", help="The Prince's search speed alone")
    parser.add_argument("--nodes", type=int, default=100_000, help="--speed: expansions a deal")
    args = parser.parse_args(argv)
    if args.budget_s is None and args.budget_nodes is None:
        args.budget_s = 10.0
    if args.speed:
        speed(args.nodes)
        return 0

    seeds = range(args.first_seed, args.first_seed + args.deals)
    limits = [f"{args.budget_s:g} s" if args.budget_s is not None else "",
              f"{args.budget_nodes:,} nodes" if args.budget_nodes is not None else ""]
    print(f"deals {seeds.start}..{seeds.stop - 1}, {' and '.join(x for x in limits if x)} a deal, "
          f"{args.jobs} at a time"
          f"{'' if args.hidden else ' (The Republic, The Smith: every card known)'}", flush=True)
    table = []
    with multiprocessing.Pool(args.jobs) as pool:
        for name in args.games:
            for label, options in variants(name):
                if args.rules and label not in args.rules and options.get("rule") not in args.rules:
                    continue
                tasks = [(name, options, seed, args.budget_s, args.budget_nodes, not args.hidden)
                         for seed in seeds]
                start = time.perf_counter()
                rows = list(pool.imap(solve_deal, tasks, chunksize=1))
                wall = time.perf_counter() - start
                s = summarise(rows)
                table.append((TITLES[name], label, s))
                lo, hi = s["ci"]
                print(f"{TITLES[name]}, {label}: {s['deals']} deals, won {s['won']}, impossible "
                      f"{s['impossible']}, unknown {s['unknown']}; win rate {percent(s['rate'])} of the "
                      f"decided (95% CI {100 * lo:.1f}-{100 * hi:.1f}%; {100 * s['bounds'][0]:.1f}-"
                      f"{100 * s['bounds'][1]:.1f}% if the unknown were all lost / won); median "
                      f"{s['median']:.2f} s, p95 {s['p95']:.2f} s a deal; "
                      f"{s['nodes'] / max(s['seconds'], 1e-9):,.0f} nodes/s; {wall:.0f} s wall", flush=True)
    if table:
        print()
        print("| game | rule | deals | won | impossible | unknown | win rate (decided) | 95% CI "
              "| unknown all lost / won | median s | p95 s |")
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for title, label, s in table:
            lo, hi = s["ci"]
            b0, b1 = s["bounds"]
            print(f"| {title} | {label} | {s['deals']} | {s['won']} | {s['impossible']} | {s['unknown']} "
                  f"| {percent(s['rate'])} | {100 * lo:.1f}-{100 * hi:.1f}% | {100 * b0:.1f}-{100 * b1:.1f}% "
                  f"| {s['median']:.2f} | {s['p95']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
