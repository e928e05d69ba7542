"""Hints in words: the table names the cards of a move (its font has no suit
symbols, so suits are spelled out)."""

from __future__ import annotations

import pytest

import engine
from game.voice.words import describe


def test_a_card_onto_a_card_names_both():
    game = engine.from_dict({"format": 1, "game": "prince", "options": {"rule": "alternate"},
                             "position": {"columns": [["KD", "QD", "JD", "TD", "9D", "8H"],
                                                      ["KC", "QC", "JC", "TC", "9C"],
                                                      ["KH", "QH", "JH", "TH", "9H"], ["KS", "QS", "JS", "TS", "9S"],
                                                      ["8S", "8C", "8D"], [], [], [], []],
                                          "reserve": [None] * 7, "foundations": ["7C", "7D", "7H", "7S"]}})
    assert game.explain("c1-c2") is None
    assert describe(game, "c1-c2") == "the eight of hearts onto the nine of clubs"


def test_runs_vacancies_foundations_and_words():
    game = engine.from_dict({"format": 1, "game": "prince", "options": {"rule": "alternate"},
                             "position": {"columns": [["KC", "QD", "JC", "TD", "9C"], ["KD", "QC", "JD", "TC", "9D"],
                                                      ["KH", "QS", "JH", "TS"], ["KS", "QH", "JS", "TH", "9S"],
                                                      ["9H"], [], [], [], []],
                                          "reserve": [None] * 7, "foundations": ["8C", "8D", "8H", "8S"]}})
    assert describe(game, "c1-f") == "the nine of clubs to its foundation"
    # four empty columns: the words name which one (issue 34: no two moves read the same)
    assert describe(game, "c1-c6:2") == "the ten of diamonds and the card on it into empty column 6"
    assert describe(game, "c1-c7:3") == "the jack of clubs and the 2 cards on it into empty column 7"
    assert describe(game, "layoff") == "lay off every card that can go to a foundation"


def test_gaps_names_the_card_and_the_gap():
    game = engine.new_game("gaps", seed=1)
    for move in (str(m) for m in game.legal_moves()):
        words = describe(game, move)
        src, dst = move.split("-")
        moved = engine.cards.card(game.card_at(src)).words
        if dst.endswith("1") and len(dst) == 2:
            assert words == f"the {moved} to the start of row {dst[0].upper()}"
        else:
            left = engine.cards.card(game.card_at(f"{dst[0]}{int(dst[1:]) - 1}")).words
            assert words == f"the {moved} into the gap after the {left}"


@pytest.mark.every_game
def test_every_legal_move_of_every_game_reads_as_words():
    import random
    for name in engine.GAMES:
        game = engine.new_game(name, seed=3)
        rng = random.Random(name)
        for _ in range(60):
            moves = [str(m) for m in game.legal_moves()]
            if not moves:
                break
            for m in moves:
                words = describe(game, m)
                assert words != m and "None" not in words, (name, m, words)
            game.play(rng.choice(moves))
