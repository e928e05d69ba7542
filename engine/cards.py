"""Cards, suits, ranks, decks and the project's own seeded shuffle.

A card is a small integer: ``(rank - 1) * 4 + suit``, with suits in bridge
order (clubs, diamonds, hearts, spades).  The two copies of a card in a
two-deck game are the same integer: the rules never tell them apart.  The
integer layout makes "the next card of the same suit" simply ``card + 4``.

The shuffle is written here, not borrowed from :mod:`random`, so that a seed
deals the same cards on every machine and every Python version.  Changing it
would change every deal and break every saved game.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import shown

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight",
              "nine", "ten", "jack", "queen", "king")
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")

ACE, KING = 1, 13
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

MASK64 = (1 << 64) - 1
MAX_SEED = (1 << 63) - 1


class Card(int):
    """One card, an ``int`` (so it is cheap to compare, hash and store)."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king)."""
        return self // 4 + 1

    @property
    def suit(self) -> int:
        """0..3, clubs, diamonds, hearts, spades."""
        return self & 3

    @property
    def red(self) -> bool:
        return (self & 3) in (DIAMONDS, HEARTS)

    @property
    def name(self) -> str:
        """Rank then suit, as in ``"TD"``."""
        return NAMES[self]

    @property
    def words(self) -> str:
        """The card in words, as in ``"ten of diamonds"``."""
        return f"{RANK_WORDS[self // 4]} of {SUIT_WORDS[self & 3]}"

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"card({NAMES[self]!r})"


NAMES = tuple(r + s for r in RANKS for s in SUITS)
CARDS = tuple(Card(i) for i in range(52))
BY_NAME = {n: CARDS[i] for i, n in enumerate(NAMES)}
RANK_OF = tuple(i // 4 + 1 for i in range(52))
SUIT_OF = tuple(i & 3 for i in range(52))
RED_OF = tuple((i & 3) in (DIAMONDS, HEARTS) for i in range(52))
ACES = tuple(CARDS[s] for s in range(4))


def card(name: str) -> Card:
    """The card named ``name`` (``"7H"``, ``"TD"``); ``ValueError`` if none.

    ``10`` is accepted for ``T`` and case does not matter."""
    if not isinstance(name, str):
        raise ValueError(f"a card is written as text like '7H', not {shown(name)}")
    text = name.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    found = BY_NAME.get(text)
    if found is None:
        raise ValueError(f"{shown(name)} is not a card (write rank then suit, like '7H' or 'TD')")
    return found


def card_words(c: int) -> str:
    return CARDS[c].words


def deck(copies: int = 1) -> list[Card]:
    """A fresh deck in a fixed order, ``copies`` packs together."""
    return [c for c in CARDS for _ in range(copies)]


def card_counts(cards: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def check_deck(cards: Iterable[int], copies: int) -> str | None:
    """Why ``cards`` is not exactly ``copies`` full packs, or ``None``."""
    counts = card_counts(cards)
    missing = [NAMES[c] for c in range(52) if counts.get(c, 0) < copies]
    extra = [NAMES[c] for c in range(52) if counts.get(c, 0) > copies]
    problems = []
    if missing:
        problems.append("missing " + ", ".join(missing))
    if extra:
        problems.append("too many " + ", ".join(extra))
    if not problems:
        return None
    packs = "one pack" if copies == 1 else f"{copies} packs"
    return f"the cards are not {packs}: " + "; ".join(problems)


def _mix64(z: int) -> int:
    """SplitMix64's finaliser: a fixed, well-known 64-bit mixing function."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & MASK64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK64
    return z ^ (z >> 31)


class Rng:
    """SplitMix64: small, fast, and fully specified, so deals never drift.

    ``Rng(seed, stream)`` gives independent sequences for the first deal
    (stream 0) and each later shuffle or redeal (stream 1, 2, ...)."""

    __slots__ = ("state",)
    GOLDEN = 0x9E3779B97F4A7C15

    def __init__(self, seed: int, stream: int = 0) -> None:
        if not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {shown(seed)}")
        self.state = _mix64((_mix64(seed ^ self.GOLDEN) + stream * self.GOLDEN) & MASK64)

    def next64(self) -> int:
        self.state = (self.state + self.GOLDEN) & MASK64
        return _mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (rejection sampling, no bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list) -> list:
        """Fisher-Yates in place; returns ``items`` for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def shuffled_deck(seed: int, copies: int = 1, stream: int = 0) -> list[Card]:
    return Rng(seed, stream).shuffle(deck(copies))
