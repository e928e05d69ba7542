"""The solver's process as it runs beside the table: what it imports, how a
new request cancels a search, that it dies with the game however the game
ends, and that its failures reach the log and the player."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from gui import endgame, key, make_app, settle, wait_for

import engine
from game.assistant import analyst as analyst_module
from game.storage import logs
from game.voice.words import describe

ROOT = Path(__file__).resolve().parent.parent
SLOW = engine.new_game("smith", seed=1, rule="any-suit")       # undecided for minutes


def worker(*python_flags: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, *python_flags, "-m", "engine.solve.worker"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)


def send(process: subprocess.Popen, message: dict) -> None:
    process.stdin.write((json.dumps(message) + "\n").encode())
    process.stdin.flush()


def ask(process, n, kind, doc, budget=60.0):
    send(process, {"id": n, "kind": kind, "game": doc, "budget": budget, "known": True})


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def alive(pid: int) -> bool:
    """Whether ``pid`` is a process still running (a zombie waiting to be
    reaped by whoever inherited it runs no more)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def children(pid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(name))
            except (FileNotFoundError, ProcessLookupError, ValueError):
                pass
    return found


def test_the_worker_imports_the_engine_only():
    process = worker("-X", "importtime")
    try:
        for n, doc in enumerate((endgame(), SLOW.to_dict(), engine.new_game("gaps", seed=1).to_dict()), 1):
            ask(process, n, "verdict", doc, budget=0.3)
            assert json.loads(process.stdout.readline())["id"] == n
        ask(process, 9, "hint", SLOW.to_dict(), budget=0.2)
        assert json.loads(process.stdout.readline())["status"] == "hint"
        with open(f"/proc/{process.pid}/maps") as f:
            maps = f.read()
        rss = next(int(line.split()[1]) for line in open(f"/proc/{process.pid}/status") if line.startswith("VmHWM"))
    finally:
        process.stdin.close()
        process.wait(5)
    imported = {line.rsplit("|", 1)[1].strip() for line in process.stderr.read().decode().splitlines()
                if line.startswith("import time:") and "|" in line}
    assert "engine.solve.prince_search" in imported and "engine.solve.grid" in imported, "the searches ran"
    tops = {name.split(".")[0] for name in imported}
    assert not tops & {"pygame", "numpy", "game", "multiprocessing"}, tops & {"pygame", "numpy", "game"}
    assert "pygame" not in maps and "numpy" not in maps
    assert rss < 60_000, f"{rss} kB at its peak"


@pytest.mark.slow
def test_a_new_request_cancels_the_running_search_and_a_forgotten_one_stops():
    process = worker()
    try:
        ask(process, 1, "verdict", SLOW.to_dict())
        time.sleep(0.5)
        start = time.monotonic()
        ask(process, 2, "verdict", endgame())
        answer = json.loads(process.stdout.readline())
        assert (answer["id"], answer["status"]) == (2, "won"), "the stale search gets no answer"
        assert time.monotonic() - start < 1.5, "the stale search stopped at once"
        ask(process, 3, "demo", SLOW.to_dict())
        time.sleep(0.5)
        send(process, {"forget": "demo"})
        time.sleep(0.3)
        before = cpu_seconds(process.pid)
        time.sleep(1.0)
        assert cpu_seconds(process.pid) - before < 0.1, "a forgotten search stops: the worker rests"
    finally:
        process.stdin.close()
        process.wait(5)
    left = [json.loads(line) for line in process.stdout.read().splitlines()]
    assert all(m["status"] == "progress" and m["id"] == 3 for m in left), "the forgotten demo was never answered"
    assert len(left) <= 2, "its progress stopped with it (0.5 s of search, a report each REPORT_EVERY)"
    assert process.returncode == 0


