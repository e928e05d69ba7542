"""A game on the table: its moves, undo and redo, hints and the clock.

The table is made of parts with one job each, made here and handed what
they use: the :class:`~game.table.board.Board` (what the table shows, shared),
the painter (``painter.py``), the animator (``animator.py``), the pointer's
intents (``pointer.py``) and the keyboard (``keyboard.py``); what its game
does differently is asked of the game's front end (``games/``).

The table never decides a rule.  It asks the engine what may be picked up
(``pickup_reason``), whether a drop is a move (``explain``), and plays it;
the engine's events say which cards went where, and the table animates them
from where they were drawn to where the new layout puts them.
"""

from __future__ import annotations

import pygame
from pygame import Rect

import engine
from engine import events as ev

from ..games.base import View
from ..layouts import Layout
from ..voice.words import describe, move_said, speak
from .animator import Animator
from .board import Board, Carry, focus_rect, is_pile
from .keyboard import Keyboard
from .painter import Painter, changed_rects, layout_options
from .pointer import Pointer
from .scene import Scene
from .session import Session

ILLEGAL_TRIES = 3           # beeps before the alert says why


class OnBoard:
    """A table's attribute that is its board's (what the app's tests and
    tools read of a table: ``table.layout``, ``table.carry``, ...)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, table: Table | None, owner: type | None = None):
        return self if table is None else getattr(table.board, self.name)

    def __set__(self, table: Table, value) -> None:
        setattr(table.board, self.name, value)


def describe_done(game: engine.Game) -> str:
    """The last move played, in words (as it was before it was played: undone
    and played again on a copy; the notation when that cannot be)."""
    text = game.history[-1]
    try:
        copy = engine.from_dict(game.to_dict())
        copy.undo()
        return describe(copy, text)
    except Exception:
        return text


class Table(Scene):
    """One game being played.  The ``stage`` supplies the canvas, the
    table's area, the status line and alerts; the ``flow`` what follows a
    move (the autosave, the result, the pause); the table hands each of its
    parts (the painter, the animator, the pointer and the keyboard) what it
    uses."""

    plays = True

    layout = OnBoard()
    hidden = OnBoard()
    parked = OnBoard()
    actors = OnBoard()
    carry = OnBoard()
    press = OnBoard()
    selected = OnBoard()
    glow = OnBoard()
    focus = OnBoard()
    flash_rects = OnBoard()
    cascade = OnBoard()

    def __init__(self, session: Session, stage, settings, sounds, flow, opening: bool = True) -> None:
        self.session = session
        self.stage = stage                  # the window's chrome, the status line, alerts
        self.flow = flow                    # what follows a move: the autosave, the result, the pause
        self.sounds = sounds
        self.option = settings.option       # a preference's value, by name
        self.game = session.game
        self.front = session.front          # what this game answers (its menus, words, clicks)
        self.illegal = 0
        self.board = Board()
        self.painter = Painter(self.board, session, canvas=stage.canvas, window=stage.window, option=self.option,
                               table_area=stage.table_area, chrome_rect=stage.chrome_rect,
                               card_aspect=stage.card_aspect, draw_chrome=stage.draw_chrome,
                               dump_path=flow.dump_path)
        self.animator = Animator(self.board, self.painter, canvas=stage.canvas, sounds=sounds, option=self.option,
                                 table_area=stage.table_area, show_result=flow.show_result,
                                 show_over=flow.show_over)
        self.pointer = Pointer(self.board, self.game, self.painter, self.animator, self,
                               fills_blanks=self.front.fills_blanks, sounds=sounds, option=self.option,
                               say=stage.say, toggle_pause=flow.toggle_pause)
        self.speech = stage.speech
        self.keyboard = Keyboard(self.board, self.game, self.painter, self.pointer, self, speak=self.speech.say,
                                 said=lambda: self.speech.said)
        self.board.layout = self.build()
        if opening:
            self.animator.animate(self.game.opening_events, old=None)
        # drawn by full_redraw(), which the flow calls next: once, not twice

    @property
    def ui(self) -> dict:
        """The layout's options, as the painter reads them (``layout_options``)."""
        return layout_options(self.session, self.option)

    def back_words(self) -> str:
        """Back at the table from a dialog: the focused place."""
        words = self.keyboard.focus_words()
        return f"Back to the table{': ' + words if words else ''}."

    def say(self, text: str) -> None:
        """News on the status line, spoken too."""
        self.stage.say(text)

    # ----------------------------------------------------------- layout
    def build(self) -> Layout:
        return self.painter.build()

    def is_pile(self, place: str) -> bool:
        return is_pile(self.game, place)

    # ----------------------------------------------------------- time
    @property
    def busy(self) -> bool:
        """Something moves by itself (cards in flight, a flash): the loop
        runs its frames.  A card carried or a button held does not count:
        it moves only when the pointer does, and each motion is an event."""
        b = self.board
        return bool(b.actors or b.flash_rects or b.cascade)

    def update(self, step: float) -> None:
        self.animator.update(step)

    def when_landed(self, then) -> None:
        """``then()`` once every card in flight has landed: at once when none flies."""
        self.animator.when_landed(then)

    def finish_actors(self) -> None:
        """Land every card in flight at once, and end a win's cascade."""
        self.animator.finish_actors()

    # ----------------------------------------------------------- drawing
    def render(self) -> None:
        self.painter.render()

    def full_redraw(self) -> None:
        self.painter.full_redraw()

    def draw_overlay(self) -> list[Rect]:
        return self.painter.draw_overlay()

    def refresh(self, rects: list[Rect]) -> None:
        self.painter.refresh(rects)

    def relayout(self) -> None:
        self.painter.relayout()

    def dump_layout(self) -> None:
        self.painter.dump_layout()

    def tick_timer(self) -> None:
        self.painter.tick_timer()

    def unflash(self) -> None:
        self.painter.unflash()

    def focus_rect(self) -> Rect | None:
        """Where the keyboard's focus is drawn, or None."""
        return focus_rect(self.board, self.game)

    def show_timer(self, shown: bool) -> None:
        """Options > Timer: the clock shown or hidden, as the preference
        (``shown``) now says: the table laid out again."""
        self.painter.full_redraw()

    def show_zoom(self) -> None:
        """Zoom Cards just turned on: one card (the selected one, else the
        one nearest the table's middle) zooms up from its centre, trailing
        its outlines, so the option is seen at once."""
        b = self.board
        if self.session.clock.paused or b.carry is not None or b.cascade is not None:
            return
        sprite = b.layout.sprite(*b.selected) if b.selected else None
        if sprite is None:
            shown = [s for s in b.layout.sprites if s.face_up and s.key not in b.hidden]
            centre = self.stage.table_area().center
            sprite = min(shown, default=None, key=lambda s: abs(s.rect.centerx - centre[0]) +
                         abs(s.rect.centery - centre[1]))
        if sprite is None:
            return
        start = Rect(0, 0, max(4, sprite.rect.w // 5), max(4, sprite.rect.h // 5))
        start.center = sprite.rect.center
        b.hidden.add(sprite.key)
        self.painter.render()
        self.painter.refresh([Rect(sprite.rect)])
        self.animator.fly(sprite.card, sprite.face_up, start, sprite, b.now, duration=0.5, land_sound=None)

    # ----------------------------------------------------------- the scene's protocol
    def handle(self, event: pygame.event.Event) -> None:
        if self.session.clock.paused:
            self.pointer.handle_paused(event)
        elif event.type == pygame.KEYDOWN:
            self.keyboard.key(event)
        else:
            self.pointer.handle(event)

    def settle(self) -> None:
        """Before a dialog: what is carried goes back, what flies lands."""
        self.cancel_carry()
        self.finish_actors()

    def skip(self) -> bool:
        """A key or click during the win's cascade ends it (and shows the result)."""
        if self.board.cascade is None:
            return False
        self.animator.end_cascade()
        return True

    def escape(self) -> None:
        """Escape: the cards in hand put back, or the selection let go, said;
        the keyboard's focus stays where it is (a player keeps their place)."""
        b = self.board
        if b.carry is not None:
            self.cancel_carry()
            self.speech.say("Put back.")
        elif b.selected is not None:
            self.set_selected(None)
            self.speech.say("Nothing is selected now.")
        else:
            self.speech.say("Nothing in hand to put back.")

    def cancel_carry(self) -> None:
        self.pointer.cancel_carry()

    def set_selected(self, key: tuple[str, int] | None) -> None:
        self.pointer.set_selected(key)

    # ----------------------------------------------------------- moves
    def try_move(self, text: str, carried: Carry | None = None, speak=None) -> bool:
        """Play ``text`` if the engine allows it; otherwise beep (and, after
        three tries in a row, say why).  Returns whether it was played.
        ``speak``: who says the move's words (the Demo paces its own), else
        the speech channel."""
        if self.session.clock.paused:
            return False
        reason = self.game.explain(text)
        if reason is not None:
            self.refuse(reason)
            return False
        self.illegal = 0
        words = describe(self.game, text)
        old = self.board.layout
        events = self.game.play(text)
        (speak or self.speech.say)(move_said(self.game, words, events))     # with the cards it shows
        self.after_play(events, old, carried)
        return True

    def refuse(self, reason: str) -> None:
        """A refused action: a beep, and the reason in words on the status
        line at once (a player without sound sees why); after three tries
        in a row, in an alert."""
        self.sounds.play("beep")
        reason = speak(self.game, reason)
        self.illegal += 1
        if self.illegal >= ILLEGAL_TRIES:
            self.illegal = 0
            self.stage.status.message = reason     # the status line names the card the alert names
            self.render()
            self.stage.alert(reason)
        else:
            self.say(reason)

    def after_play(self, events: list[ev.Event], old: Layout, carried: Carry | None = None) -> None:
        """A move was made: lay the table out anew, send the moved cards
        flying from where they were drawn, and repaint what changed."""
        b = self.board
        b.selected = None
        b.flash_rects = []             # a hint's flash is about the table as it was
        if b.actors:
            self.finish_actors()       # the last move's cards land before this one's fly
        b.layout = self.build()
        self.animator.animate(events, old, carried)
        self.painter.render()
        self.painter.refresh(changed_rects(old, b.layout, self.stage.table_area()) + [self.stage.chrome_rect("status")])
        self.painter.dump_layout()
        self.flow.on_game_changed()

    def undo(self) -> None:
        if self.session.clock.paused:
            return
        if self.board.carry:
            self.cancel_carry()
        old = self.board.layout
        undoing = self.game.can_undo
        last = self.game.history[-1] if undoing and self.game.history else None
        events = self.game.undo() if self.game.can_undo else self.game.redo() if (
            self.front.undo_toggles and self.game.can_redo) else []
        if events:
            self.sounds.play("place")
            if last is not None:
                self.speech.say(f"Undone: {describe(self.game, last)}.")
            elif self.game.history:
                self.speech.say(move_said(self.game, describe_done(self.game), events, again=True))
            self.after_play(events, old)
        else:
            # nothing to take back (a shuffle or redeal cannot be undone): said, not silent
            self.refuse(self.game.undo_reason() or "There is no move to take back.")

    def redo(self) -> None:
        if self.session.clock.paused:
            return
        old = self.board.layout
        events = self.game.redo()
        if events:
            if self.game.history:
                self.speech.say(move_said(self.game, describe_done(self.game), events, again=True))
            self.after_play(events, old)
        elif self.front.undo_toggles:
            self.refuse(f"{self.front.title} has no Redo: Undo (Ctrl+Z) plays again the move it took back.")
        else:
            self.refuse("There is no move undone to play again.")

    # ----------------------------------------------------------- hints
    def hint(self, pos: tuple[int, int]) -> None:
        """Alt-click or right-click: the places the game's front end names
        (Gaps and Chinese Puzzle: the engine's ``hint_places``; the Card
        Shell games: where the card may go).  A beep when there is nothing
        to show (a card in final position, a dead gap)."""
        layout = self.board.layout
        hit = layout.hit(pos)
        if hit is None or hit[0] not in layout.slots:
            return
        place, index = hit
        view = View(self.game, self.board.layout, self.foundation_of)
        places = self.front.hint_places(view, place, index)
        if places:
            self.painter.flash(places)
        else:
            self.painter.unflash()          # an older hint's beacon is not this one's
            self.sounds.play("beep")
        words = self.front.hint_words(view, place, index, places)
        if words:
            self.say(speak(self.game, words))     # in words, in place of any older hint

    def show_move(self, text: str) -> None:
        """A hint: the move's card and its destination flash."""
        b = self.board
        self.session.hints_shown.append(text)
        m = engine.Move.parse(text)
        if m.word is not None:
            self.painter.flash(["stock"] if "stock" in b.layout.slots else [])
            self.say(f"Hint: {describe(self.game, text)}.")
            self.painter.dump_layout()
            return
        dst = m.dst if m.dst != "f" else (self.foundation_of(m.src, m.count) or m.dst)
        places = [m.src, dst]
        self.painter.flash(places)
        if self.is_pile(m.src) and m.count > 1:
            pile = b.layout.pile(m.src)
            b.flash_rects = [s.rect for s in pile[-m.count:]] + b.flash_rects[1:]
        self.say(f"Hint: {describe(self.game, text, places=True)}.")     # where its cards are, to find them
        self.painter.dump_layout()

    def foundation_of(self, place: str, count: int) -> str | None:
        """The foundation the engine lets ``count`` cards of ``place`` go to, if any."""
        for slot in self.board.layout.slots:
            if slot[0] == "f" and self.game.explain(str(engine.Move(place, slot, count))) is None:
                return slot
        return None

    # ----------------------------------------------------------- clicks the game's front end answers
    def blank_clicked(self, place: str, invert: bool = False, after: str | None = None,
                      by_keys: bool = False) -> None:
        """A click on an empty cell: the game's front end says what it does
        (Gaps: the card that belongs there is moved, or selected, as its
        option says; Alt inverts the option).  ``after``: the card offered
        for it last, one of several (the front offers the next); the words
        then say how to choose, by the pointer or (``by_keys``) the keys."""
        # (an offer goes on offering, whatever Clicking Blanks says: the card offered is chosen to move it)
        moves = after is None and bool(self.option("blanks_move")) != invert
        fill = self.front.fill_blank(self.game, place, moves, after)
        if fill.move is not None:
            if self.try_move(fill.move) and fill.words:
                self.say(speak(self.game, fill.words))      # (Gaps: one of several 2s, and how to choose)
            return
        if fill.select is not None:
            self.set_selected((fill.select, 0))
            if fill.more:       # one of several: the gap again offers the next, the card chosen goes there
                self.board.offered = (place, fill.select, len(self.game.history))
        else:
            self.sounds.play("beep")
        words = fill.words
        if fill.more:
            words += (": Enter on the gap moves it there, Tab offers the next." if by_keys else
                      ": click the gap again for the next, or click the card offered to move it there.")
        if words:
            self.say(speak(self.game, words))

    def click_stock(self) -> None:
        """A click on the stock: the move the game's front end names, or its reason why none."""
        word, reason = self.front.stock_move(self.game)
        if word is not None:
            self.try_move(word)
        else:
            self.refuse(reason)

    def hand_click(self) -> None:
        """A click on the hand (the shuffles left): a redeal, if the engine allows it."""
        self.try_move("redeal")

    def change_spacing(self, control: str) -> None:
        _, place, change = control.split(":")
        spacing = self.session.spacing
        factor = spacing.get(place, 1.0)
        factor = {"less": max(0.25, factor - 0.25), "more": min(2.5, factor + 0.25), "reset": 1.0}[change]
        spacing[place] = factor
        self.painter.relayout()
        self.flow.autosave()             # the view is the session's: a restart keeps it
