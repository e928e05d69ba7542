"""The Demo plays a line a good player would (issue 34): never through the
same position twice, never a long way round where a short one is found,
never back through a position the game has already been through when it
can go round it.  ``engine/solve/shortcuts.py`` makes the line; the worker
hands every Demo line through it."""

from __future__ import annotations

import random

import pytest

import engine
from engine.solve import Budget, Status, solve, won_deals
from engine.solve.replay import check_line, position_copy
from engine.solve.shortcuts import _RepublicBoard, cut_loops, passed_keys, position_key, shorten
from engine.solve.worker import Job, answer

#: the search for short ways, in nodes (moves tried): the same line on any machine
NODES = 40_000


def positions(game, line: list[str]) -> list[str]:
    """The positions ``line`` passes through from ``game``'s, both ends included."""
    copy = position_copy(game)
    keys = [position_key(copy)]
    for move in line:
        copy.play(move)
        keys.append(position_key(copy))
    return keys


def repeats(game, line: list[str]) -> int:
    keys = positions(game, line)
    return len(keys) - len(set(keys))


def solved(name: str, seed: int, **options) -> tuple[engine.Game, list[str]]:
    """A deal and the solver's winning line from it, found within a node budget."""
    game = engine.new_game(name, seed=seed, **options)
    if name == "smith":        # its searches take seconds: a line the solver found before
        return game, won_deals.lines(name, options)[seed]
    result = solve(game, Budget(nodes=400_000), known=True)
    assert result.status is Status.WON, f"{name} deal {seed} is won within the budget"
    return game, result.moves


#: each game's won deals whose lines are shortened: (seed, options)
WON = {"prince": [(1, {}), (2, {"rule": "any-suit"})], "chinese-puzzle": [(2, {}), (3, {})], "gaps": [(5, {})],
       "republic": [(2, {"rule": "any-suit"})],
       "smith": [(min(won_deals.lines("smith", {"rule": "any-suit"})), {"rule": "any-suit"})]}
DEALS = [(name, *deal) for name in engine.GAMES for deal in WON.get(name, ())]


def test_every_game_has_a_won_deal_to_shorten():
    missing = [name for name in engine.GAMES if not WON.get(name)]
    assert not missing, f"no won deal in WON for {missing}: their Demo lines are not shortened below"


@pytest.mark.parametrize(("name", "seed", "options"), DEALS, ids=[f"{d[0]}-{d[1]}" for d in DEALS])
def test_a_shortened_line_still_wins_is_never_longer_and_passes_no_position_twice(name, seed, options):
    game, line = solved(name, seed, **options)
    short = shorten(game, line, Budget(nodes=NODES))
    assert len(short) <= len(line)
    check_line(game, short, must_win=True)
    assert repeats(game, short) == 0
    assert game.history == [], "the game itself is not changed"


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_any_line_with_its_loops_cut_ends_where_it_ended_and_passes_no_position_twice(name):
    """Lines of random moves (they wander back and forth, and come back to
    where they were): cut and shortened, each still ends at the very
    position it ended at, never longer, never through a position twice."""
    options = {"rule": "any-suit"} if name in ("republic", "smith") else {}
    for seed in range(1, 5):
        rng = random.Random(seed)
        game = engine.new_game(name, seed=seed, **options)
        copy = position_copy(game)
        line: list[str] = []
        for _ in range(120):
            moves = [str(m) for m in copy.legal_moves() if str(m) not in copy.irreversible]
            if not moves:
                break
            line.append(rng.choice(moves))
            copy.play(line[-1])
        end = position_key(copy)
        for short in (cut_loops(game, line), shorten(game, line, Budget(nodes=5_000))):
            assert len(short) <= len(line)
            assert positions(game, short)[-1] == end
            assert repeats(game, short) == 0, (seed, short)


def prince_endgame() -> engine.Game:
    """The Prince a few moves from its win: the nine of hearts alone in
    column 5, the other columns kings down to nines or tens."""
    cols = [["KC", "QD", "JC", "TD", "9C"], ["KD", "QC", "JD", "TC", "9D"], ["KH", "QS", "JH", "TS"],
            ["KS", "QH", "JS", "TH", "9S"], ["9H"], [], [], [], []]
    return engine.from_dict({"format": 1, "game": "prince", "options": {"rule": "alternate"},
                             "position": {"columns": cols, "reserve": [None] * 7,
                                          "foundations": ["8C", "8D", "8H", "8S"]}})


def win_from(game: engine.Game, line: list[str]) -> list[str]:
    """``line``, then the solver's win from where it leads."""
    copy = position_copy(game)
    for move in line:
        copy.play(move)
    result = solve(copy, Budget(nodes=100_000))
    assert result.status is Status.WON
    return line + result.moves


