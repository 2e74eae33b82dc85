"""The README's layout section is the map of the code: every module of the project and the
engine is named there, and every file it names exists. Modules are split by meaning, not by
length, so no length is checked."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _layout() -> str:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return section


def _modules() -> list[Path]:
    found = []
    for package in ("scorekeeper", "scoring"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name == "__init__.py" or "migrations" in path.parts:
                continue
            found.append(path)
    return found


#: Django's own boilerplate, which the layout need not explain.
UNNAMED = {"apps.py"}


def test_every_module_is_named_in_the_readme_layout():
    """By its file name, or by its name alone where the layout lists several together (the
    commands, the calculator's modules, the date formats)."""
    words = set(re.findall(r"[\w.]+", _layout()))
    missing = [
        str(p.relative_to(ROOT))
        for p in _modules()
        if p.name not in UNNAMED and p.name not in words and p.stem not in words
    ]
    assert missing == []


def test_every_module_the_readme_layout_names_exists():
    there = {p.name for p in _modules()} | {p.name for p in ROOT.glob("*.py")}
    named = set(re.findall(r"\b([\w.]+\.py)\b", _layout()))
    assert sorted(named - there) == []


def test_no_two_test_modules_share_a_name():
    """The test folders are not packages: pytest imports each test module by its name alone,
    so two of the same name in two folders stop the suite from being collected."""
    names: dict[str, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        names.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in names.items() if len(paths) > 1} == {}
