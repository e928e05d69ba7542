"""Fewer keys a move: a whole game of The Prince played by key events only
(jump to the source, pick up, Tab or jump to the destination, put down; or
F to send a card home), at most 4 keys a move on average; and Gaps by keys
(row digits, G to the next gap)."""

from __future__ import annotations

import re

import pygame
from gui import key, make_app

import engine

PRESSES: list[int] = []


def press(app, k: int, mod: int = 0) -> None:
    PRESSES.append(k)
    key(app, k, mod)


DIGITS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
          pygame.K_9, pygame.K_0]


def jump_to(app, place: str) -> None:
    """The jump keys only: a digit for a column, R for the reserve, Shift+F for the foundations."""
    table = app.scene
    if place[0] == "c":
        press(app, DIGITS[int(place[1:]) - 1])
    else:
        k, mod = {"r": (pygame.K_r, 0), "f": (pygame.K_f, pygame.KMOD_SHIFT)}[place[0]]
        for _ in range(12):
            press(app, k, mod)
            if table.focus and table.focus[0] == place:
                break
    assert table.focus and table.focus[0] == place, f"no jump reached {place} (at {table.focus})"


def play_by_keys(app, text: str) -> None:
    table = app.scene
    m = engine.Move.parse(text)
    if m.word is not None:
        press(app, {"layoff": pygame.K_l}[m.word], pygame.KMOD_CTRL)
        return
    jump_to(app, m.src)
    if m.dst[0] == "f":
        press(app, pygame.K_f)
        return
    for _ in range(m.count - 1):
        press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert table.carry is not None and table.carry.count == m.count, f"{text}: not picked up"
    places = table.keyboard.destinations()
    assert m.dst in places, f"{text}: {m.dst} is not among the destinations {places}"
    after = places[(places.index(m.src) + 1) % len(places)] if m.src in places else places[0]
    if after == m.dst or m.dst[0] != "c":
        for _ in range(len(places)):
            press(app, pygame.K_TAB)
            if table.focus[0] == m.dst:
                break
    else:
        jump_to(app, m.dst)
    assert table.focus[0] == m.dst
    press(app, pygame.K_RETURN)


def same(history: list[str]) -> list[str]:
    return [re.sub(r"-f\d+", "-f", m) for m in history]


def test_a_whole_game_of_the_prince_takes_at_most_4_keys_a_move(tmp_path):
    from engine.solve import Budget, solve
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    solution = [str(m) for m in solve(app.game, Budget(seconds=20), known=True).moves]
    assert solution, "The Prince's deal 2 is winnable"
    PRESSES.clear()
    for n, move in enumerate(solution):
        play_by_keys(app, move)
        assert same(app.game.history) == same(solution[:n + 1]), f"{move} was not played"
    assert app.game.won
    average = len(PRESSES) / len(solution)
    assert average <= 4, f"{len(PRESSES)} keys for {len(solution)} moves: {average:.2f} a move"


def test_the_home_key_sends_a_card_to_its_foundation_and_tab_finds_the_places(tmp_path):
    from gui import endgame
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(endgame()), opening=False)
    key(app, pygame.K_5)
    assert app.scene.focus[0] == "c5"
    key(app, pygame.K_f)
    assert same(app.game.history) == ["c5-f"]
    key(app, pygame.K_4)
    key(app, pygame.K_RETURN)
    places = app.scene.keyboard.destinations()
    assert set(places) == {str(m.dst) for m in app.game.legal_moves() if m.src == "c4" and m.count == 1} - {"f"} \
        | {p for p in places if p[0] == "f"}
    key(app, pygame.K_TAB)
    assert app.scene.focus[0] == places[0] != "c4"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.scene.focus[0] == places[-1]
    key(app, pygame.K_RETURN)
    assert len(app.game.history) == 2


def test_gaps_moves_played_by_keys_alone(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    game, table = app.game, app.scene
    played = 0
    for _ in range(4):
        move = next(m for m in game.legal_moves() if m.word is None)
        src, gap = move.src, move.dst
        press(app, DIGITS["abcd".index(src[0])])            # the row
        for _ in range(14):
            if table.focus[0] == src:
                break
            press(app, pygame.K_RIGHT if int(src[1:]) > int(table.focus[0][1:]) else pygame.K_LEFT)
        assert table.focus[0] == src
        press(app, pygame.K_RETURN)
        assert table.carry is not None
        for _ in range(52):
            press(app, pygame.K_TAB)
            if table.focus[0] == gap:
                break
        press(app, pygame.K_RETURN)
        played += 1
        assert game.history[-1] == str(move)
    # G cycles the gaps, and F plays a card's only move
    gaps = [p for p in table.layout.slots if game.card_at(p) is None]
    key(app, pygame.K_g)
    assert table.focus[0] in gaps
    single = next((m for m in game.legal_moves() if m.word is None and
                   [n.src for n in game.legal_moves()].count(m.src) == 1), None)
    if single is not None:
        key(app, DIGITS["abcd".index(single.src[0])])
        while table.focus[0] != single.src:
            key(app, pygame.K_RIGHT if int(single.src[1:]) > int(table.focus[0][1:]) else pygame.K_LEFT)
        key(app, pygame.K_f)
        assert game.history[-1] == str(single)
