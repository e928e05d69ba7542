"""Review This Game on games lost at the table (issue 34): the benches'
seeded player (bench/player.py ``choose``, as bench/review_lost.py plays
them) plays a deal until the game is over (or it has only a re-deal left,
or 5,000 moves), and the review, with the table's budgets (3 s a search,
90 s in all), names the move that lost it: the position before that move is
proved won (a line replayed to the win) and the one after it lost.

The reviews' budgets are processor seconds: the deals were chosen for
reviews that name the move in well under a minute."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import engine
from engine import solve
from engine.review import LOST, WON, position_after, review

pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.append(str(BENCH))     # last: bench/engine.py would shadow the engine package

from player import played as play_out  # noqa: E402

MOST_MOVES = 5000

#: (game, rule, deal): games the player loses whose review names the losing move
GAMES = [("republic", "any-suit", 2)]


def played(name: str, rule: str, seed: int) -> engine.Game:
    return play_out(name, rule, seed, MOST_MOVES)


@pytest.mark.parametrize("name,rule,seed", GAMES)
def test_the_review_names_the_move_that_lost_a_game_played_at_the_table(name, rule, seed):
    g = played(name, rule, seed)
    assert not g.won
    r = review(g, 3.0, total=90.0)
    k = r.losing
    assert k is not None
    assert r.verdicts[k] == WON and r.verdicts[k + 1] == LOST
    assert r.verdicts[:k + 1] == [WON] * (k + 1)
    assert r.verdicts[k + 1:] == [LOST] * (len(g.history) - k)
    doc = g.to_dict()
    # the move offered instead is legal there, and not the one played
    before = position_after(doc, k)
    assert r.instead is not None and r.instead != g.history[k]
    assert before.explain(r.instead) is None
    # the position after the losing move: the solver, searching it again, never wins it
    after = position_after(doc, k + 1)
    again = solve.solve(after, solve.Budget(nodes=20_000), known=True)
    assert again.status is not solve.Status.WON
