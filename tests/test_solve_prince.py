"""The Prince's solver (engine/solve/prince.py, prince_search.py): its wins replay in the
engine, its proofs agree with a plain exhaustive search over the engine's
own moves, and it prunes only what cannot matter."""

from __future__ import annotations

import json
import random

import pytest
from conftest import prince
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.cards import NAMES
from engine.packing import RULES
from engine.solve import Budget, Status, solve
from engine.solve.prince import _Rule, state_of
from engine.solve.prince_search import PrinceSearch


def solve_prince(game, budget):
    return solve(game, budget)


def copy_of(game):
    doc = game.to_dict()
    return engine.from_dict({"format": 1, "game": "prince", "options": doc["options"],
                             "seed": doc["seed"], "position": doc["position"]})


def replays_to_a_win(game, moves):
    g = copy_of(game)
    for m in moves:
        g.play(m)
    return g.won


def reference(game, limit):
    """Plain exhaustive search over ``legal_moves()`` (layoff and all), no
    pruning, no symmetry: True if a won position is reachable, False if not,
    None if more than ``limit`` positions are reachable."""
    g = copy_of(game)
    if g.won:
        return True
    seen = {json.dumps(g.position())}
    stack = [iter(g.legal_moves())]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                g.undo()
            continue
        g.play(move)
        if g.won:
            return True
        key = json.dumps(g.position())
        if key in seen:
            g.undo()
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        stack.append(iter(g.legal_moves()))
    return False


# ---------------------------------------------------------------- wins

@pytest.mark.parametrize("rule", RULES)
def test_every_won_line_replays_to_a_win_in_the_engine(rule):
    for seed in range(1, 16):
        game = engine.new_game("prince", seed=seed, rule=rule)
        before = game.to_dict()
        result = solve_prince(game, Budget(seconds=0.5))
        assert game.to_dict() == before, "the solver changed the game"
        assert result.status in ("won", "impossible", "unknown")
        if result.status == "won":
            assert replays_to_a_win(game, result.moves), f"deal {seed}: the line does not win"
        elif result.status == "impossible":
            assert result.moves == []


def test_a_position_one_move_from_a_win_is_found():
    # everything is on the foundations but the KH, which is in the reserve
    game = prince([], reserve=[None, None, "KH", None, None, None, None],
                  foundations=["KC", "KD", "QH", "KS"])
    result = solve_prince(game, Budget(seconds=5))
    assert result.status == "won" and result.moves == ["r3-f"]


def test_a_position_two_moves_from_a_win_is_found():
    game = prince(["KH QH"], foundations=["KC", "KD", "JH", "KS"])
    result = solve_prince(game, Budget(seconds=5))
    assert result.status == "won" and result.moves == ["c1-f", "c1-f"]


def test_a_win_that_needs_a_move_off_the_foundations_first():
    # the KH lies on the QH the foundation needs: into a vacancy with it
    game = prince(["QH KH"], foundations=["KC", "KD", "JH", "KS"])
    result = solve_prince(game, Budget(seconds=5))
    assert result.status == "won" and result.moves == ["c1-c2", "c1-f", "c2-f"]


def test_a_won_position_is_won_with_no_moves():
    game = prince([], foundations=["KC", "KD", "KH", "KS"])
    assert game.won
    assert solve_prince(game, Budget(seconds=1)).status == "won"
    assert solve_prince(game, Budget(seconds=1)).moves == []


def test_safe_foundation_moves_are_written_in_the_line():
    game = prince(["KC QC", "KD QD", "KH QH", "KS QS"], foundations=["JC", "JD", "JH", "JS"])
    result = solve_prince(game, Budget(seconds=1))
    assert result.status == "won" and result.nodes == 0
    assert sorted(result.moves) == sorted(["c1-f", "c1-f", "c2-f", "c2-f", "c3-f", "c3-f", "c4-f", "c4-f"])
    assert replays_to_a_win(game, result.moves)


def test_the_line_names_foundations_as_the_position_numbers_them():
    # the counterexample below with its foundations in another order: the
    # black 4 that must come back is on f1 (spades) or f4 (clubs)
    doc = counterexample().to_dict()
    doc["position"]["foundations"] = ["4S", "4H", "AD", "4C"]
    del doc["deal"], doc["history"]
    game = engine.from_dict(doc)
    result = solve_prince(game, Budget(seconds=10))
    assert result.status == "won"
    assert result.moves[0] in ("f1-c2", "f4-c2")
    assert replays_to_a_win(game, result.moves)


# ---------------------------------------------------------------- proofs

def test_a_position_with_no_legal_move_is_impossible():
    tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]  # all black: none packs on another
    rest = [n for n in NAMES if n[0] != "A" and n not in tops and n[0] != "2"]
    piles = [rest[i::9] for i in range(9)]
    for i, two in enumerate(["2C", "2D", "2H", "2S"]):
        piles[i].insert(0, two)          # buried: the 2s cannot go up
    game = prince([p + [t] for p, t in zip(piles, tops)], foundations=["AC", "AD", "AH", "AS"])
    assert game.legal_moves() == []
    result = solve_prince(game, Budget(seconds=5))
    assert result.status == "impossible" and result.moves == []


