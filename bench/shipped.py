"""The app as a player runs it: window up, peak memory and CPU of the whole
process tree (the solver worker too), beside GNOME Aisleriot when installed.

    python bench/shipped.py [--games NAME ...] [--runs N] [--size WxH] [--moves N]

Each launch is ``python main.py --game NAME --seed 1 --size WxH`` in a real
X11 window (an Xvfb of our own, stopped at the end), with nothing in its
environment that the app does not set itself (nor this shell's
``PYTHONDONTWRITEBYTECODE``: a player's Python keeps compiled modules, and
pip compiles an installed game's): only ``DISPLAY`` and
``CARD_SHELL_HOME`` (a data folder of the benchmark's own, empty at first,
so no player's files are touched).  Aisleriot (``/usr/games/sol``) runs the
same way, with a ``HOME`` of its own.

- **Window up**: from launching the process to its window being mapped with
  something drawn in it (the pixel at its centre no longer black), read
  through Xlib (ctypes) every 2 ms.  The windows looked at are those of the
  launched process and the processes below it, listed again from ``/proc``
  every 50 ms only (listing them at every look took about a quarter of a
  core, on a machine of 2 cores, from the program being timed).  Median of ``--runs`` launches in one
  data folder, as a player starts the game again and again; the first start
  ever (a fresh, empty data folder, the program's caches cold), which fills
  that folder, is shown apart with its peak memory.
- **Menu bar drawn**: from launching to a light pixel 6 px in from the
  window's top left corner (the menu bar drawn: Card Shell shows the
  table's bare felt first, then the table with its menu bar once the
  rest of the program is loaded; GTK draws Aisleriot's bar).
- **Peak memory**: every process of the tree (the app and every process it
  started, found through ``/proc``), sampled every 20 ms; the figure is the
  app's own peak resident set (``VmHWM``) plus the largest peak of the
  processes it started (its solver workers, one at a time: a worker grown
  large is replaced by a fresh one once the old one has left), which is
  never less than the tree's peak at any one moment.  A process
  seen between its fork and its exec (sharing its parent's memory, whose
  peak it shows) is counted from its exec on, and not at all if it was
  last seen before it: counted, the solver worker's start could add the
  whole game's size a second time.
- **Idle CPU**: CPU time of the whole tree from 12 s after launch, for
  ``--idle`` seconds, in percent of one core: each thread's own run time in
  nanoseconds (``/proc/PID/task/TID/schedstat``), the reaped children's
  in clock ticks (``/proc/PID/stat``).  Clock ticks alone (10 ms) would
  make one tick in 3 s read 0.33%, above the aim whatever the program does.
- **Worker CPU per move** (Card Shell): a game is played, ``--moves`` moves
  at most or to its end, by a seeded player (``bench/player.py``: cards home when it
  can, else any legal move but an undo of the last) dragging with the X
  server's own pointer (xdotool), each move followed by a wait until the
  tree's CPU rests; the CPU time the processes other than the game's own
  (the solver worker and those that replace it) spent after each move.
  With it, the whole tree's resident size summed over its processes,
  sampled every 20 ms: its largest while the solver searched, and at rest
  after each move.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
AISLERIOT = "/usr/games/sol"
AIMS = {"window": 0.25, "memory": 80.0, "idle": 0.3}
TICK = os.sysconf("SC_CLK_TCK")


# ----------------------------------------------------------- the process tree
def _children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        kids.setdefault(int(fields[1]), []).append(int(name))
    return kids


def tree(root: int, kids: dict[int, list[int]] | None = None) -> list[int]:
    """``root`` and every process below it."""
    kids, out, todo = kids if kids is not None else _children_map(), [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(kids.get(pid, ()))
    return out


def _run_ns(pid: int) -> int | None:
    """The run time of every thread of ``pid`` in nanoseconds (schedstat), or None where it cannot be read."""
    total = 0
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/schedstat", "rb") as f:
                total += int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name, or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode(errors="replace")
    except OSError:
        return None
    return stat[stat.rindex(")") + 2:].split()


def _cpu(pid: int, reaped: bool) -> float:
    """CPU seconds of ``pid`` (and of its reaped children when ``reaped``):
    its threads' run time to the nanosecond where the kernel keeps it, else
    its clock ticks."""
    fields = _stat_fields(pid)
    if fields is None:
        return 0.0
    own = _run_ns(pid)
    seconds = own / 1e9 if own is not None else (int(fields[11]) + int(fields[12])) / TICK
    if reaped:
        seconds += _reaped(pid)
    return seconds


def _reaped(pid: int) -> float:
    """CPU seconds of the children ``pid`` has waited for (clock ticks)."""
    fields = _stat_fields(pid)
    return 0.0 if fields is None else (int(fields[13]) + int(fields[14])) / TICK


def _status_mb(pid: int, field: str) -> float | None:
    """A size from ``/proc/PID/status`` (``VmRSS``, ``VmHWM``) in MB, or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Watch:
    """A launched process tree: its processes, their peaks and CPU time."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.peaks: dict[int, float] = {}
        self.names: dict[int, str] = {}
        self.parents: dict[int, int] = {}
        #: the whole tree's resident size at the last sample, and its largest (MB)
        self.resident = 0.0
        self.peak_resident = 0.0

    def sample(self) -> None:
        kids = _children_map()
        now = 0.0
        self.parents.update((kid, pid) for pid, below in kids.items() for kid in below)
        for pid in tree(self.root, kids):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    name = f.read().replace(b"\0", b" ").decode(errors="replace")[:90]
            except OSError:
                continue
            mb = _status_mb(pid, "VmHWM")
            if mb is None:
                continue
            now += _status_mb(pid, "VmRSS") or 0.0
            if self.names.get(pid, name) != name:
                # it ran another program since (exec): what was seen before was the
                # parent's image, shared with it between fork and exec, not its own
                self.peaks.pop(pid, None)
            self.names[pid] = name
            self.peaks[pid] = max(self.peaks.get(pid, 0.0), mb)
        self.resident = now
        self.peak_resident = max(self.peak_resident, now)

    def cpu(self, others_only: bool = False) -> float:
        """CPU seconds of the tree so far (the processes below the root only, with ``others_only``)."""
        pids = tree(self.root)
        if others_only:
            # the root's children it has reaped (solver workers replaced) count too
            return _reaped(self.root) + sum(_cpu(p, reaped=True) for p in pids if p != self.root)
        # the root's reaped children count through its own cutime/cstime
        return _cpu(self.root, reaped=True) + sum(_cpu(p, reaped=True) for p in pids if p != self.root)

    def memory(self) -> float:
        """The tree's peak: the root's own peak and the largest of the others'
        (a solver worker replaced by a fresh one is not counted beside it:
        the old one has left when the new one starts its work)."""
        others = [mb for pid, mb in self.peaks.items() if pid != self.root and not self.unexeced(pid)]
        return self.peaks.get(self.root, 0.0) + max(others, default=0.0)

    def unexeced(self, pid: int) -> bool:
        """Whether ``pid`` was last seen between its fork and its exec (its
        parent's program still): its memory is its parent's, counted there."""
        parent = self.parents.get(pid)
        return pid != self.root and parent in self.names and self.names.get(pid) == self.names[parent]

    def hold(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.sample()
            time.sleep(0.02)


def stop_tree(proc: subprocess.Popen) -> int:
    """End the launched process and everything it started; how many of its
    processes were still there one second after it ended."""
    pids = tree(proc.pid)
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    time.sleep(1.0)
    left = [p for p in pids[1:] if os.path.exists(f"/proc/{p}")]
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    return len(left)


# ----------------------------------------------------------- X11 through ctypes
class X:
    """Just enough Xlib to see a process's window come up with something drawn."""

    def __init__(self, display: str) -> None:
        lib = ctypes.util.find_library("X11")
        if lib is None:
            raise SystemExit("libX11 is needed (it comes with Xvfb)")
        x = self.x = ctypes.CDLL(lib)
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                 ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                                 ctypes.POINTER(ctypes.c_uint)]
        x.XInternAtom.restype = ctypes.c_ulong
        x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long,
                                         ctypes.c_long, ctypes.c_int, ctypes.c_ulong,
                                         ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
                                         ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                                         ctypes.POINTER(ctypes.c_void_p)]
        x.XFree.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.c_void_p
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XGetPixel.restype = ctypes.c_ulong
        x.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        # windows come and go while we look: an X error is a window gone, not the end of the run
        self._on_error = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(lambda d, e: 0)
        x.XSetErrorHandler.argtypes = [ctypes.c_void_p]
        x.XSetErrorHandler(ctypes.cast(self._on_error, ctypes.c_void_p))
        self.dpy = x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise SystemExit(f"cannot open display {display}")
        self.root = x.XDefaultRootWindow(self.dpy)
        self.pid_atom = x.XInternAtom(self.dpy, b"_NET_WM_PID", 0)
        x.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p]

    def _children(self, window: int) -> list[int]:
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        kids, n = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        if not self.x.XQueryTree(self.dpy, window, ctypes.byref(root), ctypes.byref(parent),
                                 ctypes.byref(kids), ctypes.byref(n)):
            return []
        out = [kids[i] for i in range(n.value)]
        if kids:
            self.x.XFree(kids)
        return out

    def _pid_of(self, window: int) -> int | None:
        kind, fmt = ctypes.c_ulong(), ctypes.c_int()
        n, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        if self.x.XGetWindowProperty(self.dpy, window, self.pid_atom, 0, 1, 0, 6, ctypes.byref(kind),
                                     ctypes.byref(fmt), ctypes.byref(n), ctypes.byref(after),
                                     ctypes.byref(data)) != 0 or not data.value:
            return None
        pid = ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))[0] if n.value else None
        self.x.XFree(data)
        return pid

    def _viewable(self, window: int) -> tuple[int, int, int, int] | None:
        # XWindowAttributes: x, y, width, height, border_width, depth, visual*, root, class,
        # bit_gravity, win_gravity, backing_store, backing_planes, backing_pixel, save_under,
        # colormap, map_installed, map_state ...; read through a struct of the right shape
        class Attrs(ctypes.Structure):
            _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                        ("height", ctypes.c_int), ("border_width", ctypes.c_int), ("depth", ctypes.c_int),
                        ("visual", ctypes.c_void_p), ("root", ctypes.c_ulong), ("cls", ctypes.c_int),
                        ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                        ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                        ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                        ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                        ("map_state", ctypes.c_int), ("rest", ctypes.c_long * 8)]
        a = Attrs()
        if not self.x.XGetWindowAttributes(self.dpy, window, ctypes.byref(a)) or a.map_state != 2:
            return None
        return a.x, a.y, a.width, a.height

    def drawn_window(self, pids: set[int]) -> tuple[int, int] | None:
        """Where a window of one of ``pids`` is, once it is mapped with its centre drawn."""
        for w in self._children(self.root):
            pid = self._pid_of(w)
            if pid not in pids:
                continue
            box = self._viewable(w)
            if box is None or min(box[2:]) < 10:
                continue
            image = self.x.XGetImage(self.dpy, w, box[2] // 2, box[3] // 2, 1, 1, 0xFFFFFFFF, 2)
            if image:
                pixel = self.x.XGetPixel(image, 0, 0)
                self.x.XFree(image)      # (its one pixel of data is left: a few bytes a poll)
                if pixel & 0xFFFFFF:
                    return box[0], box[1]
        return None

    def light_corner(self, pids: set[int]) -> bool:
        """Whether a window of one of ``pids`` shows a light pixel 6 px in
        from its top left corner: its menu bar drawn (Card Shell's paper,
        GTK's bar), not the felt alone."""
        for w in self._children(self.root):
            if self._pid_of(w) not in pids or self._viewable(w) is None:
                continue
            image = self.x.XGetImage(self.dpy, w, 6, 6, 1, 1, 0xFFFFFFFF, 2)
            if image:
                pixel = self.x.XGetPixel(image, 0, 0)
                self.x.XFree(image)
                if all((pixel >> shift) & 0xFF > 200 for shift in (0, 8, 16)):
                    return True
        return False

    def close(self) -> None:
        self.x.XCloseDisplay(self.dpy)


class Xvfb:
    def __init__(self, number: int, size: str) -> None:
        if shutil.which("Xvfb") is None:
            raise SystemExit("Xvfb is needed (Debian's xvfb)")
        w, h = (int(v) for v in size.lower().split("x"))
        for n in range(number, number + 20):
            if os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
                continue
            self.proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{w + 200}x{h + 200}x24", "-nolisten",
                                          "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.display = f":{n}"
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                    return
                time.sleep(0.05)
            self.stop()
        raise SystemExit("could not start Xvfb")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# ----------------------------------------------------------- one launch
def launch(cmd: list[str], env: dict[str, str], x: X, idle_from: float | None, idle_for: float,
           play=None) -> dict:
    """Start ``cmd``; time its window; watch its tree; measure idle CPU from
    ``idle_from`` s after launch for ``idle_for`` s (None: no idle figure)."""
    out = tempfile.TemporaryFile()
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=out, start_new_session=True)
    watch = Watch(proc.pid)
    window = None
    pids, listed = {proc.pid}, 0.0
    while time.monotonic() - t0 < 30:
        if proc.poll() is not None:
            out.seek(0)
            raise SystemExit(f"{cmd[0]} exited ({proc.returncode}) before its window came up:\n"
                             + out.read().decode(errors="replace")[-2000:])
        if time.monotonic() - listed >= 0.05:
            pids, listed = set(tree(proc.pid)), time.monotonic()
        where = x.drawn_window(pids)
        if where is not None:
            window = time.monotonic() - t0
            break
        time.sleep(0.002)
    menu = None
    while window is not None and time.monotonic() - t0 < 30 and proc.poll() is None:
        if x.light_corner(pids):
            menu = time.monotonic() - t0
            break
        time.sleep(0.002)
    result: dict = {"window": window, "menu": menu}
    if idle_from is not None:
        watch.hold(max(0.0, idle_from - (time.monotonic() - t0)))
        c0, w0 = watch.cpu(), time.monotonic()
        watch.hold(idle_for)
        result["idle"] = 100 * (watch.cpu() - c0) / (time.monotonic() - w0)
    if play is not None:
        result.update(play(proc, watch, where))
    watch.sample()
    result["memory"] = watch.memory()
    result["processes"] = [(watch.names.get(p, "?"), round(mb, 1)) for p, mb in watch.peaks.items()
                           if not watch.unexeced(p)]
    result["left_behind"] = stop_tree(proc)
    out.close()
    return result


