"""Where the game's own files are: the card sheet, the sounds and the icon.

They live in ``assets/`` at the top of the repository, which installs as
the package ``game.data`` (package data inside the game, so no top-level
package of so general a name), and are found through
:mod:`importlib.resources` or beside the game package, never through the
working directory: the same lookup serves a clone (``python main.py``), an
installed ``card-shell`` and a one-file PyInstaller executable (whose files
are unpacked under ``sys._MEIPASS``).

    from game.media import assets
    assets.path("cards", "cards.png")     # a Path; it may not exist
    assets.icon_path(64)                  # assets/icons/card-shell-64.png

Importing this module has no side effect.
"""

from __future__ import annotations

import atexit
import sys
from contextlib import ExitStack
from functools import cache
from importlib import resources
from pathlib import Path

#: the files that travel with the game, as globs under ``assets/``; the same
#: list is ``[tool.setuptools.package-data]`` in ``pyproject.toml`` and what
#: ``tools/build_app.py`` puts inside the executable
PACKAGE_DATA = ("cards/*.png", "cards/*.md", "sounds/*.wav", "icons/*.png")

#: the sizes ``tools/make_icon.py`` draws the icon at
ICON_SIZES = (256, 128, 64, 48, 32)

#: the installed package that holds them
PACKAGE = "game.data"

#: a file every good assets folder has: a folder without it (another
#: project's, say) is not ours
_MARK = ("cards", "cards.png")

_keep = ExitStack()          # extracted copies, when the package is not a folder (a zip)
atexit.register(_keep.close)


def _candidates() -> list[Path]:
    found: list[Path] = []
    try:
        traversable = resources.files(PACKAGE)
    except (ModuleNotFoundError, TypeError, ValueError):
        traversable = None
    if traversable is not None:
        if isinstance(traversable, Path):
            found.append(traversable)
        else:                       # a zip or another loader: a real folder is needed for pygame
            try:
                found.append(Path(_keep.enter_context(resources.as_file(traversable))))
            except Exception:  # pragma: no cover - depends on the loader
                pass
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:                      # a PyInstaller bundle, unpacked
        found.append(Path(bundle) / "assets")
    found.append(Path(__file__).resolve().parents[2] / "assets")   # beside the game package
    return found


@cache
def root() -> Path:
    """The folder that holds the assets (``cards/``, ``sounds/``, ``icons/``)."""
    candidates = _candidates()
    for folder in candidates:
        if folder.joinpath(*_MARK).is_file():
            return folder
    return candidates[0]


def path(*parts: str) -> Path:
    """The asset at ``parts`` under the assets folder, e.g. ``path("sounds", "deal.wav")``."""
    return root().joinpath(*parts)


def icon_path(size: int = 256) -> Path:
    """The app's icon, ``size`` pixels square (one of :data:`ICON_SIZES`)."""
    return path("icons", f"card-shell-{size}.png")
