"""``python -m game``: the same as ``card-shell`` and ``python main.py``."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
