"""Issue 37, "Silent or wrong": what a blind player, playing by keys and
speech, hears.  Every test listens through a recording channel: the words
said, in order, and how often one cut off the last (``cancels``)."""

from __future__ import annotations

import os

import pygame
import pytest
from gui import make_app, post, settle

import engine
from game.app import App, parse_args
from game.voice.speech import RecordingBackend
from game.voice.spoken import place_name


def key(app, k, mod=0, unicode="") -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    settle(app)


def listening(app):
    """``app`` with speech on, its words recorded from here."""
    app.speech.backend = RecordingBackend()
    app.speech.screen_reader = False
    app.speech.wanted = True
    return app.speech.backend


class Spoken(RecordingBackend):
    """A recording channel that keeps, for each utterance, whether it cut off
    the one before (``interrupted``)."""

    def __init__(self) -> None:
        super().__init__()
        self.interrupted: list[bool] = []

    def speak(self, text: str, interrupt: bool = True) -> None:
        self.interrupted.append(interrupt)
        super().speak(text, interrupt)


# ----------------------------------------------------------------- 7. "Row A's", never "Row a's"
def test_a_place_name_starting_a_sentence_keeps_its_row_letter():
    game = engine.new_game("chinese-puzzle", seed=3)
    assert place_name(game, "a0").capitalize() == "Row A's ace column"
    assert f"{place_name(game, 'c5').capitalize()} is empty" == "Row C, column 5 is empty"
    assert place_name(engine.new_game("prince", seed=3), "c3").capitalize() == "Column 3"


# ----------------------------------------------------------------- 3. the first words are never cut off
def start_app(home, *argv, problem: str | None = None) -> tuple[App, Spoken]:
    """An app started as the player starts it, speech on; ``problem``: the
    sound device fails with it."""
    os.environ["CARD_SHELL_HOME"] = str(home)
    rec = Spoken()
    app = App(parse_args(["--size", "1024x640", "--no-animation", "--no-analysis", *argv]), speech_backend=rec)
    app.speech.screen_reader = False
    app.speech.wanted = True
    if problem is not None:
        app.sounds.enabled = True

        def fail() -> bool:
            app.sounds.problem = problem
            return False
        app.sounds.start = fail
    app.begin()
    settle(app)
    return app, rec


NO_DEVICE = "No sound device (dsp: no such audio device): playing silently."


@pytest.mark.parametrize("argv", [(), ("--game", "prince", "--seed", "5")])
def test_no_sound_device_is_said_after_the_first_words_without_cutting_them(tmp_path, argv):
    app, rec = start_app(tmp_path, *argv, problem=NO_DEVICE)
    first = 0 if not argv else next(i for i, t in enumerate(rec.spoken) if t.startswith("The Prince") and "deal 5" in t)
    assert rec.spoken[first].startswith("Choose a game" if not argv else "The Prince")
    told = rec.spoken.index(NO_DEVICE)
    assert told > first
    assert not any(rec.interrupted[first + 1:told + 1]), rec.spoken      # nothing after the first words cut them


def test_a_problem_at_the_start_is_an_alert_said_after_the_first_words(tmp_path):
    home = tmp_path
    app, _ = start_app(home, "--game", "prince", "--seed", "5")
    app.flow.problems.append("Your saved game was damaged and set aside.")
    app.flow.begun = False
    rec = Spoken()
    app.speech.backend = rec
    app.flow.show_game(engine.new_game("prince", seed=6))
    app.flow.tell_problems()
    assert rec.spoken[0].startswith("The Prince") and "deal 6" in rec.spoken[0]
    assert "damaged" in rec.spoken[-1] and rec.interrupted[-1] is False


# every gap right of a king: only a shuffle is left
STUCK = """
KH -- .. .. .. .. .. .. .. .. .. .. ..
KD -- .. .. .. .. .. .. .. .. .. .. ..
KC -- .. .. .. .. .. .. .. .. .. .. ..
KS -- .. .. .. .. .. .. .. .. .. .. ..
"""


