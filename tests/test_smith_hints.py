"""Hints in The Smith (issue 18): a hint never takes back the player's last
move while another line leads on, and says why when it is the only way on.

Positions are built as in ``test_solve_piles.py``: the cards not named are
on the foundations as whole suits (``laid``)."""

from __future__ import annotations

import engine
from engine.solve import Budget, advise, hint
from engine.solve.advice import ONLY_WAY, before_last_move, undoes_last_move

SPADES = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


def smith(columns: list[str], laid: tuple[str, ...], rule: str = "any-suit") -> engine.Game:
    cols = [c.split() for c in columns] + [[] for _ in range(8 - len(columns))]
    return engine.from_dict({"format": 1, "game": "smith", "options": {"rule": rule},
                             "position": {"columns": cols, "stock": [],
                                          "foundations": list(laid) + [None] * (8 - len(laid))}})


def test_the_hint_does_not_take_back_the_last_move_when_another_line_wins():
    """Two spade runs lack their aces; the player has just moved an ace out
    of the first, complete run into an empty column.  Putting it back (the
    take-back, the first line a search meets) wins, and so does playing it
    on the other run: the hint is the latter."""
    game = smith([SPADES + " AS", SPADES, "", "AS"], laid=("KC", "KC", "KD", "KD", "KH", "KH"))
    game.play("c1-c3")
    assert before_last_move(game).position()["columns"][0][-1] == "AS"
    assert undoes_last_move(game, "c3-c1") and not undoes_last_move(game, "c3-c2")
    advice = advise(game, Budget(seconds=5))
    assert advice.move is not None and advice.reason == "" and advice.words() == ""
    assert not undoes_last_move(game, advice.move)
    assert advice.move in {str(m) for m in game.legal_moves()}
    game.play(advice.move)
    # and the line on from there wins without ever coming back
    for _ in range(6):
        if game.won:
            break
        game.play(hint(game, Budget(seconds=5)))
    assert game.won


def test_the_take_back_is_the_hint_only_when_it_is_the_only_way_on_and_it_says_so():
    """Same suit, one suit left: the player has moved the ace of spades off
    its complete run into an empty column.  Nothing but putting it back
    (straight, or by way of another empty column: the same position) ever
    lays the spades off."""
    game = smith([SPADES + " AS"], laid=("KC", "KC", "KD", "KD", "KH", "KH", "KS"), rule="same-suit")
    game.play("c1-c2")
    advice = advise(game, Budget(seconds=5))
    assert advice.move == "c2-c1"
    assert advice.reason == ONLY_WAY and advice.undone == "c1-c2"
    assert "only way on" in advice.words() and "take back" in advice.words()
    assert hint(game, Budget(seconds=5)) == "c2-c1"


def test_another_way_round_is_not_the_only_way_on():
    """Any suit: the ace of spades, the last card of a complete run, went
    onto the two of hearts.  Putting it back is one way on; another never
    comes back to that position (the ace of hearts onto the two of spades,
    the ace of spades aside, the ace of hearts onto its own two): the hint
    takes that one, with no reason to give."""
    game = smith([SPADES + " AS", HEARTS, "AH"], laid=("KC", "KC", "KD", "KD", "KH", "KS"))
    game.play("c1-c2")
    advice = advise(game, Budget(seconds=5))
    assert advice.move != "c2-c1" and advice.reason == ""
    assert not undoes_last_move(game, advice.move)


def test_no_last_move_no_avoiding():
    game = smith([SPADES + " AS"], laid=("KC", "KC", "KD", "KD", "KH", "KH", "KS"))
    assert before_last_move(game) is None
    assert advise(game, Budget(seconds=5)).move == "c1-f:13"


# ----------------------------------------------------------------- the table's side

def test_the_table_says_why_a_take_back_is_the_hint(tmp_path):
    from tests.gui import make_app
    app = make_app(tmp_path, "--game", "smith", "--seed", "1", "--rule", "any-suit")
    try:
        move = next(str(m) for m in app.game.legal_moves() if str(m) != "deal")
        app.assistant.show_hint(move, advise_words())
        assert app.message.startswith("Hint: ")
        assert app.message.endswith(": the only way on is to take back your last move.")
        app.assistant.show_hint(move)
        assert "take back" not in app.message
    finally:
        app.analyst.stop()


def test_a_known_line_that_takes_the_last_move_back_is_not_shown_as_the_hint(tmp_path):
    """The indicator's winning line may begin by taking the player's move
    back; H then asks the solver's hint search (which avoids that) instead
    of flashing the take-back."""
    from tests.gui import make_app
    app = make_app(tmp_path, "--game", "smith", "--seed", "3", "--rule", "any-suit")
    try:
        g = app.game
        app.scene.try_move("c4-c8")           # deal 3: a unit that fits back where it came from
        assert g.history == ["c4-c8"]
        back = "c8-c4"
        assert undoes_last_move(g, back)
        app.session.hint_line, app.session.hint_at = [back], len(g.history)
        app.hint()
        assert app.message == "Hint: thinking...", "the solver is asked, the take-back not flashed"
        assert not app.scene.flash_rects
    finally:
        app.analyst.stop()


def advise_words() -> str:
    from engine.solve.advice import ONLY_WAY, Advice
    return Advice("c1-c2", ONLY_WAY, "c2-c1").words()
