"""Card Shell scoring and statistics (docs/rules.md, "Scoring")."""

from types import SimpleNamespace

import pytest

import engine
from engine.scoring import POINTS, Record, Statistics, game_points, points


@pytest.mark.parametrize("game,rule,win,loss", [
    ("republic", "any-suit", 1, -4), ("republic", "alternate", 2, -2), ("republic", "same-suit", 4, -1),
    ("smith", "any-suit", 2, -2), ("smith", "alternate", 4, -1), ("smith", "same-suit", 16, 0),
    ("prince", "any-suit", 1, -4), ("prince", "alternate", 2, -2), ("prince", "same-suit", 4, -1),
])
def test_points_follow_the_rulebook_table(game, rule, win, loss):
    assert POINTS[(game, rule)] == (win, loss)
    history = ["redeal", "redeal", "redeal"]  # enough redeals to earn no Republic bonus
    assert points(game, rule, True, history) == win
    assert points(game, rule, False, history) == loss


def test_republic_bonus_for_a_win_without_redeal_under_alternating_colour():
    assert points("republic", "alternate", True, ["c1-c2"]) == 3
    assert points("republic", "alternate", True, ["redeal"]) == 2


def test_republic_bonus_for_fewer_than_two_redeals_under_same_suit():
    assert points("republic", "same-suit", True, ["redeal"]) == 5
    assert points("republic", "same-suit", True, ["redeal", "redeal"]) == 4


def test_republic_no_bonus_under_any_suit_and_never_for_a_loss():
    assert points("republic", "any-suit", True, []) == 1
    assert points("republic", "alternate", False, []) == -2


def test_an_unwon_smith_game_earns_an_eighth_of_a_win_per_suit_laid_off():
    assert points("smith", "any-suit", False, [], suits_laid_off=3) == -2 + 2 * 3 / 8
    assert points("smith", "same-suit", False, [], suits_laid_off=1) == 2


def test_a_game_with_no_move_counts_for_nothing():
    stats = Statistics()
    game = engine.new_game("prince", seed=3)
    assert game_points(game) is None
    assert stats.record(game) is None
    assert stats.get("prince", "alternate").games == 0


def test_gaps_and_chinese_puzzle_are_not_scored():
    game = engine.new_game("gaps", seed=3)
    game.play(game.legal_moves()[0])
    assert game_points(game) is None


def fake(name, rule, won, moves=5, foundations=()):
    return SimpleNamespace(name=name, options={"rule": rule}, won=won,
                           history=["c1-c2"] * moves, foundations=list(foundations))


def test_statistics_count_games_wins_points_and_moves_per_rule():
    stats = Statistics()
    stats.record(fake("prince", "alternate", True, moves=10))
    stats.record(fake("prince", "alternate", False, moves=20))
    stats.record(fake("prince", "same-suit", True, moves=30))
    rec = stats.get("prince", "alternate")
    assert (rec.games, rec.wins, rec.losses, rec.points) == (2, 1, 1, 0)
    assert rec.win_percent == 50.0
    assert rec.moves_per_game == 15
    assert stats.get("prince", "same-suit").points == 4
    total = stats.total("prince")
    assert (total.games, total.wins, total.points) == (3, 2, 4)


def test_streaks_current_and_longest_both_ways():
    rec = Record()
    for won in (True, True, True, False, False, True):
        rec.add(won, 0, 1)
    assert rec.winning_streak == 1 and rec.losing_streak == 0
    assert rec.longest_wins == 3 and rec.longest_losses == 2
    rec.add(False, 0, 1)
    assert rec.losing_streak == 1 and rec.winning_streak == 0


def test_statistics_round_trip_as_plain_data():
    stats = Statistics()
    stats.record(fake("smith", "any-suit", False, foundations=[51, 50, None, None, None, None, None, None]))
    stats.record(fake("republic", "same-suit", True))
    again = Statistics.from_dict(stats.to_dict())
    assert again.to_dict() == stats.to_dict()
    assert again.get("smith", "any-suit").points == -2 + 2 * 2 / 8


@pytest.mark.parametrize("bad", [[], {"chess/any": {}}, {"prince/alternate": {"games": "x"}},
                                 {"prince/alternate": {"games": 1, "wins": 2}}])
def test_damaged_statistics_are_refused_with_a_reason(bad):
    with pytest.raises(ValueError) as e:
        Statistics.from_dict(bad)
    assert str(e.value)


# ----------------------------------------------------------------- results over time
def test_a_record_keeps_its_latest_results_in_order_for_the_pictures():
    from engine.scoring import KEEP_RESULTS
    rec = Record()
    rec.add(True, 3.0, 40)
    rec.add(False, -2.0, 12)
    assert rec.results == [[1, 3.0], [0, -2.0]]
    for _ in range(KEEP_RESULTS + 5):
        rec.add(True, 1.0, 1)
    assert len(rec.results) == KEEP_RESULTS and rec.results[-1] == [1, 1.0]
    assert rec.games == KEEP_RESULTS + 7, "the counts go on counting every game"


def test_results_survive_saving_and_old_files_without_them_still_load():
    rec = Record()
    rec.add(False, -2.0, 9)
    again = Record.from_dict(rec.to_dict())
    assert again.results == [[0, -2.0]]
    old = rec.to_dict()
    del old["results"]
    assert Record.from_dict(old).results == []


@pytest.mark.parametrize("bad", ["x", [[2, 1.0]], [[1]], [[True, 1.0]], [[1, "3"]], [[0, float("nan")]]])
def test_damaged_results_are_refused_saying_so(bad):
    data = Record().to_dict()
    data["results"] = bad
    with pytest.raises(ValueError, match="result"):
        Record.from_dict(data)
