"""Issue 37, the keyboard side: a whole deal of Chinese Puzzle, of The
Republic and of The Smith played by key events only, with a recording speech backend; every
key is answered in words, each move is said as it is played, and Chinese
Puzzle takes at most 5 keys a move on average (Enter on a gap selects the
card that may fill it, Tab offers the other copy, Enter again moves it).
Then the keys added with it: Shift+Enter (a right-click's hint on the
focused place), Tab going only where the engine takes the cards in hand,
the start screen's grid, dimmed menu items said with why, The Smith's
spacing keys and Tab in a one-button dialog."""

from __future__ import annotations

import re
from collections import Counter

import pygame
import pytest
from gui import key, settle
from test_whole_games_by_keys import DIGITS, Player, same, sentence, solved, speaking_app

import engine
from engine.cards import card
from game.voice.spoken import place_name
from game.voice.words import describe


# ----------------------------------------------------------- Chinese Puzzle
def gap_steps(app, dst: str) -> tuple[int, int]:
    """How many G (forward) or Shift+G (back) presses reach the gap ``dst``
    from the focus, as a player counting the gaps they heard would."""
    layout = app.scene.layout
    order = list(layout.slots)
    dead = set(app.game.dead_places())          # G passes over a dead gap
    gaps = [p for p in order if p[0] in "abcdefgh" and not layout.pile(p) and p not in dead]
    focus = app.scene.focus[0] if app.scene.focus else None
    if focus in gaps:
        k = gaps.index(focus)
        return (gaps.index(dst) - k) % len(gaps), (k - gaps.index(dst)) % len(gaps)
    at = order.index(focus) if focus in order else -1
    ahead = [g for g in gaps if order.index(g) > at] + [g for g in gaps if order.index(g) <= at]
    behind = [g for g in reversed(gaps) if order.index(g) < at] + [g for g in reversed(gaps) if order.index(g) >= at]
    return ahead.index(dst) + 1, behind.index(dst) + 1


def chinese_puzzle_move(p: Player, text: str) -> None:
    """The cheaper of two ways a player plays a move: the gap first (G or
    Shift+G to it, Enter selects its card, Tab offers the other copy, Enter
    moves it), or the card first when it has one move only (its row's
    digit, the arrows along the row, F)."""
    app, game = p.app, p.app.game
    m = engine.Move.parse(text)
    words = sentence(describe(game, text))
    fillers = sorted({x.src for x in game.legal_moves() if x.dst == m.dst}, key=game.PLACES.index)
    forward, back = gap_steps(app, m.dst)
    gap_cost = min(forward, back) + 2 + fillers.index(m.src)
    only = [x for x in game.legal_moves() if x.src == m.src]
    focus = app.scene.focus[0] if app.scene.focus else ""
    column = int(focus[1:]) if focus[1:].isdigit() else 0
    card_cost = (focus[:1] != m.src[0]) + abs(int(m.src[1:]) - column) + 1 if len(only) == 1 else 99
    if card_cost < gap_cost:
        if focus[:1] != m.src[0]:
            heard = p.press(DIGITS["abcdefgh".index(m.src[0])])
            assert heard[-1].startswith(f"row {m.src[0].upper()}"), heard
        for _ in range(14):
            if p.focus == m.src:
                break
            heard = p.press(pygame.K_RIGHT if int(m.src[1:]) > int(p.focus[1:]) else pygame.K_LEFT)
            assert heard[-1].startswith(place_name(game, p.focus)), heard
        assert p.focus == m.src
        heard = p.press(pygame.K_f)
    else:
        mod = 0 if forward <= back else pygame.KMOD_SHIFT
        for _ in range(60):
            heard = p.press(pygame.K_g, mod)
            assert heard[-1].startswith(f"{place_name(game, p.focus)}, a ") and "gap" in heard[-1], heard
            if p.focus == m.dst:
                break
        assert p.focus == m.dst
        heard = p.press(pygame.K_RETURN)
        first = card(game.card_at(fillers[0])).words
        assert heard[-1].startswith(f"The {first} at {place_name(game, fillers[0])}"), heard
        if len(fillers) > 1:
            assert re.search(r", one of (two|three|four|five|six|seven|eight) \w+, may go in ", heard[-1]), heard
            assert heard[-1].endswith("Enter on the gap moves it there, Tab offers the next."), heard
        else:
            assert heard[-1].endswith("Enter again moves it there."), heard
        for n in range(fillers.index(m.src)):
            heard = p.press(pygame.K_TAB)
            name = card(game.card_at(fillers[n + 1])).words
            assert heard[-1].startswith(f"The {name} at {place_name(game, fillers[n + 1])}, one of "), heard
        assert app.scene.board.selected == (m.src, 0)
        heard = p.press(pygame.K_RETURN)
    assert game.history[-1] == text, (text, heard)
    assert any(w.startswith(words) for w in heard), (words, heard)


