"""A move in words tells itself apart from every other (issue 34).

Chinese Puzzle, The Republic and The Smith deal every card twice, so "the
ten of diamonds into the gap after the nine of diamonds" may be either ten:
their words name where the card comes from ("from row F, column 12", "from
column 3", "the turned queen of clubs"), and where it goes when another
legal move would still read the same.  The review, the hints, the moves
said aloud and the hints on a gap all read those words; one-deck games
keep theirs."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from gui import make_app, settle

import engine
from engine.review import LOST, WON, position_after
from game.games import front_of
from game.ui.review import ReviewDialog, move_words
from game.voice.speech import RecordingBackend
from game.voice.words import describe, speak

RANKS = "A23456789TJQK"
CP_OPTIONS = {"redeals": 2, "aces": "free"}


def chinese_puzzle(fixed: dict[str, str], gaps: set[str]) -> engine.Game:
    """A Chinese Puzzle position: every ace in the ace column (row A clubs,
    B diamonds, ...), the cards ``fixed`` where they are named, gaps at
    ``gaps`` and at the end of the other rows (eight in all), and the rest of
    the two decks in order in the other cells."""
    deck = [r + s for s in "CDHS" for r in RANKS] * 2
    cells = dict(fixed)
    for r, letter in enumerate("abcdefgh"):
        cells[f"{letter}0"] = "A" + "CDHS"[r % 4]
    rows_with_gaps = {g[0] for g in gaps}
    holes = set(gaps) | {f"{letter}13" for letter in "abcdefgh" if letter not in rows_with_gaps}
    assert len(holes) == 8
    for c in cells.values():
        deck.remove(c)
    rest = iter(deck)
    rows = [[None if f"{letter}{k}" in holes else cells.get(f"{letter}{k}") or next(rest) for k in range(14)]
            for letter in "abcdefgh"]
    return engine.from_dict({"format": 1, "game": "chinese-puzzle", "options": CP_OPTIONS,
                             "position": {"rows": rows, "redeals_left": 2}})


def two_tens(other_gap: bool = False) -> engine.Game:
    """The review's case: a nine of diamonds at row F, column 3 with a gap
    after it, and the two tens of diamonds at row F, column 12 and row G,
    column 10, free to fill it.  ``other_gap``: the other nine of diamonds
    (row C, column 6) has a gap after it too."""
    fixed = {"f3": "9D", "f12": "TD", "g10": "TD", "c6": "9D"}
    return chinese_puzzle(fixed, {"f4", "c7"} if other_gap else {"f4"})


def republic(columns: list[str], turned: str | None = None, talon: tuple[str, ...] = ()) -> engine.Game:
    """The Republic as dealt, with ``columns`` (ten cards) face up in the
    columns, a ``turned`` card waiting and a ``talon``; the rest of the two
    decks in the packets and the stock."""
    deck = [r + s for s in "CDHS" for r in RANKS] * 2
    for c in [*columns, *([turned] if turned else []), *talon]:
        deck.remove(c)
    packets = [deck[3 * i:3 * i + 3] for i in range(10)]
    return engine.from_dict({"format": 1, "game": "republic", "options": {"rule": "alternate"},
                             "position": {"packets": packets, "columns": [[c] for c in columns],
                                          "stock": deck[30:], "turned": turned, "talon": list(talon),
                                          "foundations": [None] * 8, "redeals_left": 1}})


def read_apart(game: engine.Game) -> dict[str, str]:
    """Every legal move of ``game`` in words; fails if two read the same."""
    words: dict[str, str] = {}
    for move in (str(m) for m in game.legal_moves()):
        said = describe(game, move)
        assert said not in words, f"{words[said]} and {move} both read {said!r}"
        words[said] = move
    return words


# ----------------------------------------------------------------- every pair of moves
@pytest.mark.parametrize("name", ["chinese-puzzle", "republic", "smith"])
def test_no_two_legal_moves_of_a_two_deck_game_read_the_same(name):
    """Over seeded games played at random, at every position, any two
    different legal moves are told apart by their words, and every card
    move names where its card comes from (either copy could be meant)."""
    positions = 0
    for seed in range(5):
        game = engine.new_game(name, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            moves = game.legal_moves()
            if not moves:
                break
            for said, move in read_apart(game).items():
                if engine.Move.parse(move).word is None and move != "s-t":
                    assert " from " in said or said.startswith("the turned "), (move, said)
            positions += 1
            game.play(rng.choice(moves))
    assert positions > 300


def test_the_review_of_a_played_game_reads_each_position_apart():
    """The positions a review reads (each move's, from the saved game): no
    two moves there read the same, so neither do a losing move and the one
    named instead."""
    for name in ("chinese-puzzle", "republic"):
        game = engine.new_game(name, seed=11)
        rng = random.Random(11)
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        doc = game.to_dict()
        for k in range(len(doc["history"])):
            before = position_after(doc, k)
            words = read_apart(before)
            assert words[move_words(doc, k)] == str(doc["history"][k])


# ----------------------------------------------------------------- two tens into one gap
def test_two_tens_into_the_same_gap_name_where_each_comes_from():
    """Two tens of diamonds may fill the gap after the nine: the words say which."""
    game = two_tens()
    gap = "into the gap after the nine of diamonds"
    assert describe(game, "f12-f4") == f"the ten of diamonds from row F, column 12 {gap}"
    assert describe(game, "g10-f4") == f"the ten of diamonds from row G, column 10 {gap}"


def test_a_gap_is_named_by_its_place_when_both_nines_have_one():
    """Both nines of diamonds have a gap after them, so "the gap after the
    nine of diamonds" could be either: the words name the gap's place."""
    game = two_tens(other_gap=True)
    words = read_apart(game)
    assert words["the ten of diamonds from row F, column 12 into the gap at row F, column 4, "
                 "after the nine of diamonds"] == "f12-f4"
    assert words["the ten of diamonds from row G, column 10 into the gap at row C, column 7, "
                 "after the nine of diamonds"] == "g10-c7"


def test_the_review_names_the_losing_ten_and_the_other_one_apart():
    """The review said "Move 82, the ten of diamonds into the gap after the
    nine of diamonds ... Instead, the ten of diamonds into the gap after the
    nine of diamonds kept it winnable": now each says where its ten lies."""
    game = two_tens()
    game.play("f12-f4")
    dialog = ReviewDialog(game)
    dialog.finish({"losing": 0, "instead": "g10-f4", "verdicts": [WON, LOST]})
    text = dialog.summary()
    assert text[0].startswith("Move 1, the ten of diamonds from row F, column 12 into the gap after the nine of "
                              "diamonds: ")
    assert text[1] == ("Instead, the ten of diamonds from row G, column 10 into the gap after the nine of "
                       "diamonds kept it winnable.")


def test_a_hint_on_a_gap_names_where_each_copy_lies():
    """Right-click on the gap: both tens may fill it, each named by its place."""
    game = two_tens()
    front = front_of(game)
    table = SimpleNamespace(game=game)
    places = front.hint_places(table, "f4", None)
    assert sorted(places) == ["f12", "g10"]
    words = speak(game, front.hint_words(table, "f4", None, places))
    assert words in ("The ten of diamonds at row F, column 12 or the ten of diamonds at row G, column 10 "
                     "can fill row F, column 4.",
                     "The ten of diamonds at row G, column 10 or the ten of diamonds at row F, column 12 "
                     "can fill row F, column 4.")


def test_the_hint_and_the_moves_said_name_the_copy(tmp_path):
    """H's words on the status line, a move said aloud, and its undoing, all
    name where the ten comes from."""
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    try:
        app.show_game(two_tens(), opening=False)
        settle(app)
        app.scene.show_move("g10-f4")
        assert app.message == ("Hint: the ten of diamonds from row G, column 10 into the gap at row F, column 4, "
                               "after the nine of diamonds.")     # (a hint names both places: issue 37)
        app.speech.backend = RecordingBackend()
        app.speech.screen_reader = False
        app.speech.wanted = True
        assert app.scene.try_move("g10-f4")
        settle(app)
        app.scene.undo()
        settle(app)
        said = app.speech.backend.spoken
        assert "The ten of diamonds from row G, column 10 into the gap after the nine of diamonds." in said
        assert "Undone: the ten of diamonds from row G, column 10 into the gap after the nine of diamonds." in said
    finally:
        app.analyst.stop()


# ----------------------------------------------------------------- The Republic
def test_the_republic_names_which_queen_goes_onto_which_king():
    """Two queens of clubs, two kings of diamonds: "the queen of clubs onto
    the king of diamonds" could be any of four moves."""
    game = republic(["QC", "QC", "KD", "KD", "2S", "2S", "3H", "3H", "4C", "4C"])
    words = read_apart(game)
    assert words["the queen of clubs from column 1 onto the king of diamonds in column 3"] == "c1-c3"
    assert words["the queen of clubs from column 2 onto the king of diamonds in column 4"] == "c2-c4"
    # one king of diamonds on top: its column is not needed, the queen's still is
    game = republic(["QC", "QC", "KD", "5D", "2S", "2S", "3H", "3H", "4C", "4C"])
    words = read_apart(game)
    assert words["the queen of clubs from column 1 onto the king of diamonds"] == "c1-c3"
    assert words["the queen of clubs from column 2 onto the king of diamonds"] == "c2-c3"


def test_the_republic_names_the_turned_card_and_the_talon():
    """A queen of clubs turned from the stock, the other on the talon: the
    words say which, in the game's names for those places."""
    game = republic(["KD", "5S", "5D", "9D", "2S", "2S", "3H", "3H", "4C", "4C"], turned="QC", talon=("8H", "QC"))
    words = read_apart(game)
    assert words["the turned queen of clubs onto the king of diamonds"] == "s-c1"
    assert words["the queen of clubs from the talon onto the king of diamonds"] == "t-c1"
    assert words["put the turned card on the talon"] == "s-t"


# ----------------------------------------------------------------- one deck: as before
def test_one_deck_words_are_as_they_were():
    gaps = engine.new_game("gaps", seed=1)
    assert describe(gaps, "a3-b8") == "the eight of clubs into the gap after the seven of clubs"
    prince = engine.from_dict({"format": 1, "game": "prince", "options": {"rule": "alternate"},
                               "position": {"columns": [["KD", "QD", "JD", "TD", "9D", "8H"],
                                                        ["KC", "QC", "JC", "TC", "9C"],
                                                        ["KH", "QH", "JH", "TH", "9H"], ["KS", "QS", "JS", "TS", "9S"],
                                                        ["8S", "8C", "8D"], [], [], [], []],
                                            "reserve": [None] * 7, "foundations": ["7C", "7D", "7H", "7S"]}})
    assert describe(prince, "c1-c2") == "the eight of hearts onto the nine of clubs"
    assert describe(prince, "c1-f") == "the eight of hearts to its foundation"
    # four empty columns: "into the empty column" could be any of them, so the column is named
    assert describe(prince, "c1-c6") == "the eight of hearts into empty column 6"
    assert describe(prince, "c1-c9") == "the eight of hearts into empty column 9"
    read_apart(prince)
