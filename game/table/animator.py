"""The table's animator: the engine's events turned into cards in flight,
from where they were drawn to where the new layout puts them (a deal, a
redeal, aces leaving, a card flying home), and the win's cascade.  A card
that lands is laid onto the background and only its rectangle repainted.

Made by :class:`game.table.table.Table`, with the board whose cards it moves and
the painter that draws them where they land.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pygame import Rect

from engine import events as ev
from engine.cards import RANKS

from ..layouts import Layout
from .anim import Actor, Cascade
from .board import Board, Carry

if TYPE_CHECKING:
    from ..media.sound import Sounds
    from ..media.surfaces import Canvas
    from .painter import Painter

FLY = 0.16                  # seconds for a card to settle


class Animator:
    """Cards in flight: from the engine's events to actors, landing on the background.

    ``board`` holds the cards in flight, hidden and parked, and the scene's
    clock; ``painter`` redraws where they land; ``canvas`` is the background
    they are laid on; ``sounds`` and the app's ``option`` (fast aces) and
    ``table_area``; ``show_result`` follows the win's cascade and
    ``show_over`` a game that ends with no move left."""

    def __init__(self, board: Board, painter: Painter, *, canvas: Canvas, sounds: Sounds,
                 option: Callable[[str], object], table_area: Callable[[], Rect],
                 show_result: Callable[[], None], show_over: Callable[[], None]) -> None:
        self.board = board
        self.painter = painter
        self.canvas = canvas
        self.sounds = sounds
        self.option = option
        self.table_area = table_area
        self.show_result = show_result
        self.show_over = show_over

    def update(self, step: float) -> None:
        b = self.board
        b.now += step
        if b.flash_rects and b.now >= b.flash_until:
            b.flash_rects = []
        for actor in b.actors:
            if not actor.started and b.now >= actor.t0:
                actor.started = True
                if actor.on_start:
                    actor.on_start()
            if actor.started and not actor.done and actor.finished(b.now):
                actor.done = True
                if actor.on_land:
                    actor.on_land()
        if b.cascade is not None and b.cascade.done(b.now):
            self.end_cascade()
        if b.actors and all(a.done for a in b.actors):
            b.actors.clear()
            todo, b.after_actors = b.after_actors, []
            for thing in todo:
                thing()

    def when_landed(self, then: Callable[[], None]) -> None:
        """``then()`` once every card in flight has landed: at once when none flies."""
        if self.board.actors:
            self.board.after_actors.append(then)
        else:
            then()

    def animate(self, events: list[ev.Event], old: Layout | None, carried: Carry | None = None) -> None:
        """Turn the engine's events into cards in flight, from where they were
        drawn (the carried cards' rectangles, or ``old``) to the new layout."""
        new = self.board.layout
        claimed: set[tuple[str, int]] = set()
        carried_rects = {}
        if carried is not None:
            carried_rects = {name: rect for (name, _, _), rect in zip(carried.cards, carried.rects)}
        start = max([self.board.now] + [a.t0 + a.duration for a in self.board.actors])
        t = start
        fast = self.option("fast_aces")
        # a deal comes from the stock where there is one, else from the
        # table's foot (inside the table: never over the status line)
        deck = Rect(0, 0, *new.card)
        if "stock" in new.slots:
            deck.topleft = new.slots["stock"].rect.topleft
        else:
            deck.midbottom = self.table_area().midbottom
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
                        self.board.actors.append(Actor(card, True, begin, Rect(stock.rect), t, FLY))
                        t += 0.03
            elif isinstance(event, ev.CardsDealt):
                source = self.where(old, "stock", "") if event.source != "deck" else deck
                self.sounds.play("shuffle" if event.source == "deck" else "deal")
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
                self.sounds.play("shuffle")
                middle = Rect(0, 0, *new.card)
                middle.center = self.table_area().center
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
                t = max([t] + [a.t0 + a.duration for a in self.board.actors]) + 0.15
                for card, place in event.cards:
                    self.unpark(card, place, new, t)
                    t += 0.0 if fast else 0.28
            elif isinstance(event, ev.CardTurned):
                self.sounds.play("turn")
            elif isinstance(event, ev.Won):
                self.board.after_actors.append(self.celebrate)
            elif isinstance(event, ev.Over):
                self.board.after_actors.append(self.show_over)

    def claim(self, layout: Layout, place: str, card: str, claimed: set, top: bool):
        """The sprite in ``layout`` a card lands on (hidden until it lands)."""
        pile = layout.pile(place)
        order = reversed(pile) if top else pile
        for s in order:
            if s.key in claimed:
                continue
            if s.card == card or (not s.face_up and not s.card):
                claimed.add(s.key)
                self.board.hidden.add(s.key)
                return s
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
        b = self.board

        def land() -> None:
            b.hidden.discard(key)
            s = b.layout.sprite(*key)
            if s is not None:
                # laid on the background with the cards above it in its pile, so
                # they stay above it (a sequence's cards can land in any order)
                above = [a for a in b.layout.pile(s.place) if a.index >= s.index]
                laid = self.canvas.lay(b.layout, above, b.hidden, b.parked)
                if laid is None:        # something is drawn over them: the whole background again
                    self.painter.render()
                    laid = [Rect(a.rect) for a in above]
                self.painter.refresh(laid)
            if land_sound:
                self.sounds.play(land_sound)

        distance = abs(start.x - rect.x) + abs(start.y - rect.y)
        dur = duration if distance > 4 else 0.0
        b.actors.append(Actor(card, face_up, Rect(start), rect, t0, dur, on_land=land))

    def keep_beneath(self, old: Layout | None, place: str, target) -> None:
        """A foundation shows only its top card: while a card flies onto
        it, the card it covers stays in sight (shown parked) until it lands."""
        beneath = old.pile(place) if old is not None else []
        if not beneath or not beneath[-1].face_up or Rect(beneath[-1].rect) != Rect(target.rect):
            return
        entry = [beneath[-1].card, True, Rect(target.rect)]
        self.board.parked.append(entry)
        actor = self.board.actors[-1]
        landed = actor.on_land

        def land() -> None:
            if entry in self.board.parked:
                self.board.parked.remove(entry)
            if landed:
                landed()
        actor.on_land = land

    def park(self, card: str, start: Rect, rect: Rect, t0: float) -> None:
        """A card that lands where no pile will hold it (an ace before it goes)."""
        entry = [card, True, Rect(rect)]

        def land() -> None:
            self.board.parked.append(entry)
            self.canvas.background.blit(self.canvas.card_image(card, True, rect.size), rect)
            self.painter.refresh([Rect(rect)])

        self.board.actors.append(Actor(card, True, Rect(start), Rect(rect), t0, 0.22, on_land=land))

    def unpark(self, card: str, place: str, layout: Layout, t0: float) -> None:
        """An ace leaving the table, with its plink (unless "fast aces")."""
        slot = layout.slots.get(place)
        if slot is None:
            return
        rect = Rect(slot.rect)
        away = rect.move(0, -rect.bottom - 20)
        fast = self.option("fast_aces")

        def start() -> None:
            for entry in list(self.board.parked):
                if entry[0] == card and entry[2] == rect:
                    self.board.parked.remove(entry)
            self.painter.render()
            self.painter.refresh([Rect(rect)])
            if not fast:
                self.sounds.play("plink")

        self.board.actors.append(Actor(card, True, rect, away, t0, 0.0 if fast else 0.35, on_start=start))

    def celebrate(self) -> None:
        """The win: a cascade of the cards (any key or click skips it), then the result."""
        self.sounds.play("win")
        self.board.cascade = Cascade(self.cascade_cards(), self.table_area(), self.board.now + 0.3)

    def cascade_cards(self) -> list[tuple[str, Rect]]:
        """The cards that spring off, in turn: each foundation's whole suit,
        its top card first (the foundations show only their tops), one card
        from each foundation at a time; then every other card face up on the
        table, from the right."""
        layout = self.board.layout
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
        if self.board.cascade is None:
            return
        self.board.cascade = None
        self.painter.full_redraw()
        self.show_result()

    def finish_actors(self) -> None:
        """Land every card in flight at once (a click does not wait for
        them), and end a win's cascade."""
        while self.board.actors:
            end = max(a.t0 + a.duration for a in self.board.actors)
            self.update(max(0.0, end - self.board.now) + 1e-6)
        self.end_cascade()
