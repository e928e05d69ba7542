"""Review This Game, Open and Save As by keys alone, with the words recorded
(issue 37, "Silent or wrong"): each window opened by its shortcut says
what it shows (the review's verdict, the folder and the control the
keyboard is on), every key in it is answered in words (a move and its
verdict, a row of the list, a letter typed or deleted), and Save As offers
its name with the base selected, so that what is typed replaces it.  The
text fields take text input (TEXTINPUT) as the system composes it: a
dead key's "ë" is typed, and a key's letter never twice."""

from __future__ import annotations

import pygame
import pytest
from gui import key, post, settle, wait_for
from test_one_session import gaps_nearly_won, win_gaps
from test_review import fixture
from test_whole_games_by_keys import speaking_app

import engine
from engine.review import position_after
from game.ui.files import FileDialog
from game.ui.review import ReviewDialog
from game.voice.words import describe

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder with Documents (where Open and Save As start), and the game's own folder beside it."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home" / "Documents").mkdir(parents=True)
    return tmp_path


class Ears:
    """Presses keys and keeps what each one made the game say."""

    def __init__(self, app) -> None:
        self.app = app

    @property
    def said(self) -> list[str]:
        return self.app.speech.backend.spoken

    def hear(self, *events) -> list[str]:
        """Post ``events`` (KEYDOWN, TEXTINPUT...), let the app take them: the words said."""
        start = len(self.said)
        for kind, attrs in events:
            post(kind, **attrs)
        settle(self.app)
        return self.said[start:]

    def press(self, k: int, mod: int = 0, unicode: str = "") -> list[str]:
        start = len(self.said)
        key(self.app, k, mod, unicode)
        settle(self.app)
        heard = self.said[start:]
        assert heard, f"key {pygame.key.name(k)} (mod {mod}) was answered by silence"
        return heard

    def type(self, ch: str) -> list[str]:
        """A letter as the system sends it: its key, then its text input."""
        code = pygame.key.key_code(ch) if ch.isalnum() and ch.isascii() else 0
        return self.hear((pygame.KEYDOWN, dict(key=code, mod=0, unicode=ch, scancode=0)),
                         (pygame.TEXTINPUT, dict(text=ch)))

    def composed(self, ch: str) -> list[str]:
        """A letter with no key of its own (a dead key's): text input alone."""
        return self.hear((pygame.TEXTINPUT, dict(text=ch)))


