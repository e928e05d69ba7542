"""The front end asks a game's front and never branches on a game's name:
outside ``game/games/`` (one module per game and their registry) no source
of ``game/`` names a game of the engine.  A new game is one new module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine

GAME = Path(__file__).resolve().parent.parent / "game"


def named_games(path: Path) -> list[tuple[int, str]]:
    """Where a game's engine name stands in ``path`` as a string of its own
    (a comparison, a key, a default), with the line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in engine.GAMES]


@pytest.mark.every_game
def test_no_source_outside_the_game_modules_names_a_game():
    found = []
    for path in sorted(GAME.rglob("*.py")):
        if "games" in path.relative_to(GAME).parts[:1]:
            continue
        found += [f"{path.relative_to(GAME.parent)}:{line}: {name!r}" for line, name in named_games(path)]
    assert not found, "a game's name outside game/games/ (ask its front instead):\n" + "\n".join(found)


def test_the_check_sees_a_branch(tmp_path):
    """The check above can fail: a branch on a name is found."""
    source = tmp_path / "branchy.py"
    source.write_text('def timed(game):\n    return game.name == "gaps"\n', encoding="utf-8")
    assert named_games(source) == [(2, "gaps")]


@pytest.mark.every_game
def test_every_game_has_one_front_module():
    from game.games import FRONTS, front
    assert sorted(f.name for f in FRONTS) == sorted(engine.GAMES)
    for name in engine.GAMES:
        module = GAME / "games" / f"{name.replace('-', '_')}.py"
        assert module.exists(), f"{name} has no module of its own"
        assert front(name).name == name and front(name).title and front(name).help


def test_the_app_never_tests_which_scene_it_has():
    """The loop drives any scene through the protocol of game/table/scene.py: no
    source of game/ asks ``isinstance(..., Table)`` or of the start screen."""
    found = []
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance" and len(node.args) == 2:
                kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
                names = {getattr(k, "id", getattr(k, "attr", None)) for k in kinds}
                if names & {"Table", "StartScreen", "Scene"}:
                    found.append(f"{path.relative_to(GAME.parent)}:{node.lineno}")
    assert not found, "a scene tested by its class:\n" + "\n".join(found)


def test_the_rules_a_front_used_to_answer_are_the_engines():
    """Whether a deal hides cards, whether a move carries a run and what a
    click on the stock plays are rules: the engine answers them (a front
    only chooses words), and its answers are what the games deal and allow."""
    for name, cls in engine.GAMES.items():
        game = engine.new_game(name, seed=3)
        face_down = name in ("republic", "smith")      # docs/rules.md: packets and stock; the stock
        assert cls.hides_cards is face_down, name
        # docs/rules.md: the pile games move sequences (supermoves, The Smith's
        # units); Gaps and Chinese Puzzle move one card into one gap
        assert cls.moves_runs is (name in ("republic", "smith", "prince")), name
        if not cls.moves_runs:
            assert all(":" not in str(m) for m in game.legal_moves()), name
        if cls.stock_move is not None:
            assert cls.stock_move in {str(m) for m in game.legal_moves()}, name
    assert engine.GAMES["republic"].stock_move == "turn" and engine.GAMES["smith"].stock_move == "deal"
    assert engine.GAMES["gaps"].stock_move is None and engine.GAMES["prince"].stock_move is None
    from game.games import FRONTS
    for front in FRONTS:
        for attribute in ("hides_cards", "piles", "stock_word"):
            assert not hasattr(front, attribute), f"{front.name}'s front answers {attribute}: ask the engine"
