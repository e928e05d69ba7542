"""Write ``engine/solve/won_deals.py``: deals the solver has won, with
their winning lines, the pool Winnable Deals Only deals from.

    python tools/won_deals.py smith --rule any-suit --deals 1,2,4 [--budget-nodes N]
    python tools/won_deals.py smith --rule any-suit --from-study docs/study/smith-any-suit-1m.jsonl
    python tools/won_deals.py smith --rule alternate --from-lines /work/pool/alt.jsonl

``--deals`` and ``--from-study`` (the deals a study file records as won
for that game and rule) solve each deal again with every card known
(``engine.solve.solve``, ``known=True``, a node budget: the same verdict
on any machine); a deal won goes into the module with its line, which the
solver has already replayed to a win in the engine.  A deal the search
does not win this time is left out.

``--from-lines`` takes the lines from JSON-lines files instead, one deal a
line: ``{"deal": 17, "status": "won", "line": "c3-c6 c5-c8 ..."}`` (as a
search run writes them; other fields and other statuses are skipped).
Each line is replayed in the engine from the deal as dealt, and kept only
if it wins it: nothing is solved.

Deals already in the module are kept as they are (``--replace`` takes the
new line instead); ``tests/test_won_deals.py`` replays every line again.
The module is rewritten after each deal added, and what it says before its
table (its docstring and functions) is kept.
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
TABLE = "PACKED: dict[str, str] = {\n"
#: the packed text's characters on each source line of the module
WIDTH = 100


def records(path: str):
    """The JSON objects of a JSON-lines file, one a line; a line that is no
    JSON object is skipped."""
    with open(path, encoding="utf-8") as f:
        for text in f:
            try:
                r = json.loads(text)
            except ValueError:
                continue
            if isinstance(r, dict):
                yield r


def study_wins(path: str, game: str, rule: str | None) -> list[int]:
    """The deals a study file records as won for ``game`` under ``rule``."""
    return sorted({int(r["deal"]) for r in records(path)
                   if r.get("kind") == "deal" and r.get("game") == game and r.get("status") == "won"
                   and (rule is None or r.get("rule") == rule)})


def lines_in(path: str) -> dict[int, str]:
    """The won deals of a JSON-lines file and their lines (the last one
    where a deal comes twice); a line that is no JSON object is skipped."""
    return {r["deal"]: r["line"] for r in records(path)
            if r.get("status") == "won" and isinstance(r.get("line"), str) and isinstance(r.get("deal"), int)}


def wins(game: str, options: dict, deal: int, line: str) -> str | None:
    """Why ``line`` does not win ``deal`` in the engine, or None when it does."""
    g = engine.new_game(game, seed=deal, **options)
    for n, move in enumerate(line.split()):
        try:
            g.play(move)
        except Exception as e:  # noqa: BLE001 - any refusal of the engine's is a line not to keep
            return f"move {n + 1} ({move}) is refused: {e}"
    return None if g.won else f"the deal is not won after its {len(line.split())} moves"


def render(won: dict[str, dict[int, str]]) -> str:
    """The table's source text: each key's deals packed (``won_deals.pack``)."""
    body = TABLE
    for key in sorted(won):
        packed = won_deals.pack(won[key])
        body += f"    {key!r}: (\n"
        for i in range(0, len(packed), WIDTH):
            body += f"        {packed[i:i + WIDTH]!r}\n"
        body += "    ),\n"
    return body + "}\n"


def write(won: dict[str, dict[int, str]]) -> None:
    with open(OUT, encoding="utf-8") as f:
        head = f.read().split(TABLE, 1)[0]
    tmp = OUT + ".part"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(head + render({k: v for k, v in won.items() if v}))
    os.replace(tmp, OUT)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", choices=sorted(engine.GAMES))
    p.add_argument("--rule")
    p.add_argument("--deals", default="", help="deal numbers, comma-separated: solved")
    p.add_argument("--from-study", nargs="*", default=[], help="study result files: their won deals, solved")
    p.add_argument("--from-lines", nargs="*", default=[],
                   help="JSON-lines files of won deals with their lines: replayed, not solved")
    p.add_argument("--budget-nodes", type=int, default=8_000_000)
    p.add_argument("--replace", action="store_true", help="a new line replaces the one the module has")
    args = p.parse_args(argv)
    options = {"rule": args.rule} if args.rule else {}
    won = {k: won_deals.table(k) for k in won_deals.PACKED}
    key = won_deals.key(args.game, options)
    mine = won.setdefault(key, {})
    added = 0
    for path in args.from_lines:
        for deal, line in sorted(lines_in(path).items()):
            if deal in mine and not args.replace:
                continue
            why = wins(args.game, options, deal, line)
            if why is not None:
                print(f"{key} deal {deal} from {path}: left out, {why}", flush=True)
                continue
            mine[deal] = line
            added += 1
    if args.from_lines:
        write(won)
    deals = {int(d) for d in args.deals.split(",") if d.strip()}
    for path in args.from_study:
        deals.update(study_wins(path, args.game, args.rule))
    for deal in sorted(deals):
        if deal in mine and not args.replace:
            continue
        game = engine.new_game(args.game, seed=deal, **options)
        start = time.process_time()
        result = solve.solve(game, solve.Budget(nodes=args.budget_nodes), known=True)
        took = time.process_time() - start
        print(f"{key} deal {deal}: {result.status.name}, {result.nodes} nodes, {took:.1f} s", flush=True)
        if result.status is solve.Status.WON:
            mine[deal] = " ".join(map(str, result.moves))
            added += 1
            write(won)
    write(won)
    print(f"{key}: {len(mine)} won deals ({added} added); {os.path.getsize(OUT)} bytes in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
