"""The engine's command line (issue 36): a reader that stops early (``python
-m engine show FILE | head -1``) ends the command quietly, whatever it
prints; and ``review`` says what it found in words, as the game's Review
window says it, its JSON behind ``--json``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.__main__ import READER_GONE
from engine.__main__ import main as cli
from engine.review import plain_move_words, summary

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "review"


def fixture(name: str) -> tuple[dict, int, str]:
    data = json.loads((DATA / f"{name}.json").read_text())
    return data["doc"], data["losing"], data["move"]


def saved(tmp_path: Path, name: str = "prince") -> Path:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(fixture(name)[0]))
    return path


def closed_early(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """``python -m engine ARGS`` with its standard output a pipe whose reader
    has already gone (its read end closed before the command writes: ``|
    head`` that stopped), its standard error kept."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-m", "engine", *args], stdout=write, stderr=subprocess.PIPE,
                              input=stdin if stdin is not None else b"", cwd=ROOT, timeout=120)
    finally:
        os.close(write)


def study_file(tmp_path: Path) -> Path:
    path = tmp_path / "r.jsonl"
    run = {"kind": "run", "run": "r1", "game": "prince", "rule": "alternate", "known": False, "budget_s": 10.0,
           "budget_nodes": None, "deals": [1, 1], "cores": 1, "workers": 1, "scheduler": "local", "host": "h",
           "engine": "x", "started": 1000.0}
    deal = {"kind": "deal", "run": "r1", "game": "prince", "rule": "alternate", "known": False, "deal": 1,
            "status": "won", "nodes": 10, "seconds": 0.1, "cpu": 0.1, "budget_s": 10.0, "budget_nodes": None,
            "worker": "w", "t": 1001.0}
    path.write_text(json.dumps(run) + "\n" + json.dumps(deal) + "\n")
    return path


# -- A.1: a reader that went away ---------------------------------------------
@pytest.mark.parametrize("command", ["show", "solve", "review", "review --json", "play", "play --file",
                                     "study --table", "help"])
def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path, command):
    """Whatever the command prints, a pipe closed by its reader ends it with
    nothing on standard error (no traceback, no "Cannot open FILE: Broken
    pipe") and the status a Unix tool ended by SIGPIPE gives."""
    path = saved(tmp_path)
    args = {"show": ["show", str(path)],
            "solve": ["solve", str(path), "--budget-s", "0.2"],
            "review": ["review", str(path), "--budget-s", "0.2"],
            "review --json": ["review", str(path), "--budget-s", "0.2", "--json"],
            "play": ["play", "gaps", "--seed", "7"],
            "play --file": ["play", "--file", str(path)],
            "study --table": ["study", "--table", str(study_file(tmp_path))],
            "help": ["play", "--help"]}[command]
    done = closed_early(args, stdin=b"moves\nshow\nhistory\nhelp\n")
    assert done.stderr.decode() == ""
    assert done.returncode in (0, READER_GONE)
    if command != "help":                  # (argparse's help swallows the error itself and exits 0)
        assert done.returncode == READER_GONE


