"""Everything the games offer beyond moving cards, driven through real
events: menus and their shortcuts, options, hints, the Gaps clock, records
that survive a restart, and damaged files that are never fatal."""

from __future__ import annotations

import json

import pygame
import pytest
from gui import center_of, click, drag, key, make_app, post, pump, settle

import engine
from game.games.chinese_puzzle import set_redeals

CTRL = pygame.KMOD_CTRL


def ctrl(app, k, shift=False):
    key(app, k, CTRL | (pygame.KMOD_SHIFT if shift else 0))


def menu_labels(app):
    return {m.title: [i.label for i in m.items if i.label] for m in app.commands.menus()}


def play_first(app):
    move = next(m for m in app.game.legal_moves() if m.word is None)
    app.scene.try_move(str(move))
    settle(app)
    return move


def close_dialogs(app):
    while app.dialogs:
        key(app, pygame.K_ESCAPE)


#: each game's own menu, as the original game had it: the menu's title and items in it
MANUAL_MENUS = {
    "gaps": ("Gaps", ["Use a Shuffle", "Pause", "High Scores..."]),
    "chinese-puzzle": ("Chinese Puzzle", ["Redeal..."]),
    "republic": ("Moves", ["Re-Deal", "Layoff", "Backward", "Forward", "Rewind to Start", "Fast Forward",
                           "Sequences...", "Scores..."]),
    "smith": ("Moves", ["Deal", "Backward", "Forward", "Sequences...", "Scores..."]),
    "prince": ("Moves", ["Layoff", "Backward", "Forward", "Sequences...", "Scores..."]),
}


@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_each_game_has_the_menu_its_manual_describes(tmp_path, name):
    assert name in MANUAL_MENUS, f"{name} has no menu of its manual in MANUAL_MENUS: write down its title and items"
    title, items = MANUAL_MENUS[name]
    app = make_app(tmp_path, "--game", name, "--seed", "2")
    labels = menu_labels(app)
    assert ["New Game", "Open...", "Save As..."] == labels["File"][:3]
    assert "Quit" in labels["File"] and labels["Edit"] == ["Undo", "Redo"]
    for item in items:
        assert item in labels[title]
    assert "About Card Shell" in labels["Help"]


