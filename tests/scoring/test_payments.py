"""Win values and payments against the reference: every cell of ``score_table.json`` with and
without kiriage, the limits of reference §3.1, kazoe and multiple yakuman per preset, honba,
pao, and the han/fu combinations no hand can have (reference §3.2).

Expected numbers are the reference's (``docs/rules/reference.md`` §3-§4 and
``tests/data/score_table.json``), never the engine's own output.
"""

from __future__ import annotations

import json

import pytest
from real_data import SCORE_TABLE

from scoring.errors import IllegalWin
from scoring.payments import ron_deltas, ron_points, tsumo_deltas, tsumo_points, win_value
from scoring.rules import PRESETS, resolve_rules
from scoring.table import payment_table

ENTRIES = json.loads(SCORE_TABLE.read_text())


def _rules(kiriage: bool):
    # Only kiriage matters below 5 han; tenhou is the reference's "without kiriage" table.
    return resolve_rules({"preset": "tenhou", "kiriage": kiriage})


def _entry_id(entry: dict, kiriage: bool) -> str:
    who = "dealer" if entry["dealer"] else "nondealer"
    return f"{who}-{entry['han']}han-{entry['fu']}fu-{'kiriage' if kiriage else 'plain'}"


CELLS = [
    pytest.param(entry, kiriage, id=_entry_id(entry, kiriage))
    for entry in ENTRIES
    for kiriage in (False, True)
]


def test_the_score_table_has_its_88_entries():
    # reference §3.4: "88 entries" (han 1-4 x 11 fu x dealer or not).
    assert len(ENTRIES) == 88


@pytest.mark.parametrize(("entry", "kiriage"), CELLS)
def test_a_ron_pays_what_the_score_table_says(entry, kiriage):
    """reference §3.4 tables (score_table.json ``ron`` / ``ron_kiriage``)."""
    expected = entry["ron_kiriage" if kiriage else "ron"]
    rules = _rules(kiriage)
    if expected is None:
        with pytest.raises(IllegalWin):
            win_value(rules, han=entry["han"], fu=entry["fu"], tsumo=False)
        return
    value = win_value(rules, han=entry["han"], fu=entry["fu"], tsumo=False)
    assert ron_points(value.basic, dealer=entry["dealer"]) == expected
    assert value.limit == entry["limit_kiriage" if kiriage else "limit"]


@pytest.mark.parametrize(("entry", "kiriage"), CELLS)
def test_a_tsumo_pays_what_the_score_table_says(entry, kiriage):
    """reference §3.4 tables (score_table.json ``tsumo`` / ``tsumo_kiriage``)."""
    expected = entry["tsumo_kiriage" if kiriage else "tsumo"]
    rules = _rules(kiriage)
    if expected is None:
        with pytest.raises(IllegalWin):
            win_value(rules, han=entry["han"], fu=entry["fu"], tsumo=True)
        return
    value = win_value(rules, han=entry["han"], fu=entry["fu"], tsumo=True)
    assert list(tsumo_points(value.basic, dealer=entry["dealer"])) == expected
    assert value.limit == entry["limit_kiriage" if kiriage else "limit"]


@pytest.mark.parametrize("kiriage", [False, True], ids=["plain", "kiriage"])
def test_the_printed_payment_table_matches_the_score_table(kiriage):
    rows = {
        (row.han, row.fu, row.dealer): row
        for row in payment_table(_rules(kiriage))
        if row.fu is not None
    }
    for entry in ENTRIES:
        row = rows[(entry["han"], entry["fu"], entry["dealer"])]
        suffix = "_kiriage" if kiriage else ""
        assert row.ron == entry["ron" + suffix], entry
        tsumo = entry["tsumo" + suffix]
        assert (list(row.tsumo) if row.tsumo else None) == tsumo, entry


