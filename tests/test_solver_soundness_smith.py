"""The Smith's searches against an independent referee (issue 18).

The referee is a naive exhaustive search written here, knowing nothing of
the solver: the engine's own ``legal_moves``, ``play`` and ``undo`` from a
position document, positions keyed on the whole document
(``game.position()`` as JSON), nothing pruned, nothing reordered but
lay-offs first (that only decides how soon a win turns up).

What is checked, on small positions (six or seven suits laid off, the
cards of the rest spread over the columns and sometimes an eight-card
stock), under each packing rule:

- the solver's ``won`` replays in the engine to a won game;
- its ``impossible`` only where the referee finds no win: the exact search's
  reductions (``piles.py``: symmetry once the stock is empty, no whole
  column into an empty one then, the reversal of the last move) prune
  nothing that matters;
- where the referee finds a win the solver never says ``impossible``;
- the beam search alone (``smith_beam.py``, with its pruned moves and its
  hashed table of positions met) only ever claims wins that replay, and
  claims none where the referee proves there is none;
- a hint (``advice.py``, whose search avoids the position before the last
  move) is a legal move whenever the referee finds the game winnable: an
  avoided position never turns into "no move helps";
- the searches with tables cut to nothing (``max_table_bytes=0``, as a
  memory-bounded budget may make them) give the same verdicts.

Every sample holds both outcomes, proved by the referee, so no check can
pass vacuously.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.cards import RANKS, SUITS
from engine.solve import Budget, Status, hint, piles, solve
from engine.solve.budget import OutOfBudget
from engine.solve.smith import SmithModel
from engine.solve.smith_beam import PLAIN, STRICT, beam

pytestmark = pytest.mark.slow

RULES = ("any-suit", "alternate", "same-suit")
#: the referee's limit of positions: a position past it is counted, not judged
REFEREE_LIMIT = 20_000
SOLVER_NODES = 100_000


class TooBig(Exception):
    """The referee passed its limit of positions."""


def referee(doc: dict) -> bool:
    """Whether the position ``doc`` can be won: depth-first over the
    engine's legal moves, every position (as its whole document) once."""
    game = engine.from_dict(doc)
    if game.won:
        return True
    seen = {json.dumps(game.position())}
    frames = [_moves(game)]
    while frames:
        if not frames[-1]:
            frames.pop()
            game.undo()
            continue
        game.play(frames[-1].pop())
        if game.won:
            return True
        k = json.dumps(game.position())
        if k in seen:
            game.undo()
            continue
        seen.add(k)
        if len(seen) > REFEREE_LIMIT:
            raise TooBig
        frames.append(_moves(game))
    return False


def _moves(game: engine.Game) -> list[str]:
    """The legal moves, lay-offs last in the list (so popped first)."""
    moves = [str(m) for m in game.legal_moves()]
    return sorted(moves, key=lambda m: m.endswith(":13") and "-f" in m)


def small_doc(rnd: random.Random, rule: str) -> dict[str, Any]:
    """Six suits laid off; the 26 cards of the other two shuffled (now and
    then a stretch of them sorted, as play makes runs), eight of them in
    the stock half the time, the rest dealt over the eight columns (none
    empty, mostly even)."""
    order = [s for s in SUITS for _ in range(2)]
    rnd.shuffle(order)
    laid, loose = order[:6], order[6:]
    cards = [r + s for s in loose for r in RANKS]
    rnd.shuffle(cards)
    if rnd.random() < 0.5:
        a = rnd.randrange(len(cards) - 2)
        b = min(len(cards), a + rnd.randrange(2, 7))
        cards[a:b] = sorted(cards[a:b], key=lambda c: -RANKS.index(c[0]))
    stock: list[str] = []
    if rnd.random() < 0.5:
        stock, cards = cards[:8], cards[8:]
    columns: list[list[str]] = [[c] for c in cards[:8]]
    for c in cards[8:]:
        columns[rnd.randrange(8)].append(c)
    return {"format": 1, "game": "smith", "options": {"rule": rule},
            "position": {"columns": columns, "stock": stock,
                         "foundations": ["K" + s for s in laid] + [None, None]}}


def run_beam(game, nodes: int, weights=None):
    """The beam search alone: its line, None (given up) or "unknown"."""
    attempts = ((6, 300, 2, 2000, weights or PLAIN),)
    run = beam(SmithModel(game), Budget(nodes=nodes), 1 << 24, pause=500, attempts=attempts)
    try:
        while True:
            next(run)
    except StopIteration as stop:
        return stop.value
    except OutOfBudget:
        return "unknown"


def replays_to_win(doc: dict, moves: list[str]) -> bool:
    game = engine.from_dict(doc)
    for m in moves:
        if game.explain(m) is not None:
            return False
        game.play(m)
    return game.won


@pytest.mark.parametrize("rule", RULES)
def test_smith_verdicts_agree_with_the_referee(rule):
    """A won verdict is its own proof once it replays; every other verdict
    is refereed (within its limit of positions)."""
    rnd = random.Random(18 + RULES.index(rule))
    tally = {"won": 0, "lost": 0, "too big": 0}
    for _ in range(30):
        doc = small_doc(rnd, rule)
        result = solve(engine.from_dict(doc), Budget(nodes=SOLVER_NODES), known=True)
        if result.status is Status.WON:
            assert replays_to_win(doc, result.moves), doc
            truth = True
            tally["won"] += 1
        else:
            try:
                truth = referee(doc)
            except TooBig:
                tally["too big"] += 1
                truth = None
            if truth is not None:
                tally["won" if truth else "lost"] += 1
                assert truth is (result.status is not Status.IMPOSSIBLE), (doc, result.status)
        # the exact search with no table at all: the same verdict when it ends
        status, _ = piles.search(engine.from_dict(doc), Budget(nodes=SOLVER_NODES // 2), True,
                                 max_table_bytes=0)
        if status is not Status.UNKNOWN and truth is not None:
            assert (status is Status.WON) == truth, doc
        # the beam alone, with either set of weights: only wins that replay
        for weights in (PLAIN, STRICT):
            found = run_beam(engine.from_dict(doc), 20_000, weights)
            if isinstance(found, list):
                pos = SmithModel(engine.from_dict(doc))
                assert truth is not False and replays_to_win(doc, [pos.text(m) for m in found]), doc
        # a hint after a first move of the winning line: the hint's search
        # avoids the position before it, and still has a move to give
        if result.status is Status.WON and len(result.moves) > 1 and result.moves[0] != "deal":
            played = engine.from_dict(doc)
            played.play(result.moves[0])
            move = hint(played, Budget(nodes=20_000))
            assert move is not None and played.explain(move) is None, doc
    assert tally["won"] >= 3 and tally["lost"] >= 1, tally
