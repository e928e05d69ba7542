"""Solving numbered deals on a Dask ``distributed`` cluster.

The client (this process) hands each deal to the cluster as a task, takes
the verdicts as they come and appends each to the result file at once
(``records.Appender``): the only writer of the file is this process, so a
worker lost or the study killed can never leave a verdict half counted.
Deals already in the file (the same game, rule, sight of the hidden cards
and budget) are skipped, so running the same command again goes on where
a stopped study stopped.

``distributed`` is imported only here, inside ``run``: the game and the
engine never need it (``pip install .[study]``).
"""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import sys
import threading
import time
import traceback
import uuid
from pathlib import Path
from typing import TextIO

from .records import Appender, load
from .stats import budget_words

MISSING = ("the study runs on Dask's distributed engine, which is not installed: "
           "pip install .[study]   (or: pip install dask distributed)")


def solve_deals(deals: list[int], game: str, options: dict, budget_s: float | None, budget_nodes: int | None,
                known: bool) -> list[dict]:
    """A task on a worker: each of ``deals`` solved, the verdicts' fields.
    Several deals a task when a deal takes milliseconds (The Prince): the
    cluster's own cost for each task is then spread over them."""
    import engine
    from engine.solve import Budget, solve
    verdicts = []
    for deal in deals:
        table = engine.new_game(game, seed=deal, **options)
        wall, cpu = time.perf_counter(), time.thread_time()
        result = solve(table, Budget(seconds=budget_s, nodes=budget_nodes), known=known)
        verdicts.append({"deal": deal, "status": result.status.value, "nodes": result.nodes,
                         "seconds": round(time.perf_counter() - wall, 4),
                         "cpu": round(time.thread_time() - cpu, 4),
                         "worker": f"{socket.gethostname()}:{os.getpid()}"})
    return verdicts


