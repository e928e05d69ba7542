"""The depth-first searches of The Republic and The Smith, over a model
(``republic.py``, ``smith.py``) whose moves are made and unmade in place.

- :func:`exact` / :func:`exact_steps`: every position reachable from the
  start, up to the model's proved reductions; the only search that may
  prove a position lost.
- :func:`visible`: the part of the game reachable without revealing a
  hidden card (``piles.py`` says what that is and why its verdicts hold).

Both are iterative (a line can be 10^5 moves long), generate moves lazily
(the search usually follows the first move and rarely needs the rest) and
keep the positions reached in a bounded :class:`~engine.solve.table.Table`,
inlined in the inner loop.
"""

from __future__ import annotations

from .budget import Budget, OutOfBudget
from .result import Status
from .table import ENTRY_OVERHEAD, Table


def unwind(stack: list, unplay, at: int = 1) -> None:
    """Take back the moves of the search's current line (its frames; ``at``:
    where a frame keeps its move, its token next)."""
    for frame in reversed(stack):
        if frame[at] is not None:
            unplay(frame[at], frame[at + 1])
    stack.clear()


def abandon(stack: list, unplay, budget: Budget) -> None:
    """The search stops: its line is taken back (:func:`unwind`), unless
    the budget was cancelled.  Then nobody will use the position again,
    and the frames (a line can be thousands of moves deep) are handed to
    the budget to be freed after the answer."""
    if budget.cancelled:
        budget.keep(stack)
    else:
        unwind(stack, unplay)


#: frames nearer the root than this keep no move generator: it is rebuilt if
#: the search comes back to them (a depth-first line can be 10^5 moves long)
LIVE_FRAMES = 512


def exact(pos, budget: Budget, max_bytes: int) -> list | None:
    """Depth-first search of every position reachable from ``pos``: the
    winning line (internal moves) or None when there is none.  Raises
    :class:`OutOfBudget`.  ``pos`` is left as it was."""
    run = exact_steps(pos, budget, max_bytes)
    while True:
        try:
            next(run)
        except StopIteration as stop:
            return stop.value


def exact_steps(pos, budget: Budget, max_bytes: int, pause: int = 1 << 62):
    """:func:`exact` as a generator that yields (None) after every ``pause``
    nodes, so that another search can take turns with it; its return value
    (``StopIteration.value``) is the winning line or None.  :class:`OutOfBudget`
    passes through, with ``pos`` left as it was (unless the budget was
    cancelled: :func:`abandon`)."""
    if pos.won():
        return []
    table = Table(max_bytes)
    budget.keep(table.seen, table.line)
    table.enter(pos.key())
    seen, line = table.seen, table.line
    tick = budget.tick
    play, unplay, key, gen, won = pos.play, pos.unplay, pos.key, pos.moves, pos.won
    # a frame: [its moves (a generator, or None far from the top), the move that
    # led here, its undo token, its key if kept on ``line`` only, moves taken]
    stack = [[gen(None, None), None, None, None, 0]]
    count = 0
    while stack:
        frame = stack[-1]
        moves = frame[0]
        if moves is None:
            moves = frame[0] = gen(frame[1], frame[2])
            for _ in range(frame[4]):
                next(moves)
        m = next(moves, None)
        if m is None:
            stack.pop()
            if frame[1] is not None:
                unplay(frame[1], frame[2])
                if frame[3] is not None:
                    line.discard(frame[3])
            continue
        frame[4] += 1
        count += 1
        if count >= pause:
            count = 0
            try:
                yield None             # the position stays as it is meanwhile
            except GeneratorExit:
                abandon(stack, unplay, budget)
                raise
        try:
            tick()
        except OutOfBudget:
            abandon(stack, unplay, budget)
            raise
        token = play(m)
        if won():
            path = [f[1] for f in stack[1:]]
            path.append(m)
            unplay(m, token)
            unwind(stack, unplay)
            return path
        k = key()
        if k in seen or k in line:
            unplay(m, token)
            continue
        if table.room > 0:
            seen.add(k)
            table.room -= len(k) + ENTRY_OVERHEAD
            stack.append([gen(m, token), m, token, None, 0])
        else:
            line.add(k)
            stack.append([gen(m, token), m, token, k, 0])
        if len(stack) > LIVE_FRAMES:
            stack[-LIVE_FRAMES - 1][0] = None
    return None


