"""What the front end asks of a game, answered once per game.

Each game of the collection has one module in this package with one
:class:`Front` in it: its title and blurb, its table's layout, its menu
items and options, its status words, what a click on its stock or hand does,
where its hints point and its help text.  Outside this package the front end
never branches on a game's name: it asks the game's front.

A front never decides a rule.  What is legal, stuck, dead or used up is asked
of the engine (``explain``, ``stuck``, ``hint_places``, ``dead_places``,
``redeals_left``, ``shuffles_used``, whether the deal hides cards, whether a
move carries runs, the stock's move, ...); a front only chooses words,
places and menus around those answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine
from engine.cards import card

#: the Demo's first search, in seconds, unless a game needs longer
DEMO_S = 10.0


def clock_text(seconds: float) -> str:
    """A clock's time: ``3:25``."""
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}"


def card_name(text: str | None) -> str:
    """A card in words: "the seven of hearts" ("a card" when unknown)."""
    return "a card" if text is None else "the " + card(text).words


def two_decks(game: engine.Game) -> bool:
    """Whether ``game`` deals every card twice (Chinese Puzzle, The Republic,
    The Smith): a card's name alone does not say which copy is meant."""
    return getattr(game, "COPIES", 1) > 1


@dataclass(frozen=True)
class Choice:
    """One of a game's options as a player chooses it: the engine's option
    ``name``, what it is in ``words`` ("packing rule": the command line's
    help, and what is said of it), its ``values`` with their labels, and
    the dialog that chooses it (``title``, ``question``).  The command line
    offers ``--NAME`` for it (``game/app.py``); the values are the engine's
    (``Game.OPTIONS``: a test holds them to it)."""

    name: str
    words: str
    values: tuple[tuple[Any, str], ...]
    title: str = ""
    question: str = ""

    def label(self, value) -> str:
        """``value``'s label, as said in a sentence: "Any suit", "1 redeal"."""
        text = dict(self.values).get(value, str(value)).lower()
        return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Entry:
    """A menu item as a game lists it: data, which the menus' commands make
    into an item (``commands.py``).  ``command`` names what it runs: one of
    the commands a game's menu may list (``commands.MENU_COMMANDS``:
    ``"hint"``, ``"undo"``, ...), or ``"play WORD"`` (a move word: dimmed
    when the engine refuses it, its shortcut then saying why), ``"toggle
    OPTION"`` (a preference turned on or off), ``"choose NAME"`` (the dialog
    of one of the game's :class:`Choice`), ``"set NAME VALUE"``, ``"confirm
    WORD"`` (a move word played once the player says yes:
    :meth:`Front.confirm`) or ``"fixed NAME"`` (why a choice cannot change
    now).  ``enabled`` None: as the engine says of the move word;
    ``refused``: what its shortcut runs while it is dimmed.  An Entry with
    no label is a separator line."""

    label: str = ""
    command: str = ""
    shortcut: str = ""
    enabled: bool | None = True
    checked: bool | None = None
    refused: str | None = None


#: a line between a menu's items
SEPARATOR = Entry()


def play_entry(label: str, word: str, shortcut: str) -> Entry:
    """A menu item that plays a move word (dimmed when the engine refuses
    it; its shortcut then says why)."""
    return Entry(label, f"play {word}", shortcut, enabled=None, refused=f"play {word}")


@dataclass(frozen=True)
class View:
    """What a hint on a place reads of the table (:meth:`Front.hint_places`,
    :meth:`Front.hint_words`): the engine's ``game``, the ``layout`` drawn,
    and ``foundation_of(place, count)``, the foundation the engine lets
    those cards go to (None: none)."""

    game: engine.Game
    layout: Any
    foundation_of: Callable[[str, int], str | None]


@dataclass(frozen=True)
class Fill:
    """What a click on an empty cell does (:meth:`Front.fill_blank`): play
    ``move``, or select the card at ``select``, or neither (refused); and
    ``words`` to say (the engine's notation, the table says it in words).
    ``more``: the card selected is offered, one of several that may go
    there (Gaps' column-1 gap and its free 2s): a click on the cell again
    offers the next and a click on the card moves it there; by keys, Tab
    offers the next and Enter on the cell moves it."""

    move: str | None = None
    select: str | None = None
    words: str = ""
    more: bool = False


