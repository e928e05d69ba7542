"""The position and save document (docs/save-format.md),
for Gaps and Chinese Puzzle."""

from __future__ import annotations

import json

import pytest
from conftest import gaps_doc, refused, rows_of

import engine
from engine import BadPosition

GAMES = ("gaps", "chinese-puzzle")
KEYS = {"format", "game", "options", "seed", "deal", "history", "position"}


def card_moves(game) -> list[str]:
    return [str(m) for m in game.legal_moves() if str(m) != "redeal"]


def played(name: str, seed: int = 11, count: int = 3, **options) -> engine.Game:
    """A deal of ``name`` after ``count`` card moves (the first listed each time)."""
    game = engine.new_game(name, seed=seed, **options)
    for _ in range(count):
        game.play(card_moves(game)[0])
    return game


# ----------------------------------------------------------------- the document

@pytest.mark.parametrize("name", GAMES)
def test_a_document_holds_format_game_options_seed_deal_history_and_position(name):
    game = played(name)
    doc = game.to_dict()
    assert set(doc) == KEYS
    assert (doc["format"], doc["game"], doc["seed"]) == (1, name, 11)
    assert doc["history"] == game.history and len(doc["history"]) == 3
    assert doc["deal"] == engine.new_game(name, seed=11).to_dict()["position"]


@pytest.mark.parametrize("name", GAMES)
def test_a_document_is_json(name):
    doc = played(name).to_dict()
    assert json.loads(json.dumps(doc)) == doc
    assert json.loads(played(name).to_json()) == doc


def test_the_layouts_use_the_documented_keys():
    assert set(engine.new_game("gaps", seed=1).to_dict()["position"]) == {"rows", "shuffles_left"}
    assert set(engine.new_game("chinese-puzzle", seed=1).to_dict()["position"]) == {"rows", "redeals_left"}


@pytest.mark.parametrize("name", GAMES)
def test_loading_replays_the_history_from_the_deal(name):
    game = played(name, count=4)
    loaded = engine.from_dict(game.to_dict())
    assert loaded.history == game.history
    assert loaded.to_dict() == game.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_the_table_may_wrap_the_document_with_fields_of_its_own(name):
    doc = {**played(name).to_dict(), "elapsed": 93.5, "table": {"fast_aces": True}}
    assert engine.from_dict(doc).to_dict() == played(name).to_dict()


# ----------------------------------------------------------------- puzzles

@pytest.mark.parametrize("name", GAMES)
def test_a_position_alone_is_a_puzzle_that_starts_there(name):
    position = played(name).to_dict()["position"]
    puzzle = engine.from_dict({"format": 1, "game": name, "position": position})
    assert puzzle.history == []
    assert puzzle.to_dict()["deal"] == position
    assert puzzle.to_dict()["position"] == position


@pytest.mark.parametrize("name", GAMES)
def test_undo_stops_at_the_puzzle_position(name):
    position = played(name).to_dict()["position"]
    puzzle = engine.from_dict({"format": 1, "game": name, "position": position})
    assert not puzzle.can_undo
    first = card_moves(puzzle)[0]
    puzzle.play(first)
    assert puzzle.history == [first] and puzzle.can_undo
    puzzle.undo()
    assert not puzzle.can_undo
    assert puzzle.undo() == []
    assert puzzle.to_dict()["position"] == position


def test_a_saved_puzzle_keeps_the_puzzle_as_its_deal():
    puzzle = engine.from_dict(gaps_doc("""
        2H 3H 4H -- 9C .. .. .. .. .. .. .. ..
        -- .. .. .. .. .. .. .. .. .. 2C .. ..
        .. .. KD -- .. 5H .. .. .. .. .. .. ..
        .. 7S -- .. .. .. .. 8S .. .. .. 2D 2S
    """))
    start = puzzle.to_dict()["position"]
    puzzle.play("c6-a4")
    saved = puzzle.to_dict()
    assert saved["deal"] == start and saved["history"] == ["c6-a4"]
    assert engine.from_dict(saved).to_dict() == saved


# ----------------------------------------------------------------- challenge codes

