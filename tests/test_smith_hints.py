"""Hints never walk in circles (issues 18 and 34): a hint never leads back
to a position the game has already been through, the position before the
last move or one passed long before; when no move is known to help it says
so, and names the way on the game has.

Positions are built as in ``test_solve_piles.py``: the cards not named are
on the foundations as whole suits (``laid``)."""

from __future__ import annotations

import engine
from engine.solve import Budget, advise, hint
from engine.solve.advice import (
    DEAL,
    FILL_THEN_DEAL,
    LOST,
    REVEAL,
    SHUFFLE,
    TOWARD_SHUFFLE,
    UNDO,
    WORDS,
    Advice,
    fresh,
    key,
    leads_back,
    passed,
    way_on,
)

SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


def smith(columns: list[str], laid: tuple[str, ...], rule: str = "any-suit", stock: str = "") -> engine.Game:
    cols = [c.split() for c in columns] + [[] for _ in range(8 - len(columns))]
    return engine.from_dict({"format": 1, "game": "smith", "options": {"rule": rule},
                             "position": {"columns": cols, "stock": stock.split(),
                                          "foundations": list(laid) + [None] * (8 - len(laid))}})


def test_the_hint_does_not_take_back_the_last_move_when_another_line_wins():
    """Two spade runs lack their aces; the player has just moved an ace out
    of the first, complete run into an empty column.  Putting it back (the
    take-back, the first line a search meets) wins, and so does playing it
    on the other run: the hint is the latter."""
    game = smith([SPADES + " AS", SPADES, "", "AS"], laid=("KC", "KC", "KD", "KD", "KH", "KH"))
    game.play("c1-c3")
    assert leads_back(game, "c3-c1") and not leads_back(game, "c3-c2")
    advice = advise(game, Budget(seconds=5))
    assert advice.move is not None and advice.reason == "" and advice.words() == ""
    assert not leads_back(game, advice.move)
    assert advice.move in {str(m) for m in game.legal_moves()}
    game.play(advice.move)
    # and the line on from there wins without ever coming back
    for _ in range(6):
        if game.won:
            break
        game.play(hint(game, Budget(seconds=5)))
    assert game.won


def test_when_only_going_back_leads_on_the_hint_says_so_and_gives_no_move():
    """Same suit, one suit left: the player has moved the ace of spades off
    its complete run into an empty column.  Nothing but putting it back
    (straight, or by way of another empty column: the same position) ever
    lays the spades off; that position has been played, so H names no move
    and says to take the last one back."""
    game = smith([SPADES + " AS"], laid=("KC", "KC", "KD", "KD", "KH", "KH", "KS"), rule="same-suit")
    game.play("c1-c2")
    advice = advise(game, Budget(seconds=5))
    assert advice.move is None and advice.reason == UNDO
    assert "take back your last move" in advice.words()
    assert hint(game, Budget(seconds=5)) is None


def test_a_roundabout_way_back_is_refused_too():
    """Three moves that come back to where the game was (the ace round
    two empty columns and home) never make a hint: the move that closes
    the circle leads back to a position of the history."""
    game = smith([SPADES + " AS", HEARTS, "AH"], laid=("KC", "KC", "KD", "KD", "KH", "KS"))
    start = key(game)
    game.play("c1-c4")
    game.play("c4-c5")
    assert leads_back(game, "c5-c1")
    assert key(engine.from_dict(game.to_dict())) != start
    advice = advise(game, Budget(seconds=5))
    assert advice.move != "c5-c1"
    assert advice.move is None or not leads_back(game, advice.move)


def test_another_way_round_is_the_hint():
    """Any suit: the ace of spades, the last card of a complete run, went
    onto the two of hearts.  Putting it back is one way on; another never
    comes back to that position: the hint takes that one, with no reason
    to give."""
    game = smith([SPADES + " AS", HEARTS, "AH"], laid=("KC", "KC", "KD", "KD", "KH", "KS"))
    game.play("c1-c2")
    advice = advise(game, Budget(seconds=5))
    assert advice.move is not None and advice.move != "c2-c1" and advice.reason == ""
    assert not leads_back(game, advice.move)


def test_no_history_the_winning_move():
    game = smith([SPADES + " AS"], laid=("KC", "KC", "KD", "KD", "KH", "KH", "KS"))
    assert passed(game) == [game.position()]
    assert advise(game, Budget(seconds=5)).move == "c1-f:13"


def test_the_positions_passed_are_the_histories_in_order():
    game = engine.new_game("smith", seed=3, rule="any-suit")
    moves = []
    for _ in range(6):
        m = str(fresh(game)[0])
        moves.append(m)
        game.play(m)
    positions = passed(game)
    assert len(positions) == 7 and positions[-1] == game.position()
    again = engine.new_game("smith", seed=3, rule="any-suit")
    assert positions[0] == again.position()
    for m, p in zip(moves, positions[1:]):
        again.play(m)
        assert again.position() == p
    # and no fresh move leads into any of them
    keys = {key(engine.from_dict({"format": 1, "game": "smith", "options": {"rule": "any-suit"}, "position": p}))
            for p in positions}
    for m in fresh(game):
        copy = engine.from_dict(game.to_dict())
        copy.play(m)
        assert key(copy) not in keys


# ----------------------------------------------------------------- the way on

STOCK = " ".join([f"{r}{s}" for r in "A23456789T" for s in "SH"] * 2)


def test_the_smith_deals_when_nothing_on_the_table_helps():
    """Every column's top card has nowhere to go: the hint is the deal."""
    game = smith(["QH KS", "QH KS", "QS KH", "QS KH", "JS", "JS", "JH", "JH"],
                 laid=("KC", "KC", "KD", "KD"), stock=STOCK)
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    assert advise(game, Budget(seconds=2)).move == "deal"


