"""A game on the table: the pointer, the cards in flight, and what to redraw.

The table never decides a rule.  It asks the engine what may be picked up
(``pickup_reason``), whether a drop is a move (``explain``), and plays it;
the engine's events say which cards went where, and the table animates them
from where they were drawn to where the new layout puts them.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import pygame
from pygame import Rect

import engine
from engine import events as ev
from engine.cards import RANKS

from .anim import Actor, Cascade
from .games import front_of
from .layouts import Layout, build
from .surfaces import BEACON
from .words import describe, speak

DRAG_THRESHOLD = 4          # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4          # seconds
FLY = 0.16                  # seconds for a card to settle
FLASH_S = 2.6               # a hint's beacon: seconds it shows...
FLASH_BLINK = (0.5, 0.18)   # ... on, then off, and on again
ILLEGAL_TRIES = 3           # beeps before the alert says why


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


class Table:
    """One game being played.  ``app`` supplies the canvas, sounds, options,
    the table's area and alerts."""

    def __init__(self, app, game: engine.Game, opening: bool = True) -> None:
        self.app = app
        self.game = game
        self.front = front_of(game)         # what this game answers (its menus, words, clicks)
        self.ui: dict = {"spacing": {}, "timer_shown": True, "timer_text": "0:00"}
        self.hidden: set[tuple[str, int]] = set()
        self.parked: list[list] = []       # [name, face_up, rect]: cards shown where no pile holds them
        self.actors: list[Actor] = []
        self.now = 0.0
        self.carry: Carry | None = None
        self.press: Press | None = None
        self.selected: tuple[str, int] | None = None
        self.glow: Rect | None = None
        self.illegal = 0
        self.last_click: tuple[float, tuple[str, int] | None] = (0.0, None)
        self.elapsed = 0.0
        self.message = ""
        self.after_actors: list = []       # things to do once every card has landed
        self.cascade: Cascade | None = None     # the win's celebration, while it plays
        self.flash_rects: list[Rect] = []
        self._glow_cache: dict[str, bool] = {}
        self.focus: tuple[str, int | None] | None = None     # the keyboard's place
        self.flash_until = 0.0
        self.flash_from = 0.0
        self._overlay: dict[int, Rect] = {}
        self._pending: list[Rect] = []
        self.layout = self.build()
        if opening:
            self.animate(game.opening_events, old=None)
        self.render()

    # ----------------------------------------------------------- layout
    def build(self) -> Layout:
        minutes, seconds = divmod(int(self.elapsed), 60)
        self.ui["timer_text"] = f"{minutes}:{seconds:02d}"
        return build(self.game, self.app.table_area(), self.app.card_aspect(), self.ui)

    def render(self) -> None:
        """Redraw the whole background (off screen).  Paused, the cards are
        covered (Gaps: no peeking while the clock is stopped)."""
        self.app.canvas.render(self.layout, self.hidden, self.parked, self.app.draw_chrome,
                               covered=self.app.paused)

    def full_redraw(self) -> None:
        """Rebuild for a new size or a new game: everything repainted once."""
        self.layout = self.build()
        self.render()
        self.app.screen.blit(self.app.canvas.background, (0, 0))
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

    # ----------------------------------------------------------- time
    @property
    def busy(self) -> bool:
        """Something moves by itself (cards in flight, a flash): the loop
        runs its frames.  A card carried or a button held does not count:
        it moves only when the pointer does, and each motion is an event."""
        return bool(self.actors or self.flash_rects or self.cascade)

    def real_time(self, dt: float) -> None:
        """Wall-clock time passing (the Gaps timer counts real seconds, even
        across the loop's idle sleeps)."""
        if self.timer_running:
            before = int(self.elapsed)
            self.elapsed += dt
            if int(self.elapsed) != before:
                self.tick_timer()

    def update(self, step: float) -> None:
        self.now += step
        if self.flash_rects and self.now >= self.flash_until:
            self.flash_rects = []
        for actor in self.actors:
            if not actor.started and self.now >= actor.t0:
                actor.started = True
                if actor.on_start:
                    actor.on_start()
            if actor.started and not actor.done and actor.finished(self.now):
                actor.done = True
                if actor.on_land:
                    actor.on_land()
        if self.cascade is not None and self.cascade.done(self.now):
            self.end_cascade()
        if self.actors and all(a.done for a in self.actors):
            self.actors.clear()
            todo, self.after_actors = self.after_actors, []
            for thing in todo:
                thing()

    @property
    def timer_running(self) -> bool:
        return (self.front.timed and not self.app.modal and not self.game.over
                and not getattr(self.app, "paused", False))

    def next_tick(self) -> float | None:
        """Seconds until the table needs to draw by itself (the timer)."""
        if not self.timer_running:
            return None
        return 1.0 - (self.elapsed % 1.0)

    def tick_timer(self) -> None:
        """A new second: only the clock's label is repainted (felt behind it)."""
        minutes, seconds = divmod(int(self.elapsed), 60)
        self.ui["timer_text"] = f"{minutes}:{seconds:02d}"
        canvas = self.app.canvas
        for label in self.layout.labels:
            if label.name == "timer" and not self.app.paused:
                label.text = self.ui["timer_text"]
                box = label.rect.inflate(6, 6)      # the text's shadow falls a pixel outside
                canvas.restore_felt(box)
                canvas.text(canvas.background, label.text, label.rect, label.size, label.colour, label.align)
                self.refresh([box])

    # ----------------------------------------------------------- drawing
    def draw_overlay(self) -> list[Rect]:
        """Restore what moving things covered, draw them where they are now;
        returns the rectangles to send to the display."""
        canvas, screen = self.app.canvas, self.app.screen
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

    # ----------------------------------------------------------- moves
    def try_move(self, text: str, carried: Carry | None = None) -> bool:
        """Play ``text`` if the engine allows it; otherwise beep (and, after
        three tries in a row, say why).  Returns whether it was played."""
        if self.app.paused:
            return False
        reason = self.game.explain(text)
        if reason is not None:
            self.refuse(reason)
            return False
        self.illegal = 0
        old = self.layout
        events = self.game.play(text)
        self.after_play(events, old, carried)
        return True

    def refuse(self, reason: str) -> None:
        """A refused action: a beep, and the reason in words on the status
        line at once (a player without sound sees why); after three tries
        in a row, in an alert."""
        self.app.sounds.play("beep")
        reason = speak(self.game, reason)
        self.illegal += 1
        if self.illegal >= ILLEGAL_TRIES:
            self.illegal = 0
            self.app.alert(reason)
        else:
            self.app.set_message(reason)

    def after_play(self, events: list[ev.Event], old: Layout, carried: Carry | None = None) -> None:
        """A move was made: lay the table out anew, send the moved cards
        flying from where they were drawn, and repaint what changed."""
        self.selected = None
        self.flash_rects = []          # a hint's flash is about the table as it was
        if self.actors:
            self.finish_actors()       # the last move's cards land before this one's fly
        self.layout = self.build()
        self.animate(events, old, carried)
        self.render()
        self.refresh(changed_rects(old, self.layout, self.app.table_area()) + [self.app.chrome_rect("status")])
        self.dump_layout()
        self.app.on_game_changed()

    def undo(self) -> None:
        if self.app.paused:
            return
        if self.carry:
            self.cancel_carry()
        old = self.layout
        events = self.game.undo() if self.game.can_undo else self.game.redo() if (
            self.front.undo_toggles and self.game.can_redo) else []
        if events:
            self.app.sounds.play("place")
            self.after_play(events, old)

    def redo(self) -> None:
        if self.app.paused:
            return
        old = self.layout
        events = self.game.redo()
        if events:
            self.after_play(events, old)

    # ----------------------------------------------------------- animation
    def animate(self, events: list[ev.Event], old: Layout | None, carried: Carry | None = None) -> None:
        """Turn the engine's events into cards in flight, from where they were
        drawn (the carried cards' rectangles, or ``old``) to the new layout."""
        new = self.layout
        claimed: set[tuple[str, int]] = set()
        carried_rects = {}
        if carried is not None:
            carried_rects = {name: rect for (name, _, _), rect in zip(carried.cards, carried.rects)}
        start = max([self.now] + [a.t0 + a.duration for a in self.actors])
        t = start
        fast = self.app.option("fast_aces")
        # a deal comes from the stock where there is one, else from the
        # table's foot (inside the table: never over the status line)
        deck = Rect(0, 0, *new.card)
        if "stock" in new.slots:
            deck.topleft = new.slots["stock"].rect.topleft
        else:
            deck.midbottom = self.app.table_area().midbottom
        # a card dealt and moved on in the same events (The Prince's aces) is
        # dealt straight to where it ends
        moved_on = {(e.card, e.src): e for e in events if isinstance(e, ev.CardMoved)}
        skip: set[int] = set()
        for event in events:
            if id(event) in skip:
                continue
            if isinstance(event, ev.CardMoved):
                src = carried_rects.pop(event.card, None) or self.where(old, event.src, event.card)
                if src is None:
                    continue            # nothing was drawn to fly from: the new layout shows it
                target = self.claim(new, event.dst, event.card, claimed, top=True)
                if target is not None:
                    self.fly(event.card, True, src, target, t, land_sound="place")
                    if event.dst.startswith("f"):
                        self.keep_beneath(old, event.dst, target)
                    t += 0.02 if carried else 0.06
            elif isinstance(event, ev.CardsDealt) and event.undone:
                # cards going back to the stock: they fly there and vanish
                stock = new.slots.get("stock")
                for card, place in event.cards:
                    begin = self.where(old, place, card)
                    if begin is not None and stock is not None:
                        self.actors.append(Actor(card, True, begin, Rect(stock.rect), t, FLY))
                        t += 0.03
            elif isinstance(event, ev.CardsDealt):
                source = self.where(old, "stock", "") if event.source != "deck" else deck
                self.app.sounds.play("shuffle" if event.source == "deck" else "deal")
                for card, place in event.cards:
                    later = moved_on.get((card, place))
                    if later is not None and not any(s.card == card for s in new.pile(place)):
                        skip.add(id(later))
                        place = later.dst
                    target = self.claim(new, place, card, claimed, top=event.source != "deck")
                    begin = source or deck
                    if target is not None:
                        self.fly(card, target.face_up if hasattr(target, "face_up") else True, begin,
                                 target, t, duration=0.22, land_sound=None)
                    elif new.slots.get(place):
                        self.park(card, begin, new.slots[place].rect, t)
                    t += 0.012 if event.source == "deck" else 0.05
            elif isinstance(event, ev.Redealt):
                self.app.sounds.play("shuffle")
                middle = Rect(0, 0, *new.card)
                middle.center = self.app.table_area().center
                for card, place in event.cards:
                    if card is None:
                        continue
                    target = self.claim(new, place, card, claimed, top=True)
                    if target is not None:
                        self.fly(card, True, middle, target, t, duration=0.25)
                    elif new.slots.get(place):
                        self.park(card, middle, new.slots[place].rect, t)
                    t += 0.01
            elif isinstance(event, ev.AcesRemoved):
                t = max([t] + [a.t0 + a.duration for a in self.actors]) + 0.15
                for card, place in event.cards:
                    self.unpark(card, place, new, t)
                    t += 0.0 if fast else 0.28
            elif isinstance(event, ev.CardTurned):
                self.app.sounds.play("turn")
            elif isinstance(event, ev.Won):
                self.after_actors.append(self.celebrate)
            elif isinstance(event, ev.Over):
                self.after_actors.append(self.game_over)
    def claim(self, layout: Layout, place: str, card: str, claimed: set, top: bool):
        """The sprite in ``layout`` a card lands on (hidden until it lands)."""
        pile = layout.pile(place)
        order = reversed(pile) if top else pile
        fallback = None
        for s in order:
            if s.key in claimed:
                continue
            if s.card == card or (not s.face_up and not s.card):
                claimed.add(s.key)
                self.hidden.add(s.key)
                return s
            if fallback is None:
                fallback = s
        return None

    def where(self, layout: Layout | None, place: str, card: str) -> Rect | None:
        """Where a card was drawn before the move (or its place, or the stock)."""
        if layout is None:
            return None
        for s in reversed(layout.pile(place)):
            if s.card == card:
                return Rect(s.rect)
        for name in (place, "stock" if place == "s" else place):
            if name in layout.slots:
                pile = layout.pile(name)
                return Rect(pile[-1].rect if pile else layout.slots[name].rect)
        return None

    def fly(self, card: str, face_up: bool, start: Rect, sprite, t0: float,
            duration: float = FLY, land_sound: str | None = "place") -> None:
        key, rect = sprite.key, Rect(sprite.rect)

        def land() -> None:
            self.hidden.discard(key)
            s = self.layout.sprite(*key)
            if s is not None:
                # laid on the background with the cards above it in its pile, so
                # they stay above it (a sequence's cards can land in any order)
                above = [a for a in self.layout.pile(s.place) if a.index >= s.index]
                laid = self.app.canvas.lay(self.layout, above, self.hidden, self.parked)
                if laid is None:        # something is drawn over them: the whole background again
                    self.render()
                    laid = [Rect(a.rect) for a in above]
                self.refresh(laid)
            if land_sound:
                self.app.sounds.play(land_sound)

        distance = abs(start.x - rect.x) + abs(start.y - rect.y)
        dur = duration if distance > 4 else 0.0
        self.actors.append(Actor(card, face_up, Rect(start), rect, t0, dur, on_land=land))

    def keep_beneath(self, old: Layout | None, place: str, target) -> None:
        """A foundation shows only its top card: while a card flies onto
        it, the card it covers stays in sight (shown parked) until it lands."""
        beneath = old.pile(place) if old is not None else []
        if not beneath or not beneath[-1].face_up or Rect(beneath[-1].rect) != Rect(target.rect):
            return
        entry = [beneath[-1].card, True, Rect(target.rect)]
        self.parked.append(entry)
        actor = self.actors[-1]
        landed = actor.on_land

        def land() -> None:
            if entry in self.parked:
                self.parked.remove(entry)
            if landed:
                landed()
        actor.on_land = land

    def park(self, card: str, start: Rect, rect: Rect, t0: float) -> None:
        """A card that lands where no pile will hold it (an ace before it goes)."""
        entry = [card, True, Rect(rect)]

        def land() -> None:
            self.parked.append(entry)
            self.app.canvas.background.blit(self.app.canvas.card_image(card, True, rect.size), rect)
            self.refresh([Rect(rect)])

        self.actors.append(Actor(card, True, Rect(start), Rect(rect), t0, 0.22, on_land=land))

    def unpark(self, card: str, place: str, layout: Layout, t0: float) -> None:
        """An ace leaving the table, with its plink (unless "fast aces")."""
        slot = layout.slots.get(place)
        if slot is None:
            return
        rect = Rect(slot.rect)
        away = rect.move(0, -rect.bottom - 20)
        fast = self.app.option("fast_aces")

        def start() -> None:
            for entry in list(self.parked):
                if entry[0] == card and entry[2] == rect:
                    self.parked.remove(entry)
            self.render()
            self.refresh([Rect(rect)])
            if not fast:
                self.app.sounds.play("plink")

        self.actors.append(Actor(card, True, rect, away, t0, 0.0 if fast else 0.35, on_start=start))

    def celebrate(self) -> None:
        """The win: a cascade of the cards (any key or click skips it), then the result."""
        self.app.sounds.play("win")
        self.cascade = Cascade(self.cascade_cards(), self.app.table_area(), self.now + 0.3)

    def cascade_cards(self) -> list[tuple[str, Rect]]:
        """The cards that spring off, in turn: each foundation's whole suit,
        its top card first (the foundations show only their tops), one card
        from each foundation at a time; then every other card face up on the
        table, from the right."""
        layout = self.layout
        runs = []
        for place in sorted(layout.slots, key=lambda p: (p[0] != "f", layout.slots[p].rect.x)):
            pile = layout.pile(place)
            if not place.startswith("f") or not pile or not pile[-1].face_up:
                continue
            top = pile[-1]
            rank, suit = RANKS.index(top.card[0]), top.card[1]
            step = -1 if rank >= 6 else 1          # a king on top: K, Q, ... A; an ace: A, 2, ... K
            runs.append([(RANKS[(rank + step * k) % 13] + suit, Rect(top.rect)) for k in range(13)])
        cards = [card for row in zip(*runs) for card in row] if runs else []
        rest = [s for s in layout.sprites if s.face_up and not s.place.startswith("f")]
        rest.sort(key=lambda s: (-s.rect.x, s.rect.y))
        return cards + [(s.card, Rect(s.rect)) for s in rest]

    def end_cascade(self) -> None:
        """The cascade ends (played out, or skipped): the table as it is, then the result."""
        if self.cascade is None:
            return
        self.cascade = None
        self.full_redraw()
        self.app.show_result()

    def game_over(self) -> None:
        self.app.show_over()

    # ----------------------------------------------------------- keyboard
    def focus_targets(self) -> list[tuple[str, int | None, Rect]]:
        """Everything the keyboard focus can rest on: each place (its top
        card, or the empty place), each face-up card of a column (to pick up
        a run from it), the stock and the Gaps hand."""
        layout = self.layout
        found = []
        for place, slot in layout.slots.items():
            pile = layout.pile(place)
            if self.is_pile(place) and pile:
                found += [(place, s.index, s.rect) for s in pile if s.face_up]
            elif pile:
                found.append((place, pile[-1].index, pile[-1].rect))
            else:
                found.append((place, None, slot.rect))
        for pic in layout.pictures:
            if pic.place in ("stock", "hand") and pic.place not in layout.slots:
                found.append((pic.place, None, pic.rect))
        return found

    def focus_rect(self) -> Rect | None:
        if self.focus is None:
            return None
        targets = self.focus_targets()
        if not any((p, i) == self.focus for p, i, _ in targets):
            # the card focused has gone (moved, or the layout changed): the
            # focus stays on its place
            same = [(p, i) for p, i, _ in targets if p == self.focus[0]]
            self.focus = same[-1] if same else (targets[0][0], targets[0][1])
        for place, index, rect in targets:
            if (place, index) == self.focus:
                if self.is_pile(place) and index is not None:
                    pile = self.layout.pile(place)
                    return rect.unionall([s.rect for s in pile if s.index >= index])
                return Rect(rect)
        return None

    def move_focus(self, dx: int, dy: int) -> None:
        """Arrow keys: to the nearest target in that direction (within a
        column first, for Up and Down)."""
        targets = self.focus_targets()
        current = self.focus_rect()
        if current is None:
            place, index, _ = targets[0]
            self.focus = (place, index)
            return
        if dy and self.is_pile(self.focus[0]) and self.focus[1] is not None:
            pile = [s for s in self.layout.pile(self.focus[0]) if s.face_up]
            indexes = [s.index for s in pile]
            k = indexes.index(self.focus[1]) if self.focus[1] in indexes else len(indexes) - 1
            if 0 <= k + dy < len(indexes):
                self.focus = (self.focus[0], indexes[k + dy])
                return
        here = Rect(current.x, current.y, current.w, min(current.h, self.layout.card[1]))
        best, best_cost = None, None
        for place, index, rect in targets:
            if place == self.focus[0]:
                continue
            ax, ay = rect.centerx - here.centerx, rect.centery - here.centery
            along = ax * dx + ay * dy
            if along <= 0:
                continue
            # how far off the line of travel: measured to the place's whole
            # area, so an empty column is as near as a long one beside it
            area = self.layout.drop_area(place) if place in self.layout.slots else rect
            if dx:
                across = max(0, area.top - here.centery, here.centery - area.bottom)
            else:
                across = max(0, area.left - here.centerx, here.centerx - area.right)
            cost = along + 3 * across
            if self.is_pile(place) and index is not None:
                pile = self.layout.pile(place)
                cost += 0 if index == pile[-1].index else 10000   # land on a column's top card
            if best_cost is None or cost < best_cost:
                best, best_cost = (place, index), cost
        if best is not None:
            self.focus = best

    def key(self, event: pygame.event.Event) -> None:
        """Playing without a mouse: arrows move the focus, Enter or Space
        picks up and puts down (or turns the stock, uses the hand), Escape
        puts back."""
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if event.key in arrows:
            self.move_focus(*arrows[event.key])
            if self.carry is not None and self.carry.by_click:
                rect = self.focus_rect()
                if rect is not None:
                    self.carry.move_to((rect.x + self.carry.grab[0], rect.y + self.carry.grab[1] + 12))
            return
        if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or self.focus is None:
            return
        place, index = self.focus
        if self.carry is not None:
            carry, self.carry = self.carry, None
            text = self.move_text(carry, place)
            for key in carry.keys:
                self.hidden.discard(key)
            if text is None:
                self.render()
                self.refresh([Rect(r) for _, _, r in carry.cards])
                suffix = f":{carry.count}" if carry.count > 1 else ""
                self.refuse(self.game.explain(f"{carry.place}-{place}{suffix}") or "That move is not allowed.")
                return
            self.render()
            self.try_move(text)
            return
        if place == "stock":
            self.click_stock()
        elif place == "hand":
            self.front.hand_click(self)
        elif index is None:
            self.blank_clicked(place)
        else:
            rect = self.layout.sprite(place, index).rect
            self.pick_up(place, index, (rect.x + 8, rect.y + 8), by_click=True)
            if self.carry is not None:
                self.carry.move_to((rect.x + 8, rect.y + 20))

    # ----------------------------------------------------------- hints
    def flash_on(self) -> bool:
        """Whether the beacon shows now: on for most of each beat, so it
        is seen at once, with a short dark moment that catches the eye."""
        on, off = FLASH_BLINK
        return (self.now - self.flash_from) % (on + off) < on

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

    def hint(self, pos: tuple[int, int]) -> None:
        """Alt-click or right-click: the places the game's front end names
        (Gaps and Chinese Puzzle: the engine's ``hint_places``; the Card
        Shell games: where the card may go).  A beep when there is nothing
        to show (a card in final position, a dead gap)."""
        hit = self.layout.hit(pos)
        if hit is None or hit[0] not in self.layout.slots:
            return
        place, index = hit
        places = self.front.hint_places(self, place, index)
        if places:
            self.flash(places)
        else:
            self.app.sounds.play("beep")

    def show_move(self, text: str) -> None:
        """A hint: the move's card and its destination flash."""
        m = engine.Move.parse(text)
        if m.word is not None:
            self.flash(["stock"] if "stock" in self.layout.slots else [])
            self.app.set_message(f"Hint: {describe(self.game, text)}.")
            return
        dst = m.dst if m.dst != "f" else (self.foundation_of(m.src, m.count) or m.dst)
        places = [m.src, dst]
        self.flash(places)
        if self.is_pile(m.src) and m.count > 1:
            pile = self.layout.pile(m.src)
            self.flash_rects = [s.rect for s in pile[-m.count:]] + self.flash_rects[1:]
        self.app.set_message(f"Hint: {describe(self.game, text)}.")

    def foundation_of(self, place: str, count: int) -> str | None:
        suffix = f":{count}" if count > 1 else ""
        for slot in self.layout.slots:
            if slot[0] == "f" and self.game.explain(f"{place}-{slot}{suffix}") is None:
                return slot
        return None

    def blank_clicked(self, place: str, invert: bool = False) -> None:
        """A click on an empty cell: the game's front end fills it, or not
        (Gaps: the card that belongs there; Alt inverts its option)."""
        self.front.fill_blank(self, place, invert)

    # ----------------------------------------------------------- pointer
    def handle(self, event: pygame.event.Event) -> None:
        if self.app.paused:
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
        if press.place == "s" and self.game.explain("turn") is not None:
            # The Republic's turned card lies on the stock: a click there
            # meant to turn another card is told why it cannot
            self.app.set_message(speak(self.game, self.game.explain("turn")))

    def can_pick(self, place: str, index: int) -> bool:
        count = len(self.layout.pile(place)) - index if self.is_pile(place) else 1
        reason = self.game.pickup_reason(place, count)
        if reason is not None:
            self.refuse(reason)
            return False
        return True

    def is_pile(self, place: str) -> bool:
        return place[0] == "c" and self.front.piles

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

    def click_stock(self) -> None:
        self.front.stock_click(self)

    def change_spacing(self, control: str) -> None:
        _, place, change = control.split(":")
        factor = self.ui["spacing"].get(place, 1.0)
        factor = {"less": max(0.25, factor - 0.25), "more": min(2.5, factor + 0.25), "reset": 1.0}[change]
        self.ui["spacing"][place] = factor
        self.relayout()

    def finish_actors(self) -> None:
        """Land every card in flight at once (a click does not wait for
        them), and end a win's cascade."""
        while self.actors:
            end = max(a.t0 + a.duration for a in self.actors)
            self.update(max(0.0, end - self.now) + 1e-6)
        self.end_cascade()


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
