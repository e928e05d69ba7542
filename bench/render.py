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
2. **The app as shipped** (``bench/shipped.py``, also runnable alone):
   ``main.py`` launched as a player launches it, in a real X11 window on an
   Xvfb of its own, with nothing set in its environment that the app does
   not set itself; window up, peak memory and CPU of the whole process tree
   (the solver worker too), idle CPU 12 s after launch, the worker's CPU per
   move, processes left after quitting; GNOME Aisleriot measured the same
   way in the same run when it is installed.

The drag-frame children run on SDL's ``dummy`` driver (no display) and,
with ``--xvfb`` or a ``DISPLAY``, under X11 too, each as the app sets
itself up.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import shipped

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
AIMS = {"ratio": 20.0}
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


def child_main(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--child", choices=("frames",), required=True)
    p.add_argument("--game", required=True)
    p.add_argument("--size", required=True)
    p.add_argument("--frames", type=int, default=400)
    p.add_argument("--redraws", type=int, default=60)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--profile", action="store_true")
    a = p.parse_args(argv)
    _child_setup()
    result = child_frames(a.game, a.size, a.frames, a.redraws, a.profile)
    sys.stdout.write(RESULT + json.dumps(result) + "\n")
    sys.stdout.flush()
    os._exit(0)      # no atexit work (prefs, pygame.quit) in the figures


# =========================================================== the parent
def child_env(driver: str, home: str, ctx) -> dict[str, str]:
    env = dict(os.environ)
    display = ctx["display"]
    if ctx["pyc"]:      # byte-compiled once, as an installed game is, but not into the work tree
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = ctx["pyc"]
    env["SDL_AUDIODRIVER"] = "dummy"
    env["CARD_SHELL_HOME"] = home
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if driver == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
        env.pop("DISPLAY", None)
    else:
        env.pop("SDL_VIDEODRIVER", None)      # the app's own choice under X11, as shipped
        env["DISPLAY"] = display or ""
    return env


def run_child(args, kind: str, game: str, driver: str, ctx) -> dict:
    home = tempfile.mkdtemp(prefix=f"home-{kind}-{game}-", dir=ctx["tmp"])
    cmd = [args.python, os.path.abspath(__file__), "--child", kind, "--game", game, "--size", args.size,
           "--frames", str(args.frames), "--redraws", str(args.redraws)]
    if args.profile:
        cmd.append("--profile")
    # output to a file, not a pipe: a process the child started would hold a pipe open after it ended;
    # and the child's whole session is ended afterwards, so nothing it started outlives the figure
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=child_env(driver, home, ctx), stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            proc.wait(600)
        finally:
            left = shipped.tree(proc.pid)[1:] if proc.poll() is None else []
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            for pid in left:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            proc.wait()
        out.seek(0)
        text = out.read().decode(errors="replace")
    for line in text.splitlines():
        if line.startswith(RESULT):
            return json.loads(line[len(RESULT):])
    raise SystemExit(f"{kind} {game} ({driver}) failed, exit {proc.returncode}:\n{text[-3000:]}")


# ----------------------------------------------------------- printing
def ms(x: float) -> str:
    return f"{x * 1000:.2f}" if x < 0.01 else f"{x * 1000:.1f}"


def mark(ok: bool) -> str:
    return "" if ok else " (!)"


def frames_table(title: str, results: dict, games) -> None:
    print(f"\n### {title}\n")
    print("| game | drag frame, ms | full redraw, ms | redraw / drag | drag p90 / max, ms | window sent per frame "
          "| card carried | real move dragged | VmHWM, MB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |")
    print(f"| *aim* | | | *>= {AIMS['ratio']:.0f}x* | | | | | |")
    titles = shipped.games()
    for g in games:
        f = results.get(g)
        if f:
            ratio = f["full_median"] / f["drag_median"]
            print(f"| {titles[g]} | {ms(f['drag_median'])} | {ms(f['full_median'])} "
                  f"| {ratio:.1f}x{mark(ratio >= AIMS['ratio'])} | {ms(f['drag_p90'])} / {ms(f['drag_max'])} "
                  f"| {100 * f['dirty_share']:.1f}% | {f['card']} from {f['place']} "
                  f"| {'yes' if f['moved'] else 'no'} | {f['vmhwm']:.0f} |")


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "--child" in argv:
        child_main(argv)
        return
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    names = list(shipped.games())
    p.add_argument("--games", nargs="+", choices=names, default=names, metavar="NAME",
                   help=f"games to measure ({', '.join(names)}); all by default")
    p.add_argument("--size", default="1024x640", help="window size WxH (default 1024x640)")
    p.add_argument("--frames", type=int, default=400, help="drag frames timed per game (default 400)")
    p.add_argument("--redraws", type=int, default=60, help="full redraws timed per game (default 60)")
    p.add_argument("--runs", type=int, default=5, help="timed launches per game of the shipped app (default 5)")
    p.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured (default 10)")
    p.add_argument("--moves", type=int, default=5, help="moves played per game for the worker's CPU (default 5)")
    p.add_argument("--no-shipped", action="store_true", help="only the drag frames (no X11 needed)")
    p.add_argument("--no-aisleriot", action="store_true", help="do not measure Aisleriot beside the app")
    p.add_argument("--display-number", type=int, default=77, help="first display number our Xvfb tries")
    p.add_argument("--compile-each-launch", action="store_true",
                   help="keep PYTHONDONTWRITEBYTECODE if set (by default the children byte-compile once "
                        "into a temporary PYTHONPYCACHEPREFIX, as an installed game has its .pyc files)")
    p.add_argument("--profile", action="store_true", help="also print cProfile of drag frames and redraws")
    p.add_argument("--json", help="also write every figure to this JSON file")
    p.add_argument("--python", default=sys.executable, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    w, _, h = args.size.lower().partition("x")
    if not (w.isdigit() and h.isdigit()):
        p.error("--size is WxH, e.g. 1024x640")

    tmp = tempfile.mkdtemp(prefix="card-shell-bench-")
    ctx = {"tmp": tmp, "display": None, "pyc": None if args.compile_each_launch else os.path.join(tmp, "pycache")}
    xvfb = None
    try:
        x11 = not args.no_shipped and shutil.which("Xvfb") is not None
        print(f"Card Shell render benchmark: {', '.join(args.games)}; window {args.size}; "
              f"{'X11 on an Xvfb of its own' if x11 else 'dummy driver only'}; Python {sys.version.split()[0]}; "
              f"{os.cpu_count()} cores", flush=True)
        frames, extra = {}, {}
        if x11:
            xvfb = shipped.Xvfb(args.display_number, args.size)
            ctx["display"] = xvfb.display
        for g in args.games:
            print(f"  {g}: frames (dummy)", flush=True)
            frames[g] = run_child(args, "frames", g, "dummy", ctx)
            if x11:
                print(f"  {g}: frames (x11)", flush=True)
                extra[g] = run_child(args, "frames", g, "x11", ctx)
        if xvfb is not None:
            xvfb.stop()
            xvfb = None
        frames_table(f"Drag frames, window {args.size} (SDL dummy driver)", frames, args.games)
        if extra:
            frames_table("Drag frames under X11 (updates go through the X server)", extra, args.games)
        print(f"\nDrag frame: median over {args.frames} frames, one posted MOUSEMOTION per "
              "app.step(block=False), including draw_overlay() and pygame.display.update(dirty). "
              f"Full redraw: median of {args.redraws} x (scene.render() + blit background + display.flip()).")
        if args.profile:
            print("\n### Profiles\n")
            for results in (frames, extra):
                for g in args.games:
                    if g in results and "profile" in results[g]:
                        print(results[g]["profile"])
        shipped_results = None
        if not args.no_shipped:
            sargs = argparse.Namespace(games=args.games, runs=args.runs, idle=args.idle, moves=args.moves,
                                       size=args.size, display_number=args.display_number + 10,
                                       no_aisleriot=args.no_aisleriot, python=args.python)
            shipped_results = shipped.measure(sargs)
            shipped.report(sargs, shipped_results)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump({"args": vars(args), "frames": frames, "frames_x11": extra, "shipped": shipped_results},
                          f, indent=1)
    finally:
        if xvfb is not None:
            xvfb.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