@pytest.mark.parametrize("name, options", [
    ("gaps", {}),
    ("chinese-puzzle", {}),
    ("chinese-puzzle", {"redeals": 1, "aces": "bridge-order"}),
])
def test_game_options_and_seed_alone_deal_that_game(name, options):
    game = engine.from_dict({"format": 1, "game": name, "options": options, "seed": 7})
    fresh = engine.new_game(name, seed=7, **options)
    assert game.to_dict() == fresh.to_dict()
    assert game.history == []


def test_a_document_without_options_uses_the_defaults():
    game = engine.from_dict({"format": 1, "game": "chinese-puzzle", "seed": 7})
    assert game.options == {"redeals": 2, "aces": "free"}


def test_a_document_without_a_seed_uses_seed_0():
    doc = played("gaps", seed=0).to_dict()
    del doc["seed"]
    assert engine.from_dict(doc).to_dict() == played("gaps", seed=0).to_dict()


def test_a_document_with_nothing_to_play_is_refused():
    assert "nothing to play" in refused({"format": 1, "game": "gaps"})


# ----------------------------------------------------------------- refusals

@pytest.mark.parametrize("name", GAMES)
def test_a_history_without_a_deal_is_refused(name):
    doc = played(name).to_dict()
    del doc["deal"]
    assert "no deal" in refused(doc)


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_that_does_not_reach_the_saved_position_is_refused(name):
    doc = played(name, count=3).to_dict()
    doc["position"] = played(name, count=2).to_dict()["position"]
    assert "does not reach" in refused(doc)


@pytest.mark.parametrize("name", GAMES)
def test_a_history_move_that_cannot_be_played_is_refused(name):
    doc = played(name).to_dict()
    doc["history"][1] = "a1-a1"
    assert "move 2" in refused(doc)


@pytest.mark.parametrize("history", ["b7-a3", [1, 2], [None], {"1": "b7-a3"}])
def test_a_history_is_a_list_of_moves_as_text(history):
    doc = played("gaps").to_dict()
    doc["history"] = history
    refused(doc)


@pytest.mark.parametrize("name, options", [
    ("gaps", {"redeals": 2}),
    ("gaps", {"rule": "alternate"}),
    ("chinese-puzzle", {"speed": "fast"}),
    ("chinese-puzzle", {"redeals": 3}),
    ("chinese-puzzle", {"aces": "clubs-first"}),
    ("chinese-puzzle", ["redeals", 2]),
])
def test_an_unknown_option_or_value_is_refused(name, options):
    refused({"format": 1, "game": name, "options": options, "seed": 7})


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, "7", True, [7]])
def test_a_seed_outside_0_to_2_63_minus_1_is_refused(seed):
    refused({"format": 1, "game": "gaps", "seed": seed})


@pytest.mark.parametrize("fmt", [0, 2, "1", None, [1]])
def test_a_format_other_than_1_is_refused(fmt):
    doc = played("gaps").to_dict()
    doc["format"] = fmt
    assert "format" in refused(doc)


def test_format_true_is_not_format_1():
    refused({"format": True, "game": "gaps", "seed": 7})


@pytest.mark.parametrize("name", ["gapz", "Gaps", "", None, 1, ["gaps"], "republic-x"])
def test_an_unknown_game_is_refused(name):
    assert "game" in refused({"format": 1, "game": name, "seed": 7})


@pytest.mark.parametrize("thing", [None, [], "gaps", 7, [["2C"]]])
def test_a_document_is_a_mapping(thing):
    refused(thing)


def test_the_saved_position_must_be_a_real_position_too():
    doc = played("gaps").to_dict()
    doc["position"]["rows"][0][0] = "AC"
    refused(doc)


@pytest.mark.parametrize("value", [True, 1.0])
def test_the_redeals_option_is_the_number_1_or_2(value):
    with pytest.raises(ValueError):
        engine.new_game("chinese-puzzle", seed=3, redeals=value)


@pytest.mark.parametrize("value", [True, 1.0])
def test_a_game_dealt_from_a_document_saves_a_document_that_loads(value):
    try:
        game = engine.from_dict({"format": 1, "game": "chinese-puzzle", "options": {"redeals": value}, "seed": 3})
    except BadPosition:
        return  # refusing the option is right too
    again = engine.from_dict(json.loads(json.dumps(game.to_dict())))
    assert rows_of(again) == rows_of(game)
