"""Playing the table without a mouse: the arrows move a focus over every
place and face-up card, Enter or Space picks up and puts down (or turns the
stock, uses the hand), and the focus follows the cards as they move.

The focus is the board's (the painter draws it); :class:`Keyboard` is made
by :class:`game.table.Table`, with the board, the painter, the pointer (it
picks up and puts down as a click would) and the table that plays its moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

import engine

from .board import Board, is_pile
from .layouts import Layout

if TYPE_CHECKING:
    from .painter import Painter
    from .pointer import Plays, Pointer


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


class Keyboard:
    """The keyboard's Enter, Space and arrows.

    ``board`` holds the focus and what is carried; ``game`` is the
    engine's; ``painter`` redraws a card put back; ``pointer`` picks up
    (as a click to move would) and names the move a drop makes; ``table``
    plays and refuses the moves, and turns the stock, uses the hand or
    fills a gap."""

    def __init__(self, board: Board, game: engine.Game, painter: Painter, pointer: Pointer, table: Plays) -> None:
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

    def key(self, event: pygame.event.Event) -> None:
        """Playing without a mouse: arrows move the focus, Enter or Space
        picks up and puts down (or turns the stock, uses the hand), Escape
        puts back."""
        b = self.board
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if event.key in arrows:
            self.move_focus(*arrows[event.key])
            if b.carry is not None and b.carry.by_click:
                rect = focus_rect(b, self.game)
                if rect is not None:
                    b.carry.move_to((rect.x + b.carry.grab[0], rect.y + b.carry.grab[1] + 12))
            return
        if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) or b.focus is None:
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
        if place == "stock":
            self.table.click_stock()
        elif place == "hand":
            self.table.hand_click()
        elif index is None:
            self.table.blank_clicked(place)
        else:
            rect = b.layout.sprite(place, index).rect
            self.pointer.pick_up(place, index, (rect.x + 8, rect.y + 8), by_click=True)
            if b.carry is not None:
                b.carry.move_to((rect.x + 8, rect.y + 20))
