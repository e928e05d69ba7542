"""Review This Game: along a lost game's history the verdict reads "can be
won" up to one move and "lost" after it; the review names that move.

Each fixture (tests/data/review/GAME.json) is a game built by playing the
first moves of a solver's winning line, then a move that loses (the solver
proves the position after it lost), then a few moves more; ``losing`` is
that move's index in the history."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest

import engine
from engine import solve
from engine.__main__ import main as cli
from engine.review import LOST, UNKNOWN, WON, position_after, review

DATA = Path(__file__).parent / "data" / "review"
FIXTURES = sorted(p.stem for p in DATA.glob("*.json"))


def fixture(name: str) -> tuple[engine.Game, int, str]:
    data = json.loads((DATA / f"{name}.json").read_text())
    return engine.from_dict(data["doc"]), data["losing"], data["move"]


@functools.cache
def reviewed(name: str):
    """The fixture's game, its document before the review, and the review
    (5 s a search; once a fixture, the searches being the slow part)."""
    game, _, _ = fixture(name)
    doc = json.dumps(game.to_dict(), sort_keys=True)
    return game, doc, review(game, seconds=5.0)


@pytest.mark.parametrize("name", FIXTURES)
def test_the_review_names_the_move_that_lost_the_game(name):
    _, losing, move = fixture(name)
    game, _, r = reviewed(name)
    assert str(game.history[losing]) == move
    assert r.losing == losing
    assert r.verdicts[:losing + 1] == [WON] * (losing + 1)
    assert r.verdicts[losing + 1:] == [LOST] * (len(game.history) - losing)


@pytest.mark.parametrize("name", FIXTURES)
def test_the_move_offered_instead_keeps_the_game_winnable(name):
    _, losing, move = fixture(name)
    game, _, r = reviewed(name)
    assert r.instead is not None and r.instead != move
    before = position_after(game.to_dict(), losing)
    before.play(r.instead)
    known = game.name in ("republic", "smith")
    assert solve.solve(before, solve.Budget(seconds=10), known=known).status is solve.Status.WON


@pytest.mark.parametrize("name", FIXTURES)
def test_the_review_changes_nothing_in_the_game(name):
    game, before, _ = reviewed(name)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_a_review_asks_a_handful_of_searches_not_one_a_move():
    game, _, r = reviewed(FIXTURES[0])
    assert r.searches <= 2 + len(game.history).bit_length() + 2


def test_a_won_game_has_no_losing_move():
    game = engine.new_game("prince", seed=7)
    line = solve.solve(game, solve.Budget(seconds=20)).moves
    for m in line[:5]:
        game.play(m)
    r = review(game, seconds=5.0)
    assert r.losing is None and set(r.verdicts) == {WON}


def test_a_deal_lost_from_the_start_names_no_move():
    game = engine.new_game("prince", seed=6)       # proved lost from the deal
    game.play(game.legal_moves()[0])
    r = review(game, seconds=5.0)
    assert r.losing is None and r.deals[0].lost_from_the_start
    assert set(r.verdicts) == {LOST}


def test_unknown_verdicts_stay_unknown_rather_than_guessed():
    game, _, _ = fixture("gaps")
    r = review(game, budget=lambda seconds: solve.Budget(nodes=1))
    assert r.losing is None
    assert UNKNOWN in r.verdicts


def test_a_review_out_of_time_says_so_and_decides_nothing_it_did_not_search():
    game, _, _ = fixture("prince")
    r = review(game, seconds=5.0, total=0.0)
    assert r.out_of_time and r.searches == 0
    assert r.losing is None and set(r.verdicts) == {UNKNOWN}


def test_the_command_line_prints_one_json_line(tmp_path):
    game, losing, _ = fixture(FIXTURES[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    out = io.StringIO()
    assert cli(["review", str(path), "--budget-s", "5"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out["losing"] == losing and len(out["verdicts"]) == len(game.history) + 1


def test_the_command_line_refuses_a_bad_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert cli(["review", str(path)]) == 2
    assert "Cannot open" in capsys.readouterr().err


def test_an_undecided_search_the_review_depends_on_is_made_again_longer():
    """A starved search (a loaded machine) is made once more with RETRY
    times the time before the review gives up on a position."""
    from engine.review import RETRY
    game, losing, _ = fixture("prince")
    asked = []

    def budget(seconds: float) -> solve.Budget:
        asked.append(seconds)
        return solve.Budget(nodes=1 if seconds < 2.0 * RETRY else 200_000)   # only the longer searches decide
    r = review(game, seconds=2.0, budget=budget)
    assert r.losing == losing
    assert 2.0 * RETRY in asked
    assert r.searches == len(asked)
