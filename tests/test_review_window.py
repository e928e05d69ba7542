"""Review This Game at the table, driven with real pygame events: where the
menu allows it, the Review window naming the losing move of a fixture game,
the rewind to just before it, the rewound game counted once, and the offer
after a loss."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest
from gui import center_of, click, drag, key, make_app, settle, wait_for
from test_review import fixture, gaps_with_a_shuffle, played

import engine
from engine import solve
from engine.review import position_after, review
from game.ui.dialogs import INK
from game.ui.review import FAINT, OFFER, TRY_AGAIN, ReviewDialog, rewind, unavailable
from game.voice.words import describe

CTRL = pygame.KMOD_CTRL


def review_item(app):
    items = [i for m in app.commands.menus() for i in m.items if i.label.startswith("Review This Game")]
    assert len(items) == 1
    return items[0]


def press_review(app) -> None:
    key(app, pygame.K_j, CTRL, "j")


def button(dialog, label_start: str) -> tuple[int, int]:
    return next(box.center for box, label in dialog._buttons if label.startswith(label_start))


def reviewed(app, name: str) -> tuple[ReviewDialog, int, str]:
    """The fixture ``name`` on the table, reviewed from the menu's shortcut."""
    game, losing, move = fixture(name)
    app.show_game(game, opening=False)
    settle(app)
    press_review(app)
    dialog = app.dialogs[-1]
    assert isinstance(dialog, ReviewDialog)
    assert wait_for(app, lambda: dialog.result is not None or dialog.failed, 120)
    return dialog, losing, move


def test_the_menu_allows_a_review_where_the_rules_say_and_says_why_not_elsewhere(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "7")
    try:
        item = review_item(app)
        assert not item.enabled and item.label == "Review This Game (once a card has moved)"
        app.scene.try_move(str(app.game.legal_moves()[0]))
        settle(app)
        assert review_item(app).enabled, "The Prince: at any time, every card being face up"
        app.start_game("republic", seed=3, fresh=True)
        settle(app)
        app.scene.try_move(str(app.game.legal_moves()[0]))
        settle(app)
        item = review_item(app)
        assert not item.enabled and "once the game is over" in item.label
        press_review(app)
        assert not app.dialogs and "once the game is over" in app.message, "the shortcut says why"
        app.start_game("gaps", seed=5, fresh=True)
        settle(app)
        moves = [m for m in app.game.legal_moves() if m.word is None]
        app.scene.try_move(str(moves[0]))
        settle(app)
        assert review_item(app).enabled, "Gaps: each deal between shuffles, at any time"
    finally:
        app.analyst.stop()


def test_a_game_over_may_be_reviewed_in_the_republic_and_the_smith():
    game = engine.new_game("smith", seed=2)
    assert unavailable(game) == "once a card has moved"
    game.play(game.legal_moves()[0])
    assert unavailable(game) == "once the game is over"
    for name in ("republic", "smith"):      # what the rule reads of a game: whether it hides cards, history, end
        hides = engine.GAMES[name].hides_cards
        assert unavailable(SimpleNamespace(hides_cards=hides, history=["c1-c2"], over=True)) is None
        assert unavailable(SimpleNamespace(hides_cards=hides, history=["c1-c2"], over=False)) == "once the game is over"
    gaps = engine.GAMES["gaps"].hides_cards
    assert unavailable(SimpleNamespace(hides_cards=gaps, history=["redeal"], over=False)) == "once a card has moved"
    assert unavailable(SimpleNamespace(hides_cards=gaps, history=["a1-b2"], over=False)) is None


def test_the_window_names_the_losing_move_and_rewinds_to_just_before_it(tmp_path):
    app = make_app(tmp_path)
    try:
        dialog, losing, move = reviewed(app, "prince")
        doc = fixture("prince")[0].to_dict()
        assert dialog.losing == losing
        words = describe(position_after(doc, losing), move)
        text = " ".join(dialog.summary())
        assert f"Move {losing + 1}, {words}: the game could be won before it and not after." in text
        assert "Instead, " in text
        app.redraw_all()
        click(app, button(dialog, f"{TRY_AGAIN} {losing + 1}"))
        assert not app.dialogs
        assert app.game.history == doc["history"][:losing]
        assert app.game.position() == position_after(doc, losing).position()
        assert f"before move {losing + 1}" in app.message
    finally:
        app.analyst.stop()


