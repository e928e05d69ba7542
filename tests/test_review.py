"""Review This Game: along a lost game's history the verdict reads "can be
won" up to one move and "lost" after it; the review names that move.

Each fixture (tests/data/review/GAME.json) is a game built by playing the
first moves of a solver's winning line, then a move that loses (the solver
proves the position after it lost), then a few moves more; ``losing`` is
that move's index in the history.

The lost games of tests/data/review-lost/ (GAME-RULE.json) were built from
real play: a deal the solver won (The Smith: its line from
``engine.solve.won_deals``; The Republic: a search of 1,000,000 nodes),
played along that line until a legal move other than the line's was proved
lost (10,000 or 20,000 nodes, every card known), that move played, then a
seeded random player (``random.Random(rng)``, moves shuffled, the first one
reaching a position not seen before) until no such move was left.  The
Republic under any suit forgives every single move off a winning line near
its end, so its game was played by a seeded random player kept on positions
proved won until a move it tried was proved lost.  Each file's ``how`` says
how it was made, and ``losing`` is the index of the move that lost it.
Their reviews use node budgets, so they decide the same on any machine.

A stand-in solver (:class:`Oracle`) gives a review chosen verdicts, to test
what the review does with them: every proof kept, the end searched first,
the table's proofs trusted."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest

import engine
from engine import solve
from engine.__main__ import main as cli
from engine.review import LOST, UNKNOWN, WON, position_after, review, stretches

DATA = Path(__file__).parent / "data" / "review"
FIXTURES = sorted(p.stem for p in DATA.glob("*.json"))
PLAYED_DATA = Path(__file__).parent / "data" / "review-lost"
PLAYED = sorted(p.stem for p in PLAYED_DATA.glob("*.json"))
#: the nodes a review's search gets for each of its "seconds" (a retry: RETRY times as many)
NODES_PER_S = 20_000
#: the nodes of the independent searches that check a review's findings
CHECK_NODES = 400_000


def fixture(name: str) -> tuple[engine.Game, int, str]:
    data = json.loads((DATA / f"{name}.json").read_text())
    return engine.from_dict(data["doc"]), data["losing"], data["move"]


@functools.cache
def reviewed(name: str):
    """The fixture's game, its document before the review, and the review
    (5 s a search; once a fixture, the searches being the slow part)."""
    game, _, _ = fixture(name)
    doc = json.dumps(game.to_dict(), sort_keys=True)
    return game, doc, review(game, seconds=5.0)


@pytest.mark.parametrize("name", FIXTURES)
def test_the_review_names_the_move_that_lost_the_game(name):
    _, losing, move = fixture(name)
    game, _, r = reviewed(name)
    assert str(game.history[losing]) == move
    assert r.losing == losing
    assert r.verdicts[:losing + 1] == [WON] * (losing + 1)
    assert r.verdicts[losing + 1:] == [LOST] * (len(game.history) - losing)


@pytest.mark.parametrize("name", FIXTURES)
def test_the_move_offered_instead_keeps_the_game_winnable(name):
    _, losing, move = fixture(name)
    game, _, r = reviewed(name)
    assert r.instead is not None and r.instead != move
    before = position_after(game.to_dict(), losing)
    before.play(r.instead)
    known = game.name in ("republic", "smith")
    assert solve.solve(before, solve.Budget(seconds=10), known=known).status is solve.Status.WON


@pytest.mark.parametrize("name", FIXTURES)
def test_the_review_changes_nothing_in_the_game(name):
    game, before, _ = reviewed(name)
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_a_review_asks_a_handful_of_searches_not_one_a_move():
    game, _, r = reviewed(FIXTURES[0])
    assert r.searches <= 2 + len(game.history).bit_length() + 2


def test_a_won_game_has_no_losing_move():
    game = engine.new_game("prince", seed=7)
    line = solve.solve(game, solve.Budget(seconds=20)).moves
    for m in line[:5]:
        game.play(m)
    r = review(game, seconds=5.0)
    assert r.losing is None and set(r.verdicts) == {WON}


def test_a_deal_lost_from_the_start_names_no_move():
    game = engine.new_game("prince", seed=6)       # proved lost from the deal
    game.play(game.legal_moves()[0])
    r = review(game, seconds=5.0)
    assert r.losing is None and r.deals[0].lost_from_the_start
    assert set(r.verdicts) == {LOST}


def test_unknown_verdicts_stay_unknown_rather_than_guessed():
    game, _, _ = fixture("gaps")
    r = review(game, budget=lambda seconds: solve.Budget(nodes=1))
    assert r.losing is None
    assert UNKNOWN in r.verdicts


def test_a_review_out_of_time_says_so_and_decides_nothing_it_did_not_search():
    game, _, _ = fixture("prince")
    r = review(game, seconds=5.0, total=0.0)
    assert r.out_of_time and r.searches == 0
    assert r.losing is None and set(r.verdicts) == {UNKNOWN}


def test_the_command_line_prints_one_json_line_when_asked(tmp_path):
    """``--json``: one JSON line (the words are the default: tests/test_engine_cli_36.py)."""
    game, losing, _ = fixture(FIXTURES[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    out = io.StringIO()
    assert cli(["review", str(path), "--budget-s", "5", "--json"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert out["losing"] == losing and len(out["verdicts"]) == len(game.history) + 1


def test_the_command_line_refuses_a_bad_file(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert cli(["review", str(path)]) == 2
    assert "Cannot open" in capsys.readouterr().err


def test_an_undecided_search_the_review_depends_on_is_made_again_longer():
    """A search that ends undecided where its verdict would name the losing
    move is made once more with RETRY times the budget (a longer search
    decides more) before the review gives up on a position."""
    from engine.review import RETRY
    game, losing, _ = fixture("prince")
    asked = []

    def budget(seconds: float) -> solve.Budget:
        asked.append(seconds)
        return solve.Budget(nodes=1 if seconds < 2.0 * RETRY else 200_000)   # only the longer searches decide
    r = review(game, seconds=2.0, budget=budget)
    assert r.losing == losing
    assert 2.0 * RETRY in asked
    assert r.searches == len(asked)


# ----------------------------------------------------------------- lost games from real play
def played(name: str) -> tuple[engine.Game, dict]:
    """The lost game ``name`` of tests/data/review-lost, replayed from its deal."""
    data = json.loads((PLAYED_DATA / f"{name}.json").read_text())
    game = engine.new_game(data["game"], seed=data["seed"], rule=data["rule"])
    for move in data["history"]:
        game.play(move)
    return game, data


def node_budget(seconds: float) -> solve.Budget:
    return solve.Budget(nodes=int(seconds * NODES_PER_S))


def proved(game: engine.Game, k: int) -> str:
    """Position ``k`` of ``game`` searched on its own (every card known)."""
    r = solve.solve(position_after(game.to_dict(), k), solve.Budget(nodes=CHECK_NODES), known=True)
    return _WORDS[r.status]


_WORDS = {solve.Status.WON: WON, solve.Status.IMPOSSIBLE: LOST, solve.Status.UNKNOWN: UNKNOWN}


@pytest.mark.parametrize("name", PLAYED)
def test_a_game_lost_in_play_is_reviewed_to_the_move_that_lost_it(name):
    game, data = played(name)
    assert str(game.history[data["losing"]]) == data["move"] and not game.won
    r = review(game, 1.0, budget=node_budget)
    k = r.losing
    assert k is not None, f"no losing move named: {r.to_json()}"
    assert proved(game, k) == WON and proved(game, k + 1) == LOST, "checked by searches of their own"
    assert r.verdicts == [WON] * (k + 1) + [LOST] * (len(game.history) - k)
    assert r.instead is not None and r.instead != str(game.history[k])
    before = position_after(game.to_dict(), k)
    before.play(r.instead)
    assert solve.solve(before, solve.Budget(nodes=CHECK_NODES), known=True).status is solve.Status.WON


def test_the_lost_games_cover_each_rule_that_can_be_lost():
    """The Smith under same suit has no won deal to lose (a test below
    reviews one of its games, lost at the deal), and The Republic under
    same suit, its talon redealt without limit, forgave every move a
    seeded random player kept on won positions tried (deals 50 and 255,
    some 400 moves each, to a win): neither has a losing move to name."""
    assert {"smith-any-suit", "smith-alternate", "republic-alternate", "republic-any-suit"} <= set(PLAYED)


def test_a_republic_game_under_same_suit_still_winnable_at_its_end_takes_one_search():
    game = play_on(engine.new_game("republic", seed=50, rule="same-suit"), 1, 120)
    r = review(game, 1.0, budget=node_budget)
    assert r.searches == 1 and set(r.verdicts) == {WON} and r.losing is None


# ----------------------------------------------------------------- what the review does with its proofs
class Oracle:
    """A stand-in for ``solve.solve``: the verdict on each position (its
    number of moves) from ``verdict_of(k, nodes)``; the positions searched,
    in order, in ``asked``.  A won verdict comes with a one-move line."""

    def __init__(self, verdict_of) -> None:
        self.verdict_of = verdict_of
        self.asked: list[int] = []

    def __call__(self, game, budget, known=False) -> solve.Result:
        k = len(game.history)
        self.asked.append(k)
        status = {WON: solve.Status.WON, LOST: solve.Status.IMPOSSIBLE, UNKNOWN: solve.Status.UNKNOWN}[
            self.verdict_of(k, budget.max_nodes)]
        line = [str(game.legal_moves()[0])] if status is solve.Status.WON else []
        return solve.Result(status, line, 0, 0.0)


def oracle(monkeypatch, verdict_of) -> Oracle:
    fake = Oracle(verdict_of)
    monkeypatch.setattr(solve, "solve", fake)
    return fake


@functools.cache
def smith_59() -> engine.Game:
    """A game of The Smith, any suit, 59 moves long (the shape of deal 42's
    game in issue 25): the first 59 moves of a lost game played at the table."""
    game, _ = played("smith-any-suit")
    return position_after(game.to_dict(), 59)


def test_a_loss_proved_looking_back_from_the_end_is_kept(monkeypatch):
    """The Smith's deal 42 shape: the end proved lost in short searches,
    the positions before undecided.  The verdicts say lost from the
    earliest position proved lost on (no longer "unknown" everywhere), and
    the positions before it stay unknown rather than guessed."""
    fake = oracle(monkeypatch, lambda k, nodes: LOST if k >= 57 else UNKNOWN)
    game = smith_59()
    r = review(game, 1.0, budget=node_budget)
    assert r.verdicts == [UNKNOWN] * 57 + [LOST] * 3
    assert r.losing is None and r.deals[0].lost_from == 57 and r.deals[0].won_until is None
    # the end, then back while proved lost; the loss narrowed down to 57 and
    # a longer search at 56; only then the costlier searches further back
    assert fake.asked[:5] == [59, 58, 56, 57, 56]
    assert fake.asked[5:] == [55, 53, 49, 41, 25, 0], "steps that double, back to the deal"


def test_a_win_marks_every_earlier_position_and_a_loss_every_later_one(monkeypatch):
    fake = oracle(monkeypatch, lambda k, nodes: WON if k <= 40 else LOST if k >= 57 else UNKNOWN)
    r = review(smith_59(), 1.0, budget=node_budget)
    assert r.verdicts == [WON] * 41 + [UNKNOWN] * 16 + [LOST] * 3
    assert (r.deals[0].won_until, r.deals[0].lost_from, r.losing) == (40, 57, None)
    assert 0 not in fake.asked, "the deal itself, the costliest search, was never needed"
    assert r.to_json()["deals"][0]["lost_from"] == 57


def test_the_end_is_searched_first_and_a_handful_of_searches_find_the_move(monkeypatch):
    fake = oracle(monkeypatch, lambda k, nodes: WON if k <= 31 else LOST)
    r = review(smith_59(), 1.0, budget=node_budget)
    assert r.losing == 31 and r.verdicts == [WON] * 32 + [LOST] * 28
    assert fake.asked[0] == 59 and fake.asked[1] == 58
    assert len(fake.asked) == len(set(fake.asked)) <= 2 * (59).bit_length() + 2
    assert r.instead is not None


def test_a_longer_search_just_before_the_earliest_loss_names_the_move(monkeypatch):
    """Nothing proved winnable in short searches: the loss is narrowed down
    to the undecided positions, and the one just before it gets RETRY
    times the nodes, which decide it."""
    fake = oracle(monkeypatch, lambda k, nodes: LOST if k >= 50 else
                  WON if k == 49 and nodes > NODES_PER_S else UNKNOWN)
    r = review(smith_59(), 1.0, budget=node_budget)
    assert r.losing == 49 and r.verdicts == [WON] * 50 + [LOST] * 10
    assert fake.asked.count(49) == 2


def test_the_table_s_proofs_seed_the_review_and_are_never_searched_again(monkeypatch):
    fake = oracle(monkeypatch, lambda k, nodes: UNKNOWN)
    r = review(smith_59(), 1.0, budget=node_budget, proved={5: "won", "18": "lost"})
    assert r.verdicts[:6] == [WON] * 6 and r.verdicts[18:] == [LOST] * 42
    assert set(r.verdicts[6:18]) == {UNKNOWN}
    assert all(6 <= k < 18 for k in fake.asked), "what the table proved is not searched"
    assert (r.deals[0].won_until, r.deals[0].lost_from) == (5, 18)


def test_the_review_never_contradicts_what_the_table_proved(monkeypatch):
    """Even a search that disagreed (none should: the table asks the same
    solver) leaves the table's verdicts as they are."""
    oracle(monkeypatch, lambda k, nodes: WON if k <= 30 else LOST)
    r = review(smith_59(), 1.0, budget=node_budget, proved={20: "lost", 10: "won"})
    assert r.verdicts[:11] == [WON] * 11 and r.verdicts[20:] == [LOST] * 40
    assert r.losing == 19 and r.verdicts[19] == WON


