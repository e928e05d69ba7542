"""Properties of Gaps and Chinese Puzzle that hold in every reachable position,
checked on random deals played by random legal moves."""

from __future__ import annotations

import copy
import json
from collections import Counter

from conftest import rows_of
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import engine
from engine import BadPosition, MoveError
from engine.cards import MAX_SEED, NAMES

SEEDS = st.integers(0, MAX_SEED)
GAMES = ("gaps", "chinese-puzzle")
CP_OPTIONS = st.fixed_dictionaries({}, optional={
    "redeals": st.sampled_from([1, 2]),
    "aces": st.sampled_from(["free", "suits-in-four", "bridge-order"]),
})


def deck_of(game) -> Counter:
    """What the table plus Gaps' removed aces must always be."""
    if game.name == "gaps":
        return Counter(NAMES)
    return Counter(NAMES * 2)


def everything(game) -> Counter:
    cards = Counter(c for row in rows_of(game) for c in row if c is not None)
    if game.name == "gaps":
        assert not any(name.startswith("A") for name in cards), "an ace on the Gaps table"
        cards.update(["AC", "AD", "AH", "AS"])
    return cards


def locked(game) -> dict[str, str]:
    return {p: game.card_at(p) for p in game.PLACES if game.is_locked(p)}


def choose(rnd, moves):
    """A random legal move, a redeal seldom (it ends the game's interest early)."""
    cards = [m for m in moves if str(m) != "redeal"]
    if cards and (len(cards) == len(moves) or rnd.random() < 0.9):
        return rnd.choice(cards)
    return rnd.choice(moves)


@st.composite
def new_games(draw, names=GAMES):
    name = draw(st.sampled_from(names))
    options = draw(CP_OPTIONS) if name == "chinese-puzzle" else {}
    return engine.new_game(name, seed=draw(SEEDS), **options)


@st.composite
def played_games(draw, names=GAMES, most=80):
    """A random deal after up to ``most`` random legal moves."""
    game = draw(new_games(names))
    rnd = draw(st.randoms(use_true_random=False))
    for _ in range(draw(st.integers(0, most))):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(choose(rnd, moves))
    return game


# ----------------------------------------------------------------- random play

@given(game=new_games(), rnd=st.randoms(use_true_random=False))
def test_random_play_never_loses_or_duplicates_a_card(game, rnd):
    deck = deck_of(game)
    assert everything(game) == deck
    for _ in range(150):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(choose(rnd, moves))
        assert everything(game) == deck


@given(game=new_games(names=("chinese-puzzle",)), rnd=st.randoms(use_true_random=False))
def test_chinese_puzzle_cards_in_final_position_never_move(game, rnd):
    for _ in range(150):
        moves = game.legal_moves()
        if not moves:
            break
        before = locked(game)
        game.play(choose(rnd, moves))
        assert all(game.card_at(p) == name for p, name in before.items())  # a redeal keeps them too


@given(game=new_games(names=("gaps",)), rnd=st.randoms(use_true_random=False))
def test_gaps_proper_place_locks_nothing_but_a_shuffle_keeps_it(game, rnd):
    for _ in range(150):
        moves = game.legal_moves()
        if not moves:
            break
        before = locked(game)
        move = choose(rnd, moves)
        game.play(move)
        if str(move) == "redeal":
            assert all(game.card_at(p) == name for p, name in before.items())
        elif move.src in before:
            # only a 2 in column 1 can leave a proper place: any other card
            # there already lies in the one gap it fits
            assert before[move.src][0] == "2" and move.src[1:] == "1"


@given(game=new_games(), rnd=st.randoms(use_true_random=False))
def test_the_game_is_over_exactly_when_nothing_is_listed(game, rnd):
    for _ in range(150):
        moves = game.legal_moves()
        assert game.over == (game.won or not moves)
        if not moves:
            assert game.won or game.redeals_left == 0
            break
        events = game.play(choose(rnd, moves))
        assert (engine.Over() in events) == (not game.won and not game.legal_moves())


@given(game=played_games())
def test_every_listed_move_is_legal_and_plays(game):
    doc = game.to_dict()
    for move in game.legal_moves():
        assert game.explain(move) is None
        assert game.explain(str(move)) is None
        if str(move) == "redeal":
            engine.from_dict(doc).play(move)
            continue
        game.play(str(move))
        game.undo()
        assert game.to_dict() == doc


