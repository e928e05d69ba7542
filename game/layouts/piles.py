"""The Card Shell tables: The Republic, The Smith and The Prince.

Columns fan downwards and squeeze to stay on screen; foundations, stock,
talon, packets and reserve sit where each original game laid them out
(docs/rules.md describes each game's layout).
"""

from __future__ import annotations

from pygame import Rect

from .base import MIN_TEXT, Label, Layout, Picture, card_size_for, spread

GAP = 0.12        # between piles, in card widths, at least
MOST_GAP = 0.6    # ... and at most, when the piles spread to fill a wide table
FAN = 0.27        # face-up fan, in card heights
DOWN_FAN = 0.12   # face-down fan
#: how much of a covered card a squeezed column still shows, in card heights:
#: the corner index, rank and suit side by side (assets/cards/README.md)
INDEX = 0.2
#: the smallest the cards become to keep a long column's indices in view,
#: as a share of their size on a table of short columns
LEAST_SCALE = 0.6


def _columns(layout: Layout, game, left: int, dx: int, top: int, bottom: int, spacing: dict) -> None:
    cw, ch = layout.card
    for i, col in enumerate(game.position()["columns"]):
        place = f"c{i + 1}"
        slot = layout.add_slot(place, Rect(left + i * dx, top, cw, ch), "column")
        slot.drop = Rect(slot.rect.x, top, cw, bottom - top)
        factor = spacing.get(place, 1.0)
        layout.add_pile(place, col, step=(0, int(ch * FAN * factor)), bottom=bottom,
                        least=int(ch * INDEX * factor))


def _down(game, spacing: dict, down: float, above: float) -> float:
    """How many card heights the table must be for its longest column to
    show every corner index: ``down`` for short columns, more (smaller
    cards) for long ones, up to ``down / LEAST_SCALE``.  ``above`` is the
    height, in card heights, from the table's top to the columns' top.
    The spacing control's "more" widens a column's least spacing too, so
    it spreads a long column by making room."""
    need = max((above + 1 + (len(col) - 1) * INDEX * spacing.get(f"c{i + 1}", 1.0)
                for i, col in enumerate(game.position()["columns"]) if col), default=0.0)
    return min(max(down, need + 0.05), down / LEAST_SCALE)


def _row(layout: Layout, places: list[str], left: int, dx: int, top: int, kind: str) -> None:
    cw, ch = layout.card
    for k, place in enumerate(places):
        layout.add_slot(place, Rect(left + k * dx, top, cw, ch), kind)


def _foundations(layout: Layout, tops: list[str | None]) -> None:
    for j, top in enumerate(tops):
        if top is not None:
            layout.add_pile(f"f{j + 1}", [top])


