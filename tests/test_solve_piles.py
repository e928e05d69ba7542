"""The solvers of The Republic and The Smith (engine/solve/piles.py and the
searches and models it runs).

Hand-made positions a move or two from a win, positions with no move,
verdicts checked against a slow reference search over the engine's own
legal moves, the reductions checked against the search without them, the
Smith lay-off that is not safe, and random deals under every rule.

Positions are built from the cards a test names; every other card of the
two decks goes to the foundations (two per suit, each as high as the cards
left allow), so a position is always a whole pair of decks.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import solve as solver
from engine.cards import NAMES, RANKS, SUITS
from engine.solve import Budget, Status, piles
from engine.solve.best_first import guided
from engine.solve.budget import OutOfBudget
from engine.solve.depth_first import exact as exact_search
from engine.solve.republic import RepublicModel
from engine.solve.smith import SmithModel
from engine.solve.smith_beam import beam

RULES = ("alternate", "any-suit", "same-suit")
REDEALS = {"any-suit": 0, "alternate": 1, "same-suit": -1}
TWO_DECKS = Counter(NAMES * 2)
STATUSES = {"won", "impossible", "unknown"}


# ----------------------------------------------------------------- building positions

def suit_run(suit: str, high: str = "K", low: str = "A") -> list[str]:
    """Cards of one suit from ``high`` down to ``low``: a column, bottom to top."""
    return [r + suit for r in reversed(RANKS[RANKS.index(low):RANKS.index(high) + 1])]


def home_tops(placed: Counter) -> list[str | None]:
    """Eight foundation tops, two per suit, each as high as the cards not
    placed elsewhere allow."""
    tops: list[str | None] = []
    for s in SUITS:
        left = {r: 2 - placed[r + s] for r in RANKS}
        for _ in range(2):
            height = 0
            while height < 13 and left[RANKS[height]] > 0:
                left[RANKS[height]] -= 1
                height += 1
            tops.append(RANKS[height - 1] + s if height else None)
    return tops


def republic_doc(columns=None, packets=None, stock=(), turned=None, talon=(), rule="alternate") -> dict:
    """A Republic puzzle: ``columns`` and ``packets`` map 1..10 to cards
    bottom to top; the cards not named are on the foundations."""
    cols = [(columns or {}).get(i, "").split() for i in range(1, 11)]
    packs = [(packets or {}).get(i, "").split() for i in range(1, 11)]
    placed = Counter(c for pile in cols + packs for c in pile) + Counter(stock) + Counter(talon)
    if turned:
        placed[turned] += 1
    tops = home_tops(placed)
    on_foundations = Counter(r + top[1] for top in tops if top for r in RANKS[:RANKS.index(top[0]) + 1])
    assert placed + on_foundations == TWO_DECKS, "the named cards leave a gap below a foundation"
    return {"format": 1, "game": "republic", "options": {"rule": rule},
            "position": {"packets": packs, "columns": cols, "stock": list(stock), "turned": turned,
                         "talon": list(talon), "foundations": tops, "redeals_left": REDEALS[rule]}}


def smith_doc(columns, stock=(), laid=("KC", "KC", "KD", "KD", "KH", "KH", "KS"), rule="any-suit") -> dict:
    """A Smith puzzle: up to 8 columns of cards (strings, bottom to top), the
    stock bottom to top, and the kings of the suits laid off."""
    cols = [c.split() if isinstance(c, str) else list(c) for c in columns]
    cols += [[] for _ in range(8 - len(cols))]
    return {"format": 1, "game": "smith", "options": {"rule": rule},
            "position": {"columns": cols, "stock": list(stock),
                         "foundations": list(laid) + [None] * (8 - len(laid))}}


def solve(game, known: bool, **budget):
    budget = budget or {"seconds": 10}
    return solver.solve(game, Budget(**budget), known=known)


def replayed(game, moves: list[str]):
    """A copy of ``game`` with ``moves`` played (each must be legal)."""
    copy = engine.from_dict(game.to_dict())
    for m in moves:
        assert copy.explain(m) is None, (m, copy.explain(m))
        copy.play(m)
    return copy


def assert_wins(game, known: bool, expected: list[str] | None = None):
    before = game.to_dict()
    result = solve(game, known)
    assert result.status == "won", result
    if expected is not None:
        assert result.moves == expected
    assert replayed(game, result.moves).won
    assert game.to_dict() == before, "the solver changed the game"
    return result


# ----------------------------------------------------------------- a move or two from a win

@pytest.mark.parametrize("known", [True, False])
@pytest.mark.parametrize("rule", RULES)
def test_republic_last_card_goes_home(known, rule):
    game = engine.from_dict(republic_doc(columns={1: "KS"}, rule=rule))
    assert_wins(game, known, ["c1-f"])


@pytest.mark.parametrize("known", [True, False])
def test_republic_two_cards_go_home(known):
    game = engine.from_dict(republic_doc(columns={1: "KS QS"}))
    assert_wins(game, known, ["c1-f", "c1-f"])


@pytest.mark.parametrize("known", [True, False])
def test_republic_covered_card_goes_home_after_its_cover(known):
    # the king of spades covers the queen of hearts; the queen of spades goes first
    game = engine.from_dict(republic_doc(columns={1: "QH KS", 2: "QS", 3: "KH"}, rule="any-suit"))
    assert_wins(game, known, ["c2-f", "c1-f", "c1-f", "c3-f"])


def test_republic_stock_card_is_turned_and_played_when_all_is_known():
    game = engine.from_dict(republic_doc(stock=["KS"]))
    assert_wins(game, True, ["turn", "s-f"])


def test_republic_hint_stops_at_a_turn():
    """Turning shows a hidden card: the visible search ends its line there."""
    game = engine.from_dict(republic_doc(stock=["KS"]))
    result = solve(game, False)
    assert result.status == "unknown"
    assert result.moves == ["turn"]


def test_republic_packet_card_when_all_is_known_and_when_not():
    # column 1 is empty, so the packet shows its queen; the king lies face down under it
    game = engine.from_dict(republic_doc(packets={1: "KS QS"}))
    assert_wins(game, True, ["p1-f", "c1-f"])
    hint = solve(game, False)
    assert hint.status == "unknown" and hint.moves == ["p1-f"]


@pytest.mark.parametrize("known", [True, False])
@pytest.mark.parametrize("rule", ("any-suit", "alternate", "same-suit"))
def test_smith_complete_run_goes_home(known, rule):
    game = engine.from_dict(smith_doc([suit_run("S")], rule=rule))
    assert_wins(game, known, ["c1-f:13"])


@pytest.mark.parametrize("known", [True, False])
def test_smith_ace_joins_its_run_then_the_run_goes_home(known):
    game = engine.from_dict(smith_doc([suit_run("S", low="2"), ["AS"]]))
    assert_wins(game, known, ["c2-c1", "c1-f:13"])


# ----------------------------------------------------------------- no legal move

def stuck_republic() -> engine.Game:
    """Any suit (no redeal), stock empty; the ten column tops are kings,
    jacks, nines, sevens and fives (none takes another), the talon shows the
    three of clubs, and every foundation is empty."""
    tops = ["KS", "KH", "JS", "JH", "9S", "9H", "7S", "7H", "5S", "5H"]
    rest = sorted((TWO_DECKS - Counter(tops + ["3C"])).elements(), key=NAMES.index)
    packets = [rest[3 * i:3 * i + 3] for i in range(10)]
    talon = rest[30:] + ["3C"]
    doc = {"format": 1, "game": "republic", "options": {"rule": "any-suit"},
           "position": {"packets": packets, "columns": [[t] for t in tops], "stock": [], "turned": None,
                        "talon": talon, "foundations": [None] * 8, "redeals_left": 0}}
    return engine.from_dict(doc)


def stuck_smith() -> engine.Game:
    """Stock empty, no column empty, tops K K J J 9 9 7 7 over cards in
    ascending order (so every unit is one card and none fits)."""
    tops = ["KS", "KH", "JS", "JH", "9S", "9H", "7S", "7H"]
    rest = sorted((TWO_DECKS - Counter(tops)).elements(), key=NAMES.index)
    columns = [rest[12 * i:12 * i + 12] + [tops[i]] for i in range(8)]
    return engine.from_dict(smith_doc(columns, laid=()))


@pytest.mark.parametrize("known", [True, False])
@pytest.mark.parametrize("make", [stuck_republic, stuck_smith])
def test_no_legal_move_is_impossible(make, known):
    game = make()
    assert game.legal_moves() == [] and game.over and not game.won
    result = solve(game, known)
    assert result.status == "impossible"
    assert result.moves == []


@pytest.mark.parametrize("known", [True, False])
def test_a_won_game_is_won_with_no_moves(known):
    game = engine.from_dict(smith_doc([suit_run("S")]))
    game.play("c1-f:13")
    assert solve(game, known).status == "won" and solve(game, known).moves == []


# ----------------------------------------------------------------- a slow reference search

def reference_smith(game, limit: int = 100_000) -> str | None:
    """``won`` or ``impossible`` by a plain depth-first search over the
    engine's legal moves with a set of visited positions (columns sorted when
    the stock is empty: then nothing tells them apart); None past ``limit``
    moves."""
    def key():
        cols = tuple(map(tuple, game.columns))
        return (cols if game.stock else tuple(sorted(cols))), len(game.stock), game.on_foundations()

    if game.won:
        return "won"
    seen = {key()}
    frames = [list(reversed(game.legal_moves()))]
    played = 0
    while frames:
        if not frames[-1]:
            frames.pop()
            if frames:
                game.undo()
            continue
        game.play(frames[-1].pop())
        played += 1
        if played > limit:
            return None
        if game.won:
            return "won"
        k = key()
        if k in seen:
            game.undo()
            continue
        seen.add(k)
        frames.append(list(reversed(game.legal_moves())))
    return "impossible"


@pytest.mark.parametrize("seed", [3, 5, 6])
def test_smith_same_suit_deals_proved_impossible_agree_with_reference(seed):
    game = engine.new_game("smith", seed=seed, rule="same-suit")
    assert solve(game, True).status == "impossible"
    assert reference_smith(engine.new_game("smith", seed=seed, rule="same-suit")) == "impossible"


SMALL_SMITH = [
    ("alternate", ["8S", "KS", "3S 9S", "6S", "4S KS 2S 7S", "TS 2S 6S", "JS JS QS 4S AS", "8S"],
     "3S 9S TS 7S 5S AS QS 5S"),
    ("any-suit", ["QS", "TS 3S", "AS 7S", "2S AS", "9S 6S 6S", "4S", "3S TS", "5S QS 2S JS 7S"],
     "KS 5S JS 9S 8S 4S 8S KS"),
    ("alternate", ["JS 8S AS 9S", "3S QS AS 4S", "2S", "", "2S 5S 4S", "7S TS KS", "", "3S JS 9S"],
     "8S KS QS 5S 6S TS 7S 6S"),
]


@pytest.mark.parametrize("rule, columns, stock", SMALL_SMITH)
def test_smith_small_positions_agree_with_reference(rule, columns, stock):
    doc = smith_doc(columns, stock.split(), laid=("KC", "KC", "KD", "KD", "KH", "KH"), rule=rule)
    mine = solve(engine.from_dict(doc), True)
    assert mine.status == reference_smith(engine.from_dict(doc)) == "won"
    assert replayed(engine.from_dict(doc), mine.moves).won


# ----------------------------------------------------------------- what the search may skip

def test_laying_off_a_complete_run_is_not_always_safe():
    """The spades run is all that keeps column 1 occupied.  Laid off, column 1
    can only be filled by emptying another (seven single cards, none packs on
    another): no deal ever again.  Dealt on first, the game is won."""
    stock = ["6S", "8H", "2H", "AH", "8S", "2H", "6H", "5H", "8H", "7H", "QH", "TH", "TS", "4H", "2S", "AH",
             "AS", "9S", "7H", "3H", "QH", "3S", "5H", "6H", "4H", "QS", "3H", "4S", "5S", "7S", "9H", "TH"]
    singles = ["KH", "KH", "KS", "JH", "JH", "JS", "9H"]
    doc = smith_doc([suit_run("S")] + [[c] for c in singles], stock, laid=("KC", "KC", "KD", "KD"))
    game = engine.from_dict(doc)
    result = assert_wins(game, True)
    assert result.moves[0] == "deal"
    game.play("c1-f:13")
    assert solve(game, True).status == "impossible"


def republic_endgame(rnd: random.Random, rule: str, out: int) -> dict | None:
    """A random Republic position with ``out`` cards off the foundations,
    spread over columns, packets, stock and talon (None if the engine
    refuses it: an empty column over a one-card packet)."""
    heights = [13] * 8
    for _ in range(out):
        j = rnd.choice([j for j in range(8) if heights[j]])
        heights[j] -= 1
    loose = [RANKS[h] + SUITS[j // 2] for j in range(8) for h in range(heights[j], 13)]
    rnd.shuffle(loose)
    cols, packs, stock, talon = [[] for _ in range(10)], [[] for _ in range(10)], [], []
    for c in loose:
        x = rnd.random()
        (cols[rnd.randrange(10)] if x < 0.45 else packs[rnd.randrange(10)] if x < 0.6
         else stock if x < 0.85 else talon).append(c)
    if any(len(p) == 1 and not c for p, c in zip(packs, cols)) or any(len(p) > 3 for p in packs):
        return None
    found = [RANKS[h - 1] + SUITS[j // 2] if h else None for j, h in enumerate(heights)]
    return {"format": 1, "game": "republic", "options": {"rule": rule},
            "position": {"packets": packs, "columns": cols, "stock": stock, "turned": None, "talon": talon,
                         "foundations": found, "redeals_left": REDEALS[rule]}}


def exact(pos, nodes: int) -> str:
    try:
        line = exact_search(pos, Budget(nodes=nodes), 1 << 26)
    except OutOfBudget:
        return "unknown"
    return "impossible" if line is None else "won"


def test_republic_reductions_never_change_a_verdict():
    """Safe foundation moves and skipped play-backs (the module's items 2 and
    3) against the search without them, on random endgames and on the
    stuck position with an ace added (the ace goes home, safely, then
    nothing moves)."""
    rnd = random.Random(11)
    verdicts = Counter()
    for i in range(60):
        doc = republic_endgame(rnd, RULES[i % 3], rnd.randrange(4, 24))
        if doc is None:
            continue
        game = engine.from_dict(doc)
        with_them = exact(RepublicModel(game), 20_000)
        without = exact(RepublicModel(game, reductions=False), 20_000)
        assert {with_them, without} != {"won", "impossible"}, doc
        verdicts[with_them, without] += 1
    assert verdicts["won", "won"] >= 10


def test_republic_won_endgames_agree_with_engine_search():
    """A plain search over the engine's legal moves finds a win exactly where
    the solver does, on small random endgames."""
    rnd = random.Random(2)
    agreed = 0
    for i in range(24):
        doc = republic_endgame(rnd, RULES[i % 3], 5)
        if doc is None:
            continue
        mine = solve(engine.from_dict(doc), True).status
        game = engine.from_dict(doc)
        ref = reference_republic(game, limit=4000)
        if ref is not None:
            assert mine == ref
            agreed += 1
    assert agreed >= 5


def reference_republic(game, limit: int = 20_000) -> str | None:
    def key():
        pairs = tuple(sorted((tuple(p), tuple(c)) for p, c in zip(game.packets, game.columns)))
        return (pairs, tuple(game.stock), game.turned, tuple(game.talon),
                tuple(sorted(-1 if t is None else t for t in game.foundations)), game.redeals_left)

    if game.won:
        return "won"
    seen = {key()}
    frames = [list(reversed(game.legal_moves()))]
    played = 0
    while frames:
        if not frames[-1]:
            frames.pop()
            if frames:
                game.undo()
            continue
        game.play(frames[-1].pop())
        played += 1
        if played > limit:
            return None
        if game.won:
            return "won"
        k = key()
        if k in seen:
            game.undo()
            continue
        seen.add(k)
        frames.append(list(reversed(game.legal_moves())))
    return "impossible"


def test_republic_safe_ace_then_stuck_is_impossible_both_ways():
    game = stuck_republic()
    doc = game.to_dict()["position"]
    # swap the three of clubs on the talon for an ace kept in a packet
    ace = next(i for i, p in enumerate(doc["packets"]) if "AC" in p)
    doc["packets"][ace][doc["packets"][ace].index("AC")] = "3C"
    doc["talon"][-1] = "AC"
    game = engine.from_dict({"format": 1, "game": "republic", "options": {"rule": "any-suit"}, "position": doc})
    assert [str(m) for m in game.legal_moves()] == ["t-f"]
    assert solve(game, True).status == "impossible"
    assert exact(RepublicModel(game, reductions=False), 10_000) == "impossible"
    assert reference_republic(engine.from_dict(game.to_dict())) == "impossible"


def test_a_full_table_only_repeats_work():
    """With no room in the table of positions the search still terminates
    with the same verdicts (positions on the current line are kept apart)."""
    game = engine.new_game("smith", seed=6, rule="same-suit")
    status, _ = piles.search(game, Budget(seconds=30), True, max_table_bytes=0)
    assert status is Status.IMPOSSIBLE
    game = engine.from_dict(republic_doc(columns={1: "QH KS", 2: "QS", 3: "KH"}, rule="any-suit"))
    assert piles.search(game, Budget(seconds=10), True, max_table_bytes=0)[0] is Status.WON


@pytest.mark.parametrize("name", ["republic", "smith"])
def test_generated_moves_are_engine_moves_and_play_like_the_engine(name):
    """On random play: every move the solver generates is legal and leads to
    the position the engine reaches (same key); in The Smith with a stock
    nothing is left out."""
    rnd = random.Random(3)
    cls = RepublicModel if name == "republic" else SmithModel
    for rule in RULES:
        game = engine.new_game(name, seed=rnd.randrange(1000), rule=rule)
        for _ in range(120):
            legal = {str(m) for m in game.legal_moves()}
            if not legal:
                break
            pos = cls(game)
            mine = [pos.text(m) for m in pos.moves(None, None)]
            assert set(mine) <= legal and len(mine) == len(set(mine))
            if name == "smith" and game.stock:
                assert set(mine) == legal
            m = rnd.choice(list(pos.moves(None, None)))
            before = pos.key()
            token = pos.play(m)
            after = replayed(game, [pos.text(m)])
            assert cls(after).key() == pos.key()
            pos.unplay(m, token)
            assert pos.key() == before
            game.play(rnd.choice(sorted(legal)))


# ----------------------------------------------------------------- random deals

@pytest.mark.parametrize("name", ["republic", "smith"])
@pytest.mark.parametrize("rule", RULES)
def test_random_deals_give_valid_verdicts_and_won_lines_replay(name, rule):
    for seed in range(1, 11):
        game = engine.new_game(name, seed=seed, rule=rule)
        before = game.to_dict()
        result = solve(game, True, nodes=10_000)
        assert result.status in STATUSES
        assert result.nodes > 0
        if result.status == "won":
            assert replayed(game, result.moves).won
        else:
            assert result.moves == []
        assert game.to_dict() == before


def random_positions(name: str, count: int, seed: int, most: int):
    """Positions reached by up to ``most`` random legal moves from random deals."""
    rnd = random.Random(seed)
    for i in range(count):
        game = engine.new_game(name, seed=rnd.randrange(10**6), rule=RULES[i % 3])
        for _ in range(rnd.randrange(0, most)):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rnd.choice(legal))
        yield game


@pytest.mark.parametrize("name", ["republic", "smith"])
def test_hints_are_legal_and_never_a_false_impossible(name):
    """The visible mode's line is legal move after move; it says impossible
    only when the game is over or the exact search agrees (nothing hidden
    can be reached any more)."""
    for game in random_positions(name, 16, seed=5, most=400 if name == "republic" else 60):
        result = solve(game, False, seconds=0.5)
        assert result.status in STATUSES
        legal = {str(m) for m in game.legal_moves()}
        if result.status == "impossible":
            assert game.over or solve(game, True, seconds=20).status == "impossible"
        elif result.status == "won":
            assert replayed(game, result.moves).won
        else:
            assert legal and result.moves and result.moves[0] in legal
            replayed(game, result.moves)


def test_hint_in_the_smith_ends_at_a_deal_or_before():
    game = engine.new_game("smith", seed=1)
    result = solve(game, False, seconds=1)
    assert result.status == "unknown"
    assert "deal" not in result.moves[:-1]


def test_the_piles_search_refuses_other_games():
    with pytest.raises(ValueError):
        piles.search(engine.new_game("prince", seed=1), Budget(nodes=10), True)
    with pytest.raises(ValueError):
        piles.search(engine.new_game("gaps", seed=1), Budget(nodes=10), True)


# ----------------------------------------------------------------- the guided search (known=True)

def run_guided(pos, nodes: int, search=None):
    """``guided`` (or ``search``) alone, to its end: a line, None (given up)
    or "unknown"."""
    run = (search or guided)(pos, Budget(nodes=nodes), 1 << 26, pause=1000)
    try:
        while True:
            next(run)
    except StopIteration as stop:
        return stop.value
    except OutOfBudget:
        return "unknown"


@pytest.mark.slow
def test_guided_search_wins_a_republic_deal_the_exact_search_alone_does_not():
    """Alternating colour, deal 2 (measured): the exact search alone has not
    found a win after 100,000 nodes; with the guided search taking turns,
    the same budget wins, and the line replays to a won game."""
    game = engine.new_game("republic", seed=2, rule="alternate")
    assert exact(RepublicModel(game), 100_000) == "unknown"
    before = game.to_dict()
    result = solve(game, True, nodes=100_000)
    assert result.status == "won"
    assert replayed(game, result.moves).won
    assert game.to_dict() == before


@pytest.mark.parametrize("seed", [3, 5, 6])
def test_smith_same_suit_proofs_survive_the_guided_search_in_a_node_budget(seed):
    """The exact search keeps most of The Smith's budget to itself first, so
    the small deals are still proved impossible (deterministically)."""
    game = engine.new_game("smith", seed=seed, rule="same-suit")
    assert solve(game, True, nodes=100_000).status == "impossible"


@pytest.mark.slow
def test_beam_search_wins_a_fresh_smith_deal():
    """Any suit, deal 2 (measured): the deal-by-deal beam search, taking
    turns with the exact search, wins the fresh deal within 1.8 million
    nodes (about 15 s), deterministically, and the line replays to a won
    game; the beam search alone leaves the position as it was."""
    game = engine.new_game("smith", seed=2, rule="any-suit")
    before = game.to_dict()
    result = solve(game, True, nodes=1_800_000)
    assert result.status == "won"
    assert "deal" in result.moves
    assert replayed(game, result.moves).won
    assert game.to_dict() == before
    pos = SmithModel(game)
    key = pos.key()
    assert run_guided(pos, 2000, beam) == "unknown"
    assert pos.key() == key


@pytest.mark.parametrize("make", [stuck_republic, stuck_smith])
def test_guided_search_gives_up_without_a_verdict(make):
    game = make()
    cls = RepublicModel if game.name == "republic" else SmithModel
    pos = cls(game)
    key = pos.key()
    assert run_guided(pos, 1000) is None
    assert pos.key() == key


@pytest.mark.parametrize("name", ["republic", "smith"])
def test_snapshots_restore_the_position_and_the_guide_is_zero_only_when_won(name):
    cls = RepublicModel if name == "republic" else SmithModel
    for game in random_positions(name, 6, seed=11, most=200 if name == "republic" else 40):
        pos = cls(game)
        snap, key = pos.snapshot(), pos.key()
        for _ in range(30):
            moves = list(pos.moves(None, None))
            if not moves:
                break
            pos.play(moves[len(moves) // 2])
            assert pos.guide() != 0 or pos.won()
        pos.restore(snap)
        assert pos.key() == key
        assert pos.key() == cls(game).key()
    won = engine.from_dict(smith_doc([suit_run("S")]))
    won.play("c1-f:13")
    assert SmithModel(won).guide() == 0


SPADES = suit_run("S") * 2


@settings(max_examples=25, deadline=None, derandomize=True)
@given(order=st.permutations(SPADES), cuts=st.lists(st.integers(0, 18), min_size=7, max_size=7),
       stock=st.sampled_from([0, 8]), rule=st.sampled_from(RULES))
def test_guided_search_only_ever_claims_wins_that_replay(order, cuts, stock, rule):
    """Small Smith positions (two suits of spades left): what the guided
    search returns is a win that replays, or nothing, and nothing whenever
    the exact search proves the position impossible."""
    table = order[stock:]
    bounds = [0] + sorted(cuts) + [len(table)]
    columns = [" ".join(table[bounds[i]:bounds[i + 1]]) for i in range(8)]
    game = engine.from_dict(smith_doc(columns, order[:stock], laid=("KC", "KC", "KD", "KD", "KH", "KH"),
                                      rule=rule))
    line = run_guided(SmithModel(game), 5_000)
    beamed = run_guided(SmithModel(game), 5_000, beam)
    verdict = exact(SmithModel(game), 20_000)
    for found in (line, beamed):
        if isinstance(found, list):
            pos = SmithModel(game)
            assert replayed(game, [pos.text(m) for m in found]).won
            assert verdict != "impossible"
    if verdict == "impossible":
        assert line is None or line == "unknown"
        assert beamed is None or beamed == "unknown"
        assert solve(game, True, nodes=20_000).status == "impossible"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["any-suit", "alternate", "same-suit"]),
       st.lists(st.integers(0, 1000), max_size=60))
def test_the_smith_beam_values_a_position_the_same_with_its_memo_as_without(seed, rule, picks):
    """The beam's memo of column values (one per attempt, shared by every
    position it meets) never changes a position's value."""
    from engine.solve.smith_beam import ATTEMPTS
    game = engine.new_game("smith", seed=seed, rule=rule)
    weights = [a[-1] for a in ATTEMPTS]
    memos = [{} for _ in weights]
    for pick in [None] + picks:
        if pick is not None:
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[pick % len(moves)])
        pos = SmithModel(game)
        for w, memo in zip(weights, memos):
            assert pos.beam_value(w, memo) == pos.beam_value(w)


