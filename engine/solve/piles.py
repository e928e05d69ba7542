"""The Republic and The Smith: which searches run, on what, in what turns.

``search(game, budget, known)`` never changes the game and returns a status
and a line of engine moves (``"c3-c7:4"``, ``"p2-f"``, ``"turn"``,
``"s-t"``, ``"redeal"``, ``"c6-f:13"``, ``"deal"``); the interface
(``engine/solve/__init__.py``) replays every line before it answers.

``known=True``: all cards known (statistics, the winnability indicator)
-----------------------------------------------------------------------
The face-down cards (Republic packets, both games' stock order) are taken
as they lie, which makes the game one of perfect information, searched
exactly: WON with a winning line; IMPOSSIBLE when every position reachable
from this one has been examined (up to the reductions below) and none is
won; UNKNOWN (no line) when the budget runs out first.  Two searches share
the budget: the exact depth-first search (``depth_first.exact_steps``),
which alone can prove IMPOSSIBLE, and a second search that only looks for
wins (the model's ``second_search``: The Republic's guided search,
``best_first.guided``; The Smith's deal-by-deal beam search,
``smith_beam.beam``).  The exact search runs alone for a head start, then
the two take turns, counted in nodes so that a node budget gives the same
verdict every time (the model's ``SCHEDULE``).  When the budget bounds the
process's memory (the solver worker), the tables are cut to fit
(:func:`fit_tables`).  The model is the one the game's spec names
(``engine/spec.py``).

``known=False``: only what the player can see (hints)
-----------------------------------------------------
The hidden cards are a Republic packet's face-down cards, the stock (its
order and, in The Smith, its content) and, conservatively, every talon card
but the top one (the player saw them go by, but the table no longer shows
them).  The search (``depth_first.visible``) runs over the *visible part*
of the game: the positions reachable by moves that reveal nothing.  A move
that reveals is a *frontier move* and ends a line without being searched
through: ``turn``, The Smith's ``deal``, playing a face-up packet card (the
next one turns up), emptying a column over its packet, and playing the
talon's top card while others lie under it.  Then WON: a win is reachable
without revealing anything.  IMPOSSIBLE: only when the game is over, or
when the whole visible part has been examined, no position in it is won
and no frontier move is legal anywhere in it: then no card is ever
revealed again, so the verdict holds for every arrangement of the hidden
cards.  UNKNOWN otherwise, with the best line found (never empty while a
legal move exists): internal moves, possibly ended by one frontier move,
ranked by the model's ``score`` of what they leave visible.

The search
----------
Iterative and depth-first over a private compact copy of the position
(``republic.py``, ``smith.py``), moves made and unmade in place; the move
that exactly undoes the one before is not generated.  The positions reached
are kept in a bounded table (``table.py``).  The cyclic garbage collector is
paused while it runs (``budget.collector_paused``): the search makes no
reference cycles, but its deep stack of suspended generators makes every
run of the collector walk thousands of objects.  A won line, which wanders
as a depth-first line does, is shortened before it is returned
(:func:`shorten`).

Soundness: what the exact search may skip
-----------------------------------------
A *win-preserving* reduction skips moves from a position only if the
position can still be won, when it can be won at all, through the moves
kept.  With a table of visited positions that is not quite enough (the
kept moves could lead round in a circle); the arguments also show that a
measure never rises along the move kept alone (3), and falls along some
kept move where nothing is forced (1, 2): the least number of moves other
than ``s-t`` a win needs, doubled, plus one while a turned card waits.  So
if the start can be won, the search reaches a won position: a winnable
position it reaches with the least measure can only be won itself.

1. Symmetry (both games): moves into two vacancies with empty packets (The
   Smith: two empty columns while the stock is empty), or play-backs from
   two foundations with the same top, lead to positions with the same
   canonical key: only the first is generated.  Moving a whole column into
   a vacancy (The Republic: with its packet empty; The Smith: only while the
   stock is empty) gives the same canonical position and is skipped.
2. The Republic: closed home sets are never played back
   (``republic_rules.py``, Lemma 1).
3. The Republic: safe foundation moves are played as the only child of
   their position (``republic_rules.py``, Lemma 2).
4. Nothing else (``smith.py``: why a Smith lay-off is not safe).
"""

from __future__ import annotations

from ..spec import find, load
from .budget import Budget, OutOfBudget, collector_paused, fit_tables
from .depth_first import exact_steps, visible
from .result import Status
from .table import DEFAULT_TABLE_BYTES

#: the nodes of one turn of the exact search, once the second one has started
SLICE = 2048
#: the budget the head start is a share of when the budget has no limit
UNLIMITED_NODES = 1_000_000


