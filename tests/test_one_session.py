"""A game on the table has one owner, its session: what a player can see or
use of it survives a quit and restart whole, and each of the bugs that came
from state with no owner (issue 26) stays mended."""

from __future__ import annotations

import pygame
import pytest
from gui import key, make_app, post, pump, settle

import engine
from engine.review import position_after
from game.table.session import Session
from game.ui.review import rewind
from game.voice.status import over_message

CTRL = pygame.KMOD_CTRL


def first_card_move(game: engine.Game) -> str:
    return next(str(m) for m in game.legal_moves() if m.word is None)


def play_first(app, n: int) -> None:
    """``n`` moves, each the first card move listed, each landed."""
    for _ in range(n):
        app.scene.try_move(first_card_move(app.game))
        settle(app)


def restart(app, home, name: str):
    """Quit (as the window's close box does) and start again on ``name``."""
    app.close()
    return make_app(home, "--game", name)


# ----------------------------------------------------------------- the session, saved whole
def test_gaps_one_level_of_undo_survives_a_restart(tmp_path):
    """docs/rules.md, "Gaps": the toggle is part of the game in progress; a quit and
    restart leaves it exactly as it was (it once gave a fresh undo each
    time, so restarting walked the history back without limit)."""
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    play_first(app, 2)
    played = app.game.history
    key(app, pygame.K_z, CTRL)                      # Undo: the last move back
    assert app.game.history == played[:1] and not app.game.can_undo and app.game.can_redo
    app = restart(app, tmp_path, "gaps")
    assert app.game.history == played[:1]
    assert not app.game.can_undo, "no second undo after a restart"
    key(app, pygame.K_z, CTRL)                      # Undo again: the move is played again
    assert app.game.history == played
    app = restart(app, tmp_path, "gaps")
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL)
    assert app.game.history == played, "undo toggles; it never goes two moves back"
    app.close()


def test_a_paused_gaps_game_comes_back_paused_with_its_clock(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    play_first(app, 1)
    app.session.clock.elapsed = 83.0
    key(app, pygame.K_p, CTRL)
    app = restart(app, tmp_path, "gaps")
    assert app.session.clock.paused and int(app.session.clock.elapsed) == 83
    assert "Paused" in app.message, "the cards are covered and the status line says how to go on"
    key(app, pygame.K_p, CTRL)
    assert not app.session.clock.paused
    app.close()


def test_chinese_puzzle_keeps_its_redo_moves_across_a_restart(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    play_first(app, 3)
    played = app.game.history
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL)
    app = restart(app, tmp_path, "chinese-puzzle")
    assert app.game.history == played[:1] and app.game.future == played[1:]
    key(app, pygame.K_f, CTRL | pygame.KMOD_SHIFT)  # Fast Forward
    assert app.game.history == played
    app.close()


def test_the_smiths_column_spacing_survives_a_restart(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    app.scene.change_spacing("spacing:c2:less")
    app.scene.change_spacing("spacing:c2:less")
    app.scene.try_move(first_card_move(app.game))     # a game under way is what is restored
    settle(app)
    card_height = {s.place: s.rect for s in app.scene.layout.sprites}
    app = restart(app, tmp_path, "smith")
    assert app.session.spacing == {"c2": 0.5}
    assert {s.place: s.rect for s in app.scene.layout.sprites} == card_height
    app.close()


def test_a_restart_keeps_the_clock_the_demos_mark_and_the_try_again(tmp_path):
    game = engine.new_game("gaps", seed=5)
    game.play(first_card_move(game))
    session = Session(game, elapsed=125.0, assisted=True, retried=True, spacing={"c1": 2.0})
    again = Session.restore(engine.from_dict(game.to_dict()), session.extra())
    assert (again.clock.elapsed, again.assisted, again.retried, again.counted, again.spacing) == \
        (125.0, True, True, True, {"c1": 2.0})
    damaged = Session.restore(engine.from_dict(game.to_dict()),
                              {"elapsed": "soon", "future": ["zz-top"], "spacing": {"c1": 99}})
    assert damaged.clock.elapsed == 0.0 and damaged.game.future == [] and damaged.spacing == {"c1": 2.5}


# ----------------------------------------------------------------- a game's end
def gaps_nearly_won() -> dict:
    """Gaps two moves from the end: the queen and king of spades one place right."""
    rows = [[f"{r}{s}" for r in "23456789TJQK"] + [None] for s in "CDHS"]
    rows[3][10], rows[3][11], rows[3][12] = None, "QS", "KS"
    return {"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": 3}}


def win_gaps(app) -> None:
    """The two moves that end gaps_nearly_won(), played and landed."""
    for move in ("d12-d11", "d13-d12"):
        app.scene.try_move(move)
        settle(app)
    app.scene.finish_actors()
    settle(app)


def test_try_again_in_gaps_then_a_win_enters_no_high_score(tmp_path):
    """docs/rules.md, "Gaps": a game taken back more than one move (the review's Try
    Again) is assisted: it may be won, but it enters no high score."""
    doc = gaps_nearly_won()
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(doc), opening=False)
    settle(app)
    for move in ("d12-d11", "d13-d12"):
        app.scene.try_move(move)
        settle(app)
    assert app.game.won
    while app.dialogs:
        app.close_dialog("OK")
    app.show_game(engine.from_dict(doc), opening=False)
    app.scene.try_move("d12-d11")
    settle(app)
    before = app.records.high_scores()
    rewind(app, app.game.to_dict(), 0)              # Try Again from move 1
    assert app.session.retried and app.game.history == []
    win_gaps(app)
    assert app.game.won and app.dialogs
    assert "enters no high score" in app.dialogs[-1].message
    assert app.after_result is None, "no name is asked for the high scores"
    assert app.records.high_scores() == before
    app.close()


