"""Imports run one way: each part of the code imports only from the parts below it.

The parts, from the bottom: the engine; the site's helpers that every room reads (its
refusals, how numbers read, the request's limits...); the club (the models the rooms
share); then the rooms, each a Django app, the API on top. Two parts of one layer import
nothing from each other, so no two rooms lean on each other and a room can be read with only
what is below it in mind. Every import counts, also one made inside a function or only for
the type checker: a cycle for types is still a cycle for the reader.

What goes up instead of an import is a signal, and it only tells: no sender reads the
answers of its receivers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

#: From the bottom up. A part is the engine, a room (``scorekeeper/table/``) or one of the
#: project's top-level modules (``scorekeeper/format.py``).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("scoring",),
    # How a number is read from a request: the request's limits read one too.
    ("scorekeeper.request_numbers",),
    (
        "scorekeeper.errors",
        "scorekeeper.logs",
        "scorekeeper.digest",
        "scorekeeper.htmx",
        "scorekeeper.limits",
        "scorekeeper.busy",
        "scorekeeper.frame_room",
        "scorekeeper.file_cache",
        "scorekeeper.headers",
        "scorekeeper.spreadsheets",
        "scorekeeper.format",
        "scorekeeper.formats",
        "scorekeeper.wordings",
        "scorekeeper.parameters",
    ),
    ("scorekeeper.refusals",),
    ("scorekeeper.club",),
    ("scorekeeper.registry",),
    ("scorekeeper.calculator",),
    ("scorekeeper.table",),
    ("scorekeeper.history",),
    ("scorekeeper.operations",),
    ("scorekeeper.ratings",),
    ("scorekeeper.tournaments",),
    ("scorekeeper.ema",),
    ("scorekeeper.api",),
    (
        "scorekeeper.settings",
        "scorekeeper.urls",
        "scorekeeper.warmup",
        "scorekeeper.wsgi",
        "scorekeeper.asgi",
    ),
    ("scorekeeper.gunicorn.conf",),
)
LAYER_OF = {part: number for number, parts in enumerate(LAYERS) for part in parts}


def _modules() -> Iterator[tuple[Path, str]]:
    for package in ("scorekeeper", "scoring"):
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts:
                continue
            name = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
            yield relative, name


MODULES = dict(_modules())
KNOWN = set(MODULES.values())


def _part(module: str) -> str:
    """The part a module belongs to: ``scorekeeper.table.views.hands`` is the table's."""
    parts = module.split(".")
    if parts[0] == "scoring":
        return "scoring"
    if module == "scorekeeper.gunicorn.conf":
        return module
    return ".".join(parts[:2])


def _imports(path: Path, module: str) -> Iterator[tuple[int, str]]:
    """Each module of the project that ``path`` imports, with the line: ``from a.b import c``
    imports ``a.b.c`` where that is a module, else ``a.b``."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse((ROOT / path).read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in KNOWN else base
                for alias in node.names
            ]
        else:
            continue
        for name in names:
            if name.split(".")[0] in ("scorekeeper", "scoring"):
                yield node.lineno, name


def test_every_part_of_the_code_has_its_layer():
    """A new room or top-level module is placed in ``LAYERS`` before anything checks it."""
    unplaced = sorted({_part(name) for name in KNOWN} - LAYER_OF.keys() - {"scorekeeper"})
    assert unplaced == []


def test_no_module_imports_from_a_part_above_it_or_beside_it():
    wrong = []
    for path, module in MODULES.items():
        here = _part(module)
        for line, imported in _imports(path, module):
            there = _part(imported)
            if there == here:
                continue
            if there not in LAYER_OF or LAYER_OF[there] >= LAYER_OF.get(here, -1):
                wrong.append(f"{path}:{line} imports {imported}")
    assert wrong == []


def test_no_two_modules_import_each_other_even_through_others():
    graph = {
        module: {imported for _, imported in _imports(path, module) if imported in KNOWN}
        for path, module in MODULES.items()
    }
    cycles = []
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> None:
        if module in trail:
            cycles.append(" -> ".join([*trail[trail.index(module) :], module]))
            return
        if module in done:
            return
        for imported in sorted(graph[module]):
            visit(imported, [*trail, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert cycles == []


def _signal_answers_read(path: Path) -> list[str]:
    """Calls of a signal's ``send`` whose answer is used (anything but a statement)."""
    tree = ast.parse(path.read_text())
    statements = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("send", "send_robust")
            and id(node) not in statements
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_signals_answer_is_read_by_its_sender():
    read = [
        place
        for path in sorted((ROOT / "scorekeeper").rglob("*.py"))
        for place in _signal_answers_read(path)
    ]
    assert read == []
