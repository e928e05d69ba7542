"""Card Shell's way in (``card-shell``, ``main.py``, ``python -m game``):
the window opens first, with the table's felt in it (``shell/opening.py``),
and then the rest of the program is loaded and runs (``app.py``)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from .shell.opening import open_early
    opened = open_early(argv)
    from .app import main as run
    return run(argv, opened)
