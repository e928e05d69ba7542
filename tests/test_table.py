"""The table, played with real pygame events on the dummy video driver: a
drag or two clicks become the engine's move, an illegal drop changes
nothing, and every game's table answers the pointer."""

from __future__ import annotations

import json

import pygame
import pytest
from gui import center_of, click, drag, key, make_app, settle

import engine
from game.voice.words import speak


@pytest.fixture
def home(tmp_path):
    return tmp_path


def first_card_move(game, count=None):
    for m in game.legal_moves():
        if m.word is None and not m.src.startswith("f") and (count is None or m.count == count):
            return m
    return None


@pytest.mark.every_game
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_dragging_a_card_plays_the_engine_move(home, name):
    app = make_app(home, "--game", name, "--seed", "3")
    game = app.game
    move = first_card_move(game)
    assert move is not None
    index = None
    if move.count > 1:
        pile = app.scene.layout.pile(move.src)
        index = pile[-move.count].index
    src = center_of(app, move.src, index)
    dst_place = move.dst if move.dst != "f" else "f1"
    if move.dst == "f":
        dst_place = next(p for p in app.scene.layout.slots if p.startswith("f")
                         and game.explain(f"{move.src}-{p}" + (f":{move.count}" if move.count > 1 else "")) is None)
    drag(app, src, center_of(app, dst_place))
    assert len(game.history) == 1
    assert game.history[0].split("-")[0] == move.src


@pytest.mark.parametrize("name", ["gaps", "chinese-puzzle", "prince"])
def test_an_illegal_drop_flies_back_and_changes_nothing(home, name):
    app = make_app(home, "--game", name, "--seed", "3")
    game = app.game
    before = game.to_dict()
    legal = {str(m) for m in game.legal_moves()}
    layout = app.scene.layout
    # a card dropped on another card where no move exists
    places = [s.place for s in layout.sprites if s.face_up and not s.place.startswith(("f", "r"))]
    for src in places:
        for dst in places:
            if src != dst and f"{src}-{dst}" not in legal:
                drag(app, center_of(app, src), center_of(app, dst))
                assert game.to_dict() == before
                assert app.scene.carry is None and not app.scene.hidden
                return
    pytest.fail("no illegal drop found")


def test_three_illegal_tries_in_a_row_bring_the_engines_reason(home):
    app = make_app(home, "--game", "gaps", "--seed", "3")
    game = app.game
    gap = next(p for p in app.scene.layout.slots if game.card_at(p) is None and p[1:] != "1")
    wrong = next(s.place for s in app.scene.layout.sprites if f"{s.place}-{gap}" not in
                 {str(m) for m in game.legal_moves()})
    for _ in range(3):
        drag(app, center_of(app, wrong), center_of(app, gap))
    assert app.dialogs, "an alert should explain after three illegal tries"
    assert app.dialogs[-1].message == speak(game, game.explain(f"{wrong}-{gap}"))


def test_click_then_click_moves_a_card(home):
    app = make_app(home, "--game", "gaps", "--seed", "3")
    game = app.game
    move = first_card_move(game)
    click(app, center_of(app, move.src))
    assert app.scene.selected is not None
    click(app, center_of(app, move.dst))
    assert game.history == [str(move)]


def test_click_to_move_mode_carries_the_card_until_the_second_click(home):
    app = make_app(home, "--game", "gaps", "--seed", "3")
    app.set_option("move_style", "click")
    game = app.game
    move = first_card_move(game)
    click(app, center_of(app, move.src))
    assert app.scene.carry is not None and app.scene.carry.by_click
    click(app, center_of(app, move.dst))
    assert game.history == [str(move)]
    assert app.scene.carry is None


def test_a_sequence_is_picked_up_whole(home):
    import engine
    from engine.cards import NAMES
    run = ["KS", "QH", "JC", "TD"]
    rest = [n for n in NAMES if n[0] != "A" and n not in run and n != "JS"]
    columns = [run] + [rest[i::6] for i in range(6)] + [[], []]
    columns[1].append("JS")          # a black jack: TD moves alone onto it
    doc = {"format": 1, "game": "prince", "options": {"rule": "alternate"},
           "position": {"columns": columns, "reserve": [None] * 7, "foundations": ["AC", "AD", "AH", "AS"]}}
    app = make_app(home)
    app.show_game(engine.from_dict(doc), opening=False)
    settle(app)
    assert app.game.explain("c1-c9:2") is None      # two vacancies: two cards into one
    pile = app.scene.layout.pile("c1")
    drag(app, center_of(app, "c1", pile[-2].index), center_of(app, "c9"))
    assert app.game.history == ["c1-c9:2"]
    assert app.game.position()["columns"][8] == ["JC", "TD"]


def test_clicking_the_stock_turns_in_the_republic_and_deals_in_the_smith(home):
    app = make_app(home, "--game", "republic", "--seed", "3")
    click(app, center_of(app, "stock"))
    assert app.game.history == ["turn"]
    app = make_app(home, "--game", "smith", "--seed", "3")
    click(app, center_of(app, "stock"))
    assert app.game.history == ["deal"]


