"""Gaps, docs/rules.md "Gaps": one rule per test, each on a drawn position.

Pictures are 4 rows of columns 1..13; ``--`` is a gap, ``..`` any card not
named elsewhere (see conftest.py)."""

from __future__ import annotations

import json

import pytest
from conftest import cell, gap_places, gaps_doc, gaps_from, locked_cells, moves, refused, rows_of, table_cards

import engine
from engine import AcesRemoved, CardMoved, CardsDealt, IllegalMove, InvalidMove, Over, Redealt, Won

NON_ACES = sorted(r + s for r in "23456789TJQK" for s in "CDHS")

# a4 takes 5H; b1 takes any 2 (a1's too); c4 is dead; d3 takes 8S.
OPEN = """
2H 3H 4H -- 9C .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. 2C .. ..
.. .. KD -- .. 5H .. .. .. .. .. .. ..
.. 7S -- .. .. .. .. 8S .. .. .. 2D 2S
"""

# d4 sits right of the gap d3; a13 and b13 are dead.
GAP_AFTER_GAP = """
.. .. .. .. .. .. .. .. .. .. .. KC --
.. .. .. .. .. .. .. .. .. .. .. KH --
.. .. .. .. .. .. .. 9S .. .. .. .. ..
.. 7S -- -- 8S .. .. .. .. .. .. .. ..
"""

# a 2 in column 1 heads a run, with gaps at the start of row b
FOLLOW_THE_2 = """
2S 3S 4S .. .. .. .. .. .. .. .. .. ..
-- -- -- .. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. .. --
"""

# in proper place: 4 (then 8S breaks the run), 0 (no 2), 3, 1
PROPER = """
2S 3S 4S 5S 8S 6S 7S .. .. .. .. .. ..
3D 4D 5D .. .. .. .. .. .. .. .. .. --
2C 3C 4C -- .. .. .. .. .. .. .. .. --
2H 4H 3H .. .. .. .. .. .. .. .. .. --
"""

# every gap right of a king: no card can move
STUCK = """
.. .. .. .. .. .. .. .. .. .. .. KC --
.. .. .. .. .. .. .. .. .. .. .. KH --
.. .. .. .. .. .. .. .. .. .. .. KD --
.. .. .. .. .. .. .. .. .. .. .. KS --
"""

# one move left (d9-d8), after which every gap is dead
LAST_MOVE = """
.. .. .. .. .. .. .. .. .. .. .. KC --
.. .. .. .. .. .. .. .. .. .. .. KH --
.. .. .. .. .. .. .. .. .. .. .. KD --
.. .. .. .. .. .. QS -- KS .. .. .. ..
"""

# stuck, with 12 + 3 + 1 + 0 cards in proper place
STUCK_WITH_PLACED = """
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --
2D 3D 4D KD -- .. .. .. .. .. .. .. ..
2H 9H KH -- .. .. .. .. .. .. .. .. ..
.. .. .. .. .. .. .. .. .. .. .. KS --
"""

WON = """
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --
"""

ONE_FROM_WON = """
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS
"""


# ----------------------------------------------------------------- the deal

@pytest.mark.parametrize("seed", [1, 7, 2**63 - 1])
def test_the_deal_lays_52_cards_then_removes_the_four_aces(seed):
    game = engine.new_game("gaps", seed=seed)
    dealt, removed = game.opening_events
    assert isinstance(dealt, CardsDealt) and isinstance(removed, AcesRemoved)
    assert [place for _, place in dealt.cards] == list(game.PLACES)
    assert sorted(name for name, _ in dealt.cards) == sorted(NON_ACES + ["AC", "AD", "AH", "AS"])
    assert sorted(name for name, _ in removed.cards) == ["AC", "AD", "AH", "AS"]
    assert all(dict((p, c) for c, p in dealt.cards)[place] == name for name, place in removed.cards)
    assert sorted(gap_places(game)) == sorted(place for _, place in removed.cards)
    assert table_cards(game) == NON_ACES


