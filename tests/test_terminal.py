"""The terminal game and the position tools: ``python -m engine``."""

from __future__ import annotations

import io
import json

import pytest

import engine
from engine.__main__ import load_file, main


def run(argv: list[str], typed: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, inp=io.StringIO(typed), out=out)
    return code, out.getvalue()


def first_move(name: str = "gaps", seed: int = 7) -> str:
    return str(engine.new_game(name, seed=seed).legal_moves()[0])


def test_play_shows_the_layout_of_the_deal():
    game = engine.new_game("gaps", seed=7)
    code, text = run(["play", "gaps", "--seed", "7"])
    assert code == 0
    assert "Gaps, deal 7" in text
    assert game.render() in text
    assert "shuffles left: 3" in text


def test_play_plays_a_typed_move():
    move = first_move()
    game = engine.new_game("gaps", seed=7)
    game.play(move)
    code, text = run(["play", "gaps", "--seed", "7"], f"{move}\nhistory\n")
    assert code == 0
    assert game.render() in text
    assert "moves: 1" in text
    assert f"> {move}\n" in text  # the history


def test_play_prints_the_engines_reason_for_a_bad_move():
    game = engine.new_game("gaps", seed=7)
    bad = "a3-a4"
    reason = game.explain(bad)
    assert reason
    _, text = run(["play", "gaps", "--seed", "7"], f"{bad}\n")
    assert reason in text


def test_play_prints_why_text_is_not_a_move():
    _, text = run(["play", "gaps", "--seed", "7"], "take the queen\n")
    assert "not a move" in text


def test_moves_lists_the_legal_moves():
    game = engine.new_game("gaps", seed=7)
    _, text = run(["play", "gaps", "--seed", "7"], "moves\n")
    assert " ".join(str(m) for m in game.legal_moves()) in text


def test_undo_in_the_terminal_takes_the_move_back():
    move = first_move()
    _, text = run(["play", "gaps", "--seed", "7"], f"{move}\nundo\nhistory\n")
    assert "moves: 0" in text.split("moves: 1")[-1]
    assert "(no move yet)" in text


def test_chinese_puzzle_plays_in_the_terminal_with_its_options():
    code, text = run(["play", "chinese-puzzle", "--seed", "3", "--redeals", "1", "--aces", "bridge-order"],
                     "redeal\n")
    assert code == 0
    assert "Chinese Puzzle, deal 3" in text
    assert "redeals left: 1" in text and "redeals left: 0" in text


def test_save_then_show_prints_the_saved_game(tmp_path):
    path = tmp_path / "saved.json"
    move = first_move()
    code, _ = run(["play", "gaps", "--seed", "7"], f"{move}\nsave {path}\n")
    assert code == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["history"] == [move] and doc["game"] == "gaps" and doc["seed"] == 7
    game = engine.from_dict(doc)
    code, text = run(["show", str(path)])
    assert code == 0
    assert game.render() in text
    assert "moves: 1" in text


def test_play_goes_on_with_a_saved_game(tmp_path):
    path = tmp_path / "saved.json"
    move = first_move()
    run(["play", "gaps", "--seed", "7"], f"{move}\nsave {path}\n")
    code, text = run(["play", "--file", str(path)], "history\n")
    assert code == 0
    assert f"> {move}\n" in text  # the history goes on


def test_saving_where_no_file_can_be_written_says_so(tmp_path):
    target = tmp_path / "missing" / "saved.json"
    code, text = run(["play", "gaps", "--seed", "7"], f"save {target}\n")
    assert code == 0
    assert "Could not save" in text


@pytest.mark.parametrize("content, problem", [
    ("{not json", "not a JSON document"),
    ('{"format": 1, "game": "gaps", "history": ["a1-a2"], "position": null}', "no deal"),
    ('{"format": 9, "game": "gaps", "seed": 1}', "format"),
    ('{"format": 1, "game": "whist", "seed": 1}', "whist"),
    ("[1, 2, 3]", "JSON object"),
])
def test_a_corrupt_file_exits_2_naming_the_problem(tmp_path, capsys, content, problem):
    path = tmp_path / "corrupt.json"
    path.write_text(content, encoding="utf-8")
    for argv in (["show", str(path)], ["play", "--file", str(path)]):
        code, text = run(argv)
        err = capsys.readouterr().err
        assert code == 2
        assert problem in err
        assert str(path) in err
        assert text == ""


def test_a_damaged_position_in_a_file_exits_2(tmp_path, capsys):
    doc = engine.new_game("gaps", seed=7).to_dict()
    doc["position"]["rows"][0][0] = "AC"
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _ = run(["show", str(path)])
    assert code == 2
    assert "AC" in capsys.readouterr().err


def test_a_missing_file_exits_2(tmp_path, capsys):
    code, _ = run(["show", str(tmp_path / "nowhere.json")])
    assert code == 2
    assert "nowhere.json" in capsys.readouterr().err


def test_a_file_that_is_not_text_exits_2_naming_the_file(tmp_path, capsys):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, _ = run(["show", str(path)])
    assert code == 2
    assert str(path) in capsys.readouterr().err


