"""Write ``engine/solve/won_deals.py``: deals the solver has won, with
their winning lines, for Winnable Deals Only to fall back on.

    python tools/won_deals.py smith --rule any-suit --deals 1,2,4 [--budget-nodes N]
    python tools/won_deals.py smith --rule any-suit --from-study docs/study/smith-any-suit-8m.jsonl

Each deal is solved again with every card known (``engine.solve.solve``,
``known=True``, a node budget: the same verdict on any machine); a deal
won goes into the module with its line, which the solver has already
replayed to a win in the engine (and ``tests/test_won_deals.py`` replays
again).  Deals already in the module are kept; a deal the search does not
win this time is left out.  ``--from-study`` takes the deals a study file
records as won for that game and rule.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

import engine  # noqa: E402
from engine import solve  # noqa: E402
from engine.solve import won_deals  # noqa: E402

OUT = os.path.join(ROOT, "engine", "solve", "won_deals.py")

#: where the table starts: what comes before it (the module's docstring and
#: its functions) is kept as the module has it
TABLE = "WON: dict[str, dict[str, str]] = {\n"


def study_wins(path: str, game: str, rule: str | None) -> list[int]:
    deals = []
    with open(path, encoding="utf-8") as f:
        for text in f:
            try:
                r = json.loads(text)
            except ValueError:
                continue
            if (r.get("kind") == "deal" and r.get("game") == game and r.get("status") == "won"
                    and (rule is None or r.get("rule") == rule)):
                deals.append(int(r["deal"]))
    return sorted(set(deals))


def write(won: dict) -> None:
    with open(OUT, encoding="utf-8") as f:
        head = f.read().split(TABLE, 1)[0]
    body = TABLE
    for key in sorted(won):
        body += f"    {key!r}: {{\n"
        for deal in sorted(won[key], key=int):
            body += f"        {str(deal)!r}: {won[key][deal]!r},\n"
        body += "    },\n"
    body += "}\n"
    tmp = OUT + ".part"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(head + body)
    os.replace(tmp, OUT)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", choices=sorted(engine.GAMES))
    p.add_argument("--rule")
    p.add_argument("--deals", default="", help="deal numbers, comma-separated")
    p.add_argument("--from-study", nargs="*", default=[], help="study result files: their won deals")
    p.add_argument("--budget-nodes", type=int, default=8_000_000)
    args = p.parse_args(argv)
    options = {"rule": args.rule} if args.rule else {}
    deals = {int(d) for d in args.deals.split(",") if d.strip()}
    for path in args.from_study:
        deals.update(study_wins(path, args.game, args.rule))
    won = {k: dict(v) for k, v in won_deals.WON.items()}
    key = won_deals.key(args.game, options)
    mine = won.setdefault(key, {})
    for deal in sorted(deals):
        if str(deal) in mine:
            continue
        game = engine.new_game(args.game, seed=deal, **options)
        start = time.process_time()
        result = solve.solve(game, solve.Budget(nodes=args.budget_nodes), known=True)
        took = time.process_time() - start
        print(f"{key} deal {deal}: {result.status.name}, {result.nodes} nodes, {took:.1f} s", flush=True)
        if result.status is solve.Status.WON:
            mine[str(deal)] = " ".join(result.moves)
            write(won)
    if not mine:
        del won[key]
    write(won)
    return 0


if __name__ == "__main__":
    sys.exit(main())
