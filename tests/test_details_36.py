"""Details players met (issue 36): the menus' items agree with their keys,
the Sequences dialog shows each rule's points, the Sound item says when
there is no device, hints draw one outline round a run and say Layoff when
it finishes the game, Gaps offers each free 2 in turn and a won table shows
no dead-gap marks.  Real pygame events on SDL's dummy drivers."""

from __future__ import annotations

import pygame
from gui import key, make_app, pump, settle

CTRL = pygame.KMOD_CTRL


def ctrl(app, k, shift=False):
    key(app, k, CTRL | (pygame.KMOD_SHIFT if shift else 0))


def item(app, menu: str, label: str):
    return next(i for m in app.commands.menus() if m.title == menu for i in m.items if i.label == label)


def open_menu(app, title: str):
    """Open ``title`` with the mouse and draw it, as the player sees it."""
    index = app.commands.titles().index(title)
    box = app.menu._titles[index]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1))
    pump(app)
    return app.menu._current[index]


# ----------------------------------------------------------- Edit > Redo
def test_gaps_redo_is_lit_exactly_when_ctrl_y_plays_the_undone_move_again(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    move = next(m for m in app.game.legal_moves() if m.word is None)
    app.scene.try_move(str(move))
    settle(app)
    assert not item(app, "Edit", "Redo").enabled, "nothing undone: dimmed"
    ctrl(app, pygame.K_y)
    assert app.game.history == [str(move)], "and Ctrl+Y does nothing"
    ctrl(app, pygame.K_z)
    assert app.game.history == []
    assert item(app, "Edit", "Redo").enabled, "a move undone: Redo is lit"
    ctrl(app, pygame.K_y)
    assert app.game.history == [str(move)], "and Ctrl+Y plays it again"
    assert not item(app, "Edit", "Redo").enabled


# ----------------------------------------------------------- Help > the game's rules
def test_every_games_rules_item_shows_f1_beside_it_and_f1_opens_them(tmp_path):
    from game.games import FRONTS
    from game.ui.help import TextDialog
    from game.ui.menubar import BAR

    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    for front in FRONTS:
        app.flow.choose_game(front.name)
        settle(app)
        help_menu = open_menu(app, "Help")
        rules = help_menu.items[0]
        assert rules.label == f"{front.title} Rules" and rules.shortcut == "F1"
        box = next(box for box, drawn in app.menu._items if drawn is rules)
        font = app.fonts.ui(22)
        right = box.right - app.fonts.px(12)
        label = pygame.Rect(right - font.size("F1")[0], box.y, font.size("F1")[0], box.h)
        inked = sum(1 for x in range(label.x, label.right) for y in range(label.y, label.bottom)
                    if app.screen.get_at((x, y))[:3] not in (BAR, (255, 255, 255)))
        assert inked > 20, f"F1 is drawn at the right of {rules.label}"
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_F1)
        assert isinstance(app.dialogs[-1], TextDialog) and front.title in app.dialogs[-1].title
        key(app, pygame.K_ESCAPE)
        assert not app.dialogs


# ----------------------------------------------------------- Moves > Sequences...
def test_the_sequences_dialog_shows_each_rules_points_from_the_engines_scoring(tmp_path):
    """Ctrl+R: each packing rule's line shows what a win and a loss score,
    the figures the engine scores by (the manual's table: 1/-4, 2/-2,
    4/-1), and says them with the rule chosen."""
    from engine.spec import spec
    from game.ui.dialogs import ChoiceDialog, dialog_words

    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    ctrl(app, pygame.K_r)
    dialog = app.dialogs[-1]
    assert isinstance(dialog, ChoiceDialog) and dialog.title == "Sequences"
    points = spec("prince").scoring.points
    assert sorted(points.values()) == sorted([(1, -4), (2, -2), (4, -1)])
    for value, (win, loss) in points.items():
        assert dialog.notes[value] == f"win {win:+d}, loss {loss:+d}"
    font = app.fonts.ui(22)
    for row, value in dialog._rows:          # drawn at the right of its line
        note = pygame.Rect(0, 0, *font.size(dialog.notes[value]))
        note.midright = (row.right - app.fonts.px(6), row.centery)
        inked = sum(1 for x in range(note.x, note.right) for y in range(note.y, note.bottom)
                    if sum(app.screen.get_at((x, y))[:3]) < 200)
        assert inked > 30, f"{dialog.notes[value]} is drawn beside {value}"
    chosen = app.game.options["rule"]
    win, loss = points[chosen]
    assert f"win {win:+d}, loss {loss:+d}, selected" in dialog_words(dialog)


