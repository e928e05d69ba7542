"""The three packing rules, shared by The Republic, The Smith and The Prince.

A rule says whether card ``lower`` may lie on card ``upper`` in a column:
always one rank lower, and alternating colour, any suit, or same suit.
"""

from __future__ import annotations

from .cards import RANK_OF, RED_OF

RULES = ("alternate", "any-suit", "same-suit")
RULE_WORDS = {
    "alternate": "descending rank in alternating colour",
    "any-suit": "descending rank in any suit",
    "same-suit": "descending rank in the same suit",
}


def is_alternate_descending(upper: int, lower: int) -> bool:
    return RANK_OF[upper] == RANK_OF[lower] + 1 and RED_OF[upper] != RED_OF[lower]


def is_any_suit_descending(upper: int, lower: int) -> bool:
    return RANK_OF[upper] == RANK_OF[lower] + 1


def is_same_suit_descending(upper: int, lower: int) -> bool:
    return upper == lower + 4


PACKS = {
    "alternate": is_alternate_descending,
    "any-suit": is_any_suit_descending,
    "same-suit": is_same_suit_descending,
}


def same_suit_too(rule: str):
    """``rule``, and also the same suit one rank lower, whatever the rule
    (The Smith's packing)."""
    fits = PACKS[rule]
    return lambda upper, lower: fits(upper, lower) or upper == lower + 4


def rule_words(rule: str, also_same_suit: bool = False) -> str:
    """How columns pack under ``rule``, in words."""
    if also_same_suit and rule != "same-suit":
        return RULE_WORDS[rule] + ", or in the same suit"
    return RULE_WORDS[rule]


def parents(fits) -> tuple[frozenset[int], ...]:
    """For each card (0..51), the cards it may lie on under ``fits(upper, lower)``:
    the table the move listing reads instead of calling ``fits`` each time."""
    return tuple(frozenset(upper for upper in range(52) if fits(upper, lower)) for lower in range(52))


#: parents(...) for each rule, and for each rule with the same suit allowed too
PARENTS = {rule: parents(fits) for rule, fits in PACKS.items()}
PARENTS_SAME_SUIT_TOO = {rule: parents(same_suit_too(rule)) for rule in PACKS}
