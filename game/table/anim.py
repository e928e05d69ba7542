"""Cards in flight: each one eases from where it was to where it belongs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


@dataclass
class Actor:
    """One card moving on its own, drawn over the background."""
    card: str
    face_up: bool
    start: Rect
    end: Rect
    t0: float                     # scene time it sets off
    duration: float
    on_start: Callable[[], None] | None = None
    on_land: Callable[[], None] | None = None
    lift: float = 0.0             # an arc's height, in pixels
    rect: Rect | None = None      # where it is drawn now (None: not yet)
    started: bool = False
    done: bool = False
    size: tuple[int, int] = field(init=False)

    def __post_init__(self) -> None:
        self.size = self.end.size

    def at(self, now: float) -> Rect | None:
        """The card's rectangle at scene time ``now`` (None before it starts)."""
        if now < self.t0:
            return None
        t = 1.0 if self.duration <= 0 else min(1.0, (now - self.t0) / self.duration)
        e = ease_out(t)
        x = self.start.x + (self.end.x - self.start.x) * e
        y = self.start.y + (self.end.y - self.start.y) * e - self.lift * 4 * t * (1 - t)
        w = self.start.w + (self.end.w - self.start.w) * e
        h = self.start.h + (self.end.h - self.start.h) * e
        return Rect(round(x), round(y), round(w), round(h))

    def finished(self, now: float) -> bool:
        return now >= self.t0 + self.duration


CASCADE_GRAVITY = 2000.0      # pixels per second squared
CASCADE_BOUNCE = 0.7          # what is left of a fall's speed after a bounce
CASCADE_LAUNCH = 3.0          # seconds over which every card sets off
CASCADE_MAX = 6.0             # seconds at most, whatever is still bouncing


@dataclass
class Faller:
    """A card of the win's cascade: it springs off its place, falls, bounces
    on the table's foot and leaves by a side."""
    card: str
    start: Rect
    t0: float
    vx: float
    vy: float


class Cascade:
    """The win: the cards spring off the table one by one, each leaving a
    trail of itself as it bounces away (the celebration players know from
    the classic patience games).  ``area``: where they fall and bounce."""

    def __init__(self, cards: list[tuple[str, Rect]], area: Rect, t0: float) -> None:
        self.area = Rect(area)
        gap = min(0.08, CASCADE_LAUNCH / max(1, len(cards)))
        self.fallers = []
        for n, (card, rect) in enumerate(cards):
            side = -1 if (n // 2) % 2 else 1
            if rect.centerx < area.x + area.w * 0.25:
                side = 1
            elif rect.centerx > area.x + area.w * 0.75:
                side = -1
            # brisk across, so each is gone in a few bounces; a small hop up
            # (the foundations are near the menu bar in most layouts)
            speed = 300 + (n * 37) % 200
            self.fallers.append(Faller(card, Rect(rect), t0 + n * gap, side * speed, -(60 + (n * 53) % 160)))
        self.t0 = t0
        self.end = t0 + CASCADE_MAX

    def where(self, f: Faller, now: float) -> Rect | None:
        """``f``'s rectangle at ``now``; None before it sets off or once gone."""
        t = now - f.t0
        if t < 0:
            return None
        x = f.start.x + f.vx * t
        if x + f.start.w < self.area.left or x > self.area.right:
            return None
        floor = self.area.bottom - f.start.h
        y, vy, left = float(f.start.y), f.vy, t
        while True:             # flight to the next bounce, then the bounce
            # time to reach the floor from y with speed vy: y + vy s + g s^2 / 2 = floor
            a, b, c = CASCADE_GRAVITY / 2, vy, y - floor
            s = (-b + (b * b - 4 * a * c) ** 0.5) / (2 * a) if b * b - 4 * a * c >= 0 else left
            if s >= left or abs(vy) < 1 and s <= 0:
                y = min(floor, y + vy * left + CASCADE_GRAVITY * left * left / 2)
                break
            left -= max(s, 1e-3)
            vy = -(vy + CASCADE_GRAVITY * s) * CASCADE_BOUNCE
            y = floor
            if abs(vy) < 40:
                vy = 0.0
                y = floor
                break
        return Rect(round(x), round(y), f.start.w, f.start.h)

    def rects(self, now: float) -> list[tuple[str, Rect]]:
        found = []
        for f in self.fallers:
            r = self.where(f, now)
            if r is not None:
                found.append((f.card, r))
        return found

    def done(self, now: float) -> bool:
        if now >= self.end:
            return True
        last = max((f.t0 for f in self.fallers), default=self.t0)
        return now > last and not self.rects(now)
