"""Gaps' 4 x 13 and Chinese Puzzle's 8 x 14: rows of cells, shared drawing."""

from __future__ import annotations

from pygame import Rect

from .base import Label, Layout, Picture, card_size_for

GAP_X, GAP_Y = 0.07, 0.09   # space between cells, in card widths / heights


def lay_grid(game, area: Rect, aspect: float, extra_width: float, extra_height: float,
             ace_gap: float = 0.0) -> tuple[Layout, int, int]:
    """Cells for every grid place, cards in them; returns the layout and the
    grid's left and bottom edges."""
    rows, width = game.ROWS, game.WIDTH
    cw, ch = card_size_for(width + (width - 1) * GAP_X + ace_gap + extra_width + 0.4,
                           rows + (rows - 1) * GAP_Y + extra_height + 0.3, area, aspect)
    layout = Layout(area.size, (cw, ch))
    dx, dy = int(cw * (1 + GAP_X)), int(ch * (1 + GAP_Y))
    grid_w = dx * (width - 1) + cw + int(ace_gap * cw) + int(extra_width * cw)
    left = area.x + (area.w - grid_w) // 2
    top = area.y + max(int(0.15 * ch), (area.h - dy * (rows - 1) - ch - int(extra_height * ch)) // 2)
    position = game.position()["rows"]
    locked = game.locked_counts()
    dead = set(game.dead_places())
    for r in range(rows):
        for k in range(width):
            place = game.PLACES[r * width + k]
            x = left + k * dx + (int(ace_gap * cw) if k > 0 else 0)
            rect = Rect(x, top + r * dy, cw, ch)
            name = position[r][k]
            layout.add_slot(place, rect, "cell", "dead" if place in dead else "outline")
            if name is not None:
                layout.add_pile(place, [name])
                layout.sprites[-1].locked = k < locked[r]
    bottom = top + dy * (rows - 1) + ch
    return layout, left, bottom


def gaps(game, area: Rect, aspect: float, ui: dict) -> Layout:
    layout, left, bottom = lay_grid(game, area, aspect, extra_width=0, extra_height=1.15)
    cw, ch = layout.card
    panel = Rect(area.x, bottom + int(0.15 * ch), area.w, area.bottom - bottom - int(0.15 * ch))
    hand_h = min(panel.h, ch)
    hand = Rect(0, 0, int(hand_h * 0.9), hand_h)
    hand.midleft = (left, panel.centery)
    layout.pictures.append(Picture(f"hand{game.shuffles_left}", hand, place="hand"))
    text = max(14, int(ch * 0.2))
    layout.labels.append(Label(f"Shuffles left: {game.shuffles_left}",
                               Rect(hand.right + 10, hand.y, 10 * text, hand.h), text, align="left"))
    grid_right = left + int(cw * (1 + GAP_X)) * 12 + cw
    if ui.get("timer_shown", True):
        timer = Rect(grid_right - 6 * text, hand.y, 6 * text, hand.h)
        layout.labels.append(Label(ui.get("timer_text", "0:00"), timer, int(text * 1.4),
                                   align="right", name="timer"))
        layout.pictures.append(Picture("", timer, place="timer"))   # a click on the clock pauses
    return layout


def chinese_puzzle(game, area: Rect, aspect: float, ui: dict) -> Layout:
    layout, left, bottom = lay_grid(game, area, aspect, extra_width=1.9, extra_height=0, ace_gap=0.25)
    cw, ch = layout.card
    dx, dy = int(cw * (1 + GAP_X)), int(ch * (1 + GAP_Y))
    count_x = left + dx * 13 + cw + int(0.25 * cw) + int(0.2 * cw)
    text = max(13, int(ch * 0.32))
    top = layout.slots["a0"].rect.top
    for r, n in enumerate(game.locked_counts()):
        layout.labels.append(Label(str(n), Rect(count_x, top + r * dy, int(0.6 * cw), ch), text,
                                   colour=(255, 236, 160) if n == 14 or n == 13 else (235, 235, 225)))
    stone = Rect(0, 0, cw, ch)
    stone.topleft = (count_x + int(0.7 * cw), top + dy * 5)
    layout.pictures.append(Picture("gravestone", stone))
    layout.labels.append(Label(str(game.dead_gaps()), Rect(stone.x, stone.bottom + 2, cw, int(ch * 0.4)),
                               text))
    # the redeals left, in the gravestone's column: the stock's picture (a
    # circular arrow, or a cross when none is left) with the count under it
    redeal = Rect(stone.x, top, cw, ch)
    layout.pictures.append(Picture("redeal" if game.redeals_left else "no-redeal", redeal))
    layout.labels.append(Label(f"{game.redeals_left} left", Rect(redeal.x - int(0.2 * cw), redeal.bottom + 2,
                                                                 int(1.4 * cw), int(ch * 0.4)),
                               max(12, int(text * 0.75))))
    return layout