def test_a_choice_that_scores_nothing_has_no_points_beside_it(tmp_path):
    """Gaps and Chinese Puzzle are not scored: their dialogs show no points."""
    from game.ui.dialogs import option_notes

    assert option_notes("gaps", "rule") == {} and option_notes("chinese-puzzle", "redeals") == {}


# ----------------------------------------------------------- Options > Sound
def test_without_a_sound_device_the_sound_item_is_unticked_dimmed_and_says_why(tmp_path, monkeypatch):
    """The mixer cannot start: the status line says so, and Options >
    Sound agrees: not ticked, dimmed, "no sound device" in its label.  Its
    shortcut tries the device again; once there is one, sound is on and
    the item ticked."""
    import os

    import game.app
    from game.voice.speech import RecordingBackend

    real_init = pygame.mixer.init

    def no_device(*args, **kwargs):
        raise pygame.error("Audio target 'none' not available")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = game.app.App(game.app.parse_args(["--size", "1024x640", "--no-analysis", "--game", "gaps", "--seed", "2"]),
                       speech_backend=RecordingBackend())
    try:
        app.begin()
        settle(app)
        assert app.message.startswith("No sound device")
        sound = item(app, "Options", "Sound (no sound device)")
        assert not sound.enabled and not sound.checked
        app.say("")
        ctrl(app, pygame.K_s, shift=True)
        assert app.message.startswith("No sound device"), "its shortcut says why again"
        monkeypatch.setattr(pygame.mixer, "init", real_init)     # a device plugged in
        ctrl(app, pygame.K_s, shift=True)
        assert app.sounds.ready and app.message == "Sound on."
        sound = item(app, "Options", "Sound")
        assert sound.enabled and sound.checked
    finally:
        app.quit()
        app.sounds.stop()


def test_with_a_sound_device_the_sound_item_is_lit_and_turns_sound_on_and_off(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "2")
    try:
        for _ in range(2):
            before = bool(app.option("sound"))
            ctrl(app, pygame.K_s, shift=True)
            sound = item(app, "Options", "Sound")
            assert sound.enabled and sound.checked is (not before) and bool(app.option("sound")) is (not before)
        ctrl(app, pygame.K_s, shift=True)
        if app.option("sound"):
            assert app.sounds.ready and item(app, "Options", "Sound").checked
    finally:
        app.sounds.stop()


# ----------------------------------------------------------- a hint on a run
def test_a_hint_on_a_run_draws_one_outline_round_the_run_not_a_ring_per_card(tmp_path):
    """H shows a run of four cards going to an empty column: one orange
    outline stands round the whole run; no ring crosses the run between
    its cards."""
    from gui import endgame

    import engine
    from game.media.surfaces import BEACON, BEACON_COLOUR

    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    app.show_game(engine.from_dict(endgame()), opening=False)
    settle(app)
    table = app.scene
    table.show_move("c1-c6:4")
    pump(app)
    pile = table.layout.pile("c1")
    run = pile[-4].rect.unionall([s.rect for s in pile[-3:]])
    assert table.painter.flash_on()
    screen = app.screen

    def orange(area):
        return sum(1 for x in range(area.x, area.right) for y in range(area.y, area.bottom)
                   if screen.get_at((x, y))[:3] == BEACON_COLOUR)
    inside = run.inflate(-2 * BEACON, -2 * BEACON)
    assert orange(inside) == 0, "no ring across the run between its cards"
    band_above = pygame.Rect(run.x, run.y - BEACON, run.w, BEACON)
    band_below = pygame.Rect(run.x, run.bottom, run.w, BEACON)
    assert orange(band_above) > run.w and orange(band_below) > run.w, "one outline round the whole run"
    assert orange(pygame.Rect(run.x - BEACON, run.y, BEACON, run.h)) > run.h, "down its side too"
    empty = table.layout.slots["c6"].rect
    assert orange(pygame.Rect(empty.x, empty.y - BEACON, empty.w, BEACON)) > empty.w, "and round where it goes"


