"""Fu from composition: the worked examples of seeds 001 and 003, and the special cases."""

from __future__ import annotations

import pytest

from scoring.calculator.fu import FuError, Meld, MeldKind, Pair, Wait, count_fu
from scoring.payments import ron_points, win_value
from scoring.rules import PRESETS, resolve_rules

SEQ = Meld(MeldKind.SEQUENCE)
TENHOU = PRESETS["tenhou"]


def triplet(*, open: bool = False, terminal: bool = False) -> Meld:
    return Meld(MeldKind.TRIPLET, open=open, terminal=terminal)


def quad(*, open: bool = False, terminal: bool = False) -> Meld:
    return Meld(MeldKind.QUAD, open=open, terminal=terminal)


def test_seed_001_example_1_tanyao_tsumo_with_two_triplets_is_30_fu():
    fu = count_fu(TENHOU, melds=[triplet(), SEQ, SEQ, triplet(open=True)], tsumo=True, closed=False)
    assert fu.total == 30
    assert [line.fu for line in fu.lines] == [20, 2, 4, 2, 2]
    # The seed prices 1 han 30 fu at 1,000 (non-dealer) and 1,500 (dealer).
    basic = win_value(TENHOU, han=1, fu=fu.total).basic
    assert (ron_points(basic, dealer=False), ron_points(basic, dealer=True)) == (1000, 1500)


def test_seed_001_example_2_three_closed_triplets_tsumo_is_50_fu_and_a_mangan():
    fu = count_fu(
        TENHOU,
        melds=[triplet(terminal=True), SEQ, triplet(terminal=True), triplet()],
        pair=Pair.YAKUHAI,
        wait=Wait.SHANPON,
        tsumo=True,
        closed=True,
    )
    assert fu.total == 50
    basic = win_value(TENHOU, han=4, fu=fu.total).basic
    assert (ron_points(basic, dealer=False), ron_points(basic, dealer=True)) == (8000, 12000)


def test_seed_001_example_3_closed_ron_penchan_is_50_fu():
    fu = count_fu(
        TENHOU,
        melds=[SEQ, SEQ, triplet(terminal=True), triplet()],
        wait=Wait.PENCHAN,
        tsumo=False,
        closed=True,
    )
    assert fu.total == 50
    assert [line.reason for line in fu.lines][:2] == ["base", "closed ron"]
    basic = win_value(TENHOU, han=1, fu=50).basic
    assert (ron_points(basic, dealer=False), ron_points(basic, dealer=True)) == (1600, 2400)


def test_seed_001_example_4_open_ron_with_an_open_quad_is_40_fu():
    fu = count_fu(
        TENHOU,
        melds=[SEQ, SEQ, triplet(), quad(open=True)],
        wait=Wait.KANCHAN,
        tsumo=False,
        closed=False,
    )
    assert fu.total == 40
    basic = win_value(TENHOU, han=1, fu=40).basic
    assert (ron_points(basic, dealer=False), ron_points(basic, dealer=True)) == (1300, 2000)


def test_seed_001_example_5_open_pinfu_like_hand_is_30_fu():
    fu = count_fu(TENHOU, melds=[SEQ] * 4, tsumo=False, closed=False)
    assert fu.total == 30
    assert fu.lines[-1].reason == "open hand with no fu: raised to 30"
    basic = win_value(TENHOU, han=2, fu=30).basic
    assert (ron_points(basic, dealer=False), ron_points(basic, dealer=True)) == (2000, 2900)


def test_open_pinfu_like_tsumo_is_22_rounded_to_30():
    assert count_fu(TENHOU, melds=[SEQ] * 4, tsumo=True, closed=False).total == 30


def test_seed_003_one_han_110_fu_needs_the_four_fu_double_wind_pair():
    melds = [triplet(open=True, terminal=True), quad(terminal=True), quad(terminal=True), SEQ]
    fu = count_fu(
        TENHOU, melds=melds, pair=Pair.DOUBLE_WIND, wait=Wait.SHANPON, tsumo=False, closed=True
    )
    assert fu.total == 110
    assert sum(line.fu for line in fu.lines if not line.reason.startswith("rounded")) == 102
    two_fu = count_fu(
        PRESETS["wrc"],
        melds=melds,
        pair=Pair.DOUBLE_WIND,
        wait=Wait.SHANPON,
        tsumo=False,
        closed=True,
    )
    assert two_fu.total == 100
    assert ron_points(win_value(TENHOU, han=1, fu=110).basic, dealer=False) == 3600


def test_seed_003_two_han_110_fu_sankantsu_tsumo():
    melds = [quad(open=True, terminal=True), quad(terminal=True), quad(terminal=True), SEQ]
    fu = count_fu(
        TENHOU, melds=melds, pair=Pair.DOUBLE_WIND, wait=Wait.TANKI, tsumo=True, closed=False
    )
    assert fu.total == 110
    assert sum(line.fu for line in fu.lines if not line.reason.startswith("rounded")) == 108


def test_pinfu_tsumo_is_20_and_pinfu_ron_is_30():
    assert count_fu(TENHOU, melds=[SEQ] * 4, tsumo=True, closed=True).total == 20
    assert count_fu(TENHOU, melds=[SEQ] * 4, tsumo=False, closed=True).total == 30


def test_chiitoitsu_is_25_whatever_else():
    assert count_fu(TENHOU, tsumo=True, closed=True, chiitoitsu=True).total == 25


@pytest.mark.parametrize(
    ("meld", "fu"),
    [
        (triplet(open=True), 2),
        (triplet(), 4),
        (triplet(open=True, terminal=True), 4),
        (triplet(terminal=True), 8),
        (quad(open=True), 8),
        (quad(), 16),
        (quad(open=True, terminal=True), 16),
        (quad(terminal=True), 32),
    ],
)
def test_meld_fu_follows_the_corrected_table_of_seeds_001_and_003(meld: Meld, fu: int):
    result = count_fu(
        TENHOU, melds=[meld, SEQ, SEQ, SEQ], wait=Wait.KANCHAN, tsumo=False, closed=False
    )
    assert result.lines[1].fu == fu


def test_double_wind_pair_follows_the_ruleset():
    ema = count_fu(PRESETS["ema"], melds=[SEQ] * 4, pair=Pair.DOUBLE_WIND, tsumo=False, closed=True)
    club = count_fu(
        resolve_rules({"preset": "ema", "double_wind_fu": 2}),
        melds=[SEQ] * 4,
        pair=Pair.DOUBLE_WIND,
        tsumo=False,
        closed=True,
    )
    assert ema.lines[-2].fu == 4 and club.lines[-2].fu == 2


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"melds": [SEQ] * 3}, "four melds"),
        ({"melds": [SEQ] * 4, "wait": Wait.SHANPON}, "shanpon"),
        ({"melds": [SEQ], "chiitoitsu": True}, "chiitoitsu"),
    ],
)
def test_impossible_compositions_are_refused(kwargs: dict, word: str):
    with pytest.raises(FuError, match=word):
        count_fu(TENHOU, tsumo=False, closed=True, **kwargs)
