"""The generic search (``engine/solve/generic.py``, issue 35): any game,
through the engine's own interface.

- Each game's compact model is held to the generic search's verdicts:
  from late positions of each of the five games (a winning line played most
  of the way, then a few moves at random; or a layout with most cards home
  or locked and a few loose), whenever both searches decide, they agree,
  and every won line replays to a win.  In the hint mode (The Republic and
  The Smith, ``known=False``) the generic search's "impossible" holds for
  the cards as they lie.
- A stand-in sixth game, registered for the test only (as
  ``tests/test_game_spec.py`` registers one: a module in ``sys.modules``
  and its name added to the registry's ``MODULES``), with no search of its
  own: ``solve`` wins a winnable deal of it, proves a lost one, ``advise``
  names a move, and the solver's process answers its indicator, H, the
  Demo and the review.  A second one hides cards: the hint mode does not
  search through a move that shows one.
"""

from __future__ import annotations

import functools
import random
import sys
import types
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import solve
from engine import spec as registry
from engine.base import Game
from engine.cards import RANKS, SUITS
from engine.errors import BadPosition, InvalidMove
from engine.events import CardMoved, CardsDealt
from engine.notation import Move
from engine.review import review
from engine.solve import Budget, Status, generic, won_deals
from engine.solve.advice import advise, key
from engine.solve.replay import check_line, position_copy
from engine.spec import GameSpec

#: the compact model's node budget, and the generic search's
MODEL_NODES = 60_000
GENERIC_NODES = 4_000
#: the same for the slow tier
SLOW_MODEL_NODES = 300_000
SLOW_GENERIC_NODES = 20_000

FAST = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ================================================================= late positions of the five games

def puzzle(doc: dict[str, Any]) -> dict[str, Any]:
    return {"format": 1, "game": doc["game"], "options": dict(doc.get("options", {})), "position": doc["position"]}


def gaps_late(rnd: random.Random) -> dict[str, Any]:
    """Gaps: each row locked from column 1 to a random length, at most
    ``loose`` cards and the four gaps at random in the rest."""
    suits = list(SUITS)
    rnd.shuffle(suits)
    locked = [rnd.choice((4, 6, 8, 9, 10, 11, 12)) for _ in range(4)]
    most = rnd.choice((10, 13, 16))
    while sum(12 - n for n in locked) > most:
        r = rnd.randrange(4)
        locked[r] = min(12, locked[r] + 1)
    rows: list[list[str | None]] = []
    loose: list[str | None] = []
    for r in range(4):
        rows.append([RANKS[1 + k] + suits[r] for k in range(locked[r])])
        loose += [RANKS[1 + k] + suits[r] for k in range(locked[r], 12)]
    loose += [None] * 4
    rnd.shuffle(loose)
    for r in range(4):
        while len(rows[r]) < 13:
            rows[r].append(loose.pop())
    return {"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": rnd.randint(0, 2)}}


def cp_late(rnd: random.Random) -> dict[str, Any]:
    """Chinese Puzzle (aces free): rows locked from their ace to random
    lengths, a few cards loose, the eight gaps at random among them."""
    suits = [s for s in SUITS for _ in range(2)]
    rnd.shuffle(suits)
    locked = [rnd.choice((9, 10, 11, 12, 13, 13)) for _ in range(8)]
    most = rnd.choice((8, 10, 12))
    while sum(13 - n for n in locked) > most:
        r = rnd.randrange(8)
        locked[r] = min(13, locked[r] + 1)
    rows: list[list[str | None]] = []
    loose: list[str | None] = []
    for r in range(8):
        rows.append([RANKS[k] + suits[r] for k in range(locked[r])])
        loose += [RANKS[k] + suits[r] for k in range(locked[r], 13)]
    loose += [None] * 8
    rnd.shuffle(loose)
    for r in range(8):
        while len(rows[r]) < 14:
            rows[r].append(loose.pop())
    redeals = rnd.choice((1, 2))
    return {"format": 1, "game": "chinese-puzzle", "options": {"aces": "free", "redeals": redeals},
            "position": {"rows": rows, "redeals_left": rnd.randint(0, redeals)}}


