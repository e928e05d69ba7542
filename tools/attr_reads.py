"""Count reads of ``self`` attributes a class neither sets nor receives.

    python tools/attr_reads.py [PATH ...] [--quiet | --json] [--through] [--strict-through]

PATH is a file or a folder (folders are scanned recursively for ``.py``
files); the default is ``game``.  Only the standard library is used (``ast``);
nothing is imported or run.

For every class the script collects

* the names it **defines**: methods (properties among them), class-level
  assignments and annotations, nested classes, imports in its body, and the
  names in ``__slots__``;
* the names it **sets**, in any of its methods (and the functions and lambdas
  nested in them): ``self.X = ...``, ``self.X: T = ...``, ``self.X += ...``,
  tuple and starred targets, ``with ... as self.X``, ``for self.X in ...``,
  ``setattr(self, "X", ...)`` and ``object.__setattr__(self, "X", ...)``
  with a literal name (``cls.X = ...`` in a classmethod too);
* the names it **inherits** from its bases that are classes of the scanned
  project (resolved by name through the file's own classes and its imports,
  across files, transitively).

A **read** is ``self.X`` in Load context (``self.X(...)`` and ``self.X.y``
included) in one of the class's methods, ``self`` being the method's first
parameter (``cls`` in a classmethod; a staticmethod has none), and in the
functions and lambdas nested in it unless they rebind that name.  A read of a
name the class neither defines, sets nor inherits is counted.  Dunder names
are not counted; ``__x`` names are mangled as Python does.

Not counted, reported apart:

* **records** (exempt): ``@dataclass`` and ``@dataclasses.dataclass(...)``
  (and attrs) classes, ``NamedTuple``, ``TypedDict`` and ``Enum``
  subclasses;
* **outside bases**: a class with a base outside the project (``Exception``,
  ``threading.Thread``, ``Protocol``, ...), directly or through a project
  base, may inherit names the script cannot see; its unresolved reads are
  listed with those bases.  ``object``, ``Generic[...]`` and ``ABC`` are
  empty bases.  A base imported from a scanned module that does not define
  it is listed as ``Name?``.

A **mixin** is a class with unresolved reads that is a direct base of a class
with two or more project bases; they are listed on the ``mixins:`` line.

A second measure, reported beside the first and not part of its total:
**reach-through reads**, a class reading through an object it holds into
that object's parts.  It is an attribute chain of three names or more past
``self`` (in the same methods, nested functions and lambdas as a read):
``self.app.status.message``, ``self.app.records.folder``,
``self.stage.table.render()`` (through ``app`` into its ``status``), whether
the chain is read, called, set or deleted at its end.  ``self.a.b`` and a
call of a held object's method, ``self.a.b(...)``, are one hop: not counted;
``self.a.b.c(...)`` is.  A chain ends where something other than a name
follows (``self.a.b[0].c`` and ``self.a.b().c`` are not counted) and before
its first dunder name (``self.a.__class__.__name__`` is not).  A **local
alias** counts as its ``self.X``: a local name whose every binding in its
function is exactly ``name = self.X`` (one X; ``name: T = self.X`` and
``(name := self.X)`` too), so ``app = self.app; app.status.message`` is
counted as ``app.status.message``, and in the functions nested in it unless
they rebind the name.  Records are exempt as above; classes with outside
bases are counted.  Each class is listed with the held attributes it reaches
through and their reads, most first (``--through`` also lists its chains,
``app.status.message``, with their reads), and the summary line is
``through: N reads reach through a held object (K classes)``.  In JSON the
``through`` list holds, per class, ``count``, ``held`` and ``chains``.

The last line is ``total: N reads of attributes a class neither sets nor
receives (K classes)``, after the ``through:`` line (``--quiet`` prints the
total line only; with ``--through`` or ``--strict-through``, the through line
above it).  The exit status is 0 when N is 0, 1 otherwise, and 2 when a file
could not be read or parsed (it is skipped, and named on stderr);
reach-through reads do not change it unless ``--strict-through`` is given,
when they make it 1 too.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import json
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

#: bases that add no instance attributes: the class is checked normally
EMPTY_BASES = frozenset({"object", "Generic", "ABC"})
#: bases that make a class a record (exempt), by their last name
RECORD_BASES = {
    "NamedTuple": "NamedTuple", "namedtuple": "NamedTuple", "TypedDict": "TypedDict",
    "Enum": "Enum", "IntEnum": "Enum", "StrEnum": "Enum", "Flag": "Enum", "IntFlag": "Enum", "ReprEnum": "Enum",
}
#: decorators that make a class a record: their last name, or the module they come from
RECORD_DECORATORS = frozenset({"dataclass"})
RECORD_DECORATOR_MODULES = frozenset({"dataclasses", "attr", "attrs", "pydantic.dataclasses"})
SKIP_DIRS = frozenset({"__pycache__", ".venv", "venv", "node_modules", "build", "dist"})
BUILTIN_NAMES = frozenset(dir(builtins))


# ----------------------------------------------------------------- model
@dataclass(eq=False)
class ClassInfo:
    """One ``class`` statement and what its own body and methods say."""

    name: str
    path: str
    line: int
    module: str
    node: ast.ClassDef
    defines: set[str] = field(default_factory=set)
    sets: set[str] = field(default_factory=set)
    reads: Counter = field(default_factory=Counter)
    record: str = ""                                    # why it is a record ("" when it is not)
    project_bases: list[ClassInfo] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)    # its own bases outside the project
    through: Counter = field(default_factory=Counter)   # reach-through chains ("app.status.message") and their reads


@dataclass
class Finding:
    """A class's reads of names it neither defines, sets nor inherits."""

    path: str
    line: int
    name: str
    count: int
    names: dict[str, int]
    outside: list[str] = field(default_factory=list)   # the outside bases (empty in the main count)

    def to_json(self) -> dict:
        out = {"path": self.path, "line": self.line, "class": self.name, "count": self.count, "names": self.names}
        if self.outside:
            out["outside_bases"] = self.outside
        return out


