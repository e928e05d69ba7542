"""The accessibility tree (issue 37, game/access/): with AT-SPI running in
a private D-Bus session, the game's window is found in the desktop's tree
with the table's places as named children (the words the game speaks for
each); after keys move the focus, the focused object is named by the
place's words; an open menu's lit item takes the focus, and a dialog's
button.  The tree's outline (plain data, without AccessKit) is checked
everywhere.

The tree is walked from the screen reader's side, as Orca does, with
pyatspi under the system's Python (Debian's python3-pyatspi).  Skips, with
the reason, where accesskit (the ``access`` extra), pyatspi, dbus-daemon or
AT-SPI's bus launcher is missing, and off Linux."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = next((p for p in ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")
                     if Path(p).exists()), None)

#: run by the system's Python: the application whose process is ours, as a tree of (role, name, focused)
WALKER = r"""
import json, sys, pyatspi
pid = int(sys.argv[1])
def walk(acc, depth=0):
    if depth > 12:
        return None
    st = acc.getState()
    return {"role": acc.getRoleName(), "name": acc.name or "",
            "focused": st.contains(pyatspi.STATE_FOCUSED),
            "children": [walk(acc.getChildAtIndex(i), depth + 1) for i in range(acc.childCount)]}
desk = pyatspi.Registry.getDesktop(0)
apps = [desk.getChildAtIndex(i) for i in range(desk.childCount)]
found = [a for a in apps if a is not None and a.get_process_id() == pid]
if found and len(sys.argv) > 2:     # a screen reader's focus put on the object of that name
    def find(acc):
        if acc.name == sys.argv[2]:
            return acc
        for i in range(acc.childCount):
            hit = find(acc.getChildAtIndex(i))
            if hit is not None:
                return hit
    print(json.dumps(find(found[0]).queryComponent().grabFocus()))
else:
    print(json.dumps(walk(found[0]) if found else None))
"""


#: run by the system's Python: the focus events (what Orca speaks from), each "FOCUS name", for argv[1] seconds
LISTENER = r"""
import sys, pyatspi
from gi.repository import GLib
def on(event):
    if event.detail1:
        print("FOCUS", event.source.name, flush=True)
pyatspi.Registry.registerEventListener(on, "object:state-changed:focused")
print("READY", flush=True)
GLib.timeout_add(int(float(sys.argv[1]) * 1000), lambda: pyatspi.Registry.stop())
pyatspi.Registry.start()
"""


def missing() -> str:
    """Why the test cannot run here ("" when it can)."""
    if not sys.platform.startswith("linux"):
        return "AT-SPI is Linux's"
    try:
        import accesskit  # noqa: F401
    except ImportError:
        return "accesskit is not installed (pip install 'card-shell[access]')"
    if not shutil.which("dbus-daemon"):
        return "no dbus-daemon (Debian: dbus)"
    if BUS_LAUNCHER is None:
        return "no AT-SPI bus launcher (Debian: at-spi2-core)"
    if not Path(SYSTEM_PYTHON).exists() or subprocess.run(
            [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, timeout=60).returncode != 0:
        return "the system's Python has no pyatspi (Debian: python3-pyatspi)"
    return ""


def stop(process: subprocess.Popen) -> None:
    """A process this test started, and the group it leads, stopped."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except OSError:
        pass
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


@pytest.fixture
def atspi(tmp_path, monkeypatch):
    """A private session bus with AT-SPI's bus on it, accessibility
    enabled (as a running screen reader leaves it); its environment set."""
    why = missing()
    if why:
        pytest.skip(why)
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime), NO_AT_BRIDGE="1")
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True, text=True)
    started = [bus]
    try:
        address = bus.stdout.readline().strip()
        assert address, "dbus-daemon gave no address"
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        launcher = subprocess.Popen([BUS_LAUNCHER, "--launch-immediately"], env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, start_new_session=True)
        started.append(launcher)
        enable = ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                  "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                  "variant:boolean:true"]
        end = time.monotonic() + 15
        while subprocess.run(enable, env=env, capture_output=True, timeout=15).returncode != 0:
            if time.monotonic() > end:
                pytest.skip("AT-SPI's bus did not come up in a private D-Bus session")
            time.sleep(0.2)
        for name in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"):
            monkeypatch.setenv(name, env[name])
        monkeypatch.delenv("CARD_SHELL_ACCESS", raising=False)
        yield env
    finally:
        for process in reversed(started):
            stop(process)


