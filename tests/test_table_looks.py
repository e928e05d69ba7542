"""What the table shows a player at a glance: places that play differently
look different."""

from __future__ import annotations

import pygame
import pytest
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


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_chinese_puzzles_counts_never_run_into_each_other_and_the_table_is_balanced(size):
    """Row counts, the redeals left and the dead gaps each keep their own
    room; the felt left of the grid and right of the counts is about even."""
    from pygame import Rect

    import engine
    from game.games import build

    area = Rect(0, 26, size[0], size[1] - 52)
    layout = build(engine.new_game("chinese-puzzle", seed=4), area, 200 / 280)
    boxes = []
    for lb in layout.labels:
        w, h = layout_text_size(lb)
        box = Rect(0, 0, w, h)
        box.centery = lb.rect.centery
        if lb.align == "left":
            box.left = lb.rect.left
        elif lb.align == "right":
            box.right = lb.rect.right
        else:
            box.centerx = lb.rect.centerx
        boxes.append(box)
    room = layout.card[0] // 3          # a third of a card between two texts, at least
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.inflate(room, 0).colliderect(b), f"labels run into each other at {size}: {a} {b}"
    things = [s.rect for s in layout.slots.values()] + [p.rect for p in layout.pictures] + boxes
    left = min(r.left for r in things) - area.left
    right = area.right - max(r.right for r in things)
    assert abs(left - right) <= layout.card[0], f"felt {left} px on the left, {right} px on the right"


def layout_text_size(label) -> tuple[int, int]:
    """The room a label's text takes, centred (or aligned) in its box."""
    from game.media.surfaces import Fonts

    w, h = Fonts().get(label.size).size(label.text)
    return w, h
