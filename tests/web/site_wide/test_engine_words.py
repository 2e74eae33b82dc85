"""The site words the engine from its codes and values and never reads its English back: no
module of the site uses regular expressions, and none takes an engine message apart with the
string methods (``" fu" in message``, ``message.split(": ")``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

#: Modules that may import ``re``, each with why: none of them reads an engine message.
RE_ALLOWED: dict[str, str] = {}

#: What a message is called where the site holds one from the engine.
MESSAGE_NAMES = {"message"}
#: The string methods that take a text apart.
TAKING_APART = {
    "split",
    "rsplit",
    "partition",
    "rpartition",
    "startswith",
    "endswith",
    "find",
    "rfind",
    "index",
    "rindex",
    "replace",
    "removeprefix",
    "removesuffix",
    "count",
}


def _modules() -> list[Path]:
    return [
        path
        for path in sorted((ROOT / "scorekeeper").rglob("*.py"))
        if "migrations" not in path.parts
    ]


def _is_message(node: ast.expr) -> bool:
    """``message``, ``error.message`` or ``str(error)``."""
    if isinstance(node, ast.Name):
        return node.id in MESSAGE_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in MESSAGE_NAMES
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "str"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id in {"error", "exc", "refusal"}
    )


def _imports_re(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "re" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "re":
            return True
    return False


def _messages_taken_apart(tree: ast.Module) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, ast.In | ast.NotIn) and _is_message(right)
            for op, right in zip(node.ops, node.comparators, strict=True)
        ):
            lines.append(node.lineno)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in TAKING_APART
            and _is_message(node.func.value)
        ):
            lines.append(node.lineno)
    return lines


def test_no_module_of_the_site_uses_regular_expressions_but_those_allowed():
    using = {
        str(path.relative_to(ROOT))
        for path in _modules()
        if _imports_re(ast.parse(path.read_text(), str(path)))
    }
    assert sorted(using - set(RE_ALLOWED)) == []


def test_no_module_of_the_site_takes_an_engine_message_apart():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in _modules()
        if (lines := _messages_taken_apart(ast.parse(path.read_text(), str(path))))
    }
    assert found == {}


def test_the_checks_find_what_they_look_for():
    """The two checks fail on the shapes they are written against."""
    parsed = ast.parse(
        "import re\n"
        'field = "fu" if " fu" in message else "han"\n'
        'reason = error.message.split(": ", 1)[-1]\n'
        'where = str(error).partition(":")[0]\n'
    )
    assert _imports_re(parsed)
    assert _messages_taken_apart(parsed) == [2, 3, 4]
