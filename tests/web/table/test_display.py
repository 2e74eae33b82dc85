"""How engine values read on the page."""

import doctest
from decimal import Decimal

import pytest

from scorekeeper import digest, refusals, spreadsheets
from scorekeeper import format as formatting
from scorekeeper.calculator import payment
from scorekeeper.table import display
from scoring.rules import PRESETS


@pytest.mark.parametrize(
    "module",
    [formatting, payment, display, spreadsheets, digest, refusals],
    ids=lambda m: m.__name__,
)
def test_the_examples_in_the_formatting_modules_hold(module):
    result = doctest.testmod(module)

    assert result.attempted > 0
    assert result.failed == 0


def test_every_number_below_zero_is_written_with_the_one_minus_sign():
    texts = [
        formatting.format_points(-2300),
        formatting.signed(-2300),
        formatting.signed_result(Decimal("-8.1")),
        formatting.signed_result(-0.25, places=2),
    ]

    assert texts == ["\u22122,300", "\u22122,300", "\u22128.1", "\u22120.25"]
    assert not any("-" in text for text in texts)


def test_every_preset_has_a_name_players_know():
    assert {name: formatting.preset_label(name) for name in PRESETS} == {
        "ema": "EMA",
        "wrc": "WRC",
        "tenhou": "Tenhou",
        "mahjongsoul": "Mahjong Soul",
        "mleague": "M-League",
        "tenhou_sanma": "Tenhou sanma",
        "mahjongsoul_sanma": "Mahjong Soul sanma",
    }


def test_each_sheet_has_fu_20_to_110_by_han_1_to_4_then_six_limits():
    for sheet in payment.payment_sheets(PRESETS["wrc"]):
        assert [row.fu for row in sheet.fu_rows] == [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]
        assert all([c.han for c in row.cells] == [1, 2, 3, 4] for row in sheet.fu_rows)
        assert [(r.slug, r.title, r.detail) for r in sheet.limit_rows] == [
            ("mangan", "Mangan", "5 han"),
            ("haneman", "Haneman", "6–7 han"),
            ("baiman", "Baiman", "8–10 han"),
            ("sanbaiman", "Sanbaiman", "11–12 han"),
            ("kazoe", "Sanbaiman", "13+ han, no kazoe yakuman"),
            ("yakuman", "Yakuman", ""),
        ]
