"""A whole game of The Prince and of Gaps played by key events only, with a
recording speech backend (issue 28): every key a player presses is
answered in words, each move is said as it is played, the end is said,
and the keys are counted (The Prince: at most 4 a move on average)."""

from __future__ import annotations

import re

import pygame
from gui import key, make_app, settle

import engine
from engine.cards import card
from game.voice.speech import RecordingBackend
from game.voice.spoken import place_name
from game.voice.words import describe

DIGITS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
          pygame.K_9, pygame.K_0]


class Player:
    """Presses keys as a player would and keeps what each one made the game say."""

    def __init__(self, app) -> None:
        self.app = app
        self.keys = 0

    @property
    def said(self) -> list[str]:
        return self.app.speech.backend.spoken

    def press(self, k: int, mod: int = 0) -> list[str]:
        """One key; what it made the game say (never nothing: a player
        who cannot see the table hears every key answered)."""
        start = len(self.said)
        self.keys += 1
        key(self.app, k, mod)
        settle(self.app)
        heard = self.said[start:]
        assert heard, f"key {pygame.key.name(k)} (mod {mod}) was answered by silence"
        return heard

    @property
    def focus(self) -> str | None:
        f = self.app.scene.focus
        return f[0] if f else None

    def top_words(self, place: str) -> str:
        pile = self.app.scene.layout.pile(place)
        return card(pile[-1].card).words if pile else ""


def speaking_app(home, *argv):
    app = make_app(home, *argv)
    app.speech.backend = RecordingBackend()
    app.speech.screen_reader = False
    app.speech.wanted = True
    return app


def sentence(words: str) -> str:
    return words[:1].upper() + words[1:] + "."


def solved(app) -> list[str]:
    from engine.solve import Budget, solve
    line = [str(m) for m in solve(app.game, Budget(seconds=30), known=True).moves]
    assert line, "the deal is winnable"
    return line


def same(history: list[str]) -> list[str]:
    return [re.sub(r"-f\d+", "-f", m) for m in history]


# ----------------------------------------------------------- The Prince
def jump(p: Player, place: str) -> None:
    """Digits to a column, R to the reserve, Shift+F to the foundations:
    each jump says the place and its top card."""
    game = p.app.game
    if place[0] == "c":
        heard = p.press(DIGITS[int(place[1:]) - 1])
    else:
        k, mod = {"r": (pygame.K_r, 0), "f": (pygame.K_f, pygame.KMOD_SHIFT)}[place[0]]
        for _ in range(12):
            heard = p.press(k, mod)
            if p.focus == place:
                break
    assert p.focus == place, f"no jump reached {place}"
    assert heard[-1].startswith(place_name(game, place)), heard
    assert p.top_words(place) in heard[-1], heard


def prince_move(p: Player, text: str) -> None:
    app, game = p.app, p.app.game
    m = engine.Move.parse(text)
    words = sentence(describe(game, text))
    if m.word is not None:
        heard = p.press(pygame.K_l, pygame.KMOD_CTRL)
        assert any(w.startswith(words) for w in heard), (words, heard)
        return
    jump(p, m.src)
    if m.dst[0] == "f":
        heard = p.press(pygame.K_f)
        assert any(w.startswith(words) for w in heard), (words, heard)
        return
    for n in range(m.count - 1):
        heard = p.press(pygame.K_UP)
        assert heard[-1].startswith(place_name(game, m.src)) and f"and {n + 1} card" in heard[-1], heard
    moved = card(app.scene.layout.pile(m.src)[-m.count].card).words
    heard = p.press(pygame.K_RETURN)
    assert heard[-1].startswith(f"Picked up {moved}"), heard
    places = app.scene.keyboard.destinations()
    assert m.dst in places
    after = places[(places.index(m.src) + 1) % len(places)] if m.src in places else places[0]
    if after == m.dst or m.dst[0] != "c":
        for _ in range(len(places)):
            heard = p.press(pygame.K_TAB)
            assert heard[-1].startswith(place_name(game, p.focus)), heard
            if p.focus == m.dst:
                break
    else:
        jump(p, m.dst)
    assert p.focus == m.dst
    heard = p.press(pygame.K_RETURN)
    assert any(w.startswith(words) for w in heard), (words, heard)