def card_shell_env(display: str, home: str) -> dict[str, str]:
    # nothing of SDL's, pygame's or ours from this shell; nor its
    # PYTHONDONTWRITEBYTECODE (this machine's, not a player's): Python keeps
    # the compiled modules as an installed game has them (pip compiles them)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SDL_", "CARD_SHELL", "PYGAME")) and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(DISPLAY=display, CARD_SHELL_HOME=home)
    return env


# ----------------------------------------------------------- playing moves
def _xdo(display: str, *argv: str) -> None:
    subprocess.run(["xdotool", *argv], env={**os.environ, "DISPLAY": display}, capture_output=True, timeout=10)


#: the moves that are words, played by their menu's shortcut in any game
#: that has them (the others, The Republic's turn and The Smith's deal too,
#: by a click on the stock)
WORD_KEYS = {"layoff": "ctrl+l"}


def mover(game_name: str, dump: str, display: str, moves: int):
    """Play a game, up to ``moves`` moves or its end, as a player would: each
    move by dragging its cards (a click for the stock), chosen by
    ``bench/player.py``; after each, wait for the tree's CPU to rest and record
    what the processes other than the game's own (the solver worker, and
    the fresh workers that replace it) spent, and the whole tree's resident
    size at rest."""
    sys.path.insert(0, ROOT)
    import random

    from player import choose

    import engine

    def play(proc, watch: Watch, origin: tuple[int, int]) -> dict:
        game = engine.new_game(game_name, seed=1)
        rng = random.Random(1)
        per_move, walls, rest = [], [], []
        last = None
        watch.peak_resident = 0.0                  # from the first move on: the searches' peak
        for _ in range(moves):
            if game.won or game.over:
                break
            with open(dump) as f:
                lay = json.load(f)
            text = choose(game, rng, last)
            if text is None:
                break
            move = engine.Move.parse(text)
            w0, c0 = time.monotonic(), watch.cpu(others_only=True)
            if move.word is not None and move.word in WORD_KEYS:
                _xdo(display, "key", WORD_KEYS[move.word])     # the menu's shortcut
            elif move.word is not None:
                stock = lay["places"].get("stock")
                if not stock:
                    break
                at = (origin[0] + stock[0] + stock[2] // 2, origin[1] + stock[1] + stock[3] // 2)
                _xdo(display, "mousemove", str(at[0]), str(at[1]))
                _xdo(display, "click", "1")
            else:
                pile = [c for c in lay["cards"] if c["place"] == move.src]
                dst = move.dst
                if dst == "f":
                    dst = next((p for p in lay["places"] if p.startswith("f")
                                and game.explain(f"{move.src}-{p}" + (f":{move.count}" if move.count > 1 else ""))
                                is None), None) or next((p for p in lay["places"] if p.startswith("f")), "f")
                target = [c for c in lay["cards"] if c["place"] == dst]
                if not pile or not (target or lay["places"].get(dst)):
                    break
                grab = pile[-move.count]["rect"]
                drop = target[-1]["rect"] if target else lay["places"][dst]
                a = (origin[0] + grab[0] + grab[2] // 2, origin[1] + grab[1] + min(grab[3] // 2, 10))
                b = (origin[0] + drop[0] + drop[2] // 2, origin[1] + drop[1] + drop[3] // 2)
                _xdo(display, "mousemove", str(a[0]), str(a[1]))
                _xdo(display, "mousedown", "1")
                for k in range(1, 9):
                    _xdo(display, "mousemove", str(a[0] + (b[0] - a[0]) * k // 8), str(a[1] + (b[1] - a[1]) * k // 8))
                _xdo(display, "mouseup", "1")
            game.play(text)
            last = text
            # wait until the game's history shows the move, then until the tree rests
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                watch.sample()
                try:
                    with open(dump) as f:
                        if len(json.load(f)["history"]) == len(game.history):
                            break
                except (OSError, ValueError):
                    pass
                time.sleep(0.05)
            rest_from, last_cpu = time.monotonic(), watch.cpu()
            while time.monotonic() - w0 < 60 and time.monotonic() - rest_from < 1.0:
                watch.hold(0.25)
                now = watch.cpu()
                if now - last_cpu > 0.01:
                    rest_from = time.monotonic()
                last_cpu = now
            per_move.append(watch.cpu(others_only=True) - c0)
            walls.append(time.monotonic() - w0)
            rest.append(watch.resident)
        with open(dump) as f:
            played = len(json.load(f)["history"])
        if played != len(game.history):
            raise SystemExit(f"{game_name}: {len(game.history)} moves played, the game shows {played}")
        return {"moves": len(per_move), "worker_per_move": per_move, "searching_peak": watch.peak_resident,
                "rest_after_moves": max(rest) if rest else None,
                "worker_peak": max((mb for pid, mb in watch.peaks.items() if pid != proc.pid), default=0.0)}

    return play


# ----------------------------------------------------------- the run
def measure(args) -> dict:
    tmp = tempfile.mkdtemp(prefix="card-shell-shipped-")
    xvfb = Xvfb(args.display_number, args.size)
    x = X(xvfb.display)
    results: dict = {"card-shell": {}, "aisleriot": None, "display": xvfb.display}
    try:
        for name in args.games:
            print(f"  Card Shell, {name}: {args.runs} launches, idle, {args.moves} moves", flush=True)
            windows, menus = [], []
            # the first start ever (a fresh data folder), then the player's
            # later starts, in the folder the first one left behind
            home = tempfile.mkdtemp(prefix="home-", dir=tmp)
            cmd = [args.python, "main.py", "--game", name, "--seed", "1", "--size", args.size]
            first = launch(cmd, card_shell_env(xvfb.display, home), x, None, 0)
            for _run in range(args.runs):
                r = launch(cmd, card_shell_env(xvfb.display, home), x, None, 0)
                windows.append(r["window"])
                menus.append(r["menu"])
            dump = os.path.join(tmp, f"{name}.json")
            cmd = [args.python, "main.py", "--game", name, "--seed", "1", "--size", args.size, "--dump-layout", dump]
            full = launch(cmd, card_shell_env(xvfb.display, home), x, 12.0, args.idle,
                          mover(name, dump, xvfb.display, args.moves) if args.moves else None)
            full["windows"] = windows
            full["window_median"] = statistics.median(windows)
            full["menu_median"] = _median(menus)
            full["first"] = first
            results["card-shell"][name] = full
        if os.path.exists(AISLERIOT) and not args.no_aisleriot:
            print(f"  Aisleriot: {args.runs} launches, idle", flush=True)
            windows, menus = [], []
            home = tempfile.mkdtemp(prefix="sol-", dir=tmp)
            env = {**os.environ, "DISPLAY": xvfb.display, "HOME": home, "XDG_CONFIG_HOME": home,
                   "XDG_DATA_HOME": home, "XDG_CACHE_HOME": home}
            first = launch([AISLERIOT], env, x, None, 0)
            for run in range(args.runs):
                r = launch([AISLERIOT], env, x, 12.0 if run == args.runs - 1 else None, args.idle)
                windows.append(r["window"])
                menus.append(r["menu"])
            r["first"] = first
            r["menu_median"] = _median(menus)
            r["windows"] = windows
            r["window_median"] = statistics.median(windows)
            results["aisleriot"] = r
    finally:
        x.close()
        xvfb.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return results


def _median(times: list) -> float | None:
    """The median of the times seen (None: never seen)."""
    seen = [t for t in times if t is not None]
    return statistics.median(seen) if seen else None


def _menu(r: dict) -> str:
    return f"{r['menu_median']:.3f}" if r.get("menu_median") is not None else "-"


def _first(r: dict) -> str:
    first = r.get("first") or {}
    return f"{first['window']:.3f}, {first['memory']:.0f}" if first.get("window") is not None else "-"


def report(args, results: dict) -> None:
    sol = results["aisleriot"]
    print(f"\n### The app as shipped: real X11 window {args.size} (Xvfb), whole process tree\n")
    head = "| | window up, median s | menu bar drawn, median s | peak memory, whole tree, MB " \
           "| idle CPU 12 s after launch, % of a core " \
           "| worker CPU per move, s (median / max) | processes left 1 s after quitting " \
           "| first start ever: window up s, peak MB |"
    print(head)
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| *aim* | *< {AIMS['window']}* | | *< {AIMS['memory']:.0f}* | *< {AIMS['idle']}* | | *0* | |")
    for name, r in results["card-shell"].items():
        moves = r.get("worker_per_move") or []
        mv = f"{statistics.median(moves):.2f} / {max(moves):.2f} ({len(moves)} moves)" if moves else "-"
        print(f"| Card Shell, {name} | {r['window_median']:.3f} | {_menu(r)} | {r['memory']:.0f} "
              f"| {r['idle']:.2f} | {mv} "
              f"| {r['left_behind']} | {_first(r)} |")
    if sol:
        print(f"| GNOME Aisleriot | {sol['window_median']:.3f} | {_menu(sol)} | {sol['memory']:.0f} "
              f"| {sol['idle']:.2f} | - "
              f"| {sol['left_behind']} | {_first(sol)} |")
        cs = list(results["card-shell"].values())
        if cs:
            w = statistics.median(r["window_median"] for r in cs)
            m = statistics.median(r["memory"] for r in cs)
            print(f"\nCard Shell / Aisleriot (medians over the games): window up {w / sol['window_median']:.2f}x, "
                  f"peak memory {m / sol['memory']:.2f}x.")
    else:
        print("\n(Aisleriot is not installed here: no comparison.)")
    played = {name: r for name, r in results["card-shell"].items() if r.get("worker_per_move")}
    if played:
        print("\n### Played games (the bench's seeded player, deal 1): the solver worker\n")
        print("| game | moves | worker CPU per move, s: median / mean / max | moves with no search (< 0.05 s) "
              "| whole tree's peak while searching, MB | tree at rest after a move, MB (largest) "
              "| largest worker's own peak, MB |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, r in played.items():
            m = r["worker_per_move"]
            quiet = sum(1 for c in m if c < 0.05)
            print(f"| {name} | {len(m)} | {statistics.median(m):.2f} / {statistics.mean(m):.2f} / {max(m):.2f} "
                  f"| {quiet} | {r['searching_peak']:.0f} | {r['rest_after_moves']:.0f} | {r['worker_peak']:.0f} |")
        every = [c for r in played.values() for c in r["worker_per_move"]]
        print(f"\nAll played moves: median {statistics.median(every):.2f} s of the worker's CPU a move "
              f"({len(every)} moves).")
    print("\nProcesses seen (peak MB each):")
    for name, r in list(results["card-shell"].items()) + ([("Aisleriot", sol)] if sol else []):
        print(f"- {name}: " + "; ".join(f"{mb:.0f} MB `{cmd.strip()[:60]}`" for cmd, mb in r["processes"]))


def games() -> dict[str, str]:
    """Every game's name and title, in the engine's order (``engine.GAMES``)."""
    sys.path.insert(0, ROOT)
    import engine
    return {name: cls.title for name, cls in engine.GAMES.items()}


def main(argv: list[str] | None = None) -> dict:
    names = list(games())
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="+", choices=names, default=names, metavar="NAME")
    p.add_argument("--runs", type=int, default=5, help="timed launches per game (default 5)")
    p.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured (default 10)")
    p.add_argument("--moves", type=int, default=5,
                   help="moves played per game, at most, for the worker's CPU (default 5; a game may end sooner)")
    p.add_argument("--size", default="1024x640")
    p.add_argument("--display-number", type=int, default=87)
    p.add_argument("--no-aisleriot", action="store_true")
    p.add_argument("--python", default=sys.executable, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    print(f"Card Shell as shipped: {', '.join(args.games)}; window {args.size}; Python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cores", flush=True)
    results = measure(args)
    report(args, results)
    return results


if __name__ == "__main__":
    main()
