"""The generic search: any game, through the engine's public interface.

A game whose spec names no ``solver`` (``engine/spec.py``) is searched
here: its own rules are the model.  The search sees only what every game
offers (``docs/design.md``, the engine's interface): ``legal_moves()``,
``play(move)`` and the events it returns, ``undo()``, ``won``, and the
position document (``position()``, ``from_dict``), whose text is the key of
a position (``advice.key``, the key the hints use).  So a new game gets the
indicator, H, the Demo and the review from its two files; the five games
keep their compact models (``solve/__init__.py``), which are many times
faster, and ``tests/test_generic_search.py`` holds each of them to this
search's verdicts.

    status, moves = search(game, budget, known)   # as every game's search answers

The search
----------
Depth-first, iterative, over a copy of the game (``replay.position_copy``):
the game handed in is never touched, its history and redo included.  A move
is made with ``play`` and taken back with ``undo``; where the game cannot
take it back (an undo depth: Gaps keeps one level), the position is read
back from its document instead.  Every position reached is entered in a
transposition table by its key (``table.Table``, bounded by the budget's
memory: beyond the bound only the current line is kept, so the search may
repeat work, never skip a position it has not examined, and never goes round
in a circle).

- WON: a line of legal moves to a won position.
- IMPOSSIBLE: every position reachable from this one was examined and none
  is won: a proof, since nothing is pruned but positions already examined
  or on the current line (their key is the whole position document, so two
  positions share a key only when they are the same position).
- UNKNOWN: the budget ran out first (the budget's ``OutOfBudget`` is caught
  here): the line to the best position seen (below), ``[]`` when none was
  better than the start.

Random moves (the game's ``irreversible`` ones: Gaps' shuffle, Chinese
Puzzle's redeal) deal cards nobody has seen yet, and cannot be undone: they
are never searched through, so the verdict is "winnable without another
random move", as the grid games' own search answers.

Hidden cards.  With ``known`` true a game that hides cards is searched as
it lies, the face-down cards included (the indicator, the review).  With
``known`` false (hints) the search does not look through a move that shows
the player something new: one whose events turn a card face up
(``CardTurned``) or deal cards (``CardsDealt``, ``Redealt``).  Such a move
(a *frontier* move) may end a line but is not searched past; WON then means
a win reachable without showing anything; IMPOSSIBLE is answered only when
no frontier move is legal anywhere in the part searched, so that the
verdict holds for every arrangement of the hidden cards.  The engine says
what is shown only through its events: a game whose events do not report a
card coming into view is searched as its position document holds it, its
face-down cards included.  (The Republic's model is more careful: it also
counts the talon's lower cards as unseen.)

Which moves first
-----------------
The order decides how soon a win is found, never what is proved
(:func:`_rank`): moves to a foundation and the ``layoff``; the words that
bring cards into play (``turn``, ``deal``); cards onto cards, more cards
first; cards into an empty column; last, cards taken off a foundation.
The places are read by the notation's conventions: a bare ``f`` is
"whichever foundation takes it", ``f...`` a foundation when the position
document has ``foundations``, ``cN`` the Nth of its ``columns``; a game
that names its places otherwise is searched in its own order of legal
moves.  The best position seen (for UNKNOWN's line) is the one with the
most cards on its foundations, counted from the position document's
``foundations`` (top cards, each foundation built up from its ace) where
there is one, then the most cards shown on the way, then the shorter line.
A game with neither gets its line only from a win.
"""

from __future__ import annotations

from typing import Any

from ..cards import NAMES, RANK_OF
from ..events import CardsDealt, CardTurned, Redealt
from .budget import Budget, OutOfBudget, fit_tables
from .result import Status
from .table import DEFAULT_TABLE_BYTES, ENTRY_OVERHEAD, Table

#: a card's rank by its name (a foundation's top card: how many cards it holds)
_RANK = {name: RANK_OF[i] for i, name in enumerate(NAMES)}


def search(game: Any, budget: Budget, known: bool = True, *, avoid_keys: frozenset = frozenset(),
           max_table_bytes: int = DEFAULT_TABLE_BYTES) -> tuple[Status, list[str]]:
    """Search ``game`` from its position within ``budget`` (the module
    docstring says what each status means and what ``known`` changes);
    ``game`` is not changed.

    ``avoid_keys``: positions (``advice.key``) no line may pass through (a
    hint that must not lead back to a position the game has been through);
    they count as examined before the search starts, so an IMPOSSIBLE then
    only means that nothing *else* leads on: not a verdict."""
    if game.won:
        return Status.WON, []
    if not game.legal_moves():
        return Status.IMPOSSIBLE, []
    return _Search(game, budget, known, avoid_keys, max_table_bytes).run()


def shows(game: Any, move: str) -> bool:
    """Whether ``move`` (legal in ``game``) shows a card: its events turn one
    face up or deal (played on a copy; ``game`` is not changed)."""
    from .replay import position_copy
    return _reveals(position_copy(game).play(move))


def _places(position: dict) -> tuple[bool, frozenset[str]]:
    """Whether ``position`` has foundations, and its empty columns' names."""
    columns = position.get("columns")
    empty = frozenset(f"c{i + 1}" for i, c in enumerate(columns) if not c) if isinstance(columns, list) else frozenset()
    return "foundations" in position, empty


