"""The solver worker: a process of its own beside the table.

    python -m engine.solve.worker          (the frozen app: card-shell --solver-worker)

It imports the engine only (no pygame, no numpy, nothing of ``game``) and
talks JSON, one object a line: requests on its standard input, answers on
its standard output.  The table (``game/assistant/analyst.py``) starts it, and never
waits on it.

Requests::

    {"id": 7, "kind": "verdict", "game": {...the game's document...},
     "budget": 6.0, "known": true}
    {"forget": "demo"}                   no answer to that kind is wanted any more

The kinds are ``hint`` (the next move, from what the player sees),
``verdict`` (whether the deal can be won), ``demo`` (a line to play) and
``winnable`` (a deal, from the document's number on, that the solver wins,
else one of its pool won before; ``"dealt": [...]``, the pool deals already
dealt to this player, which it deals again only once the pool is used up)
and ``review`` (where along the game's history it could still be won, and
the move that lost it: ``engine.review``; ``budget`` is each search's, and
``total`` the whole review's, in seconds; ``"proved": {"57": "lost"}``,
what the table proved along the game, seeds it).  A verdict or Demo
request may carry ``"try": [[move, ...]]``, winning lines the table knows
from a position near this one, replayed before any search
(``known_win``).  Budgets are processor seconds of the search, with a
wall-clock cap of ``WALL_FACTOR`` times that.

Answers::

    {"id": 7, "kind": "verdict", "status": "won", "moves": [...],
     "seed": null, "message": "", "trace": ""}

``status`` is the search's (won, impossible, unknown), ``play-on`` (a Demo
line toward the next redeal), ``hint`` (``moves`` holds the hinted move, or
nothing when no move is known to help; ``message`` says why in plain words
when the move is an unexpected one: ``advice.py``) or ``error``: then ``message`` says
what went wrong and ``trace`` is the worker's traceback, for the table's
log.  A review answers more than once: ``{"status": "progress", "done": 3,
"most": 9}`` after each of its searches, then ``{"status": "reviewed",
"review": {...Review.to_json()...}}``; a Demo's search reports the
share of its budget spent every ``REPORT_EVERY`` seconds the same way
(``most`` 100).  Every final answer also carries the worker's resident
size (``rss_mb``, which the table uses to replace a worker grown large
once it is idle) and its processor time so far (``cpu_s``), and an
unknown one ``"cut_short": true`` when the wall clock or the memory
ceiling stopped its search before its budget's end.

A thread of its own reads the requests as they come: only the newest of
each kind waits, and one that comes while a search of its kind runs cancels
that search at once (``Budget.cancel``); a hint also sets a running verdict
aside (the verdict is searched again after it), since a player waits for
the hint.  A cancelled request gets no answer.  The most urgent waiting
kind is taken first (``PRIORITY``).

The worker dies with the table, however the table ends: the end of its
standard input (the table's end of the pipe closes when its process does,
even killed) makes it leave at once; a change of its parent process, looked
at twice a second, does too; on Linux the kernel is also asked to end it
when its parent goes (``PR_SET_PDEATHSIG``).  A request it cannot read is a
disagreement between the two sides: it writes the traceback on its standard
error and stops, and the table logs it.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO, TextIO

import engine

from ..spec import spec
from . import Budget, Status, advise, play_on, solve
from .budget import resident_mb

KINDS = ("hint", "winnable", "demo", "review", "verdict")
#: the order in which waiting requests of different kinds are taken
PRIORITY = KINDS
#: kinds whose running search a request of the key's kind sets aside (it is
#: searched again afterwards)
SETS_ASIDE = {"hint": ("verdict",), "review": ("verdict",)}
#: a review's whole time, at most, unless the request says otherwise
REVIEW_TOTAL_S = 120.0
#: "Winnable deals only": how long the worker looks, at most, in wall-clock
#: seconds (the player waits), before it gives up and the player gets a
#: deal won before (``won_before``) or, where none is known, an ordinary
#: deal.  A game's spec may set its own (``winnable_s``: The Smith, whose
#: search needs seconds for one fresh deal), and then each deal tried gets
#: all of it (``bench/smith_winnable.py`` measures the wait)
WINNABLE_TOTAL_S = 30.0
WINNABLE_TRIES = 200
#: a verdict's message when a line the table sent (``try``) still wins
KNOWN_LINE = "a known line still wins"
#: a winnable answer's message when its deal is one won before (``won_before``)
WON_BEFORE = "a deal won before"
#: the Demo in Gaps and Chinese Puzzle: the search for the line that locks
#: the most cards before a redeal
PLAY_ON_S = 3.0
#: the Demo's line made shorter: the search for short ways between the
#: positions of the line the solver found (``shortcuts.py``; ``bench/demo_lines.py``),
#: ``SHORTCUT_S`` and ``SHORTCUT_PER_100_S`` more for each 100 moves of the
#: line, at most ``SHORTCUT_MAX_S`` (with the Demo's 10 s search, 15 s
#: before the longest line starts)
SHORTCUT_S = 3.0
SHORTCUT_PER_100_S = 0.25
SHORTCUT_MAX_S = 5.0
#: the worker's resident size (MB) past which a search stops and answers
#: unknown: the ceiling while searching, which with the table's own process
#: bounds the game's whole tree while a search runs.  At rest the tree is
#: smaller: a worker that a search left larger than ``game.assistant.analyst.REST_MB``
#: is replaced by a fresh one once it has nothing to do (the memory a search
#: took goes back to the system with the process; Python keeps freed memory
#: for its own next objects, so a process that stays never shrinks).
#: ``bench/shipped.py`` measures the tree.
#: Set by :func:`main`, in the worker's own process only (a test that serves
#: requests in its own, larger process bounds nothing).
MEMORY_MB = 160.0
#: a search's wall-clock time, at most, as a multiple of its processor
#: time: budgets are processor seconds (the same verdict on a busy machine
#: as on a quiet one), and this bounds how long a player waits when the
#: machine is so busy the search gets a small share of a core
WALL_FACTOR = 4.0
_memory_mb: float | None = None


def bound_memory(mb: float | None) -> None:
    """Stop every search of this process past ``mb`` MB resident (None: no bound)."""
    global _memory_mb
    _memory_mb = mb
#: the kinds whose searches report their progress as they go (``serve``), and how often (seconds)
REPORTS = ("demo",)
REPORT_EVERY = 0.5
#: a request's fields the worker adds: when it was received (``time.perf_counter``),
#: and the processor seconds its searches used before they were set aside
RECEIVED, SPENT = "_received", "_spent"
#: the least a search set aside, or one that waited, is given
MIN_LEFT_S = 0.05
#: how often the parent's process id is looked at (seconds)
WATCH_EVERY = 0.5


class Job:
    """One request at work: the budgets of its searches, which a cancel
    (from the reading thread) stops at once."""

    def __init__(self) -> None:
        self.cancelled = False
        self._budget: Budget | None = None
        self._budgets: list[Budget] = []
        self._lock = threading.Lock()

    def budget(self, seconds: float, wall: float | None = None) -> Budget:
        """A new budget for the job's next search (cancelled already if the
        job is); ``wall`` caps its wall-clock time below ``WALL_FACTOR``
        times ``seconds`` (a player waiting no longer than that)."""
        if wall is None or wall > seconds * WALL_FACTOR:
            wall = seconds * WALL_FACTOR
        with self._lock:
            self._budget = Budget(seconds=seconds, memory_mb=_memory_mb, wall=wall)
            self._budgets.append(self._budget)
            if self.cancelled:
                self._budget.cancel()
            return self._budget

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            if self._budget is not None:
                self._budget.cancel()

    def spent(self) -> float:
        """The processor seconds the job's searches have used so far (its
        budgets' own counts, read from any thread)."""
        with self._lock:
            return sum(b.elapsed() for b in self._budgets)


