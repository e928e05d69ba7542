"""The documents stand alone (issue 36): README, the pages in docs/ and the
code's comments cite nothing outside the repository (no rulebook, design
notes or interface check kept beside it), every relative link and every
repository path a page names leads to a file that is there, docs/rules.md
has a section for each game of the registry, docs/contributing.md names
every test file the fast tier leaves out, and docs/playing.md's synopsis is
the command line's own."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
#: the pages a reader reads
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
#: the folders whose code's comments and docstrings are read too
CODE = ("engine", "game", "card_shell", "tools", "bench", "tests")

#: files that are not in the repository: the design notes, the rulebook and
#: the interface check the project began beside, and the folder they lie in
OUTSIDE = re.compile(r"DESIGN\.md|RULES\.md|contract\.py|\.\./shared|/work/shared")


def code_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for folder in CODE:
        files += sorted(p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)
    return [p for p in files if p != Path(__file__).resolve()]


def mentions_outside(path: Path) -> list[str]:
    """The lines of ``path`` that name a file outside the repository."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for n, line in enumerate(lines, 1) if OUTSIDE.search(line)]


def test_the_pages_cite_nothing_outside_the_repository():
    found = [hit for page in PAGES for hit in mentions_outside(page)]
    assert not found, "say it here, or link to the page here that does:\n" + "\n".join(found)


def test_the_code_cites_nothing_outside_the_repository():
    found = [hit for path in code_files() for hit in mentions_outside(path)]
    assert not found, "cite docs/rules.md, docs/design.md or docs/save-format.md instead:\n" + "\n".join(found)


def test_the_check_finds_a_mention_outside(tmp_path):
    for text in ("see RULES.md section 2", "(DESIGN.md, Move notation)", "python ../shared/contract.py",
                 "the manuals in ../shared/seeds/"):
        assert OUTSIDE.search(text), text
    for text in ("docs/rules.md, \"Gaps\"", "docs/design.md", "tests/test_notation.py", "a shared module"):
        assert not OUTSIDE.search(text), text


def links(page: Path) -> list[str]:
    """The targets of a Markdown page's links and pictures, ``[text](target)``."""
    return re.findall(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", page.read_text(encoding="utf-8"))


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_relative_link_leads_to_a_file_in_the_repository():
    problems = []
    for page in PAGES:
        for target in links(page):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):       # https:, mailto:: not a file here
                continue
            path, _, anchor = target.partition("#")
            where = (page.parent / path).resolve() if path else page
            name = f"{page.relative_to(ROOT)} links to {target}"
            if not where.is_relative_to(ROOT):
                problems.append(f"{name}: outside the repository")
            elif not where.exists():
                problems.append(f"{name}: no such file")
            elif anchor and where.suffix == ".md":
                headings = re.findall(r"^#+\s+(.*)$", where.read_text(encoding="utf-8"), re.M)
                if anchor not in {slug(h) for h in headings}:
                    problems.append(f"{name}: no such heading")
    assert not problems, "\n".join(problems)


def test_every_repository_path_a_page_names_is_there():
    """A path in code type that starts in one of the repository's folders
    (`engine/review.py`, `tests/test_gaps.py`) names a file that exists."""
    folders = "|".join(re.escape(f) for f in (*CODE, "docs", "assets", "data", "licenses", ".ci"))
    problems = []
    for page in PAGES:
        for code in re.findall(r"`([^`\s]+)`", page.read_text(encoding="utf-8")):
            path = code.split("::")[0].rstrip(".,;:/")
            if re.fullmatch(rf"(?:{folders})/[\w./-]+", path) and not (ROOT / path).exists():
                problems.append(f"{page.relative_to(ROOT)} names {code}, not in the repository")
    assert not problems, "\n".join(problems)


def test_the_rules_page_has_a_section_for_each_game_of_the_registry():
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    headings = re.findall(r"^##\s+(.+?)\s*$", text, re.M)
    titles = [cls.title for cls in engine.GAMES.values()]
    assert len(titles) >= 5
    missing = [title for title in titles if title not in headings]
    assert not missing, f"docs/rules.md has no section '## {missing[0]}': write its rules there"
    for title in titles:
        section = text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
        for words in ("**Won", "**Options"):
            assert words in section, f"docs/rules.md, {title}: no paragraph {words}...**"
    assert "\n## Scoring\n" in text


def test_the_fast_tier_page_names_every_file_it_leaves_out():
    """docs/contributing.md lists what `-m "not slow"` leaves out by file:
    every test file that marks a test slow is named there."""
    page = (DOCS / "contributing.md").read_text(encoding="utf-8")
    slow = sorted(p.name for p in (ROOT / "tests").glob("test_*.py")
                  if re.search(r"pytest\.mark\.slow\b", p.read_text(encoding="utf-8")))
    assert len(slow) > 10
    missing = [name for name in slow if f"`tests/{name}`" not in page]
    assert not missing, f"docs/contributing.md does not say the fast tier leaves out tests of {missing}"


def test_the_synopsis_in_playing_md_is_the_command_lines_own():
    """The command line's synopsis in docs/playing.md is what `--help`
    prints as its usage, option for option."""
    from game.app import parse_args

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        parse_args(["--help"])
    usage = out.getvalue().split("\n\n", 1)[0]
    assert usage.startswith("usage: card-shell ")
    page = (DOCS / "playing.md").read_text(encoding="utf-8")
    block = re.search(r"^    (card-shell \[-h\].*?)\n\n", page, re.M | re.S)
    assert block, "docs/playing.md shows no synopsis starting 'card-shell [-h]'"
    assert " ".join(block.group(1).split()) == " ".join(usage.removeprefix("usage: ").split())
