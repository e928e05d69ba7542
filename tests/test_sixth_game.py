"""A new game is two files and one line (issue 35): a stand-in sixth game,
The Squire (kept as data in ``tests/sixth_game/``), is added to a copy of
the program by docs/design.md's checklist, word for word, and nothing
else; the game-generic tests (marked ``every_game``) then pass over the
copy, and at its real table the indicator and H work from the generic
search (the game names no solver of its own).

The checklist's steps are :data:`STEPS`, in its order: the first test holds
the checklist's numbered steps to them, so that the document and this file
cannot part."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the stand-in sixth game's files, as data: each lies where the checklist puts it, under this folder
SIXTH = ROOT / "tests" / "sixth_game"
MODULE = "squire"
NAME = MODULE.replace("_", "-")
CHECKLIST = "### A new game: the checklist"

#: what the copy takes of the repository: the program, its tests and what they read
#: (the docs' text, not their pictures or the study's results); the assets, the
#: desktop files and the licences (which the one-file executable carries) are linked
FOLDERS = ("engine", "game", "card_shell", "tests", "tools", "bench", "docs")
FILES = ("pyproject.toml", "main.py", "LICENSE", "CHANGELOG.md")
LINKED = ("assets", "data", "licenses")
LEFT_OUT = {folder: shutil.ignore_patterns("__pycache__", "*.py[cod]", ".hypothesis") for folder in FOLDERS}
LEFT_OUT["docs"] = shutil.ignore_patterns("*.png", "study")


# ----------------------------------------------------------------- the checklist, step by step

def add_the_engine_module(copy: Path) -> None:
    """1. ``engine/<module>.py``: its rules and, at its end, its ``SPEC``."""
    shutil.copyfile(SIXTH / "engine" / f"{MODULE}.py", copy / "engine" / f"{MODULE}.py")


def add_the_module_to_the_registry(copy: Path) -> None:
    """2. ``engine/spec.py``: its module's name added at the end of ``MODULES``."""
    path = copy / "engine" / "spec.py"
    text = path.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("MODULES")]
    assert len(lines) == 1 and lines[0].endswith(")"), f"MODULES is not one line of engine/spec.py: {lines}"
    path.write_text(text.replace(lines[0], f'{lines[0][:-1]}, "{MODULE}")'), encoding="utf-8")


def add_the_front(copy: Path) -> None:
    """3. ``game/games/<module>.py``: its front, ``FRONT`` at its end."""
    shutil.copyfile(SIXTH / "game" / "games" / f"{MODULE}.py", copy / "game" / "games" / f"{MODULE}.py")


#: the checklist's steps, in its order: (the place it names, the step)
STEPS: list[tuple[str, Callable[[Path], None]]] = [
    ("engine/<module>.py", add_the_engine_module),
    ("engine/spec.py", add_the_module_to_the_registry),
    ("game/games/<module>.py", add_the_front),
]


def checklist_steps() -> list[str]:
    """The places docs/design.md's checklist names, one per numbered step, in order."""
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    assert CHECKLIST in text, "docs/design.md has no checklist for a new game"
    section = text.split(CHECKLIST, 1)[1].split("\n#", 1)[0]
    return re.findall(r"^\d+\. \*\*`([^`]+)`\*\*", section, flags=re.MULTILINE)


def test_the_checklist_is_the_steps_this_file_takes():
    assert checklist_steps() == [place for place, _ in STEPS]
    assert "tests/test_sixth_game.py" in (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    # the sixth game's data is the two files the steps copy, and its check at the table
    kept = sorted(str(p.relative_to(SIXTH)) for p in SIXTH.rglob("*.py"))
    assert kept == ["at_the_table.py", f"engine/{MODULE}.py", f"game/games/{MODULE}.py"]


# ----------------------------------------------------------------- the copy

def files_of(top: Path) -> dict[str, bytes]:
    """Every file of the program's code under ``top``, by its path there."""
    return {str(p.relative_to(top)): p.read_bytes() for folder in ("engine", "game")
            for p in (top / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """A copy of the program with the sixth game added by the checklist's
    steps; checked to differ from the repository in those places alone."""
    copy = tmp_path_factory.mktemp("sixth") / "card-shell"
    copy.mkdir()
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, copy / folder, ignore=LEFT_OUT[folder])
    for file in FILES:
        shutil.copyfile(ROOT / file, copy / file)
    for link in LINKED:
        (copy / link).symlink_to(ROOT / link, target_is_directory=True)
    before = files_of(copy)
    for _, step in STEPS:
        step(copy)
    after = files_of(copy)
    added = sorted(set(after) - set(before))
    changed = sorted(path for path in before if after.get(path) != before[path])
    assert added == [f"engine/{MODULE}.py", f"game/games/{MODULE}.py"] and changed == ["engine/spec.py"]
    old, new = (b["engine/spec.py"].decode().splitlines() for b in (before, after))
    assert len(old) == len(new) and sum(a != b for a, b in zip(old, new)) == 1
    return copy


def run_tests(copy: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CARD_SHELL_HOME": str(copy.parent / "home")}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *args], cwd=copy,
                          env=env, capture_output=True, text=True, timeout=1800)


@pytest.mark.slow
def test_the_game_generic_tests_pass_with_the_sixth_game(copy):
    done = run_tests(copy, "-m", "every_game", "tests")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    passed = [line for line in done.stdout.splitlines() if line.startswith("PASSED ")]
    ours = [line for line in passed if f"[{NAME}" in line or f"-{NAME}" in line or f"{NAME}-" in line]
    assert len(passed) > 300 and len(ours) > 30, done.stdout[-3000:]


@pytest.mark.slow
def test_at_its_table_the_indicator_and_h_come_from_the_generic_search(copy):
    done = run_tests(copy, "tests/sixth_game/at_the_table.py")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert sum(line.startswith("PASSED ") for line in done.stdout.splitlines()) == 2, done.stdout[-3000:]
