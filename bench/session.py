"""Played games through the table and its solver worker: what the indicator
costs a move and how many positions it decides.

    python bench/session.py GAME [--rule R] [--deals 2,3] [--moves 40]

Each deal is played by a seeded player (``bench/player.py``'s ``choose``:
a card home four times in five when one can go, else any legal move but an
undo of the last), the same moves whatever the solver says, up to
``--moves`` moves or the game's end.  After each move the table (the real
``App``, on SDL's dummy drivers as the tests run it, so that the indicator's
state can be read after every move; its solver worker is the real one, a
process of its own) is left until the indicator has settled and no request
is pending.  Printed for each deal: the indicator after each move (W can
still be won, L lost, ? not known), the wall-clock time until it said so
after each move (its longest and median, over every deal), the worker's
processor time each move cost (from its own count, given with every
answer, the workers that replace a grown one included), and the positions decided.  ``bench/shipped.py``
measures the same in a real window, process tree and all.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from gui import key, make_app, settle, wait_for  # noqa: E402
from player import choose  # noqa: E402

MARK = {"won": "W", "impossible": "L", "unknown": "?"}
#: the wall-clock seconds from each move (or the deal) until the indicator
#: said won, lost or not known, every deal's
SETTLES: list[float] = []


def play(name: str, deal: int, options: dict, moves: int) -> tuple[list[float], list[str]]:
    """One deal played: the worker's processor time after each position, and the indicator there."""
    argv = ["--analysis", "--game", name, "--seed", str(deal)]
    for k, v in options.items():
        argv += [f"--{k}", v]
    app = make_app(tempfile.mkdtemp(prefix="card-shell-session-"), *argv)
    seen: dict[int, float] = {}
    spent = [0.0]
    take = app.analyst.take

    def counted(answer):
        pid = app.analyst.pid
        if getattr(answer, "cpu_s", 0.0) and pid:        # (an older worker did not say)
            spent[0] += answer.cpu_s - seen.get(pid, 0.0)
            seen[pid] = answer.cpu_s
        return take(answer)
    app.analyst.take = counted
    rng = random.Random(deal)
    costs, verdicts, last = [], [], None
    settles = SETTLES
    try:
        for _ in range(moves):
            spent[0] = 0.0
            start = time.monotonic()
            wait_for(app, lambda: app.session.verdict != "thinking", seconds=120)
            settles.append(time.monotonic() - start)
            wait_for(app, lambda: not app.analyst.pending, seconds=120)
            costs.append(spent[0])
            verdicts.append(app.session.verdict)
            g = app.game
            while app.dialogs:
                key(app, pygame.K_RETURN)
            if g.won or g.over:
                break
            move = choose(g, rng, last)
            if move is None:
                break
            app.scene.try_move(move)
            settle(app)
            last = move
    finally:
        app.analyst.stop()
    return costs, verdicts


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--rule", default=None)
    p.add_argument("--deals", default="2,3")
    p.add_argument("--moves", type=int, default=40)
    args = p.parse_args(argv)
    options = {"rule": args.rule} if args.rule else {}
    every_cost, every_verdict = [], []
    for deal in (int(d) for d in args.deals.split(",")):
        costs, verdicts = play(args.game, deal, options, args.moves)
        every_cost += costs
        every_verdict += verdicts
        decided = sum(v in ("won", "impossible") for v in verdicts)
        print(f"{args.game} deal {deal}: {''.join(MARK.get(v, '.') for v in verdicts)}")
        print(f"  worker CPU a move, s: {' '.join(f'{c:.1f}' for c in costs)}")
        print(f"  {len(verdicts)} positions, {decided} decided; worker CPU a move: median "
              f"{statistics.median(costs):.2f} s, mean {statistics.mean(costs):.2f} s", flush=True)
    decided = sum(v in ("won", "impossible") for v in every_verdict)
    print(f"{args.game}, every deal: {decided} of {len(every_verdict)} positions decided; worker CPU a move: "
          f"median {statistics.median(every_cost):.2f} s, mean {statistics.mean(every_cost):.2f} s; "
          f"the indicator settled {max(SETTLES):.1f} s after a move at most "
          f"(median {statistics.median(SETTLES):.2f} s)")


if __name__ == "__main__":
    main()
