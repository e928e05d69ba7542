"""The test suite's own arrangements: the fast tier (``pytest -m "not slow"``)
leaves out the slow suites but keeps every game's rules and the table; the
hypothesis profile named by HYPOTHESIS_PROFILE is the one in force; the
source distribution holds the tests with their helpers and data.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import conftest
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent

#: test files left out of the fast tier as a whole
SLOW_FILES = {"test_solver_soundness.py", "test_solver_soundness_smith.py", "test_long_session.py"}
#: test files of which every test stays in the fast tier: each game's rules, the table, the help
FAST_FILES = {"test_gaps.py", "test_chinese_puzzle.py", "test_republic.py", "test_smith.py", "test_prince.py",
              "test_table.py", "test_grid_table.py", "test_documents.py", "test_help.py", "test_tiers.py"}

COLLECT = """
import json, sys
import pytest

class Grab:
    items = []
    def pytest_collection_modifyitems(self, items):
        self.items = [(i.nodeid, i.get_closest_marker("slow") is not None) for i in items]

grab = Grab()
code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider"], plugins=[grab])
with open(sys.argv[1], "w") as out:
    json.dump(grab.items, out)
sys.exit(code)
"""


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> dict[str, bool]:
    """Every test of the suite, and whether it is marked slow."""
    out = tmp_path_factory.mktemp("collect") / "items.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", COLLECT, str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return dict(json.loads(out.read_text()))


def file_of(nodeid: str) -> str:
    return nodeid.split("::")[0].split("/")[-1]


#: the two tests that read the collection share one worker (and one collection) under pytest-xdist
@pytest.mark.xdist_group("collected")
def test_the_fast_tier_leaves_out_the_slow_suites(collected):
    slow = {n for n, marked in collected.items() if marked}
    for name in SLOW_FILES:
        tests = {n for n in collected if file_of(n) == name}
        assert tests and tests <= slow, name
    # building the app and installing it into a fresh venv
    assert "tests/test_packaging.py::test_the_one_file_executable_runs" in slow
    assert "tests/test_packaging.py::test_pip_install_gives_a_launcher_that_finds_its_assets" in slow
    assert "tests/test_tiers.py::test_the_sdist_holds_the_tests_and_their_data" in slow


@pytest.mark.xdist_group("collected")
def test_the_fast_tier_keeps_every_games_rules_and_the_table(collected):
    fast = {n for n, marked in collected.items() if not marked}
    for name in FAST_FILES:
        tests = {n for n in collected if file_of(n) == name}
        assert tests, name
        assert tests <= fast | {"tests/test_tiers.py::test_the_sdist_holds_the_tests_and_their_data"}, name
    assert len(fast) > len(collected) // 2


# ------------------------------------------------------------------ hypothesis

def test_the_profile_in_force_is_the_one_named():
    name = os.environ.get("HYPOTHESIS_PROFILE", "dev")
    assert conftest.PROFILE == name
    assert settings.default.max_examples == settings.get_profile(name).max_examples
    assert settings.default.deadline is None
    assert settings.get_profile("ci").derandomize
    assert settings.get_profile("ci").max_examples > settings.get_profile("dev").max_examples


class Item:
    def __init__(self, obj):
        self.obj = obj


def test_the_ci_profile_scales_a_tests_own_number(monkeypatch):
    @settings(max_examples=7)
    @given(st.integers())
    def own_number(n):
        pass

    @given(st.integers())
    def no_number(n):
        pass

    monkeypatch.setattr(conftest, "PROFILE", "ci")
    unnamed = no_number._hypothesis_internal_use_settings
    conftest.pytest_collection_modifyitems(None, [Item(own_number), Item(own_number), Item(no_number)])
    assert own_number._hypothesis_internal_use_settings.max_examples == 7 * conftest.EXAMPLES_SCALE["ci"]
    assert no_number._hypothesis_internal_use_settings is unnamed


# ------------------------------------------------------------------ the sdist

#: what a copy of the repository to build from leaves out: the developer's venv and litter
IGNORED = shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", "*.py[cod]",
                                 ".pytest_cache", ".hypothesis", ".ruff_cache")


@pytest.mark.slow
def test_the_sdist_holds_the_tests_and_their_data(tmp_path):
    """MANIFEST.in: the sdist holds every file of the repository (but git's
    own), and a plain pytest in the unpacked sdist collects the whole suite.
    Built with a setuptools from the package index (a licence expression
    needs setuptools 77), as pip or ``python -m build`` would."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=IGNORED)
    backend = tmp_path / "backend"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(backend), "setuptools>=77"],
                   check=True, timeout=300)
    env = dict(os.environ, PYTHONPATH=str(backend))
    done = subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta as b;"
                           " print(b.build_sdist(sys.argv[1]))", str(tmp_path)],
                          cwd=source, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    archive = tmp_path / done.stdout.split()[-1]
    with tarfile.open(archive) as tar:
        top = tar.getnames()[0].split("/")[0]
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(tmp_path / "unpacked", **safe)
    wanted = {str(p.relative_to(source)) for p in source.rglob("*")
              if p.is_file() and p.relative_to(source).parts[0] not in (".gitignore", ".gitattributes")}
    assert wanted - names == set()
    for path in ("tests/conftest.py", "tests/gui.py", "tests/rulebook.py", "tests/data/manual-runs.txt",
                 "docs/design.md", "MANIFEST.in", ".ci/run"):
        assert path in names, path
    unpacked = tmp_path / "unpacked" / top
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                            cwd=unpacked, env=env, capture_output=True, text=True, timeout=300)
    assert listed.returncode == 0, listed.stdout[-3000:] + listed.stderr[-3000:]
    assert "error" not in listed.stdout.lower()