def test_a_new_game_starts_with_three_shuffles_and_no_history():
    game = engine.new_game("gaps", seed=3)
    assert game.shuffles_left == 3
    assert game.to_dict()["position"]["shuffles_left"] == 3
    assert game.history == [] and not game.can_undo and not game.can_redo


def test_gaps_has_no_options():
    with pytest.raises(ValueError):
        engine.new_game("gaps", seed=1, redeals=1)


# ----------------------------------------------------------------- filling a gap

def test_a_gap_takes_the_next_card_of_the_suit_on_its_left():
    game = gaps_from(OPEN)
    assert game.fillers("a4") == ["c6"]
    assert game.explain("c6-a4") is None
    events = game.play("c6-a4")
    assert events == [CardMoved("5H", "c6", "a4")]
    assert (cell(game, "a4"), cell(game, "c6")) == ("5H", None)


def test_a_gap_refuses_any_card_but_the_next_of_its_suit():
    game = gaps_from(OPEN)
    before = game.to_dict()
    reason = game.explain("d8-a4")
    assert reason and "5H" in reason
    with pytest.raises(IllegalMove) as caught:
        game.play("d8-a4")
    assert caught.value.reason == reason
    assert game.to_dict() == before


def test_a_gap_in_column_1_takes_any_2():
    game = gaps_from(OPEN)
    assert game.fillers("b1") == ["a1", "b11", "d12", "d13"]
    for source in ("a1", "b11", "d12", "d13"):
        assert game.explain(f"{source}-b1") is None
    game.play("d12-b1")
    assert cell(game, "b1") == "2D"
    assert game.is_locked("b1")


def test_a_gap_in_column_1_refuses_a_card_that_is_not_a_2():
    game = gaps_from(OPEN)
    reason = game.explain("c6-b1")
    assert reason and "2" in reason


def test_a_2_in_column_1_may_move_to_another_rows_column_1_gap():
    # docs/rules.md, "Gaps": a gap in column 1 takes any 2, a 2 from column 1 of another row too
    game = gaps_from(OPEN)
    assert "b1" in game.targets("a1")
    assert game.pickup_reason("a1") is None
    events = game.play("a1-b1")
    assert events == [CardMoved("2H", "a1", "b1")]
    assert (cell(game, "a1"), cell(game, "b1")) == (None, "2H")
    # a1 is now a column-1 gap like any other, and the run 3H 4H left behind is out of place
    assert game.locked_counts()[:2] == [0, 1]
    assert game.fillers("a1") == ["b1", "b11", "d12", "d13"]


def test_the_run_behind_a_2_that_moved_may_follow_it_card_by_card():
    game = gaps_from(FOLLOW_THE_2)
    assert game.locked_counts() == [3, 0, 0, 0]
    game.play("a1-b1")
    assert game.fillers("b2") == ["a2"]
    game.play("a2-b2")
    game.play("a3-b3")
    assert game.locked_counts() == [0, 3, 0, 0]


def test_a_gap_right_of_a_king_is_dead():
    game = gaps_from(OPEN)
    assert game.dead_gaps() == 1
    assert game.fillers("c4") == []
    reason = game.explain("c6-c4")
    assert reason and "dead" in reason


def test_a_gap_right_of_a_gap_takes_nothing_for_now():
    game = gaps_from(GAP_AFTER_GAP)
    assert game.fillers("d4") == []
    reason = game.explain("c8-d4")
    assert reason and "gap on its left" in reason
    game.play("d5-d3")
    assert game.fillers("d4") == ["c8"]


def test_a_gap_right_of_a_gap_is_not_dead():
    assert gaps_from(GAP_AFTER_GAP).dead_gaps() == 2


def test_a_card_moves_only_into_a_gap():
    game = gaps_from(OPEN)
    reason = game.explain("c6-a5")
    assert reason and "gap" in reason


def test_a_gap_is_not_a_card_to_move():
    game = gaps_from(OPEN)
    reason = game.explain("a4-c4")
    assert reason and "no card" in reason