def test_with_the_table_s_proofs_a_real_review_agrees_with_the_indicator():
    """The indicator's verdicts (searches of the same solver, as the table
    makes them) given to the review: every one of them is in its verdicts."""
    game, data = played("smith-alternate")
    doc = game.to_dict()
    table = {}
    for k in (40, data["losing"] + 3, len(game.history)):
        r = solve.solve(position_after(doc, k), solve.Budget(nodes=NODES_PER_S), known=True)
        if r.status is not solve.Status.UNKNOWN:
            table[k] = _WORDS[r.status]
    assert LOST in table.values()
    r = review(game, 1.0, budget=node_budget, proved=table)
    assert all(r.verdicts[k] == v for k, v in table.items())
    assert r.losing == data["losing"]


def gaps_with_a_shuffle() -> engine.Game:
    """Gaps deal 5 played (the first legal card move each time) until stuck,
    shuffled, and three moves more."""
    game = engine.new_game("gaps", seed=5)
    while [m for m in game.legal_moves() if str(m) != "redeal"]:
        game.play(next(m for m in game.legal_moves() if str(m) != "redeal"))
    game.play("redeal")
    for _ in range(3):
        game.play(next(m for m in game.legal_moves() if str(m) != "redeal"))
    return game


def test_a_shuffle_starts_a_new_deal_and_a_proof_stays_in_its_own(monkeypatch):
    game = gaps_with_a_shuffle()
    shuffle = [str(m) for m in game.history].index("redeal")
    assert stretches(game) == [(0, shuffle), (shuffle + 1, len(game.history))]
    fake = oracle(monkeypatch, lambda k, nodes: LOST if k == shuffle else UNKNOWN)
    r = review(game, 1.0, budget=node_budget, proved={shuffle - 10: "lost"})
    assert r.verdicts[shuffle - 10:shuffle + 1] == [LOST] * 11
    assert set(r.verdicts[shuffle + 1:]) == {UNKNOWN}, "a loss before a shuffle says nothing after it"
    assert shuffle - 10 not in fake.asked and shuffle not in fake.asked