@dataclass
class Through:
    """A class's reads through the objects it holds into their parts (``self.app.status.message``)."""

    path: str
    line: int
    name: str
    count: int
    held: dict[str, int]       # the held attribute reached through (``app``) -> reads, most first
    chains: dict[str, int]     # the chain past ``self`` (``app.status.message``) -> reads, most first

    def to_json(self) -> dict:
        return {"path": self.path, "line": self.line, "class": self.name, "count": self.count,
                "held": self.held, "chains": self.chains}


@dataclass
class Report:
    findings: list[Finding]           # counted
    outside: list[Finding]            # classes with outside bases: not counted
    records: list[tuple[str, int, str, str]]   # path, line, class, kind
    mixins: list[str]
    errors: list[str]
    classes_scanned: int
    files_scanned: int
    through: list[Through] = field(default_factory=list)   # the second measure: reach-through reads

    @property
    def total(self) -> int:
        return sum(f.count for f in self.findings)

    @property
    def through_total(self) -> int:
        return sum(t.count for t in self.through)

    def to_json(self) -> dict:
        return {
            "total": self.total,
            "classes": len(self.findings),
            "findings": [f.to_json() for f in self.findings],
            "outside_bases": [f.to_json() for f in self.outside],
            "records": [{"path": p, "line": n, "class": c, "kind": k} for p, n, c, k in self.records],
            "mixins": self.mixins,
            "errors": self.errors,
            "classes_scanned": self.classes_scanned,
            "files_scanned": self.files_scanned,
            "through_total": self.through_total,
            "through_classes": len(self.through),
            "through": [t.to_json() for t in self.through],
        }