# ----------------------------------------------------------- a won Gaps table
ONE_FROM_WON = """
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS
"""


def test_a_won_gaps_table_shows_its_last_column_as_plain_gaps_not_dead_marks(tmp_path):
    """Before the last move the gaps after the kings are dead (an X);
    once the game is won, the four gaps of column 13 are plain empty
    places: nothing on a won table reads as a failure."""
    from conftest import gaps_from
    from gui import center_of, click

    app = make_app(tmp_path, "--game", "gaps", "--seed", "1")
    app.show_game(gaps_from(ONE_FROM_WON), opening=False)
    settle(app)
    table = app.scene
    column = [p for p in table.layout.slots if p.endswith("13") and p[0] in "abcd"]
    assert len(column) == 4
    assert [table.layout.slots[p].outline for p in ("a13", "b13", "c13")] == ["dead"] * 3

    def middle(place):
        return sum(app.canvas.background.get_at(table.layout.slots[place].rect.center)[:3])
    marked = middle("a13")
    click(app, center_of(app, "d13"))
    click(app, center_of(app, "d12"))
    settle(app)
    assert app.game.won
    assert [table.layout.slots[p].outline for p in column] == ["outline"] * 4
    assert middle("a13") > marked + 30, "no X across the gap after the king"


# ----------------------------------------------------------- H at the end of The Prince
def test_h_says_layoff_when_every_card_left_can_go_home(tmp_path):
    """At the end of The Prince, when Layoff would finish the game, H
    names Layoff and its shortcut rather than the next card of some
    thirty; Ctrl+L then wins."""
    from gui import endgame

    import engine

    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    app.show_game(engine.from_dict(endgame()), opening=False)
    settle(app)
    key(app, pygame.K_h, unicode="h")
    assert app.session.hints_shown[-1] == "layoff"
    assert app.message.startswith("Hint: Layoff (Ctrl+L)"), app.message
    ctrl(app, pygame.K_l)
    settle(app)
    assert app.game.won


def test_layoff_is_named_only_when_it_finishes_the_game():
    """A Layoff that leaves cards on the table is not what H names (its
    hint comes from the solver, as before); one that wins is."""
    from gui import endgame

    import engine
    from game.assistant.assistant import finishes

    opening = engine.new_game("prince", seed=1)
    assert opening.explain("layoff") is None and not finishes(opening)
    assert finishes(engine.from_dict(endgame()))
    assert not finishes(engine.new_game("gaps", seed=1))


# ----------------------------------------------------------- Gaps: a column-1 gap and its free 2s
THREE_FREE_TWOS = """
-- .. .. .. .. .. .. .. .. .. .. .. --
2C .. .. .. 2H .. .. .. .. .. .. .. --
.. .. .. .. .. .. 2S .. .. .. .. .. --
.. .. 2D .. .. .. .. .. .. .. .. .. ..
"""

ONE_FREE_TWO = """
-- .. .. .. .. .. .. .. .. .. .. .. --
2C .. .. .. .. .. .. .. .. .. .. .. --
2S .. .. .. .. .. .. .. .. .. .. .. --
2H .. 2D .. .. .. .. .. .. .. .. .. ..
"""


def gaps_table(tmp_path, picture):
    from conftest import gaps_from
    app = make_app(tmp_path, "--game", "gaps", "--seed", "1")
    app.show_game(gaps_from(picture), opening=False)
    settle(app)
    return app


