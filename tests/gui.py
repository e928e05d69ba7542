"""Driving the real table headless: an App on SDL's dummy drivers, fed real
pygame events, with helpers that aim at cards by name through the layout."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app import App, parse_args  # noqa: E402
from game.voice.speech import RecordingBackend  # noqa: E402


def make_app(home, *argv: str) -> App:
    os.environ["CARD_SHELL_HOME"] = str(home)
    extra = [] if "--analysis" in argv else ["--no-analysis"]
    argv = tuple(a for a in argv if a != "--analysis")
    # words said are kept, never sent to a speech channel of this machine (a storm may turn Speak on)
    app = App(parse_args(["--size", "1024x640", "--no-sound", "--no-animation", *extra, *argv]),
              speech_backend=RecordingBackend())
    app.begin()
    settle(app)
    return app


def pump(app: App) -> None:
    """Let the app take every posted event and draw."""
    app.step(block=False)


def settle(app: App) -> None:
    """Run until no card is in flight (landing everything)."""
    pump(app)
    scene = app.scene
    if hasattr(scene, "finish_actors"):
        scene.finish_actors()
    pump(app)


def post(kind: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def center_of(app: App, place: str, index: int | None = None) -> tuple[int, int]:
    layout = app.scene.layout
    pile = layout.pile(place)
    if pile:
        sprite = pile[-1] if index is None else next(s for s in pile if s.index == index)
        rect = sprite.rect
        # aim at the card's visible strip when others lie on it
        return rect.centerx, rect.y + min(rect.h // 2, 8) if sprite is not pile[-1] else rect.centery
    if place in layout.slots:
        return layout.slots[place].rect.center
    return next(p.rect.center for p in layout.pictures if p.place == place)


def drag(app: App, src: tuple[int, int], dst: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
    pump(app)
    for k in range(1, steps + 1):
        x = src[0] + (dst[0] - src[0]) * k // steps
        y = src[1] + (dst[1] - src[1]) * k // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        pump(app)
    post(pygame.MOUSEBUTTONUP, pos=dst, button=1)
    settle(app)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    settle(app)


def alt_click(app: App, pos: tuple[int, int]) -> None:
    """A click with Alt held (a hint, or Gaps' other Clicking Blanks)."""
    pygame.key.set_mods(pygame.KMOD_ALT)
    try:
        click(app, pos)
    finally:
        pygame.key.set_mods(0)


def key(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
    settle(app)


def endgame():
    """A Prince position a few moves from its win (kings to nines in the columns)."""
    cols = [["KC", "QD", "JC", "TD", "9C"], ["KD", "QC", "JD", "TC", "9D"], ["KH", "QS", "JH", "TS"],
            ["KS", "QH", "JS", "TH", "9S"], ["9H"], [], [], [], []]
    return {"format": 1, "game": "prince", "options": {"rule": "alternate"},
            "position": {"columns": cols, "reserve": [None] * 7, "foundations": ["8C", "8D", "8H", "8S"]}}


def wait_for(app, condition, seconds: float = 30.0) -> bool:
    """Run the app until ``condition()`` holds (True) or ``seconds`` pass (False)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(block=False)
        if condition():
            return True
        time.sleep(0.02)
    return False
