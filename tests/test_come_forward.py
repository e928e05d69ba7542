"""A second copy started while one runs brings the open window forward
(issue 36): it tells the first through the data folder's lock (a request
beside it), the first takes the request within a second and raises its
window, and the second still says the game is already running, now adding
that its window came forward.  A request a crash left behind raises
nothing at the next start.  Two real processes sharing one data folder, on
SDL's dummy drivers (where raising a window does nothing to see: the first
copy says it was asked)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from game.storage import storage

ROOT = Path(__file__).resolve().parent.parent

#: the first copy, started as a player starts it (game/launch.py), saying when its loop
#: runs and when it was asked to come forward (and then quitting); ``argv[1]``: seconds
#: after which it quits of itself
FIRST = """
import sys, threading
import pygame
from game.shell import loop

begin, come_forward = loop.Loop.begin, loop.Loop.come_forward

def began(self):
    begin(self)
    print("running", flush=True)
    timer = threading.Timer(float(sys.argv[1]), lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    timer.daemon = True
    timer.start()

def came_forward(self):
    come_forward(self)
    print(f"brought forward {self.brought_forward}", flush=True)
    self.stop()

loop.Loop.begin, loop.Loop.come_forward = began, came_forward
from game.launch import main
code = main(["--game", "prince", "--seed", "1", "--no-sound", "--no-analysis", "--no-animation"])
print(f"ended {code}", flush=True)
sys.exit(code)
"""


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "CARD_SHELL_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def start_first(home: Path, lasts: float) -> subprocess.Popen:
    first = subprocess.Popen([sys.executable, "-c", FIRST, str(lasts)], cwd=ROOT, env=environment(home),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = first.stdout.readline()
    assert line.strip() == "running", (line, first.stderr.read() if first.poll() is not None else "")
    return first


def test_a_second_copy_brings_the_first_copy_s_window_forward_and_says_it_is_running(tmp_path):
    first = start_first(tmp_path, lasts=60)
    try:
        started = time.monotonic()
        second = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=environment(tmp_path),
                                capture_output=True, text=True, timeout=60)
        took = time.monotonic() - started
        out, err = first.communicate(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert second.returncode == 1
    assert "Card Shell is already running" in second.stderr, second.stderr
    assert "This copy changed nothing." in second.stderr
    assert "Its window has been brought forward." in second.stderr, second.stderr
    assert "brought forward 1" in out, (out, err)
    assert first.returncode == 0 and "ended 0" in out, err
    assert not (tmp_path / storage.RAISE).exists(), "the request was taken"
    assert took < 30


def test_a_request_left_by_a_crash_raises_nothing_at_the_next_start(tmp_path):
    (tmp_path / storage.RAISE).write_text("12345\n")        # a second copy's, whose first copy then ended
    first = start_first(tmp_path, lasts=2.5)                 # five of the watcher's looks
    try:
        out, err = first.communicate(timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert "brought forward" not in out, out
    assert first.returncode == 0 and "ended 0" in out, err
    assert not (tmp_path / storage.RAISE).exists(), "the stale request was removed when the lock was taken"


def test_a_copy_that_holds_no_lock_takes_no_request(tmp_path):
    lock = storage.FolderLock(tmp_path)
    (tmp_path / storage.RAISE).write_text("1\n")
    assert not lock.asked_forward(), "only the copy holding the folder answers"
    with lock:
        assert not (tmp_path / storage.RAISE).exists()
        assert not lock.asked_forward()
        (tmp_path / storage.RAISE).write_text("1\n")
        assert lock.asked_forward() and not lock.asked_forward(), "each request is taken once"
