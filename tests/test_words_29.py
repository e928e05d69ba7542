"""Issue 29's words: what the player reads says what is true, in good
English, and agrees with itself (the alert and the status line, the reason
and the rule broken, counts and their nouns)."""

from __future__ import annotations

import pytest
from gui import center_of, drag, make_app

import engine
from game.voice.words import speak


@pytest.fixture
def home(tmp_path):
    return tmp_path


# ----------------------------------------------------------------- 1. the third try
def test_after_three_tries_the_alert_and_the_status_line_name_the_same_card(home):
    app = make_app(home, "--game", "gaps", "--seed", "3")
    game = app.game
    legal = {str(m) for m in game.legal_moves()}
    gap = next(p for p in app.scene.layout.slots if game.card_at(p) is None and p[1:] != "1")
    wrong = [s.place for s in app.scene.layout.sprites if f"{s.place}-{gap}" not in legal][:3]
    for place in wrong:
        drag(app, center_of(app, place), center_of(app, gap))
    said = speak(game, game.explain(f"{wrong[2]}-{gap}"))
    assert app.dialogs and app.dialogs[-1].message == said
    assert app.status.message == said, "the status line should name the card tried last, as the alert does"
    assert said in app.status.status_text(app.session)[1]


# ----------------------------------------------------------------- 2. the reason names what is wrong
def refusal_onto(game, lower_ok, upper_pred):
    """A column move whose top cards are ``lower`` onto ``upper`` with
    ``upper_pred(upper, lower)`` true, refused; its reason."""
    for i, src in enumerate(game.columns):
        for j, dst in enumerate(game.columns):
            if i != j and src and dst and upper_pred(dst[-1], src[-1]) and lower_ok(src[-1]):
                reason = game.explain(f"c{i + 1}-c{j + 1}")
                if reason is not None and "cannot go on" in reason:
                    return src[-1], dst[-1], reason
    return None


def rank_of(c):
    return engine.cards.RANK_OF[c]


def red(c):
    return engine.cards.RED_OF[c]


@pytest.mark.parametrize("name", ["republic", "prince"])
def test_a_card_of_the_right_colour_and_wrong_rank_is_refused_for_its_rank_alone(name):
    for seed in range(40):
        game = engine.new_game(name, seed=seed, rule="alternate")
        found = refusal_onto(game, lambda c: True,
                             lambda u, lo: red(u) != red(lo) and rank_of(u) != rank_of(lo) + 1 and rank_of(u) > 1)
        if found:
            break
    _, _, reason = found
    assert "the rank is wrong" in reason
    assert "colour" not in reason.split(";")[0], reason


@pytest.mark.parametrize("name", ["republic", "prince"])
def test_a_card_of_the_right_rank_and_wrong_colour_is_refused_for_its_colour_alone(name):
    for seed in range(200):
        game = engine.new_game(name, seed=seed, rule="alternate")
        found = refusal_onto(game, lambda c: True, lambda u, lo: red(u) == red(lo) and rank_of(u) == rank_of(lo) + 1)
        if found:
            break
    _, _, reason = found
    assert "the rank is right but the colour is not" in reason, reason


def test_both_wrong_says_both():
    for seed in range(40):
        game = engine.new_game("prince", seed=seed, rule="alternate")
        found = refusal_onto(game, lambda c: True,
                             lambda u, lo: red(u) == red(lo) and rank_of(u) != rank_of(lo) + 1 and rank_of(u) > 1)
        if found:
            break
    _, _, reason = found
    assert "both the rank and the colour are wrong" in reason, reason


def test_the_words_of_each_rule():
    from engine.cards import card
    from engine.packing import misfit
    assert misfit("alternate", card("8H"), card("5C")) == "the rank is wrong; only a black seven goes on the 8H"
    assert misfit("alternate", card("8H"), card("7D")) == \
        "the rank is right but the colour is not; only a black seven goes on the 8H"
    assert misfit("same-suit", card("8H"), card("7S")) == \
        "the rank is right but the suit is not; only the 7H goes on the 8H"
    assert misfit("same-suit", card("8H"), card("5S")).startswith("both the rank and the suit are wrong")
    assert misfit("any-suit", card("8H"), card("5S")) == "the rank is wrong; only a seven goes on the 8H"
    assert misfit("alternate", card("8H"), card("5D"), also_same_suit=True) == \
        "both the rank and the colour are wrong; only a black seven or the 7H goes on the 8H"
    assert misfit("alternate", card("AH"), card("KS")) == "nothing goes on an ace in a column"