def test_a_whole_game_of_the_prince_by_keys_is_said_step_by_step(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    line = solved(app)
    p = Player(app)
    for n, move in enumerate(line):
        prince_move(p, move)
        assert same(app.game.history) == same(line[:n + 1]), f"{move} was not played"
    assert app.game.won
    assert any("The game is won." in w for w in p.said[-3:]), p.said[-3:]
    assert p.keys / len(line) <= 4, f"{p.keys} keys for {len(line)} moves"


# ----------------------------------------------------------- Gaps
def gap_said(game, place: str) -> str:
    """A Gaps gap as the focus says it (issue 37): by the card before it, a
    dead one as dead."""
    column = int(place[1:])
    if column == 1:
        return "a gap at the start of the row"
    left = game.card_at(f"{place[0]}{column - 1}")
    if left is None:
        return "a dead gap, after another gap"
    if left[0] == "K":
        return f"a dead gap, after the {card(left).words}"
    return f"a gap after the {card(left).words}"


def gaps_move(p: Player, text: str) -> None:
    """A gap first, as Gaps' players do: G to the gap, Enter selects the
    card that belongs there (said), Enter again moves it.  Where another
    card than the one the line plays belongs (a 2 for column 1), the
    card first: its row's digit, the arrows, Enter, G to the gap, Enter."""
    app, game = p.app, p.app.game
    m = engine.Move.parse(text)
    words = sentence(describe(game, text))
    if m.word is not None:
        if app.dialogs:             # the alert that says no card can move offers the shuffle
            assert "shuffle" in p.said[-1].lower(), p.said[-1]
            heard = p.press(pygame.K_RETURN)
        else:
            heard = p.press(pygame.K_u, pygame.KMOD_CTRL)
        assert any(w.startswith(words) for w in heard), (words, heard)
        return
    name = card(game.card_at(m.src)).words
    if game.belongs(m.dst) == m.src:
        for _ in range(52):
            heard = p.press(pygame.K_g)
            assert heard[-1] == f"{place_name(game, p.focus)}, {gap_said(game, p.focus)}", heard
            if p.focus == m.dst:
                break
        heard = p.press(pygame.K_RETURN)
        # (a gap at the left edge with several 2s free: "..., one of two twos, may go in ...")
        assert heard[-1].startswith(f"The {name} at {place_name(game, m.src)}") and re.search(
            f"(goes|, one of (two|three|four) twos, may go) in {place_name(game, m.dst)}", heard[-1]), heard
    else:
        heard = p.press(DIGITS["abcd".index(m.src[0])])
        assert heard[-1].startswith(f"row {m.src[0].upper()}, column "), heard
        for _ in range(14):
            if p.focus == m.src:
                break
            go = pygame.K_RIGHT if int(m.src[1:]) > int(p.focus[1:]) else pygame.K_LEFT
            heard = p.press(go)
        assert p.focus == m.src and heard[-1] == f"{place_name(game, m.src)}, {name}", heard
        heard = p.press(pygame.K_RETURN)
        assert heard[-1] == f"Picked up {name}.", heard
        for _ in range(52):
            heard = p.press(pygame.K_g)
            if p.focus == m.dst:
                break
        assert heard[-1] == f"{place_name(game, m.dst)}, {gap_said(game, m.dst)}", heard
    heard = p.press(pygame.K_RETURN)
    assert game.history[-1] == text
    assert any(w.startswith(words) for w in heard), (words, heard)


def test_a_whole_game_of_gaps_by_keys_is_said_step_by_step(tmp_path):
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "2")
    line = solved(app)
    p = Player(app)
    for move in line:
        gaps_move(p, move)
    assert app.game.won
    assert any("won" in w for w in p.said[-3:]), p.said[-3:]
    print(f"Gaps: {p.keys} keys for {len(line)} moves")


