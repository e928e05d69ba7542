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
