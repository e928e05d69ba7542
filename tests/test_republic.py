"""The Republic (docs/rules.md, "The Republic"), one rule per test, from positions;
then properties of random play under all three packing rules."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import BadPosition, CardMoved, CardsDealt, CardTurned, IllegalMove, Over, Won
from engine.cards import MAX_SEED, NAMES, RANKS, SUITS

RULES = ("alternate", "any-suit", "same-suit")
REDEALS = {"any-suit": 0, "alternate": 1, "same-suit": -1}
TWO_DECKS = Counter(NAMES * 2)
HIGH = ["9C", "9C", "9D", "9D", "9H", "9H", "9S", "9S"]   # leaves the 32 cards T..K to place


# ----------------------------------------------------------------- building positions

def foundation_cards(top: str | None) -> list[str]:
    """The cards under and including a foundation's top card."""
    if top is None:
        return []
    return [r + top[1] for r in RANKS[:RANKS.index(top[0]) + 1]]


def auto_foundations(placed: Counter) -> list[str | None]:
    """Two foundations per suit (C C D D H H S S), each as high as the cards
    not placed elsewhere allow."""
    tops: list[str | None] = []
    for s in SUITS:
        left = {r: 2 - placed[r + s] for r in RANKS}
        for _ in range(2):
            height = 0
            while height < 13 and left[RANKS[height]] > 0:
                left[RANKS[height]] -= 1
                height += 1
            tops.append(RANKS[height - 1] + s if height else None)
    return tops


def republic_doc(columns=None, packets=None, stock="", turned=None, talon="", foundations=None,
                 redeals_left=None, rule="alternate", rest="stock") -> dict:
    """A puzzle document.  ``columns`` and ``packets`` map numbers 1..10 to
    cards written bottom to top ("KS QH"); ``foundations`` (default: as high
    as the unplaced cards allow) lists 8 tops.  Every card left over is put,
    lowest first (so no two of them pack), at the bottom of ``rest``: the
    stock, the talon or a column "c3"."""
    cols = [(columns or {}).get(i, "").split() for i in range(1, 11)]
    packs = [(packets or {}).get(i, "").split() for i in range(1, 11)]
    stock, talon = stock.split(), talon.split()
    placed = Counter(c for pile in cols + packs + [stock, talon] for c in pile)
    if turned:
        placed[turned] += 1
    if foundations is None:
        foundations = auto_foundations(placed)
    used = placed + Counter(c for top in foundations for c in foundation_cards(top))
    assert not used - TWO_DECKS, f"more than two of {sorted(used - TWO_DECKS)}"
    left = sorted((TWO_DECKS - used).elements(), key=NAMES.index)
    if rest == "stock":
        stock = left + stock
    elif rest == "talon":
        talon = left + talon
    else:
        assert not left or rest.startswith("c"), rest
        if left:
            cols[int(rest[1:]) - 1] = left + cols[int(rest[1:]) - 1]
    return {"format": 1, "game": "republic", "options": {"rule": rule},
            "position": {"packets": packs, "columns": cols, "stock": stock, "turned": turned,
                         "talon": talon, "foundations": foundations,
                         "redeals_left": REDEALS[rule] if redeals_left is None else redeals_left}}


def republic(**kw) -> engine.Game:
    return engine.from_dict(republic_doc(**kw))


