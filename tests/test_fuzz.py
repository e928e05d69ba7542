"""A seeded storm of real pygame events on every table (and on the start
screen), with the table's invariants checked as it goes.

Each storm drives an :class:`App` on SDL's dummy drivers with a few thousand
events: pointer motion, presses and releases of buttons 1 and 3 (sometimes
with Alt or Shift held through ``pygame.key.set_mods``), drags between
random points and between the layout's cards and places (often a legal
move, so cards really move; sometimes with Escape, Ctrl+Z, button 3, a
resize or the focus lost before the drop), double-clicks, keys (Ctrl+Z,
Ctrl+Y, Escape, F-keys but F11, letters and digits with or without Ctrl or
Shift, Enter), window resizes within 800x600..1920x1080 (``set_mode`` then
``App.resized()`` or a VIDEORESIZE), focus, exposure and wheel events, and
clicks on the menu bar and its items.  Dialogs that pop up are closed by the
storm itself (Enter, Escape or a click on a button).  A storm that a menu or
a key took to another game goes back to its own (Ctrl+G, then its number).

Every ~50 events the cards in flight are landed and the invariants checked:

* nothing raised;
* the engine's game survives a save/load round trip, and its cards are a
  whole deck (or two): none lost, none doubled;
* the table's layout has one sprite per card the position shows, with the
  right name, face and place, and equals a layout built afresh;
* nothing is hidden unless it is being carried, nothing parked;
* at rest, the background is exactly a fresh drawing of the position and
  the screen shows exactly the background.

Time (the loop's steps, double clicks, new deals' numbers) is the storm's
own clock, so a storm replays exactly from its seed; a failure names the
seed and the last actions.  The bugs the storms found are replayed in a few
exact steps at the end of this file.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import random
import sys
import time
import types
from collections import Counter
from contextlib import contextmanager

import numpy as np
import pygame
import pytest
from gui import center_of, click, drag, key, make_app, pump, settle

import engine
import game.app
import game.assistant.analyst
import game.table.table
from engine.cards import BY_NAME, NAMES
from game.games import FRONTS, build
from game.table.table import Table

GAMES = [front.name for front in FRONTS]      # as the games are listed: a game's place here seeds its storm
EVENTS = int(os.environ.get("FUZZ_EVENTS", "2400"))
CHECK_EVERY = 50
MENU_Y = 26
SIZES = ((800, 1920), (600, 1080))
TOLERANCE = 6              # colour levels: see assert_same

F_KEYS = [pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6,
          pygame.K_F7, pygame.K_F8, pygame.K_F9, pygame.K_F10, pygame.K_F12]
LETTERS = [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz"]
DIGITS = [getattr(pygame, f"K_{c}") for c in "0123456789"]


# ----------------------------------------------------------------- the position's cards
def foundation_cards(top: str) -> list[str]:
    """A foundation built from the ace up to ``top`` in one suit."""
    n = int(BY_NAME[top])
    return [NAMES[c] for c in range(n & 3, n + 1, 4)]


def expected_piles(game) -> dict[str, list[tuple[str, bool]]]:
    """What the table should show at each place, read from the engine's
    position alone: ``place -> [(card name or "" face down, face up), ...]``,
    bottom to top, as the layouts draw it (a Republic talon shows its top
    two, a stock shows one back per ten cards, at most three, foundations
    show their top)."""
    pos = game.position()
    piles: dict[str, list[tuple[str, bool]]] = {}
    if "rows" in pos:
        first = 1 if game.name == "gaps" else 0
        for r, row in enumerate(pos["rows"]):
            for k, name in enumerate(row):
                if name is not None:
                    piles[f"{'abcdefgh'[r]}{k + first}"] = [(name, True)]
        return piles
    for i, col in enumerate(pos["columns"]):
        if col:
            piles[f"c{i + 1}"] = [(c, True) for c in col]
    for j, top in enumerate(pos["foundations"]):
        if top is not None:
            piles[f"f{j + 1}"] = [(top, True)]
    if "stock" in pos and pos["stock"]:
        piles["stock"] = [("", False)] * min(3, (len(pos["stock"]) + 9) // 10)
    if game.name == "republic":
        if pos["turned"] is not None:
            piles["s"] = [(pos["turned"], True)]
        if pos["talon"]:
            piles["t"] = [(c, True) for c in pos["talon"][-2:]]
        for i, packet in enumerate(pos["packets"]):
            if packet:
                up = game.packet_face_up(i)
                piles[f"p{i + 1}"] = [("", False)] * (len(packet) - 1) + [(packet[-1] if up else "", up)]
    if game.name == "prince":
        for i, c in enumerate(pos["reserve"]):
            if c is not None:
                piles[f"r{i + 1}"] = [(c, True)]
    return piles


def all_cards(game) -> Counter:
    """Every card the position holds, foundations counted in full."""
    pos = game.position()
    cards: list[str] = []
    if "rows" in pos:
        cards = [c for row in pos["rows"] for c in row if c is not None]
    else:
        cards += [c for col in pos["columns"] for c in col]
        cards += [c for top in pos["foundations"] if top is not None for c in foundation_cards(top)]
        cards += pos.get("stock", [])
        cards += [c for packet in pos.get("packets", []) for c in packet]
        cards += pos.get("talon", [])
        cards += [c for c in pos.get("reserve", []) if c is not None]
        if pos.get("turned") is not None:
            cards.append(pos["turned"])
    return Counter(cards)


def full_deck(name: str) -> Counter:
    copies = 2 if name in ("chinese-puzzle", "republic", "smith") else 1
    deck = Counter({n: copies for n in NAMES})
    if name == "gaps":              # the aces leave the table at the deal
        for n in NAMES:
            if n[0] == "A":
                del deck[n]
    return deck


# ----------------------------------------------------------------- invariants
def check(app, where: str) -> None:
    """Land every card in flight, then check the invariants (the module's
    docstring lists them)."""
    scene = app.scene
    if hasattr(scene, "finish_actors"):
        scene.finish_actors()
    pump(app)
    scene = app.scene
    if hasattr(scene, "finish_actors"):
        scene.finish_actors()
    game = app.game
    if game is None:
        assert not isinstance(scene, Table), f"{where}: a table with no game"
        return
    assert isinstance(scene, Table) and scene.game is game, f"{where}: the table plays another game"

    # the engine: a whole deck, and a save/load round trip changes nothing
    assert all_cards(game) == full_deck(game.name), f"{where}: cards lost or doubled: {all_cards(game)}"
    doc = game.to_dict()
    again = engine.from_dict(doc)
    assert again.to_dict() == doc, f"{where}: a save/load round trip differs"
    assert again.position() == game.position()
    assert again.history == game.history
    assert {str(m) for m in again.legal_moves()} == {str(m) for m in game.legal_moves()}

    # nothing is hidden unless it is being carried, nothing parked at rest
    assert not scene.actors
    carried = set(scene.carry.keys) if scene.carry is not None else set()
    assert scene.hidden == carried, f"{where}: hidden {sorted(scene.hidden)} while carrying {sorted(carried)}"
    assert not scene.parked, f"{where}: cards parked with nothing in flight: {scene.parked}"

    # the layout: one sprite per card the position shows, and up to date
    layout = scene.layout
    shown: dict[str, list[tuple[str, bool]]] = {}
    for s in layout.sprites:
        shown.setdefault(s.place, []).append((s.card if s.face_up else "", s.face_up))
    assert shown == expected_piles(game), f"{where}: the layout's sprites differ from the position"
    fresh = build(game, app.table_area(), app.card_aspect(), scene.ui)
    assert layout.size == app.table_area().size, f"{where}: the layout is for another window size"
    assert (layout.size, layout.card) == (fresh.size, fresh.card), f"{where}: the layout is for another size"
    assert [(s.key, s.card, s.face_up, tuple(s.rect)) for s in layout.sprites] == \
        [(s.key, s.card, s.face_up, tuple(s.rect)) for s in fresh.sprites], f"{where}: the layout is stale"

    # at rest: the background is the position drawn afresh, the screen shows it
    # (but for the keyboard's focus frame, drawn over it)
    if at_rest(app, scene):
        pump(app)
        if not at_rest(app, scene) or app.scene is not scene:
            return
        screen = pygame.surfarray.array3d(app.screen)
        background = pygame.surfarray.array3d(app.canvas.background)
        redrawn = drawn_afresh(app, scene)
        assert_same(background, redrawn, scene.layout, f"{where}: the background is not the position drawn afresh")
        focus = scene.focus_rect() if hasattr(scene, "focus_rect") else None
        assert_same(screen, background, scene.layout, f"{where}: the screen differs from the background",
                    ignore=[focus.inflate(16, 16)] if focus is not None else [])


def at_rest(app, scene) -> bool:
    """Nothing over the table: no dialog, menu, card carried or in flight,
    selection, glow or flash."""
    return not (app.dialogs or app.menu.is_open or scene.busy or scene.carry is not None
                or scene.press is not None or scene.selected is not None or scene.glow is not None)


def drawn_afresh(app, scene):
    """The background the table would draw from scratch: its own render,
    from a layout built anew, nothing hidden or parked."""
    kept = app.canvas.background.copy()
    saved = scene.layout, scene.hidden, scene.parked
    try:
        scene.layout, scene.hidden, scene.parked = scene.build(), set(), []
        scene.render()
        return pygame.surfarray.array3d(app.canvas.background)
    finally:
        scene.layout, scene.hidden, scene.parked = saved
        app.canvas.background.blit(kept, (0, 0))


def assert_same(a, b, layout, what: str, ignore: list[pygame.Rect] = ()) -> None:
    """Two pictures of the table agree, but for blending noise (a card's
    face is not quite opaque once scaled, alpha 253, so a card blitted where
    an empty place's outline was drawn differs from one drawn on the felt by
    a few levels) and in the ``ignore`` rectangles."""
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2) > TOLERANCE
    for r in ignore:
        r = r.clip(pygame.Rect(0, 0, *diff.shape))
        diff[r.left:r.right, r.top:r.bottom] = False
    if diff.any():
        xs, ys = np.nonzero(diff)
        box = pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1)
        near = [(s.place, s.index, s.card) for s in layout.sprites if s.rect.colliderect(box)][:8]
        labels = [lb.text for lb in layout.labels if lb.rect.colliderect(box)]
        raise AssertionError(f"{what}: {int(diff.sum())} pixels differ in {box}; cards there: {near}; "
                             f"labels there: {labels}")


# ----------------------------------------------------------------- the storm
class Clock:
    """The time the app and the table read (``time.perf_counter`` for the
    loop's steps, ``time.monotonic`` for double clicks), moved on by the
    storm alone: a seed replays exactly, animations and double clicks
    included."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextmanager
def replayable(seed: int):
    """A clock for every ``time`` the game's modules read (the loop's steps,
    double clicks, new deals' numbers), moved on by the storm alone, and
    seeded random numbers for ``engine.new_game`` without a seed: a storm
    replays exactly from its seed.  Apps made inside use it from the start."""
    for info in pkgutil.walk_packages(game.__path__, "game."):   # those imported lazily too
        importlib.import_module(info.name)
    clock = Clock()
    rng = random.Random(seed * 7919)
    fake = types.SimpleNamespace(perf_counter=clock, monotonic=clock, time=clock,
                                 time_ns=lambda: int(clock.now * 1e9), sleep=lambda _s: None)
    modules = [m for name, m in list(sys.modules.items())
               if (name == "game" or name.startswith("game.")) and getattr(m, "time", None) is time]
    real_secrets = getattr(engine, "secrets", None)
    for m in modules:
        m.time = fake
    if real_secrets is not None:
        engine.secrets = types.SimpleNamespace(randbelow=lambda n: rng.randrange(n))
    with pytest.MonkeyPatch.context() as patch:
        stand_in_for_the_solver(patch, rng)
        try:
            yield clock
        finally:
            for m in modules:
                m.time = time
            if real_secrets is not None:
                engine.secrets = real_secrets


def stand_in_for_the_solver(patch, rng: random.Random) -> None:
    """The solver answers at once, from the storm's random numbers, instead
    of a separate process answering some time later: the answer (a verdict,
    a short demo of random legal moves, a "winnable" deal number or none) is
    posted as the ANSWER event the app waits for.  H's hint is the first
    legal move."""
    analyst = sys.modules.get("game.assistant.analyst")
    if analyst is not None and hasattr(analyst, "Analyst"):
        Answer, answer_event = analyst.Answer, analyst.ANSWER

        def ask(self, game, purpose="verdict", *args, **kwargs):
            self.request += 1
            if purpose == "winnable":
                seed = rng.randrange(1000) if rng.random() < 0.5 else None
                answer = Answer(self.request, purpose, "won" if seed is not None else "unknown", seed=seed)
            elif purpose == "demo":
                copy, moves = engine.from_dict(game.to_dict()), []
                for _ in range(rng.randint(0, 4)):
                    legal = copy.legal_moves()
                    if not legal:
                        break
                    moves.append(str(rng.choice(legal)))
                    copy.play(moves[-1])
                answer = Answer(self.request, purpose, "won" if moves else "unknown", moves)
            else:
                answer = Answer(self.request, purpose, rng.choice(["won", "impossible", "unknown"]))
            pygame.event.post(pygame.event.Event(answer_event, answer=answer))
            return self.request
        patch.setattr(analyst.Analyst, "ask", ask)
    try:
        solver = importlib.import_module("engine.solve")
    except ImportError:
        return
    if hasattr(solver, "hint"):
        patch.setattr(solver, "hint", lambda game, *args, **kwargs: next(
            (str(m) for m in game.legal_moves()), None))


class Storm:
    """Random actions, each a few real events, from one seed; every action
    is logged so a failure can be replayed by reading the log."""

    def __init__(self, app, seed: int, clock: Clock, home: str | None = None) -> None:
        self.app = app
        self.home = home              # the game the storm comes back to when a menu took it away
        self.rng = random.Random(seed)
        self.seed = seed
        self.posted = 0
        self.log: list[str] = []
        self.stats: Counter = Counter()
        self.buttons = [0, 0, 0]
        self.clock = clock

    def note(self, text: str) -> None:
        self.log.append(f"[{self.posted}] {text}")
        del self.log[:-40]

    # -- posting
    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.posted += 1

    def pump(self) -> None:
        """One pass of the app's loop, a frame's time (now and then more)
        after the last."""
        app = self.app
        r = self.rng.random()
        self.clock.advance(0.008 if r < 0.5 else 0.017 if r < 0.9 else 0.3)
        app.step(block=False)
        if not app.loop.running:      # Quit from the menu or Ctrl+Q: keep going
            self.stats["quit"] += 1
            app.loop.running = True

    def point(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def motion(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=tuple(self.buttons))

    def down(self, pos: tuple[int, int], button: int = 1) -> None:
        self.buttons[button - 1] = 1
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)

    def up(self, pos: tuple[int, int], button: int = 1) -> None:
        self.buttons[button - 1] = 0
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def key_event(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def random_mods(self) -> tuple[int, str]:
        """Alt or Shift held (pygame.key.set_mods) for a pointer action."""
        r = self.rng.random()
        mods, text = (pygame.KMOD_ALT, "alt+") if r < 0.08 else (pygame.KMOD_SHIFT, "shift+") if r < 0.2 \
            else (0, "")
        pygame.key.set_mods(mods)
        return mods, text

    # -- aiming through the layout
    def layout(self):
        return self.app.scene.layout if isinstance(self.app.scene, Table) else None

    def card_point(self) -> tuple[int, int] | None:
        layout = self.layout()
        if layout is None or not layout.sprites:
            return None
        s = self.rng.choice(layout.sprites)
        return center_of(self.app, s.place, s.index)

    def place_point(self) -> tuple[int, int] | None:
        layout = self.layout()
        if layout is None or not layout.slots:
            return None
        return center_of(self.app, self.rng.choice(sorted(layout.slots)))

    def legal_drag(self):
        """The pointer's path for a random legal card move, and the move."""
        game, layout = self.app.game, self.layout()
        if game is None or layout is None:
            return None
        moves = [m for m in game.legal_moves() if m.word is None]
        if not moves:
            return None
        m = self.rng.choice(moves)
        pile = layout.pile(m.src)
        index = pile[-m.count].index if m.count > 1 and len(pile) >= m.count else None
        dst = m.dst
        if dst == "f":
            suffix = f":{m.count}" if m.count > 1 else ""
            dst = next((p for p in sorted(layout.slots) if p.startswith("f")
                        and game.explain(f"{m.src}-{p}{suffix}") is None), None)
        if dst not in layout.slots or m.src not in layout.slots or not pile:
            return None
        return (center_of(self.app, m.src, index), center_of(self.app, dst)), str(m)

    # -- actions
    def act(self) -> None:
        app, rng = self.app, self.rng
        if app.dialogs and rng.random() < 0.5:
            self.close_dialog()
        elif self.away() and rng.random() < 0.8:
            self.go_home()
        else:
            r = rng.random()
            if r < 0.16:
                pos = self.point()
                self.note(f"motion {pos}")
                self.motion(pos)
            elif r < 0.18:
                self.window_event()
            elif r < 0.33:
                self.click()
            elif r < 0.60:
                self.drag()
            elif r < 0.68:
                self.double_click()
            elif r < 0.84:
                self.key()
            elif r < 0.86:
                self.resize()
            elif r < 0.93:
                self.menu()
            else:
                self.click_picture()
        self.pump()

    def away(self) -> bool:
        app = self.app
        if not self.home or app.dialogs or app.menu.is_open:
            return False
        if self.home == "start":
            return app.game is not None
        return app.game is None or app.game.name != self.home

    def go_home(self) -> None:
        """Back to the storm's own game, by keys: Ctrl+G for the start
        screen, then the game's number there."""
        self.stats["back home"] += 1
        if self.home == "start":
            self.note("back to the start screen: ctrl+g")
            self.key_event(pygame.K_g, pygame.KMOD_LCTRL, "g")
            return
        number = [f.name for f in FRONTS].index(self.home) + 1
        self.note(f"back to {self.home}: {'ctrl+g, ' if self.app.game else ''}{number}")
        if self.app.game is not None:
            self.key_event(pygame.K_g, pygame.KMOD_LCTRL, "g")
            self.pump()
        self.key_event(getattr(pygame, f"K_{number}"), 0, str(number))

    def close_dialog(self) -> None:
        self.stats["dialog closed"] += 1
        dialog = self.app.dialogs[-1]
        name = dialog_name(dialog)
        r = self.rng.random()
        if r < 0.4:
            self.note(f"Enter on the dialog {name}")
            self.key_event(pygame.K_RETURN)
        elif r < 0.7:
            self.note(f"Escape on the dialog {name}")
            self.key_event(pygame.K_ESCAPE)
        else:
            boxes = getattr(dialog, "_buttons", [])
            box, label = self.rng.choice(boxes) if boxes else (None, "?")
            pos = box.center if box else self.point()
            self.note(f"click {pos} on the dialog's {label!r} ({name})")
            self.motion(pos)
            self.down(pos)
            self.up(pos)

    def click(self, pos=None, what: str = "") -> None:
        self.stats["click"] += 1
        rng = self.rng
        if pos is None:
            card = self.card_point() if rng.random() < 0.5 else None
            pos, what = (card, "a card") if card else (self.point(), "")
        button = 3 if rng.random() < 0.15 else 1
        _, mods = self.random_mods()
        self.note(f"click {mods}button{button} at {pos} {what}")
        self.motion(pos)
        self.down(pos, button)
        if rng.random() < 0.5:
            self.pump()
        self.up(pos, button)
        self.pump()
        pygame.key.set_mods(0)

    def click_picture(self) -> None:
        """The stock, Gaps' hand, The Smith's spacing buttons."""
        self.stats["picture"] += 1
        layout = self.layout()
        spots = []
        if layout is not None:
            spots = [(p.rect.center, p.place) for p in layout.pictures if p.place] + \
                [(s.rect.center, p) for p, s in layout.slots.items() if p == "stock"]
        if spots:
            pos, what = self.rng.choice(spots)
            self.click(pos, what)
        else:
            self.click()

    def drag(self) -> None:
        rng = self.rng
        path, what = None, "random"
        if rng.random() < 0.5:
            if rng.random() < 0.6:
                found = self.legal_drag()
                if found:
                    path, what = found
                    self.stats["legal drag"] += 1
            if path is None:
                a, b = self.card_point(), (self.place_point() if rng.random() < 0.7 else self.card_point())
                if a and b:
                    path, what = (a, b), "card to place"
                    self.stats["card drag"] += 1
        if path is None:
            self.stats["random drag"] += 1
            path = (self.point(), self.point())
        src, dst = path
        mods = self.random_mods()[1] if rng.random() < 0.3 else ""
        steps = rng.randint(1, 8)
        meanwhile = rng.choice(["escape", "ctrl+z", "button 3", "resize", "focus lost"]) if rng.random() < 0.12 \
            else None
        self.note(f"drag {mods}{src} -> {dst} ({what}) in {steps} steps"
                  + (f", {meanwhile} before the drop" if meanwhile else ""))
        self.motion(src)
        self.down(src)
        self.pump()
        for k in range(1, steps + 1):
            x = src[0] + (dst[0] - src[0]) * k // steps + rng.randint(-2, 2)
            y = src[1] + (dst[1] - src[1]) * k // steps + rng.randint(-2, 2)
            self.motion((x, y))
            if rng.random() < 0.5:
                self.pump()
        if meanwhile == "escape":
            self.key_event(pygame.K_ESCAPE)
        elif meanwhile == "ctrl+z":
            self.key_event(pygame.K_z, pygame.KMOD_LCTRL, "z")
        elif meanwhile == "button 3":
            self.down(dst, 3)
            self.up(dst, 3)
        elif meanwhile == "resize":
            self.pump()
            self.resize()
        elif meanwhile == "focus lost":
            self.post(pygame.WINDOWFOCUSLOST)
        self.up(dst)
        self.pump()
        pygame.key.set_mods(0)

    def window_event(self) -> None:
        """What the window system sends: focus lost or gained (Gaps pauses
        and resumes), exposure, the wheel (dialogs scroll)."""
        self.stats["window event"] += 1
        kind = self.rng.choice(["focus lost", "focus gained", "exposed", "wheel"])
        self.note(kind)
        if kind == "focus lost":
            self.post(pygame.WINDOWFOCUSLOST)
        elif kind == "focus gained":
            self.post(pygame.WINDOWFOCUSGAINED)
        elif kind == "exposed":
            self.post(pygame.WINDOWEXPOSED)
        else:
            dy = self.rng.choice([-3, -1, 1, 3])
            self.post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))

    def double_click(self) -> None:
        self.stats["double click"] += 1
        card = self.card_point()
        pos = card or self.point()
        self.note(f"double click at {pos}{' (a card)' if card else ''}")
        for _ in range(2):
            self.down(pos)
            self.up(pos)
            if self.rng.random() < 0.5:
                self.pump()

    def key(self) -> None:
        rng = self.rng
        r = rng.random()
        mod, unicode = 0, ""
        if r < 0.3:
            key, mod = rng.choice([pygame.K_z, pygame.K_y]), pygame.KMOD_LCTRL
            self.stats["undo/redo"] += 1
        elif r < 0.42:
            key = pygame.K_ESCAPE
        elif r < 0.55:
            key = rng.choice(F_KEYS)
        elif r < 0.8:
            key = rng.choice(LETTERS + DIGITS)
            unicode = pygame.key.name(key)
            mod = rng.choice([0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL])
        elif r < 0.95:
            key = rng.choice([pygame.K_RETURN, pygame.K_KP_ENTER])
        else:
            key = rng.choice([pygame.K_TAB, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                              pygame.K_DOWN, pygame.K_BACKSPACE])
        names = {pygame.KMOD_LCTRL: "ctrl+", pygame.KMOD_LSHIFT: "shift+"}
        self.note(f"key {names.get(mod, '')}{pygame.key.name(key)}")
        self.key_event(key, mod, unicode)

    def resize(self) -> None:
        """The window resized, as the app sees it: a new mode, then either
        ``App.resized()`` or a VIDEORESIZE event."""
        app, rng = self.app, self.rng
        if app.fullscreen:
            return
        self.stats["resize"] += 1
        size = rng.randint(*SIZES[0]), rng.randint(*SIZES[1])
        by_event = rng.random() < 0.5
        self.note(f"resize to {size} ({'VIDEORESIZE' if by_event else 'App.resized()'})")
        pygame.display.set_mode(size, pygame.RESIZABLE)
        if by_event:
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        else:
            app.resized()

    def menu(self) -> None:
        """A click on the menu bar, then (often) on an item of the open menu."""
        app, rng = self.app, self.rng
        self.stats["menu"] += 1
        x = rng.randrange(260) if rng.random() < 0.8 else rng.randrange(app.screen.get_width())
        pos = (x, rng.randrange(MENU_Y))
        self.note(f"click the menu bar at {pos}")
        self.motion(pos)
        self.down(pos)
        self.up(pos)
        self.pump()
        items = list(getattr(app.menu, "_items", []))
        if app.menu.is_open and items and rng.random() < 0.8:
            box, item = rng.choice(items)
            self.note(f"choose {item.label!r}{'' if item.enabled else ' (dimmed)'}")
            self.stats["menu item"] += 1
            self.motion(box.center)
            self.pump()
            self.down(box.center)
            self.up(box.center)

    # -- the whole storm
    def run(self, events: int) -> None:
        """``events`` events, the invariants checked every CHECK_EVERY (run
        it inside ``replayable(seed)``, the app made there too)."""
        next_check = CHECK_EVERY
        while self.posted < events:
            before = self.posted
            state = self.describe()
            try:
                self.act()
            except Exception as e:
                raise AssertionError(f"seed {self.seed}: {type(e).__name__}: {e}\nbefore: {state}\n"
                                     f"last actions:\n" + "\n".join(self.log)) from e
            self.stats[f"events on {self.app.game.name if self.app.game else 'the start screen'}"] += \
                self.posted - before
            if self.app.game is not None:
                self.stats["longest history"] = max(self.stats["longest history"], len(self.app.game.history))
            if self.posted >= next_check:
                next_check = self.posted + CHECK_EVERY
                self.check(f"after {self.posted} events")
        pygame.key.set_mods(0)
        self.check("at the end")

    def check(self, when: str) -> None:
        try:
            check(self.app, f"seed {self.seed}, {when}")
        except Exception as e:
            raise AssertionError(f"{type(e).__name__}: {e}\nnow: {self.describe()}\nlast actions:\n"
                                 + "\n".join(self.log)) from e

    def describe(self) -> str:
        app = self.app
        game = app.game
        state = f"{game.name} deal {game.seed}, history {game.history[-6:]}" if game is not None \
            else "the start screen"
        return f"{state}, dialogs {[dialog_name(d) for d in app.dialogs]}, menu open {app.menu.is_open}"


