"""Tidying a solver's line (engine/solve/tidy.py): the moves that come back
to a position the line has passed through, exactly or with interchangeable
piles swapped, are cut, and the rest of the line is renamed to still play.

Hand-made lines with a shuttle in The Smith and The Republic; random legal
lines in every game (the tidied line plays from the same position to the
same place, up to swapped piles, and is never longer); and real solver
output, which passes through no position twice.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solve_piles import republic_doc, smith_doc

import engine
from engine import solve
from engine.cards import MAX_SEED, RANKS
from engine.solve import Budget, Status
from engine.solve import tidy as tidy_module
from engine.solve.budget import OutOfBudget
from engine.solve.replay import check_line, position_copy
from engine.solve.tidy import tidy

RULES = ("alternate", "any-suit", "same-suit")


# ----------------------------------------------------------------- helpers, apart from the module's own

def shape(game) -> tuple:
    """``game``'s position up to the permutations the rules allow: The
    Smith's columns once its stock is empty, The Republic's column-and-packet
    pairs, The Prince's columns; everything else as it lies."""
    position = dict(game.position())
    piles = None
    if game.name == "republic":
        piles = sorted(zip(map(tuple, position.pop("packets")), map(tuple, position.pop("columns"))))
    elif game.name == "prince" or (game.name == "smith" and not position["stock"]):
        piles = sorted(map(tuple, position.pop("columns")))
    return json.dumps(position, sort_keys=True), None if piles is None else tuple(piles)


def played(game, line: list[str]):
    """A copy of ``game`` with ``line`` played, each move checked legal."""
    copy = position_copy(game)
    for i, move in enumerate(line):
        assert copy.explain(move) is None, (i, move, copy.explain(move))
        copy.play(move)
    return copy


def shapes(game, line: list[str]) -> list[tuple]:
    """The shape of every position ``line`` passes through, the first included."""
    copy = position_copy(game)
    found = [shape(copy)]
    for move in line:
        copy.play(move)
        found.append(shape(copy))
    return found


def swapped(line: list[str], a: int, b: int) -> list[str]:
    """``line`` with piles ``a`` and ``b`` (columns and packets, 1-based) swapped in every move."""
    names = {a: b, b: a}
    return [re.sub(r"\b([cp])(\d+)", lambda m: m[1] + str(names.get(int(m[2]), int(m[2]))), move)
            for move in line]


# ----------------------------------------------------------------- The Smith, by hand

def smith_endgame():
    """Two heart suits left, in four columns, the stock empty."""
    return engine.from_dict(smith_doc(["KH QH JH TH 9H 8H 7H", "6H 5H 4H 3H 2H AH",
                                       "KH QH JH TH 9H", "8H 7H 6H 5H 4H 3H 2H AH"],
                                      laid=("KC", "KC", "KD", "KD", "KS", "KS")))


SMITH_WIN = ["c2-c1:6", "c1-f:13", "c4-c3:8", "c3-f:13"]


def test_the_smith_line_by_hand_wins():
    assert played(smith_endgame(), SMITH_WIN).won


def test_the_smith_three_column_shuttle_is_cut_and_the_rest_renamed():
    """c1 and c3 swap through the empty c5 (the Demo's ``c2-c1:11 c4-c2:11
    c1-c4:11``): the position is the one before, columns swapped."""
    game = smith_endgame()
    shuttle = ["c1-c5:7", "c3-c1:5", "c5-c3:7"]
    line = shuttle + swapped(SMITH_WIN, 1, 3)
    assert played(game, line).won
    assert tidy(game, line) == SMITH_WIN


def test_the_smith_run_moved_away_and_straight_back_is_cut():
    game = smith_endgame()
    line = SMITH_WIN[:1] + ["c4-c6:3", "c6-c4:3"] + SMITH_WIN[1:]
    assert played(game, line).won
    assert tidy(game, line) == SMITH_WIN


def test_the_smith_shuttles_one_after_another_are_all_cut():
    game = smith_endgame()
    line = (["c2-c7:6", "c7-c2:6", "c1-c5:7", "c3-c1:5", "c5-c3:7"] + swapped(SMITH_WIN[:2], 1, 3)
            + ["c4-c8:8"] + swapped(swapped(SMITH_WIN[2:], 1, 3), 4, 8))
    assert played(game, line).won
    assert tidy(game, line) == SMITH_WIN