def prince_late(rnd: random.Random) -> dict[str, Any]:
    """The Prince: foundations built to random heights, often one colour
    much higher than the other; the cards above them over the nine columns
    (the ones the foundations need soon lowest, more or less) and a few in
    the reserve."""
    rule = rnd.choice(("alternate", "same-suit", "same-suit"))
    if rnd.random() < 0.6:
        high = rnd.choice(((1, 2), (0, 3)))
        heights = [rnd.randint(8, 12) if s in high else rnd.randint(1, 5) for s in range(4)]
    else:
        heights = [rnd.randint(7, 12) for _ in range(4)]
    loose = [RANKS[r] + SUITS[s] for s in range(4) for r in range(heights[s], 13)]
    loose.sort(key=lambda c: RANKS.index(c[0]) + rnd.gauss(0, 2.0))
    n_res = min(len(loose), rnd.choice((0, 1, 2)))
    reserve: list[str | None] = [None] * 7
    for place in rnd.sample(range(7), n_res):
        reserve[place] = loose.pop()
    columns: list[list[str]] = [[] for _ in range(9)]
    for c in loose:
        columns[rnd.randrange(9)].append(c)
    return {"format": 1, "game": "prince", "options": {"rule": rule},
            "position": {"columns": columns, "reserve": reserve,
                         "foundations": [RANKS[heights[s] - 1] + SUITS[s] for s in range(4)]}}


@functools.cache
def won_line(name: str, options: tuple, seed: int) -> tuple[dict, tuple[str, ...]]:
    """A deal of ``name`` and a line that wins it: The Smith's from the pool
    of won deals, the others' from their own search (every card known)."""
    opts = dict(options)
    game = engine.new_game(name, seed=seed, **opts)
    if name == "smith":
        line = won_deals.lines("smith", opts)[seed]
    else:
        result = solve.solve(game, Budget(nodes=400_000), known=True)
        assert result.status is Status.WON, (name, opts, seed)
        line = result.moves
    return game.to_dict(), tuple(line)


#: deals won by a line: (game, options, seed)
WON_DEALS = {
    "prince": [("prince", (("rule", "alternate"),), 1), ("prince", (("rule", "any-suit"),), 2),
               ("prince", (("rule", "same-suit"),), 3)],
    "republic": [("republic", (("rule", "any-suit"),), 2), ("republic", (("rule", "alternate"),), 3)],
    "smith": [("smith", (("rule", rule),), seed) for rule in ("any-suit", "alternate")
              for seed in sorted(won_deals.lines("smith", {"rule": rule}))[:2]],
}


def picker(data: st.DataObject):
    """``pick(a, b)``: a whole number from ``a`` to ``b`` drawn by hypothesis."""
    return lambda a, b: data.draw(st.integers(a, b))


def near_the_end(pick, name: str, back: int) -> engine.Game:
    """A won deal of ``name``, its line played but for its last 1..``back``
    moves, then up to three moves at random: a puzzle at that position."""
    deals = WON_DEALS[name]
    deal, line = won_line(*deals[pick(0, len(deals) - 1)])
    game = engine.from_dict(deal)
    k = pick(1, min(back, len(line)))
    for move in line[:len(line) - k]:
        game.play(move)
    game = position_copy(game)
    random_moves(pick, game)
    return position_copy(game)


def random_moves(pick, game: engine.Game) -> None:
    for _ in range(pick(0, 3)):
        moves = [m for m in game.legal_moves() if str(m) not in game.irreversible]
        if not moves or game.won:
            return
        game.play(moves[pick(0, len(moves) - 1)])


def laid_out(pick, make) -> engine.Game:
    """A late position from the layout generator ``make``, then a few moves at random."""
    game = engine.from_dict(puzzle(make(random.Random(pick(0, 2**32 - 1)))))
    random_moves(pick, game)
    return position_copy(game)


#: each game's late positions: (name, how one is made from ``pick``)
LATE = {
    "gaps": lambda pick: laid_out(pick, gaps_late),
    "chinese-puzzle": lambda pick: laid_out(pick, cp_late),
    "prince": lambda pick: (near_the_end(pick, "prince", 30) if pick(0, 1) else laid_out(pick, prince_late)),
    "republic": lambda pick: near_the_end(pick, "republic", 20),
    "smith": lambda pick: near_the_end(pick, "smith", 12),
}


# ================================================================= the verdicts held together

