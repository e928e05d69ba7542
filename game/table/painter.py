"""The table's painter: the table laid out, the background drawn off screen,
the moving things (cards in flight or carried, the glow, the hint's beacon,
the keyboard's focus) drawn over it each frame, and only the rectangles that
changed sent to the display.

Made by :class:`game.table.table.Table`, with the board it draws and what it
draws with.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from ..games import build
from ..layouts import Layout
from ..media.surfaces import BEACON, Canvas
from .board import Board, focus_rect

if TYPE_CHECKING:
    from ..shell.window import Window
    from .session import Session

FLASH_S = 2.6               # a hint's beacon: seconds it shows...
FLASH_BLINK = (0.5, 0.18)   # ... on, then off, and on again

#: the bar along a card locked in its place: green, where the keyboard's focus is gold
LOCKED_BAR = (46, 168, 92)
LOCKED_EDGE = (14, 80, 40)


def layout_options(session, option) -> dict:
    """The layout's options, read from their owners each time the table is
    laid out: each column's spacing (the session's), whether the clock is
    shown (``option``: the preference) and its time (the session's clock)."""
    return {"spacing": session.spacing, "timer_shown": bool(option("timer_shown")), "timer_text": session.clock.text}


class Painter:
    """Draws the table: the background, what moves over it, and the rectangles to send.

    ``board`` is what it draws; ``session`` the game (its clock covers the
    cards while paused); ``canvas`` the background and the card images;
    ``window`` the screen; the app's ``option``, ``table_area``,
    ``chrome_rect``, ``card_aspect`` and ``draw_chrome`` (the menu bar and
    status line, drawn on the background); ``dump_path``: where the layout
    is written after each change (``--dump-layout``), or None."""

    def __init__(self, board: Board, session: Session, *, canvas: Canvas, window: Window,
                 option: Callable[[str], object], table_area: Callable[[], Rect],
                 chrome_rect: Callable[[str], Rect], card_aspect: Callable[[], float],
                 draw_chrome: Callable[[pygame.Surface], None], dump_path: str | None) -> None:
        self.board = board
        self.session = session
        self.game = session.game
        self.canvas = canvas
        self.window = window
        self.option = option
        self.table_area = table_area
        self.chrome_rect = chrome_rect
        self.card_aspect = card_aspect
        self.draw_chrome = draw_chrome
        self.dump_path = dump_path
        self._overlay: dict[int, Rect] = {}     # what was drawn over the background last frame, by who drew it
        self._pending: list[Rect] = []          # background repainted, not yet sent to the display

    def build(self) -> Layout:
        """The table laid out for the game as it is now."""
        return build(self.game, self.table_area(), self.card_aspect(), layout_options(self.session, self.option))

    def render(self) -> None:
        """Redraw the whole background (off screen).  Paused, the cards are
        covered (Gaps: no peeking while the clock is stopped)."""
        b = self.board
        self.canvas.render(b.layout, b.hidden, b.parked, self.draw_chrome, covered=self.session.clock.paused)
        self.mark_locked()

    def mark_locked(self, within: list[Rect] | None = None) -> None:
        """A card locked in its final place (Gaps, Chinese Puzzle) carries a
        bar along its foot, green (Black & White: ink), so it is told from a
        loose card at a glance, and never taken for the keyboard's focus,
        which is gold; drawn opaque, so drawing it twice changes
        nothing.  ``within``: only the cards meeting these rectangles."""
        b = self.board
        if self.session.clock.paused:
            return
        bg = self.canvas.background
        mono = self.canvas.mono
        for s in b.layout.sprites:
            if not s.locked or s.key in b.hidden or not s.face_up:
                continue
            if within is not None and s.rect.collidelist(within) < 0:
                continue
            if any(r.colliderect(s.rect) for _, _, r in b.parked):
                continue                # a card parked over it (the deal's aces) hides its foot
            bar = locked_bar(s.rect)
            if mono:
                pygame.draw.rect(bg, (0, 0, 0), bar)
            else:
                pygame.draw.rect(bg, LOCKED_EDGE, bar)
                pygame.draw.rect(bg, LOCKED_BAR, bar.inflate(-2, -2))

    def full_redraw(self) -> None:
        """Rebuild for a new size or a new game: everything repainted once."""
        self.board.layout = self.build()
        self.render()
        self.window.screen.blit(self.canvas.background, (0, 0))
        self._overlay.clear()
        self._pending.clear()
        self.draw_overlay()
        pygame.display.flip()
        self.dump_layout()

    def dump_layout(self) -> None:
        path = self.dump_path
        if path:
            data = self.board.layout.to_json()
            data["game"] = self.game.name
            data["history"] = self.game.history
            data["hints"] = self.session.hints_shown    # the moves H has shown, in order (a driver follows them)
            data["verdict"] = self.session.verdict
            with open(path, "w", encoding="utf-8") as f:
                json.dump(data, f)

    def relayout(self) -> None:
        """After the layout changed: new layout, background redrawn off screen, and only
        what changed copied to the screen."""
        b = self.board
        old = b.layout
        b.layout = self.build()
        self.render()
        self.refresh(changed_rects(old, b.layout, self.table_area()) + [self.chrome_rect("status")])
        self.dump_layout()

    def refresh(self, rects: list[Rect]) -> None:
        self.mark_locked(rects)         # a card laid down on the background anew keeps its mark
        for r in rects:
            self.canvas.restore(r)
        self._pending.extend(rects)

    def tick_timer(self) -> None:
        """A new second: only the clock's label is repainted (felt behind it)."""
        canvas = self.canvas
        if self.session.front.clocked:
            # the time is on the status line (The Republic, The Smith, The Prince): it is drawn again
            self.draw_chrome(canvas.background)
            self.refresh([self.chrome_rect("status")])
        for label in self.board.layout.labels:
            if label.name == "timer" and not self.session.clock.paused:
                label.text = self.session.clock.text
                box = label.rect.inflate(6, 6)      # the text's shadow falls a pixel outside
                canvas.restore_felt(box)
                canvas.text(canvas.background, label.text, label.rect, label.size, label.colour, label.align)
                self.refresh([box])

    def draw_overlay(self) -> list[Rect]:
        """Restore what moving things covered, draw them where they are now;
        returns the rectangles to send to the display."""
        b = self.board
        canvas, screen = self.canvas, self.window.screen
        for r in self._overlay.values():
            canvas.restore(r)
        new: dict[int, Rect] = {}
        if b.glow is not None:
            screen.blit(canvas.glow(b.glow.size), b.glow)
            new[-1] = Rect(b.glow)
        if b.flash_rects and self.flash_on():
            for n, rect in enumerate(beacon_rects(b.flash_rects)):
                light = rect.inflate(2 * BEACON, 2 * BEACON)
                screen.blit(canvas.beacon(rect.size), light)
                new[-10 - n] = light
        focus = focus_rect(b, self.game) if not (b.actors or b.cascade) else None
        if focus is not None:
            # a double frame, light outside and dark inside, seen on cards and on felt
            # (its lines grow with the cards: as clear on a 4K table as in a small window)
            dark, light = ((0, 0, 0), (255, 255, 255)) if canvas.mono else ((10, 20, 70), (255, 214, 0))
            w = max(3, round(b.layout.card[0] / 32))
            frame = focus.inflate(4 * w, 4 * w)
            pygame.draw.rect(screen, light, frame, w, border_radius=2 * w + 2)
            pygame.draw.rect(screen, dark, focus.inflate(2 * w, 2 * w), w, border_radius=2 * w)
            new[-3] = frame
        if b.selected is not None and b.carry is None:
            sprite = b.layout.sprite(*b.selected)
            if sprite is not None:
                screen.blit(canvas.glow(sprite.rect.size), sprite.rect)
                new[-2] = Rect(sprite.rect)
        def card(name: str, up: bool, rect: Rect, lift: tuple[int, int]) -> Rect:
            shadow = screen.blit(canvas.shadow(rect.size), rect.move(*lift))
            screen.blit(canvas.card_image(name, up, rect.size), rect)
            return shadow.union(rect)

        zoom = self.option("zoom")
        screen.set_clip(self.table_area())      # nothing in flight crosses the menu bar or the status line
        for actor in b.actors:
            rect = actor.at(b.now) if actor.started and not actor.done else None
            if rect is not None:
                drawn = card(actor.card, actor.face_up, rect, (-3, -1))
                if zoom and actor.duration > 0:
                    # the Finder's zoom: outlines trailing the card as it goes
                    for lag in (0.03, 0.06, 0.09):
                        trail = actor.at(max(actor.t0, b.now - lag))
                        if trail is not None and trail != rect:
                            pygame.draw.rect(screen, (0, 0, 0) if canvas.mono else (255, 240, 200), trail, 1)
                            drawn.union_ip(trail)
                new[id(actor)] = drawn
        screen.set_clip(None)
        if b.carry is not None:
            for k, ((name, up, _), rect) in enumerate(zip(b.carry.cards, b.carry.rects)):
                new[1000 + k] = card(name, up, rect, (-2, 2))
        dirty = list(self._pending)
        self._pending.clear()
        if b.cascade is not None:
            # each card leaves a trail of itself: drawn over what is there,
            # and nothing restored until the cascade ends
            screen.set_clip(self.table_area())
            for name, rect in b.cascade.rects(b.now):
                dirty.append(screen.blit(canvas.card_image(name, True, rect.size), rect))
            screen.set_clip(None)
        for key in set(self._overlay) | set(new):
            a, c = self._overlay.get(key), new.get(key)
            dirty.append(a.union(c) if a and c else (a or c))
        self._overlay = new
        return dirty

    def flash_on(self) -> bool:
        """Whether the beacon shows now: on for most of each beat, so it
        is seen at once, with a short dark moment that catches the eye."""
        on, off = FLASH_BLINK
        b = self.board
        return (b.now - b.flash_from) % (on + off) < on

    def unflash(self) -> None:
        """The hint's beacon goes out."""
        self.board.flash_rects = []

    def flash(self, places: list[str], seconds: float = FLASH_S) -> None:
        """Light up cards (or empty places) with the hint's beacon for a few seconds."""
        b = self.board
        rects = []
        for place in places:
            pile = b.layout.pile(place)
            if pile:
                rects.append(Rect(pile[-1].rect))
            elif place in b.layout.slots:
                rects.append(Rect(b.layout.slots[place].rect))
        b.flash_rects = rects
        b.flash_from = b.now
        b.flash_until = b.now + seconds


def beacon_rects(rects: list[Rect]) -> list[Rect]:
    """The outlines a hint draws: cards that overlap (a run fanned down a
    column) share one outline round them all, not a ring each."""
    merged: list[Rect] = []
    for rect in rects:
        rect = Rect(rect)
        for other in [m for m in merged if m.colliderect(rect)]:
            merged.remove(other)
            rect.union_ip(other)
        merged.append(rect)
    # a union may now reach another outline: again until none overlap
    return merged if len(merged) == len(rects) else beacon_rects(merged)


def locked_bar(card: Rect) -> Rect:
    """Where a locked card's bar lies: along its foot, inside its border,
    clear of the index in its lower right corner."""
    h = max(3, card.h // 24)
    inset = max(3, card.w // 8)
    return Rect(card.x + inset, card.bottom - h - max(2, card.h // 40), int(card.w * 0.68) - inset, h)


def changed_rects(old: Layout, new: Layout, area: Rect) -> list[Rect]:
    """The screen rectangles where two layouts of the table ``area`` differ."""
    if old.size != new.size or old.card != new.card:
        return [Rect(area)]
    rects: list[Rect] = []

    def compare(a: dict, b: dict) -> None:
        for key in set(a) | set(b):
            if a.get(key) != b.get(key):
                for side in (a.get(key), b.get(key)):
                    if side is not None:
                        rects.append(Rect(side[-1]))

    compare({s.key: (s.card, s.face_up, s.locked, tuple(s.rect)) for s in old.sprites},
            {s.key: (s.card, s.face_up, s.locked, tuple(s.rect)) for s in new.sprites})
    compare({(lb.name or tuple(lb.rect)): (lb.text, lb.size, lb.colour, tuple(lb.rect)) for lb in old.labels},
            {(lb.name or tuple(lb.rect)): (lb.text, lb.size, lb.colour, tuple(lb.rect)) for lb in new.labels})
    compare({tuple(p.rect): (p.name, tuple(p.rect)) for p in old.pictures},
            {tuple(p.rect): (p.name, tuple(p.rect)) for p in new.pictures})
    compare({p: (s.outline, tuple(s.rect)) for p, s in old.slots.items()},
            {p: (s.outline, tuple(s.rect)) for p, s in new.slots.items()})
    return [r.inflate(4, 4) for r in rects]
