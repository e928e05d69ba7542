"""A crash is not silent: an error nothing caught is logged, told (in the
desktop's message box, or on standard error where there is no desktop)
with its one line and the log's full path, and the program exits non-zero."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from gui import make_app  # noqa: F401  (sets SDL's dummy drivers before pygame starts)

from game import app as app_module
from game.storage import logs

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--game", "gaps", "--seed", "1", "--no-sound", "--no-analysis", "--size", "640x480"]


class Boom(RuntimeError):
    pass


def crash(self) -> int:
    raise Boom("the table fell over\nand this second line is the log's alone")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("CARD_SHELL_HOME", str(tmp_path))
    monkeypatch.setattr(app_module.App, "run", crash)
    yield tmp_path
    pygame.quit()


def log_text(home: Path) -> str:
    return "".join(p.read_text(errors="replace") for p in home.rglob("card-shell.log*"))


def test_headless_the_error_and_the_log_go_to_standard_error(home, capsys):
    assert app_module.main(ARGS) == 1
    err = capsys.readouterr().err
    assert "Card Shell stopped" in err
    assert "Boom: the table fell over" in err
    assert "second line" not in err                   # one line of the error; the log has the rest
    path = Path(logs.log_path() if getattr(logs, "_path", None) is None else logs._path).absolute()
    assert str(path) in err
    assert path.is_file() and path.is_relative_to(home)
    text = log_text(home)
    assert "Card Shell stopped on an error" in text and "Traceback" in text and "second line" in text


def test_with_a_desktop_a_message_box_names_the_error_and_the_log(home, monkeypatch, capsys):
    shown = []
    monkeypatch.setattr(app_module, "headless", lambda: False)
    monkeypatch.setattr(pygame.display, "message_box",
                        lambda title, message=None, message_type="info", *a, **k: shown.append(
                            (title, message, message_type, pygame.display.get_init())))
    assert app_module.main(ARGS) == 1
    assert len(shown) == 1
    title, message, kind, window_open = shown[0]
    assert title == "Card Shell stopped"
    assert kind == "error"
    assert "Boom: the table fell over" in message and "second line" not in message
    path = logs._path if getattr(logs, "_path", None) is not None else logs.log_path()
    assert str(Path(path).absolute()) in message
    assert window_open                                 # told before the window goes
    assert "Card Shell stopped" in capsys.readouterr().err


def test_a_message_box_that_fails_is_no_second_crash(home, monkeypatch, capsys):
    def refuse(*args, **kwargs):
        raise pygame.error("no message boxes here")
    monkeypatch.setattr(app_module, "headless", lambda: False)
    monkeypatch.setattr(pygame.display, "message_box", refuse)
    assert app_module.main(ARGS) == 1
    assert "Boom: the table fell over" in capsys.readouterr().err


@pytest.mark.parametrize("env, expected", [
    ({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, True),
    ({"SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":0"}, True),
    ({"DISPLAY": ":0"}, False),
    ({"WAYLAND_DISPLAY": "wayland-0"}, False),
])
def test_headless_is_the_dummy_drivers_or_no_display(env, expected, monkeypatch):
    for key in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert app_module.headless() is expected


def test_linux_without_a_display_is_headless(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    for key in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(key, raising=False)
    assert app_module.headless()


def test_an_error_without_words_still_has_a_line():
    text = app_module.crash_text(KeyError())
    assert text.splitlines()[1] == "KeyError"


CRASHING = """
import sys
from game import app
def crash(self):
    raise ZeroDivisionError("division by zero, somewhere deep")
app.App.run = crash
sys.exit(app.main(sys.argv[1:]))
"""


def test_the_process_exits_non_zero_with_its_word_and_no_traceback(tmp_path):
    env = {**os.environ, "CARD_SHELL_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", CRASHING, *ARGS], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert "Card Shell stopped on an error" in done.stderr
    assert "ZeroDivisionError: division by zero, somewhere deep" in done.stderr
    assert "Traceback" not in done.stderr               # the log has it
    log = next(line for line in done.stderr.splitlines() if line.endswith("card-shell.log"))
    assert Path(log).is_absolute() and "ZeroDivisionError" in Path(log).read_text()


def test_without_a_log_file_the_message_says_where_the_details_went(monkeypatch):
    """The crash's own words never search for the log (that search may be
    what failed): with no log file written, they point at standard error."""
    monkeypatch.setattr(logs, "_path", None)
    monkeypatch.setattr(logs, "log_path", lambda: (_ for _ in ()).throw(PermissionError("no folder")))
    text = app_module.crash_text(RuntimeError("the folders could not be made"))
    assert "RuntimeError: the folders could not be made" in text
    assert "standard error" in text and "log has the details" not in text


def test_a_desktop_entry_that_cannot_be_written_is_one_line_not_a_traceback(monkeypatch, capsys):
    from game.shell import desktop

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device", "/home/x/.local/share/applications")
    monkeypatch.setattr(desktop, "install", full)
    assert app_module.main(["--install-desktop-entry"]) == 1
    err = capsys.readouterr().err
    assert "could not write the desktop entry: No space left on device" in err and "Traceback" not in err
