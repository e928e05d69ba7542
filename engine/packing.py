"""The three packing rules, shared by The Republic, The Smith and The Prince.

A rule says whether card ``lower`` may lie on card ``upper`` in a column:
always one rank lower, and alternating colour, any suit, or same suit.
"""

from __future__ import annotations

from .cards import NAMES, RANK_OF, RANK_WORDS, RED_OF, SUIT_OF

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


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def misfit(rule: str, upper: int, lower: int, also_same_suit: bool = False) -> str:
    """Why card ``lower`` may not lie on card ``upper`` under ``rule`` (it
    may not), naming what is wrong: the rank, the colour or the suit, or
    both; then the cards that would go there (cards by their codes, as in
    every reason).  ``also_same_suit``: the same suit one rank lower goes too."""
    rank = RANK_OF[upper] - 1
    if rank == 0:
        return "nothing goes on an ace in a column"
    rank_ok = RANK_OF[lower] == rank
    same_suit = SUIT_OF[upper] == SUIT_OF[lower]
    same_suit_card = NAMES[upper - 4]
    if rule == "any-suit":
        return f"the rank is wrong; only {_a(RANK_WORDS[rank - 1])} goes on the {NAMES[upper]}"
    if rule == "same-suit":
        wrong, needed = ("rank" if not rank_ok else "", "suit" if not same_suit else ""), f"the {same_suit_card}"
    else:
        colour_ok = RED_OF[upper] != RED_OF[lower] or (also_same_suit and same_suit)
        needed = f"{_a('black' if RED_OF[upper] else 'red')} {RANK_WORDS[rank - 1]}"
        if also_same_suit:
            needed += f" or the {same_suit_card}"
        wrong = ("rank" if not rank_ok else "", "colour" if not colour_ok else "")
    rank_wrong, kind_wrong = wrong
    if rank_wrong and kind_wrong:
        what = f"both the rank and the {kind_wrong} are wrong"
    elif rank_wrong:
        what = "the rank is wrong"
    else:
        what = f"the rank is right but the {kind_wrong} is not"
    return f"{what}; only {needed} goes on the {NAMES[upper]}"


def parents(fits) -> tuple[frozenset[int], ...]:
    """For each card (0..51), the cards it may lie on under ``fits(upper, lower)``:
    the table the move listing reads instead of calling ``fits`` each time."""
    return tuple(frozenset(upper for upper in range(52) if fits(upper, lower)) for lower in range(52))


#: parents(...) for each rule, and for each rule with the same suit allowed too
PARENTS = {rule: parents(fits) for rule, fits in PACKS.items()}
PARENTS_SAME_SUIT_TOO = {rule: parents(same_suit_too(rule)) for rule in PACKS}
