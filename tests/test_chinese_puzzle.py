"""Chinese Puzzle, docs/rules.md "Chinese Puzzle": one rule per test, each on a drawn position.

Pictures are 8 rows of 14 cells, the ace column (column 0) first; ``--`` is
a gap, ``..`` any card not named elsewhere (see conftest.py)."""

from __future__ import annotations

import pytest
from conftest import cell, cp_doc, cp_from, gap_places, locked_cells, moves, refused, rows_of, table_cards

import engine
from engine import CardMoved, CardsDealt, IllegalMove, Over, Redealt, Won

TWO_DECKS = sorted(r + s for r in "A23456789TJQK" for s in "CDHS" for _ in range(2))

# ace-column gaps a0, f0, h0 (aces free at a13, f5, h7); b3 takes 4H (c5 or g9);
# c2 takes 3S (e7 only: d2's copy is locked); e13, g13 dead; h1 right of a gap.
OPEN = """
-- 2C 3C 4C .. .. .. .. .. .. .. .. .. AC
AH 2H 3H -- .. .. .. .. .. .. .. .. .. ..
AS 2S -- .. .. 4H .. .. .. .. .. .. .. ..
AS 2S 3S .. .. .. .. .. .. .. .. .. .. ..
AD .. .. .. .. .. .. 3S .. .. .. .. KD --
-- .. .. .. .. AC .. .. .. .. .. .. .. ..
AH .. .. .. .. .. .. .. .. 4H .. .. KC --
-- -- .. .. .. .. .. AD .. .. .. .. .. ..
"""

# row a holds clubs; seven ace-column gaps and the seven other aces at column 5
ACES = """
AC .. .. .. .. .. .. .. .. .. .. .. .. --
-- .. .. .. .. AC .. .. .. .. .. .. .. ..
-- .. .. .. .. AD .. .. .. .. .. .. .. ..
-- .. .. .. .. AD .. .. .. .. .. .. .. ..
-- .. .. .. .. AH .. .. .. .. .. .. .. ..
-- .. .. .. .. AH .. .. .. .. .. .. .. ..
-- .. .. .. .. AS .. .. .. .. .. .. .. ..
-- .. .. .. .. AS .. .. .. .. .. .. .. ..
"""

# locked: 13, 3, 0, 1, 0, 0, 0, 0; five aces still out in the rows
BEFORE_REDEAL = """
AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --
AH 2H 3H -- .. .. .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. .. .. .. ..
AS 9S .. .. .. .. .. .. .. .. .. .. KD --
-- .. .. .. .. .. .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. .. .. .. ..
"""

# all eight gaps right of a king
ALL_DEAD = """
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
"""

# four gaps right of a king, four right of those gaps: stuck with 4 dead
FOUR_DEAD = """
AC .. .. .. .. .. .. .. .. .. .. KC -- --
AC .. .. .. .. .. .. .. .. .. .. .. .. KC
AD .. .. .. .. .. .. .. .. .. .. KD -- --
AD .. .. .. .. .. .. .. .. .. .. .. .. KD
AH .. .. .. .. .. .. .. .. .. .. KH -- --
AH .. .. .. .. .. .. .. .. .. .. .. .. KH
AS .. .. .. .. .. .. .. .. .. .. KS -- --
AS .. .. .. .. .. .. .. .. .. .. .. .. KS
"""

# h12 takes either KS (g12 or h13); after h13-h12 every gap is dead
LAST_MOVES = """
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AC .. .. .. .. .. .. .. .. .. .. .. KC --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AD .. .. .. .. .. .. .. .. .. .. .. KD --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AH .. .. .. .. .. .. .. .. .. .. .. KH --
AS .. .. .. .. .. .. .. .. .. .. .. KS --
AS .. .. .. .. .. .. .. .. .. .. QS -- KS
"""



def run_of(suit: str) -> str:
    return " ".join(f"{rank}{suit}" for rank in "A23456789TJQK")


WON = "\n".join(run_of(suit) + " --" for suit in "CCDDHHSS")

# g's KS is locked, so h12 takes only h13's copy
ONE_FROM_WON = WON[:WON.rindex("KS --")] + "-- KS"


def ace_column(*column0: str) -> str:
    """A picture whose ace column reads ``column0`` (``--`` where empty);
    the other aces lie in column 5, and each row with an ace ends in a gap."""
    spare = ["AC", "AC", "AD", "AD", "AH", "AH", "AS", "AS"]
    for ace in column0:
        if ace != "--":
            spare.remove(ace)
    lines = []
    for row, ace in enumerate(column0):
        fifth = spare[row] if row < len(spare) else ".."
        last = "--" if ace != "--" else ".."
        lines.append(" ".join([ace, "..", "..", "..", "..", fifth] + [".."] * 7 + [last]))
    return "\n".join(lines)


