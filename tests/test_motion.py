"""Cards in motion read well: a hint's beacon is seen at a glance and for
long enough; a foundation keeps its card in sight while another flies onto
it; a deal comes from the stock and nothing in flight crosses the status
line."""

from __future__ import annotations

import pygame
from gui import make_app, pump
from gui import settle as land_all

import engine
from game.app import App, parse_args
from game.media.surfaces import BEACON, BEACON_COLOUR
from game.table.painter import FLASH_S

PRINCE = {"format": 1, "game": "prince", "options": {"rule": "alternate"},
          "position": {"columns": [["KD", "QD", "JD", "TD", "9D", "8H"], ["KC", "QC", "JC", "TC", "9C"],
                                   ["KH", "QH", "JH", "TH", "9H"], ["KS", "QS", "JS", "TS", "9S"],
                                   ["8S", "8C", "8D"], [], [], [], []],
                       "reserve": [None] * 7, "foundations": ["7C", "7D", "7H", "7S"]}}


def colour_at(app, pos):
    return tuple(app.screen.get_at(pos))[:3]


def test_a_hints_beacon_is_bright_and_lasts(tmp_path):
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    move = next(m for m in app.game.legal_moves() if m.word is None)
    card = app.scene.layout.sprite(move.src, 0).rect
    app.scene.show_move(str(move))
    pump(app)
    frame = (card.x - BEACON // 2, card.centery)
    assert colour_at(app, frame) == BEACON_COLOUR, "the frame stands out round the card"
    app.scene.update(FLASH_S - 0.4)
    assert app.scene.flash_rects, "a hint shows for more than a blink"
    beats = []
    for _ in range(60):
        app.scene.update(1 / 60)
        beats.append(app.scene.painter.flash_on())
    assert beats.count(True) > beats.count(False) > 0, "mostly lit, with a dark beat that catches the eye"
    app.scene.update(0.5)
    app.step(block=False)
    assert not app.scene.flash_rects and colour_at(app, frame) != BEACON_COLOUR


def test_a_foundation_keeps_its_card_while_another_flies_onto_it(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "2")
    app.show_game(engine.from_dict(PRINCE), opening=False)
    land_all(app)
    f = app.scene.foundation_of("c5", 1)
    assert [s.card for s in app.scene.layout.pile(f)] == ["7D"]
    rect = app.scene.layout.slots[f].rect
    assert app.scene.try_move("c5-f")       # the eight of diamonds onto the seven
    app.scene.update(0.01)
    assert app.scene.actors, "the card is in flight"
    app.step(block=False)
    face = pygame.Surface(rect.size)
    face.blit(app.canvas.card_image("7D", True, rect.size), (0, 0))
    inner = pygame.Rect(0, 0, rect.w, rect.h).inflate(-16, -16)      # within the rounded corners
    shown = app.screen.subsurface(rect.inflate(-16, -16))
    a, b = pygame.image.tobytes(shown, "RGB"), pygame.image.tobytes(face.subsurface(inner), "RGB")
    assert sum(abs(x - y) for x, y in zip(a, b)) / len(a) < 2, \
        "the seven of diamonds stays in sight under the flying eight"
    land_all(app)
    assert [s.card for s in app.scene.layout.pile(f)] == ["8D"] and not app.scene.parked


def dealing_app(tmp_path, name):
    import os
    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = App(parse_args(["--size", "1024x640", "--no-sound", "--no-analysis", "--game", name, "--seed", "3"]))
    app.begin()
    return app


def test_the_republics_deal_comes_from_the_stock(tmp_path):
    app = dealing_app(tmp_path, "republic")
    stock = app.scene.layout.slots["stock"].rect
    assert app.scene.actors
    assert all(a.start.topleft == stock.topleft for a in app.scene.actors)


def test_nothing_in_flight_crosses_the_status_line(tmp_path):
    for name in ("gaps", "prince", "republic"):
        app = dealing_app(tmp_path / name, name)
        bar = app.chrome_rect("status")
        before = pygame.image.tobytes(app.canvas.background.subsurface(bar), "RGB")
        assert all(app.table_area().contains(a.start)
                   for a in app.scene.actors)
        for _ in range(40):
            app.scene.update(0.02)
            app.scene.draw_overlay()
            assert pygame.image.tobytes(app.screen.subsurface(bar), "RGB") == before, name
        land_all(app)
        pygame.display.quit()
