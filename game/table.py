"""A game on the table: its moves, undo and redo, hints and the clock.

Its other roles are mixins of their own, one job each: the painter
(``painter.py``), the animator (``animator.py``), the pointer's intents
(``pointer.py``) and the keyboard (``keyboard.py``); what its game does
differently is asked of the game's front end (``games/``).

The table never decides a rule.  It asks the engine what may be picked up
(``pickup_reason``), whether a drop is a move (``explain``), and plays it;
the engine's events say which cards went where, and the table animates them
from where they were drawn to where the new layout puts them.
"""

from __future__ import annotations

from pygame import Rect

import engine
from engine import events as ev

from .anim import Actor, Cascade
from .animator import Animator
from .keyboard import Keyboard
from .layouts import Layout, build
from .painter import Painter, changed_rects
from .pointer import Carry, Pointer, Press
from .scene import Scene
from .session import Session
from .words import describe, speak

ILLEGAL_TRIES = 3           # beeps before the alert says why


class Table(Painter, Animator, Pointer, Keyboard, Scene):
    """One game being played.  ``app`` supplies the canvas, sounds, options,
    the table's area and alerts.  Its roles are mixins of their own: the
    painter, the animator, the pointer and the keyboard."""

    plays = True

    def __init__(self, session: Session, app, opening: bool = True) -> None:
        self.session = session
        self.app = app
        self.game = session.game
        self.front = session.front          # what this game answers (its menus, words, clicks)
        self.ui: dict = {"spacing": session.spacing, "timer_shown": bool(app.option("timer_shown")),
                         "timer_text": session.clock.text}
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
            self.animate(self.game.opening_events, old=None)
        # drawn by full_redraw(), which the app calls next: once, not twice

    # ----------------------------------------------------------- layout
    def build(self) -> Layout:
        self.ui["timer_text"] = self.session.clock.text
        return build(self.game, self.app.table_area(), self.app.card_aspect(), self.ui)

    # ----------------------------------------------------------- time
    @property
    def busy(self) -> bool:
        """Something moves by itself (cards in flight, a flash): the loop
        runs its frames.  A card carried or a button held does not count:
        it moves only when the pointer does, and each motion is an event."""
        return bool(self.actors or self.flash_rects or self.cascade)

    # ----------------------------------------------------------- drawing
    def show_timer(self, shown: bool) -> None:
        """Options > Timer: the clock shown or hidden (the table laid out again)."""
        self.ui["timer_shown"] = shown
        self.full_redraw()

    # ----------------------------------------------------------- the scene's protocol
    def settle(self) -> None:
        """Before a dialog: what is carried goes back, what flies lands."""
        self.cancel_carry()
        self.finish_actors()

    def skip(self) -> bool:
        """A key or click during the win's cascade ends it (and shows the result)."""
        if self.cascade is None:
            return False
        self.end_cascade()
        return True

    def escape(self) -> None:
        self.cancel_carry()
        self.set_selected(None)
        self.focus = None

    # ----------------------------------------------------------- moves
    def try_move(self, text: str, carried: Carry | None = None) -> bool:
        """Play ``text`` if the engine allows it; otherwise beep (and, after
        three tries in a row, say why).  Returns whether it was played."""
        if self.session.clock.paused:
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
        if self.session.clock.paused:
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
        if self.session.clock.paused:
            return
        old = self.layout
        events = self.game.redo()
        if events:
            self.after_play(events, old)

    # ----------------------------------------------------------- animation
    def game_over(self) -> None:
        self.app.show_over()

    # ----------------------------------------------------------- keyboard
    # ----------------------------------------------------------- hints
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
        self.session.hints_shown.append(text)
        m = engine.Move.parse(text)
        if m.word is not None:
            self.flash(["stock"] if "stock" in self.layout.slots else [])
            self.app.set_message(f"Hint: {describe(self.game, text)}.")
            self.dump_layout()
            return
        dst = m.dst if m.dst != "f" else (self.foundation_of(m.src, m.count) or m.dst)
        places = [m.src, dst]
        self.flash(places)
        if self.is_pile(m.src) and m.count > 1:
            pile = self.layout.pile(m.src)
            self.flash_rects = [s.rect for s in pile[-m.count:]] + self.flash_rects[1:]
        self.app.set_message(f"Hint: {describe(self.game, text)}.")
        self.dump_layout()

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
    def is_pile(self, place: str) -> bool:
        return place[0] == "c" and self.game.moves_runs

    def click_stock(self) -> None:
        self.front.stock_click(self)

    def change_spacing(self, control: str) -> None:
        _, place, change = control.split(":")
        factor = self.ui["spacing"].get(place, 1.0)
        factor = {"less": max(0.25, factor - 0.25), "more": min(2.5, factor + 0.25), "reset": 1.0}[change]
        self.ui["spacing"][place] = factor
        self.relayout()
        self.app.autosave()             # the view is the session's: a restart keeps it

