"""One source of truth (docs/design.md): each game decides legality in one place,
which both lists the legal moves and gives the reason for a refused one;
``play`` and ``explain`` ask the rules, never a cache that could disagree.

The listing may take a faster path only because these tests hold it to the
rule place on every position they reach, on cold games (nothing listed or
cached yet) and warm ones.  And the suite catches a broken rule: with any
game's rule place replaced by "refuse all" or "allow all", the rulebook
checks fail."""

from __future__ import annotations

import random

import pytest
import rulebook
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalMove
from engine.tableau import PileGame

NAMES = tuple(engine.GAMES)
PILE_GAMES = tuple(name for name in NAMES if issubclass(engine.GAMES[name], PileGame))
OPTIONS = {name: engine.GAMES[name].OPTIONS for name in PILE_GAMES}


def reached(name: str, seed: int, steps: int, choices: random.Random, **options) -> engine.Game:
    game = engine.new_game(name, seed=seed, **options)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        # lean towards card moves: words (turn, deal) come round often enough
        cards = [m for m in moves if m.word is None]
        game.play(choices.choice(cards if cards and choices.random() < 0.85 else moves))
    return game


# ----------------------------------------------------------------- the listing agrees with the rules

@pytest.mark.every_game
@pytest.mark.parametrize("name", PILE_GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 160), pick=st.randoms(use_true_random=False),
       rule=st.integers(0, 2))
def test_the_listing_is_what_the_rules_allow_on_a_warm_game(name, seed, steps, pick, rule):
    game = reached(name, seed, steps, pick, rule=OPTIONS[name]["rule"][rule])
    game.legal_moves()                          # warm: the listing is made, then the rules asked
    rulebook.listing_agrees_with_the_rules(game)


@pytest.mark.every_game
@pytest.mark.parametrize("name", PILE_GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 160), pick=st.randoms(use_true_random=False),
       rule=st.integers(0, 2))
def test_the_rules_answer_alike_on_a_cold_game(name, seed, steps, pick, rule):
    doc = reached(name, seed, steps, pick, rule=OPTIONS[name]["rule"][rule]).to_dict()
    cold = engine.from_dict(doc)                 # nothing listed yet: explain asks the rules alone
    allowed = rulebook.allowed_by_the_rules(cold)
    assert allowed == {str(m) for m in engine.from_dict(doc).legal_moves()}
    for text in sorted(allowed)[:5]:             # and play, cold too, takes what the rules allow
        fresh = engine.from_dict(doc)
        fresh.play(text)
        assert fresh.history[-1] == text


@pytest.mark.every_game
@pytest.mark.parametrize("name", PILE_GAMES)
def test_the_listing_agrees_with_the_rules_through_whole_games(name):
    choices = random.Random(f"{name} whole games")
    for seed in range(2):
        game = engine.new_game(name, seed=seed)
        for _ in range(60):
            rulebook.listing_agrees_with_the_rules(game)
            moves = game.legal_moves()
            if not moves:
                break
            game.play(choices.choice(moves))


def test_the_turned_card_goes_to_the_talon_by_itself_exactly_when_the_rules_give_it_no_move():
    choices = random.Random(3)
    turns = 0
    for seed in range(6):
        game = engine.new_game("republic", seed=seed)
        for _ in range(200):
            if game.explain("turn") is None:
                before = game.position()
                game.play("turn")
                turns += 1
                card = game.position()["turned"] or game.position()["talon"][-1]
                game.undo()
                assert game.position() == before
                # with the card waiting as the turned card, what do the rules say?
                probe = engine.from_dict({**game.to_dict(), "deal": None, "history": [],
                                          "position": {**before, "stock": before["stock"][:-1],
                                                       "turned": card}})
                playable = any(probe.explain(f"s-{d}") is None
                               for d in ["f", *(f"c{i}" for i in range(1, 11))])
                assert probe.turned_has_move() == playable
                game.play("turn")
                assert (game.position()["turned"] is not None) == playable, card
            moves = game.legal_moves()
            if not moves:
                break
            game.play(choices.choice(moves))
    assert turns > 50


# ----------------------------------------------------------------- play and explain ask the rules

@pytest.mark.every_game
@pytest.mark.parametrize("name", PILE_GAMES)
def test_play_and_explain_never_answer_from_the_listing(name, monkeypatch):
    """With the listing broken (empty, or every move at all), explain and
    play still answer as the rules do."""
    game = reached(name, 4, 12, random.Random(4))
    legal = [str(m) for m in game.legal_moves()]
    refused = next(str(m) for m in rulebook.every_move(game)
                   if str(m) not in legal and not rulebook.named_foundation(game, m))
    for broken in ([], rulebook.every_move(game)):
        monkeypatch.setattr(type(game), "_generate", lambda self, moves=broken: list(moves))
        fresh = engine.from_dict(game.to_dict())
        fresh.legal_moves()
        assert all(fresh.explain(m) is None for m in legal)
        assert fresh.explain(refused) is not None
        with pytest.raises(IllegalMove):
            fresh.play(refused)
        fresh.play(legal[0])


# ----------------------------------------------------------------- a broken rule is caught

def rule_places(cls) -> list[str]:
    """Where ``cls`` decides legality: ``_reason`` for every game (the
    rules of every move, words included), and, where a game has one, the
    card-move rule it is built on (``_refusal`` of Gaps and Chinese Puzzle)."""
    return [hook for hook in ("_reason", "_refusal") if callable(getattr(cls, hook, None))]


def refuse_all(self, *args):
    return "Refused (the rule place is broken on purpose)."


def allow_all(self, *args):
    return None


def broken_rule_cases():
    for name in NAMES:
        for hook in rule_places(engine.GAMES[name]):
            for breakage in (refuse_all, allow_all):
                yield pytest.param(name, hook, breakage, id=f"{name}-{hook}-{breakage.__name__}")


def puzzles(name: str) -> list[dict]:
    """Position-only documents of a few positions of ``name`` (loading one
    replays nothing, so it loads whatever the rules have become)."""
    docs = []
    for steps in (0, 6, 25):
        doc = reached(name, 2, steps, random.Random(steps)).to_dict()
        docs.append({key: doc[key] for key in ("format", "game", "options", "seed", "position")})
    return docs


def failures(docs: list[dict]) -> list[str]:
    """Which rulebook checks fail on the positions of ``docs``."""
    failed = []
    for check in rulebook.CHECKS:
        for doc in docs:
            try:
                check(engine.from_dict(doc))
            except Exception as e:   # noqa: BLE001 - a crash is a caught break too
                failed.append(f"{check.__name__}: {type(e).__name__}")
                break
    return failed


@pytest.mark.every_game
@pytest.mark.parametrize("name", NAMES)
def test_the_rulebook_checks_pass_on_the_real_rules(name):
    assert failures(puzzles(name)) == []


@pytest.mark.every_game
@pytest.mark.parametrize("name, hook, breakage", list(broken_rule_cases()))
def test_a_broken_rule_place_is_caught(name, hook, breakage, monkeypatch):
    """Replace a game's rule place by "refuse all" or "allow all": the
    rulebook checks must notice."""
    docs = puzzles(name)
    monkeypatch.setattr(engine.GAMES[name], hook, breakage)
    assert failures(docs), f"{name}: {hook} replaced by {breakage.__name__} and no rulebook check failed"


@pytest.mark.every_game
def test_every_game_has_a_rule_place_to_break():
    assert all(rule_places(cls) for cls in engine.GAMES.values())
