"""Gaps' 4 x 13 and Chinese Puzzle's 8 x 14: rows of cells, shared drawing."""

from __future__ import annotations

from pygame import Rect

from .base import MARGIN, MIN_TEXT, Label, Layout, Picture, card_size_for, spread

GAP_X, GAP_Y = 0.07, 0.07   # space between cells, in card widths / heights, at least
#: ... and at most, when the cells spread to fill a table of another shape
MOST_GAP_X, MOST_GAP_Y = 0.5, 0.3
#: the table's top and bottom edges, at least, in card heights
EDGE = 0.06


#: the rows' letters (A, B, ...) beside the rows and the columns' numbers
#: above them, as the words name the places ("row B, column 4"): their font
#: size a share of the card's height, at least :data:`MIN_TEXT`, and a
#: colour quieter than the counts'
MARK_SHARE = 0.24
MARK_COLOUR = (200, 214, 200)
#: the ace column's mark (Chinese Puzzle; the words say "row C's ace column")
ACE_MARK = "Aces"


def mark_size(ch: int) -> int:
    """The marks' font size beside cards ``ch`` pixels tall."""
    return max(MIN_TEXT, int(ch * MARK_SHARE))


def mark_room(size: int) -> tuple[int, int, int]:
    """The marks' room in pixels at font ``size``: a letter's width, a
    digit's height (pygame-ce's font: half the size, a little more) and the
    space between a mark and its cards (so that a card landing beside it is
    laid on the background alone, ``Canvas.lay``, and Black & White's white
    ground behind the text stays clear of the cards)."""
    return int(0.5 * size) + 2, int(0.55 * size) + 1, max(7, size // 4)


def lay_grid(game, area: Rect, aspect: float, extra_width: float = 0.0, band: tuple[float, float] = (0.0, 0.0),
             ace_gap: float = 0.0) -> tuple[Layout, int, int, int]:
    """Cells for every grid place, cards in them, the cards as large as the
    table allows: ``extra_width`` card widths beside the rows (their
    counts), and a band under them of ``band`` card heights (least, most);
    the rows' letters on their left and the columns' numbers above them.
    Where the table has room to spare, the cells spread apart (up to
    :data:`MOST_GAP_X`, :data:`MOST_GAP_Y`) and the band grows, so that the
    grid and its marks fill the table, centred.  Returns the layout, the
    grid's left and bottom edges and the band's height in pixels."""
    rows, width = game.ROWS, game.WIDTH
    wide = width + (width - 1) * GAP_X + ace_gap + extra_width
    # the marks' size follows the cards', and their room is taken from the
    # table first: the grid lies in the rest (its top edge is the numbers')
    size = mark_size(card_size_for(wide, rows + (rows - 1) * GAP_Y + band[0] + 2 * EDGE, area, aspect)[1])
    letter_w, digit_h, mark_gap = mark_room(size)
    left_room, top_room = letter_w + mark_gap, digit_h + mark_gap
    inner = Rect(area.x + left_room, area.y + top_room, area.w - left_room, area.h - top_room)
    cw, ch = card_size_for(wide, rows + (rows - 1) * GAP_Y + band[0] + EDGE, inner, aspect)
    layout = Layout(area.size, (cw, ch))
    dx = spread(width + ace_gap + extra_width, width - 1, cw, inner.w, GAP_X, MOST_GAP_X)
    room = inner.h * (1 - MARGIN) - (rows + band[0]) * ch
    gap_y = min(MOST_GAP_Y * ch, max(GAP_Y * ch, room / (rows - 1)))
    band_h = int(band[0] * ch + min(max(0.0, room - (rows - 1) * gap_y), (band[1] - band[0]) * ch))
    dy = ch + int(gap_y)
    grid_w = dx * (width - 1) + cw + int(ace_gap * cw) + int(extra_width * cw)
    left = inner.x + (inner.w - grid_w) // 2
    top = inner.y + max(0, (inner.h - dy * (rows - 1) - ch - band_h) // 2)
    position = game.position()["rows"]
    locked = game.locked_counts()
    # a won table's gaps (after the kings) are plain empty places, never marked dead: they read as failures
    dead = set() if game.won else set(game.dead_places())
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
    lay_marks(game, layout, size)
    bottom = top + dy * (rows - 1) + ch
    return layout, left, bottom, band_h


def lay_marks(game, layout: Layout, size: int) -> None:
    """Each row's letter on its left, each column's number above it (the
    ace column: :data:`ACE_MARK`, where it fits)."""
    letter_w, digit_h, gap = mark_room(size)
    for r, letter in enumerate(game.ROW_LETTERS):
        cell = layout.slots[game.PLACES[r * game.WIDTH]].rect
        box = Rect(cell.x - gap - letter_w, cell.centery - digit_h // 2, letter_w, digit_h)
        layout.labels.append(Label(letter.upper(), box, size, MARK_COLOUR, role="row"))
    for place in game.PLACES[:game.WIDTH]:
        cell = layout.slots[place].rect
        column = int(place[1:])
        text = str(column) if column else ACE_MARK
        if column == 0 and 1.75 * size > cell.w:
            continue
        box = Rect(cell.x, cell.y - gap - digit_h, cell.w, digit_h)
        layout.labels.append(Label(text, box, size, MARK_COLOUR, role="column"))


#: Gaps' band under the rows (the hand and the clock), in card heights: a
#: little space, then the hand at least half a card high, at most a card
GAPS_SPACE = 0.1
GAPS_BAND = (GAPS_SPACE + 0.5, GAPS_SPACE + 1.0)


def gaps(game, area: Rect, aspect: float, ui: dict) -> Layout:
    layout, left, bottom, band_h = lay_grid(game, area, aspect, band=GAPS_BAND)
    cw, ch = layout.card
    space = int(GAPS_SPACE * ch)
    hand_h = band_h - space
    hand = Rect(0, 0, int(hand_h * 0.9), hand_h)
    hand.topleft = (left, bottom + space)
    layout.pictures.append(Picture(f"hand{game.shuffles_left}", hand, place="hand"))
    text = max(MIN_TEXT, min(int(ch * 0.2), int(hand_h * 0.45)))
    layout.labels.append(Label(f"Shuffles left: {game.shuffles_left}",
                               Rect(hand.right + 10, hand.y, 10 * text, hand.h), text, align="left"))
    grid_right = layout.slots[game.PLACES[game.WIDTH - 1]].rect.right
    if ui.get("timer_shown", True):
        timer = Rect(grid_right - 6 * text, hand.y, 6 * text, hand.h)
        layout.labels.append(Label(ui.get("timer_text", "0:00"), timer, int(text * 1.4),
                                   align="right", name="timer"))
        layout.pictures.append(Picture("", timer, place="timer"))   # a click on the clock pauses
    return layout


def chinese_puzzle(game, area: Rect, aspect: float, ui: dict) -> Layout:
    layout, left, bottom, _ = lay_grid(game, area, aspect, extra_width=1.9, ace_gap=0.25)
    cw, ch = layout.card
    top = layout.slots["a0"].rect.top
    dy = layout.slots["b0"].rect.top - top
    count_x = layout.slots["a13"].rect.right + int(0.2 * cw)
    text = max(MIN_TEXT, int(ch * 0.32))
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
                               max(MIN_TEXT, int(text * 0.75))))
    return layout