def disagreements(game) -> list[str]:
    """Where the listing and its queries disagree with the rule.  The rule is
    asked on a cold copy (the position loaded afresh, nothing listed yet) and on the game
    itself after listing (warm); every cell-to-cell move is tried."""
    cold = engine.from_dict({"format": 1, "game": game.name, "options": game.options,
                             "position": game.position()})
    answers = {f"{s}-{d}": cold.explain(f"{s}-{d}") for s in game.PLACES for d in game.PLACES}
    listed = {str(m) for m in game.legal_moves()}
    found = []
    for text, reason in answers.items():
        if (reason is None) != (text in listed):
            found.append(f"{text}: listed {text in listed}, rule says {reason!r}")
        if reason != game.explain(text):
            found.append(f"{text}: cold {reason!r}, warm {game.explain(text)!r}")
    for place in game.PLACES:
        fill = [s for s in game.PLACES if answers[f"{s}-{place}"] is None]
        if game.fillers(place) != fill:
            found.append(f"fillers({place}) {game.fillers(place)} but the rule allows {fill}")
        go = [d for d in game.PLACES if answers[f"{place}-{d}"] is None]
        if game.targets(place) != go:
            found.append(f"targets({place}) {game.targets(place)} but the rule allows {go}")
        if any(p not in game.PLACES for p in game.hint_places(place)):
            found.append(f"hint_places({place}) names a place the game has not")
    if (game.explain("redeal") is None) != ("redeal" in listed):
        found.append("redeal")
    return found


@settings(max_examples=30)
@given(game=played_games())
def test_a_cell_to_cell_move_is_legal_exactly_when_listed(game):
    doc = game.to_dict()
    assert disagreements(game) == []
    for src in game.PLACES[:20]:
        for dst in game.PLACES:
            text = f"{src}-{dst}"
            if game.explain(text) is not None:
                try:
                    game.play(text)
                except MoveError as e:
                    assert e.reason
                else:
                    raise AssertionError(f"{text} was refused by explain but played")
    assert game.to_dict() == doc


@settings(max_examples=20)
@given(game=played_games(names=("gaps",)))
def test_no_gaps_refusal_speaks_of_a_lock(game):
    for src in game.PLACES:
        for dst in game.PLACES:
            reason = game.explain(f"{src}-{dst}") or ""
            assert "proper place" not in reason and "never moves" not in reason, reason
        assert game.pickup_reason(src) in (None, f"There is no card at {src}: it is a gap.")


@settings(max_examples=10)
@given(game=played_games(), broken=st.sampled_from(["refuse all", "allow all"]))
def test_a_broken_rule_is_caught(game, broken):
    """The check above is no formality: with the rule replaced by one that
    refuses everything, or allows any card into any gap, it finds the
    difference on every position with a card move to make."""
    assume(any(m.word is None for m in game.legal_moves()))
    cls = type(game)
    real = cls._refusal

    def refuse_all(self, src, dst):
        return "no"

    def allow_all(self, src, dst):
        return None if self.cells[src] is not None and self.cells[dst] is None else real(self, src, dst)

    cls._refusal = refuse_all if broken == "refuse all" else allow_all
    try:
        found = disagreements(game)
    finally:
        cls._refusal = real
    assert found


@given(game=played_games(most=30), text=st.text(max_size=12))
def test_garbage_text_is_explained_and_refused_without_change(game, text):
    reason = game.explain(text)
    assert reason is None or (isinstance(reason, str) and reason)
    if reason is None:
        return
    doc = game.to_dict()
    try:
        game.play(text)
    except MoveError as e:
        assert e.reason
    else:
        raise AssertionError(f"{text!r} was refused by explain but played")
    assert game.to_dict() == doc


@given(game=played_games(most=30), thing=st.one_of(st.none(), st.integers(), st.lists(st.integers()), st.binary()))
def test_explain_never_raises_even_on_things_that_are_not_text(game, thing):
    assert game.explain(thing)


# ----------------------------------------------------------------- undo

@given(game=new_games(names=("chinese-puzzle",)), rnd=st.randoms(use_true_random=False),
       count=st.integers(1, 40))
def test_chinese_puzzle_undo_then_redo_restores_every_step(game, rnd, count):
    docs = [game.to_dict()]
    for _ in range(count):
        cards = [m for m in game.legal_moves() if str(m) != "redeal"]
        if not cards:
            break
        game.play(rnd.choice(cards))
        docs.append(game.to_dict())
    for expected in reversed(docs[:-1]):
        assert game.can_undo
        game.undo()
        assert game.to_dict() == expected
    assert not game.can_undo
    for expected in docs[1:]:
        assert game.can_redo
        game.redo()
        assert game.to_dict() == expected
    assert not game.can_redo


@given(game=played_games(names=("gaps",), most=40))
def test_gaps_undo_then_redo_restores_the_last_move(game):
    cards = [m for m in game.legal_moves() if str(m) != "redeal"]
    if not cards:
        return
    before = game.to_dict()
    game.play(cards[0])
    after = game.to_dict()
    game.undo()
    assert game.to_dict() == before and not game.can_undo
    game.redo()
    assert game.to_dict() == after


@given(game=played_games())
def test_after_a_redeal_there_is_nothing_to_undo(game):
    if "redeal" not in [str(m) for m in game.legal_moves()]:
        return
    game.play("redeal")
    assert not game.can_undo
    assert game.undo() == []