# reference §3.1 limit table: basic, n-d ron, n-d tsumo, dealer ron, dealer tsumo (each).
LIMITS = [
    ("mangan", 5, 2000, 8000, (2000, 4000), 12000, 4000),
    ("haneman", 6, 3000, 12000, (3000, 6000), 18000, 6000),
    ("haneman", 7, 3000, 12000, (3000, 6000), 18000, 6000),
    ("baiman", 8, 4000, 16000, (4000, 8000), 24000, 8000),
    ("baiman", 10, 4000, 16000, (4000, 8000), 24000, 8000),
    ("sanbaiman", 11, 6000, 24000, (6000, 12000), 36000, 12000),
    ("sanbaiman", 12, 6000, 24000, (6000, 12000), 36000, 12000),
]


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize(
    ("limit", "han", "basic", "ron", "tsumo", "dealer_ron", "dealer_tsumo"),
    [pytest.param(*row, id=f"{row[0]}-{row[1]}han") for row in LIMITS],
)
def test_a_limit_hand_pays_the_limit_table(
    name, limit, han, basic, ron, tsumo, dealer_ron, dealer_tsumo
):
    """reference §3.1 limit table (mangan..sanbaiman), every preset, fu left out."""
    for way in (False, True):
        value = win_value(PRESETS[name], han=han, tsumo=way)
        assert (value.basic, value.limit) == (basic, limit)
    assert ron_points(basic, dealer=False) == ron
    assert tsumo_points(basic, dealer=False) == tsumo
    assert ron_points(basic, dealer=True) == dealer_ron
    assert tsumo_points(basic, dealer=True) == (dealer_tsumo, None)


@pytest.mark.parametrize("fu", [20, 30, 40, 110, 130])
def test_fu_do_not_change_a_hand_of_five_han_or_more(fu):
    """RULES.md: 5 han is mangan whatever the fu; fu may be left out from 5 han up."""
    assert win_value(PRESETS["ema"], han=5, fu=fu, tsumo=True).basic == 2000
    assert win_value(PRESETS["ema"], han=6, fu=fu, tsumo=False).basic == 3000


@pytest.mark.parametrize("name", PRESETS)
def test_a_yakuman_pays_the_yakuman_row(name):
    """reference §3.1: yakuman basic 8,000; 32,000 / 8,000-16,000 / 48,000 / 16,000 all."""
    value = win_value(PRESETS[name], yakuman=1)
    assert (value.basic, value.limit) == (8000, "yakuman")
    assert ron_points(8000, dealer=False) == 32000
    assert tsumo_points(8000, dealer=False) == (8000, 16000)
    assert ron_points(8000, dealer=True) == 48000
    assert tsumo_points(8000, dealer=True) == (16000, None)


@pytest.mark.parametrize(
    ("name", "ron"),
    [
        ("tenhou", 32000),  # reference edge case 28 (kazoe yakuman, R39)
        ("mahjongsoul", 32000),  # RULES.md kazoe "yakuman ?"
        ("ema", 24000),  # reference edge case 28 (EMA: sanbaiman)
        ("wrc", 24000),  # reference edge case 28 (WRC: sanbaiman)
        ("mleague", 24000),  # reference edge case 28 (M-League: sanbaiman)
    ],
)
@pytest.mark.parametrize("han", [13, 14, 20, 26])
def test_thirteen_han_or_more_is_kazoe_yakuman_or_sanbaiman_per_preset(name, ron, han):
    """reference edge case 28; 26 han stays one kazoe yakuman (RULES.md: "13+ kazoe")."""
    value = win_value(PRESETS[name], han=han, tsumo=False)
    assert ron_points(value.basic, dealer=False) == ron
    assert value.limit == ("yakuman" if ron == 32000 else "sanbaiman")


@pytest.mark.parametrize(
    ("name", "ron"),
    [
        ("ema", 32000),  # reference edge case 26 (EMA: single yakuman max)
        ("wrc", 64000),  # reference edge case 26 (WRC 2022)
        ("mleague", 64000),  # reference edge case 26
        ("tenhou", 64000),  # reference edge case 26
        ("mahjongsoul", 64000),  # reference edge case 26
    ],
)
def test_two_yakuman_in_one_hand_add_up_where_the_preset_stacks_them(name, ron):
    """reference edge case 26: two yakuman, n-d ron."""
    assert ron_points(win_value(PRESETS[name], yakuman=2).basic, dealer=False) == ron


@pytest.mark.parametrize(
    ("name", "count", "ron"),
    [
        ("tenhou", 3, 96000),
        ("tenhou", 6, 192000),
        ("ema", 3, 32000),
        ("ema", 6, 32000),
    ],
)
def test_each_further_yakuman_adds_8000_basic_where_they_stack(name, count, ron):
    """RULES.md: "yakuman 8000 x count"; EMA has no stacking (reference edge case 26)."""
    assert ron_points(win_value(PRESETS[name], yakuman=count).basic, dealer=False) == ron


# --- honba ---------------------------------------------------------------------------------


