"""The start screen: the five games, the last one played ready to go."""

from __future__ import annotations

import pygame
from pygame import Rect

from ..games import FRONTS
from ..table.scene import Scene

#: the games, in the start screen's order, from the registry of their front ends
GAMES = FRONTS


class StartScreen(Scene):
    """Choose a game: click a tile, press 1-5, or Enter for the highlighted one.
    Nothing moves by itself here: the scene protocol's defaults (not busy,
    no tick, nothing drawn over the background) are its answers."""

    def __init__(self, stage, start_game, default: str) -> None:
        self.stage = stage                  # the window's canvas, fonts and chrome
        self.start_game = start_game        # play a game, by its name
        self.speech = stage.speech
        self.focus = next((i for i, g in enumerate(GAMES) if g.name == default), 0)
        self.speech.say(f"Choose a game: 1 to {len(GAMES)}, or the arrows and Enter (W: the game's blurb). "
                        f"{self.focus_words()}")
        self.tiles: list[Rect] = []

    def choices(self) -> list:
        """Each game as a button: its name, title, blurb and tile, the highlighted one focused."""
        tiles = list(self.tiles or [])
        return [(g.name, g.title, getattr(g, "blurb", ""), tiles[n] if n < len(tiles) else None, n == self.focus)
                for n, g in enumerate(GAMES)]

    def layout(self) -> list[Rect]:
        """The tiles, at the chrome's scale (the fonts'): as the window grows
        they grow with it, in the same places."""
        px = self.stage.fonts.px
        area = self.stage.table_area()
        cols = 3 if area.w < px(1500) else 5
        rows = (len(GAMES) + cols - 1) // cols
        gap = px(20)
        w = min(px(340), (area.w - px(40)) // cols - gap)
        h = min(px(250), (area.h - px(120)) // rows - gap)
        tiles = []
        top = area.y + px(90)
        for n in range(len(GAMES)):
            r, c = divmod(n, cols)
            in_row = min(cols, len(GAMES) - r * cols)
            left = area.centerx - (in_row * (w + gap) - gap) // 2
            tiles.append(Rect(left + c * (w + gap), top + r * (h + gap), w, h))
        return tiles

    def render(self) -> None:
        canvas = self.stage.canvas
        bg = canvas.background
        canvas.render_felt()
        area = self.stage.table_area()
        fonts = self.stage.fonts
        px = fonts.px

        def size(n: int) -> int:
            return round(n * fonts.scale)
        canvas.text(bg, "Card Shell", Rect(area.x, area.y + px(10), area.w, px(50)), size(56), (255, 240, 200))
        canvas.text(bg, "Choose a game", Rect(area.x, area.y + px(52), area.w, px(30)), size(24))
        self.tiles = self.layout()
        for n, (tile, front) in enumerate(zip(self.tiles, GAMES)):
            title, blurb, cards = front.title, front.blurb, front.sample
            panel = pygame.Surface(tile.size, pygame.SRCALPHA)
            panel.fill((0, 0, 0, 70 if n != self.focus else 120))
            bg.blit(panel, tile)
            pygame.draw.rect(bg, (255, 214, 90) if n == self.focus else (200, 200, 190), tile,
                             px(3) if n == self.focus else max(1, px(1)), border_radius=px(10))
            ch = int(min(tile.h * 0.42, tile.h - px(48 + 3 * 20 + 6)))     # the blurb's three lines fit under them
            cw = int(ch * self.stage.card_aspect())
            x = tile.centerx - (cw + 3 * cw // 3) // 2
            for k, card in enumerate(cards):
                rect = Rect(x + k * cw // 3, tile.y + px(14) + k * px(3), cw, ch)
                bg.blit(canvas.card_image(card, True, (cw, ch)), rect)
            canvas.text(bg, f"{n + 1}. {title}", Rect(tile.x, tile.y + ch + px(22), tile.w, px(30)), size(30),
                        (255, 240, 200))
            from .dialogs import wrap
            font = fonts.ui(20)
            y = tile.y + ch + px(48)
            for line in wrap(font, blurb, tile.w - px(24))[:3]:
                canvas.text(bg, line, Rect(tile.x, y, tile.w, px(20)), size(20))
                y += px(20)
        self.stage.draw_chrome(bg)

    def full_redraw(self) -> None:
        self.render()
        self.stage.screen.blit(self.stage.canvas.background, (0, 0))
        pygame.display.flip()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for n, tile in enumerate(self.tiles):
                if tile.collidepoint(event.pos):
                    self.start_game(GAMES[n].name)
                    return
        elif event.type == pygame.MOUSEMOTION:
            for n, tile in enumerate(self.tiles):
                if tile.collidepoint(event.pos) and n != self.focus:
                    self.focus = n
                    self.full_redraw()
        elif event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_5:
                self.start_game(GAMES[event.key - pygame.K_1].name)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start_game(GAMES[self.focus].name)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
                self.arrow(event.key)
            elif event.key == pygame.K_w:
                front = GAMES[self.focus]
                self.speech.say(f"On {self.focus_words()}: {front.blurb} Enter plays it.")

    def rows(self) -> list[list[int]]:
        """The tiles' rows as drawn (3 then 2, or one row of 5), each its games' indexes left to right."""
        tiles = self.tiles or self.layout()
        rows: dict[int, list[int]] = {}
        for n, tile in enumerate(tiles):
            rows.setdefault(tile.y, []).append(n)
        return [sorted(row, key=lambda n: tiles[n].x) for _, row in sorted(rows.items())]

    def arrow(self, key: int) -> None:
        """The arrows over the tiles as drawn: Left and Right within a row,
        Up and Down to the row above or below (the tile nearest across);
        at an edge the focus stays, and that is said."""
        tiles = self.tiles or self.layout()
        rows = self.rows()
        r = next(k for k, row in enumerate(rows) if self.focus in row)
        row = rows[r]
        edge = ""
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            c = row.index(self.focus) + (1 if key == pygame.K_RIGHT else -1)
            if 0 <= c < len(row):
                self.focus = row[c]
            else:
                edge = f"The {'last' if c >= len(row) else 'first'} in its row: "
        else:
            other = r + (1 if key == pygame.K_DOWN else -1)
            if 0 <= other < len(rows):
                x = tiles[self.focus].centerx
                self.focus = min(rows[other], key=lambda n: abs(tiles[n].centerx - x))
            else:
                edge = f"The {'bottom' if other >= len(rows) else 'top'} row: "
        self.full_redraw()
        self.speech.say(edge + self.focus_words())

    def back_words(self) -> str:
        """Back from a dialog: the game highlighted."""
        return f"Back to the choice of games: {self.focus_words()}"

    def focus_words(self) -> str:
        """The highlighted game, for speech: "The Prince, 5 of 5"."""
        return f"{GAMES[self.focus].title}, {self.focus + 1} of {len(GAMES)}"