# ----------------------------------------------------------------- files
def python_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Every ``.py`` file under the paths, in a stable order (hidden and build folders skipped)."""
    seen: set[Path] = set()
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(f for f in p.rglob("*.py")
                           if not any(part in SKIP_DIRS or part.startswith(".") for part in f.relative_to(p).parts))
        else:
            found = [p]
        for f in found:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                yield f


def module_name(path: Path) -> str:
    """The dotted module name, going up through folders with an ``__init__.py``."""
    path = path.resolve()
    parts = [] if path.stem == "__init__" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts) or path.stem


def shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# ----------------------------------------------------------------- one class
def mangle(name: str, cls: str) -> str:
    """``__x`` inside class ``C`` is ``_C__x``, as Python compiles it."""
    if name.startswith("__") and not name.endswith("__"):
        stripped = cls.lstrip("_")
        if stripped:
            return f"_{stripped}{name}"
    return name


def is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def class_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a class body, through ``if``/``try``/``with``/loops, not into functions or classes."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in ("body", "orelse", "finalbody"):
            yield from class_level(getattr(stmt, name, None) or [])
        for handler in getattr(stmt, "handlers", None) or []:
            yield from class_level(handler.body)
        for case in getattr(stmt, "cases", None) or []:
            yield from class_level(case.body)


def _stored_names(node: ast.AST) -> Iterator[str]:
    """Names bound by a class-level statement (not inside functions, lambdas, classes or comprehensions)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
                         ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        return
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        yield node.id
    for child in ast.iter_child_nodes(node):
        yield from _stored_names(child)


def _decorator_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    out = set()
    for d in fn.decorator_list:
        d = d.func if isinstance(d, ast.Call) else d
        if isinstance(d, ast.Name):
            out.add(d.id)
        elif isinstance(d, ast.Attribute):
            out.add(d.attr)
    return out


def _params(args: ast.arguments) -> list[str]:
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return names


def _first_param(args: ast.arguments) -> str | None:
    positional = args.posonlyargs + args.args
    return positional[0].arg if positional else None


def _self_uses(node: ast.AST, me: str, sets: set[str], reads: Counter, cls: str) -> None:
    """Record ``me.X`` sets and reads under ``node``, down through nested functions that do not rebind ``me``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # decorators, defaults and annotations are evaluated where the function is defined
            outer: list[ast.AST] = list(getattr(child, "decorator_list", []))
            outer += [d for d in child.args.defaults + child.args.kw_defaults if d is not None]
            for item in outer:
                _self_uses_node(item, me, sets, reads, cls)
            if me in _params(child.args):
                continue
            for stmt in (child.body if isinstance(child.body, list) else [child.body]):
                _self_uses_node(stmt, me, sets, reads, cls)
            continue
        _self_uses_node(child, me, sets, reads, cls)


def _literal_setattr(node: ast.Call, me: str) -> str | None:
    """``setattr(me, "X", v)``, ``object.__setattr__(me, "X", v)``, ``super().__setattr__("X", v)``: X."""
    f, args = node.func, node.args
    if isinstance(f, ast.Name) and f.id == "setattr" or (
            isinstance(f, ast.Attribute) and f.attr == "__setattr__"
            and isinstance(f.value, ast.Name) and f.value.id == "object"):
        if len(args) >= 2 and isinstance(args[0], ast.Name) and args[0].id == me:
            name = args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                return name.value
    if (isinstance(f, ast.Attribute) and f.attr == "__setattr__" and isinstance(f.value, ast.Call)
            and isinstance(f.value.func, ast.Name) and f.value.func.id == "super"
            and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)):
        return args[0].value
    return None


def _self_uses_node(node: ast.AST, me: str, sets: set[str], reads: Counter, cls: str) -> None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == me:
        name = mangle(node.attr, cls)
        if isinstance(node.ctx, ast.Store):
            sets.add(name)
        elif isinstance(node.ctx, ast.Load):
            reads[name] += 1
    elif isinstance(node, ast.Call):
        name = _literal_setattr(node, me)
        if name is not None:
            sets.add(name)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        _self_uses(ast.Module(body=[node], type_ignores=[]), me, sets, reads, cls)
    else:
        _self_uses(node, me, sets, reads, cls)


# ----------------------------------------------------------------- reach-through reads
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
#: a chain past ``self`` this long or longer reaches through a held object: ``self.app.status.message``
THROUGH_HOPS = 3


def _scope_nodes(body: list[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of one function's own scope: not into nested functions, lambdas or classes,
    whose names, decorators, defaults and bases are evaluated here (and yielded)."""
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (*FUNCTIONS, ast.ClassDef)):
            outer: list[ast.AST] = list(getattr(node, "decorator_list", []))
            if isinstance(node, ast.ClassDef):
                outer += node.bases + [k.value for k in node.keywords]
            else:
                outer += [d for d in node.args.defaults + node.args.kw_defaults if d is not None]
            stack.extend(reversed(outer))
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def _is_self_attr(node: ast.AST | None, me: str | None) -> bool:
    return (me is not None and isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == me)


