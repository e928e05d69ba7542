"""The real game in a real X window: ``main.py`` under Xvfb, driven by the
X server's own pointer and keyboard (xdotool), watched through
``--dump-layout`` and a screenshot of the window.

Needs the Debian packages xvfb and xdotool (the test is skipped without
them) and imagemagick's ``import`` for the screenshot (without it, ``xwd``).
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pygame
import pytest
from xserver import stop, xvfb

import engine

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
SCREEN = (1280, 800)
WINDOW = (1024, 640)
WMCLASS = "cardshell"


def chrome_h(width: int) -> int:
    """The menu bar and the status line at the base scale (1280x800 and
    below on this 1280x800 display): the status line holds two lines in a
    window narrower than game.voice.status.TWO_LINES_BELOW."""
    from game.media.surfaces import Fonts
    from game.ui.menubar import HEIGHT
    from game.voice.status import STATUS_H, TWO_LINES_BELOW
    return HEIGHT + STATUS_H + (Fonts().ui(20).get_linesize() if width < TWO_LINES_BELOW else 0)


def run(*argv: str, display: str, timeout: float = 20, check: bool = True) -> str:
    done = subprocess.run(argv, env={**os.environ, "DISPLAY": display}, capture_output=True, text=True,
                          timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


@pytest.fixture(scope="module")
def display():
    """A fresh Xvfb on a free display number (tests/xserver.py)."""
    with xvfb(SCREEN, first=90) as name:
        yield name


class Game:
    """``main.py`` running in the X display, its window and its layout dump."""

    def __init__(self, display: str, folder: Path, *argv: str) -> None:
        self.display = display
        self.folder = folder
        self.dump = folder / "layout.json"
        self.log = folder / "game.log"
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEO_X11_WMCLASS": WMCLASS,
               "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_AUDIODRIVER": "dummy",
               "CARD_SHELL_HOME": str(folder), "HOME": str(folder)}
        env.pop("SDL_VIDEODRIVER", None)           # the real X11 driver, not the tests' dummy one
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen([sys.executable, "main.py", *argv, "--no-sound",
                                          "--dump-layout", str(self.dump)],
                                         cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.window = self.find_window()

    def xdo(self, *argv: str) -> str:
        return run("xdotool", *argv, display=self.display)

    def find_window(self) -> str:
        try:
            out = run("xdotool", "search", "--sync", "--class", WMCLASS, display=self.display, timeout=30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"no window of class {WMCLASS!r} appeared; the game said:\n{self.output()}") \
                from None
        return out.split()[-1]

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def layout(self) -> dict | None:
        """The layout dump, or None while it is missing or half written."""
        try:
            return json.loads(self.dump.read_text())
        except (OSError, ValueError):
            return None

    def wait_for(self, what: str, test, timeout: float = 15.0) -> dict:
        deadline = time.monotonic() + timeout
        data = None
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, f"the game exited ({self.proc.returncode}) waiting for {what}:\n" \
                                             f"{self.output()}"
            data = self.layout()
            if data is not None and test(data):
                return data
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; last layout: "
                             f"{None if data is None else {k: data[k] for k in ('size', 'history')}}\n{self.output()}")

    def geometry(self) -> tuple[int, int]:
        out = self.xdo("getwindowgeometry", "--shell", self.window)
        values = dict(line.split("=", 1) for line in out.split())
        return int(values["WIDTH"]), int(values["HEIGHT"])

    def screenshot(self, path: Path):
        """The window's pixels as a pygame surface (imagemagick's import,
        else xwd read here)."""
        if shutil.which("import"):
            run("import", "-window", self.window, f"png:{path}", display=self.display)
            return pygame.image.load(str(path))
        if shutil.which("xwd"):
            raw = subprocess.run(["xwd", "-silent", "-id", self.window], capture_output=True, timeout=20,
                                 env={**os.environ, "DISPLAY": self.display}, check=True).stdout
            return read_xwd(raw)
        pytest.skip("neither imagemagick's import nor xwd is installed: no screenshot")

    def close(self) -> None:
        stop(self.proc)


def read_xwd(raw: bytes):
    """A TrueColor ZPixmap XWD dump (24 or 32 bits a pixel) as a pygame surface."""
    header = struct.unpack(">25I", raw[:100])
    header_size, width, height = header[0], header[4], header[5]
    byte_order, bits_per_pixel, bytes_per_line = header[7], header[11], header[12]
    red_mask, green_mask, blue_mask, ncolors = header[14], header[15], header[16], header[19]
    assert bits_per_pixel in (24, 32), f"an XWD of {bits_per_pixel} bits a pixel"
    size = bits_per_pixel // 8
    start = header_size + 12 * ncolors
    rows = np.frombuffer(raw[start:start + bytes_per_line * height], dtype=np.uint8).reshape(height, bytes_per_line)
    data = rows[:, :width * size].reshape(height, width, size).astype(np.uint32)
    order = range(size) if byte_order else range(size - 1, -1, -1)      # 1: most significant byte first
    pixels = np.zeros((height, width), dtype=np.uint32)
    for k in order:
        pixels = (pixels << 8) | data[:, :, k]

    def channel(mask: int):
        shift = (mask & -mask).bit_length() - 1
        return ((pixels & mask) >> shift).astype(np.uint8)
    rgb = np.dstack([channel(red_mask), channel(green_mask), channel(blue_mask)])
    return pygame.surfarray.make_surface(rgb.transpose(1, 0, 2))


@pytest.fixture
def start_game(display, tmp_path):
    games: list[Game] = []

    def start(*argv: str) -> Game:
        game = Game(display, tmp_path, *argv)
        games.append(game)
        return game
    yield start
    for game in games:
        game.close()


def colours(surface, rect: list[int], inset: int = 4) -> tuple[float, float]:
    """How much of ``rect`` (x, y, w, h) is card-coloured (light: every
    channel above 170) and how much is felt (dark green)."""
    x, y, w, h = rect
    area = pygame.Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset)
    pixels = pygame.surfarray.array3d(surface.subsurface(area)).reshape(-1, 3).astype(int)
    r, g, b = pixels.T
    light = float((pixels.min(axis=1) > 170).mean())
    felt = float(((g > r + 25) & (g > b + 15) & (pixels.max(axis=1) < 160)).mean())
    return light, felt


def test_a_card_dragged_with_the_real_pointer_moves(start_game, tmp_path):
    game = start_game("--game", "gaps", "--seed", "3", "--size", f"{WINDOW[0]}x{WINDOW[1]}")
    data = game.wait_for("the layout dump", lambda d: d.get("game") == "gaps")
    time.sleep(2.5)                          # the opening deal and the aces' departure
    assert game.proc.poll() is None, game.output()
    assert game.geometry() == WINDOW

    move = next(m for m in engine.new_game("gaps", seed=3).legal_moves() if m.word is None)
    src = next(c for c in data["cards"] if c["place"] == move.src)
    card, (sx, sy, sw, sh) = src["card"], src["rect"]
    dx, dy, dw, dh = data["places"][move.dst]
    start, end = (sx + sw // 2, sy + sh // 2), (dx + dw // 2, dy + dh // 2)

    game.xdo("mousemove", "--window", game.window, str(start[0]), str(start[1]))
    time.sleep(0.15)
    game.xdo("mousedown", "1")
    time.sleep(0.1)
    for k in range(1, 7):
        x = start[0] + (end[0] - start[0]) * k // 6
        y = start[1] + (end[1] - start[1]) * k // 6
        game.xdo("mousemove", "--window", game.window, str(x), str(y))
        time.sleep(0.05)
    time.sleep(0.1)
    game.xdo("mouseup", "1")

    data = game.wait_for(f"{move} in the history", lambda d: d["history"] == [str(move)])
    moved = [c for c in data["cards"] if c["card"] == card]
    assert [c["place"] for c in moved] == [move.dst], moved
    assert not [c for c in data["cards"] if c["place"] == move.src]
    time.sleep(0.8)                          # the card lands

    shot = game.screenshot(tmp_path / "window.png")
    assert shot.get_size() == WINDOW
    (light, felt), (src_light, src_felt) = colours(shot, moved[0]["rect"]), colours(shot, src["rect"])
    assert light > 0.4 and felt < 0.05, \
        f"the {card} is not drawn at {move.dst}: {light:.0%} card-coloured, {felt:.0%} felt"
    assert src_light < 0.05 and src_felt > 0.8, \
        f"{move.src} does not look like a gap: {src_light:.0%} card-coloured, {src_felt:.0%} felt"
    assert game.proc.poll() is None, game.output()


@pytest.fixture(scope="module")
def f11(display, tmp_path_factory):
    """F11 pressed twice in a running game; what was seen after each press."""
    game = Game(display, tmp_path_factory.mktemp("f11"), "--game", "gaps", "--seed", "3",
                "--size", f"{WINDOW[0]}x{WINDOW[1]}")
    try:
        seen = {"windowed layout": [WINDOW[0], WINDOW[1] - chrome_h(WINDOW[0])]}
        game.wait_for("the layout dump", lambda d: d.get("size") == seen["windowed layout"])
        time.sleep(1.0)
        game.xdo("windowfocus", "--sync", game.window)

        game.xdo("key", "F11")
        full = [SCREEN[0], SCREEN[1] - chrome_h(SCREEN[0])]
        seen["fullscreen layout"] = game.wait_for("the fullscreen layout", lambda d: d["size"] == full)["size"]
        time.sleep(0.5)
        seen["alive in fullscreen"] = game.proc.poll() is None
        seen["fullscreen window"] = game.geometry()

        before = game.dump.stat().st_mtime_ns
        game.xdo("key", "F11")
        game.wait_for("the layout written again", lambda _d: game.dump.stat().st_mtime_ns != before)
        time.sleep(1.0)
        seen["alive after"] = game.proc.poll() is None
        seen["window after"] = game.geometry()
        seen["layout after"] = game.layout()["size"]
        seen["output"] = game.output()
        yield seen
    finally:
        game.close()


def test_f11_toggles_fullscreen_and_back(f11):
    assert f11["fullscreen layout"] == [SCREEN[0], SCREEN[1] - chrome_h(SCREEN[0])]
    assert f11["alive in fullscreen"], f11["output"]
    assert f11["fullscreen window"] == SCREEN
    assert f11["alive after"], f11["output"]
    # whatever size the window came back at, the table was laid out for it
    w, h = f11["window after"]
    assert f11["layout after"] == [w, h - chrome_h(w)], f11
    assert "Traceback" not in f11["output"], f11["output"]


def test_f11_back_restores_the_window_size(f11):
    """Leaving fullscreen, pygame-ce under X11 with SDL_FRAMEBUFFER_ACCELERATION=0
    and no window manager (as here) may keep the screen's size at the first
    set_mode ("Requested window was forcibly resized by the OS"): the window
    stayed 1280x800 until App.toggle_fullscreen asked again (fixed in f7e7fdf)."""
    assert f11["window after"] == WINDOW, f11["output"]
    assert f11["layout after"] == [WINDOW[0], WINDOW[1] - chrome_h(WINDOW[0])]