def test_a_lost_game_of_gaps_by_keys_says_each_shuffle_and_the_end(tmp_path):
    """Deal 5 has no way out: card moves by keys to no position seen
    before, a shuffle (Ctrl+U) when none is left, until nothing is; the
    shuffles and the end are said."""
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "5")
    game = app.game
    p = Player(app)
    seen: set[str] = set()
    for _ in range(400):
        moves = [str(m) for m in game.legal_moves()]
        if not moves:
            break
        seen.add(game.render())
        fresh = []
        for m in moves:
            if m != "redeal":
                game.play(m)
                if game.render() not in seen:
                    fresh.append(m)
                game.undo()
        gaps_move(p, fresh[0] if fresh else "redeal")
    assert not game.legal_moves() and not game.won and game.shuffles_left == 0
    assert sum(w.startswith("Shuffle") or "shuffle" in w.lower()[:20] for w in p.said) >= 3
    assert any("no move" in w.lower() for w in p.said[-4:]), p.said[-4:]


def test_closing_an_alert_says_where_the_player_is_back_to(tmp_path):
    """Three refused tries open an alert (said); OK by Enter closes it, and
    the game says the place the focus is on, back at the table."""
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_1)
    for _ in range(3):
        p.press(pygame.K_RETURN)
        heard = p.press(pygame.K_RETURN)         # a card put back on its own column: refused
    assert app.dialogs, heard
    heard = p.press(pygame.K_RETURN)
    assert not app.dialogs
    assert heard[-1] == f"Back to the table: {app.scene.keyboard.focus_words()}.", heard


def test_tab_with_nothing_in_hand_says_what_it_is_for(tmp_path):
    app = speaking_app(tmp_path, "--game", "smith", "--seed", "2")
    heard = Player(app).press(pygame.K_TAB)
    assert heard[-1].startswith("Nothing in hand: pick up a card"), heard


def test_cards_put_down_on_the_stock_are_refused_in_words_not_notation(tmp_path):
    app = speaking_app(tmp_path, "--game", "republic", "--seed", "2")
    p = Player(app)
    column = next(f"c{n}" for n in range(1, 11) if app.scene.layout.pile(f"c{n}"))
    p.press(DIGITS[int(column[1:]) - 1])
    p.press(pygame.K_RETURN)
    assert app.scene.carry is not None
    p.press(pygame.K_s)
    assert p.focus == "stock"
    heard = p.press(pygame.K_RETURN)
    assert heard[-1] == "A card cannot be put down there.", heard
    assert "is not a move" not in app.message


def test_f_on_the_stock_says_enter_turns_it(tmp_path):
    app = speaking_app(tmp_path, "--game", "republic", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_s)
    assert p.focus == "stock"
    heard = p.press(pygame.K_f)
    assert heard[-1] == "The stock's cards are not sent home from there: Enter turns the stock.", heard
    assert app.game.history == []


def test_escape_puts_back_and_keeps_the_players_place(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_5)
    p.press(pygame.K_RETURN)
    heard = p.press(pygame.K_ESCAPE)
    assert heard[-1] == "Put back." and app.scene.carry is None
    assert p.focus == "c5", "the focus stays where the player was"
    heard = p.press(pygame.K_RIGHT)
    assert heard[-1].startswith("column 6"), heard


def test_a_new_table_is_announced_and_its_first_enter_finds_a_place(tmp_path):
    app = speaking_app(tmp_path, "--game", "smith", "--seed", "2")
    p = Player(app)
    heard = p.press(pygame.K_n, pygame.KMOD_CTRL)           # a new deal (nothing played: nothing asked)
    assert any(w.startswith("The Smith") and "deal" in w for w in heard), heard
    assert app.scene.focus is None
    heard = p.press(pygame.K_RETURN)
    assert app.scene.focus is not None and heard[-1] == app.scene.keyboard.focus_words()


def test_pause_and_the_keys_while_paused_are_said(tmp_path):
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "2")
    p = Player(app)
    heard = p.press(pygame.K_p, pygame.KMOD_CTRL)
    assert heard[-1].startswith("Paused")
    heard = p.press(pygame.K_RIGHT)
    assert "Ctrl+P" in heard[-1]
    heard = p.press(pygame.K_p, pygame.KMOD_CTRL)
    assert heard[-1].startswith("Going on")


