"""The start screen: the five games, the last one played ready to go."""

from __future__ import annotations

import pygame
from pygame import Rect

from ..games import FRONTS
from ..scene import Scene

#: the games, in the start screen's order, from the registry of their front ends
GAMES = FRONTS


class StartScreen(Scene):
    """Choose a game: click a tile, press 1-5, or Enter for the highlighted one.
    Nothing moves by itself here: the scene protocol's defaults (not busy,
    no tick, nothing drawn over the background) are its answers."""

    def __init__(self, app, default: str) -> None:
        self.app = app
        self.speech = app.speech
        self.focus = next((i for i, g in enumerate(GAMES) if g.name == default), 0)
        self.speech.say(f"Choose a game: 1 to {len(GAMES)}, or the arrows and Enter. {self.focus_words()}")
        self.tiles: list[Rect] = []

    def layout(self) -> list[Rect]:
        area = self.app.table_area()
        cols = 3 if area.w < 1500 else 5
        rows = (len(GAMES) + cols - 1) // cols
        w = min(340, (area.w - 40) // cols - 20)
        h = min(250, (area.h - 120) // rows - 20)
        tiles = []
        top = area.y + 90
        for n in range(len(GAMES)):
            r, c = divmod(n, cols)
            in_row = min(cols, len(GAMES) - r * cols)
            left = area.centerx - (in_row * (w + 20) - 20) // 2
            tiles.append(Rect(left + c * (w + 20), top + r * (h + 20), w, h))
        return tiles

    def render(self) -> None:
        canvas = self.app.canvas
        bg = canvas.background
        canvas.render_felt()
        area = self.app.table_area()
        canvas.text(bg, "Card Shell", Rect(area.x, area.y + 10, area.w, 50), 56, (255, 240, 200))
        canvas.text(bg, "Choose a game", Rect(area.x, area.y + 52, area.w, 30), 24)
        self.tiles = self.layout()
        for n, (tile, front) in enumerate(zip(self.tiles, GAMES)):
            title, blurb, cards = front.title, front.blurb, front.sample
            panel = pygame.Surface(tile.size, pygame.SRCALPHA)
            panel.fill((0, 0, 0, 70 if n != self.focus else 120))
            bg.blit(panel, tile)
            pygame.draw.rect(bg, (255, 214, 90) if n == self.focus else (200, 200, 190), tile,
                             3 if n == self.focus else 1, border_radius=10)
            ch = int(tile.h * 0.42)
            cw = int(ch * self.app.card_aspect())
            x = tile.centerx - (cw + 3 * cw // 3) // 2
            for k, card in enumerate(cards):
                rect = Rect(x + k * cw // 3, tile.y + 14 + k * 3, cw, ch)
                bg.blit(canvas.card_image(card, True, (cw, ch)), rect)
            canvas.text(bg, f"{n + 1}. {title}", Rect(tile.x, tile.y + ch + 22, tile.w, 30), 30, (255, 240, 200))
            from .dialogs import wrap
            font = self.app.fonts.get(20)
            y = tile.y + ch + 48
            for line in wrap(font, blurb, tile.w - 24)[:3]:
                canvas.text(bg, line, Rect(tile.x, y, tile.w, 20), 20)
                y += 20
        self.app.draw_chrome(bg)

    def full_redraw(self) -> None:
        self.render()
        self.app.screen.blit(self.app.canvas.background, (0, 0))
        pygame.display.flip()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for n, tile in enumerate(self.tiles):
                if tile.collidepoint(event.pos):
                    self.app.start_game(GAMES[n].name)
                    return
        elif event.type == pygame.MOUSEMOTION:
            for n, tile in enumerate(self.tiles):
                if tile.collidepoint(event.pos) and n != self.focus:
                    self.focus = n
                    self.full_redraw()
        elif event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_5:
                self.app.start_game(GAMES[event.key - pygame.K_1].name)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.app.start_game(GAMES[self.focus].name)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
                step = 1 if event.key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
                self.focus = (self.focus + step) % len(GAMES)
                self.full_redraw()
                self.speech.say(self.focus_words())

    def focus_words(self) -> str:
        """The highlighted game, for speech: "The Prince, 5 of 5"."""
        return f"{GAMES[self.focus].title}, {self.focus + 1} of {len(GAMES)}"
