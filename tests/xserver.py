"""A real X display for the tests that open a real window: an Xvfb of the
test's own on a free display number, stopped by its handle at the end, and
processes stopped the same way (terminate, then kill).  Under pytest-xdist
each worker draws its numbers from a range of its own, so two workers never
race for one display."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def stop(proc: subprocess.Popen) -> None:
    """Terminate, then kill: the process started here, by its own handle."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


#: how far apart the display numbers of two pytest-xdist workers lie
WORKER_SPAN = 1000


def worker_offset() -> int:
    """The display numbers this pytest-xdist worker adds to ``first``:
    worker gwN draws from its own thousand (none outside xdist)."""
    found = re.fullmatch(r"gw(\d+)", os.environ.get("PYTEST_XDIST_WORKER", ""))
    return WORKER_SPAN * (int(found.group(1)) + 1) if found else 0


@contextmanager
def xvfb(size: tuple[int, int], first: int) -> Iterator[str]:
    """A fresh Xvfb of ``size`` on a free display number from ``first`` on
    (past the worker's offset); the test is skipped without Xvfb and xdotool
    (Debian's xvfb, xdotool)."""
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian packages xvfb, xdotool)")
    rng = random.Random()
    first += worker_offset()
    for _ in range(20):
        n = first + rng.randrange(400)
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        server = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{n}")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and server.poll() is None and not socket.exists():
            time.sleep(0.05)
        if server.poll() is None and socket.exists():
            try:
                yield f":{n}"
            finally:
                stop(server)
            return
        stop(server)      # the number was taken after all: another one
    pytest.fail(f"could not start Xvfb on any display from :{first}")
