"""Card Shell: start here.

    python main.py [--game NAME] [--seed N] [--rule RULE] [--fullscreen]
                   [--cards FILE] [--no-sound] [--screenshot FILE] [--dump-layout FILE]

The terminal game is ``python -m engine play GAME``.
"""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
