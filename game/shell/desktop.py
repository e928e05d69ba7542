"""``card-shell --install-desktop-entry``: put Card Shell in a Linux desktop's
menu and software centre; ``--uninstall-desktop-entry`` takes it out again.

The files are the repository's own, in ``data/`` (installed as the package
``card_shell.data``, bundled under ``data/`` in the one-file executable),
named by the app's reverse-DNS id (:data:`game.APP_ID`,
``io.github.cardshell.CardShell``), and copied into the user's data folder
(``$XDG_DATA_HOME``, by default ``~/.local/share``):

- ``applications/APP_ID.desktop``, the entry, its ``Exec`` line rewritten
  to start the launcher this program was started from (the ``card-shell``
  script, the one-file executable, or ``python -m game``); it names its
  icon by the theme name ``APP_ID``, and its ``StartupWMClass`` is ``APP_ID``
  too, the class every way of starting gives the window
  (``game/__init__.py`` sets ``SDL_VIDEO_X11_WMCLASS`` before pygame is
  imported);
- ``metainfo/APP_ID.metainfo.xml``, the AppStream description software
  centres show;
- ``icons/hicolor/scalable/apps/APP_ID.svg`` and
  ``icons/hicolor/SIZExSIZE/apps/APP_ID.png``, the icon (the PNG sizes are
  the window's own, in ``assets/icons``);
- ``man/man6/card-shell.6``, the manual page.

Nothing outside the user's data folder is touched; running it again
rewrites the same files, and removes what an older version installed under
other names (``card-shell.desktop``, ``card-shell.png``).  The folders it
had to make are noted (``card-shell/desktop-entry.json`` in that data
folder), and uninstalling removes those that are left empty.

Windows needs none of this: ``pip`` makes ``card-shell`` a GUI script, and
``tools/build_app.py`` a one-file executable, to pin or double-click.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

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

SVG = f"{APP_ID}.svg"
MAN_PAGE = "card-shell.6"
#: the files of ``data/``, installed as they are but for the entry's ``Exec`` line
DATA_FILES = (ENTRY, METAINFO, SVG, MAN_PAGE)
#: where the folders install made are noted, under the user's data folder
MADE = Path("card-shell") / "desktop-entry.json"


def data_folder() -> Path:
    """The repository's ``data/`` (installed: ``card_shell/data``, beside the
    ``game`` package; in the executable: ``data/`` in its bundle)."""
    return Path(__file__).resolve().parents[2] / "data"


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
    """``data/``'s desktop entry, its ``Exec`` line starting ``command``
    (in ``folder``, when one is given)."""
    lines = []
    for line in (data_folder() / ENTRY).read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + " ".join(quote(a) for a in command)
        lines.append(line)
    if folder is not None:
        lines.append(f"Path={folder}")
    return "\n".join(lines) + "\n"


def releases() -> list[tuple[str, str]]:
    """The releases the metainfo lists, newest first: (version, date)."""
    import xml.etree.ElementTree as ET
    root = ET.parse(data_folder() / METAINFO).getroot()
    return [(r.get("version", ""), r.get("date", "")) for r in root.findall("releases/release")]


def _write(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Replace ``path`` atomically, as every file Card Shell writes (``storage.write_atomic``)."""
    storage.write_atomic(path, data, mode)


def installed_paths(data: Path) -> list[Path]:
    """Every file :func:`install` writes under the data folder ``data``,
    and those older versions wrote under other names."""
    icons = data / "icons" / "hicolor"
    paths = [data / "applications" / ENTRY, data / "metainfo" / METAINFO, icons / "scalable" / "apps" / SVG,
             data / "man" / "man6" / MAN_PAGE]
    paths += [icons / f"{size}x{size}" / "apps" / ICON for size in assets.ICON_SIZES]
    paths += [data / "applications" / OLD_ENTRY]
    paths += [icons / f"{size}x{size}" / "apps" / OLD_ICON for size in assets.ICON_SIZES]
    return paths


def _missing_folders(path: Path, data: Path) -> list[Path]:
    """The folders between ``data`` (itself included) and ``path`` that do not exist yet."""
    missing = []
    folder = path.parent
    while True:
        if not folder.exists():
            missing.append(folder)
        if folder == data or data not in folder.parents:
            break
        folder = folder.parent
    return missing


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
    command, folder = launcher()
    entry = data / "applications" / ENTRY
    metainfo = data / "metainfo" / METAINFO
    files = {entry: entry_text(command, folder).encode("utf-8"),
             metainfo: (data_folder() / METAINFO).read_bytes(),
             icons / "scalable" / "apps" / SVG: (data_folder() / SVG).read_bytes(),
             data / "man" / "man6" / MAN_PAGE: (data_folder() / MAN_PAGE).read_bytes()}
    for size in assets.ICON_SIZES:
        source = assets.icon_path(size)
        if source.is_file():
            files[icons / f"{size}x{size}" / "apps" / ICON] = source.read_bytes()
    made = set(_read_made(data))
    for path in [*files, data / MADE]:
        made.update(str(f) for f in _missing_folders(path, data))
    for path, content in files.items():
        _write(path, content, 0o755 if path == entry else 0o644)
    _write(data / MADE, json.dumps(sorted(made), indent=1).encode("utf-8"))
    _remove_old(data)
    print(f"Card Shell: wrote {entry}")
    print(f"  starts   {' '.join(command)}")
    print(f"  metainfo {metainfo}")
    print(f"  icons    {len(files) - 3} in {icons} (theme name {APP_ID})")
    print(f"  manual   {data / 'man' / 'man6' / MAN_PAGE}")
    print("--uninstall-desktop-entry removes them.")
    return entry


def _read_made(data: Path) -> list[str]:
    """The folders an earlier install noted it made (none if the note is missing or damaged)."""
    try:
        made = json.loads((data / MADE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [f for f in made if isinstance(f, str) and Path(f).is_relative_to(data)] if isinstance(made, list) else []


def uninstall(home: Path | None = None, platform: str | None = None) -> list[Path] | None:
    """Remove every file :func:`install` wrote (and what older versions
    wrote under other names), and the folders it made that are left empty
    (those it found stay: other apps share them); returns the files
    removed, and prints them."""
    if _not_linux(platform, "--uninstall-desktop-entry"):
        return None
    data = data_home(home)
    removed = []
    for path in installed_paths(data):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        removed.append(path)
    made = _read_made(data)
    (data / MADE).unlink(missing_ok=True)
    for folder in sorted(made, key=lambda f: len(Path(f).parts), reverse=True):     # the deepest first
        try:
            Path(folder).rmdir()
        except OSError:             # not empty (another app's files in it), or gone
            pass
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
