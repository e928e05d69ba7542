"""The Scores window shows results over time as pictures: for each rule
played, a strip of wins and losses, the running win rate and the points,
and the streaks in words; readable at any window size the game allows."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.scoring import Record, Statistics  # noqa: E402
from game.media.surfaces import Fonts  # noqa: E402
from game.ui.dialogs import INK, PAPER  # noqa: E402
from game.ui.scores import WIN_INK, scores_dialog  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def stats_with(results: dict[str, list[bool]]) -> Statistics:
    st = Statistics()
    for rule, games in results.items():
        rec = st.records.setdefault(("prince", rule), Record())
        for won in games:
            rec.add(won, 1.0 if won else -2.0, 50)
    return st


def drawn(st: Statistics, size=(1280, 800)):
    screen = pygame.Surface(size)
    screen.fill((24, 98, 56))
    dialog = scores_dialog(st, "prince", "The Prince")
    dialog.draw(screen, Fonts())
    return screen, dialog


def count(screen: pygame.Surface, colour) -> int:
    return sum(1 for x in range(screen.get_width()) for y in range(0, screen.get_height(), 2)
               if screen.get_at((x, y))[:3] == colour)


def test_each_win_is_a_filled_square_and_each_loss_a_hollow_one():
    few, many = drawn(stats_with({"alternate": [True, False, True]}))[0], \
        drawn(stats_with({"alternate": [True, False, True, True, True, True]}))[0]
    assert 0 < count(few, WIN_INK) < count(many, WIN_INK)


def test_only_rules_played_get_pictures():
    _, dialog = drawn(stats_with({"same-suit": [False, False]}))
    assert [name for name, _ in dialog.charts] == ["Same suit"]
    _, none = drawn(Statistics())
    assert none.charts == []


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)])
def test_the_window_fits_the_screen_at_every_size(size):
    st = stats_with({"alternate": [True] * 30, "any-suit": [False] * 12, "same-suit": [True, False] * 20})
    screen, dialog = drawn(st, size)
    assert screen.get_rect().contains(dialog.rect)


def test_the_pictures_are_ink_on_paper_so_they_read_in_black_and_white():
    screen, dialog = drawn(stats_with({"alternate": [True, False] * 10}))
    inside = screen.subsurface(dialog.rect.inflate(-8, -8))
    assert count(inside, INK) > 500 and count(inside, PAPER) > 10000


def test_in_black_and_white_a_win_is_filled_with_ink():
    st = stats_with({"alternate": [True, False] * 10})
    screen = pygame.Surface((1280, 800))
    dialog = scores_dialog(st, "prince", "The Prince")
    dialog.mono = True
    dialog.draw(screen, Fonts())
    assert count(screen, WIN_INK) == 0
    colour = drawn(st)[0]
    assert count(screen, INK) > count(colour, INK), "the wins' squares are ink instead"


def test_the_end_of_a_game_shows_the_rules_picture_small(tmp_path):
    """A won game's result, at the table: the same picture as the Scores
    window (one function draws both), under the words, inside the dialog."""
    from gui import endgame, make_app, settle, wait_for

    import engine
    from engine import solve
    from game.ui.scores import SummaryDialog

    app = make_app(tmp_path)
    try:
        rec = app.records.stats.records.setdefault(("prince", "alternate"), Record())
        for won in (True, False, True, True):
            rec.add(won, 2.0 if won else -2.0, 40)
        app.show_game(engine.from_dict(endgame()), opening=False)
        settle(app)
        for move in solve.solve(app.game, solve.Budget(seconds=10)).moves:
            app.scene.try_move(move)
            settle(app)
        assert app.game.won
        assert wait_for(app, lambda: bool(app.dialogs), 10)
        result = app.dialogs[-1]
        assert isinstance(result, SummaryDialog) and "You won" in result.message
        assert result.rec.games == 5, "the picture includes the game just won"
        inside = app.screen.subsurface(result.rect.inflate(-8, -8))
        assert count(inside, WIN_INK) > 0, "the strip's wins, filled"
        assert app.screen.get_rect().contains(result.rect)
    finally:
        app.analyst.stop()


# ----------------------------------------------------------- issue 36: the table's words
def test_the_longest_runs_are_named_streaks_and_explained():
    """The player reads "Best streak" and "Worst streak" over the longest
    runs, and the note says what they are."""
    from game.ui.dialogs import dialog_words
    _, dialog = drawn(stats_with({"alternate": [True, True, False]}))
    headings = [" ".join(h.split()) for h in dialog.headers]
    assert "Best streak" in headings and "Worst streak" in headings
    assert "Best" not in headings and "Worst" not in headings
    assert "longest run of wins" in dialog.message
    assert "Best streak 2, Worst streak 1" in dialog_words(dialog), "said as read"


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_the_table_with_its_longer_headings_fits_inside_the_window(size):
    screen, dialog = drawn(stats_with({"alternate": [True] * 3, "any-suit": [False] * 2}), size)
    assert dialog.rect.x < dialog.rule[0] and dialog.rule[1] < dialog.rect.right
    assert all(dialog.rect.contains(at) for _, _, at in dialog.cells)


def test_a_rule_with_no_games_shows_no_moves_a_game_nor_a_win_rate():
    """A rule never played shows a dash, not "0 moves a game"; a rule
    played shows its figures."""
    _, dialog = drawn(stats_with({"alternate": [True, False]}))
    rows = {row[0]: dict(zip(dialog.headers, row)) for row in dialog.rows}
    assert rows["Same suit"]["Games"] == "0"
    assert rows["Same suit"]["Moves/game"] == "\u2013" and rows["Same suit"]["Win %"] == "\u2013"
    assert rows["Alternating colour"]["Moves/game"] == "50" and rows["Alternating colour"]["Win %"] == "50"


def test_the_words_about_lines_from_the_second_game_are_said_once(monkeypatch):
    """Three rules with one game each: the sentence about the lines
    appears once (in the note), not under each rule's picture."""
    import game.ui.scores as scores
    said = []

    class Written:
        """A font that keeps what it writes."""
        def __init__(self, font):
            self.font = font

        def render(self, text, *args):
            said.append(text)
            return self.font.render(text, *args)

        def __getattr__(self, name):
            return getattr(self.font, name)

    class Fonts_(Fonts):
        def ui(self, size):
            return Written(super().ui(size))

    st = stats_with({"alternate": [True], "any-suit": [False], "same-suit": [True]})
    dialog = scores_dialog(st, "prince", "The Prince")
    dialog.draw(pygame.Surface((1280, 800)), Fonts_())
    assert len(dialog.charts) == 3 and dialog.extra_lines(pygame.Surface((1280, 800))) >= 12
    assert dialog.message.count(scores.ONE_GAME) == 1
    written = " ".join(said)
    assert "Alternating colour: 1 won in a row" in written, "the pictures were drawn"
    assert written.count("from the second game on") == 1, "said once, not under each rule"
    _, two = drawn(stats_with({"alternate": [True, False]}))
    assert scores.ONE_GAME not in two.message, "every rule played has its lines"
