"""``python -m game``: the same as ``card-shell`` and ``python main.py``.

The package's ``__init__`` has run before this module (it names the
window's class, ``game.APP_ID``, before pygame is imported)."""

import sys

from game import APP_ID  # noqa: F401  (the window's class is set by importing the package)
from game.launch import main

if __name__ == "__main__":
    sys.exit(main())