def test_load_file_refuses_a_file_that_is_not_text_with_bad_position(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises((engine.BadPosition, OSError)):
        load_file(str(path))


def test_a_bad_seed_on_the_command_line_exits_2(capsys):
    code, _ = run(["play", "gaps", "--seed", "-1"])
    assert code == 2
    assert "seed" in capsys.readouterr().err


def test_end_of_input_ends_the_game_quietly():
    code, _ = run(["play", "gaps", "--seed", "7"], "")
    assert code == 0


def test_quit_ends_the_game():
    code, text = run(["play", "gaps", "--seed", "7"], "quit\nmoves\n")
    assert code == 0
    assert " ".join(str(m) for m in engine.new_game("gaps", seed=7).legal_moves()) not in text


@pytest.mark.parametrize("line, expected", [
    ("fill b2", "JC at a10"),
    ("targets a10", " b2"),
    ("follows a10", "TC at b1"),
    ("belongs b2", "JC at a10"),
    ("fill z9", "not a place"),
])
def test_the_queries_answer_in_the_terminal(line, expected):
    _, text = run(["play", "gaps", "--seed", "7"], f"{line}\n")
    assert expected in text


def test_targets_in_the_terminal_name_gaps_without_a_card():
    _, text = run(["play", "gaps", "--seed", "7"], "targets a10\n")
    assert "None" not in text


def test_solve_prints_one_json_line_whose_moves_win(tmp_path):
    import json as _json

    import engine
    from engine.__main__ import main as cli
    game = engine.new_game("prince", seed=1)
    path = tmp_path / "p.json"
    path.write_text(_json.dumps(game.to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--budget-s", "20"], out=out) == 0
    lines = out.getvalue().strip().splitlines()
    assert len(lines) == 1
    answer = _json.loads(lines[0])
    assert set(answer) == {"status", "moves", "nodes", "seconds"}
    assert answer["status"] == "won"
    for move in answer["moves"]:
        game.play(move)
    assert game.won


def test_solve_refuses_a_bad_file_with_exit_code_2(tmp_path, capsys):
    from engine.__main__ import main as cli
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    assert cli(["solve", str(path)], out=io.StringIO()) == 2
    assert "bad.json" in capsys.readouterr().err


# ----------------------------------------------------------- each game's help

from engine.__main__ import examples_of, help_text, line_editing, play, words_of  # noqa: E402
from engine.notation import WORDS as ALL_WORDS  # noqa: E402

#: what the rules say of a move whose places or word the game does not know
UNKNOWN = ("is not a place", "is not a move", "has no '")


@pytest.mark.every_game
@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_each_games_help_gives_examples_of_that_game(name):
    game = engine.new_game(name, seed=3)
    from engine.spec import spec
    assert spec(name).examples, "each game has its own examples"
    _, text = run(["play", name, "--seed", "3"], "help\n")
    first = next(line for line in text.splitlines() if "in the notation" in line)
    for example in examples_of(game):
        assert example in first
        reason = game.explain(example) or ""
        assert not any(word in reason for word in UNKNOWN), f"{example!r} is no move of {name}: {reason}"


def test_the_gaps_help_gives_no_place_gaps_lacks():
    _, text = run(["play", "gaps", "--seed", "3"], "help\n")
    assert "c5-a0" not in text
    assert "rows a to d, columns 1 to 13" in text


@pytest.mark.every_game
@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_an_unknown_word_offers_only_the_words_of_the_game(name):
    game = engine.new_game(name, seed=3)
    own = words_of(game)
    for word in own:       # the game's words are its own: its rules know them
        assert "has no" not in (game.explain(word) or "")
    _, text = run(["play", name, "--seed", "3"], "shuffle\n")
    said = next(line for line in text.splitlines() if "'shuffle' is not a move" in line)
    offered = set(said.split("'help'")[0].replace(",", " ").replace(";", " ").split()) & set(ALL_WORDS)
    assert offered == set(own), f"{name}: {said}"


def test_gaps_offers_redeal_and_no_word_of_another_game():
    _, text = run(["play", "gaps", "--seed", "3"], "foo\n")
    said = next(line for line in text.splitlines() if "'foo' is not a move" in line)
    assert "redeal" in said
    for word in ("deal,", "turn", "layoff"):
        assert word not in said


@pytest.mark.every_game
@pytest.mark.parametrize("name", sorted(engine.GAMES))
def test_the_help_says_t_is_the_ten(name):
    _, text = run(["play", name, "--seed", "3"], "help\n")
    assert "T is the\nten" in text or "T is the ten" in text
    assert "TS is the ten of spades" in text


def test_the_help_lists_only_the_queries_the_game_answers():
    assert "belongs PLACE" in help_text(engine.new_game("gaps", seed=3))
    prince = help_text(engine.new_game("prince", seed=3))
    assert "fill PLACE" not in prince and "belongs PLACE" not in prince


# ----------------------------------------------------------- line editing

def test_readline_is_used_where_python_has_it(monkeypatch):
    import sys
    import types
    fake = types.ModuleType("readline")
    monkeypatch.setitem(sys.modules, "readline", fake)
    assert line_editing() is fake


def test_no_readline_is_fine(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "readline", None)    # as on Windows: the import fails
    assert line_editing() is None


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_lines_are_read_by_input_with_readline(monkeypatch):
    """At a terminal the game reads with input(), which edits the line
    with readline (Up recalls a line rather than printing ^[[A)."""
    import builtins
    import sys
    import types
    monkeypatch.setitem(sys.modules, "readline", types.ModuleType("readline"))
    typed = iter(["moves", "quit"])
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        return next(typed)
    monkeypatch.setattr(builtins, "input", fake_input)
    tty, out = Tty(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", tty)
    monkeypatch.setattr(sys, "stdout", out)
    game = engine.new_game("gaps", seed=3)
    assert play(game, tty, out) == 0
    assert prompts == ["> ", "> "]
    assert str(game.legal_moves()[0]) in out.getvalue()


def test_at_a_terminal_without_readline_lines_are_read_as_before(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "readline", None)
    tty, out = Tty("quit\n"), io.StringIO()
    monkeypatch.setattr(sys, "stdin", tty)
    monkeypatch.setattr(sys, "stdout", out)
    assert play(engine.new_game("gaps", seed=3), tty, out) == 0
    assert "> " in out.getvalue()
