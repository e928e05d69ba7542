"""``python -m card_shell``: the same as ``card-shell``."""

import sys

from card_shell import main

if __name__ == "__main__":
    sys.exit(main())
