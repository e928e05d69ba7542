"""What the loop asks of a scene (the start screen, or a game on the
table): the small protocol the app drives, so it never tests which scene it
has.  A scene that lacks something (the start screen has no cards in
flight, nothing to carry) keeps these defaults."""

from __future__ import annotations

import pygame
from pygame import Rect


class Scene:
    #: a game is on the table (its moves, menus and solver apply)
    plays = False
    game = None

    @property
    def busy(self) -> bool:
        """Something moves by itself: the loop runs its frames."""
        return False

    def update(self, step: float) -> None:
        """Advance by one fixed step of the loop."""

    def render(self) -> None:
        """Redraw the whole background (off screen)."""

    def full_redraw(self) -> None:
        """Everything repainted once (a new size, new looks)."""

    def draw_overlay(self) -> list[Rect]:
        """Draw what moves; the screen rectangles that changed."""
        return []

    def handle(self, event: pygame.event.Event) -> None:
        """An input event the app's chrome did not take."""

    def settle(self) -> None:
        """Before a dialog opens over it: nothing carried, nothing in flight."""

    def skip(self) -> bool:
        """A key or click that only skips what plays by itself (the win's
        cascade); whether it was taken."""
        return False

    def escape(self) -> None:
        """Escape: put down what is carried, forget the selection."""

    def back_words(self) -> str:
        """Back from a dialog: where the player is, in words ("" says nothing)."""
        return ""

    def choices(self) -> list:
        """What the scene offers to choose, as buttons in the accessibility
        tree (``game/access/``): (name, title, description, rectangle or
        None, focused) for each; none for a scene that plays a game."""
        return []