def test_the_republic_s_redeal_turns_the_talon_over_and_starts_no_new_deal():
    game, _, _ = fixture("republic")
    assert "redeal" in [str(m) for m in game.history]
    assert stretches(game) == [(0, len(game.history))]


def test_the_worker_passes_the_table_s_proofs_to_the_review(monkeypatch):
    from engine.solve.worker import Job, review_game
    oracle(monkeypatch, lambda k, nodes: UNKNOWN)
    game = smith_59()
    request = {"id": 1, "kind": "review", "game": game.to_dict(), "budget": 0.01, "total": 5.0,
               "proved": json.loads(json.dumps({57: "lost", 12: "won"}))}     # as JSON carries it: string keys
    answer = review_game(request, game, Job(), None)
    verdicts = answer["review"]["verdicts"]
    assert verdicts[57:] == [LOST] * 3 and verdicts[:13] == [WON] * 13
    assert answer["review"]["deals"][0]["lost_from"] == 57


def play_on(game: engine.Game, seed: int, moves: int) -> engine.Game:
    """A seeded random player: up to ``moves`` moves, each the first (moves
    shuffled by ``random.Random(seed)``) that reaches a position not seen
    before; it stops when none does."""
    import random
    rng = random.Random(seed)
    seen = {json.dumps(game.position(), sort_keys=True)}
    for _ in range(moves):
        options = [str(m) for m in game.legal_moves()]
        rng.shuffle(options)
        for move in options:
            game.play(move)
            key = json.dumps(game.position(), sort_keys=True)
            if key not in seen:
                seen.add(key)
                break
            game.undo()
        else:
            break
    return game


