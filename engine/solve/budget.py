"""What bounds a search: a budget of nodes and/or seconds that another
thread may cancel, and the process-wide state a search may borrow.

A search calls :meth:`Budget.tick` once per node; it raises
:class:`OutOfBudget` when the node limit is passed, the time is up or
:meth:`Budget.cancel` has been called.

A budget's ``seconds`` are processor seconds of the thread that made it
(the one that searches: ``time.thread_time``), not the wall clock: the same
search gets as far on a busy machine as on a quiet one, so a verdict, a
hint or a review does not depend on the machine's load.  ``wall`` bounds
the wall-clock time as well, for a caller that must not keep a player
waiting whatever the load (the solver worker); a search stopped by it
answers unknown like any other.  The clock is read only every
``CHECK_EVERY`` nodes, so ticking costs an addition and a comparison; a
cancel makes the very next tick raise.  Work that counts no nodes (taking a
found line apart, replaying it) calls :meth:`Budget.poll`, which only looks
for a cancel.  A search's big tables are handed to :meth:`Budget.keep`:
freeing millions of positions takes time a cancelled search must not keep
its caller waiting for, so the interface
frees them after the search, in a short thread of their own
(:meth:`Budget.release`).

A budget may also bound the memory of the process the search runs in
(``memory_mb``): the solver worker runs beside the table, and a search's
tables (tens of bytes a position, millions of positions) must not make the
game a heavy program.  The process's resident size is read (``/proc``)
with the clock; past the limit the search stops and answers unknown.
Where ``/proc`` is missing (not Linux) that limit is not enforced.

This is the only module of the engine that reads a clock.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: the nodes between two readings of the clock
CHECK_EVERY = 1024


class OutOfBudget(Exception):
    """Raised inside a search when its budget is spent or cancelled."""


class Budget:
    """At most ``seconds`` of the searching thread's processor time,
    ``nodes`` nodes and ``wall`` seconds of wall-clock time (each may be
    None: no limit of that kind).  The clocks start when the budget is
    made, in the thread that will search; a budget serves one search.

    ``cancel()`` may be called from any thread (a process cancels through a
    thread of its own, say the one reading its requests): the search raises
    :class:`OutOfBudget` at its next node and the solver answers unknown.
    """

    def __init__(self, seconds: float | None = None, nodes: int | None = None,
                 memory_mb: float | None = None, wall: float | None = None) -> None:
        if seconds is not None and seconds < 0:
            raise ValueError(f"a budget of {seconds} seconds")
        if wall is not None and wall < 0:
            raise ValueError(f"a budget of {wall} seconds of wall-clock time")
        if nodes is not None and nodes < 0:
            raise ValueError(f"a budget of {nodes} nodes")
        if memory_mb is not None and memory_mb <= 0:
            raise ValueError(f"a budget of {memory_mb} MB")
        self.max_seconds = seconds
        self.max_wall = wall
        self.max_nodes = nodes
        #: the process's resident size (MB) past which the search stops
        self.max_memory_mb = memory_mb
        #: whether the search stopped on the memory limit
        self.out_of_memory = False
        #: the nodes ticked so far (one more than ``max_nodes`` once it is passed)
        self.nodes = 0
        self.cancelled = False
        self._clock = _thread_clock()
        self._start = self._clock()
        self._deadline = None if seconds is None else self._start + seconds
        self._wall_start = time.perf_counter()
        self._wall_deadline = None if wall is None else self._wall_start + wall
        #: whether the search stopped on the wall clock (the machine was busy)
        self.out_of_wall = False
        self._check_at = 0
        self._plan_check()
        self._kept: list = []
        #: the memory in use (MB) when this budget's search first fitted its
        #: tables (:func:`fit_tables`); None until then
        self._in_use_mb: float | None = None

    def _plan_check(self) -> None:
        at = (self.nodes // CHECK_EVERY + 1) * CHECK_EVERY
        if self.max_nodes is not None and self.max_nodes + 1 < at:
            at = self.max_nodes + 1
        self._check_at = at

    def tick(self) -> None:
        """One node more; :class:`OutOfBudget` if that is one too many, the
        time is up (read every ``CHECK_EVERY`` nodes) or the budget was cancelled."""
        self.nodes += 1
        if self.nodes >= self._check_at:
            self._check()

    def part(self, share: float) -> Budget:
        """A budget for a part of this search: ``share`` of what is left of
        each limit (processor seconds, nodes, wall-clock seconds), the same
        memory bound, and cancelled whenever this one is (looked at with the
        clock).  Made in the thread that will search with it."""
        def left(limit, used):
            return None if limit is None else max(0.0, (limit - used) * share)
        seconds = left(self.max_seconds, self.elapsed())
        wall = left(self.max_wall, self.waited())
        nodes = None if self.max_nodes is None else max(1, int((self.max_nodes - self.nodes) * share))
        child = Budget(seconds=seconds, nodes=nodes, memory_mb=self.max_memory_mb, wall=wall)
        child._parent = self
        if self.cancelled:
            child.cancel()
        return child

    _parent: Budget | None = None

    def _check(self) -> None:
        if self.cancelled or (self._parent is not None and self._parent.cancelled):
            raise OutOfBudget
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self._deadline is not None and self._clock() > self._deadline:
            raise OutOfBudget
        if self._wall_deadline is not None and time.perf_counter() > self._wall_deadline:
            self.out_of_wall = True
            raise OutOfBudget
        if self.max_memory_mb is not None and resident_mb() > self.max_memory_mb:
            self.out_of_memory = True
            raise OutOfBudget
        self._plan_check()
        # a cancel() between the test above and the new plan set _check_at
        # to 0 before the plan overwrote it: look again
        if self.cancelled:
            raise OutOfBudget

    def cancel(self) -> None:
        """Stop the search this budget bounds, from any thread: its next
        node raises :class:`OutOfBudget`.  Cancelling twice is harmless."""
        self.cancelled = True
        self._check_at = 0

    def poll(self) -> None:
        """:class:`OutOfBudget` if the budget was cancelled (for work that
        counts no nodes: it never reads the clock)."""
        if self.cancelled or (self._parent is not None and self._parent.cancelled):
            raise OutOfBudget

    def keep(self, *tables: object) -> None:
        """Hold a search's big tables until :meth:`release`, so that they
        are not freed (slowly) when the search ends."""
        self._kept.extend(tables)

    def release(self) -> None:
        """Free what :meth:`keep` holds, in a thread that ends when it is
        done: the answer does not wait for it.  What the search grew the
        process by is then free for the next search to reuse
        (:func:`fit_tables`)."""
        global _last_search
        if self._in_use_mb is not None:
            now = resident_mb()
            if now > 0:
                _last_search = (self._in_use_mb, max(0.0, now - self._in_use_mb))
            self._in_use_mb = None
        if self._kept:
            kept, self._kept = self._kept, []
            threading.Thread(target=_free, args=(kept,), name="free search tables", daemon=True).start()

    def exhausted(self) -> bool:
        """Whether the next tick would fail on its limits (reads the clock)."""
        return (self.cancelled or (self.max_nodes is not None and self.nodes >= self.max_nodes)
                or (self._deadline is not None and self._clock() >= self._deadline)
                or (self._wall_deadline is not None and time.perf_counter() >= self._wall_deadline))

    def used(self) -> float | None:
        """The share of the budget spent so far, of its nodes or of its time
        whichever is more (reads the clock); None when it has no limit."""
        shares = []
        if self.max_nodes is not None:
            shares.append(self.nodes / self.max_nodes if self.max_nodes else 1.0)
        if self.max_seconds is not None:
            shares.append(self.elapsed() / self.max_seconds if self.max_seconds else 1.0)
        return max(shares) if shares else None

    def elapsed(self) -> float:
        """Processor seconds the thread that made the budget has spent since
        (read from any thread, where the system allows: a progress report)."""
        return self._clock() - self._start

    def waited(self) -> float:
        """Wall-clock seconds since the budget was made."""
        return time.perf_counter() - self._wall_start

    def __repr__(self) -> str:
        named = (("seconds", self.max_seconds), ("nodes", self.max_nodes), ("memory_mb", self.max_memory_mb),
                 ("wall", self.max_wall))
        limits = [f"{k}={v!r}" for k, v in named if v is not None]
        return f"Budget({', '.join(limits)})" + (" (cancelled)" if self.cancelled else "")


def _thread_clock() -> Callable[[], float]:
    """The processor-time clock of the calling thread, readable from other
    threads too where the system has one (POSIX), else ``time.thread_time``."""
    try:
        clock = time.pthread_getcpuclockid(threading.get_ident())
        time.clock_gettime(clock)
    except (AttributeError, OSError):
        return time.thread_time
    return lambda: time.clock_gettime(clock)


_PAGE_MB = os.sysconf("SC_PAGE_SIZE") / 2**20 if hasattr(os, "sysconf") else 0.0


def resident_mb() -> float:
    """This process's resident size in MB (``/proc/self/statm``, a few
    microseconds); 0 where it cannot be read, so no limit is enforced there."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE_MB
    except (OSError, ValueError, IndexError):
        return 0.0


