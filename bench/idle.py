"""The table at rest: CPU of the whole process tree, thread by thread.

    python bench/idle.py [--root DIR] [--settle S] [--idle S] [--modes MODE ...]

Launches the app as a player does (``python main.py --game gaps --seed 1
--size 1024x640 --no-animation``, in a real X11 window on an Xvfb of its
own, with a clean environment: only ``DISPLAY`` and ``CARD_SHELL_HOME``, as
``bench/shipped.py`` does, whose helpers it uses), waits for the window to
be drawn, lets it settle ``--settle`` seconds, then reads every thread's
own run time (``/proc/PID/task/TID/schedstat``, in nanoseconds) of every
process of the tree at the start and the end of ``--idle`` seconds of rest,
sampling every 0.25 s in between so that threads (and processes) born or
ended meanwhile are counted too: one that ended loses at most its last
0.25 s, one that lived less than 0.25 s between two samples is missed.  It prints
the whole tree's CPU in % of one core and each thread's share, by process
and thread name (``/proc/PID/task/TID/comm``); the aim (issue 26) is under
0.3% with sound on.

The modes (each a launch of its own):

- ``sound``: sound on, with a device.  This machine may have no sound card;
  SDL's ``dummy`` audio driver (``SDL_AUDIODRIVER=dummy``, set for this
  launch only) opens a null device driven by a timer, with the same audio
  thread, waking every buffer and mixing, as a real device has: what a
  player with a sound card pays.
- ``default``: sound on, SDL's own choice of driver (as shipped; on a
  machine with no sound card the game finds no device and plays silently).
- ``off``: ``--no-sound``.

``--root`` runs another checkout's ``main.py`` (say a clone of an older
commit, for a before/after) with this benchmark and the same Python.
Every process started (the Xvfb, the game and what it starts) is stopped by
its id at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
BENCH = os.path.join(ROOT, "bench")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
if BENCH not in sys.path:
    sys.path.append(BENCH)      # after the root: bench/engine.py would shadow the engine package

import shipped  # noqa: E402

MODES = ("sound", "default", "off")
AIM = 0.3
SAMPLE = 0.25

NOTES = {
    "sound": "sound on, SDL_AUDIODRIVER=dummy (a null device with a real device's audio thread: "
             "this machine has no sound card)",
    "default": "sound on, SDL's own driver choice (as shipped)",
    "off": "--no-sound",
}


def threads(root: int) -> dict[tuple[int, int], tuple[str, str, int]]:
    """Every thread of the tree below ``root``: (pid, tid) -> (process
    name, thread name, run time in ns)."""
    out = {}
    for pid in shipped.tree(root):
        try:
            with open(f"/proc/{pid}/comm") as f:
                process = f.read().strip()
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        script = next((a.decode(errors="replace") for a in argv[1:] if a and not a.startswith(b"-")), "")
        label = f"{process} {os.path.basename(script)}".strip() if pid != root else f"{process} (the game)"
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    name = f.read().strip()
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    ns = int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                continue
            out[(pid, int(tid))] = (label, name, ns)
    return out


def wait_for_window(proc: subprocess.Popen, x: shipped.X, limit: float = 60.0) -> float:
    t0 = time.monotonic()
    pids, listed = {proc.pid}, 0.0
    while time.monotonic() - t0 < limit:
        if proc.poll() is not None:
            raise SystemExit(f"the game exited ({proc.returncode}) before its window came up")
        if time.monotonic() - listed >= 0.05:
            pids, listed = set(shipped.tree(proc.pid)), time.monotonic()
        if x.drawn_window(pids) is not None:
            return time.monotonic() - t0
        time.sleep(0.005)
    raise SystemExit("the game's window did not come up")


def measure(args, mode: str, display: str, x: shipped.X, home: str) -> dict:
    cmd = [args.python, "main.py", "--game", args.game, "--seed", "1", "--size", args.size, "--no-animation"]
    if mode == "off":
        cmd.append("--no-sound")
    env = shipped.card_shell_env(display, home)
    if mode == "sound":
        env["SDL_AUDIODRIVER"] = "dummy"
    out = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, cwd=args.root, env=env, stdout=out, stderr=out, start_new_session=True)
    try:
        window = wait_for_window(proc, x)
        time.sleep(args.settle)
        first = threads(proc.pid)
        t0 = time.monotonic()
        seen = dict(first)
        while time.monotonic() - t0 < args.idle:
            time.sleep(min(SAMPLE, max(0.0, args.idle - (time.monotonic() - t0))))
            seen.update(threads(proc.pid))
        wall = time.monotonic() - t0
        last = threads(proc.pid)
        seen.update(last)
    finally:
        left = shipped.stop_tree(proc)
        out.seek(0)
        log = out.read().decode(errors="replace")
        out.close()
    rows = []
    for key, (label, name, ns) in seen.items():
        before = first[key][2] if key in first else 0
        state = " and ".join(word for word, yes in (("born", key not in first), ("ended", key not in last)) if yes)
        rows.append((label, name, key[0], key[1], (ns - before) / 1e9, state))
    total = sum(r[4] for r in rows)
    return {"mode": mode, "window": window, "wall": wall, "rows": rows,
            "percent": 100 * total / wall, "left_behind": left, "log": log}


def report(result: dict) -> None:
    wall = result["wall"]
    verdict = "under" if result["percent"] < AIM else "OVER"
    print(f"\n[{result['mode']}] {NOTES[result['mode']]}")
    print(f"  window up in {result['window']:.2f} s; {wall:.1f} s of rest measured")
    print(f"  whole tree: {result['percent']:.3f}% of one core ({verdict} the aim of {AIM}%)")
    for label, name, pid, tid, seconds, state in sorted(result["rows"], key=lambda r: -r[4]):
        note = f"  ({state} during the rest)" if state else ""
        print(f"    {100 * seconds / wall:7.3f}%  {label} [{pid}] / thread {name!r} [{tid}]{note}")
    if result["left_behind"]:
        print(f"  {result['left_behind']} process(es) were left 1 s after the game ended (killed by id)")
    problems = [line for line in result["log"].splitlines() if "Traceback" in line or "Error" in line]
    if problems:
        print("  the game's output had: " + " | ".join(problems[:5]))


def main(argv: list[str] | None = None) -> list[dict]:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", default=ROOT, help="the checkout whose main.py is run (default: this one)")
    p.add_argument("--game", default="gaps")
    p.add_argument("--size", default="1024x640")
    p.add_argument("--settle", type=float, default=12.0,
                   help="seconds after the window is up before measuring (default 12)")
    p.add_argument("--idle", type=float, default=20.0, help="seconds of rest measured (default 20)")
    p.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    p.add_argument("--display-number", type=int, default=91)
    p.add_argument("--python", default=sys.executable, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.root = os.path.abspath(args.root)
    print(f"Card Shell at rest: {args.root}, {args.game} deal 1, {args.size}, --no-animation; "
          f"{args.settle:g} s to settle, {args.idle:g} s measured; {os.cpu_count()} cores", flush=True)
    if "sound" in args.modes:
        print("Note: the 'sound' run sets SDL_AUDIODRIVER=dummy: this machine has no sound card, and SDL's "
              "dummy driver opens a null device with the same audio thread and mixing as a real one, "
              "so 'sound on' has a device to hold open.", flush=True)
    results = []
    tmp = tempfile.mkdtemp(prefix="card-shell-idle-")
    xvfb = shipped.Xvfb(args.display_number, args.size)
    x = shipped.X(xvfb.display)
    try:
        for mode in args.modes:
            home = tempfile.mkdtemp(prefix=f"{mode}-", dir=tmp)
            result = measure(args, mode, xvfb.display, x, home)
            report(result)
            results.append(result)
    finally:
        x.close()
        xvfb.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print("\nSummary (% of one core, whole tree at rest): "
          + ", ".join(f"{r['mode']} {r['percent']:.3f}" for r in results))
    return results


if __name__ == "__main__":
    main()
