"""Shared test helpers: hypothesis profiles and positions drawn as text.

Hypothesis profiles, chosen by the environment variable HYPOTHESIS_PROFILE:

- ``dev`` (the default), for daily work: 30 examples where a test names no
  number, and a test's own ``@settings(max_examples=N)`` as written;
- ``ci`` (``.ci/run``): 200 examples where a test names no number, and three
  times a test's own number; derandomized (the same examples on every run,
  so a failure in CI is one anyone can repeat), no example database, the
  failing example printed as a blob for ``@reproduce_failure``.

Neither has a deadline: a shared machine's pauses are not a test's failure.

The tests run on every core (pytest-xdist, pyproject.toml's addopts); under
it the slow tests are handed out first (``SlowFirst``).

A position is drawn as rows of card names, ``--`` for a gap and ``..`` for
"any card": the ``..`` cells are filled, in reading order, with the cards
the picture does not name, highest first (KS, KH, KD, KC, QS, ...).  Cards
that follow each other in that order never run on (a run climbs by rank in
one suit), so filler cells neither lock nor feed one another; a test names
every card whose place matters.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import engine
from engine import BadPosition
from engine.cards import NAMES

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True, database=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
#: how many times its own ``max_examples`` a test that names one runs, by profile
EXAMPLES_SCALE = {"dev": 1, "ci": 3}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)       # an unknown name is an error, not a quiet default


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis profile: {PROFILE} ({settings.default.max_examples} examples)"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under a profile with a scale, a test's own ``max_examples`` is scaled too."""
    scale = EXAMPLES_SCALE.get(PROFILE, 1)
    if scale == 1:
        return
    done: set[int] = set()
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if own is None or id(test) in done:
            continue
        done.add(id(test))
        if own.max_examples != settings.default.max_examples:     # the test named its own number
            test._hypothesis_internal_use_settings = settings(own, max_examples=own.max_examples * scale)


class SlowFirst:
    """Under pytest-xdist (pyproject.toml's addopts: every core, ``--dist
    loadgroup``, one test handed out at a time), the tests marked slow are
    handed out first: the longest start while the quick ones can still fill
    in around them, so no worker is left with a long test at the end.  A run
    in one process keeps the files' order."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        if hasattr(config, "workerinput"):          # an xdist worker: each collects, the controller hands out
            items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(SlowFirst(), "slow-first")


ANY = ".."
GAP = "--"

#: every card name, highest first: the order ``..`` cells are filled in
HIGH_FIRST = tuple(reversed(NAMES))


def parse_picture(picture: str, rows: int, width: int, copies: int, skip_aces: bool) -> list[list[str | None]]:
    """Rows of cells from a picture; ``..`` filled with the unnamed cards."""
    lines = [line.split() for line in picture.strip().splitlines() if line.strip()]
    assert len(lines) == rows, f"the picture has {len(lines)} rows, not {rows}"
    for k, line in enumerate(lines):
        assert len(line) == width, f"row {k + 1} of the picture has {len(line)} cells, not {width}"
    named: dict[str, int] = {}
    for line in lines:
        for cell in line:
            if cell not in (ANY, GAP):
                named[cell.upper()] = named.get(cell.upper(), 0) + 1
    spare = [n for n in HIGH_FIRST for _ in range(copies - named.get(n, 0))
             if not (skip_aces and n[0] == "A")]
    filled = []
    for line in lines:
        row: list[str | None] = []
        for cell in line:
            if cell == GAP:
                row.append(None)
            elif cell == ANY:
                assert spare, "the picture has more '..' cells than unnamed cards"
                row.append(spare.pop(0))
            else:
                row.append(cell)
        filled.append(row)
    return filled


def gaps_doc(picture: str, shuffles_left: int = 3) -> dict[str, Any]:
    """A Gaps puzzle document from a 4 x 13 picture (columns 1..13)."""
    rows = parse_picture(picture, 4, 13, 1, skip_aces=True)
    return {"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": shuffles_left}}


def gaps_from(picture: str, shuffles_left: int = 3) -> engine.Game:
    """A Gaps game starting at the pictured position."""
    return engine.from_dict(gaps_doc(picture, shuffles_left))


def cp_doc(picture: str, redeals_left: int = 2, **options: Any) -> dict[str, Any]:
    """A Chinese Puzzle puzzle document from an 8 x 14 picture (column 0 first)."""
    rows = parse_picture(picture, 8, 14, 2, skip_aces=False)
    return {"format": 1, "game": "chinese-puzzle", "options": options,
            "position": {"rows": rows, "redeals_left": redeals_left}}


def cp_from(picture: str, redeals_left: int = 2, **options: Any) -> engine.Game:
    """A Chinese Puzzle game starting at the pictured position."""
    return engine.from_dict(cp_doc(picture, redeals_left, **options))


def rows_of(game: engine.Game) -> list[list[str | None]]:
    return game.to_dict()["position"]["rows"]


def cell(game: engine.Game, place: str) -> str | None:
    """The card at ``place`` (``"b7"``), read from the game's own document."""
    first = 1 if game.name == "gaps" else 0
    return rows_of(game)["abcdefgh".index(place[0])][int(place[1:]) - first]


def table_cards(game: engine.Game) -> list[str]:
    return sorted(c for row in rows_of(game) for c in row if c is not None)


def moves(game: engine.Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def locked_cells(game: engine.Game) -> dict[str, str]:
    return {p: game.card_at(p) for p in game.PLACES if game.is_locked(p)}


def gap_places(game: engine.Game) -> list[str]:
    return [p for p in game.PLACES if game.card_at(p) is None]


def refused(doc: dict[str, Any]) -> str:
    """The reason ``doc`` is refused as a game (a BadPosition with words)."""
    with pytest.raises(BadPosition) as caught:
        engine.from_dict(doc)
    assert str(caught.value)
    return str(caught.value)


def prince(columns, reserve=(None,) * 7, foundations=("9C", "9D", "9H", "9S"), rule="alternate") -> engine.Game:
    """A Prince game: up to 9 columns of cards (strings, bottom to top), the
    reserve's 7 places and the foundations' tops (by default the nines, which
    leave 16 cards to place)."""
    cols = [c.split() if isinstance(c, str) else list(c) for c in columns]
    cols += [[] for _ in range(9 - len(cols))]
    return engine.from_dict({"format": 1, "game": "prince", "options": {"rule": rule},
                             "position": {"columns": cols, "reserve": list(reserve),
                                          "foundations": list(foundations)}})
