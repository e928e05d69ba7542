"""A row is named as the table marks it, "row A" (issue 29): the table
shows capital letters beside Gaps' and Chinese Puzzle's rows, so no word a
player reads or hears names a row in lower case ("row a"), whether the
front end built it from a place ("c5": "row C, column 5") or the engine's
reason named the row itself (Chinese Puzzle's ace order: "row e repeats
row a's clubs")."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

import engine
from game.games import build, front_of
from game.voice.spoken import place_name
from game.voice.words import describe, speak

LOWER_ROW = re.compile(r"\brows? [a-h]\b|\brows? [A-H](?:,? (?:and|or|to)) [a-h]\b")
CASES = [("gaps", {}), *[("chinese-puzzle", {"aces": a}) for a in ("free", "suits-in-four", "bridge-order")]]


def messages(game: engine.Game) -> list[str]:
    """What the table may say in this position: the refusal of every card
    tried on every gap, why a card may not be picked up, the hints on
    every place, the moves in words, the places' names."""
    front = front_of(game)
    table = SimpleNamespace(game=game)
    said = []
    gaps = [p for p in game.PLACES if game.card_at(p) is None]
    for src in game.PLACES:
        if game.card_at(src) is None:
            continue
        reason = game.pickup_reason(src)
        if reason:
            said.append(speak(game, reason))
        for dst in gaps:
            reason = game.explain(str(engine.Move(src, dst)))
            said.append(speak(game, reason) if reason else describe(game, str(engine.Move(src, dst))))
    for place in game.PLACES:
        places = front.hint_places(table, place, None)
        words = front.hint_words(table, place, None, places)
        if words:
            said.append(speak(game, words))
        said.append(place_name(game, place))
    return said


@pytest.mark.parametrize("name, options", CASES, ids=[f"{n}-{o.get('aces', 'plain')}" for n, o in CASES])
def test_no_word_names_a_row_in_lower_case(name, options):
    rows_named = 0
    for seed in range(3):
        game = engine.new_game(name, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(12):
            said = messages(game)
            for text in said:
                assert not LOWER_ROW.search(text), f"{name} says {text!r}"
            rows_named += sum(bool(re.search(r"\brow [A-H]\b", t)) for t in said)
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
    assert rows_named, "the messages checked name rows"


def test_the_engines_ace_order_reasons_name_their_rows_in_capitals():
    game = engine.new_game("chinese-puzzle", seed=1, aces="bridge-order")
    ace = next(p for p in game.PLACES if game.card_at(p) and game.card_at(p)[0] == "A")
    refusals = [game.explain(str(engine.Move(ace, f"{r}0"))) for r in game.ROW_LETTERS]
    said = [speak(game, r) for r in refusals if r]
    assert said and all(re.search(r"\brow [A-H]\b", t) and not LOWER_ROW.search(t) for t in said), said


def test_a_rows_letter_and_its_columns_number_are_on_the_table():
    """The words' "row B, column 4" can be found on the table: a letter
    beside each row, a number above each column."""
    for name, first in (("gaps", 1), ("chinese-puzzle", 0)):
        game = engine.new_game(name, seed=2)
        layout = build(game, engine_area(), 300 / 420, {})
        rows = {lb.text: lb for lb in layout.labels if lb.role == "row"}
        columns = {lb.text: lb for lb in layout.labels if lb.role == "column"}
        assert sorted(rows) == [r.upper() for r in game.ROW_LETTERS]
        numbers = [str(k) for k in range(max(1, first), first + game.WIDTH)]
        assert all(n in columns for n in numbers)
        for r in game.ROW_LETTERS:
            first_cell = layout.slots[f"{r}{first}"].rect
            mark = rows[r.upper()].rect
            assert mark.right < first_cell.left and first_cell.top <= mark.centery <= first_cell.bottom
        for n in numbers:
            cell = layout.slots[f"a{n}"].rect
            assert columns[n].rect.bottom < cell.top and columns[n].rect.centerx == cell.centerx


def engine_area():
    from pygame import Rect
    return Rect(0, 26, 1280, 748)