@settings(max_examples=40, deadline=None)
@given(st.permutations(suit_run("H") + suit_run("D")), st.lists(st.integers(0, 26), min_size=6, max_size=6),
       st.integers(0, 6), st.sampled_from(["any-suit", "alternate", "same-suit"]))
def test_laying_a_suit_off_always_raises_the_beams_value(order, cuts, where, rule):
    """Whatever the weights of an attempt (the plain ones, the strict ones
    and every drawn variant), a complete run laid off is worth more than
    the run was in its column: the beam never prefers keeping it there."""
    from engine.solve.smith_beam import ATTEMPTS
    bounds = [0] + sorted(cuts) + [26]
    columns = [order[bounds[i]:bounds[i + 1]] for i in range(7)]
    columns[where] = columns[where] + suit_run("S")
    game = engine.from_dict(smith_doc(columns, laid=("KC", "KC", "KD", "KH", "KS"), rule=rule))
    pos = SmithModel(game)
    lay = (where, -1, 13)
    assert lay in pos.beam_moves()
    before = [pos.beam_value(a[-1]) for a in ATTEMPTS]
    pos.play(lay)
    assert all(pos.beam_value(a[-1]) > b for a, b in zip(ATTEMPTS, before))


def test_the_beams_variants_are_drawn_the_same_everywhere_and_differ():
    """The varied weights come from the engine's own generator, seeded by
    their number: the same attempts, so the same verdicts, on any machine."""
    from engine.solve.smith_beam import PLAIN, variant
    assert variant(3) == variant(3)
    assert len({tuple(sorted(variant(n).items())) for n in range(1, 9)}) == 8
    assert all(set(variant(n)) == set(PLAIN) and variant(n)["laid"] == PLAIN["laid"] for n in range(1, 9))
