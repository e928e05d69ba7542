"""Build Card Shell as one executable file, with PyInstaller.

    python tools/build_app.py [--dist FOLDER] [--work FOLDER]

Writes ``dist/card-shell`` (``card-shell.exe`` on Windows), a single file
that needs no Python: the ``engine`` and ``game`` packages, the card sheet,
the sounds and the icon are inside it, with ``LICENSE``, ``licenses/`` (the
licences of what it bundles) and ``data/`` (the desktop files) (the files of ``assets/`` under
``assets/`` in the bundle, where ``game.media.assets`` finds them once the
executable unpacks itself).  On Windows and macOS it is a
windowed program (no console); on Windows it carries the app's icon.  It
takes the same options as ``main.py``.  Prints the executable's path.

Needs PyInstaller (``pip install -r requirements.txt`` brings it).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # PyInstaller's analysis imports pygame

from game.media.assets import PACKAGE_DATA  # noqa: E402

NAME = "card-shell"


def data_args(root: Path = ROOT) -> list[str]:
    """``--add-data`` for every asset file, each kept in its folder under ``assets/``."""
    args = []
    folders = sorted({str(Path(p).parent) for p in PACKAGE_DATA})
    for folder in folders:
        patterns = [Path(p).name for p in PACKAGE_DATA if str(Path(p).parent) == folder]
        files = sorted(f for pattern in patterns for f in (root / "assets" / folder).glob(pattern))
        for f in files:
            args += ["--add-data", f"{f}{os.pathsep}assets/{folder}"]
    return args


def hidden_imports() -> list[str]:
    """The modules the game imports by name at run time, which PyInstaller's
    analysis cannot see: each game's rules and front (found through the
    registry, ``engine/spec.py``) and the solver's functions its spec names."""
    from engine import spec
    modules = []
    for module in spec.MODULES:
        modules += [f"engine.{module}", f"game.games.{module}"]
        game_spec = spec.spec(spec.name_of(module))
        for named in (game_spec.solver, game_spec.model, game_spec.hint_line, game_spec.play_on):
            if named:
                modules.append(named.partition(":")[0])
    return sorted(set(modules))


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    args = [
        str(ROOT / "main.py"),
        "--onefile",
        "--name", NAME,
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--paths", str(ROOT),
        "--exclude-module", "tkinter",
        "--exclude-module", "pytest",
        "--exclude-module", "hypothesis",
        # the version (game.version(): the executable has no package metadata, so it reads this file)
        "--add-data", f"{ROOT / 'pyproject.toml'}{os.pathsep}.",
        # its licence, and those of what it bundles (card-shell --license says where)
        "--add-data", f"{ROOT / 'LICENSE'}{os.pathsep}.",
        "--add-data", f"{ROOT / 'licenses'}{os.pathsep}licenses",
        # the desktop entry, metainfo, icon and manual page --install-desktop-entry copies
        "--add-data", f"{ROOT / 'data'}{os.pathsep}data",
    ]
    for module in hidden_imports():
        args += ["--hidden-import", module]
    if sys.platform in ("win32", "darwin"):
        args.append("--windowed")
    icon = ROOT / "assets" / "icons" / ("card-shell.ico" if sys.platform == "win32" else "card-shell-256.png")
    if sys.platform == "win32" and icon.is_file():
        args += ["--icon", str(icon)]
    elif sys.platform == "darwin" and icon.is_file():
        try:  # PyInstaller turns a PNG into .icns only with Pillow
            import PIL  # noqa: F401
            args += ["--icon", str(icon)]
        except ImportError:
            pass
    return args + data_args()


def build(dist: Path | None = None, work: Path | None = None) -> Path:
    """Build the executable into ``dist`` (default ``dist/`` in the repository); returns its path."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        sys.exit("tools/build_app.py needs PyInstaller: .venv/bin/pip install -r requirements.txt")
    dist = (dist or ROOT / "dist").resolve()
    with tempfile.TemporaryDirectory(prefix="card-shell-build-") as tmp:
        pyinstaller.run(pyinstaller_args(dist, (work or Path(tmp)).resolve()))
    exe = dist / (NAME + (".exe" if sys.platform == "win32" else ""))
    if sys.platform == "darwin" and not exe.exists() and (dist / f"{NAME}.app").exists():
        exe = dist / f"{NAME}.app"
    return exe


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, help="where the executable goes (default: dist/)")
    p.add_argument("--work", type=Path, help="PyInstaller's build folder (default: a temporary one)")
    args = p.parse_args(argv)
    exe = build(args.dist, args.work)
    print(exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
