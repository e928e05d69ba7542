"""What the table shows a player at a glance: places that play differently
look different."""

from __future__ import annotations

import pygame
from gui import make_app


def test_the_empty_talon_does_not_look_like_a_foundation(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    layout = app.scene.layout
    assert not layout.pile("t") and not layout.pile("f1"), "the deal starts with both empty"
    talon, foundation = layout.slots["t"].rect, layout.slots["f1"].rect
    assert talon.size == foundation.size
    a = pygame.surfarray.array3d(app.canvas.background.subsurface(talon)).astype(int)
    b = pygame.surfarray.array3d(app.canvas.background.subsurface(foundation)).astype(int)
    differing = (abs(a - b).sum(axis=2) > 60).mean()
    assert differing > 0.02, f"only {differing:.1%} of the talon's place differs from a foundation's"
    assert any(label.text == "talon" for label in layout.labels)


def test_a_landing_card_is_laid_on_the_table_not_the_whole_table_redrawn(tmp_path):
    """Chinese Puzzle's opening deal lands 104 cards: each is laid on the
    background where it rests (it used to cost a full redraw of the table
    each), and the table they make is the one drawn afresh."""
    import os

    from game.app import App, parse_args

    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = App(parse_args(["--size", "1024x640", "--no-sound", "--no-analysis", "--game", "chinese-puzzle",
                          "--seed", "3"]))     # the opening deal animated
    renders = []
    real = app.canvas.render
    app.canvas.render = lambda *a, **k: (renders.append(1), real(*a, **k))[1]
    app.begin()
    scene = app.scene
    assert len(scene.actors) >= 104
    scene.finish_actors()
    app.step(block=False)
    assert len(renders) <= 4, f"{len(renders)} full redraws for one deal"
    area = app.table_area()
    landed = pygame.surfarray.array3d(app.canvas.background.subsurface(area)).copy()
    scene.render()
    afresh = pygame.surfarray.array3d(app.canvas.background.subsurface(area))
    differ = (landed != afresh).any(axis=2)
    assert not differ.any(), f"{int(differ.sum())} pixels differ from the table drawn afresh"