#: the share of a memory budget's headroom the searches' tables may take
#: (the rest: the interpreter's own growth, the line, the generators)
TABLE_SHARE = 0.5

#: the last search that fitted its tables: the memory in use when it began
#: (MB) and what it had grown the process by when it ended.  Its tables are
#: freed then, yet the process stays that large: Python's allocator and the
#: C library keep freed memory for the next objects rather than give it
#: back.  The next search's tables take that memory again without growing
#: the process, so it is not counted as in use twice: counted, every search
#: after the first would get a small part of the first one's tables.
_last_search: tuple[float, float] | None = None
#: the share of that growth counted as free again: a freed table's memory
#: is not all taken again as it was (the allocator's pools are split
#: differently), and a search that grows past the bound stops
REUSED = 0.8


def fit_tables(budget: Budget, max_bytes: int) -> int:
    """``max_bytes``, cut to fit a budget that bounds the process's memory
    (``Budget(memory_mb=...)``: the solver worker): ``TABLE_SHARE`` of what
    is left under the bound now, the memory the last search freed counted
    as free (``_last_search``); past the bound itself every search still
    stops (:meth:`Budget.tick`).  A full table only repeats work (``table.py``),
    so a small one costs time, never a wrong verdict (the grid search's
    tables likewise, and a Gaps beam is made narrower)."""
    limit = getattr(budget, "max_memory_mb", None)
    if limit is None:
        return max_bytes
    now = resident_mb()
    if now <= 0:
        return max_bytes
    in_use = now
    if _last_search is not None:
        before, grown = _last_search
        in_use = min(now, max(before, now - REUSED * grown))
    if getattr(budget, "_in_use_mb", 0.0) is None:
        budget._in_use_mb = in_use
    return max(0, min(max_bytes, int((limit - in_use) * TABLE_SHARE * 2**20)))


