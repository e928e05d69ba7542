"""The table's costs: drag frames against full redraws, an idle table's
processor use, the time to the first drawn table, and peak memory.

    python bench/render.py [--games NAME ...] [--seconds S] [--size WxH]
                           [--xvfb] [--all-drivers] [--profile]

Every figure comes from a fresh child process (this script run again with
``--child``, or ``main.py`` itself) so that each has its own window, video
driver and memory:

1. **Drag frame vs full redraw** (SDL's ``dummy`` video driver; also under
   X11 when a display is there).  A real card (the top card of a pile a legal
   move starts from) is picked up with posted ``MOUSEBUTTONDOWN`` on its
   centre in ``app.scene.layout``, then carried along a path over the table
   by posted ``MOUSEMOTION`` events.  One drag frame is the time from posting
   one motion to the end of ``app.step(block=False)``, which includes the
   table's ``draw_overlay()`` and ``pygame.display.update`` of the dirty
   rectangles.  One full redraw is ``scene.render()`` (the whole background)
   + blitting the background to the screen + ``pygame.display.flip()``, with
   nothing carried.  Medians of each; the two take turns in four rounds so
   that both see the (shared) machine in the same state.
2. **Idle CPU**: the app's own loop (``App.run``'s: ``step()`` with
   ``block=True``, ``clock.tick`` only while busy) on a dealt table for
   ``--seconds``, after one second to settle; the process's CPU time (all its
   threads, ``time.process_time``) over the wall time, in percent of one
   core.  The Gaps table shows a clock that ticks once a second: it is
   measured as it is, ticking.
3. **First table drawn**: ``python main.py --game NAME --seed 1 --no-sound
   --no-animation --size WxH --screenshot FILE``, which opens the window,
   draws the table, saves it as a PNG and exits.  Wall time from launching
   the process to its exit, nothing subtracted (so it includes the
   interpreter's start, every import, the PNG's encoding and the exit).
   Median of ``--runs`` launches, after one untimed launch that fills the
   caches (the children byte-compile once into a temporary
   ``PYTHONPYCACHEPREFIX``, as an installed game has its ``.pyc`` files,
   even where ``PYTHONDONTWRITEBYTECODE`` is set).  Beside it, "on screen": the same
   command without ``--screenshot``, from launch to the end of its first
   ``pygame.display.flip()`` (the table's first full draw; the child reads
   the monotonic clock there and exits), so without the PNG.
4. **Peak memory**: the largest resident set (``ru_maxrss`` from
   ``os.wait4``) of those launches; and ``VmHWM`` of the child that plays
   (start, draw, hundreds of drag frames, a real move by dragging, full
   redraws).

With ``--xvfb`` the script starts its own ``Xvfb`` (and stops it at the
end) and measures idle CPU and the first table under X11 on it; with a
``DISPLAY`` already set it uses that; otherwise everything is measured on
the dummy driver.  The driver each figure used is the one the child's
``pygame.display.get_driver()`` reported.  Note that on the dummy driver
``game/idle.py`` does not sleep inside SDL but polls every 20 ms.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
GAMES = ("gaps", "chinese-puzzle", "republic", "smith", "prince")
TITLES = {"gaps": "Gaps", "chinese-puzzle": "Chinese Puzzle", "republic": "The Republic",
          "smith": "The Smith", "prince": "The Prince"}
AIMS = {"ratio": 20.0, "idle": 0.5, "first": 0.25, "rss": 80.0}
RESULT = "RESULT "


# =========================================================== the children
def _child_setup() -> None:
    sys.path.insert(0, ROOT)
    os.chdir(ROOT)


def _vm(field: str) -> float:
    """A /proc/self/status field in MB (VmHWM, VmRSS)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _proc_cpu(pid: int) -> float | None:
    """utime + stime of another process, in seconds (its /proc stat)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _make_app(name: str, size: str):
    from game.app import App, parse_args
    app = App(parse_args(["--game", name, "--seed", "1", "--size", size, "--no-sound", "--no-animation"]))
    app.begin()
    _settle(app)
    return app


def _settle(app) -> None:
    app.step(block=False)
    if hasattr(app.scene, "finish_actors"):
        app.scene.finish_actors()
    app.step(block=False)


def _post(kind: int, **attrs) -> None:
    import pygame
    pygame.event.post(pygame.event.Event(kind, **attrs))


def _card_to_carry(app):
    """The top card of a pile that a legal card move starts from (else any
    face-up top card the engine lets go of): its place and sprite."""
    game, layout = app.game, app.scene.layout
    places = [m.src for m in game.legal_moves()
              if m.word is None and not m.src.startswith("f") and m.count == 1]
    places += [s.place for s in layout.sprites if s.face_up]
    for place in places:
        pile = layout.pile(place)
        if pile and pile[-1].face_up and game.pickup_reason(place, 1) is None:
            return pile[-1]
    raise SystemExit(f"{game.name}: no card on the table can be picked up")


def _a_legal_drag(app):
    """(source point, destination point) of a legal one-card move, or None."""
    game, layout = app.game, app.scene.layout
    for m in game.legal_moves():
        if m.word is not None or m.src.startswith("f") or m.count != 1:
            continue
        pile = layout.pile(m.src)
        if not pile:
            continue
        dst = m.dst
        if dst == "f":
            dst = next((p for p in layout.slots if p.startswith("f")
                        and game.explain(f"{m.src}-{p}") is None), None)
        if dst is None or dst not in layout.slots:
            continue
        target = layout.pile(dst)
        return pile[-1].rect.center, (target[-1].rect.center if target else layout.slots[dst].rect.center)
    return None


def _path(start: tuple[int, int], area, count: int, step: float = 9.0,
          phase: float = 0.0) -> list[tuple[int, int]]:
    """``count`` pointer positions ``step`` pixels apart: from ``start`` to a
    Lissajous loop over the table, then round it (like a hand wandering)."""
    cx, cy = area.centerx, area.centery
    rx, ry = area.w * 0.42, area.h * 0.36

    def loop(t: float) -> tuple[float, float]:
        return cx + rx * math.sin(3 * t), cy + ry * math.sin(2 * t + 0.5)

    points: list[tuple[int, int]] = []
    x0, y0 = start
    x1, y1 = loop(phase)
    n = max(1, int(math.hypot(x1 - x0, y1 - y0) / step))
    for k in range(1, n + 1):
        points.append((round(x0 + (x1 - x0) * k / n), round(y0 + (y1 - y0) * k / n)))
    t, (px, py) = phase, (x1, y1)
    while len(points) < count:
        t += 0.0005
        x, y = loop(t)
        if math.hypot(x - px, y - py) >= step:
            points.append((round(x), round(y)))
            px, py = x, y
    return points[:count]


def _profiled(enabled: bool):
    if not enabled:
        return None
    import cProfile
    return cProfile.Profile()


def _profile_text(prof, title: str, lines: int = 18) -> str:
    import io
    import pstats
    out = io.StringIO()
    out.write(f"--- profile: {title} ---\n")
    stats = pstats.Stats(prof, stream=out)
    stats.strip_dirs().sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


def _let_go(app, pos) -> None:
    """Escape sends the carried card home; the button comes up on nothing held."""
    import pygame
    _post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    _settle(app)
    if app.scene.carry is not None or app.dialogs:
        raise SystemExit(f"{app.game.name}: letting go of the card left it carried or opened a dialog")


def _full_redraws(app, count: int) -> list[float]:
    """Seconds for each of ``count`` full redraws: the whole background,
    blitted to the screen, flipped."""
    import pygame
    out = []
    for _ in range(count):
        t0 = time.perf_counter()
        app.scene.render()
        app.screen.blit(app.canvas.background, (0, 0))
        pygame.display.flip()
        out.append(time.perf_counter() - t0)
    return out


def child_frames(name: str, size: str, frames: int, redraws: int, profile: bool) -> dict:
    import pygame
    app = _make_app(name, size)
    scene = app.scene
    driver = pygame.display.get_driver()
    sprite = _card_to_carry(app)
    src = sprite.rect.center
    warm = 6
    rounds = 4           # drags and redraws take turns, so both see the machine in the same state
    times: list[float] = []
    full: list[float] = []
    path: list[tuple[int, int]] = []
    last = src
    for r in range(rounds):
        n = frames // rounds + (1 if r < frames % rounds else 0)
        path = _path(src, app.table_area(), warm + n, phase=r * 2 * math.pi / rounds)
        _post(pygame.MOUSEMOTION, pos=src, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEBUTTONDOWN, pos=src, button=1)
        app.step(block=False)
        if scene.press is None:
            raise SystemExit(f"{name}: pressing {sprite.card} at {src} did not take it")
        last = src
        for k, pos in enumerate(path):
            rel = (pos[0] - last[0], pos[1] - last[1])
            last = pos
            t0 = time.perf_counter()
            _post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
            app.step(block=False)
            t1 = time.perf_counter()
            if k >= warm:
                times.append(t1 - t0)
        if scene.carry is None:
            raise SystemExit(f"{name}: the card was not carried")
        if r < rounds - 1:
            _let_go(app, last)
            m = redraws // rounds + (1 if r < redraws % rounds else 0)
            full += _full_redraws(app, m + (2 if r == 0 else 0))[(2 if r == 0 else 0):]
    carried = scene.carry.count

    # the same frames again, untimed, to see how much of the window they send
    update = pygame.display.update
    sent: list[int] = []

    def counting(rects=None):
        sent.append(sum(r.w * r.h for r in rects) if rects else 0)
        return update(rects)
    pygame.display.update = counting
    try:
        for pos in path[warm:warm + 100]:
            _post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            app.step(block=False)
    finally:
        pygame.display.update = update
    prof = _profiled(profile)                   # and again under the profiler (untimed)
    if prof:
        prof.enable()
        for pos in path[warm:] * 4:
            _post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            app.step(block=False)
        prof.disable()
    w, h = app.screen.get_size()
    dirty_share = statistics.mean(sent) / (w * h) if sent else 0.0

    _let_go(app, last)
    full += _full_redraws(app, redraws // rounds)
    prof2 = _profiled(profile)
    if prof2:
        prof2.enable()
        for _ in range(redraws):
            scene.render()
            app.screen.blit(app.canvas.background, (0, 0))
            pygame.display.flip()
        prof2.disable()
    rebuild = []
    for _ in range(10):
        t0 = time.perf_counter()
        scene.full_redraw()
        rebuild.append(time.perf_counter() - t0)

    # a real move, dragged, so the memory figure covers playing
    moved = False
    legal = _a_legal_drag(app)
    if legal is not None:
        (sx, sy), (dx, dy) = legal
        before = len(app.game.history)
        _post(pygame.MOUSEMOTION, pos=(sx, sy), rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)
        app.step(block=False)
        for k in range(1, 9):
            _post(pygame.MOUSEMOTION, pos=(sx + (dx - sx) * k // 8, sy + (dy - sy) * k // 8),
                  rel=(1, 1), buttons=(1, 0, 0))
            app.step(block=False)
        _post(pygame.MOUSEBUTTONUP, pos=(dx, dy), button=1)
        _settle(app)
        moved = len(app.game.history) == before + 1
    result = {
        "game": name, "driver": driver, "card": sprite.card, "place": sprite.place, "carried": carried,
        "frames": len(times), "drag_median": statistics.median(times),
        "drag_p90": sorted(times)[int(len(times) * 0.9)], "drag_max": max(times),
        "dirty_share": dirty_share, "redraws": len(full), "full_median": statistics.median(full),
        "full_redraw_median": statistics.median(rebuild), "moved": moved, "vmhwm": _vm("VmHWM"),
    }
    if prof:
        result["profile"] = (_profile_text(prof, f"{name}: {len(path[warm:]) * 4} drag frames ({driver})")
                             + _profile_text(prof2, f"{name}: {len(full)} full redraws ({driver})"))
    return result


def child_idle(name: str, size: str, seconds: float, profile: bool) -> dict:
    import resource

    import pygame

    from game.app import FPS
    app = _make_app(name, size)
    driver = pygame.display.get_driver()
    renders = [0]
    render = app.canvas.render

    def counting_render(*a, **k):
        renders[0] += 1
        return render(*a, **k)
    app.canvas.render = counting_render
    clock = pygame.time.Clock()

    def loop(duration: float) -> int:
        passes = 0
        end = time.monotonic() + duration
        while app.running and time.monotonic() < end:     # App.run's loop
            app.step()
            passes += 1
            if app.busy():
                clock.tick(FPS)
        return passes

    loop(1.0)                                   # the window's first exposures
    xpid = int(os.environ.get("BENCH_XSERVER_PID", "0") or 0)
    x0 = _proc_cpu(xpid) if xpid else None
    renders[0] = 0
    clock0 = getattr(app.scene, "elapsed", 0.0)
    ru0 = resource.getrusage(resource.RUSAGE_SELF)
    w0, c0 = time.monotonic(), time.process_time()
    passes = loop(seconds)
    w1, c1 = time.monotonic(), time.process_time()
    ru1 = resource.getrusage(resource.RUSAGE_SELF)
    x1 = _proc_cpu(xpid) if xpid else None
    wall, cpu = w1 - w0, c1 - c0
    result = {
        "game": name, "driver": driver, "wall": wall, "cpu": cpu, "percent": 100 * cpu / wall,
        "user": ru1.ru_utime - ru0.ru_utime, "sys": ru1.ru_stime - ru0.ru_stime,
        "passes": passes, "renders": renders[0], "voluntary_switches": ru1.ru_nvcsw - ru0.ru_nvcsw,
        "clock_ticks": int(getattr(app.scene, "elapsed", 0.0)) - int(clock0),
        "paused": bool(getattr(app, "paused", False)), "vmhwm": _vm("VmHWM"),
        "xserver_percent": (100 * (x1 - x0) / wall) if x0 is not None and x1 is not None else None,
    }
    prof = _profiled(profile)                   # a shorter idle spell under the profiler
    if prof:
        prof.enable()
        loop(min(seconds, 5.0))
        prof.disable()
        result["profile"] = _profile_text(prof, f"{name}: idle {min(seconds, 5.0):g} s ({driver})")
    return result


#: ``python -c FIRST_FLIP ARGS`` is ``python main.py ARGS`` except that the
#: first ``pygame.display.flip()`` (the table's first full draw) prints the
#: monotonic clock and ends the process.  Kept small: a script is compiled at
#: every launch.
FIRST_FLIP = """
import json, os, runpy, sys, time
import pygame
flip = pygame.display.flip
def first_flip():
    flip()
    t = time.monotonic()
    hwm = next((int(l.split()[1]) / 1024 for l in open('/proc/self/status') if l.startswith('VmHWM:')), 0)
    sys.stdout.write('RESULT ' + json.dumps({'t': t, 'driver': pygame.display.get_driver(), 'vmhwm': hwm}) + '\\n')
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = first_flip
sys.argv = ['main.py'] + sys.argv[1:]
sys.path.insert(0, os.getcwd())
runpy.run_path('main.py', run_name='__main__')
sys.exit('main.py ended without drawing')
"""


def child_main(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--child", choices=("frames", "idle"), required=True)
    p.add_argument("--game", required=True)
    p.add_argument("--size", required=True)
    p.add_argument("--frames", type=int, default=400)
    p.add_argument("--redraws", type=int, default=60)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--profile", action="store_true")
    a = p.parse_args(argv)
    _child_setup()
    if a.child == "frames":
        result = child_frames(a.game, a.size, a.frames, a.redraws, a.profile)
    else:
        result = child_idle(a.game, a.size, a.seconds, a.profile)
    sys.stdout.write(RESULT + json.dumps(result) + "\n")
    sys.stdout.flush()
    os._exit(0)      # no atexit work (prefs, pygame.quit) in the figures


# =========================================================== the parent
class Xvfb:
    """An Xvfb of our own, on the first free display from ``number``."""

    def __init__(self, number: int, size: str) -> None:
        self.proc = None
        self.display = None
        exe = shutil.which("Xvfb")
        if exe is None:
            raise SystemExit("--xvfb: no Xvfb on PATH")
        w, _, h = size.lower().partition("x")
        screen = f"{max(1280, int(w) + 64)}x{max(800, int(h) + 64)}x24"
        for n in range(number, number + 50):
            if os.path.exists(f"/tmp/.X{n}-lock") or os.path.exists(f"/tmp/.X11-unix/X{n}"):
                continue
            self.log = tempfile.TemporaryFile()
            self.proc = subprocess.Popen([exe, f":{n}", "-screen", "0", screen, "-nolisten", "tcp"],
                                         stdout=self.log, stderr=self.log)
            for _ in range(100):
                if os.path.exists(f"/tmp/.X11-unix/X{n}") or self.proc.poll() is not None:
                    break
                time.sleep(0.05)
            if self.proc.poll() is None and os.path.exists(f"/tmp/.X11-unix/X{n}"):
                time.sleep(0.2)
                self.display = f":{n}"
                return
            self.stop()
        raise SystemExit("--xvfb: could not start Xvfb")

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None


def child_env(driver: str, home: str, ctx, xpid: int | None = None) -> dict[str, str]:
    env = dict(os.environ)
    display = ctx["display"]
    if ctx["pyc"]:      # byte-compiled once, as an installed game is, but not into the work tree
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = ctx["pyc"]
    env["SDL_AUDIODRIVER"] = "dummy"
    env["CARD_SHELL_HOME"] = home
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env.pop("BENCH_XSERVER_PID", None)
    if driver == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
        env.pop("DISPLAY", None)
    else:
        env["SDL_VIDEODRIVER"] = "x11"
        env["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
        env["DISPLAY"] = display or ""
        if xpid:
            env["BENCH_XSERVER_PID"] = str(xpid)
    return env


def run_child(args, kind: str, game: str, driver: str, ctx) -> dict:
    home = tempfile.mkdtemp(prefix=f"home-{kind}-{game}-", dir=ctx["tmp"])
    cmd = [args.python, os.path.abspath(__file__), "--child", kind, "--game", game, "--size", args.size,
           "--frames", str(args.frames), "--redraws", str(args.redraws), "--seconds", str(args.seconds)]
    if args.profile:
        cmd.append("--profile")
    proc = subprocess.run(cmd, cwd=ROOT, env=child_env(driver, home, ctx, ctx["xpid"]),
                          capture_output=True, text=True, timeout=args.seconds * 3 + 300)
    for line in proc.stdout.splitlines():
        if line.startswith(RESULT):
            return json.loads(line[len(RESULT):])
    raise SystemExit(f"{kind} {game} ({driver}) failed, exit {proc.returncode}:\n{proc.stdout[-3000:]}\n"
                     f"{proc.stderr[-3000:]}")


def launch(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall seconds from launch to exit, max RSS in MB, exit status."""
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=out)
        _, status, usage = os.wait4(proc.pid, 0)
        t1 = time.perf_counter()
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            out.seek(0)
            sys.stderr.write(out.read().decode(errors="replace")[-3000:])
    return t1 - t0, usage.ru_maxrss / 1024, proc.returncode


