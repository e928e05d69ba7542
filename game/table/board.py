"""What the table shows, in one record: the layout, the cards hidden or
parked while others fly, the cards in flight and the scene's clock, what is
carried, pressed, selected, lit or focused, the hint's beacon, the win's
cascade and the table's view options.

The :class:`~game.table.table.Table` makes one :class:`Board` and hands it to the
parts that draw it or change it: the painter, the animator, the pointer and
the keyboard.  Each part's own workings stay its own; only this is shared.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect

import engine

from ..layouts import Layout, is_pile
from .anim import Actor, Cascade


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
    # a card offered for a gap, one of several that may go there (Fill.more):
    # (the gap, where the card lies, the moves played when it was offered)
    offered: tuple[str, str, int] | None = None
    glow: Rect | None = None                    # the legal destination under what is carried
    focus: tuple[str, int | None] | None = None     # the keyboard's place
    flash_rects: list[Rect] = field(default_factory=list)     # the hint's beacon
    flash_from: float = 0.0
    flash_until: float = 0.0
    cascade: Cascade | None = None              # the win's celebration, while it plays


def offered(board: Board, game: engine.Game) -> tuple[str, str] | None:
    """The gap and the card offered for it (one of several that may go
    there), while that card is still the one selected and no move has been
    played since; else None."""
    if board.offered is None:
        return None
    gap, src, moves = board.offered
    if board.selected != (src, 0) or len(game.history) != moves or board.carry is not None:
        return None
    return gap, src


def focus_targets(layout: Layout, game: engine.Game) -> list[tuple[str, int | None, Rect]]:
    """Everything the keyboard focus can rest on: each place (its top
    card, or the empty place), each face-up card of a column (to pick up
    a run from it), the stock and the Gaps hand."""
    found = []
    for place, slot in layout.slots.items():
        pile = layout.pile(place)
        if is_pile(game, place) and pile:
            found += [(place, s.index, s.rect) for s in pile if s.face_up]
        elif pile:
            found.append((place, pile[-1].index, pile[-1].rect))
        else:
            found.append((place, None, slot.rect))
    for pic in layout.pictures:
        if pic.place in ("stock", "hand") and pic.place not in layout.slots:
            found.append((pic.place, None, pic.rect))
    return found


def focus_rect(board: Board, game: engine.Game) -> Rect | None:
    """Where the focus is drawn (a column's run: all its cards), or None.
    A card focused that has gone (moved, or the layout changed) leaves the
    focus on its place."""
    if board.focus is None:
        return None
    targets = focus_targets(board.layout, game)
    if not any((p, i) == board.focus for p, i, _ in targets):
        same = [(p, i) for p, i, _ in targets if p == board.focus[0]]
        board.focus = same[-1] if same else (targets[0][0], targets[0][1])
    for place, index, rect in targets:
        if (place, index) == board.focus:
            if is_pile(game, place) and index is not None:
                pile = board.layout.pile(place)
                return rect.unionall([s.rect for s in pile if s.index >= index])
            return Rect(rect)
    return None