def stuck_grid(name: str) -> engine.Game:
    """A grid game with every gap right of a King and nothing left to redeal: over."""
    if name == "gaps":
        rows = [[f"K{s}", None] + [f"{r}{s}" for r in "23456789TJQ"] for s in "CDHS"]
        return engine.from_dict({"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": 0}})
    rows = [[f"A{s}", f"K{s}", None] + [f"{r}{s}" for r in "23456789TJQ"] for s in "CDHS" * 2]
    return engine.from_dict({"format": 1, "game": "chinese-puzzle", "options": {"redeals": 2},
                             "position": {"rows": rows, "redeals_left": 0}})


@pytest.mark.parametrize("name,words", [
    ("gaps", ("Shuffles used: 3 of 3.", "Cards in place: 0 of 48.", "Time: 3:25.")),
    ("chinese-puzzle", ("Redeals used: 2 of 2.", "Cards in place: 8 of 104.")),
])
def test_a_lost_grid_game_says_its_figures(name, words):
    game = stuck_grid(name)
    assert game.over and not game.won
    text = over_message(Session(game, elapsed=205.0), records=None)
    for w in words:
        assert w in text, (w, text)


def test_a_lost_card_shell_game_counts_and_says_its_points_and_the_rules_figures(tmp_path):
    from test_win import ONE_MOVE_LEFT
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(ONE_MOVE_LEFT), opening=False)
    settle(app)
    app.scene.try_move("r1-c1")
    settle(app)
    text = app.dialogs[-1].message
    assert "This game: -2 points." in text
    assert "The Prince, alternating colour: -2 points in all; 0 of 1 game won (0%)." in text
    app.close()
    app = make_app(tmp_path, "--game", "prince")       # restored, over: counted once, not again
    assert app.session.counted
    key(app, pygame.K_n, CTRL)
    assert app.records.stats.get("prince", "alternate").games == 1
    app.close()


# ----------------------------------------------------------------- files and codes
def open_file(app, path) -> None:
    app.commands.open_file()
    dialog = app.dialogs[-1]
    app.dismiss_dialog(dialog)
    dialog.on_close(str(path))


def test_opening_ones_own_save_of_the_game_in_progress_is_no_loss(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "4")
    play_first(app, 2)
    path = tmp_path / "mine.json"
    assert app.records.export_game(app.game, path, app.session.extra()) is None
    key(app, pygame.K_z, CTRL)                       # one move back: the file goes on from the table
    app.session.assisted = True                      # (the Demo played in it)
    open_file(app, path)
    assert not app.dialogs, "no question: the game in progress is not ended"
    assert len(app.game.history) == 2
    assert app.session.assisted, "the game keeps its marks: the Demo's help is not washed out"
    assert app.records.stats.get("prince", "alternate").games == 0, "and it is not counted as a loss"
    app.close()


def test_opening_an_earlier_save_of_the_same_game_is_asked_about(tmp_path):
    """An earlier save would take moves back (in Gaps, past its one level
    of undo): it is another game in the player's eyes, asked about first."""
    app = make_app(tmp_path, "--game", "prince", "--seed", "4")
    play_first(app, 1)
    path = tmp_path / "early.json"
    assert app.records.export_game(app.game, path, app.session.extra()) is None
    play_first(app, 2)
    open_file(app, path)
    assert app.dialogs and "The game of The Prince under way (3 moves) ends unfinished." in app.dialogs[-1].message
    app.close_dialog("Cancel")
    assert len(app.game.history) == 3
    app.close()


