"""Card Shell as an installed app: the assets as package data, the
``card-shell`` launcher, the Linux desktop entry, the icon, and the one-file
executable ``tools/build_app.py`` builds.

The tests marked ``slow`` install the project into a fresh venv and build the
executable with PyInstaller; CI runs them too (``-m "not slow"`` leaves them
out of a quick run).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pygame
import pytest

from game import APP_ID
from game.media import assets
from game.shell import desktop

ROOT = Path(__file__).resolve().parent.parent
#: what a copy of the repository to install leaves out: the developer's venv and build litter
IGNORED = shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                 ".hypothesis", ".ruff_cache", "docs", "bench")
WINDOW = (800, 600)


def clean_env(home: Path) -> dict[str, str]:
    """The environment of a child that must touch neither the user's files nor a display."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(home), CARD_SHELL_HOME=str(home / "card-shell"), XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
               XDG_CACHE_HOME=str(home / "cache"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def check_screenshot(path: Path) -> None:
    assert path.is_file(), "no screenshot was written"
    picture = pygame.image.load(str(path))
    assert picture.get_size() == WINDOW
    # a table, not a blank window: many colours (felt, cards, text)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, WINDOW[0], 7) for y in range(0, WINDOW[1], 7)}
    assert len(colours) > 50


def screenshot_args(out: Path, game: str = "gaps") -> list[str]:
    return ["--screenshot", str(out), "--game", game, "--seed", "1", "--no-sound",
            "--size", f"{WINDOW[0]}x{WINDOW[1]}"]


# ---------------------------------------------------------------- assets

def test_assets_are_found_through_the_package():
    assert assets.root() == ROOT / "assets"      # in a clone: the repository's own folder
    assert assets.path("cards", "cards.png").is_file()
    from game.media import sheet, sound
    assert sheet.builtin_sheet_path() == assets.path("cards", "cards.png")
    assert sound.FOLDER == assets.path("sounds")
    for name in sound.NAMES:
        assert (sound.FOLDER / f"{name}.wav").is_file()


def test_package_data_lists_every_asset():
    """pyproject.toml installs the same files game.media.assets names and the build
    bundles: every file under assets/ (but the package's own module and the
    Windows .ico, a build input) matches one of the globs."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    setuptools = project["tool"]["setuptools"]
    installed = f"card_shell.{assets.PACKAGE}"      # what the game finds as game.data, installed inside card_shell
    assert tuple(setuptools["package-data"][installed]) == assets.PACKAGE_DATA
    assert setuptools["package-dir"] == {"card_shell.engine": "engine", "card_shell.game": "game",
                                         installed: "assets", "card_shell.data": "data"}
    assert all(p == "card_shell" or p.startswith("card_shell.") for p in setuptools["packages"]), \
        "every installed package is inside card_shell: no generic top-level name"
    on_disk = {"card_shell." + ".".join(f.parent.relative_to(ROOT).parts) for top in ("engine", "game")
               for f in (ROOT / top).rglob("__init__.py") if "__pycache__" not in f.parts}
    assert set(setuptools["packages"]) == on_disk | {"card_shell", "card_shell.data", installed}, \
        "a package is missing from pyproject.toml"
    assert project["project"]["gui-scripts"]["card-shell"] == "card_shell:main"
    assert project["project"]["scripts"]["card-shell-terminal"] == "card_shell:terminal"
    from game.shell import desktop
    data = sorted(f.name for f in (ROOT / "data").iterdir() if f.is_file())
    assert data == sorted(desktop.DATA_FILES)
    assert all(any(Path(name).match(g) for g in setuptools["package-data"]["card_shell.data"]) for name in data)
    folder = ROOT / "assets"
    matched = {f for pattern in assets.PACKAGE_DATA for f in folder.glob(pattern)}
    left = [f.relative_to(folder).as_posix() for f in folder.rglob("*")
            if f.is_file() and "__pycache__" not in f.parts and f not in matched]
    assert sorted(left) == ["__init__.py", "icons/card-shell.ico"]


def test_icons_are_drawn_at_every_size():
    for size in assets.ICON_SIZES:
        icon = pygame.image.load(str(assets.icon_path(size)))
        assert icon.get_size() == (size, size)
        assert icon.get_flags() & pygame.SRCALPHA
        assert icon.get_at((size // 2, size // 2)).a == 255        # the cards, opaque
    corner = pygame.image.load(str(assets.icon_path(256))).get_at((0, 0))
    assert corner.a == 0                                             # the felt's rounded corner
    ico = (ROOT / "assets" / "icons" / "card-shell.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") == len(assets.ICON_SIZES)


def test_the_icons_are_what_the_tool_draws(tmp_path):
    """tools/make_icon.py redraws the committed icons (to within rounding, as
    another pygame-ce or numpy may round differently)."""
    import numpy as np
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    for size in assets.ICON_SIZES:
        a = pygame.image.load(str(tmp_path / f"card-shell-{size}.png"))
        b = pygame.image.load(str(assets.icon_path(size)))
        pa = np.dstack([pygame.surfarray.array3d(a), pygame.surfarray.array_alpha(a)]).astype(int)
        pb = np.dstack([pygame.surfarray.array3d(b), pygame.surfarray.array_alpha(b)]).astype(int)
        assert np.abs(pa - pb).max() <= 3, f"assets/icons/card-shell-{size}.png is not what make_icon.py draws"


def test_a_missing_icon_never_stops_the_game(tmp_path, monkeypatch):
    from gui import make_app
    monkeypatch.setattr(assets, "icon_path", lambda size=256: tmp_path / "no-such-icon.png")
    app = make_app(tmp_path, "--game", "gaps", "--seed", "1")
    assert app.screen.get_size() == (1024, 640)
    assert pygame.display.get_caption()[0] == "Gaps - deal 1 - Card Shell"


# ---------------------------------------------------------------- the desktop entry

def read_entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def test_desktop_entry_is_written_into_the_users_applications(tmp_path, monkeypatch, capsys):
    launcher = tmp_path / "bin" / "card-shell"
    launcher.parent.mkdir()
    launcher.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(launcher)])
    home = tmp_path / "home"
    path = desktop.install(home=home, platform="linux")
    assert path == home / ".local" / "share" / "applications" / f"{APP_ID}.desktop"
    entry = read_entry(path)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Card Shell"
    assert entry["Comment"]
    assert entry["Exec"] == str(launcher)
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;CardGame;"
    assert entry["StartupWMClass"] == APP_ID
    assert entry["Icon"] == APP_ID                  # by theme name (tests/test_desktop.py has the rest)
    icon = home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png"
    assert icon.read_bytes() == assets.icon_path(256).read_bytes()
    out = capsys.readouterr().out
    assert str(path) in out
    # again: the same files, rewritten
    assert desktop.install(home=home, platform="linux") == path
    assert read_entry(path) == entry
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def test_desktop_entry_respects_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(sys, "argv", ["main.py"])
    monkeypatch.setattr(desktop.shutil, "which", lambda name: None)
    path = desktop.install(platform="linux")
    assert path == tmp_path / "xdg" / "applications" / f"{APP_ID}.desktop"
    entry = read_entry(path)
    # no launcher found: the interpreter runs the package, from the folder that holds it
    assert entry["Exec"].endswith(" -m game")
    assert Path(entry["Path"], "game", "app.py").is_file()
    assert (tmp_path / "xdg" / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png").is_file()


def test_exec_is_quoted_as_the_specification_asks():
    assert desktop.quote("/usr/bin/card-shell") == "/usr/bin/card-shell"
    assert desktop.quote("/home/a b/card-shell") == '"/home/a b/card-shell"'
    assert desktop.quote('/x/"$y"') == '"/x/\\\\"\\\\$y\\\\""'
    assert desktop.quote("/x/100%") == "/x/100%%"


def test_desktop_entry_elsewhere_says_it_is_for_linux(tmp_path, capsys):
    assert desktop.install(home=tmp_path, platform="win32") is None
    assert "Linux" in capsys.readouterr().out
    assert not any(tmp_path.iterdir())


def test_the_option_installs_the_entry_and_opens_no_window(tmp_path):
    env = clean_env(tmp_path)
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--install-desktop-entry"], env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "data" / "applications" / f"{APP_ID}.desktop"
    assert str(path) in done.stdout
    assert read_entry(path)["Icon"] == APP_ID


def test_python_m_game_runs_the_app(tmp_path):
    env = clean_env(tmp_path)
    env["PYTHONPATH"] = str(ROOT)
    out = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "game", *screenshot_args(out, "smith")], env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    check_screenshot(out)


# ---------------------------------------------------------------- installed, and built

@pytest.mark.slow
def test_pip_install_gives_a_launcher_that_finds_its_assets(tmp_path):
    """``pip install`` of a copy of the repository into a fresh venv: the
    ``card-shell`` launcher draws a table from another working directory, so
    the assets come from the installed package."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    python = bindir / ("python.exe" if sys.platform == "win32" else "python")
    home = tmp_path / "home"
    env = clean_env(home)
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(source)],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    shutil.rmtree(source)                  # nothing may come from the source folder any more
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = subprocess.run([str(python), "-c", "import card_shell; from game.media import assets, sheet, sound; "
                            "print(assets.root()); print(sheet.builtin_sheet_path()); print(sound.FOLDER)"],
                           env=env, capture_output=True, text=True, timeout=60, cwd=elsewhere)
    assert found.returncode == 0, found.stderr
    for line in found.stdout.split():
        assert Path(line).exists() and Path(line).resolve().is_relative_to(env_dir.resolve()), line
    for size in assets.ICON_SIZES:
        assert Path(found.stdout.split()[0], "icons", f"card-shell-{size}.png").is_file()
    top = subprocess.run([str(python), "-c", "import importlib.util as u; "
                          "print([n for n in ('assets', 'engine', 'game', 'data') if u.find_spec(n)])"],
                         env=env, capture_output=True, text=True, timeout=60, cwd=elsewhere)
    assert top.stdout.strip() == "[]", "the install put a generic top-level package on the path: " + top.stdout
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               env=env, capture_output=True, text=True, timeout=60).stdout.strip())
    tops = sorted(p.name for p in site.iterdir() if p.name.startswith(("card", "engine", "game", "assets", "data")))
    assert [t for t in tops if not t.startswith(("card_shell", "card-shell", "card_shell-"))] == [], tops
    launcher = bindir / ("card-shell.exe" if sys.platform == "win32" else "card-shell")
    assert launcher.is_file()
    assert (bindir / ("card-shell-terminal.exe" if sys.platform == "win32" else "card-shell-terminal")).is_file()
    import engine
    for game in engine.GAMES:                     # every game, from a folder that holds no clone
        out = tmp_path / f"installed-{game}.png"
        shot = subprocess.run([str(launcher), *screenshot_args(out, game)], env=env, capture_output=True,
                              text=True, timeout=120, cwd=elsewhere)
        assert shot.returncode == 0, game + ": " + shot.stdout + shot.stderr
        check_screenshot(out)
    # the executable carries its licence and those of what it bundles
    told = subprocess.run([str(launcher), "--license"], env=env, capture_output=True,
                          text=True, timeout=120, cwd=elsewhere)
    assert told.returncode == 0, told.stderr
    assert "/LICENSE" in told.stdout.replace("\\", "/") and "licenses" in told.stdout, told.stdout
    licence = Path(told.stdout.split("full text:", 1)[1].split()[0])
    assert "GNU GENERAL PUBLIC LICENSE" in licence.read_text() and "Version 3" in licence.read_text()
    assert (licence.parent / "licenses" / "SDL.txt").is_file()
    # the solver's process starts as the installed game starts it, and answers
    solver = subprocess.run([str(python), "-c", "import card_shell, subprocess; "
                             "from game.assistant.analyst import worker_command, _root; "
                             "done = subprocess.run(worker_command(), cwd=_root(), input='', capture_output=True, "
                             "text=True, timeout=60); print(done.returncode, repr(done.stderr[-300:]))"],
                            env=env, capture_output=True, text=True, timeout=120, cwd=elsewhere)
    assert solver.stdout.split()[:1] == ["0"], solver.stdout + solver.stderr
    terminal = subprocess.run([str(bindir / "card-shell-terminal"), "--help"], env=env, capture_output=True,
                              text=True, timeout=60, cwd=elsewhere)
    assert terminal.returncode == 0 and "play" in terminal.stdout, terminal.stderr
    # the installed launcher writes a desktop entry that starts itself
    entry = subprocess.run([str(launcher), "--install-desktop-entry"], env=env, capture_output=True, text=True,
                           timeout=60, cwd=elsewhere)
    assert entry.returncode == 0, entry.stderr
    if sys.platform.startswith("linux"):
        written = read_entry(home / "data" / "applications" / f"{APP_ID}.desktop")
        assert written["Exec"] == str(launcher)