def test_clicking_a_column_1_gap_again_offers_each_free_2_in_turn(tmp_path):
    """Three free 2s may fill the gap at row A, column 1: a click offers
    the first and says it is one of three twos; each click again offers
    the next, round all three; a click on the 2 offered puts it in."""
    from gui import center_of, click

    app = gaps_table(tmp_path, THREE_FREE_TWOS)
    gap = center_of(app, "a1")
    offered = []
    for _ in range(4):
        click(app, gap)
        offered.append(app.scene.selected[0])
        assert "one of three twos" in app.message, app.message
    assert offered == ["b5", "c7", "d3", "b5"], "each free 2 in reading order, then round again"
    assert app.game.history == [], "offering plays nothing"
    click(app, gap)
    assert app.scene.selected == ("c7", 0)
    assert "two of spades at row C, column 7, one of three twos, may go in row A, column 1" in app.message
    assert "click the gap again for the next" in app.message
    click(app, center_of(app, "c7"))
    assert app.game.history == ["c7-a1"] and app.game.card_at("a1") == "2S"
    assert app.scene.selected is None


def test_with_one_free_2_the_gap_clicked_again_moves_it_as_before(tmp_path):
    from gui import center_of, click

    app = gaps_table(tmp_path, ONE_FREE_TWO)
    click(app, center_of(app, "a1"))
    assert app.scene.selected == ("d3", 0) and "one of" not in app.message
    click(app, center_of(app, "a1"))
    assert app.game.history == ["d3-a1"]


def test_by_keys_enter_on_the_gap_offers_a_2_tab_the_next_and_enter_again_moves_it(tmp_path):
    """By keys: Enter on the gap offers the first free 2 and says how to
    choose; Tab offers the next; Enter on the gap again moves the 2 offered
    in (as Enter again always has)."""
    app = gaps_table(tmp_path, THREE_FREE_TWOS)
    app.scene.board.focus = ("a1", None)
    key(app, pygame.K_RETURN)
    assert app.scene.selected == ("b5", 0) and "one of three twos" in app.message
    assert "Tab offers the next" in app.message
    key(app, pygame.K_TAB)
    assert app.scene.selected == ("c7", 0) and "two of spades at row C, column 7, one of three twos" in app.message
    key(app, pygame.K_RETURN)
    assert app.game.history == ["c7-a1"]


def test_an_offer_ends_when_another_card_is_chosen(tmp_path):
    """The 2 offered, let go and chosen again by hand: the gap clicked
    then takes it, as a selected card goes where it is put."""
    from gui import center_of, click

    app = gaps_table(tmp_path, THREE_FREE_TWOS)
    click(app, center_of(app, "a1"))
    assert app.scene.selected == ("b5", 0)
    click(app, center_of(app, "b5"))            # the offered 2 chosen: it goes in
    assert app.game.history == ["b5-a1"]
    key(app, pygame.K_z, CTRL)
    assert app.game.history == []
    click(app, center_of(app, "d3"))            # a 2 selected by hand, then the gap
    click(app, center_of(app, "a1"))
    assert app.game.history == ["d3-a1"]


def test_with_clicking_blanks_moves_the_2_moved_in_is_said_to_be_one_of_several(tmp_path):
    """Clicking Blanks Moves: the click puts the first free 2 in at once,
    and the words say it was one of three and how to choose another
    (Undo, then Alt-click the gap: the offer, then the next)."""
    from gui import alt_click, center_of, click

    app = gaps_table(tmp_path, THREE_FREE_TWOS)
    app.settings.set_option("blanks_move", True)
    click(app, center_of(app, "a1"))
    assert app.game.history == ["b5-a1"]
    assert "two of hearts at row B, column 5, one of three twos, went in row A, column 1" in app.message
    assert "Undo (Ctrl+Z) and Alt-click the gap" in app.message
    key(app, pygame.K_z, CTRL)
    alt_click(app, center_of(app, "a1"))
    assert app.scene.selected == ("b5", 0) and "one of three twos" in app.message
    click(app, center_of(app, "a1"))
    assert app.scene.selected == ("c7", 0)
    click(app, center_of(app, "c7"))
    assert app.game.history == ["c7-a1"]