def legal(game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def pos(game) -> dict:
    return game.position()


def refused(game, move: str, *words: str) -> str:
    """Assert ``move`` is refused, not listed, and raises without change; return the reason."""
    before, history = pos(game), game.history
    reason = game.explain(move)
    assert reason, f"{move} should be refused"
    assert move not in legal(game)
    for w in words:
        assert w in reason.lower(), (w, reason)
    with pytest.raises(IllegalMove):
        game.play(move)
    assert pos(game) == before and game.history == history
    return reason


# ----------------------------------------------------------------- the deal

def test_the_deal_is_ten_packets_of_three_ten_columns_of_one_and_a_stock_of_64():
    game = engine.new_game("republic", seed=1)
    p = pos(game)
    assert [len(x) for x in p["packets"]] == [3] * 10
    assert [len(x) for x in p["columns"]] == [1] * 10
    assert len(p["stock"]) == 64 and game.stock_size == 64
    assert p["talon"] == [] and p["turned"] is None and p["foundations"] == [None] * 8
    assert not any(game.packet_face_up(i) for i in range(10))
    assert [game.face_down(i) for i in range(10)] == [3] * 10
    dealt = game.opening_events
    assert len(dealt) == 1 and isinstance(dealt[0], CardsDealt)
    places = [place for _, place in dealt[0].cards]
    assert places == [f"p{i}" for _ in range(3) for i in range(1, 11)] + [f"c{i}" for i in range(1, 11)]
    assert [c for c, place in dealt[0].cards if place == "c4"] == p["columns"][3]
    assert [c for c, place in dealt[0].cards if place == "p7"] == p["packets"][6]


def test_the_deal_for_seed_1_is_pinned():
    p = pos(engine.new_game("republic", seed=1))
    assert [c[0] for c in p["columns"]] == ["2C", "4D", "KS", "7C", "3D", "9H", "8C", "9H", "2H", "9D"]
    assert p["packets"][0] == ["JS", "8H", "KC"] and p["packets"][9] == ["6C", "KD", "JD"]
    assert p["stock"][-3:] == ["3D", "3S", "4C"] and p["stock"][:2] == ["KH", "7S"]   # 4C is turned first
    assert Counter(p["stock"] + [c for x in p["packets"] + p["columns"] for c in x]) == TWO_DECKS


@pytest.mark.parametrize("rule", RULES)
def test_the_rule_never_changes_the_deal_only_the_redeals(rule):
    p = pos(engine.new_game("republic", seed=99, rule=rule))
    q = pos(engine.new_game("republic", seed=99))
    assert p["redeals_left"] == REDEALS[rule]
    assert {**p, "redeals_left": 0} == {**q, "redeals_left": 0}


# ----------------------------------------------------------------- sequences and vacancies

# c1 holds the alternating run 9H 8S 7H 6S 5H; c(7-k) takes its top k cards
RUN = {1: "9H 8S 7H 6S 5H", 2: "TC", 3: "9D", 4: "8C", 5: "7D", 6: "6C"}


def run_position(vacancies: int) -> engine.Game:
    cols = dict(RUN)
    fillers = {7: "KD", 9: "KC", 10: "KS"}           # c8 stays empty over a packet: not a vacancy
    for i in (7, 9, 10)[:3 - vacancies]:
        cols[i] = fillers[i]
    return republic(columns=cols, packets={8: "QD QC"})


@pytest.mark.parametrize("vacancies,onto,into", [(0, 1, 0), (1, 2, 1), (2, 4, 2), (3, 8, 4)])
def test_a_sequence_of_2_to_the_n_moves_onto_a_column_and_half_that_into_a_vacancy(vacancies, onto, into):
    game = run_position(vacancies)
    assert game.vacancies() == vacancies
    for k in range(1, 6):
        move = f"c1-c{7 - k}" + (f":{k}" if k > 1 else "")
        assert (game.explain(move) is None) == (k <= onto), move
        assert (move in legal(game)) == (k <= onto), move
        if k > onto:
            refused(game, move, f"at most {onto}")
    free = [i for i in (7, 9, 10) if not pos(game)["columns"][i - 1]]
    for k in range(1, 6):
        for i in free:
            move = f"c1-c{i}" + (f":{k}" if k > 1 else "")
            assert (game.explain(move) is None) == (k <= into), move


def test_a_sequence_must_follow_the_packing_rule_to_move_together():
    game = republic(columns={1: "9H 8S 8H", 2: "9C"})   # 8H does not continue 8S
    assert game.movable_run(0) == 1
    refused(game, "c1-c2:2", "not a sequence")


@pytest.mark.parametrize("rule,fits,misfits", [
    ("alternate", ["TH"], ["TC", "TS"]), ("any-suit", ["TH", "TC", "TS"], []), ("same-suit", ["TS"], ["TH", "TC"])])
def test_columns_pack_down_by_the_chosen_rule(rule, fits, misfits):
    order = [None, "JS", "TH", "TC", "TS"]
    game = republic(columns={i: c for i, c in enumerate(order) if c}, rule=rule, foundations=HIGH, rest="c5")
    for card in fits + misfits:
        assert (game.explain(f"c{order.index(card)}-c1") is None) == (card in fits), (rule, card)


# ----------------------------------------------------------------- packets

def test_a_packet_card_is_face_down_while_its_column_holds_cards():
    game = republic(columns={3: "9S", 4: "TH"}, packets={3: "KD 5C AH"})
    assert not game.packet_face_up(2)
    refused(game, "p3-f", "face down")
    refused(game, "p3-c4", "face down")


def test_a_column_emptied_over_its_packet_turns_the_packet_top_face_up():
    game = republic(columns={3: "9S", 4: "TH"}, packets={3: "KD 5C AH"})
    events = game.play("c3-c4")
    assert events == [CardMoved("9S", "c3", "c4"), CardTurned("AH", "p3")]
    assert game.packet_face_up(2) and game.face_down(2) == 2
    assert "##+AH" in game.render()


def test_a_face_up_packet_card_plays_to_a_foundation_or_onto_a_column():
    game = republic(columns={3: "9S", 4: "TH", 5: "6D"}, packets={3: "KD 5C AH"})
    game.play("c3-c4")
    assert {"p3-f", "p3-c3"} & legal(game) == {"p3-f"}
    events = game.play("p3-f")
    assert events[0].card == "AH" and events[0].src == "p3" and events[0].dst.startswith("f")
    assert events[1:] == [CardTurned("5C", "p3")]
    assert "p3-c5" in legal(game)
    game.play("p3-c5")
    assert pos(game)["columns"][4] == ["6D", "5C"]


def test_nothing_may_be_put_on_an_empty_column_whose_packet_holds_cards():
    game = republic(columns={3: "9S", 4: "TH", 5: "KC", 6: "QD"}, packets={3: "KD 5C 7H"},
                    turned="KH", talon="KS")
    game.play("c3-c4")
    assert pos(game)["foundations"][0] == "KC"
    assert game.vacancies() == 6                 # c1, c2, c7..c10, not c3
    assert not any(str(m).endswith("-c3") or "-c3:" in str(m) for m in game.legal_moves())
    for move in ("c4-c3", "c6-c3", "c4-c3:2", "s-c3", "t-c3", "f1-c3"):
        refused(game, move, "packet p3 holds cards")


def test_the_packets_last_card_moves_down_into_its_column_at_once():
    game = republic(columns={3: "9S", 4: "TH", 5: "6D"}, packets={3: "KD 5C"})
    assert game.packet_face_up(2) is False
    events = game.play("c3-c4")
    assert events == [CardMoved("9S", "c3", "c4"), CardTurned("5C", "p3")]
    events = game.play("p3-c5")
    assert events == [CardMoved("5C", "p3", "c5"), CardTurned("KD", "p3"), CardMoved("KD", "p3", "c3")]
    p = pos(game)
    assert p["packets"][2] == [] and p["columns"][2] == ["KD"]
    assert not game.packet_face_up(2)


def test_a_one_card_packet_moves_down_as_soon_as_its_column_empties():
    game = republic(columns={3: "9S", 4: "TH"}, packets={3: "KD"})
    assert game.play("c3-c4") == [CardMoved("9S", "c3", "c4"), CardTurned("KD", "p3"),
                                  CardMoved("KD", "p3", "c3")]
    assert pos(game)["columns"][2] == ["KD"] and pos(game)["packets"][2] == []


def test_a_column_is_a_vacancy_only_when_its_packet_is_empty_too():
    game = republic(columns={1: "KC", 2: "KD"}, packets={3: "QC QD", 1: "QH QS"})
    assert game.vacancies() == 7                  # c4..c10; c3 is over a packet
    assert "packet p3 holds cards" in game.explain("c1-c3")
    assert game.explain("c1-c4") is None


# ----------------------------------------------------------------- stock, turned card, talon

# every column taken (no vacancy); tops: the eight kings and two black queens
KINGS = {1: "KC", 2: "KC", 3: "KD", 4: "KD", 5: "KH", 6: "KH", 7: "KS", 8: "KS", 9: "QS", 10: "QS"}


def test_a_turned_card_with_no_move_anywhere_goes_to_the_talon_by_itself():
    game = republic(columns=KINGS, stock="JS", foundations=HIGH)
    events = game.play("turn")
    assert events == [CardTurned("JS", "s"), CardMoved("JS", "s", "t")]
    p = pos(game)
    assert p["turned"] is None and p["talon"][-1] == "JS" and game.history == ["turn"]


@pytest.mark.parametrize("card,where", [("JD", "s-c9"), ("TS", "s-f"), ("QH", "s-c1")])
def test_a_turned_card_with_a_move_waits_to_be_played(card, where):
    game = republic(columns=KINGS, stock=card, foundations=HIGH)
    assert game.play("turn") == [CardTurned(card, "s")]
    assert pos(game)["turned"] == card and game.turned_has_move()
    assert {where, "s-t"} <= legal(game)
    game.play(where)
    assert pos(game)["turned"] is None


def test_a_turned_card_waits_when_a_vacancy_could_take_it():
    game = republic(columns={**KINGS, 10: ""}, stock="JS", foundations=HIGH, rest="c1")
    game.play("turn")
    assert pos(game)["turned"] == "JS" and "s-c10" in legal(game)


def test_no_card_is_turned_while_the_turned_card_waits():
    game = republic(columns=KINGS, stock="JS JD", foundations=HIGH)
    game.play("turn")
    assert not game.can_turn
    refused(game, "turn", "waits")


def test_no_redeal_is_made_while_the_turned_card_waits():
    game = republic(columns=KINGS, stock="JD", talon="JS", foundations=HIGH, rest="c1")
    game.play("turn")
    assert pos(game)["stock"] == [] and not game.can_redeal
    refused(game, "redeal", "waits")


def test_the_turned_card_may_be_moved_to_the_talon_by_hand():
    game = republic(columns=KINGS, stock="JS JD", foundations=HIGH)
    game.play("turn")
    assert game.play("s-t") == [CardMoved("JD", "s", "t")]
    p = pos(game)
    assert p["turned"] is None and p["talon"][-1] == "JD"
    assert "turn" in legal(game) and game.can_turn


def test_whether_the_turned_card_has_a_move_is_judged_once_when_it_is_turned():
    # JD goes on QS (c9); once JH covers QS, JD has no move, yet it still waits
    cols = {1: "KC", 2: "KC", 3: "KD", 4: "KD", 5: "KH", 6: "KH", 7: "KS", 8: "QD", 9: "QS", 10: "KS JH"}
    game = republic(columns=cols, stock="JD", foundations=HIGH)
    game.play("turn")
    game.play("c10-c9")
    assert pos(game)["turned"] == "JD" and not game.turned_has_move()
    assert {m for m in legal(game) if m.startswith("s-")} == {"s-t"}
    refused(game, "turn", "waits")


def test_only_the_turned_card_goes_to_the_talon():
    game = republic(columns=KINGS, stock="JS JD", talon="QH", foundations=HIGH)
    refused(game, "s-t", "no turned")
    game.play("turn")
    refused(game, "c9-t", "only the turned")
    refused(game, "t-t", "only the turned")
    refused(game, "c9-p3", "packet")
    refused(game, "t-s", "turn")


def test_turn_needs_cards_in_the_stock():
    game = republic(columns=KINGS, foundations=HIGH, rest="c1", redeals_left=0)
    assert game.stock_size == 0 and not game.can_turn
    refused(game, "turn", "stock is empty")


def test_the_talons_top_card_is_playable_and_only_that_one():
    game = republic(columns=KINGS, talon="TH JD", foundations=HIGH)
    assert {"t-c9", "t-c10"} <= legal(game)
    refused(game, "t-f", "no foundation takes the jd")
    game.play("t-c9")
    assert "t-f" in legal(game)
    game.play("t-f")
    assert "TH" in pos(game)["foundations"] and pos(game)["talon"] == []
    refused(game, "t-c10", "talon is empty")


def test_a_turn_undoes_like_any_move():
    game = republic(columns=KINGS, stock="JS", foundations=HIGH)
    before = pos(game)
    game.play("turn")
    assert game.undo() == [CardMoved("JS", "t", "s"), CardTurned("JS", "s", face_up=False)]
    assert pos(game) == before


# ----------------------------------------------------------------- talon redeals

# kings never have a move here: no vacancy, no queen on a foundation
JACKS = {1: "JC", 2: "JC", 3: "JD", 4: "JD", 5: "JH", 6: "JH", 7: "JS", 8: "JS", 9: "QS", 10: "QS"}


def test_a_redeal_turns_the_talon_over_so_its_first_card_is_turned_first():
    game = republic(columns=JACKS, talon="KS KC KD", foundations=HIGH, rest="c1")
    assert game.can_redeal and "redeal" in legal(game)
    events = game.play("redeal")
    assert [e.card for e in events] == ["KD", "KC", "KS"]
    p = pos(game)
    assert p["stock"] == ["KD", "KC", "KS"] and p["talon"] == [] and p["redeals_left"] == 0
    assert game.play("turn")[0] == CardTurned("KS", "s")
    game.undo()
    game.undo()
    assert pos(game)["talon"] == ["KS", "KC", "KD"] and pos(game)["redeals_left"] == 1


@pytest.mark.parametrize("rule,allowed", [("any-suit", 0), ("alternate", 1), ("same-suit", 5)])
def test_the_rule_sets_the_talon_redeals_none_one_or_unlimited(rule, allowed):
    game = republic(columns=JACKS, talon="KS KC", foundations=HIGH, rest="c1", rule=rule)
    for cycle in range(5):
        expected = cycle < allowed
        assert (game.explain("redeal") is None) == expected, cycle
        assert ("redeal" in legal(game)) == expected
        if not expected:
            refused(game, "redeal", "redeal")
            break
        game.play("redeal")
        assert pos(game)["redeals_left"] == (-1 if rule == "same-suit" else allowed - cycle - 1)
        game.play("turn")
        game.play("turn")                                 # both kings back to the talon by themselves
    assert game.history.count("redeal") == min(allowed, 5) == game.redeals_used


def test_a_redeal_needs_an_empty_stock_and_cards_in_the_talon():
    game = republic(columns=JACKS, stock="KH", talon="KS KC", foundations=HIGH, rest="c1")
    refused(game, "redeal", "only when the stock is empty")
    game.play("turn")                                     # KH has no move: to the talon
    assert pos(game)["stock"] == [] and "redeal" in legal(game)
    empty = republic(columns=JACKS, foundations=HIGH, rest="c1")
    refused(empty, "redeal", "talon is empty")


# ----------------------------------------------------------------- foundations

def test_foundations_build_up_by_suit_from_the_ace():
    game = republic(columns={1: "TH", 2: "TC", 3: "JH"}, foundations=HIGH[:4] + ["9H", "8H", "9S", "9S"])
    assert "c1-f" in legal(game) and game.explain("c1-f5") is None
    refused(game, "c1-f6", "takes the 9h, not the th")
    refused(game, "c3-f", "no foundation takes")
    game.play("c1-f")
    assert pos(game)["foundations"][4] == "TH"
    assert "c3-f" in legal(game)


def test_a_foundation_top_plays_back_onto_a_column_or_into_a_vacancy_but_not_over_a_packet():
    game = republic(columns={1: "TS", 2: "KC"}, packets={9: "KS QS"}, foundations=HIGH)
    assert {"f5-c1", "f6-c1", "f1-c10", "f5-c10"} <= legal(game)
    refused(game, "f5-c9", "packet p9 holds cards")
    refused(game, "f1-c1", "cannot go on")
    refused(game, "f-c1", "name the foundation")
    refused(game, "f5-f", "foundation")
    game.play("f5-c1")
    p = pos(game)
    assert p["foundations"][4] == "8H" and p["columns"][0] == ["TS", "9H"]


def test_an_ace_may_be_played_back_from_its_foundation():
    game = republic(columns={1: "2H", 2: "2S"})
    assert pos(game)["foundations"][7] == "AS"
    assert "f8-c1" in legal(game)
    game.play("f8-c1")
    assert pos(game)["foundations"][7] is None and pos(game)["columns"][0] == ["2H", "AS"]


# ----------------------------------------------------------------- layoff

LAYOFF = dict(columns={1: "KC AH", 2: "QC 2H"}, packets={3: "2S AS"}, turned="AD", talon="AC")


def test_layoff_plays_every_card_it_can_from_columns_and_face_up_packets_in_one_move():
    game = republic(**LAYOFF)
    before = pos(game)
    assert "layoff" in legal(game)
    events = game.play("layoff")
    assert game.history == ["layoff"]
    up = [e.card for e in events if isinstance(e, CardMoved) and e.dst.startswith("f")]
    assert up == ["AH", "2H", "AS", "2S"]                     # 2S moved down from p3, then went up
    assert CardMoved("2S", "p3", "c3") in events
    p = pos(game)
    assert p["turned"] == "AD" and p["talon"] == ["AC"]       # neither stock nor talon
    assert p["columns"][:3] == [["KC"], ["QC"], []] and p["packets"][2] == []
    assert "layoff" not in legal(game)
    game.undo()
    assert pos(game) == before and game.history == []


def test_layoff_is_not_listed_when_only_the_turned_card_or_talon_could_go_up():
    game = republic(columns={1: "KC", 2: "QC"}, turned="AD", talon="AC")
    assert {"s-f", "t-f"} <= legal(game)
    refused(game, "layoff", "no card can go to a foundation")


def test_shift_click_tries_one_card_on_the_foundations():
    game = republic(**LAYOFF)
    assert str(game.foundation_move("c1")) == "c1-f"
    assert game.foundation_move("c2") is None
    assert str(game.foundation_move("s")) == "s-f"


# ----------------------------------------------------------------- won and over

def test_won_when_all_104_cards_are_on_the_foundations():
    game = republic(columns={1: "KH"})
    assert pos(game)["foundations"].count("QH") == 1 and not game.won
    events = game.play("c1-f")
    assert events[-1] == Won() and game.won and game.over
    assert game.legal_moves() == []
    refused(game, "f1-c1", "won")


# tops 5s and 9s: nothing packs; no vacancy, no foundation started
STUCK = {1: "5C", 2: "5C", 3: "5D", 4: "5D", 5: "5H", 6: "5H", 7: "5S", 8: "5S", 9: "9C", 10: "9C"}


@pytest.mark.parametrize("rule", ["alternate", "any-suit"])
def test_over_when_no_legal_move_is_left(rule):
    game = republic(columns=STUCK, stock="7C", foundations=[None] * 8, rest="c9", rule=rule,
                    redeals_left=0)
    assert legal(game) == {"turn"} and not game.over
    events = game.play("turn")
    assert events[-1] == Over() and game.over and not game.won
    assert game.legal_moves() == []


def test_the_same_suit_rule_is_never_over_while_the_talon_can_be_redealt():
    game = republic(columns=STUCK, stock="7C", foundations=[None] * 8, rest="c9", rule="same-suit")
    game.play("turn")
    assert legal(game) == {"redeal"} and not game.over


# ----------------------------------------------------------------- positions

def fresh_doc(**changes) -> dict:
    doc = {"format": 1, "game": "republic", "options": {"rule": "alternate"},
           "position": json.loads(json.dumps(engine.new_game("republic", seed=5).position()))}
    doc["position"].update(changes)
    return doc


def test_a_waiting_turned_card_loads_with_or_without_a_stock_behind_it():
    p = fresh_doc()["position"]
    for stock in (p["stock"][:-1], []):
        doc = fresh_doc(stock=stock, turned=p["stock"][-1], talon=p["stock"][:-1][:len(p["stock"]) - 1 - len(stock)])
        game = engine.from_dict(doc)
        assert pos(game)["turned"] == p["stock"][-1] and not game.can_turn


def damaged(kind: str) -> dict:
    doc = fresh_doc()
    p = doc["position"]
    if kind == "one-card packet over an empty column":
        p["columns"][1] += p["columns"][0] + p["packets"][0][1:]
        p["columns"][0], p["packets"][0] = [], p["packets"][0][:1]
    elif kind == "packet of four":
        p["packets"][0].append(p["columns"][0].pop())
    elif kind == "stock of 65":
        p["stock"].append(p["columns"][0].pop())
    elif kind == "missing card":
        p["stock"].pop()
    elif kind == "third copy":
        p["stock"][0] = p["columns"][0][0] if p["columns"][0][0] != p["stock"][0] else p["columns"][1][0]
    elif kind == "unknown card":
        p["talon"] = ["1X"]
    elif kind == "nine packets":
        p["packets"].pop()
    elif kind == "no talon":
        del p["talon"]
    elif kind == "no redeals":
        del p["redeals_left"]
    elif kind == "turned not a card":
        p["turned"] = 7
    elif kind == "three aces of clubs up":
        p["foundations"] = ["AC", "AC", "AC"] + [None] * 5
    return doc


@pytest.mark.parametrize("kind,words", [
    ("one-card packet over an empty column", "moves down"), ("packet of four", "never gains"),
    ("stock of 65", "never gains"), ("missing card", "missing"), ("third copy", "too many"),
    ("unknown card", "not a card"), ("nine packets", "packets"), ("no talon", "talon"),
    ("no redeals", "redeals_left"), ("turned not a card", "turned card"), ("three aces of clubs up", "too many AC")])
def test_positions_the_rules_make_impossible_are_refused(kind, words):
    with pytest.raises(BadPosition, match=words):
        engine.from_dict(damaged(kind))


@pytest.mark.parametrize("rule,good,bad", [("any-suit", [0], [1, -1]), ("alternate", [0, 1], [2, -1, -2]),
                                           ("same-suit", [-1], [0, 1, 3])])
def test_redeals_left_is_what_the_rule_allows(rule, good, bad):
    for n in good + bad + ["1", True, None, 1.0]:
        doc = fresh_doc(redeals_left=n)
        doc["options"]["rule"] = rule
        if n in good and type(n) is int:
            assert engine.from_dict(doc).redeals_left == n
        else:
            with pytest.raises(BadPosition, match="redeals"):
                engine.from_dict(doc)


def test_the_table_sees_top_cards_but_not_face_down_ones_and_where_a_card_may_go():
    cols = {1: "KC", 2: "KC", 3: "9S", 4: "TH", 5: "6D", 6: "KD", 7: "KD", 8: "KH", 9: "KH", 10: "KS"}
    game = republic(columns=cols, packets={3: "QD 5C AH", 5: "QS"}, turned="JD", talon="QC",
                    foundations=["4C", "4C", "5D", "5D", "AH", None, "8S", "8S"], rest="c1")
    shown = [game.card_at(p) for p in ("c3", "p3", "p5", "s", "t", "f1", "f")]
    assert shown == ["9S", None, None, "JD", "QC", "4C", None]
    assert game.targets("c3") == ["f", "c4"] and game.targets("c4", 2) == [] and game.targets("p3") == []
    assert game.targets("t") == ["c6", "c7", "c8", "c9"] and game.targets("s") == ["t"]
    game.play("c3-c4")
    assert game.card_at("p3") == "AH" and game.targets("p3") == ["f"]
    with pytest.raises(ValueError):
        game.card_at("r1")


def test_render_shows_face_down_counts_and_the_table():
    game = engine.new_game("republic", seed=1)
    text = game.render()
    assert "stock: 64" in text and "redeals left: 1" in text
    assert text.count("###") == 10 and "c3:  KS" in text
    assert "unlimited" in engine.new_game("republic", seed=1, rule="same-suit").render()


# ----------------------------------------------------------------- properties of random play

seeds = st.integers(0, MAX_SEED)
rules = st.sampled_from(RULES)
WORDS = {"turn", "redeal", "s-t"}


def choose(rnd, moves):
    """A random legal move, leaning towards the stock so playouts reach the talon and redeals."""
    stock = [m for m in moves if str(m) in WORDS]
    if stock and rnd.random() < 0.4:
        return rnd.choice(stock)
    return rnd.choice(moves)


def all_cards(p) -> Counter:
    cards = Counter(c for pile in p["packets"] + p["columns"] + [p["stock"], p["talon"]] for c in pile)
    if p["turned"]:
        cards[p["turned"]] += 1
    for top in p["foundations"]:
        cards.update(foundation_cards(top))
    return cards


def played(seed, rule, rnd, steps):
    game = engine.new_game("republic", seed=seed, rule=rule)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(choose(rnd, moves))
    return game


@settings(max_examples=25, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False))
def test_random_play_keeps_all_104_cards_exactly_twice_each(seed, rule, rnd):
    game = engine.new_game("republic", seed=seed, rule=rule)
    for _ in range(150):
        p = pos(game)
        assert all_cards(p) == TWO_DECKS
        assert all(len(pk) <= 3 and (col or len(pk) != 1) for pk, col in zip(p["packets"], p["columns"]))
        moves = game.legal_moves()
        assert game.over == (game.won or not moves)
        if not moves:
            break
        events = game.play(choose(rnd, moves))
        assert (Over() in events) == (not game.won and not game.legal_moves())


