"""The table in words, for speech: the focused place and its cards
("column 3, seven of hearts, 4 cards under it"; Gaps: "row B, column 4, a
gap"), one pile in full, and the whole table.  The game's own words name
the places (its front end's ``speak_places``)."""

from __future__ import annotations

import engine
from engine.cards import card

from ..games import front_of
from ..layouts import Layout, is_pile

SPECIAL = {"stock": "the stock", "s": "the turned card", "t": "the talon", "hand": "the hand"}


def grid(game: engine.Game) -> bool:
    return not hasattr(game, "foundation_move")


class PlaceName(str):
    """A place's name, whose ``capitalize`` starts a sentence without
    lowering the rest: "Row A's ace column" ("row A's ace column".capitalize()
    would read "Row a's ace column")."""

    def capitalize(self) -> PlaceName:
        return PlaceName(self[:1].upper() + self[1:])


def place_name(game: engine.Game, place: str) -> PlaceName:
    """``c3`` as "column 3", ``b4`` as "row B, column 4", ``t`` as "the talon"."""
    if place in SPECIAL:
        return PlaceName(SPECIAL[place])
    return PlaceName(front_of(game).speak_places(game, place))


def card_words(sprite) -> str:
    return card(sprite.card).words if sprite.face_up else "a face-down card"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def count_of(game: engine.Game, place: str) -> int | None:
    """How many cards a stacked place holds (the stock, a packet, the talon),
    from the game's position; None when it does not say."""
    try:
        position = game.position()
        if place in ("stock", "t"):
            held = position.get("stock" if place == "stock" else "talon")
        elif place[0] == "p":
            held = (position.get("packets") or [])[int(place[1:]) - 1]
        else:
            return None
        return len(held) if isinstance(held, list) else None
    except (AttributeError, IndexError, ValueError, TypeError):
        return None


def top_words(game: engine.Game, place: str, pile: list) -> str:
    """A place that is not a spread column: its top card, and how many it holds."""
    count = count_of(game, place)
    top = pile[-1]
    if count is None or count <= 1:
        return card_words(top)
    if not top.face_up:
        return f"{count} cards, face down"
    return f"{card_words(top)}, {count} cards"


def focus_words(game: engine.Game, layout: Layout, focus: tuple[str, int | None] | None) -> str:
    """The focused place and card(s) in words."""
    if focus is None:
        return ""
    place, index = focus
    name = place_name(game, place)
    if place == "hand":                 # Gaps' shuffles, as fingers
        left = getattr(game, "shuffles_left", None)
        return name if left is None else f"{name}, {plural(left, 'shuffle')} left: Enter uses one"
    pile = layout.pile(place) if place in layout.slots else []
    if not pile:
        if place == "stock":
            return name
        closed = closed_words(game, place)
        if closed:
            return f"{name}, {closed}"
        return f"{name}, {front_of(game).gap_words(game, place) if grid(game) else 'empty'}"
    if index is None:
        index = pile[-1].index
    sprite = next((s for s in pile if s.index == index), pile[-1])
    if not is_pile(game, place):
        return f"{name}, {top_words(game, place, pile)}"
    words = [name, card_words(sprite)]
    if is_pile(game, place):
        above = sum(1 for s in pile if s.index > sprite.index)
        below = sum(1 for s in pile if s.index < sprite.index)
        if above:
            words[-1] += f" and {plural(above, 'card')} on it"
        if below:
            words.append(f"{plural(below, 'card')} under it")      # covered by it, nearer the column's start
    return ", ".join(words)


def closed_words(game: engine.Game, place: str) -> str:
    """The Republic's column emptied while its packet still holds cards: no
    vacancy ("" for any other place)."""
    if place[:1] != "c" or not place[1:].isdigit() or not hasattr(game, "packet_face_up"):
        return ""
    i = int(place[1:]) - 1
    try:
        if not game.packet_face_up(i):
            return ""
        return f"no vacancy: its packet still holds {plural(len(game.packets[i]), 'card')}"
    except (IndexError, AttributeError, TypeError):
        return ""


def held_words(game: engine.Game, layout: Layout, focus: tuple[str, int | None]) -> str:
    """The card(s) just picked up from ``focus``: "seven of hearts and 2 cards on it"."""
    words = focus_words(game, layout, focus)
    name = place_name(game, focus[0])
    words = words[len(name) + 2:] if words.startswith(name + ", ") else words
    return words.split(", ")[0]


def pile_words(game: engine.Game, layout: Layout, place: str) -> str:
    """One place in full: its every card, bottom to top."""
    name = place_name(game, place)
    pile = layout.pile(place) if place in layout.slots else []
    if place in ("hand", "stock") and not pile:
        return focus_words(game, layout, (place, None))
    if not pile:
        return f"{name}, {front_of(game).gap_words(game, place) if grid(game) else 'empty'}"
    count = count_of(game, place)
    if not is_pile(game, place) and count is not None and count > 1:
        # a stacked place (the stock, a packet, the talon): the table draws a few of its cards, the
        # position holds them all; what lies face down is never listed, and of a stack only its top shows
        top = pile[-1]
        if not top.face_up:
            return f"{name}, {count} cards, face down"
        return f"{name}, {count} cards: {card_words(top)} on top, {plural(count - 1, 'card')} under it"
    if len(pile) == 1:
        return f"{name}: {card_words(pile[0])}"
    down = sum(1 for s in pile if not s.face_up)
    up = [card_words(s) for s in pile if s.face_up]
    head = f"{name}, {plural(len(pile), 'card')}"
    if down:
        head += f", {down} face down"
    return f"{head}, from the bottom: {', '.join(up)}"


def table_words(game: engine.Game, layout: Layout) -> str:
    """The whole table: each place's top card (Gaps: each row in order)."""
    parts = []
    if grid(game):
        rows: dict[str, list[str]] = {}
        for place in layout.slots:
            pile = layout.pile(place)
            dead = not pile and front_of(game).gap_words(game, place).startswith("a dead gap")
            rows.setdefault(place[0], []).append(card_words(pile[-1]) if pile else "dead gap" if dead else "gap")
        return ". ".join(f"Row {r.upper()}: {', '.join(cells)}" for r, cells in rows.items()) + "."
    for place in layout.slots:
        pile = layout.pile(place)
        name = place_name(game, place)
        if not pile:
            parts.append(f"{name} empty")
        elif is_pile(game, place) and len(pile) > 1:
            parts.append(f"{name}: {card_words(pile[-1])}, {len(pile)} cards")
        else:
            parts.append(f"{name}: {top_words(game, place, pile)}")
    return ". ".join(p[:1].upper() + p[1:] for p in parts) + "."
