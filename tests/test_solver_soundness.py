"""An independent referee for the solvers: "impossible" must be a proof.

The referee is a deliberately naive exhaustive search that knows nothing of
the solvers: it plays the engine's own legal moves (``legal_moves``,
``play``, ``undo``) from a position document, with a set of visited
positions keyed on the whole position document (``game.position()``, as
JSON), and prunes nothing.  Left out are only:

- ``redeal`` in Gaps and Chinese Puzzle (a random shuffle; the solver
  answers "winnable within this deal", never redealing);
- ``layoff`` in The Republic and The Prince: it is only a sequence of single
  foundation moves, each of them among the legal moves anyway, so the set of
  positions reached is the same without it.

The Republic's and The Smith's face-down cards are taken as they lie (the
solver's ``known=True``): ``turn``, ``deal`` and a packet turning up reveal
the cards the document holds, because the referee plays the engine's real
moves.

Small positions are generated from fixed seeds: near-endgames with most
cards home or locked and a handful loose, for each game and each packing
rule or option; every generated document is loaded by ``engine.from_dict``
(so it is a position the engine accepts).  A ``won`` verdict is its own
proof once its line replays, so the referee searches every ``impossible``
and ``unknown`` verdict and only a few of the won ones (a check on the
referee itself), within a limit of positions.  For each position:

- a ``won`` verdict's moves replay in the engine to a won game;
- ``impossible`` only when the referee finds no win (the property under
  test: "impossible" is a proof);
- when the referee finds a win, the solver (given a generous node budget)
  never says ``impossible``; an ``unknown`` (the budget spent) is searched
  by the referee too, and a position too big for the referee is counted,
  not judged;
- The Republic and The Smith are also solved with ``known=False`` (the hint
  mode): its ``impossible`` must hold for the cards as they lie too.

Each sample must contain both winnable and unwinnable positions (the
unwinnable ones proved so by the referee), so the tests cannot pass
vacuously; the one exception is The Prince under any suit, whose random
near-endgames are all but always won (its sample checks won lines only).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import engine
from engine.cards import RANKS, SUITS
from engine.solve import Budget, solve

pytestmark = pytest.mark.slow

#: the solver's node budget: generous for positions this small
SOLVER_NODES = 200_000
#: the hint mode's (The Republic, The Smith)
HINT_NODES = 20_000


class TooBig(Exception):
    """The referee's search passed its limit of positions."""


# ================================================================= the referee

def _key(game: engine.Game) -> str:
    return json.dumps(game.position())


def _moves(game: engine.Game) -> list[str]:
    """The engine's legal moves the referee tries: all of them but the random
    redeal of the grid games and the ``layoff`` macro, foundation moves first
    (the order only decides how soon a win turns up)."""
    skip = {"redeal"} if game.name in ("gaps", "chinese-puzzle") else {"layoff"}
    moves = [str(m) for m in game.legal_moves()]
    return sorted((m for m in moves if m not in skip), key=lambda m: "-f" not in m)


def _puzzle(doc: dict[str, Any]) -> dict[str, Any]:
    return {"format": 1, "game": doc["game"], "options": dict(doc.get("options", {})),
            "position": doc["position"]}


def referee(doc: dict[str, Any], limit: int) -> tuple[bool, int]:
    """Whether some sequence of legal moves wins from ``doc``'s position, and
    how many positions were visited.  Raises :class:`TooBig` past ``limit``
    positions."""
    game = engine.from_dict(_puzzle(doc))
    if game.won:
        return True, 1
    if game.name == "gaps":
        return _referee_rebuilding(game, limit)
    seen = {_key(game)}
    stack = [iter(_moves(game))]
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                game.undo()
            continue
        game.play(m)
        if game.won:
            return True, len(seen)
        k = _key(game)
        if k in seen:
            game.undo()
            continue
        seen.add(k)
        if len(seen) > limit:
            raise TooBig
        stack.append(iter(_moves(game)))
    return False, len(seen)


def _referee_rebuilding(game: engine.Game, limit: int) -> tuple[bool, int]:
    """The same search for Gaps, whose undo reaches back one move only: each
    position is loaded afresh from its document, each move tried and taken
    back at once."""
    base = {"format": 1, "game": game.name, "options": dict(game.options)}
    start = game.position()
    seen = {json.dumps(start)}
    todo = [start]
    while todo:
        here = engine.from_dict({**base, "position": todo.pop()})
        for m in _moves(here):
            here.play(m)
            if here.won:
                return True, len(seen)
            pos = here.position()
            k = json.dumps(pos)
            here.undo()
            if k not in seen:
                seen.add(k)
                if len(seen) > limit:
                    raise TooBig
                todo.append(pos)
    return False, len(seen)