def first_table(args, game: str, driver: str, ctx) -> dict:
    env = child_env(driver, tempfile.mkdtemp(prefix=f"home-first-{game}-", dir=ctx["tmp"]), ctx)
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)       # as a player starts it
    if driver == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    png = os.path.join(ctx["tmp"], f"first-{game}.png")
    walls, rss = [], []
    for run in range(args.runs + 1):         # the first launch, untimed, fills the caches
        if os.path.exists(png):
            os.remove(png)
        for _attempt in range(3):    # a launch ended by a signal from outside is tried again
            wall, mb, code = launch([args.python, "main.py", "--game", game, "--seed", "1", "--no-sound",
                                     "--no-animation", "--size", args.size, "--screenshot", png], env)
            if code >= 0:
                break
            print(f"    (a launch of {game} was ended by signal {-code}; trying again)", flush=True)
        if code or not os.path.exists(png):
            raise SystemExit(f"main.py --game {game} --screenshot failed (exit {code})")
        if run:
            walls.append(wall)
            rss.append(mb)
    # the same start, ended by the first flip: when the table reaches the screen
    flips, drivers = [], set()
    for _ in range(args.runs):
        with tempfile.TemporaryFile() as out:
            t0 = time.monotonic()
            proc = subprocess.Popen([args.python, "-c", FIRST_FLIP, "--game", game, "--seed", "1",
                                     "--no-sound", "--no-animation", "--size", args.size],
                                    cwd=ROOT, env=env, stdout=out, stderr=out)
            proc.wait()
            out.seek(0)
            text = out.read().decode(errors="replace")
        line = next((ln for ln in text.splitlines() if ln.startswith(RESULT)), None)
        if line is None:
            raise SystemExit(f"first flip of {game} failed:\n{text[-3000:]}")
        got = json.loads(line[len(RESULT):])
        flips.append(got["t"] - t0)
        drivers.add(got["driver"])
    return {"game": game, "driver": "/".join(sorted(drivers)), "walls": walls, "median": statistics.median(walls),
            "rss": max(rss), "flips": flips, "flip_median": statistics.median(flips)}