def test_only_one_card_moves():
    game = gaps_from(OPEN)
    reason = game.explain("c6-a4:2")
    assert reason and "one card" in reason
    with pytest.raises(IllegalMove):
        game.play("c6-a4:2")


def test_a_count_of_one_is_the_plain_move():
    game = gaps_from(OPEN)
    game.play("c6-a4:1")
    assert game.history == ["c6-a4"]


@pytest.mark.parametrize("move", ["a0-a4", "a14-a4", "e1-a4", "c6-f", "t-f"])
def test_places_gaps_does_not_have_are_no_move(move):
    game = gaps_from(OPEN)
    assert game.explain(move)
    with pytest.raises(InvalidMove):
        game.play(move)


@pytest.mark.parametrize("move", ["deal", "turn", "layoff"])
def test_words_gaps_does_not_have_are_refused(move):
    game = gaps_from(OPEN)
    assert game.explain(move)
    with pytest.raises(IllegalMove):
        game.play(move)


# ----------------------------------------------------------------- proper place

def test_proper_place_is_the_run_from_a_2_in_column_1():
    assert gaps_from(PROPER).locked_counts() == [4, 0, 3, 1]


def test_a_card_after_the_first_break_is_not_in_place_even_if_it_runs_on():
    game = gaps_from(PROPER)
    assert [game.is_locked(p) for p in ("a4", "a5", "a6", "a7")] == [True, False, False, False]
    assert not game.is_locked("d3")


def test_a_run_not_starting_in_column_1_with_a_2_is_not_in_place():
    game = gaps_from(PROPER)
    assert not any(game.is_locked(p) for p in ("b1", "b2", "b3"))


def test_a_card_in_proper_place_has_no_move_only_because_its_one_gap_is_its_own():
    game = gaps_from(PROPER)
    assert game.targets("a2") == []
    assert game.pickup_reason("a2") is None   # proper place locks nothing
    reason = game.explain("a2-c4")
    assert reason and "5C" in reason          # c4 takes the card after the 4C
    assert "proper place" not in reason and "never" not in reason
    with pytest.raises(IllegalMove):
        game.play("a2-c4")


def test_column_13_is_never_a_proper_place():
    game = gaps_from(ONE_FROM_WON)
    game.play("d13-d12")
    assert game.locked_counts() == [12, 12, 12, 12]
    assert not game.is_locked("a13")


# ----------------------------------------------------------------- shuffles

def test_no_shuffle_while_a_card_can_move():
    game = gaps_from(OPEN)
    assert "redeal" not in moves(game)
    assert not game.can_redeal and not game.stuck
    reason = game.explain("redeal")
    assert reason and "only when no card can move" in reason
    with pytest.raises(IllegalMove):
        game.play("redeal")


def test_when_stuck_the_shuffle_is_the_only_move():
    game = gaps_from(STUCK)
    assert game.stuck and game.can_redeal
    assert moves(game) == ["redeal"]
    assert game.explain("redeal") is None
    assert not game.over


def test_no_shuffle_when_none_is_left():
    game = gaps_from(STUCK, shuffles_left=0)
    assert game.stuck and not game.can_redeal
    reason = game.explain("redeal")
    assert reason and "No shuffles" in reason


def test_a_shuffle_keeps_every_card_in_proper_place():
    game = gaps_from(STUCK_WITH_PLACED)
    locked = locked_cells(game)
    assert len(locked) == 16
    game.play("redeal")
    assert all(game.card_at(p) == name for p, name in locked.items())


def test_a_shuffle_deals_into_every_cell_not_in_proper_place_in_reading_order():
    game = gaps_from(STUCK_WITH_PLACED)
    loose = [p for p in game.PLACES if not game.is_locked(p)]
    assert "a13" in loose  # column 13 is never a proper place
    events = game.play("redeal")
    relaid = next(e for e in events if isinstance(e, Redealt))
    assert [place for _, place in relaid.cards] == loose