def test_an_empty_column_is_filled_then_the_stock_dealt():
    """An empty column blocks the deal: the way on fills it (with a card
    that leaves no other column empty) and its line deals right after."""
    game = smith(["QH KS", "QH KS", "QS KH", "QS KH", "JS JH", "JS", "JH", ""],
                 laid=("KC", "KC", "KD", "KD"), stock=STOCK)
    assert game.explain("deal") is not None
    advice = way_on(game, fresh(game), Budget(seconds=1), {key(game)})
    assert advice.reason == FILL_THEN_DEAL, advice
    assert advice.line == [advice.move, "deal"]
    copy = engine.from_dict(game.to_dict())
    copy.play(advice.move)
    assert copy.explain("deal") is None
    assert all(copy.position()["columns"])
    assert "fill it, then deal" in advice.words()


def test_gaps_stuck_the_hint_is_the_shuffle():
    """Gaps with no card move left: the way on is the shuffle."""
    game = _gaps_stuck()
    advice = advise(game, Budget(seconds=1))
    assert advice.move == "redeal" and advice.reason == SHUFFLE


def test_gaps_the_move_that_frees_the_shuffle():
    """Gaps: every gap is dead but one in column 1, which only a two can
    fill: no card can be locked by card moves, so the hint is the move that
    leaves no move (and a shuffle may then be used), with its reason."""
    game = _gaps_one_live_gap()
    advice = advise(game, Budget(seconds=1))
    assert advice.reason == TOWARD_SHUFFLE, advice
    assert advice.move == "c12-c10"
    copy = engine.from_dict(game.to_dict())
    copy.play(advice.move)
    assert "redeal" in {str(m) for m in copy.legal_moves()}


def _gaps(rows: list[str], shuffles: int = 2) -> engine.Game:
    cells = [[None if c == "--" else c for c in row.split()] for row in rows]
    return engine.from_dict({"format": 1, "game": "gaps", "options": {}, "seed": 1,
                             "position": {"rows": cells, "shuffles_left": shuffles}})


def _gaps_stuck() -> engine.Game:
    # every gap after a king: dead; no two outside column 1
    return _gaps(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
                  "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
                  "2H 3H 4H 5H 6H 7H 8H 9H TH KS --   JH QH".replace("   ", " "),
                  "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KH --"])


def test_gaps_with_no_shuffle_left_and_nothing_to_lock_is_said_lost():
    """The same position with no shuffle left: the one move left locks
    nothing, and the search proves the deal cannot be won: H says so."""
    game = _gaps_one_live_gap(shuffles=0)
    assert not game.over
    advice = advise(game, Budget(seconds=1))
    assert advice.move is None and advice.reason == LOST
    assert advice.words() == "this deal can no longer be won"


def _gaps_one_live_gap(shuffles: int = 2) -> engine.Game:
    # one live gap, after the jack of hearts in row C (out of place: the
    # four is not third); the queen fills it and leaves a gap after the king
    return _gaps(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
                  "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
                  "2H 3H 5H 6H 7H 8H 9H TH JH -- KH QH 4H",
                  "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --"], shuffles)


# ----------------------------------------------------------------- the table's side

def test_the_table_says_the_way_on_with_the_move(tmp_path):
    from tests.gui import make_app
    app = make_app(tmp_path, "--game", "smith", "--seed", "1", "--rule", "any-suit")
    try:
        app.assistant.show_hint("deal", Advice("deal", DEAL).words())
        assert app.message.startswith("Hint: ")
        assert app.message.endswith(": nothing on the table is known to help.")
        app.assistant.show_hint(None, Advice(None, UNDO).words())
        assert app.message == "No hint: " + WORDS[UNDO] + "."
    finally:
        app.analyst.stop()


def test_a_known_line_that_leads_back_is_not_shown_as_the_hint(tmp_path):
    """The line H follows may begin by taking the player's move back; H
    then asks the solver's hint search (which avoids every position
    passed) instead of flashing the take-back."""
    from tests.gui import make_app
    app = make_app(tmp_path, "--game", "smith", "--seed", "3", "--rule", "any-suit")
    try:
        g = app.game
        app.scene.try_move("c4-c8")           # deal 3: a unit that fits back where it came from
        assert g.history == ["c4-c8"]
        back = "c8-c4"
        assert leads_back(g, back)
        app.session.hint_line, app.session.hint_at = [back], len(g.history)
        app.hint()
        assert app.message == "Hint: thinking...", "the solver is asked, the take-back not flashed"
        assert not app.scene.flash_rects
    finally:
        app.analyst.stop()


def test_the_republic_plays_a_talon_card_to_show_the_next_when_nothing_else_helps():
    """The Republic near its end, the stock spent, no redeal left: the
    talon's queen of clubs hides the seven and eight the sixes wait for.
    Nothing on the table gains, so H puts the queen into a vacancy (it
    shows the next talon card, its reason), and following H then wins."""
    position = {"packets": [[] for _ in range(10)],
                "columns": [[], [], [], [], [], ["9C"], ["TC"], ["KC"], ["JC"], []],
                "stock": [], "turned": None, "talon": ["KH", "8C", "7C", "QC"],
                "foundations": ["KD", "KD", "KC", "KH", "6C", "QH", "KS", "KS"], "redeals_left": 0}
    game = engine.from_dict({"format": 1, "game": "republic", "options": {"rule": "alternate"},
                             "position": position})
    advice = advise(game, Budget(seconds=2))
    assert advice.move is not None and advice.move.startswith("t-c") and advice.reason == REVEAL
    assert "shows the next card" in advice.words()
    for _ in range(12):
        if game.won or advice.move is None:
            break
        game.play(advice.move)
        advice = advise(game, Budget(seconds=2))
    assert game.won