def walk(env, grab: str = "") -> dict | None:
    """The tree as a screen reader reads it (``grab``: the object of that name given the focus instead)."""
    done = subprocess.run([SYSTEM_PYTHON, "-c", WALKER, str(os.getpid()), *([grab] if grab else [])], env=env,
                          capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def nodes(tree: dict):
    yield tree
    for child in tree["children"]:
        if child is not None:
            yield from nodes(child)


def named(tree: dict, role: str, name: str) -> dict:
    hits = [n for n in nodes(tree) if n["role"] == role and n["name"] == name]
    assert hits, f"no {role} named {name!r} in {[(n['role'], n['name']) for n in nodes(tree)]}"
    return hits[0]


def focused(tree: dict) -> list[dict]:
    return [n for n in nodes(tree) if n["focused"]]


def told(app, env, until) -> dict:
    """The tree as the screen reader reads it, once ``until(tree)`` holds
    (the adapter answers on its own thread: the loop runs meanwhile)."""
    from gui import pump
    end = time.monotonic() + 20
    tree = None
    while time.monotonic() < end:
        pump(app)
        tree = walk(env)
        if tree is not None and until(tree):
            return tree
        time.sleep(0.1)
    raise AssertionError(f"the tree never showed what was expected: {json.dumps(tree)[:3000]}")


def test_the_window_its_places_and_the_focus_as_a_screen_reader_reads_them(atspi, tmp_path):
    import pygame
    from gui import key, make_app, pump

    from game.table.board import focus_targets
    from game.voice.spoken import focus_words

    app = make_app(tmp_path / "home", "--game", "prince", "--seed", "7")
    try:
        assert app.loop.access is not None, "the tree was not started, with accesskit and a session bus"
        caption = pygame.display.get_caption()[0]
        game, layout = app.game, app.scene.board.layout
        places = list(dict.fromkeys(p for p, _i, _r in focus_targets(layout, game)))

        def table_of(tree):
            frames = [n for n in tree["children"] if n and n["role"] == "frame" and n["name"] == caption]
            tables = [n for f in frames for n in nodes(f) if n["name"] == f"{game.title} table"]
            return tables[0] if tables else None
        tree = told(app, atspi, lambda t: table_of(t) is not None and len(table_of(t)["children"]) == len(places))
        table = table_of(tree)
        focus = app.scene.board.focus
        want = [focus_words(game, layout, focus if focus and focus[0] == p else (p, None)) for p in places]
        assert [c["name"] for c in table["children"]] == want
        # each place holds its cards, by their words
        first = table["children"][0]
        assert [c["name"] for c in first["children"]], "a place's cards are its children"

        # the keys move the focus: the focused object is the place, in the keyboard's words
        key(app, pygame.K_3)
        key(app, pygame.K_RIGHT)
        words = app.scene.keyboard.focus_words()
        assert words.startswith("column 4"), words
        tree = told(app, atspi, lambda t: [n["name"] for n in focused(t)] == [words])
        assert named(tree, "list", words)["focused"]

        # a screen reader hears each move of the focus as an event, named by the place's words
        listener = subprocess.Popen([SYSTEM_PYTHON, "-c", LISTENER, "6"], env=atspi, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True)
        try:
            assert listener.stdout.readline().strip() == "READY"
            time.sleep(0.3)
            heard = []
            for k in (pygame.K_RIGHT, pygame.K_LEFT):
                key(app, k)
                heard.append(app.scene.keyboard.focus_words())
            end = time.monotonic() + 2
            while time.monotonic() < end:
                pump(app)
                time.sleep(0.05)
            events = listener.communicate(timeout=30)[0].splitlines()
        finally:
            if listener.poll() is None:
                listener.kill()
                listener.wait()
        assert [line.removeprefix("FOCUS ") for line in events if line.startswith("FOCUS ")] == heard

        # the screen reader puts the focus on a place: the keyboard's focus goes there
        other = next(c["name"] for c in table_of(walk(atspi))["children"] if c["name"].startswith("column 7"))
        assert walk(atspi, grab=other) is True
        end = time.monotonic() + 10
        while app.scene.board.focus[0] != "c7" and time.monotonic() < end:
            pump(app)
            time.sleep(0.05)
        assert app.scene.board.focus[0] == "c7"
        told(app, atspi, lambda t: [n["name"] for n in focused(t)] == [other])
        key(app, pygame.K_4)
        assert app.scene.keyboard.focus_words() == words

        # the status line's news is a live region, read as it changes
        app.stage.say("Hint: the ten of spades onto the jack of hearts.")
        told(app, atspi, lambda t: any(n["name"] == "Hint: the ten of spades onto the jack of hearts."
                                       for n in nodes(t)))

        # a menu opened from the keyboard: its lit item is focused
        key(app, pygame.K_F10)
        menu = app.menu
        assert menu.is_open
        item = menu._current[menu.open_index].items[menu.hover].label.rstrip(".")
        told(app, atspi, lambda t: [n["name"] for n in focused(t)] == [item])
        key(app, pygame.K_ESCAPE)
        told(app, atspi, lambda t: [n["name"] for n in focused(t)] == [words])

        # a dialog: its button has the focus, the dialog is named by its title
        app.stage.ask("Start the deal over?", ("Yes", "No"), title="Restart")
        tree = told(app, atspi, lambda t: [n["name"] for n in focused(t)] == ["Yes"])
        named(tree, "dialog", "Restart")
        key(app, pygame.K_TAB)
        told(app, atspi, lambda t: [n["name"] for n in focused(t)] == ["No"])
        key(app, pygame.K_ESCAPE)
        told(app, atspi, lambda t: [n["name"] for n in focused(t)] == [words])
    finally:
        app.close()


# ----------------------------------------------------------- the outline, everywhere (no AccessKit needed)
@pytest.mark.parametrize("name", ["gaps", "chinese-puzzle", "republic", "smith", "prince"])
def test_the_outline_names_every_place_by_its_spoken_words_and_focuses_the_keyboards(name, tmp_path):
    import pygame
    from gui import key, make_app

    from game.access.outline import WINDOW, outline
    from game.table.board import focus_targets
    from game.voice.spoken import focus_words

    app = make_app(tmp_path / "home", "--game", name, "--seed", "5")
    try:
        game, layout = app.game, app.scene.board.layout
        key(app, pygame.K_RIGHT)
        focus = app.scene.board.focus
        assert focus is not None
        out = outline(app.stage, "Card Shell")
        assert out.nodes[WINDOW].label == "Card Shell"
        table = out.nodes[("table",)]
        assert table.label == f"{game.title} table"
        places = list(dict.fromkeys(p for p, _i, _r in focus_targets(layout, game)))
        assert [k[1] for k in table.children] == places
        for place in places:
            here = focus if focus[0] == place else (place, None)
            assert out.label_of(("place", place)) == focus_words(game, layout, here)
            pile = layout.pile(place) if place in layout.slots else []
            assert len(out.nodes[("place", place)].children) == len(pile)
        assert out.focus == ("place", focus[0])
        assert out.label_of(out.focus) == app.scene.keyboard.focus_words()

        key(app, pygame.K_F10)              # a menu open: its lit item has the focus
        out = outline(app.stage, "Card Shell")
        assert out.focus[0] == "item" and out.nodes[out.focus].role.startswith("MENU_ITEM")
        key(app, pygame.K_ESCAPE)

        app.stage.ask("Really?", ("Yes", "No"), title="A question")
        out = outline(app.stage, "Card Shell")
        assert out.nodes[("dialog",)].label == "A question" and out.nodes[("dialog",)].modal
        assert out.label_of(out.focus) == "Yes"
    finally:
        app.close()


def test_the_start_screen_is_a_button_for_each_game_the_highlighted_one_focused(tmp_path):
    import pygame
    from gui import key, make_app

    from game.access.outline import outline
    from game.ui.start import GAMES, StartScreen

    app = make_app(tmp_path / "home")
    try:
        assert isinstance(app.scene, StartScreen)
        key(app, pygame.K_RIGHT)
        out = outline(app.stage, "Card Shell")
        assert [out.label_of(k) for k in out.nodes[("scene",)].children] == [g.title for g in GAMES]
        assert out.label_of(out.focus) == GAMES[app.scene.focus].title
    finally:
        app.close()


@pytest.mark.parametrize("keys", [(("F1", 0),), (("o", "ctrl"),)], ids=["help", "open"])
def test_every_dialog_has_its_title_its_words_and_a_focused_control(keys, tmp_path):
    import pygame
    from gui import key, make_app

    from game.access.outline import outline

    app = make_app(tmp_path / "home", "--game", "republic", "--seed", "2")
    try:
        for name, mod in keys:
            key(app, pygame.key.key_code(name), pygame.KMOD_CTRL if mod == "ctrl" else 0)
        assert app.stage.dialogs, "the dialog opened"
        out = outline(app.stage, "Card Shell")
        dialog = out.nodes[("dialog",)]
        assert dialog.label and dialog.description
        assert out.focus[0] == "dialog" and out.focus != ("dialog",) and out.label_of(out.focus)
    finally:
        app.close()
