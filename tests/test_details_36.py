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
