"""tools/attr_reads.py: reads of ``self`` attributes a class neither sets nor receives."""

from __future__ import annotations

import importlib.util
import json
import sys
import textwrap
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "attr_reads.py"


def _load():
    """tools/ is no package: the script is loaded from its file (and registered, as its dataclasses need)."""
    spec = importlib.util.spec_from_file_location("attr_reads", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["attr_reads"] = module
    spec.loader.exec_module(module)
    return module


attr_reads = _load()


def write(folder: Path, name: str, source: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def scan(tmp_path: Path, source: str) -> attr_reads.Report:
    write(tmp_path, "mod.py", source)
    return attr_reads.scan([tmp_path])


def counted(report: attr_reads.Report) -> dict[str, dict[str, int]]:
    return {f.name: f.names for f in report.findings}


def test_a_mixin_read_is_counted_in_the_class_that_reads(tmp_path):
    report = scan(tmp_path, """
        class A:
            def show(self):
                return self.x + 1

        class B(A):
            def __init__(self):
                self.x = 1
    """)
    assert counted(report) == {"A": {"x": 1}}
    assert report.total == 1
    assert len(report.findings) == 1


def test_set_in_init_and_read_elsewhere_is_fine(tmp_path):
    report = scan(tmp_path, """
        class C:
            def __init__(self, size):
                self.size = size
                self.count: int = 0

            def grow(self):
                self.count += 1
                return self.size * self.count
    """)
    assert report.total == 0
    assert report.findings == []


def test_a_subclass_reading_its_project_base_is_fine_across_files(tmp_path):
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "pkg/base.py", """
        class Base:
            limit = 3

            def __init__(self):
                self.items = []

            def add(self, item):
                self.items.append(item)
    """)
    write(tmp_path, "pkg/child.py", """
        from .base import Base as Root

        class Middle(Root):
            pass

        class Child(Middle):
            def fill(self):
                for n in range(self.limit):
                    self.add(n)
                return self.items
    """)
    report = attr_reads.scan([tmp_path])
    assert report.total == 0
    assert report.outside == []


def test_a_dataclass_and_other_records_are_exempt(tmp_path):
    report = scan(tmp_path, """
        import dataclasses
        from dataclasses import dataclass
        from enum import Enum
        from typing import NamedTuple

        @dataclass(frozen=True)
        class Point:
            def far(self):
                return self.elsewhere

        @dataclasses.dataclass
        class Box:
            def big(self):
                return self.huge

        class Pair(NamedTuple):
            a: int

            def odd(self):
                return self.c

        class Colour(Enum):
            RED = 1

            def warm(self):
                return self.hue

        class Shade(Colour):
            def dark(self):
                return self.depth
    """)
    assert report.total == 0
    kinds = {name: kind for _, _, name, kind in report.records}
    assert kinds["Point"] == kinds["Box"] == "dataclass"
    assert kinds["Pair"] == "NamedTuple"
    assert kinds["Colour"] == "Enum"
    assert kinds["Shade"].startswith("Enum")


def test_an_outside_base_puts_the_reads_in_their_own_bucket(tmp_path):
    report = scan(tmp_path, """
        import threading

        class Worker(threading.Thread):
            def run(self):
                return self.name, self.payload

        class Late(Worker):
            def go(self):
                return self.result

        class Oops(ValueError):
            def text(self):
                return self.args, self.detail
    """)
    assert report.total == 0
    assert report.findings == []
    outside = {f.name: (f.names, f.outside) for f in report.outside}
    assert outside["Worker"] == ({"name": 1, "payload": 1}, ["threading.Thread"])
    assert outside["Late"] == ({"result": 1}, ["threading.Thread"])
    assert outside["Oops"] == ({"args": 1, "detail": 1}, ["ValueError"])


def test_empty_bases_are_checked_normally(tmp_path):
    report = scan(tmp_path, """
        from abc import ABC
        from typing import Generic, TypeVar

        T = TypeVar("T")

        class Holder(ABC, Generic[T], object):
            def get(self):
                return self.value
    """)
    assert counted(report) == {"Holder": {"value": 1}}
    assert report.outside == []


def test_reads_in_nested_functions_and_lambdas_count(tmp_path):
    report = scan(tmp_path, """
        class C:
            def method(self):
                def inner():
                    return self.a
                key = lambda item: self.b(item)
                return inner, key, [self.c.d for _ in range(2)]

            def rebinds(me):
                return (lambda me: me.not_ours)(None), me.e

            def shadowed(self):
                def own(self):
                    return self.not_ours_either
                return own
    """)
    assert counted(report) == {"C": {"a": 1, "b": 1, "c": 1, "e": 1}}
    assert report.total == 4


def test_every_kind_of_set_counts(tmp_path):
    report = scan(tmp_path, """
        import contextlib

        class C:
            def __init__(self, pairs):
                self.a, (self.b, *self.c) = pairs
                setattr(self, "d", 1)
                object.__setattr__(self, "e", 2)
                with contextlib.nullcontext() as self.f:
                    pass
                for self.g in range(2):
                    pass

            @classmethod
            def make(cls):
                cls.h = 1

            def use(self):
                return self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h
    """)
    assert report.total == 0


def test_properties_methods_class_attributes_and_slots_are_defined(tmp_path):
    report = scan(tmp_path, """
        class C:
            __slots__ = ("a", "b")
            LIMIT: int = 3
            kind = shape = "square"

            class Inner:
                pass

            @property
            def area(self):
                return self.a * self.b

            def use(self):
                return self.area, self.LIMIT, self.kind, self.shape, self.Inner, self.use, self.__class__
    """)
    assert report.total == 0


def test_private_names_are_mangled(tmp_path):
    report = scan(tmp_path, """
        class Base:
            def __init__(self):
                self.__secret = 1

        class Child(Base):
            def peek(self):
                return self.__secret
    """)
    assert counted(report) == {"Child": {"_Child__secret": 1}}


def test_staticmethods_have_no_self(tmp_path):
    report = scan(tmp_path, """
        class C:
            @staticmethod
            def helper(self):
                return self.anything
    """)
    assert report.total == 0


def test_mixins_are_the_unresolved_bases_of_a_class_with_two_project_bases(tmp_path):
    report = scan(tmp_path, """
        class Scene:
            pass

        class Painter:
            def draw(self):
                return self.layout

        class Table(Painter, Scene):
            def __init__(self):
                self.layout = []

        class Lone:
            def read(self):
                return self.nothing

        class Single(Lone):
            nothing = None
    """)
    assert [m.split(" ")[0] for m in report.mixins] == ["Painter"]
    assert counted(report) == {"Painter": {"layout": 1}, "Lone": {"nothing": 1}}
    assert "mixins: Painter (" in attr_reads.render(report)


def test_the_total_line_and_the_exit_status(tmp_path, capsys):
    clean = write(tmp_path, "clean/mod.py", """
        class C:
            def __init__(self):
                self.x = 1

            def get(self):
                return self.x
    """)
    dirty = write(tmp_path, "dirty/mod.py", """
        class D:
            def get(self):
                return self.x + self.x + self.y
    """)
    assert attr_reads.main([str(clean.parent)]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == "total: 0 reads of attributes a class neither sets nor receives (0 classes)"
    assert "mixins: " in out

    assert attr_reads.main([str(dirty), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert out == "total: 3 reads of attributes a class neither sets nor receives (1 classes)\n"

    assert attr_reads.main([str(dirty)]) == 1
    out = capsys.readouterr().out
    assert "D: 3 reads of 2 names: x=2, y=1" in out

    assert attr_reads.main([str(dirty), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 3 and data["classes"] == 1
    assert data["findings"][0]["class"] == "D"
    assert data["findings"][0]["names"] == {"x": 2, "y": 1}


def test_an_unparsable_file_is_named_and_fails(tmp_path, capsys):
    write(tmp_path, "broken.py", "class C(:\n")
    assert attr_reads.main([str(tmp_path)]) == 2
    assert "broken.py" in capsys.readouterr().err


def test_a_missing_path_is_an_error(tmp_path):
    with pytest.raises(SystemExit):
        attr_reads.main([str(tmp_path / "nowhere")])


# ----------------------------------------------------------------- reach-through reads
def through(report: attr_reads.Report) -> dict[str, dict[str, int]]:
    return {t.name: t.chains for t in report.through}


def test_a_chain_of_three_names_past_self_reaches_through(tmp_path):
    report = scan(tmp_path, """
        class Loop:
            def __init__(self, app, stage):
                self.app = app
                self.stage = stage

            def step(self):
                self.stage.say("hi")                  # one hop, then a call: not counted
                self.app.quit()                       # not counted
                x = self.app.window                   # self.a.b: not counted
                self.stage.table.render()             # through stage into table
                self.app.records.folder.mkdir()       # through app into records
                self.app.status.message = "set"       # a set at the end counts too
                if self.app.status.message:
                    return self.app.status.message, x
                return lambda: self.stage.table.size
    """)
    assert report.total == 0
    assert through(report) == {"Loop": {"app.status.message": 3, "stage.table.render": 1,
                                        "stage.table.size": 1, "app.records.folder.mkdir": 1}}
    t = report.through[0]
    assert t.count == 6 and report.through_total == 6
    assert t.held == {"app": 4, "stage": 2}
    assert list(t.held) == ["app", "stage"], "most first"
    assert list(t.chains)[0] == "app.status.message", "most first"


def test_one_hop_and_a_call_on_a_held_objects_method_are_not_counted(tmp_path):
    report = scan(tmp_path, """
        class C:
            def __init__(self, a):
                self.a = a

            def use(self):
                self.a.b()
                self.a.b(1).c          # a call ends the chain
                self.a.b[0].c          # so does a subscript
                type(self).x.y.z       # not self
                return self.a.b, self.a, self.a.__class__.__name__
    """)
    assert report.through == []
    assert report.through_total == 0


def test_a_local_alias_of_a_held_object_counts_as_the_held_object(tmp_path):
    report = scan(tmp_path, """
        class Table:
            def __init__(self, app):
                self.app = app

            def draw(self):
                app = self.app
                app.say("hi")                       # one hop: not counted
                text = app.status.message           # through app into status
                def later():
                    return app.records.folder       # the alias, seen from a nested function
                def shadow(app):
                    return app.status.message       # rebound: not the alias
                return text, later, shadow

            def mixed(self, flag):
                held = self.app
                if flag:
                    held = self.other               # two meanings: not an alias
                return held.status.message

            def annotated(self):
                stage: object = self.stage
                return stage.table.size, (w := self.window) and w.screen.size
    """)
    assert through(report) == {"Table": {"app.status.message": 1, "app.records.folder": 1,
                                         "stage.table.size": 1, "window.screen.size": 1}}


def test_reach_through_in_a_dataclass_is_exempt(tmp_path):
    report = scan(tmp_path, """
        from dataclasses import dataclass

        @dataclass
        class Record:
            app: object

            def far(self):
                return self.app.status.message

        class Holder:
            def __init__(self, app):
                self.app = app

            def near(self):
                return self.app.status.message
    """)
    assert [name for _, _, name, _ in report.records] == ["Record"]
    assert through(report) == {"Holder": {"app.status.message": 1}}


def test_the_through_line_json_and_strict_through(tmp_path, capsys):
    path = write(tmp_path, "mod.py", """
        class Loop:
            def __init__(self, app):
                self.app = app

            def step(self):
                app = self.app
                return self.app.status.message, app.status.message, self.app.menu.is_open()
    """)
    total = "total: 0 reads of attributes a class neither sets nor receives (0 classes)"
    assert attr_reads.main([str(path)]) == 0, "reach-through reads leave the exit status alone"
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == total
    assert lines[-2] == "through: 3 reads reach through a held object (1 classes)"
    assert any(line.endswith("Loop: 3 reads through app=3 (2 chains)") for line in lines)
    assert not any("app.status.message" in line for line in lines), "the chains only with --through"

    assert attr_reads.main([str(path), "--through"]) == 0
    out = capsys.readouterr().out
    assert "   2  app.status.message" in out and "   1  app.menu.is_open" in out
    assert out.strip().splitlines()[-1] == total

    assert attr_reads.main([str(path), "--quiet"]) == 0
    assert capsys.readouterr().out == total + "\n"
    assert attr_reads.main([str(path), "--quiet", "--strict-through"]) == 1
    assert capsys.readouterr().out.splitlines() == ["through: 3 reads reach through a held object (1 classes)", total]

    assert attr_reads.main([str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 0 and data["through_total"] == 3 and data["through_classes"] == 1
    assert data["through"] == [{"path": data["through"][0]["path"], "line": 2, "class": "Loop", "count": 3,
                                "held": {"app": 3}, "chains": {"app.status.message": 2, "app.menu.is_open": 1}}]
    assert data["through"][0]["path"].endswith("mod.py")
