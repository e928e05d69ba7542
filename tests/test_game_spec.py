"""A game is defined in one place (issue 26): its engine module declares its
spec (``SPEC``), ``engine/spec.py`` lists the modules, and everything else
in the engine, its tools and its benchmarks asks them.  So a new game is
its engine module, one line in the registry, and its front in ``game/games/``."""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

import pytest

import engine
from engine import codes, scoring, solve
from engine import spec as registry
from engine.gaps import Gaps
from engine.scoring import Scoring, game_points, points
from engine.spec import GameSpec, Variant, find, load, names, spec, specs
from engine.study import resolve_rule
from engine.study.stats import variants

ROOT = Path(__file__).resolve().parent.parent
NAMES = names()
#: where no list of the games may be kept: the registry alone lists them
SCANNED = ("engine", "tools", "bench")
REGISTRY = ROOT / "engine" / "spec.py"


# ----------------------------------------------------------------- every game is declared once, whole

@pytest.mark.every_game
def test_the_registry_is_the_games_and_their_order():
    assert names() == tuple(engine.GAMES)
    declared = [registry.name_of(path.stem) for path in (ROOT / "engine").glob("*.py")
                if any(isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "SPEC" for t in node.targets)
                       for node in ast.parse(path.read_text(encoding="utf-8")).body)]
    assert sorted(names()) == sorted(declared), "the registry lists every engine module that declares a SPEC"
    assert [s.name for s in specs()] == list(engine.GAMES)
    for name, cls in engine.GAMES.items():
        assert spec(name).game is cls and spec(name).name == cls.name == name
        assert spec(name).title == cls.title


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_code_letter_its_codes_start_with(name):
    letter = spec(name).letter
    assert len(letter) == 1 and letter in codes.ALPHABET and not letter.isdigit()
    code = codes.encode(name, {}, 12345)
    assert code[0] == letter and codes.decode(code)[0] == name


@pytest.mark.every_game
def test_the_letters_are_distinct():
    letters = [s.letter for s in specs()]
    assert len(set(letters)) == len(letters)
    assert codes.LETTERS == {s.name: s.letter for s in specs()}


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_a_scoring_answer(name):
    """Points for each of its rules, or none at all: an ended game of it
    then counts for nothing."""
    found = spec(name).scoring
    game = engine.new_game(name, seed=4)
    game.play(game.legal_moves()[0])
    if found is None:
        assert game_points(game) is None
        assert not any(key[0] == name for key in scoring.POINTS)
        return
    assert isinstance(found, Scoring)
    assert set(found.points) == set(game.OPTIONS["rule"])
    for rule, (win, loss) in found.points.items():
        assert win > 0 >= loss and scoring.POINTS[(name, rule)] == (win, loss)
    assert game_points(game) == points(name, game.options["rule"], False, game.history)


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_every_games_solver_is_found_and_answers(name):
    s = spec(name)
    assert s.solver is None or callable(load(s.solver))      # None: the generic search plays it
    for path in (s.model, s.hint_line, s.play_on):
        assert path is None or load(path) is not None
    game = engine.new_game(name, seed=2)
    result = solve.solve(game, solve.Budget(nodes=300))
    assert result.status in set(solve.Status)
    assert game.history == []


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_hides_cards_is_the_classes(name):
    assert spec(name).hides_cards is engine.GAMES[name].hides_cards


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_studied_under_options_it_has(name):
    s = spec(name)
    assert s.study and all(isinstance(v, Variant) for v in s.study)
    labels = [v.label for v in s.study]
    assert len(set(labels)) == len(labels)
    for v in s.study:
        s.game.check_options(v.options)
        assert resolve_rule(name, v.label) == (v.label, v.options)
        for alias in v.aliases:
            assert resolve_rule(name, alias) == (v.label, v.options)
    assert resolve_rule(name, None) == (labels[0], s.study[0].options)
    assert variants(name) == [(v.label, v.options) for v in s.study]


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_every_games_class_is_reachable_by_its_name(name):
    cls = engine.GAMES[name]
    module = name.replace("-", "_")
    assert registry.class_name_of(module) == cls.__name__ in engine.__all__
    assert getattr(engine, cls.__name__) is cls
    assert cls.__module__ == f"engine.{module}"


def test_an_unknown_name_is_no_game():
    assert find("pyramid") is None and find(None) is None and find(["gaps"]) is None
    with pytest.raises(KeyError):
        spec("pyramid")
    with pytest.raises(ValueError, match="there is no game"):
        engine.new_game("pyramid")
    assert scoring.scoring_of("pyramid") is None