def test_a_shuffle_picks_up_the_aces_and_removes_them_again():
    game = gaps_from(STUCK_WITH_PLACED)
    loose_cards = [game.card_at(p) for p in game.PLACES if not game.is_locked(p) and game.card_at(p)]
    relaid, removed = game.play("redeal")[:2]
    assert isinstance(relaid, Redealt) and isinstance(removed, AcesRemoved)
    assert sorted(name for name, _ in relaid.cards) == sorted(loose_cards + ["AC", "AD", "AH", "AS"])
    assert set(removed.cards) <= set(relaid.cards)
    assert sorted(name for name, _ in removed.cards) == ["AC", "AD", "AH", "AS"]
    assert sorted(gap_places(game)) == sorted(place for _, place in removed.cards)


def test_a_shuffle_keeps_the_deck_whole():
    game = gaps_from(STUCK_WITH_PLACED)
    game.play("redeal")
    assert table_cards(game) == NON_ACES
    assert len(gap_places(game)) == 4


def test_a_shuffle_uses_one_of_the_three():
    game = gaps_from(STUCK_WITH_PLACED)
    game.play("redeal")
    assert game.shuffles_left == 2
    assert game.history == ["redeal"]


def test_a_shuffle_is_reproducible_from_the_document():
    doc = gaps_doc(STUCK_WITH_PLACED)
    first, second = engine.from_dict(doc), engine.from_dict(doc)
    first.play("redeal")
    second.play("redeal")
    assert rows_of(first) == rows_of(second)
    replayed = engine.from_dict(json.loads(json.dumps(first.to_dict())))
    assert rows_of(replayed) == rows_of(first)


def test_a_shuffle_draws_from_the_game_seed():
    shuffled = []
    for seed in (1, 2):
        game = engine.from_dict({**gaps_doc(STUCK_WITH_PLACED), "seed": seed})
        game.play("redeal")
        shuffled.append(rows_of(game))
    assert shuffled[0] != shuffled[1]


def test_a_shuffle_cannot_be_undone():
    game = gaps_from(STUCK_WITH_PLACED)
    game.play("redeal")
    after = game.to_dict()
    assert not game.can_undo
    assert game.undo() == []
    assert game.to_dict() == after


def test_a_move_after_a_shuffle_can_be_undone_back_to_the_shuffle():
    for seed in range(1, 40):  # a seed whose shuffle leaves a card free to move
        game = engine.from_dict({**gaps_doc(STUCK_WITH_PLACED), "seed": seed})
        game.play("redeal")
        if not game.stuck:
            break
    assert not game.stuck
    after_shuffle = game.to_dict()
    game.play(game.legal_moves()[0])
    game.undo()
    assert game.to_dict() == after_shuffle
    assert not game.can_undo


# ----------------------------------------------------------------- won and lost

def test_won_when_every_row_runs_2_to_king():
    game = gaps_from(WON)
    assert game.won and game.over
    assert game.locked_counts() == [12, 12, 12, 12]
    assert game.legal_moves() == []
    assert game.explain("redeal")


def test_the_winning_move_reports_won():
    game = gaps_from(ONE_FROM_WON)
    assert not game.won
    events = game.play("d13-d12")
    assert events == [CardMoved("KS", "d13", "d12"), Won()]
    assert game.won


def test_lost_when_stuck_with_no_shuffle_left():
    game = gaps_from(STUCK, shuffles_left=0)
    assert game.over and not game.won
    assert game.legal_moves() == []


def test_the_move_that_leaves_no_move_and_no_shuffle_reports_over():
    game = gaps_from(LAST_MOVE, shuffles_left=0)
    assert moves(game) == ["d9-d8"]
    events = game.play("d9-d8")
    assert events == [CardMoved("KS", "d9", "d8"), Over()]
    assert game.over and not game.won and game.dead_gaps() == 4


def test_stuck_with_a_shuffle_left_is_not_over():
    game = gaps_from(LAST_MOVE, shuffles_left=1)
    events = game.play("d9-d8")
    assert Over() not in events
    assert not game.over and game.stuck
    assert moves(game) == ["redeal"]


