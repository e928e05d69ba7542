"""Card Back...: the five backs of the card sheet (its row 4), each shown
as a small picture under its name, one of them chosen.

A :class:`~game.ui.dialogs.ChoiceDialog` whose choices are drawn as
pictures in a row: a click on a back chooses it, the arrows (Left, Right,
Up, Down) go from one to the next, Tab goes on to the buttons.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from .dialogs import DEFAULT, INK, ChoiceDialog, wrap

BACK_W, BACK_H = 72, 100        # each back's picture, in pixels
GAP = 18                        # between two backs
NAME_H = 20                     # the name's line under each back


class BackDialog(ChoiceDialog):
    """Pick a card back, seeing each one.  ``picture(i, (w, h))`` is back
    ``i`` at that size (the canvas's sheet: the faces and backs in use)."""

    def __init__(self, choices: list[tuple[str, str]], current: str,
                 picture: Callable[[int, tuple[int, int]], pygame.Surface],
                 on_close: Callable[[str], None] | None = None) -> None:
        super().__init__("Card back:", choices, current, "Card Back", on_close)
        self.picture = picture
        self.width = max(self.width, 40 + len(choices) * (BACK_W + GAP) - GAP)

    def draw(self, screen: pygame.Surface, fonts) -> pygame.Rect:
        """The dialog, then its row of backs and their names, all at the
        chrome's scale (its sizes are in base pixels, as the dialog's)."""
        scale = fonts.scale

        def px(n: float) -> int:
            return max(1, round(n * scale))
        body, small = fonts.ui(22), fonts.ui(16)
        back_w, back_h, gap, name_h = px(BACK_W), px(BACK_H), px(GAP), px(NAME_H)
        saved = self.message
        # room for the row of backs and their names, under the message
        self.message = saved + "\n" * ((back_h + name_h + px(14)) // px(22))     # (the choices add one)
        choices, self.choices = self.choices, []
        area = super().draw(screen, fonts)
        self.choices = choices
        self.message = saved
        lines = wrap(body, saved, self.rect.w - px(40))
        y = self.body_top + self.line * len(lines) + px(14)
        row_w = len(choices) * (back_w + gap) - gap
        x = self.rect.centerx - row_w // 2
        self._rows = []
        for value, label in choices:
            box = Rect(x, y, back_w, back_h)
            screen.blit(self.picture(int(value), box.size), box)
            chosen = value == self.value
            if chosen:
                pygame.draw.rect(screen, DEFAULT, box.inflate(px(10), px(10)), px(3), border_radius=px(8))
                if not self.button_focused:     # the keyboard is on the backs: the chosen one ringed again
                    pygame.draw.rect(screen, INK, box.inflate(px(16), px(16)), px(1), border_radius=px(10))
            name = small.render(label, True, INK)
            screen.blit(name, name.get_rect(midtop=(box.centerx, box.bottom + px(8))))
            self._rows.append((box.inflate(gap // 2, name_h + px(8)).move(0, (name_h + px(8)) // 2), value))
            x += back_w + gap
        return area

    def handle(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and not self.button_focused:
            key = pygame.K_DOWN if event.key == pygame.K_RIGHT else pygame.K_UP
            event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=event.mod, unicode="", scancode=0)
        return super().handle(event)