def visible(pos, budget: Budget, max_bytes: int, avoid=(), gains_only: bool = False,
            floor: float | None = None) -> tuple[Status, list]:
    """Depth-first search of the visible part (``piles.py``): (WON, the
    line), (IMPOSSIBLE, []) or (UNKNOWN, the best line: the model's
    ``score`` of what a line leaves visible, less one a move; a line may
    end with one frontier move, valued by ``frontier_gain``).  ``pos`` is
    left as it was (unless the budget was cancelled: :func:`abandon`).
    ``avoid``: keys of positions taken as reached already, which no line
    passes through (``advice.py``).  Only the keys of internal positions
    matter: a frontier move ends its line before its position is keyed.
    ``gains_only``: an unknown answer's best line must be worth more than
    staying put (the position's own score): a hint that gains nothing is
    no hint, and the hint names the way on instead (``advice.py``); with
    ``floor``, worth more than that as well."""
    if pos.won():
        return Status.WON, []
    table = Table(max_bytes)
    budget.keep(table.seen, table.line)
    table.enter(pos.key())
    for k in avoid:
        table.enter(k)
    tick = budget.tick
    play, unplay, key, gen, won = pos.play, pos.unplay, pos.key, pos.moves, pos.won
    frontier, score, gain = pos.is_frontier, pos.score, pos.frontier_gain
    enter = table.enter
    best_score: float = float("-inf")
    if gains_only:
        best_score = score() if floor is None else max(score(), floor)
    best: list = []
    frontier_seen = False

    def split(frame) -> list:
        """The internal moves of the top frame's position; its frontier moves
        end lines here (a rebuilt frame weighs them again, to no effect)."""
        nonlocal best_score, best, frontier_seen
        here, depth = frame[5], len(stack) - 1
        inner = []
        for m in gen(frame[1], frame[2]):
            if frontier(m):
                frontier_seen = True
                value = here + gain(m) - depth - 1
                if value > best_score:
                    best_score = value
                    best = [f[1] for f in stack[1:]] + [m]
            else:
                inner.append(m)
        return inner

    # a frame: [internal moves (None far from the top), the move that led here,
    # its undo token, its key if kept on ``line`` only, moves taken, its score]
    stack: list = [[None, None, None, None, 0, score()]]
    try:
        while stack:
            frame = stack[-1]
            moves = frame[0]
            if moves is None:
                moves = frame[0] = split(frame)
            i = frame[4]
            if i == len(moves):
                stack.pop()
                if frame[1] is not None:
                    unplay(frame[1], frame[2])
                    if frame[3] is not None:
                        table.line.discard(frame[3])
                continue
            frame[4] = i + 1
            m = moves[i]
            tick()
            token = play(m)
            if won():
                line = [f[1] for f in stack[1:]]
                line.append(m)
                unplay(m, token)
                unwind(stack, unplay)
                return Status.WON, line
            k = key()
            how = enter(k)
            if not how:
                unplay(m, token)
                continue
            here = score()
            depth = len(stack)
            if here - depth > best_score:
                best_score = here - depth
                best = [f[1] for f in stack[1:]] + [m]
            stack.append([None, m, token, k if how == 2 else None, 0, here])
            if len(stack) > LIVE_FRAMES:
                stack[-LIVE_FRAMES - 1][0] = None
    except OutOfBudget:
        abandon(stack, unplay, budget)
        return Status.UNKNOWN, best
    if not frontier_seen:
        return Status.IMPOSSIBLE, []
    return Status.UNKNOWN, best