def _scope_names(params: list[str], body: list[ast.AST], me: str | None) -> tuple[set[str], dict[str, str]]:
    """The names one function binds in its own scope, and its aliases: the local names whose every
    binding is exactly ``name = me.X`` (one X), each with its X."""
    alias_sites: dict[int, str] = {}          # id of the Name target -> X
    for node in _scope_nodes(body):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)):
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and _is_self_attr(value, me):
            alias_sites[id(target)] = value.attr
    bound: dict[str, set[str | None]] = {p: {None} for p in params}

    def bind(name: str, x: str | None = None) -> None:
        bound.setdefault(name, set()).add(x)

    for node in _scope_nodes(body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bind(node.id, alias_sites.get(id(node)))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                bind((a.asname or a.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bind(name)
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            bind(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bind(node.rest)
    aliases = {n: x for n, xs in bound.items() if len(xs) == 1 for x in xs if x is not None}
    return set(bound), aliases


def _through_chain(node: ast.Attribute, me: str | None, aliases: dict[str, str]) -> tuple[list[str], ast.expr]:
    """The names past ``me`` of the attribute chain ending at ``node`` (an alias stands for its ``me.X``),
    cut before the first dunder name; ``[]`` when the chain does not start at ``me`` or an alias.
    Also the chain's root expression."""
    names: list[str] = []
    root: ast.expr = node
    while isinstance(root, ast.Attribute):
        names.insert(0, root.attr)
        root = root.value
    if isinstance(root, ast.Name) and me is not None and root.id == me:
        chain = names
    elif isinstance(root, ast.Name) and root.id in aliases:
        chain = [aliases[root.id]] + names
    else:
        return [], root
    for i, name in enumerate(chain):
        if is_dunder(name):
            return chain[:i], root
    return chain, root


def _through_walk(node: ast.AST, me: str | None, aliases: dict[str, str], through: Counter) -> None:
    """Count the reach-through chains under ``node``; ``me`` is ``self`` here (None where rebound)."""
    if isinstance(node, ast.Attribute):
        chain, root = _through_chain(node, me, aliases)
        if len(chain) >= THROUGH_HOPS:
            through[".".join(chain)] += 1
        if not isinstance(root, ast.Name):
            _through_walk(root, me, aliases, through)
        return
    if isinstance(node, FUNCTIONS):
        outer: list[ast.AST] = list(getattr(node, "decorator_list", []))
        outer += [d for d in node.args.defaults + node.args.kw_defaults if d is not None]
        for item in outer:
            _through_walk(item, me, aliases, through)
        params = _params(node.args)
        inner = None if me in params else me
        body = node.body if isinstance(node.body, list) else [node.body]
        bound, own = _scope_names(params, body, inner)
        scope = {n: x for n, x in aliases.items() if n not in bound} | own
        for stmt in body:
            _through_walk(stmt, inner, scope, through)
        return
    for child in ast.iter_child_nodes(node):
        _through_walk(child, me, aliases, through)


def _through_method(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, me: str, through: Counter) -> None:
    """Count a method's reach-through chains (its decorators and defaults belong to the class body)."""
    body = fn.body if isinstance(fn.body, list) else [fn.body]
    _, aliases = _scope_names(_params(fn.args), body, me)
    for stmt in body:
        _through_walk(stmt, me, aliases, through)


def _slots(value: ast.expr) -> Iterator[str]:
    items = value.elts if isinstance(value, (ast.Tuple, ast.List, ast.Set)) else [value]
    for item in items:
        if isinstance(item, ast.Constant) and isinstance(item.value, str):
            yield from item.value.split()
    if isinstance(value, ast.Dict):
        for key in value.keys:
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                yield key.value


def read_class(node: ast.ClassDef, path: str, module: str) -> ClassInfo:
    """What one class defines, sets and reads, by its own body alone."""
    info = ClassInfo(node.name, path, node.lineno, module, node)
    cls = node.name
    for stmt in class_level(node.body):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            info.defines.add(mangle(stmt.name, cls))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            info.defines.update(mangle((a.asname or a.name).split(".")[0], cls) for a in stmt.names)
        else:
            if not isinstance(stmt, (ast.If, ast.Try, ast.While, ast.With, ast.AsyncWith)):
                info.defines.update(mangle(n, cls) for n in _stored_names(stmt))
            elif isinstance(stmt, (ast.With, ast.AsyncWith)):
                for item in stmt.items:
                    if item.optional_vars is not None:
                        info.defines.update(mangle(n, cls) for n in _stored_names(item.optional_vars))
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                if any(isinstance(t, ast.Name) and t.id == "__slots__" for t in targets):
                    info.defines.update(mangle(n, cls) for n in _slots(stmt.value))
        # methods: functions, and lambdas bound at class level
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if "staticmethod" in _decorator_names(stmt):
                continue
            me = _first_param(stmt.args)
            if me:
                for body_stmt in stmt.body:
                    _self_uses_node(body_stmt, me, info.sets, info.reads, cls)
                _through_method(stmt, me, info.through)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Lambda):
            me = _first_param(stmt.value.args)
            if me:
                _self_uses_node(stmt.value.body, me, info.sets, info.reads, cls)
                _through_method(stmt.value, me, info.through)
    return info


# ----------------------------------------------------------------- one file
@dataclass
class FileInfo:
    path: Path
    module: str
    tree: ast.Module
    classes: dict[str, list[ClassInfo]] = field(default_factory=dict)   # by name, module level first
    top: dict[str, ClassInfo] = field(default_factory=dict)             # the module-level classes
    imports: dict[str, tuple[str, str | None]] = field(default_factory=dict)   # local -> (module, name or None)
    aliases: dict[str, ast.expr] = field(default_factory=dict)           # module-level X = Y


def _resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    if level == 0:
        return target or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([target] if target else []))


def read_file(path: Path) -> FileInfo:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = module_name(path)
    info = FileInfo(path, module, tree)
    is_package = path.name == "__init__.py"
    for stmt in tree.body:   # module-level imports and aliases (imports in if/try blocks too)
        for node in ast.walk(stmt) if isinstance(stmt, (ast.If, ast.Try)) else [stmt]:
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        info.imports[a.asname] = (a.name, None)
                    else:
                        root = a.name.split(".")[0]
                        info.imports[root] = (root, None)
            elif isinstance(node, ast.ImportFrom):
                source = _resolve_relative(module, is_package, node.level, node.module)
                for a in node.names:
                    if a.name != "*":
                        info.imports[a.asname or a.name] = (source, a.name)
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and isinstance(node.value, (ast.Name, ast.Attribute))):
                info.aliases[node.targets[0].id] = node.value
    top = {id(n) for n in tree.body}
    shown_path = shown(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            c = read_class(node, shown_path, module)
            info.classes.setdefault(node.name, []).append(c)
            if id(node) in top:
                info.top[node.name] = c
    return info


# ----------------------------------------------------------------- the project
class Project:
    """Every scanned file; resolves base classes by name, through imports, across files."""

    def __init__(self, files: list[FileInfo]) -> None:
        self.files = files
        self.modules = {f.module: f for f in files}
        self.by_name: dict[str, list[ClassInfo]] = {}
        for f in files:
            for name, infos in f.classes.items():
                self.by_name.setdefault(name, []).extend(infos)
        self.file_of = {id(c): f for f in files for cs in f.classes.values() for c in cs}

    # a base expression -> ("project", [ClassInfo]) | ("empty", name) | ("record", kind) | ("outside", text)
    def resolve(self, expr: ast.expr, f: FileInfo) -> tuple[str, object]:
        text = ast.unparse(expr)
        if isinstance(expr, ast.Subscript):          # Generic[T], list[int], Protocol[T]
            return self.resolve(expr.value, f)
        if isinstance(expr, ast.Call):               # namedtuple("X", ...), NamedTuple("X", [...])
            last = _last_name(expr.func)
            if last in RECORD_BASES:
                return ("record", RECORD_BASES[last])
            return ("outside", text)
        if isinstance(expr, ast.Name):
            found = self._in_module(f, expr.id, depth=0)
        elif isinstance(expr, ast.Attribute):
            found = self._dotted(expr, f)
        else:
            found = None
        if isinstance(found, list):
            return ("project", found)
        last = _last_name(expr)
        if found == "missing":
            return ("outside", f"{text}?")
        if last in EMPTY_BASES:
            return ("empty", last)
        if last in RECORD_BASES:
            return ("record", RECORD_BASES[last])
        return ("outside", text)

    def _in_module(self, f: FileInfo, name: str, depth: int) -> list[ClassInfo] | str | None:
        """Class ``name`` as module ``f`` sees it: its own, an alias, or an import (followed)."""
        if depth > 10:
            return None
        if name in f.top:
            return [f.top[name]]
        if name in f.aliases:
            target = f.aliases[name]
            if isinstance(target, ast.Name):
                return self._in_module(f, target.id, depth + 1)
            return self._dotted(target, f, depth + 1)
        if name in f.imports:
            module, attr = f.imports[name]
            if attr is None:
                return None
            if module in self.modules:
                found = self._in_module(self.modules[module], attr, depth + 1)
                return found if found is not None else "missing"
            if f"{module}.{attr}" in self.modules:
                return None                            # a module, not a class
            return None                                # from outside the project
        if name in BUILTIN_NAMES:
            return None
        candidates = self.by_name.get(name, [])        # a star import, or a name never imported
        return candidates or None

    def _dotted(self, expr: ast.Attribute, f: FileInfo, depth: int = 0) -> list[ClassInfo] | str | None:
        parts = []
        node: ast.expr = expr
        while isinstance(node, ast.Attribute):
            parts.insert(0, node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in f.imports:
            return None
        module, attr = f.imports[node.id]
        base = f"{module}.{attr}" if attr else module
        dotted = ".".join([base] + parts[:-1])
        if dotted in self.modules:
            found = self._in_module(self.modules[dotted], parts[-1], depth + 1)
            return found if found is not None else "missing"
        return None


def _last_name(expr: ast.expr) -> str:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Subscript):
        return _last_name(expr.value)
    return ""


def _record_decorator(node: ast.ClassDef, f: FileInfo) -> str:
    for d in node.decorator_list:
        d = d.func if isinstance(d, ast.Call) else d
        last = _last_name(d)
        if last in RECORD_DECORATORS:
            return "dataclass"
        root = d
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name):
            source = f.imports.get(root.id, ("", None))[0]
            if source in RECORD_DECORATOR_MODULES or root.id in {"attr", "attrs"}:
                return "dataclass"
    return ""


# ----------------------------------------------------------------- the scan
def scan(paths: Iterable[str | Path]) -> Report:
    files, errors = [], []
    for path in python_files(paths):
        try:
            files.append(read_file(path))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError) as e:
            errors.append(f"{shown(path)}: {e}")
    project = Project(files)
    classes = [c for f in files for cs in f.classes.values() for c in cs]
    base_exprs: dict[int, int] = {}       # class id -> how many of its bases are project classes

    for c in classes:
        f = project.file_of[id(c)]
        c.record = _record_decorator(c.node, f)
        count = 0
        for expr in c.node.bases:
            kind, what = project.resolve(expr, f)
            if kind == "project":
                c.project_bases.extend(b for b in what if b is not c and b not in c.project_bases)
                count += 1
            elif kind == "record":
                c.record = c.record or str(what)
            elif kind == "outside":
                c.outside.append(str(what))
        base_exprs[id(c)] = count

    memo: dict[int, tuple[frozenset[str], tuple[str, ...], str]] = {}

    def inherited(c: ClassInfo, path: tuple[int, ...] = ()) -> tuple[frozenset[str], tuple[str, ...], str]:
        """Names known to ``c`` (own and from project bases), its outside bases, and its record kind."""
        if id(c) in memo:
            return memo[id(c)]
        names, outside, record = set(c.defines | c.sets), list(c.outside), c.record
        for b in c.project_bases:
            if id(b) in path:                 # a cycle of names: stop
                continue
            b_names, b_outside, b_record = inherited(b, path + (id(c),))
            names |= b_names
            outside += [o for o in b_outside if o not in outside]
            if b_record and b_record != "dataclass" and not record:
                record = f"{b_record} (through {b.name})"
        memo[id(c)] = (frozenset(names), tuple(outside), record)
        return memo[id(c)]

    findings, outside_findings, records, through = [], [], [], []
    unresolved: set[int] = set()
    for c in classes:
        known, outside, record = inherited(c)
        if record:
            records.append((c.path, c.line, c.name, record))
            continue
        if c.through:
            held: Counter = Counter()
            for chain, k in c.through.items():
                held[chain.split(".")[0]] += k
            most = lambda item: (-item[1], item[0])   # noqa: E731
            through.append(Through(c.path, c.line, c.name, sum(c.through.values()),
                                   dict(sorted(held.items(), key=most)), dict(sorted(c.through.items(), key=most))))
        missing = {n: k for n, k in c.reads.items() if n not in known and not is_dunder(n)}
        if not missing:
            continue
        unresolved.add(id(c))
        finding = Finding(c.path, c.line, c.name, sum(missing.values()), dict(sorted(missing.items())), list(outside))
        (outside_findings if outside else findings).append(finding)

    mixins = []
    for c in classes:
        if base_exprs[id(c)] >= 2:
            for b in c.project_bases:
                label = f"{b.name} ({b.path}:{b.line})"
                if id(b) in unresolved and label not in mixins:
                    mixins.append(label)

    order = lambda f: (-f.count, f.path, f.line)   # noqa: E731
    return Report(sorted(findings, key=order), sorted(outside_findings, key=order),
                  sorted(records), sorted(mixins), errors, len(classes), len(files), sorted(through, key=order))


