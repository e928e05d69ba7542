"""Challenge codes: a deal (game, options, seed) as a short code to type.

A code is read in four parts, all in Crockford's base 32 (the digits and
the letters without I, L, O and U)::

    R0-3NQK-8N8
    |`-- options: the index of the option combination (0: the defaults)
    `--- the game: its letter (its spec's ``letter``: G Gaps, R The Republic, ...)
         3NQK8N  the seed (deal number), most significant digit first, no leading zeros
         8       the check character

The options index counts through the game's ``OPTIONS`` in their declared
order, the first option the most significant, each option's values in the
order listed (so index 0 is the default combination).  It takes as many
characters as the game's number of combinations needs (one for every game
today).  The check character makes the weighted sum of every character's
value, in the field GF(32), zero: any one character changed, and any two
neighbours swapped, are refused as mistyped.

For reading, the code is printed as the game-and-options group and then the
seed and check in groups of four; decoding ignores hyphens and spaces, is
case-insensitive, and reads I and L as 1 and O as 0.

    >>> encode("republic", {"rule": "alternate"}, 123456789)
    'R0-3NQK-8N8'
    >>> decode("r0 3nqk 8n8")
    ('republic', {'rule': 'alternate'}, 123456789)
"""

from __future__ import annotations

from math import prod
from typing import Any

from .base import FORMAT
from .cards import MAX_SEED
from .spec import find, names, specs

#: Crockford's base-32 symbols, by value
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: n for n, ch in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
_IGNORED = set(" \t\n-\u2010\u2011\u2012\u2013\u2014\u2212")


def __getattr__(name: str) -> Any:
    """``LETTERS``: each game's name to the letter its codes start with,
    read from the games' specs (which imports every game's module)."""
    if name == "LETTERS":
        return {s.name: s.letter for s in specs()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_GROUP = 4

# GF(32) with the primitive polynomial x^5 + x^2 + 1; alpha = x generates it
_POLY = 0b100101


def _mul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 0b100000:
            a ^= _POLY
    return r


_POWERS = [1]
for _ in range(30):
    _POWERS.append(_mul(_POWERS[-1], 2))


def _checksum(values: list[int]) -> int:
    """The weighted sum of ``values``, the last weighted alpha^0, the one
    before it alpha^1, and so on (distinct weights up to 31 characters)."""
    total = 0
    for j, v in enumerate(reversed(values)):
        total ^= _mul(_POWERS[j % 31], v)
    return total


def _digits(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 32)
        out = ALPHABET[r] + out
        if n == 0:
            return out


def _options_width(cls) -> int:
    """How many characters the options index of ``cls`` takes (at least one)."""
    return len(_digits(_combinations(cls) - 1))


def _combinations(cls) -> int:
    return prod(len(values) for values in cls.OPTIONS.values())


def _group(body: str) -> str:
    return "-".join(body[k:k + _GROUP] for k in range(0, len(body), _GROUP))


def encode(game_name: str, options: dict[str, Any] | None, seed: int) -> str:
    """The challenge code of a deal.  Options left out take their defaults.
    Raises ``ValueError`` for an unknown game, option or seed."""
    found = find(game_name)
    if found is None:
        raise ValueError(f"there is no game {game_name!r}; the games are {', '.join(names())}")
    cls = found.game
    full = cls.check_options(dict(options or {}))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    index = 0
    for key, values in cls.OPTIONS.items():
        position = next(k for k, v in enumerate(values) if type(v) is type(full[key]) and v == full[key])
        index = index * len(values) + position
    head = found.letter + _digits(index).rjust(_options_width(cls), "0")
    body = _digits(seed)
    check = _checksum([_VALUE[ch] for ch in head + body] + [0])
    return f"{head}-{_group(body + ALPHABET[check])}"


def canonical(code: str) -> str:
    """``code`` as :func:`encode` prints it (``ValueError`` if it is not one)."""
    return encode(*decode(code))


def decode(code: str) -> tuple[str, dict[str, Any], int]:
    """``(game name, options, seed)`` from a challenge code.  Raises
    ``ValueError`` with a sentence saying what is wrong with it."""
    if not isinstance(code, str):
        raise ValueError(f"a challenge code is text, not {type(code).__name__}")
    text = "".join(ch for ch in code.upper() if ch not in _IGNORED)
    shown = code.strip()
    if not text:
        raise ValueError("The challenge code is empty: it looks like R0-3NQK-8N8.")
    for ch in text:
        if ch not in _VALUE:
            raise ValueError(f"{ch!r} cannot be part of a challenge code, which uses the digits 0 to 9 "
                             "and the letters A to Z except U.")
    if len(text) < 4:
        raise ValueError(f"The challenge code {shown!r} is too short: a code has a game letter, an options "
                         "character, the deal number and a check character, like R0-3NQK-8N8.")
    if _checksum([_VALUE[ch] for ch in text]) != 0:
        raise ValueError(f"The challenge code {shown!r} is mistyped: its check character does not match "
                         "the rest. Please check each character.")
    found = next((s for s in specs() if s.letter == text[0]), None)
    if found is None:
        known = ", ".join(f"{s.letter} ({s.title})" for s in specs())
        raise ValueError(f"The challenge code {shown!r} starts with {text[0]!r}, which is no game's letter; "
                         f"the letters are {known}.")
    name, cls = found.name, found.game
    width = _options_width(cls)
    seed_text = text[1 + width:-1]
    if not seed_text:
        raise ValueError(f"The challenge code {shown!r} is too short: it has no deal number.")
    index = 0
    for ch in text[1:1 + width]:
        index = index * 32 + _VALUE[ch]
    sets = _combinations(cls)
    if index >= sets:
        only = "only one, set 0" if sets == 1 else f"only {sets}, sets 0 to {sets - 1}"
        raise ValueError(f"The challenge code {shown!r} names option set {index}, but {cls.title} "
                         f"has {only}.")
    if len(seed_text) > 1 and seed_text[0] == "0":
        raise ValueError(f"The challenge code {shown!r} has a deal number starting with 0; "
                         "codes never do, so it is mistyped.")
    seed = 0
    for ch in seed_text:
        seed = seed * 32 + _VALUE[ch]
    if seed > MAX_SEED:
        raise ValueError(f"The deal number in the challenge code {shown!r} is out of range: "
                         f"deal numbers go from 0 to {MAX_SEED}.")
    options: dict[str, Any] = {}
    for key, values in reversed(list(cls.OPTIONS.items())):
        index, position = divmod(index, len(values))
        options[key] = values[position]
    options = {key: options[key] for key in cls.OPTIONS}
    return name, options, seed


def document(code: str) -> dict[str, Any]:
    """The document a code stands for: ``engine.from_dict`` deals it."""
    name, options, seed = decode(code)
    return {"format": FORMAT, "game": name, "options": options, "seed": seed}


__all__ = ["ALPHABET", "LETTERS", "encode", "decode", "canonical", "document"]  # noqa: F822 (LETTERS: __getattr__)