# ----------------------------------------------------------------- the deal

@pytest.mark.parametrize("seed", [1, 8, 2**63 - 1])
def test_the_deal_lays_104_cards_in_columns_1_to_13_with_an_empty_ace_column(seed):
    game = engine.new_game("chinese-puzzle", seed=seed)
    rows = rows_of(game)
    assert [row[0] for row in rows] == [None] * 8
    assert all(None not in row[1:] for row in rows)
    assert table_cards(game) == TWO_DECKS
    (dealt,) = game.opening_events
    assert isinstance(dealt, CardsDealt)
    assert len(dealt.cards) == 104
    assert all(not place.endswith("0") or place.endswith("10") for _, place in dealt.cards)


def test_the_deal_offers_every_ace_to_every_row():
    game = engine.new_game("chinese-puzzle", seed=1)
    aces = [p for p in game.PLACES if (game.card_at(p) or "").startswith("A")]
    assert len(aces) == 8
    for row in "abcdefgh":
        assert game.fillers(f"{row}0") == aces


def test_two_redeals_by_default():
    assert engine.new_game("chinese-puzzle", seed=1).to_dict()["position"]["redeals_left"] == 2


@pytest.mark.parametrize("redeals", [1, 2])
def test_the_redeals_option_sets_the_redeals_left(redeals):
    game = engine.new_game("chinese-puzzle", seed=1, redeals=redeals)
    assert game.redeals_left == redeals
    assert game.options["redeals"] == redeals


@pytest.mark.parametrize("options", [{"redeals": 0}, {"redeals": 3}, {"aces": "any"}, {"colour": "red"}])
def test_unknown_options_and_values_are_refused(options):
    with pytest.raises(ValueError):
        engine.new_game("chinese-puzzle", seed=1, **options)


def test_the_options_are_locked_after_the_first_move():
    game = engine.new_game("chinese-puzzle", seed=1)
    assert not game.options_locked
    game.play(game.legal_moves()[0])  # an ace into the ace column
    assert game.options_locked


# ----------------------------------------------------------------- the ace column

def test_an_ace_may_go_into_any_vacant_ace_column_cell():
    game = cp_from(OPEN)
    for gap in ("a0", "f0", "h0"):
        assert game.fillers(gap) == ["a13", "f5", "h7"]
    for ace in ("a13", "f5", "h7"):
        assert game.targets(ace) == ["a0", "f0", "h0"]


def test_placing_an_ace_locks_the_run_that_follows_it():
    game = cp_from(OPEN)
    assert game.locked_counts()[0] == 0
    events = game.play("a13-a0")
    assert events == [CardMoved("AC", "a13", "a0")]
    assert game.locked_counts()[0] == 4


def test_a_non_ace_never_goes_into_the_ace_column():
    game = cp_from(OPEN)
    reason = game.explain("c5-a0")
    assert reason and "ace" in reason
    with pytest.raises(IllegalMove):
        game.play("c5-a0")


def test_an_ace_never_goes_right_of_a_card():
    game = cp_from(OPEN)
    assert game.explain("a13-b3")
    assert game.explain("a13-c2")


def test_an_ace_in_the_ace_column_never_moves_again():
    game = cp_from(OPEN)
    reason = game.explain("b0-a0")
    assert reason and "never moves" in reason


@pytest.mark.parametrize("ace, gap, allowed", [
    ("b5", "e0", True),    # the second club repeats row a in row e
    ("b5", "b0", False),   # clubs belong in rows a and e only
    ("b5", "d0", False),
    ("c5", "b0", True),    # diamonds may take any other pair of rows
    ("c5", "h0", True),
    ("c5", "e0", False),   # row e repeats row a's clubs
    ("g5", "f0", True),
])
def test_suits_in_first_four_rows(ace, gap, allowed):
    game = cp_from(ACES, aces="suits-in-four")
    reason = game.explain(f"{ace}-{gap}")
    assert (reason is None) == allowed
    assert (f"{ace}-{gap}" in moves(game)) == allowed
    if not allowed:
        assert "suits in the first four rows" in reason.lower()


def test_suits_in_first_four_rows_pairs_whatever_order_the_aces_arrive_in():
    game = cp_from(ACES, aces="suits-in-four")
    game.play("c5-g0")   # diamonds: rows c and g
    assert game.explain("g5-c0") is not None
    assert game.explain("d5-c0") is None
    assert game.explain("e5-g0") is not None
    assert game.fillers("c0") == ["d5"]