def agree(game: engine.Game, model_nodes: int, generic_nodes: int) -> tuple[Status, Status]:
    """The compact model's verdict (``solve``, every card known) and the
    generic search's from ``game``'s position; when both decide they agree,
    each won line replays to a win, and neither changes the game.  In the
    hint mode (a game that hides cards, ``known=False``) the generic
    search's "impossible" holds for the cards as they lie and its "won"
    replays.  Returns the two verdicts."""
    before = game.to_dict()
    model = solve.solve(game, Budget(nodes=model_nodes), known=True)
    status, line = generic.search(game, Budget(nodes=generic_nodes), True)
    assert game.to_dict() == before, "a search changed the game"
    if status is Status.WON:
        check_line(game, line, must_win=True)
    if Status.UNKNOWN not in (model.status, status):
        assert model.status is status, (f"the model says {model.status}, the generic search {status}:\n"
                                        f"{puzzle(before)}")
    if game.hides_cards:
        seen, line = generic.search(game, Budget(nodes=generic_nodes), False)
        if seen is Status.WON:
            check_line(game, line, must_win=True)
        if seen is Status.IMPOSSIBLE:
            assert Status.WON not in (model.status, status), f"hint mode says impossible, a win:\n{puzzle(before)}"
            hint = solve.solve(game, Budget(nodes=model_nodes), known=False)
            assert hint.status is not Status.WON, f"hint mode: the model wins, generic impossible:\n{puzzle(before)}"
    return model.status, status


@pytest.mark.every_game
def test_every_game_with_a_model_has_late_positions():
    """The tests below draw positions of every game in the registry that
    brings a search of its own (a game with none has nothing to hold)."""
    assert set(LATE) == {name for name in engine.GAMES if registry.spec(name).solver is not None}


@FAST
@pytest.mark.parametrize("name", sorted(LATE))
@given(data=st.data())
def test_the_compact_model_agrees_with_the_generic_search(name, data):
    agree(LATE[name](picker(data)), MODEL_NODES, GENERIC_NODES)


@pytest.mark.slow
@SLOW
@pytest.mark.parametrize("name", sorted(LATE))
@given(data=st.data())
def test_the_compact_model_agrees_with_the_generic_search_at_length(name, data):
    agree(LATE[name](picker(data)), SLOW_MODEL_NODES, SLOW_GENERIC_NODES)


#: each game's sample: (positions, both verdicts that must be met among the decided)
SAMPLES = {"gaps": (12, {Status.WON, Status.IMPOSSIBLE}), "chinese-puzzle": (12, {Status.WON, Status.IMPOSSIBLE}),
           "prince": (8, {Status.WON}), "republic": (6, {Status.WON}), "smith": (6, {Status.WON})}


@pytest.mark.parametrize("name", sorted(LATE))
def test_the_property_is_not_met_vacuously(name):
    """On a fixed sample of each game's late positions the two searches
    both decide often, and agree: won, and where the positions drawn allow
    it, lost."""
    count, wanted = SAMPLES[name]
    rnd = random.Random(35)
    met = [agree(LATE[name](rnd.randint), MODEL_NODES, GENERIC_NODES) for _ in range(count)]
    decided = {a for a, b in met if a is b and a is not Status.UNKNOWN}
    assert wanted <= decided, met
    assert sum(a is b is not Status.UNKNOWN for a, b in met) >= count // 2, met


# ================================================================= the search itself, on the five games

def test_the_budget_bounds_the_search():
    game = engine.new_game("republic", seed=3)
    budget = Budget(nodes=50)
    status, line = generic.search(game, budget, True)
    assert status is Status.UNKNOWN and budget.nodes == 51
    check_line(game, line, must_win=False)
    cancelled = Budget(nodes=10**6)
    cancelled.cancel()
    assert generic.search(game, cancelled, True)[0] is Status.UNKNOWN and cancelled.nodes == 1
    assert game.history == [] and not game.can_undo


@pytest.mark.parametrize("name", ["republic", "smith"])
def test_from_what_the_player_sees_no_line_passes_a_card_shown(name):
    """The hint mode's line shows a card with its last move at most."""
    for seed in (3, 4):
        game = engine.new_game(name, seed=seed)
        status, line = generic.search(game, Budget(nodes=3_000), False)
        assert status is Status.UNKNOWN and line
        copy = position_copy(game)
        for i, move in enumerate(line):
            assert not generic.shows(copy, move) or i == len(line) - 1, (seed, i, line)
            copy.play(move)


# ================================================================= a sixth game, with no search of its own

#: the stand-in game's cards, lowest first
LADDER = tuple(RANKS[r] + "S" for r in range(6))
RANK = {c: i + 1 for i, c in enumerate(LADDER)}


