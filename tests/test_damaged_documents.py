"""Damaged documents (docs/save-format.md): whatever JSON
can carry, ``engine.from_dict`` either loads it or refuses it with
``BadPosition`` and a short message; ``python -m engine show`` and ``solve``
answer a bad file with exit status 2 and a message, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import BadPosition
from engine.__main__ import main

#: a refusal is a sentence or two, whatever the document held
SHORT = 400

NAMES = tuple(engine.GAMES)


def nested(depth: int) -> list:
    """``[[[...]]]``, ``depth`` lists deep, built without recursion."""
    top: list = []
    inner = top
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    return top


def played(name: str, seed: int = 5, count: int = 4) -> engine.Game:
    game = engine.new_game(name, seed=seed)
    for _ in range(count):
        moves = [m for m in game.legal_moves() if m.word is None] or game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
    return game


def loads_or_is_refused_shortly(doc) -> None:
    try:
        engine.from_dict(doc)
    except BadPosition as e:
        assert 0 < len(str(e)) <= SHORT, str(e)[:SHORT]


def paths(doc) -> list[tuple]:
    """Every place in ``doc`` a value sits at, as a path of keys and indexes."""
    found, stack = [], [((), doc)]
    while stack:
        path, value = stack.pop()
        found.append(path)
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        stack.extend((path + (k,), v) for k, v in items)
    return found


def replaced(doc, path: tuple, value):
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    holder = copy
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return copy


SCALARS = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(max_size=6) | st.sampled_from(["AC", "KS", "TD", "c1-c2", "redeal", "alternate"]))
HUGE = (st.integers(4000, 6000).map(lambda digits: 10 ** digits - 1)
        | st.integers(70, 200).map(lambda bits: -(2 ** bits)))
DEEP = st.integers(33, 3000).map(nested)
JSON = st.recursive(SCALARS | HUGE | DEEP,
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
                    max_leaves=12)
DOCUMENTS = {name: played(name).to_dict() for name in NAMES}


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_value_anywhere_in_a_document_loads_or_is_refused_with_a_short_message(name, data):
    doc = DOCUMENTS[name]
    path = data.draw(st.sampled_from(paths(doc)), label="path")
    value = data.draw(JSON, label="value")
    loads_or_is_refused_shortly(replaced(doc, path, value))


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
@given(doc=st.dictionaries(st.sampled_from(["format", "game", "options", "seed", "deal", "history", "position"]),
                           JSON, max_size=7))
@settings(max_examples=60, deadline=None)
def test_any_object_at_all_loads_or_is_refused_with_a_short_message(name, doc):
    loads_or_is_refused_shortly({"format": 1, "game": name, **doc})


@pytest.mark.parametrize("key", ["format", "game", "options", "seed", "history", "deal", "position"])
def test_a_value_nested_a_thousand_deep_is_refused_in_a_sentence(key):
    doc = {**DOCUMENTS["prince"], key: nested(1000)}
    with pytest.raises(BadPosition) as caught:
        engine.from_dict(doc)
    assert "nested" in str(caught.value) and len(str(caught.value)) <= SHORT


@pytest.mark.parametrize("key", ["format", "seed"])
def test_a_number_of_thousands_of_digits_is_refused_in_a_sentence(key):
    doc = {**DOCUMENTS["republic"], key: 10 ** 5000}
    with pytest.raises(BadPosition) as caught:
        engine.from_dict(doc)
    assert "digits" in str(caught.value) and len(str(caught.value)) <= SHORT


def test_a_huge_count_of_redeals_left_is_refused():
    doc = DOCUMENTS["republic"]
    doc = replaced(doc, ("position", "redeals_left"), 10 ** 5000)
    with pytest.raises(BadPosition):
        engine.from_dict(doc)


def test_a_long_history_entry_is_quoted_only_in_part():
    doc = replaced(DOCUMENTS["smith"], ("history", 0), "c1-" + "x" * 100_000)
    with pytest.raises(BadPosition) as caught:
        engine.from_dict(doc)
    assert "move 1" in str(caught.value) and len(str(caught.value)) <= SHORT


def test_a_game_is_dealt_with_a_short_refusal_of_a_deep_option():
    with pytest.raises(ValueError) as caught:
        engine.new_game("prince", seed=1, rule=nested(1000))
    assert len(str(caught.value)) <= SHORT


# ----------------------------------------------------------------- the command line

BAD_FILES = {
    "not json": "{'format': 1",
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep inside": '{"format": 1, "game": "prince", "seed": ' + "[" * 5000 + "]" * 5000 + "}",
    "huge number": '{"format": 1, "game": "prince", "seed": ' + "9" * 10_000 + "}",
    "huge float": '{"format": 1, "game": "prince", "seed": 1e999}',
    "no object": "[1, 2, 3]",
    "empty": "",
    "bad history": '{"format": 1, "game": "gaps", "seed": 1, "deal": null, "history": ["zz-zz"]}',
}


@pytest.mark.parametrize("command", ["show", "solve"])
@pytest.mark.parametrize("what", BAD_FILES)
def test_the_command_line_answers_a_bad_file_with_status_2_and_a_message(tmp_path, capsys, command, what):
    path = tmp_path / "bad.json"
    path.write_text(BAD_FILES[what], encoding="utf-8")
    assert main([command, str(path), *(["--budget-s", "1"] if command == "solve" else [])]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot ") and "Traceback" not in err and len(err) <= SHORT + 100


@pytest.mark.parametrize("command", ["show", "solve"])
def test_the_command_line_answers_a_binary_or_missing_file_with_status_2(tmp_path, capsys, command):
    binary = tmp_path / "cards.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    assert main([command, str(binary)]) == 2
    assert main([command, str(tmp_path / "nowhere.json")]) == 2
    assert main([command, str(tmp_path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_bad_file_gives_no_traceback_from_a_real_process(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine", "show", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.startswith("Cannot ")
