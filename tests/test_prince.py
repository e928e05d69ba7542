"""The Prince (docs/rules.md, "The Prince"), one rule per test, from positions."""

import json

import pytest
from conftest import prince
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import BadPosition, IllegalMove, MoveError

HIGH = ["9C", "9D", "9H", "9S"]   # foundations this high leave 16 cards to place


# the 16 cards above the nines, spread so that every column holds some
SPREAD = ["KC QD JC TD", "KD QC JD TC", "KH QS", "KS QH", "JH TS", "JS TH", "", "", ""]


def legal(game):
    return {str(m) for m in game.legal_moves()}


def test_the_deal_is_nine_columns_of_nine_down_to_one_and_seven_in_reserve_before_the_aces_go():
    game = engine.new_game("prince", seed=1)
    dealt = game.opening_events[0]
    assert isinstance(dealt, engine.CardsDealt)
    per_column = [sum(1 for _, p in dealt.cards if p == f"c{i}") for i in range(1, 10)]
    assert per_column == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert sum(1 for _, p in dealt.cards if p.startswith("r")) == 7


def test_every_ace_is_laid_off_before_play_from_wherever_it_lies():
    for seed in range(20):
        game = engine.new_game("prince", seed=seed)
        pos = game.position()
        assert pos["foundations"] == ["AC", "AD", "AH", "AS"]
        on_table = [c for col in pos["columns"] for c in col] + [c for c in pos["reserve"] if c]
        assert not any(c.startswith("A") for c in on_table)
        assert len(on_table) == 48
        assert game.to_dict()["deal"] == pos  # the deal is the layout after the aces left


def test_the_deal_for_seed_1_is_pinned():
    pos = engine.new_game("prince", seed=1).position()
    assert pos["columns"][0] == ["QC", "KC", "8C", "8S", "8H", "KH", "4D", "JC", "JD"]
    assert pos["reserve"] == ["4H", None, None, "QH", "5D", "8D", "KD"]
    assert pos["columns"][8] == ["3H"]


# alternation: JH (red) may go on QS (black), JS (black) may not; TD on JC, not TC
PACKING = ["KC QD JC", "KD QS", "JH", "JS", "TD", "TC", "KH QC JD TS", "KS QH TH", ""]


def test_alternating_colour_packs_a_red_card_on_a_black_one_rank_higher():
    game = prince(PACKING)
    assert game.explain("c3-c2") is None
    assert game.explain("c5-c1") is None


def test_alternating_colour_refuses_the_same_colour():
    game = prince(PACKING)
    assert "the colour is not; only a red jack" in game.explain("c4-c2")     # JS on QS
    assert "the colour is not; only a red ten" in game.explain("c6-c1")      # TC on JC


def test_any_suit_packs_on_any_card_one_rank_higher():
    game = prince(PACKING, rule="any-suit")
    for move in ("c3-c2", "c4-c2", "c5-c1", "c6-c1"):
        assert game.explain(move) is None
    assert "cannot go on" in game.explain("c5-c6")  # same rank


def test_same_suit_packs_only_within_the_suit():
    game = prince(PACKING, rule="same-suit")
    assert game.explain("c4-c2") is None   # JS on QS
    assert game.explain("c6-c1") is None   # TC on JC
    assert "the suit is not; only the JS" in game.explain("c3-c2")
    assert "the suit is not; only the TC" in game.explain("c5-c1")


RUN = "KS QH JC TD 9S 8H 7C 6D 5S".split()     # a nine-card alternating run
# the card each length of the run's top lands on: 1 card (5S) on 6H, 2 (6D..) on 7S, ...
LANDS_ON = {1: "6H", 2: "7S", 4: "9C", 8: "KC"}


