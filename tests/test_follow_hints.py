"""Following H never walks in circles (issue 34): a player who presses H and
plays the move it flashes, again and again, through the real table and its
solver worker, never sees a position twice, and the game ends: won, lost
with nothing left to do, or with H saying that no move is known to help
and what to do.  The deals where H used to go round in circles are among
them; ``bench/follow_hints.py`` runs the same player over twenty fresh
deals of every game and rule (docs/benchmarks.md has its figures)."""

from __future__ import annotations

import pytest

from engine import codes
from tests.following import follow, open_table

pytestmark = pytest.mark.slow

#: (deal code, the moves a player made before leaning on H): the deals
#: where H walked in circles before (the issue's own), and a fresh deal of
#: each other game and rule
DEALS = [
    ("G0-35B", ("a9-b8", "a5-c3", "a10-a5")),   # the two of spades a1-c1, c1-a1, 28 times
    ("S0-5W", ()),                                # The Smith, any suit, deal 5: the ace of spades round
    ("S0-GTTH-2CR", ()),                          # a 13-move cycle; the stock never dealt
    ("R0-BQDN-ZM5", ()),                          # a 4-move cycle from about move 133
    (codes.encode("chinese-puzzle", {"redeals": 1, "aces": "bridge-order"}, 11), ()),
    (codes.encode("prince", {"rule": "any-suit"}, 11), ()),
    (codes.encode("smith", {"rule": "same-suit"}, 11), ()),
]
MOVES = 400


@pytest.mark.parametrize("code,first", DEALS, ids=[d[0] for d in DEALS])
def test_following_h_never_comes_back_to_a_position_and_ends(tmp_path, code, first):
    name, options, seed = codes.decode(code)
    app = open_table(tmp_path, name, seed, options)
    try:
        run = follow(app, MOVES, first)
    finally:
        app.analyst.stop()
    assert not run.repeats, f"{code}: a position came back after moves {run.repeats}"
    assert run.end in ("won", "over", "no hint", "cap"), run.end
    if run.end == "no hint":
        # H says so, and why, in words: never a bare silence
        assert run.words.startswith("No hint: ") and len(run.words) > len("No hint: ") + 10, run.words
    if run.end == "cap":
        # only The Republic's two packs take more than 400 moves to play out
        assert name == "republic", f"{code}: {run.moves} moves and still going"
