"""Issue 29's details on the table: what a click, a key or an option does
is seen or said at once (a card clicked is chosen, an undo that cannot be
made says why, an option turned says so, a hint says what it shows), and
what the table holds is drawn so that it can be told apart (locked cards,
a column waiting for its packet, the ace order), with the time and score
where Aisleriot shows them."""

from __future__ import annotations

import pygame
import pytest
from conftest import gaps_from
from gui import alt_click, center_of, click, make_app, post, settle

import engine
from engine.spec import specs
from engine.tableau import PileGame
from game.table.painter import LOCKED_BAR

# a1..a3 hold the 2H 3H 4H (locked); b1 is a gap; c4 is dead (right of KD)
OPEN = """
2H 3H 4H -- 9C .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. 2C .. ..
.. .. KD -- .. 5H .. .. .. .. .. .. ..
.. 7S -- .. .. .. .. 8S .. .. .. 2D 2S
"""


@pytest.fixture
def home(tmp_path):
    return tmp_path


def table_with(home, game):
    app = make_app(home, "--game", game.name, "--seed", "3")
    app.show_game(game, opening=False)
    return app


def key(app, k, mod=0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    settle(app)


# ----------------------------------------------------------------- 1. a card clicked is chosen
def test_in_gaps_clicking_another_card_selects_it_and_is_no_illegal_try(home):
    app = table_with(home, gaps_from(OPEN))
    table = app.scene
    click(app, center_of(app, "a5"))
    assert table.selected == ("a5", 0)
    for place in ("b5", "c6", "d8"):       # three other cards, one after another
        click(app, center_of(app, place))
        assert table.selected == (place, 0), "clicking another card should select it"
    assert table.illegal == 0 and not app.dialogs, "choosing another card is no illegal try"
    assert app.game.history == []


def test_in_gaps_with_click_to_move_another_card_clicked_is_picked_up_instead(home):
    app = table_with(home, gaps_from(OPEN))
    app.set_option("move_style", "click")
    click(app, center_of(app, "a5"))
    assert app.scene.carry is not None and app.scene.carry.place == "a5"
    click(app, center_of(app, "b5"))
    assert app.scene.carry is not None and app.scene.carry.place == "b5"
    assert app.scene.illegal == 0


def test_a_selected_card_clicked_onto_its_gap_still_moves(home):
    app = table_with(home, gaps_from(OPEN))
    game = app.game
    move = next(m for m in game.legal_moves() if m.word is None)
    click(app, center_of(app, move.src))
    click(app, center_of(app, move.dst))
    assert game.history == [str(move)]


# ----------------------------------------------------------------- 2. an undo that cannot be made says why
def stuck_gaps():
    # every gap is dead (right of a king) or right of another gap: only a shuffle is left
    return gaps_from("""
    KH -- .. .. .. .. .. .. .. .. .. .. ..
    KD -- .. .. .. .. .. .. .. .. .. .. ..
    KC -- .. .. .. .. .. .. .. .. .. .. ..
    KS -- .. .. .. .. .. .. .. .. .. .. ..
    """)


def test_undo_after_a_gaps_shuffle_says_a_shuffle_cannot_be_undone(home):
    game = stuck_gaps()
    game.play("redeal")
    app = table_with(home, game)
    while app.dialogs:
        app.close_dialog("OK")
        settle(app)
    assert game.history[-1] == "redeal"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert "shuffle cannot be undone" in app.status.message
    assert game.history[-1] == "redeal"


def test_the_engine_says_why_nothing_can_be_undone():
    game = stuck_gaps()
    assert "none has been made" in game.undo_reason()
    game.play("redeal")
    assert game.undo_reason().startswith("A shuffle cannot be undone")
    republic = engine.new_game("republic", seed=1)
    move = republic.legal_moves()[0]
    republic.play(move)
    assert republic.undo_reason() is None


# ----------------------------------------------------------------- 3. Zoom Cards, seen at once
def test_zoom_cards_turned_on_zooms_a_card_at_once_and_says_so(home):
    app = make_app(home, "--game", "gaps", "--seed", "2")
    app.commands.toggle_zoom()
    assert app.option("zoom")
    assert app.scene.board.actors, "a card should zoom at once, so that the option is seen"
    assert "Zoom Cards: on" in app.status.message
    app.commands.toggle_zoom()
    assert "Zoom Cards: off" in app.status.message


# ----------------------------------------------------------------- 5. an option turned says so
@pytest.mark.parametrize("name, on, off", [
    ("sound", "Sound on.", "Sound off."),
    ("winnable", "Winnable Deals Only: on. The next deal will be one the solver has won.",
     "Winnable Deals Only: off."),
    ("fast_aces", "Fast Aces: on.", "Fast Aces: off."),
    ("auto_reshuffle", "Auto Reshuffle: on.", "Auto Reshuffle: off."),
    ("timer_shown", "Timer shown.", "Timer hidden"),
    ("indicator", "Show If Winnable: on.", "Show If Winnable: off."),
])
def test_each_option_turned_on_or_off_is_said_on_the_status_line(home, name, on, off):
    app = make_app(home, "--game", "gaps", "--seed", "2")
    items = {i.label: i for m in app.commands.menus() for i in m.items}
    label = next(lab for lab, i in items.items() if i.checked is not None and i.shortcut and
                 app.option(name) == i.checked and lab in {
                     "sound": "Sound", "winnable": "Winnable Deals Only", "fast_aces": "Fast Aces",
                     "auto_reshuffle": "Auto Reshuffle", "timer_shown": "Timer",
                     "indicator": "Show If Winnable"}[name])
    for _ in range(2):
        items = {i.label: i for m in app.commands.menus() for i in m.items}
        items[label].action()
        said = app.status.message
        assert said.startswith(on if app.option(name) else off), said
        assert said in app.status.status_text(app.session)[1]


def test_colour_and_move_style_are_said(home):
    app = make_app(home, "--game", "gaps", "--seed", "2")
    items = {i.label: i for m in app.commands.menus() for i in m.items}
    items["Black & White"].action()
    assert app.status.message == "Black & White."
    items["Click to Move"].action()
    assert app.status.message.startswith("Click to Move")


# ----------------------------------------------------------------- 6. a hint says what it shows
def test_a_gaps_hint_on_a_card_names_the_card_that_belongs_where_it_lies(home):
    app = table_with(home, gaps_from(OPEN))
    game = app.game
    place = next(s.place for s in app.scene.layout.sprites
                 if game.belongs(s.place) not in (None, s.place))
    found = game.belongs(place)
    alt_click(app, center_of(app, place))
    from engine.cards import card
    said = app.status.message
    assert said.startswith(f"The {card(game.card_at(found)).words}")
    assert f"belongs where the {card(game.card_at(place)).words} lies" in said
    # a right-click on a gap replaces it with the gap's own words
    click(app, center_of(app, "b1"), button=3)
    assert "can fill row B, column 1" in app.status.message
    assert app.status.message != said


def test_a_hint_on_a_dead_gap_says_why_nothing_fills_it(home):
    app = table_with(home, gaps_from(OPEN))
    click(app, center_of(app, "c4"), button=3)
    assert "king" in app.status.message and "row C, column 4" in app.status.message


@pytest.mark.every_game
@pytest.mark.parametrize("name", [name for name, cls in engine.GAMES.items() if issubclass(cls, PileGame)])
def test_a_tableau_hint_says_where_the_card_can_go(home, name):
    for seed in range(1, 30):
        app = make_app(home, "--game", name, "--seed", str(seed))
        layout = app.scene.layout
        for s in layout.sprites:
            if s.face_up and s.place[0] in "cr" and s is layout.pile(s.place)[-1]:
                places = app.session.front.hint_places(app.scene, s.place, s.index)
                if places:
                    click(app, s.rect.center, button=3)
                    said = app.status.message
                    assert " can go to " in said, said
                    assert "column" in said or "foundation" in said or "reserve" in said
                    return
    pytest.skip("no card with a place to go in these deals")


# ----------------------------------------------------------------- 9. locked cards look locked
def bar_colours(app, place):
    from game.table.painter import locked_bar
    sprite = app.scene.layout.sprite(place, 0)
    bar = locked_bar(sprite.rect)
    bg = app.canvas.background
    return {tuple(bg.get_at((x, bar.centery)))[:3] for x in range(bar.x + 3, bar.right - 3, 4)}


@pytest.mark.parametrize("mono", [False, True])
def test_a_locked_gaps_card_carries_a_bar_a_loose_one_does_not(home, mono):
    app = table_with(home, gaps_from(OPEN))
    if mono:
        app.commands.set_colour(False)
        settle(app)
    game = app.game
    assert game.is_locked("a2") and not game.is_locked("a5")
    ink = {(0, 0, 0)} if mono else {LOCKED_BAR}
    assert bar_colours(app, "a2") == ink, "a locked card should carry the bar"
    assert bar_colours(app, "a5") != ink, "a loose card should not"
    # a card that comes to rest locked is marked as it lands
    app.scene.try_move("c6-a4")
    settle(app)
    assert game.is_locked("a4")
    assert bar_colours(app, "a4") == ink
    assert app.scene.layout.sprite("a4", 0).locked


# ----------------------------------------------------------------- 10. time and score, as Aisleriot shows them
@pytest.mark.every_game
@pytest.mark.parametrize("name", [s.name for s in specs() if s.scoring is not None])
def test_a_card_shell_game_shows_its_time_and_score_and_its_clock_counts(home, name):
    from engine.scoring import game_points
    app = make_app(home, "--game", name, "--seed", "4")
    s = app.session
    assert s.clock_runs and app.loop.clock_counts(), "the clock should count for this game too"
    right = app.status.status_text(s)[1]
    assert "time 0:00" in right and "score 0" in right
    status = app.chrome_rect("status")
    before = app.canvas.background.subsurface(status).copy()
    s.clock.advance(65.2)
    app.scene.tick_timer()
    assert "time 1:05" in app.status.status_text(s)[1]
    after = app.canvas.background.subsurface(status)
    assert any(before.get_at((x, y)) != after.get_at((x, y))
               for x in range(0, status.w, 2) for y in range(status.h)), "the status line should show the new time"
    move = next(m for m in app.game.legal_moves())
    app.scene.try_move(str(move))
    settle(app)
    points = game_points(app.game)
    assert f"score {points:+.2f}".rstrip("0").rstrip(".") in app.status.status_text(s)[1]
    # no Pause here: the clock is not stopped by the pause command
    app.toggle_pause()
    assert not s.clock.paused


def test_gaps_keeps_its_pause_and_its_clock_stops_when_paused(home):
    app = make_app(home, "--game", "gaps", "--seed", "2")
    s = app.session
    assert s.clock_runs
    app.toggle_pause()
    assert s.clock.paused and not s.clock_runs and not app.loop.clock_counts()
    assert "score" not in app.status.status_text(s)[1], "Gaps keeps no score"


# ----------------------------------------------------------------- 7. a column waiting for its packet
def republic_with_a_closed_column():
    import random
    for seed in range(1, 200):
        g = engine.new_game("republic", seed=seed)
        rnd = random.Random(seed)
        for _ in range(200):
            if any(g.packet_face_up(i) for i in range(10)):
                return g
            ms = [m for m in g.legal_moves() if m.word == "turn" or (m.src and m.src[0] in "cst")]
            if not ms:
                break
            g.play(rnd.choice(ms))
    pytest.skip("no deal emptied a column in its first moves")


@pytest.mark.parametrize("size, words", [("1280x800", "no vacancy"), ("1024x640", "closed"),
                                         ("800x560", "closed")])
def test_a_republic_column_waiting_for_its_packet_is_drawn_unlike_a_vacancy(home, size, words):
    game = republic_with_a_closed_column()
    app = make_app(home, "--game", "republic", "--seed", "3", "--size", size)
    app.show_game(game, opening=False)
    layout = app.scene.layout
    closed = [i for i in range(10) if game.packet_face_up(i)]
    for i in closed:
        slot = layout.slots[f"c{i + 1}"]
        assert slot.outline != "outline", "a closed column should not look like a vacancy"
        inside = [lb for lb in layout.labels if slot.rect.contains(lb.rect)]
        texts = [lb.text for lb in inside]
        held = len(game.packets[i])
        assert words in texts and (f"packet: {held}" in texts or f"{held} left" in texts), texts
        for lb in inside:           # the words as drawn stay inside the dashed place
            drawn = app.canvas.text(pygame.Surface(app.screen.get_size()), lb.text, lb.rect, lb.size, fit=True)
            assert drawn.width <= slot.rect.width - 4, (lb.text, drawn.width, slot.rect.width)
    for i in range(10):
        if i not in closed:
            assert layout.slots[f"c{i + 1}"].outline == "outline"


# ----------------------------------------------------------------- 8. Chinese Puzzle's ace order, seen
@pytest.mark.parametrize("aces, shown, said", [("free", "Any row", "ace order: any row"),
                                               ("suits-in-four", "Suits in the first four rows",
                                                "ace order: suits in the first four rows"),
                                               ("bridge-order", "Bridge order", "ace order: bridge order")])
def test_the_ace_order_is_shown_on_the_table(home, aces, shown, said):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5", "--aces", aces, "--size", "1920x1200")
    texts = [lb.text for lb in app.scene.layout.labels]
    assert "Aces:" in texts and f"Aces: {shown}" in " ".join(texts), "the legend: the Ace Order dialog's words"
    assert " ".join(app.status.status_text(app.session)).count(said) == 1, "the status line names it too"


def test_in_bridge_order_each_empty_ace_place_names_its_suit(home):
    from game.games.chinese_puzzle import SUIT_SIGNS
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5", "--aces", "bridge-order", "--size", "1280x800")
    layout = app.scene.layout
    for r, suit in enumerate(["clubs", "diamonds", "hearts", "spades"] * 2):
        rect = layout.slots[f"{'abcdefgh'[r]}0"].rect
        named = [lb.text for lb in layout.labels if rect.contains(lb.rect)]
        assert named == [SUIT_SIGNS[suit]], f"row {r + 1} should show the sign of {suit}, not {named}"


def test_ace_order_is_dimmed_once_the_game_has_a_move_and_its_key_says_why(home):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5")

    def item():
        return next(i for m in app.commands.menus() for i in m.items if i.label == "Ace Order...")
    assert item().enabled
    app.scene.try_move(str(app.game.legal_moves()[0]))
    settle(app)
    assert not item().enabled
    key(app, pygame.K_o, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert not app.dialogs
    assert "fixed at the first move" in app.status.message


# ----------------------------------------------------------------- 4. Card Back... shows the backs
def test_card_back_shows_each_back_as_a_picture_and_a_click_chooses_one(home):
    from game.ui.backs import BackDialog
    app = make_app(home, "--game", "gaps", "--seed", "2")
    app.commands.choose_back()
    app.redraw_all()
    dialog = app.dialogs[-1]
    assert isinstance(dialog, BackDialog)
    assert len(dialog._rows) == 5
    screen = app.screen
    for k, (box, value) in enumerate(dialog._rows):
        assert value == str(k)
        picture = app.canvas.sheet.back_at(k, 72, 100)
        # the picture lies at the top of its box (its name under it): its pixels are the back's own
        for x, y in ((36, 50), (20, 30), (50, 70)):
            assert screen.get_at((box.centerx - 36 + x, box.y + y))[:3] == picture.get_at((x, y))[:3]
    third = dialog._rows[2][0]
    click(app, third.center)
    assert dialog.value == "2"
    key(app, pygame.K_RIGHT)
    assert dialog.value == "3"
    key(app, pygame.K_RETURN)
    assert not app.dialogs and app.option("back") == 3
    assert app.status.message == "Card back: Macintosh."


def test_a_card_shell_games_result_gives_its_time(home):
    from game.table.session import Session
    from game.voice.status import over_message
    game = engine.new_game("prince", seed=2)
    assert "Time: 3:25." in over_message(Session(game, elapsed=205.0), records=None)


def test_faces_table_and_redeals_chosen_are_said(home):
    from game.games.chinese_puzzle import set_redeals
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "5")
    set_redeals(app.commands, 1)
    assert app.game.options["redeals"] == 1
    assert app.status.message.startswith("Number of redeals: 1 redeal.")
    app.commands.choose_table()
    dialog = app.dialogs[-1]
    dialog.value = "blue"
    app.close_dialog("OK")
    assert app.status.message == "Table: Blue."


def test_card_back_grows_with_the_chrome(home):
    """At 4K the backs and their dialog grow with the chrome's scale, as
    every dialog does (72 x 100 thumbnails in a dialog 1200 px wide were lost)."""
    app = make_app(home, "--game", "gaps", "--seed", "2", "--size", "3840x2160")
    app.commands.choose_back()
    app.redraw_all()
    dialog = app.dialogs[-1]
    scale = app.fonts.scale
    assert scale >= 2
    box = dialog._rows[0][0]
    assert box.w >= 72 * scale * 0.9, (box, scale)
    assert dialog.rect.contains(dialog._rows[-1][0])
