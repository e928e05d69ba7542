"""The solver at work beside the table, in a separate process.

A thread would fight the table for the interpreter; a process does not.  The
table sends the game (as its document) after each move; the worker solves the
newest request of each kind: one that comes while an older one of its kind
is searched cancels that search at once (``engine.solve.Budget.cancel``,
called by the worker's reading thread), and its answer comes back through a
queue.  A small thread in the table's process waits on that
queue and posts a pygame event, so the idle loop wakes only when there is
news: the table never stutters while the solver thinks.
"""

from __future__ import annotations

import multiprocessing as mp
import threading
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


class _Job:
    """One request at work: the budgets of its searches, which a cancel
    (from the worker's reading thread) stops at once."""

    def __init__(self) -> None:
        self.cancelled = False
        self._budget = None
        self._lock = threading.Lock()

    def budget(self, seconds: float):
        """A new budget for the job's next search (cancelled already if the job is)."""
        from engine.solve import Budget
        with self._lock:
            self._budget = Budget(seconds=seconds)
            if self.cancelled:
                self._budget.cancel()
            return self._budget

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            if self._budget is not None:
                self._budget.cancel()


class _Inbox:
    """The worker's requests, read by a thread of their own as they come:
    only the newest of each kind waits, and one that comes while a request
    of its kind is at work cancels that (so does the table forgetting it,
    and ``None``, the order to stop)."""

    def __init__(self, requests) -> None:
        self._requests = requests
        self._changed = threading.Condition()
        self._waiting: dict[str, tuple] = {}
        self._running: tuple[str, _Job] | None = None
        self._stopped = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                item = self._requests.get()
            except (EOFError, OSError):
                item = None
            with self._changed:
                if item is None:
                    self._stopped = True
                    self._cancel(None)
                elif item[0] == "forget":
                    self._waiting.pop(item[1], None)
                    self._cancel(item[1])
                else:
                    self._waiting[item[1]] = item
                    self._cancel(item[1])
                self._changed.notify()
            if item is None:
                return

    def _cancel(self, purpose: str | None) -> None:
        if self._running is not None and purpose in (None, self._running[0]):
            self._running[1].cancel()

    def take(self) -> tuple[tuple, _Job] | None:
        """The most urgent request waiting, and its job (the one before is
        done); None once told to stop."""
        with self._changed:
            self._running = None
            while not self._waiting and not self._stopped:
                self._changed.wait()
            if self._stopped:
                return None
            purpose = next(p for p in (*PRIORITY, *self._waiting) if p in self._waiting)
            job = _Job()
            self._running = (purpose, job)
            return self._waiting.pop(purpose), job


def _work(requests, answers) -> None:
    """The worker process: answer the most urgent of the newest requests of
    each kind, until told to stop.  A cancelled request gets no answer (the
    table no longer waits for it)."""
    inbox = _Inbox(requests)
    while True:
        taken = inbox.take()
        if taken is None:
            return
        (request, purpose, doc, budget, known), job = taken
        answer = _answer(request, purpose, doc, budget, known, job)
        if not job.cancelled:
            answers.put(answer)


def _answer(request: int, purpose: str, doc: dict, budget: float, known: bool, job: _Job) -> Answer:
    import engine
    from engine.solve import Status, play_on, solve
    try:
        if purpose == "winnable":
            return _find_winnable(request, doc, budget, job=job)
        game = engine.from_dict(doc)
        result = solve(game, job.budget(budget), known=known)
        if purpose == "demo" and result.status is not Status.WON and game.name in ("gaps", "chinese-puzzle"):
            # no win in this deal: play on toward the next shuffle or redeal
            line = play_on(game, job.budget(min(budget, PLAY_ON_S)))
            if line:
                return Answer(request, purpose, "play-on", line)
        return Answer(request, purpose, result.status.value, result.moves)
    except Exception as e:  # noqa: BLE001 - a solver failure must never reach the table
        return Answer(request, purpose, "error", message=f"{type(e).__name__}: {e}")


def _find_winnable(request: int, doc: dict, budget: float, total: float = WINNABLE_TOTAL_S,
                   tries: int = WINNABLE_TRIES, job: _Job | None = None) -> Answer:
    """Numbered deals from the document's seed on, until one is proved won
    (``budget`` seconds a deal), for ``total`` seconds and ``tries`` deals at
    most, or until ``job`` is cancelled: the table no longer wants one."""
    import engine
    from engine.solve import Budget, Status, solve
    seed = doc["seed"]
    whole = Budget(seconds=total)
    for n in range(tries):
        left = total - whole.elapsed()
        if left <= 0 or (job is not None and job.cancelled):
            break
        game = engine.new_game(doc["game"], seed=seed + n, **doc.get("options", {}))
        each = job.budget(min(budget, left)) if job is not None else Budget(seconds=min(budget, left))
        if solve(game, each, known=True).status is Status.WON:
            return Answer(request, "winnable", "won", seed=seed + n)
    return Answer(request, "winnable", "unknown", seed=None, message="no winnable deal found")


class Analyst:
    """The table's side: ``ask`` after a move, ``answer`` when ANSWER comes."""

    def __init__(self) -> None:
        self._requests = None
        self._answers = None
        self._process = None
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
            self._process = ctx.Process(target=_work, args=(self._requests, self._answers), daemon=True)
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
        self._requests.put((self.request, purpose, game.to_dict(), budget, known))
        return self.request

    def forget(self, purpose: str) -> None:
        """No answer to ``purpose`` is wanted any more: its search is
        cancelled, and an answer already on its way will be ignored."""
        if self.pending.pop(purpose, None) is not None and self._process is not None:
            self._requests.put(("forget", purpose))

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
