"""Playing the table without a mouse: the arrows move a focus over every
place and face-up card, Enter or Space picks up and puts down (or turns the
stock, uses the hand), and the focus follows the cards as they move.

A mixin of :class:`game.table.Table`.
"""

from __future__ import annotations

import pygame
from pygame import Rect


class Keyboard:
    """The keyboard's focus and its Enter, Space and arrows."""

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