def engine_fingerprint() -> str:
    """The first 12 hex digits of a SHA-256 over the engine's sources (paths
    and contents): which code gave a run's verdicts, checkout or not."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


class Progress:
    """The running counts and the rate on one line of ``out`` (redrawn in
    place on a terminal; elsewhere a line every ``every`` seconds)."""

    def __init__(self, out: TextIO, total: int, skipped: int, every: float = 10.0):
        self.out, self.total, self.skipped, self.every = out, total, skipped, every
        self.counts = {"won": 0, "impossible": 0, "unknown": 0}
        self.start = self.last = time.monotonic()
        self.tty = out.isatty()

    def add(self, status: str) -> None:
        self.counts[status] += 1
        now = time.monotonic()
        if self.tty or now - self.last >= self.every:
            self.last = now
            self.show()

    def line(self) -> str:
        done = sum(self.counts.values())
        took = time.monotonic() - self.start
        rate = done / took if took > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else float("nan")
        eta = "" if left != left or done == self.total else f", about {left / 60:.0f} min to go"
        return (f"{done}/{self.total} deals ({self.skipped} already in the file): won {self.counts['won']}, "
                f"impossible {self.counts['impossible']}, unknown {self.counts['unknown']}; "
                f"{rate:.2f} deals/s{eta}")

    def show(self, final: bool = False) -> None:
        if self.tty:
            print("\r\033[K" + self.line(), end="\n" if final else "", file=self.out, flush=True)
        else:
            print(self.line(), file=self.out, flush=True)


def open_cluster(scheduler: str | None, workers: int | None):
    """A client on the cluster at ``scheduler``, or on a new local cluster of
    ``workers`` processes (default: every core), one thread each (the
    solver is pure Python: threads would share one interpreter lock)."""
    import logging

    from distributed import Client, LocalCluster
    if scheduler:
        client = Client(scheduler, timeout=30)
        client.wait_for_workers(1, timeout=120)
        return client, None
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           dashboard_address=":0", silence_logs=logging.CRITICAL)
    return Client(cluster), cluster


def run(game: str, rule: str, options: dict, deals: range, budget_s: float | None, budget_nodes: int | None,
        known: bool, out_path: str, scheduler: str | None = None, workers: int | None = None,
        chunk: int = 1, err: TextIO = sys.stderr) -> int:
    """Solve ``deals`` of ``game`` under ``rule`` on the cluster, each verdict
    appended to ``out_path`` (``chunk`` deals a task); 0 when every deal has its verdict, 1 when a
    task failed (the deals left are solved by running again), 130 when
    interrupted."""
    try:
        from distributed import KilledWorker, as_completed
    except ImportError:
        print(MISSING, file=err)
        return 2
    stop_on_term = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, interrupted) if stop_on_term else None
    try:
        return _run(as_completed, KilledWorker, game, rule, options, deals, budget_s, budget_nodes, known,
                    out_path, scheduler, workers, chunk, err)
    finally:
        if stop_on_term:
            signal.signal(signal.SIGTERM, previous)


def interrupted(signum, frame) -> None:
    """SIGTERM (``kill``) stops a study as Ctrl+C does: the cluster closed,
    the file complete to its last verdict."""
    raise KeyboardInterrupt


def _run(as_completed, KilledWorker, game, rule, options, deals, budget_s, budget_nodes, known, out_path,  # noqa: N803
         scheduler, workers, chunk, err) -> int:
    mine = {"game": game, "rule": rule, "known": known}
    budget = {"budget_s": budget_s, "budget_nodes": budget_nodes}
    appender = Appender(out_path)   # cuts a torn last line off, locks the file
    try:
        done = {d["deal"] for d in load(out_path) if d["kind"] == "deal" and same_study(d, mine, budget)}
        todo = [d for d in deals if d not in done]
        skipped = len(deals) - len(todo)
        if not todo:
            print(f"all {len(deals)} deals are in {out_path} already", file=err)
            return 0
        client, cluster = open_cluster(scheduler, workers)
        try:
            ours = engine_fingerprint()
            theirs = {fp for fp in client.run(engine_fingerprint).values() if fp != ours}
            if theirs:
                print(f"the cluster's workers run another engine ({', '.join(sorted(theirs))}, here {ours}): "
                      "give every worker this checkout's code", file=err)
                return 2
            info = client.scheduler_info()
            cores = sum(w.get("nthreads", 1) for w in info.get("workers", {}).values())
            run_id = uuid.uuid4().hex[:12]
            appender.write({"kind": "run", "run": run_id, **mine, **budget, "deals": [deals.start, deals.stop - 1],
                            "chunk": chunk, "cores": cores, "workers": len(info.get("workers", {})),
                            "scheduler": scheduler or "local", "host": socket.gethostname(),
                            "engine": ours, "started": round(time.time(), 3)})
            print(f"{game}, {rule}: deals {deals.start}-{deals.stop - 1}, {len(todo)} to solve on {cores} cores "
                  f"({'cluster ' + scheduler if scheduler else 'local cluster'}), "
                  f"{budget_words(budget_s, budget_nodes)} a deal", file=err, flush=True)
            progress = Progress(err, len(todo), skipped)
            chunks = [todo[k:k + chunk] for k in range(0, len(todo), chunk)]
            futures = client.map(solve_deals, chunks, game=game, options=options, budget_s=budget_s,
                                 budget_nodes=budget_nodes, known=known, pure=False)
            lost = 0
            try:
                for future in as_completed(futures):
                    try:
                        verdicts = future.result()
                    except KilledWorker as e:   # the deal's worker died (memory?): the deal stays to do
                        lost += 1
                        print(f"\na worker died solving a task ({e}); its deals stay to do", file=err, flush=True)
                        continue
                    except Exception as e:   # the solver failed: a bug to see, not to count
                        client.cancel(futures)
                        print(f"\nthe solver failed on a deal: {type(e).__name__}: {e}\n"
                              f"{''.join(traceback.format_exception(e)[-6:])}stopped; the verdicts so far "
                              f"are in {out_path}", file=err, flush=True)
                        return 1
                    for verdict in verdicts:
                        appender.write({"kind": "deal", "run": run_id, **mine, **verdict, **budget,
                                        "t": round(time.time(), 3)})
                        progress.add(verdict["status"])
                    future.release()
            except KeyboardInterrupt:
                progress.show(final=True)
                print(f"stopped: the verdicts so far are in {out_path}; the same command goes on from there",
                      file=err, flush=True)
                return 130
            progress.show(final=True)
            if lost:
                print(f"{lost} deals were lost with their workers; run the same command again to solve them",
                      file=err)
                return 1
            return 0
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    finally:
        appender.close()


def same_study(doc: dict, mine: dict, budget: dict) -> bool:
    """Whether the verdict ``doc`` measures what this study measures (the
    same game, rule, sight of hidden cards and budget)."""
    return all(doc.get(k) == v for k, v in {**mine, **budget}.items())