class Ladder(Game):
    """A stand-in sixth game: six spades dealt to three columns.  A
    column's top card goes home in order (ace to six) or onto a card one
    higher; only the six goes into an empty column."""

    name = "ladder"
    title = "Ladder"
    COLUMNS = 3

    columns: list[list[str]]
    home: int

    def _deal(self):
        cards = list(LADDER)
        random.Random(self.seed).shuffle(cards)
        dealt = self._dealt(cards)
        self.home = 0
        return [CardsDealt(dealt)]

    def _dealt(self, cards: list[str]) -> tuple:
        self.columns = [cards[i::self.COLUMNS] for i in range(self.COLUMNS)]
        return tuple((c, f"c{i + 1}") for i, col in enumerate(self.columns) for c in col)

    def _fits(self, card: str, j: int) -> bool:
        dst = self.columns[j]
        return RANK[dst[-1]] == RANK[card] + 1 if dst else RANK[card] == len(LADDER)

    def _generate(self):
        out = []
        for i, col in enumerate(self.columns):
            if col and RANK[col[-1]] == self.home + 1:
                out.append(Move(f"c{i + 1}", "f"))
            if col:
                out += [Move(f"c{i + 1}", f"c{j + 1}") for j in range(self.COLUMNS)
                        if j != i and self._fits(col[-1], j)]
        return out + self._words()

    def _words(self) -> list:
        return []

    def _column(self, place: str | None) -> int:
        if place and place[0] == "c" and place[1:].isdigit() and 1 <= int(place[1:]) <= self.COLUMNS:
            return int(place[1:]) - 1
        raise InvalidMove(f"{self.title} has no place {place!r}.")

    def _reason(self, move):
        if move.word is not None:
            return self._word_reason(move.word)
        src = self._column(move.src)
        dst = None if move.dst in ("f", "f1") else self._column(move.dst)
        if move.count != 1:
            return "One card moves at a time."
        if not self.columns[src]:
            return "That column is empty."
        card = self.columns[src][-1]
        if dst is None:
            return None if RANK[card] == self.home + 1 else f"The {card} is not the next card home."
        return None if dst != src and self._fits(card, dst) else f"The {card} does not go there."

    def _word_reason(self, word: str) -> str | None:
        return f"{self.title} has no {word!r}."

    def _apply(self, move):
        if move.word is not None:
            return self._apply_word(move.word)
        card = self.columns[self._column(move.src)].pop()
        if move.dst in ("f", "f1"):
            self.home += 1
            return [CardMoved(card, move.src, "f1")]
        self.columns[self._column(move.dst)].append(card)
        return [CardMoved(card, move.src, move.dst)]

    def _apply_word(self, word: str) -> list:
        raise AssertionError(word)

    def _is_won(self) -> bool:
        return self.home == len(LADDER)

    def _snapshot(self):
        return tuple(map(tuple, self.columns)), self.home

    def _restore(self, snapshot) -> None:
        columns, self.home = snapshot
        self.columns = [list(c) for c in columns]

    def _dump(self) -> dict[str, Any]:
        return {"columns": [list(c) for c in self.columns],
                "foundations": [LADDER[self.home - 1] if self.home else None]}

    def _load(self, layout: dict[str, Any]) -> None:
        columns, tops = layout.get("columns"), layout.get("foundations")
        if (not isinstance(columns, list) or len(columns) != self.COLUMNS
                or not all(isinstance(c, list) for c in columns)
                or not isinstance(tops, list) or len(tops) != 1 or tops[0] not in (None, *LADDER)):
            raise BadPosition(f"a position of {self.title} is three columns and a foundation")
        self.columns = [list(c) for c in columns]
        self.home = RANK[tops[0]] if tops[0] else 0
        self._load_rest(layout)
        cards = [c for col in self.columns for c in col] + list(LADDER[:self.home]) + self._unseen()
        if sorted(cards) != sorted(LADDER):
            raise BadPosition(f"{self.title} is played with {', '.join(LADDER)}, each once")

    def _load_rest(self, layout: dict[str, Any]) -> None:
        pass

    def _unseen(self) -> list[str]:
        return []