#: what the thread that frees a search's tables lets go first (seconds)
FREE_AFTER = 0.02
#: the items it frees at a time, between which other threads may run
FREE_STEP = 1024


def _free(tables: list) -> None:
    """Empty the sets, dicts and lists in ``tables`` a step at a time, after
    a pause: a single ``clear()`` of millions of items would hold the
    interpreter, and every other thread, until it is done."""
    time.sleep(FREE_AFTER)
    while tables:
        table = tables.pop()
        if isinstance(table, list):
            while table:
                del table[-FREE_STEP:]
        elif isinstance(table, (set, dict)):
            take = table.pop if isinstance(table, set) else table.popitem
            while table:
                for _ in range(min(FREE_STEP, len(table))):
                    take()
        del table


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the block, then back as it was.

    For searches that make no reference cycles but keep a deep stack of
    suspended generators: every run of the collector would walk all of them."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            _age_young_objects()
            gc.enable()


def _age_young_objects() -> None:
    """With the collector off, everything made meanwhile is still in its
    youngest generation, and the first allocation after ``gc.enable()``
    would have it walk all of that (while the answer waits).  The search made no cycles: move
    every object to the oldest generation instead (``gc.freeze()`` then
    ``gc.unfreeze()``, both O(1)), where a full collection finds what is
    left in its own time.  Not when something else keeps objects frozen:
    ``unfreeze()`` would thaw them too."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
