"""The engine's two errors, both ``ValueError`` subclasses."""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules refuse here; ``reason`` says why in a sentence."""

    def __init__(self, reason: str, move: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class BadPosition(ValueError):
    """A document or position that cannot be played, and what is wrong."""
