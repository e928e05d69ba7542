"""A player who follows H to the end, through the real table and its solver
worker: press H, play the move it flashes, again and again (issue 34).
Shared by ``tests/test_follow_hints.py`` and ``bench/follow_hints.py``."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame

from engine.solve.advice import key as position_key
from tests.gui import key, make_app, settle, wait_for

#: how long a hint may take to come, at most (the worker's processor
#: budget is a fraction of a second; a busy machine stretches it)
HINT_WAIT_S = 60.0


@dataclass
class Followed:
    """How following H went: the moves played, the positions seen twice
    (none, if H never walks in circles), how it ended (``won``, ``over``:
    lost with nothing left to do, ``no hint``: H said no move is known to
    help, with its words, ``cap``: the moves ran out), the hints that were
    a way on (their words), and the indicator's settling times (wall
    seconds from a move until it said won, lost or not known)."""

    moves: int = 0
    repeats: list[int] = field(default_factory=list)
    end: str = "cap"
    words: str = ""
    ways: list[str] = field(default_factory=list)
    settle_s: list[float] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)


def open_table(home, name: str, seed: int, options: dict, indicator: bool = False):
    argv = (["--analysis"] if indicator else []) + ["--game", name, "--seed", str(seed)]
    for k, v in options.items():
        argv += [f"--{k}", str(v)]
    return make_app(home, *argv)


def follow(app, moves_at_most: int = 400, first: tuple[str, ...] = (), indicator: bool = False) -> Followed:
    """Play the game on ``app``'s table: ``first`` (moves a player made
    before leaning on H), then each move H shows, up to ``moves_at_most``
    moves or the game's end.  Dialogs (Gaps' stuck alert, which reshuffles
    when dismissed) are answered with Enter."""
    out = Followed()
    shown: list[str] = []
    show_move = app.scene.show_move
    app.scene.show_move = lambda text: (shown.append(text), show_move(text))[1]
    seen = {position_key(app.game)}

    def play(move: str) -> None:
        g = app.game
        before = len(g.history)
        app.scene.try_move(move)
        settle(app)
        assert len(g.history) == before + 1, f"the move {move} was not played: {app.message}"
        out.moves += 1
        k = position_key(g)
        if k in seen:
            out.repeats.append(out.moves)
        seen.add(k)

    def verdict() -> None:
        if not indicator:
            return
        start = time.monotonic()
        wait_for(app, lambda: app.session.verdict != "thinking", seconds=120)
        out.settle_s.append(time.monotonic() - start)
        out.verdicts.append(app.session.verdict)

    try:
        for move in first:
            play(move)
            verdict()
        while out.moves < moves_at_most:
            while app.dialogs:
                key(app, pygame.K_RETURN)
            settle(app)
            g = app.game
            if g.won:
                out.end = "won"
                break
            if g.over:
                out.end = "over"
                break
            shown.clear()
            key(app, pygame.K_h, unicode="h")
            assert wait_for(app, lambda: bool(shown) or app.message.startswith("No hint"), seconds=HINT_WAIT_S), \
                f"{g.name} deal {g.seed}, move {len(g.history)}: H showed nothing ({app.message!r})"
            if not shown:
                out.end, out.words = "no hint", app.message
                break
            message = app.message
            if ": " in message[len("Hint: "):]:
                out.ways.append(message)
            play(shown[-1])
            verdict()
    finally:
        app.scene.show_move = show_move
    return out