def test_the_worker_leaves_when_its_parent_dies_though_its_input_stays_open():
    """The backstop: a parent killed while something else holds the
    worker's input open (the end of its input never comes)."""
    parent = subprocess.Popen(
        [sys.executable, "-c",
         "import subprocess, sys, time\n"
         "w = subprocess.Popen([sys.executable, '-m', 'engine.solve.worker'], stdin=0)\n"
         "print(w.pid, flush=True)\n"
         "time.sleep(60)\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT)
    try:
        pid = int(parent.stdout.readline())
        doc = {"id": 1, "kind": "verdict", "game": SLOW.to_dict(), "budget": 60.0, "known": True}
        parent.stdin.write((json.dumps(doc) + "\n").encode())      # it searches when its parent goes
        parent.stdin.flush()
        time.sleep(0.5)
        assert alive(pid)
        parent.kill()
        parent.wait(5)
        end = time.monotonic() + 1.0
        while alive(pid) and time.monotonic() < end:
            time.sleep(0.02)
        assert not alive(pid), "the worker outlived its parent by a second"
    finally:
        parent.stdin.close()
        if parent.poll() is None:
            parent.kill()
            parent.wait(5)


def test_the_game_killed_leaves_no_process_behind(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARD_SHELL_HOME=str(tmp_path))
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--game", "smith", "--seed", "1",
                             "--rule", "any-suit", "--no-sound"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 20
        kids: list[int] = []
        while not kids and time.monotonic() < end:
            time.sleep(0.1)
            kids = children(game.pid)
        assert kids, "the game started its solver (the indicator asks about the deal)"
        end = time.monotonic() + 10
        while sum(cpu_seconds(k) for k in kids) < 0.3 and time.monotonic() < end:
            time.sleep(0.05)
        assert all(alive(k) for k in kids)
        assert sum(cpu_seconds(k) for k in kids) >= 0.3, "the worker is at work on the deal"
        game.send_signal(signal.SIGKILL)
        game.wait(5)
        end = time.monotonic() + 1.0
        while any(alive(k) for k in kids) and time.monotonic() < end:
            time.sleep(0.02)
        assert not [k for k in kids if alive(k)], "a second after the game was killed, its processes are gone"
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(5)


def test_a_worker_that_stops_is_logged_with_its_traceback_and_the_player_told(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "7", "--rule", "alternate")      # no indicator
    try:
        assert app.analyst.pid is None, "without the indicator the solver waits for a hint"
        key(app, pygame.K_h, unicode="h")
        assert "thinking" in app.message
        assert wait_for(app, lambda: app.scene.flash_rects)
        first = app.analyst.pid
        assert first is not None
        # the two sides disagree: a line that is not a request stops the worker, with a traceback
        app.analyst._process.stdin.write(b"{not a request\n")
        app.analyst._process.stdin.flush()
        assert wait_for(app, lambda: "stopped unexpectedly" in app.message)
        assert "card-shell.log" in app.message
        text = (tmp_path / logs.NAME).read_text()
        assert "The solver's process stopped unexpectedly (exit status 2)" in text
        assert "Traceback (most recent call last)" in text and "JSONDecodeError" in text
        # the next hint starts a new one (the first hint's line forgotten, so
        # that H asks the solver rather than stepping through it)
        app.scene.flash_rects = []
        app.session.hint_line = []
        key(app, pygame.K_h, unicode="h")
        assert wait_for(app, lambda: app.scene.flash_rects)
        assert app.analyst.pid not in (None, first)
        # killed from outside, it is said so too
        os.kill(app.analyst.pid, signal.SIGKILL)
        assert wait_for(app, lambda: "stopped unexpectedly" in app.message)
        assert "ended by signal 9" in (tmp_path / logs.NAME).read_text()
    finally:
        app.analyst.stop()


def test_a_search_that_fails_is_logged_and_the_player_told(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "7", "--rule", "alternate")

    class Broken:
        def to_dict(self):
            doc = endgame()
            doc["position"]["columns"][0].append("ZZ")      # no such card
            return doc
    try:
        app.session.verdict = "thinking"
        app.analyst.ask(Broken(), "verdict")
        assert wait_for(app, lambda: app.session.verdict != "thinking")
        assert app.session.verdict == "" and "failed on this deal" in app.message
        text = (tmp_path / logs.NAME).read_text()
        assert "The solver failed on a verdict request" in text
        assert "Traceback (most recent call last)" in text and 'worker.py", line' in text
        assert app.analyst.pid is not None and app.analyst._process.poll() is None, "the worker goes on"
    finally:
        app.analyst.stop()


def test_hints_need_no_indicator_and_the_table_does_not_wait(tmp_path):
    app = make_app(tmp_path, "--game", "smith", "--seed", "1", "--rule", "any-suit")
    try:
        start = time.monotonic()
        key(app, pygame.K_h, unicode="h")
        assert time.monotonic() - start < 0.25, "the table asked and went on"
        assert app.message == "Hint: thinking..." and not app.scene.flash_rects
        assert wait_for(app, lambda: app.scene.flash_rects, seconds=10)
        assert app.message.startswith("Hint: ") and "thinking" not in app.message
        assert app.game.history == [], "a hint shows, it does not play"
    finally:
        app.analyst.stop()


@pytest.mark.slow
def test_a_hint_asked_before_a_move_is_not_shown_after_it(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "7", "--rule", "alternate")
    try:
        key(app, pygame.K_h, unicode="h")
        assert app.analyst.pending.get("hint")
        app.scene.try_move(str(app.game.legal_moves()[0]))
        assert "hint" not in app.analyst.pending, "the move made the hint stale"
        time.sleep(1.0)
        wait_for(app, lambda: False, seconds=0.3)
        assert not app.scene.flash_rects
    finally:
        app.analyst.stop()


def test_hints_step_through_the_solution(tmp_path):
    doc = endgame()        # the ten of hearts on its nine: Layoff does not finish it (H would say Layoff)
    doc["position"]["columns"][3:5] = [["KS", "QH", "JS", "9S"], ["9H", "TH"]]
    app = make_app(tmp_path, "--analysis")
    try:
        app.show_game(engine.from_dict(doc), opening=False)
        assert wait_for(app, lambda: app.session.verdict == "won")
        line = list(app.session.hint_line)
        assert len(line) >= 3
        for n, move in enumerate(line[:3]):
            key(app, pygame.K_h, unicode="h")
            assert app.message == f"Hint: {describe(app.game, move, places=True)}.", \
                "each H the next move of the solution"
            assert "hint" not in app.analyst.pending, "a known solution asks the solver nothing"
            assert len(app.game.history) == n, "a hint shows, it does not play"
            app.scene.try_move(move)                # the player follows it
            settle(app)
            assert app.game.history[-1] == move
        s = app.session
        assert s.hint_line[0] == line[3] or s.verdict == "won", "the line goes on (or a new one came)"
        assert "verdict" not in app.analyst.pending, "following a known line asks the solver nothing"
        app.undo()                                   # back a move: the line from there is known too
        assert app.session.verdict == "won" and "verdict" not in app.analyst.pending
        assert app.session.hint_line == line[2:], "the position seen before keeps its line"
        app.scene.try_move(next(str(m) for m in app.game.legal_moves() if str(m) != line[2]))
        assert app.session.hint_line == [], "off the line: it is no longer a solution from here"
    finally:
        app.analyst.stop()


def test_the_frozen_app_starts_itself_as_the_worker(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert analyst_module.worker_command() == [sys.executable, "--solver-worker"]
    monkeypatch.delattr(sys, "frozen")
    assert analyst_module.worker_command()[1:] == ["-m", "engine.solve.worker"]
    # main.py with the flag is the worker, and imports no pygame
    process = subprocess.Popen([sys.executable, "-X", "importtime", str(ROOT / "main.py"), "--solver-worker"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        ask(process, 1, "hint", endgame(), budget=0.3)
        assert json.loads(process.stdout.readline())["moves"]
    finally:
        process.stdin.close()
        process.wait(5)
    assert "pygame" not in process.stderr.read().decode()


def test_a_solver_that_cannot_start_is_said_so(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "7", "--rule", "alternate")
    app.analyst.command = [str(tmp_path / "no-such-program")]
    key(app, pygame.K_h, unicode="h")
    assert app.message.startswith("Hints need the solver") and "could not start" in app.message
    app.start_demo()
    assert app.session.demo is None and app.message.startswith("The Demo needs the solver")
    text = (tmp_path / logs.NAME).read_text()
    assert "The solver's process could not start" in text and "FileNotFoundError" in text


def test_a_solver_that_keeps_stopping_is_given_up(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "7", "--rule", "alternate")
    app.analyst.command = [sys.executable, "-c", "import sys; sys.stderr.write('broken on purpose'); sys.exit(3)"]
    try:
        for n in range(analyst_module.MAX_STARTS):
            app.say("")
            key(app, pygame.K_h, unicode="h")
            # the hint is asked; a worker that dies at once may already be
            # seen dead within the same key press (a loaded machine)
            assert app.message == "Hint: thinking..." or "stopped unexpectedly" in app.message
            assert wait_for(app, lambda: "stopped unexpectedly" in app.message), n
        key(app, pygame.K_h, unicode="h")
        assert "stopped too often" in app.message
        text = (tmp_path / logs.NAME).read_text()
        assert text.count("stopped unexpectedly (exit status 3):\nbroken on purpose") == analyst_module.MAX_STARTS
    finally:
        app.analyst.stop()


def test_a_worker_a_search_left_large_is_replaced_once_it_is_idle(tmp_path, monkeypatch):
    """The tenth hour answers as the first minute: a worker grown past
    REST_MB is replaced by a fresh one when it has nothing to answer, the
    old one leaves, and the next request is answered by the new one."""
    monkeypatch.setattr(analyst_module, "REST_MB", 1.0)        # every worker is "grown" past this
    app = make_app(tmp_path, "--analysis", "--game", "prince", "--seed", "7", "--rule", "alternate")
    try:
        first = app.analyst.pid
        assert wait_for(app, lambda: app.session.verdict != "thinking", seconds=60)
        assert app.analyst.replaced == 1 and app.analyst.pid != first, "replaced once idle"
        assert wait_for(app, lambda: not alive(first), seconds=3), "the grown worker left"
        app.scene.try_move(str(app.game.legal_moves()[-1]))
        settle(app)
        if app.session.verdict == "thinking":
            assert wait_for(app, lambda: app.session.verdict != "thinking", seconds=60), "the fresh worker answers"
        assert app.analyst.failed == "" and app.analyst.starts - app.analyst.replaced == 1
    finally:
        app.analyst.stop()


def test_a_worker_that_is_busy_is_not_replaced(tmp_path, monkeypatch):
    monkeypatch.setattr(analyst_module, "REST_MB", 1.0)
    app = make_app(tmp_path, "--analysis", "--game", "smith", "--seed", "1", "--rule", "any-suit")
    try:
        pid = app.analyst.pid
        key(app, pygame.K_h, unicode="h")                    # a hint answers while the verdict still searches
        assert wait_for(app, lambda: "Hint: thinking" not in app.message, seconds=60)
        assert "verdict" in app.analyst.pending and app.analyst.pid == pid, "not replaced mid-search"
    finally:
        app.analyst.stop()


@pytest.mark.slow
def test_the_demo_reports_its_progress_as_it_searches():
    process = worker()
    try:
        ask(process, 1, "demo", SLOW.to_dict(), budget=2.0)
        first = json.loads(process.stdout.readline())
        assert (first["id"], first["status"], first["most"]) == (1, "progress", 100)
        assert 0 <= first["done"] < 100
        seen = [first]
        while seen[-1]["status"] == "progress":
            seen.append(json.loads(process.stdout.readline()))
        dones = [m["done"] for m in seen[:-1]]
        assert dones == sorted(dones), "the share spent only grows"
        assert seen[-1]["status"] in ("unknown", "won") and "rss_mb" in seen[-1] and "cpu_s" in seen[-1]
    finally:
        process.stdin.close()
        process.wait(5)
