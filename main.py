"""Card Shell: start here.  Until the table exists this starts the terminal game:

    python main.py [gaps|chinese-puzzle] [--seed N] ...   (see python -m engine play --help)
"""

import sys

from engine.__main__ import main

if __name__ == "__main__":
    sys.exit(main(["play", *sys.argv[1:]]))
