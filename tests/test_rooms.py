"""game/ is laid out by concern, and its imports run one way (issue 35).

Its folders are the rooms, below the way in (``launch.py``, which opens the
window before loading the app) and the app that makes everything: the shell (the loop, what the window shows, the
flow from game to game, the commands), the assistant (the solver's client),
the dialogs (ui), the table, speech and words (voice), media (sheets,
surfaces, sounds), storage and records, the games' fronts and their
layouts.  A room imports only the rooms below it in :data:`ORDER` (and the
engine); an import made only for type checking is not one the program runs
and is not counted."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

#: the rooms, from the top (the app that makes everything) down
ORDER = ["launch", "app", "shell", "access", "assistant", "ui", "table", "voice", "media", "storage", "games",
         "layouts"]


def room_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "game" or len(parts) == 1:
        return None
    return "launch" if parts[1] in ("launch", "__main__") else parts[1]


def imports(path: Path) -> list[str]:
    """The modules ``path`` imports when it runs (at the top or in a function),
    each as its absolute name; not those under ``if TYPE_CHECKING:``."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    package = package.removesuffix(".__init__")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(n) for node in ast.walk(tree)
               if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
               for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found += [target] if node.module else [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names]
    return found


@pytest.mark.every_game
def test_every_module_of_game_lives_in_a_room():
    top = ("__init__.py", "__main__.py", "launch.py", "app.py")
    loose = sorted(p.name for p in GAME.glob("*.py") if p.name not in top)
    assert loose == [], "a module at game/'s top belongs in a room"
    rooms = sorted(p.name for p in GAME.iterdir() if p.is_dir() and (p / "__init__.py").exists())
    assert sorted(rooms) == sorted(ORDER[2:])


@pytest.mark.every_game
def test_the_rooms_import_one_way():
    wrong = []
    for path in sorted(GAME.rglob("*.py")):
        here = room_of(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for target in imports(path):
            there = room_of(target)
            if there is None or there == here or there not in ORDER:
                continue
            if ORDER.index(there) < ORDER.index(here):
                wrong.append(f"{path.relative_to(ROOT)} ({here}) imports {target} ({there})")
    assert wrong == []


@pytest.mark.every_game
def test_no_module_of_game_imports_itself_round_a_circle():
    graph: dict[str, set[str]] = {}
    for path in GAME.rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        graph[module] = {t for t in imports(path) if t.startswith("game.")}
    known = set(graph)

    def resolve(name: str) -> str | None:
        while name and name not in known:       # "game.ui.dialogs.Dialog" -> its module
            name = name.rpartition(".")[0]
        return name or None
    edges = {m: {r for t in ts if (r := resolve(t)) and r != m} for m, ts in graph.items()}
    seen: dict[str, int] = {}                   # 1: on the path, 2: done
    circle: list[str] = []

    def visit(m: str, path: list[str]) -> bool:
        seen[m] = 1
        for n in sorted(edges[m]):
            if seen.get(n) == 1:
                circle.extend(path[path.index(n):] + [m, n] if n in path else [m, n])
                return True
            if n not in seen and visit(n, path + [m]):
                return True
        seen[m] = 2
        return False
    for m in sorted(edges):
        if m not in seen and visit(m, []):
            break
    assert circle == [], " -> ".join(circle)
