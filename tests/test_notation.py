"""The move notation (docs/design.md, "The engine's interface and the move notation"): one parser,
one printer."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Move

LETTERS = st.sampled_from("abcdefghprstf")
NUMBERS = st.one_of(st.just(""), st.integers(0, 99).map(str))
PLACES = st.tuples(LETTERS, NUMBERS).map("".join)


@pytest.mark.parametrize("text", ["c3-c7", "b7-a3", "c5-a0", "c3-c7:4", "t-f", "c6-f:13", "h13-a0",
                                  "redeal", "deal", "turn", "layoff", "s-t", "r4-c1", "f2-c4"])
def test_a_move_prints_as_it_is_written(text):
    assert str(Move.parse(text)) == text


@given(src=PLACES, dst=PLACES, count=st.integers(1, 200))
def test_parse_reads_back_what_str_prints(src, dst, count):
    move = Move(src, dst, count)
    again = Move.parse(str(move))
    assert (again.src, again.dst, again.count, again.word) == (src, dst, count, None)
    assert again == move


def test_a_count_of_one_is_never_written():
    assert str(Move.parse("c3-c7:1")) == "c3-c7"
    assert str(Move("c3", "c7", 1)) == "c3-c7"
    assert Move.parse("c3-c7:1") == Move.parse("c3-c7")


def test_the_parts_of_a_move():
    move = Move.parse("c3-c7:4")
    assert (move.src, move.dst, move.count, move.word) == ("c3", "c7", 4, None)
    assert (Move.parse("b7-a3").count, Move.parse("t-f").src, Move.parse("t-f").dst) == (1, "t", "f")


@pytest.mark.parametrize("word", ["redeal", "deal", "turn", "layoff"])
def test_the_words_are_moves_without_places(word):
    move = Move.parse(word)
    assert (move.word, move.src, move.dst) == (word, None, None)
    assert str(move) == word


@pytest.mark.parametrize("text, normal", [("C3-C7", "c3-c7"), ("  b7-a3\n", "b7-a3"), ("REDEAL", "redeal"),
                                          ("c03-c07", "c3-c7"), ("a00-b1", "a0-b1")])
def test_input_is_normalised(text, normal):
    assert str(Move.parse(text)) == normal


@pytest.mark.parametrize("text", ["", "c3", "c3-", "-c7", "c3c7", "c3-c7:0", "c3-c7:", "c3-c7:x", "c3--c7",
                                  "33-c7", "c3-c7-c9", "c100-c1", "shuffle", "re deal", "c3 - c7", "c3-c7:-1"])
def test_bad_syntax_raises_value_error(text):
    with pytest.raises(ValueError):
        Move.parse(text)


@pytest.mark.parametrize("thing", [None, 37, 3.5, ["c3", "c7"]])
def test_a_move_is_text(thing):
    with pytest.raises(ValueError):
        Move.parse(thing)


@given(st.text(max_size=20) | st.text(min_size=30, max_size=6000))
def test_parse_either_reads_a_move_or_raises_value_error(text):
    try:
        move = Move.parse(text)
    except ValueError as e:
        assert str(e)
    else:
        assert Move.parse(str(move)) == move


def test_a_move_is_never_equal_to_its_text():
    move = Move.parse("b7-a3")
    assert move != "b7-a3"
    assert "b7-a3" != move
    assert str(move) == "b7-a3"
    assert move != 7
    assert Move.parse("redeal") != "redeal"
    assert "b7-a3" not in {move}


def test_moves_written_alike_are_equal_and_hash_alike():
    assert len({Move.parse("b7-a3"), Move.parse("B7-A3"), Move("b7", "a3")}) == 1
    assert Move.parse("c3-c7:1") == Move("c3", "c7")
    assert Move.parse("c3-c7:2") != Move("c3", "c7")


@pytest.mark.parametrize("field", ["src", "dst", "count", "word", "_text"])
def test_a_move_cannot_be_changed_once_made(field):
    move = Move.parse("c3-c7:4")
    with pytest.raises(AttributeError):
        setattr(move, field, "c1")
    with pytest.raises(AttributeError):
        delattr(move, field)
    assert str(move) == "c3-c7:4" and move.src == "c3"


def test_a_move_cannot_grow_new_fields():
    with pytest.raises(AttributeError):
        Move.parse("redeal").extra = 1


@pytest.mark.parametrize("text", ["c3-c7:4", "b7-a3", "redeal", "s-t", "c6-f:13"])
def test_repr_shows_how_to_rebuild_the_move(text):
    move = Move.parse(text)
    rebuilt = eval(repr(move), {"Move": Move})
    assert rebuilt == move and str(rebuilt) == text


def test_a_move_survives_pickling_and_copying():
    move = Move.parse("c3-c7:4")
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move


def test_parsing_a_move_returns_it():
    move = Move.parse("b7-a3")
    assert Move.parse(move) is move
