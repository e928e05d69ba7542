"""Card Shell's pygame front end: the table, its menus and its sounds.

Importing this package comes before anything imports pygame, whichever way
the game starts (the ``card-shell`` script imports ``game.app``, ``main.py``
and ``python -m game`` too), so it is where pygame is told not to print its
"Hello from the pygame community" line on the player's terminal, and where
the window's class is named: ``import pygame`` fixes SDL's X11 window class
(from ``SDL_VIDEO_X11_WMCLASS``, else from ``argv[0]``: ``card-shell``,
``main.py``, ``__main__.py``), and the desktop entry's ``StartupWMClass``
must match it however the game started.  Nothing here imports pygame.
"""

import os as _os

#: the app's reverse-DNS id: the desktop entry's file name and ``StartupWMClass``,
#: the window's class (X11) and app id (Wayland), the AppStream component's id
APP_ID = "io.github.cardshell.CardShell"
DIST = "card-shell"

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
_os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)


def version() -> str:
    """Card Shell's version: the installed package's metadata; where it is
    not installed (a clone's ``main.py``) or inside the one-file executable,
    ``pyproject.toml``'s (``tools/build_app.py`` bundles the file); "unknown"
    when neither says."""
    import sys
    from importlib import metadata
    from pathlib import Path

    here = Path(getattr(sys, "_MEIPASS", "") or Path(__file__).resolve().parent.parent)
    if getattr(sys, "_MEIPASS", "") or (here / "pyproject.toml").is_file():
        # the executable's bundled copy, or a clone's own file (not metadata
        # left behind by an older install of it)
        found = pyproject_version(here / "pyproject.toml")
        if found:
            return found
    try:
        return metadata.version(DIST)
    except metadata.PackageNotFoundError:
        return "unknown"


def licence_folder():
    """Where the licences are (``LICENSE``, the full GPL; ``README.md`` and
    the texts of what the executable bundles): a clone's top folder, the
    executable's bundle, or, installed, the package's metadata folder
    (``card_shell-X.Y.Z.dist-info/licenses``); None if none is found."""
    import sys
    from importlib import metadata
    from pathlib import Path

    here = Path(getattr(sys, "_MEIPASS", "") or Path(__file__).resolve().parent.parent)
    if (here / "LICENSE").is_file() and (here / "licenses").is_dir():
        return here
    try:
        found = [f for f in metadata.files(DIST) or () if f.name == "LICENSE"]
    except metadata.PackageNotFoundError:
        return None
    return Path(found[0].locate()).parent if found else None


def pyproject_version(path) -> str:
    """The ``version`` of ``[project]`` in a ``pyproject.toml`` ("" when it
    has none, or there is no such file).  Read by hand: ``tomllib`` is
    Python 3.11's, and this is one key."""
    import re

    try:
        text = open(path, encoding="utf-8").read()
    except (OSError, ValueError):
        return ""
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[project]":
            found = re.fullmatch(r"""version\s*=\s*["']([^"']+)["']\s*(#.*)?""", line)
            if found:
                return found.group(1)
    return ""