def baselines(args, driver: str, ctx) -> dict[str, float]:
    """What part of the start is Python's and the imports' (for the notes)."""
    env = child_env(driver, ctx["tmp"], ctx)
    out = {}
    for label, code in (("python -c pass", "pass"),
                        ("import pygame, numpy", "import pygame, numpy"),
                        ("import game.app", "import game.app")):
        walls = [launch([args.python, "-c", code], env)[0] for _ in range(max(3, args.runs))]
        out[label] = statistics.median(walls)
    return out


# ----------------------------------------------------------- printing
def ms(x: float) -> str:
    return f"{x * 1000:.2f}" if x < 0.01 else f"{x * 1000:.1f}"


def mark(ok: bool) -> str:
    return "" if ok else " (!)"


def print_report(args, frames: dict, idle: dict, first: dict, extra_frames: dict, base: dict | None) -> None:
    def drivers(results: dict) -> str:
        names = sorted({r["driver"] for r in results.values()})
        return "/".join(names) if names else "-"

    fd, idd, ffd = drivers(frames), drivers(idle), drivers(first)
    pd = drivers(extra_frames) if extra_frames else fd
    play = extra_frames or frames
    print(f"\n### Table costs, window {args.size}\n")
    print(f"| game | drag frame, ms ({fd}) | full redraw, ms ({fd}) | redraw / drag "
          f"| idle CPU, % of a core ({idd}) | first table drawn, s ({ffd}) | on screen (first flip), s ({ffd}) "
          f"| peak RSS at first table, MB ({ffd}) | peak RSS playing, MB ({pd}) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| *aim* | | | *>= {AIMS['ratio']:.0f}x* | *< {AIMS['idle']}* | *< {AIMS['first']}* "
          f"| *< {AIMS['first']}* | *< {AIMS['rss']:.0f}* | *< {AIMS['rss']:.0f}* |")
    for g in args.games:
        f, i, s, p = frames.get(g), idle.get(g), first.get(g), play.get(g)
        cells = [TITLES[g]]
        if f:
            ratio = f["full_median"] / f["drag_median"]
            cells += [ms(f["drag_median"]), ms(f["full_median"]), f"{ratio:.1f}x{mark(ratio >= AIMS['ratio'])}"]
        else:
            cells += ["-", "-", "-"]
        cells.append(f"{i['percent']:.2f}{mark(i['percent'] < AIMS['idle'])}" if i else "-")
        cells.append(f"{s['median']:.3f}{mark(s['median'] < AIMS['first'])}" if s else "-")
        cells.append(f"{s['flip_median']:.3f}{mark(s['flip_median'] < AIMS['first'])}" if s else "-")
        cells.append(f"{s['rss']:.0f}{mark(s['rss'] < AIMS['rss'])}" if s else "-")
        cells.append(f"{p['vmhwm']:.0f}{mark(p['vmhwm'] < AIMS['rss'])}" if p else "-")
        print("| " + " | ".join(cells) + " |")
    print("\n(!) misses its aim.  For scale: GNOME Aisleriot shows its window 0.23-0.42 s after start at "
          "about 111 MB; PySolFC 3.6 s and 173 MB; a pygame loop on pygame.event.wait() costs about 4% "
          "of a core idle.")

    if extra_frames:
        d = drivers(extra_frames)
        print(f"\n### Frame costs under {d} (updates go through the X server)\n")
        print("| game | drag frame, ms | full redraw, ms | redraw / drag |")
        print("| --- | ---: | ---: | ---: |")
        for g in args.games:
            f = extra_frames.get(g)
            if f:
                ratio = f["full_median"] / f["drag_median"]
                print(f"| {TITLES[g]} | {ms(f['drag_median'])} | {ms(f['full_median'])} "
                      f"| {ratio:.1f}x{mark(ratio >= AIMS['ratio'])} |")

    print("\n### Details\n")
    print("| game | driver | card carried | drag frames | drag p90 / max, ms | window sent per frame "
          "| full_redraw() (rebuild), ms | real move dragged |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |")
    for results in (frames, extra_frames):
        for g in args.games:
            f = results.get(g)
            if f:
                print(f"| {TITLES[g]} | {f['driver']} | {f['card']} from {f['place']} | {f['frames']} "
                      f"| {ms(f['drag_p90'])} / {ms(f['drag_max'])} | {100 * f['dirty_share']:.1f}% "
                      f"| {ms(f['full_redraw_median'])} | {'yes' if f['moved'] else 'no'} |")
    print("\n| game | driver | idle wall, s | CPU user + sys, s | loop passes | background renders "
          "| Gaps clock ticks | voluntary switches | X server CPU, % |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for g in args.games:
        i = idle.get(g)
        if i:
            xs = f"{i['xserver_percent']:.2f}" if i.get("xserver_percent") is not None else "-"
            print(f"| {TITLES[g]} | {i['driver']} | {i['wall']:.2f} | {i['user']:.3f} + {i['sys']:.3f} "
                  f"| {i['passes']} | {i['renders']} | {i['clock_ticks']}{' (paused)' if i['paused'] else ''} "
                  f"| {i['voluntary_switches']} | {xs} |")
    print("\n| game | driver | first table drawn (--screenshot, to exit), each launch, s "
          "| on screen (to first flip), each launch, s |")
    print("| --- | --- | --- | --- |")
    for g in args.games:
        s = first.get(g)
        if s:
            print(f"| {TITLES[g]} | {s['driver']} | {', '.join(f'{w:.3f}' for w in s['walls'])} "
                  f"| {', '.join(f'{w:.3f}' for w in s['flips'])} |")
    if base:
        print("\nFor comparison, the same interpreter launched and exited: "
              + "; ".join(f"`{k}` {v:.3f} s" for k, v in base.items()) + " (medians).")
    print(f"\nDrag frame: median over {args.frames} frames, one posted MOUSEMOTION per "
          "app.step(block=False), including draw_overlay() and pygame.display.update(dirty). "
          f"Full redraw: median of {args.redraws} x (scene.render() + blit background + display.flip()). "
          f"Idle: App.run's loop with step(block=True) for {args.seconds:g} s after 1 s to settle; "
          "process CPU time / wall time. First table: wall time from launching `main.py --game NAME --seed 1 "
          "--no-sound --no-animation --screenshot FILE` to its exit, nothing subtracted (interpreter start, "
          f"imports, window, two full draws, PNG encoding, exit); median of {args.runs}. On screen: the "
          "same command without --screenshot, from launch to the end of its first pygame.display.flip() "
          "(the table's first full draw), read on the monotonic clock shared by both processes. "
          "Peak RSS at first table: the largest ru_maxrss of those launches; playing: VmHWM of the "
          "frame-cost child after the drags, a real move and the redraws.")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "--child" in argv:
        child_main(argv)
        return
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES), metavar="NAME",
                   help=f"games to measure ({', '.join(GAMES)}); all by default")
    p.add_argument("--seconds", type=float, default=10.0, help="idle measurement per game (default 10)")
    p.add_argument("--size", default="1024x640", help="window size WxH (default 1024x640)")
    p.add_argument("--frames", type=int, default=400, help="drag frames timed per game (default 400)")
    p.add_argument("--redraws", type=int, default=60, help="full redraws timed per game (default 60)")
    p.add_argument("--runs", type=int, default=5, help="launches per game for the first table (default 5)")
    p.add_argument("--xvfb", action="store_true", help="start an Xvfb of our own for the X11 figures")
    p.add_argument("--display-number", type=int, default=77, help="first display number --xvfb tries")
    p.add_argument("--no-x11", action="store_true", help="ignore DISPLAY: everything on the dummy driver")
    p.add_argument("--all-drivers", action="store_true",
                   help="idle CPU and first table on the dummy driver too, not only on X11")
    p.add_argument("--compile-each-launch", action="store_true",
                   help="keep PYTHONDONTWRITEBYTECODE if set (by default the children byte-compile once "
                        "into a temporary PYTHONPYCACHEPREFIX, as an installed game has its .pyc files)")
    p.add_argument("--profile", action="store_true",
                   help="also print cProfile of drag frames, redraws and idle (separate, untimed passes)")
    p.add_argument("--json", help="also write every figure to this JSON file")
    p.add_argument("--python", default=sys.executable, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    w, _, h = args.size.lower().partition("x")
    if not (w.isdigit() and h.isdigit()):
        p.error("--size is WxH, e.g. 1024x640")

    xvfb = None
    tmp = tempfile.mkdtemp(prefix="card-shell-bench-")
    ctx = {"tmp": tmp, "display": None, "xpid": None,
           "pyc": None if args.compile_each_launch else os.path.join(tmp, "pycache")}
    try:
        if args.xvfb:
            xvfb = Xvfb(args.display_number, args.size)
            ctx["display"], ctx["xpid"] = xvfb.display, xvfb.pid
        elif os.environ.get("DISPLAY") and not args.no_x11:
            ctx["display"] = os.environ["DISPLAY"]
        x11 = ctx["display"] is not None
        where = (f"X11 on our own Xvfb {ctx['display']}" if xvfb else
                 f"X11 on DISPLAY={ctx['display']}" if x11 else "no X display: dummy driver only")
        print(f"Card Shell render benchmark: {', '.join(args.games)}; window {args.size}; {where}; "
              f"Python {sys.version.split()[0]}; {os.cpu_count()} cores", flush=True)
        slow_driver = "x11" if x11 else "dummy"

        frames, extra, idle, first = {}, {}, {}, {}
        idle_dummy, first_dummy = {}, {}
        for g in args.games:
            print(f"  {g}: frames (dummy)", flush=True)
            frames[g] = run_child(args, "frames", g, "dummy", ctx)
            if x11:
                print(f"  {g}: frames (x11)", flush=True)
                extra[g] = run_child(args, "frames", g, "x11", ctx)
            print(f"  {g}: idle {args.seconds:g} s ({slow_driver})", flush=True)
            idle[g] = run_child(args, "idle", g, slow_driver, ctx)
            print(f"  {g}: first table x {args.runs} ({slow_driver})", flush=True)
            first[g] = first_table(args, g, slow_driver, ctx)
            if x11 and args.all_drivers:
                print(f"  {g}: idle and first table (dummy)", flush=True)
                idle_dummy[g] = run_child(args, "idle", g, "dummy", ctx)
                first_dummy[g] = first_table(args, g, "dummy", ctx)
        base = baselines(args, slow_driver, ctx)

        print_report(args, frames, idle, first, extra, base)
        if idle_dummy:
            print("\n### Idle CPU and first table on the dummy driver (idle.py polls every 20 ms there)\n")
            print("| game | idle CPU, % of a core | first table drawn, s | peak RSS at first table, MB |")
            print("| --- | ---: | ---: | ---: |")
            for g in args.games:
                print(f"| {TITLES[g]} | {idle_dummy[g]['percent']:.2f} | {first_dummy[g]['median']:.3f} "
                      f"| {first_dummy[g]['rss']:.0f} |")
        if args.profile:
            print("\n### Profiles\n")
            for results in (frames, extra, idle):
                for g in args.games:
                    if g in results and "profile" in results[g]:
                        print(results[g]["profile"])
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump({"args": vars(args), "frames": frames, "frames_x11": extra, "idle": idle,
                           "first": first, "idle_dummy": idle_dummy, "first_dummy": first_dummy,
                           "baselines": base}, f, indent=1)
    finally:
        if xvfb is not None:
            xvfb.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