@pytest.mark.parametrize("ace, gap, allowed", [
    ("b5", "e0", True),
    ("b5", "b0", False),
    ("c5", "b0", True),
    ("d5", "f0", True),
    ("c5", "c0", False),
    ("e5", "c0", True),
    ("g5", "d0", True),
    ("g5", "h0", True),
    ("g5", "g0", False),
])
def test_aces_in_bridge_order(ace, gap, allowed):
    game = cp_from(ACES, aces="bridge-order")
    reason = game.explain(f"{ace}-{gap}")
    assert (reason is None) == allowed
    assert (f"{ace}-{gap}" in moves(game)) == allowed
    if not allowed:
        assert "bridge order" in reason


def test_without_a_restriction_every_ace_goes_to_every_row():
    game = cp_from(ACES)
    aces = [f"{row}5" for row in "bcdefgh"]
    for row in "bcdefgh":
        assert game.fillers(f"{row}0") == aces


# ----------------------------------------------------------------- filling a gap

def test_a_gap_takes_either_copy_of_the_next_card():
    game = cp_from(OPEN)
    assert game.fillers("b3") == ["c5", "g9"]
    game.play("g9-b3")
    assert (cell(game, "b3"), cell(game, "g9")) == ("4H", None)
    assert game.locked_counts()[1] == 4


def test_the_other_copy_may_fill_the_gap_too():
    game = cp_from(OPEN)
    game.play("c5-b3")
    assert cell(game, "b3") == "4H"


def test_a_locked_copy_cannot_move_but_the_other_copy_can():
    game = cp_from(OPEN)
    assert game.fillers("c2") == ["e7"]
    reason = game.explain("d2-c2")
    assert reason and "never moves" in reason
    assert game.explain("e7-c2") is None


def test_a_gap_refuses_a_card_that_does_not_follow_its_left_neighbour():
    game = cp_from(OPEN)
    reason = game.explain("e7-b3")
    assert reason and "4H" in reason


def test_a_gap_right_of_a_king_is_dead():
    game = cp_from(OPEN)
    assert game.dead_gaps() == 2
    assert game.fillers("e13") == [] and game.fillers("g13") == []
    reason = game.explain("c5-e13")
    assert reason and "dead" in reason


def test_a_gap_right_of_a_gap_takes_nothing_and_is_not_dead():
    game = cp_from(OPEN)
    assert game.fillers("h1") == []
    reason = game.explain("c5-h1")
    assert reason and "gap on its left" in reason
    assert game.dead_gaps() == 2  # e13 and g13 only


def test_only_one_card_moves():
    game = cp_from(OPEN)
    reason = game.explain("c5-b3:2")
    assert reason and "one card" in reason


def test_the_listed_moves_are_every_filler_of_every_gap_then_redeal():
    game = cp_from(OPEN)
    expected = [f"{src}-{gap}" for gap in gap_places(game) for src in game.fillers(gap)]
    assert moves(game) == expected + ["redeal"]


# ----------------------------------------------------------------- final position

def test_the_final_position_is_the_run_from_the_ace_in_column_0():
    assert cp_from(OPEN).locked_counts() == [0, 3, 2, 3, 1, 0, 1, 0]


def test_a_run_without_its_ace_is_not_locked():
    game = cp_from(OPEN)
    assert not any(game.is_locked(p) for p in ("a1", "a2", "a3"))


def test_a_locked_card_lists_no_target():
    game = cp_from(OPEN)
    assert game.targets("d2") == [] and game.targets("b0") == []


def test_follows_finds_both_copies_of_the_card_below():
    game = cp_from(OPEN)
    assert sorted(game.follows("e7")) == ["c1", "d1"]
    assert "b2" in game.follows("c5") and len(game.follows("c5")) == 2
    assert game.follows("a13") == []


def test_a_hint_on_a_card_shows_both_copies_it_follows_and_the_gaps_it_may_fill():
    game = cp_from(OPEN)
    assert game.hint_places("e7") == ["c1", "d1", "c2"]   # the 3S: both 2S, and the gap after c1
    assert game.hint_places("a13") == ["a0", "f0", "h0"]  # an ace: the ace-column gaps


def test_a_hint_on_a_gap_shows_its_fillers_and_nothing_on_a_dead_one_or_a_locked_card():
    game = cp_from(OPEN)
    assert game.hint_places("b3") == ["c5", "g9"]
    assert game.hint_places("e13") == []
    assert game.hint_places("d2") == []


def test_dead_places_are_the_gaps_right_of_a_king():
    assert cp_from(OPEN).dead_places() == ["e13", "g13"]


