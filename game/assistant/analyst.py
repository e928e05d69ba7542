"""The solver at work beside the table, in a process of its own.

The worker (``engine/solve/worker.py``) imports the engine only: no pygame,
no numpy, nothing of this package.  It is started with ``subprocess`` (the
same executable with ``--solver-worker`` in a frozen build) and talks JSON
lines over its standard input and output.  The table sends the game (as its
document) with each request; the worker searches the newest request of each
kind, a new one cancelling the search of its kind at once.  A small thread
here reads the answers and posts each as a pygame event (``ANSWER``), so the
idle loop wakes only when there is news: the table never waits on a search.
A review (Review This Game, ``game/ui/review.py``) answers more than once:
its progress after each search (``status`` "progress", ``done`` of ``most``;
the request stays pending), then the review itself (``status`` "reviewed",
``review`` as ``engine.review.Review.to_json()``).

The worker dies with the table, however the table ends (it watches its
standard input and its parent).  A failure in the worker is logged with its
traceback (``game.storage.logs``) and answered as an error the player is told
about; a worker that stopped is started again at the next request, up to
``MAX_STARTS`` times.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ..storage import logs

if TYPE_CHECKING:
    import subprocess

ANSWER = pygame.event.custom_type()
BUDGET_S = 6.0
#: the times a session starts the worker, at most (it stopped unexpectedly
#: before); the fresh workers that replace a grown one are not counted
MAX_STARTS = 4
#: the worker's resident size (MB) past which it is replaced, once it has no
#: request to answer, by a fresh one: a search's tables are freed when it
#: ends, yet a process never gives back to the system the memory its
#: objects took; a new process does.  The game's whole tree so stays as
#: small at rest however long the session (``bench/shipped.py`` measures
#: it), and every search starts with the same room (``engine.solve.worker.MEMORY_MB``: the
#: ceiling while searching)
REST_MB = 24.0
#: the most of the worker's standard error kept for the log
STDERR_KEEP = 20_000
#: the option of the frozen app that makes it the worker (main.py)
WORKER_FLAG = "--solver-worker"
#: the purpose of the answer that says the worker stopped unexpectedly
STOPPED = "worker"



def log():
    """The solver's logger (Python's ``logging`` is imported at the first record)."""
    return logs.get("solver")


@dataclass
class Answer:
    request: int
    purpose: str                  # "verdict", "hint", "demo", "winnable", "review"; STOPPED
    status: str                   # won, impossible, unknown, play-on, hint, progress, reviewed, error
    moves: list[str] = field(default_factory=list)
    seed: int | None = None       # "winnable": the deal found
    message: str = ""
    trace: str = ""               # an error's traceback in the worker
    worker: int = 0               # STOPPED: the number of the worker that stopped
    done: int = 0                 # "review", "progress": the searches made ...
    most: int = 0                 # ... of at most this many
    review: dict | None = None    # "review", "reviewed": engine.review's Review.to_json()
    cut_short: bool = False       # unknown because the search stopped before its budget's end (wall clock, memory)
    rss_mb: float = 0.0           # the worker's resident size after answering (0: not known)
    cpu_s: float = 0.0            # the worker's processor time so far, after answering


def worker_command() -> list[str]:
    """How the worker is started: this Python running the engine's module,
    or the frozen app itself told to be the worker."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    return [sys.executable, "-m", "engine.solve.worker"]


def _root() -> str:
    """The folder that holds the ``engine`` package (the worker's working
    folder, so ``-m engine.solve.worker`` finds it however the app was started)."""
    import engine
    return os.path.dirname(os.path.dirname(os.path.abspath(engine.__file__)))