def dialog_name(dialog) -> str:
    text = getattr(dialog, "message", "") or getattr(dialog, "title", "")
    return f"{type(dialog).__name__} {text[:50]!r}"


@pytest.fixture(autouse=True)
def _contained(tmp_path, monkeypatch):
    """Open and Save As browse the home folder: a temporary one here."""
    monkeypatch.setenv("HOME", str(tmp_path))
    yield
    pygame.key.set_mods(0)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_a_storm_of_events_on_the_table(tmp_path, name):
    seed = 1000 + GAMES.index(name)
    with replayable(seed) as clock:
        app = make_app(tmp_path, "--game", name, "--seed", "3")
        check(app, "at the start")
        storm = Storm(app, seed, clock, home=name)
        storm.run(EVENTS)
    print(f"{name}: {dict(storm.stats)}")
    assert storm.stats["legal drag"] > EVENTS // 150, f"the storm aimed at too few legal moves: {storm.stats}"
    assert storm.stats["longest history"] > 3, f"the storm made too few moves: {storm.stats}"
    assert storm.stats[f"events on {name}"] > EVENTS * 0.6, f"the storm was mostly elsewhere: {storm.stats}"


def test_a_storm_on_the_start_screen(tmp_path):
    with replayable(7) as clock:
        app = make_app(tmp_path)
        assert app.game is None
        check(app, "at the start")
        storm = Storm(app, 7, clock, home="start")
        storm.run(EVENTS // 4)
    print(f"start screen: {dict(storm.stats)}")
    assert storm.stats["events on the start screen"] > EVENTS // 12, f"too little time there: {storm.stats}"


# ----------------------------------------------------------------- bugs the storms found
# Each was found by a storm, replayed here in a few exact steps (fixed in
# f7e7fdf and 04bfb70).

def animated_app(home, *argv: str):
    """Like gui.make_app, but with the opening deal animated (the default
    when the game is started for real)."""
    os.environ["CARD_SHELL_HOME"] = str(home)
    app = game.app.App(game.app.parse_args(["--size", "1024x640", "--no-sound", "--no-analysis", *argv]))
    app.begin()
    pump(app)
    app.scene.finish_actors()
    pump(app)
    return app


def prince_with_a_sequence_doc() -> dict:
    """The Prince with KS QH JC TD in c1 and two empty columns (test_table's
    position): ``c1-c9:2`` carries JC TD."""
    run = ["KS", "QH", "JC", "TD"]
    rest = [n for n in NAMES if n[0] != "A" and n not in run and n != "JS"]
    columns = [run] + [rest[i::6] for i in range(6)] + [[], []]
    columns[1].append("JS")
    return {"format": 1, "game": "prince", "options": {"rule": "alternate"},
            "position": {"columns": columns, "reserve": [None] * 7, "foundations": ["AC", "AD", "AH", "AS"]}}


def test_the_prince_opening_deal_leaves_no_ace_on_a_column(tmp_path):
    """The bug (now fixed): Table.animate: The Prince's opening events deal the aces into
    the columns (CardsDealt), then move them to the foundations (CardMoved).
    claim() finds no ace in the new layout's column, so each ace is park()ed
    on its column's slot; the CardMoved has no old layout (where() returns
    None), so no actor flies but claim() has already hidden f1..f4. Nothing
    ever unparks or unhides them: the aces stay drawn over the tops of c1,
    c2, c3, c7 and the foundations look empty."""
    app = animated_app(tmp_path, "--game", "prince", "--seed", "3")
    scene = app.scene
    assert scene.parked == [] and scene.hidden == set(), (
        f"parked {[(name, tuple(r)) for name, _, r in scene.parked]}, hidden {sorted(scene.hidden)}")
    check(app, "after the opening deal")


def test_undoing_a_deal_in_the_smith_leaves_no_card_on_the_columns(tmp_path):
    """The bug (now fixed): Table.animate ignores CardsDealt.undone: undoing The Smith's
    deal replays the dealt cards to their columns (the inverse event keeps
    the (card, column) pairs); claim() finds none of them there any more, so
    all eight are park()ed on the column slots and never removed: ghost
    cards over the tops of the eight columns until the next game."""
    app = make_app(tmp_path, "--game", "smith", "--seed", "3")
    click(app, center_of(app, "stock"))
    assert app.game.history == ["deal"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.game.history == []
    assert app.scene.parked == [], f"parked: {[(name, tuple(r)) for name, _, r in app.scene.parked]}"
    check(app, "after undoing the deal")


def test_undoing_a_sequence_move_draws_the_cards_in_order(tmp_path):
    """The bug (now fixed): Undo returns the events reversed, so the cards of a sequence
    fly back top card first; each land() blits its card onto the background,
    so the bottom card of the sequence lands last and is painted over the
    cards above it (JC covers TD in c1) until something redraws that column."""
    app = make_app(tmp_path)
    app.show_game(engine.from_dict(prince_with_a_sequence_doc()), opening=False)
    settle(app)
    pile = app.scene.layout.pile("c1")
    drag(app, center_of(app, "c1", pile[-2].index), center_of(app, "c9"))
    assert app.game.history == ["c1-c9:2"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.game.history == [] and app.game.position()["columns"][0] == ["KS", "QH", "JC", "TD"]
    check(app, "after undoing c1-c9:2")


def test_the_gaps_clock_ticks_without_leaving_a_trace(tmp_path):
    """The bug (now fixed): The clock's text is drawn right-aligned in its label's box with
    a drop shadow one pixel right and down (Canvas.text: box.move(1, 1)), so
    the shadow's last column lies just outside the box; Table.tick_timer
    repaints (and refreshes) only the box, so every tick leaves a one-pixel
    column of the old time's shadow beside the clock."""
    with replayable(1) as clock:
        app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
        for _ in range(3):
            clock.advance(1.0)
            app.step(block=False)
    scene = app.scene
    assert scene.ui["timer_text"] == "0:03"
    background = pygame.surfarray.array3d(app.canvas.background)
    assert_same(background, drawn_afresh(app, scene), scene.layout, "the background after three ticks")
    assert_same(pygame.surfarray.array3d(app.screen), background, scene.layout, "the screen after three ticks")


def test_undo_while_gaps_is_paused_shows_no_card(tmp_path):
    """The bug (now fixed): While Gaps is paused (Ctrl+P covers the cards) the Edit menu's
    Undo (Ctrl+Z) still plays: the card flies back and Table.fly's land()
    blits it face up onto the covered table (it ignores app.paused), so a
    card shows while the clock is stopped."""
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    drag(app, center_of(app, "c1"), center_of(app, "a8"))
    assert app.game.history == ["c1-a8"]
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert app.session.clock.paused
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    check(app, "after Ctrl+Z while paused")


def test_losing_the_focus_while_dragging_in_gaps_shows_no_card(tmp_path):
    """The bug (now fixed): App.toggle_pause (here on WINDOWFOCUSLOST) sets paused, then
    calls Table.cancel_carry: the carried card flies home and its land()
    blits it face up onto the covered table (it ignores app.paused):
    switching windows in the middle of a drag shows that card while the
    clock is stopped."""
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    src, dst = center_of(app, "c1"), center_of(app, "a8")
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1))
    pump(app)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=dst, rel=(1, 1), buttons=(1, 0, 0)))
    pump(app)
    assert app.scene.carry is not None
    post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1))
    settle(app)
    assert app.session.clock.paused and app.game.history == []
    check(app, "after the focus was lost in the middle of a drag")


