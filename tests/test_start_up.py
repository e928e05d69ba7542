"""What the table's first frame waits for, and what it does not: it is
drawn once, from a program that has not yet imported the solver's client,
the log, the other games' rules or their menus' windows; what it draws
looks as it always did.  (How long it takes is a benchmark's figure,
``bench/shipped.py``, never a test's.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gui import make_app  # noqa: F401  (sets SDL's dummy drivers before pygame starts)

ROOT = Path(__file__).resolve().parent.parent

#: modules the first frame of a Gaps table never needs
NOT_BEFORE_THE_FIRST_FRAME = ("subprocess", "logging", "ctypes", "datetime", "engine.prince", "engine.republic",
                              "engine.smith", "engine.chinese_puzzle", "engine.solve", "engine.review",
                              "game.ui.review", "game.ui.scores", "game.ui.start")

FIRST_FRAME = """
import json, os, sys
import pygame
seen = {}
real_flip = pygame.display.flip

def flip():
    if not seen:
        seen.update((name, name in sys.modules) for name in json.loads(sys.argv[1]))
    real_flip()

pygame.display.flip = flip
from game.app import App, parse_args
app = App(parse_args(["--game", "gaps", "--seed", "1", "--size", "1024x640", "--no-sound", "--no-analysis"]))
app.begin()
print(json.dumps(seen))
"""


def test_the_first_frame_imports_no_solver_client_log_or_other_game(tmp_path):
    env = {**os.environ, "CARD_SHELL_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, json.dumps(NOT_BEFORE_THE_FIRST_FRAME)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen, "the table was never flipped to the screen"
    assert [name for name, loaded in seen.items() if loaded] == []


def test_the_engine_imports_the_rules_of_the_game_played_only():
    code = ("import sys, engine; engine.new_game('gaps', seed=1);"
            "print(sorted(m for m in sys.modules if m in ('engine.gaps', 'engine.chinese_puzzle', 'engine.smith',"
            " 'engine.republic', 'engine.prince')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=True)
    assert out.stdout.strip() == "['engine.gaps']"


def test_the_games_read_as_a_dict_of_every_game_and_its_class():
    import engine
    from engine.chinese_puzzle import ChinesePuzzle
    from engine.gaps import Gaps
    from engine.prince import Prince
    from engine.republic import Republic
    from engine.smith import Smith

    expected = {"gaps": Gaps, "chinese-puzzle": ChinesePuzzle, "smith": Smith, "republic": Republic, "prince": Prince}
    assert dict(engine.GAMES) == expected and engine.GAMES == expected
    assert list(engine.GAMES) == list(expected) and len(engine.GAMES) == 5
    assert engine.GAMES["prince"] is engine.Prince is Prince and engine.GAMES.get("pyramid") is None
    assert "smith" in engine.GAMES and "Smith" not in engine.GAMES
    assert (engine.Gaps, engine.ChinesePuzzle, engine.Republic, engine.Smith) == (Gaps, ChinesePuzzle, Republic, Smith)
    try:
        engine.GAMES["pyramid"]
    except KeyError:
        pass
    else:
        raise AssertionError("an unknown game is a KeyError, as in a dict")
    try:
        engine.Pyramid  # noqa: B018
    except AttributeError:
        pass
    else:
        raise AssertionError("engine has no attribute Pyramid")