def test_honba_on_a_non_dealer_mangan_tsumo_come_after_the_limit():
    """reference edge case 10: 2 honba, n-d mangan tsumo: 2,200 from each n-d, 4,200 from
    the dealer."""
    deltas = tsumo_deltas(PRESETS["ema"], 2000, winner=1, dealer=0, honba=2)
    assert deltas == [-4200, 8600, -2200, -2200]


def test_honba_on_a_dealer_tsumo_are_100_from_each():
    """RULES.md: +100 per counter from each payer on tsumo; 4 han 30 fu dealer tsumo 3,900 all
    (reference edge case 4) with 3 honba."""
    deltas = tsumo_deltas(PRESETS["tenhou"], 1920, winner=2, dealer=2, honba=3)
    assert deltas == [-4200, -4200, 12600, -4200]


def test_honba_on_a_ron_are_300_each_from_the_discarder():
    """reference edge case 11 at payment level: 1 honba, n-d 8,000 ron: discarder -8,300
    (the 3 sticks are the record's business)."""
    deltas = ron_deltas(PRESETS["tenhou"], 2000, winner=1, discarder=2, dealer=0, honba=1)
    assert deltas == [0, 8300, -8300, 0]


@pytest.mark.parametrize("honba", [0, 1, 2, 5])
def test_honba_on_a_dealer_ron(honba):
    """RULES.md: +300 per counter on ron; 2 han 30 fu dealer ron 2,900 (score_table.json)."""
    deltas = ron_deltas(PRESETS["wrc"], 480, winner=0, discarder=3, dealer=0, honba=honba)
    assert deltas == [2900 + 300 * honba, 0, 0, -2900 - 300 * honba]


@pytest.mark.parametrize(
    ("han", "fu", "dealer_winner", "expected"),
    [
        # reference edge case 3 (R19, 7,900 observed), no honba, seat 1 wins, seat 0 deals.
        (4, 30, False, [-3900, 7900, -2000, -2000]),
        # reference edge case 8: 1 han 30 fu n-d tsumo 300/500 = 1,100 total.
        (1, 30, False, [-500, 1100, -300, -300]),
        # reference edge case 6: pinfu tsumo 2 han 20 fu 400/700 = 1,500.
        (2, 20, False, [-700, 1500, -400, -400]),
        # reference edge case 6: dealer 4 han 20 fu tsumo 2,600 all (7,800).
        (4, 20, True, [7800, -2600, -2600, -2600]),
        # reference edge case 7: chiitoitsu 3 han 25 fu n-d tsumo 800/1,600.
        (3, 25, False, [-1600, 3200, -800, -800]),
    ],
)
def test_tsumo_deltas_without_honba(han, fu, dealer_winner, expected):
    rules = PRESETS["tenhou"]
    basic = win_value(rules, han=han, fu=fu, tsumo=True).basic
    winner = 0 if dealer_winner else 1
    assert tsumo_deltas(rules, basic, winner=winner, dealer=0, honba=0) == expected


# --- pao -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("honba", "liable_pays"),
    [
        (0, 32000),  # reference edge case 23 (Tenhou log pao-tsumo): liable -32,000
        (2, 32600),  # reference edge case 23: with 2 honba -32,600
    ],
)
def test_on_a_pao_tsumo_the_liable_player_pays_everything(honba, liable_pays):
    """reference edge case 23: n-d daisangen tsumo with pao; the others pay nothing."""
    deltas = tsumo_deltas(PRESETS["tenhou"], 8000, winner=1, dealer=0, honba=honba, pao=3)
    assert deltas == [0, liable_pays, 0, -liable_pays]


def test_on_a_dealer_pao_tsumo_the_liable_player_pays_the_dealer_yakuman():
    """reference §2.6: the liable player pays the whole hand "as if they had dealt in":
    dealer yakuman 48,000 (§3.1), 1 honba 300."""
    deltas = tsumo_deltas(PRESETS["ema"], 8000, winner=0, dealer=0, honba=1, pao=2)
    assert deltas == [48300, 0, -48300, 0]