class Front:
    """One game's answers.  The defaults suit no game in particular; each
    game's module sets what differs."""

    name = ""                   #: the engine's name of the game
    listed = 0                  #: its place on the start screen and in the File menu (1 first)
    blurb = ""                  #: one sentence for the start screen
    sample: tuple[str, ...] = ()    #: the start screen's fan of cards
    help = ""                   #: the rules, in the Help window's marks (game/ui/help.py)
    menu_title = "Moves"        #: the game's own menu
    redeal_word = "redeal"      #: what a fresh deal of the cards in play is called
    timed = False               #: a clock runs; Pause, and a pause when the window loses focus
    clocked = False             #: a clock runs, shown on the status line with the score (no Pause)
    high_scores = False         #: a win may enter the high-score table (shuffles and time)
    undo_toggles = False        #: Undo takes back the last move, or, just after an undo, plays it again
    fills_blanks = False        #: a click on an empty cell fills it with the card that belongs there
    demo_seconds = DEMO_S       #: the solver's time for the Demo's first search
    review_seconds = 3.0        #: a game review's time for each of its searches
    #: the solver's "won" means won without another of these (Gaps' shuffle,
    #: Chinese Puzzle's redeal: the luck of a fresh deal left out); None: won outright
    redeal_in_verdict: str | None = None
    #: the game's options a player chooses, each offered on the command line too
    choices: tuple[Choice, ...] = ()

    def choice(self, name: str) -> Choice | None:
        """The option ``name`` as this game offers it (None: it has none)."""
        return next((c for c in self.choices if c.name == name), None)

    @property
    def title(self) -> str:
        """The game's title, as the player reads it: its engine's (stated
        there once; its rules are imported when first asked)."""
        return engine.GAMES[self.name].title

    # ------------------------------------------------------------ the table
    def layout(self, game: engine.Game, area, aspect: float, ui: dict):
        """Where every place and card of ``game`` sits in ``area``."""
        raise NotImplementedError(f"{type(self).__name__} lays out no table")

    def new_options(self, launch: dict, prefs) -> dict:
        """The engine's options for a new deal, for each of :attr:`choices`:
        the command line's (``launch``: for the game it asked for, once),
        else the player's choice (``prefs``: the preferences), else the
        engine's default."""
        chosen = {c.name: launch.get(c.name) or prefs.choice(self.name, c.name) for c in self.choices}
        return {name: value for name, value in chosen.items() if value is not None}

    def stock_move(self, game: engine.Game) -> tuple[str | None, str]:
        """A click on the stock: the move to play (the engine's stock move,
        else a redeal: The Republic's talon turned over, whichever the
        engine allows), or None and the engine's reason why the stock cannot
        be used."""
        for word in (game.stock_move, "redeal"):
            if word and game.explain(word) is None:
                return word, ""
        reason = game.explain(game.stock_move) if game.stock_move else None
        return None, reason or "The stock cannot be used now."

    def fill_blank(self, game: engine.Game, place: str, moves: bool, after: str | None = None) -> Fill:
        """A click on an empty cell (only where :attr:`fills_blanks`);
        ``moves``: the click moves a card (else it selects one); ``after``:
        the card offered for it last (a :attr:`Fill.more` offer): the next
        one is offered."""
        return Fill()

    def confirm(self, game: engine.Game, word: str) -> tuple[str, str] | None:
        """Before a ``"confirm WORD"`` menu item plays ``word``: the question
        and the button that plays it; None: played without asking."""
        return None

    def hint_places(self, view: View, place: str, index: int | None) -> list[str]:
        """Right-click or Alt-click on ``place``: the places to light up."""
        return []

    def hint_words(self, view: View, place: str, index: int | None, places: list[str]) -> str:
        """What a hint on ``place`` shows (``places`` lit, or none), in a
        sentence in the engine's notation (the table says it in words)."""
        return ""

    # ------------------------------------------------------------ menus
    def menu_items(self, g: engine.Game, paused: bool) -> list[Entry]:
        """The game's own menu (``paused``: its clock is stopped, Gaps' Pause)."""
        return []

    def option_items(self, g: engine.Game, option: Callable[[str], Any]) -> list[Entry]:
        """The game's options, after the Options menu's common ones
        (``option``: a preference's value, by name)."""
        return []

    # ------------------------------------------------------------ words
    def counts(self, g: engine.Game) -> list[str]:
        """The status line's counts after the moves ("deals left 3")."""
        return []

    def clock_counts(self, g: engine.Game, elapsed: float) -> list[str]:
        """The status line's time and score, where Aisleriot shows them (:attr:`clocked`)."""
        if not self.clocked:
            return []
        from engine.scoring import game_points
        points = game_points(g)
        score = "0" if not points else f"{points:+.2f}".rstrip("0").rstrip(".")
        return [f"time {clock_text(elapsed)}", f"score {score}"]

    def stuck_text(self, g: engine.Game) -> str:
        """The status line's word when only a redeal is left (the engine's ``stuck``)."""
        return ""

    def auto_redeal(self, prefs_say: bool) -> bool:
        """Whether a stuck table is redealt by itself (``prefs_say``: the Auto Reshuffle option)."""
        return False

    def verdict_text(self, g: engine.Game, verdict: str) -> str:
        """The indicator's words for the solver's ``verdict`` ("won",
        "impossible", else not known: the search gave up in its budget)."""
        if verdict == "won":
            return "can still be won"
        if verdict == "impossible":
            return lost_words(g)
        return "winnable? not known: the solver gave up"

    def win_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        """What the game shows at a win, beyond the moves and points (Gaps: the
        shuffles used and the time; docs/playing.md)."""
        return []

    def over_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        """A lost game's figures, beyond its points (Gaps: shuffles, cards in place, time)."""
        return []

    def describe(self, game: engine.Game, move: engine.Move, placed: bool = False, whence: bool = False) -> str:
        """A card move of ``game`` in words; in a two-deck game the words
        name where the card comes from.  ``placed``: the destination named by
        its place too (``words.describe`` asks for it when another legal move
        would read the same without it); ``whence``: where the card comes
        from, in any game (a hint, whose cards the player must find)."""
        return str(move)

    def gap_words(self, game: engine.Game, place: str) -> str:
        """An empty cell of a grid game in words, after its place's name."""
        return "a gap"

    def speak_places(self, game: engine.Game, text: str) -> str:
        """The engine's place names in ``text`` as the player says them."""
        return text


def either(places: list[str]) -> str:
    """``["b3", "c4", "d5"]`` as "b3, c4 or d5"."""
    return places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]


def lost_words(g: engine.Game) -> str:
    """The indicator on a deal proved lost: before the first move it never
    could be won ("this deal cannot be won"); after one, "can no longer be won"."""
    return "can no longer be won" if g.history else "this deal cannot be won"
