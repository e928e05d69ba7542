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
