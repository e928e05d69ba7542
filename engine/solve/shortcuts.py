"""A winning line made into one a good player would play: no position
twice, and the short ways round the solver's detours (issue 34).

A search's line wins, but it may wander: The Republic's search once found
a line of more than 1,000 moves that moved the seven of hearts to and fro.
:func:`shorten` takes a game at its position and a line from there and
returns a line that

- never passes through the same position twice: where the line comes back
  to a position it passed, the moves between are cut (:func:`cut_loops`);
- takes the short ways it finds: from each position on the line, every
  legal move and every pair of moves (``depth``), and the line itself with
  one of its moves left out (a card moved there and back: ``walk``), are
  tried for a later position of the same line, and the shortest way from
  the first position to the last is kept;
- where it can, never enters a position of ``avoid`` (the positions the
  game has already been through: :func:`passed_keys`), so the Demo does
  not take back what the player did to come back to it later.

Positions are compared whole (:func:`position_key`): the face-down cards
of The Republic and The Smith are part of a position, so two positions
that look alike to the player but hide different cards are different.

The line ends at the very position the given line ends at, so a winning
line still wins (and a Demo's play-on line still locks the same cards);
the result is replayed before it is returned, and is never longer than
the line given.  The search of short ways counts its moves on the
``budget``; when the budget runs out it stops, and what it found so far
(at least the line with its loops cut) is returned.

Pure engine: it plays copies of the game, nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import MoveError
from ..notation import Move
from .budget import Budget, OutOfBudget
from .replay import position_copy

#: how many moves deep the search from each position of the line goes
DEPTH = 2
#: a walk along the line with one of its moves left out: the moves it plays at most
WALK = 40
#: and the moves of the line it may pass over besides (the ones refused once the first is left out)
WALK_SKIPS = 2
#: how many times the whole line is looked over again after a pass that shortened it
PASSES = 4


def position_key(game: Any) -> str:
    """``game``'s position as a string: equal for equal positions, the
    face-down cards included."""
    return repr(game.position())   # the same game's positions list their piles in the same order


def passed_keys(game: Any) -> set[str]:
    """The positions ``game`` has been through before the one it is at
    (:func:`position_key`), replayed from its deal (or its puzzle's start)."""
    history = game.history
    if not history:
        return set()
    from .. import from_dict
    doc = game.to_dict()
    start = from_dict({key: doc[key] for key in ("format", "game", "options", "seed", "deal") if key in doc})
    keys = set()
    for move in history:
        keys.add(position_key(start))
        start.play(move)
    return keys - {position_key(game)}


def _keys_along(game: Any, moves: list[str]) -> list[str]:
    """The positions of ``moves`` from ``game``'s, the first and the last
    included; ``ValueError`` when the engine refuses a move."""
    copy = position_copy(game)
    keys = [position_key(copy)]
    for i, move in enumerate(moves):
        reason = copy.explain(move)
        if reason is not None:
            raise ValueError(f"move {i + 1} of the line, {move!r}, is refused: {reason}")
        copy.play(move)
        keys.append(position_key(copy))
    return keys


def _erase_loops(keys: list[str], moves: list[str]) -> tuple[list[str], list[str]]:
    """The line with its loops cut: from each position it goes on from the
    last time the line is there."""
    last = {key: i for i, key in enumerate(keys)}
    out_keys, out_moves = [], []
    i = 0
    while True:
        i = last[keys[i]]
        out_keys.append(keys[i])
        if i == len(moves):
            return out_keys, out_moves
        out_moves.append(moves[i])
        i += 1


def cut_loops(game: Any, line: Iterable[str]) -> list[str]:
    """``line`` (moves from ``game``'s position, a line it allows) with
    every loop cut: where it comes back to a position it passed, the moves
    between are left out.  It replays the line once, by the game's own
    hooks (no search, no events): cheap enough for the table.
    ``ValueError`` when the engine refuses one of its moves."""
    moves = [str(m) for m in line]
    board = _Board(game)
    keys = [board.key()]
    for i, text in enumerate(moves):
        move = board.move(text)
        if move is None:      # a move that cannot be taken back (a redeal): played as the game plays it
            if board.game.explain(text) is not None:
                raise ValueError(f"move {i + 1} of the line, {text!r}, is refused: {board.game.explain(text)}")
            board.advance(text)
            keys.append(board.key())
        elif not board.allows(move):
            raise ValueError(f"move {i + 1} of the line, {text!r}, is refused")
        else:
            keys.append(board.step(move))
    return _erase_loops(keys, moves)[1]


class _Board:
    """A copy of the game the search tries moves on and takes them back,
    by the game's own hooks (``_reason``, ``_apply``, ``_snapshot``,
    ``_restore``: what ``Game.play`` and ``Game.undo`` do, less the history
    and the events, which a move tried and taken back at once does not
    need).  Only the line's own moves are played for good (``advance``),
    as the game plays them.  Whatever it finds is replayed by the public
    rules before it is used (:func:`_checked`)."""

    def __init__(self, game: Any) -> None:
        self.game = position_copy(game)
        self._tried: list[Any] = []
        self._parsed: dict[str, Move | None] = {}

    def move(self, text: str) -> Move | None:
        """``text`` as a move of this game, None when it is not one or cannot be undone."""
        if text not in self._parsed:
            try:
                self._parsed[text] = None if text in self.game.irreversible else Move.parse(text)
            except ValueError:
                self._parsed[text] = None
        return self._parsed[text]

    def legal(self) -> list[Move]:
        """The legal moves here that can be taken back."""
        irreversible = self.game.irreversible
        return [m for m in self.game.legal_moves() if not irreversible or str(m) not in irreversible]

    def allows(self, move: Move) -> bool:
        try:
            return self.game._reason(move) is None
        except MoveError:
            return False

    def try_move(self, move: Move) -> str:
        """Play ``move`` (legal here) until :meth:`back`; the position's key."""
        g = self.game
        self._tried.append(g._snapshot())
        g._apply(move)
        g._legal = None
        return repr(g._dump())

    def step(self, move: Move) -> str:
        """Play ``move`` (legal here) for good, not to be taken back; the position's key."""
        g = self.game
        g._apply(move)
        g._legal = None
        return repr(g._dump())

    def key(self) -> str:
        return repr(self.game._dump())

    def back(self) -> None:
        """Take back the move last tried."""
        g = self.game
        g._restore(self._tried.pop())
        g._legal = None

    def advance(self, text: str) -> None:
        """Play the line's next move for good."""
        self.game.play(text)


class _Shortcuts:
    """The short ways found from the positions of one line: ``edges[t]``
    is a list of ``(v, moves)``, ``moves`` leading from position ``t`` of
    the line to its later position ``v`` in at most ``v - t`` moves, through
    no position of the line and none avoided."""

    def __init__(self, keys: list[str], moves: list[str], avoid: set[str], budget: Budget | None) -> None:
        self.keys, self.moves, self.avoid, self.budget = keys, moves, avoid, budget
        self.index = {key: i for i, key in enumerate(keys)}
        self.edges: dict[int, list[tuple[int, list[str]]]] = {}

    def _tick(self) -> None:
        if self.budget is not None:
            self.budget.tick()

    def _found(self, t: int, v: int, path: list[str]) -> None:
        if v > t and len(path) <= v - t:
            self.edges.setdefault(t, []).append((v, list(path)))

    def from_position(self, board: _Board, t: int, depth: int, walk: bool) -> None:
        """Every line of at most ``depth`` moves from position ``t`` (the
        board is there), and (``walk``) the line with its move ``t`` left
        out; the board is back at position ``t`` afterwards, also when the
        budget runs out."""
        self._search(board, t, depth, [], {self.keys[t]})
        if walk:
            self._walk(board, t)

    def _search(self, board: _Board, t: int, depth: int, path: list[str], seen: set[str]) -> None:
        for move in board.legal():
            self._tick()
            key = board.try_move(move)
            try:
                if key in seen:
                    continue
                seen.add(key)
                path.append(str(move))
                v = self.index.get(key)
                if v is not None:
                    self._found(t, v, path)
                elif depth > 1 and key not in self.avoid:
                    self._search(board, t, depth - 1, path, seen)
                path.pop()
            finally:
                board.back()

    def _walk(self, board: _Board, t: int) -> None:
        """The line from position ``t`` with its move ``t`` left out, and
        then any later move the engine refuses (at most ``WALK_SKIPS``):
        where it meets a later position of the line, a shorter way there."""
        if board.move(self.moves[t]) is None:
            return
        played: list[str] = []
        seen = {self.keys[t]}
        skips = 0
        try:
            for u in range(t + 1, len(self.moves)):
                move = board.move(self.moves[u])
                if move is None or not board.allows(move):
                    skips += 1
                    if skips > WALK_SKIPS:
                        return
                    continue
                self._tick()
                key = board.try_move(move)
                played.append(self.moves[u])
                v = self.index.get(key)
                if v is not None:
                    self._found(t, v, played)
                    return
                if key in seen or key in self.avoid or len(played) >= WALK:
                    return
                seen.add(key)
        finally:
            for _ in played:
                board.back()

    def best(self) -> list[str]:
        """The fewest positions avoided, then the fewest moves, from the
        first position of the line to its last, by the line's own moves and
        the short ways found."""
        n = len(self.keys) - 1
        # cost: (positions avoided entered, moves); every way found is never
        # longer than the part of the line it replaces, so neither is the whole
        inf = (float("inf"), float("inf"))
        cost: list[tuple[float, float]] = [inf] * (n + 1)
        came: list[tuple[int, list[str]] | None] = [None] * (n + 1)
        cost[0] = (0, 0)

        def relax(t: int, v: int, path: list[str]) -> None:
            entered = 1 if self.keys[v] in self.avoid else 0
            c = (cost[t][0] + entered, cost[t][1] + len(path))
            if c < cost[v]:
                cost[v], came[v] = c, (t, path)

        for t in range(n):
            if cost[t] == inf:
                continue
            relax(t, t + 1, [self.moves[t]])
            for v, path in self.edges.get(t, ()):
                relax(t, v, path)
        out: list[list[str]] = []
        v = n
        while v:
            t, path = came[v]
            out.append(path)
            v = t
        return [move for path in reversed(out) for move in path]


def _one_pass(game: Any, keys: list[str], moves: list[str], avoid: set[str], budget: Budget | None,
              depth: int, walk: bool) -> list[str]:
    """The line by the short ways found from as many of its positions as
    the budget allows."""
    found = _Shortcuts(keys, moves, avoid, budget)
    board = _Board(game)
    try:
        for t, move in enumerate(moves):
            found.from_position(board, t, depth, walk)
            board.advance(move)
    except OutOfBudget:
        pass
    return found.best()


def shorten(game: Any, line: Iterable[str], budget: Budget | None = None, *,
            avoid: Iterable[str] = (), depth: int = DEPTH) -> list[str]:
    """``line`` (moves from ``game``'s position, engine notation) with its
    loops cut and the short ways taken that a search within ``budget``
    finds (None: no limit), never longer, ending at the same position;
    where the short ways allow, through no position of ``avoid`` (position
    keys, :func:`position_key`; the game's own position excepted).

    The search looks over the whole line one move deep first (with the
    walks that leave one of its moves out), again while that shortens it,
    then ``depth`` moves deep.  Once the budget runs out, the short ways
    found so far are taken; the loops are cut in any case.  ``game`` is
    not changed; ``ValueError`` when the engine refuses a move of ``line``."""
    moves = [str(m) for m in line]
    keys = _keys_along(game, moves)
    avoid = set(avoid) - {keys[0]}
    keys, best = _erase_loops(keys, moves)
    for d in range(1, depth + 1):
        for _ in range(PASSES):
            if budget is not None and budget.exhausted():
                return best
            shorter = _checked(game, _one_pass(game, keys, best, avoid, budget, d, walk=d == 1), keys[-1])
            if shorter is None:
                return best
            found_keys, found = shorter
            if (_entered(found_keys, avoid), len(found)) >= (_entered(keys, avoid), len(best)):
                break
            keys, best = found_keys, found
    return best


def _entered(keys: list[str], avoid: set[str]) -> int:
    return sum(1 for key in keys if key in avoid)


def _checked(game: Any, moves: list[str], end: str) -> tuple[list[str], list[str]] | None:
    """``moves`` replayed with any loop cut, and their positions, when they
    end at the position ``end``; None otherwise (a way found wrongly: the
    line before it stands)."""
    try:
        keys = _keys_along(game, moves)
    except ValueError:
        return None
    if keys[-1] != end:
        return None
    keys, moves = _erase_loops(keys, moves)
    return keys, moves
