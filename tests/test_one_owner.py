"""One owner for each thing (issue 26): no class of the front end reads an
attribute it neither sets nor is given, and no class is a mixin; the
table's parts hold what the table handed them, never the app."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from gui import make_app

ROOT = Path(__file__).resolve().parent.parent


def _attr_reads():
    """tools/ is no package: the script is loaded from its file (and registered, as its dataclasses need)."""
    if "attr_reads" in sys.modules:
        return sys.modules["attr_reads"]
    spec = importlib.util.spec_from_file_location("attr_reads", ROOT / "tools" / "attr_reads.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["attr_reads"] = module
    spec.loader.exec_module(module)
    return module


def test_no_class_reads_what_it_neither_sets_nor_receives_and_none_is_a_mixin():
    attr_reads = _attr_reads()
    folder = ROOT / "game"
    report = attr_reads.scan([folder])
    assert not report.errors
    scanned = {name for path in attr_reads.python_files([folder]) for name in attr_reads.read_file(path).classes}
    assert {"App", "Table", "Painter", "Animator", "Pointer", "Keyboard"} <= scanned, "the front end was scanned"
    assert report.total == 0, "\n" + attr_reads.render(report)
    assert report.mixins == []


#: the callbacks each part of the table is handed (a bound method of the app's stage, settings or flow)
CALLBACKS = {
    "painter": {"option", "table_area", "chrome_rect", "card_aspect", "draw_chrome"},
    "animator": {"option", "table_area", "show_result", "show_over"},
    "pointer": {"option", "say", "toggle_pause"},
    "keyboard": set(),
}


def test_the_tables_parts_share_its_board_and_hold_no_app(tmp_path):
    app = make_app(tmp_path, "--game", "prince", "--seed", "3")
    table = app.scene
    parts = {"painter": table.painter, "animator": table.animator, "pointer": table.pointer,
             "keyboard": table.keyboard}
    for name, part in parts.items():
        held = vars(part)
        assert part.board is table.board, f"{name}: one board for the whole table"
        assert "app" not in held and all(value is not app for value in held.values()), f"{name} holds the app"
        owners = (app.stage, app.settings, app.flow)     # the app's parts that own them (never the app)
        given = {key for key, value in held.items() if any(getattr(value, "__self__", None) is o for o in owners)}
        assert given == CALLBACKS[name], f"{name}: the app's callbacks it was handed"
    # the parts know each other only as the table wired them
    assert table.animator.painter is table.painter
    assert table.pointer.painter is table.painter and table.pointer.animator is table.animator
    assert table.keyboard.painter is table.painter and table.keyboard.pointer is table.pointer
    assert table.pointer.table is table and table.keyboard.table is table
    assert table.painter.canvas is app.canvas and table.painter.window is app.window
    assert table.animator.sounds is app.sounds and table.pointer.sounds is app.sounds
    # what the app and its tests read of the table is the board's
    assert table.layout is table.board.layout
    table.focus = ("c1", None)
    assert table.board.focus == ("c1", None)