# ----------------------------------------------------------------- redeal

def test_redeal_is_listed_whenever_a_redeal_is_left():
    game = cp_from(OPEN)
    assert not game.stuck
    assert moves(game)[-1] == "redeal"
    assert game.explain("redeal") is None and game.can_redeal


def test_no_redeal_when_none_is_left():
    game = cp_from(OPEN, redeals_left=0)
    assert "redeal" not in moves(game)
    reason = game.explain("redeal")
    assert reason and "No redeals" in reason
    with pytest.raises(IllegalMove):
        game.play("redeal")


def test_a_redeal_keeps_every_locked_card():
    game = cp_from(BEFORE_REDEAL)
    locked = locked_cells(game)
    game.play("redeal")
    assert locked_cells(game) == locked


def test_a_redeal_leaves_one_gap_right_after_the_last_locked_card_of_each_row():
    game = cp_from(BEFORE_REDEAL)
    game.play("redeal")
    assert gap_places(game) == ["a13", "b3", "c0", "d1", "e0", "f0", "g0", "h0"]
    assert game.locked_counts() == [13, 3, 0, 1, 0, 0, 0, 0]
    assert game.dead_gaps() >= 1  # a13, right of the king of a finished row


def test_a_redeal_picks_up_every_unlocked_card_aces_included():
    game = cp_from(BEFORE_REDEAL)
    loose = sorted(game.card_at(p) for p in game.PLACES if game.card_at(p) and not game.is_locked(p))
    assert loose.count("AH") == 1 and loose.count("AD") == 2
    (relaid,) = game.play("redeal")
    assert isinstance(relaid, Redealt)
    assert sorted(name for name, _ in relaid.cards if name) == loose
    assert table_cards(game) == TWO_DECKS


def test_a_redeal_uses_one_of_the_redeals():
    game = cp_from(BEFORE_REDEAL)
    game.play("redeal")
    assert game.redeals_left == 1
    game.play("redeal")
    assert game.redeals_left == 0
    assert "redeal" not in moves(game)
    assert game.history == ["redeal", "redeal"]


def test_a_second_redeal_shuffles_differently():
    game = cp_from(BEFORE_REDEAL)
    game.play("redeal")
    first = rows_of(game)
    game.play("redeal")
    assert rows_of(game) != first


def test_a_redeal_is_reproducible_from_the_document():
    doc = cp_doc(BEFORE_REDEAL)
    first, second = engine.from_dict(doc), engine.from_dict(doc)
    first.play("redeal")
    second.play("redeal")
    assert rows_of(first) == rows_of(second)
    assert rows_of(engine.from_dict(first.to_dict())) == rows_of(first)


def test_one_redeal_option_allows_one_redeal():
    game = engine.new_game("chinese-puzzle", seed=4, redeals=1)
    game.play("redeal")
    assert "redeal" not in moves(game)


def test_a_redeal_cannot_be_undone():
    game = cp_from(OPEN)
    game.play("a13-a0")
    game.play("redeal")
    after = game.to_dict()
    assert not game.can_undo
    assert game.undo() == []
    assert game.to_dict() == after


def test_a_voluntary_redeal_may_be_played_while_cards_can_move():
    game = cp_from(OPEN)
    events = game.play("redeal")
    assert isinstance(events[0], Redealt)
    assert game.history == ["redeal"]


# ----------------------------------------------------------------- stuck, won, lost

def test_stuck_when_all_eight_gaps_are_dead():
    game = cp_from(ALL_DEAD)
    assert game.dead_gaps() == 8 and game.stuck
    assert moves(game) == ["redeal"]
    assert not game.over


def test_stuck_as_soon_as_no_gap_can_be_filled_not_only_when_eight_are_dead():
    # (A live gap whose only fillers are locked cannot arise on its own: both
    # locked copies of a card sit right of both copies of the card before it,
    # so no third copy can stand left of a gap.  Gaps right of gaps can.)
    game = cp_from(FOUR_DEAD)
    assert game.dead_gaps() == 4
    assert game.stuck
    assert moves(game) == ["redeal"]


def test_lost_when_stuck_with_no_redeal_left():
    game = cp_from(FOUR_DEAD, redeals_left=0)
    assert game.over and not game.won
    assert game.legal_moves() == []


def test_the_move_that_leaves_nothing_to_play_reports_over():
    game = cp_from(LAST_MOVES, redeals_left=0)
    assert moves(game) == ["g12-h12", "h13-h12"]
    events = game.play("h13-h12")
    assert events == [CardMoved("KS", "h13", "h12"), Over()]
    assert game.over and not game.won


