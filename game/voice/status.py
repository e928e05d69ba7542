"""The status line and the game's words: the game, deal and code on the
left; the news, the solver's word and the counts on the right, shortened to
fit; and the sentences at a win, at a game over and on leaving a game.

:class:`StatusLine` owns the news (``message``); the game, its verdict and
the Demo's state are the session's, handed to it when it draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

import engine
from engine import codes
from engine.scoring import game_points

from ..games import front_of
from ..media.surfaces import Canvas, Fonts

if TYPE_CHECKING:
    from ..shell.window import Window
    from ..storage.prefs import Prefs
    from ..table.session import Session

STATUS_SIZE = 20                 # the status line's text size (at the chrome's base scale)
STATUS_GAP = 28                  # pixels at least between its two halves (at the base scale)
STATUS_H = 26                    # the band's height for one line (at the base scale)
#: narrower than this (in the chrome's base pixels) the band holds two lines,
#: so that a refusal's whole reason is read at 800x560 (the news is wrapped)
TWO_LINES_BELOW = 1600
#: the Demo's words while it plays: gone from the status line once it stops
DEMO_RUNNING = ("Demo: looking for a line", "Demo: any key stops it.", "Demo: locking cards")


def points_text(points: float) -> str:
    """Points as the player reads them: ``-2 points``, ``-1.75 points``, ``1 point``."""
    value = f"{points:+.2f}".rstrip("0").rstrip(".") if points else "0"
    value = value.lstrip("+")
    return f"{value} point{'' if abs(points) == 1 else 's'}"


def leaving_cost(session: Session, on_table: bool = True) -> str:
    """What ending ``session``'s game unfinished now costs, in a sentence:
    "This game counts as a loss: -2 points." (docs/rules.md, "Scoring")."""
    this = "This game" if on_table else "That game"
    if session.assisted:
        return f"{this} is not counted: the Demo played in it."
    if session.retried:
        return f"{this} counted once already, before Try Again took it back: it is not counted again."
    if session.counted:
        return f"{this} counted already, as a {session.counted_as or 'loss'}, when it ended: it is not counted again."
    pts = game_points(session.game)
    if pts is None:
        return f"{this} is gone for good ({session.front.title} keeps no score)."
    return f"{this} counts as a loss: {points_text(pts)}."


def game_title(game: engine.Game) -> str:
    """The game's title with its packing rule: "The Smith, alternating colour"."""
    front = front_of(game)
    title = front.title
    if "rule" in game.options:
        title += f", {dict(front.choice('rule').values)[game.options['rule']].lower()}"
    return title


def redeal_word(game: engine.Game) -> str:
    """What a fresh deal of the cards in play is called in ``game``."""
    return front_of(game).redeal_word


#: what a stuck table's cards undergo, by the game's word for a fresh deal
#: (Gaps' shuffle, Chinese Puzzle's redeal: each game's own word)
DONE_WORDS = {"shuffle": "reshuffled", "redeal": "redealt"}


def stuck_alert(game: engine.Game, auto: bool) -> str:
    """The alert on a stuck table: what happens now (``auto``: the table
    redeals by itself), in the game's own word."""
    word = redeal_word(game)
    if auto:
        return f"No card can move. The cards will now be {DONE_WORDS.get(word, word + 'ed')}."
    return f"No card can move. Use a {word}."


