"""Gaps' beam search (engine/solve/gaps_beam.py): what it claims is a win
by the engine's own rules, it never claims one where there is none, it
stops when its budget does, and it keeps to its memory."""

from __future__ import annotations

import random

import pytest
from test_solve_grid import reference, replays_to_win, small_gaps, walk_back

import engine
from engine.solve import gaps_beam
from engine.solve.budget import Budget, OutOfBudget


def cells_of(game: engine.Game) -> bytes:
    return bytes(0 if c is None else c + 1 for c in game.cells)


def run(game: engine.Game, width: int, budget: Budget | None = None, salt: int = 0):
    it = gaps_beam.attempt(cells_of(game), width, budget or Budget(), salt=salt, slice_n=100)
    while True:
        try:
            next(it)
        except StopIteration as done:
            return done.value


def as_moves(game: engine.Game, line) -> list[str]:
    return [f"{game.PLACES[p]}-{game.PLACES[g]}" for p, g in line]


@pytest.mark.parametrize("seed", [3, 5, 16, 20])
def test_a_beam_wins_whole_deals_by_the_engines_rules(seed):
    """Deals 3, 5, 16 and 20 are won by a beam of 1,200; each line, played
    move by move in the engine, wins."""
    game = engine.new_game("gaps", seed=seed)
    line = run(game, 1200)
    assert line, f"deal {seed} not won by a beam of 1,200"
    assert replays_to_win(game, as_moves(game, line))


def test_a_won_position_is_its_own_win_and_a_near_win_is_found():
    won = walk_back("gaps", 0, 1)
    assert won.won and run(won, 10) == []
    for seed in range(1, 6):
        game = walk_back("gaps", 12, seed)
        line = run(game, 50)
        assert line is not None and replays_to_win(game, as_moves(game, line))


def test_a_beam_never_claims_a_lost_position():
    """On small positions that an exhaustive search decides, a beam wins
    only the winnable ones (and wins them by the rules)."""
    rng = random.Random(7)
    outcomes = set()
    for _ in range(25):
        game = small_gaps(rng, 8, 11)
        want = reference(game)
        line = run(game, 200)
        if want == "impossible":
            assert line is None
        if line is not None:
            assert replays_to_win(game, as_moves(game, line))
        outcomes.add((want, line is not None))
    assert ("impossible", False) in outcomes and ("won", True) in outcomes


def test_the_budget_stops_a_beam():
    game = engine.new_game("gaps", seed=6)
    budget = Budget(nodes=5000)
    with pytest.raises(OutOfBudget):
        run(game, 100000, budget)
    assert budget.nodes == 5001
    budget = Budget(seconds=60)
    budget.cancel()
    with pytest.raises(OutOfBudget):
        run(game, 1000, budget)


def test_the_widths_fit_the_memory():
    assert gaps_beam.widths(None) == list(gaps_beam.WIDTHS)
    small = gaps_beam.widths(8 << 20)
    assert small[0] == gaps_beam.WIDTHS[0]
    assert all(w * 4 * gaps_beam.ENTRY_BYTES <= 8 << 20 for w in small[1:])
    assert len(small) < len(gaps_beam.WIDTHS)
    assert gaps_beam.widths(1) == [gaps_beam.WIDTHS[0]]


def test_two_salts_part_ways_but_each_repeats():
    """A beam's choice among equal positions is its salt's: the same salt
    gives the same line every time (runs repeat); another salt may not."""
    game = engine.new_game("gaps", seed=16)
    a, b = run(game, 300, salt=1), run(game, 300, salt=1)
    assert a == b
    lines = {tuple(run(game, 300, salt=s) or ()) for s in range(2, 6)}
    assert len(lines) > 1


def test_a_beams_children_are_the_rules_moves(monkeypatch):
    """The beam lists moves itself (for speed): along random games, the
    positions one ply from a position are exactly those the engine's legal
    moves reach."""
    monkeypatch.setattr(gaps_beam, "MAX_PLIES", 1)
    rng = random.Random(2)
    for seed in range(1, 7):
        game = engine.new_game("gaps", seed=seed)
        for _ in range(60):
            legal = [m for m in game.legal_moves() if m.word is None]
            if not legal:
                break
            want = set()
            for m in legal:
                after = engine.from_dict(game.to_dict())
                after.play(m)
                want.add(cells_of(after))
            tables: list = []
            it = gaps_beam.attempt(cells_of(game), 10_000, Budget(), tables=tables)
            with pytest.raises(StopIteration):
                while True:
                    next(it)
            assert tables[2] == want - {cells_of(game)}
            game.play(rng.choice(legal))


@pytest.mark.slow
def test_a_ply_keeps_to_the_memory_the_widths_allow():
    """``widths`` lets a beam of width w take 4 * ENTRY_BYTES * w bytes: a
    beam of 1,200 measured (its plies, sets and lines) keeps to that."""
    import tracemalloc
    # a beam on another deal first: the interpreter's one-time costs of a first beam are not this
    # beam's, and the test measures the same run alone, after this file's tests, or on any worker
    try:
        run(engine.new_game("gaps", seed=6), 1200, Budget(nodes=5000))
    except OutOfBudget:
        pass
    game = engine.new_game("gaps", seed=1)
    tracemalloc.start()
    try:
        try:
            run(game, 1200, Budget(nodes=400_000))
        except OutOfBudget:
            pass
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak <= 4 * gaps_beam.ENTRY_BYTES * 1200, peak
