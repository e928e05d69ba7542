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

A line of thousands of moves (The Republic's search once found one of
9,592) is first looked over by leaps (:func:`_leap_pass`): from the first
position, the furthest later position of the line the short ways reach,
and on from there, so the positions leapt over are never searched from;
one pass costs about what the line it leaves costs, not the line given.

The Republic's short ways are searched on the solver's compact model of it
(``republic.py``, moves made and taken back in place, many times faster
than the engine's hooks: :class:`_RepublicBoard`); the other games' on a
copy of the game (:class:`_Board`).

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

from collections.abc import Callable, Iterable
from typing import Any

from ..errors import MoveError
from ..notation import Move
from . import republic_rules
from .advice import key as position_key
from .advice import replayed
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
#: a line longer than this is first looked over by leaps (:func:`_leap_pass`)
LONG = 1500
#: the leaps go on while a pass leaves at most this share of the line
LEAP_GAIN = 0.9
#: the passes by leaps, among the others
LEAP = "leap"


def passed_keys(game: Any) -> set[str]:
    """The positions ``game`` has been through before the one it is at
    (:func:`position_key`), from its history replayed from its deal (or its
    puzzle's start): the hints' replay, kept between questions
    (``advice.replayed``)."""
    if not game.history:
        return set()
    return replayed(game).keys - {position_key(game)}


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

    @staticmethod
    def text(move: Move) -> str:
        return str(move)

    def avoided(self, avoid: set[str]) -> set[str]:
        """``avoid`` (position keys, :func:`position_key`) as this board's keys."""
        return avoid

    def back(self) -> None:
        """Take back the move last tried."""
        g = self.game
        g._restore(self._tried.pop())
        g._legal = None

    def advance(self, text: str) -> None:
        """Play the line's next move for good."""
        self.game.play(text)


def _republic_move(text: str) -> tuple[int, int, int, int] | None:
    """``text`` (engine notation) as a move of The Republic's model
    (``republic_rules.py``; the layoff: ``LAYOFF``), None when the model
    has none like it (a card sent to a foundation named)."""
    r = republic_rules
    if text == "layoff":
        return LAYOFF
    if text == "turn":
        return r.TURN_MOVE
    if text == "redeal":
        return r.REDEAL_MOVE
    try:
        parsed = Move.parse(text)
    except ValueError:
        return None
    src, dst, k = parsed.src, parsed.dst, parsed.count
    kind, a = src[0], (int(src[1:]) - 1 if len(src) > 1 else 0)
    if dst == "f":
        to = {"c": r.CF, "p": r.PF, "s": r.SF, "t": r.TF}.get(kind)
        if to is None or k != 1 or (kind in "st" and len(src) > 1) or not 0 <= a < 10:
            return None
        return (to, a, 0, 1)
    if dst == "t":
        return r.ST_MOVE if src == "s" else None
    if dst[0] != "c" or len(dst) < 2:
        return None
    b = int(dst[1:]) - 1
    to = {"c": r.CC, "p": r.PC, "s": r.SC, "t": r.TC, "f": r.FC}.get(kind)
    if to is None or (k != 1 and to != r.CC) or (kind in "st" and len(src) > 1) or (kind == "f" and len(src) < 2):
        return None
    if not (0 <= a < (8 if kind == "f" else 10) and 0 <= b < 10):
        return None
    return (to, a if kind in "cpf" else 0, b, k)


#: The Republic's layoff (every card of the columns and face-up packets that
#: can go home, one by one), as the board of short ways plays it
LAYOFF = (-1, 0, 0, 1)


#: the kinds of The Republic's model's moves that put cards in a column
_TO_COLUMN = frozenset((republic_rules.CC, republic_rules.PC, republic_rules.SC, republic_rules.TC,
                        republic_rules.FC))


def _layoff_move(model: Any) -> tuple[int, int, int, int] | None:
    """The card the layoff sends home next in ``model``'s position, as the
    engine's layoff looks (the columns' top cards left to right, then the
    face-up packets'), as a move of the model; None when none can go."""
    r = republic_rules
    wanted = model.wanted
    for i, col in enumerate(model.cols):
        if col and wanted[col[-1]]:
            return (r.CF, i, 0, 1)
    for i, pack in enumerate(model.packs):
        if pack and not model.cols[i] and wanted[pack[-1]]:
            return (r.PF, i, 0, 1)
    return None


def _republic_allows(model: Any, move: tuple[int, int, int, int]) -> bool:
    """Whether The Republic's rules (docs/rules.md) allow ``move`` in ``model``'s
    position; a way found by it is replayed by the engine before it is used."""
    r = republic_rules
    kind, a, b, k = move
    cols, packs, fits, wanted = model.cols, model.packs, model.fits, model.wanted
    if move == LAYOFF:
        return _layoff_move(model) is not None
    if kind == r.TURN:
        return model.turned < 0 and bool(model.stock)
    if kind == r.REDEAL:
        return model.turned < 0 and not model.stock and bool(model.talon) and model.redeals != 0
    if kind == r.CC or kind == r.CF:
        src = cols[a]
        if len(src) < k or (kind == r.CF and not wanted[src[-1]]):
            return False
        if kind == r.CF:
            return True
        if a == b:
            return False
        for x in range(len(src) - k + 1, len(src)):
            if not fits[src[x - 1]][src[x]]:
                return False
        c = src[-k]
    elif kind == r.PF or kind == r.PC:
        if not packs[a] or cols[a]:
            return False
        c = packs[a][-1]
    elif kind <= r.ST:
        c = model.turned
    elif kind <= r.TC:
        c = model.talon[-1] if model.talon else -1
    else:
        c = model.found[a]
    if c < 0:
        return False
    if kind in (r.PF, r.SF, r.TF):
        return bool(wanted[c])
    if kind == r.ST:
        return True
    dst = cols[b]
    if dst:
        if not fits[dst[-1]][c]:
            return False
    elif packs[b]:
        return False
    if k == 1:
        return True
    vacancies = sum(1 for col, pack in zip(cols, packs) if not col and not pack)
    return k <= (1 << vacancies if dst else 1 << (vacancies - 1))


class _RepublicBoard:
    """The Republic's board for the search of short ways: the solver's
    compact model (``republic.py``'s ``RepublicModel``: moves made and taken
    back in place, many times faster than the engine's hooks), its
    positions keyed exactly (``exact_key``: every pile in its place, the
    face-down cards included).  It tries the model's moves (all of them but
    a few the search never needs: into a second vacancy, say); every line
    found is replayed by the engine's public rules before it is used
    (:func:`_checked`)."""

    def __init__(self, game: Any) -> None:
        from .republic import RepublicModel
        self.game = game
        self.model = RepublicModel(game, reductions=False)
        self._tried: list[tuple[Any, Any]] = []
        self._parsed: dict[str, tuple[int, int, int, int] | None] = {}

    @classmethod
    def takes(cls, game: Any, moves: list[str]) -> bool:
        """Whether this board serves ``game`` and every move of ``moves``."""
        return game.name == "republic" and all(_republic_move(m) is not None for m in set(moves))

    def move(self, text: str) -> tuple[int, int, int, int] | None:
        if text not in self._parsed:
            self._parsed[text] = _republic_move(text)
        return self._parsed[text]

    def text(self, move: tuple[int, int, int, int]) -> str:
        return "layoff" if move == LAYOFF else self.model.text(move)

    def legal(self) -> list[tuple[int, int, int, int]]:
        model = self.model
        moves = list(model.moves())
        vacancies = [j for j, (col, pack) in enumerate(zip(model.cols, model.packs)) if not col and not pack]
        if len(vacancies) > 1:     # the model moves into the first vacancy only
            first = vacancies[0]
            moves += [(kind, a, j, k) for kind, a, b, k in moves
                      if b == first and kind in _TO_COLUMN for j in vacancies[1:]]
        if _layoff_move(model) is not None:
            moves.append(LAYOFF)
        return moves

    def _play(self, move: tuple[int, int, int, int]) -> Any:
        if move != LAYOFF:
            return self.model.play(move)
        done = []
        while (home := _layoff_move(self.model)) is not None:
            done.append((home, self.model.play(home)))
        return done

    def _unplay(self, move: tuple[int, int, int, int], token: Any) -> None:
        if move != LAYOFF:
            self.model.unplay(move, token)
            return
        for home, t in reversed(token):
            self.model.unplay(home, t)

    def allows(self, move: tuple[int, int, int, int]) -> bool:
        return _republic_allows(self.model, move)

    def try_move(self, move: tuple[int, int, int, int]) -> bytes:
        self._tried.append((move, self._play(move)))
        return self.model.exact_key()

    def back(self) -> None:
        move, token = self._tried.pop()
        self._unplay(move, token)

    def key(self) -> bytes:
        return self.model.exact_key()

    def advance(self, text: str) -> None:
        self._play(self.move(text))

    def avoided(self, avoid: set[str]) -> set[bytes]:
        """``avoid`` (position keys, :func:`position_key`) as this board's keys."""
        from ast import literal_eval

        from .. import from_dict
        from .republic import RepublicModel
        doc = self.game.to_dict()
        keys = set()
        for key in avoid:
            position = from_dict({"format": doc["format"], "game": doc["game"], "options": doc["options"],
                                  "position": literal_eval(key)})
            keys.add(RepublicModel(position, reductions=False).exact_key())
        return keys

    def keys_along(self, moves: list[str]) -> list[bytes]:
        """The positions of ``moves`` from the board's, both ends included (the board is not changed)."""
        keys = [self.key()]
        for text in moves:
            keys.append(self.try_move(self.move(text)))
        for _ in moves:
            self.back()
        return keys


def _no_tick() -> None:
    pass


class _Shortcuts:
    """The short ways found from the positions of one line: ``edges[t]``
    is a list of ``(v, moves)``, ``moves`` leading from position ``t`` of
    the line to its later position ``v`` in at most ``v - t`` moves, through
    no position of the line and none avoided."""

    def __init__(self, keys: list[str], moves: list[str], avoid: set[str], budget: Budget | None) -> None:
        self.keys, self.moves, self.avoid, self.budget = keys, moves, avoid, budget
        self.index = {key: i for i, key in enumerate(keys)}
        self.edges: dict[int, list[tuple[int, list[str]]]] = {}
        self._tick = budget.tick if budget is not None else _no_tick

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

    def _search(self, board: Any, t: int, depth: int, path: list[Any], seen: set) -> None:
        """Every line of at most ``depth`` moves more from the board's
        position, reached from position ``t`` by ``path`` (its moves as the
        board's); the board is back where it was afterwards."""
        tick, index, avoid = self._tick, self.index, self.avoid
        for move in board.legal():
            tick()                     # the budget runs out between tries, with the board in place
            key = board.try_move(move)
            if key not in seen:
                seen.add(key)
                v = index.get(key)
                if v is not None:
                    if v - t > len(path):
                        self._found(t, v, [board.text(m) for m in path] + [board.text(move)])
                elif depth > 1 and key not in avoid:
                    path.append(move)
                    try:
                        self._search(board, t, depth - 1, path, seen)
                    except BaseException:
                        board.back()
                        raise
                    path.pop()
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


def _one_pass(make: Callable[[], Any], keys: list, moves: list[str], avoid: set, budget: Budget | None,
              depth: int, walk: bool) -> list[str]:
    """The line by the short ways found from as many of its positions as
    the budget allows (the fewest moves by them: :meth:`_Shortcuts.best`)."""
    found = _Shortcuts(keys, moves, avoid, budget)
    board = make()
    try:
        for t, move in enumerate(moves):
            found.from_position(board, t, depth, walk)
            board.advance(move)
    except OutOfBudget:
        pass
    return found.best()


def _leap_pass(make: Callable[[], Any], keys: list, moves: list[str], avoid: set, budget: Budget | None,
               depth: int) -> list[str]:
    """The line by the furthest short way from each position it comes to,
    from the first on: a position the short ways leap over is never
    searched from, so a long line that wanders is looked over in one pass
    in about the time the line it leaves takes (:meth:`_Shortcuts.best`
    looks from every position, which the wanderings of a line of thousands
    of moves make too slow).  Where the budget runs out, the line goes on
    as it was."""
    found = _Shortcuts(keys, moves, avoid, budget)
    board = make()
    out: list[str] = []
    t = 0
    try:
        while t < len(moves):
            found.from_position(board, t, depth, walk=True)
            v, path = t + 1, [moves[t]]
            for u, way in found.edges.get(t, ()):
                if u > v and keys[u] not in avoid:
                    v, path = u, way
            for move in path:
                board.advance(move)
            out += path
            t = v
    except OutOfBudget:
        out += moves[t:]
    return out


def shorten(game: Any, line: Iterable[str], budget: Budget | None = None, *,
            avoid: Iterable[str] = (), depth: int = DEPTH) -> list[str]:
    """``line`` (moves from ``game``'s position, engine notation) with its
    loops cut and the short ways taken that a search within ``budget``
    finds (None: no limit), never longer, ending at the same position;
    where the short ways allow, through no position of ``avoid`` (position
    keys, :func:`position_key`; the game's own position excepted).

    A line longer than ``LONG`` moves is first looked over by leaps
    (:func:`_leap_pass`, ``depth`` moves deep), again while that shortens
    it by a tenth or more.  Then the search looks over the whole line one
    move deep (with the walks that leave one of its moves out), again while
    that shortens it, then ``depth`` moves deep.  Once the budget runs out,
    the short ways found so far are taken; the loops are cut in any case.
    ``game`` is not changed; ``ValueError`` when the engine refuses a move
    of ``line``."""
    moves = [str(m) for m in line]
    keys = _keys_along(game, moves)
    avoid = set(avoid) - {keys[0]}
    keys, best = _erase_loops(keys, moves)
    board = _RepublicBoard if _RepublicBoard.takes(game, best) else _Board

    def make() -> Any:
        return board(game)

    avoided = make().avoided(avoid)

    def board_keys(engine_keys: list[str], moves: list[str]) -> list:
        return engine_keys if board is _Board else make().keys_along(moves)

    bkeys = board_keys(keys, best)
    stages = [(LEAP, depth)] if len(best) > LONG else []
    stages += [("all", d) for d in range(1, depth + 1)]
    passes = [stage for stage in stages for _ in range(PASSES)]
    done = None
    for stage in passes:
        if stage == done:
            continue
        if budget is not None and budget.exhausted():
            return best
        kind, d = stage
        if kind == LEAP:
            found = _leap_pass(make, bkeys, best, avoided, budget, d)
        else:
            found = _one_pass(make, bkeys, best, avoided, budget, d, walk=d == 1)
        shorter = _checked(game, found, keys[-1])
        if shorter is None:
            return best
        found_keys, found = shorter
        if (_entered(found_keys, avoid), len(found)) >= (_entered(keys, avoid), len(best)):
            done = stage
            continue
        if kind == LEAP and len(found) > len(best) * LEAP_GAIN:
            done = stage
        keys, best = found_keys, found
        bkeys = board_keys(keys, best)
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