class LadderStock(Ladder):
    """Ladder with two of its cards face down in a stock: ``deal`` turns
    the stock's top card face up onto column 1."""

    name = "ladder-stock"
    title = "Ladder with a stock"
    hides_cards = True
    stock_move = "deal"

    stock: list[str]

    def _dealt(self, cards: list[str]) -> tuple:
        self.stock = cards[:2]
        return super()._dealt(cards[2:])

    def _words(self) -> list:
        return [Move(word="deal")] if self.stock else []

    def _word_reason(self, word: str) -> str | None:
        if word != "deal":
            return super()._word_reason(word)
        return None if self.stock else "The stock is empty."

    def _apply_word(self, word: str) -> list:
        card = self.stock.pop()
        self.columns[0].append(card)
        return [CardsDealt(((card, "c1"),), source="s")]

    def _snapshot(self):
        return super()._snapshot(), tuple(self.stock)

    def _restore(self, snapshot) -> None:
        rest, stock = snapshot
        super()._restore(rest)
        self.stock = list(stock)

    def _dump(self) -> dict[str, Any]:
        return super()._dump() | {"stock": list(self.stock)}

    def _load_rest(self, layout: dict[str, Any]) -> None:
        stock = layout.get("stock", [])
        if not isinstance(stock, list):
            raise BadPosition("the stock is a list of cards")
        self.stock = list(stock)

    def _unseen(self) -> list[str]:
        return list(self.stock)


@pytest.fixture
def stand_ins(monkeypatch):
    """Ladder and Ladder with a stock, registered as engine modules are
    (``tests/test_game_spec.py``'s sixth game): a module each in
    ``sys.modules`` with its ``SPEC``, their names added to ``MODULES``.
    Neither spec names a ``solver``."""
    for cls, letter in ((Ladder, "L"), (LadderStock, "K")):
        module_name = cls.name.replace("-", "_")
        module = types.ModuleType(f"engine.{module_name}")
        setattr(module, cls.__name__, cls)
        module.SPEC = GameSpec(cls, letter=letter, scoring=None)
        monkeypatch.setitem(sys.modules, f"engine.{module_name}", module)
        monkeypatch.setattr(registry, "MODULES", (*registry.MODULES, module_name))
        monkeypatch.delitem(vars(engine), cls.__name__, raising=False)
    monkeypatch.setattr(registry, "_loaded", {})
    yield
    for cls in (Ladder, LadderStock):
        vars(engine).pop(cls.__name__, None)


def puzzle_of(name: str, position: dict[str, Any]) -> engine.Game:
    return engine.from_dict({"format": 1, "game": name, "position": position})


def test_a_game_with_no_search_of_its_own_is_searched_by_the_generic_search(stand_ins):
    assert registry.spec("ladder").solver is None
    for s in registry.specs()[:-2]:
        assert s.solver is not None       # the five games keep their own
    game = engine.new_game("ladder", seed=1)
    result = solve.solve(game, Budget(nodes=10_000))
    assert result.status is Status.WON and game.history == []
    check_line(game, result.moves, must_win=True)
    assert solve.solve(game, Budget(nodes=10_000), known=True).status is Status.WON


def test_a_lost_position_is_proved_lost(stand_ins):
    # the ace goes home, the four onto the five, the six into the empty
    # column, the three onto the four: the two stays under them all
    lost = puzzle_of("ladder", {"columns": [["2S", "5S"], ["3S", "6S"], ["4S", "AS"]], "foundations": [None]})
    assert lost.legal_moves() and not lost.over
    result = solve.solve(lost, Budget(nodes=10_000))
    assert result.status is Status.IMPOSSIBLE and result.moves == []
    assert 5 < result.nodes < 50
    assert solve.hint(lost, Budget(nodes=10_000)) is None
    assert advise(lost, Budget(nodes=10_000)).reason == "lost"


def test_advise_names_a_move_on_the_way_to_a_win(stand_ins):
    game = engine.new_game("ladder", seed=1)
    for _ in range(3):
        advice = advise(game, Budget(nodes=10_000))
        assert advice.move in {str(m) for m in game.legal_moves()} and advice.reason == ""
        check_line(game, advice.line, must_win=True)
        game.play(advice.move)
    assert solve.hint(game, Budget(nodes=10_000)) in {str(m) for m in game.legal_moves()}


def after(game: engine.Game, move: str) -> engine.Game:
    copy = position_copy(game)
    copy.play(move)
    return copy


