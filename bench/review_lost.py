"""Review This Game on games lost at the table (issue 34): does the review
name the move that lost them?

    python bench/review_lost.py [--games N] [--seconds S] [--total T] [--only GAME-RULE ...]

For The Smith and The Republic, under any suit and alternating colour, the
benches' seeded player (``bench/player.py`` ``choose``) plays deals 1, 2,
... until the game is over; games that end won are skipped, until N lost
games of each game and rule are played (lost: over, or left where the
player has only a shuffle or re-deal, or still running after ``MOST_MOVES``
moves, the player going round in circles; such a game may still be
winnable at its end, and then no move lost it).
Each is reviewed as the table asks
(``engine.review.review``: S seconds a search, 3 by default, the table's
``review_seconds``; T for the whole review, 90 by default, the table's
``TOTAL_S``), in this process.  Budgets are processor seconds, so a busy
machine gives the same verdicts.  For each game it prints the moves, the
positions decided (won / lost / unknown), the searches, the review's
processor time, and whether the losing move was named; then each game and
rule's share named.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# bench/engine.py would shadow the engine package: bench/ goes last
sys.path.append(str(Path(__file__).resolve().parent))

from player import played as play_out  # noqa: E402

import engine  # noqa: E402
from engine import review as reviewing  # noqa: E402

#: the games whose cards lie partly hidden (The Republic, The Smith: the
#: review waits for their end), by the engine's registry, under the rules
#: the issue names
KINDS = [(name, rule) for name, cls in engine.GAMES.items() if cls.hides_cards
         for rule in ("any-suit", "alternate")]
#: the longest game played (moves); the seeded player may wander in The Republic
MOST_MOVES = 5000


def played(name: str, rule: str, seed: int) -> engine.Game:
    """Deal ``seed`` of ``name`` under ``rule``, played by the seeded player until over."""
    return play_out(name, rule, seed, MOST_MOVES)


def lost_games(name: str, rule: str, count: int, first: int = 1):
    """The first ``count`` deals from ``first`` on that the player loses."""
    seed = first
    while count > 0:
        g = played(name, rule, seed)
        if not g.won:
            yield seed, g
            count -= 1
        seed += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--total", type=float, default=90.0)
    ap.add_argument("--first", type=int, default=1, help="the first deal tried")
    ap.add_argument("--only", nargs="*", default=None, help="GAME-RULE, e.g. smith-any-suit")
    args = ap.parse_args(argv)
    kinds = [k for k in KINDS if args.only is None or f"{k[0]}-{k[1]}" in args.only]
    shares = {}
    for name, rule in kinds:
        named = 0
        games = 0
        for seed, g in lost_games(name, rule, args.games, args.first):
            t = time.process_time()
            r = reviewing.review(g, args.seconds, total=args.total)
            cpu = time.process_time() - t
            v = r.verdicts
            won, lost = v.count(reviewing.WON), v.count(reviewing.LOST)
            deal = r.deals[-1]
            ok = r.losing is not None
            named += ok
            games += 1
            print(f"{name:8} {rule:9} deal {seed:3}: {len(g.history):5} moves, decided {won + lost:5}/{len(v)}"
                  f" (won to {deal.won_until}, lost from {deal.lost_from}), {r.searches:3} searches,"
                  f" {cpu:5.1f} s, losing move {'named: ' + str(r.losing) if ok else 'not named'}", flush=True)
        shares[(name, rule)] = (named, games)
    print()
    for (name, rule), (named, games) in shares.items():
        print(f"{name:8} {rule:9}: named {named}/{games}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
