"""The status line tells the truth: a message lasts until the table
changes, a refused action says why in words at once, the solver's word is
plain, and the line never runs into itself at any size the window may take."""

from __future__ import annotations

import re

import pygame
import pytest
from gui import center_of, click, key, make_app, post, pump, settle

import engine
from game.shell.window import MIN_WINDOW
from game.voice.status import STATUS_GAP, STATUS_SIZE, window_caption
from game.voice.words import speak

CTRL = pygame.KMOD_CTRL
NOTATION = re.compile(r"\b(10|[A2-9TJQK])[CDHS]\b|\b[cfprt]\d+\b|\b[a-h]\d{1,2}\b|'[^']*'")


def shown(app) -> str:
    return " ".join(app.status_text(app.chrome_rect("status").w - 24))


def play_first(app) -> str:
    move = next(m for m in app.game.legal_moves() if m.word is None)
    assert app.scene.try_move(str(move))
    settle(app)
    return str(move)


def test_a_message_lasts_until_the_table_changes(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.say("Saved as prince-deal-2.json.")
    pump(app)
    assert "Saved as" in shown(app)
    play_first(app)
    assert "Saved as" not in shown(app)
    assert not app.message


def hint(app) -> None:
    """A hint arrives (the solver's answer is shown as the table shows it)."""
    app.scene.show_move(str(next(m for m in app.game.legal_moves() if m.word is None)))
    pump(app)


def test_a_hint_goes_when_its_card_has_moved(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    hint(app)
    assert "Hint:" in shown(app) and app.scene.flash_rects
    play_first(app)
    assert "Hint:" not in shown(app)
    assert not app.scene.flash_rects, "the flash is about the table before the move"


def test_a_hint_goes_on_the_paused_screen(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    hint(app)
    key(app, pygame.K_p, CTRL)
    assert app.session.clock.paused
    assert "Hint:" not in shown(app) and "Paused" in shown(app)
    assert not app.scene.flash_rects
    key(app, pygame.K_p, CTRL)
    assert "Paused" not in shown(app)


def test_the_demos_words_go_once_it_has_stopped(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    key(app, pygame.K_e, CTRL)
    assert "Demo: looking for a line" in shown(app), "the Demo says it is at work at once"
    app.session.demo = None                  # what the Demo giving up leaves behind
    app.alert("The solver found no way to win this deal from here in its time.")
    assert "looking for a line" not in shown(app)


def test_a_stock_click_while_a_card_waits_says_why_in_words(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    click(app, center_of(app, "stock"))
    assert app.game.history == ["turn"]
    stock = app.scene.layout.pile("stock")[-1].rect
    click(app, (stock.right - 2, stock.top + 1))      # the stock's edge, beside the turned card
    assert app.game.history == ["turn"] and not app.dialogs
    turned = engine.cards.card(app.game.position()["turned"]).words
    assert f"The turned {turned} waits" in app.message
    assert not NOTATION.search(app.message), app.message
    assert app.message in shown(app)
    app.say("")
    click(app, center_of(app, "s"))                 # the turned card itself, on the stock
    assert app.game.history == ["turn"] and f"The turned {turned} waits" in app.message


def test_a_deal_with_an_empty_column_says_why(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    p = app.game.position()
    p["columns"][0] += p["columns"][1]
    p["columns"][1] = []
    app.show_game(engine.from_dict({"format": 1, "game": "smith", "options": app.game.options, "position": p}),
                  opening=False)
    key(app, pygame.K_d, CTRL)
    assert not app.dialogs
    assert "column 2 is empty" in app.message and not NOTATION.search(app.message)
    assert app.message in shown(app)


def test_a_shuffle_before_being_stuck_says_why(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    key(app, pygame.K_u, CTRL)
    assert app.game.history == [] and not app.dialogs
    assert app.message.startswith("A shuffle may be used only when no card can move")
    assert not NOTATION.search(app.message), app.message


def test_three_refusals_bring_an_alert_in_words(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    click(app, center_of(app, "stock"))
    stock = app.scene.layout.pile("stock")[-1].rect
    for _ in range(3):
        click(app, (stock.right - 2, stock.top + 1))
    assert app.dialogs
    assert not NOTATION.search(app.dialogs[-1].message), app.dialogs[-1].message


@pytest.mark.parametrize("reason,words", [
    ("The turned 2H waits: play it or move it to the talon ('s-t') first.",
     "The turned two of hearts waits: play it or move it to the talon first."),
    ("The 7C cannot go on the 8D: columns build down.",
     "The seven of clubs cannot go on the eight of diamonds: columns build down."),
    ("Fill every empty column before dealing (c2, c5 are empty).",
     "Fill every empty column before dealing (column 2, column 5 are empty)."),
    ("Column c2 is empty.", "Column 2 is empty."),
    ("An ace never leaves its foundation (the AC on f1).",
     "An ace never leaves its foundation (the ace of clubs on foundation 1)."),
    ("No turned stock card waits: 'turn' turns one up.",
     "No turned stock card waits: a click on the stock turns one up."),
])
def test_pile_reasons_are_spoken_in_words(reason, words):
    assert speak(engine.new_game("republic", seed=1), reason) == words


def test_grid_reasons_name_rows_and_columns():
    text = speak(engine.new_game("gaps", seed=1),
                 "A shuffle may be used only when no card can move; the 7C can still go from b7 to c2.")
    assert text.endswith("the seven of clubs can still go from row B, column 7 to row C, column 2.")


def test_the_winnability_words_are_plain(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    app.session.verdict = "impossible"
    assert app.status.indicator_text(app.session) == "this deal can't be won without a shuffle; 3 shuffles left"
    app.session.verdict = "won"
    assert app.status.indicator_text(app.session) == "can be won without a shuffle"


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
@pytest.mark.parametrize("width", [MIN_WINDOW[0], 900, 1024, 1180, 1600])
def test_the_status_line_never_overlaps_itself(tmp_path, name, width):
    app = make_app(tmp_path, "--game", name, "--seed", "12345678")
    post(pygame.VIDEORESIZE, size=(width, 640), w=width, h=640)
    pygame.display.set_mode((width, 640), pygame.RESIZABLE)
    post(pygame.WINDOWSIZECHANGED, x=width, y=640)
    pump(app)
    assert app.screen.get_width() == width
    app.session.verdict = "impossible"
    app.say("Hint: the queen of diamonds and the 4 cards on it onto the king of spades, if it helps you.")
    font = app.status.font()
    inner = app.chrome_rect("status").w - app.fonts.px(24)
    lines = app.status.status_lines(app.session, inner)
    for left, right in lines:
        assert font.size(left)[0] + font.size(right)[0] + (app.fonts.px(STATUS_GAP) if left and right else 0) <= inner
    left, right = app.status_text(inner)
    assert app.message in f"{left} {right}", "the news is whole at every width"
    assert "moves 0" in right
    if width >= 1600:
        assert right.startswith(app.message) and "deal 12345678" in left, "room enough: the message whole"


def test_the_window_never_gets_smaller_than_its_minimum(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    pygame.display.set_mode((500, 300), pygame.RESIZABLE)
    post(pygame.WINDOWSIZECHANGED, x=500, y=300)
    pump(app)
    assert app.screen.get_size() == MIN_WINDOW
    assert app.canvas.background.get_size() == MIN_WINDOW


def test_new_game_waits_while_gaps_is_paused(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    play_first(app)
    key(app, pygame.K_p, CTRL)
    key(app, pygame.K_n, CTRL)
    assert not app.dialogs and app.game.seed == 3 and app.session.clock.paused
    new_game = next(i for i in app.commands.menus()[0].items if i.label == "New Game")
    assert not new_game.enabled


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_the_deal_number_outlasts_the_code_and_the_caption_keeps_it(tmp_path, name):
    """A long hint crowds the status line's left half: the code goes before
    the deal number, and the window's caption names the game and the deal
    all the while, so a player always knows which deal is on the table."""
    app = make_app(tmp_path, "--game", name, "--seed", "12345678")
    app.say("Hint: the queen of diamonds and the 4 cards on it onto the king of spades, if it helps you.")
    font = app.fonts.get(STATUS_SIZE)
    full_left, full_right = app.status_text()
    width = font.size(full_left)[0] + font.size(full_right)[0] + STATUS_GAP - 20
    left, _ = app.status_text(width)
    if app.status.line_count(width + app.fonts.px(24)) == 1:
        assert "code" not in left and "deal 12345678" in left
    else:       # a narrow band: the game keeps a line of its own, the news has the other
        assert "deal 12345678" in left and app.message in left
    caption = pygame.display.get_caption()[0]
    assert caption == window_caption(app.session)
    assert caption.startswith(app.status.status_parts(app.session)[0][0][0]) and "deal 12345678" in caption


def test_the_caption_follows_the_table(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "16", "--rule", "alternate")
    assert pygame.display.get_caption()[0] == "The Smith, alternating colour - deal 16 - Card Shell"
    app.show_start()
    assert pygame.display.get_caption()[0] == "Card Shell"