def test_stuck_with_a_redeal_left_is_not_over():
    game = cp_from(LAST_MOVES, redeals_left=1)
    events = game.play("h13-h12")
    assert Over() not in events
    assert game.stuck and not game.over
    assert moves(game) == ["redeal"]


def test_won_when_all_104_cards_are_in_final_position():
    game = cp_from(WON)
    assert game.won and game.over
    assert game.locked_counts() == [13] * 8
    assert game.legal_moves() == []
    assert game.explain("redeal") and not game.stuck


def test_the_winning_move_reports_won():
    game = cp_from(ONE_FROM_WON)
    assert moves(game) == ["h13-h12", "redeal"]
    events = game.play("h13-h12")
    assert events == [CardMoved("KS", "h13", "h12"), Won()]


# ----------------------------------------------------------------- undo

def test_undo_and_redo_reach_back_to_the_start():
    game = cp_from(OPEN)
    start = game.to_dict()
    for move in ("a13-a0", "c5-b3", "e7-c2"):
        game.play(move)
    end = game.to_dict()
    while game.can_undo:
        game.undo()
    assert game.to_dict() == start
    while game.can_redo:
        game.redo()
    assert game.to_dict() == end


def test_undo_runs_the_move_backwards():
    game = cp_from(OPEN)
    game.play("c5-b3")
    assert game.undo() == [CardMoved("4H", "b3", "c5")]


# ----------------------------------------------------------------- bad positions

def test_a_non_ace_in_the_ace_column_is_refused():
    doc = cp_doc(OPEN)
    rows = doc["position"]["rows"]
    rows[0][0], rows[2][5] = rows[2][5], None  # the 4H into a0
    assert "ace column" in refused(doc)


@pytest.mark.parametrize("options, left", [({}, 3), ({"redeals": 1}, 2), ({}, -1), ({}, "2"), ({}, None)])
def test_redeals_left_above_the_option_is_refused(options, left):
    refused(cp_doc(OPEN, redeals_left=left, **options))


def test_redeals_left_up_to_the_option_is_accepted():
    assert cp_from(OPEN, redeals_left=1, redeals=1).redeals_left == 1


@pytest.mark.parametrize("aces, column0", [
    ("bridge-order", ("AD", "--", "--", "--", "--", "--", "--", "--")),  # row a takes clubs
    ("bridge-order", ("AC", "AD", "AS", "AH", "--", "--", "--", "--")),
    ("suits-in-four", ("AC", "AC", "--", "--", "--", "--", "--", "--")),  # clubs in rows a and b
    ("suits-in-four", ("AC", "--", "--", "--", "AD", "--", "--", "--")),  # row e must repeat row a
    ("suits-in-four", ("--", "AH", "--", "--", "--", "AS", "--", "--")),
])
def test_aces_that_break_the_chosen_option_are_refused(aces, column0):
    picture = ace_column(*column0)
    assert "option" in refused(cp_doc(picture, aces=aces))
    assert cp_from(picture, aces="free")


@pytest.mark.parametrize("aces, column0", [
    ("bridge-order", ("AC", "AD", "AH", "AS", "AC", "AD", "AH", "AS")),
    ("bridge-order", ("--", "AD", "--", "--", "AC", "--", "AH", "--")),
    ("suits-in-four", ("AS", "AH", "AC", "AD", "AS", "AH", "AC", "AD")),
    ("suits-in-four", ("--", "AH", "--", "--", "--", "AH", "AD", "--")),
])
def test_aces_that_keep_the_chosen_option_are_accepted(aces, column0):
    game = cp_from(ace_column(*column0), aces=aces)
    assert [row[0] for row in rows_of(game)] == [None if a == "--" else a for a in column0]


def test_a_missing_card_is_refused():
    doc = cp_doc(OPEN)
    doc["position"]["rows"][2][5] = None
    assert "4H" in refused(doc)


def test_a_third_copy_is_refused():
    doc = cp_doc(OPEN)
    doc["position"]["rows"][2][5] = "2S"
    assert "2S" in refused(doc)


@pytest.mark.parametrize("name", ["ZZ", "1H", "", "4h4"])
def test_an_unknown_card_name_is_refused(name):
    doc = cp_doc(OPEN)
    doc["position"]["rows"][2][5] = name
    refused(doc)


@pytest.mark.parametrize("reshape", [
    lambda rows: rows[:7],
    lambda rows: [row[1:] for row in rows],
    lambda rows: rows + [rows[0]],
])
def test_rows_of_the_wrong_shape_are_refused(reshape):
    doc = cp_doc(OPEN)
    doc["position"]["rows"] = reshape(doc["position"]["rows"])
    refused(doc)