# ----------------------------------------------------------------- 3. counts and their nouns
def test_a_run_of_one_is_the_top_card_not_the_top_1():
    for seed in range(40):
        game = engine.new_game("prince", seed=seed, rule="alternate")
        for i in range(len(game.columns)):
            if len(game.columns[i]) >= 2 and game.movable_run(i) == 1:
                reason = game.pickup_reason(f"c{i + 1}", 2)
                assert "top 1 " not in reason and "only the top card moves" in reason, reason
                return
    pytest.fail("no column with a run of one found")


# ----------------------------------------------------------------- 6. the shuffle's example move
def test_a_refused_shuffle_offers_a_card_that_gains_by_moving():
    """The example is never a card already in proper place (a 2 at a row's
    start, which could only go to another row's start), while another card
    can move."""
    import re
    checked = in_place_first = 0
    for seed in range(120):
        game = engine.new_game("gaps", seed=seed)
        sources = game._card_sources()
        reason = game.explain("redeal")
        if not sources or reason is None:
            continue
        src = re.search(r"from ([a-d]\d+) to", reason).group(1)
        in_place = game._in_place(game.PLACES.index(src))
        if any(not game._in_place(s) for s, _ in sources):
            assert not in_place, f"deal {seed}: {reason}"
        checked += 1
        in_place_first += game._in_place(sources[0][0])
    assert checked and in_place_first, "no deal whose first move is a card in place was tried"


# ----------------------------------------------------------------- 4. lost before the first move
@pytest.mark.parametrize("name", ["republic", "smith", "prince"])
def test_a_deal_proved_lost_before_any_move_never_could_be_won(name):
    from game.games import front_of
    game = engine.new_game(name, seed=1)
    front = front_of(game)
    at_deal = front.verdict_text(game, "impossible")
    assert "no longer" not in at_deal and "cannot be won" in at_deal
    game.play(str(game.legal_moves()[0]))
    assert front.verdict_text(game, "impossible") == "can no longer be won"


# ----------------------------------------------------------------- 5. each game's word for a fresh deal
def test_a_stuck_chinese_puzzle_is_redealt_in_its_own_word(home):
    import pygame
    from gui import key, settle
    # every gap sits right of a king: stuck, with redeals left
    rows = [["A" + s, "2" + s, "3" + s, "K" + "CDHS"[(r + 1) % 4], None, *(x + s for x in "456789TJQ")]
            for r, s in enumerate("CDHS" * 2)]
    app = make_app(home)
    app.show_game(engine.from_dict({"format": 1, "game": "chinese-puzzle",
                                    "position": {"rows": rows, "redeals_left": 2}}), opening=False)
    settle(app)
    assert app.game.stuck
    message = app.dialogs[-1].message
    assert "redealt" in message and "shuffl" not in message, message
    key(app, pygame.K_RETURN)
    settle(app)
    assert app.game.history == ["redeal"]


def test_the_stuck_alert_of_each_grid_game():
    from game.voice.status import stuck_alert
    gaps, puzzle = engine.new_game("gaps", seed=1), engine.new_game("chinese-puzzle", seed=1)
    assert stuck_alert(gaps, True) == "No card can move. The cards will now be reshuffled."
    assert stuck_alert(gaps, False) == "No card can move. Use a shuffle."
    assert stuck_alert(puzzle, True) == "No card can move. The cards will now be redealt."


# ----------------------------------------------------------------- 7. the start screen
@pytest.mark.every_game
def test_every_blurb_is_shown_whole_on_the_start_screen(home):
    from game.ui.dialogs import wrap
    from game.ui.start import GAMES
    app = make_app(home)
    tiles = app.scene.layout()
    font = app.fonts.get(20)
    for tile, front in zip(tiles, GAMES):
        assert len(wrap(font, front.blurb, tile.w - 24)) <= 3, front.blurb      # the screen shows three lines
    assert all("Card Shell's" not in front.blurb for front in GAMES)


