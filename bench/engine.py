"""Moves per second for each game: legal-move generation plus play, over
random playouts from numbered deals, on one core, in processor time.

    python bench/engine.py [--seconds S | --playouts N] [--repeat R] [games...]

Each playout picks uniformly among the legal moves (redeals, turns and
deals included) until the game is over or 300 moves are made (random play
can shuttle a card back and forth for ever in the column games).

Two passes, so that two versions of the engine are timed on the same
positions: the first (not timed) chooses the playouts, picking among the
legal moves sorted by their text, so the choice does not depend on the
order the engine lists them in; it records the chosen move's index in the
engine's own listing.  The second (timed with ``time.process_time``, which
other processes on a shared machine do not inflate the way they inflate
wall time) replays the playouts from fresh games: ``legal_moves()`` then
``play()`` of the recorded index, which is what a random player costs.
``--repeat`` times the second pass R times and prints the median rate and
the range.  Given ``--playouts N`` every version plays the same deals and
the same moves wherever the rules are the same; given ``--seconds S`` (the
default) the first pass plays deals until S seconds are spent.

``--against DIR`` also loads the engine of another checkout (``DIR/engine``,
say a worktree of an older commit) and times the two in turn, playout by
playout, each on its own playouts chosen the same way (the same moves
wherever the two have the same rules): both see the same load of a shared
machine, which drifts too much between whole runs for a fair before/after.
It prints both rates and their ratio (this engine's rate over the other's),
the median of the repeats with their range.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import engine  # noqa: E402

CAP = 300


def load_other(root: str):
    """The engine package of another checkout, as module ``engine_other``."""
    init = os.path.join(root, "engine", "__init__.py")
    if not os.path.isfile(init):
        raise SystemExit(f"{root} has no engine/__init__.py to compare with")
    spec = importlib.util.spec_from_file_location(
        "engine_other", init, submodule_search_locations=[os.path.dirname(init)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["engine_other"] = module
    spec.loader.exec_module(module)
    return module


def choose(name: str, seconds: float, playouts: int | None, eng=engine) -> list[list[int]]:
    """The playouts to time: for each deal 0, 1, 2 ... the index of each
    chosen move in the engine's listing.  Untimed."""
    rnd = random.Random(12345)
    scripts: list[list[int]] = []
    start = time.process_time()
    while (len(scripts) < playouts if playouts is not None
           else time.process_time() - start < seconds):
        game = eng.new_game(name, seed=len(scripts))
        script: list[int] = []
        for _ in range(CAP):
            legal = game.legal_moves()
            if not legal:
                break
            order = sorted(range(len(legal)), key=lambda i: str(legal[i]))
            index = order[rnd.randrange(len(order))]
            script.append(index)
            game.play(legal[index])
        scripts.append(script)
    return scripts


def playout(eng, name: str, seed: int, script: list[int]) -> float:
    """Processor seconds spent listing and playing one scripted playout
    (the deal itself is made outside the timing)."""
    game = eng.new_game(name, seed=seed)
    start = time.process_time()
    for index in script:
        game.play(game.legal_moves()[index])
    return time.process_time() - start


def replay(name: str, scripts: list[list[int]]) -> float:
    """Processor seconds spent on all the playouts."""
    return sum(playout(engine, name, seed, script) for seed, script in enumerate(scripts))


def replay_pair(name: str, mine: list[list[int]], other_engine, theirs: list[list[int]],
                flip: bool) -> tuple[float, float]:
    """Processor seconds of this engine and the other on their playouts,
    timed in turn deal by deal (which goes first alternates)."""
    spent = [0.0, 0.0]
    for seed, (a, b) in enumerate(zip(mine, theirs)):
        if (seed % 2 == 0) != flip:
            spent[0] += playout(engine, name, seed, a)
            spent[1] += playout(other_engine, name, seed, b)
        else:
            spent[1] += playout(other_engine, name, seed, b)
            spent[0] += playout(engine, name, seed, a)
    return spent[0], spent[1]


def compare(names: list[str], args: argparse.Namespace) -> None:
    """The --against table: both engines' rates and the ratio."""
    other = load_other(args.against)
    print(f"this engine: {os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))}; "
          f"other: {os.path.abspath(args.against)}; processor time, {args.repeat} repeat(s)")
    print(f"{'game':16} {'moves/s':>10} {'other':>10} {'ratio':>7} {'min':>7} {'max':>7} "
          f"{'moves':>9} {'other':>9} {'playouts':>9}")
    for name in names:
        mine = choose(name, args.seconds, args.playouts)
        theirs = choose(name, 0, len(mine), other)
        moves, other_moves = sum(map(len, mine)), sum(map(len, theirs))
        rates, other_rates, ratios = [], [], []
        for r in range(args.repeat):
            a, b = replay_pair(name, mine, other, theirs, flip=r % 2 == 1)
            rates.append(moves / max(a, 1e-9))
            other_rates.append(other_moves / max(b, 1e-9))
            ratios.append(rates[-1] / other_rates[-1])
        median = statistics.median
        print(f"{name:16} {median(rates):10,.0f} {median(other_rates):10,.0f} {median(ratios):7.3f} "
              f"{min(ratios):7.3f} {max(ratios):7.3f} {moves:9,} {other_moves:9,} {len(mine):9,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(engine.GAMES))
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="processor seconds of playouts to choose per game (default 5)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="a fixed number of playouts per game (deals 0 to N-1) instead")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time the playouts this many times; median and range printed")
    parser.add_argument("--against", metavar="DIR", default=None,
                        help="also time the engine of checkout DIR, in turn with this one")
    args = parser.parse_args()
    unknown = [g for g in args.games if g not in engine.GAMES]
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; the games are {', '.join(engine.GAMES)}")
    if args.playouts is not None and args.playouts < 1:
        parser.error("--playouts takes a whole number of at least 1")
    if args.repeat < 1:
        parser.error("--repeat takes a whole number of at least 1")
    if args.against is not None:
        compare(args.games, args)
        return
    print(f"{'game':16} {'moves/s':>10} {'min':>10} {'max':>10} {'moves':>9} {'playouts':>9}")
    for name in args.games:
        scripts = choose(name, args.seconds, args.playouts)
        moves = sum(len(s) for s in scripts)
        rates = [moves / max(replay(name, scripts), 1e-9) for _ in range(args.repeat)]
        print(f"{name:16} {statistics.median(rates):10,.0f} {min(rates):10,.0f} "
              f"{max(rates):10,.0f} {moves:9,} {len(scripts):9,}")


if __name__ == "__main__":
    main()