# ----------------------------------------------------------------- undo

def test_undo_takes_back_the_last_move():
    game = gaps_from(OPEN)
    before = game.to_dict()
    game.play("c6-a4")
    assert game.can_undo
    assert game.undo() == [CardMoved("5H", "a4", "c6")]
    assert game.to_dict() == before


def test_after_undo_only_redo():
    game = gaps_from(OPEN)
    game.play("c6-a4")
    game.undo()
    assert not game.can_undo and game.can_redo
    assert game.undo() == []
    assert game.redo() == [CardMoved("5H", "c6", "a4")]
    assert cell(game, "a4") == "5H"
    assert game.can_undo and not game.can_redo


def test_undo_toggles_again_and_again():
    game = gaps_from(OPEN)
    game.play("c6-a4")
    played = game.to_dict()
    for _ in range(3):
        game.undo()
        assert cell(game, "a4") is None
        game.redo()
        assert game.to_dict() == played


def test_undo_reaches_only_the_last_move():
    game = gaps_from(OPEN)
    game.play("c6-a4")
    game.play("d8-d3")
    game.undo()
    assert game.history == ["c6-a4"]
    assert not game.can_undo
    assert game.undo() == []
    assert cell(game, "a4") == "5H"


def test_a_new_move_after_undo_forgets_the_redo():
    game = gaps_from(OPEN)
    game.play("c6-a4")
    game.undo()
    game.play("d8-d3")
    assert not game.can_redo
    assert game.redo() == []


def test_undo_or_redo_with_nothing_to_do_returns_nothing():
    game = gaps_from(OPEN)
    before = game.to_dict()
    assert game.undo() == [] and game.redo() == []
    assert game.to_dict() == before


# ----------------------------------------------------------------- queries

def test_targets_lists_where_a_card_may_go():
    game = gaps_from(OPEN)
    assert game.targets("c6") == ["a4"]
    assert game.targets("b11") == ["b1"]
    assert game.targets("a5") == []
    assert game.targets("a4") == []


def test_fillers_of_a_place_that_is_no_gap_are_none():
    assert gaps_from(OPEN).fillers("c6") == []


def test_follows_finds_the_card_one_lower_in_the_suit():
    game = gaps_from(OPEN)
    assert game.follows("c6") == ["a3"]
    assert game.follows("d8") == ["d2"]
    assert game.follows("b11") == []  # the ace is off the table
    assert game.follows("a4") == []


def test_belongs_finds_the_card_that_goes_in_a_gap():
    game = gaps_from(OPEN)
    assert game.belongs("a4") == "c6"
    assert game.belongs("d3") == "d8"
    assert game.belongs("b1") == "b11"  # the first 2 in reading order
    assert game.belongs("c4") is None  # right of a king


def test_belongs_of_a_gap_right_of_a_gap_is_none():
    assert gaps_from(GAP_AFTER_GAP).belongs("d4") is None


def test_stuck_and_can_redeal_answer_for_the_table():
    assert (gaps_from(OPEN).stuck, gaps_from(OPEN).can_redeal) == (False, False)
    assert (gaps_from(STUCK).stuck, gaps_from(STUCK).can_redeal) == (True, True)
    assert (gaps_from(STUCK, 0).stuck, gaps_from(STUCK, 0).can_redeal) == (True, False)
    assert gaps_from(WON).stuck is False


def test_the_listed_moves_are_every_filler_of_every_gap():
    game = gaps_from(OPEN)
    expected = [f"{src}-{gap}" for gap in gap_places(game) for src in game.fillers(gap)]
    assert moves(game) == expected


def test_a_hint_on_a_gap_shows_every_card_that_may_fill_it():
    game = gaps_from(OPEN)
    assert game.hint_places("a4") == ["c6"]
    assert game.hint_places("b1") == ["a1", "b11", "d12", "d13"]
    assert game.hint_places("c4") == []       # dead