class Inbox:
    """The requests waiting, the newest of each kind, and the one at work.
    ``put``, ``forget`` and ``stop`` come from the reading thread, ``take``
    from the searching one."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._waiting: dict[str, dict] = {}
        self._running: tuple[dict, Job] | None = None
        self._stopped = False

    def put(self, request: dict) -> None:
        kind = request["kind"]
        if kind not in KINDS:
            raise ValueError(f"a request of an unknown kind {kind!r}")
        # when it came: a request's ``wall`` counts from here (``answer``)
        request.setdefault(RECEIVED, time.perf_counter())
        with self._changed:
            self._waiting[kind] = request
            if self._running is not None:
                running, job = self._running
                if running["kind"] == kind:
                    job.cancel()
                elif running["kind"] in SETS_ASIDE.get(kind, ()) and not job.cancelled:
                    job.cancel()
                    # searched again afterwards with what is left of its budget,
                    # not all of it again: a player who presses H every few
                    # seconds still gets the verdict within its time
                    running[SPENT] = running.get(SPENT, 0.0) + job.spent()
                    self._waiting.setdefault(running["kind"], running)
            self._changed.notify()

    def forget(self, kind: str) -> None:
        with self._changed:
            self._waiting.pop(kind, None)
            if self._running is not None and self._running[0]["kind"] == kind:
                self._running[1].cancel()
            self._changed.notify()

    def stop(self) -> None:
        with self._changed:
            self._stopped = True
            self._waiting.clear()
            if self._running is not None:
                self._running[1].cancel()
            self._changed.notify()

    def take(self) -> tuple[dict, Job] | None:
        """The most urgent request waiting and its job (the one before is
        done); None once told to stop."""
        with self._changed:
            self._running = None
            while not self._waiting and not self._stopped:
                self._changed.wait()
            if self._stopped:
                return None
            kind = next(k for k in PRIORITY if k in self._waiting)
            request, job = self._waiting.pop(kind), Job()
            self._running = (request, job)
            return request, job


class Cancelled(Exception):
    """The request at work was cancelled: the rest of its searches are not made."""


def answer(request: dict, job: Job, emit: Callable[[dict], None] | None = None) -> dict:
    """The answer to ``request``; a failure of the engine or of a search is
    answered as an error with its traceback, never raised.  ``emit`` sends
    what comes before the answer (a review's progress)."""
    kind = request["kind"]
    reply: dict[str, Any] = {"id": request["id"], "kind": kind, "status": "", "moves": [],
                             "seed": None, "message": "", "trace": ""}
    try:
        return _answer(request, job, emit, reply)
    finally:
        # what the answer leaves the worker at: the table replaces a worker
        # grown past its rest size once it is idle (``game.assistant.analyst.REST_MB``)
        reply["rss_mb"] = round(resident_mb(), 1)
        reply["cpu_s"] = round(time.process_time(), 3)


def _answer(request: dict, job: Job, emit: Callable[[dict], None] | None, reply: dict[str, Any]) -> dict:
    kind = request["kind"]
    budget = float(request.get("budget", 6.0))
    try:
        if kind == "winnable":
            reply.update(find_winnable(request["game"], budget, job=job, dealt=request.get("dealt", ())))
            return reply
        game = engine.from_dict(request["game"])
        if kind == "review":
            reply.update(review_game(request, game, job, emit))
            return reply
        if kind == "hint":
            advice = advise(game, job.budget(budget))
            # the hinted move first, then the rest of its line (``Advice.line``)
            reply.update(status="hint", moves=list(advice.line) if advice.move is not None else [],
                         message=advice.words(started=bool(game.history)))
            return reply
        line = known_win(game, request.get("try") or [], job)
        if line is not None:
            if kind == "demo":
                line = demo_line(game, line, job, budget)
            reply.update(status=Status.WON.value, moves=line, message=KNOWN_LINE)
            return reply
        searched = job.budget(*settling(request, budget))
        result = solve(game, searched, known=bool(request.get("known", True)))
        reply.update(status=result.status.value, moves=list(result.moves))
        if result.status is Status.UNKNOWN and (searched.out_of_wall or searched.out_of_memory):
            # not the budget's end: the same search may decide it another time
            reply["cut_short"] = True
        if kind == "demo" and result.status is Status.WON:
            reply["moves"] = demo_line(game, result.moves, job, budget)
        if kind == "demo" and result.status is not Status.WON and spec(game.name).play_on is not None:
            # no win in this deal: play on toward the next shuffle or redeal
            line = play_on(game, job.budget(min(budget, PLAY_ON_S)))
            if line:
                reply.update(status="play-on", moves=demo_line(game, line, job, budget))
    except Cancelled:
        reply.update(status="cancelled")
    except Exception as e:  # noqa: BLE001 - answered as an error, with the traceback, for the table's log
        reply.update(status="error", moves=[], message=f"{type(e).__name__}: {e}", trace=traceback.format_exc())
    return reply


def settling(request: dict, budget: float, now: float | None = None) -> tuple[float, float | None]:
    """The processor seconds and the wall-clock cap of a request's search:
    its ``budget`` less what its searches set aside by a hint used already
    (``SPENT``), and its ``wall`` (seconds from when it was received,
    ``RECEIVED``: the indicator's promise to settle within so long after a
    move, however it waited), None when it has none.  ``now``: the time
    (``time.perf_counter``'s) it is asked at, now when not given."""
    seconds = max(MIN_LEFT_S, budget - float(request.get(SPENT, 0.0)))
    wall = request.get("wall")
    if wall is None:
        return seconds, None
    now = time.perf_counter() if now is None else now
    waited = now - float(request.get(RECEIVED, now))
    return seconds, max(MIN_LEFT_S, float(wall) - waited)


def shortcut_seconds(moves: int) -> float:
    """The processor seconds the short ways of a line of ``moves`` moves
    get (``SHORTCUT_S``...): a long line takes longer to look over."""
    return min(SHORTCUT_MAX_S, SHORTCUT_S + SHORTCUT_PER_100_S * moves / 100)


def demo_line(game: Any, line: list[str], job: Job, budget: float) -> list[str]:
    """The line the Demo plays: ``line`` (from ``game``'s position) through
    no position twice, none the game has already been through where a
    short way round is found, and by the short ways found within
    ``shortcut_seconds`` (at most the Demo's own ``budget``) of processor
    time (``shortcuts.shorten``); never longer, ending where ``line`` ends."""
    from .shortcuts import passed_keys, shorten
    if not line:
        return list(line)
    seconds = min(budget, shortcut_seconds(len(line)))
    return shorten(game, line, job.budget(seconds), avoid=passed_keys(game))


def known_win(game: Any, lines: list[list[str]], job: Job) -> list[str] | None:
    """The first of ``lines`` (a request's ``try``: winning lines the table
    knows from positions near this one, say the one before the player's
    move) that still wins from ``game``'s position as it is, or the same
    line without the move the player just played out of its order; None
    when none does.  Replaying a line costs milliseconds, a search seconds."""
    from .replay import position_copy
    last = str(game.history[-1]) if game.history else None
    for line in lines:
        tries = [list(line)]
        if last is not None and last in line:
            cut = list(line)
            cut.remove(last)
            tries.append(cut)
        for moves in tries:
            if job.cancelled:
                return None
            copy = position_copy(game)
            for move in moves:
                if copy.explain(move) is not None:
                    break
                copy.play(move)
            else:
                if copy.won:
                    return moves
    return None


def review_game(request: dict, game: Any, job: Job, emit: Callable[[dict], None] | None) -> dict:
    """A review, its progress sent after each search; :class:`Cancelled`
    once the job is (no search more is made).  The request's ``proved``
    (``{"57": "lost", ...}``: position index, a string in JSON, -> "won" or
    "lost"), what the table proved along the game, seeds the review."""
    from engine.review import review

    def budget(seconds: float) -> Budget:
        if job.cancelled:
            raise Cancelled
        return job.budget(seconds)

    def progress(done: int, most: int) -> None:
        if emit is not None and not job.cancelled:
            emit({"id": request["id"], "kind": "review", "status": "progress", "done": done, "most": most})

    proved = {int(k): str(v) for k, v in (request.get("proved") or {}).items()}
    result = review(game, float(request.get("budget", 2.0)), progress=progress, budget=budget,
                    total=float(request.get("total", REVIEW_TOTAL_S)), proved=proved)
    if job.cancelled:
        raise Cancelled
    return {"status": "reviewed", "review": result.to_json()}


def find_winnable(doc: dict, budget: float, total: float | None = None,
                  tries: int = WINNABLE_TRIES, job: Job | None = None, dealt: Iterable = ()) -> dict:
    """Numbered deals from the document's seed on, until one is proved won
    (``budget`` processor seconds a deal, at least the game's
    ``winnable_s``), for ``total`` wall-clock seconds (the game's
    ``winnable_s``, else ``WINNABLE_TOTAL_S``) and ``tries`` deals at
    most, or until ``job`` is cancelled: the table no longer wants one.
    When none is found in time, a deal won before that is not in ``dealt``
    (the request's deals of the pool already dealt to this player:
    :func:`won_before`).  Returns the answer's ``status``, ``seed``,
    ``moves`` (the deal's winning line, every card known) and ``message``
    (``WON_BEFORE`` for a deal of the pool)."""
    seed = doc["seed"]
    own = spec(doc["game"]).winnable_s
    if total is None:
        total = own if own is not None else WINNABLE_TOTAL_S
    budget = max(budget, own or 0.0)
    whole = Budget(wall=total)
    for n in range(tries):
        left = total - whole.waited()
        if left <= 0 or (job is not None and job.cancelled):
            break
        game = engine.new_game(doc["game"], seed=seed + n, **doc.get("options", {}))
        if job is not None:
            each = job.budget(min(budget, left), wall=left)
        else:
            each = Budget(seconds=min(budget, left), memory_mb=_memory_mb, wall=left)
        result = solve(game, each, known=True)
        if result.status is Status.WON:
            return {"status": "won", "seed": seed + n, "moves": list(result.moves), "message": ""}
    if job is None or not job.cancelled:
        known = won_before(doc, dealt)
        if known is not None:
            return {"status": "won", "seed": known[0], "moves": known[1], "message": WON_BEFORE}
    return {"status": "unknown", "seed": None, "moves": [], "message": "no winnable deal found"}


def won_before(doc: dict, dealt: Iterable = ()) -> tuple[int, list[str]] | None:
    """A deal of the document's game and options that the solver has won
    before, with its winning line (``won_deals.py``, every line replayed in
    the tests); None when none is known.  It is one of those not in
    ``dealt`` (the pool's deals this player has been dealt), picked by the
    engine's generator from the document's seed: the same request, the same
    deal.  Once every deal of the pool is in ``dealt`` the pool starts
    again, with any deal but the one dealt last (``dealt``'s last).  The
    Smith's search rarely wins a fresh deal in the seconds a player waits
    (its spec's ``winnable_s``), so Winnable Deals Only deals from these rather
    than give up."""
    from ..cards import Rng
    from .won_deals import lines
    known = lines(doc["game"], doc.get("options", {}))
    if not known:
        return None
    given = [d for d in dealt if type(d) is int]
    pool = sorted(set(known).difference(given))
    if not pool:                        # every one dealt: the pool starts again
        pool = sorted(set(known).difference(given[-1:])) or sorted(known)
    deal = pool[Rng(doc["seed"]).below(len(pool))]
    return deal, known[deal]


def read_requests(stream: BinaryIO, inbox: Inbox) -> None:
    """The reading thread: each line a request, until the end of the
    stream (the table closed its end, or its process ended)."""
    for line in stream:
        if not line.strip():
            continue
        message = json.loads(line)
        if "forget" in message:
            inbox.forget(message["forget"])
        else:
            inbox.put(message)
    inbox.stop()


def serve(inbox: Inbox, out: TextIO) -> None:
    """The searching thread: answer the most urgent of the newest requests
    of each kind until told to stop; a cancelled request gets no answer.
    A request of a kind in ``REPORTS`` is told about as it goes: a
    ``progress`` message every ``REPORT_EVERY`` seconds with the share of
    its search's budget spent so far (``done`` of ``most`` = 100)."""
    written = threading.Lock()

    def emit(message: dict) -> None:
        with written:
            out.write(json.dumps(message) + "\n")
            out.flush()

    while True:
        taken = inbox.take()
        if taken is None:
            return
        request, job = taken
        finished = threading.Event()
        if request["kind"] in REPORTS:
            threading.Thread(target=report_progress, args=(request, job, emit, finished),
                             name="progress", daemon=True).start()
        try:
            reply = answer(request, job, emit)
        finally:
            finished.set()
        if not job.cancelled:
            emit(reply)


def report_progress(request: dict, job: Job, emit: Callable[[dict], None], finished: threading.Event,
                    every: float | None = None) -> None:
    """Tell the table, every ``every`` seconds until ``finished``, how much
    of the job's search budget is spent: the player sees the Demo at work
    from its first second."""
    while not finished.wait(REPORT_EVERY if every is None else every):
        budget = job._budget
        used = budget.used() if budget is not None else None
        if used is None or job.cancelled or finished.is_set():
            continue
        emit({"id": request["id"], "kind": request["kind"], "status": "progress",
              "done": min(99, int(100 * used)), "most": 100})


def die_with_parent() -> None:
    """Linux: have the kernel end this process when its parent's thread
    that started it ends (best effort: nothing happens elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def watch_parent(parent: int, every: float = WATCH_EVERY) -> None:
    """Leave at once when the parent process is no longer ours (the table
    ended and this process was handed to another)."""
    stop = threading.Event()
    while not stop.wait(every):
        if os.getppid() != parent:
            os._exit(0)


def main(argv: list[str] | None = None) -> int:
    parent = os.getppid()
    die_with_parent()
    if os.getppid() != parent:      # the parent went before the kernel was asked
        return 0
    threading.Thread(target=watch_parent, args=(parent,), name="watch parent", daemon=True).start()
    bound_memory(MEMORY_MB)
    inbox = Inbox()

    def read() -> None:
        try:
            read_requests(sys.stdin.buffer, inbox)
        except BaseException:  # noqa: BLE001 - written where the table reads it, then this process stops
            sys.stderr.write("card-shell solver worker: a request it cannot read\n" + traceback.format_exc())
            sys.stderr.flush()
            os._exit(2)
        # the table is gone or done with us: no answer is wanted any more,
        # and a search under way is not waited for
        os._exit(0)

    threading.Thread(target=read, name="read requests", daemon=True).start()
    serve(inbox, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