def test_a_whole_deal_of_chinese_puzzle_by_keys_is_said_and_takes_five_keys_a_move(tmp_path):
    app = speaking_app(tmp_path, "--game", "chinese-puzzle", "--seed", "1")
    line = solved(app)
    p = Player(app)
    for n, move in enumerate(line):
        chinese_puzzle_move(p, move)
        assert same(app.game.history) == same(line[:n + 1]), f"{move} was not played"
    assert app.game.won
    assert any("The game is won." in w for w in p.said[-3:]), p.said[-3:]
    print(f"Chinese Puzzle: {p.keys} keys for {len(line)} moves")
    assert p.keys / len(line) <= 5, f"{p.keys} keys for {len(line)} moves"


# ----------------------------------------------------------- The Republic
def to_place(p: Player, place: str) -> None:
    """The keys that jump: a digit to a column, R to the packets, S to the
    stock (again: the turned card, the talon), Shift+F to the foundations;
    each says where it went."""
    game = p.app.game
    if place[0] == "c":
        heard = p.press(DIGITS[int(place[1:]) - 1])
    else:
        k, mod = (pygame.K_s, 0) if place in ("stock", "s", "t") else \
            (pygame.K_f, pygame.KMOD_SHIFT) if place[0] == "f" else (pygame.K_r, 0)
        for _ in range(12):
            heard = p.press(k, mod)
            if p.focus == place:
                break
    assert p.focus == place, f"no jump reached {place}"
    assert heard[-1].startswith(place_name(game, place)), heard


def republic_move(p: Player, text: str) -> None:
    app, game = p.app, p.app.game
    m = engine.Move.parse(text)
    words = sentence(describe(game, text))
    if m.word is not None:
        to_place(p, "stock")        # turn a card, or turn the talon over (Re-Deal): Enter on the stock
        heard = p.press(pygame.K_RETURN)
    else:
        to_place(p, m.src)
        for _ in range((m.count or 1) - 1):
            heard = p.press(pygame.K_UP)
            assert heard[-1].startswith(place_name(game, m.src)), heard
        if m.dst[0] == "f":
            heard = p.press(pygame.K_f)
        else:
            heard = p.press(pygame.K_RETURN)
            assert heard[-1].startswith("Picked up "), heard
            places = app.scene.keyboard.destinations()
            assert m.dst in places, (m, places)
            if len(places) == 1:
                heard = p.press(pygame.K_TAB)
                assert heard[-1].startswith(place_name(game, m.dst)), heard
            else:
                to_place(p, m.dst)
            heard = p.press(pygame.K_RETURN)
    assert same(game.history)[-1] == same([text])[0], (text, heard)
    if text == "turn":              # the card turned, named (and where it went when it cannot be played)
        words = "Turned the "
    assert any(w.startswith(words) for w in heard), (words, heard)


def face_up(app) -> Counter:
    """The cards face up on the table but the talon's and the foundations'
    (their tops alone are drawn: a card under one shows when the top goes,
    seen before)."""
    return Counter(s.card for s in app.scene.layout.sprites if s.face_up and s.place[0] not in "tf")


def play_to_the_end(app, move_by_keys) -> tuple[Player, list[str]]:
    """The solver's line for the deal on the table, each move played by
    ``move_by_keys``: each played as asked, every card it shows named in the
    words it brought, and the game won and said so."""
    line = solved(app)
    p = Player(app)
    for n, move in enumerate(line):
        before, start = face_up(app), len(p.said)
        move_by_keys(p, move)
        assert same(app.game.history) == same(line[:n + 1]), f"{move} was not played"
        heard = " ".join(p.said[start:])
        for name in face_up(app) - before:
            assert card(name).words in heard, (move, name, p.said[start:])
    assert app.game.won
    assert any("The game is won." in w for w in p.said[-3:]), p.said[-3:]
    return p, line


