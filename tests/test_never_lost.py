"""A player's game is never lost: not by a menu, not by an undo, not by a
damaged save, not by a second copy of the game, not by a kill (issue 12).

The menus are driven with real pygame events on SDL's dummy drivers
(``tests/gui.py``); the two copies and the kill are real processes."""

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
from gui import click, key, make_app, pump, settle

import engine
from engine import codes
from game.app import App, parse_args
from game.assistant.analyst import ANSWER, Analyst, Answer
from game.storage import storage
from game.storage.records import Records
from game.table.session import Session
from game.voice.status import leaving_cost, points_text

CTRL = pygame.KMOD_CTRL
ROOT = Path(__file__).resolve().parent.parent


def ctrl(app, k):
    key(app, k, CTRL)


def type_text(app, text: str) -> None:
    for ch in text:
        key(app, pygame.K_a, unicode=ch)


def play(app, count: int = 1) -> None:
    """``count`` moves of the table's game, through the table (each autosaved)."""
    for _ in range(count):
        move = next(m for m in app.game.legal_moves() if m.word is None)
        assert app.scene.try_move(str(move))
        settle(app)


def files_of(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder``: its bytes and its modification time."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def stats_of(app, name: str = "republic", rule: str = "alternate") -> tuple[int, int, float]:
    rec = app.records.stats.get(name, rule)
    return rec.games, rec.wins, rec.points


def saved_document(path: Path) -> str:
    """A Save As document of a Prince deal with one move made, for Open."""
    game = engine.new_game("prince", seed=7, rule="alternate")
    game.play(next(m for m in game.legal_moves() if m.word is None))
    path.write_text(json.dumps(game.to_dict()), encoding="utf-8")
    return path.name


def republic_under_way(home: Path, moves: int = 3):
    app = make_app(home, "--game", "republic", "--seed", "3")
    play(app, moves)
    return app


# ----------------------------------------------------------------- what leaving costs
@pytest.mark.parametrize("name,rule,words", [
    ("republic", "alternate", "This game counts as a loss: -2 points."),
    ("republic", "any-suit", "This game counts as a loss: -4 points."),
    ("prince", "same-suit", "This game counts as a loss: -1 point."),
    ("smith", "same-suit", "This game counts as a loss: 0 points."),
    ("gaps", None, "This game is gone for good (Gaps keeps no score)."),
])
def test_the_question_says_what_leaving_a_game_costs(name, rule, words):
    game = engine.new_game(name, seed=4, **({"rule": rule} if rule else {}))
    game.play(next(m for m in game.legal_moves() if m.word is None))
    assert leaving_cost(Session(game)) == words
    assert leaving_cost(Session(game, assisted=True)) == "This game is not counted: the Demo played in it."


def test_points_read_as_a_player_reads_them():
    assert [points_text(p) for p in (-2.0, -1.75, 1.0, 0.0, 4.0)] == \
        ["-2 points", "-1.75 points", "1 point", "0 points", "4 points"]


# ----------------------------------------------------------------- New Game, Open, Deal by Code
def test_new_game_over_a_game_in_progress_says_what_it_costs_and_cancel_keeps_it(tmp_path):
    app = republic_under_way(tmp_path)
    before, game, history = files_of(tmp_path), app.game, app.game.history
    ctrl(app, pygame.K_n)
    question = app.dialogs[-1].message
    assert "under way (3 moves)" in question and "This game counts as a loss: -2 points." in question
    key(app, pygame.K_ESCAPE)                              # Cancel
    assert not app.dialogs and app.game is game and app.game.history == history
    assert files_of(tmp_path) == before and stats_of(app) == (0, 0, 0)
    ctrl(app, pygame.K_n)
    key(app, pygame.K_RETURN)                              # New Game
    assert app.game is not game and app.game.history == []
    assert stats_of(app) == (1, 0, -2)


def test_open_of_another_game_replaces_nothing_so_asks_nothing(tmp_path):
    home, docs = tmp_path / "home", tmp_path / "docs"
    docs.mkdir()
    name = saved_document(docs / "friend.json")
    app = republic_under_way(home)
    app.last_folder = docs
    republic = (home / "saves" / "republic.json").read_bytes()
    ctrl(app, pygame.K_o)                                  # File > Open...
    type_text(app, name)
    key(app, pygame.K_RETURN)
    assert not app.dialogs and app.game.name == "prince" and app.game.seed == 7
    assert stats_of(app) == (0, 0, 0)                      # the Republic is not scored ...
    assert (home / "saves" / "republic.json").read_bytes() == republic      # ... but kept, as it was
    app.choose_game("republic")
    assert app.game.seed == 3 and len(app.game.history) == 3


def test_open_of_the_same_game_asks_and_cancel_keeps_everything(tmp_path):
    home, docs = tmp_path / "home", tmp_path / "docs"
    docs.mkdir()
    other = engine.new_game("republic", seed=8, rule="alternate")
    (docs / "friend.json").write_text(json.dumps(other.to_dict()), encoding="utf-8")
    app = republic_under_way(home)
    app.last_folder = docs
    before, game, history = files_of(home), app.game, app.game.history
    ctrl(app, pygame.K_o)
    type_text(app, "friend")
    key(app, pygame.K_RETURN)
    question = app.dialogs[-1]
    assert question.buttons == ("Open", "Cancel")
    assert "Open friend.json?" in question.message and "under way (3 moves)" in question.message
    assert "This game counts as a loss: -2 points." in question.message
    key(app, pygame.K_ESCAPE)                              # Cancel
    assert not app.dialogs and app.game is game and app.game.history == history
    assert files_of(home) == before and stats_of(app) == (0, 0, 0)

    ctrl(app, pygame.K_o)
    type_text(app, "friend")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                              # Open
    assert app.game.seed == 8 and stats_of(app) == (1, 0, -2)
    assert not (home / "saves" / "republic.json").exists()   # the opened deal has no move yet


def test_open_by_the_file_menu_with_the_mouse_asks_too(tmp_path):
    home, docs = tmp_path / "home", tmp_path / "docs"
    docs.mkdir()
    other = engine.new_game("republic", seed=8, rule="alternate")
    (docs / "friend.json").write_text(json.dumps(other.to_dict()), encoding="utf-8")
    app = republic_under_way(home)
    app.last_folder = docs
    game = app.game
    click(app, app.menu._titles[0].center)                 # File
    box = next(r for r, item in app.menu._items if item.label == "Open...")
    click(app, box.center)
    assert app.dialogs and app.dialogs[-1].title == "Open a Game"
    type_text(app, "friend.json")
    key(app, pygame.K_RETURN)
    question = app.dialogs[-1]
    assert "This game counts as a loss: -2 points." in question.message
    cancel = next(b for b, label in question._buttons if label == "Cancel")
    click(app, cancel.center)
    assert not app.dialogs and app.game is game and stats_of(app) == (0, 0, 0)


def test_open_of_another_game_keeps_the_table_s_game_saved_and_asks_about_the_saved_one(tmp_path):
    home, docs = tmp_path / "home", tmp_path / "docs"
    docs.mkdir()
    name = saved_document(docs / "prince.json")
    prince = make_app(home, "--game", "prince", "--seed", "2")
    play(prince, 2)
    prince_save = (home / "saves" / "prince.json").read_bytes()
    app = republic_under_way(home)
    app.last_folder = docs
    republic_save = (home / "saves" / "republic.json").read_bytes()
    ctrl(app, pygame.K_o)
    type_text(app, name)
    key(app, pygame.K_RETURN)
    question = app.dialogs[-1].message
    assert "Your saved game of The Prince (2 moves) ends unfinished: it cannot be taken up again." in question
    assert "That game counts as a loss: -2 points." in question
    key(app, pygame.K_ESCAPE)
    assert app.game.name == "republic" and (home / "saves" / "prince.json").read_bytes() == prince_save

    ctrl(app, pygame.K_o)
    type_text(app, name)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                              # Open
    assert app.game.name == "prince" and app.game.seed == 7
    assert stats_of(app, "prince") == (1, 0, -2) and stats_of(app) == (0, 0, 0)
    assert (home / "saves" / "republic.json").read_bytes() == republic_save   # switched from, not ended
    assert Records(home).load_game("prince")[0].seed == 7  # the opened game holds the Prince's place now


def test_deal_by_code_over_a_game_in_progress_asks_and_cancel_keeps_everything(tmp_path):
    app = republic_under_way(tmp_path)
    before, game, history = files_of(tmp_path), app.game, app.game.history
    code = codes.encode("republic", {"rule": "alternate"}, 99)
    ctrl(app, pygame.K_k)                                  # File > Deal by Code...
    type_text(app, code)
    key(app, pygame.K_RETURN)                              # Deal: now the question
    question = app.dialogs[-1]
    assert question.buttons == ("Deal", "Cancel")
    assert f"Play the deal with code {code}?" in question.message
    assert "This game counts as a loss: -2 points." in question.message
    key(app, pygame.K_ESCAPE)                              # Cancel
    assert not app.dialogs and app.game is game and app.game.history == history
    assert files_of(tmp_path) == before and stats_of(app) == (0, 0, 0)

    ctrl(app, pygame.K_k)
    type_text(app, code)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                              # Deal
    assert app.game.seed == 99 and app.game.history == [] and stats_of(app) == (1, 0, -2)


def test_a_game_without_a_move_is_replaced_without_a_question(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    ctrl(app, pygame.K_k)
    type_text(app, codes.encode("republic", {"rule": "alternate"}, 99))
    key(app, pygame.K_RETURN)
    assert not app.dialogs and app.game.seed == 99 and stats_of(app) == (0, 0, 0)


# ----------------------------------------------------------------- undo to move 0
def test_an_undo_back_to_move_0_is_saved_and_scores_nothing_later(tmp_path):
    app = make_app(tmp_path, "--game", "republic", "--seed", "3")
    play(app, 1)
    ctrl(app, pygame.K_z)                                  # Undo: back to the deal
    assert app.game.history == []
    again = make_app(tmp_path, "--game", "republic")
    assert again.game.seed == 3 and again.game.history == []       # the undo came back, not the move
    ctrl(again, pygame.K_k)
    type_text(again, codes.encode("republic", {"rule": "alternate"}, 99))
    key(again, pygame.K_RETURN)
    assert not again.dialogs and again.game.seed == 99 and stats_of(again) == (0, 0, 0)


def test_a_rewind_to_the_start_is_saved(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "3")
    play(app, 2)
    key(app, pygame.K_b, CTRL | pygame.KMOD_SHIFT)       # Rewind to Start
    assert app.game.history == []
    assert make_app(tmp_path, "--game", "prince").game.history == []


# ----------------------------------------------------------------- a save with an illegal move
def test_a_save_with_one_illegal_move_comes_back_up_to_it_and_says_what_was_dropped(tmp_path):
    republic_under_way(tmp_path, moves=4)
    path = tmp_path / "saves" / "republic.json"
    doc = json.loads(path.read_text())
    history = doc["data"]["history"]
    doc["data"]["history"] = history[:2] + ["zz-top"] + history[2:]
    path.write_text(json.dumps(doc), encoding="utf-8")
    again = make_app(tmp_path, "--game", "republic")
    assert again.game.seed == 3 and again.game.history == history[:2]
    message = again.dialogs[-1].message
    assert "saves/republic.json" in message and "move 3 of 5" in message and "'zz-top'" in message
    assert "goes on from move 2" in message and "the 2 moves after it were dropped" in message
    assert "saves/republic.json.bad" in message
    assert json.loads((tmp_path / "saves" / "republic.json.bad").read_text()) == doc   # kept whole
    assert make_app(tmp_path, "--game", "republic").game.history == history[:2]      # saved as restored


# ----------------------------------------------------------------- Winnable Deals Only, damaged autosave
def test_winnable_deals_only_with_a_damaged_autosave_draws_the_table_and_the_alert_at_once(tmp_path, monkeypatch):
    asked = []

    def ask(self, game, purpose="verdict", budget=0.0, known=True, **more):   # the solver's process, stood in for
        self.request += 1
        self.pending[purpose] = self.request
        asked.append((purpose, self.request))
        return self.request
    monkeypatch.setattr(Analyst, "ask", ask)
    (tmp_path / "saves").mkdir(parents=True)
    (tmp_path / "saves" / "republic.json").write_text('{"format": 1, "kind": "game", "data": {"game"')
    (tmp_path / "preferences.json").write_text(json.dumps(storage.wrap("preferences", {"winnable": True})))
    os.environ["CARD_SHELL_HOME"] = str(tmp_path)
    app = App(parse_args(["--size", "1024x640", "--no-sound", "--game", "republic"]))   # deals animated
    app.begin()
    pump(app)
    assert "republic.json could not be used" in app.dialogs[-1].message
    request = next(n for purpose, n in asked if purpose == "winnable")
    found = app.game.seed + 1                              # the solver won the next deal
    pygame.event.post(pygame.event.Event(ANSWER, answer=Answer(request, "winnable", "won", seed=found)))
    pump(app)
    assert app.game.seed == found and app.dialogs and "could not be used" in app.dialogs[-1].message
    assert not app.scene.actors and not app.scene.hidden   # every card lies on the table now
    shown = app.screen.copy()
    app.redraw_all()                                       # what a click would draw ...
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.screen, "RGB")   # ... is drawn
    paper = (app.dialogs[-1].rect.x + 12, app.dialogs[-1].rect.bottom - 12)
    assert app.screen.get_at(paper)[:3] == (246, 244, 236)


# ----------------------------------------------------------------- two copies, and a kill
def launch(home: Path, *argv: str) -> subprocess.Popen:
    env = {**os.environ, "CARD_SHELL_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "main.py", "--no-sound", "--no-analysis", *argv], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_until(test, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.communicate(timeout=10)


def test_a_second_copy_says_so_and_touches_no_file_and_a_killed_one_lets_go(tmp_path):
    first = launch(tmp_path, "--game", "republic", "--seed", "3")
    try:
        lock = tmp_path / storage.LOCK
        wait_until(lambda: lock.exists() and lock.read_text().strip() == str(first.pid), "the first copy's lock")
        wait_until(lambda: (tmp_path / "preferences.json").exists(), "the first copy's start")
        time.sleep(0.5)
        before = files_of(tmp_path)
        second = launch(tmp_path, "--game", "gaps")
        out, err = second.communicate(timeout=60)
        assert second.returncode == 1
        assert f"Card Shell is already running (process {first.pid})" in err and str(tmp_path) in err
        assert "This copy changed nothing." in err
        assert files_of(tmp_path) == before
        assert first.poll() is None                        # the first plays on
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        third = launch(tmp_path, "--game", "gaps", "--screenshot", str(tmp_path.parent / "third.png"))
        out, err = third.communicate(timeout=60)
        assert third.returncode == 0, err                  # the system let go of the killed copy's lock
    finally:
        stop(first)


WRITER = """
import sys, time
from pathlib import Path
from game.storage import storage
path, n = Path(sys.argv[1]), int(sys.argv[2])
print(storage.temporary_name(path).name, flush=True)
for k in range(n):
    storage.write_atomic(path, storage.dumps({"writer": sys.argv[3], "k": k, "pad": "x" * 4000}))
print("done", flush=True)
"""


def test_two_processes_saving_one_file_never_spoil_it(tmp_path):
    path = tmp_path / "statistics.json"
    storage.write_atomic(path, storage.dumps({"writer": "start", "k": 0, "pad": ""}))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), "300", name], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for name in "ab"]
    reads = 0
    while any(w.poll() is None for w in writers):
        data = json.loads(path.read_text(encoding="utf-8"))     # never empty, never cut short
        assert data["writer"] in ("start", "a", "b")
        reads += 1
    outputs = [w.communicate(timeout=30) for w in writers]
    for w, (out, err) in zip(writers, outputs):
        assert w.returncode == 0 and out.split()[-1] == "done", err    # no write failed
    names = [out.split()[0] for out, _ in outputs]
    assert names[0] != names[1] and all(storage.is_leftover(n) for n in names)
    assert reads and list(tmp_path.glob("*.tmp")) == []