def test_a_card_sent_twice_to_the_same_place_is_drawn_once(tmp_path):
    """The bug (now fixed): A move undone and played again before its card has landed
    leaves two actors flying the same card to the same sprite (the first
    one's is never cancelled); each land() blits the card onto the
    background, and a card blitted over itself has its antialiased edge
    darker (up to ~50 levels on the felt) than one drawn once."""
    app = make_app(tmp_path, "--game", "gaps", "--seed", "3")
    src, dst = center_of(app, "c1"), center_of(app, "a8")
    drop = (dst[0] + 20, dst[1] + 10)
    for kind, attrs in ((pygame.MOUSEMOTION, {"pos": src, "rel": (0, 0), "buttons": (0, 0, 0)}),
                        (pygame.MOUSEBUTTONDOWN, {"pos": src, "button": 1}),
                        (pygame.MOUSEMOTION, {"pos": drop, "rel": (1, 1), "buttons": (1, 0, 0)}),
                        (pygame.MOUSEBUTTONUP, {"pos": drop, "button": 1})):
        pygame.event.post(pygame.event.Event(kind, **attrs))
        pump(app)
    assert app.game.history == ["c1-a8"] and app.scene.actors
    for _ in range(2):              # Gaps' undo toggles: back, and forward again
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z",
                                             scancode=0))
        pump(app)
    assert app.game.history == ["c1-a8"]
    settle(app)
    check(app, "after c1-a8, undone and played again in flight")


