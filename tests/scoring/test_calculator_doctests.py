"""The hand calculator's doctests: each public function's example runs as written."""

from __future__ import annotations

import doctest

import pytest

from scoring.calculator import fu, input, readings, score, tiles, yaku


@pytest.mark.parametrize(
    "module", [tiles, input, readings, fu, score, yaku], ids=lambda m: m.__name__
)
def test_the_examples_in_the_calculator_modules_hold(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
