"""Cards and the seeded shuffle: the deals are pinned (the same seed deals the
same cards on every machine, and every saved game replays from its seed:
changing the shuffle would break them all, so it would need a new format)."""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine.cards import MAX_SEED, Rng, card, deck, shuffled_deck
from engine.grid import GridGame

SEEDS = st.integers(0, MAX_SEED)
#: the games dealt in rows (their deal is ``deal_rows``)
GRID_GAMES = tuple(name for name, cls in engine.GAMES.items() if issubclass(cls, GridGame))


def deal_rows(name: str, seed: int, **options) -> list[list[str | None]]:
    return engine.new_game(name, seed=seed, **options).to_dict()["deal"]["rows"]


def fingerprint(rows: list[list[str | None]]) -> str:
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


# ----------------------------------------------------------------- pinned deals

def test_gaps_deal_for_seed_1_is_pinned():
    rows = deal_rows("gaps", 1)
    assert rows[0] == ["QC", "KC", "8C", "8S", "8H", "KH", "4D", "JC", "JD", "2C", "3D", "3S", "7S"]
    assert rows[3] == ["2S", "6C", "6D", "6S", "9S", "3H", "4H", None, None, "QH", "5D", "8D", "KD"]
    assert fingerprint(rows) == "61e7f54eeb54033aa055013b1f19495ff7a6c753a09fbfd05801165c7bff7500"


def test_gaps_seed_1_removes_its_aces_from_pinned_places():
    game = engine.new_game("gaps", seed=1)
    removed = game.opening_events[1]
    assert removed == engine.AcesRemoved((("AC", "b8"), ("AH", "c11"), ("AS", "d8"), ("AD", "d9")))


def test_chinese_puzzle_deal_for_seed_1_is_pinned():
    rows = deal_rows("chinese-puzzle", 1)
    assert rows[0] == [None, "JS", "4S", "6D", "5D", "AH", "AH", "7C", "AC", "TS", "6C", "8H", "5H", "2S"]
    assert rows[7] == [None, "AS", "3H", "TC", "9C", "2S", "8S", "8C", "5H", "TH", "9S", "AC", "7S", "KH"]
    assert fingerprint(rows) == "ea0c8745aaf43cebcee7e33f18c4b633103add028b68811b8f9abf6df9b3391a"


def test_gaps_shuffles_for_seed_1_are_pinned():
    """A saved game replays its shuffles: changing them breaks saved games too."""
    game = engine.new_game("gaps", seed=1)
    shuffled = []
    while len(shuffled) < 2:
        # the first legal move, but never a 2 out of column 1 (docs/rules.md lets it
        # go to another row's column-1 gap: two such gaps would trade it for ever)
        move = next(str(m) for m in game.legal_moves() if m.src is None or (m.src[1:], m.dst[1:]) != ("1", "1"))
        game.play(move)
        if move == "redeal":
            shuffled.append((len(game.history), game.to_dict()["position"]["rows"]))
    (first_at, first), (second_at, second) = shuffled
    assert (first_at, second_at) == (31, 65)
    assert first[0] == ["2H", "JS", "5S", None, "9H", "6D", "5H", "8S", "6S", "8D", "4H", "TD", "8C"]
    assert fingerprint(first) == "fd9ca864705413df957c0b125dd9e2b63bf75f3cec36d33095be961c67f4bbc6"
    assert second[0] == ["2H", "3H", "5H", "4H", "9D", "JC", "5S", None, "7H", "9C", "8S", "7C", "TC"]
    assert fingerprint(second) == "3fb44ea4c48aa59e7fa320ffc964ebb882ed33edcb7a55c6116d543e00a3e6d9"


def test_chinese_puzzle_redeals_for_seed_1_are_pinned():
    game = engine.new_game("chinese-puzzle", seed=1)
    game.play("redeal")
    rows = game.to_dict()["position"]["rows"]
    assert rows[0] == [None, "QC", "5S", "4C", "9C", "QH", "2S", "8S", "9D", "6S", "6D", "6H", "6C", "3C"]
    assert fingerprint(rows) == "fb20d5d6e6e70e19368b4b5ea37221671d3904bd302167a30a2d827568fa7d10"
    game.play("redeal")
    rows = game.to_dict()["position"]["rows"]
    assert rows[0] == [None, "KS", "4D", "KC", "JS", "TC", "3D", "8C", "8S", "QC", "QH", "AD", "3C", "5C"]
    assert fingerprint(rows) == "5129825b954fda6bfaa1549828e2fb8cb77d237c3e27d8ef40ebe1e93b190bd5"


