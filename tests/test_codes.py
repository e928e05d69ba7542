"""Challenge codes (engine/codes.py): round trips, the pinned format, mistypes."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine
from engine import codes
from engine.cards import MAX_SEED

#: every (game, options) pair the games allow
COMBINATIONS = [
    (name, dict(zip(cls.OPTIONS, values)))
    for name, cls in engine.GAMES.items()
    for values in itertools.product(*cls.OPTIONS.values())
]

seeds = st.one_of(st.integers(0, 10**9 - 1), st.integers(0, MAX_SEED),
                  st.sampled_from([0, 1, 31, 32, 10**9, MAX_SEED - 1, MAX_SEED]))
combinations = st.sampled_from(COMBINATIONS)


def forge(text: str) -> str:
    """``text`` (code characters, no check) with a correct check character
    appended: for codes that pass the check but are wrong in another way."""
    values = [codes.ALPHABET.index(ch) for ch in text] + [0]
    return text + codes.ALPHABET[codes._checksum(values)]


# ------------------------------------------------------------------ round trips
@pytest.mark.every_game
def test_every_game_has_a_letter_and_every_combination_is_counted():
    assert set(codes.LETTERS) == set(engine.GAMES)
    assert len(set(codes.LETTERS.values())) == len(codes.LETTERS)
    assert len(COMBINATIONS) == sum(math.prod(len(values) for values in cls.OPTIONS.values())
                                    for cls in engine.GAMES.values())


@pytest.mark.every_game
@given(combinations, seeds)
def test_round_trip(combination, seed):
    name, options = combination
    code = codes.encode(name, options, seed)
    assert codes.decode(code) == (name, options, seed)
    assert codes.canonical(code) == code
    assert code[0] == codes.LETTERS[name]
    assert set(code) <= set(codes.ALPHABET + "-")


@pytest.mark.every_game
def test_every_combination_round_trips_with_distinct_codes():
    seen = set()
    for name, options in COMBINATIONS:
        for seed in (0, 5, 123456789, MAX_SEED):
            code = codes.encode(name, options, seed)
            assert codes.decode(code) == (name, options, seed)
            seen.add(code)
    assert len(seen) == 4 * len(COMBINATIONS)


def test_defaults_are_filled_in():
    assert codes.encode("prince", {}, 9) == codes.encode("prince", {"rule": "alternate"}, 9)
    assert codes.encode("smith", {}, 9) == codes.encode("smith", {"rule": "any-suit"}, 9)
    assert codes.encode("gaps", None, 9) == codes.encode("gaps", {}, 9)
    assert codes.decode(codes.encode("chinese-puzzle", {}, 3))[1] == {"redeals": 2, "aces": "free"}


@pytest.mark.every_game
@given(combinations, st.integers(0, 10**9 - 1))
def test_typical_codes_are_short(combination, seed):
    code = codes.encode(*combination, seed)
    assert len(code.replace("-", "")) <= 9
    assert len(code) <= 11


def test_small_seeds_give_short_codes():
    assert codes.encode("republic", {}, 0) == "R0-0Y"
    assert len(codes.encode("republic", {}, 31)) == 5
    assert len(codes.encode("republic", {}, MAX_SEED).replace("-", "")) == 16


# ------------------------------------------------------------------ the format, pinned
#: each game's codes, pinned: (code, options, seed)
PINNED_BY_GAME = {
    "republic": [("R0-3NQK-8N8", {"rule": "alternate"}, 123456789),
                 ("R0-7ZZZ-ZZZZ-ZZZZ-Z3", {"rule": "alternate"}, MAX_SEED)],
    "gaps": [("G0-3NQK-8NF", {}, 123456789), ("G0-XSNJ-FZ1", {}, 999_999_999)],
    "chinese-puzzle": [("C5-1A3", {"redeals": 1, "aces": "bridge-order"}, 42),
                       ("C1-75", {"redeals": 2, "aces": "suits-in-four"}, 7)],
    "smith": [("S2-1Z8W", {"rule": "same-suit"}, 2024)],
    "prince": [("P1-17", {"rule": "any-suit"}, 1), ("P0-01", {"rule": "alternate"}, 0)],
}
PINNED = [(code, name, options, seed) for name in engine.GAMES for code, options, seed in PINNED_BY_GAME.get(name, ())]


def test_every_games_codes_are_pinned():
    missing = [name for name in engine.GAMES if not PINNED_BY_GAME.get(name)]
    assert not missing, f"no pinned code in PINNED_BY_GAME for {missing}: their codes' format could change unseen"


@pytest.mark.parametrize("code, name, options, seed", PINNED)
def test_pinned_codes(code, name, options, seed):
    assert codes.encode(name, options, seed) == code
    assert codes.decode(code) == (name, options, seed)


# ------------------------------------------------------------------ forgiving reading
@pytest.mark.parametrize("typed", [
    "r0-3nqk-8n8", "R0 3NQK 8N8", "R03NQK8N8", "  r0-3nqk8n8 ", "R0\u20133NQK\u20138N8", "R0-3nQk-8N8",
])
def test_case_hyphens_and_spaces_are_forgiven(typed):
    assert codes.decode(typed) == ("republic", {"rule": "alternate"}, 123456789)


def test_i_l_and_o_read_as_digits():
    code = codes.encode("smith", {"rule": "alternate"}, 32 ** 3 + 32 + 1)   # seed digits 1011
    assert "1011" in code.replace("-", "")
    expected = codes.decode(code)
    for typed in (code.replace("1", "I"), code.replace("1", "l"), code.replace("0", "O"),
                  code.replace("0", "o").replace("1", "i").lower()):
        assert codes.decode(typed) == expected


# ------------------------------------------------------------------ mistypes
@pytest.mark.every_game
@given(combinations, seeds, st.data())
def test_a_changed_character_is_refused(combination, seed, data):
    code = codes.encode(*combination, seed)
    spots = [k for k, ch in enumerate(code) if ch != "-"]
    k = data.draw(st.sampled_from(spots))
    other = data.draw(st.sampled_from([ch for ch in codes.ALPHABET if ch != code[k]]))
    typo = code[:k] + other + code[k + 1:]
    with pytest.raises(ValueError, match="mistyped"):
        codes.decode(typo)


@pytest.mark.every_game
@given(combinations, seeds, st.data())
def test_swapped_neighbours_are_refused(combination, seed, data):
    text = codes.encode(*combination, seed).replace("-", "")
    pairs = [k for k in range(len(text) - 1) if text[k] != text[k + 1]]
    if not pairs:
        return
    k = data.draw(st.sampled_from(pairs))
    typo = text[:k] + text[k + 1] + text[k] + text[k + 2:]
    with pytest.raises(ValueError, match="mistyped"):
        codes.decode(typo)


def test_every_single_change_and_swap_of_a_pinned_code_is_refused():
    for code, *_ in PINNED:
        text = code.replace("-", "")
        for k in range(len(text)):
            for ch in codes.ALPHABET:
                if ch != text[k]:
                    with pytest.raises(ValueError):
                        codes.decode(text[:k] + ch + text[k + 1:])
            if k + 1 < len(text) and text[k] != text[k + 1]:
                with pytest.raises(ValueError):
                    codes.decode(text[:k] + text[k + 1] + text[k] + text[k + 2:])


# ------------------------------------------------------------------ other refusals
@pytest.mark.parametrize("typed, words", [
    ("", "empty"),
    ("  - ", "empty"),
    ("R0-3NQK-8N#", "'#' cannot be part"),
    ("R0-3UQK-8N8", "'U' cannot be part"),
    ("R0-", "too short"),
    ("R08", "too short"),
])
def test_malformed_codes_are_refused_with_a_sentence(typed, words):
    with pytest.raises(ValueError, match=words):
        codes.decode(typed)


def test_unknown_game_letter():
    with pytest.raises(ValueError, match="no game's letter.*G \\(Gaps\\)"):
        codes.decode(forge("X012"))


def test_option_index_out_of_range():
    with pytest.raises(ValueError, match="option set 3.*only 3"):
        codes.decode(forge("R312"))
    with pytest.raises(ValueError, match="option set 1.*only one, set 0"):
        codes.decode(forge("G112"))


def test_seed_out_of_range():
    too_big = codes._digits(MAX_SEED + 1)
    with pytest.raises(ValueError, match="out of range"):
        codes.decode(forge("R0" + too_big))
    with pytest.raises(ValueError, match="out of range"):
        codes.decode(forge("R0" + "Z" * 20))


def test_leading_zero():
    with pytest.raises(ValueError, match="starting with 0"):
        codes.decode(forge("R0012"))


def test_options_width_follows_the_options(monkeypatch):
    """More than 32 combinations take two characters; the count is read from OPTIONS."""
    monkeypatch.setattr(engine.Gaps, "OPTIONS", {"a": tuple(range(5)), "b": tuple("stuvwxyz")})
    options = {"a": 4, "b": "y"}
    code = codes.encode("gaps", options, 77)
    assert code.startswith("G") and code.index("-") == 3        # 40 combinations: two characters
    assert codes.decode(code) == ("gaps", options, 77)
    assert codes.decode(codes.encode("gaps", {}, 0)) == ("gaps", {"a": 0, "b": "s"}, 0)
    with pytest.raises(ValueError, match="no deal number"):
        codes.decode(forge("G01"))
    with pytest.raises(ValueError, match="option set 40"):
        codes.decode(forge("G1801"))


def test_not_text():
    with pytest.raises(ValueError):
        codes.decode(12345)


def test_encode_refuses_what_no_game_allows():
    with pytest.raises(ValueError, match="no game"):
        codes.encode("patience", {}, 1)
    with pytest.raises(ValueError, match="option"):
        codes.encode("republic", {"rule": "sideways"}, 1)
    with pytest.raises(ValueError, match="option"):
        codes.encode("chinese-puzzle", {"redeals": 3}, 1)
    with pytest.raises(ValueError, match="option"):
        codes.encode("gaps", {"rule": "alternate"}, 1)
    for bad in (-1, MAX_SEED + 1, 1.5, True, "7"):
        with pytest.raises(ValueError, match="seed"):
            codes.encode("gaps", {}, bad)


# ------------------------------------------------------------------ documents
def test_document_shape():
    assert codes.document("C5-1A3") == {"format": engine.FORMAT, "game": "chinese-puzzle",
                                        "options": {"redeals": 1, "aces": "bridge-order"}, "seed": 42}


@pytest.mark.every_game
@given(combinations, seeds)
def test_document_deals_the_same_game(combination, seed):
    name, options = combination
    game = engine.from_dict(codes.document(codes.encode(name, options, seed)))
    expected = engine.new_game(name, seed=seed, **options)
    assert game.name == name and game.seed == seed and game.options == options
    assert game.to_dict() == expected.to_dict()
    assert game.history == []
