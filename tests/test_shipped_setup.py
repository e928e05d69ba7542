"""How the app sets itself up, as a player runs it (not as a test would)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
