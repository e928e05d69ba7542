"""Each game declared in one place: its module's ``SPEC``, and the list of
those modules here.

A game's engine module (``engine/gaps.py``, ...) ends with a
:class:`GameSpec`: its :class:`~engine.base.Game` class and everything
else the engine, its tools and its benchmarks know of it that is not a
rule: its challenge-code letter, how it scores, which of the solver's
searches plays it (none: the generic search, ``solve/generic.py``), what a
winnability study solves it under.  Whether it hides cards is its class's
``hides_cards``; the spec reads it from there.
:data:`MODULES` lists the modules, in the order the games are listed.
Nothing else in ``engine/``, ``tools/`` or ``bench/`` keeps a list of the
games or a table keyed by their names: each asks here
(``tests/test_game_spec.py`` holds them to it).  So a new game is its
module, one line in :data:`MODULES`, and its front in ``game/games/``.

A game's name is its module's, a hyphen for each underscore
(``chinese_puzzle`` plays ``"chinese-puzzle"``), and its class is named
after its module (``ChinesePuzzle``): the names and classes are known
without importing any game, and a module is imported only when its spec
is first asked for, so a program that plays one game loads the rules of
that one.  The solver's functions are named as text (``"module:name"``)
and imported when first used, so the spec of a game costs no solver code.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Game
    from .scoring import Scoring

#: the games' engine modules, in the order the games are listed
MODULES: tuple[str, ...] = ("gaps", "chinese_puzzle", "smith", "republic", "prince")


@dataclass(frozen=True)
class Variant:
    """One setting a winnability study solves a game under
    (``python -m engine study``, ``bench/solver.py``)."""

    #: how the study's result files and ``--rule`` name it
    label: str
    #: the game's options
    options: dict[str, Any]
    #: the table's words for it (docs/study.md's winnability table); "" : the label
    #: with spaces for hyphens
    words: str = ""
    #: other spellings ``--rule`` accepts
    aliases: tuple[str, ...] = ()


def rule_variants(rules: tuple[str, ...]) -> tuple[Variant, ...]:
    """A study variant for each packing rule, labelled by the rule."""
    return tuple(Variant(rule, {"rule": rule}) for rule in rules)


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game that is not a rule, declared once in its module."""

    #: the game's class (its ``name``, ``title``, ``OPTIONS``, ``hides_cards``)
    game: type[Game]
    #: the letter its challenge codes start with (``codes.py``); never change
    #: one: old codes would deal another game
    letter: str
    #: how it scores (``scoring.py``); None: it is not scored
    scoring: Scoring | None
    #: the solver's search, ``"module:function"``:
    #: ``(game, budget, known) -> (Status, moves)`` (``solve/__init__.py``);
    #: None: the game brings no search of its own and is played by the
    #: generic search over its rules (``solve/generic.py``)
    solver: str | None = None
    #: the compact model that search plays it on, ``"module:Class"``, for a
    #: search several games share that is told its model (``solve/piles.py``)
    model: str | None = None
    #: the hint's line when it is not the first move of the search's line:
    #: ``"module:function"``, ``(game, budget) -> moves`` (``solve.plain_hint``)
    hint_line: str | None = None
    #: the Demo's moves when no win is known in the deal, up to the next
    #: redeal: ``"module:function"``, ``(game, budget) -> moves``
    #: (``solve.play_on``); None: the Demo has nothing to play then
    play_on: str | None = None
    #: its search takes ``avoid=``, positions no line may pass through: a
    #: hint then never takes back the player's last move (``solve/advice.py``)
    avoids: bool = False
    #: Winnable Deals Only, when the worker's own wait (``WINNABLE_TOTAL_S``)
    #: does not suit the game: how long the worker looks for a fresh
    #: winnable deal, each deal tried given all of it, before it deals one
    #: won before (``solve/worker.py``)
    winnable_s: float | None = None
    #: what a winnability study solves it under, the first the default
    study: tuple[Variant, ...] = ()
    #: the terminal game's help: moves written in the game's own places
    #: (``python -m engine play``; a test reads each with the game's rules)
    examples: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.game.name

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def hides_cards(self) -> bool:
        return self.game.hides_cards


def name_of(module: str) -> str:
    """The name of the game a module declares: ``chinese_puzzle`` -> ``chinese-puzzle``."""
    return module.replace("_", "-")


def class_name_of(module: str) -> str:
    """The name of the class a game's module declares: ``chinese_puzzle`` -> ``ChinesePuzzle``."""
    return "".join(part.capitalize() for part in module.split("_"))


def names() -> tuple[str, ...]:
    """Every game's name, in order; no game's module is imported."""
    return tuple(name_of(module) for module in MODULES)


_loaded: dict[str, GameSpec] = {}


def spec(name: str) -> GameSpec:
    """The spec of the game ``name``, its module imported if it was not
    yet; ``KeyError`` when no game has that name."""
    found = _loaded.get(name)
    if found is not None:
        return found
    module = next((m for m in MODULES if name_of(m) == name), None)
    if module is None:
        raise KeyError(name)
    found = _imported(f"{__package__}.{module}").SPEC
    if found.name != name:
        raise ImportError(f"engine/{module}.py declares the game {found.name!r}; its module's name makes it {name!r}")
    _loaded[name] = found
    return found


def find(name: Any) -> GameSpec | None:
    """:func:`spec`, or None when ``name`` is no game's."""
    return spec(name) if isinstance(name, str) and name in names() else None


def specs() -> list[GameSpec]:
    """Every game's spec, in order (every game's module imported)."""
    return [spec(name) for name in names()]


def load(path: str) -> Callable[..., Any]:
    """The function or class ``"module:name"`` names, its module imported."""
    module, _, attribute = path.partition(":")
    return getattr(_imported(module), attribute)


def _imported(module: str) -> Any:
    """The module named ``module``, imported if it was not yet.  Through
    ``__import__``, as an ``import`` statement is, not ``importlib``:
    ``python -X importtime``, which measures what a process imports here
    (``tests/test_solver_worker.py``), reports only the former."""
    __import__(module)
    return sys.modules[module]