# ================================================================= checking a position

def replays_to_win(doc: dict[str, Any], moves: list[str]) -> bool:
    game = engine.from_dict(_puzzle(doc))
    for m in moves:
        reason = game.explain(m)
        assert reason is None, f"the solver's move {m!r} is illegal: {reason}\n{json.dumps(doc)}"
        game.play(m)
    return game.won


def check_sample(make, count: int, seed: int, limit: int, refereed_wins: int = 4) -> Counter:
    """Solve ``count`` positions from ``make(rnd)`` (None: the generator
    drew a layout the rules refuse) and hold each verdict against the
    referee's; returns a tally of the outcomes.

    A ``won`` line must replay to a win (that is its own proof; the referee
    also searches the first ``refereed_wins`` of them, as a check on itself).
    ``impossible`` and ``unknown`` are searched by the referee within
    ``limit`` positions: an ``impossible`` the referee can win is the bug
    this file is for."""
    rnd = random.Random(seed)
    tally: Counter = Counter()
    for _ in range(count):
        doc = make(rnd)
        if doc is None:
            tally["refused"] += 1
            continue
        puzzle = _puzzle(doc)
        shown = json.dumps(puzzle)
        game = engine.from_dict(puzzle)            # a document the engine accepts
        before = game.to_dict()
        known = game.name in ("republic", "smith")
        result = solve(game, Budget(nodes=SOLVER_NODES), known=known)
        assert game.to_dict() == before, "the solver changed the game"
        tally[result.status] += 1
        if result.status == "won":
            assert replays_to_win(doc, result.moves), f"the solver's line does not win:\n{shown}"
            tally["win"] += 1
            if tally["win refereed"] < refereed_wins:
                try:
                    winnable, _ = referee(doc, limit // 4)
                except TooBig:
                    pass
                else:
                    assert winnable, f"referee bug: it finds no win where the solver replayed one:\n{shown}"
                    tally["win refereed"] += 1
        else:
            try:
                winnable, _ = referee(doc, limit)
            except TooBig:
                tally["too big for the referee"] += 1
                winnable = None
            if winnable is not None:
                tally["win" if winnable else "lose"] += 1
                assert not (winnable and result.status == "impossible"), \
                    f"the solver says impossible, the referee wins:\n{shown}"
        if known:
            # the hint mode sees only the face-up cards: its "impossible"
            # must hold for the hidden cards as they lie, too
            hint = solve(engine.from_dict(puzzle), Budget(nodes=HINT_NODES), known=False)
            tally["hint " + hint.status] += 1
            if hint.status == "won":
                assert replays_to_win(doc, hint.moves), f"the hint mode's line does not win:\n{shown}"
            if hint.status == "impossible":
                assert result.status != "won", f"the hint mode says impossible, the solver won:\n{shown}"
                if result.status != "impossible":
                    winnable, _ = referee(doc, 20 * limit)
                    assert not winnable, f"the hint mode says impossible, the referee wins:\n{shown}"
    print(dict(tally))
    return tally


# ================================================================= generators

def _layers(rnd: random.Random, cards: list[str], piles: int, depth: int = 2) -> list[list[str]]:
    """``cards`` dealt bottom up, a round of one card a pile at a time for
    ``depth`` rounds, the rest at random: each pile gets at least one card
    (when there are enough) and the first cards lie lowest."""
    out: list[list[str]] = [[] for _ in range(piles)]
    for k, c in enumerate(cards):
        out[k % piles if k < depth * piles else rnd.randrange(piles)].append(c)
    rnd.shuffle(out)
    return out


def prince_doc(rnd: random.Random, rule: str) -> dict[str, Any]:
    """The Prince: foundations built to random heights (at least the ace),
    often one colour much higher than the other (so that many loose cards
    have nowhere to go), the cards above them over the columns (the cards
    the foundations need soon lowest, more or less) and a few in the
    reserve."""
    if rnd.random() < 0.6:
        high = rnd.choice(((1, 2), (0, 3)))
        heights = [rnd.randint(8, 12) if s in high else rnd.randint(1, 5) for s in range(4)]
    else:
        heights = [rnd.randint(4, 11) for _ in range(4)]
    loose = [RANKS[r] + SUITS[s] for s in range(4) for r in range(heights[s], 13)]
    rnd.shuffle(loose)
    loose.sort(key=lambda c: RANKS.index(c[0]) - heights[SUITS.index(c[1])] + rnd.gauss(0, 2.0))
    n_res = rnd.choice((0, 0, 1, 2))
    reserve: list[str | None] = [None] * 7
    for place, c in zip(rnd.sample(range(7), n_res), loose[-n_res:] if n_res else []):
        reserve[place] = c
    rest = loose[:len(loose) - n_res]
    return {"format": 1, "game": "prince", "options": {"rule": rule},
            "position": {"columns": _layers(rnd, rest, 9), "reserve": reserve,
                         "foundations": [RANKS[heights[s] - 1] + SUITS[s] for s in range(4)]}}


REPUBLIC_REDEALS = {"any-suit": (0,), "alternate": (0, 1), "same-suit": (-1,)}


def republic_doc(rnd: random.Random, rule: str) -> dict[str, Any] | None:
    """The Republic: eight foundations (two a suit, mostly alike) built to
    random heights; the cards above them over packets (face down), the
    columns, a small stock, maybe a turned card, and the talon.  Kings
    (which only a vacancy takes) and other high cards tend to lie on top of
    the columns, and every column holds a card or is closed by its packet,
    so vacancies are rare and many positions are blocked."""
    suit_heights = [rnd.randint(6, 11) for _ in range(4)]
    heights = [suit_heights[j // 2] for j in range(8)]
    if rnd.random() < 0.5:
        heights[rnd.randrange(8)] -= 1
    loose = [RANKS[r] + SUITS[j // 2] for j in range(8) for r in range(heights[j], 13)]
    rnd.shuffle(loose)
    stock = [loose.pop() for _ in range(rnd.randint(0, 3))]
    talon = [loose.pop() for _ in range(rnd.randint(0, 1))]
    turned = loose.pop() if rnd.random() < 0.2 else None
    loose.sort(key=lambda c: RANKS.index(c[0]) + rnd.gauss(0, 2.5))
    packets: list[list[str]] = [[] for _ in range(10)]
    closed = rnd.sample(range(10), min(rnd.choice((2, 6, 8, 9, 10, 10)), len(loose) // 2))
    for i in closed:                    # a low card face down under a high one
        packets[i] = [loose.pop(0), loose.pop()]
    open_ = [i for i in range(10) if i not in closed]
    if not open_:
        stock += loose
        loose = []
    columns: list[list[str]] = [[] for _ in range(10)]
    tops, loose = loose[len(loose) - len(open_):], loose[:len(loose) - len(open_)]
    for c in loose:
        columns[rnd.choice(open_)].append(c)
    for i, c in zip(open_, tops):
        columns[i].append(c)
    if any(len(p) == 1 and not c for p, c in zip(packets, columns)):
        return None
    found = [RANKS[h - 1] + SUITS[j // 2] if h else None for j, h in enumerate(heights)]
    return {"format": 1, "game": "republic", "options": {"rule": rule},
            "position": {"packets": packets, "columns": columns, "stock": stock, "turned": turned,
                         "talon": talon, "foundations": found,
                         "redeals_left": rnd.choice(REPUBLIC_REDEALS[rule])}}


def smith_doc(rnd: random.Random, rule: str) -> dict[str, Any]:
    """The Smith: six or seven suits laid off; the cards of the others
    shuffled over the eight columns (none empty) and a stock of 8 or 16."""
    suits = [s for s in SUITS for _ in range(2)]
    rnd.shuffle(suits)
    left = 2
    cards = [r + s for s in suits[:left] for r in RANKS]
    rnd.shuffle(cards)
    n_stock = rnd.choice((0, 8))
    stock, rest = cards[:n_stock], cards[n_stock:]
    return {"format": 1, "game": "smith", "options": {"rule": rule},
            "position": {"columns": _layers(rnd, rest, 8, 1), "stock": stock,
                         "foundations": ["K" + s for s in suits[left:]] + [None] * left}}


def gaps_doc(rnd: random.Random) -> dict[str, Any]:
    """Gaps: each row locked from column 1 up to a random length (a row of
    its own suit), the other cards and the four gaps at random in the rest."""
    suits = list(SUITS)
    rnd.shuffle(suits)
    locked = [rnd.choice((0, 6, 8, 9, 10, 10, 11, 11, 12)) for _ in range(4)]
    while sum(12 - n for n in locked) > 14:
        r = rnd.randrange(4)
        locked[r] = min(12, locked[r] + 2)
    cells: list[list[str | None]] = []
    loose = []
    for r in range(4):
        cells.append([RANKS[1 + k] + suits[r] for k in range(locked[r])])
        loose += [RANKS[1 + k] + suits[r] for k in range(locked[r], 12)]
    loose += [None] * 4
    rnd.shuffle(loose)
    for r in range(4):
        while len(cells[r]) < 13:
            cells[r].append(loose.pop())
    return {"format": 1, "game": "gaps", "position": {"rows": cells, "shuffles_left": rnd.randint(0, 3)}}


def gaps_open_column_doc(rnd: random.Random) -> dict[str, Any]:
    """Gaps with somewhere for a 2 in column 1 to go: one or two rows lack
    their 2 (a gap in column 1, their run from the 3 in column 2 on, so a
    2 placed there may lock a long run), the other rows locked from the 2 up
    to a random length; that 2, the other cards and the other gaps at random
    in the rest.  Moving a 2 that heads a run to another row's column 1 is
    a legal move in almost every one of these positions."""
    suits = list(SUITS)
    rnd.shuffle(suits)
    headless = set(rnd.sample(range(4), rnd.choice((1, 1, 2))))
    locked = [rnd.choice((1, 2, 5, 8, 9, 10, 11, 12)) for _ in range(4)]
    while sum(12 - n for n in locked) > 11:
        r = rnd.randrange(4)
        locked[r] = min(12, locked[r] + 2)
    cells: list[list[str | None]] = []
    loose: list[str | None] = []
    for r in range(4):
        run = [RANKS[1 + k] + suits[r] for k in range(locked[r])]
        if r in headless:
            loose.append(run[0])
            run[0] = None
        cells.append(run)
        loose += [RANKS[1 + k] + suits[r] for k in range(locked[r], 12)]
    loose += [None] * (4 - len(headless))
    rnd.shuffle(loose)
    for r in range(4):
        while len(cells[r]) < 13:
            cells[r].append(loose.pop())
    return {"format": 1, "game": "gaps", "position": {"rows": cells, "shuffles_left": rnd.randint(0, 3)}}


def cp_doc(rnd: random.Random, aces: str) -> dict[str, Any]:
    """Chinese Puzzle: rows locked from their ace up to random lengths, row
    suits as the ``aces`` option wants them, a row or two without its ace;
    the other cards and the eight gaps at random in the rest."""
    if aces == "bridge-order":
        suits = [SUITS[r % 4] for r in range(8)]
    elif aces == "suits-in-four":
        four = rnd.sample(SUITS, 4)
        suits = four + four
    else:
        suits = [s for s in SUITS for _ in range(2)]
        rnd.shuffle(suits)
    locked = [rnd.choice((0, 9, 10, 11, 12, 12, 13, 13)) for _ in range(8)]
    while sum(13 - n for n in locked) > 16:
        r = rnd.randrange(8)
        locked[r] = min(13, locked[r] + 2)
    cells: list[list[str | None]] = []
    loose: list[str | None] = []
    for r in range(8):
        cells.append([RANKS[k] + suits[r] for k in range(locked[r])])
        loose += [RANKS[k] + suits[r] for k in range(locked[r], 13)]
    loose += [None] * (8 - sum(1 for n in locked if n == 0))
    rnd.shuffle(loose)
    for r in range(8):
        if not cells[r]:
            cells[r].append(None)          # a row without its ace: a gap in column 0
        while len(cells[r]) < 14:
            cells[r].append(loose.pop())
    return {"format": 1, "game": "chinese-puzzle", "options": {"aces": aces, "redeals": rnd.choice((1, 2))},
            "position": {"rows": cells, "redeals_left": rnd.randint(0, 1)}}


# ================================================================= the tests

RULES = ("alternate", "any-suit", "same-suit")


@pytest.mark.parametrize("rule", RULES)
def test_prince(rule):
    tally = check_sample(lambda rnd: prince_doc(rnd, rule), 80, seed=1, limit=3000)
    assert tally["win"] >= 30
    if rule != "any-suit":          # any-suit near-endgames are all but always won
        assert tally["lose"] >= 2


def test_gaps():
    tally = check_sample(gaps_doc, 60, seed=2, limit=3000)
    assert tally["win"] >= 10 and tally["lose"] >= 10


def test_gaps_with_a_column_1_gap_for_a_2_that_heads_a_run():
    tally = check_sample(gaps_open_column_doc, 60, seed=6, limit=3000)
    assert tally["win"] >= 10 and tally["lose"] >= 10


@pytest.mark.parametrize("aces", ["free", "suits-in-four", "bridge-order"])
def test_chinese_puzzle(aces):
    tally = check_sample(lambda rnd: cp_doc(rnd, aces), 30, seed=3, limit=1500)
    assert tally["win"] >= 5 and tally["lose"] >= 5


@pytest.mark.parametrize("rule", RULES)
def test_republic(rule):
    tally = check_sample(lambda rnd: republic_doc(rnd, rule), 40, seed=4, limit=1500, refereed_wins=1)
    assert tally["win"] >= 20 and tally["lose"] >= 1


@pytest.mark.parametrize("rule", RULES)
def test_smith(rule):
    tally = check_sample(lambda rnd: smith_doc(rnd, rule), 30, seed=5, limit=1500, refereed_wins=1)
    assert tally["win"] >= 10 and tally["lose"] >= 1
