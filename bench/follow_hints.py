"""A player who follows H to the end, over fresh deals of every game and
rule: the moves played, how each game ended, the positions seen twice.

    python bench/follow_hints.py [--games gaps smith ...] [--deals 20] [--first 1000]
                                 [--moves 400] [--indicator] [--jobs 2]

Each deal is played through the real table and its solver worker, as
``tests/test_follow_hints.py`` plays its deals (``tests/following.py``):
press H, play the move it flashes, again and again, up to ``--moves``
moves or the game's end.  Deals are numbered from ``--first``.  With
``--indicator`` the indicator runs too, and the wall-clock time from each
move until it says won, lost or not known is printed (its longest and
median), with the share of positions it decided.  ``--jobs`` plays that
many deals at once, each in a process of its own (with its own worker).
Printed: one line a deal, then a table row a game and rule.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

def variants(name: str) -> list[dict]:
    """Every setting of the game's options (its rules; Chinese Puzzle's
    redeals and aces), as the engine's registry declares them."""
    import engine
    options = getattr(engine.GAMES[name], "OPTIONS", {}) or {}
    keys = sorted(options)
    return [dict(zip(keys, values)) for values in itertools.product(*(options[k] for k in keys))]


def one(task: tuple[str, dict, int, int, bool]) -> dict:
    """One deal followed; its figures."""
    name, options, seed, moves, indicator = task
    from tests.following import follow, open_table
    app = open_table(tempfile.mkdtemp(prefix="card-shell-follow-"), name, seed, options, indicator)
    try:
        run = follow(app, moves, indicator=indicator)
    finally:
        app.analyst.stop()
    return {"name": name, "options": options, "seed": seed, "moves": run.moves, "end": run.end,
            "words": run.words, "repeats": len(run.repeats), "ways": len(run.ways),
            "settle": run.settle_s, "decided": sum(v in ("won", "impossible") for v in run.verdicts),
            "positions": len(run.verdicts)}


def label(name: str, options: dict) -> str:
    return name + (" " + " ".join(str(v) for v in options.values()) if options else "")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="*", default=None, help="default: every game")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--first", type=int, default=1000)
    p.add_argument("--moves", type=int, default=400)
    p.add_argument("--indicator", action="store_true")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    import engine
    games = args.games or list(engine.GAMES)
    tasks = [(name, options, args.first + i, args.moves, args.indicator)
             for name in games for options in variants(name) for i in range(args.deals)]
    rows: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("spawn")) as pool:
        for r in pool.map(one, tasks):
            rows.setdefault(label(r["name"], r["options"]), []).append(r)
            settle = f", settles in {max(r['settle']):.1f} s at most" if r["settle"] else ""
            print(f"{label(r['name'], r['options'])} deal {r['seed']}: {r['moves']} moves, {r['end']}"
                  f"{' (' + r['words'] + ')' if r['words'] else ''}, {r['repeats']} positions twice, "
                  f"{r['ways']} ways on{settle}", flush=True)
    print()
    print("| game and rule | deals | moves: median / most | won | lost (over, or proved) | no hint, other | "
          "400 moves | positions twice |" + (" indicator: longest settle / median / decided |" if args.indicator
                                            else ""))
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |" + (" ---: |" if args.indicator else ""))
    for name, runs in rows.items():
        moves = [r["moves"] for r in runs]
        won = sum(r["end"] == "won" for r in runs)
        lost = sum(r["end"] == "over" or "can no longer be won" in r["words"] for r in runs)
        other = sum(r["end"] == "no hint" and "can no longer be won" not in r["words"] for r in runs)
        cap = sum(r["end"] == "cap" for r in runs)
        line = (f"| {name} | {len(runs)} | {statistics.median(moves):.0f} / {max(moves)} | {won} | {lost} | {other} | "
                f"{cap} | {sum(r['repeats'] for r in runs)} |")
        if args.indicator:
            settles = [s for r in runs for s in r["settle"]]
            decided, positions = sum(r["decided"] for r in runs), sum(r["positions"] for r in runs)
            line += (f" {max(settles):.1f} s / {statistics.median(settles):.1f} s / "
                     f"{100 * decided / max(1, positions):.0f}% |" if settles else " - |")
        print(line, flush=True)


if __name__ == "__main__":
    main()
