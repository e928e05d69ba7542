"""What the session knows is not searched for again: a won line followed
stays won, a loss is for good (until the cards are dealt anew), a position
seen before keeps its verdict, and a run of searches that gave up lets a
few positions pass unsearched.  Also the budgets the searches run on:
processor time, so a busy machine does not change a verdict."""

from __future__ import annotations

import threading
import time

import engine
from engine.solve import Budget, solve
from engine.solve.worker import Job, known_win
from game.assistant.knowledge import LOST, MOST_LET_PASS, UNKNOWN, WON, Knowledge
from tests.gui import endgame


def prince_endgame():
    return engine.from_dict(endgame())


def test_a_won_line_followed_is_known_won_without_a_search():
    game = prince_endgame()
    line = solve(game, Budget(nodes=100_000)).moves
    k = Knowledge()
    assert k.look(game) is None, "nothing known yet: the solver is asked"
    k.learn(game, WON, line)
    for n, move in enumerate(line[:-1]):
        game.play(move)
        known = k.look(game)
        assert known is not None and known.status == WON, f"after {n + 1} moves of the line"
        assert known.line == line[n + 1:], "the rest of the line is the solution from here"
    assert k.searches == 1


def test_a_move_off_the_line_is_not_known_but_the_line_before_is_offered():
    game = prince_endgame()
    line = solve(game, Budget(nodes=100_000)).moves
    k = Knowledge()
    k.look(game)
    k.learn(game, WON, line)
    other = next(str(m) for m in game.legal_moves() if str(m) != line[0])
    game.play(other)
    assert k.look(game) is None
    assert k.line_before() == line, "the line from the position before, for the solver to try first"


def test_the_worker_tries_the_line_before_with_the_players_move_taken_out():
    game = prince_endgame()
    line = solve(game, Budget(nodes=100_000)).moves
    # the player plays the line's second move first (it is independent of the first)
    later = next((m for m in line[1:] if game.explain(m) is None), None)
    assert later is not None
    game.play(later)
    found = known_win(game, [line], Job())
    assert found is not None and later not in found[:1]
    copy = engine.from_dict(game.to_dict())
    for m in found:
        copy.play(m)
    assert copy.won


def test_a_loss_is_for_good_until_the_cards_are_dealt_anew():
    game = engine.new_game("gaps", seed=3)
    k = Knowledge()
    k.look(game)
    k.learn(game, LOST)
    for _ in range(3):
        move = next(str(m) for m in game.legal_moves() if str(m) != "redeal")
        game.play(move)
        known = k.look(game)
        assert known is not None and known.status == LOST
    assert k.searches == 1
    game2 = engine.new_game("gaps", seed=3)
    game2.play(next(str(m) for m in game2.legal_moves() if str(m) != "redeal"))
    # a shuffle deals the cards anew: a loss before it says nothing after it;
    # The Republic's redeal only turns its talon over: a loss stays a loss
    from game.assistant.knowledge import Verdict, random_moves
    assert Verdict(LOST).after("redeal", random_moves(game)) is None
    assert Verdict(LOST).after("a2-b3", random_moves(game)) is not None
    republic = engine.new_game("republic", seed=5, rule="any-suit")
    assert Verdict(LOST).after("redeal", random_moves(republic)).status == LOST


def test_a_position_seen_before_keeps_its_verdict_after_an_undo():
    game = engine.new_game("republic", seed=5, rule="any-suit")
    k = Knowledge()
    k.look(game)
    k.learn(game, UNKNOWN)
    game.play(str(game.legal_moves()[0]))
    k.look(game)
    k.learn(game, WON, ["x"])
    game.undo()
    known = k.look(game)
    assert known is not None and known.status == UNKNOWN, "a search that gave up is not made again"
    game.redo()
    assert k.look(game).status == WON


def test_a_proof_is_never_overwritten_by_a_search_that_gave_up():
    game = engine.new_game("prince", seed=5, rule="alternate")
    k = Knowledge()
    k.learn(game, LOST)
    k.learn(game, UNKNOWN)
    assert k.peek(game).status == LOST


def test_searches_that_give_up_in_a_row_let_more_positions_pass_each_time():
    import random

    from game.assistant.knowledge import position_key
    game = engine.new_game("prince", seed=7, rule="alternate")
    rng = random.Random(1)
    k = Knowledge()
    searched, seen, fresh = [], set(), 0
    while fresh < 40:
        moves = [str(m) for m in game.legal_moves()]
        rng.shuffle(moves)
        for move in moves:                  # a move to a position not seen before
            game.play(move)
            if position_key(game) not in seen:
                break
            game.undo()
        else:
            break
        seen.add(position_key(game))
        known = k.look(game)
        if known is None:
            searched.append(fresh)
            # the fifth search decides the position: the count starts again
            k.learn_key(k.last_key, WON if len(searched) == 5 else UNKNOWN, [])
        else:
            assert known.status == UNKNOWN
        fresh += 1
    gaps = [b - a for a, b in zip(searched, searched[1:])]
    assert gaps[:4] == [1, 2, 4, min(8, MOST_LET_PASS + 1)], gaps
    assert gaps[4] == 1, "a verdict found starts the count again: the next position is searched"
    assert gaps[5:8] == [1, 2, 4][:len(gaps[5:8])], gaps
    assert max(gaps) == MOST_LET_PASS + 1, "never more than MOST_LET_PASS positions unsearched"


def test_along_carries_a_loss_forward_and_a_win_back_within_a_deal():
    game = engine.new_game("prince", seed=11, rule="alternate")
    k = Knowledge()
    k.look(game)
    moves = []
    for _ in range(6):
        m = str(game.legal_moves()[0])
        game.play(m)
        moves.append(m)
        k.look(game)
    # proofs at positions 2 (won) and 5 (lost) only
    replay = engine.new_game("prince", seed=11, rule="alternate")
    for m in moves[:2]:
        replay.play(m)
    k.learn(replay, WON, ["y"])
    for m in moves[2:5]:
        replay.play(m)
    k.learn(replay, LOST)
    assert k.along(game) == {0: "won", 1: "won", 2: "won", 5: "lost", 6: "lost"}


def test_a_budgets_seconds_are_the_searching_threads_processor_time():
    budget = Budget(seconds=0.05)
    time.sleep(0.2)                  # a busy machine: the search's thread waits, and spends nothing
    assert not budget.exhausted(), "waiting does not spend a processor-time budget"
    while not budget.exhausted():
        pass
    assert budget.elapsed() >= 0.05


def test_a_wall_clock_cap_bounds_the_wait_and_says_so():
    budget = Budget(seconds=10, wall=0.05)
    time.sleep(0.1)
    assert budget.exhausted()
    game = engine.new_game("smith", seed=1, rule="any-suit")
    result = solve(game, budget, known=True)
    assert result.status.value == "unknown" and budget.out_of_wall


def test_a_budgets_processor_time_reads_the_same_from_another_thread():
    budget = Budget(seconds=5)
    end = time.thread_time() + 0.1
    while time.thread_time() < end:
        pass
    seen = []
    t = threading.Thread(target=lambda: seen.append(budget.elapsed()))
    t.start()
    t.join()
    assert seen[0] >= 0.09, "the progress report reads the searching thread's time, not its own"