class StatusLine:
    """The status line under the table."""

    def __init__(self, fonts: Fonts, window: Window, prefs: Prefs) -> None:
        self.fonts = fonts
        self.window = window
        self.prefs = prefs
        self.message = ""
        self.code_for: tuple[object, str] = (None, "")      # the deal code, made once a game

    # ----------------------------------------------------------- its band
    def font(self):
        """The status line's font, at the chrome's scale."""
        return self.fonts.ui(STATUS_SIZE)

    def line_count(self, width: int) -> int:
        """Two lines in a window narrower than ``TWO_LINES_BELOW`` base
        pixels (at the chrome's scale), else one: decided by the window's
        width alone, never by the news, so the table never jumps."""
        return 2 if width < self.fonts.px(TWO_LINES_BELOW) else 1

    def height(self, width: int) -> int:
        """The band's height in a window ``width`` wide."""
        one = self.fonts.px(STATUS_H)
        return one if self.line_count(width) == 1 else one + self.font().get_linesize()

    def rect(self) -> Rect:
        """The band, at the foot of the window."""
        w, h = self.window.screen.get_size()
        high = self.height(w)
        return Rect(0, h - high, w, high)

    # ----------------------------------------------------------- its text
    def status_text(self, session: Session | None, width: int | None = None) -> tuple[str, str]:
        """The status line's two halves: the game (its title, rule, deal
        number and code) on the left; the news (the message), the solver's
        word and the counts on the right.  Given ``width`` (the band's
        inner width in pixels), what is drawn there (:meth:`status_lines`),
        each half's lines joined: the message whole where it is whole on
        screen."""
        if width is None:
            return join_status(*self.status_parts(session))
        lines = self.status_lines(session, width)
        return " ".join(a for a, _ in lines if a), " ".join(b for _, b in lines if b)

    def status_lines(self, session: Session | None, width: int) -> list[tuple[str, str]]:
        """The band's lines, each (left, right), for an inner ``width``.

        One line (a wide window): what matters least goes first until both
        halves fit with a gap between them: the solver's word is shortened
        to its first clause, then the code, the deal number, the game's title
        and rule (the window's caption names the game and the deal all the
        while, :func:`window_caption`), the solver's word go; then, if
        the news is still too long, the counts; the news is shortened last,
        after a word, with "...".

        Two lines (a narrow window): the game and the solver's word above,
        the news and the counts below; news too long for its line takes
        both lines whole (the game and the solver's word give it the upper
        line, the counts keep their place at the end), and is shortened
        only if two whole lines cannot hold it."""
        left, right = self.status_parts(session)
        font = self.font()
        gap = self.fonts.px(STATUS_GAP)

        def wide(text: str) -> int:
            return font.size(text)[0] if text else 0

        def fits(lt: list, rt: list, room: int = width) -> bool:
            a, b = join_status(lt, rt)
            return wide(a) + wide(b) + (gap if a and b else 0) <= room

        def drop(lt: list, rt: list, room: int = width) -> tuple[list, list]:
            while not fits(lt, rt, room):
                long = [p for p in lt + rt if p[2] == "indicator" and short_words(p[0]) != p[0]]
                if long:        # the solver's word is shortened first, to its first clause
                    lt, rt = ([(short_words(p[0]), p[1], p[2]) if p is long[0] else p for p in half]
                              for half in (lt, rt))
                    continue
                droppable = [p for p in lt + rt if p[1] > 0]
                if not droppable:
                    break
                gone = max(droppable, key=lambda p: p[1])
                lt, rt = [p for p in lt if p is not gone], [p for p in rt if p is not gone]
            return lt, rt

        news = [p for p in right if p[2] == "message"]
        counts = [p for p in right if p[2] == "count"]
        if self.line_count(width + self.fonts.px(24)) == 1:
            left, right = drop(left, right)
            if fits(left, right) or not news:
                return [join_status(left, right)]
            counts = [p for p in right if p[2] == "count"]
            while counts and not fits(left, [*news, *counts]):
                counts.pop()              # the counts go before the news is cut
            if fits(left, [*news, *counts]):
                return [join_status(left, [*news, *counts])]
            room = width - wide(join_status(left, [])[0]) - (gap if left else 0)
            return [(join_status(left, [])[0], shorten(font, news[0][0], room))]
        others = [p for p in right if p[2] not in ("message", "count")]     # the solver's word
        _, below = drop(news, counts)
        if not news or fits(news, below):
            return [join_status(*drop(left, others)), (news[0][0] if news else "", join_status([], below)[1])]
        # the news takes both lines: its first words above, the rest below with the counts
        words = news[0][0].split(" ")
        k = 1
        while k < len(words) and wide(" ".join(words[:k + 1])) <= width:
            k += 1
        first, rest = " ".join(words[:k]), " ".join(words[k:])
        message = [(rest, 0, "message")]
        _, counts = drop(message, counts)            # the counts beside it that fit, the moves last
        while counts and not fits(message, counts):
            counts.pop()
        return [(first, ""), (shorten(font, rest, width), join_status([], counts)[1])]

    def status_parts(self, session: Session | None) -> tuple[list, list]:
        """Each half's parts, as (text, priority, kind): priority 0 is
        never left out; the higher, the sooner it goes when space is short."""
        if session is None:
            return [("Card Shell", 0, "title")], []
        g = session.game
        if self.code_for[0] is not g:
            self.code_for = (g, codes.encode(g.name, g.options, g.seed))
        # the game's title goes before the solver's word: the window's caption names the game
        left = [(game_title(g), 3, "title"), (f"deal {g.seed}", 4, "deal"), (f"code {self.code_for[1]}", 5, "code")]
        parts = [f"moves {len(g.history)}", *session.front.counts(g),
                 *session.front.clock_counts(g, session.clock.elapsed)]
        if g.won:
            state = "Won!"
        elif g.over:
            state = "No move left."
        elif session.front.stuck_text(g):
            state = session.front.stuck_text(g)
        elif session.demo is None and self.message.startswith(DEMO_RUNNING):
            state = ""                  # the Demo has stopped (or given up): its words go with it
        else:
            state = self.message
        indicator = self.indicator_text(session)
        right = ([(state, 0, "message")] if state else []) + ([(indicator, 2, "indicator")] if indicator else [])
        right += [(part, 0 if k == 0 else 1, "count") for k, part in enumerate(parts)]
        return left, right

    def indicator_text(self, session: Session | None) -> str:
        """The quiet word on the deal: whether it can still be won."""
        if session is None:
            return ""
        g = session.game
        if g.won or g.over or not self.prefs.option("indicator") or not session.verdict:
            return ""
        if session.verdict == "thinking":
            return "the solver is thinking..."
        return session.front.verdict_text(g, session.verdict)

    def draw(self, surface: pygame.Surface, canvas: Canvas, session: Session | None) -> None:
        bar = self.rect()
        pygame.draw.rect(surface, (255, 255, 255) if canvas.mono else (30, 30, 34), bar)
        if canvas.mono:
            pygame.draw.line(surface, (0, 0, 0), bar.topleft, bar.topright, max(1, self.fonts.px(1)))
        inner = bar.inflate(-self.fonts.px(24), 0)
        lines = self.status_lines(session, inner.w)
        step = self.font().get_linesize()
        size = round(STATUS_SIZE * self.fonts.scale)
        for n, (left, right) in enumerate(lines):
            row = Rect(inner.x, inner.centery - step * len(lines) // 2 + n * step, inner.w, step)
            canvas.text(surface, left, row, size, (225, 225, 215), "left", shadow=False)
            canvas.text(surface, right, row, size, (225, 225, 215), "right", shadow=False)


def join_status(left: list, right: list) -> tuple[str, str]:
    return "  -  ".join(p[0] for p in left), "   ".join(p[0] for p in right)


def short_words(text: str) -> str:
    """The solver's word in short, its first clause: "this deal can't be won
    without a shuffle" of "...; 3 shuffles left", "winnable? not known"."""
    return text.split(";")[0].split(":")[0].strip()


def shorten(font, text: str, width: int) -> str:
    """``text`` cut after its last whole word that fits ``width`` with "..." (a
    word longer than the line is cut inside it)."""
    if font.size(text)[0] <= width:
        return text
    words = text.split(" ")
    while len(words) > 1 and font.size(" ".join(words).rstrip(",;:") + "...")[0] > width:
        words.pop()
    cut = " ".join(words).rstrip(",;:")
    while cut and font.size(cut + "...")[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + "..."


def window_caption(session: Session | None) -> str:
    """The window's title: the game, its rule and the deal number, which
    the status line may leave out when its news is long."""
    if session is None:
        return "Card Shell"
    g = session.game
    return f"{game_title(g)} - deal {g.seed} - Card Shell"


def moves_text(n: int) -> str:
    return f"{n} move{'s' if n != 1 else ''}"


def standing(session: Session, records) -> list[str]:
    """The running figures, in words, for the game on the table: its rule's
    (points, games won, streak), then every other rule played, and all
    rules together: the figures broken down by packing rule."""
    g = session.game
    rule = g.options["rule"]
    rec = records.stats.get(g.name, rule)
    if not rec.games:
        return []
    lines = [f"{game_title(g)}: {figures(rec)}."]
    if rec.winning_streak:
        k = rec.winning_streak
        lines.append(f"Streak: {k} win{'s' if k != 1 else ''} in a row.")
    elif rec.losing_streak:
        k = rec.losing_streak
        lines.append(f"Streak: {k} loss{'es' if k != 1 else ''} in a row.")
    others = [(label.lower(), records.stats.get(g.name, r)) for r, label in front_of(g).choice("rule").values
              if r != rule]
    others = [f"{title}, {figures(o)}" for title, o in others if o.games]
    if others:
        total = records.stats.total(g.name)
        lines.append("Other rules: " + "; ".join(others) + ".")
        lines.append(f"All rules: {figures(total)}.")
    return lines


def figures(rec) -> str:
    return (f"{points_text(rec.points)} in all; {rec.wins} of {rec.games} "
            f"game{'s' if rec.games != 1 else ''} won ({rec.win_percent:.0f}%)")


def win_message(session: Session, records) -> str:
    """The result: the moves, and the figures each game shows at its end
    (docs/playing.md; Card Shell games: its points, the rule's running total,
    win rate and streak; Gaps: the shuffles and the time; Chinese Puzzle:
    the redeals)."""
    g = session.game
    moves = moves_text(len(g.history))
    if session.assisted:
        return f"Won in {moves} with the Demo's help (not counted)."
    lines = [f"You won {session.front.title} in {moves}!"]
    lines += session.front.win_lines(g, session.clock.elapsed)
    lines += counted_lines(session, "win")
    if game_points(g) is not None:
        lines += standing(session, records)
    return "\n".join(lines)


def over_message(session: Session, records) -> str:
    """No move left: the game's own figures, what it cost, the rule's
    figures with it, and what to do."""
    g = session.game
    lines = ["No move is left: this game is over."]
    lines += session.front.over_lines(g, session.clock.elapsed)
    if session.assisted:
        lines.append("It is not counted: the Demo played in it.")
    else:
        lines += counted_lines(session, "loss")
    if game_points(g) is not None and not session.assisted:
        lines += standing(session, records)
    lines.append("Choose New Game (Ctrl+N) to play again.")
    return "\n".join(lines)


def counted_lines(session: Session, end: str) -> list[str]:
    """Whether this end of the game went into the records, and its points."""
    points = game_points(session.game)
    if session.recorded:
        return [f"This game: {points_text(points)}."] if points is not None else []
    if session.retried:
        return [f"After Try Again this {end} is not counted: the game counted once, as it stood before it "
                "was taken back" + (", and it enters no high score." if session.front.high_scores else ".")]
    if session.counted:
        return [f"This {end} is not counted: the game counted already, as a {session.counted_as or 'loss'}, "
                "when it ended before."]
    return []
