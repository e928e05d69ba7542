"""The registry of the games' front ends: one module per game, named as the
game's engine module (``engine/spec.py``'s ``MODULES``), each with its
``FRONT``, listed on the start screen and in the File menu in the order of
their ``listed``.

``front(name)`` and ``front_of(game)`` are the one place a game's name
leads to its answers; everywhere else in ``game/`` asks the front it gets.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

import engine
from engine.spec import MODULES

from .base import Front

FRONTS: tuple[Front, ...] = tuple(sorted((importlib.import_module(f"{__name__}.{module}").FRONT
                                          for module in MODULES), key=lambda f: f.listed))
_BY_NAME = {f.name: f for f in FRONTS}


class _Help(Mapping):
    """Every game's rules, for the Help window, by the engine's name: each
    read from its front when asked (a game's scoring table is its engine's,
    whose rules are then imported)."""

    def __getitem__(self, name: str) -> str:
        return _BY_NAME[name].help

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)


HELP: Mapping[str, str] = _Help()


def front(name: str) -> Front:
    """The front end of the game the engine calls ``name``."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"no game called {name!r}: the games are {', '.join(_BY_NAME)}") from None


def front_of(game: engine.Game) -> Front:
    """The front end of ``game``."""
    return front(game.name)


def build(game: engine.Game, area, aspect: float, ui: dict | None = None):
    """The layout of ``game``'s table in ``area`` for cards of ``aspect``
    (w/h), as its front end builds it."""
    return front_of(game).layout(game, area, aspect, ui or {})


def title(name: str) -> str:
    return front(name).title


assert set(_BY_NAME) == set(engine.GAMES), "every game of the engine has a front end, and only those"

__all__ = ["FRONTS", "HELP", "Front", "build", "front", "front_of", "title"]