def test_a_game_rewound_by_its_review_is_counted_once(tmp_path):
    app = make_app(tmp_path)
    try:
        dialog, losing, _ = reviewed(app, "prince")
        rule = app.game.options["rule"]
        record = app.records.stats.get("prince", rule)
        assert (record.games, record.wins) == (1, 0), "the game ended with no move left: it counted, lost"
        app.redraw_all()
        click(app, button(dialog, TRY_AGAIN))
        record = app.records.stats.get("prince", rule)
        assert (record.games, record.wins) == (1, 0), "the game counts once, lost, as it stood"
        assert app.session.retried and not app.session.for_the_record
        # played again from there to a win: the same game, not counted a second time
        line = solve.solve(app.game, solve.Budget(seconds=20)).moves
        assert line
        for m in line:
            app.scene.try_move(m)
            settle(app)
        assert app.game.won
        wait_for(app, lambda: app.scene.cascade is None and app.dialogs, 5)
        record = app.records.stats.get("prince", rule)
        assert (record.games, record.wins) == (1, 0)
        text = app.dialogs[-1].message
        assert "This game:" not in text and "After Try Again this win is not counted" in text
        assert "0 of 1 game won" in text, "the figures beside it are the records' own"
    finally:
        app.analyst.stop()


def test_a_rewound_game_left_for_a_new_deal_or_taken_up_after_a_restart_does_not_count_again(tmp_path):
    game, losing, _ = fixture("prince")
    rule = game.options["rule"]
    app = make_app(tmp_path)
    try:
        app.show_game(position_after(game.to_dict(), len(game.history) - 1), opening=False)
        settle(app)
        assert not app.game.over and losing < len(app.game.history)
        assert app.records.stats.get("prince", rule).games == 0, "still under way: not counted yet"
        doc = app.game.to_dict()
        rewind(app, doc, losing)
        assert app.records.stats.get("prince", rule).games == 1, "counted once, as it stood"
        assert app.game.history == doc["history"][:losing] and app.session.retried
        rewind(app, app.game.to_dict(), losing - 1)
        assert app.records.stats.get("prince", rule).games == 1, "rewound a second time: counted at the first"
        app.scene.try_move(next(str(m) for m in app.game.legal_moves()))
        settle(app)
        app.close()
        later = make_app(tmp_path, "--game", "prince")         # a restart: the session comes back whole
        assert later.session.retried and later.session.counted
        assert later.status.status_text(later.session)
        key(later, pygame.K_n, pygame.KMOD_CTRL)
        assert "counted once already" in later.dialogs[-1].message, "asked, and told it does not count again"
        key(later, pygame.K_RETURN)
        assert later.records.stats.get("prince", rule).games == 1, "left for a new deal: not counted a second time"
        later.analyst.stop()
    finally:
        app.analyst.stop()


def test_a_lost_game_offers_its_review_and_never_forces_it(tmp_path):
    game, losing, _ = fixture("prince")
    doc = game.to_dict()
    app = make_app(tmp_path)
    try:
        for choice in ("OK", OFFER):
            app.show_game(position_after(doc, len(doc["history"]) - 1), opening=False)
            settle(app)
            src, dst = doc["history"][-1].split("-")
            drag(app, center_of(app, src), center_of(app, dst))
            assert wait_for(app, lambda: bool(app.dialogs), 5)
            over = app.dialogs[-1]
            assert over.buttons == (OFFER, "OK") and over.buttons[over.focus] == "OK", "OK is the default"
            assert "No move is left" in over.message
            if choice == "OK":
                key(app, pygame.K_RETURN)
                assert not app.dialogs, "Enter takes the default: no review"
                continue
            click(app, button(over, OFFER))
            review = app.dialogs[-1]
            assert isinstance(review, ReviewDialog)
            assert wait_for(app, lambda r=review: r.result is not None, 60)
            assert review.losing == losing
            key(app, pygame.K_ESCAPE)
            assert not app.dialogs
    finally:
        app.analyst.stop()


