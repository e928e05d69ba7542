"""Card Shell's rules engine: five patience games in pure Python.

The public interface (docs/design.md; the save format: docs/save-format.md)::

    import engine
    g = engine.new_game("gaps", seed=7)
    g.legal_moves(); g.play("c5-a3"); g.explain("b7-a3"); g.undo(); g.redo()
    g.won; g.over; g.history; g.to_dict(); engine.from_dict(doc)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any

from . import spec as _registry
from .base import FORMAT, Game
from .cards import MAX_SEED, Card, card
from .errors import BadPosition, IllegalMove, InvalidMove, MoveError, json_problem, shown
from .events import AcesRemoved, CardMoved, CardsDealt, CardTurned, Event, Over, Redealt, Won
from .notation import Move


class _Games(Mapping):
    """``GAMES``: each game's name to its class, read as a dict is, in the
    order of the registry (``spec.py``).  A game's module is imported when
    its class is first asked for: a program that plays one game (the table,
    the solver's process) does not build the move tables of the others."""

    def __getitem__(self, name: str) -> type[Game]:
        return _registry.spec(name).game

    def __iter__(self) -> Iterator[str]:
        return iter(_registry.names())

    def __len__(self) -> int:
        return len(_registry.MODULES)

    def __repr__(self) -> str:
        return repr(dict(self))


GAMES: Mapping[str, type[Game]] = _Games()


def __getattr__(name: str) -> Any:
    """``engine.Gaps``, ``engine.Prince``, ...: each imported when first used."""
    module = next((m for m in _registry.MODULES if _registry.class_name_of(m) == name), None)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = _registry.spec(_registry.name_of(module)).game
    return value


def new_game(name: str, seed: int | None = None, **options: Any) -> Game:
    """Deal a new game of ``name``; a random seed when none is given.
    Raises ``ValueError`` for an unknown game, option or seed."""
    cls = GAMES.get(name)
    if cls is None:
        raise ValueError(f"there is no game {shown(name)}; the games are {', '.join(GAMES)}")
    if seed is None:
        # os.urandom, not secrets: secrets loads hashlib (OpenSSL, megabytes
        # in every process, the solver worker's too) for one number
        seed = int.from_bytes(os.urandom(8), "big") & MAX_SEED
    return cls(seed, **options)


def from_dict(doc: Any) -> Game:
    """A game from a document (docs/save-format.md).
    Raises :class:`BadPosition` saying what is wrong with it."""
    if not isinstance(doc, dict):
        raise BadPosition(f"a Card Shell document is a JSON object, not {shown(doc)}")
    problem = json_problem(doc)
    if problem:
        raise BadPosition(f"the document is damaged: {problem}")
    fmt = doc.get("format")
    if type(fmt) is not int or fmt != FORMAT:
        raise BadPosition(f"unknown document format {shown(fmt)}; this version reads format {FORMAT}")
    name = doc.get("game")
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise BadPosition(f"unknown game {shown(name)}; the games are {', '.join(GAMES)}")
    return cls.from_document(doc)


__all__ = ["GAMES", "FORMAT", "Game", "Move", "Card", "card", "new_game", "from_dict",
           "MoveError", "InvalidMove", "IllegalMove", "BadPosition", "Event", "CardMoved", "CardTurned", "CardsDealt",
           "AcesRemoved", "Redealt", "Won", "Over", *(_registry.class_name_of(module) for module in _registry.MODULES)]
