"""The window: its size and place (kept between sessions in the
preferences), fullscreen and back.  It owns ``screen``, ``fullscreen`` and
``windowed``; whoever draws asks it for the screen.  The chrome's bands and
the table between them are the stage's (``Stage.table_area``, ``Stage.chrome_rect``:
the menu bar's and the status line's heights at the chrome's scale)."""

from __future__ import annotations

import os
import warnings

import pygame

from ..media.felt import TABLES, felt
from ..storage.prefs import DEFAULT_PREFS, Prefs

MIN_WINDOW = (800, 560)          # the smallest window every table and the status line fit


def window_size(text: str) -> tuple[int, int] | None:
    """``WxH`` in pixels (``1024x640``) as a size; None if it is not one."""
    w, sep, h = text.lower().partition("x")
    if not (sep and w.strip().isdigit() and h.strip().isdigit()):
        return None
    return int(w), int(h)


def open_display(prefs: Prefs, size: tuple[int, int] | None = None, fullscreen: bool = False) -> Window:
    """The display started and the window opened, with the app's icon and
    name, at the size and place the player left it (or ``size``)."""
    # Dirty rectangles are what this table draws: SDL's software framebuffer
    # sends just them to the screen, where its GL-backed one loads the GL
    # stack and uploads the whole window at every update.
    # A player's own setting wins.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.init()
    try:  # the app's icon; a window without it is still a window
        from ..media import assets
        pygame.display.set_icon(pygame.image.load(str(assets.icon_path(256))))
    except Exception:
        pass
    pygame.display.set_caption("Card Shell")
    return Window(prefs, size, fullscreen)


class Window:
    """The window, its size and place."""

    def __init__(self, prefs: Prefs, size: tuple[int, int] | None = None, fullscreen: bool = False) -> None:
        self.prefs = prefs
        self.size_asked = size          # --size: this size, and the place the player left it is not used
        self.fullscreen = fullscreen
        self.window_at: tuple[int, int] | None = None     # where the window was before fullscreen
        self.windowed = self.window_size()
        self.screen = self.open_window()

    def show_felt(self) -> None:
        """The table's bare felt, in the player's colour (the 1-bit look's
        grey), on the whole window at once: its first frame, shown while
        the rest of the program loads."""
        if self.prefs.option("mono"):
            self.screen.fill((128, 128, 128))
        else:
            self.screen.blit(felt(self.screen.get_size(), TABLES.get(self.prefs.option("table"), TABLES["green"])),
                             (0, 0))
        pygame.display.flip()

    def window_size(self) -> tuple[int, int]:
        if self.size_asked:
            w, h = self.size_asked
            return max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h)
        w, h = self.prefs.option("window")
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
        pos = self.prefs.option("window_pos") or []
        if len(pos) == 2 and not self.size_asked and "SDL_VIDEO_WINDOW_POS" not in os.environ:
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

    def resized(self) -> None:
        """The display's surface after a change of size (the window manager's,
        or fullscreen's); whoever draws is told by the app."""
        self.screen = pygame.display.get_surface()
        w, h = self.screen.get_size()
        if not self.fullscreen and (w < MIN_WINDOW[0] or h < MIN_WINDOW[1]):
            # a window manager that ignores the minimum size: the window
            # is set back to it (nothing smaller is laid out)
            self.screen = pygame.display.set_mode((max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])),
                                                  pygame.RESIZABLE)
        if not self.fullscreen:
            self.windowed = self.screen.get_size()

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

    def remember(self) -> None:
        """Put the window's size and place in the preferences (saved at quit)."""
        if not self.fullscreen and self.screen is not None:
            self.prefs["window"] = list(self.screen.get_size())
            try:
                self.prefs["window_pos"] = list(pygame.display.get_window_position())
            except (pygame.error, AttributeError):
                pass
