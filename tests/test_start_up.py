"""What the table's first frame waits for, and what it does not: it is
drawn once, from a program that has not yet imported the solver's client,
the log, the other games' rules or their menus' windows; what it draws
looks as it always did.  (How long it takes is a benchmark's figure,
``bench/shipped.py``, never a test's.)"""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from gui import make_app  # noqa: F401  (sets SDL's dummy drivers before pygame starts)

from engine.spec import MODULES, class_name_of, name_of
from game.media import surfaces
from game.shell import idle

ROOT = Path(__file__).resolve().parent.parent

#: modules the first frame of a Gaps table never needs
NOT_BEFORE_THE_FIRST_FRAME = ("subprocess", "logging", "ctypes", "datetime",
                              *(f"engine.{module}" for module in MODULES if module != "gaps"), "engine.solve",
                              "engine.review", "game.ui.review", "game.ui.scores", "game.ui.start")

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


@pytest.mark.every_game
def test_the_first_frame_imports_no_solver_client_log_or_other_game(tmp_path):
    env = {**os.environ, "CARD_SHELL_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, json.dumps(NOT_BEFORE_THE_FIRST_FRAME)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen, "the table was never flipped to the screen"
    assert [name for name, loaded in seen.items() if loaded] == []


@pytest.mark.every_game
def test_the_engine_imports_the_rules_of_the_game_played_only():
    code = ("import sys, engine; engine.new_game('gaps', seed=1);"
            f"print(sorted(m for m in sys.modules if m in {tuple(f'engine.{module}' for module in MODULES)!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=True)
    assert out.stdout.strip() == "['engine.gaps']"


@pytest.mark.every_game
def test_the_games_read_as_a_dict_of_every_game_and_its_class():
    import engine
    from engine.chinese_puzzle import ChinesePuzzle
    from engine.gaps import Gaps
    from engine.prince import Prince
    from engine.republic import Republic
    from engine.smith import Smith

    expected = {name_of(module): getattr(importlib.import_module(f"engine.{module}"), class_name_of(module))
                for module in MODULES}
    assert dict(engine.GAMES) == expected and engine.GAMES == expected
    assert list(engine.GAMES) == list(expected) and len(engine.GAMES) == len(MODULES)
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


def test_a_new_table_is_drawn_once_before_its_first_frame(tmp_path):
    from game.app import App, parse_args

    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = App(parse_args(["--size", "1024x640", "--no-sound", "--no-analysis", "--game", "gaps", "--seed", "1"]))
    renders, flips = [], []
    real_render, real_flip = app.canvas.render, pygame.display.flip
    app.canvas.render = lambda *a, **k: (renders.append(len(flips)), real_render(*a, **k))[1]
    pygame.display.flip = lambda: (flips.append(1), real_flip())[1]
    try:
        app.begin()
    finally:
        pygame.display.flip = real_flip
    assert flips, "the table was flipped to the screen"
    assert renders.count(0) == 1, f"{renders.count(0)} full drawings of the table before its first frame"


def _grain_as_it_was(side: int = 128) -> pygame.Surface:
    """The felt's grain as first written: each grey byte tripled into RGB."""
    rng = random.Random(7)
    table = bytes(min(255, 228 + (b * 27) // 255 + (b >> 7)) for b in range(256))
    raw = rng.randbytes(side * side).translate(table)
    rgb = bytes(b for b in raw for _ in range(3))
    return pygame.image.frombuffer(rgb, (side, side), "RGB").copy()


def test_the_felt_looks_as_it_did(tmp_path):
    """The colour, the grain multiplied over it at every tile, the vignette
    over all: the same pixels as the felt was first made (grain blended over
    the whole table tile by tile)."""
    for size, colour in (((1024, 640), surfaces.TABLES["green"]), ((1181, 757), surfaces.TABLES["red"]),
                         ((130, 1), surfaces.TABLES["grey"])):
        expected = pygame.Surface(size)
        expected.fill(tuple(min(255, int(c * 1.12)) for c in colour))
        grain = _grain_as_it_was()
        for x in range(0, size[0], 128):
            for y in range(0, size[1], 128):
                expected.blit(grain, (x, y), special_flags=pygame.BLEND_RGB_MULT)
        expected.blit(surfaces._vignette(size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        made = surfaces.felt(size, colour)
        assert made.get_size() == size
        assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(expected, "RGB"), (size, colour)


@pytest.mark.slow
def test_an_idle_wait_with_nothing_timed_lasts_until_an_event(tmp_path):
    """No clock on the table: the loop sleeps until something happens (an
    answer posted from another thread included), not a second at a time."""
    make_app(tmp_path, "--game", "prince", "--seed", "1")
    pygame.event.get()
    kind = pygame.event.custom_type()
    later = threading.Thread(target=lambda: (time.sleep(1.4), pygame.event.post(pygame.event.Event(kind))))
    later.start()
    idle.wait(None)
    waiting = [e.type for e in pygame.event.get()]
    later.join()
    assert kind in waiting, "the wait ended before the event came"


def test_the_player_s_terminal_gets_no_line_from_pygame():
    """pygame prints a greeting on import unless told not to: the game's
    own words are the only ones a player starting it from a terminal sees."""
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env={k: v for k, v in os.environ.items()
                                                     if k != "PYGAME_HIDE_SUPPORT_PROMPT"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: card-shell"), done.stdout[:200]
    assert "pygame" not in done.stdout


# ------------------------------------------------ the window before the rest

WINDOW_FIRST = """
import json, sys
import game
import pygame
real_flip = pygame.display.flip

def flip():
    real_flip()
    loaded = sorted(m for m in sys.modules if m == "engine" or m.startswith(("engine.", "game.app", "game.games",
                    "game.assistant", "game.table", "game.ui", "numpy")))
    print(json.dumps({"loaded": loaded, "size": pygame.display.get_surface().get_size(),
                      "centre": list(pygame.display.get_surface().get_at((450, 300)))[:3]}))
    raise SystemExit(0)

pygame.display.flip = flip
from game.launch import main
main(sys.argv[1:])
"""


def first_flip(tmp_path, *argv: str) -> dict:
    env = {**os.environ, "CARD_SHELL_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", WINDOW_FIRST, *argv], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.every_game
def test_the_window_opens_with_the_felt_before_any_game_s_rules_are_loaded(tmp_path):
    """Started from the desktop or with the everyday options, the player's
    window is up, with the table's felt in it, before the rules, the fronts,
    the assistant, the table or numpy are loaded."""
    for argv in ((), ("--game", "gaps", "--seed", "1", "--size", "900x600", "--no-sound")):
        seen = first_flip(tmp_path, *argv)
        assert seen["loaded"] == [], f"loaded before the window's first frame: {seen['loaded']}"
        if argv:
            assert seen["size"] == [900, 600]
        r, g, b = seen["centre"]
        assert g > r and g > b, f"the first frame is not the green felt: {seen['centre']}"


def test_the_first_frame_s_felt_is_the_player_s_table_colour(tmp_path):
    from game.storage.records import Records
    Records(tmp_path).save_prefs({"table": "red"})
    r, g, b = first_flip(tmp_path, "--size", "900x600")["centre"]
    assert r > g and r > b


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["--screenshot", "x.png"], ["--rule", "any-suit"],
                                  ["--size", "12"], ["--seed", "x"], ["--game"], ["--install-desktop-entry"],
                                  ["--bogus"]])
def test_a_command_line_that_may_open_no_window_is_read_first(argv):
    from game.shell.opening import window_options
    assert window_options(argv) is None


def test_the_everyday_options_open_the_window_at_once():
    from game.shell.opening import window_options
    assert window_options([]) == {"size": None, "fullscreen": False}
    assert window_options(["--game", "prince", "--seed=12", "--size", "1000x700", "--fullscreen", "--no-sound",
                           "--no-animation", "--no-analysis", "--deal", "P-1", "--cards", "a.png"]) == \
        {"size": (1000, 700), "fullscreen": True}


def test_a_wrong_game_name_after_the_window_opened_closes_it_and_frees_the_folder(tmp_path):
    """``--game nope`` looks like an everyday option, so the window opens
    first; argparse then refuses the name: the window closes, the error is
    argparse's, and the data folder is not left locked."""
    env = {**os.environ, "CARD_SHELL_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "main.py", "--game", "nope"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "invalid choice: 'nope'" in out.stderr
    from game.storage import storage
    lock = storage.FolderLock(tmp_path)
    lock.acquire()          # (raises AlreadyRunning if the lock was kept)
    lock.release()
