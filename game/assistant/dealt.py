"""The deals of the solver's pool already dealt to this player, so that
Winnable Deals Only deals none of them twice before the pool is used up.

When its search finds no fresh winnable deal in time, the solver's worker
deals one it has won before (``engine/solve/won_deals.py``,
``worker.won_before``), one not yet dealt to this player under that game
and rule: the table sends the list with its request and records the deal
when it comes.  The lists live in the player's data folder::

    dealt.json     {"format": 1, "kind": "dealt",
                    "data": {"smith rule=any-suit": [17, 4, ...], ...}}

keyed as the pool is (``won_deals.key``), each list in the order dealt.
Once the whole pool has been dealt the worker starts it again, and the
first deal it deals a second time starts the list afresh (:func:`record`).

The file is written atomically (``storage.write_atomic``).  One that is
missing means none dealt yet; one that cannot be used (damaged, foreign) is
moved aside as ``dealt.json.bad`` and means none dealt yet too: never a
crash, and the next deal recorded writes a good file in its place.  No
pygame here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..storage import logs, storage

NAME = "dealt.json"
KIND = "dealt"


def path(folder: Path) -> Path:
    return Path(folder) / NAME


def pool_key(game: str, options: dict[str, Any]) -> str:
    """The key of ``game`` under ``options`` in the file: the pool's own
    (``won_deals.key``, imported only when needed: the table does not load
    the solver's modules otherwise)."""
    from engine.solve.won_deals import key
    return key(game, options)


def _load(folder: Path) -> dict[str, list[int]]:
    """Every list in the file; {} when it is missing or unusable (an
    unusable file is moved aside and the reason logged)."""
    where = path(folder)
    try:
        doc = storage.read_json(where)
        storage.check_wrapper(doc, KIND)
        data = doc.get("data")
        if not isinstance(data, dict):
            raise storage.Damaged(f"its data is a JSON {type(data).__name__}, not an object")
    except FileNotFoundError:
        return {}
    except storage.Damaged as e:
        logs.get("solver").warning(storage.set_aside(where, e.reason))
        return {}
    lists = {}
    for key, deals in data.items():
        if isinstance(deals, list):
            # a number that is not a whole number is dropped, the rest kept
            lists[key] = [d for d in deals if type(d) is int]
    return lists


def dealt(folder: Path, game: str, options: dict[str, Any]) -> list[int]:
    """The pool's deals of ``game`` under ``options`` dealt to the player,
    in the order dealt; [] when none (or the file is missing or unusable)."""
    return _load(folder).get(pool_key(game, options), [])


def record(folder: Path, game: str, options: dict[str, Any], deal: int) -> str | None:
    """Note that the pool's ``deal`` was dealt.  A deal already on the list
    was dealt again because the whole pool had been: the list starts afresh
    with it.  Returns the problem in words when the file cannot be written
    (the deal is then not remembered; play goes on), else None."""
    lists = _load(folder)
    key = pool_key(game, options)
    deals = lists.get(key, [])
    lists[key] = [deal] if deal in deals else deals + [deal]
    problem = storage.save_json(path(folder), storage.wrap(KIND, lists))
    if problem is not None:
        logs.get("solver").warning(problem)
    return problem
