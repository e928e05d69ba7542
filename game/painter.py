"""The table's painter: the background drawn off screen, the moving things
(cards in flight or carried, the glow, the hint's beacon, the keyboard's
focus) drawn over it each frame, and only the rectangles that changed sent
to the display.

A mixin of :class:`game.table.Table`.
"""

from __future__ import annotations

import json

import pygame
from pygame import Rect

from .layouts import Layout
from .surfaces import BEACON

FLASH_S = 2.6               # a hint's beacon: seconds it shows...
FLASH_BLINK = (0.5, 0.18)   # ... on, then off, and on again


class Painter:
    """Draws the table: the background, what moves over it, and the rectangles to send."""

    def render(self) -> None:
        """Redraw the whole background (off screen).  Paused, the cards are
        covered (Gaps: no peeking while the clock is stopped)."""
        self.app.canvas.render(self.layout, self.hidden, self.parked, self.app.draw_chrome,
                               covered=self.session.clock.paused)

    def full_redraw(self) -> None:
        """Rebuild for a new size or a new game: everything repainted once."""
        self.layout = self.build()
        self.render()
        self.app.window.screen.blit(self.app.canvas.background, (0, 0))
        self._overlay.clear()
        self._pending.clear()
        self.draw_overlay()
        pygame.display.flip()
        self.dump_layout()

    def dump_layout(self) -> None:
        path = self.app.dump_path
        if path:
            data = self.layout.to_json()
            data["game"] = self.game.name
            data["history"] = self.game.history
            data["hints"] = self.session.hints_shown    # the moves H has shown, in order (a driver follows them)
            data["verdict"] = self.session.verdict
            with open(path, "w", encoding="utf-8") as f:
                json.dump(data, f)

    def relayout(self) -> None:
        """After the layout changed: new layout, background redrawn off screen, and only
        what changed copied to the screen."""
        old = self.layout
        self.layout = self.build()
        self.render()
        self.refresh(changed_rects(old, self.layout, self.app.table_area()) + [self.app.chrome_rect("status")])
        self.dump_layout()

    def refresh(self, rects: list[Rect]) -> None:
        for r in rects:
            self.app.canvas.restore(r)
        self._pending.extend(rects)

    def tick_timer(self) -> None:
        """A new second: only the clock's label is repainted (felt behind it)."""
        self.ui["timer_text"] = self.session.clock.text
        canvas = self.app.canvas
        for label in self.layout.labels:
            if label.name == "timer" and not self.session.clock.paused:
                label.text = self.ui["timer_text"]
                box = label.rect.inflate(6, 6)      # the text's shadow falls a pixel outside
                canvas.restore_felt(box)
                canvas.text(canvas.background, label.text, label.rect, label.size, label.colour, label.align)
                self.refresh([box])

    def draw_overlay(self) -> list[Rect]:
        """Restore what moving things covered, draw them where they are now;
        returns the rectangles to send to the display."""
        canvas, screen = self.app.canvas, self.app.window.screen
        for r in self._overlay.values():
            canvas.restore(r)
        new: dict[int, Rect] = {}
        if self.glow is not None:
            screen.blit(canvas.glow(self.glow.size), self.glow)
            new[-1] = Rect(self.glow)
        if self.flash_rects and self.flash_on():
            for n, rect in enumerate(self.flash_rects):
                light = rect.inflate(2 * BEACON, 2 * BEACON)
                screen.blit(canvas.beacon(rect.size), light)
                new[-10 - n] = light
        focus = self.focus_rect()
        if focus is not None:
            frame = focus.inflate(8, 8)
            pygame.draw.rect(screen, (0, 0, 0) if canvas.mono else (120, 200, 255), frame, 3, border_radius=6)
            new[-3] = frame
        if self.selected is not None and self.carry is None:
            sprite = self.layout.sprite(*self.selected)
            if sprite is not None:
                screen.blit(canvas.glow(sprite.rect.size), sprite.rect)
                new[-2] = Rect(sprite.rect)
        def card(name: str, up: bool, rect: Rect, lift: tuple[int, int]) -> Rect:
            shadow = screen.blit(canvas.shadow(rect.size), rect.move(*lift))
            screen.blit(canvas.card_image(name, up, rect.size), rect)
            return shadow.union(rect)

        zoom = self.app.option("zoom")
        screen.set_clip(self.app.table_area())      # nothing in flight crosses the menu bar or the status line
        for actor in self.actors:
            rect = actor.at(self.now) if actor.started and not actor.done else None
            if rect is not None:
                drawn = card(actor.card, actor.face_up, rect, (-3, -1))
                if zoom and actor.duration > 0:
                    # the Finder's zoom: outlines trailing the card as it goes
                    for lag in (0.03, 0.06, 0.09):
                        trail = actor.at(max(actor.t0, self.now - lag))
                        if trail is not None and trail != rect:
                            pygame.draw.rect(screen, (0, 0, 0) if canvas.mono else (255, 240, 200), trail, 1)
                            drawn.union_ip(trail)
                new[id(actor)] = drawn
        screen.set_clip(None)
        if self.carry is not None:
            for k, ((name, up, _), rect) in enumerate(zip(self.carry.cards, self.carry.rects)):
                new[1000 + k] = card(name, up, rect, (-2, 2))
        dirty = list(self._pending)
        self._pending.clear()
        if self.cascade is not None:
            # each card leaves a trail of itself: drawn over what is there,
            # and nothing restored until the cascade ends
            screen.set_clip(self.app.table_area())
            for name, rect in self.cascade.rects(self.now):
                dirty.append(screen.blit(canvas.card_image(name, True, rect.size), rect))
            screen.set_clip(None)
        for key in set(self._overlay) | set(new):
            a, b = self._overlay.get(key), new.get(key)
            dirty.append(a.union(b) if a and b else (a or b))
        self._overlay = new
        return dirty

    def flash_on(self) -> bool:
        """Whether the beacon shows now: on for most of each beat, so it
        is seen at once, with a short dark moment that catches the eye."""
        on, off = FLASH_BLINK
        return (self.now - self.flash_from) % (on + off) < on

    def unflash(self) -> None:
        """The hint's beacon goes out."""
        self.flash_rects = []

    def flash(self, places: list[str], seconds: float = FLASH_S) -> None:
        """Light up cards (or empty places) with the hint's beacon for a few seconds."""
        rects = []
        for place in places:
            pile = self.layout.pile(place)
            if pile:
                rects.append(Rect(pile[-1].rect))
            elif place in self.layout.slots:
                rects.append(Rect(self.layout.slots[place].rect))
        self.flash_rects = rects
        self.flash_from = self.now
        self.flash_until = self.now + seconds


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