def test_a_mistyped_deal_code_keeps_the_box_and_what_was_typed(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    key(app, pygame.K_k, CTRL)
    dialog = app.dialogs[-1]
    dialog.entry = "P0-3Q!"
    key(app, pygame.K_RETURN)
    assert app.dialogs, "the box stays"
    again = app.dialogs[-1]
    assert again.entry == "P0-3Q!" and "not a deal code" in again.message
    again.entry = app.status_text()[0].split("code ")[1]
    key(app, pygame.K_RETURN)
    assert not app.dialogs and app.game.seed == 3
    app.close()


# ----------------------------------------------------------------- keys and options
def test_rewind_and_fast_forward_in_the_grid_games(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    play_first(app, 3)
    played = app.game.history
    key(app, pygame.K_b, CTRL | pygame.KMOD_SHIFT)
    assert app.game.history == [] and app.game.future == played
    key(app, pygame.K_f, CTRL | pygame.KMOD_SHIFT)
    assert app.game.history == played
    app.close()
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    play_first(app, 1)
    key(app, pygame.K_b, CTRL | pygame.KMOD_SHIFT)
    assert len(app.game.history) == 1 and "one level of undo" in app.message, "Gaps says why"
    app.close()


def test_a_second_win_after_undo_in_gaps_asks_no_second_high_score(tmp_path):
    """Win, Undo, Undo (Gaps' undo plays the move again): the same game won
    again is neither counted again nor asked into the high scores again."""
    rows = [[f"{r}{s}" for r in "23456789TJQK"] + [None] for s in "CDHS"]
    rows[3][11], rows[3][12] = None, "KS"
    doc = {"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": 3}}
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(doc), opening=False)
    settle(app)
    app.scene.try_move("d13-d12")
    app.scene.finish_actors()
    settle(app)
    assert app.game.won and app.dialogs
    app.close_dialog("OK")                           # the result, then the name for the high scores
    assert app.dialogs and app.dialogs[-1].entry is not None, "the first win enters the high scores"
    app.dismiss_dialog(app.dialogs[-1])
    key(app, pygame.K_z, CTRL)
    key(app, pygame.K_z, CTRL)
    app.scene.finish_actors()
    settle(app)
    assert app.game.won and app.dialogs
    assert "not counted" in app.dialogs[-1].message and "as a win" in app.dialogs[-1].message
    app.close_dialog("OK")
    assert not app.dialogs, "no name is asked a second time"
    app.close()


def test_try_again_from_the_first_move_survives_a_restart(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    play_first(app, 3)
    rewind(app, app.game.to_dict(), 0)
    assert app.game.history == [] and app.session.retried
    app = restart(app, tmp_path, "prince")
    assert app.session.retried and app.game.history == []
    play_first(app, 1)
    key(app, pygame.K_n, CTRL)
    assert "counted once already" in app.dialogs[-1].message, "asked, and told it does not count again"
    key(app, pygame.K_RETURN)
    assert app.records.stats.get("prince", "alternate").games == 1
    app.close()


def test_the_retried_flag_follows_the_game_not_the_app(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    play_first(app, 1)
    doc = app.game.to_dict()
    rewind(app, doc, 0)
    assert app.session.retried
    app.show_game(position_after(doc, 1), opening=False)
    assert not app.session.retried, "another game put on the table is a new session"
    app.close()


def test_a_bad_card_sheet_picked_up_while_playing_is_told_on_screen_at_once(tmp_path):
    """The alert for a card sheet edited into a bad one was opened, then the
    table redrawn over it: the player saw nothing until the mouse moved,
    while H and clicks went to the hidden alert."""
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    own = tmp_path / "cards.png"
    pygame.image.save(pygame.Surface((100, 100)), str(own))
    app.reload_cards_if_changed(force=True)         # Options > Reload Card Sheet
    assert app.dialogs and "13" in app.dialogs[-1].message
    shown = pygame.image.tobytes(app.screen, "RGB")
    assert shown != pygame.image.tobytes(app.canvas.background, "RGB"), "the alert is drawn over the table"
    app.close()


@pytest.mark.parametrize("typed", [None, "Ad"])
def test_ctrl_q_with_the_result_or_the_name_open_keeps_the_high_score(tmp_path, typed):
    """A Gaps win that makes the high scores, and Ctrl+Q while its result
    (or the name, half typed) is on screen: the game quits, and the score
    is written (with what was typed, or as anonymous), never lost."""
    from game.storage.records import ANONYMOUS
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(gaps_nearly_won()), opening=False)
    settle(app)
    win_gaps(app)
    assert app.game.won and app.dialogs
    if typed is not None:
        key(app, pygame.K_RETURN)                   # the result's OK: the name is asked
        assert app.dialogs[-1].entry == ""
        for ch in typed:
            post(pygame.KEYDOWN, key=ord(ch.lower()), mod=pygame.KMOD_SHIFT if ch.isupper() else 0, unicode=ch)
            post(pygame.TEXTINPUT, text=ch)
        pump(app)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.loop.running, "Ctrl+Q quits with a dialog open"
    app.close()
    from game.storage.records import Records
    names = [h["name"] for h in Records().high_scores()]
    assert names[0] == (typed or ANONYMOUS), names      # a win in seconds, no shuffle: first
