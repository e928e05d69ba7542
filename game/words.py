"""Moves in words, for hints: "the seven of hearts onto the eight of clubs".

The notation (``c3-c7:2``) is for files and tests; a player reading a hint
wants the cards named.  Suits are spelled out: the table's font has no suit
symbols.
"""

from __future__ import annotations

import re

import engine
from engine.cards import card

WORDS = {
    "turn": "turn the stock's top card",
    "deal": "deal a card onto every column",
    "redeal": "use a redeal",
    "layoff": "lay off every card that can go to a foundation",
}
PILES = {"c": "columns", "p": "packets", "r": "reserve"}


def _name(text: str | None) -> str:
    return "a card" if text is None else "the " + card(text).words


def _pile(position: dict, place: str) -> list:
    """The cards of a pile place (bottom to top), from a position document."""
    kind, number = place[0], place[1:]
    if kind == "s":
        return [position.get("turned")]
    if kind == "t":
        return list(position.get("talon") or [])
    if kind == "f":
        tops = position.get("foundations") or []
        i = int(number) - 1 if number else -1
        return [tops[i]] if 0 <= i < len(tops) else []
    piles = position.get(PILES[kind]) or []
    found = piles[int(number) - 1]
    return found if isinstance(found, list) else [found]


def describe(game: engine.Game, text: str) -> str:
    """``text`` (a legal move of ``game`` now) in words; the notation itself
    for anything it cannot read."""
    if text in WORDS:
        return WORDS[text]
    if text == "s-t":
        return "put the turned card on the talon"
    try:
        move = engine.Move.parse(text)
        if game.name in ("gaps", "chinese-puzzle"):
            moved = _name(game.card_at(move.src))
            column = int(move.dst[1:])
            if column == (0 if game.name == "chinese-puzzle" else 1):
                return f"{moved} to the start of row {move.dst[0].upper()}"
            return f"{moved} into the gap after {_name(game.card_at(f'{move.dst[0]}{column - 1}'))}"
        position = game.position()
        pile = _pile(position, move.src)
        count = move.count or 1
        moved = _name(pile[-count] if len(pile) >= count else None)
        if count > 1:
            moved = f"{moved} and the card on it" if count == 2 else f"{moved} and the {count - 1} cards on it"
        if move.dst.startswith("f"):
            if count == 13:
                return f"the run from the king down to the ace of {card(pile[-1]).words.split(' of ')[1]} home"
            return f"{moved} to its foundation"
        target = _pile(position, move.dst)
        if not target or target[-1] is None:
            return f"{moved} into the empty column"
        return f"{moved} onto {_name(target[-1])}"
    except (ValueError, IndexError, KeyError, TypeError, AttributeError):
        return text


# ----------------------------------------------------------- the engine's reasons, spoken
#: the move words a reason may quote, as a player does them
QUOTED = {
    "turn": "a click on the stock",
    "deal": "a click on the stock",
    "redeal": "a redeal",
    "layoff": "Layoff",
}
PLACE_WORDS = {"c": "column", "f": "foundation", "p": "packet", "r": "reserve place", "t": "talon"}
_CARD = re.compile(r"\b(10|[A2-9TJQK])([CDHS])\b")
_ARTICLED = re.compile(r"\b(the|a|an|turned|its|your)\s+$", re.IGNORECASE)
_NAMED_PLACE = re.compile(r"\b(Column|column|Foundation|foundation|Packet|packet|place) ([cfpr])(\d+)\b")
_PILE_PLACE = re.compile(r"\b([cfpr])(\d+)\b")
_GRID_PLACE = re.compile(r"\b([a-h])(\d{1,2})\b")
_QUOTED_MOVE = re.compile(r"\s*\('[^']*'\)|,? like '[^']*'")
_QUOTED_WORD = re.compile(r"'(turn|deal|redeal|layoff)'")


def speak(game: engine.Game, reason: str) -> str:
    """An engine's reason as the status line says it: cards, places and
    moves in words ("the seven of clubs", "column 2", "row C, column 5"),
    never the notation ("7C", "c2", "c5", "'s-t'")."""
    text = _QUOTED_MOVE.sub("", reason)
    text = _QUOTED_WORD.sub(lambda m: QUOTED[m.group(1)], text)

    def named(m: re.Match) -> str:
        words = card(m.group(1) + m.group(2)).words
        return words if _ARTICLED.search(m.string, 0, m.start()) else f"the {words}"
    text = _CARD.sub(named, text)
    if game.name in ("gaps", "chinese-puzzle"):
        first = getattr(game, "FIRST_COLUMN", 1)

        def cell(m: re.Match) -> str:
            row, column = m.group(1).upper(), int(m.group(2))
            if column == 0 and first == 0:
                return f"row {row}'s ace column"
            return f"row {row}, column {column}"
        text = _GRID_PLACE.sub(cell, text)
    else:
        text = _NAMED_PLACE.sub(lambda m: f"{m.group(1)} {m.group(3)}", text)
        text = _PILE_PLACE.sub(lambda m: f"{PLACE_WORDS[m.group(1)]} {m.group(2)}", text)
    return text[:1].upper() + text[1:]
