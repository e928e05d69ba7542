"""Moves per second for each game: legal-move generation plus play, over
random playouts from numbered deals, on one core.

    python bench/engine.py [--seconds S] [games...]

Each playout picks uniformly among the legal moves (redeals, turns and
deals included) until the game is over or 300 moves are made (random play
can shuttle a card back and forth for ever in the column games).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402

CAP = 300


def measure(name: str, seconds: float) -> tuple[float, int, int]:
    rnd = random.Random(12345)
    moves = games = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        game = engine.new_game(name, seed=seed)
        seed += 1
        start = time.perf_counter()
        for _ in range(CAP):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rnd.choice(legal))
            moves += 1
        spent += time.perf_counter() - start
        games += 1
    return moves / spent, moves, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(engine.GAMES))
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(f"{'game':16} {'moves/s':>10} {'moves':>9} {'playouts':>9}")
    for name in args.games:
        rate, moves, games = measure(name, args.seconds)
        print(f"{name:16} {rate:10,.0f} {moves:9,} {games:9,}")


if __name__ == "__main__":
    main()