def test_gaps_a_gap_chosen_then_another_card_picks_that_card_up(tmp_path):
    """Enter on a gap selects its card; changing one's mind (Enter on
    another card) picks that card up, as a click selects it: no refusal."""
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "3")
    game = app.game
    p = Player(app)
    gap = next(g for g in game.PLACES if game.card_at(g) is None and game.belongs(g))
    app.scene.keyboard.focus_on(gap)
    p.press(pygame.K_RETURN)
    chosen = game.belongs(gap)
    assert app.scene.board.selected == (chosen, 0)
    other = next(c for c in game.PLACES if game.card_at(c) is not None and c != chosen)
    app.scene.keyboard.focus_on(other)
    heard = p.press(pygame.K_RETURN)
    assert app.scene.carry is not None and app.scene.carry.place == other, heard
    assert heard[-1].startswith("Picked up"), heard
    assert app.scene.illegal == 0


def test_enter_on_an_empty_place_and_on_a_face_down_card_is_answered(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    empty = next(pl for pl in app.scene.layout.slots if pl[0] == "r" and not app.scene.layout.pile(pl))
    app.scene.keyboard.focus_on(empty)
    heard = p.press(pygame.K_RETURN)
    assert heard[-1].endswith("is empty: pick up a card, then put it down here."), heard
    app = speaking_app(tmp_path / "2", "--game", "republic", "--seed", "2")
    p = Player(app)
    packet = next(pl for pl in app.scene.layout.slots if pl[0] == "p" and app.scene.layout.pile(pl))
    top = app.scene.layout.pile(packet)[-1]
    app.scene.board.focus = (packet, top.index)
    heard = p.press(pygame.K_RETURN)
    assert heard[-1] == "That card is face down.", heard


def test_a_jump_key_with_nowhere_to_go_says_why(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    p = Player(app)
    p.press(pygame.K_3)
    assert p.press(pygame.K_s)[-1] == "This game has no stock." and p.focus == "c3"
    assert p.press(pygame.K_0)[-1] == "There is no column 10." and p.focus == "c3"
    app = speaking_app(tmp_path / "g", "--game", "gaps", "--seed", "2")
    p = Player(app)
    assert p.press(pygame.K_r)[-1].startswith("The table is rows of cards and gaps")
    assert p.press(pygame.K_5)[-1] == "There is no row E."


def test_ctrl_q_quits_with_a_menu_open(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince", "--seed", "2")
    key(app, pygame.K_F10)
    assert app.menu.is_open
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.loop.running


def test_the_gaps_hand_says_the_shuffles_left(tmp_path):
    from game.voice.spoken import focus_words, pile_words
    app = speaking_app(tmp_path, "--game", "gaps", "--seed", "2")
    words = focus_words(app.game, app.scene.layout, ("hand", None))
    assert words == "the hand, 3 shuffles left: Enter uses one"
    assert pile_words(app.game, app.scene.layout, "hand") == words


def test_closing_help_on_the_start_screen_says_the_game_highlighted(tmp_path):
    app = speaking_app(tmp_path, "--game", "prince")
    app.show_start()
    key(app, pygame.K_F1)
    assert app.dialogs
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs
    assert app.speech.backend.spoken[-1].startswith("Back to the choice of games: ")


def test_a_republic_column_waiting_for_its_packet_is_said_no_vacancy(tmp_path):
    app = speaking_app(tmp_path, "--game", "republic", "--seed", "2")
    app.scene.try_move("c2-c5")
    settle(app)
    assert not app.scene.layout.pile("c2") and app.game.packet_face_up(1)
    heard = Player(app).press(pygame.K_2)
    n = len(app.game.packets[1])
    assert heard[-1] == f"column 2, no vacancy: its packet still holds {n} cards", heard


def focus_line_width(app) -> int:
    """How many pixels thick the focus frame's light line is, across its left edge."""
    settle(app)
    app.scene.render()
    rect = app.scene.focus_rect()
    screen = app.screen
    y = rect.centery
    light = [x for x in range(max(0, rect.x - 40), rect.x) if screen.get_at((x, y))[:3] == (255, 214, 0)]
    return len(light)


def test_the_focus_frame_grows_with_the_cards(tmp_path):
    small = speaking_app(tmp_path / "s", "--game", "prince", "--seed", "2", "--size", "1280x800")
    Player(small).press(pygame.K_5)
    big = speaking_app(tmp_path / "b", "--game", "prince", "--seed", "2", "--size", "3840x2160")
    Player(big).press(pygame.K_5)
    thin, thick = focus_line_width(small), focus_line_width(big)
    assert thin >= 3 and thick >= 2 * thin, (thin, thick)
