"""The Scores window (Card Shell games) and Gaps' high scores: tables of
figures drawn in columns, in the dialogs' paper-and-ink style."""

from __future__ import annotations

import pygame
from pygame import Rect

from .dialogs import DEFAULT, INK, Dialog

RULE_NAMES = {"any-suit": "Any suit", "alternate": "Alternating colour", "same-suit": "Same suit"}


class TableDialog(Dialog):
    """A title, a table with a header row, and a note under it."""

    def __init__(self, title: str, headers: list[str], rows: list[list[str]], note: str = "",
                 highlight: int | None = None, on_close=None, any_activity: bool = False) -> None:
        super().__init__(note, ("OK",), title, on_close, width=760)
        self.headers = headers
        self.rows = rows
        self.highlight = highlight   # a row to show in colour (a new high score)
        self.any_activity = any_activity     # any key or click closes it, inside or out

    def handle(self, event: pygame.event.Event) -> str | None:
        if self.any_activity and (event.type == pygame.KEYDOWN or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3))):
            return "OK"
        return super().handle(event)

    def draw(self, screen: pygame.Surface, fonts) -> Rect:
        body = fonts.get(21)
        saved = self.message
        self.message = "\n" * (len(self.rows) + 2) + saved
        area = super().draw(screen, fonts)
        self.message = saved
        widths = [max(body.size(str(r[k]))[0] for r in [self.headers, *self.rows]) + 18
                  for k in range(len(self.headers))]
        x0 = self.rect.x + 20
        y = self.rect.y + 18 + (34 if self.title else 0)
        for n, row in enumerate([self.headers, *self.rows]):
            x = x0
            colour = DEFAULT if self.highlight is not None and n - 1 == self.highlight else INK
            for k, cell in enumerate(row):
                image = body.render(str(cell), True, colour)
                if k == 0:
                    screen.blit(image, (x, y))
                else:
                    screen.blit(image, image.get_rect(topright=(x + widths[k] - 6, y)))
                x += widths[k]
            if n == 0:
                pygame.draw.line(screen, INK, (x0, y + 21), (x - 6, y + 21))
            y += 22
        return area


def scores_dialog(stats, game_name: str, title: str) -> TableDialog:
    """Statistics and points of one Card Shell game, per rule and in all."""
    headers = ["Rule", "Games", "Won", "Win %", "Points", "Streak", "Best", "Worst", "Moves/game"]
    rows = []
    for rule, name in RULE_NAMES.items():
        rows.append(_row(name, stats.get(game_name, rule), with_streak=True))
    rows.append(_row("All rules", stats.total(game_name), with_streak=False))
    return TableDialog(f"Scores: {title}", headers, rows,
                       "Points: a win scores by the rule's table, an unfinished game loses points "
                       "when you deal a new one. Streak: current run of wins (+) or losses (-).")


def _row(name: str, rec, with_streak: bool) -> list[str]:
    streak = (f"+{rec.winning_streak}" if rec.winning_streak else f"-{rec.losing_streak}"
              if rec.losing_streak else "0") if with_streak else ""
    points = f"{rec.points:g}"
    return [name, str(rec.games), str(rec.wins), f"{rec.win_percent:.0f}", points, streak,
            str(rec.longest_wins), str(rec.longest_losses), f"{rec.moves_per_game:.0f}"]


def high_scores_dialog(scores: list[dict], highlight: int | None = None) -> TableDialog:
    rows = []
    for n, s in enumerate(scores, 1):
        minutes, seconds = divmod(int(s["seconds"]), 60)
        rows.append([f"{n}.", s["name"], str(s["shuffles"]), f"{minutes}:{seconds:02d}", s.get("date", "")[:10]])
    return TableDialog("Gaps: High Scores", ["", "Name", "Shuffles", "Time", "Date"], rows,
                       "Ranked by shuffles used, then by time.", highlight,
                       any_activity=True)       # the manual: almost any user activity dismisses it