def test_the_stuck_alert_waits_for_the_deals_first_words(tmp_path):
    from conftest import gaps_from
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    rec = Spoken()
    listening(app)
    app.speech.backend = rec
    game = gaps_from(STUCK)
    assert game.stuck
    app.show_game(game, opening=False)
    settle(app)
    opening = next(i for i, t in enumerate(rec.spoken) if t.startswith("Gaps, deal"))
    alert = next(i for i, t in enumerate(rec.spoken) if "shuffle" in t.lower() and i > opening)
    assert rec.interrupted[alert] is False, rec.spoken


# ----------------------------------------------------------------- 2. each deal's indicator said once it settles
def test_a_new_deals_verdict_is_said_even_when_it_reads_as_the_last_deals(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "5")
    rec = listening(app)
    for seed in (6, 7):
        app.show_game(engine.new_game("prince", seed=seed))
        settle(app)
        app.session.verdict = "won"           # the solver's answer, as the assistant sets it
        app.say_again()
        app.say_again()                       # the status line drawn again: said once only
        said = [t for t in rec.spoken if t == "The deal can still be won."]
        assert len(said) == seed - 5, rec.spoken


# ----------------------------------------------------------------- 1. the cards a move shows are named
def test_the_republics_turned_card_is_named(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "1", "--rule", "any-suit")
    rec = listening(app)
    for _ in range(3):
        if app.game.explain("turn") is not None:
            app.scene.try_move("s-t")
            settle(app)
        app.scene.try_move("turn")
        settle(app)
        turned = app.game.history[-1] == "turn"
        said = [t for t in rec.spoken if t.startswith("Turned ")][-1]
        name = app.game.position()["turned"] or app.game.position()["talon"][-1]
        from engine.cards import card
        assert said.startswith(f"Turned the {card(name).words}"), rec.spoken
        assert turned
    assert not any("stock's top card" in t for t in rec.spoken)


def test_the_smiths_deal_names_each_card_column_by_column(tmp_path):
    from engine.cards import card
    app = make_app(tmp_path, "--game", "smith", "--seed", "1")
    rec = listening(app)
    app.scene.try_move("deal")
    settle(app)
    tops = [col[-1] for col in app.game.position()["columns"]]
    expected = "Dealt: " + ", ".join(f"column {i + 1} the {card(c).words}" for i, c in enumerate(tops)) + "."
    assert expected in rec.spoken, rec.spoken


def revealing_move(seed: int = 1):
    """A Republic game (any suit) played at random from deal ``seed`` up to the
    move that empties a column over its packet: the game before it, and the move."""
    import random

    from engine import events as ev
    game = engine.new_game("republic", seed=seed, rule="any-suit")
    pick = random.Random(seed)
    for _ in range(300):
        moves = [str(m) for m in game.legal_moves()]
        onto = [m for m in moves if m[0] == "c" and "-c" in m]
        move = pick.choice(onto) if onto and pick.random() < 0.7 else pick.choice(moves)
        events = game.play(move)
        if any(isinstance(e, ev.CardTurned) and e.place[0] == "p" for e in events):
            game.undo()
            return game, move
    raise AssertionError("no column emptied")


def test_the_packet_card_uncovered_when_a_column_empties_is_named(tmp_path):
    from engine.cards import card
    game, move = revealing_move()
    app = make_app(tmp_path, "--game", "republic", "--seed", "1")
    app.show_game(game, opening=False)
    settle(app)
    rec = listening(app)
    app.scene.try_move(move)
    settle(app)
    packet = f"p{move.split('-')[0][1:]}"
    shown = app.game.position()["packets"][int(packet[1:]) - 1][-1]
    said = next(t for t in rec.spoken if "Packet" in t)
    assert f"Packet {packet[1:]} shows the {card(shown).words}." in said, rec.spoken
    # played again after an undo, the card is named again; undone, nothing hidden is said
    rec.spoken.clear()
    app.scene.undo()
    settle(app)
    assert rec.spoken[0].startswith("Undone:") and "shows" not in rec.spoken[0]
    app.scene.redo()
    settle(app)
    again = next(t for t in rec.spoken if t.startswith("Played again:"))
    assert f"shows the {card(shown).words}" in again


