"""The app holds everyone and no one holds the app (issue 35): each part of
the running program is handed the few others it uses, and a game's options
are declared by the game alone."""

from __future__ import annotations

import ast
import gc
import types
from pathlib import Path

import pytest
from gui import make_app

import engine
from game import app as app_module
from game.games import FRONTS

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def sources(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def test_no_part_of_the_running_app_holds_the_app(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3", "--no-analysis")
    gc.collect()
    holders = [type(r).__name__ for r in gc.get_referrers(app) if not isinstance(r, types.FrameType)]
    assert holders == [], f"these hold the App: {holders}"
    app.close()


def test_no_module_outside_app_py_reaches_for_an_app():
    found = []
    for path, tree in sources(GAME):
        if path.name == "app.py" and path.parent == GAME:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "app":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.arg) and node.arg == "app":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} (a parameter)")
    assert found == []


def test_the_app_class_is_small():
    tree = ast.parse((GAME / "app.py").read_text(encoding="utf-8"))
    app = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    assert app.end_lineno - app.lineno + 1 <= 300


@pytest.mark.every_game
def test_the_games_options_are_the_engines_and_the_command_line_offers_each():
    offered = app_module.game_choices()
    for front in FRONTS:
        options = engine.GAMES[front.name].OPTIONS
        assert {c.name for c in front.choices} == set(options), front.title
        for choice in front.choices:
            assert {v for v, _ in choice.values} == set(options[choice.name]), (front.title, choice.name)
            values, _words, games = offered[choice.name]
            assert set(options[choice.name]) <= set(values) and front.name in games
            args = app_module.parse_args(["--game", front.name, f"--{choice.name}", str(choice.values[-1][0])])
            assert getattr(args, choice.name) == choice.values[-1][0]


@pytest.mark.every_game
def test_no_game_option_is_written_into_the_shell():
    """The command lines' game options come from the games' declarations:
    no ``add_argument("--rule", ...)`` of a game's option outside a game's
    own files (the study's ``--rule`` names a study's variant, not an
    option, and is its own)."""
    names = {name for front in FRONTS for name in (c.name for c in front.choices)}
    own = {f"{front.name.replace('-', '_')}.py" for front in FRONTS} | {"tableau.py", "grid.py"}
    found = []
    for folder in (GAME, ROOT / "engine"):
        for path, tree in sources(folder):
            if path.name in own or "study" in path.parts:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr == "add_argument" and node.args \
                        and isinstance(node.args[0], ast.Constant) and node.args[0].value in {f"--{n}" for n in names}:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_a_launch_option_deals_its_game_and_only_once(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "4", "--redeals", "1", "--aces", "bridge-order")
    assert app.game.options == {"redeals": 1, "aces": "bridge-order"}
    app.flow.start_game("chinese-puzzle", fresh=True)
    assert app.game.options == {"redeals": 2, "aces": "free"}, "later deals take the player's preferences"
    app.close()


@pytest.mark.every_game
def test_a_games_title_and_scoring_are_stated_once():
    """A front states no title of its own (it reads its engine's), and the
    Help window's tables of points are made from the engine's scoring."""
    from engine.spec import spec
    from game.games import HELP, Front

    for front in FRONTS:
        assert not any("title" in vars(cls) for cls in type(front).__mro__ if cls not in (Front, object)), front.name
        assert front.title == engine.GAMES[front.name].title
        scoring = spec(front.name).scoring
        if scoring is not None:
            for win, loss in scoring.points.values():
                assert f"|{win}|{loss}" in HELP[front.name], front.name
