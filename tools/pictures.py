"""Draw README's pictures of the five games again, from the code as it is.

    python tools/pictures.py            # every picture, into docs/
    python tools/pictures.py gaps.png   # only these

Each picture is the first frame of ``main.py --screenshot``: the game dealt
from a fixed deal number at a fixed window size, in a data folder of its own
(``CARD_SHELL_HOME`` set to a fresh temporary folder), so neither a player's
saved game nor their preferences change what is drawn.  SDL's dummy video
driver is used where no display is set, as ``--screenshot`` allows.

The card sheet's labelled grid (``docs/sheet-grid.png``) is drawn by
``tools/make_grid_picture.py``, which this script runs too.

``PICTURES`` and ``TOOLS`` together are the list of README's pictures (a
test checks that README shows exactly these).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from engine import spec  # noqa: E402  (the games, from the registry)

DOCS = ROOT / "docs"
SIZE = "1024x640"

# file in docs/ -> main.py's arguments for it
PICTURES: dict[str, tuple[str, ...]] = {f"{name}.png": ("--game", name, "--seed", "7") for name in spec.names()}

# file in docs/ -> the tool in tools/ that draws it
TOOLS: dict[str, str] = {
    "sheet-grid.png": "make_grid_picture.py",
}


def command(name: str, out: Path) -> list[str]:
    """The command line that draws picture ``name`` into ``out``."""
    return [sys.executable, str(ROOT / "main.py"), *PICTURES[name], "--size", SIZE,
            "--no-sound", "--no-animation", "--screenshot", str(out)]


def draw(name: str, out: Path) -> None:
    if name in TOOLS:
        subprocess.run([sys.executable, str(ROOT / "tools" / TOOLS[name])], cwd=ROOT, check=True, timeout=120)
        return
    with tempfile.TemporaryDirectory(prefix="card-shell-pictures-") as home:
        env = dict(os.environ, CARD_SHELL_HOME=home, SDL_AUDIODRIVER="dummy")
        if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
            env.setdefault("SDL_VIDEODRIVER", "dummy")
        subprocess.run(command(name, out), cwd=ROOT, env=env, check=True, timeout=120)


def main(argv: list[str] | None = None) -> int:
    every = [*PICTURES, *TOOLS]
    names = (argv if argv is not None else sys.argv[1:]) or every
    unknown = [n for n in names if n not in every]
    if unknown:
        print(f"no such picture: {', '.join(unknown)} (the pictures: {', '.join(every)})", file=sys.stderr)
        return 2
    for name in names:
        draw(name, DOCS / name)
        print(f"docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