def test_a_smith_deal_lost_from_the_start_under_same_suit_names_no_move():
    """The Smith under same suit: the solver has won none of its deals (the
    study: 274 of 300 proved lost, the rest undecided), so a game lost at
    the table was lost at the deal; the review proves that and blames no move."""
    game = play_on(engine.new_game("smith", seed=6, rule="same-suit"), 6, 60)
    assert len(game.history) > 5
    assert proved(game, 0) == LOST
    r = review(game, 1.0, budget=node_budget)
    assert r.losing is None and r.deals[0].lost_from_the_start
    assert r.verdicts == [LOST] * (len(game.history) + 1)


@pytest.mark.slow
def test_a_smith_game_lost_in_play_reads_lost_from_its_earliest_proved_position():
    """The Smith, any suit, deal 42 (issue 25's game was 59 moves long):
    searches near the end prove it lost, those further back decide nothing.
    The verdicts read lost from the earliest position proved lost on, and
    unknown before it, rather than unknown everywhere."""
    game = play_on(engine.new_game("smith", seed=42, rule="any-suit"), 3, 200)
    n = len(game.history)
    r = review(game, 1.0, budget=node_budget)
    first = r.deals[0].lost_from
    assert first is not None and first < n - 1, "a loss proved looking back from the end"
    assert proved(game, first) == LOST
    assert r.verdicts == [UNKNOWN] * first + [LOST] * (n + 1 - first)
    assert r.losing is None and r.searches <= 2 * n.bit_length() + 6
