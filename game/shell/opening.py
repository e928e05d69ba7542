"""The window, up before the rest of the program is loaded.

A start from the desktop (no arguments) or with the everyday options
(``--game``, ``--seed``, ``--size``...) opens the window first, at the size
and place the player left it, and shows the table's bare felt in it: only
pygame, the preferences and the felt are loaded for that.  The game's rules,
the fronts, the assistant and the menus load after it, and the table is
drawn over the felt as soon as they are.

Anything else on the command line (``--help``, ``--version``, a desktop
entry to install, ``--screenshot``, an option of one game) goes the long
way: parsed first, as before, so nothing flashes a window that should not
have one.  So does a start that finds another copy running, or cannot lock
its folder: the long way says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..storage import storage
from ..storage.prefs import Prefs
from ..storage.records import Records
from .window import Window, open_display, window_size

#: options the window can open before: those without a value, and those with one
PLAIN = {"--fullscreen", "--no-sound", "--no-animation", "--no-analysis"}
VALUED = {"--game", "--seed", "--size", "--deal", "--cards", "--dump-layout"}


@dataclass
class Opened:
    """What was opened before the rest was loaded: the records (their folders
    settled), the preferences read, and, when the window opened early, the
    window and the data folder's lock; the App takes them over."""
    records: Records
    prefs: Prefs
    window: Window | None = None
    lock: storage.FolderLock | None = None

    def close(self) -> None:
        """Close what was opened (the command line turned out wrong)."""
        pygame.display.quit()
        if self.lock is not None:
            self.lock.release()


def window_options(argv: list[str]) -> dict | None:
    """The window's size and fullscreen asked by ``argv``, when every
    argument is one the window can open before (else None)."""
    size, fullscreen, args = None, False, list(argv)
    while args:
        flag, eq, value = args.pop(0).partition("=")
        if flag in PLAIN and not eq:
            fullscreen = fullscreen or flag == "--fullscreen"
            continue
        if flag not in VALUED:
            return None
        if not eq:
            if not args or args[0].startswith("--"):
                return None
            value = args.pop(0)
        if flag == "--seed" and not value.lstrip("-").isdigit():
            return None
        if flag == "--size":
            size = window_size(value)
            if size is None:
                return None
    return {"size": size, "fullscreen": fullscreen}


def open_early(argv: list[str]) -> Opened | None:
    """Lock the data folder, read the preferences and open the window with
    the felt in it, when ``argv`` allows (see the module's words); None:
    nothing was opened, the long way will."""
    options = window_options(argv)
    if options is None:
        return None
    lock = storage.FolderLock(storage.data_dir())
    try:
        lock.acquire()
    except (storage.AlreadyRunning, OSError):
        return None
    try:
        storage.remove_leftovers(lock.folder)     # what saves cut short by a kill left behind
        records = Records(read=False)      # (the statistics need the rules: the App reads them)
        prefs = Prefs(records)
        window = open_display(prefs, options["size"], options["fullscreen"])
        window.show_felt()
    except Exception:               # no display, say: the long way reports it
        pygame.display.quit()
        lock.release()
        return None
    return Opened(records, prefs, window, lock)