# ----------------------------------------------------------------- output
def _line(f: Finding) -> str:
    names = ", ".join(f"{n}={k}" for n, k in f.names.items())
    return f"{f.path}:{f.line}: {f.name}: {f.count} reads of {len(f.names)} names: {names}"


def total_line(report: Report) -> str:
    return (f"total: {report.total} reads of attributes a class neither sets nor receives "
            f"({len(report.findings)} classes)")


def through_line(report: Report) -> str:
    return f"through: {report.through_total} reads reach through a held object ({len(report.through)} classes)"


def _through_lines(t: Through, chains: bool) -> list[str]:
    held = ", ".join(f"{n}={k}" for n, k in t.held.items())
    out = [f"{t.path}:{t.line}: {t.name}: {t.count} reads through {held} ({len(t.chains)} chains)"]
    if chains:
        out += [f"    {k:4d}  {chain}" for chain, k in t.chains.items()]
    return out


def render(report: Report, chains: bool = False) -> str:
    """The report as text; ``chains`` lists each class's reach-through chains under it."""
    out = [_line(f) for f in report.findings]
    if report.outside:
        out.append("")
        out.append(f"outside bases (not counted: {sum(f.count for f in report.outside)} reads, "
                   f"{len(report.outside)} classes):")
        out += [f"{_line(f)}  [bases: {', '.join(f.outside)}]" for f in report.outside]
    if report.records:
        out.append("")
        out.append("records (exempt): " + ", ".join(f"{c} ({k})" for _, _, c, k in report.records))
    if report.through:
        out.append("")
        out.append("reach-through reads (self.a.b.c: through the held a into its b; not in the total):")
        for t in report.through:
            out += _through_lines(t, chains)
    out.append("")
    out.append("mixins: " + ", ".join(report.mixins))
    out.append(through_line(report))
    out.append(total_line(report))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="*", default=["game"], help="files or folders (default: game)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--quiet", action="store_true", help="print the total line only")
    how.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--through", action="store_true",
                   help="list each class's reach-through chains (with --quiet: print the through line too)")
    p.add_argument("--strict-through", action="store_true",
                   help="exit 1 also when a class reads through a held object")
    args = p.parse_args(argv)
    missing = [path for path in args.paths if not Path(path).exists()]
    if missing:
        p.error(f"no such file or folder: {', '.join(missing)}")
    started = time.perf_counter()
    report = scan(args.paths)
    for e in report.errors:
        print(f"attr_reads: skipped {e}", file=sys.stderr)
    if args.json:
        out = report.to_json()
        out["seconds"] = round(time.perf_counter() - started, 3)
        print(json.dumps(out, indent=2))
    elif args.quiet:
        if args.through or args.strict_through:
            print(through_line(report))
        print(total_line(report))
    else:
        print(render(report, chains=args.through))
    if report.errors:
        return 2
    if args.strict_through and report.through_total:
        return 1
    return 0 if report.total == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
