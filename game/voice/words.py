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


def describe(game: engine.Game, text: str, places: bool = False) -> str:
    """``text`` (a legal move of ``game`` now) in words; the notation itself
    for anything it cannot read.

    The words tell it apart from every other legal move: in a two-deck game
    they name where the card comes from ("the ten of diamonds from row F,
    column 12 into the gap after the nine of diamonds"), and where another
    legal move would still read the same (two gaps after the two nines of
    diamonds, two empty columns), where it goes as well.

    ``places`` (a hint: the player must find its cards, in two packs which
    of them): both places named, in every game ("the queen of clubs from
    column 3 onto the king of diamonds in column 5")."""
    try:
        move = engine.Move.parse(text)
    except ValueError:
        return text
    if places and move.word is None:
        return _words(game, move, placed=True, whence=True)
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


def _words(game: engine.Game, move: engine.Move, placed: bool = False, whence: bool = False) -> str:
    """A move in words, its destination named by place where ``placed``,
    its source where ``whence``."""
    text = str(move)
    if text == "redeal":
        return f"use a {front_of(game).redeal_word}"        # Gaps: a shuffle
    if text in WORDS:
        return WORDS[text]
    if text == "s-t":
        return "put the turned card on the talon"
    try:
        return front_of(game).describe(game, move, placed, whence) if whence else \
            front_of(game).describe(game, move, placed)
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


# ----------------------------------------------------------- a move played, and the cards it shows
def move_said(game: engine.Game, words: str, events=(), again: bool = False) -> str:
    """A move played (``words``: :func:`describe`'s, from before it was
    played), with the cards its ``events`` show (the engine's: a stock card
    turned, cards dealt, a packet's card turned up, the gaps a shuffle
    left), and the game's result when it ended or is stuck.  ``again``:
    played again (Redo), its result left to the table.

    A move whose whole point is the cards it shows is said by them:
    "Turned the seven of hearts." (not "Turn the stock's top card."),
    "Dealt: column 1 the four of clubs, column 2 ...".  Any other move is
    said, then what it uncovered: "Packet 3 shows the nine of spades."."""
    lead, after = shown(game, events)
    text = lead or words
    if again:
        text = "Played again: " + text[:1].lower() + text[1:] + "."
    else:
        text = text[:1].upper() + text[1:] + "."
    for sentence in after:
        text += " " + sentence
    if again:
        return text
    if game.won:
        text += " The game is won."
    elif game.over:
        text += " No move is left: the game is over."
    elif getattr(game, "stuck", False):
        text += " No card can move."
    return text


def shown(game: engine.Game, events) -> tuple[str, list[str]]:
    """What ``events`` show of cards that were hidden, in words: the words
    that say the move itself when showing them is all it does (a stock card
    turned, a deal from the stock; "" otherwise), and sentences for the
    cards another move uncovered.  Events of an undo (cards turned face
    down, a deal taken back) show nothing."""
    from engine import events as ev
    front = front_of(game)
    lead, after = "", []
    events = list(events)
    for k, e in enumerate(events):
        went = next((x for x in events[k + 1:] if isinstance(x, ev.CardMoved) and x.src == getattr(e, "place", None)
                     and x.card == getattr(e, "card", None)), None)
        if isinstance(e, ev.CardsDealt) and e.source == "s" and not e.undone:
            lead = "Dealt: " + ", ".join(f"{front.speak_places(game, place)} {card_name(c)}" for c, place in e.cards)
        elif isinstance(e, ev.CardTurned) and e.face_up and e.place == "s":
            lead = f"Turned {card_name(e.card)}"
            if went is not None and went.dst == "t":        # the engine sent it on: it has no move
                lead += ": it cannot be played, so it went to the talon"
        elif isinstance(e, ev.CardTurned) and e.face_up:
            place = front.speak_places(game, e.place)
            if went is not None:
                after.append(f"{place[:1].upper()}{place[1:]}'s last card, {card_name(e.card)}, moved down into "
                             f"{front.speak_places(game, went.dst)}.")
            else:
                after.append(f"{place[:1].upper()}{place[1:]} shows {card_name(e.card)}.")
        elif isinstance(e, ev.Redealt) and hasattr(game, "PLACES"):
            # a shuffle or redeal laid the cards out anew: where play goes on, the gaps, each by the card before it
            gaps = [p for p in game.PLACES if game.card_at(p) is None]
            if gaps:
                after.append("The gaps now: " + "; ".join(
                    f"{front.speak_places(game, p)}, {front.gap_words(game, p)}" for p in gaps) + ".")
    return lead, after


def card_name(text: str) -> str:
    return "the " + card(text).words


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
