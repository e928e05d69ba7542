"""The pointer on the table, turned into intents: a press, a drag or a
click picks cards up (what the engine allows), a drop or a second click
plays the move the engine accepts, a double-click sends a card home, a
right-click asks for hints, and a refused move flies back with the reason.

Made by :class:`game.table.table.Table`, with the board it reads and changes, the
painter and animator that show what it does, and the table that plays (or
refuses) its moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame import Rect

import engine

from ..voice.words import speak
from .board import Board, Carry, Press, is_pile, offered

if TYPE_CHECKING:
    from ..media.sound import Sounds
    from .animator import Animator
    from .painter import Painter

DRAG_THRESHOLD = 4          # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4          # seconds


class Plays(Protocol):
    """What the pointer and the keyboard ask of the table: a move played or
    refused, a hint, and what the game's front end makes of a click on the
    stock, the hand, an empty place or a column's spacing control."""

    def try_move(self, text: str, carried: Carry | None = None) -> bool: ...
    def refuse(self, reason: str) -> None: ...
    def hint(self, pos: tuple[int, int]) -> None: ...
    def click_stock(self) -> None: ...
    def hand_click(self) -> None: ...
    def blank_clicked(self, place: str, invert: bool = False, after: str | None = None,
                      by_keys: bool = False) -> None: ...
    def change_spacing(self, control: str) -> None: ...