@settings(max_examples=20, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False), st.integers(0, 150))
def test_every_listed_move_is_explained_as_legal_and_plays(seed, rule, rnd, steps):
    game = played(seed, rule, rnd, steps)
    before, history = pos(game), game.history
    for move in game.legal_moves():
        assert game.explain(move) is None and game.explain(str(move)) is None
        game.play(str(move))
        assert game.history == history + [str(move)]
        game.undo()
        assert pos(game) == before


PLACES = ([f"c{i}" for i in range(1, 11)] + [f"p{i}" for i in range(1, 11)] + ["f"]
          + [f"f{i}" for i in range(1, 9)] + ["s", "t"])


def card_at(p, place) -> str | None:
    kind, number = place[0], place[1:]
    pile = {"c": p["columns"], "p": p["packets"]}.get(kind)
    if pile is not None:
        return pile[int(number) - 1][-1] if pile[int(number) - 1] else None
    return {"s": p["turned"], "t": p["talon"][-1] if p["talon"] else None}.get(kind)


def foundation_takes(top, card) -> bool:
    if top is None:
        return card[0] == "A"
    return top[1] == card[1] and RANKS.index(top[0]) + 1 == RANKS.index(card[0])


@settings(max_examples=12, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False), st.integers(0, 150))
def test_a_move_is_legal_exactly_when_it_is_listed(seed, rule, rnd, steps):
    game = played(seed, rule, rnd, steps)
    listed = legal(game)
    assert not any("-f" in m and not m.split("-")[1].split(":")[0] == "f" for m in listed)
    p, history = pos(game), game.history
    for src in PLACES:
        for dst in PLACES:
            for count in range(1, 14):
                text = f"{src}-{dst}" + (f":{count}" if count > 1 else "")
                if dst[0] == "f" and len(dst) > 1:       # an explicit foundation: any one that takes the card
                    card = card_at(p, src)
                    expected = (count == 1 and f"{src}-f" in listed
                                and foundation_takes(p["foundations"][int(dst[1:]) - 1], card))
                else:
                    expected = text in listed
                reason = game.explain(text)
                assert (reason is None) == expected, (text, reason)
                if reason is not None:
                    assert isinstance(reason, str) and reason
                    with pytest.raises(IllegalMove) as e:
                        game.play(text)
                    assert e.value.reason
    for word in ("turn", "redeal", "layoff", "deal"):
        assert (game.explain(word) is None) == (word in listed)
    assert pos(game) == p and game.history == history


@settings(max_examples=20, deadline=None)
@given(seeds, rules, st.randoms(use_true_random=False), st.integers(1, 120))
def test_undo_redo_and_save_load_restore_exactly(seed, rule, rnd, steps):
    game = engine.new_game("republic", seed=seed, rule=rule)
    positions = [pos(game)]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(choose(rnd, moves))
        positions.append(pos(game))
    doc = json.loads(json.dumps(game.to_dict()))
    loaded = engine.from_dict(doc)
    assert loaded.to_dict() == doc
    assert [str(m) for m in loaded.legal_moves()] == [str(m) for m in game.legal_moves()]
    puzzle = engine.from_dict({k: doc[k] for k in ("format", "game", "options", "position")})
    assert pos(puzzle) == doc["position"] and puzzle.history == []
    assert [str(m) for m in puzzle.legal_moves()] == [str(m) for m in game.legal_moves()]
    for expected in reversed(positions[:-1]):
        game.undo()
        assert pos(game) == expected
    assert not game.can_undo and game.undo() == []
    for expected in positions[1:]:
        game.redo()
        assert pos(game) == expected
    assert not game.can_redo and game.to_dict() == doc