def test_a_line_that_comes_back_to_its_start_is_cut_to_nothing():
    game = smith_endgame()
    assert tidy(game, ["c2-c5:6"]) == []            # a whole column into an empty one
    assert tidy(game, ["c2-c5:6", "c5-c7:6", "c7-c2:6"]) == []


def test_the_smith_columns_are_not_interchangeable_while_the_stock_holds_cards():
    """A deal puts a given card on a given column: moving a whole column
    into an empty one changes what the next deal does."""
    game = engine.from_dict(smith_doc(["KH QH JH TH 9H", "KH QH JH TH 9H 8H 7H 6H", "5H 4H 3H 2H AH"],
                                      stock="AH 2H 3H 4H 5H 6H 7H 8H".split(),
                                      laid=("KC", "KC", "KD", "KD", "KS", "KS")))
    assert tidy(game, ["c3-c4:5"]) == ["c3-c4:5"]
    assert tidy(game, ["c3-c4:5", "c4-c3:5"]) == []     # a plain repeat is cut all the same


def test_a_line_without_repeats_is_left_as_it_is():
    game = smith_endgame()
    assert tidy(game, SMITH_WIN) == SMITH_WIN
    assert tidy(game, []) == []


def test_a_line_the_engine_refuses_is_left_for_the_replay_check_to_report():
    game = smith_endgame()
    for line in (["c2-c9"], ["c2-c1:6", "c2-c1"], ["c2-c5:6", "c5-c2:6", "c1-c3"]):
        assert tidy(game, line) == line


def test_a_cancelled_budget_stops_the_tidying():
    budget = Budget()
    budget.cancel()
    with pytest.raises(OutOfBudget):
        tidy(smith_endgame(), SMITH_WIN, budget)


def test_a_renaming_the_engine_refuses_gives_way_to_the_plain_repeats_alone(monkeypatch):
    """The check is no formality: with the renaming broken (later moves
    left as they were), the tidied line would not play, so only the plain
    repeat is cut."""
    monkeypatch.setattr(tidy_module, "_renamed", lambda text, rename, letters: text)
    game = smith_endgame()
    shuttle = ["c1-c5:7", "c3-c1:5", "c5-c3:7"] + swapped(SMITH_WIN[:1], 1, 3)
    line = shuttle + ["c4-c6:3", "c6-c4:3"] + swapped(SMITH_WIN[1:], 1, 3)
    assert played(game, line).won
    assert tidy(game, line) == shuttle + swapped(SMITH_WIN[1:], 1, 3)


def test_tidying_leaves_the_game_as_it_was():
    game = smith_endgame()
    before = game.to_dict()
    tidy(game, ["c1-c5:7", "c3-c1:5", "c5-c3:7"] + swapped(SMITH_WIN, 1, 3))
    assert game.to_dict() == before


# ----------------------------------------------------------------- The Republic, by hand

def republic_endgame():
    """Two spades and two hearts in c1 and c2, a packet of diamonds under c5."""
    return engine.from_dict(republic_doc(columns={1: "KS QH", 2: "KH QS", 5: "TD 9D"},
                                         packets={5: "KD QD JD"}))


REPUBLIC_WIN = ["c1-f", "c2-f", "c2-f", "c1-f", "c5-f", "c5-f", "p5-f", "p5-f", "c5-f"]


def test_the_republic_line_by_hand_wins():
    assert played(republic_endgame(), REPUBLIC_WIN).won


def test_the_republic_three_column_shuttle_is_cut_and_the_rest_renamed():
    game = republic_endgame()
    line = ["c1-c3:2", "c2-c1:2", "c3-c2:2"] + swapped(REPUBLIC_WIN, 1, 2)
    assert played(game, line).won
    assert tidy(game, line) == REPUBLIC_WIN


def test_the_republic_pair_swap_through_a_vacancy_is_cut():
    """Once packet p5 is empty (its king moved down into c5), c5 and an
    empty column with an empty packet are interchangeable."""
    game = republic_endgame()
    start = REPUBLIC_WIN[:8]                      # every card home but the KD, now alone in c5
    line = start + ["c5-c4", "c4-c6", "c6-c5"] + REPUBLIC_WIN[8:]
    assert played(game, line).won
    assert tidy(game, line) == REPUBLIC_WIN
    line = start + ["c5-c4"] + swapped(REPUBLIC_WIN[8:], 4, 5)
    assert played(game, line).won
    assert tidy(game, line) == REPUBLIC_WIN


def test_the_republic_card_moved_away_and_straight_back_is_cut():
    game = republic_endgame()
    line = ["c1-c4", "c4-c1"] + REPUBLIC_WIN
    assert played(game, line).won
    assert tidy(game, line) == REPUBLIC_WIN