class Pointer:
    """The pointer's events, as the moves and questions they mean.

    ``board`` is what it picks up, carries, selects and lights; ``game``
    the engine's (what may be picked up, what a drop means); ``painter``
    and ``animator`` draw what it does (cards picked up, cards flying back);
    ``table`` plays and refuses its moves; ``fills_blanks``: a click on an
    empty place fills it (Alt: the opposite); ``sounds``, and the app's
    ``option`` (click to move), ``say`` (the status line) and
    ``toggle_pause`` (a click on the clock)."""

    def __init__(self, board: Board, game: engine.Game, painter: Painter, animator: Animator, table: Plays, *,
                 fills_blanks: bool, sounds: Sounds, option: Callable[[str], object],
                 say: Callable[[str], None], toggle_pause: Callable[[], None]) -> None:
        self.board = board
        self.game = game
        self.painter = painter
        self.animator = animator
        self.table = table
        self.fills_blanks = fills_blanks
        self.sounds = sounds
        self.option = option
        self.say = say
        self.toggle_pause = toggle_pause
        self.last_click: tuple[float, tuple[str, int] | None] = (0.0, None)
        self._glow_cache: dict[str, bool] = {}      # place -> whether what is carried may go there

    def handle_paused(self, event: pygame.event.Event) -> None:
        """The game paused: only a click on the clock counts (it goes on);
        a key says how to go on."""
        if event.type == pygame.KEYDOWN:
            self.say("Paused: click the clock or press Ctrl+P to go on.")
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.board.layout.hit(event.pos)
            if hit and hit[0] == "timer":
                self.toggle_pause()

    def handle(self, event: pygame.event.Event) -> None:
        b = self.board
        if event.type == pygame.MOUSEBUTTONDOWN:
            b.focus = None
            mods = pygame.key.get_mods()
            alt = bool(mods & pygame.KMOD_ALT)
            hit = b.layout.hit(event.pos)
            blank = hit is not None and hit[1] is None and hit[0] in b.layout.slots
            if event.button == 1 and alt and blank and self.fills_blanks:
                self.table.blank_clicked(hit[0], invert=True)
            elif event.button == 3 or (event.button == 1 and alt):
                self.table.hint(event.pos)
            elif event.button == 1:
                self.pointer_down(event.pos, bool(mods & pygame.KMOD_SHIFT))
        elif event.type == pygame.MOUSEMOTION:
            self.pointer_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer_up(event.pos)

    def pointer_down(self, pos: tuple[int, int], shift: bool = False) -> None:
        b = self.board
        if b.actors:
            self.animator.finish_actors()
        if b.carry is not None and b.carry.by_click:
            hit = b.layout.hit(pos)
            if hit is None or not self.holds_one(*hit) or hit[0] == b.carry.place:
                self.drop(pos)
                return
            # another card in a cell (which takes no card on it): that card is picked up instead
            self.cancel_carry()
        hit = b.layout.hit(pos)
        if hit is None:
            self.set_selected(None)
            return
        place, index = hit
        if place == "stock":
            self.table.click_stock()
            return
        if place == "hand":
            self.table.hand_click()
            return
        if place.startswith("spacing:"):
            self.table.change_spacing(place)
            return
        if place == "timer":
            self.toggle_pause()
            return
        offer = offered(b, self.game)
        if offer is not None and (place, index) == (offer[0], None):
            self.table.blank_clicked(place, after=offer[1])     # the gap again: the next card that may go there
            return
        if b.selected is not None and (place, index) != b.selected:
            sel = b.selected
            self.set_selected(None)
            if not self.holds_one(place, index):
                self.move_to(sel[0], sel[1], place)
                return
            # another card in a cell, which takes no card on it (Gaps, Chinese
            # Puzzle): the click selects that card instead, and is no try
        if index is None:
            self.table.blank_clicked(place)
            return
        if shift and hasattr(self.game, "foundation_move"):
            self.to_foundation(place)
            return
        b.press = Press(place, index, pos)

    def holds_one(self, place: str, index: int | None) -> bool:
        """Whether ``place`` is a cell of a grid game holding a card (a cell
        takes one card: a card there is never a destination, only a card to choose)."""
        slot = self.board.layout.slots.get(place)
        return index is not None and slot is not None and slot.kind == "cell"

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        b = self.board
        if b.press is not None and b.carry is None:
            if abs(pos[0] - b.press.pos[0]) + abs(pos[1] - b.press.pos[1]) >= DRAG_THRESHOLD:
                press, b.press = b.press, None
                self.pick_up(press.place, press.index, press.pos)
        if b.carry is not None:
            b.carry.move_to(pos)
            self.update_glow(pos)

    def pointer_up(self, pos: tuple[int, int]) -> None:
        b = self.board
        if b.carry is not None and not b.carry.by_click:
            self.drop(pos)
            return
        press, b.press = b.press, None
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
        offer = offered(b, self.game)
        if offer is not None and key == (offer[1], 0):
            self.set_selected(None)
            self.move_to(offer[1], 0, offer[0])      # the card offered for a gap, chosen: it goes there
            return
        if self.option("move_style") == "click":
            self.pick_up(press.place, press.index, pos, by_click=True)
        else:
            self.set_selected(key if b.selected != key and self.can_pick(press.place, press.index) else None)
        stock_move = self.game.stock_move
        reason = self.game.explain(stock_move) if press.place == "s" and stock_move else None
        if reason is not None:
            # The Republic's turned card lies on the stock: a click there
            # meant to turn another card is told why it cannot
            self.say(speak(self.game, reason))

    def count(self, place: str, index: int) -> int:
        """How many cards a pick-up at ``index`` of ``place`` takes (a column's run, or one card)."""
        return len(self.board.layout.pile(place)) - index if is_pile(self.game, place) else 1

    def can_pick(self, place: str, index: int) -> bool:
        reason = self.game.pickup_reason(place, self.count(place, index))
        if reason is not None:
            self.table.refuse(reason)
            return False
        return True

    def pick_up(self, place: str, index: int, pointer: tuple[int, int], by_click: bool = False) -> None:
        b = self.board
        sprite = b.layout.sprite(place, index)
        if sprite is None or not sprite.face_up:
            self.sounds.play("beep")
            return
        if not self.can_pick(place, index):
            return
        pile = b.layout.pile(place)
        count = self.count(place, index)
        # the pile's sprites above index, in order (a Republic talon shows only its top)
        chosen = [s for s in pile if s.index >= index][:count]
        self.set_selected(None)
        grab = (pointer[0] - sprite.rect.x, pointer[1] - sprite.rect.y)
        b.carry = Carry(place, index, count, grab, [(s.card, s.face_up, Rect(s.rect)) for s in chosen],
                        by_click=by_click)
        b.carry.move_to(pointer)
        self._glow_cache = {}
        for s in chosen:
            b.hidden.add(s.key)
        self.painter.render()
        self.painter.refresh([Rect(s.rect) for s in chosen])
        self.update_glow(pointer)

    def update_glow(self, pointer: tuple[int, int]) -> None:
        """Light the legal destination under the carried cards (the engine
        is asked once per place the pointer enters, not once per motion)."""
        b = self.board
        carry = b.carry
        glow = None
        if carry is not None:
            target = b.layout.drop_target(pointer, carry.rect, exclude=carry.place)
            if target is not None:
                legal = self._glow_cache.get(target)
                if legal is None:
                    legal = self._glow_cache[target] = self.move_text(carry, target) is not None
                if legal:
                    pile = b.layout.pile(target)
                    glow = Rect(pile[-1].rect if pile else b.layout.slots[target].rect)
        b.glow = glow

    def move_text(self, carry: Carry, target: str) -> str | None:
        """The legal move that drops ``carry`` on ``target``, if any."""
        texts = [str(engine.Move(carry.place, target, carry.count))]
        if target.startswith("f"):
            texts.append(str(engine.Move(carry.place, "f", carry.count)))
        for text in texts:
            if self.game.explain(text) is None:
                return text
        return None

    def refuse_drop(self, place: str, target: str, count: int) -> None:
        """A move onto ``target`` the engine refuses: its reason, said."""
        text = str(engine.Move(place, target, count))
        try:
            engine.Move.parse(text)
        except ValueError:          # not a place cards go to (the stock, the hand): no move to explain
            self.table.refuse("Cards cannot be put down there." if count > 1 else "A card cannot be put down there.")
            return
        self.table.refuse(self.game.explain(text) or "That move is not allowed.")

    def drop(self, pointer: tuple[int, int]) -> None:
        b = self.board
        carry, b.carry = b.carry, None
        b.glow = None
        target = b.layout.drop_target(pointer, carry.rect, exclude=carry.place)
        text = self.move_text(carry, target) if target is not None else None
        if text is None:
            self.fly_back(carry)
            if target is not None:
                self.refuse_drop(carry.place, target, carry.count)
            return
        for key in carry.keys:
            b.hidden.discard(key)
        self.table.try_move(text, carry)

    def fly_back(self, carry: Carry) -> None:
        b = self.board
        for (name, up, _home), rect, key in zip(carry.cards, carry.rects, carry.keys):
            sprite = b.layout.sprite(*key)
            if sprite is None:
                b.hidden.discard(key)
                continue
            self.animator.fly(name, up, rect, sprite, b.now, duration=0.18, land_sound=None)

    def cancel_carry(self) -> None:
        b = self.board
        if b.carry is not None:
            carry, b.carry = b.carry, None
            b.glow = None
            self.fly_back(carry)

    def move_to(self, place: str, index: int, target: str) -> None:
        """Click-then-click: the selected card onto the place clicked."""
        count = self.count(place, index)
        text = self.move_text(Carry(place, index, count, (0, 0), []), target)
        if text is None:
            self.refuse_drop(place, target, count)
            return
        self.table.try_move(text)

    def set_selected(self, key: tuple[str, int] | None) -> None:
        b = self.board
        b.selected = key
        if b.offered is not None and key != (b.offered[1], 0):
            b.offered = None            # another card (or none) selected: no card is offered now

    def double_click(self, place: str) -> None:
        """Send a card to a foundation (Card Shell games), or to its only
        destination (Gaps, Chinese Puzzle)."""
        if hasattr(self.game, "foundation_move"):
            self.to_foundation(place)
            return
        targets = [m for m in self.game.legal_moves() if m.src == place]
        if len(targets) == 1:
            self.table.try_move(str(targets[0]))
        else:
            self.table.refuse(self.game.pickup_reason(place) or "That card has no single place to go.")

    def to_foundation(self, place: str) -> None:
        move = self.game.foundation_move(place)
        if move is None:
            self.table.refuse(self.game.explain(str(engine.Move(place, "f"))) or
                              "That card cannot go to a foundation now.")
        else:
            self.table.try_move(str(move))
