"""engine.solve: one interface for the five games' solvers (solve, hint,
Budget, Status), and ``python -m engine solve FILE``."""

from __future__ import annotations

import gc
import io
import json
import threading
import time

import pytest
from conftest import prince

import engine
from engine.__main__ import main as cli
from engine.solve import Budget, Result, Status, hint, solve
from engine.solve.budget import CHECK_EVERY, OutOfBudget, collector_paused, resident_mb


def no_move_left():
    from engine.cards import NAMES
    tops = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
    rest = [n for n in NAMES if n[0] != "A" and n not in tops and n[0] != "2"]
    piles = [rest[i::9] for i in range(9)]
    for i, two in enumerate(["2C", "2D", "2H", "2S"]):
        piles[i].insert(0, two)
    return prince([p + [t] for p, t in zip(piles, tops)], foundations=["AC", "AD", "AH", "AS"])


def test_solve_finds_a_win_that_replays_and_leaves_the_game_alone():
    game = engine.new_game("prince", seed=2)
    before = game.to_dict()
    result = solve(game, Budget(seconds=10))
    assert game.to_dict() == before
    assert result.status is Status.WON and result.moves
    assert result.nodes >= 0 and result.seconds >= 0
    for move in result.moves:
        game.play(move)
    assert game.won


def test_solve_from_the_middle_of_a_game():
    game = engine.new_game("prince", seed=2)
    first = solve(game, Budget(seconds=10)).moves
    for move in first[:10]:
        game.play(move)
    result = solve(game, Budget(seconds=10))
    assert result.status == "won"
    for move in result.moves:
        game.play(move)
    assert game.won


def test_a_won_game_is_won_with_no_moves():
    game = prince([], foundations=["KC", "KD", "KH", "KS"])
    result = solve(game, Budget(seconds=1))
    assert result.status is Status.WON and result.moves == []


def test_a_game_over_and_lost_is_impossible():
    game = no_move_left()
    assert game.over and not game.won
    assert solve(game, Budget(seconds=1)).status is Status.IMPOSSIBLE


def test_a_node_budget_gives_unknown_with_the_nodes_it_used():
    game = engine.new_game("prince", seed=21)
    result = solve(game, Budget(nodes=3))
    assert result.status is Status.UNKNOWN
    assert result.nodes == 4, "the fourth node is the one over the budget"
    for move in result.moves:                       # the best line so far, legal throughout
        game.play(move)


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
@pytest.mark.parametrize("known", [False, True])
def test_every_game_answers_with_a_status_and_leaves_the_game_alone(name, known):
    game = engine.new_game(name, seed=3)
    before = game.to_dict()
    result = solve(game, Budget(seconds=0.5), known=known)
    assert game.to_dict() == before
    assert isinstance(result, Result) and isinstance(result.status, Status)
    assert result.nodes >= 0 and result.seconds > 0
    if result.status is Status.WON:
        for move in result.moves:
            game.play(move)
        assert game.won


def test_hint_is_the_first_move_of_a_win():
    game = prince(["QH KH"], foundations=["KC", "KD", "JH", "KS"])
    assert hint(game, Budget(seconds=5)) == "c1-c2"


def test_hint_when_the_search_runs_out_is_a_legal_move():
    game = engine.new_game("prince", seed=21)
    move = hint(game, Budget(seconds=0.05))
    assert move in {str(m) for m in game.legal_moves()}


def test_no_hint_when_the_game_is_won_or_lost():
    assert hint(prince([], foundations=["KC", "KD", "KH", "KS"]), Budget(seconds=1)) is None
    assert hint(no_move_left(), Budget(seconds=1)) is None


def test_a_deal_proved_lost_is_impossible():
    assert solve(engine.new_game("prince", seed=6), Budget(seconds=10)).status is Status.IMPOSSIBLE


# ---------------------------------------------------------------- the command line

