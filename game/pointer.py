"""The pointer on the table, turned into intents: a press, a drag or a
click picks cards up (what the engine allows), a drop or a second click
plays the move the engine accepts, a double-click sends a card home, a
right-click asks for hints, and a refused move flies back with the reason.

A mixin of :class:`game.table.Table`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame
from pygame import Rect

from .words import speak

DRAG_THRESHOLD = 4          # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4          # seconds


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
    place: str
    index: int
    pos: tuple[int, int]


class Pointer:
    """The pointer's events, as the moves and questions they mean."""

    def handle(self, event: pygame.event.Event) -> None:
        if self.session.clock.paused:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                hit = self.layout.hit(event.pos)
                if hit and hit[0] == "timer":
                    self.app.toggle_pause()
            return
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus = None
            mods = pygame.key.get_mods()
            alt = bool(mods & pygame.KMOD_ALT)
            hit = self.layout.hit(event.pos)
            blank = hit is not None and hit[1] is None and hit[0] in self.layout.slots
            if event.button == 1 and alt and blank and self.front.fills_blanks:
                self.blank_clicked(hit[0], invert=True)
            elif event.button == 3 or (event.button == 1 and alt):
                self.hint(event.pos)
            elif event.button == 1:
                self.pointer_down(event.pos, bool(mods & pygame.KMOD_SHIFT))
        elif event.type == pygame.MOUSEMOTION:
            self.pointer_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer_up(event.pos)

    def pointer_down(self, pos: tuple[int, int], shift: bool = False) -> None:
        if self.actors:
            self.finish_actors()
        if self.carry is not None and self.carry.by_click:
            self.drop(pos)
            return
        hit = self.layout.hit(pos)
        if hit is None:
            self.set_selected(None)
            return
        place, index = hit
        if place == "stock":
            self.click_stock()
            return
        if place == "hand":
            self.front.hand_click(self)
            return
        if place.startswith("spacing:"):
            self.change_spacing(place)
            return
        if place == "timer":
            self.app.toggle_pause()
            return
        if self.selected is not None and (place, index) != self.selected:
            sel = self.selected
            self.set_selected(None)
            self.move_to(sel[0], sel[1], place)
            return
        if index is None:
            self.blank_clicked(place)
            return
        if shift and hasattr(self.game, "foundation_move"):
            self.to_foundation(place)
            return
        self.press = Press(place, index, pos)

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.carry is None:
            if abs(pos[0] - self.press.pos[0]) + abs(pos[1] - self.press.pos[1]) >= DRAG_THRESHOLD:
                press, self.press = self.press, None
                self.pick_up(press.place, press.index, press.pos)
        if self.carry is not None:
            self.carry.move_to(pos)
            self.update_glow(pos)

    def pointer_up(self, pos: tuple[int, int]) -> None:
        if self.carry is not None and not self.carry.by_click:
            self.drop(pos)
            return
        press, self.press = self.press, None
        if press is None:
            return
        key = (press.place, press.index)
        when, last = self.last_click
        now = time.monotonic()
        self.last_click = (now, key)
        if last == key and now - when < DOUBLE_CLICK:
            self.set_selected(None)
            self.double_click(press.place)
            return
        if self.app.option("move_style") == "click":
            self.pick_up(press.place, press.index, pos, by_click=True)
        else:
            self.set_selected(key if self.selected != key and self.can_pick(press.place, press.index) else None)
        stock_move = self.game.stock_move
        reason = self.game.explain(stock_move) if press.place == "s" and stock_move else None
        if reason is not None:
            # The Republic's turned card lies on the stock: a click there
            # meant to turn another card is told why it cannot
            self.app.set_message(speak(self.game, reason))

    def can_pick(self, place: str, index: int) -> bool:
        count = len(self.layout.pile(place)) - index if self.is_pile(place) else 1
        reason = self.game.pickup_reason(place, count)
        if reason is not None:
            self.refuse(reason)
            return False
        return True

    def pick_up(self, place: str, index: int, pointer: tuple[int, int], by_click: bool = False) -> None:
        sprite = self.layout.sprite(place, index)
        if sprite is None or not sprite.face_up:
            self.app.sounds.play("beep")
            return
        if not self.can_pick(place, index):
            return
        pile = self.layout.pile(place)
        count = len(pile) - index if self.is_pile(place) else 1
        # the pile's sprites above index, in order (a Republic talon shows only its top)
        chosen = [s for s in pile if s.index >= index][:count]
        self.set_selected(None)
        grab = (pointer[0] - sprite.rect.x, pointer[1] - sprite.rect.y)
        self.carry = Carry(place, index, count, grab, [(s.card, s.face_up, Rect(s.rect)) for s in chosen],
                           by_click=by_click)
        self.carry.move_to(pointer)
        self._glow_cache: dict[str, bool] = {}
        for s in chosen:
            self.hidden.add(s.key)
        self.render()
        self.refresh([Rect(s.rect) for s in chosen])
        self.update_glow(pointer)

    def update_glow(self, pointer: tuple[int, int]) -> None:
        """Light the legal destination under the carried cards (the engine
        is asked once per place the pointer enters, not once per motion)."""
        carry = self.carry
        glow = None
        if carry is not None:
            target = self.layout.drop_target(pointer, carry.rect, exclude=carry.place)
            if target is not None:
                legal = self._glow_cache.get(target)
                if legal is None:
                    legal = self._glow_cache[target] = self.move_text(carry, target) is not None
                if legal:
                    pile = self.layout.pile(target)
                    glow = Rect(pile[-1].rect if pile else self.layout.slots[target].rect)
        self.glow = glow

    def move_text(self, carry: Carry, target: str) -> str | None:
        """The legal move that drops ``carry`` on ``target``, if any."""
        suffix = f":{carry.count}" if carry.count > 1 else ""
        texts = [f"{carry.place}-{target}{suffix}"]
        if target.startswith("f"):
            texts.append(f"{carry.place}-f{suffix}")
        for text in texts:
            if self.game.explain(text) is None:
                return text
        return None

    def drop(self, pointer: tuple[int, int]) -> None:
        carry, self.carry = self.carry, None
        self.glow = None
        target = self.layout.drop_target(pointer, carry.rect, exclude=carry.place)
        moved_far = carry.rects[0].topleft != carry.cards[0][2].topleft
        if target is not None:
            text = self.move_text(carry, target)
            if text is not None:
                for key in carry.keys:
                    self.hidden.discard(key)
                self.illegal = 0
                old = self.layout
                events = self.game.play(text)
                self.after_play(events, old, carry)
                return
            suffix = f":{carry.count}" if carry.count > 1 else ""
            self.fly_back(carry)
            self.refuse(self.game.explain(f"{carry.place}-{target}{suffix}") or "That move is not allowed.")
            return
        self.fly_back(carry)
        if moved_far and carry.by_click is False and target is None:
            pass

    def fly_back(self, carry: Carry) -> None:
        for (name, up, _home), rect, key in zip(carry.cards, carry.rects, carry.keys):
            sprite = self.layout.sprite(*key)
            if sprite is None:
                self.hidden.discard(key)
                continue
            self.fly(name, up, rect, sprite, self.now, duration=0.18, land_sound=None)

    def cancel_carry(self) -> None:
        if self.carry is not None:
            carry, self.carry = self.carry, None
            self.glow = None
            self.fly_back(carry)

    def move_to(self, place: str, index: int, target: str) -> None:
        """Click-then-click: the selected card onto the place clicked."""
        count = len(self.layout.pile(place)) - index if self.is_pile(place) else 1
        carry = Carry(place, index, count, (0, 0), [])
        text = self.move_text(carry, target)
        if text is None:
            suffix = f":{count}" if count > 1 else ""
            self.refuse(self.game.explain(f"{place}-{target}{suffix}") or "That move is not allowed.")
            return
        self.try_move(text)

    def set_selected(self, key: tuple[str, int] | None) -> None:
        self.selected = key

    def double_click(self, place: str) -> None:
        """Send a card to a foundation (Card Shell games), or to its only
        destination (Gaps, Chinese Puzzle)."""
        if hasattr(self.game, "foundation_move"):
            self.to_foundation(place)
            return
        targets = [m for m in self.game.legal_moves() if m.src == place]
        if len(targets) == 1:
            self.try_move(str(targets[0]))
        else:
            self.refuse(self.game.pickup_reason(place) or "That card has no single place to go.")

    def to_foundation(self, place: str) -> None:
        move = self.game.foundation_move(place)
        if move is None:
            self.refuse(self.game.explain(f"{place}-f") or "That card cannot go to a foundation now.")
        else:
            self.try_move(str(move))