def test_a_whole_deal_of_the_republic_by_keys_is_said_step_by_step(tmp_path):
    """Every key answered; each move said; every card a move shows (a
    stock card turned, a packet's card turned up) named as it appears."""
    app = speaking_app(tmp_path, "--game", "republic", "--seed", "2")
    p, line = play_to_the_end(app, republic_move)
    print(f"The Republic: {p.keys} keys for {len(line)} moves")


# ----------------------------------------------------------- the keys added
def test_shift_enter_on_a_gap_says_the_cards_that_could_fill_it_as_a_right_click_does(tmp_path):
    app = speaking_app(tmp_path, "--game", "chinese-puzzle", "--seed", "1")
    game = app.game
    p = Player(app)
    gap = next(g for g in game.PLACES if game.card_at(g) is None and game.hint_places(g))
    app.scene.keyboard.focus_on(gap)
    fillers = game.hint_places(gap)
    heard = p.press(pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert heard[-1].endswith(f"can fill {place_name(game, gap)}."), heard
    for f in fillers:
        assert f"{card(game.card_at(f)).words} at {place_name(game, f)}" in heard[-1], heard
    assert app.scene.flash_rects, "the cards that could fill it are lit, as a right-click lights them"
    assert app.scene.board.selected is None and game.history == []
    again = p.press(pygame.K_MENU)          # the context-menu key does the same
    assert again[-1] == heard[-1]


def test_enter_on_a_gap_nothing_can_fill_says_why(tmp_path):
    app = speaking_app(tmp_path, "--game", "chinese-puzzle", "--seed", "1")
    game = app.game
    p = Player(app)
    for move in solved(app)[:40]:
        app.scene.try_move(move)
        settle(app)
    gap = next((g for g in game.PLACES if game.card_at(g) is None and not game.hint_places(g)), None)
    assert gap is not None
    app.scene.keyboard.focus_on(gap)
    heard = p.press(pygame.K_RETURN)
    assert heard[-1].startswith(("Nothing can fill ", "No card can fill ")) and \
        place_name(game, gap) in heard[-1], heard
    assert app.scene.board.selected is None


def test_tab_with_a_card_in_hand_stops_only_where_the_engine_takes_it(tmp_path):
    """Two foundations started, a card in hand that goes to one of them:
    Tab never stops on the other (nor on an empty one the card cannot
    start), and each place it stops on is one the engine accepts."""
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    game = app.game
    p = Player(app)
    for move in solved(app):
        started = [f for f in app.scene.layout.slots if f[0] == "f" and app.scene.layout.pile(f)]
        m = engine.Move.parse(move)
        if len(started) >= 2 and m.word is None and m.dst[0] == "f" and m.src[0] == "c":
            break
        app.scene.try_move(move)
        settle(app)
    else:
        raise AssertionError("no foundation move with two foundations started")
    p.press(DIGITS[int(m.src[1:]) - 1])
    heard = p.press(pygame.K_RETURN)
    assert heard[-1].startswith("Picked up"), heard
    stops = set()
    for _ in range(12):
        heard = p.press(pygame.K_TAB)
        assert heard[-1].startswith(place_name(game, p.focus)), heard
        stops.add(p.focus)
    for place in stops:
        assert game.explain(str(engine.Move(m.src, place, 1))) is None, place
    wrong = [f for f in started if game.explain(str(engine.Move(m.src, f, 1))) is not None]
    assert wrong and not stops & set(wrong), (stops, wrong)


def test_the_start_screens_arrows_go_by_rows_as_drawn_and_w_says_the_game(tmp_path):
    from game.ui.start import GAMES
    app = speaking_app(tmp_path, "--game", "gaps")
    app.show_start()
    start = app.stage.scene
    rows = start.rows()
    assert [len(r) for r in rows] in ([3, 2], [5])
    start.focus = rows[0][0]
    said = app.speech.backend.spoken

    def press(k):
        n = len(said)
        key(app, k)
        assert said[n:], f"{pygame.key.name(k)} was answered by silence"
        return said[-1]
    assert press(pygame.K_RIGHT) == start.focus_words() and start.focus == rows[0][1]
    words = press(pygame.K_w)
    front = GAMES[start.focus]
    assert words.startswith(f"On {front.title}") and front.blurb in words, words
    assert press(pygame.K_LEFT) == start.focus_words() and start.focus == rows[0][0]
    assert press(pygame.K_LEFT).startswith("The first in its row: ") and start.focus == rows[0][0]
    if len(rows) > 1:
        press(pygame.K_DOWN)
        assert start.focus in rows[1], "Down goes to the row below"
        assert press(pygame.K_DOWN).startswith("The bottom row: ") and start.focus in rows[1]
        press(pygame.K_UP)
        assert start.focus in rows[0], "Up goes back to the row above"


def test_the_arrows_passing_a_dimmed_menu_item_say_it_and_why():
    from game.ui.menubar import Item, Menu, MenuBar

    class Fonts:
        def px(self, n):
            return n
    said = []
    items = [Item("Undo", lambda: None, "Ctrl+Z", enabled=False, why=lambda: "There is no move to take back."),
             Item("Redo", lambda: None, "Ctrl+Y", enabled=False),
             Item("Hint", lambda: None, "H"),
             Item("Demo", lambda: None, "Ctrl+E")]
    bar = MenuBar(Fonts(), lambda: [Menu("Moves", items)], speak=said.append)

    def press(k):
        bar.key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        return said[-1]
    assert press(pygame.K_F10) == ("Undo, dimmed: There is no move to take back. Redo, dimmed. "
                                   "Moves menu, Hint, H")
    assert press(pygame.K_DOWN) == "Demo, Ctrl+E"
    assert press(pygame.K_DOWN) == ("Undo, dimmed: There is no move to take back. Redo, dimmed. Hint, H")
    assert press(pygame.K_UP) == ("Redo, dimmed. Undo, dimmed: There is no move to take back. "
                                  "Demo, Ctrl+E"), "round the top, going up: the items passed, in that order"
    assert bar.hover == 3
    assert press(pygame.K_HOME) == "Undo, dimmed: There is no move to take back. Redo, dimmed. Hint, H"


def test_a_dimmed_item_of_the_real_menus_is_said_as_the_arrows_pass_it(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    move = next(m for m in app.game.legal_moves() if m.word is None)
    app.scene.try_move(str(move))
    settle(app)
    p = Player(app)
    p.press(pygame.K_e, pygame.KMOD_ALT)
    heard = p.press(pygame.K_DOWN)
    assert "Redo, dimmed: there is no move undone to play again" in heard[-1], heard
    assert heard[-1].endswith("Undo, Ctrl+Z"), heard


def test_the_real_menus_say_why_an_item_is_dimmed(tmp_path):
    """A fresh deal: Undo says why it is dimmed in the engine's words, and
    the game's menu's Review and Resign say theirs."""
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    heard = " ".join(p.press(pygame.K_e, pygame.KMOD_ALT))
    assert "Undo, dimmed: There is no move to take back" in heard, heard
    menus = app.menu.menus()
    edit = next(m for m in menus if m.title == "Edit")
    assert all(item.why is not None and item.why() for item in edit.items if not item.enabled)
    game_menu = menus[2]
    dimmed = [item for item in game_menu.items if item.label and not item.enabled]
    assert dimmed and all(item.why is not None and item.why() for item in dimmed), \
        [item.label for item in dimmed if item.why is None or not item.why()]


def test_every_games_dimmed_items_say_why(tmp_path):
    import engine
    for name in engine.GAMES:
        app = speaking_app(tmp_path / name, "--game", name, "--seed", "2")
        for menu in app.menu.menus():
            silent = [item.label for item in menu.items
                      if item.label and not item.enabled and (item.why is None or not item.why())]
            assert silent == [], f"{name}, {menu.title}: dimmed with no reason"


def test_the_smiths_spacing_keys_change_the_focused_column_and_say_so(tmp_path):
    app = speaking_app(tmp_path, "--game", "smith", "--seed", "2")
    spacing = app.scene.session.spacing
    p = Player(app)
    p.press(pygame.K_3)
    assert p.press(pygame.K_PLUS)[-1] == "Column 3 spread: 125% of the usual spacing."
    assert spacing["c3"] == 1.25
    assert p.press(pygame.K_UP, pygame.KMOD_SHIFT)[-1] == "Column 3 back to its usual spacing."
    assert p.press(pygame.K_MINUS)[-1] == "Column 3 squeezed: 75% of the usual spacing."
    p.press(pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert spacing["c3"] == 1.0
    for _ in range(3):
        p.press(pygame.K_MINUS)
    assert p.press(pygame.K_MINUS)[-1] == "Column 3 is squeezed as far as it goes: 25% of the usual spacing."
    assert p.press(pygame.K_PERIOD)[-1] == "Column 3 back to its usual spacing." and spacing["c3"] == 1.0
    assert p.focus == "c3" and app.game.history == []
    app = speaking_app(tmp_path / "p", "--game", "prince", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_3)
    assert p.press(pygame.K_PLUS)[-1] == "This game's columns have no spacing controls."


def test_tab_in_a_one_button_dialog_says_the_button(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_1)
    for _ in range(3):
        p.press(pygame.K_RETURN)
        p.press(pygame.K_RETURN)                 # a card put back on its own column: refused
    assert app.dialogs and len(app.dialogs[-1].buttons) == 1
    heard = p.press(pygame.K_TAB)
    assert heard[-1] == f"{app.dialogs[-1].buttons[0]}, button", heard
    heard = p.press(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert heard[-1] == f"{app.dialogs[-1].buttons[0]}, button", heard


def test_chinese_puzzle_offers_both_copies_in_turn_by_tab_and_a_click_on_the_gap(tmp_path):
    """Enter on a gap two cards may fill: the first offered ("one of two
    copies"), Tab the other, Tab again the first; a click on the gap, while
    the offer is under way, offers the next too; Enter on the gap moves
    the one offered."""
    from gui import center_of, click
    app = speaking_app(tmp_path, "--game", "chinese-puzzle", "--seed", "1")
    game = app.game
    p = Player(app)

    def two() -> tuple[str, list[str]] | None:
        return next(((g, f) for g in game.PLACES if game.card_at(g) is None and g[1:] != "0"
                     for f in [sorted({m.src for m in game.legal_moves() if m.dst == g}, key=game.PLACES.index)]
                     if len(f) == 2), None)
    for move in solved(app):
        if two():
            break
        app.scene.try_move(move)
        settle(app)
    gap, fillers = two()
    start = len(game.history)
    app.scene.keyboard.focus_on(gap)
    heard = p.press(pygame.K_RETURN)
    one_of = "one of two copies" if game.card_at(fillers[0]) == game.card_at(fillers[1]) else "one of two "
    assert f"at {place_name(game, fillers[0])}, {one_of}" in heard[-1], heard
    assert app.scene.board.selected == (fillers[0], 0)
    heard = p.press(pygame.K_TAB)
    assert f"at {place_name(game, fillers[1])}, one of two" in heard[-1], heard
    heard = p.press(pygame.K_TAB)
    assert f"at {place_name(game, fillers[0])}, one of two" in heard[-1], heard
    click(app, center_of(app, gap))
    assert app.scene.board.selected == (fillers[1], 0), "a click on the gap offers the next, as Tab does"
    assert "click the gap again for the next" in p.said[-1], p.said[-1]
    app.scene.keyboard.focus_on(gap)
    heard = p.press(pygame.K_RETURN)
    assert game.history[start:] == [f"{fillers[1]}-{gap}"], heard
    assert app.scene.illegal == 0


def test_shift_and_the_arrows_move_the_focus_where_no_column_has_spacing_controls(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_3)
    heard = p.press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert p.focus == "c4" and heard[-1].startswith("column 4"), heard


# ----------------------------------------------------------- The Smith
@pytest.mark.slow
def test_a_whole_deal_of_the_smith_by_keys_is_said_step_by_step(tmp_path):
    """The Smith played to its end by keys alone: each move said, every key
    answered, and every card a deal or a move shows named as it appears."""
    app = speaking_app(tmp_path, "--game", "smith", "--seed", "2")     # (a deal the solver wins in seconds)

    def smith_move(p: Player, move: str) -> None:
        if move != "deal":
            return republic_move(p, move)
        to_place(p, "stock")
        heard = p.press(pygame.K_RETURN)
        assert any(w.startswith("Dealt: column 1 the ") for w in heard), heard

    p, line = play_to_the_end(app, smith_move)
    print(f"The Smith: {p.keys} keys for {len(line)} moves")
