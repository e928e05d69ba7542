"""Where each game's piles sit on the table (one builder per game)."""

from __future__ import annotations

from pygame import Rect

from .base import Label, Layout, Picture, Slot, Sprite
from .grids import chinese_puzzle, gaps
from .piles import prince, republic, smith

BUILDERS = {
    "gaps": gaps,
    "chinese-puzzle": chinese_puzzle,
    "republic": republic,
    "smith": smith,
    "prince": prince,
}


def build(game, area: Rect, aspect: float, ui: dict | None = None) -> Layout:
    """The layout of ``game``'s table in ``area`` for cards of ``aspect`` (w/h)."""
    return BUILDERS[game.name](game, area, aspect, ui or {})


__all__ = ["build", "Layout", "Slot", "Sprite", "Label", "Picture"]
