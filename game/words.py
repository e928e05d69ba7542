"""Moves in words, for hints: "the seven of hearts onto the eight of clubs".

The notation (``c3-c7:2``) is for files and tests; a player reading a hint
wants the cards named.  Suits are spelled out: the table's font has no suit
symbols.
"""

from __future__ import annotations

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
