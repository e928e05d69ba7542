"""One game on the table and everything about it, in one owner.

A :class:`Session` holds the engine's game and what the table knows of it
beyond the engine's document: the clock and the pause, whether the game has
been counted (its ``end``: one value), whether the Demo played in it or it was taken back by the
review's Try Again, the moves undone and not yet played again, the solver's
word on it, the hint line, the Demo's moves, and the view (a column's
spacing).  It is saved beside the engine's document, under ``"table"``
(``extra()``), and restored from there whole (``restore()``), so a quit
and restart changes nothing a player can see or use: Gaps' one level of
undo stays as it was, a redo is still there, the clock goes on from where
it stopped.

What lives across games (the player's options, the records, what the solver
proved this session) is not here: the app owns it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engine

from ..games import Front, front_of


@dataclass
class Clock:
    """A game's clock (Gaps shows it): the seconds played, and the pause.
    It runs only when the table lets it (no dialog, no menu, not paused,
    the game not over): the loop decides, and calls :meth:`advance`."""

    elapsed: float = 0.0
    paused: bool = False
    focus_paused: bool = False      # paused because the window lost the focus: it goes on when it comes back

    def advance(self, dt: float) -> bool:
        """``dt`` seconds more; whether a new whole second began (the label changes)."""
        before = int(self.elapsed)
        self.elapsed += dt
        return int(self.elapsed) != before

    def until_tick(self) -> float:
        """Seconds until the next whole second."""
        return 1.0 - (self.elapsed % 1.0)

    @property
    def text(self) -> str:
        minutes, seconds = divmod(int(self.elapsed), 60)
        return f"{minutes}:{seconds:02d}"


@dataclass
class Demo:
    """The Demo while it plays: the moves still to play (empty: the solver
    is looking), whether it plays on past its line (Gaps, Chinese Puzzle:
    cards locked before a redeal) and how many times it looked again."""

    moves: list[str] = field(default_factory=list)
    more: bool = False
    rounds: int = 0


class Session:
    """The game on the table, and everything the table keeps about it."""

    def __init__(self, game: engine.Game, *, elapsed: float = 0.0, assisted: bool = False,
                 retried: bool = False, spacing: dict[str, float] | None = None) -> None:
        self.game = game
        self.front: Front = front_of(game)
        self.clock = Clock(elapsed=elapsed)
        self.assisted = assisted        # the Demo played in it: not counted, no high score
        #: how the game stands in the records, one value: "" (not counted), "win" or "loss" (counted
        #: as that when it ended), "counted" (counted, as which not known: a won deal, an older save),
        #: "retried" (taken back by the review's Try Again: it counted once, before)
        self.end = "retried" if retried else "counted" if game.won else ""
        self.recorded = False           # the end on the table now went into the records (its result says so)
        self.verdict = ""               # the solver's word: won, impossible, unknown, thinking ("" none)
        self.verdict_asked: tuple[int, object] | None = None    # the position asked of: moves, knowledge key
        self.verdict_probe = False      # ... with a short probe only (a position let pass: game/assistant/knowledge.py)
        self.hint_line: list[str] = []  # a line H follows from the position at hint_at moves
        self.hint_at = -1
        self.hint_wins = False          # whether hint_line is a winning line (the Demo may play it)
        self.demo: Demo | None = None
        self.spacing: dict[str, float] = dict(spacing or {})    # a column's spacing, by place
        self.hints_shown: list[str] = []    # the moves H showed, in order (the layout's dump: a driver follows)

    # ------------------------------------------------------------ its end, read as the words say it
    @property
    def counted(self) -> bool:
        """Its result is in the records (a win, a loss, a count before Try Again)."""
        return self.end != ""

    @counted.setter
    def counted(self, value: bool) -> None:
        if not value:
            self.end = ""
        elif not self.end:
            self.end = "counted"

    @property
    def counted_as(self) -> str:
        """As a "win" or a "loss" ("" when not known)."""
        return self.end if self.end in ("win", "loss") else ""

    @counted_as.setter
    def counted_as(self, value: str) -> None:
        if value in ("win", "loss"):
            self.end = value

    @property
    def retried(self) -> bool:
        """Taken back by the review's Try Again: counted once already."""
        return self.end == "retried"

    @retried.setter
    def retried(self, value: bool) -> None:
        if value:
            self.end = "retried"
        elif self.end == "retried":
            self.end = "counted"

    # ------------------------------------------------------------ questions
    @property
    def name(self) -> str:
        return self.game.name

    @property
    def moves(self) -> int:
        return len(self.game.history)

    @property
    def clock_runs(self) -> bool:
        """Whether the game's clock counts now (the table's dialogs aside)."""
        return (self.front.timed or self.front.clocked) and not self.clock.paused and not self.game.over

    @property
    def for_the_record(self) -> bool:
        """Whether a result of this game goes in the records: not the Demo's,
        and not once it has counted already."""
        return not self.assisted and not self.counted

    @property
    def high_score_allowed(self) -> bool:
        """Gaps' challenge: neither the Demo's help nor a take-back of more
        than one move (the review's Try Again) may reach the high scores."""
        return self.front.high_scores and not self.assisted and not self.retried

    def knows_line(self) -> bool:
        return bool(self.hint_line) and self.hint_at == self.moves

    # ------------------------------------------------------------ saving
    def extra(self) -> dict:
        """What is saved beside the engine's document (its ``"table"``)."""
        extra: dict = {"elapsed": round(self.clock.elapsed, 1)}
        if self.clock.paused:
            extra["paused"] = True
        if self.assisted:
            extra["assisted"] = True
        if self.retried:
            extra["retried"] = True
        elif self.counted:
            extra["counted"] = self.counted_as or True     # ended and counted: not counted again
        future = self.game.future
        if future:
            extra["future"] = future
        spacing = {k: v for k, v in self.spacing.items() if v != 1.0}
        if spacing:
            extra["spacing"] = spacing
        return extra

    @classmethod
    def restore(cls, game: engine.Game, extra: dict) -> Session:
        """The session saved as ``extra`` beside ``game``'s document: the
        moves undone are undone again (so redo, and Gaps' one level of
        undo, are as they were); a field damaged by hand is left out."""
        def number(value, default: float) -> float:
            return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
                and value >= 0 else default
        spacing = extra.get("spacing")
        spacing = {str(k): min(2.5, max(0.25, number(v, 1.0))) for k, v in spacing.items()} \
            if isinstance(spacing, dict) else {}
        session = cls(game, elapsed=number(extra.get("elapsed"), 0.0), assisted=extra.get("assisted") is True,
                      retried=extra.get("retried") is True, spacing=spacing)
        counted = extra.get("counted")
        if not session.retried and counted in ("win", "loss"):
            session.end = counted
        elif not session.retried and counted is True:
            session.end = "counted"
        session.clock.paused = session.front.timed and extra.get("paused") is True and not game.over
        future = extra.get("future")
        if isinstance(future, list) and all(isinstance(m, str) for m in future):
            session.put_back(future)
        return session

    def put_back(self, future: list[str]) -> None:
        """Play ``future`` and undo it again: the redo stack as it was.  A
        move the rules refuse (a file edited by hand) ends it there."""
        played = 0
        for move in future:
            if self.game.explain(move) is not None:
                break
            self.game.play(move)
            played += 1
        for _ in range(played):
            self.game.undo()