def search(game, budget: Budget, known: bool, *,
           max_table_bytes: int = DEFAULT_TABLE_BYTES, avoid: tuple = (),
           gains_only: bool = False, avoid_keys: frozenset = frozenset(),
           floor: float | None = None) -> tuple[Status, list[str]]:
    """Search The Republic or The Smith ``game`` from its position within
    ``budget`` (the module docstring says what ``known`` changes and what
    each status means); ``game`` is not changed.  :class:`OutOfBudget`
    passes through only when the budget is cancelled after a win was found.

    ``avoid`` (``known=False`` only): games at positions no line may pass
    through (a hint that must not take back the last move: ``advice.py``).
    They are entered in the table as reached before the search starts, so
    an IMPOSSIBLE then only means nothing *else* leads on: not a verdict.
    ``avoid_keys``: the same as the model's keys of such positions.
    ``gains_only`` (``known=False`` only): an unknown answer's line ends
    better than the position is now, by the model's ``score``, or there
    is none (``depth_first.visible``); ``floor``: and better than that
    score too."""
    model = model_of(game)
    if game.won:
        return Status.WON, []
    if not game.legal_moves():
        return Status.IMPOSSIBLE, []
    pos = model(game)
    max_table_bytes = fit_tables(budget, max_table_bytes)
    with collector_paused():
        if known:
            try:
                line, pos = _exact_and_second(game, pos, budget, max_table_bytes)
            except OutOfBudget:
                return Status.UNKNOWN, []
            if line is None:
                return Status.IMPOSSIBLE, []
            return Status.WON, [pos.text(m) for m in shorten(pos, line, budget)]
        avoided = {model(g).key() for g in avoid} | set(avoid_keys)
        status, line = visible(pos, budget, max_table_bytes, avoided, gains_only, floor)
        if status is Status.WON:
            # a move that reveals cannot reach a position of a line that revealed
            # nothing (the stock, talon or packet would differ), so this stays visible
            line = shorten(pos, line, budget)
    texts = [pos.text(m) for m in line]
    if status is Status.UNKNOWN and not texts and not gains_only:
        # nothing searched yet: any legal move (not into an avoided position)
        texts = [pos.text(m) for m in pos.moves(None, None) if _leads_out(pos, m, avoided)][:1]
    return status, texts


def model_of(game):
    """The compact model this search plays ``game`` on, as the game's spec
    names it (The Republic's ``RepublicModel``, The Smith's
    ``SmithModel``); ``ValueError`` for a game it does not play."""
    spec = find(game.name)
    if spec is None or spec.model is None:
        raise ValueError(f"this search plays the games whose spec names a model for it, not {game.name!r}")
    return load(spec.model)


def _leads_out(pos, m, avoided: set) -> bool:
    """Whether move ``m`` leads to a position whose key is not in ``avoided``."""
    token = pos.play(m)
    k = pos.key()
    pos.unplay(m, token)
    return k not in avoided


def _head_start_over(budget: Budget, share: float) -> bool:
    used = budget.used()
    if used is None:
        return budget.nodes >= share * UNLIMITED_NODES
    return used >= share


def _exact_and_second(game, pos, budget: Budget, max_bytes: int) -> tuple[list | None, object]:
    """The exact search of ``pos`` and, after its head start, the second
    search of a copy of it (with half the memory bound), taking turns
    (the model's ``SCHEDULE``): (the first winning line found, the model it
    was found on, as it was), or (None, pos) when the exact search has
    proved there is none.  Raises :class:`OutOfBudget`."""
    head_start, second_share = pos.SCHEDULE[game.rule]
    exact = exact_steps(pos, budget, max_bytes, SLICE)
    second = None
    second_pos = None
    try:
        while True:
            if second_pos is None and _head_start_over(budget, head_start):
                second_pos = type(pos)(game)
                run = pos.second_search()
                second = run(second_pos, budget, max_bytes // 2, SLICE * second_share)
            if second is not None:
                try:
                    next(second)
                except StopIteration as stop:
                    second = None                   # given up: the exact search goes on alone
                    if stop.value is not None:
                        return stop.value, second_pos
            try:
                next(exact)
            except StopIteration as stop:
                return stop.value, pos
    finally:
        exact.close()
        if second is not None:
            second.close()


def shorten(pos, line: list, budget: Budget | None = None) -> list:
    """A line no longer than ``line`` that wins from ``pos`` too: from each
    position, the move that reaches the latest position of ``line`` (by key)
    in one step.  ``pos`` is left as it was (unless ``budget``, polled
    between steps, is cancelled: then :class:`OutOfBudget`)."""
    poll = budget.poll if budget is not None else (lambda: None)
    keys = {}
    tokens = []
    for i, m in enumerate(line):
        keys[pos.key()] = i
        tokens.append(pos.play(m))
    for m, token in zip(reversed(line), reversed(tokens)):
        pos.unplay(m, token)
    poll()
    end = len(line)
    out: list = []
    undo: list = []
    at = 0
    while at < end:
        poll()
        best, best_at = None, at
        for m in pos.moves(None, None):
            token = pos.play(m)
            reach = end if pos.won() else keys.get(pos.key(), -1)
            pos.unplay(m, token)
            if reach > best_at:
                best, best_at = m, reach
                if reach == end:
                    break
        if best is None:                           # cannot happen; keep the line found
            out = list(line)
            break
        undo.append((best, pos.play(best)))
        out.append(best)
        at = best_at
    for m, token in reversed(undo):
        pos.unplay(m, token)
    return out
