"""engine.solver: one entry point for the five games' solvers, hints and
verdicts, and ``python -m engine solve FILE``."""

from __future__ import annotations

import io
import json

import pytest

import engine
from engine import solver
from engine.__main__ import main as cli
from engine.solver import SolverMissing, hint, solve, verdict


def prince(columns, reserve=(None,) * 7, foundations=("9C", "9D", "9H", "9S"), rule="alternate"):
    cols = [c.split() if isinstance(c, str) else list(c) for c in columns]
    cols += [[] for _ in range(9 - len(cols))]
    return engine.from_dict({"format": 1, "game": "prince", "options": {"rule": rule},
                             "position": {"columns": cols, "reserve": list(reserve),
                                          "foundations": list(foundations)}})


def no_move_left():
    from engine.cards import NAMES
    tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
    rest = [n for n in NAMES if n[0] != "A" and n not in tops and n[0] != "2"]
    piles = [rest[i::9] for i in range(9)]
    for i, two in enumerate(["2C", "2D", "2H", "2S"]):
        piles[i].insert(0, two)
    return prince([p + [t] for p, t in zip(piles, tops)], foundations=["AC", "AD", "AH", "AS"])


def test_solve_finds_a_win_that_replays_and_leaves_the_game_alone():
    game = engine.new_game("prince", seed=2)
    before = game.to_dict()
    result = solve(game, budget_s=10)
    assert game.to_dict() == before
    assert result.status == "won" and result.moves
    assert result.nodes >= 0 and result.seconds >= 0
    for move in result.moves:
        game.play(move)
    assert game.won


def test_solve_from_the_middle_of_a_game():
    game = engine.new_game("prince", seed=2)
    first = solve(game, budget_s=10).moves
    for move in first[:10]:
        game.play(move)
    result = solve(game, budget_s=10)
    assert result.status == "won"
    for move in result.moves:
        game.play(move)
    assert game.won


def test_a_won_game_is_won_with_no_moves():
    game = prince([], foundations=["KC", "KD", "KH", "KS"])
    result = solve(game, budget_s=1)
    assert result.status == "won" and result.moves == []


def test_a_game_over_and_lost_is_impossible():
    game = no_move_left()
    assert game.over and not game.won
    assert solve(game, budget_s=1).status == "impossible"


def test_a_node_budget_gives_unknown():
    game = engine.new_game("prince", seed=21)
    result = solve(game, nodes=3)
    assert result.status == "unknown" and result.moves == []


def test_a_missing_solver_fails_for_its_game_alone(monkeypatch):
    monkeypatch.setitem(solver.SOLVERS, "gaps", ("engine.no_such_solver", "solve_grid"))
    with pytest.raises(SolverMissing, match="gaps"):
        solve(engine.new_game("gaps", seed=1), budget_s=0.1)
    assert solve(engine.new_game("prince", seed=2), budget_s=10).status == "won"


def test_every_game_has_its_solver_or_says_which_is_missing():
    for name in engine.GAMES:
        try:
            function = solver.solver_for(name)
        except SolverMissing as e:
            assert name in str(e) or solver.SOLVERS[name][0] in str(e)
        else:
            assert callable(function)


@pytest.mark.parametrize("name", ["gaps", "chinese-puzzle", "republic", "smith"])
def test_the_other_games_answer_with_a_status(name):
    game = engine.new_game(name, seed=3)
    before = game.to_dict()
    try:
        result = solve(game, budget_s=0.5)
    except SolverMissing:
        pytest.skip(f"the {name} solver is not there yet")
    assert game.to_dict() == before
    assert result.status in ("won", "impossible", "unknown")
    if result.status == "won":
        for move in result.moves:
            game.play(move)
        assert game.won


def test_hint_is_the_first_move_of_a_win():
    game = prince(["QH KH"], foundations=["KC", "KD", "JH", "KS"])
    assert hint(game) == "c1-c2"


def test_hint_when_the_search_runs_out_is_a_legal_move():
    game = engine.new_game("prince", seed=21)
    move = hint(game, budget_s=0.05)
    assert move in {str(m) for m in game.legal_moves()}


def test_no_hint_when_the_game_is_won_or_lost():
    assert hint(prince([], foundations=["KC", "KD", "KH", "KS"])) is None
    assert hint(no_move_left()) is None


def test_verdict_is_the_status():
    assert verdict(engine.new_game("prince", seed=2), 10) == "won"
    assert verdict(no_move_left(), 1) == "impossible"
    assert verdict(engine.new_game("prince", seed=6), 10) == "impossible"


# ---------------------------------------------------------------- the command line

def test_solve_prints_exactly_one_json_line_whose_moves_win_from_the_files_position(tmp_path):
    game = engine.new_game("prince", seed=4)
    game.play(str(game.legal_moves()[0]))
    path = tmp_path / "p.json"
    path.write_text(json.dumps(game.to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--budget-s", "20"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    assert set(answer) == {"status", "moves", "nodes", "seconds"}
    assert answer["status"] == "won"
    for move in answer["moves"]:
        game.play(move)
    assert game.won


def test_solve_says_impossible_for_a_lost_position(tmp_path):
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(no_move_left().to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--budget-s", "1"], out=out) == 0
    assert json.loads(out.getvalue()) == {"status": "impossible", "moves": [], "nodes": 0,
                                          "seconds": json.loads(out.getvalue())["seconds"]}


def test_solve_with_a_node_budget_says_unknown(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(engine.new_game("prince", seed=21).to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--nodes", "2"], out=out) == 0
    assert json.loads(out.getvalue())["status"] == "unknown"


@pytest.mark.parametrize("text", ["{nope", '{"format": 1, "game": "prince", "position": {}}', "[]"])
def test_solve_refuses_a_bad_file_with_the_reason_and_exit_code_2(tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    out = io.StringIO()
    assert cli(["solve", str(path)], out=out) == 2
    assert out.getvalue() == ""
    assert "bad.json" in capsys.readouterr().err


def test_solve_refuses_a_missing_file_with_exit_code_2(tmp_path, capsys):
    assert cli(["solve", str(tmp_path / "none.json")], out=io.StringIO()) == 2
    assert "none.json" in capsys.readouterr().err


def test_solve_says_when_the_games_solver_is_missing(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(solver.SOLVERS, "prince", ("engine.no_such_solver", "solve_prince"))
    path = tmp_path / "p.json"
    path.write_text(json.dumps(engine.new_game("prince", seed=2).to_dict()))
    assert cli(["solve", str(path)], out=io.StringIO()) == 2
    assert "solver" in capsys.readouterr().err


def test_a_gaps_hint_is_a_card_move_that_leads_to_more_locked_cards():
    # deal 1 is undecided in a fraction of a second; the hint is still the
    # first step of a line that locks cards (they stay locked through a shuffle)
    game = engine.new_game("gaps", seed=1)
    move = hint(game, budget_s=0.2)
    assert move is not None and move != "redeal"
    assert game.explain(move) is None
