"""The Gaps and Chinese Puzzle tables follow the engine's rules: a 2 that
starts a row may be dragged or clicked into another row's empty column 1,
hints show what the engine names, dead gaps are the engine's, and the help
says the rule as it is (docs/rules.md, "Gaps" and "Chinese Puzzle")."""

from __future__ import annotations

from conftest import cp_from, gaps_from
from gui import alt_click, center_of, click, drag, make_app

from game.games.gaps import HELP as GAPS

# a1 holds the 2H (in proper place, with 3H 4H); b1 is a gap; the first 2 in
# reading order not in column 1 is the 2C at b11; c4 is dead (right of KD).
OPEN = """
2H 3H 4H -- 9C .. .. .. .. .. .. .. ..
-- .. .. .. .. .. .. .. .. .. 2C .. ..
.. .. KD -- .. 5H .. .. .. .. .. .. ..
.. 7S -- .. .. .. .. 8S .. .. .. 2D 2S
"""


def table_with(tmp_path, game):
    app = make_app(tmp_path, "--game", game.name, "--seed", "3")
    app.show_game(game, opening=False)
    return app


def test_a_2_that_starts_a_row_can_be_dragged_to_another_rows_column_1(tmp_path):
    app = table_with(tmp_path, gaps_from(OPEN))
    drag(app, center_of(app, "a1"), center_of(app, "b1"))
    assert app.game.history == ["a1-b1"]


def test_clicking_that_2_then_the_gap_moves_that_2_and_no_other(tmp_path):
    app = table_with(tmp_path, gaps_from(OPEN))
    app.set_option("blanks_move", True)
    click(app, center_of(app, "a1"))
    assert app.scene.selected == ("a1", 0)
    click(app, center_of(app, "b1"))
    assert app.game.history == ["a1-b1"]


def test_with_nothing_selected_clicking_blanks_moves_the_first_loose_2(tmp_path):
    app = table_with(tmp_path, gaps_from(OPEN))
    app.set_option("blanks_move", True)
    click(app, center_of(app, "b1"))
    assert app.game.history == ["b11-b1"]


def test_a_hint_on_a_column_1_gap_flashes_every_2(tmp_path):
    app = table_with(tmp_path, gaps_from(OPEN))
    click(app, center_of(app, "b1"), button=3)
    flashed = {tuple(r) for r in app.scene.flash_rects}
    expected = {tuple(app.scene.layout.pile(p)[-1].rect) for p in ("a1", "b11", "d12", "d13")}
    assert flashed == expected


def test_the_dead_gaps_drawn_are_the_engines(tmp_path):
    app = table_with(tmp_path, gaps_from(OPEN))
    dead = {p for p, slot in app.scene.layout.slots.items() if getattr(slot, "outline", None) == "dead"}
    assert dead == set(app.game.dead_places()) == {"c4"}


def test_a_chinese_puzzle_hint_on_a_card_in_final_position_beeps_and_flashes_nothing(tmp_path):
    picture = """
-- 2C 3C 4C .. .. .. .. .. .. .. .. .. AC
AH 2H 3H -- .. .. .. .. .. .. .. .. .. ..
AS 2S -- .. .. 4H .. .. .. .. .. .. .. ..
AS 2S 3S .. .. .. .. .. .. .. .. .. .. ..
AD .. .. .. .. .. .. 3S .. .. .. .. KD --
-- .. .. .. .. AC .. .. .. .. .. .. .. ..
AH .. .. .. .. .. .. .. .. 4H .. .. KC --
-- -- .. .. .. .. .. AD .. .. .. .. .. ..
"""
    app = table_with(tmp_path, cp_from(picture))
    alt_click(app, center_of(app, "d2"))
    assert app.scene.flash_rects == []
    alt_click(app, center_of(app, "e7"))       # the 3S: both 2S and the gap after c1's
    assert len(app.scene.flash_rects) == 3


def test_the_gaps_help_says_any_2_may_move_and_speaks_of_no_lock():
    text = " ".join(GAPS.split())
    assert "takes any 2, even a 2 that starts another row" in text
    assert "never moves again" not in text
