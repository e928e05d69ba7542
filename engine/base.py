"""The Game base class: options, the deal, history, undo/redo, saving.

A game module subclasses :class:`Game` and answers a fixed set of
questions (see the hooks at the end of the class): how to deal, which moves
are legal, why a move is not, how a move changes the layout, whether the
game is won, and how the layout reads and writes as plain data.  The base
owns everything else, the same way for all five games.

Undo restores a snapshot taken before the move; redo restores the one taken
after.  So nothing a move changes can escape undo, and random moves (a Gaps
shuffle, a Chinese Puzzle redeal) replay exactly.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from .cards import MAX_SEED
from .errors import BadPosition, IllegalMove, InvalidMove, MoveError, shown
from .events import Event, Over, Won
from .notation import Move

FORMAT = 1


class Game:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: option name -> allowed values, the first being the default
    OPTIONS: ClassVar[dict[str, tuple]] = {}
    #: how many moves undo can reach back (``None``: all of them)
    undo_depth: ClassVar[int | None] = None
    #: moves that draw random cards: they cannot be undone
    irreversible: ClassVar[frozenset[str]] = frozenset()
    #: the deal puts cards face down (packets, a stock): a solver that knows
    #: them sees more than the player, so its lines are not the player's hints
    hides_cards: ClassVar[bool] = False
    #: a move may carry a card with the cards on it (``c3-c7:4``): a column's
    #: card is picked up with everything on it
    moves_runs: ClassVar[bool] = False
    #: the move a click on the stock makes, whose refusal says why the stock
    #: cannot be used now (``None``: the game has no stock)
    stock_move: ClassVar[str | None] = None

    # ----------------------------------------------------------- creation
    def __init__(self, seed: int = 0, **options: Any) -> None:
        self._setup(seed, options)
        self.opening_events: list[Event] = self._deal()
        self._start()

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """The full option set, defaults filled in; ``ValueError`` if unknown."""
        if not isinstance(options, dict):
            raise ValueError(f"options must be a mapping, not {shown(options)}")
        for key, value in options.items():
            if key not in cls.OPTIONS:
                known = ", ".join(cls.OPTIONS) or "none"
                raise ValueError(f"{cls.title} has no option {shown(key)} (its options: {known})")
            if not any(type(value) is type(v) and value == v for v in cls.OPTIONS[key]):
                allowed = ", ".join(repr(v) for v in cls.OPTIONS[key])
                raise ValueError(f"{cls.title}'s option {key!r} is one of {allowed}, not {shown(value)}")
        return {key: options.get(key, values[0]) for key, values in cls.OPTIONS.items()}

    def _setup(self, seed: int, options: dict[str, Any]) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {shown(seed)}")
        self.seed = seed
        self.options = self.check_options(options)
        self.opening_events = []

    def _start(self) -> None:
        self._start_snapshot = self._snapshot()
        self._history: list[str] = []
        self._undo: list[tuple[Any, str, list[Event]]] = []
        self._redo: list[tuple[Any, str, list[Event]]] = []
        self._legal: list[Move] | None = None

    @classmethod
    def _blank(cls, seed: int, options: dict[str, Any]) -> Game:
        game = cls.__new__(cls)
        game._setup(seed, options)
        return game

    # ----------------------------------------------------------- playing
    def legal_moves(self) -> list[Move]:
        """Every move the game allows now, in a fixed order."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def explain(self, move: str | Move) -> str | None:
        """``None`` if ``move`` is legal now, else why not, as a sentence.
        Never raises, whatever it is given: it asks the rules (``_reason``)."""
        try:
            m = self._parse(move)
            return self._reason(m)
        except InvalidMove as e:
            return e.reason

    def _parse(self, move: str | Move) -> Move:
        """``move`` as a Move, or :class:`InvalidMove` (bad syntax)."""
        try:
            return Move.parse(move)
        except ValueError as e:
            text = str(e)
            raise InvalidMove(text[:1].upper() + text[1:] + ".",
                              move if isinstance(move, str) else None) from None

    def play(self, move: str | Move) -> list[Event]:
        """Play a move; returns its events.  Raises :class:`InvalidMove` for
        text that is not a move here (bad syntax, no such place) and
        :class:`IllegalMove` for a move the rules refuse now; both are a
        :class:`MoveError` whose ``reason`` says why, and change nothing."""
        m = move if type(move) is Move else self._parse(move)
        text = str(m)
        try:
            reason = self._reason(m)
        except InvalidMove as e:
            raise InvalidMove(e.reason, text) from None
        if reason is not None:
            raise IllegalMove(reason, text)
        before = self._snapshot()
        events = self._apply(m)
        self._legal = None
        events += self._ending_events()
        self._history.append(text)
        if text in self.irreversible:
            self._undo.clear()
        else:
            self._undo.append((before, text, events))
            if self.undo_depth is not None and len(self._undo) > self.undo_depth:
                del self._undo[0]
        self._redo.clear()
        return events

    def _ending_events(self) -> list[Event]:
        if self._legal is None:
            self._legal = self._generate()
        if self._legal:   # a won game lists nothing: only an empty listing asks which ending
            return []
        return [Won()] if self._is_won() else [Over()]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def future(self) -> list[str]:
        """The moves undone and not yet played again, in the order ``redo()``
        plays them (empty after any new move).  The engine's document does
        not keep them (docs/save-format.md); a table that wants them back after a
        restart saves them beside it and plays them, then undoes them."""
        return [text for _, text, _ in reversed(self._redo)]

    def undo(self) -> list[Event]:
        """Take back the last move; returns the events that run it backwards
        (empty if there is nothing to undo)."""
        if not self._undo:
            return []
        before, text, events = self._undo.pop()
        self._redo.append((self._snapshot(), text, events))
        self._restore(before)
        self._history.pop()
        self._legal = None
        backwards = (e.inverse() for e in reversed(events))
        return [e for e in backwards if e is not None]

    def redo(self) -> list[Event]:
        """Play again the move last undone; returns its events."""
        if not self._redo:
            return []
        after, text, events = self._redo.pop()
        self._undo.append((self._snapshot(), text, events))
        self._restore(after)
        self._history.append(text)
        self._legal = None
        return list(events)

    def undo_reason(self) -> str | None:
        """Why ``undo()`` would take nothing back now, in a sentence; None
        when it would take a move back."""
        if self._undo:
            return None
        if not self._history:
            return "There is no move to take back: none has been made yet."
        last = self._history[-1]
        if last in self.irreversible:
            return self._irreversible_reason(last)
        if self.undo_depth is not None:
            levels = f"{self.undo_depth} level{'s' if self.undo_depth != 1 else ''}"
            return f"{self.title} keeps {levels} of undo: no earlier move can be taken back."
        return "There is no move to take back."

    def _irreversible_reason(self, move: str) -> str:
        """Why the move ``move``, just played, cannot be undone."""
        return f"The last move ({move}) cannot be undone: it brought cards into play at random."

    @property
    def history(self) -> list[str]:
        """Every move since the deal (or since the puzzle's position)."""
        return list(self._history)

    @property
    def won(self) -> bool:
        return self._is_won()

    @property
    def over(self) -> bool:
        """Won, or no legal move left (dealing and redeals included)."""
        return self._is_won() or not self.legal_moves()

    @property
    def started(self) -> bool:
        """Whether any move has been made since the deal."""
        return bool(self._history)

    # ----------------------------------------------------------- documents
    def position(self) -> dict[str, Any]:
        """The layout now, in the position format (docs/save-format.md)."""
        return self._dump()

    def to_dict(self) -> dict[str, Any]:
        """The whole game as a JSON-safe document (docs/save-format.md)."""
        now = self._snapshot()
        self._restore(self._start_snapshot)
        deal = self._dump()
        self._restore(now)
        return {"format": FORMAT, "game": self.name, "options": dict(self.options),
                "seed": self.seed, "deal": deal, "history": list(self._history),
                "position": self._dump()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_document(cls, doc: dict[str, Any]) -> Game:
        """A game from a document checked to be this game's (see ``from_dict``)."""
        raw_options = doc.get("options", {})
        try:
            options = cls.check_options(raw_options if raw_options is not None else {})
        except ValueError as e:
            raise BadPosition(str(e)) from None
        seed = doc.get("seed", 0)
        if seed is None:
            seed = 0
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise BadPosition(f"the seed must be a whole number from 0 to {MAX_SEED}, not {shown(seed)}")
        history = doc.get("history", [])
        if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
            raise BadPosition("the history must be a list of moves written as text")
        start = doc.get("deal")
        if start is None and history:
            raise BadPosition("the document has a history but no deal to replay it from")
        if start is None:
            start = doc.get("position")
        if start is None:
            if "seed" not in doc:
                raise BadPosition("the document has no seed, deal or position: nothing to play")
            return cls(seed, **options)
        game = cls._blank(seed, options)
        game._load_checked(start)
        game._start()
        for i, text in enumerate(history, 1):
            try:
                game.play(text)
            except MoveError as e:
                raise BadPosition(f"move {i} of the history, {shown(text)}, cannot be played: {e.reason}") from None
        if "deal" in doc and doc.get("position") is not None:
            claimed = cls._blank(seed, options)
            claimed._load_checked(doc["position"])
            if claimed._dump() != game._dump():
                raise BadPosition("replaying the history from the deal does not reach the saved position")
        return game

    def _load_checked(self, layout: Any) -> None:
        if not isinstance(layout, dict):
            raise BadPosition(f"a position of {self.title} is a mapping of its piles, not {type(layout).__name__}")
        self._load(layout)

    # ----------------------------------------------------------- the hooks
    def _deal(self) -> list[Event]:
        """Lay out a new game from ``self.seed``; return the deal's events."""
        raise NotImplementedError

    def _generate(self) -> list[Move]:
        """Every legal move, in a fixed order."""
        raise NotImplementedError

    def _reason(self, move: Move) -> str | None:
        """The rules, in one place: why ``move`` is illegal now (a sentence),
        or ``None`` when it is legal.  Raises :class:`InvalidMove` for a
        place that does not exist in the game.  ``legal_moves()``, ``play()``
        and ``explain()`` all answer from here."""
        raise NotImplementedError

    def _apply(self, move: Move) -> list[Event]:
        """Carry out a legal move; return its events."""
        raise NotImplementedError

    def _is_won(self) -> bool:
        raise NotImplementedError

    def _snapshot(self) -> Any:
        """A copy of everything a move can change."""
        raise NotImplementedError

    def _restore(self, snapshot: Any) -> None:
        raise NotImplementedError

    def _dump(self) -> dict[str, Any]:
        """The layout as position-format data."""
        raise NotImplementedError

    def _load(self, layout: dict[str, Any]) -> None:
        """Set the layout from position-format data, refusing (with
        :class:`BadPosition`) anything the rules make impossible."""
        raise NotImplementedError