def test_a_planted_loop_is_cut():
    game = prince_endgame()
    win = win_from(game, [])
    looped = ["c5-c6", "c6-c7", "c7-c5"] + win     # the nine of hearts round three columns and home
    assert repeats(game, looped) == 1
    for short in (cut_loops(game, looped), shorten(game, looped, Budget(nodes=NODES))):
        assert repeats(game, short) == 0
        assert len(short) <= len(win)
        check_line(game, short, must_win=True)


def test_a_planted_detour_is_shortcut():
    """The nine of hearts to column 6 and on to column 7, where one move
    takes it: the Demo moves it once."""
    game = prince_endgame()
    detour = win_from(game, ["c5-c6", "c6-c7"])
    short = shorten(game, detour, Budget(nodes=NODES))
    assert len(short) < len(detour)
    assert "c5-c6" not in short and "c6-c7" not in short
    check_line(game, short, must_win=True)


def test_a_card_moved_and_moved_back_later_is_left_where_it_was():
    """A move taken back several moves later, the moves between played as
    if it had never been made: the line leaves the pair out."""
    game = prince_endgame()
    win = win_from(game, [])
    assert win[:3] == ["c1-f", "c2-f", "c4-f"]
    # the nine of hearts out to column 8 and back, three nines going home meanwhile
    shuttle = ["c5-c8", *win[:3], "c8-c5", *win[3:]]
    check_line(game, shuttle, must_win=True)
    assert repeats(game, shuttle) == 0
    short = shorten(game, shuttle, Budget(nodes=NODES))
    assert "c5-c8" not in short and "c8-c5" not in short
    assert len(short) <= len(win)
    check_line(game, short, must_win=True)


def test_the_line_goes_round_a_position_the_game_has_been_through():
    """The player moved the nine of hearts to column 6; a line that first
    takes it back to column 5, then on to column 7, passes through the
    position the game came from: the Demo moves it from 6 to 7 at once."""
    game = prince_endgame()
    game.play("c5-c6")
    line = win_from(game, ["c6-c5", "c5-c7"])
    avoid = passed_keys(game)
    assert len(avoid) == 1 and set(positions(game, line)) & avoid
    short = shorten(game, line, Budget(nodes=NODES), avoid=avoid)
    assert not set(positions(game, short)) & avoid
    assert len(short) < len(line)
    check_line(game, short, must_win=True)


def test_passed_keys_are_the_positions_before_the_one_on_the_table():
    game = engine.new_game("chinese-puzzle", seed=2)
    keys = [position_key(game)]
    for move in solve(game, Budget(nodes=100_000), known=True).moves[:6]:
        game.play(move)
        keys.append(position_key(game))
    assert passed_keys(game) == set(keys[:-1])
    assert passed_keys(engine.new_game("prince", seed=3)) == set()


def test_the_workers_demo_line_passes_no_position_twice():
    game = engine.new_game("republic", seed=2, rule="any-suit")
    request = {"id": 1, "kind": "demo", "game": game.to_dict(), "budget": 10.0, "known": True}
    reply = answer(request, Job())
    assert reply["status"] == "won"
    check_line(game, reply["moves"], must_win=True)
    assert repeats(game, reply["moves"]) == 0


def test_a_known_line_the_table_sends_the_demo_comes_back_without_its_loops():
    """The Demo's ``try`` path (a line the table knows from a position
    near this one) is made a good line too, not replayed as it is."""
    game = prince_endgame()
    win = win_from(game, [])
    looped = ["c5-c6", "c6-c5"] + win
    request = {"id": 2, "kind": "demo", "game": game.to_dict(), "budget": 2.0, "known": True, "try": [looped]}
    reply = answer(request, Job())
    assert reply["status"] == "won"
    assert repeats(game, reply["moves"]) == 0 and len(reply["moves"]) <= len(win)
    check_line(game, reply["moves"], must_win=True)


def test_the_workers_demo_line_avoids_the_games_own_history():
    game = prince_endgame()
    game.play("c5-c6")
    line = win_from(game, ["c6-c5", "c5-c7"])
    request = {"id": 3, "kind": "demo", "game": game.to_dict(), "budget": 2.0, "known": True, "try": [line]}
    reply = answer(request, Job())
    assert reply["status"] == "won"
    assert not set(positions(game, reply["moves"])) & passed_keys(game)


def test_while_the_demo_plays_the_status_line_counts_the_moves_left(tmp_path):
    import re

    from gui import make_app, wait_for
    app = make_app(tmp_path, "--analysis", "--game", "prince", "--seed", "1", "--rule", "alternate")
    try:
        app.start_demo()
        seen: list[tuple[int, str]] = []

        def look() -> bool:
            seen.append((len(app.game.history), app.message))
            return app.game.won or (app.session.demo is None and bool(app.game.history))

        assert wait_for(app, look)
        assert app.game.won
        total = len(app.game.history)
        counted = [(played, int(m.group(1))) for played, text in seen
                   if (m := re.fullmatch(r"Demo: (\d+) moves? left; any key stops it\.", text))]
        assert len(counted) > 10, seen
        for played, left in counted:
            # said as the move is played: that move, and every one after it
            assert left == total - played + 1, (played, left, total)
    finally:
        app.analyst.stop()