@pytest.mark.every_game
@pytest.mark.slow
def test_the_one_file_executable_runs(tmp_path):
    """tools/build_app.py builds one executable with the assets inside; it
    draws a table under the dummy video driver, far from the repository."""
    pytest.importorskip("PyInstaller", reason="tools/build_app.py needs PyInstaller (requirements.txt)")
    dist = tmp_path / "dist"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--dist", str(dist),
                           "--work", str(tmp_path / "work")],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    exe = Path(done.stdout.strip().splitlines()[-1])
    assert exe.is_file() and exe.parent == dist.resolve()
    assert exe.name == ("card-shell.exe" if sys.platform == "win32" else "card-shell")
    assert [p.name for p in dist.iterdir()] == [exe.name]          # one file
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = elsewhere / "built.png"
    import engine
    for game in engine.GAMES:                     # every game: each is imported by name at run time
        out = elsewhere / f"built-{game}.png"
        shot = subprocess.run([str(exe), *screenshot_args(out, game)], env=clean_env(tmp_path / "home"),
                              capture_output=True, text=True, timeout=120, cwd=elsewhere)
        assert shot.returncode == 0, game + ": " + shot.stdout + shot.stderr
        check_screenshot(out)
    # the executable carries its licence and those of what it bundles (inside it: the paths are its own)
    told = subprocess.run([str(exe), "--license"], env=clean_env(tmp_path / "home"), capture_output=True,
                          text=True, timeout=120, cwd=elsewhere)
    assert told.returncode == 0, told.stderr
    assert "full text:" in told.stdout and "licenses" in told.stdout, told.stdout