# numbered deals whose whole game tree the plain search can walk (at most
# 3000 positions); the solver's verdict must be the same
SMALL_DEALS = [("alternate", 6), ("alternate", 12), ("alternate", 17), ("alternate", 52),
               ("same-suit", 2), ("same-suit", 4), ("same-suit", 8), ("same-suit", 20),
               ("same-suit", 29), ("same-suit", 32), ("same-suit", 35), ("same-suit", 42)]


@pytest.mark.parametrize("rule,seed", SMALL_DEALS)
def test_the_verdict_agrees_with_a_plain_exhaustive_search(rule, seed):
    game = engine.new_game("prince", seed=seed, rule=rule)
    truth = reference(game, 3000)
    assert truth is not None
    result = solve_prince(game, Budget(seconds=30))
    assert result.status == ("won" if truth else "impossible")


def counterexample():
    """5H could go up, and both black 4s are up; yet the 4S must come back
    to lie on the 5H (to take the 3D off the 2D): with the 5H up the game
    has no move at all."""
    cols = [["2D", "3D"], ["KS", "5H"], "QD JD TD 8D 7D 6D 5D 4D KC".split(), "QC JC TC 9C 8C 6C 5C KD".split(),
            "QS JS TS 9S 8S 6S 5S KH".split(), "QH JH TH 8H 7H 6H 7C".split(), ["7S"], ["9D"], ["9H"]]
    return prince(cols, foundations=["4C", "AD", "4H", "4S"])


def test_the_usual_safe_rule_is_unsound_when_foundation_cards_come_back():
    game = counterexample()
    assert "c2-f" in {str(m) for m in game.legal_moves()}
    result = solve_prince(game, Budget(seconds=10))
    assert result.status == "won"
    assert replays_to_a_win(game, result.moves)
    up = copy_of(game)
    up.play("c2-f")
    assert up.over and not up.won                      # the "safe" move loses
    assert solve_prince(up, Budget(seconds=10)).status == "impossible"
    # and the solver does not count the 5H safe
    safe = _Rule.get("alternate").info((4, 1, 4, 4))[0]
    assert engine.card("5H") not in safe


def small_positions(rnd, rule):
    """A position with at most 10 cards off the foundations, every column
    holding one, the next card of each suit at the bottom of a column."""
    while True:
        heights = [rnd.randint(9, 13) for _ in range(4)]
        cards = [r * 4 + s for s in range(4) for r in range(heights[s], 13)]
        if 6 <= len(cards) <= 10:
            break
    nexts = [heights[s] * 4 + s for s in range(4) if heights[s] < 13]
    others = [c for c in cards if c not in nexts]
    rnd.shuffle(others)
    cols = [[] for _ in range(9)]
    for c, i in zip(nexts, rnd.sample(range(9), len(nexts))):
        cols[i].append(NAMES[c])
    reserve = [None] * 7
    for c in others:
        if rnd.random() < 0.2:
            reserve[rnd.randrange(7)] = NAMES[c]   # a card it replaces goes nowhere: put it back
        else:
            cols[rnd.randrange(9)].append(NAMES[c])
    placed = {n for col in cols for n in col} | set(reserve)
    for c in others:
        if NAMES[c] not in placed:
            cols[rnd.randrange(9)].append(NAMES[c])
    found = [NAMES[(heights[s] - 1) * 4 + s] for s in range(4)]
    return prince(cols, reserve=reserve, foundations=found, rule=rule)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(RULES))
def test_random_small_positions_agree_with_a_plain_exhaustive_search(seed, rule):
    game = small_positions(random.Random(seed), rule)
    truth = reference(game, 1500)
    result = solve_prince(game, Budget(nodes=200_000))
    assert result.status != "unknown"
    if truth is not None:
        assert result.status == ("won" if truth else "impossible")
    if result.status == "won":
        assert replays_to_a_win(game, result.moves)


def deal_with_two_cards_swapped(seed, rule, i, j):
    """Deal ``seed`` with its i-th and j-th cards (columns, then reserve)
    swapped: a new deal, often one whose game tree is small."""
    pos = engine.new_game("prince", seed=seed).position()
    places = [("c", c, k) for c in range(9) for k in range(len(pos["columns"][c]))]
    places += [("r", k, None) for k in range(7) if pos["reserve"][k]]

    def pile(place):
        return (pos["columns"][place[1]], place[2]) if place[0] == "c" else (pos["reserve"], place[1])

    (pa, ka), (pb, kb) = pile(places[i % len(places)]), pile(places[j % len(places)])
    pa[ka], pb[kb] = pb[kb], pa[ka]
    return prince(pos["columns"], reserve=pos["reserve"], foundations=pos["foundations"], rule=rule)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["same-suit", "same-suit", "alternate"]),
       st.integers(0, 47), st.integers(0, 47))
