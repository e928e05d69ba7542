"""The engine's errors, all ``ValueError`` subclasses, each saying which
mistake was made.

- :class:`InvalidMove`: not a move at all (bad syntax, a place that does
  not exist in this game);
- :class:`IllegalMove`: a well-formed move the rules refuse here;
- both are a :class:`MoveError`, whose ``reason`` is a sentence for the player;
- :class:`BadPosition`: a document or position that cannot be played.
"""

from __future__ import annotations


class MoveError(ValueError):
    """A move that cannot be played; ``reason`` says why in a sentence and
    ``move`` is the text that was given (``None`` when it was not text)."""

    def __init__(self, reason: str, move: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class InvalidMove(MoveError):
    """Not a move: bad syntax, or a place that does not exist in this game."""


class IllegalMove(MoveError):
    """A move the rules refuse here."""


class BadPosition(ValueError):
    """A document or position that cannot be played, and what is wrong."""


def shown(value: object) -> str:
    """A short picture of a value from a document, for a message: never the
    whole of a long text, a deep list or a number of thousands of digits."""
    if value is None or isinstance(value, (bool, float)):
        return repr(value)
    if isinstance(value, int):
        if -10**15 < value < 10**15:
            return repr(value)
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else repr(value[:20]) + f"... ({len(value)} characters)"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return f"an object of {len(value)} field{'s' if len(value) != 1 else ''}"
    return type(value).__name__


#: deeper than this, no Card Shell document goes (a position is nested four deep)
DEEPEST = 32
#: an integer beyond this is no seed, count or format
LARGEST = 2**64


def json_problem(doc: object) -> str | None:
    """What makes ``doc`` no plain JSON data of a sane shape, or ``None``:
    nesting deeper than :data:`DEEPEST`, an integer beyond :data:`LARGEST`,
    a non-text key or a value JSON cannot carry.  Walks without recursion,
    so a document nested a million deep is answered, not crashed on."""
    stack: list[tuple[object, int]] = [(doc, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= DEEPEST:
                return f"it is nested more than {DEEPEST} deep; no Card Shell document is"
            if isinstance(value, dict):
                for key, item in value.items():
                    if not isinstance(key, str):
                        return f"it has a field named {shown(key)}: field names are text"
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, int) and not isinstance(value, bool):
            if not -LARGEST <= value <= LARGEST:
                return f"it holds {shown(value)}; no number in a Card Shell document is that large"
        elif value is not None and not isinstance(value, (str, float, bool)):
            return f"it holds a {type(value).__name__}, which JSON cannot carry"
    return None
