"""Playing the table without a mouse: the arrows move a focus over every
place and face-up card, Enter or Space picks up and puts down (or turns the
stock, uses the hand), and the focus follows the cards as they move.

Fewer keys a move: 1-9 and 0 jump to column 1-10 (Gaps and Chinese Puzzle:
to row 1-8, in the same column), R to the reserve or the packets, S to the
stock (again: the talon), Shift+F to the foundations, G to the next empty
place; F sends the focused card home (Gaps and Chinese Puzzle: plays its
only move, as a double-click does); with cards in hand, Tab (Shift+Tab:
back) moves the focus to the next place the engine accepts them; with a card
offered for a gap, one of several that may fill it (Gaps' free 2s, Chinese
Puzzle's two copies or its free aces), Tab offers the next.  Enter on a gap
selects the card that may fill it (Chinese Puzzle too), Enter again moves it.
Shift+Enter (or the context-menu key) asks what a right-click asks of the
focused place (a gap: the cards that could fill it).  The Smith's spacing
controls: + (or Shift+Down) spreads the focused column, - (or Shift+Up)
squeezes it, the full stop puts it back to its usual spacing.

The focus is the board's (the painter draws it); :class:`Keyboard` is made
by :class:`game.table.table.Table`, with the board, the painter, the pointer (it
picks up and puts down as a click would) and the table that plays its moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

import engine

from ..voice.spoken import focus_words, held_words, pile_words, place_name, table_words
from ..voice.words import speak as in_words
from .board import Board, focus_rect, focus_targets, is_pile, offered  # noqa: F401  (focus_targets: the tests' too)

if TYPE_CHECKING:
    from .painter import Painter
    from .pointer import Plays, Pointer


class Keyboard:
    """The keyboard's Enter, Space and arrows.

    ``board`` holds the focus and what is carried; ``game`` is the
    engine's; ``painter`` redraws a card put back; ``pointer`` picks up
    (as a click to move would) and names the move a drop makes; ``table``
    plays and refuses the moves, and turns the stock, uses the hand or
    fills a gap."""

    def __init__(self, board: Board, game: engine.Game, painter: Painter, pointer: Pointer, table: Plays,
                 speak: Callable[[str], None] | None = None, said: Callable[[], int] | None = None) -> None:
        self.speak = speak or (lambda _text: None)      # the focus, as it moves, in words
        self.said = said or (lambda: 0)                 # how many things were said so far
        self.board = board
        self.game = game
        self.painter = painter
        self.pointer = pointer
        self.table = table

    def move_focus(self, dx: int, dy: int) -> None:
        """Arrow keys: to the nearest target in that direction (within a
        column first, for Up and Down)."""
        b, layout = self.board, self.board.layout
        targets = focus_targets(layout, self.game)
        current = focus_rect(b, self.game)
        if current is None:
            place, index, _ = targets[0]
            b.focus = (place, index)
            return
        if dy and is_pile(self.game, b.focus[0]) and b.focus[1] is not None:
            pile = [s for s in layout.pile(b.focus[0]) if s.face_up]
            indexes = [s.index for s in pile]
            k = indexes.index(b.focus[1]) if b.focus[1] in indexes else len(indexes) - 1
            if 0 <= k + dy < len(indexes):
                b.focus = (b.focus[0], indexes[k + dy])
                return
        here = Rect(current.x, current.y, current.w, min(current.h, layout.card[1]))
        best, best_cost = None, None
        for place, index, rect in targets:
            if place == b.focus[0]:
                continue
            ax, ay = rect.centerx - here.centerx, rect.centery - here.centery
            along = ax * dx + ay * dy
            if along <= 0:
                continue
            # how far off the line of travel: measured to the place's whole
            # area, so an empty column is as near as a long one beside it
            area = layout.drop_area(place) if place in layout.slots else rect
            if dx:
                across = max(0, area.top - here.centery, here.centery - area.bottom)
            else:
                across = max(0, area.left - here.centerx, here.centerx - area.right)
            cost = along + 3 * across
            if is_pile(self.game, place) and index is not None:
                pile = layout.pile(place)
                cost += 0 if index == pile[-1].index else 10000   # land on a column's top card
            if best_cost is None or cost < best_cost:
                best, best_cost = (place, index), cost
        if best is not None:
            b.focus = best

    @property
    def grid(self) -> bool:
        """Gaps and Chinese Puzzle: rows of cells, no foundations."""
        return not hasattr(self.game, "foundation_move")

    @property
    def front(self):
        """The game's front end (what the table asks of the game), if the table has one."""
        return getattr(self.table, "front", None)

    def tell(self, text: str) -> None:
        """News on the status line and in speech (the table's ``say``; else speech alone)."""
        getattr(self.table, "say", self.speak)(text)

    def fill_gap(self, place: str, after: str | None = None) -> None:
        """Enter on a gap: the card that may fill it selected (said), Enter
        again moves it there; ``after``: the card offered last, one of
        several that may go there: Tab offers the next.  Gaps: as a click
        on the gap does (its front's ``fill_blank``); Chinese Puzzle: its
        front's ``key_fill``, by keys only."""
        key_fill = getattr(self.front, "key_fill", None)
        if key_fill is None:
            said = self.said()
            self.table.blank_clicked(place, after=after, by_keys=True)
            if self.said() == said:     # nothing fills it from here (a gap's card, in Gaps, would)
                self.speak(f"{place_name(self.game, place).capitalize()} is empty: pick up a card, "
                           "then put it down here.")
            return
        fill = key_fill(self.game, place, after)
        if fill.select is None:
            self.tell(in_words(self.game, fill.words or f"No card can fill {place} now."))
            return
        self.pointer.set_selected((fill.select, 0))
        if fill.more:       # one of several: Tab offers the next, Enter on the gap moves it in
            self.board.offered = (place, fill.select, len(self.game.history))
        self.painter.render()
        words = fill.words + (": Enter on the gap moves it there, Tab offers the next." if fill.more else "")
        self.tell(in_words(self.game, words))

    def hint_here(self) -> None:
        """Shift+Enter or the context-menu key: what a right-click on the
        focused place shows (a gap: the cards that could fill it; a card:
        where it may go, or the cards it is tied to), lit and said."""
        b = self.board
        if b.focus is None:
            self.move_focus(0, 0)
        place, index = b.focus
        if place not in b.layout.slots:
            self.speak(f"No hint on {place_name(self.game, place)}: Shift+Enter asks about a card or a gap.")
            return
        sprite = b.layout.sprite(place, index) if index is not None else None
        rect = sprite.rect if sprite is not None else b.layout.slots[place].rect
        said = self.said()
        self.table.hint((rect.x + 8, rect.y + 8) if sprite is not None else rect.center)
        if self.said() == said:
            self.speak(f"Nothing to show for {place_name(self.game, place)}.")

    def spacing(self, change: str) -> None:
        """The Smith's spacing controls by keys, on the focused column:
        ``change`` "more" (spread), "less" (squeeze) or "reset"; said."""
        b = self.board
        controls = [p.place for p in b.layout.pictures if (p.place or "").startswith("spacing:")]
        if not controls:
            self.speak("This game's columns have no spacing controls.")
            return
        place = b.focus[0] if b.focus is not None else None
        control = f"spacing:{place}:{change}"
        if control not in controls:
            self.speak("The spacing keys change the focused column's: move the focus to a column first.")
            return
        session = getattr(self.table, "session", None)
        before = session.spacing.get(place, 1.0) if session is not None else None
        self.table.change_spacing(control)
        after = session.spacing.get(place, 1.0) if session is not None else None
        name = place_name(self.game, place).capitalize()
        if after is None:
            self.speak(f"{name}: spacing changed.")
        elif after == 1.0:
            self.speak(f"{name} at its usual spacing." if before == 1.0 else f"{name} back to its usual spacing.")
        elif before == after:
            self.speak(f"{name} is {'squeezed' if change == 'less' else 'spread'} as far as it goes: "
                       f"{round(after * 100)}% of the usual spacing.")
        else:
            self.speak(f"{name} {'squeezed' if after < before else 'spread'}: {round(after * 100)}% of the "
                       "usual spacing.")

    def focus_on(self, place: str) -> None:
        """The focus to ``place``: its top card, or the empty place."""
        found = [(p, i) for p, i, _ in focus_targets(self.board.layout, self.game) if p == place]
        if found:
            self.board.focus = found[-1]

    def cycle(self, places: list[str], step: int = 1, from_focus: bool = False) -> None:
        """The focus to the next of ``places`` (in their order) after the
        one focused, round again at the end; to the first when the focus
        is on none of them (``from_focus``: to the first after the focused
        place in the layout's order, the last before it going back)."""
        if not places:
            return
        here = self.board.focus[0] if self.board.focus is not None else None
        order = list(self.board.layout.slots)
        if here not in places and from_focus and here in order:
            ahead = [p for p in places if (order.index(p) > order.index(here)) == (step > 0)]
            k = places.index((ahead[0] if step > 0 else ahead[-1]) if ahead else places[0 if step > 0 else -1])
            self.focus_on(places[k])
            return
        k = places.index(here) + step if here in places else (0 if step > 0 else -1)
        self.focus_on(places[k % len(places)])

    def jump(self, key: int, shift: bool) -> str | None:
        """The keys that jump to a kind of place: None if ``key`` is not
        one; else "" when the focus went there, or why it could not."""
        layout, game = self.board.layout, self.game
        slots = list(layout.slots)
        digits = {getattr(pygame, f"K_{n}"): n or 10 for n in range(10)}
        digits.update({getattr(pygame, f"K_KP{n}"): n or 10 for n in range(10)})
        if key in digits and not shift:
            n = digits[key]
            if self.grid:
                row = "abcdefghij"[n - 1]
                here = self.board.focus[0] if self.board.focus is not None else ""
                column = here[1:] if here[:1].isalpha() and here[1:].isdigit() else None
                cells = [p for p in slots if p[0] == row]
                if not cells:
                    return f"There is no row {row.upper()}."
                self.focus_on(f"{row}{column}" if f"{row}{column}" in cells else cells[0])
            elif f"c{n}" in layout.slots:
                self.focus_on(f"c{n}")
            else:
                return f"There is no column {n}."
            return ""
        if self.grid and (key in (pygame.K_r, pygame.K_s) or (key == pygame.K_f and shift)):
            return "The table is rows of cards and gaps: the digits jump to a row, G to the next gap."
        if key == pygame.K_r:
            full = [p for p in slots if p[0] in "rp" and layout.pile(p)]
            places, nowhere = full or [p for p in slots if p[0] in "rp"], "This game has no reserve."
        elif key == pygame.K_s:
            here = [p for p, _, _ in focus_targets(layout, game)]
            places, nowhere = [p for p in ("stock", "s", "t") if p in here], "This game has no stock."
        elif key == pygame.K_f and shift:
            places, nowhere = [p for p in slots if p[0] == "f"], "This game has no foundations."
            shift = False                   # (Shift+F goes forward)
        elif key == pygame.K_g:
            kinds = "abcdefghij" if self.grid else "c"
            places = [p for p in slots if p[0] in kinds and not layout.pile(p)]
            if self.grid:           # a dead gap (after a king: the engine's dead_places) is passed over
                dead = set(game.dead_places()) if hasattr(game, "dead_places") else set()
                live = [p for p in places if p not in dead]
                places, nowhere = live, ("Every gap is dead now: nothing follows a king." if places
                                         else "There is no gap now.")
            else:
                nowhere = "There is no empty column now."
        else:
            return None
        if not places:
            return nowhere
        self.cycle(places, -1 if shift else 1, from_focus=key == pygame.K_g)
        return ""

    def destinations(self) -> list[str]:
        """Where the cards in hand may go, as the engine's legal moves say
        (a foundation: the one it accepts them on), in the layout's order."""
        carry = self.board.carry
        dsts = {m.dst for m in self.game.legal_moves() if m.src == carry.place and (m.count or 1) == carry.count}
        # a foundation: only the one the engine takes them on (a move to any foundation, "f", may be
        # legal while foundation 1 holds another suit)
        return [p for p in self.board.layout.slots
                if p in dsts or (p[0] == "f" and "f" in dsts and
                                 self.game.explain(str(engine.Move(carry.place, p, carry.count))) is None)]

    def follow(self) -> None:
        """What is carried follows the focus."""
        b = self.board
        if b.carry is not None and b.carry.by_click:
            rect = focus_rect(b, self.game)
            if rect is not None:
                b.carry.move_to((rect.x + b.carry.grab[0], rect.y + b.carry.grab[1] + 12))

    def focus_words(self) -> str:
        """The focused place and its card(s) in words ("" with no focus)."""
        return focus_words(self.game, self.board.layout, self.board.focus)

    def say_focus(self) -> None:
        """The focused place and its card(s), spoken."""
        words = self.focus_words()
        if words:
            self.speak(words)

    def where(self, whole_pile: bool) -> None:
        """W: where am I (the focus), then the whole table; Shift+W: the
        focused pile in full."""
        b, game = self.board, self.game
        if whole_pile:
            self.speak(pile_words(game, b.layout, b.focus[0]) if b.focus is not None else "Nothing is focused.")
            return
        here = focus_words(game, b.layout, b.focus)
        self.speak((f"On {here}. " if here else "") + table_words(game, b.layout))

    def put_back(self) -> None:
        """The cards in hand back where they were, at once."""
        b = self.board
        carry, b.carry = b.carry, None
        for key in carry.keys:
            b.hidden.discard(key)
        self.painter.render()
        self.painter.refresh([Rect(r) for _, _, r in carry.cards] + ([carry.rect] if carry.rects else []))

    def send_home(self) -> None:
        """F: the focused card (or the cards in hand) to a foundation; in
        Gaps and Chinese Puzzle, the card's only move, as a double-click."""
        b = self.board
        if b.carry is not None:
            place = b.carry.place
            self.put_back()
        elif b.focus is not None and b.focus[1] is not None and b.focus[0] in b.layout.slots:
            place = b.focus[0]
        else:
            self.table.refuse("There is no card here to move.")
            return
        try:
            engine.Move.parse(f"{place}-f")
        except ValueError:          # the stock: its cards are turned, not sent home
            self.table.refuse("The stock's cards are not sent home from there: Enter turns the stock."
                              if place == "stock" else "There is no card here to send home.")
            return
        self.pointer.double_click(place)

    def key(self, event: pygame.event.Event) -> None:
        """Playing without a mouse: arrows move the focus, Enter or Space
        picks up and puts down (or turns the stock, uses the hand), Escape
        puts back; the keys that jump, send home and cycle destinations
        (this module's words)."""
        b = self.board
        focus_rect(b, self.game)        # a focus on a card that has gone settles on its place now, as
        #                                 the painter would once the cards land: keys act alike either way
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        mod = getattr(event, "mod", 0)
        plain = not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        spacing = {pygame.K_PLUS: "more", pygame.K_KP_PLUS: "more", pygame.K_EQUALS: "more",
                   pygame.K_MINUS: "less", pygame.K_KP_MINUS: "less", pygame.K_PERIOD: "reset",
                   pygame.K_KP_PERIOD: "reset"}
        if plain and mod & pygame.KMOD_SHIFT and any((p.place or "").startswith("spacing:")
                                                      for p in b.layout.pictures):
            spacing.update({pygame.K_UP: "less", pygame.K_DOWN: "more"})     # (else Shift+arrows: the arrows)
        if plain and event.key in spacing:
            self.spacing(spacing[event.key])
            return
        if event.key in arrows:
            self.move_focus(*arrows[event.key])
            self.follow()
            self.say_focus()
            return
        if not plain:
            return
        shift = bool(mod & pygame.KMOD_SHIFT)
        why = self.jump(event.key, shift)
        if why is not None:
            if why:                     # nowhere to go: why, said (the focus stays)
                self.speak(why)
                return
            self.follow()
            self.say_focus()
            return
        if event.key == pygame.K_w:
            self.where(shift)
            return
        offer = offered(b, self.game)
        if event.key == pygame.K_TAB and offer is not None and b.carry is None:
            # a card offered for a gap, one of several: Tab offers the next (Enter on the gap moves it in)
            self.fill_gap(offer[0], after=offer[1])
            return
        if event.key == pygame.K_TAB:
            if b.carry is not None:
                places = self.destinations()
                if not places:
                    self.table.refuse("Those cards have nowhere to go now." if b.carry.count > 1
                                      else "That card has nowhere to go now.")
                    return
                self.cycle(places, -1 if shift else 1)
                self.follow()
                self.say_focus()
            else:
                self.speak("Nothing in hand: pick up a card with Enter, then Tab goes to the places it may go.")
            return
        if event.key == pygame.K_f and not shift:
            self.send_home()
            return
        if event.key == pygame.K_MENU or (shift and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.hint_here()
            return
        if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return
        if b.focus is None:             # a new table: Enter first finds a place, and says it
            self.move_focus(0, 0)
            self.say_focus()
            return
        place, index = b.focus
        if b.carry is not None:
            carry, b.carry = b.carry, None
            text = self.pointer.move_text(carry, place)
            for key in carry.keys:
                b.hidden.discard(key)
            if text is None:
                self.painter.render()
                self.painter.refresh([Rect(r) for _, _, r in carry.cards])
                self.pointer.refuse_drop(carry.place, place, carry.count)
                return
            self.painter.render()
            self.table.try_move(text)
            return
        if b.selected is not None and b.selected != (place, index):
            sel = b.selected        # a card selected (a gap chosen in Gaps): it goes to a place, as a click;
            self.pointer.set_selected(None)     # Enter on another card lets it go, and that card is picked up
            if index is None and getattr(self.front, "key_fill", None) is not None and \
                    self.game.explain(str(engine.Move(sel[0], place))) is not None:
                self.fill_gap(place)        # another gap, which that card cannot fill: this gap's card instead
                return
            if index is None or self.game.pickup_reason(place, 1) is not None:
                self.pointer.move_to(sel[0], sel[1], place)
                return
        if place == "stock":
            self.table.click_stock()
        elif place == "hand":
            self.table.hand_click()
        elif index is None:
            self.fill_gap(place)
        else:
            if not b.layout.sprite(place, index).face_up:
                self.table.refuse("That card is face down.")
                return
            rect = b.layout.sprite(place, index).rect
            self.pointer.pick_up(place, index, (rect.x + 8, rect.y + 8), by_click=True)
            if b.carry is not None:
                b.carry.move_to((rect.x + 8, rect.y + 20))
                self.speak(f"Picked up {held_words(self.game, b.layout, b.focus)}.")
