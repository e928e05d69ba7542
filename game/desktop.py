"""``card-shell --install-desktop-entry``: put Card Shell in a Linux desktop's menu.

Writes ``card-shell.desktop`` into the user's applications folder
(``$XDG_DATA_HOME/applications``, by default ``~/.local/share/applications``)
and copies the app's icon into the user's ``hicolor`` icon theme beside it;
the entry names the icon by its absolute path and starts the launcher this
program was started from (the ``card-shell`` script, the one-file
executable, or ``python -m game``).  Nothing outside the user's data folder
is touched, and running it again rewrites the same files.

Windows needs none of this: ``pip`` makes ``card-shell`` a GUI script, and
``tools/build_app.py`` a one-file executable, to pin or double-click.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from . import assets, storage

#: the window's class on X11 (``SDL_VIDEO_X11_WMCLASS``): desktops match the window to the entry by it
WM_CLASS = "cardshell"
ENTRY = "card-shell.desktop"
ICON = "card-shell.png"
LAUNCHER = "card-shell"


def data_home(home: Path | None = None) -> Path:
    """The user's data folder: ``$XDG_DATA_HOME`` (when no ``home`` is given), else ``HOME/.local/share``."""
    env = os.environ.get("XDG_DATA_HOME", "")
    if home is None and env and os.path.isabs(env):
        return Path(env)
    return (home if home is not None else Path.home()) / ".local" / "share"


def launcher() -> tuple[list[str], Path | None]:
    """The command that starts Card Shell as it was started now, and the
    folder it must start in (only for ``python -m game`` from a clone)."""
    if getattr(sys, "frozen", False):                     # a PyInstaller executable
        return [str(Path(sys.executable).absolute())], None
    argv0 = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if argv0 is not None and argv0.stem == LAUNCHER and argv0.is_file():
        return [str(argv0.absolute())], None
    found = shutil.which(LAUNCHER)
    if found:
        return [str(Path(found).absolute())], None
    package_parent = Path(__file__).resolve().parent.parent
    return [sys.executable, "-m", "game"], package_parent


def quote(arg: str) -> str:
    """One argument of a desktop entry's ``Exec`` key, quoted as the
    Desktop Entry Specification asks (and escaped once more as a string value)."""
    arg = arg.replace("%", "%%")
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return ('"' + inner + '"').replace("\\", "\\\\")


def entry_text(command: list[str], icon: Path, folder: Path | None = None) -> str:
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Card Shell",
        "GenericName=Patience Games",
        "Comment=Five patience games: Gaps, Chinese Puzzle, The Republic, The Smith and The Prince",
        "Exec=" + " ".join(quote(a) for a in command),
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=solitaire;patience;cards;",
        f"StartupWMClass={WM_CLASS}",
    ]
    if folder is not None:
        lines.append(f"Path={folder}")
    return "\n".join(lines) + "\n"


def _write(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Replace ``path`` atomically, as every file Card Shell writes (``storage.write_atomic``)."""
    storage.write_atomic(path, data, mode)


def install(home: Path | None = None, platform: str | None = None) -> Path | None:
    """Write the desktop entry and its icon for the user whose home is
    ``home`` (default: ``$XDG_DATA_HOME``, or the current user's); returns the
    entry's path, and prints where it wrote.  On a system other than Linux
    (``platform``, default ``sys.platform``) it says so and returns ``None``."""
    platform = platform or sys.platform
    if not platform.startswith("linux"):
        print("--install-desktop-entry is for Linux desktops; on this system, "
              "start card-shell from its launcher or the executable tools/build_app.py builds.")
        return None
    data = data_home(home)
    icons = data / "icons" / "hicolor"
    icon = icons / "256x256" / "apps" / ICON
    for size in assets.ICON_SIZES:
        source = assets.icon_path(size)
        if source.is_file():
            _write(icons / f"{size}x{size}" / "apps" / ICON, source.read_bytes())
    command, folder = launcher()
    entry = data / "applications" / ENTRY
    _write(entry, entry_text(command, icon, folder).encode("utf-8"), 0o755)
    print(f"Card Shell: wrote {entry}")
    print(f"  starts {' '.join(command)}")
    print(f"  icon   {icon}")
    return entry


def main() -> int:
    install()
    return 0
