"""The save file's JSON Schema (docs/save-format.schema.json, described in
docs/save-format.md) against real saves: a few moves played in each game
with the engine, saved as the table saves a game in progress (the file
wrapper in the data folder) and as File > Save As writes it; and damaged
saves that the schema refuses."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

import engine
from game.storage.records import Records
from game.table.session import Session

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "save-format.schema.json").read_text(encoding="utf-8"))

# each game with options of its own, so every option's values are seen: the
# k-th value of each of its options (its last, once it has no k-th)
GAMES = [(name, {key: values[min(k, len(values) - 1)] for key, values in cls.OPTIONS.items()})
         for name, cls in engine.GAMES.items()
         for k in range(max((len(values) for values in cls.OPTIONS.values()), default=1))]


def validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    return cls(SCHEMA)


def played(name: str, options: dict, seed: int = 5, moves: int = 8) -> engine.Game:
    """A game of ``name`` with a few moves played and the last one undone
    (so the table has moves to redo), each move the middle one of the
    legal moves."""
    game = engine.new_game(name, seed=seed, **options)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[len(legal) // 2])
    if game.history:
        game.undo()
    return game


def session_of(game: engine.Game, i: int) -> Session:
    """The table's session of ``game``, its marks varied with ``i``."""
    return Session(game, elapsed=12.5 * i, assisted=i % 2 == 1, retried=i % 3 == 2,
                   spacing={"c1": 1.5} if i % 2 == 0 else None)


def saves(tmp_path: Path) -> list[tuple[str, dict]]:
    """Every kind of real save: the game in progress and Save As, each game."""
    out = []
    for i, (name, options) in enumerate(GAMES):
        game = played(name, options)
        extra = session_of(game, i).extra()
        records = Records(tmp_path / f"home-{i}")
        assert records.save_game(game, extra) is None
        path = records.game_path(name)
        out.append((f"{name} in progress", json.loads(path.read_text(encoding="utf-8"))))
        exported = tmp_path / f"{name}-{i}.json"
        assert records.export_game(game, exported, extra) is None
        out.append((f"{name} saved as", json.loads(exported.read_text(encoding="utf-8"))))
        assert records.export_game(game, tmp_path / f"bare-{i}.json") is None
        out.append((f"{name} saved as, no table", json.loads((tmp_path / f"bare-{i}.json").read_text("utf-8"))))
    return out


def test_the_schema_is_a_valid_json_schema():
    validator()


def test_real_saves_of_every_game_fit_the_schema(tmp_path):
    v = validator()
    found = saves(tmp_path)
    assert {label.split()[0] for label, _ in found} == set(engine.GAMES)
    for label, doc in found:
        problems = [f"{list(e.absolute_path)}: {e.message}" for e in v.iter_errors(doc)]
        assert not problems, f"{label}: {problems}"


def test_a_saved_game_the_table_marked_every_way_fits(tmp_path):
    game = played("gaps", {}, moves=4)
    session = Session(game, elapsed=3.0, assisted=True, spacing={"c2": 2.0})
    session.clock.paused = True
    session.counted, session.counted_as = True, "loss"
    extra = session.extra()
    assert {"elapsed", "assisted", "counted", "future", "spacing"} <= set(extra)
    records = Records(tmp_path)
    assert records.save_game(game, extra) is None
    validator().validate(json.loads(records.game_path("gaps").read_text(encoding="utf-8")))


def damaged(doc: dict) -> list[tuple[str, dict]]:
    """``doc`` (a game in progress, in its wrapper) damaged in ways the schema
    must refuse."""
    def change(how):
        d = copy.deepcopy(doc)
        how(d)
        return d
    data = doc["data"]
    layout_key = next(iter(data["position"]))
    return [
        ("a history that is text, not a list", change(lambda d: d["data"].__setitem__("history", "c1-a8"))),
        ("a card of no deck", change(lambda d: d["data"]["position"][layout_key][0].__setitem__(0, "1X"))),
        ("a row one cell short", change(lambda d: d["data"]["position"][layout_key][0].pop())),
        ("no position", change(lambda d: d["data"].pop("position"))),
        ("a game there is not", change(lambda d: d["data"].__setitem__("game", "klondike"))),
        ("an option Gaps does not have", change(lambda d: d["data"].__setitem__("options", {"rule": "alternate"}))),
        ("a negative clock", change(lambda d: d["data"]["table"].__setitem__("elapsed", -4))),
        ("a spacing out of range", change(lambda d: d["data"]["table"].__setitem__("spacing", {"c1": 9}))),
        ("a file of another kind", change(lambda d: d.__setitem__("kind", "stats"))),
        ("another format", change(lambda d: d["data"].__setitem__("format", 2))),
        ("a negative deal number", change(lambda d: d["data"].__setitem__("seed", -1))),
    ]


def test_a_damaged_save_is_refused(tmp_path):
    game = played("gaps", {})
    records = Records(tmp_path)
    assert records.save_game(game, Session(game, elapsed=1.0).extra()) is None
    doc = json.loads(records.game_path("gaps").read_text(encoding="utf-8"))
    v = validator()
    v.validate(doc)
    for what, bad in damaged(doc):
        assert not v.is_valid(bad), f"the schema takes a save with {what}"


@pytest.mark.parametrize("what", ["a card of no deck", "a row one cell short", "another format"])
def test_what_the_schema_refuses_in_a_layout_the_engine_refuses_too(tmp_path, what):
    game = played("gaps", {})
    records = Records(tmp_path)
    assert records.save_game(game, {"elapsed": 1.0}) is None
    doc = json.loads(records.game_path("gaps").read_text(encoding="utf-8"))
    bad = dict(damaged(doc))[what]["data"]
    bad.pop("table", None)
    with pytest.raises((engine.BadPosition, ValueError)):
        engine.from_dict(bad)
