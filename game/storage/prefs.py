"""The player's preferences: read once at start, changed by the menus,
written back when they change (and at quit, with the window's size and
place).  One owner: everything else asks :meth:`Prefs.option`."""

from __future__ import annotations

from .records import Records

# Read before the window opens, so with no game's rules loaded: the games'
# own options (the packing rules, Chinese Puzzle's redeals and aces) default
# to the engine's, and are checked against the game's front when read.
DEFAULT_PREFS = {
    "last_game": "",             # none yet: the start screen's first game
    "move_style": "drag",        # or "click"
    "sound": True,
    "fast_aces": False,
    "auto_reshuffle": True,
    "rules": {},                 # by game: the packing rule chosen
    "redeals": 2,
    "aces": "free",
    "window": [1180, 760],
    "zoom": False,
    "mono": False,
    "back": 0,
    "table": "green",
    "timer_shown": True,
    "blanks_move": False,
    "winnable": False,
    "faces": "classic",
    "window_pos": [],
    "indicator": True,
    "speak": False,
}


def shared(name: str) -> bool:
    """Whether more than one game offers the option ``name``."""
    from ..games import FRONTS
    return sum(any(c.name == name for c in f.choices) for f in FRONTS) > 1


class Prefs:
    """The preferences, kept in the player's records folder."""

    def __init__(self, records: Records, keep: bool = True) -> None:
        self.records = records
        self.keep = keep                # False: nothing is written (a screenshot's run)
        self.values = records.load_prefs(DEFAULT_PREFS)

    def option(self, name: str):
        return self.values.get(name, DEFAULT_PREFS.get(name))

    def __getitem__(self, name: str):
        return self.values[name]

    def __setitem__(self, name: str, value) -> None:
        self.values[name] = value

    def rule(self, game: str) -> str | None:
        """The packing rule the player chose for ``game`` (Sequences...)."""
        return self.values.get("rules", {}).get(game)

    def set_rule(self, game: str, rule: str) -> str | None:
        return self.set_choice(game, "rule", rule)

    def choice(self, game: str, name: str):
        """The value the player chose of ``game``'s option ``name`` (its
        front's ``choices``); None when none was chosen.  An option several
        games share (the packing rule) is kept for each game, under the
        option's name with an s (``"rules"``); one only a single game has
        (Chinese Puzzle's ``"redeals"``, ``"aces"``), under its name."""
        from ..games import front
        if shared(name):
            value = self.values.get(f"{name}s", {}).get(game)
        else:
            value = self.values.get(name, DEFAULT_PREFS.get(name))
        offered = front(game).choice(name)
        return value if offered is not None and any(value == v for v, _label in offered.values) else None

    def set_choice(self, game: str, name: str, value) -> str | None:
        """Keep the player's choice of ``game``'s option ``name``, and write
        the preferences; the problem in words, if any."""
        if shared(name):
            self.values.setdefault(f"{name}s", {})[game] = value
        else:
            self.values[name] = value
        return self.save()

    def set(self, name: str, value) -> str | None:
        """Change one preference and write them all; the problem in words, if any."""
        self.values[name] = value
        return self.save()

    def save(self) -> str | None:
        if not self.keep:
            return None
        return self.records.save_prefs(self.values)