def _rank(text: str, foundations: bool, empty: frozenset[str]) -> tuple[int, int]:
    """Where the move ``text`` comes in the search's order (lowest first),
    in a position with ``foundations`` or not and the ``empty`` columns."""
    if text == "layoff":
        return (0, 0)
    src, dash, rest = text.partition("-")
    if not dash:
        return (1, 0)
    dst, _, count = rest.partition(":")
    n = int(count) if count else 1
    if dst == "f" or foundations and dst[:1] == "f":
        return (0, -n)
    if foundations and src[:1] == "f":
        return (4, -n)
    return (3 if dst in empty else 2, -n)


def home(position: dict) -> int:
    """The cards on the foundations of a position document (0 when it has none)."""
    tops = position.get("foundations") if isinstance(position, dict) else None
    if not isinstance(tops, list):
        return 0
    return sum(_RANK.get(top, 0) for top in tops if isinstance(top, str))


def _reveals(events: list) -> bool:
    for e in events:
        if type(e) is CardTurned and e.face_up:
            return True
        if type(e) is CardsDealt and not e.undone or type(e) is Redealt:
            return True
    return False


class _Search:
    """One search from one position (see the module docstring)."""

    def __init__(self, game: Any, budget: Budget, known: bool, avoid_keys: frozenset, max_table_bytes: int) -> None:
        from .replay import position_copy
        self.game = position_copy(game)
        self.doc = {k: v for k, v in self.game.to_dict().items() if k in ("format", "game", "options", "seed")}
        self.budget = budget
        self.random = frozenset(getattr(type(game), "irreversible", frozenset()))
        #: moves that show a card end a line (hints, a game that hides cards)
        self.hidden = bool(getattr(game, "hides_cards", False)) and not known
        self.table = Table(fit_tables(budget, max_table_bytes))
        budget.keep(self.table.seen, self.table.line)
        for k in avoid_keys:
            self.table.enter(k)
        #: whether a frontier move was legal somewhere (no IMPOSSIBLE then)
        self.frontier = False
        #: the best position seen: its (score, -moves) and its line
        self.best: tuple[int, int] = (0, 0)
        self.best_line: list[str] = []

    def _moves(self, g: Any, position: dict) -> list:
        """The moves to try from ``g``'s position (``position``, its
        document), random ones left out, in the search's order
        (:func:`_rank`); ``Move`` values, which ``play`` need not read again."""
        random = self.random
        moves = [m for m in g.legal_moves() if str(m) not in random]
        foundations, empty = _places(position)
        moves.sort(key=lambda m: _rank(str(m), foundations, empty))
        return moves

    def _back(self, g: Any, parent: dict | str) -> Any:
        """Take back the move last played: by ``undo`` where the game can,
        else (an undo depth: Gaps keeps one level) by reading the position
        before it back from its document, ``parent`` (or its key, the
        document as text).  The game: a new one when read back."""
        if g.can_undo:
            g.undo()
            return g
        from .. import from_dict
        if isinstance(parent, str):
            from ast import literal_eval
            parent = literal_eval(parent)
        return from_dict(self.doc | {"position": parent})

    def _better(self, score: int, line: list[str]) -> None:
        mark = (score, -len(line))
        if mark > self.best:
            self.best, self.best_line = mark, list(line)

    def run(self) -> tuple[Status, list[str]]:
        g = self.game
        table, tick, hidden = self.table, self.budget.tick, self.hidden
        seen, on_line = table.seen, table.line
        doc = g.position()
        table.enter(repr(doc))
        self.best = (2 * home(doc), 0)
        path: list[str] = []
        # a frame: [its moves, the next to try, the position (its document
        # where the game's undo reaches back only so far, else its key: the
        # table's own text, no more memory), its key when kept on the table's
        # line only, the cards shown on the way]
        docs = getattr(type(g), "undo_depth", None) is not None
        stack = [[self._moves(g, doc), 0, doc if docs else repr(doc), None, 0]]
        try:
            while stack:
                frame = stack[-1]
                moves = frame[0]
                if frame[1] >= len(moves):
                    stack.pop()
                    if frame[3] is not None:
                        on_line.discard(frame[3])
                    if stack:
                        g = self._back(g, stack[-1][2])
                        path.pop()
                    continue
                m = moves[frame[1]]
                frame[1] += 1
                tick()
                events = g.play(m)
                move = str(m)
                shown = frame[4]
                if _reveals(events):
                    shown += 1
                    if hidden:
                        # a frontier move: it may end the best line, never be searched through
                        self.frontier = True
                        path.append(move)
                        self._better(2 * home(g.position()) + shown, path)
                        path.pop()
                        g = self._back(g, frame[2])
                        continue
                if g.won:
                    path.append(move)
                    return Status.WON, path
                child = g.position()
                k = repr(child)             # advice.key: the text of the position
                if k in seen or k in on_line:
                    g = self._back(g, frame[2])
                    continue
                line_only = None
                if table.room > 0:
                    seen.add(k)
                    table.room -= len(k) + ENTRY_OVERHEAD
                else:
                    on_line.add(k)
                    line_only = k
                path.append(move)
                self._better(2 * home(child) + shown, path)
                stack.append([self._moves(g, child), 0, child if docs else k, line_only, shown])
        except OutOfBudget:
            return Status.UNKNOWN, self.best_line
        if self.frontier:
            return Status.UNKNOWN, self.best_line
        return Status.IMPOSSIBLE, []