def vacancy_game(vacancies, ok, over):
    """The run in c1; c2 topped by the card that takes ``ok`` cards, c3 by the
    card that takes ``over`` cards; ``vacancies`` empty columns."""
    from engine.cards import NAMES
    targets = [LANDS_ON[ok], LANDS_ON.get(over, "6C")]
    rest = [n for n in NAMES if n[0] != "A" and n not in RUN and n not in targets]
    n_other = 9 - vacancies - 1
    piles = [rest[i::n_other] for i in range(n_other)]
    piles[0].append(targets[0])
    piles[1].append(targets[1])
    return prince([RUN] + piles + [[]] * vacancies, foundations=["AC", "AD", "AH", "AS"])


@pytest.mark.parametrize("vacancies,onto,into", [(0, 1, 0), (1, 2, 1), (2, 4, 2), (3, 8, 4)])
def test_sequence_moves_carry_two_to_the_n_onto_a_column_and_half_that_into_a_vacancy(vacancies, onto, into):
    game = vacancy_game(vacancies, onto, onto * 2)
    assert game.vacancies() == vacancies
    assert game.explain("c1-c2" + (f":{onto}" if onto > 1 else "")) is None
    if onto * 2 in LANDS_ON:
        reason = game.explain(f"c1-c3:{onto * 2}")
        assert reason and f"at most {onto} card" in reason
    if vacancies:
        assert game.explain("c1-c9" + (f":{into}" if into > 1 else "")) is None
        reason = game.explain(f"c1-c9:{into + 1}")
        assert reason and f"at most {into} card" in reason


def test_a_sequence_must_follow_the_packing_rule_to_move_together():
    game = prince(["KC QD JC TD", "KD QC JD TC", "KH QS", "KS QH JS", "JH TS", "TH", "", "", ""])
    # c4: QH JS is an alternating run of 2, KS QH too: 3 cards KS QH JS; onto nothing higher than K
    assert game.movable_run(3) == 3
    assert "not a sequence" in game.explain("c1-c7:5") or "holds only" in game.explain("c1-c7:5")


def test_reserve_cards_play_onto_columns_and_foundations():
    game = prince(["KC QD JC", "KD QC JD TC", "KH QS", "KS QH JS", "JH TS", "", "", "", ""],
                  reserve=["TD", "TH", None, None, None, None, None])
    assert "r1-c1" in legal(game)    # TD on JC
    game2 = prince(["KC QD JC TD", "KD QC JD TC", "KH QS JH", "KS QH JS TH", "", "", "", "", ""],
                   reserve=["TS", None, None, None, None, None, None],
                   foundations=["9C", "9D", "9H", "9S"])
    assert "r1-f" in legal(game2)


def test_nothing_is_ever_put_into_the_reserve():
    game = prince(SPREAD, reserve=[None] * 7)
    reason = game.explain("c1-r1")
    assert reason and "reserve" in reason
    with pytest.raises(IllegalMove):
        game.play("c1-r1")


def test_a_foundation_top_plays_back_onto_a_column_or_into_a_vacancy():
    game = prince(SPREAD)
    assert "f1-c1" in legal(game)  # the 9C on the red TD
    assert "f1-c2" not in legal(game)  # not on the black TC
    game.play("f1-c7")
    assert game.position()["foundations"][0] == "8C"
    assert game.position()["columns"][6] == ["9C"]


def test_an_ace_never_leaves_its_foundation():
    game = prince(["KC QD JC TD 9S 8H 7C 6D 5S 4H 3C 2D", "KD QC JD TC 9H 8S 7D 6C 5H 4S 3D 2C",
                   "KH QS JH TS 9D 8C 7H 6S 5D 4C 3H 2S", "KS QH JS TH 9C 8D 7S 6H 5C 4D 3S 2H"],
                  foundations=["AC", "AD", "AH", "AS"])
    reason = game.explain("f1-c5")
    assert reason and "ace never leaves" in reason
    assert not any(str(m).startswith("f") for m in game.legal_moves())