@pytest.mark.parametrize(
    ("name", "discarder_pays", "liable_pays"),
    [
        # reference edge case 24 (EMA RCR 2012 §3.3.9): the discarder alone pays the honba.
        ("ema", 16300, 16000),
        ("wrc", 16300, 16000),  # RULES.md pao_ron_honba: discarder
        ("mleague", 16300, 16000),  # RULES.md pao_ron_honba: discarder
        # RULES.md pao_ron_honba: liable for Tenhou and Mahjong Soul (reference §2.6, R17/R18).
        ("tenhou", 16000, 16300),
        ("mahjongsoul", 16000, 16300),
    ],
)
def test_on_a_pao_ron_by_a_third_player_liable_and_discarder_pay_half(
    name, discarder_pays, liable_pays
):
    """reference edge case 24: n-d yakuman ron, 1 honba, liable player is a third seat."""
    deltas = ron_deltas(PRESETS[name], 8000, winner=1, discarder=2, dealer=0, honba=1, pao=3)
    assert deltas == [0, 32300, -discarder_pays, -liable_pays]


def test_a_composite_yakuman_with_pao_is_split_half_and_half_on_tenhou():
    """reference edge case 25 (Tenhou): daisangen + tsuuiisou n-d ron by a third player:
    64,000 split 32,000 / 32,000."""
    basic = win_value(PRESETS["tenhou"], yakuman=2).basic
    deltas = ron_deltas(PRESETS["tenhou"], basic, winner=1, discarder=2, dealer=0, honba=0, pao=3)
    assert deltas == [0, 64000, -32000, -32000]


def test_when_the_liable_player_deals_in_they_pay_it_all():
    """reference §2.6: the split is for a ron "by a third player"; the liable discarder pays
    the whole hand as on any ron (RULES.md)."""
    deltas = ron_deltas(PRESETS["ema"], 8000, winner=1, discarder=3, dealer=0, honba=1, pao=3)
    assert deltas == [0, 32300, 0, -32300]


# --- combinations no hand can have ---------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "word"),
    [
        # reference §3.2: 20-fu ron at any han is impossible.
        (1, 20, False, "20 fu"),
        (2, 20, False, "20 fu"),
        (3, 20, False, "20 fu"),
        (4, 20, False, "20 fu"),
        # reference §3.2: 1 han 20 fu tsumo.
        (1, 20, True, "20 fu"),
        # reference §3.2: 25 fu is chiitoitsu, at least 2 han.
        (1, 25, False, "25 fu"),
        (1, 25, True, "25 fu"),
        # reference §3.2 / edge case 7: no 2 han 25 fu tsumo.
        (2, 25, True, "25 fu"),
        # reference §3.2 / edge case 9: 1 han 110 fu tsumo.
        (1, 110, True, "110 fu"),
        # RULES.md fu: round up to 10, chiitoitsu 25 fixed; 110 is the most a hand has.
        (1, 35, False, "35 fu"),
        (2, 15, True, "15 fu"),
        (3, 120, False, "120 fu"),
        (4, 0, True, "0 fu"),
        (2, None, False, "fu"),
        (0, 30, False, "han"),
    ],
)
def test_a_combination_no_hand_can_have_is_refused_with_its_reason(han, fu, tsumo, word):
    for name in PRESETS:
        with pytest.raises(IllegalWin, match=word):
            win_value(PRESETS[name], han=han, fu=fu, tsumo=tsumo)


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"yakuman": 7}, "yakuman"),
        ({"yakuman": -1}, "yakuman"),
        ({"yakuman": 1, "han": 13}, "yakuman"),
        ({}, "han"),
    ],
)
def test_a_win_must_be_han_and_fu_or_one_to_six_yakuman(kwargs, word):
    with pytest.raises(IllegalWin, match=word):
        win_value(PRESETS["tenhou"], **kwargs)


@pytest.mark.parametrize(
    ("han", "fu", "ron", "tsumo"),
    [
        # reference edge case 7: 2 han 25 fu ron exists (chiitoitsu) though its tsumo does not.
        (2, 25, 1600, None),
        # reference edge case 6 / §3.2: 2 han 20 fu tsumo exists though its ron does not.
        (2, 20, None, (400, 700)),
        # reference edge case 9: 1 han 110 fu ron exists though its tsumo does not.
        (1, 110, 3600, None),
    ],
)
def test_a_combination_possible_one_way_only_is_refused_only_that_way(han, fu, ron, tsumo):
    rules = PRESETS["tenhou"]
    for way, expected in ((False, ron), (True, tsumo)):
        if expected is None:
            with pytest.raises(IllegalWin):
                win_value(rules, han=han, fu=fu, tsumo=way)
        else:
            basic = win_value(rules, han=han, fu=fu, tsumo=way).basic
            paid = tsumo_points(basic, dealer=False) if way else ron_points(basic, dealer=False)
            assert paid == expected