def test_a_hint_on_a_card_shows_the_card_that_belongs_where_it_lies():
    game = gaps_from(OPEN)
    assert game.hint_places("c1") == ["b11"]  # column 1: the first 2 not in proper place
    assert game.hint_places("a2") == []       # the 3H belongs there itself
    assert game.hint_places("a5") == []       # a gap on its left: nothing belongs


def test_dead_places_are_the_gaps_right_of_a_king():
    assert gaps_from(OPEN).dead_places() == ["c4"]
    assert gaps_from(GAP_AFTER_GAP).dead_places() == ["a13", "b13"]


def test_shuffles_used_counts_up_as_shuffles_left_count_down():
    game = gaps_from(STUCK)
    assert game.shuffles_used == 0
    game.play("redeal")
    assert (game.shuffles_used, game.shuffles_left) == (1, 2)


@pytest.mark.parametrize("query", ["fillers", "targets", "follows", "belongs", "is_locked", "card_at", "hint_places"])
def test_a_query_about_a_place_gaps_does_not_have_raises_value_error(query):
    with pytest.raises(ValueError):
        getattr(gaps_from(OPEN), query)("a0")


# ----------------------------------------------------------------- bad positions

def damaged(**change):
    doc = gaps_doc(OPEN)
    doc["position"].update(change)
    return doc


def test_an_ace_on_the_table_is_refused():
    doc = gaps_doc(OPEN)
    doc["position"]["rows"][0][3] = "AH"
    assert "AH" in refused(doc)


def test_a_missing_card_is_refused():
    doc = gaps_doc(OPEN)
    doc["position"]["rows"][2][5] = None  # the 5H
    assert "5H" in refused(doc)


def test_a_duplicated_card_is_refused():
    doc = gaps_doc(OPEN)
    doc["position"]["rows"][2][5] = "7S"  # 5H gone, a second 7S
    message = refused(doc)
    assert "5H" in message and "7S" in message


@pytest.mark.parametrize("cell_value", ["1X", "", 7, ["5H"], {"card": "5H"}, True])
def test_a_cell_that_is_no_card_is_refused(cell_value):
    doc = gaps_doc(OPEN)
    doc["position"]["rows"][2][5] = cell_value
    refused(doc)


@pytest.mark.parametrize("reshape", [
    lambda rows: rows[:3],
    lambda rows: rows + [[None] * 13],
    lambda rows: [rows[0][:12]] + rows[1:],
    lambda rows: [rows[0] + [None]] + rows[1:],
    lambda rows: "rows",
    lambda rows: None,
    lambda rows: [tuple(r) for r in rows[:1]] + [None] * 3,
])
def test_rows_of_the_wrong_shape_are_refused(reshape):
    doc = gaps_doc(OPEN)
    doc["position"]["rows"] = reshape(doc["position"]["rows"])
    refused(doc)


@pytest.mark.parametrize("left", [-1, 4, 99, "3", 3.0, None, True])
def test_shuffles_left_is_a_whole_number_from_0_to_3(left):
    refused(damaged(shuffles_left=left))


def test_shuffles_left_may_be_0_to_3():
    for left in range(4):
        assert gaps_from(OPEN, shuffles_left=left).shuffles_left == left


def test_a_position_without_shuffles_left_is_refused():
    doc = gaps_doc(OPEN)
    del doc["position"]["shuffles_left"]
    refused(doc)


def test_a_position_that_is_not_a_mapping_is_refused():
    doc = gaps_doc(OPEN)
    doc["position"] = [[None] * 13] * 4
    refused(doc)


# ----------------------------------------------------------------- old save files