# ----------------------------------------------------------------- 5. Shift+W on a stack: its true count
def test_shift_w_on_the_smiths_stock_says_its_80_cards_face_down_and_lists_none(tmp_path):
    from game.voice.spoken import pile_words
    app = make_app(tmp_path, "--game", "smith", "--seed", "1")
    rec = listening(app)
    key(app, pygame.K_s, unicode="s")                   # the stock
    key(app, pygame.K_w, pygame.KMOD_SHIFT, "W")        # in full
    assert rec.last == "the stock, 80 cards, face down", rec.spoken
    app.scene.try_move("deal")
    settle(app)
    assert pile_words(app.game, app.scene.layout, "stock") == "the stock, 72 cards, face down"


def test_shift_w_on_the_republics_stock_and_talon_says_their_counts(tmp_path):
    from engine.cards import card
    from game.voice.spoken import pile_words
    app = make_app(tmp_path, "--game", "republic", "--seed", "1", "--rule", "any-suit")
    assert pile_words(app.game, app.scene.layout, "stock") == "the stock, 64 cards, face down"
    for _ in range(4):
        if app.game.explain("turn") is not None:
            app.scene.try_move("s-t")
        app.scene.try_move("turn")
        settle(app)
    talon = app.game.position()["talon"]
    assert len(talon) > 1
    assert pile_words(app.game, app.scene.layout, "t") == \
        f"the talon, {len(talon)} cards: {card(talon[-1]).words} on top, {len(talon) - 1} " \
        f"card{'s' if len(talon) > 2 else ''} under it"
    assert pile_words(app.game, app.scene.layout, "p1") == "packet 1, 3 cards, face down"


# ----------------------------------------------------------------- 4. hints name their places; gaps by their cards
def test_a_hint_names_where_its_card_lies_and_where_it_goes(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "4")
    rec = listening(app)
    app.scene.show_move("c3-c5")                # the jack of hearts onto the queen of clubs
    assert rec.last == "Hint: the jack of hearts from column 3 onto the queen of clubs in column 5."
    app.show_game(engine.new_game("prince", seed=4), opening=False)
    settle(app)
    app.scene.show_move("c5-c3")
    assert rec.last == "Hint: the five of clubs from column 5 onto the six of diamonds in column 3."
    app.scene.show_move("c1-f")
    assert rec.last == "Hint: the two of spades from column 1 to its foundation."


def test_a_gaps_hint_names_the_card_and_the_gap_by_place(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "4")
    rec = listening(app)
    app.scene.show_move("c6-a5")
    assert rec.last == ("Hint: the seven of spades from row C, column 6 into the gap at row A, column 5, "
                        "after the six of spades.")


# a4 after the 4H, a5 right of a gap (a4), b1 at a row's start, c4 dead (right of KD)
GAPS = """
2H 3H 4H -- -- 9C .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. 2C .. ..
.. .. KD -- .. 5H .. .. .. .. .. .. ..
.. 7S .. .. .. .. .. 8S .. .. .. 2D 2S
"""


def test_the_focus_on_a_gap_says_it_by_the_card_before_it_and_a_dead_one_as_dead(tmp_path):
    from conftest import gaps_from
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    app.show_game(gaps_from(GAPS), opening=False)
    settle(app)
    rec = listening(app)
    heard = {}
    for _ in range(3):                          # G passes the dead gap over
        key(app, pygame.K_g, unicode="g")
        heard[app.scene.focus[0]] = rec.last
    key(app, pygame.K_3)                        # row C; the arrows reach the dead gap
    while app.scene.focus[0] != "c4":
        key(app, pygame.K_RIGHT if int(app.scene.focus[0][1:]) < 4 else pygame.K_LEFT)
    heard["c4"] = rec.last
    assert heard == {
        "a4": "row A, column 4, a gap after the four of hearts",
        "a5": "row A, column 5, a dead gap, after another gap",
        "b1": "row B, column 1, a gap at the start of the row",
        "c4": "row C, column 4, a dead gap, after the king of diamonds",
    }, heard
    key(app, pygame.K_w, unicode="w")
    assert "king of diamonds, dead gap" in rec.last and "four of hearts, gap, dead gap" in rec.last, rec.last


