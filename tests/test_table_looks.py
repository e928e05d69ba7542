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
