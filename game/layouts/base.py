"""Where things sit on the table: the shared part of every game's layout.

A layout is computed from the engine's position and the window's size, and
nothing else: the table asks the engine what lies where, and the layout
says where that is drawn.  It names every place in the move notation
(``a0``, ``c3``, ``f2``, ``s``, ``t``), so a click turns into a move by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pygame import Rect


@dataclass
class Slot:
    """A place on the table: where its pile starts, and how it fans."""
    place: str
    rect: Rect
    kind: str                      # cell, column, foundation, stock, talon, turned, packet, reserve
    outline: str | None = "outline"  # the picture drawn when it is empty (None: nothing)
    drop: Rect | None = None       # the area that counts as dropping on it (default: its cards)


@dataclass
class Sprite:
    """A card at rest."""
    card: str                      # "7H"
    place: str
    index: int                     # 0 is the bottom of its pile
    rect: Rect
    face_up: bool = True
    locked: bool = False           # in its final place (drawn a little differently)

    @property
    def key(self) -> tuple[str, int]:
        return (self.place, self.index)


@dataclass
class Label:
    text: str
    rect: Rect                     # the box the text is centred in
    size: int = 20
    colour: tuple[int, int, int] = (240, 240, 230)
    align: str = "center"          # center, left, right
    name: str | None = None        # a label the table updates by itself (the timer)
    role: str | None = None        # what it marks on the table: "row" or "column" (a grid's letters, numbers)


@dataclass
class Picture:
    name: str                      # a sheet picture: gravestone, hand0..hand3, redeal, ...
    rect: Rect
    place: str | None = None       # clicking it means this (e.g. "hand", "stock")


@dataclass
class Layout:
    size: tuple[int, int]
    card: tuple[int, int]          # card width and height in pixels
    slots: dict[str, Slot] = field(default_factory=dict)
    sprites: list[Sprite] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)

    # ----------------------------------------------------------- building
    def add_slot(self, place: str, rect: Rect, kind: str, outline: str | None = "outline") -> Slot:
        slot = Slot(place, Rect(rect), kind, outline)
        self.slots[place] = slot
        return slot

    def add_pile(self, place: str, cards: list[str], face_up: list[bool] | None = None,
                 step: tuple[int, int] = (0, 0), bottom: int | None = None,
                 down_step: tuple[int, int] | None = None, least: int = 0) -> None:
        """Sprites for a pile lying from its slot's corner, each card offset
        by ``step`` (``down_step`` for face-down ones); a fan that would pass
        ``bottom`` is squeezed to fit, but a face-up card keeps at least
        ``least`` pixels showing (its corner index) and face-down ones give
        way first."""
        slot = self.slots[place]
        n = len(cards)
        ups = face_up if face_up is not None else [True] * n
        dstep = down_step or step
        steps = [(step if ups[i] else dstep) for i in range(n - 1)]
        if bottom is not None and n > 1:
            room = max(0, bottom - slot.rect.top - slot.rect.height)
            floors = [min(s[1], least if ups[i] else 0) for i, s in enumerate(steps)]
            if sum(floors) > room:     # not even the indices fit: squeeze them too
                floors = [f * room // sum(floors) for f in floors]
            need = sum(s[1] for s in steps)
            if need > room:
                # squeeze what stands above each card's floor, all in proportion
                spare = need - sum(floors)
                scale = max(0.0, (room - sum(floors)) / spare) if spare else 0.0
                steps = [(s[0], f + int((s[1] - f) * scale)) for s, f in zip(steps, floors)]
        x, y = slot.rect.topleft
        for i, name in enumerate(cards):
            self.sprites.append(Sprite(name, place, i, Rect(x, y, *self.card), ups[i]))
            if i < n - 1:
                x += steps[i][0]
                y += steps[i][1]

    # ----------------------------------------------------------- asking
    def _piles(self) -> dict[str, list[Sprite]]:
        """Sprites by place, rebuilt whenever sprites were added since."""
        cache = self.__dict__.get("_pile_cache")
        if cache is None or cache[0] != len(self.sprites):
            piles: dict[str, list[Sprite]] = {}
            for s in self.sprites:
                piles.setdefault(s.place, []).append(s)
            cache = (len(self.sprites), piles, {})
            self.__dict__["_pile_cache"] = cache
        return cache[1]

    def pile(self, place: str) -> list[Sprite]:
        return list(self._piles().get(place, ()))

    def sprite(self, place: str, index: int) -> Sprite | None:
        for s in self._piles().get(place, ()):
            if s.index == index:
                return s
        return None

    def hit(self, pos: tuple[int, int]) -> tuple[str, int | None] | None:
        """What is under the pointer: ``(place, index)`` of the topmost card,
        ``(place, None)`` for an empty place or a picture, else ``None``."""
        for s in reversed(self.sprites):
            if s.rect.collidepoint(pos):
                return s.place, s.index
        for slot in self.slots.values():
            if slot.rect.collidepoint(pos):
                return slot.place, None
        for p in self.pictures:
            if p.place and p.rect.collidepoint(pos):
                return p.place, None
        return None

    def drop_area(self, place: str) -> Rect:
        self._piles()
        areas = self.__dict__["_pile_cache"][2]
        if place not in areas:
            slot = self.slots[place]
            area = Rect(slot.drop or slot.rect)
            for s in self._piles().get(place, ()):
                area.union_ip(s.rect)
            areas[place] = area
        return areas[place]

    def drop_target(self, pointer: tuple[int, int], carried: Rect, exclude: str | None = None) -> str | None:
        """The place a carried card is dropped on: the one under the pointer,
        else the one it overlaps most."""
        cache = self.__dict__.get("_drop_list")
        if cache is None or cache[0] != len(self.sprites):
            places = list(self.slots)
            cache = (len(self.sprites), places, [self.drop_area(p) for p in places])
            self.__dict__["_drop_list"] = cache
        _, places, areas = cache
        for i in Rect(pointer, (1, 1)).collidelistall(areas):
            if places[i] != exclude:
                return places[i]
        best, best_area = None, 0
        for i in carried.collidelistall(areas):
            if places[i] != exclude:
                overlap = areas[i].clip(carried)
                if overlap.w * overlap.h > best_area:
                    best, best_area = places[i], overlap.w * overlap.h
        return best

    def to_json(self) -> dict[str, Any]:
        """Every place and every visible card, in window pixels (--dump-layout)."""
        def box(r: Rect) -> list[int]:
            return [r.x, r.y, r.w, r.h]
        places = {p: box(s.rect) for p, s in self.slots.items()}
        founds = [s.rect for p, s in self.slots.items() if s.kind == "foundation"]
        if founds:
            places["f"] = box(founds[0].unionall(founds[1:]))
        cards = [{"card": s.card if s.face_up else None, "place": s.place, "index": s.index,
                  "face_up": s.face_up, "rect": box(s.rect)} for s in self.sprites]
        pictures = [{"picture": p.name, "place": p.place, "rect": box(p.rect)} for p in self.pictures]
        return {"size": list(self.size), "card": list(self.card), "places": places,
                "cards": cards, "pictures": pictures}


#: a label's smallest font size: its digits stand 10 pixels tall at least
#: (pygame-ce's own font; ``tests/test_table_fill.py`` measures it)
MIN_TEXT = 20
#: what a table leaves around its cards, at most, as a share of its width
#: or height (its cards as large as the table allows, and centred)
MARGIN = 0.02


def card_size_for(width_cards: float, height_cards: float, area: Rect, aspect: float) -> tuple[int, int]:
    """The largest card (w, h) such that ``width_cards`` card widths fit the
    area's width and ``height_cards`` card heights its height: no limit
    but the table's (the built-in faces are drawn for the largest screens,
    ``game/media/sheet.py``)."""
    w = min(area.w * (1 - MARGIN) / width_cards, area.h / height_cards * aspect)
    w = max(int(w), 16)
    return w, max(int(round(w / aspect)), 22)


def spread(cards: float, gaps: int, cw: int, width: int, least: float, most: float) -> int:
    """The step from one pile to the next (a card and a gap) so that a row
    of ``cards`` card widths and ``gaps`` gaps fills ``width``: the gap at
    least ``least`` and at most ``most`` card widths."""
    if gaps <= 0:
        return cw
    gap = (width * (1 - MARGIN) - cards * cw) / gaps
    return cw + int(min(most * cw, max(least * cw, gap)))


def is_pile(game, place: str) -> bool:
    """Whether ``place`` is a column whose cards move as runs (picked up from
    any face-up card): a column of a game whose engine moves runs."""
    return place[0] == "c" and game.moves_runs
