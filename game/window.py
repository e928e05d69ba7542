"""The window and the player's preferences: its size and place (kept
between sessions), fullscreen and back, the table's area and the chrome's
bands, and the options the menus set.

A mixin of :class:`game.app.App`: it owns ``screen``, ``fullscreen``,
``windowed`` and ``prefs``.
"""

from __future__ import annotations

import os
import warnings

import pygame
from pygame import Rect

from .games import FRONTS
from .ui import menubar

STATUS_H = 26
MIN_WINDOW = (800, 560)          # the smallest window every table and the status line fit
DEFAULT_PREFS = {
    "last_game": FRONTS[0].name,
    "move_style": "drag",        # or "click"
    "sound": True,
    "fast_aces": False,
    "auto_reshuffle": True,
    "rules": {f.name: f.default_rule for f in FRONTS if f.default_rule},
    "redeals": 2,
    "aces": "free",
    "window": [1180, 760],
    "zoom": False,
    "mono": False,
    "back": 0,
    "table": "green",
    "timer_shown": True,
    "blanks_move": False,
    "winnable": False,
    "faces": "classic",
    "window_pos": [],
    "indicator": True,
}


class Window:
    """The window, its size and place, and the preferences."""

    def window_size(self) -> tuple[int, int]:
        if self.args.size:
            w, h = self.args.size
            return max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h)
        w, h = self.prefs.get("window", DEFAULT_PREFS["window"])
        try:
            desk = pygame.display.get_desktop_sizes()[0]
            w, h = min(w, int(desk[0] * 0.95)), min(h, int(desk[1] * 0.9))
        except (pygame.error, IndexError):
            pass
        return max(MIN_WINDOW[0], int(w)), max(MIN_WINDOW[1], int(h))

    def open_window(self) -> pygame.Surface:
        if self.fullscreen:
            # the whole display from its corner: without a window manager
            # (X11), SDL keeps a window's place, so it is moved there first
            self.set_window(position=(0, 0))
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        pos = self.prefs.get("window_pos") or []
        if len(pos) == 2 and not self.args.size and "SDL_VIDEO_WINDOW_POS" not in os.environ:
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{int(pos[0])},{int(pos[1])}"
        screen = pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
        self.set_window(minimum_size=MIN_WINDOW)     # the window manager is told the smallest size too
        return screen

    @staticmethod
    def set_window(**settings) -> None:
        """Set the window's ``position`` or ``minimum_size`` (SDL's window
        behind the display module), where the platform lets us."""
        try:
            with warnings.catch_warnings():     # pygame-ce prefers Window's own surface; only these are set
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
                for name, value in settings.items():
                    setattr(window, name, value)
        except (pygame.error, AttributeError):
            pass

    def toggle_fullscreen(self) -> None:
        """F11: the whole display from its corner (SDL keeps a window's
        position otherwise, and the table falls off the screen), and back
        to the window where it was."""
        if not self.fullscreen:
            self.windowed = self.screen.get_size()
            try:
                self.window_at = pygame.display.get_window_position()
            except (pygame.error, AttributeError):
                self.window_at = None
        self.fullscreen = not self.fullscreen
        self.screen = self.open_window()
        if not self.fullscreen and self.screen.get_size() != tuple(self.windowed):
            # leaving fullscreen without a window manager, SDL may keep the
            # screen's size at the first try; asking again restores it
            self.screen = self.open_window()
        if not self.fullscreen and self.window_at is not None:
            self.set_window(position=self.window_at)
        self.resized()

    window_at: tuple[int, int] | None = None     # where the window was before fullscreen

    def resized(self) -> None:
        self.screen = pygame.display.get_surface()
        w, h = self.screen.get_size()
        if not self.fullscreen and (w < MIN_WINDOW[0] or h < MIN_WINDOW[1]):
            # a window manager that ignores the minimum size: the window
            # is set back to it (nothing smaller is laid out)
            self.screen = pygame.display.set_mode((max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])),
                                                  pygame.RESIZABLE)
        self.canvas.resize(self.screen)
        if not self.fullscreen:
            self.windowed = self.screen.get_size()
        if self.scene is not None:
            self.scene.full_redraw()

    def table_area(self) -> Rect:
        w, h = self.screen.get_size()
        return Rect(0, menubar.HEIGHT, w, h - menubar.HEIGHT - STATUS_H)

    def card_aspect(self) -> float:
        w, h = self.sheet.cell
        return w / h

    def option(self, name: str):
        return self.prefs.get(name, DEFAULT_PREFS.get(name))

    def set_option(self, name: str, value) -> None:
        self.prefs[name] = value
        if name == "sound":
            self.sounds.enabled = value
            if value and not self.sounds.ready:
                self.sounds.start()
        if name in ("timer_shown", "blanks_move") and self.table is not None:
            self.table.show_timer(bool(self.option("timer_shown")))
        self.save_prefs()

    def toggle_option(self, name: str) -> None:
        self.set_option(name, not self.option(name))

    def default_window(self) -> None:
        """Back to the default window size (and out of fullscreen)."""
        self.fullscreen = False
        self.windowed = tuple(DEFAULT_PREFS["window"])
        self.prefs["window"] = list(DEFAULT_PREFS["window"])
        self.prefs["window_pos"] = []
        os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        self.windowed = self.window_size()
        self.screen = self.open_window()
        self.resized()

    def save_prefs(self) -> None:
        if self.args.screenshot:
            return
        if not self.fullscreen and getattr(self, "screen", None) is not None:
            self.prefs["window"] = list(self.screen.get_size())
            try:
                self.prefs["window_pos"] = list(pygame.display.get_window_position())
            except (pygame.error, AttributeError):
                pass
        problem = self.records.save_prefs(self.prefs)
        if problem:
            self.set_message(problem)

    def chrome_rect(self, which: str) -> Rect:
        w, h = self.screen.get_size()
        if which == "status":
            return Rect(0, h - STATUS_H, w, STATUS_H)
        return Rect(0, 0, w, menubar.HEIGHT)