# ----------------------------------------------------------------- a new game is one module and one line

class Pyramid(Gaps):
    """A stand-in sixth game: Gaps' rules under another name."""
    name = "pyramid"
    title = "Pyramid"
    OPTIONS = {"rule": ("easy", "hard")}


def stand_in_search(game, budget, known=False):
    return solve.Status.UNKNOWN, []


@pytest.fixture
def sixth_game(monkeypatch):
    module = types.ModuleType("engine.pyramid")
    module.Pyramid = Pyramid
    module.SPEC = GameSpec(Pyramid, letter="Y", scoring=Scoring({"easy": (1, -1), "hard": (3, 0)}),
                           solver=f"{__name__}:stand_in_search",
                           study=(Variant("easy", {"rule": "easy"}, aliases=("e",)),))
    monkeypatch.setitem(sys.modules, "engine.pyramid", module)
    monkeypatch.setattr(registry, "MODULES", (*registry.MODULES, "pyramid"))
    monkeypatch.setattr(registry, "_loaded", {})
    monkeypatch.delitem(vars(engine), "Pyramid", raising=False)
    yield
    vars(engine).pop("Pyramid", None)


def test_a_new_game_is_its_module_and_one_line_in_the_registry(sixth_game):
    assert list(engine.GAMES)[-1] == "pyramid" and engine.GAMES["pyramid"] is Pyramid
    assert engine.Pyramid is Pyramid
    game = engine.new_game("pyramid", seed=5, rule="hard")
    assert engine.from_dict(game.to_dict()).name == "pyramid"
    code = codes.encode("pyramid", {"rule": "hard"}, 5)
    assert code.startswith("Y") and codes.decode(code) == ("pyramid", {"rule": "hard"}, 5)
    game.play(game.legal_moves()[0])
    assert game_points(game) == 0.0 and scoring.POINTS[("pyramid", "hard")] == (3, 0)
    stats = scoring.Statistics()
    stats.record(game)
    assert scoring.Statistics.from_dict(stats.to_dict()).get("pyramid", "hard").games == 1
    assert solve.solve(game, solve.Budget(nodes=10)).status is solve.Status.UNKNOWN
    assert resolve_rule("pyramid", "e") == ("easy", {"rule": "easy"})


# ----------------------------------------------------------------- no other list of the games

def game_names_in(node: ast.AST) -> set[str]:
    """The games' names written as strings anywhere inside ``node``."""
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in NAMES}


def lists_of_games(path: Path) -> list[str]:
    """Where ``path`` keeps a list of games of its own: a list, tuple, set or
    dict written out with two or more of the games' names in it, as a table
    keyed by them (``{"republic": ..., "smith": ...}``) or a test against
    some of them (``name in ("republic", "smith")``: a property of those
    games, which their spec or class answers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [f"{node.lineno}: {sorted(game_names_in(node))}" for node in ast.walk(tree)
            if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)) and len(game_names_in(node)) >= 2]


def scanned_sources() -> list[Path]:
    return sorted(p for folder in SCANNED for p in (ROOT / folder).rglob("*.py") if p != REGISTRY)


@pytest.mark.every_game
def test_no_source_of_the_engine_tools_or_benchmarks_keeps_a_list_of_the_games():
    found = [f"{path.relative_to(ROOT)}:{where}" for path in scanned_sources() for where in lists_of_games(path)]
    assert not found, "a list of the games outside engine/spec.py (ask the registry):\n" + "\n".join(found)


def test_the_scan_sees_the_sources_and_a_list(tmp_path):
    """The check above can fail: it reads the engine's sources, and a table
    keyed by the games, or a test against a few of them, is found."""
    assert ROOT / "engine" / "scoring.py" in scanned_sources() and REGISTRY not in scanned_sources()
    source = tmp_path / "listy.py"
    source.write_text('POINTS = {("republic", "alternate"): 2, ("smith", "any-suit"): 2, ("prince", "x"): 1}\n'
                      'ORDER = ("gaps", "prince")\n'
                      'def known(game):\n    return game.name in ("republic", "smith")\n', encoding="utf-8")
    assert lists_of_games(source) == ["1: ['prince', 'republic', 'smith']", "2: ['gaps', 'prince']",
                                      "4: ['republic', 'smith']"]
    assert lists_of_games(REGISTRY), "the registry itself lists them (and is the one place that may)"