def test_layoff_plays_every_foundation_card_from_columns_and_reserve_in_one_step():
    game = prince(["KC QD JC TD", "KD QC JD TC", "KH QS JH TS", "KS QH JS TH", "", "", "", "", ""],
                  reserve=[None] * 7, rule="any-suit")
    assert "layoff" in legal(game)
    game.play("layoff")
    assert game.won
    assert game.history == ["layoff"]
    game.undo()
    assert game.position()["foundations"] == HIGH
    assert game.history == []


def test_layoff_takes_reserve_cards_too():
    game = prince(["KC QD JC", "KD QC JD TC", "KH QS JH TS", "KS QH JS TH", "", "", "", "", ""],
                  reserve=["TD", None, None, None, None, None, None])
    game.play("layoff")
    assert game.position()["reserve"][0] is None
    assert game.won


def test_layoff_is_not_listed_when_no_card_can_go_up():
    game = prince(["9C", "KD QC JD TC", "KH QS JH TS", "KS QH JS TH", "KC QD JC TD", "", "", "", ""],
                  foundations=["8C", "9D", "9H", "9S"])
    assert "layoff" in legal(game)
    game2 = prince(["TD KC", "TC KD", "TH QC", "TS QD", "JC QH", "JD QS", "JH KH", "JS KS", ""])
    assert "layoff" not in legal(game2)
    assert game2.explain("layoff")


def test_shift_click_tries_one_card_on_the_foundations():
    game = prince(["KC QD JC TD", "KD QC JD TC", "KH QS JH TS", "KS QH JS TH", "", "", "", "", ""])
    assert str(game.foundation_move("c1")) == "c1-f"
    assert game.foundation_move("c5") is None


def test_won_when_all_52_cards_are_on_the_foundations():
    game = prince(["KC QD JC TD", "KD QC JD TC", "KH QS JH TS", "KS QH JS TH", "", "", "", "", ""],
                  rule="any-suit")
    events = game.play("layoff")
    assert game.won and game.over
    assert isinstance(events[-1], engine.Won)
    assert game.legal_moves() == []


def test_over_exactly_when_no_legal_move_is_left():
    from engine.cards import NAMES
    tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]  # all black: none packs on another
    rest = [n for n in NAMES if n[0] != "A" and n not in tops and n[0] != "2"]
    twos = ["2C", "2D", "2H", "2S"]
    piles = [rest[i::9] for i in range(9)]
    for i, two in enumerate(twos):
        piles[i].insert(0, two)          # buried: the 2s cannot go up
    cols = [p + [t] for p, t in zip(piles, tops)]
    game = prince(cols, foundations=["AC", "AD", "AH", "AS"])
    assert game.legal_moves() == []
    assert game.over and not game.won
    # free one 2 and the game is not over
    cols[0].append(cols[0].pop(0))
    assert not prince(cols, foundations=["AC", "AD", "AH", "AS"]).over


def test_a_move_that_ends_the_game_reports_over():
    from engine.cards import NAMES
    tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS"]
    rest = [n for n in NAMES if n[0] != "A" and n not in tops and n != "9C"]
    piles = [rest[i::8] for i in range(8)]
    cols = [p + [t] for p, t in zip(piles, tops)] + [[]]
    cols[8] = []
    game = prince(cols, reserve=["9C"] + [None] * 6, foundations=["AC", "AD", "AH", "AS"])
    # the 9C may only go into the vacancy; after that nothing can move
    if [str(m) for m in game.legal_moves()] == ["r1-c9"]:
        events = game.play("r1-c9")
        assert isinstance(events[-1], engine.Over)