def test_double_click_sends_a_card_to_a_foundation(home):
    for seed in range(60):
        app = make_app(home, "--game", "prince", "--seed", str(seed))
        move = next((m for m in app.game.legal_moves() if m.dst == "f" and m.src.startswith("c")), None)
        if move:
            break
    else:
        pytest.skip("no foundation move in 60 deals")
    pos = center_of(app, move.src)
    click(app, pos)
    click(app, pos)
    assert app.game.history == [str(move)]


def test_undo_and_redo_keys(home):
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "3")
    move = first_card_move(app.game)
    drag(app, center_of(app, move.src), center_of(app, move.dst))
    assert app.game.history == [str(move)]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.game.history == []
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.game.history == [str(move)]


def test_the_layout_dump_names_every_place_and_card(home, tmp_path):
    dump = tmp_path / "layout.json"
    app = make_app(home, "--game", "chinese-puzzle", "--seed", "3", "--dump-layout", str(dump))
    data = json.loads(dump.read_text())
    assert len([c for c in data["cards"] if c["card"]]) == 104
    assert "a0" in data["places"] and "h13" in data["places"]
    move = first_card_move(app.game)
    drag(app, center_of(app, move.src), center_of(app, move.dst))
    data = json.loads(dump.read_text())
    moved = [c for c in data["cards"] if c["place"] == move.dst]
    assert moved and moved[0]["card"] == app.game.card_at(move.dst)


@pytest.mark.every_game
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080), (1366, 768)])
@pytest.mark.parametrize("name", tuple(engine.GAMES))
def test_every_table_fits_the_window(home, name, size):
    app = make_app(home, "--game", name, "--seed", "5", "--size", f"{size[0]}x{size[1]}")
    area = app.table_area()
    layout = app.scene.layout
    for s in list(layout.slots.values()):
        assert area.contains(s.rect), (s.place, s.rect)
    for s in layout.sprites:
        assert area.contains(s.rect), (s.card, s.place, s.rect)


def test_the_window_resizes_and_the_table_follows(home):
    app = make_app(home, "--game", "prince", "--seed", "5")
    small = app.scene.layout.card
    pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)
    app.resized()
    settle(app)
    assert app.scene.layout.card[0] > small[0]


def test_the_start_screen_opens_the_chosen_game_and_remembers_it(home):
    app = make_app(home)
    assert app.game is None
    key(app, pygame.K_3, unicode="3")
    assert app.game is not None and app.game.name == "republic"
    again = make_app(home)
    assert again.scene.focus == 2   # the last game played is the default


def test_a_card_sheet_of_the_wrong_shape_is_refused_and_the_built_in_one_used(home, tmp_path):
    bad = tmp_path / "odd.png"
    pygame.image.save(pygame.Surface((100, 100)), str(bad))
    app = make_app(home, "--game", "gaps", "--seed", "1", "--cards", str(bad))
    assert app.dialogs, "the player is told the sheet was refused"
    message = app.dialogs[-1].message
    assert "13" in message and "5" in message
    assert app.looks.sheet.cell == (300, 420)     # the built-in sheet


def test_a_sheet_in_the_data_folder_replaces_the_built_in_one(home):
    from game.media.sheet import builtin_sheet_path
    small = pygame.transform.smoothscale(pygame.image.load(str(builtin_sheet_path())), (1300, 700))
    home.mkdir(exist_ok=True)
    pygame.image.save(small, str(home / "cards.png"))
    app = make_app(home, "--game", "gaps", "--seed", "1")
    assert app.looks.sheet.cell == (100, 140)
    assert not app.dialogs


def test_the_smiths_spacing_controls_compact_and_expand_a_column(home):
    app = make_app(home, "--game", "smith", "--seed", "1")
    pile = app.scene.layout.pile("c1")
    step = pile[1].rect.y - pile[0].rect.y
    click(app, center_of(app, "spacing:c1:less"))
    pile = app.scene.layout.pile("c1")
    assert pile[1].rect.y - pile[0].rect.y < step
    click(app, center_of(app, "spacing:c1:reset"))
    click(app, center_of(app, "spacing:c1:more"))
    pile = app.scene.layout.pile("c1")
    assert pile[1].rect.y - pile[0].rect.y > step


def test_a_stuck_gaps_game_is_reshuffled_after_the_notice(home):
    import engine
    # every gap sits right of a king: stuck, with shuffles left
    rows = [["2C", "3C", "KD", None, "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
            ["2D", "3D", "KH", None, "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"],
            ["2H", "3H", "KS", None, "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
            ["2S", "3S", "KC", None, "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"]]
    app = make_app(home)
    app.show_game(engine.from_dict({"format": 1, "game": "gaps",
                                    "position": {"rows": rows, "shuffles_left": 3}}), opening=False)
    settle(app)
    assert app.game.stuck
    assert app.dialogs and "reshuffled" in app.dialogs[-1].message
    key(app, pygame.K_RETURN)
    settle(app)
    assert app.game.history == ["redeal"] and app.game.shuffles_left == 2
