"""Review This Game on a long game: a 300-move lost game of The Prince
reviewed through the solver's process, as the table asks for it.

    python bench/review.py [--moves N] [--budget-s S] [--runs R]

The game is built from the Prince fixture of the review tests
(tests/data/review/prince.json: deal 1, same suit, a solver's winning line
then the move that loses it): before the losing move, detours that change
nothing (a card moved and moved back) are played until the history is N
moves long (300 by default), so the review has a long winnable stretch to
bisect, and the losing move lies far along it.

The worker (``python -m engine.solve.worker``, the command the table
starts) is sent one ``review`` request, as ``game/assistant/analyst.py`` sends it
(S seconds a search), and the time is taken from the request to the final
answer: the wall time the player waits, the searches made, and the
processor time the worker used (its whole process, start-up included).
Each of R runs starts a fresh worker.  It checks that the losing move found
is the one played.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402

FIXTURE = ROOT / "tests" / "data" / "review" / "prince.json"


def detours(game: engine.Game) -> list[tuple[str, str]]:
    """Pairs of moves (not layoffs) that leave ``game``'s position as it was."""
    before = json.dumps(game.position(), sort_keys=True)
    found = []
    for first in map(str, game.legal_moves()):
        if first == "layoff":
            continue
        game.play(first)
        for back in map(str, game.legal_moves()):
            if back == "layoff":
                continue
            game.play(back)
            if json.dumps(game.position(), sort_keys=True) == before:
                found.append((first, back))
            game.undo()
        game.undo()
    return found


def long_game(moves: int) -> tuple[engine.Game, int]:
    """A lost Prince game ``moves`` long and the index of the move that lost it."""
    data = json.loads(FIXTURE.read_text())
    doc, losing = data["doc"], data["losing"]
    history = doc["history"]
    game = engine.new_game("prince", seed=doc["seed"], **doc["options"])
    for i, move in enumerate(history):
        if i < losing:
            # this place's share of the detours still owed (a place without any passes its share on)
            owed = moves - len(game.history) - (len(history) - i)
            share = owed // (losing - i)
            pairs = detours(game)
            k = 0
            while share >= 2 and pairs:
                first, back = pairs[k % len(pairs)]
                game.play(first)
                game.play(back)
                share -= 2
                k += 1
        if i == losing:
            losing_at = len(game.history)
        game.play(move)
    return game, losing_at


def review_through_worker(game: engine.Game, budget: float) -> tuple[float, dict, int]:
    """One review by a fresh worker: wall seconds to the answer, the review, progress lines seen."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "engine.solve.worker"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, env=env, cwd=ROOT)
    try:
        request = {"id": 1, "kind": "review", "game": game.to_dict(), "budget": budget, "known": True}
        start = time.perf_counter()
        process.stdin.write((json.dumps(request) + "\n").encode())
        process.stdin.flush()
        progress = 0
        for line in process.stdout:
            answer = json.loads(line)
            if answer["status"] == "progress":
                progress += 1
                continue
            elapsed = time.perf_counter() - start
            if answer["status"] != "reviewed":
                raise SystemExit(f"the worker answered {answer['status']}: {answer.get('message')}")
            return elapsed, answer["review"], progress
        raise SystemExit("the worker stopped without an answer")
    finally:
        process.stdin.close()
        process.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--budget-s", type=float, default=2.0, help="each search's budget (the table's)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    game, losing = long_game(args.moves)
    print(f"The Prince, deal {game.seed}, {game.options['rule']}: {len(game.history)} moves, "
          f"lost by move {losing + 1} ({game.history[losing]})")
    times = []
    for run in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        elapsed, review, progress = review_through_worker(game, args.budget_s)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        found = review["losing"]
        verdict = "found" if found == losing else f"NOT found (the review says {found})"
        print(f"run {run + 1}: {elapsed:.2f} s to the answer, {review['searches']} searches "
              f"({progress} progress reports), worker processor time {cpu:.2f} s; losing move {verdict}")
        times.append(elapsed)
    times.sort()
    print(f"median {times[len(times) // 2]:.2f} s, worst {times[-1]:.2f} s over {len(times)} runs "
          f"(aim: within 5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
