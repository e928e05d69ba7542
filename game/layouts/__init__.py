"""Where each game's piles sit on the table (one builder per game, chosen by
the game's front end in ``game/games/``)."""

from __future__ import annotations

from pygame import Rect

from .base import Label, Layout, Picture, Slot, Sprite


def build(game, area: Rect, aspect: float, ui: dict | None = None) -> Layout:
    """The layout of ``game``'s table in ``area`` for cards of ``aspect`` (w/h)."""
    from ..games import front_of  # the fronts use the builders here: asked for once built
    return front_of(game).layout(game, area, aspect, ui or {})


__all__ = ["build", "Layout", "Slot", "Sprite", "Label", "Picture"]
