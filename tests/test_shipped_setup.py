"""How the app sets itself up, as a player runs it (not as a test would)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import game
from game.app import parse_args

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
import os, sys
for k in list(os.environ):
    if k.startswith("SDL_FRAMEBUFFER"):
        del os.environ[k]
if len(sys.argv) > 1:
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = sys.argv[1]
from game.app import App, parse_args
App(parse_args(["--no-sound", "--no-analysis", "--size", "700x500"]))
print(os.environ.get("SDL_FRAMEBUFFER_ACCELERATION"))
"""


def run(*argv: str, home: Path) -> str:
    env = {**os.environ, "CARD_SHELL_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", CHECK, *argv], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_the_app_chooses_the_software_framebuffer_itself(tmp_path):
    assert run(home=tmp_path) == "0"


def test_a_players_own_framebuffer_setting_wins(tmp_path):
    assert run("opengl", home=tmp_path) == "opengl"


@pytest.mark.parametrize("bad", ["abc", "1024", "1024x", "x640", "10x10x10"])
def test_a_bad_window_size_gets_a_message_not_a_traceback(bad, capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--size", bad])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "is not a window size" in err and "Traceback" not in err


def test_a_window_size_reads_as_width_and_height():
    assert parse_args(["--size", "1024x640"]).size == (1024, 640)


# ---------------------------------------------------------------- the version

def pyproject_version() -> str:
    found = game.pyproject_version(ROOT / "pyproject.toml")
    assert found
    return found


@pytest.mark.parametrize("start", [["main.py"], ["-m", "game"]])
def test_version_prints_the_packages_version(start, tmp_path):
    env = {**os.environ, "CARD_SHELL_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, *start, "--version"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"card-shell {pyproject_version()}\n"
    assert not any(tmp_path.iterdir())                 # no game started


def test_installed_the_version_comes_from_the_metadata(monkeypatch, tmp_path):
    """Installed (no pyproject.toml beside the package), the metadata says."""
    monkeypatch.setattr(game, "__file__", str(tmp_path / "site-packages" / "game" / "__init__.py"))
    monkeypatch.setattr(metadata, "version", lambda name: "9.8.7" if name == "card-shell" else "?")
    assert game.version() == "9.8.7"


def test_in_a_clone_the_version_is_its_own_pyprojects_not_an_older_installs(monkeypatch):
    """A clone's main.py: its pyproject.toml, not metadata an older
    ``pip install -e`` left behind."""
    monkeypatch.setattr(metadata, "version", lambda name: "0.0.1")
    assert game.version() == pyproject_version()


def test_not_installed_the_version_is_pyprojects(monkeypatch):
    def missing(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", missing)
    assert game.version() == pyproject_version()


def test_in_the_one_file_executable_the_version_is_the_bundled_pyprojects(monkeypatch, tmp_path):
    """The executable has no metadata; tools/build_app.py bundles
    pyproject.toml at the top of the bundle (sys._MEIPASS)."""
    def missing(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", missing)
    (tmp_path / "pyproject.toml").write_text('[build-system]\nversion = "0"\n\n[project]\nname = "card-shell"\n'
                                             'version = "1.2.3"  # the release\n')
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert game.version() == "1.2.3"
    (tmp_path / "pyproject.toml").unlink()
    assert game.version() == "unknown"


def test_the_build_bundles_pyproject_at_the_top():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_app
    finally:
        sys.path.remove(str(ROOT / "tools"))
    args = build_app.pyinstaller_args(Path("dist"), Path("work"))
    i = args.index(f"{ROOT / 'pyproject.toml'}{os.pathsep}.")
    assert args[i - 1] == "--add-data"


def test_about_names_the_version_and_the_licence():
    from game.ui.help import ABOUT
    assert f"Version {pyproject_version()}." in ABOUT
    assert "GPL-3.0-or-later" in ABOUT


def test_the_licence_file_is_the_gpl_3_whole_and_the_notice_says_or_later():
    """LICENSE is the licence's full text (a packager reads it there), and
    licenses/README.md the project's notice: version 3 or any later one;
    every text licenses/README.md names is in the folder."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.lstrip().startswith("GNU GENERAL PUBLIC LICENSE\n") and "Version 3, 29 June 2007" in text
    assert "TERMS AND CONDITIONS" in text and "END OF TERMS AND CONDITIONS" in text
    assert len(text.splitlines()) > 600, "not the whole licence"
    notice = (ROOT / "licenses" / "README.md").read_text(encoding="utf-8")
    assert "Copyright (C) 2026 the Card Shell authors" in notice
    assert "either version 3 of the License, or (at your option) any later version" in " ".join(notice.split())
    import re
    for name in re.findall(r"`([A-Za-z0-9.-]+\.txt)`", notice):
        assert (ROOT / "licenses" / name).is_file(), name
    assert 'license = "GPL-3.0-or-later"' in (ROOT / "pyproject.toml").read_text()


def test_the_changelog_keeps_an_unreleased_section_and_the_current_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
    assert f"## [{pyproject_version()}] - " in text