def test_solve_prints_exactly_one_json_line_whose_moves_win_from_the_files_position(tmp_path):
    game = engine.new_game("prince", seed=4)
    game.play(str(game.legal_moves()[0]))
    path = tmp_path / "p.json"
    path.write_text(json.dumps(game.to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--budget-s", "20"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    answer = json.loads(lines[0])
    assert set(answer) == {"status", "moves", "nodes", "seconds"}
    assert answer["status"] == "won"
    for move in answer["moves"]:
        game.play(move)
    assert game.won


def test_solve_says_impossible_for_a_lost_position(tmp_path):
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(no_move_left().to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--budget-s", "1"], out=out) == 0
    assert json.loads(out.getvalue()) == {"status": "impossible", "moves": [], "nodes": 0,
                                          "seconds": json.loads(out.getvalue())["seconds"]}


def test_solve_with_a_node_budget_says_unknown(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(engine.new_game("prince", seed=21).to_dict()))
    out = io.StringIO()
    assert cli(["solve", str(path), "--nodes", "2"], out=out) == 0
    assert json.loads(out.getvalue())["status"] == "unknown"


@pytest.mark.parametrize("text", ["{nope", '{"format": 1, "game": "prince", "position": {}}', "[]"])
def test_solve_refuses_a_bad_file_with_the_reason_and_exit_code_2(tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    out = io.StringIO()
    assert cli(["solve", str(path)], out=out) == 2
    assert out.getvalue() == ""
    assert "bad.json" in capsys.readouterr().err


def test_solve_refuses_a_missing_file_with_exit_code_2(tmp_path, capsys):
    assert cli(["solve", str(tmp_path / "none.json")], out=io.StringIO()) == 2
    assert "none.json" in capsys.readouterr().err


def test_a_gaps_hint_is_a_card_move_that_leads_to_more_locked_cards():
    # deal 1 is undecided in a fraction of a second; the hint is still the
    # first step of a line that locks cards (they stay locked through a shuffle)
    game = engine.new_game("gaps", seed=1)
    move = hint(game, Budget(seconds=0.2))
    assert move is not None and move != "redeal"
    assert game.explain(move) is None


# ---------------------------------------------------------------- Status and Result

def test_the_status_is_one_of_three_and_reads_as_its_word():
    assert [s.name for s in Status] == ["WON", "IMPOSSIBLE", "UNKNOWN"]
    assert Status.WON == "won" and str(Status.IMPOSSIBLE) == "impossible" and f"{Status.UNKNOWN}" == "unknown"
    assert Status("unknown") is Status.UNKNOWN
    with pytest.raises(ValueError):
        Status("lost")
    answer = json.loads(json.dumps(Result(Status.WON, ["c1-f"], 3, 0.25).to_json()))
    assert answer == {"status": "won", "moves": ["c1-f"], "nodes": 3, "seconds": 0.25}


# ---------------------------------------------------------------- the budget

def tick_until_out(budget: Budget) -> int:
    with pytest.raises(OutOfBudget):
        while True:
            budget.tick()
    return budget.nodes


def test_a_node_budget_allows_exactly_its_nodes():
    budget = Budget(nodes=5)
    for _ in range(5):
        budget.tick()
    assert budget.used() == 1.0 and budget.exhausted()
    with pytest.raises(OutOfBudget):
        budget.tick()
    assert Budget(nodes=0).exhausted() and tick_until_out(Budget(nodes=0)) == 1


def test_a_time_budget_runs_out_after_its_seconds_reading_the_clock_every_so_many_nodes():
    budget = Budget(seconds=0.05)
    assert not budget.exhausted() and 0 <= budget.used() < 1
    start = time.perf_counter()
    nodes = tick_until_out(budget)
    assert 0.05 <= time.perf_counter() - start < 1.0
    assert nodes % CHECK_EVERY == 0
    assert budget.exhausted() and budget.used() >= 1


def test_a_budget_without_limits_runs_until_cancelled():
    budget = Budget()
    for _ in range(3 * CHECK_EVERY):
        budget.tick()
    assert budget.used() is None and not budget.exhausted()
    budget.cancel()
    assert budget.exhausted()
    with pytest.raises(OutOfBudget):
        budget.tick()
    with pytest.raises(OutOfBudget):
        budget.poll()


def test_a_budget_refuses_negative_limits():
    with pytest.raises(ValueError):
        Budget(seconds=-1)
    with pytest.raises(ValueError):
        Budget(nodes=-1)
    with pytest.raises(ValueError):
        Budget(memory_mb=0)


@pytest.mark.slow
@pytest.mark.skipif(resident_mb() == 0, reason="the resident size is read from /proc (Linux)")
def test_a_memory_budget_stops_a_search_whose_tables_grow_past_it():
    """The solver worker runs beside the table: a search stops (unknown)
    when the process grows past its budget; and a Gaps search cuts its
    tables and beams to fit the budget instead, so it keeps searching
    within it until its time is up."""
    game = engine.new_game("gaps", seed=6)       # not decided within a few seconds
    limit = resident_mb() + 12
    budget = Budget(seconds=4, memory_mb=limit)
    result = solve(game, budget)
    assert result.status is Status.UNKNOWN and not budget.out_of_memory
    assert resident_mb() < limit, "the fitted tables kept the search under the bound"
    over = Budget(seconds=60, memory_mb=max(1.0, resident_mb() - 5))
    assert solve(engine.new_game("prince", seed=21), over).status is Status.UNKNOWN
    assert over.out_of_memory, "past the bound, the search stops on memory"
    small = Budget(nodes=10, memory_mb=resident_mb() + 50)
    assert solve(engine.new_game("prince", seed=1), small).status is Status.UNKNOWN
    assert not small.out_of_memory, "a search that stays small runs out of nodes, not memory"


def test_a_search_after_another_is_fitted_the_memory_the_first_one_freed(monkeypatch):
    """After a search, the worker stays as large as the search made it
    (its tables are freed, but the allocator keeps the memory for what comes
    next): the next search reuses that memory, so it gets tables as large
    as the first one's, not the little left above the first one's peak;
    growth that no search freed still counts."""
    from engine.solve import budget as budgets
    monkeypatch.setattr(budgets, "_last_search", None)
    resident = [13.0]
    monkeypatch.setattr(budgets, "resident_mb", lambda: resident[0])
    first = Budget(seconds=5, memory_mb=30)
    size = budgets.fit_tables(first, 1 << 40)
    assert size == int((30 - 13) * budgets.TABLE_SHARE * 2**20)
    resident[0] = 27.0                 # the search's peak; freeing its tables leaves the process this large
    first.release()
    second = Budget(seconds=5, memory_mb=30)
    reused = budgets.REUSED * 14.0     # most of what the first one grew by, taken again
    assert budgets.fit_tables(second, 1 << 40) == int((30 - (27 - reused)) * budgets.TABLE_SHARE * 2**20)
    assert budgets.fit_tables(second, 1 << 40) > 0.8 * size, "not the 1.5 MB left above the first one's peak"
    second.release()
    resident[0] = 47.0                 # 20 MB more, held by something other than a search
    third = Budget(seconds=5, memory_mb=60)
    counted = 47.0 - budgets.REUSED * reused   # the second search grew the process by `reused`
    assert budgets.fit_tables(third, 1 << 40) == int((60 - counted) * budgets.TABLE_SHARE * 2**20)
    assert budgets.fit_tables(Budget(seconds=5), 1 << 20) == 1 << 20, "no memory bound: the tables asked"


def test_the_solver_worker_bounds_every_search_by_its_memory_budget():
    from engine.solve import worker
    assert job_budget(worker) is None, "serving in another process bounds nothing"
    worker.bound_memory(worker.MEMORY_MB)            # as the worker's main() does
    try:
        assert job_budget(worker) == worker.MEMORY_MB
    finally:
        worker.bound_memory(None)


def job_budget(worker):
    return worker.Job().budget(2.0).max_memory_mb


def test_a_cancel_stops_the_very_next_tick():
    budget = Budget(seconds=60)
    budget.tick()
    budget.poll()                                   # not cancelled: nothing happens
    budget.cancel()
    with pytest.raises(OutOfBudget):
        budget.tick()
    assert budget.nodes == 2


def test_a_search_given_a_cancelled_budget_answers_unknown_at_once():
    budget = Budget(seconds=60)
    budget.cancel()
    result = solve(engine.new_game("prince", seed=21), budget)
    assert result.status is Status.UNKNOWN and result.moves == [] and result.nodes <= 1


#: deals no search decides in a second or two, with every card known or not: each game's
UNDECIDED = {"smith": [({"rule": "any-suit"}, 1, True), ({"rule": "alternate"}, 2, True)],
             "republic": [({"rule": "any-suit"}, 1, True)], "prince": [({"rule": "alternate"}, 21, True)],
             "gaps": [({}, 1, True)], "chinese-puzzle": [({}, 7, True)]}


def test_every_game_has_a_deal_its_search_does_not_decide_at_once():
    missing = [name for name in engine.GAMES if not UNDECIDED.get(name)]
    assert not missing, f"no undecided deal in UNDECIDED for {missing}: the cancel test below cannot try their search"


@pytest.mark.slow
@pytest.mark.parametrize("name, options, seed, known",
                         [(name, *deal) for name in engine.GAMES for deal in UNDECIDED.get(name, ())])
def test_cancel_from_another_thread_answers_unknown_within_milliseconds(name, options, seed, known):
    game = engine.new_game(name, seed=seed, **options)
    budget = Budget(seconds=60)
    answered = {}

    def search():
        answered["result"] = solve(game, budget, known=known)
        answered["at"] = time.perf_counter()
    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(1.0)             # tables big enough that freeing them before answering would show
    assert thread.is_alive(), "the deal should take the search longer than that"
    cancelled = time.perf_counter()
    budget.cancel()
    thread.join(10)
    assert answered["result"].status is Status.UNKNOWN
    assert answered["at"] - cancelled < 0.025, f"{1000 * (answered['at'] - cancelled):.1f} ms after cancel()"


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.parametrize("name, rule", [("smith", "same-suit"), ("republic", "alternate"), ("prince", "alternate")])
def test_a_search_leaves_the_garbage_collector_as_it_found_it(enabled, name, rule):
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        solve(engine.new_game(name, seed=3, rule=rule), Budget(nodes=5000), known=True)
        assert gc.isenabled() is enabled
        cancelled = Budget(seconds=60)
        cancelled.cancel()
        solve(engine.new_game(name, seed=3, rule=rule), cancelled, known=True)
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_during_a_search_and_back_after_an_error(monkeypatch):
    from engine.solve import smith
    seen = []
    moves = smith.SmithModel.moves

    def watched(self, *args):
        seen.append(gc.isenabled())
        return moves(self, *args)
    monkeypatch.setattr(smith.SmithModel, "moves", watched)
    assert gc.isenabled()
    solve(engine.new_game("smith", seed=3, rule="same-suit"), Budget(nodes=200), known=True)
    assert seen and not any(seen), "paused while searching"
    assert gc.isenabled()
    with pytest.raises(RuntimeError):
        with collector_paused():
            raise RuntimeError
    assert gc.isenabled()