def test_the_shuffle_itself_is_pinned():
    assert [c.name for c in shuffled_deck(1)[:6]] == ["QC", "KC", "8C", "8S", "8H", "KH"]
    assert [c.name for c in shuffled_deck(1, copies=2)[:6]] == ["JS", "4S", "6D", "5D", "AH", "AH"]


# ----------------------------------------------------------------- seeds

@pytest.mark.every_game
@pytest.mark.parametrize("name", GRID_GAMES)
@given(seed=SEEDS)
def test_the_same_seed_deals_the_same_cards(name, seed):
    assert deal_rows(name, seed) == deal_rows(name, seed)


@pytest.mark.every_game
@pytest.mark.parametrize("name", GRID_GAMES)
@given(seed=st.integers(0, MAX_SEED - 1))
def test_different_seeds_deal_differently(name, seed):
    assert deal_rows(name, seed) != deal_rows(name, seed + 1)


def test_neighbouring_small_seeds_all_deal_differently():
    deals = {fingerprint(deal_rows("gaps", seed)) for seed in range(50)}
    assert len(deals) == 50


@pytest.mark.parametrize("options", [
    {"redeals": 1}, {"redeals": 2}, {"aces": "suits-in-four"}, {"aces": "bridge-order"},
    {"redeals": 1, "aces": "bridge-order"},
])
def test_options_never_change_the_chinese_puzzle_deal(options):
    assert deal_rows("chinese-puzzle", 1, **options) == deal_rows("chinese-puzzle", 1)
    assert deal_rows("chinese-puzzle", 987654321, **options) == deal_rows("chinese-puzzle", 987654321)


@pytest.mark.every_game
@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64, 1.5, "7", True])
def test_seeds_outside_0_to_2_63_minus_1_are_refused(seed):
    for name in GRID_GAMES:
        with pytest.raises(ValueError):
            engine.new_game(name, seed=seed)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.5])
def test_the_generator_refuses_seeds_outside_the_range(seed):
    with pytest.raises(ValueError):
        Rng(seed)


def test_the_extreme_seeds_deal():
    for seed in (0, MAX_SEED):
        assert len(deal_rows("gaps", seed)) == 4


def test_no_seed_means_a_random_valid_seed():
    game = engine.new_game("gaps")
    assert 0 <= game.seed <= MAX_SEED


# ----------------------------------------------------------------- the generator

@given(seed=SEEDS, stream=st.integers(0, 1000), n=st.integers(1, 2**64))
def test_below_stays_in_range(seed, stream, n):
    rng = Rng(seed, stream)
    for _ in range(5):
        assert 0 <= rng.below(n) < n


def test_below_reaches_every_value_of_a_small_range():
    rng = Rng(3)
    assert {rng.below(6) for _ in range(200)} == set(range(6))


@given(seed=SEEDS, copies=st.sampled_from([1, 2]), stream=st.integers(0, 5))
def test_a_shuffled_deck_is_a_permutation_of_the_deck(seed, copies, stream):
    shuffled = shuffled_deck(seed, copies, stream)
    assert sorted(shuffled) == sorted(deck(copies))


def test_streams_give_independent_shuffles():
    assert shuffled_deck(5, stream=0) != shuffled_deck(5, stream=1)


# ----------------------------------------------------------------- card names

@pytest.mark.parametrize("text, name", [("TD", "TD"), ("10d", "TD"), (" 7h ", "7H"), ("as", "AS"), ("KC", "KC")])
def test_card_names_read_rank_then_suit(text, name):
    assert card(text).name == name


@pytest.mark.parametrize("text", ["", "1H", "7X", "HH", "7", "A♠", 7, None])
def test_a_word_that_names_no_card_is_refused(text):
    with pytest.raises(ValueError):
        card(text)


def test_card_properties_follow_bridge_order():
    td = card("TD")
    assert (td.rank, td.suit, td.red, td.words) == (10, 1, True, "ten of diamonds")
    assert (card("AC").rank, card("KS").rank, card("KS").red) == (1, 13, False)
