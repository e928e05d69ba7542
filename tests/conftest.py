"""Shared test helpers: hypothesis profiles and positions drawn as text.

A position is drawn as rows of card names, ``--`` for a gap and ``..`` for
"any card": the ``..`` cells are filled, in reading order, with the cards
the picture does not name, highest first (KS, KH, KD, KC, QS, ...).  Cards
that follow each other in that order never run on (a run climbs by rank in
one suit), so filler cells neither lock nor feed one another; a test names
every card whose place matters.
"""

from __future__ import annotations

from typing import Any

from hypothesis import settings

import engine
from engine.cards import NAMES

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile("ci", max_examples=60, deadline=None)
settings.load_profile("default")

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