# ----------------------------------------------------------------- save and load

@given(game=played_games())
def test_save_and_load_give_the_same_game(game):
    doc = game.to_dict()
    loaded = engine.from_dict(json.loads(json.dumps(doc)))
    assert loaded.to_dict() == doc
    assert [str(m) for m in loaded.legal_moves()] == [str(m) for m in game.legal_moves()]
    assert (loaded.won, loaded.over) == (game.won, game.over)


@given(game=played_games())
def test_the_position_alone_loads_as_a_puzzle_with_the_same_moves(game):
    doc = game.to_dict()
    puzzle = engine.from_dict({k: doc[k] for k in ("format", "game", "options", "seed", "position")})
    assert puzzle.to_dict()["position"] == doc["position"]
    assert puzzle.history == []
    assert [str(m) for m in puzzle.legal_moves()] == [str(m) for m in game.legal_moves()]


# ----------------------------------------------------------------- damaged documents

def refused(doc) -> None:
    try:
        engine.from_dict(doc)
    except BadPosition as e:
        assert str(e)
    else:
        raise AssertionError("a damaged document was accepted")


def loads_or_refuses(doc) -> None:
    """Either a game, or BadPosition with a message: never another error."""
    try:
        engine.from_dict(doc)
    except BadPosition as e:
        assert str(e)


def card_cells(doc, key):
    rows = doc[key]["rows"]
    return [(r, k) for r, row in enumerate(rows) for k, c in enumerate(row) if c is not None]


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(game=played_games(most=40), data=st.data())
def test_damaged_documents_are_refused_with_bad_position(game, data):
    doc = json.loads(json.dumps(game.to_dict()))
    damages = ["drop format", "drop game", "wrong format", "unknown game", "delete a card",
               "delete a dealt card", "swap two cards", "third copy"]
    if doc["history"]:
        damages += ["drop deal", "change a move", "drop history"]
    damage = data.draw(st.sampled_from(damages))
    bad = copy.deepcopy(doc)
    if damage.startswith("drop "):
        del bad[damage[5:]]
        if damage == "drop history" and doc["deal"] == doc["position"]:
            return
    elif damage == "wrong format":
        bad["format"] = data.draw(st.sampled_from([0, 2, "1", None, [1], 1.5]))
    elif damage == "unknown game":
        bad["game"] = data.draw(st.sampled_from(["gapz", "", None, 3, ["gaps"], "Gaps"]))
    elif damage in ("delete a card", "delete a dealt card"):
        key = "position" if damage == "delete a card" else "deal"
        r, k = data.draw(st.sampled_from(card_cells(bad, key)))
        bad[key]["rows"][r][k] = None
    elif damage == "swap two cards":
        cells = card_cells(bad, "position")
        rows = bad["position"]["rows"]
        (r1, k1), (r2, k2) = data.draw(st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True)
                                       .filter(lambda p: rows[p[0][0]][p[0][1]] != rows[p[1][0]][p[1][1]]))
        rows[r1][k1], rows[r2][k2] = rows[r2][k2], rows[r1][k1]
    elif damage == "third copy":
        cells = card_cells(bad, "position")
        rows = bad["position"]["rows"]
        (r1, k1), (r2, k2) = data.draw(st.lists(st.sampled_from(cells), min_size=2, max_size=2, unique=True)
                                       .filter(lambda p: rows[p[0][0]][p[0][1]] != rows[p[1][0]][p[1][1]]))
        rows[r1][k1] = rows[r2][k2]
    elif damage == "change a move":
        i = data.draw(st.integers(0, len(doc["history"]) - 1))
        move = doc["history"][i]
        bad["history"][i] = "deal" if move == "redeal" else "-".join(reversed(move.split("-")))
    refused(bad)


@given(thing=st.one_of(st.none(), st.integers(), st.text(), st.lists(st.integers()), st.booleans()))
def test_a_document_that_is_not_a_mapping_is_refused(thing):
    refused(thing)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                   max_size=3),
                    max_leaves=6)


@given(game=played_games(most=20), data=st.data())
def test_any_value_anywhere_loads_or_is_refused_with_bad_position(game, data):
    doc = json.loads(json.dumps(game.to_dict()))
    where = data.draw(st.sampled_from(["top", "position", "deal", "cell", "options", "history"]))
    value = data.draw(JSON)
    if where == "top":
        doc[data.draw(st.sampled_from(sorted(doc)))] = value
    elif where in ("position", "deal"):
        doc[where][data.draw(st.sampled_from(sorted(doc[where])))] = value
    elif where == "cell":
        row = data.draw(st.sampled_from(doc["position"]["rows"]))
        row[data.draw(st.integers(0, len(row) - 1))] = value
    elif where == "options":
        doc["options"][data.draw(st.sampled_from(["redeals", "aces", "rule"]))] = value
    else:
        doc["history"].append(value)
    loads_or_refuses(doc)
