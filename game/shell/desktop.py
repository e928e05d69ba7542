"""``card-shell --install-desktop-entry``: put Card Shell in a Linux desktop's
menu and software centre; ``--uninstall-desktop-entry`` takes it out again.

Everything goes into the user's data folder (``$XDG_DATA_HOME``, by default
``~/.local/share``), named by the app's reverse-DNS id
(:data:`game.APP_ID`, ``io.github.cardshell.CardShell``):

- ``applications/APP_ID.desktop``, the entry: it starts the launcher this
  program was started from (the ``card-shell`` script, the one-file
  executable, or ``python -m game``), names its icon by the theme name
  ``APP_ID``, and its ``StartupWMClass`` is ``APP_ID`` too, the class every
  way of starting gives the window (``game/__init__.py`` sets
  ``SDL_VIDEO_X11_WMCLASS`` before pygame is imported);
- ``metainfo/APP_ID.metainfo.xml``, the AppStream description software
  centres show;
- ``icons/hicolor/SIZExSIZE/apps/APP_ID.png``, the icon at each size.

Nothing outside the user's data folder is touched; running it again
rewrites the same files, and removes what an older version installed under
other names (``card-shell.desktop``, ``card-shell.png``).

Windows needs none of this: ``pip`` makes ``card-shell`` a GUI script, and
``tools/build_app.py`` a one-file executable, to pin or double-click.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from .. import APP_ID
from ..media import assets
from ..storage import storage

#: the window's class on X11 (``SDL_VIDEO_X11_WMCLASS``): desktops match the window to the entry by it
WM_CLASS = APP_ID
ENTRY = f"{APP_ID}.desktop"
METAINFO = f"{APP_ID}.metainfo.xml"
ICON = f"{APP_ID}.png"
LAUNCHER = "card-shell"
#: what versions before the app id installed: removed by install and uninstall alike
OLD_ENTRY = "card-shell.desktop"
OLD_ICON = "card-shell.png"

NAME = "Card Shell"
SUMMARY = "Five patience games from early-1990s Macintosh shareware"
COMMENT = "Five patience games: Gaps, Chinese Puzzle, The Republic, The Smith and The Prince"
#: the releases, newest first, as CHANGELOG.md lists them (a test checks the two agree);
#: kept here because an installed package has no CHANGELOG.md to read
RELEASES = (("0.1.0", "2026-11-27"),)


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
    package_parent = Path(__file__).resolve().parents[2]
    return [sys.executable, "-m", "game"], package_parent


def quote(arg: str) -> str:
    """One argument of a desktop entry's ``Exec`` key, quoted as the
    Desktop Entry Specification asks (and escaped once more as a string value)."""
    arg = arg.replace("%", "%%")
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return ('"' + inner + '"').replace("\\", "\\\\")


def entry_text(command: list[str], folder: Path | None = None) -> str:
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        f"Name={NAME}",
        "GenericName=Patience Games",
        f"Comment={COMMENT}",
        "Exec=" + " ".join(quote(a) for a in command),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=solitaire;patience;cards;",
        f"StartupWMClass={WM_CLASS}",
    ]
    if folder is not None:
        lines.append(f"Path={folder}")
    return "\n".join(lines) + "\n"


def metainfo_text() -> str:
    """The AppStream component (``metainfo/APP_ID.metainfo.xml``)."""
    releases = "\n".join(f'    <release version="{escape(v)}" date="{escape(d)}"/>' for v, d in RELEASES)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>GPL-3.0-or-later</project_license>
  <name>{NAME}</name>
  <summary>{escape(SUMMARY)}</summary>
  <description>
    <p>
      Five games of patience brought back from early-1990s Macintosh shareware, faithful to their
      original manuals: Gaps, Chinese Puzzle, The Republic, The Smith and The Prince.
    </p>
    <p>
      Drag or click the cards; ask for a hint, or let the solver play the deal out. A quiet line says
      whether the deal can still be won. Games are saved as you play, with statistics and high scores.
    </p>
  </description>
  <launchable type="desktop-id">{ENTRY}</launchable>
  <categories>
    <category>Game</category>
    <category>CardGame</category>
  </categories>
  <keywords>
    <keyword>solitaire</keyword>
    <keyword>patience</keyword>
    <keyword>cards</keyword>
  </keywords>
  <provides>
    <binary>{LAUNCHER}</binary>
  </provides>
  <content_rating type="oars-1.1"/>
  <releases>
{releases}
  </releases>
</component>
"""


def _write(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Replace ``path`` atomically, as every file Card Shell writes (``storage.write_atomic``)."""
    storage.write_atomic(path, data, mode)


def installed_paths(data: Path) -> list[Path]:
    """Every file :func:`install` writes under the data folder ``data``,
    and those older versions wrote under other names."""
    icons = data / "icons" / "hicolor"
    paths = [data / "applications" / ENTRY, data / "metainfo" / METAINFO]
    paths += [icons / f"{size}x{size}" / "apps" / ICON for size in assets.ICON_SIZES]
    paths += [data / "applications" / OLD_ENTRY]
    paths += [icons / f"{size}x{size}" / "apps" / OLD_ICON for size in assets.ICON_SIZES]
    return paths


def _not_linux(platform: str | None, option: str) -> bool:
    if (platform or sys.platform).startswith("linux"):
        return False
    print(f"{option} is for Linux desktops; on this system, "
          "start card-shell from its launcher or the executable tools/build_app.py builds.")
    return True


def _remove_old(data: Path) -> None:
    for path in installed_paths(data):
        if path.name in (OLD_ENTRY, OLD_ICON):
            path.unlink(missing_ok=True)


def install(home: Path | None = None, platform: str | None = None) -> Path | None:
    """Write the desktop entry, its AppStream metainfo and its icons for the
    user whose home is ``home`` (default: ``$XDG_DATA_HOME``, or the current
    user's); returns the entry's path, and prints what it wrote.  On a
    system other than Linux (``platform``, default ``sys.platform``) it says
    so and returns ``None``."""
    if _not_linux(platform, "--install-desktop-entry"):
        return None
    data = data_home(home)
    icons = data / "icons" / "hicolor"
    written = []
    for size in assets.ICON_SIZES:
        source = assets.icon_path(size)
        if source.is_file():
            target = icons / f"{size}x{size}" / "apps" / ICON
            _write(target, source.read_bytes())
            written.append(target)
    command, folder = launcher()
    entry = data / "applications" / ENTRY
    _write(entry, entry_text(command, folder).encode("utf-8"), 0o755)
    metainfo = data / "metainfo" / METAINFO
    _write(metainfo, metainfo_text().encode("utf-8"))
    _remove_old(data)
    print(f"Card Shell: wrote {entry}")
    print(f"  starts   {' '.join(command)}")
    print(f"  metainfo {metainfo}")
    print(f"  icons    {len(written)} sizes in {icons} (theme name {APP_ID})")
    print("--uninstall-desktop-entry removes them.")
    return entry


def uninstall(home: Path | None = None, platform: str | None = None) -> list[Path] | None:
    """Remove every file :func:`install` wrote (and what older versions
    wrote under other names); returns the paths removed, and prints them.
    The folders stay: other apps share them."""
    if _not_linux(platform, "--uninstall-desktop-entry"):
        return None
    removed = []
    for path in installed_paths(data_home(home)):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    if removed:
        print("Card Shell: removed")
        for path in removed:
            print(f"  {path}")
    else:
        print(f"Card Shell: no desktop entry was installed in {data_home(home)}: nothing to remove.")
    return removed


def main() -> int:
    install()
    return 0
