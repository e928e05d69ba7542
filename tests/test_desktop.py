"""Card Shell on a Linux desktop: the entry, the AppStream metainfo and the
icons ``--install-desktop-entry`` writes (and ``--uninstall-desktop-entry``
removes), all named by the app id, and the running window's class, which
must be the entry's ``StartupWMClass`` however the game was started.

The real-window test needs Xvfb and xdotool (Debian packages xvfb,
xdotool; xprop from x11-utils reads the class exactly) and skips without
them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from xserver import stop, xvfb

import game
from game import APP_ID
from game.media import assets
from game.shell import desktop

ROOT = Path(__file__).resolve().parent.parent


def read_entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "PYTHON", "VIRTUAL_ENV", "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND"))}
    env.update(HOME=str(home), CARD_SHELL_HOME=str(home / "card-shell"), XDG_DATA_HOME=str(home / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


@pytest.fixture
def xdg(tmp_path, monkeypatch) -> Path:
    data = tmp_path / "xdg"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data


@pytest.fixture
def script(tmp_path, monkeypatch) -> Path:
    """The ``card-shell`` launcher as pip writes it, found through argv[0]."""
    launcher = tmp_path / "bin" / "card-shell"
    launcher.parent.mkdir()
    launcher.write_text("#!/bin/sh\n")
    monkeypatch.setattr(sys, "argv", [str(launcher)])
    return launcher


def icon_files(data: Path, name: str = f"{APP_ID}.png") -> list[Path]:
    return [data / "icons" / "hicolor" / f"{s}x{s}" / "apps" / name for s in assets.ICON_SIZES]


# ---------------------------------------------------------------- the app id

def test_the_app_id_is_reverse_dns_and_names_every_file():
    assert re.fullmatch(r"[a-z]+(\.[a-z][a-z0-9]*){2,}", APP_ID.lower())
    assert desktop.ENTRY == f"{APP_ID}.desktop"
    assert desktop.METAINFO == f"{APP_ID}.metainfo.xml"
    assert desktop.WM_CLASS == APP_ID


def test_every_entry_names_the_window_class_before_pygame():
    """main.py sets the class itself first; the package does for the
    ``card-shell`` script and ``python -m game``; neither imports pygame."""
    text = (ROOT / "main.py").read_text()
    assert f'os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "{APP_ID}")' in text
    assert text.index("SDL_VIDEO_X11_WMCLASS") < text.index("from game")
    env = clean_env(Path("/nonexistent"))
    done = subprocess.run([sys.executable, "-c", "import os, sys, game; "
                           "print(os.environ['SDL_VIDEO_X11_WMCLASS'], 'pygame' in sys.modules)"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == [APP_ID, "False"], done.stderr


# ---------------------------------------------------------------- install

def test_install_writes_the_entry_metainfo_and_icons(xdg, script, capsys):
    path = desktop.install(platform="linux")
    assert path == xdg / "applications" / f"{APP_ID}.desktop"
    entry = read_entry(path)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Card Shell"
    assert entry["Exec"] == str(script)
    assert entry["Icon"] == APP_ID                     # by theme name, not a path
    assert entry["StartupWMClass"] == APP_ID
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;CardGame;"
    for size, icon in zip(assets.ICON_SIZES, icon_files(xdg)):
        assert icon.read_bytes() == assets.icon_path(size).read_bytes()
    data = ROOT / "data"
    assert (xdg / "metainfo" / f"{APP_ID}.metainfo.xml").read_bytes() == (data / f"{APP_ID}.metainfo.xml").read_bytes()
    svg = xdg / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert svg.read_bytes() == (data / f"{APP_ID}.svg").read_bytes()
    assert (xdg / "man" / "man6" / "card-shell.6").read_bytes() == (data / "card-shell.6").read_bytes()
    # the entry is data/'s, but for the command it starts
    source = read_entry(data / f"{APP_ID}.desktop")
    assert {k: v for k, v in entry.items() if k != "Exec"} == {k: v for k, v in source.items() if k != "Exec"}
    out = capsys.readouterr().out
    assert str(path) in out and "--uninstall-desktop-entry" in out
    # again: the same files, rewritten
    assert desktop.install(platform="linux") == path
    assert read_entry(path) == entry
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def test_the_metainfo_describes_the_app(xdg, script):
    desktop.install(platform="linux")
    path = xdg / "metainfo" / f"{APP_ID}.metainfo.xml"
    root = ET.parse(path).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("name") == "Card Shell"
    assert root.findtext("summary")
    assert root.find("description/p") is not None
    assert root.findtext("metadata_license") == "CC0-1.0"
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    launchable = root.find("launchable")
    assert launchable.get("type") == "desktop-id" and launchable.text == f"{APP_ID}.desktop"
    assert root.find("content_rating").get("type") == "oars-1.1"
    releases = [r.get("version") for r in root.findall("releases/release")]
    assert releases[0] == changelog_versions()[0]
    if shutil.which("appstreamcli"):
        done = subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def changelog_versions() -> list[str]:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    return re.findall(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d\d-\d\d$", text, re.M)


def test_the_releases_are_the_changelogs():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    found = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)$", text, re.M)
    assert desktop.releases() == found
    # the version names a release: the newest, in the changelog, the metainfo, the manual page and --version
    version = game.pyproject_version(ROOT / "pyproject.toml")
    assert found[0][0] == version
    assert f'"Card Shell {version}"' in (ROOT / "data" / "card-shell.6").read_text(encoding="utf-8").splitlines()[0]
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.stdout.strip() == f"card-shell {version}", done.stderr


def test_install_removes_what_older_versions_installed(xdg, script):
    old_entry = xdg / "applications" / "card-shell.desktop"
    old_entry.parent.mkdir(parents=True)
    old_entry.write_text("[Desktop Entry]\n")
    for icon in icon_files(xdg, "card-shell.png"):
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"png")
    desktop.install(platform="linux")
    assert not old_entry.exists()
    assert not any(p.exists() for p in icon_files(xdg, "card-shell.png"))


# ---------------------------------------------------------------- uninstall

def test_uninstall_removes_everything_installed_and_says_so(xdg, script, capsys):
    desktop.install(platform="linux")
    written = sorted(p for p in xdg.rglob("*") if p.is_file() and p.name != "desktop-entry.json")
    assert len(written) == 4 + len(assets.ICON_SIZES)
    capsys.readouterr()
    removed = desktop.uninstall(platform="linux")
    assert sorted(removed) == written
    assert not xdg.exists(), "the folders install made stay behind"
    out = capsys.readouterr().out
    for path in written:
        assert str(path) in out
    # again: nothing left, and it says so
    assert desktop.uninstall(platform="linux") == []
    assert "nothing to remove" in capsys.readouterr().out


def test_uninstall_leaves_other_apps_files(xdg, script):
    other = xdg / "applications" / "org.example.Other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\n")
    (xdg / "icons" / "hicolor" / "48x48" / "apps").mkdir(parents=True)    # the player's, empty
    desktop.install(platform="linux")
    desktop.uninstall(platform="linux")
    assert other.is_file()
    assert (xdg / "icons" / "hicolor" / "48x48" / "apps").is_dir(), "a folder install found was removed"
    assert not (xdg / "icons" / "hicolor" / "64x64").exists() and not (xdg / "metainfo").exists()
    assert not (xdg / "man").exists()


# ---------------------------------------------------------------- the files in data/

def test_the_desktop_files_are_valid_where_the_tools_are_installed():
    """data/'s entry passes desktop-file-validate and its metainfo appstreamcli's
    pedantic validation (without the network), where those tools are installed;
    the metainfo names a homepage, a developer, screenshots, releases and a
    content rating; the entry's fields are the app id's."""
    data = ROOT / "data"
    entry = read_entry(data / f"{APP_ID}.desktop")
    assert entry["Icon"] == APP_ID and entry["StartupWMClass"] == APP_ID and entry["Exec"] == "card-shell"
    root = ET.parse(data / f"{APP_ID}.metainfo.xml").getroot()
    assert root.find("url[@type='homepage']").text.startswith("https://")
    assert root.findtext("developer/name")
    assert all(s.findtext("image").startswith("https://") for s in root.findall("screenshots/screenshot"))
    for shot in root.findall("screenshots/screenshot"):           # each screenshot is one in the repository
        assert (ROOT / shot.findtext("image").split("/main/", 1)[1]).is_file()
    assert root.find("releases/release") is not None and root.find("content_rating") is not None
    svg = ET.parse(data / f"{APP_ID}.svg").getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 128 128"
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(data / f"{APP_ID}.desktop")], capture_output=True,
                              text=True)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
    if shutil.which("appstreamcli"):
        done = subprocess.run(["appstreamcli", "validate", "--pedantic", "--no-net",
                               str(data / f"{APP_ID}.metainfo.xml")], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    if shutil.which("man"):
        done = subprocess.run(["man", "--warnings", "-l", str(data / "card-shell.6")], capture_output=True,
                              text=True, env={**os.environ, "MANPAGER": "cat", "MANWIDTH": "80"})
        assert done.returncode == 0 and "NAME" in done.stdout and not done.stderr.strip(), done.stderr


def test_the_manual_page_names_every_option():
    """Every option of ``--help`` is in the manual page."""
    import argparse

    import game.app as app
    from game.app import parse_args  # noqa: F401  (the parser is built by parse_args)
    text = (ROOT / "data" / "card-shell.6").read_text(encoding="utf-8").replace("\\-", "-")
    parser_options = set()
    real = argparse.ArgumentParser.parse_args

    def grab(self, args=None, namespace=None):
        parser_options.update(o for a in self._actions for o in a.option_strings if o.startswith("--"))
        return real(self, [], namespace)
    argparse.ArgumentParser.parse_args = grab
    try:
        app.parse_args([])
    finally:
        argparse.ArgumentParser.parse_args = real
    assert parser_options, "no option read"
    assert [o for o in sorted(parser_options) if o not in text] == []


def test_elsewhere_both_say_they_are_for_linux(tmp_path, capsys):
    assert desktop.install(home=tmp_path, platform="win32") is None
    assert desktop.uninstall(home=tmp_path, platform="darwin") is None
    out = capsys.readouterr().out
    assert out.count("Linux") == 2
    assert not any(tmp_path.iterdir())


def test_the_options_install_and_uninstall_and_open_no_window(tmp_path):
    env = clean_env(tmp_path)
    data = tmp_path / "data"
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--install-desktop-entry"], env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    entry = data / "applications" / f"{APP_ID}.desktop"
    assert str(entry) in done.stdout
    assert read_entry(entry)["Icon"] == APP_ID
    assert not (tmp_path / "card-shell").exists()         # no data folder: no game started
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--uninstall-desktop-entry"], env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert str(entry) in done.stdout
    assert not any(p.is_file() for p in data.rglob("*"))


# ---------------------------------------------------------------- the window's class, in a real X window

@pytest.fixture(scope="module")
def display():
    """A fresh Xvfb on a free display number (tests/xserver.py)."""
    with xvfb((1024, 768), first=500) as name:
        yield name


def window_class(display: str, pid: int, log: Path) -> str:
    """The WM_CLASS of process ``pid``'s window: xprop's reading of it, or
    (without xprop) the app id when xdotool finds the window by that class."""
    env = {**os.environ, "DISPLAY": display}
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--pid", str(pid)], env=env, capture_output=True,
                               text=True, timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"no window appeared; the game said:\n{log.read_text(errors='replace')}") from None
    window = found.stdout.split()[-1]
    if shutil.which("xprop"):
        out = subprocess.run(["xprop", "-id", window, "WM_CLASS"], env=env, capture_output=True, text=True,
                             timeout=10).stdout
        return out.strip()
    by_class = subprocess.run(["xdotool", "search", "--class", "^" + re.escape(APP_ID) + "$"], env=env,
                              capture_output=True, text=True, timeout=10).stdout.split()
    return f'WM_CLASS(STRING) = "{APP_ID}", "{APP_ID}"' if window in by_class else f"not {APP_ID}"


STARTS = {
    # how a player starts it: a clone's main.py, the package, and the launcher pip writes (argv[0] card-shell)
    "main.py": lambda launcher: [sys.executable, str(ROOT / "main.py")],
    "python -m game": lambda launcher: [sys.executable, "-m", "game"],
    "card-shell": lambda launcher: [sys.executable, str(launcher)],
}


@pytest.mark.parametrize("start", list(STARTS))
def test_the_window_class_is_the_entrys_however_the_game_started(start, display, tmp_path):
    launcher = tmp_path / "bin" / "card-shell"
    launcher.parent.mkdir()
    launcher.write_text("import re, sys\nfrom card_shell import main\n"
                        "if __name__ == '__main__':\n"
                        "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                        "    sys.exit(main())\n")
    env = clean_env(tmp_path)
    env.pop("SDL_VIDEODRIVER")
    env.update(DISPLAY=display, PYTHONPATH=str(ROOT), SDL_FRAMEBUFFER_ACCELERATION="0")
    log = tmp_path / "game.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([*STARTS[start](launcher), "--no-sound", "--no-analysis", "--size", "640x480"],
                                cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        assert window_class(display, proc.pid, log) == f'WM_CLASS(STRING) = "{APP_ID}", "{APP_ID}"'
    finally:
        stop(proc)