def test_save_a_game_under_a_typed_name_open_it_back_and_hear_its_review(home):
    app = speaking_app(home / "data")
    ears = Ears(app)
    documents = home / "home" / "Documents"
    game, losing, move = fixture("prince")
    app.show_game(game, opening=False)
    settle(app)
    try:
        # ---- Save As (Ctrl+S): the folder, and the name offered with its base selected
        assert ears.press(pygame.K_s, CTRL, "\x13") == [
            f"Save Game As. Folder: {documents}. No folders or games here. File name: prince-deal-{game.seed}, "
            "selected."]
        dialog = app.dialogs[-1]
        assert isinstance(dialog, FileDialog) and dialog.entry == f"prince-deal-{game.seed}.json"
        # typing replaces the base name (not "prince-deal-1.jsonwon1.json"); each letter echoed, once
        assert [ears.type(ch) for ch in "won2"] == [["w"], ["o"], ["n"], ["2"]]
        assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted 2"]
        assert ears.type("1") == ["1"]
        assert dialog.entry == "won1.json"
        assert ears.press(pygame.K_RETURN, 0, "\r") == ["Saved as won1.json."]
        assert not app.dialogs and (documents / "won1.json").is_file()

        # ---- Open (Ctrl+O): the folder, the list's rows as the focus moves, a folder left and entered
        assert ears.press(pygame.K_o, CTRL, "\x0f") == [
            f"Open a Game. Folder: {documents}. List: won1.json, 2 of 2."]
        assert ears.press(pygame.K_DELETE) == ["List: won1.json, 2 of 2"], "Delete deletes no file"
        assert ears.press(pygame.K_UP) == ["up one level, 1 of 2"]
        assert ears.press(pygame.K_RETURN, 0, "\r") == [f"Folder: {documents.parent}. List: Documents, folder, 2 of 2"]
        assert ears.press(pygame.K_UP) == ["up one level, 1 of 2"]
        assert ears.press(pygame.K_DOWN) == ["Documents, folder, 2 of 2"]
        assert ears.press(pygame.K_RETURN, 0, "\r") == [f"Folder: {documents}. List: won1.json, 2 of 2"]
        assert ears.press(pygame.K_TAB) == ["Open, button"]
        assert ears.press(pygame.K_TAB) == ["Cancel, button"]
        assert ears.press(pygame.K_TAB) == ["File name: won1.json"]
        heard = ears.press(pygame.K_RETURN, 0, "\r")
        assert not app.dialogs, "the game saved is opened (the same game: nothing to ask)"
        assert heard[-1].startswith("The Prince, same suit, deal 1, 16 moves made.")
        assert [str(m) for m in app.game.history] == [str(m) for m in game.history]

        # ---- Review This Game (Ctrl+J): its words as it opens, its verdict when the search is done
        n = len(game.history)
        heard = ears.press(pygame.K_j, CTRL, "j")
        review = app.dialogs[-1]
        assert isinstance(review, ReviewDialog)
        assert heard == [f"Review: The Prince, same suit - code {review.title.split('code ')[1].split(' ')[0]} "
                         f"({n} moves). The solver is looking through the game's {n} moves: 0 searches made. "
                         "You can close this window at any time. Close, button."]
        start = len(ears.said)
        assert wait_for(app, lambda: review.result is not None or review.failed, 120)
        settle(app)
        doc = game.to_dict()
        words = describe(position_after(doc, losing), move)
        verdict = ears.said[start:]
        assert len(verdict) == 1 and verdict[0].startswith(
            f"Move {losing + 1}, {words}: the game could be won before it and not after. Instead, ")
        assert verdict[0].endswith(f"kept it winnable. Try Again from Move {losing + 1}, button.")
        assert verdict[0] == " ".join(review.summary()) + f" Try Again from Move {losing + 1}, button."

        # ---- the moves by Left/Right, Home/End: each move and its verdict, as a click on its mark shows
        def move_words(k: int) -> str:
            return describe(position_after(doc, k), str(game.history[k]))
        assert ears.press(pygame.K_LEFT) == [f"Move {losing}, {move_words(losing - 1)}: after it, the game could "
                                             "still be won."]
        assert review.selected == losing - 1
        assert " ".join(review.summary()).endswith(ears.said[-1]), "what the window shows of the move selected"
        assert ears.press(pygame.K_RIGHT)[0].startswith(f"Move {losing + 1}, {words}: the game could be won "
                                                        "before it and not after. Instead, ")
        assert ears.press(pygame.K_HOME) == [f"Move 1, {move_words(0)}: after it, the game could still be won."]
        assert ears.press(pygame.K_LEFT) == [f"Move 1, {move_words(0)}: after it, the game could still be won."]
        assert ears.press(pygame.K_END) == [f"Move {n}, {move_words(n - 1)}: after it, the game could no longer "
                                            "be won."]
        assert ears.press(pygame.K_TAB) == ["Close, button"]
        assert ears.press(pygame.K_ESCAPE) == ["Back to the table."]
        assert not app.dialogs
    finally:
        app.analyst.stop()


def test_save_as_arrows_deselect_the_base_name_and_say_where_the_caret_is(home):
    app = speaking_app(home / "data", "--game", "prince", "--seed", "7")
    ears = Ears(app)
    assert ears.press(pygame.K_s, CTRL, "\x13")[-1].endswith("File name: prince-deal-7, selected.")
    dialog = app.dialogs[-1]
    assert ears.press(pygame.K_RIGHT) == ["."], "the caret after the base name, before .json"
    assert dialog.marked is None
    assert ears.type("b") == ["b"]
    assert dialog.entry == "prince-deal-7b.json"
    assert ears.press(pygame.K_HOME) == ["p"]
    assert ears.press(pygame.K_DELETE) == ["deleted p"]
    assert ears.press(pygame.K_END) == ["end"]
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted n"]
    assert dialog.entry == "rince-deal-7b.jso"
    assert ears.press(pygame.K_a, CTRL, "\x01") == ["File name: rince-deal-7b.jso, selected"]
    assert ears.type(" ") == ["space"]
    assert dialog.entry == " "
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted space"]
    assert ears.press(pygame.K_ESCAPE)
    assert not app.dialogs