def test_a_reader_that_stops_after_one_line_of_a_long_game_ends_it_quietly(tmp_path):
    """``python -m engine play ... | head -1``: the reader takes one line and
    goes while the game is still printing."""
    process = subprocess.Popen([sys.executable, "-m", "engine", "play", "gaps", "--seed", "7"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        process.stdin.write(b"show\n" * 3000)        # far more than a pipe holds
        process.stdin.close()
    except BrokenPipeError:
        pass
    assert process.stdout.readline().startswith(b"Gaps")
    process.stdout.close()
    assert process.wait(timeout=60) == READER_GONE
    assert process.stderr.read().decode() == ""


def test_a_file_that_cannot_be_opened_is_still_said(tmp_path, capsys):
    """The quiet end is for a reader gone, not for a file that is missing."""
    assert cli(["show", str(tmp_path / "missing.json")]) == 2
    assert "Cannot open" in capsys.readouterr().err


def test_a_save_in_the_terminal_game_says_saved_only_once_written(tmp_path):
    path = tmp_path / "g.json"
    out = io.StringIO()
    cli(["play", "gaps", "--seed", "7"], inp=io.StringIO(f"save {path}\nquit\n"), out=out)
    assert f"Saved to {path}." in out.getvalue() and path.exists()
    out = io.StringIO()
    cli(["play", "gaps", "--seed", "7"], inp=io.StringIO(f"save {tmp_path / 'no' / 'g.json'}\nquit\n"), out=out)
    assert "Could not save to" in out.getvalue() and "Saved to" not in out.getvalue()


# -- A.2: the review in words -------------------------------------------------
def test_the_review_is_said_in_words_by_default(tmp_path):
    """The player reads which move lost the game, the move that would have
    kept it winnable, and the verdict after every move, in words."""
    doc, losing, move = fixture("gaps")
    path = saved(tmp_path, "gaps")
    out = io.StringIO()
    assert cli(["review", str(path), "--budget-s", "5"], out=out) == 0
    text = out.getvalue()
    with pytest.raises(json.JSONDecodeError):
        json.loads(text)
    first = text.splitlines()[0]
    assert first.startswith(f"Move {losing + 1}, {move} (the ")
    assert first.endswith(": this deal could be finished without a shuffle before it and not after.")
    assert text.splitlines()[1].startswith("Instead, ") and text.splitlines()[1].endswith(" kept it winnable.")
    game = engine.from_dict(doc)
    assert f"Move {losing + 1}, {move} (the " in text and "<- the move that lost it" in text
    assert text.count("\nMove ") == len(game.history)
    assert "The deal: can still be won." in text


def test_the_review_as_json_is_one_json_line(tmp_path):
    doc, losing, _ = fixture("prince")
    out = io.StringIO()
    assert cli(["review", str(saved(tmp_path)), "--budget-s", "5", "--json"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    found = json.loads(lines[0])
    assert found["losing"] == losing and len(found["verdicts"]) == len(doc["history"]) + 1


@pytest.mark.parametrize("name, k, move, words", [
    ("prince", 14, None, "c1-c6 (the jack of diamonds)"),
    ("prince", 14, "c9-c3:2", "c9-c3:2 (the five of clubs and the card on it)"),
    ("smith", 199, None, "c4-c8:10 (the ten of hearts and the 9 cards on it)"),
    ("gaps", 28, None, "a3-d13 (the queen of clubs)"),
])
def test_the_command_line_names_the_cards_a_move_moves(name, k, move, words):
    doc, _, _ = fixture(name)
    assert plain_move_words(doc, k, move) == words


def test_a_fresh_deal_is_said_in_the_games_word():
    game = engine.new_game("gaps", seed=3)         # stuck after 60 moves, each the first one listed
    for _ in range(60):
        game.play(str(next(m for m in game.legal_moves() if m.word is None)))
    assert game.stuck
    game.play("redeal")
    assert plain_move_words(game.to_dict(), len(game.history) - 1) == "use a shuffle"


def test_the_json_flag_is_in_the_review_help(capsys):
    with pytest.raises(SystemExit):
        cli(["review", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--json" in help_text and "one JSON line instead of words" in help_text


def test_the_command_line_and_the_window_say_the_same_sentences():
    """The window's sentences and the command line's come from one place
    (``engine.review.summary``): the same review, the same moves' words,
    the same sentences."""
    pytest.importorskip("pygame")
    from game.ui.review import ReviewDialog

    doc, losing, _ = fixture("chinese-puzzle")
    game = engine.from_dict(doc)
    review = {"verdicts": ["won"] * (losing + 1) + ["lost"] * (len(game.history) - losing),
              "losing": losing, "instead": None, "out_of_time": True,
              "deals": [{"first": 0, "last": len(game.history), "lost_from_the_start": False}]}
    dialog = ReviewDialog(game)
    dialog.finish(review)
    said = summary(review, len(game.history), dialog.words, lambda k, m: m,
                   word=engine.review.random_word(game), won_game=game.won, selected=dialog.selected)
    assert dialog.summary() == said
    assert said[0].endswith(": this deal could be finished without a redeal before it and not after.")
    plain = summary(review, len(game.history), lambda k: plain_move_words(doc, k), lambda k, m: m,
                    word=engine.review.random_word(game), won_game=game.won)
    assert plain[0] == said[0].replace(dialog.words(losing), plain_move_words(doc, losing))
    assert plain[1:] == said[1:]


@pytest.mark.parametrize("name", ["gaps", "chinese-puzzle", "prince", "republic", "smith"])
def test_the_engine_knows_each_games_word_for_a_fresh_deal_as_the_table_does(name):
    pytest.importorskip("pygame")
    from game.games import front

    doc, _, _ = fixture(name)
    assert engine.review.random_word(engine.from_dict(doc)) == front(doc["game"]).redeal_in_verdict


def test_the_engine_never_imports_pygame_for_the_review_in_words(tmp_path):
    code = ("import sys, engine.__main__ as m; m.main(['review', sys.argv[1], '--budget-s', '0.2']);"
            "assert 'pygame' not in sys.modules and 'game' not in sys.modules, 'imported'")
    done = subprocess.run([sys.executable, "-c", code, str(saved(tmp_path))], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
