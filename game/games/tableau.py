"""What The Republic, The Smith and The Prince share on the table: columns
that fan down, foundations, the Moves menu (Backward, Forward, Rewind, Fast
Forward, Sequences, Scores) and a packing rule chosen by the player."""

from __future__ import annotations

import re

import engine
from engine.cards import card

from .base import SEPARATOR, Choice, Entry, Front, View, card_name, clock_text, either, two_decks

#: the packing rule: Sequences... lists these, and the command line's ``--rule`` takes them
RULE = Choice("rule", "packing rule", (("alternate", "Alternating colour"), ("any-suit", "Any suit"),
                                       ("same-suit", "Same suit")),
              "Sequences", "Columns are built in descending rank, and:")
PILES = {"c": "columns", "p": "packets", "r": "reserve"}
PLACE_WORDS = {"c": "column", "f": "foundation", "p": "packet", "r": "reserve place", "t": "talon"}
_NAMED_PLACE = re.compile(r"\b(Column|column|Foundation|foundation|Packet|packet|place) ([cfpr])(\d+)\b")
_PILE_PLACE = re.compile(r"\b([cfpr])(\d+)\b")


def pile_cards(position: dict, place: str) -> list:
    """The cards of a pile place (bottom to top), from a position document."""
    kind, number = place[0], place[1:]
    if kind == "s":
        return [position.get("turned")]
    if kind == "t":
        return list(position.get("talon") or [])
    if kind == "f":
        tops = position.get("foundations") or []
        i = int(number) - 1 if number else -1
        return [tops[i]] if 0 <= i < len(tops) else []
    piles = position.get(PILES[kind]) or []
    found = piles[int(number) - 1]
    return found if isinstance(found, list) else [found]

#: the Help window's words on playing a Card Shell game here, and on its scores
CARD_SHELL_PLAY = """\
# Playing here
- Drag a card onto its new place; to move a sequence, drag it by its top card. If you prefer, Click to Move
  (Options menu) picks a card up with one click and puts it down with the next.
- Double-click a card to send it to a foundation, or hold Shift and click it to try just that card.
- Right-click (or Alt-click) a card to see where it can go; the status line says it in words.
- The status line shows the time played and the score: the points the game would earn if it ended now.
- Keyboard: the arrows move the focus; Enter or Space picks up and puts down; Escape puts back.
- Keys that jump: 1 to 9 and 0 to column 1 to 10, R to the reserve or packets, S to the stock (again: the
  talon), Shift+F to the foundations, G to the next empty column.
- F sends the focused card to its foundation. With cards in hand, Tab (Shift+Tab: back) goes to the next place
  they may go.
- Undo as far back as you like with Backward (Ctrl+B or Ctrl+Z) and come forward again with Forward (Ctrl+F or
  Ctrl+Y). Rewind to Start (Ctrl+Shift+B) and Fast Forward (Ctrl+Shift+F) jump to either end, so a whole game
  can be replayed.
- The game in progress is saved after every move and is waiting for you next time. Save As (Ctrl+S) writes the
  game to a file that Open (Ctrl+O) reads anywhere, so two players can try the same deal.
- The Options menu changes the card back, the table, and Colour or Black & White.
- F10 or Alt with a menu's underlined letter opens the menus: arrows move, Enter or Space chooses, Escape
  closes. In a window, Tab moves between its controls and Space presses the ringed button.
- Options > Speak (Ctrl+Shift+V; on by itself when a screen reader runs) says the focus, moves and windows
  aloud. W says where the focus is and the whole table, Shift+W the focused pile in full.
- F11 switches between a window and the full screen.
"""

COUNTING = """\
A game is scored when it ends: when you win it, or when you leave it for a New Game after making at least one
move. Its moves are the moves in its history (a layoff counts as one). Scores... in the Moves menu shows, for
each packing rule and in total, the games played, games won, the winning percentage, the points, the current
and longest winning and losing streaks, and the average moves per game.
"""


def scoring_table(name: str) -> str:
    """The game ``name``'s points for a win and a loss under each packing
    rule, as its engine scores them (``engine.scoring``), in the Help
    window's table marks."""
    from engine.spec import spec
    labels = dict(RULE.values)
    rows = [f"|{labels[rule]}|{win}|{loss}" for rule, (win, loss) in spec(name).scoring.points.items()]
    return "\n".join(["|Packing rule|Win|Loss", *rows])