def test_open_and_save_as_take_a_dead_keys_letter_by_text_input(home):
    """"ë" by text input alone (no key of its own), "é" after its key's bare
    "e" (a dead key, then e): typed once each, and said."""
    app = speaking_app(home / "data", "--game", "prince", "--seed", "7")
    ears = Ears(app)
    documents = home / "home" / "Documents"
    ears.press(pygame.K_s, CTRL, "\x13")
    dialog = app.dialogs[-1]
    assert ears.type("Z") == ["Z"] and ears.type("o") == ["o"]
    assert ears.composed("\u00eb") == ["\u00eb"]
    assert ears.hear((pygame.KEYDOWN, dict(key=pygame.K_e, mod=0, unicode="e", scancode=0)),
                     (pygame.TEXTINPUT, dict(text="\u00e9"))) == ["e", "\u00e9"]
    assert dialog.entry == "Zo\u00eb\u00e9.json"
    assert ears.press(pygame.K_RETURN, 0, "\r") == ["Saved as Zo\u00eb\u00e9.json."]
    assert (documents / "Zo\u00eb\u00e9.json").is_file()
    # Open: typed from the list, the name is replaced by what is typed, accents and all
    ears.press(pygame.K_o, CTRL, "\x0f")
    dialog = app.dialogs[-1]
    assert dialog.entry == "Zo\u00eb\u00e9.json" and not dialog.typing
    assert ears.type("Z") == ["Z"]
    assert dialog.entry == "Z" and dialog.typing
    assert ears.type("o") == ["o"] and ears.composed("\u00eb") == ["\u00eb"] and ears.composed("\u00e9") == ["\u00e9"]
    assert dialog.entry == "Zo\u00eb\u00e9"
    heard = ears.press(pygame.K_RETURN, 0, "\r")
    assert not app.dialogs and heard
    assert app.game.name == "prince"


def test_space_on_a_button_types_no_space_after_it(home):
    """Space presses the button the keyboard is on; its text input that
    follows types nothing (Save with a folder's name opens the folder,
    and the dialog stays)."""
    app = speaking_app(home / "data", "--game", "prince", "--seed", "7")
    ears = Ears(app)
    (home / "home" / "Documents" / "games").mkdir()
    ears.press(pygame.K_s, CTRL, "\x13")
    dialog = app.dialogs[-1]
    ears.press(pygame.K_a, CTRL, "\x01")                # the whole name, .json too, replaced by a folder's
    for ch in "games":
        ears.type(ch)
    assert dialog.entry == "games"
    assert ears.press(pygame.K_TAB) == ["List: 2 items, none selected"]
    assert ears.press(pygame.K_TAB) == ["Save, button"]
    heard = ears.hear((pygame.KEYDOWN, dict(key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)),
                      (pygame.TEXTINPUT, dict(text=" ")))
    assert app.dialogs and dialog.folder == home / "home" / "Documents" / "games"
    assert heard == [f"Folder: {dialog.folder}. No folders or games here. Save, button"]
    assert dialog.entry == "prince-deal-7.json"
    ears.press(pygame.K_ESCAPE)


def test_a_name_not_found_is_said(home):
    app = speaking_app(home / "data", "--game", "prince", "--seed", "7")
    ears = Ears(app)
    ears.press(pygame.K_o, CTRL, "\x0f")
    for ch in "nothing":
        ears.type(ch)
    assert ears.press(pygame.K_RETURN, 0, "\r") == ["There is no file named nothing.json in this folder."]
    ears.press(pygame.K_ESCAPE)


def test_the_high_score_name_echoes_each_letter_typed_and_deleted(home):
    app = speaking_app(home / "data")
    ears = Ears(app)
    app.show_game(engine.from_dict(gaps_nearly_won()), opening=False)
    settle(app)
    win_gaps(app)
    ears.press(pygame.K_RETURN, 0, "\r")                # the result's OK: the name is asked
    dialog = app.dialogs[-1]
    assert dialog.entry == ""
    assert ears.type("Z") == ["Z"] and ears.type("o") == ["o"]
    assert ears.composed("\u00eb") == ["\u00eb"]
    assert ears.type(" ") == ["space"]
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted space"]
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted \u00eb"]
    assert dialog.entry == "Zo"
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted o"]
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted Z"]
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["empty"]


def test_deal_by_code_echoes_what_is_typed(home):
    app = speaking_app(home / "data", "--game", "gaps", "--seed", "3")
    ears = Ears(app)
    ears.press(pygame.K_k, CTRL, "k")
    assert [ears.type(ch) for ch in "G1"] == [["G"], ["1"]]
    assert ears.press(pygame.K_BACKSPACE, 0, "\b") == ["deleted 1"]
    assert app.dialogs[-1].entry == "G"
    ears.press(pygame.K_ESCAPE)
