"""Card Shell: start here.

    python main.py [--game NAME] [--seed N] [--rule RULE] [--fullscreen]
                   [--cards FILE] [--no-sound] [--screenshot FILE] [--dump-layout FILE]

The terminal game is ``python -m engine play GAME``.  ``--solver-worker``
(first) makes this program the solver's process instead of the game: the
frozen app starts itself so (``game/analyst.py``); it imports the engine
only.
"""

import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["--solver-worker"]:
        from engine.solve.worker import main as worker
        sys.exit(worker())
    from game.app import main
    sys.exit(main())
