"""The registry of the games' front ends: one module per game, in the order
the start screen and the File menu list them.

``front(name)`` and ``front_of(game)`` are the one place a game's name
leads to its answers; everywhere else in ``game/`` asks the front it gets.
"""

from __future__ import annotations

import engine

from . import chinese_puzzle, gaps, prince, republic, smith
from .base import Front

FRONTS: tuple[Front, ...] = (gaps.FRONT, chinese_puzzle.FRONT, republic.FRONT, smith.FRONT, prince.FRONT)
_BY_NAME = {f.name: f for f in FRONTS}
#: every game's rules, for the Help window, by the engine's name
HELP: dict[str, str] = {f.name: f.help for f in FRONTS}


def front(name: str) -> Front:
    """The front end of the game the engine calls ``name``."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"no game called {name!r}: the games are {', '.join(_BY_NAME)}") from None


def front_of(game: engine.Game) -> Front:
    """The front end of ``game``."""
    return front(game.name)


def title(name: str) -> str:
    return front(name).title


assert set(_BY_NAME) == set(engine.GAMES), "every game of the engine has a front end, and only those"

__all__ = ["FRONTS", "HELP", "Front", "front", "front_of", "title"]