def detoured(game, line: list[str]) -> list[str]:
    """``line`` with a detour planted wherever one fits: before a move of
    the line, another card moved (not home) where it may go, then the
    line's move, then the one move that brings the line back to its next
    position; no position twice.  A line about three times as long that
    wanders as a search's may."""
    keys = positions(game, line)
    seen = set(keys)
    copy = position_copy(game)
    out: list[str] = []
    for t, move in enumerate(line):
        out += planted(copy, move, keys[t + 1], seen) or [move]
        copy.play(move)
    return out


def planted(copy, move: str, after: str, seen: set[str]) -> list[str] | None:
    """A detour from ``copy``'s position to ``after`` through ``move``, as
    :func:`detoured` plants them; its positions are added to ``seen``."""
    for first in map(str, copy.legal_moves()):
        if first in (move, "layoff", "turn", "redeal", "s-t") or first.endswith("-f"):
            continue
        there = position_copy(copy)
        there.play(first)
        if position_key(there) in seen or there.explain(move) is not None:
            continue
        middle = position_key(there)
        there.play(move)
        if position_key(there) in seen:
            continue
        for back in map(str, there.legal_moves()):
            again = position_copy(there)
            again.play(back)
            if position_key(again) == after:
                seen |= {middle, position_key(there)}
                return [first, move, back]
    return None


def test_a_long_republic_line_is_shortened_to_near_its_direct_length():
    """A Republic line of more than 1,500 moves, the solver's with a detour
    planted at nearly every move (issue 34: a search's line ran to 9,592
    moves): looked over by leaps, the Demo's line is no longer than the
    direct one, still wins and passes no position twice."""
    game, line = solved("republic", 2, rule="any-suit")
    long = detoured(game, line)
    assert len(long) > 1_500 and repeats(game, long) == 0
    check_line(game, long, must_win=True)
    short = shorten(game, long, Budget(nodes=300_000))
    assert len(short) <= len(line), (len(long), len(line), len(short))
    check_line(game, short, must_win=True)
    assert repeats(game, short) == 0


def two_ways(game) -> tuple[str, str, str] | None:
    """A card on top of a column of two or more that may go onto two other
    columns and come back: its move there, the move back, its move from
    its column to the other; None when there is none."""
    legal = [str(m) for m in game.legal_moves()]
    for there in legal:
        if not there.startswith("c") or "-c" not in there or ":" in there:
            continue
        src, dst = there.split("-")
        if len(game.columns[int(src[1:]) - 1]) < 2:
            continue
        copy = position_copy(game)
        copy.play(there)
        others = [m for m in legal if m.startswith(src + "-c") and m != there and ":" not in m]
        if copy.explain(f"{dst}-{src}") is None and others:
            return there, f"{dst}-{src}", others[0]
    return None


def test_a_republic_line_goes_round_a_position_the_game_has_been_through():
    """The player moved a card; a line that takes it back, then on to
    another column it fits on, passes through the position the game came
    from: the Demo moves it there at once (The Republic's short ways are
    searched on its model, the positions to avoid made its own)."""
    game, line = solved("republic", 4, rule="any-suit")
    for move in line:                   # the solver's line, to where a card may go two ways
        if two_ways(game) is not None:
            break
        game.play(move)
    there, back, onward = two_ways(game)
    game.play(there)
    copy = position_copy(game)
    for move in (back, onward):
        copy.play(move)
    result = solve(copy, Budget(nodes=400_000), known=True)
    assert result.status is Status.WON
    line = [back, onward] + result.moves
    avoid = passed_keys(game)
    assert positions(game, line)[1] in avoid
    board = _RepublicBoard(game)    # the model's own keys of the positions to avoid
    assert board.keys_along(line)[1] in board.avoided(avoid)
    assert board.key() not in board.avoided(avoid)
    short = shorten(game, line, Budget(nodes=NODES), avoid=avoid)
    assert not set(positions(game, short)) & avoid
    assert len(short) < len(line)
    check_line(game, short, must_win=True)


def test_a_longer_line_gets_longer_for_its_short_ways_within_a_bound():
    from engine.solve.worker import SHORTCUT_MAX_S, SHORTCUT_S, shortcut_seconds
    assert SHORTCUT_S <= shortcut_seconds(100) < shortcut_seconds(500) < shortcut_seconds(10_000) == SHORTCUT_MAX_S