class TableauFront(Front):
    """A Card Shell game of columns built down, scored by its packing rule."""

    choices = (RULE,)
    #: the rules in the Help window's marks, ``{scoring}`` where its table of points goes
    rules_text = ""
    clocked = True              # Aisleriot shows their time and score

    @property
    def help(self) -> str:
        """The rules, with the table of points its engine scores by (read when Help opens)."""
        return self.rules_text.replace("{scoring}", scoring_table(self.name))

    def hint_places(self, view: View, place: str, index: int | None) -> list[str]:
        """Where the card (with the cards on it) may go, as the engine's legal moves say."""
        game = view.game
        pile = view.layout.pile(place)
        count = len(pile) - index if (index is not None and game.moves_runs and place[0] == "c") else 1
        if index is None or game.pickup_reason(place, count) is not None:
            return []
        return sorted({m.dst if m.dst != "f" else view.foundation_of(place, count)
                       for m in game.legal_moves() if m.src == place and m.count == count} - {None})

    def win_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        return [f"Time: {clock_text(elapsed)}."]

    def over_lines(self, g: engine.Game, elapsed: float) -> list[str]:
        return [f"Time: {clock_text(elapsed)}."]

    def hint_words(self, view: View, place: str, index: int | None, places: list[str]) -> str:
        """Where the card (with the cards on it) may go, or why it may not."""
        game = view.game
        pile = view.layout.pile(place)
        sprite = next((s for s in pile if s.index == index), None) if index is not None else None
        if sprite is None or not sprite.face_up:
            return "A face-down card cannot move." if sprite is not None else ""
        count = len(pile) - index if (game.moves_runs and place[0] == "c") else 1
        moved = sprite.card + (" and the card on it" if count == 2 else
                               f" and the {count - 1} cards on it" if count > 2 else "")
        if places:
            return f"{moved} can go to {either(places)}."
        return game.pickup_reason(place, count) or f"{moved} can go nowhere now."

    def own_items(self, g: engine.Game) -> list[Entry]:
        """The moves of this game's own (layoff, redeal, deal), first in its menu."""
        return []

    def menu_items(self, g: engine.Game, paused: bool) -> list[Entry]:
        return [
            *self.own_items(g),
            Entry("Hint", "hint", "H", not g.over),
            Entry("Demo", "start_demo", "Ctrl+E", not g.over),
            SEPARATOR,
            Entry("Backward", "undo", "Ctrl+B", g.can_undo, refused="undo"),
            Entry("Forward", "redo", "Ctrl+F", g.can_redo, refused="redo"),
            Entry("Rewind to Start", "rewind", "Ctrl+Shift+B", g.can_undo, refused="rewind"),
            Entry("Fast Forward", "fast_forward", "Ctrl+Shift+F", g.can_redo, refused="fast_forward"),
            SEPARATOR,
            Entry("Sequences...", "choose rule", "Ctrl+R"),
            Entry("Scores...", "show_scores", "Ctrl+I"),
        ]

    def describe(self, game: engine.Game, move: engine.Move, placed: bool = False, whence: bool = False) -> str:
        """"the seven of hearts onto the eight of clubs"; with two decks,
        where the card comes from too ("the queen of clubs from column 3
        onto the king of diamonds", "the turned queen of clubs", "from the
        talon", "from packet 2", "from foundation 5"); ``placed``: the
        destination's column too ("onto the king of diamonds in column 7",
        "into empty column 7"), where another legal move would read the
        same without it; ``whence`` (a hint: the player must find the card):
        where it comes from in a one-deck game too."""
        position = game.position()
        pile = pile_cards(position, move.src)
        count = move.count or 1
        top = pile[-count] if len(pile) >= count else None
        moved = card_name(top)
        if count > 1:
            moved = f"{moved} and the card on it" if count == 2 else f"{moved} and the {count - 1} cards on it"
        origin = ""
        if (two_decks(game) or whence) and move.src == "s" and top is not None:
            moved = "the turned " + card(top).words     # it lies on the stock, turned from it
        elif two_decks(game) or whence:
            origin = f" from {self.place_words(game, move.src)}"
        if move.dst.startswith("f"):
            if count == 13:
                return f"the run from the king down to the ace of {card(pile[-1]).words.split(' of ')[1]}{origin} home"
            return f"{moved}{origin} to its foundation"
        target = pile_cards(position, move.dst)
        if not target or target[-1] is None:
            if placed:
                return f"{moved}{origin} into empty {self.place_words(game, move.dst)}"
            return f"{moved}{origin} into the empty column"
        if placed:
            return f"{moved}{origin} onto {card_name(target[-1])} in {self.place_words(game, move.dst)}"
        return f"{moved}{origin} onto {card_name(target[-1])}"

    def place_words(self, game: engine.Game, place: str) -> str:
        """A place as the moves name it: "column 3", "packet 2", "foundation
        5", "the talon"."""
        return "the talon" if place == "t" else self.speak_places(game, place)

    def speak_places(self, game: engine.Game, text: str) -> str:
        """``c2`` as "column 2", "Column c2" as "Column 2"."""
        text = _NAMED_PLACE.sub(lambda m: f"{m.group(1)} {m.group(3)}", text)
        return _PILE_PLACE.sub(lambda m: f"{PLACE_WORDS[m.group(1)]} {m.group(2)}", text)
