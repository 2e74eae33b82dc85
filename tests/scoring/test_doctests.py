"""Every engine module's doctests: each public function's example runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import scoring

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(scoring.__path__, prefix="scoring.")
    if info.name != "scoring.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_each_engine_module_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