def test_deals_with_two_cards_swapped_agree_with_a_plain_exhaustive_search(seed, rule, i, j):
    game = deal_with_two_cards_swapped(seed, rule, i, j)
    truth = reference(game, 1500)
    result = solve_prince(game, Budget(seconds=20))
    if truth is not None:
        assert result.status == ("won" if truth else "impossible")
    if result.status == "won":
        assert replays_to_a_win(game, result.moves)


def test_unknown_when_the_budget_runs_out_first():
    game = engine.new_game("prince", seed=21)
    result = solve_prince(game, Budget(nodes=5))
    assert result.status is Status.UNKNOWN and result.nodes == 6
    g = copy_of(game)
    for m in result.moves:
        g.play(m)                       # the best line so far, legal throughout


# ---------------------------------------------------------------- what is pruned

def test_columns_in_another_order_are_the_same_position():
    piles = ["KC QD JC TD", "KD QC JD TC", "KH QS", "KS QH", "JH TS", "JS TH"]
    a = PrinceSearch(prince(piles).position(), "alternate")
    b = PrinceSearch(prince(["", piles[5], piles[0], "", *piles[1:5]]).position(), "alternate")
    assert a.cols != b.cols
    assert a.key(a.cols, a.res) == b.key(b.cols, b.res)


def test_under_same_suit_no_foundation_card_ever_comes_back():
    info = _Rule.get("same-suit").info
    for found in [(5, 7, 2, 13), (12, 12, 12, 12), (2, 3, 4, 5)]:
        assert info(found)[2] == ()                       # nothing to play back
        assert len(info(found)[0]) == sum(1 for f in found if f < 13)  # every next card safe


def test_dead_foundation_cards_alternate_colour():
    info = _Rule.get("alternate").info
    # all at 6: every card is dead (no red 5 can need a black 6 ...), all next cards safe
    safe, unsafe, back, _ = info((6, 6, 6, 6))
    assert back == () and unsafe == frozenset()
    # clubs far ahead: the 9C might be needed for a red 8, so it may come back,
    # and the TC is not safe; the red suits' next cards (7D, 7H) are
    safe, unsafe, back, _ = info((9, 6, 6, 6))
    assert (0, engine.card("9C")) in back
    assert engine.card("TC") in unsafe
    assert {engine.card("7D"), engine.card("7H")} <= safe


def test_rank_two_is_always_safe():
    for rule in RULES:
        safe = _Rule.get(rule).info((1, 1, 1, 1))[0]
        assert safe == frozenset(engine.card(n) for n in ("2C", "2D", "2H", "2S"))


def pruned_for_a_reason(game, search, text):
    """Why the solver may leave out the engine's legal move ``text``."""
    cols, reserve, found, where = state_of(game.position())
    safe, _, back, _ = search.tables.info(found)
    if text == "layoff":
        return "layoff is a run of single foundation moves"
    src, dst = text.split(":")[0].split("-")
    count = int(text.split(":")[1]) if ":" in text else 1
    if dst == "f":
        card = cols[int(src[1:]) - 1][-1] if src[0] == "c" else reserve[int(src[1:]) - 1]
        return "safe, played at once" if card in safe else None
    j = int(dst[1:]) - 1
    if src[0] == "f":
        suit = where.index(int(src[1:]) - 1)
        if suit not in [s for s, _ in back]:
            return "a dead foundation card"
    if not cols[j]:
        first = [i for i in range(9) if not cols[i]][0]
        if j != first:
            return "only the first vacancy"
        if src[0] == "c" and count == len(cols[int(src[1:]) - 1]):
            return "a whole column into a vacancy"
    return None


@pytest.mark.parametrize("rule", RULES)
def test_the_moves_searched_are_the_engines_less_only_what_the_notes_prune(rule):
    rnd = random.Random(7)
    for seed in range(1, 9):
        game = engine.new_game("prince", seed=seed, rule=rule)
        for _ in range(60):
            search = PrinceSearch(game.position(), rule)
            cols, res, found = search.cols, search.res, search.found
            ours = set(search.notation(search.moves(cols, res, found)))
            legal = {str(m) for m in game.legal_moves()}
            assert ours <= legal, f"not legal in the engine: {ours - legal}"
            for text in legal - ours:
                assert pruned_for_a_reason(game, search, text), f"{text} left out for no reason"
            if not legal:
                break
            game.play(rnd.choice(sorted(legal)))


# ---------------------------------------------------------------- hints

def test_best_line_for_hints():
    game = engine.new_game("prince", seed=21)
    result = solve_prince(game, Budget(nodes=300))
    assert result.status is Status.UNKNOWN
    best = result.moves
    assert best and best[0] in {str(m) for m in game.legal_moves()}
    g = copy_of(game)
    for m in best:
        g.play(m)                       # the whole line is legal
