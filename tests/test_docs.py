"""README and docs/ kept true to the project: README shows exactly the
pictures tools/pictures.py draws (the pictures are not drawn here), its
test command is the one .ci/run runs, every file a page links to exists,
and docs/study.md's table is the one the study's result files print."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def pictures_tool():
    spec = importlib.util.spec_from_file_location("pictures_tool", ROOT / "tools" / "pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def images(page: Path) -> list[str]:
    """The pictures a Markdown page shows, as paths relative to the page."""
    return re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", page.read_text(encoding="utf-8"))


def test_readme_shows_exactly_the_pictures_the_script_draws():
    tool = pictures_tool()
    drawn = {f"docs/{name}" for name in (*tool.PICTURES, *tool.TOOLS)}
    shown = images(README)
    assert len(shown) == len(set(shown)), "a picture shown twice"
    assert set(shown) == drawn
    for name in tool.TOOLS.values():
        assert (ROOT / "tools" / name).is_file()


def test_the_script_draws_each_picture_with_main_py_screenshot():
    tool = pictures_tool()
    for name, args in tool.PICTURES.items():
        line = tool.command(name, Path("/tmp") / name)
        assert line[:2] == [sys.executable, str(ROOT / "main.py")]
        assert "--screenshot" in line and "--game" in args and "--seed" in args
        assert (ROOT / "docs" / name).is_file(), f"docs/{name} was never drawn"


def test_readme_is_for_players_and_short():
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_readme_runs_the_tests_as_ci_does():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    command = next(line.strip() for line in ci.splitlines() if "-m pytest" in line and not line.startswith("#"))
    assert command in README.read_text(encoding="utf-8")


def test_every_file_a_page_links_to_is_there():
    pages = [README, *DOCS.glob("*.md")]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s#]+)(?:#[^)]*)?\)", text):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links to {target}, not there"


def test_the_study_table_is_what_the_result_files_print():
    import argparse

    from engine.study import add_parser
    from engine.study import main as study_main

    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    files = sorted(str(p) for p in (DOCS / "study").glob("*.jsonl"))
    out, err = io.StringIO(), io.StringIO()
    assert study_main(parser.parse_args(["study", "--table", *files]), out=out, err=err) == 0, err.getvalue()
    rows = [line for line in out.getvalue().splitlines() if line.startswith("|")]
    assert len(rows) > 2
    page = (DOCS / "study.md").read_text(encoding="utf-8").splitlines()
    start = page.index(rows[0])
    assert page[start:start + len(rows)] == rows