KILLED_MID_SAVE = """
import os, sys, time
from pathlib import Path
from game.storage import storage
def hang(src, dst):
    print("written, not yet renamed", flush=True)
    time.sleep(600)
os.replace = hang
storage.write_atomic(Path(sys.argv[1]), "{\\"half\\": ")
"""


def test_a_save_killed_midway_leaves_the_last_good_file_and_its_leftover_goes_at_start(tmp_path):
    app = republic_under_way(tmp_path, moves=2)
    save = tmp_path / "saves" / "republic.json"
    good, history = save.read_bytes(), app.game.history
    killed = subprocess.Popen([sys.executable, "-c", KILLED_MID_SAVE, str(save)], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert killed.stdout.readline().strip() == "written, not yet renamed"
        killed.send_signal(signal.SIGKILL)
        killed.wait(timeout=10)
    finally:
        stop(killed)
    assert save.read_bytes() == good
    leftovers = list(save.parent.glob("*.tmp"))
    assert len(leftovers) == 1 and storage.is_leftover(leftovers[0].name)
    (tmp_path / "preferences.json.tmp").write_text("{")   # an earlier version's leftover name
    started = launch(tmp_path, "--game", "republic", "--screenshot", str(tmp_path.parent / "shot.png"))
    out, err = started.communicate(timeout=60)
    assert started.returncode == 0, err
    assert list(tmp_path.rglob("*.tmp")) == []             # cleaned at start
    assert Records(tmp_path).load_game("republic")[0].history == history


def test_only_card_shell_s_own_temporaries_count_as_leftovers():
    assert storage.is_leftover(storage.temporary_name(Path("saves/gaps.json")).name)
    assert storage.is_leftover("gaps.json.tmp")
    assert not storage.is_leftover("notes.tmp") and not storage.is_leftover("gaps.json")


def test_the_desktop_entry_is_written_by_the_same_atomic_writer(tmp_path, monkeypatch):
    from game.shell import desktop
    monkeypatch.setattr(sys, "argv", ["main.py"])
    entry = desktop.install(home=tmp_path, platform="linux")
    good = entry.read_bytes()
    assert stat_mode(entry) == 0o755 and list(tmp_path.rglob("*.tmp")) == []

    def refused(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(OSError):
        desktop.install(home=tmp_path, platform="linux")
    assert entry.read_bytes() == good and list(tmp_path.rglob("*.tmp")) == []   # the old entry, whole


def stat_mode(path: Path) -> int:
    return path.stat().st_mode & 0o777
