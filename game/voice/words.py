"""Moves in words, for hints: "the seven of hearts onto the eight of clubs".

The notation (``c3-c7:2``) is for files and tests; a player reading a hint
wants the cards named.  Suits are spelled out: the table's font has no suit
symbols.
"""

from __future__ import annotations

import re

import engine
from engine.cards import card

from ..games import front_of

WORDS = {
    "turn": "turn the stock's top card",
    "deal": "deal a card onto every column",
    "redeal": "use a redeal",
    "layoff": "lay off every card that can go to a foundation",
}


def describe(game: engine.Game, text: str) -> str:
    """``text`` (a legal move of ``game`` now) in words; the notation itself
    for anything it cannot read.

    The words tell it apart from every other legal move: in a two-deck game
    they name where the card comes from ("the ten of diamonds from row F,
    column 12 into the gap after the nine of diamonds"), and where another
    legal move would still read the same (two gaps after the two nines of
    diamonds, two empty columns), where it goes as well."""
    try:
        move = engine.Move.parse(text)
    except ValueError:
        return text
    words = _words(game, move)
    if move.word is not None or words == text:
        return words
    try:
        others = game.legal_moves()
    except Exception:           # (a position the engine cannot list moves of: the plain words)
        return words
    if any(_words(game, other) == words for other in others if not _same(move, other)):
        return _words(game, move, placed=True)
    return words


def _words(game: engine.Game, move: engine.Move, placed: bool = False) -> str:
    """A move in words, its destination named by place where ``placed``."""
    text = str(move)
    if text == "redeal":
        return f"use a {front_of(game).redeal_word}"        # Gaps: a shuffle
    if text in WORDS:
        return WORDS[text]
    if text == "s-t":
        return "put the turned card on the talon"
    try:
        return front_of(game).describe(game, move, placed)
    except (ValueError, IndexError, KeyError, TypeError, AttributeError):
        return text


def _same(move: engine.Move, other: engine.Move) -> bool:
    """The same move, or the same card(s) to a foundation: the engine lists
    ``c3-f`` (bare ``f``: whichever foundation takes them), a drop on a
    foundation plays a named one, ``c3-f2``."""
    if other == move:
        return True
    return (other.src == move.src and other.count == move.count and "f" in (other.dst, move.dst)
            and bool(other.dst) and bool(move.dst) and other.dst[0] == move.dst[0] == "f")


# ----------------------------------------------------------- the engine's reasons, spoken
#: the move words a reason may quote, as a player does them
QUOTED = {
    "turn": "a click on the stock",
    "deal": "a click on the stock",
    "redeal": "a redeal",
    "layoff": "Layoff",
}
_CARD = re.compile(r"\b(10|[A2-9TJQK])([CDHS])\b")
_ARTICLED = re.compile(r"\b(the|a|an|turned|its|your)\s+$", re.IGNORECASE)
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
    text = front_of(game).speak_places(game, text)
    return text[:1].upper() + text[1:]
