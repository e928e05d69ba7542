"""The status line and the game's words: the game, deal and code on the
left; the news, the solver's word and the counts on the right, shortened to
fit; and the sentences at a win, at a game over and on leaving a game.

A mixin of :class:`game.app.App`: it owns ``message`` and reads the game,
the verdict and the Demo's state.
"""

from __future__ import annotations

import pygame

import engine
from engine import codes
from engine.scoring import game_points

from .games import front_of

STATUS_SIZE = 20                 # the status line's text size
STATUS_GAP = 28                  # pixels at least between its two halves
#: the Demo's words while it plays: gone from the status line once it stops
DEMO_RUNNING = ("Demo: looking for a line", "Demo: any key stops it.", "Demo: locking cards")
RULE_TITLES = {"alternate": "alternating colour", "any-suit": "any suit", "same-suit": "same suit"}


def points_text(points: float) -> str:
    """Points as the player reads them: ``-2 points``, ``-1.75 points``, ``1 point``."""
    value = f"{points:+.2f}".rstrip("0").rstrip(".") if points else "0"
    value = value.lstrip("+")
    return f"{value} point{'' if abs(points) == 1 else 's'}"


def leaving_cost(game: engine.Game, assisted: bool, on_table: bool = True) -> str:
    """What ending ``game`` unfinished now costs, in a sentence: "This game
    counts as a loss: -2 points." (RULES.md's scoring)."""
    this = "This game" if on_table else "That game"
    if assisted:
        return f"{this} is not counted: the Demo played in it."
    pts = game_points(game)
    if pts is None:
        return f"{this} is gone for good ({front_of(game).title} keeps no score)."
    return f"{this} counts as a loss: {points_text(pts)}."


def game_title(game: engine.Game) -> str:
    """The game's title with its packing rule: "The Smith, alternating colour"."""
    title = front_of(game).title
    if "rule" in game.options:
        title += f", {RULE_TITLES[game.options['rule']]}"
    return title


def redeal_word(game: engine.Game) -> str:
    """What a fresh deal of the cards in play is called in ``game``."""
    return front_of(game).redeal_word