# ----------------------------------------------------------------- 8, 12. the review window
def test_the_review_window_names_the_rule_and_the_deals_code_and_keeps_its_size():
    import pygame
    from test_review import fixture

    from engine import codes
    from game.media.surfaces import Fonts
    from game.ui.review import ReviewDialog
    from game.voice.status import game_title
    game, losing, _ = fixture("prince")
    dialog = ReviewDialog(game)
    assert game_title(game) in dialog.title                        # "The Prince, alternating colour"
    assert f"code {codes.encode(game.name, game.options, game.seed)}" in dialog.title
    assert "alternate" not in dialog.title and f"deal {game.seed}" not in dialog.title
    pygame.display.init()
    screen = pygame.Surface((1024, 640))
    fonts = Fonts()
    dialog.progress(3, 40)
    dialog.draw(screen, fonts)
    first = dialog.rect.copy()
    n = len(game.history)
    dialog.finish({"verdicts": ["won"] * (losing + 1) + ["lost"] * (n - losing), "losing": losing,
                   "instead": None, "searches": 9, "out_of_time": True,
                   "deals": [{"first": 0, "last": n, "losing": losing, "instead": None, "lost_from_the_start": False}]})
    dialog.selected = 0                                            # a mark clicked: one more line
    dialog.draw(screen, fonts)
    assert dialog.rect == first, "the window should not grow (or move) as its text comes"


# ----------------------------------------------------------------- 9. the result's picture
def record_of(*wins: bool):
    from engine.scoring import Record
    rec = Record()
    for won in wins:
        rec.add(won, 1.0 if won else -2.0, 40)
    return rec


def test_the_streaks_leave_out_a_longest_of_none():
    from game.ui.scores import streak_words
    assert streak_words("Any suit", record_of(True)) == "Any suit: 1 won in a row"
    assert "lost" not in streak_words("Any suit", record_of(True, True))
    assert streak_words("Any suit", record_of(False, True, True, False)) == \
        "Any suit: 1 lost in a row; best 2 won in a row"
    assert streak_words("Any suit", record_of(False, False, True)) == \
        "Any suit: 1 won in a row; worst 2 lost in a row"
    text = streak_words("Any suit", record_of(True, True, False, False, False, True))
    assert text == "Any suit: 1 won in a row; best 2 won, worst 3 lost in a row"
    assert " 0 " not in streak_words("Any suit", record_of(False))


def test_one_game_draws_no_line_of_one_point_and_says_why(monkeypatch):
    import pygame

    from game.media.surfaces import Fonts
    from game.ui import scores
    pygame.display.init()
    plotted, said = [], []
    monkeypatch.setattr(scores, "_plot", lambda *a, **k: plotted.append(a))
    font = Fonts().get(17)
    real_render = font.render
    screen = pygame.Surface((600, 300))

    class Spy:
        def render(self, text, *a):
            said.append(text)
            return real_render(text, *a)

        def get_height(self):
            return font.get_height()
    scores.chart(screen, Spy(), pygame.Rect(10, 10, 500, 132), "Any suit", record_of(True))
    assert plotted == [] and scores.ONE_GAME in said
    scores.chart(screen, Spy(), pygame.Rect(10, 10, 500, 132), "Any suit", record_of(True, False))
    assert len(plotted) == 2


# ----------------------------------------------------------------- 10. New Game from the win
def gaps_one_move_from_the_win():
    rows = [[f"{r}{s}" for r in "23456789TJQK"] + [None] for s in "CDHS"]
    rows[3][11], rows[3][12] = None, "KS"
    return {"format": 1, "game": "gaps", "position": {"rows": rows, "shuffles_left": 3}}


