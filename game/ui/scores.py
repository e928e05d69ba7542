"""The Scores window (Card Shell games) and Gaps' high scores: tables of
figures drawn in columns, in the dialogs' paper-and-ink style."""

from __future__ import annotations

import pygame
from pygame import Rect

from .dialogs import DEFAULT, INK, PAPER, Dialog, wrap


class TableDialog(Dialog):
    """A title, a table with a header row, and a note under it."""

    def __init__(self, title: str, headers: list[str], rows: list[list[str]], note: str = "",
                 highlight: int | None = None, on_close=None, any_activity: bool = False,
                 left: tuple[int, ...] = (0,)) -> None:
        super().__init__(note, ("OK",), title, on_close, width=760)
        self.headers = headers
        self.rows = rows
        self.left = left             # the columns of words, read from the left; figures line up on the right
        self.cells: list[tuple[int, int, Rect]] = []     # (row, column, where its text was drawn); 0 the header
        self.rule = (0, 0)           # the header's line, from x to x
        self.highlight = highlight   # a row to show in colour (a new high score)
        self.any_activity = any_activity     # any key or click closes it, inside or out

    def handle(self, event: pygame.event.Event) -> str | None:
        if self.any_activity and (event.type == pygame.KEYDOWN or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3))):
            return "OK"
        return super().handle(event)

    def extra_lines(self, screen: pygame.Surface) -> int:
        """Lines of room kept under the table (for pictures)."""
        return 0

    def header_lines(self) -> int:
        """The header row's lines (a heading may break over two: "Best\\nstreak")."""
        return max(len(str(h).split("\n")) for h in self.headers) if self.headers else 1

    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        body = fonts.ui(21)
        saved = self.message
        self.scale = fonts.scale          # extra_lines measures at it
        extra = self.extra_lines(screen)
        high = self.header_lines()
        self.message = "\n" * (len(self.rows) + 1 + high + extra) + saved
        area = super().draw(screen, fonts)
        self.message = saved
        self.draw_rows(screen, body)
        if extra:
            px = self.px
            top = self.body_top + self.line * (len(self.rows) + 1 + high)
            self.draw_extra(screen, fonts, Rect(self.rect.x + px(20), top, self.rect.w - px(40),
                                                self.line * extra - px(6)))
        return area

    def draw_extra(self, screen: pygame.Surface, fonts, box: Rect) -> None:
        """Draw in the room kept under the table."""

    def draw_rows(self, screen: pygame.Surface, body) -> None:
        """The table, centred in the window: words from the left of their
        column, figures to its right, a line under the header across them all."""
        px = self.px
        space = px(18)
        widths = [max(body.size(line)[0] for r in [self.headers, *self.rows] for line in str(r[k]).split("\n"))
                  + space for k in range(len(self.headers))]
        table_w = sum(widths) - space       # no room after the last column
        x0 = max(self.rect.x + px(20), self.rect.centerx - table_w // 2)
        y = self.body_top
        self.cells = []
        high = self.header_lines()
        for n, row in enumerate([self.headers, *self.rows]):
            x = x0
            colour = DEFAULT if self.highlight is not None and n - 1 == self.highlight else INK
            lines = high if n == 0 else 1
            for k, cell in enumerate(row):
                parts = str(cell).split("\n")
                at = None
                for m, part in enumerate(parts):        # a heading's lines sit on the rule under them
                    image = body.render(part, True, colour)
                    top = y + self.line * (lines - len(parts) + m)
                    where = image.get_rect(topleft=(x, top)) if k in self.left else \
                        image.get_rect(topright=(x + widths[k] - space, top))
                    screen.blit(image, where)
                    at = where if at is None else at.union(where)
                self.cells.append((n, k, at))
                x += widths[k]
            y += self.line * lines
            if n == 0:
                self.rule = (x0, x0 + table_w)
                pygame.draw.line(screen, INK, (x0, y - 1), (x0 + table_w, y - 1), max(1, px(1)))


#: the results a strip shows at most, newest on the right
STRIP = 60
#: said once where a rule has one game played: the win rate and points lines need two
ONE_GAME = "The win rate and points are drawn as lines from the second game on."
#: the Scores window's table, its columns' headings: the longest runs are streaks, named so
HEADERS = ["Rule", "Games", "Won", "Win %", "Points", "Streak", "Best\nstreak", "Worst\nstreak", "Moves/game"]
#: a figure that means nothing yet (a rule with no games has no rate and no moves a game)
NONE_YET = "\u2013"
WIN_INK = (30, 120, 60)


class ScoresDialog(TableDialog):
    """The Scores window: the table of figures, and under it, for each rule
    played, pictures of the results over time: a strip of wins (filled) and
    losses (hollow), the running win rate and the running points, with the
    current and best streaks.  Drawn in ink on paper (a filled square
    against a hollow one, lines against a grid), so it reads in black and
    white as in colour, and sized to the window."""

    def __init__(self, title: str, headers: list[str], rows: list[list[str]], note: str,
                 charts: list[tuple[str, object]]) -> None:
        self.charts = [(name, rec) for name, rec in charts if rec.results]
        if any(len(rec.results) == 1 for _, rec in self.charts):
            note = f"{note} {ONE_GAME}"         # said once, not under each rule with one game
        super().__init__(title, headers, rows, note)

    def extra_lines(self, screen: pygame.Surface) -> int:
        if not self.charts:
            return 0
        px = self.px
        room = screen.get_height() - px(80) - px(22) * (len(self.rows) + 5 + self.header_lines()) - px(34) - px(64)
        want = 6 * len(self.charts)                      # six lines a rule: title, strip, two plots
        return max(0, min(want, room // px(22)))

    def draw_extra(self, screen: pygame.Surface, fonts, box: Rect) -> None:
        small = fonts.ui(18)
        each = box.h // len(self.charts)
        for k, (name, rec) in enumerate(self.charts):
            area = Rect(box.x, box.y + k * each, box.w, each - self.px(4))
            chart(screen, small, area, name, rec, getattr(self, "mono", False), self.scale, one_game="")


class SummaryDialog(Dialog):
    """The end-of-game result (a win, or a game over) with, under its words,
    the rule's statistics picture, small: the same strip, win rate, points
    and streaks as the Scores window (``chart`` draws both)."""

    #: the picture's height, in lines of the message
    LINES = 6

    def __init__(self, message: str, buttons: tuple[str, ...], title: str, on_close, name: str, rec,
                 focus: int = 0) -> None:
        super().__init__(message, buttons, title, on_close, width=560)
        self.name = name
        self.rec = rec
        self.focus = focus

    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        if not self.rec.results:
            return super().draw(screen, fonts)
        body = fonts.ui(22)
        saved = self.message
        room = self.LINES if len(self.rec.results) > 1 else 3     # one game: its square and a word, no lines
        self.message = saved + "\n" * (room + 1)
        area = super().draw(screen, fonts)
        self.message = saved
        px = self.px
        lines = len(wrap(body, saved, self.rect.w - px(40)))
        top = self.body_top + self.line * lines + px(10)
        chart(screen, fonts.ui(17), Rect(self.rect.x + px(20), top, self.rect.w - px(40), self.line * room),
              self.name, self.rec, getattr(self, "mono", False), self.scale)
        return area


def chart(screen: pygame.Surface, font, area: Rect, name: str, rec, mono: bool = False,
          scale: float = 1.0, one_game: str = ONE_GAME) -> None:
    """One rule's statistics picture in ``area``: the streaks in words, a
    strip of the latest results (a win filled, a loss hollow, the newest on
    the right), and the running win rate and points as lines.  ``mono``
    (Options > Black and White): a win is filled with ink.  ``scale``: the
    chrome's (its squares and lines grow with it).  ``one_game``: the words
    under a rule's single game, where its lines would be (the Scores window
    says them once in its note instead: "")."""
    def px(n: float) -> int:
        return max(1, round(n * scale))
    results = rec.results
    screen.blit(font.render(streak_words(name, rec), True, INK), area.topleft)
    y = area.y + font.get_height() + px(4)
    if area.bottom - y < px(12):
        return
    # the strip: one square a game, newest on the right
    shown = results[-STRIP:]
    cell = max(px(4), min(px(14), area.w // max(1, len(shown))))
    for n, (won, _) in enumerate(shown):
        r = Rect(area.x + n * cell, y, cell - px(2), cell - px(2))
        if won:
            pygame.draw.rect(screen, INK if mono else WIN_INK, r)
            pygame.draw.rect(screen, INK, r, px(1))
        else:
            pygame.draw.rect(screen, INK, r, px(1))
    y += cell + px(6)
    height = area.bottom - y
    if height < px(24):
        return
    if len(results) < 2:        # a line needs two points: one game is its square alone
        if one_game:
            screen.blit(font.render(one_game, True, INK), (area.x, y))
        return
    half = (area.w - px(16)) // 2
    rates, points, wins, total = [], [], 0, 0.0
    for n, (won, pts) in enumerate(results, 1):
        wins += won
        total += pts
        rates.append(100.0 * wins / n)
        points.append(total)
    _plot(screen, font, Rect(area.x, y, half, height), rates, 0.0, 100.0,
          f"win rate {rates[-1]:.0f}%", [50.0], scale)
    low, high = min([0.0, *points]), max([0.0, *points])
    _plot(screen, font, Rect(area.x + half + px(16), y, half, height), points, low, high if high > low else low + 1,
          f"points {points[-1]:+g}", [0.0], scale)


def streak_words(name: str, rec) -> str:
    """A rule's streaks in words: the current one, then the longest of
    each kind ("best 3 won, worst 2 lost in a row"); a longest of none, or
    the current streak itself, is left out."""
    streak = (f"{rec.winning_streak} won in a row" if rec.winning_streak else
              f"{rec.losing_streak} lost in a row" if rec.losing_streak else "no streak")
    longest = ([f"best {rec.longest_wins} won"] if rec.longest_wins > rec.winning_streak else []) + \
        ([f"worst {rec.longest_losses} lost"] if rec.longest_losses > rec.losing_streak else [])
    return f"{name}: {streak}" + (f"; {', '.join(longest)} in a row" if longest else "")


def _plot(screen: pygame.Surface, font, box: Rect, values: list[float], low: float, high: float,
          label: str, guides: list[float], scale: float = 1.0) -> None:
    """A line over the games in ``box``, with guide lines (dotted) at ``guides``."""
    def px(n: float) -> int:
        return max(1, round(n * scale))
    pygame.draw.rect(screen, INK, box, px(1))
    inner = box.inflate(-px(6), -px(6))

    def at(n: int, v: float) -> tuple[int, int]:
        x = inner.x + (inner.w * n // max(1, len(values) - 1) if len(values) > 1 else inner.w // 2)
        return x, inner.bottom - int((v - low) / (high - low) * inner.h)

    for g in guides:
        if low <= g <= high:
            gy = at(0, g)[1]
            for x in range(inner.x, inner.right, px(6)):
                pygame.draw.rect(screen, INK, (x, gy, px(1), px(1)))
    points = [at(n, v) for n, v in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(screen, INK, False, points, px(2))
    else:
        pygame.draw.circle(screen, INK, points[0], px(3))
    image = font.render(label, True, INK)
    where = image.get_rect(topright=(box.right - px(2), box.y + px(2)))
    pygame.draw.rect(screen, PAPER, where.inflate(px(6), 0))     # the label reads over the line
    screen.blit(image, where)


def scores_dialog(stats, game_name: str, title: str) -> TableDialog:
    """Statistics and points of one Card Shell game, per rule and in all."""
    from engine.spec import spec

    from ..games import front
    rows = []
    labels = dict(front(game_name).choice("rule").values)
    rules = {rule: labels[rule] for rule in spec(game_name).scoring.points}     # in its scoring's order
    for rule, name in rules.items():
        rows.append(_row(name, stats.get(game_name, rule), with_streak=True))
    rows.append(_row("All rules", stats.total(game_name), with_streak=False))
    charts = [(name, stats.get(game_name, rule)) for rule, name in rules.items()]
    return ScoresDialog(f"Scores: {title}", HEADERS, rows,
                        "Points: a win scores by the rule's table, an unfinished game loses points "
                        "when you deal a new one. Streak: current run of wins (+) or losses (-). "
                        "Best streak, worst streak: the longest run of wins, of losses. "
                        "Squares: each game, won (filled) or lost, the newest on the right.", charts)


def _row(name: str, rec, with_streak: bool) -> list[str]:
    streak = (f"+{rec.winning_streak}" if rec.winning_streak else f"-{rec.losing_streak}"
              if rec.losing_streak else "0") if with_streak else ""
    points = f"{rec.points:g}"
    played = rec.games > 0          # no games: no rate and no moves a game to show
    return [name, str(rec.games), str(rec.wins), f"{rec.win_percent:.0f}" if played else NONE_YET, points,
            streak, str(rec.longest_wins), str(rec.longest_losses),
            f"{rec.moves_per_game:.0f}" if played else NONE_YET]


def high_scores_dialog(scores: list[dict], highlight: int | None = None) -> TableDialog:
    rows = []
    for n, s in enumerate(scores, 1):
        minutes, seconds = divmod(int(s["seconds"]), 60)
        rows.append([f"{n}.", s["name"], str(s["shuffles"]), f"{minutes}:{seconds:02d}", s.get("date", "")[:10]])
    return TableDialog("Gaps: High Scores", ["", "Name", "Shuffles", "Time", "Date"], rows,
                       "Ranked by shuffles used, then by time.", highlight,
                       any_activity=True,       # almost anything the player does closes it
                       left=(1, 4))             # the name and the date read from the left