# Saved by Card Shell before a 2 in column 1 could move (commit 68f40e7): a
# game with a shuffle in its history, and one of 40 moves.  Every move of the
# old rule is a move of the new one, so both replay to their positions.
OLD_SAVES = [
    '{"format":1,"game":"gaps","options":{},"seed":1002,"deal":{"rows":[["KC","5S","KH","JD","4H","2H","9C",'
    '"3C","4S",null,"8H","7C","5H"],["7H","TC","QS","6S","QC","6C","5D","JC","8C","QD","QH","9D","9H"],["8D",'
    '"7D","TH",null,"KD","JH","7S","2C","8S","KS","6H","2S","TS"],["2D","3H",null,"3S","JS","3D","TD",null,"4D",'
    '"9S","6D","4C","5C"]],"shuffles_left":3},"history":["a2-a10","c6-c4","a5-d3","a4-d8","redeal","d6-d11",'
    '"c10-d6","b6-a11","c2-b6"],"position":{"rows":[["QC",null,null,"TH","7H","9H","3H","8H","6H","6D","7D",'
    '"JS","KH"],["TC","9S","7C","3C","JD","QD","2S","8S","5H","8C","4D","KD","5D"],["4C",null,"KS","KC","6C",'
    '"7S","3D","TS","QH",null,"8D","JC","QS"],["2D","JH","2H","5S","3S","4S","5C","6S","4H","9D","TD","9C","2C"]],'
    '"shuffles_left":2}}',
    '{"format":1,"game":"gaps","options":{},"seed":4242,"deal":{"rows":[["JC","TD","2D","4C","TS","3C","9H",'
    '"3D","QH","4H","TC","2S","6S"],["8C",null,"QD","8H","QS","7C","6D","KC","9D","9C","JH","6C","JD"],[null,'
    '"2H","3H","KS","JS","KD","3S","5C","5D","4D","8S",null,"9S"],["4S","7D","8D","5S","5H","6H","7S",null,"KH",'
    '"QC","2C","7H","TH"]],"shuffles_left":3},"history":["d11-c1","c11-d8","b8-d11","d2-b8","d4-d2","b9-d4",'
    '"c9-c11","b10-b2","b12-c9","d3-b9","d4-b10","a9-b12","c10-a9","b7-c12","b6-c10","c4-b6","a13-d3","d7-d4",'
    '"c7-a13","a10-c4","c11-a10","b1-c11","d12-d7","a12-b1","a1-a12","c2-a1","a6-c2","c5-a6","d5-c5","d8-d5",'
    '"b4-d8","c6-b4","d6-c6","d7-c7","c13-d6","b8-c13","a5-d7","c8-a5","d8-c8","a6-d8"],"position":{"rows":'
    '[["2H","TD","2D","4C","5C",null,"9H","3D","4D","5D","TC","JC","3S"],["2S","9C","QD","KD","QS","KS",null,'
    'null,"8D","9D","JH","QH","JD"],["2C","3C","3H","4H","5H","6H","7H","8H","6C","7C","8C","6D","7D"],["4S",'
    '"5S","6S","7S","8S","9S","TS","JS","KH","QC","KC",null,"TH"]],"shuffles_left":3}}',
]


@pytest.mark.parametrize("text", OLD_SAVES)
def test_a_game_saved_under_the_old_rule_still_loads(text):
    doc = json.loads(text)
    game = engine.from_dict(doc)
    assert game.history == doc["history"]
    assert game.position() == doc["position"]
    assert game.to_dict() == doc


def test_a_gap_no_card_can_fill_says_why_in_the_rules_words():
    """The gap after a King is dead, the gap after a gap waits; a gap a
    card can fill has no reason (Enter on a gap says this to the player)."""
    rows = [[f"{r}C" for r in "23456789TJQ"] + [None, None],
            [f"{r}D" for r in "23456789TJQK"] + [None],
            [f"{r}H" for r in "23456789TJQK"] + [None],
            [f"{r}S" for r in "23456789TJQK"] + ["KC"]]
    g = engine.from_dict({"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": 3}})
    assert g.unfilled_reason("a12") is None and g.belongs("a12") == "d13"
    assert "gap on its left" in g.unfilled_reason("a13")
    assert "dead" in g.unfilled_reason("b13") and "KD" in g.unfilled_reason("b13")
    assert g.unfilled_reason("a1") is None, "a place holding a card has no such reason"