def bench_review():
    """bench/review.py, whose long game the timeline is drawn for."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "bench" / "review.py"
    spec = importlib.util.spec_from_file_location("bench_review", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def finished_dialog(game, losing: int, mono: bool = False) -> ReviewDialog:
    """A Review window given a finished review of ``game`` (won up to ``losing``, lost after)."""
    n = len(game.history)
    dialog = ReviewDialog(game)
    dialog.mono = mono
    verdicts = ["won"] * (losing + 1) + ["lost"] * (n - losing)
    dialog.finish({"verdicts": verdicts, "losing": losing, "instead": None, "searches": 9, "out_of_time": False,
                   "deals": [{"first": 0, "last": n, "losing": losing, "instead": None,
                              "lost_from_the_start": False}]})
    return dialog


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1920, 1080)])
def test_a_300_move_timeline_fits_the_window_at_every_size(size):
    from game.media.surfaces import Fonts
    game, losing = bench_review().long_game(300)
    pygame.display.init()
    screen = pygame.Surface(size)
    dialog = finished_dialog(game, losing)
    dialog.draw(screen, Fonts())
    assert screen.get_rect().contains(dialog.rect)
    assert len(dialog._marks) == 300, "one mark a move"
    lowest_button = min(box.top for box, _ in dialog._buttons)
    for box, _ in dialog._marks:
        assert dialog.rect.contains(box) and box.bottom < lowest_button
        assert box.w >= 6, "a mark large enough to tell its shape"


def test_the_marks_differ_by_shape_not_only_by_colour():
    """In black and white (ink only) a mark that can still be won, a lost
    one and an unknown one are three different pictures."""
    from game.ui.review import mark
    pictures = []
    for verdict in ("won", "lost", "unknown", None):
        surface = pygame.Surface((14, 14))
        surface.fill((255, 255, 255))
        mark(surface, surface.get_rect(), verdict, mono=True)
        colours = {surface.get_at((x, y))[:3] for x in range(14) for y in range(14)}
        assert colours <= {(255, 255, 255), INK, FAINT}, "ink only"
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert len(set(pictures)) == 4


def test_with_unknown_verdicts_the_window_says_so_and_names_no_move():
    game, _, _ = fixture("prince")
    n = len(game.history)
    dialog = ReviewDialog(game)
    dialog.finish({"verdicts": ["unknown"] * (n + 1), "losing": None, "instead": None, "searches": 3,
                   "out_of_time": True, "deals": [{"first": 0, "last": n, "losing": None, "instead": None,
                                                   "lost_from_the_start": False}]})
    text = " ".join(dialog.summary())
    assert "could not tell" in text and "no losing move" in text and "ran out of time" in text
    assert dialog.buttons == ("Close",), "nothing to rewind to"
    dialog = ReviewDialog(game)
    dialog.finish({"verdicts": ["unknown"] * n + ["lost"], "losing": None, "instead": None, "searches": 3,
                   "out_of_time": False, "deals": [{"first": 0, "last": n, "losing": None, "instead": None,
                                                    "lost_from_the_start": False}]})
    text = " ".join(dialog.summary())
    assert "The game is lost where it ends" in text and "cannot say which move" in text
    assert "Move " not in text


def test_a_loss_proved_before_the_moves_the_solver_could_not_decide_is_said():
    """The Smith's deal 42 in issue 25: lost from move 57 on, the moves
    before undecided; the window says from where it was lost."""
    game, _ = played("smith-any-suit")
    game = position_after(game.to_dict(), 59)
    dialog = ReviewDialog(game)
    dialog.finish({"verdicts": ["unknown"] * 57 + ["lost"] * 3, "losing": None, "instead": None, "searches": 10,
                   "out_of_time": False, "deals": [{"first": 0, "last": 59, "losing": None, "instead": None,
                                                    "lost_from_the_start": False, "lost_from": 57,
                                                    "won_until": None}]})
    text = " ".join(dialog.summary())
    assert "The game is lost from move 57 on; the solver could not decide the moves before it" in text
    dialog.finish({"verdicts": ["won"] * 41 + ["unknown"] * 16 + ["lost"] * 3, "losing": None, "instead": None,
                   "searches": 10, "out_of_time": False,
                   "deals": [{"first": 0, "last": 59, "losing": None, "instead": None, "lost_from_the_start": False,
                              "lost_from": 57, "won_until": 40}]})
    text = " ".join(dialog.summary())
    assert "The game could still be won after move 40 and is lost from move 57 on" in text
    assert "cannot say which of them lost it" in text


def test_gaps_review_speaks_of_shuffles_never_of_redeals():
    """Positions the table proved lost without a shuffle (its indicator's
    searches, one after each move) given to a review whose own searches
    decide nothing (a node each, as if starved): the window says this deal
    could not be finished without another shuffle from the earliest of
    them on, in Gaps' words throughout (the shuffle move itself, the deals
    between shuffles, a mark clicked), never a redeal."""
    game = gaps_with_a_shuffle()
    doc = game.to_dict()
    shuffle = [str(m) for m in game.history].index("redeal")
    table = {}
    for k in range(shuffle + 1):
        r = solve.solve(position_after(doc, k), solve.Budget(nodes=2_000))
        if r.status is solve.Status.IMPOSSIBLE:
            table[k] = "lost"
    first = min(table)
    assert 0 < first < shuffle - 2, "the indicator proved the first deal lost from a move on"
    starved = lambda seconds: solve.Budget(nodes=1)     # noqa: E731
    # the first deal alone: the game reviewed just before its shuffle
    before = position_after(doc, shuffle)
    dialog = ReviewDialog(before)
    dialog.finish(review(before, 1.0, budget=starved, proved=table).to_json())
    assert all(dialog.result["verdicts"][k] == "lost" for k in range(first, shuffle + 1))
    text = " ".join(dialog.summary())
    assert f"This deal could not be finished without a shuffle from move {first} on" in text
    assert "redeal" not in text.lower()
    # the whole game: two deals, the second undecided
    dialog = ReviewDialog(game)
    dialog.finish(review(game, 1.0, budget=starved, proved=table).to_json())
    texts = []
    for k in (None, shuffle, first + 1, 0):
        dialog.selected = k
        texts.append(" ".join(dialog.summary()))
    text = " ".join(texts)
    assert "redeal" not in text.lower()
    assert f"Move {shuffle + 1}, use a shuffle" in text
    assert "Each deal between shuffles is reviewed on its own" in text
    assert f"Move {first + 2}, " in text
    assert "after it, this deal could no longer be finished without a shuffle" in text
    assert "whether the last deal can still be finished without another shuffle" in text


def test_the_review_starts_from_what_the_table_proved_and_agrees_with_it(tmp_path):
    """open_review sends the table's knowledge along the game (``proved``),
    and the window's verdicts are those the indicator showed."""
    game, losing, _ = fixture("prince")
    n = len(game.history)
    table = {losing: "won", losing + 1: "lost", n: "lost"}
    app = make_app(tmp_path)
    try:
        app.assistant.knowledge = SimpleNamespace(along=lambda g: dict(table))
        sent = []
        ask = app.analyst.ask

        def asked(game, purpose="verdict", *args, **more):
            if purpose == "review":
                sent.append(more)
            return ask(game, purpose, *args, **more)
        app.analyst.ask = asked
        dialog, _, _ = reviewed(app, "prince")
        assert sent and sent[-1]["proved"] == table
        assert dialog.losing == losing
        for k, v in table.items():
            assert dialog.result["verdicts"][k] == v
    finally:
        app.analyst.stop()
