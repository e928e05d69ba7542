"""Where each game's piles sit on the table: the builders (``piles.py``,
``grids.py``) and what they build (``base.py``).  A game's front end
chooses its builder (``game/games/``: ``games.build`` lays out a game)."""

from __future__ import annotations

from .base import Label, Layout, Picture, Slot, Sprite, is_pile

__all__ = ["Layout", "Slot", "Sprite", "Label", "Picture", "is_pile"]