# ----------------------------------------------------------------- random lines, every game

def smith_with_empty_stock(rnd, rule: str):
    """A Smith position after the stock ran out: some suits laid off, the
    rest of the cards spread over some of the columns (the others empty)."""
    suits = [s for s in "CDHS" for _ in range(2)]
    rnd.shuffle(suits)
    laid = rnd.randint(3, 6)
    cards = [rank + s for s in suits[laid:] for rank in RANKS]
    rnd.shuffle(cards)
    used = rnd.randint(4, 7)
    columns: list[list[str]] = [[] for _ in range(8)]
    for c in cards:
        columns[rnd.randrange(used)].append(c)
    return engine.from_dict(smith_doc(columns, laid=tuple("K" + s for s in suits[:laid]), rule=rule))


@st.composite
def random_lines(draw):
    """(game, line): a random deal of any game (or a Smith position with its
    stock empty) and 30 to 150 random legal moves from it (fewer if the game ends).  The Smith deals
    when it can, more often than not, so that its stock runs out."""
    kind = draw(st.sampled_from(["smith", "smith-endgame", "republic", "prince", "gaps", "chinese-puzzle"]))
    rnd = draw(st.randoms(use_true_random=False))
    rule = draw(st.sampled_from(RULES))
    if kind == "smith-endgame":
        game = smith_with_empty_stock(rnd, rule)
    else:
        options = {"rule": rule} if kind in ("smith", "republic", "prince") else {}
        game = engine.new_game(kind, seed=draw(st.integers(0, MAX_SEED)), **options)
    copy = position_copy(game)
    line = []
    for _ in range(draw(st.integers(30, 150))):
        moves = copy.legal_moves()
        if not moves:
            break
        move = choose(rnd, copy, moves)
        copy.play(move)
        line.append(move)
    return game, line


def choose(rnd, game, moves) -> str:
    """A random move of ``moves``: The Smith's deal more often than not,
    and a move into an empty column often (what swaps columns)."""
    texts = [str(m) for m in moves]
    if "deal" in texts and rnd.random() < 0.6:
        return "deal"
    columns = getattr(game, "columns", None)
    into_empty = [str(m) for m in moves if columns is not None and m.dst and m.dst[0] == "c"
                  and not columns[int(m.dst[1:]) - 1]]
    if into_empty and rnd.random() < 0.5:
        return rnd.choice(into_empty)
    return rnd.choice(texts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=random_lines())
def test_a_tidied_random_line_plays_to_the_same_place_and_is_never_longer(drawn):
    game, line = drawn
    tidied = tidy(game, line)
    assert len(tidied) <= len(line)
    assert shape(played(game, tidied)) == shape(played(game, line))
    passed = shapes(game, tidied)
    assert len(set(passed)) == len(passed), "a position passed through twice"
    assert tidy(game, line) == tidied
    assert tidy(game, tidied) == tidied


# ----------------------------------------------------------------- in the solver's interface

@pytest.mark.parametrize("status", [Status.WON, Status.UNKNOWN])
def test_the_solver_answers_its_search_line_tidied(monkeypatch, status):
    shuttle = ["c1-c5:7", "c3-c1:5", "c5-c3:7"]
    line = shuttle + swapped(SMITH_WIN if status is Status.WON else SMITH_WIN[:1], 1, 3)
    monkeypatch.setattr(solve, "_search_for", lambda name: lambda game, budget, known: (status, line))
    result = solve.solve(smith_endgame(), Budget(nodes=1000))
    assert result.status is status
    assert result.moves == (SMITH_WIN if status is Status.WON else SMITH_WIN[:1])


# ----------------------------------------------------------------- real solver output

@pytest.mark.parametrize(("name", "rule", "deal", "nodes"), [
    ("smith", "any-suit", 2, 1_000_000),
    ("smith", "any-suit", 4, 1_000_000),
    ("republic", "alternate", 4, 1_000_000),
    ("prince", "alternate", 1, 300_000),
])
def test_a_solver_line_passes_through_no_position_twice(name, rule, deal, nodes):
    game = engine.new_game(name, seed=deal, rule=rule)
    result = solve.solve(game, Budget(nodes=nodes), known=True)
    assert result.status is Status.WON
    check_line(game, result.moves, must_win=True)
    passed = shapes(game, result.moves)
    assert len(set(passed)) == len(passed), "a position passed through twice"