@pytest.mark.parametrize("damage,words", [
    (lambda p: p["foundations"].__setitem__(0, None), "empty"),
    (lambda p: p["columns"][0].append("KC"), "too many"),
    (lambda p: p["columns"][0].pop(), "missing"),
    (lambda p: p["reserve"].pop(), "reserve"),
    (lambda p: p["columns"].pop(), "columns"),
    (lambda p: p["foundations"].__setitem__(1, "AC"), ""),
    (lambda p: p["columns"][1].append("XX"), "not a card"),
])
def test_damaged_positions_are_refused_with_a_reason(damage, words):
    pos = engine.new_game("prince", seed=5).position()
    damage(pos)
    with pytest.raises(BadPosition) as e:
        engine.from_dict({"format": 1, "game": "prince", "position": pos})
    assert str(e.value) and words in str(e.value)


# ----------------------------------------------------------------- properties
PLACES = [f"c{i}" for i in range(1, 10)] + [f"r{i}" for i in range(1, 8)] + \
         [f"f{i}" for i in range(1, 5)] + ["f"]


def all_cards(game):
    pos = game.position()
    cards = [c for col in pos["columns"] for c in col] + [c for c in pos["reserve"] if c]
    ranks = "A23456789TJQK"
    for top in pos["foundations"]:
        cards += [r + top[1] for r in ranks[:ranks.index(top[0]) + 1]]
    return sorted(cards)


FULL_DECK = sorted(r + s for r in "A23456789TJQK" for s in "CDHS")
rules = st.sampled_from(["alternate", "any-suit", "same-suit"])
seeds = st.integers(0, 2**63 - 1)


def playout(game, rnd, n):
    for _ in range(n):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rnd.choice(moves))


@settings(max_examples=25, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False))
def test_random_play_never_loses_or_duplicates_a_card(seed, rule, rnd):
    game = engine.new_game("prince", seed=seed, rule=rule)
    for _ in range(120):
        moves = game.legal_moves()
        if not moves:
            break
        for m in moves:
            assert game.explain(m) is None
        game.play(rnd.choice(moves))
        assert all_cards(game) == FULL_DECK


@settings(max_examples=8, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False), st.integers(0, 60))
def test_a_move_is_legal_exactly_when_it_is_listed(seed, rule, rnd, steps):
    game = engine.new_game("prince", seed=seed, rule=rule)
    playout(game, rnd, steps)
    listed = legal(game)
    before = game.to_dict()
    for src in PLACES:
        for dst in PLACES:
            for count in range(1, 14):
                text = f"{src}-{dst}" + (f":{count}" if count > 1 else "")
                reason = game.explain(text)
                if dst[0] == "f" and len(dst) > 1 and src[0] != "f":
                    # an explicit foundation: legal when the bare move is and it takes the card
                    bare = f"{src}-f" + (f":{count}" if count > 1 else "")
                    if reason is None:
                        assert bare in listed, text
                    continue
                assert (reason is None) == (text in listed), (text, reason)
                if reason is not None and count <= 2:
                    with pytest.raises(IllegalMove) as e:
                        game.play(text)
                    assert e.value.reason
    assert game.to_dict() == before


@settings(max_examples=20, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False), st.integers(1, 80))
def test_undo_and_redo_and_save_and_load_restore_exactly(seed, rule, rnd, steps):
    game = engine.new_game("prince", seed=seed, rule=rule)
    snapshots = [game.to_dict()]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rnd.choice(moves))
        snapshots.append(game.to_dict())
    loaded = engine.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.to_dict() == game.to_dict()
    assert legal(loaded) == legal(game)
    for snap in reversed(snapshots[:-1]):
        game.undo()
        assert game.to_dict()["position"] == snap["position"]
    assert not game.can_undo
    for snap in snapshots[1:]:
        game.redo()
        assert game.to_dict() == snap


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=12))
def test_garbage_moves_are_refused_with_a_reason_and_change_nothing(text):
    game = engine.new_game("prince", seed=11)
    before = game.to_dict()
    reason = game.explain(text)
    if reason is None:
        return
    with pytest.raises(MoveError) as caught:
        game.play(text)
    assert caught.value.reason == reason
    assert game.to_dict() == before
