"""What happened, as plain data for the table to animate and sound.

``play``, ``undo`` and ``redo`` return lists of these; a new game offers the
events of its own deal in ``Game.opening_events``.  Cards are named as in
the notation (``"7H"``) and places as in moves (``"b4"``, ``"c3"``, ``"f"``).
``undo`` returns each event's ``inverse()``, in reverse order, so the table
plays an undo as the move run backwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    def inverse(self) -> Event | None:
        """The event that runs this one backwards (``None``: nothing to show)."""
        return None


@dataclass(frozen=True)
class CardMoved(Event):
    """One card went from one place to another (a sequence gives one each)."""
    card: str
    src: str
    dst: str

    def inverse(self) -> CardMoved:
        return CardMoved(self.card, self.dst, self.src)


@dataclass(frozen=True)
class CardTurned(Event):
    """A card at ``place`` turned face up (or, undone, face down)."""
    card: str
    place: str
    face_up: bool = True

    def inverse(self) -> CardTurned:
        return CardTurned(self.card, self.place, not self.face_up)


@dataclass(frozen=True)
class CardsDealt(Event):
    """Cards dealt from ``source`` (``"deck"`` or the stock ``"s"``) to places,
    in dealing order; ``undone`` when an undo takes them back."""
    cards: tuple[tuple[str, str], ...]
    source: str = "deck"
    undone: bool = False

    def inverse(self) -> CardsDealt:
        return CardsDealt(tuple(reversed(self.cards)), self.source, not self.undone)


@dataclass(frozen=True)
class AcesRemoved(Event):
    """Aces taken off the table (Gaps), one ``(card, place)`` each, in order."""
    cards: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Redealt(Event):
    """A shuffle or redeal: cards picked up and laid out anew.
    ``cards`` gives every place that changed, with its new card or ``None``."""
    cards: tuple[tuple[str | None, str], ...] = field(default=())


@dataclass(frozen=True)
class Won(Event):
    """The game is won."""


@dataclass(frozen=True)
class Over(Event):
    """The game is over without a win: no legal move is left."""
