"""Checks that hold in every game, whatever its rules, for the tests of the
one rule place (tests/test_one_rule_place.py).

Each game decides legality in one place (``_reason``, reached through the
public ``explain`` and ``play``); ``legal_moves()`` may take a faster path,
allowed only because these checks hold it to that place: every move between
the game's places, judged one by one, against the list."""

from __future__ import annotations

import engine
from engine import Move, MoveError

WORDS = ("redeal", "deal", "turn", "layoff")


def places(game) -> list[str]:
    """Every place the game's notation names (``c3``, ``f``, ``s``, ``b7``)."""
    return list(game.PLACES)


def counts(game, place: str) -> range:
    """The counts worth judging from ``place``: one, and for a column every
    length up to one past its size (and at least 13, a whole suit)."""
    if place[0] == "c" and hasattr(game, "columns") and place != "c":
        size = len(game.columns[int(place[1:]) - 1])
        return range(1, max(size + 2, 14))
    return range(1, 3)


def every_move(game) -> list[Move]:
    """Every well-formed move between the game's places, the words too: a
    superset of the legal moves, for the rules to judge one by one."""
    names = places(game)
    moves = [Move(word=w) for w in WORDS]
    for src in names:
        for k in counts(game, src):
            moves += [Move(src, dst, k) for dst in names]
    return moves


def named_foundation(game, move: Move) -> bool:
    """``c3-f2`` in a game with foundations: legal when foundation f2 takes
    the card, but listed as ``c3-f``."""
    return hasattr(game, "foundations") and move.dst is not None and move.dst[0] == "f" and move.dst != "f"


def allowed_by_the_rules(game) -> set[str]:
    """The moves ``explain`` calls legal, as the listing writes them."""
    return {str(m) for m in every_move(game) if not named_foundation(game, m) and game.explain(m) is None}


def listing_agrees_with_the_rules(game) -> None:
    """``legal_moves()`` lists exactly the moves the rules allow, each once."""
    listed = [str(m) for m in game.legal_moves()]
    assert len(listed) == len(set(listed)), f"a move is listed twice: {listed}"
    allowed = allowed_by_the_rules(game)
    assert set(listed) == allowed, (f"listed, refused by the rules: {sorted(set(listed) - allowed)}; "
                                    f"allowed, not listed: {sorted(allowed - set(listed))}")


def every_listed_move_plays(game) -> None:
    """Each listed move plays, and undo brings the position back."""
    for m in game.legal_moves():
        if str(m) in game.irreversible:
            continue
        before = game.position()
        game.play(m)
        game.undo()
        assert game.position() == before, f"{m} did not undo"


def no_card_moves_onto_its_own_place(game) -> None:
    """A rule of every game: a card is never moved to where it lies."""
    for place in places(game):
        if place[0] != "f" or len(place) > 1:
            assert game.explain(f"{place}-{place}") is not None, f"{place}-{place} is allowed"


def a_refused_move_raises_and_changes_nothing(game) -> None:
    """Some well-formed move is refused (none of these games allows every
    move), and playing it raises a MoveError and leaves the game as it was."""
    listed = {str(m) for m in game.legal_moves()}
    refused = next(m for m in every_move(game) if str(m) not in listed and not named_foundation(game, m))
    before = game.to_dict()
    try:
        game.play(refused)
    except MoveError as e:
        assert e.reason
    else:
        raise AssertionError(f"{refused} was played although not listed")
    assert game.to_dict() == before


CHECKS = (listing_agrees_with_the_rules, every_listed_move_plays, no_card_moves_onto_its_own_place,
          a_refused_move_raises_and_changes_nothing)


def positions(name: str, seed: int, steps: int, pick) -> list[dict]:
    """Documents of the positions a game of ``name`` passes through when
    ``pick(moves)`` chooses each of ``steps`` moves (fewer if it ends)."""
    game = engine.new_game(name, seed=seed)
    docs = [game.to_dict()]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(pick(moves))
        docs.append(game.to_dict())
    return docs