def test_menu_items_open_with_the_mouse_and_run(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    titles = app.menu._titles
    moves = next(i for i, m in enumerate(app.commands.menus()) if m.title == "Moves")
    click(app, titles[moves].center)
    assert app.menu.is_open
    box = next(r for r, item in app.menu._items if item.label == "Scores...")
    post(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=box.center, button=1)
    settle(app)
    assert not app.menu.is_open and app.dialogs
    assert "Scores" in app.dialogs[-1].title


def test_new_game_asks_first_when_a_game_is_under_way(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "2")
    play_first(app)
    old = app.game
    ctrl(app, pygame.K_n)
    assert app.dialogs and "under way" in app.dialogs[-1].message
    key(app, pygame.K_ESCAPE)              # Cancel
    assert app.game is old
    ctrl(app, pygame.K_n)
    key(app, pygame.K_RETURN)              # New Game
    assert app.game is not old and app.game.history == []


def test_new_game_without_moves_asks_nothing(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "2")
    old = app.game
    ctrl(app, pygame.K_n)
    assert not app.dialogs and app.game is not old


def test_undo_redo_and_the_card_shell_backward_forward_keys(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "3")
    first = play_first(app)
    second = play_first(app)
    ctrl(app, pygame.K_b)
    assert app.game.history == [str(first)]
    ctrl(app, pygame.K_f)
    assert app.game.history == [str(first), str(second)]
    ctrl(app, pygame.K_b, shift=True)       # rewind to start
    assert app.game.history == []
    ctrl(app, pygame.K_f, shift=True)       # fast forward to the newest move
    assert app.game.history == [str(first), str(second)]


def test_gaps_undo_toggles_as_the_manual_says(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    move = play_first(app)
    ctrl(app, pygame.K_z)
    assert app.game.history == []
    ctrl(app, pygame.K_z)                   # Undo again puts it back
    assert app.game.history == [str(move)]


def test_layoff_shortcut_in_the_prince(tmp_path):
    for seed in range(60):
        app = make_app(tmp_path, "--game", "prince", "--seed", str(seed))
        if app.game.explain("layoff") is None:
            break
    ctrl(app, pygame.K_l)
    assert app.game.history == ["layoff"]


def test_smith_deal_and_republic_redeal_items(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    ctrl(app, pygame.K_d)
    assert app.game.history == ["deal"]


def test_chinese_puzzle_redeal_is_confirmed(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    ctrl(app, pygame.K_d)
    assert app.dialogs and "redeal" in app.dialogs[-1].message.lower()
    key(app, pygame.K_ESCAPE)
    assert app.game.history == []
    ctrl(app, pygame.K_d)
    key(app, pygame.K_RETURN)
    assert app.game.history == ["redeal"] and app.game.redeals_left == 1


def test_redeals_option_only_before_the_first_move_and_deals_the_same_cards(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    rows = app.game.position()["rows"]
    set_redeals(app.commands, 1)         # Options > 1 Redeal
    settle(app)
    assert app.game.options["redeals"] == 1 and app.game.redeals_left == 1
    assert app.game.position()["rows"] == rows
    play_first(app)
    item = next(i for i in app.commands.options_menu(app.game).items if i.label == "2 Redeals")
    assert not item.enabled


def test_sequences_rule_applies_to_the_next_game(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    play_first(app)
    app.commands.choose_rule()
    dialog = app.dialogs[-1]
    key(app, pygame.K_DOWN)                 # alternate -> any suit
    assert dialog.value == "any-suit"
    key(app, pygame.K_RETURN)
    assert app.game.options["rule"] == "alternate", "a game under way keeps its rule"
    ctrl(app, pygame.K_n)
    key(app, pygame.K_RETURN)               # New Game: yes, end the game under way
    assert app.game.options["rule"] == "any-suit"


def test_sequences_before_the_first_move_apply_to_the_deal_on_the_table(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "3")
    seed = app.game.seed
    app.commands.choose_rule()
    key(app, pygame.K_DOWN)                 # alternate -> any suit
    key(app, pygame.K_RETURN)
    assert app.game.options["rule"] == "any-suit" and app.game.seed == seed
    assert app.message == "Packing rule: any suit. The deal starts over under the new rule, as no move had been made."


def test_the_command_lines_rule_is_for_its_first_deal_only(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3", "--rule", "same-suit")
    assert app.game.options["rule"] == "same-suit"
    ctrl(app, pygame.K_n)                   # no move made: nothing to ask
    assert app.game.options["rule"] == "any-suit", "the player's chosen rule (the default) deals the next"


@pytest.mark.parametrize("option", ["sound", "zoom", "fast_aces", "auto_reshuffle", "timer_shown", "blanks_move"])
def test_toggled_options_are_remembered(tmp_path, option):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    before = app.option(option)
    item_labels = {"sound": "Sound", "zoom": "Zoom Cards", "fast_aces": "Fast Aces",
                   "auto_reshuffle": "Auto Reshuffle", "timer_shown": "Timer",
                   "blanks_move": "Clicking Blanks"}
    item = next(i for i in app.commands.options_menu(app.game).items
                if i.label.startswith(item_labels[option]))
    item.action()
    settle(app)
    assert app.option(option) == (not before)
    again = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    assert again.option(option) == (not before)


def test_card_back_and_table_choices(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    app.commands.choose_back()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.option("back") == 1 and app.canvas.back_index == 1
    app.commands.choose_table()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.option("table") == "blue" and app.canvas.table_name == "blue"


def test_black_and_white_is_one_bit(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    app.set_colour(False)
    settle(app)
    sprite = app.scene.layout.sprites[0]
    area = app.screen.subsurface(sprite.rect).copy()
    colours = {tuple(area.get_at((x, y)))[:3] for x in range(area.get_width())
               for y in range(0, area.get_height(), 3)}
    assert colours <= {(0, 0, 0), (255, 255, 255)}, colours
    app.set_colour(True)
    settle(app)
    area = app.screen.subsurface(sprite.rect).copy()
    colours = {tuple(area.get_at((x, y)))[:3] for x in range(area.get_width())
               for y in range(0, area.get_height(), 3)}
    assert len(colours) > 2


def test_help_and_about(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    key(app, pygame.K_F1)
    assert app.dialogs and "Smith" in app.dialogs[-1].title
    key(app, pygame.K_RETURN)
    assert not app.dialogs
    app.commands.show_about()
    assert app.dialogs


# ----------------------------------------------------------------- hints
def test_chinese_puzzle_alt_click_on_a_gap_flashes_the_cards_that_fill_it(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    gap = "a0"
    fillers = app.game.fillers(gap)
    assert fillers
    click(app, center_of(app, gap), button=3)
    flashed = app.scene.flash_rects
    assert len(flashed) == len(fillers)
    assert {tuple(r) for r in flashed} == {tuple(app.scene.layout.pile(p)[-1].rect) for p in fillers}


def test_chinese_puzzle_hint_on_a_card_flashes_the_cards_it_follows(tmp_path):
    app = make_app(tmp_path, "--game", "chinese-puzzle", "--seed", "3")
    place = next(s.place for s in app.scene.layout.sprites if s.card[0] not in "A2")
    follows = app.game.follows(place)
    click(app, center_of(app, place), button=3)
    rects = {tuple(r) for r in app.scene.flash_rects}
    for p in follows:
        assert tuple(app.scene.layout.pile(p)[-1].rect) in rects


def test_a_hint_on_a_dead_gap_or_a_locked_card_only_beeps(tmp_path):
    import random
    game = engine.new_game("chinese-puzzle", seed=3)
    rnd = random.Random(3)
    while not game.dead_gaps() or not any(game.locked_counts()):
        game.play(rnd.choice([m for m in game.legal_moves() if m.word is None]))
    app = make_app(tmp_path)
    app.show_game(game, opening=False)
    settle(app)
    dead = next(p for p, slot in app.scene.layout.slots.items() if slot.outline == "dead")
    click(app, center_of(app, dead), button=3)
    assert app.scene.flash_rects == []
    locked = next(s.place for s in app.scene.layout.sprites if s.locked)
    click(app, center_of(app, locked), button=3)
    assert app.scene.flash_rects == []


def test_gaps_alt_click_on_a_card_shows_the_card_that_belongs_there(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    place = next(s.place for s in app.scene.layout.sprites if app.game.belongs(s.place))
    belongs = app.game.belongs(place)
    pygame.key.set_mods(pygame.KMOD_ALT)
    try:
        click(app, center_of(app, place))
    finally:
        pygame.key.set_mods(0)
    assert [tuple(r) for r in app.scene.flash_rects] == [tuple(app.scene.layout.pile(belongs)[-1].rect)]


def test_gaps_clicking_a_blank_selects_the_card_that_belongs_there(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    gap = next(p for p in app.scene.layout.slots if app.game.card_at(p) is None
               and app.game.fillers(p))
    src = app.game.belongs(gap)
    click(app, center_of(app, gap))
    assert app.scene.selected == (src, 0)
    click(app, center_of(app, gap))        # a second click moves it
    assert app.game.history == [f"{src}-{gap}"]


def test_gaps_clicking_blanks_moves_when_so_set_and_alt_inverts(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    app.set_option("blanks_move", True)
    gaps = [p for p in app.scene.layout.slots if app.game.card_at(p) is None and app.game.fillers(p)]
    pygame.key.set_mods(pygame.KMOD_ALT)
    try:
        click(app, center_of(app, gaps[0]))
    finally:
        pygame.key.set_mods(0)
    assert app.game.history == [] and app.scene.selected is not None
    click(app, center_of(app, gaps[0]))
    assert len(app.game.history) == 1


def test_shift_click_tries_a_card_on_the_foundations(tmp_path):
    for seed in range(60):
        app = make_app(tmp_path, "--game", "prince", "--seed", str(seed))
        move = next((m for m in app.game.legal_moves() if m.dst == "f" and m.src[0] == "c"), None)
        if move:
            break
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, center_of(app, move.src))
    finally:
        pygame.key.set_mods(0)
    assert app.game.history == [str(move)]


# ----------------------------------------------------------------- the clock
class FakeTime:
    """The loop's clock, moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def passes(app, clock: FakeTime, seconds: float) -> None:
    """``seconds`` pass while the loop waits, then it takes its events."""
    clock.t += seconds
    pump(app)


def timed_app(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    clock = FakeTime()
    app.loop.now = clock
    app.loop.last = clock()
    app.session.clock.elapsed = 0.0         # (the real seconds make_app took)
    return app, clock


def test_the_gaps_timer_runs_while_playing_and_stops_in_a_dialog(tmp_path):
    app, clock = timed_app(tmp_path)
    passes(app, clock, 5.0)
    assert int(app.session.clock.elapsed) == 5
    app.alert("hello")
    passes(app, clock, 36.0)                # the alert stays open a while
    assert int(app.session.clock.elapsed) == 5
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    passes(app, clock, 0.0)                 # closed: the time it was open is not counted when it goes
    assert not app.dialogs and int(app.session.clock.elapsed) == 5
    passes(app, clock, 1.0)
    assert int(app.session.clock.elapsed) == 6


def test_the_gaps_clock_stops_under_high_scores_and_an_open_menu(tmp_path):
    app, clock = timed_app(tmp_path)
    app.commands.show_high_scores()
    passes(app, clock, 20.0)
    key(app, pygame.K_ESCAPE)
    passes(app, clock, 0.0)
    assert not app.dialogs and app.session.clock.elapsed == 0
    app.menu.open(0)
    passes(app, clock, 20.0)
    app.menu.open(None)
    passes(app, clock, 2.0)
    assert int(app.session.clock.elapsed) == 2


def test_pause_stops_the_clock_and_covers_the_cards(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    app.loop.now = clock = FakeTime()
    app.loop.last = clock()
    ctrl(app, pygame.K_p)
    assert app.session.clock.paused
    passes(app, clock, 10.0)
    assert app.session.clock.elapsed < 1
    sprite = app.scene.layout.sprites[0]
    face = app.canvas.card_image(sprite.card, True, sprite.rect.size)
    shown = app.screen.subsurface(sprite.rect).copy()
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(face.convert(), "RGB")
    before = app.game.to_dict()
    drag(app, center_of(app, sprite.place), (500, 300))   # no play while paused
    assert app.game.to_dict() == before
    ctrl(app, pygame.K_p)
    assert not app.session.clock.paused


def test_losing_focus_pauses_and_coming_back_resumes(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    post(pygame.WINDOWFOCUSLOST)
    pump(app)
    assert app.session.clock.paused
    post(pygame.WINDOWFOCUSGAINED)
    pump(app)
    assert not app.session.clock.paused


def won_gaps_document():
    rows = [[f"{r}{s}" for r in "23456789TJQK"] + [None] for s in "CDHS"]
    rows[3][11], rows[3][12] = None, "KS"
    return {"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": 3}}


def test_a_gaps_winner_types_a_name_into_the_high_scores(tmp_path):
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(won_gaps_document()), opening=False)
    settle(app)
    app.session.clock.elapsed = 65
    app.scene.try_move("d13-d12")
    settle(app)
    assert app.dialogs and "Shuffles used: 0 of 3.\nTime: 1:05." in app.dialogs[-1].message, "the result first"
    key(app, pygame.K_RETURN)
    close_until = [d for d in app.dialogs if d.entry is not None]
    assert close_until, "then the winner is asked for a name"
    for ch in "Ada":
        key(app, getattr(pygame, f"K_{ch.lower()}"), unicode=ch)
    key(app, pygame.K_RETURN)
    scores = app.records.high_scores()
    assert scores[0]["name"] == "Ada" and scores[0]["shuffles"] == 0
    assert "High Scores" in app.dialogs[-1].title


# ----------------------------------------------------------------- records
@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_the_game_in_progress_is_restored_history_and_all(tmp_path, name):
    app = make_app(tmp_path, "--game", name, "--seed", "3")
    for _ in range(2):
        play_first(app)
    history, position = app.game.history, app.game.position()
    assert history
    again = make_app(tmp_path, "--game", name)
    assert again.game.history == history
    assert again.game.position() == position
    assert again.game.can_undo


def test_save_as_and_open_round_trip(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    play_first(app)
    path = tmp_path / "shared.json"
    app.records.export_game(app.game, path)
    doc = json.loads(path.read_text())
    assert doc["game"] == "republic" and doc["history"] == app.game.history
    other = make_app(tmp_path / "friend", "--game", "gaps", "--seed", "1")
    other.commands.open_file()
    dialog = other.dialogs[-1]
    dialog.on_close(str(path))
    other.dialogs.pop()
    settle(other)
    assert other.game.name == "republic" and other.game.position() == app.game.position()


def test_deal_by_code_plays_the_same_deal(tmp_path):
    from engine import codes
    app = make_app(tmp_path, "--game", "prince", "--seed", "12345", "--rule", "same-suit")
    code = codes.encode("prince", app.game.options, app.game.seed)
    assert code in "".join(app.status_text())
    friend = make_app(tmp_path / "f", "--deal", code)
    assert friend.game.options["rule"] == "same-suit"
    assert friend.game.position() == app.game.position()
    friend.commands.deal_by_code()
    for ch in code:
        key(friend, pygame.K_a, unicode=ch)
    key(friend, pygame.K_RETURN)
    assert friend.game.seed == 12345


def test_a_mistyped_code_is_refused_with_a_reason(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "1")
    app.commands.deal_by_code()
    for ch in "R0-XXXX-1":
        key(app, pygame.K_a, unicode=ch)
    key(app, pygame.K_RETURN)
    assert app.dialogs and app.game.seed == 1


def test_a_damaged_autosave_is_reported_kept_aside_and_a_fresh_game_dealt(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    play_first(app)
    save = tmp_path / "saves" / "smith.json"
    assert save.exists()
    save.write_text('{"format": 1, "kind": "game", "data": {"game": "smith", "position": {}}')
    again = make_app(tmp_path, "--game", "smith")
    assert again.game is not None and again.game.history == []
    messages = " ".join(d.message for d in again.dialogs)
    assert "smith.json" in messages
    assert (tmp_path / "saves" / "smith.json.bad").exists()


def test_a_corrupt_preferences_file_is_not_fatal(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "preferences.json").write_bytes(b"\x00\xff garbage")
    app = make_app(tmp_path, "--game", "gaps", "--seed", "1")
    assert app.game is not None
    assert any("preferences.json" in d.message for d in app.dialogs)


def test_statistics_count_a_win_and_an_abandoned_game(tmp_path):
    from engine.cards import NAMES
    cols = [["KC", "QD", "JC", "TD"], ["KD", "QC", "JD", "TC"], ["KH", "QS", "JH", "TS"],
            ["KS", "QH", "JS", "TH"], [], [], [], [], []]
    assert NAMES
    doc = {"format": 1, "game": "prince", "options": {"rule": "alternate"},
           "position": {"columns": cols, "reserve": [None] * 7, "foundations": ["9C", "9D", "9H", "9S"]}}
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(doc), opening=False)
    settle(app)
    app.scene.try_move("layoff")
    settle(app)
    close_dialogs(app)
    rec = app.records.stats.get("prince", "alternate")
    assert (rec.games, rec.wins, rec.points) == (1, 1, 2)
    ctrl(app, pygame.K_n)
    play_first(app)
    ctrl(app, pygame.K_n)
    key(app, pygame.K_RETURN)
    rec = app.records.stats.get("prince", "alternate")
    assert (rec.games, rec.wins, rec.points) == (2, 1, 0)


def test_large_index_and_four_colour_faces_are_chosen_in_options(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    classic = pygame.image.tobytes(app.looks.sheet.face_at(0, 70, 98), "RGBA")
    app.set_option("faces", "four-colour")
    app.reload_cards_if_changed(force=True)
    four = pygame.image.tobytes(app.looks.sheet.face_at(0, 70, 98), "RGBA")   # the ace of clubs: green now
    assert four != classic and app.sheet_path().name == "cards-four-colour.png"
    app.set_option("faces", "large-index")
    app.reload_cards_if_changed(force=True)
    assert app.sheet_path().name == "cards-large-index.png"


def test_a_changed_card_sheet_is_reloaded_without_a_restart(tmp_path):
    from game.media.sheet import builtin_sheet_path
    own = tmp_path / "mine.png"
    pygame.image.save(pygame.image.load(str(builtin_sheet_path())), str(own))
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3", "--cards", str(own))
    assert app.looks.sheet.cell == (300, 420)
    small = pygame.transform.smoothscale(pygame.image.load(str(own)), (1300, 700))
    pygame.image.save(small, str(own))
    import os
    os.utime(own, (os.path.getatime(own), os.path.getmtime(own) + 5))
    post(pygame.WINDOWFOCUSGAINED)
    pump(app)
    assert app.looks.sheet.cell == (100, 140)


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_every_menu_command_has_its_own_keyboard_shortcut(tmp_path, name):
    app = make_app(tmp_path, "--game", name, "--seed", "2")
    seen = {}
    for menu in app.commands.menus():
        for item in menu.items:
            if item.separator:
                continue
            assert item.shortcut, f"{menu.title} > {item.label} has no shortcut"
            assert item.shortcut not in seen, f"{item.shortcut} is both {seen.get(item.shortcut)} and {item.label}"
            seen[item.shortcut] = item.label