def test_the_solver_indicator_is_repainted_after_a_move(tmp_path, monkeypatch):
    asked = []

    def ask(analyst, game, purpose="verdict", budget=0.0, known=True, **more):   # no process: answers are posted here
        analyst.request += 1
        analyst.pending[purpose] = analyst.request
        asked.append(purpose)
        return analyst.request
    monkeypatch.setattr(game.assistant.analyst.Analyst, "ask", ask)
    app = make_app(tmp_path, "--game", "prince", "--seed", "3", "--analysis")
    assert asked == ["verdict"]
    analyst = game.assistant.analyst
    pygame.event.post(pygame.event.Event(analyst.ANSWER,
                                         answer=analyst.Answer(app.analyst.request, "verdict", "unknown")))
    settle(app)
    assert "not known: the solver gave up" in app.status_text()[1], "an unknown says the solver gave up"
    drag(app, center_of(app, "c2"), center_of(app, "f1"))          # the 2H to its foundation
    assert app.game.history == ["c2-f"] and asked == ["verdict", "verdict"]
    assert app.session.verdict == "thinking" and "thinking..." in app.status_text()[1]
    status = app.chrome_rect("status")
    assert_same(pygame.surfarray.array3d(app.screen.subsurface(status)),
                pygame.surfarray.array3d(app.canvas.background.subsurface(status)), app.scene.layout,
                "the status line on screen and in the background (after the move)")