@pytest.mark.parametrize("name", ["ladder", "gaps", "prince"])
def test_positions_to_avoid_are_keyed_as_the_hints_key_them(stand_ins, name):
    """Told to avoid the positions after every move but one (``advice.key``,
    the hints' key), the search's line, if any, starts with that one (from
    a position it wins)."""
    rnd = random.Random(7)
    while True:
        game = engine.new_game(name, seed=1) if name == "ladder" else LATE[name](rnd.randint)
        moves = [str(m) for m in game.legal_moves() if str(m) not in game.irreversible]
        if len(moves) > 1 and generic.search(game, Budget(nodes=3_000), True)[0] is Status.WON:
            break
    lines = 0
    for kept in moves:
        avoid = frozenset(key(after(game, m)) for m in moves if m != kept)
        if key(after(game, kept)) in avoid:
            continue                      # two moves to the same position
        status, line = generic.search(game, Budget(nodes=3_000), True, avoid_keys=avoid)
        assert not line or line[0] == kept, (kept, status, line)
        lines += bool(line)
    assert lines


def test_the_searched_game_is_left_as_it_was(stand_ins):
    game = engine.new_game("ladder", seed=1)
    line = solve.solve(game, Budget(nodes=10_000)).moves
    game.play(line[0])
    game.play(line[1])
    game.undo()
    before, future = game.to_dict(), game.future
    for known in (True, False):
        generic.search(game, Budget(nodes=10_000), known)
    assert game.to_dict() == before and game.future == future and game.can_redo and game.can_undo


def test_the_solvers_process_answers_for_it(stand_ins):
    """The indicator, H, the Demo and the review, as the worker answers them."""
    from engine.solve.worker import Job, answer
    game = engine.new_game("ladder", seed=1)
    doc = game.to_dict()
    verdict = answer({"id": 1, "kind": "verdict", "game": doc, "budget": 2.0}, Job())
    assert verdict["status"] == "won", verdict
    hint = answer({"id": 2, "kind": "hint", "game": doc, "budget": 2.0}, Job())
    assert hint["status"] == "hint" and hint["moves"], hint
    demo = answer({"id": 3, "kind": "demo", "game": doc, "budget": 2.0}, Job())
    assert demo["status"] == "won", demo
    check_line(game, demo["moves"], must_win=True)
    # a game lost by its last move: the review names it, and a move instead
    lost, losing = a_losing_move()
    reviewed = answer({"id": 4, "kind": "review", "game": lost.to_dict(), "budget": 1.0}, Job())
    assert reviewed["status"] == "reviewed", reviewed
    r = reviewed["review"]
    assert r["verdicts"][0] == "won" and r["verdicts"][-1] == "lost" and r["losing"] == len(lost.history) - 1
    assert lost.history[-1] == losing and r["instead"] not in (None, losing)
    assert review(lost, 1.0).losing == len(lost.history) - 1


def a_losing_move() -> tuple[engine.Game, str]:
    """A deal of Ladder and a first move after which it cannot be won."""
    for seed in range(200):
        game = engine.new_game("ladder", seed=seed)
        if solve.solve(game, Budget(nodes=10_000)).status is not Status.WON:
            continue
        for m in map(str, game.legal_moves()):
            game.play(m)
            if solve.solve(game, Budget(nodes=10_000)).status is Status.IMPOSSIBLE:
                return game, m
            game.undo()
    raise AssertionError("no deal of Ladder is lost by a move")


def test_a_game_that_hides_cards_is_hinted_from_what_the_player_sees(stand_ins):
    """With every card known the search plays through the deal; from what
    the player sees it does not: its line ends with the deal, and it proves
    nothing while the deal is left."""
    for seed in range(50):
        game = engine.new_game("ladder-stock", seed=seed)
        known = solve.solve(game, Budget(nodes=10_000), known=True)
        seen = solve.solve(game, Budget(nodes=10_000), known=False)
        assert known.status is not Status.UNKNOWN
        assert seen.status is not Status.IMPOSSIBLE or known.status is Status.IMPOSSIBLE
        if seen.status is Status.WON:
            assert "deal" not in seen.moves and known.status is Status.WON
        else:
            assert seen.status is Status.UNKNOWN and "deal" not in seen.moves[:-1]
        if known.status is Status.WON and "deal" in known.moves:
            assert seen.status is Status.UNKNOWN
            advice = advise(game, Budget(nodes=10_000))
            assert advice.move in {str(m) for m in game.legal_moves()}
            return
    raise AssertionError("no deal of Ladder with a stock needs the deal to be won")


def test_a_frontier_move_is_found_by_its_events(stand_ins):
    game = engine.new_game("ladder-stock", seed=1)
    assert generic.shows(game, "deal") and game.history == []
    assert not any(generic.shows(game, str(m)) for m in game.legal_moves() if str(m) != "deal")
