"""Card Shell: start here.

    python main.py [--game NAME] [--seed N] [--rule RULE] [--fullscreen]
                   [--cards FILE] [--no-sound] [--screenshot FILE] [--dump-layout FILE]

The terminal game is ``python -m engine play GAME``.  ``--solver-worker``
(first) makes this program the solver's process instead of the game: the
frozen app starts itself so (``game/assistant/analyst.py``); it imports the engine
only.
"""

import os
import sys

# the window's class, before anything imports pygame (``import pygame`` fixes
# it, from argv[0] when this is unset): the desktop entry's StartupWMClass.
# ``game/__init__.py`` says the same for every way in; this is the earliest.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "io.github.cardshell.CardShell")

if __name__ == "__main__":
    if sys.argv[1:2] == ["--solver-worker"]:
        from engine.solve.worker import main as worker
        sys.exit(worker())
    from game.launch import main
    sys.exit(main())
