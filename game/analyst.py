"""The solver at work beside the table, in a separate process.

A thread would fight the table for the interpreter; a process does not.  The
table sends the game (as its document) after each move; the worker solves the
newest one it has (older requests are dropped unread), and its answer comes
back through a queue.  A small thread in the table's process waits on that
queue and posts a pygame event, so the idle loop wakes only when there is
news: the table never stutters while the solver thinks.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import threading
import time
from dataclasses import dataclass, field

import pygame

ANSWER = pygame.event.custom_type()
BUDGET_S = 6.0


@dataclass
class Answer:
    request: int
    purpose: str                  # "verdict", "demo", "winnable"
    status: str                   # won, impossible, unknown, error
    moves: list[str] = field(default_factory=list)
    seed: int | None = None       # "winnable": the deal found
    message: str = ""


#: the order in which the worker takes waiting requests of different kinds
PRIORITY = ("winnable", "demo", "verdict")
#: "Winnable deals only": how long the worker looks, at most, before it
#: gives up and the player gets an ordinary deal
WINNABLE_TOTAL_S = 30.0
WINNABLE_TRIES = 200
#: the Demo in Gaps and Chinese Puzzle: the search for the line that locks
#: the most cards before a redeal
PLAY_ON_S = 3.0


def _work(requests, answers, give_up=None) -> None:
    """The worker process: take the newest request of each kind (older ones
    of the same kind are dropped unread), answer the most urgent, repeat."""
    import engine
    from engine.solver import play_on, solve
    waiting: dict[str, tuple] = {}
    while True:
        if not waiting:
            job = requests.get()
            if job is None:
                return
            waiting[job[1]] = job
        try:                                    # only the newest of each kind matters
            while True:
                job = requests.get_nowait()
                if job is None:
                    return
                waiting[job[1]] = job
        except queue.Empty:
            pass
        purpose = next(p for p in (*PRIORITY, *waiting) if p in waiting)
        request, purpose, doc, budget, known = waiting.pop(purpose)
        try:
            if purpose == "winnable":
                answers.put(_find_winnable(request, doc, budget, give_up=give_up))
                continue
            game = engine.from_dict(doc)
            result = solve(game, budget_s=budget, known=known)
            if purpose == "demo" and result.status != "won" and game.name in ("gaps", "chinese-puzzle"):
                # no win in this deal: play on toward the next shuffle or redeal
                line = play_on(game, min(budget, PLAY_ON_S))
                if line:
                    answers.put(Answer(request, purpose, "play-on", line))
                    continue
            answers.put(Answer(request, purpose, result.status, result.moves))
        except Exception as e:  # noqa: BLE001 - a solver failure must never reach the table
            answers.put(Answer(request, purpose, "error", message=f"{type(e).__name__}: {e}"))


def _find_winnable(request: int, doc: dict, budget: float, total: float = WINNABLE_TOTAL_S,
                   tries: int = WINNABLE_TRIES, give_up=None) -> Answer:
    """Numbered deals from the document's seed on, until one is proved won
    (``budget`` seconds a deal), for ``total`` seconds and ``tries`` deals at
    most, or until ``give_up`` (an event) is set: the table no longer wants
    one."""
    import engine
    from engine.solver import solve
    seed = doc["seed"]
    end = time.monotonic() + total
    for n in range(tries):
        left = end - time.monotonic()
        if left <= 0 or (give_up is not None and give_up.is_set()):
            break
        game = engine.new_game(doc["game"], seed=seed + n, **doc.get("options", {}))
        if solve(game, budget_s=min(budget, left), known=True).status == "won":
            return Answer(request, "winnable", "won", seed=seed + n)
    return Answer(request, "winnable", "unknown", seed=None, message="no winnable deal found")


class Analyst:
    """The table's side: ``ask`` after a move, ``answer`` when ANSWER comes."""

    def __init__(self) -> None:
        self._requests = None
        self._answers = None
        self._process = None
        self._give_up = None
        self.request = 0
        self.pending: dict[str, int] = {}     # purpose -> the request whose answer is awaited
        self.latest: dict[str, Answer] = {}
        self.failed = ""

    def start(self) -> bool:
        if self._process is not None:
            return True
        try:
            ctx = mp.get_context("spawn")
            self._requests, self._answers = ctx.Queue(), ctx.Queue()
            self._give_up = ctx.Event()
            self._process = ctx.Process(target=_work, args=(self._requests, self._answers, self._give_up),
                                        daemon=True)
            self._process.start()
        except (OSError, ValueError) as e:
            self.failed = f"The solver could not start ({e}); no indicator or demo."
            self._process = None
            return False
        threading.Thread(target=self._listen, daemon=True).start()
        return True

    def _listen(self) -> None:
        while True:
            try:
                answer = self._answers.get()
            except (EOFError, OSError):
                return
            if answer is None:
                return
            try:
                pygame.event.post(pygame.event.Event(ANSWER, answer=answer))
            except pygame.error:
                return

    def ask(self, game, purpose: str = "verdict", budget: float = BUDGET_S, known: bool = True) -> int:
        """Send ``game`` to be solved; returns the request's number (answers
        to older requests are stale and ignored)."""
        if not self.start():
            return -1
        self.request += 1
        self.pending[purpose] = self.request
        if purpose == "winnable":
            self._give_up.clear()
        self._requests.put((self.request, purpose, game.to_dict(), budget, known))
        return self.request

    def forget(self, purpose: str) -> None:
        """Whatever answer to ``purpose`` is on its way will be ignored (a
        search for a winnable deal stops after the deal it is on)."""
        if self.pending.pop(purpose, None) is not None and purpose == "winnable" and self._give_up is not None:
            self._give_up.set()

    def take(self, answer: Answer) -> Answer | None:
        """An answer that came back: kept if it answers the newest request
        of its kind (a verdict asked after a move does not make a pending
        search for a winnable deal stale), else None."""
        if self.pending.get(answer.purpose) != answer.request:
            return None
        del self.pending[answer.purpose]
        self.latest[answer.purpose] = answer
        return answer

    def stop(self) -> None:
        if self._process is not None:
            try:
                self._requests.put(None)
                self._process.join(timeout=1)
                if self._process.is_alive():
                    self._process.terminate()
            except (OSError, ValueError):
                pass
            self._process = None
