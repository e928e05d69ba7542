"""What the table shows, in one record: the layout, the cards hidden or
parked while others fly, the cards in flight and the scene's clock, what is
carried, pressed, selected, lit or focused, the hint's beacon, the win's
cascade and the table's view options.

The :class:`~game.table.Table` makes one :class:`Board` and hands it to the
parts that draw it or change it: the painter, the animator, the pointer and
the keyboard.  Each part's own workings stay its own; only this is shared.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect

import engine

from .anim import Actor, Cascade
from .layouts import Layout


@dataclass
class Carry:
    """Cards picked up: by dragging, or by a click in click-to-move mode."""
    place: str
    index: int
    count: int
    grab: tuple[int, int]                    # pointer offset from the first card
    cards: list[tuple[str, bool, Rect]]      # name, face up, home rect
    rects: list[Rect] = field(default_factory=list)
    by_click: bool = False

    @property
    def keys(self) -> list[tuple[str, int]]:
        return [(self.place, self.index + k) for k in range(self.count)]

    def move_to(self, pointer: tuple[int, int]) -> None:
        x0, y0 = self.cards[0][2].topleft
        dx, dy = pointer[0] - self.grab[0] - x0, pointer[1] - self.grab[1] - y0
        self.rects = [r.move(dx, dy) for _, _, r in self.cards]

    @property
    def rect(self) -> Rect:
        return self.rects[0].unionall(self.rects[1:])


@dataclass
class Press:
    """A button held on a card, not yet a drag or a click."""
    place: str
    index: int
    pos: tuple[int, int]


@dataclass
class Board:
    """The table's shared drawn state (a record: its parts read and change it)."""

    layout: Layout | None = None                # laid out by the painter as the table is made
    hidden: set[tuple[str, int]] = field(default_factory=set)    # sprites not drawn (in flight, carried)
    parked: list[list] = field(default_factory=list)    # [name, face_up, rect]: cards shown where no pile holds them
    actors: list[Actor] = field(default_factory=list)   # cards in flight
    after_actors: list[Callable[[], None]] = field(default_factory=list)  # to do once every card has landed
    now: float = 0.0                            # the scene's clock
    carry: Carry | None = None
    press: Press | None = None
    selected: tuple[str, int] | None = None
    glow: Rect | None = None                    # the legal destination under what is carried
    focus: tuple[str, int | None] | None = None     # the keyboard's place
    flash_rects: list[Rect] = field(default_factory=list)     # the hint's beacon
    flash_from: float = 0.0
    flash_until: float = 0.0
    cascade: Cascade | None = None              # the win's celebration, while it plays


def is_pile(game: engine.Game, place: str) -> bool:
    """Whether ``place`` is a column whose cards move as runs (picked up from any face-up card)."""
    return place[0] == "c" and game.moves_runs