class StatusLine:
    """The status line, and the game's sentences at its end."""

    message = ""

    def set_message(self, text: str) -> None:
        self.message = text
        if self.table is not None:
            self.table.render()
            self.table.refresh([self.chrome_rect("status")])
            if self.dialogs:
                self.redraw_all()        # the status line shows behind the dialog too

    def status_text(self, width: int | None = None) -> tuple[str, str]:
        """The status line's two halves: the game (its title, rule, deal
        number and code) on the left; the news (the message), the solver's
        word and the counts on the right.  Given ``width`` in pixels, what
        matters least goes first until both halves fit with a gap between
        them: the code, the deal number, the rule, the solver's word, the
        title; the message is shortened last, with "...".  The window's
        caption names the game and the deal all the while
        (:meth:`window_caption`). """
        left, right = self.status_parts()
        if width is None:
            return self.join_status(left, right)
        font = self.fonts.get(STATUS_SIZE)

        def fits(lt: list, rt: list) -> bool:
            a, b = self.join_status(lt, rt)
            return font.size(a)[0] + font.size(b)[0] + (STATUS_GAP if a and b else 0) <= width
        while not fits(left, right):
            droppable = [p for p in left + right if p[1] > 0]
            if not droppable:
                break
            gone = max(droppable, key=lambda p: p[1])
            left = [p for p in left if p is not gone]
            right = [p for p in right if p is not gone]
        if not fits(left, right) and right and right[0][1] == 0 and right[0][2] == "message":
            text = right[0][0]
            while text and not fits(left, [(text.rstrip() + "...", 0, "message"), *right[1:]]):
                text = text[:-1]
            right = [(text.rstrip() + "...", 0, "message"), *right[1:]]
        return self.join_status(left, right)

    @staticmethod
    def join_status(left: list, right: list) -> tuple[str, str]:
        return "  -  ".join(p[0] for p in left), "   ".join(p[0] for p in right)

    def status_parts(self) -> tuple[list, list]:
        """Each half's parts, as (text, priority, kind): priority 0 is
        never left out; the higher, the sooner it goes when space is short."""
        g = self.game
        if g is None:
            return [("Card Shell", 0, "title")], []
        if getattr(self, "_code_for", None) is not g:
            self._code_for, self._code = g, codes.encode(g.name, g.options, g.seed)
        left = [(game_title(g), 2, "title"), (f"deal {g.seed}", 4, "deal"), (f"code {self._code}", 5, "code")]
        parts = [f"moves {len(g.history)}", *front_of(g).counts(g)]
        if g.won:
            state = "Won!"
        elif g.over:
            state = "No move left"
        elif front_of(g).stuck_text(g):
            state = front_of(g).stuck_text(g)
        elif self.demo is None and self.message.startswith(DEMO_RUNNING):
            state = ""                  # the Demo has stopped (or given up): its words go with it
        else:
            state = self.message
        indicator = self.indicator_text()
        right = ([(state, 0, "message")] if state else []) + ([(indicator, 3, "indicator")] if indicator else [])
        right += [(part, 0 if k == 0 else 1, "count") for k, part in enumerate(parts)]
        return left, right

    def window_caption(self) -> str:
        """The window's title: the game, its rule and the deal number, which
        the status line may leave out when its news is long."""
        g = self.game
        return "Card Shell" if g is None else f"{game_title(g)} - deal {g.seed} - Card Shell"

    def show_caption(self) -> None:
        pygame.display.set_caption(self.window_caption())

    def indicator_text(self) -> str:
        """The quiet word on the deal: whether it can still be won."""
        g = self.game
        if g is None or g.won or g.over or not self.option("indicator") or not self.verdict:
            return ""
        if self.verdict == "thinking":
            return "the solver is thinking..."
        return front_of(g).verdict_text(g, self.verdict)

    def draw_chrome(self, surface: pygame.Surface) -> None:
        self.menu.draw_bar(surface)
        bar = self.chrome_rect("status")
        pygame.draw.rect(surface, (255, 255, 255) if self.canvas.mono else (30, 30, 34), bar)
        if self.canvas.mono:
            pygame.draw.line(surface, (0, 0, 0), bar.topleft, bar.topright)
        inner = bar.inflate(-24, 0)
        left, right = self.status_text(inner.w)
        self.canvas.text(surface, left, inner, STATUS_SIZE, (225, 225, 215), "left", shadow=False)
        self.canvas.text(surface, right, inner, STATUS_SIZE, (225, 225, 215), "right", shadow=False)

    def win_message(self) -> str:
        """The result: the moves, and what the manuals promise at the end of
        each game (Card Shell games: its points, the rule's running total,
        win rate and streak; Gaps: the shuffles and the time)."""
        g = self.game
        n = len(g.history)
        moves = f"{n} move{'s' if n != 1 else ''}"
        if self.assisted:
            return f"Won in {moves} with the Demo's help (not counted)."
        lines = [f"You won {front_of(g).title} in {moves}!"]
        lines += front_of(g).win_lines(g, self.table.elapsed if self.table is not None else 0.0)
        points = game_points(g)
        if points is not None:
            lines.append(f"This game: {points_text(points)}.")
            lines += self.standing()
        return "\n".join(lines)

    def standing(self) -> list[str]:
        """The rule's running figures, in words, for the game on the table."""
        g = self.game
        rec = self.records.stats.get(g.name, g.options["rule"])
        if not rec.games:
            return []
        title = game_title(g)
        lines = [f"{title}: {points_text(rec.points)} in all; {rec.wins} of {rec.games} "
                 f"game{'s' if rec.games != 1 else ''} won ({rec.win_percent:.0f}%)."]
        if rec.winning_streak:
            k = rec.winning_streak
            lines.append(f"Streak: {k} win{'s' if k != 1 else ''} in a row.")
        elif rec.losing_streak:
            k = rec.losing_streak
            lines.append(f"Streak: {k} loss{'es' if k != 1 else ''} in a row.")
        return lines

    def over_message(self) -> str:
        """No move left: what the game costs, the rule's figures so far, and what to do."""
        lines = ["No move is left: this game is over."]
        g = self.game
        if game_points(g) is not None and not self.assisted:
            lines.append(leaving_cost(g, False) + " It is counted when you deal a new game.")
            lines += self.standing()
        lines.append("Choose New Game (Ctrl+N) to play again.")
        return "\n".join(lines)
