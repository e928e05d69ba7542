"""What the table's first frame waits for, and what it does not: it is
drawn once, from a program that has not yet imported the solver's client,
the log, the other games' rules or their menus' windows; what it draws
looks as it always did.  (How long it takes is a benchmark's figure,
``bench/shipped.py``, never a test's.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gui import make_app  # noqa: F401  (sets SDL's dummy drivers before pygame starts)

ROOT = Path(__file__).resolve().parent.parent


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