def test_the_win_offers_a_new_game_of_the_same_kind_and_still_asks_for_the_high_score(home):
    from gui import settle
    app = make_app(home)
    app.show_game(engine.from_dict(gaps_one_move_from_the_win()), opening=False)
    settle(app)
    app.scene.try_move("d13-d12")
    app.scene.finish_actors()
    settle(app)
    assert app.game.won and app.dialogs
    result = app.dialogs[-1]
    assert "You won" in result.message and "New Game" in result.buttons
    assert result.buttons[result.focus] == "OK", "Enter still closes the result"
    won = app.game
    app.close_dialog("New Game")
    settle(app)
    assert app.game is not won and app.game.name == "gaps" and not app.game.history
    assert app.dialogs and app.dialogs[-1].entry is not None, "the win's name for the high scores is still asked"
    app.close()


def test_new_game_after_a_win_asks_nothing_more(home):
    from gui import endgame, settle
    app = make_app(home)
    try:
        app.show_game(engine.from_dict(endgame()), opening=False)
        settle(app)
        from engine import solve
        for move in solve.solve(app.game, solve.Budget(seconds=10)).moves:
            app.scene.try_move(move)
            settle(app)
        app.scene.finish_actors()
        settle(app)
        assert app.game.won and "New Game" in app.dialogs[-1].buttons
        app.close_dialog("New Game")
        settle(app)
        assert app.game.name == "prince" and not app.game.history and not app.dialogs
        assert app.game.options == {"rule": "alternate"}
    finally:
        app.analyst.stop()
        app.close()


# ----------------------------------------------------------------- 11. Open: the name of the file chosen
def test_choosing_a_file_in_open_fills_the_name_field(tmp_path):
    import pygame

    from game.media.surfaces import Fonts
    from game.ui.files import FileDialog
    (tmp_path / "deeper").mkdir()
    (tmp_path / "x.json").write_text("{}")
    (tmp_path / "y.json").write_text("{}")
    pygame.display.init()
    screen = pygame.Surface((1024, 640))
    dialog = FileDialog("open", tmp_path)
    dialog.draw(screen, Fonts())
    assert dialog.entries[dialog.selected].label == "deeper" and dialog.entry == ""

    def press(k, text=""):
        return dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text))
    press(pygame.K_DOWN)
    assert dialog.entry == "x.json", "the arrows choose a file: its name in the field"
    row = next(box.center for box, k in dialog._rows if dialog.entries[k].label == "y.json")
    dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row, button=1))
    assert dialog.entry == "y.json", "a click chooses a file: its name in the field"
    press(pygame.K_UP)
    press(pygame.K_UP)
    assert dialog.entry == "", "a folder has no file name"
    press(pygame.K_DOWN)
    press(pygame.K_z, "z")                             # typing starts a name of its own
    assert dialog.entry == "z"


# ----------------------------------------------------------------- 13. the high scores table
def test_the_high_scores_table_is_centred_names_read_from_the_left_and_the_rule_spans_it():
    import pygame

    from game.media.surfaces import Fonts
    from game.ui.scores import high_scores_dialog
    pygame.display.init()
    screen = pygame.Surface((1280, 800))
    scores = [{"name": name, "shuffles": 1, "seconds": 100 + n, "date": "2026-11-27T10:00:00"}
              for n, name in enumerate(["Al", "A much longer name", "Bo"])]
    dialog = high_scores_dialog(scores)
    dialog.draw(screen, Fonts())
    cells = dialog.cells
    names = [rect for row, col, rect in cells if col == 1]
    assert len({r.left for r in names}) == 1, "names (and the header) start at one left edge"
    ranks = [rect for row, col, rect in cells if col == 0 and row > 0]
    assert len({r.right for r in ranks}) == 1, "the ranks line up on the right"
    left = min(r.left for *_, r in cells)
    right = max(r.right for *_, r in cells)
    assert abs((left + right) / 2 - dialog.rect.centerx) <= 2, "the table sits in the middle of the window"
    assert dialog.rule[0] <= left and dialog.rule[1] >= right, "the header's line spans every column"


def test_the_reviews_progress_counts_its_searches_in_good_english():
    from test_review import fixture

    from game.ui.review import ReviewDialog
    game, _, _ = fixture("prince")
    dialog = ReviewDialog(game)
    dialog.progress(1, 0)
    assert "1 search made" in dialog.summary()[0]
    dialog.progress(1, 9)
    assert "1 of at most 9 searches made" in dialog.summary()[0]
    dialog.progress(0, 0)
    assert "0 searches made" in dialog.summary()[0]