def _stock(layout: Layout, place: str, size: int, rect: Rect, empty_picture: str) -> None:
    """A face-down pile drawn as a short stack, its count underneath."""
    cw, ch = layout.card
    layout.add_slot(place, rect, "stock", outline=None if size else "outline")
    if size:
        shown = min(3, (size + 9) // 10)
        for i in range(shown):
            layout.sprites.append(_back(place, i, Rect(rect.x + 2 * i, rect.y - 2 * i, cw, ch)))
    else:
        layout.pictures.append(Picture(empty_picture, Rect(rect), place=place))
    text = max(MIN_TEXT, int(ch * 0.16))
    layout.labels.append(Label(str(size), Rect(rect.x, rect.bottom + 2, cw, text + 4), text))


def _back(place: str, index: int, rect: Rect):
    from .base import Sprite
    return Sprite("", place, index, rect, face_up=False)


def _frame(area: Rect, aspect: float, cards: float, gaps: int, down: float):
    """A pile game's frame: cards sized so that a row of ``cards`` card
    widths and ``gaps`` gaps fits ``area``'s width and ``down`` card heights
    its height, the gaps then widened to fill a wide table; the layout, the
    card size, the step from one pile to the next, and the left and top of
    that row, centred."""
    cw, ch = card_size_for(cards + gaps * GAP, down, area, aspect)
    layout = Layout(area.size, (cw, ch))
    dx = spread(cards, gaps, cw, area.w, GAP, MOST_GAP)
    width = dx * gaps + int((cards - gaps) * cw)
    return layout, (cw, ch), dx, area.x + (area.w - width) // 2, area.y + int(0.12 * ch)


def republic(game, area: Rect, aspect: float, ui: dict) -> Layout:
    spacing = ui.get("spacing", {})
    down = _down(game, spacing, 5.9, 0.12 + 2.3 + 2 * DOWN_FAN + 0.25)
    layout, (cw, ch), dx, left, top = _frame(area, aspect, 10, 9, down)
    pos = game.position()
    stock_rect = Rect(left, top, cw, ch)
    _stock(layout, "stock", len(pos["stock"]), stock_rect, "redeal" if game.can_redeal else "no-redeal")
    if pos["turned"] is not None:
        layout.add_slot("s", stock_rect, "turned", outline=None)
        layout.add_pile("s", [pos["turned"]])
    talon = layout.add_slot("t", Rect(left + dx, top, cw, ch), "talon", outline="talon")
    if not pos["talon"]:
        text = max(MIN_TEXT, int(ch * 0.13))
        layout.labels.append(Label("talon", Rect(talon.rect.x, talon.rect.centery - text // 2, cw, text), text,
                                   (200, 214, 200)))
    if pos["talon"]:
        layout.add_pile("t", pos["talon"][-2:])
        for s in layout.pile("t"):
            s.index += len(pos["talon"]) - len(layout.pile("t"))
    f_left = left + 2 * dx + int(0.5 * cw)
    _row(layout, [f"f{j + 1}" for j in range(8)], f_left, dx, top, "foundation")
    for j in range(8):
        layout.slots[f"f{j + 1}"].rect.x = f_left + j * dx - int(0.0 * cw)
    _foundations(layout, pos["foundations"])
    # the foundations take the last 8 of 10 slots, so the row ends with the columns
    shift = left + dx * 9 - layout.slots["f8"].rect.x
    for j in range(8):
        layout.slots[f"f{j + 1}"].rect.x += shift
    for s in layout.sprites:
        if s.place.startswith("f"):
            s.rect.x = layout.slots[s.place].rect.x
    p_top = top + ch + int(0.3 * ch)
    for i, packet in enumerate(pos["packets"]):
        place = f"p{i + 1}"
        layout.add_slot(place, Rect(left + i * dx, p_top, cw, ch), "packet", outline=None)
        ups = [False] * len(packet)
        if packet and game.packet_face_up(i):
            ups[-1] = True
        layout.add_pile(place, [c if up else "" for c, up in zip(packet, ups)], face_up=ups,
                        step=(0, int(ch * DOWN_FAN)))
    c_top = p_top + ch + int(2 * DOWN_FAN * ch) + int(0.25 * ch)
    _columns(layout, game, left, dx, c_top, area.bottom - 4, spacing)
    return layout


def smith(game, area: Rect, aspect: float, ui: dict) -> Layout:
    spacing = ui.get("spacing", {})
    layout, (cw, ch), dx, left, top = _frame(area, aspect, 9.5, 8, _down(game, spacing, 5.2, 0.12 + 1.52))
    pos = game.position()
    _stock(layout, "stock", len(pos["stock"]), Rect(left, top, cw, ch), "no-redeal")
    c_left = left + dx + int(0.5 * cw)
    _row(layout, [f"f{j + 1}" for j in range(8)], c_left, dx, top, "foundation")
    _foundations(layout, pos["foundations"])
    controls = int(0.22 * ch)
    c_top = top + ch + int(0.3 * ch) + controls
    for i in range(8):
        x = c_left + i * dx
        w = cw // 3
        for k, (name, change) in enumerate((("space-less", "less"), ("space-reset", "reset"),
                                            ("space-more", "more"))):
            layout.pictures.append(Picture(name, Rect(x + k * w, c_top - controls, w, controls - 2),
                                           place=f"spacing:c{i + 1}:{change}"))
    _columns(layout, game, c_left, dx, c_top, area.bottom - 4, spacing)
    return layout


def prince(game, area: Rect, aspect: float, ui: dict) -> Layout:
    spacing = ui.get("spacing", {})
    layout, (cw, ch), dx, left, top = _frame(area, aspect, 10.5, 9, _down(game, spacing, 5.6, 0.12 + 1.35))
    pos = game.position()
    r_left = left + dx  # the reserve row sits centred over the columns
    _row(layout, [f"r{i + 1}" for i in range(7)], r_left, dx, top, "reserve")
    for i, c in enumerate(pos["reserve"]):
        if c is not None:
            layout.add_pile(f"r{i + 1}", [c])
    f_x = left + dx * 9 + int(0.5 * cw)
    for j in range(4):
        layout.add_slot(f"f{j + 1}", Rect(f_x, top + j * int(ch * 1.08), cw, ch), "foundation")
    _foundations(layout, pos["foundations"])
    c_top = top + ch + int(0.35 * ch)
    _columns(layout, game, left, dx, c_top, area.bottom - 4, spacing)
    return layout
