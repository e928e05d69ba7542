"""Waiting for the next event without using the processor.

``pygame.event.wait()`` polls every millisecond, a steady cost at rest.
SDL itself can sleep until the window system has something: SDL's own
``SDL_WaitEventTimeout`` with no event pointer waits without taking the
event, so pygame then reads it as usual.  We reach it through ctypes in the
SDL library pygame loaded; if that cannot be found, we fall back to short
sleeps between polls.

With nothing timed on the table (no clock), the wait has no end but the
next event: the solver's answers are posted as events from their reader
thread, which wakes SDL's wait, so an idle table wakes for nothing.
"""

from __future__ import annotations

import os
import time

import pygame

#: SDL_WaitEventTimeout's timeout that means "until an event"
FOREVER = -1

_sdl = None
_tried = False


def _load():
    global _sdl, _tried
    if _tried:
        return _sdl
    _tried = True
    import ctypes  # at the first wait, after the first frame
    import glob

    base = os.path.dirname(pygame.__file__)
    patterns = [os.path.join(base, "..", "pygame_ce.libs", "libSDL2*.so*"),
                os.path.join(base, ".dylibs", "libSDL2*.dylib"),
                os.path.join(base, "SDL2.dll")]
    for pattern in patterns:
        for path in glob.glob(pattern):
            try:
                lib = ctypes.CDLL(path)
                lib.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
                lib.SDL_WaitEventTimeout.restype = ctypes.c_int
                version = (ctypes.c_uint8 * 3)()
                lib.SDL_GetVersion(version)
                if tuple(version) == pygame.get_sdl_version(linked=True):
                    _sdl = lib
                    return lib
            except (OSError, AttributeError):
                continue
    return None


def wait(timeout: float | None) -> None:
    """Sleep until an event is waiting or ``timeout`` seconds pass (None:
    until an event is waiting, however long that takes)."""
    if pygame.event.peek():
        return
    lib = _load()
    if lib is not None and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        lib.SDL_WaitEventTimeout(None, FOREVER if timeout is None else max(1, int(timeout * 1000)))
        return
    end = None if timeout is None else time.monotonic() + max(0.001, timeout)
    while (end is None or time.monotonic() < end) and not pygame.event.peek():
        time.sleep(0.02)
