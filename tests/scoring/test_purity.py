"""The engine is pure Python: nothing in scoring/ imports Django."""

from __future__ import annotations

import ast
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_in_scoring_imports_django():
    modules = sorted(SCORING.rglob("*.py"))
    assert len(modules) >= 8
    offenders = [str(p.relative_to(SCORING)) for p in modules if "django" in _imports(p)]
    assert offenders == []
