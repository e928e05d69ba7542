"""Card Shell, as installed: one top-level package, ``card_shell``.

The program is two packages, ``engine`` (the rules, the solvers) and
``game`` (the window), and in the repository they sit at the top, as the
project was designed.  Installed, they go inside this package
(``site-packages/card_shell/engine``, ``.../game``, beside this file), so
the installation takes no generic top-level name that another
distribution could hold.  Importing this package puts its own folder first
on ``sys.path``, so the two import by their own names, in this process and
in the solver's (which starts in the folder that holds ``engine``).

The launchers ``card-shell`` and ``card-shell-terminal`` call :func:`main`
and :func:`terminal`; ``python -m card_shell`` is the same as ``card-shell``.
In a clone, this folder holds neither package, and the ones at the top are used.
"""

from __future__ import annotations

import os as _os
import sys as _sys

_HERE = _os.path.dirname(_os.path.abspath(__file__))
if _os.path.isdir(_os.path.join(_HERE, "game")) and _HERE not in _sys.path:
    _sys.path.insert(0, _HERE)


def main() -> int:
    """``card-shell``: the game, in its window."""
    from game.launch import main as start
    return start()


def terminal() -> int:
    """``card-shell-terminal``: the engine's command line (``python -m engine``)."""
    from engine.__main__ import main as run
    return run()
