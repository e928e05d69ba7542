"""Playing without a mouse: the arrow keys move a visible focus between
places and cards, Enter or Space picks up and puts down, Escape puts back."""

from __future__ import annotations

import pygame
import pytest
from gui import key, make_app, settle

import engine
from game.table.keyboard import focus_targets
from game.voice.words import speak

ARROWS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP}


def go_to(app, place: str, index: int | None = None) -> None:
    """Press arrow keys (only) until the focus rests on ``place``."""
    table = app.scene
    if table.focus is None:
        key(app, pygame.K_RIGHT)
    for _ in range(80):
        here = table.focus
        if here[0] == place and (index is None or here[1] == index):
            return
        target = next(r for p, i, r in focus_targets(table.layout, table.game)
                      if p == place and (index is None or i == index))
        now = table.focus_rect()
        if here[0] == place:                       # inside the right column: step along it
            key(app, pygame.K_UP if index < here[1] else pygame.K_DOWN)
            continue
        dx, dy = target.centerx - now.centerx, target.top - now.top
        horizontal = pygame.K_RIGHT if dx > 0 else pygame.K_LEFT
        vertical = pygame.K_DOWN if dy > 0 else pygame.K_UP
        first, second = (horizontal, vertical) if abs(dx) > table.layout.card[0] // 2 else (vertical, horizontal)
        was = table.focus
        key(app, first)
        after = table.focus_rect()
        gap = abs(target.centerx - after.centerx) if first == horizontal else abs(target.top - after.top)
        if table.focus == was or gap >= (abs(dx) if first == horizontal else abs(dy)):
            key(app, second)        # that way led no nearer: try the other axis
    pytest.fail(f"the arrow keys never reached {place} (stuck at {table.focus})")


def play_by_keys(app, move: str) -> None:
    m = engine.Move.parse(move)
    if m.word is not None:
        keys = {"layoff": (pygame.K_l, pygame.KMOD_CTRL), "deal": (pygame.K_d, pygame.KMOD_CTRL),
                "turn": None, "redeal": (pygame.K_d, pygame.KMOD_CTRL)}
        if keys[m.word] is None:
            go_to(app, "stock")
            key(app, pygame.K_RETURN)
        else:
            key(app, *keys[m.word])
        return
    table = app.scene
    index = None
    if table.is_pile(m.src):
        index = table.layout.pile(m.src)[-m.count].index
    go_to(app, m.src, index)
    key(app, pygame.K_RETURN)
    assert table.carry is not None, f"{move}: nothing picked up at {table.focus}"
    dst = m.dst if m.dst != "f" else next(p for p in table.layout.slots if p[0] == "f" and
                                          app.game.explain(f"{m.src}-{p}" + (f":{m.count}" if m.count > 1 else ""))
                                          is None)
    go_to(app, dst)
    key(app, pygame.K_SPACE)
    settle(app)


def test_arrow_keys_show_a_focus_and_escape_puts_a_card_back(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "3")
    key(app, pygame.K_RIGHT)
    assert app.scene.focus is not None and app.scene.focus_rect() is not None
    place, index = app.scene.focus
    key(app, pygame.K_RETURN)
    if app.scene.carry is not None:
        key(app, pygame.K_ESCAPE)
        settle(app)
        assert app.scene.carry is None and not app.scene.hidden
    assert app.game.history == []


def test_a_refused_keyboard_drop_says_why_after_three_tries(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    legal = {str(m) for m in app.game.legal_moves()}
    gap = next(p for p in app.scene.layout.slots if app.game.card_at(p) is None and p[1:] != "1")
    src = next(s.place for s in app.scene.layout.sprites if f"{s.place}-{gap}" not in legal)
    for _ in range(3):
        go_to(app, src)
        key(app, pygame.K_RETURN)
        go_to(app, gap)
        key(app, pygame.K_RETURN)
    assert app.dialogs and app.dialogs[-1].message == speak(app.game, app.game.explain(f"{src}-{gap}"))
    assert app.game.history == []


def prince_endgame():
    cols = [["KC", "QD", "JC", "TD", "9C"], ["KD", "QC", "JD", "TC", "9D"], ["KH", "QS", "JH", "TS"],
            ["KS", "QH", "JS", "TH", "9S"], ["9H"], [], [], [], []]
    return {"format": 1, "game": "prince", "options": {"rule": "alternate"},
            "position": {"columns": cols, "reserve": [None] * 7, "foundations": ["8C", "8D", "8H", "8S"]}}


def test_a_prince_endgame_is_won_with_the_keyboard_alone(tmp_path):
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(prince_endgame()), opening=False)
    settle(app)
    moves = ["c5-f", "c4-c7", "c4-f", "c7-f", "c1-f", "c2-f", "c3-f"]
    for move in moves:
        play_by_keys(app, move)
    import re
    assert [re.sub(r"-f\d", "-f", m) for m in app.game.history] == moves
    play_by_keys(app, "layoff")
    assert app.game.won


def test_a_whole_deal_is_played_from_the_deal_to_the_win_by_keys_alone(tmp_path):
    from engine.solve import Budget, solve
    app = make_app(tmp_path, "--game", "prince", "--seed", "1")
    solution = solve(app.game, Budget(seconds=20)).moves
    assert solution, "The Prince's deal 1 is winnable"
    for move in solution:
        play_by_keys(app, move)
    assert app.game.won