# ----------------------------------------------------------------- 6. the Demo at a pace one can follow
def test_the_demo_says_a_move_once_the_last_ones_words_end_and_counts_the_rest(tmp_path):
    from gui import endgame

    from engine.solve import Budget, solve
    from game.assistant.assistant import DemoVoice, speaking_seconds
    from game.table.session import Demo
    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    app.show_game(engine.from_dict(endgame()), opening=False)
    settle(app)
    line = [str(m) for m in solve(app.game, Budget(seconds=30), known=True).moves]
    assert len(line) >= 8
    rec = Spoken()
    listening(app)
    app.speech.backend = rec
    now = [100.0]
    assistant = app.assistant
    assistant.demo_voice = DemoVoice(app.speech, clock=lambda: now[0])
    table = app.scene
    moves_said = []
    real_try = table.try_move

    def try_move(text, carried=None, speak=None):
        now[0] += 1 / 6                     # the Demo plays some six moves a second
        moves_said.append(text)
        return real_try(text, carried, speak)
    table.try_move = try_move
    app.session.demo = Demo(list(line))
    assistant.demo_step()
    settle(app)
    assert app.game.won and len(moves_said) == len(line)
    said = [t for t in rec.spoken if t.startswith(("The ", "And ")) and "button" not in t]     # (not the result)
    assert len(said) < len(line) / 2, said                     # not every move
    assert not any(rec.interrupted[rec.spoken.index(t)] for t in said), list(zip(rec.spoken, rec.interrupted))
    assert said[0].startswith("The "), said
    assert any(t.startswith("And ") and " more move" in t for t in said[1:]), said
    assert said[-1].endswith("The game is won."), said        # the line's last move is always said
    # the moves passed over and the moves said add up to the line
    passed = sum(int(t.split()[1]) for t in said if t.startswith("And "))
    assert passed + len(said) == len(line), said
    # each said once the last one's words had ended, as far as their length says
    assert speaking_seconds("The seven of hearts onto the eight of clubs.") > 1 / 6


def test_a_game_restored_paused_says_so_after_its_first_words(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    move = next(str(m) for m in app.game.legal_moves() if m.word is None)
    app.scene.try_move(move)
    settle(app)
    app.toggle_pause()
    assert app.session.clock.paused
    app.close()
    again, rec = start_app(tmp_path, "--game", "gaps")
    assert again.session.clock.paused
    first = next(i for i, t in enumerate(rec.spoken) if t.startswith("Gaps") and "deal 3" in t)
    paused = rec.spoken.index("Paused: click the clock or press Ctrl+P to go on.")
    assert paused > first and not any(rec.interrupted[first + 1:paused + 1]), rec.spoken


def test_a_shuffle_says_where_the_new_gaps_are(tmp_path):
    from conftest import gaps_from
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    app.show_game(gaps_from(STUCK), opening=False)
    settle(app)
    rec = listening(app)
    while app.dialogs:                          # the stuck alert (Auto Reshuffle: the shuffle follows it)
        app.close_dialog("OK")
        settle(app)
    if app.game.history[-1:] != ["redeal"]:
        app.scene.try_move("redeal")
        settle(app)
    game = app.game
    gaps = [p for p in game.PLACES if game.card_at(p) is None]
    assert len(gaps) == 4
    said = next(t for t in rec.spoken if "The gaps now: " in t)
    for gap in gaps:
        assert f"row {gap[0].upper()}, column {int(gap[1:])}, a " in said, said