class Analyst:
    """The table's side: ``ask`` after a move, ``take`` when ANSWER comes."""

    def __init__(self, command: list[str] | None = None) -> None:
        self.command = command
        self._process: subprocess.Popen | None = None
        self._lock = threading.Lock()        # writes to the worker's pipe
        self.starts = 0                       # workers started, this one included
        self.replaced = 0                     # ... of which to replace a worker grown large (REST_MB)
        self.request = 0
        self.pending: dict[str, int] = {}     # purpose -> the request whose answer is awaited
        self.latest: dict[str, Answer] = {}
        self._asked_of: dict[str, int] = {}   # purpose -> the worker asked (its number)
        self.failed = ""

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def start(self) -> bool:
        """Start the worker unless it runs; False (and ``failed`` says why) if it cannot.
        Called from the table's thread only: on Linux the worker is ended
        when the thread that started it ends (``PR_SET_PDEATHSIG``)."""
        if self._process is not None and self._process.poll() is None:
            return True
        self._process = None
        if self.starts - self.replaced >= MAX_STARTS:
            if not self.failed.startswith("The solver stopped too often"):
                log().warning("The solver's process stopped %d times this session; it is not started again: "
                              "no hints, indicator, Demo or review until Card Shell is started again.", MAX_STARTS)
            self.failed = f"The solver stopped too often; see the log, {logs.log_path()}."
            return False
        import subprocess  # not before the first request: the window comes up without it

        command = self.command or worker_command()
        env = dict(os.environ)
        if not getattr(sys, "frozen", False):
            root = _root()
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        try:
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=env, close_fds=True,
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0) if sys.platform == "win32" else 0)
        except (OSError, ValueError) as e:
            log().exception("The solver's process could not start (%s)", " ".join(command))
            self.failed = f"The solver could not start ({e}); no hints, indicator or demo."
            return False
        self.starts += 1
        self.failed = ""
        self._process = process
        stderr: list[str] = []
        err = threading.Thread(target=self._read_errors, args=(process, stderr), name="solver stderr", daemon=True)
        err.start()
        threading.Thread(target=self._listen, args=(process, self.starts, err, stderr),
                         name="solver answers", daemon=True).start()
        return True

    @staticmethod
    def _read_errors(process: subprocess.Popen, kept: list[str]) -> None:
        """Keep what the worker writes on its standard error (a traceback
        before it stops), the last ``STDERR_KEEP`` characters."""
        size = 0
        for raw in process.stderr:
            line = raw.decode("utf-8", "replace")
            kept.append(line)
            size += len(line)
            while size > STDERR_KEEP and len(kept) > 1:
                size -= len(kept.pop(0))

    def _listen(self, process: subprocess.Popen, number: int, err: threading.Thread, stderr: list[str]) -> None:
        """The answers of worker ``number``, each posted as an ANSWER event;
        when it stops without being told to, what it wrote on its standard
        error is logged and a STOPPED answer posted."""
        for line in process.stdout:
            try:
                fields = json.loads(line)
                answer = Answer(fields["id"], fields["kind"], fields["status"], list(fields.get("moves") or []),
                                fields.get("seed"), fields.get("message", ""), fields.get("trace", ""),
                                done=int(fields.get("done", 0)), most=int(fields.get("most", 0)),
                                review=fields.get("review"), cut_short=bool(fields.get("cut_short")),
                                rss_mb=float(fields.get("rss_mb") or 0.0), cpu_s=float(fields.get("cpu_s") or 0.0))
            except (ValueError, KeyError, TypeError):
                log().error("The solver's process sent what is not an answer: %r", line[:500])
                continue
            if answer.status == "error":
                log().error("The solver failed on a %s request: %s\n%s", answer.purpose, answer.message,
                          answer.trace.rstrip())
            if not _post(answer):
                return
        import subprocess
        try:
            code = process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        err.join(timeout=2)
        text = "".join(stderr).rstrip()
        if getattr(process, "told_to_stop", False):
            if text:
                log().warning("The solver's process wrote on stopping:\n%s", text)
            return
        log().error("The solver's process stopped unexpectedly (%s)%s\n%s", _ending(code),
                    ":\n" + text if text else ", writing nothing", self._instead(process.pid, number))
        _post(Answer(-1, STOPPED, "error", message=f"The solver stopped unexpectedly ({_ending(code)}).",
                     trace=text, worker=number))

    def _instead(self, pid: int, number: int) -> str:
        """What the table does without worker ``number`` (process ``pid``),
        for the log: the requests it was answering are answered no more, and
        the next one starts a worker, unless the session's starts are used up."""
        left = MAX_STARTS - (number - self.replaced)
        if left > 0:
            then = (f"the next request (a hint, the indicator, the Demo, a review) starts a new worker; "
                    f"{left} more start{'s' if left != 1 else ''} this session")
        else:
            then = ("it was the last start this session: the table goes on without the solver "
                    "(no hints, indicator, Demo or review until Card Shell is started again)")
        return (f"Worker {number} (process {pid}): the table drops the requests it was answering "
                f"and tells the player; {then}.")

    def _send(self, message: dict) -> bool:
        data = (json.dumps(message) + "\n").encode()
        process = self._process
        if process is None:
            return False
        with self._lock:
            try:
                process.stdin.write(data)
                process.stdin.flush()
            except (OSError, ValueError):   # it stopped: its listener says so
                return False
        return True

    def ask(self, game, purpose: str = "verdict", budget: float = BUDGET_S, known: bool = True,
            **more) -> int:
        """Send ``game`` to be solved (``more``: the request's other fields,
        a review's ``total``); returns the request's number (answers to
        older requests are stale and ignored), or -1 when the worker cannot
        start (``failed`` says why)."""
        if not self.start():
            return -1
        self.request += 1
        self.pending[purpose] = self.request
        self._asked_of[purpose] = self.starts
        self._send({"id": self.request, "kind": purpose, "game": game.to_dict(), "budget": budget, "known": known,
                    **more})
        return self.request

    def forget(self, purpose: str) -> None:
        """No answer to ``purpose`` is wanted any more: its search is
        cancelled, and an answer already on its way will be ignored."""
        if self.pending.pop(purpose, None) is not None and self._process is not None:
            self._send({"forget": purpose})

    def take(self, answer: Answer) -> Answer | None:
        """An answer that came back: kept if it answers the newest request
        of its kind (a verdict asked after a move does not make a pending
        search for a winnable deal stale), else None.  A STOPPED answer
        about the worker at work ends every request pending; the next
        request starts a new worker."""
        if answer.purpose == STOPPED:
            if answer.worker == self.starts:
                self._process = None
            lost = sorted(p for p, n in self._asked_of.items() if n == answer.worker and p in self.pending)
            for purpose in lost:
                del self.pending[purpose]
            answer.moves = lost             # the requests left unanswered
            return answer
        if self.pending.get(answer.purpose) != answer.request:
            return None
        if answer.status == "progress":     # more is to come: the request is still pending
            return answer
        del self.pending[answer.purpose]
        self.latest[answer.purpose] = answer
        if not self.pending and answer.rss_mb > REST_MB:
            self.replace()
        return answer

    def replace(self) -> None:
        """A fresh worker for the one at work, which has nothing to answer:
        what its searches took goes back to the system with its process."""
        process = self._process
        if process is None or self.pending:
            return
        self._process = None
        process.told_to_stop = True
        try:
            process.stdin.close()           # the worker leaves at once; the table does not wait for it
        except (OSError, ValueError):
            pass
        threading.Thread(target=_reap, args=(process,), name="solver reaper", daemon=True).start()
        self.replaced += 1
        self.start()

    def stop(self) -> None:
        """Stop the worker: the end of its input tells it to leave; it is
        killed if it has not within a second."""
        process, self._process = self._process, None
        if process is None:
            return
        process.told_to_stop = True
        import subprocess
        try:
            process.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=1)
        self.pending.clear()


def _reap(process: subprocess.Popen) -> None:
    """Wait for a worker told to leave; kill it if it has not within a second."""
    import subprocess
    try:
        process.wait(timeout=1)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=1)


def _post(answer: Answer) -> bool:
    try:
        pygame.event.post(pygame.event.Event(ANSWER, answer=answer))
    except pygame.error:            # the display is gone: the app is ending
        return False
    return True


def _ending(code: int | None) -> str:
    if code is None:
        return "still running"
    if code < 0:
        return f"ended by signal {-code}"
    return f"exit status {code}"
