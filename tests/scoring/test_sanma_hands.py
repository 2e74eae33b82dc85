"""The hand calculator with three players (RULES.md, version 3; spec/hand.md): the 201 real
three-player hands of tests/data/sanma score the han, fu and yaku they recorded; 2m-8m are
refused naming the tile, 9m follows 1m as dora, kita are dora (once more where an indicator
shows West), a tsumo is paid per ``sanma_tsumo``."""

from __future__ import annotations

from collections import Counter

import pytest
from real_data import SANMA_HANDS, SANMA_YAKU_IDS, sanma_hand_doc

from scoring.calculator.score import calculate_hand
from scoring.calculator.tiles import HandError


def test_the_201_hands_are_there():
    assert len(SANMA_HANDS) == 201
    assert all(case["conditions"]["is_sanma"] for case in SANMA_HANDS)


def _yaku(out: dict) -> Counter:
    names = Counter()
    for line in out["yaku"]:
        name = line["name"]
        for wind in ("Seat Wind", "Round Wind"):
            if name.startswith(wind):
                name = wind
        names[name] += 1
    return names


@pytest.mark.parametrize("case", SANMA_HANDS, ids=lambda c: f"{c['expected']['han']}han")
def test_a_real_three_player_hand_scores_as_recorded(case):
    out = calculate_hand(sanma_hand_doc(case))
    expected = case["expected"]
    han = out["han"] if not out["yakuman"] else 13 * out["yakuman"]
    assert (han, out["fu"]) == (expected["han"], expected["fu"])
    # RiichiEnv lists each yaku and each dora kind once.
    assert _yaku(out) == Counter(SANMA_YAKU_IDS[i] for i in expected["yaku"])


def _hand(**changes):
    doc = {
        "players": 3,
        "closed": "111999m456p789s11z",
        "win_tile": "4p",
        "seat_wind": "S",
        "round_wind": "E",
        "riichi": True,
    }
    return {**doc, **changes}


def _lines(out: dict) -> dict[str, int]:
    return {line["name"]: line["han"] for line in out["yaku"]}


@pytest.mark.parametrize("tile", ["2m", "5m", "0m", "8m"])
def test_a_man_tile_three_players_do_not_play_is_refused_naming_it(tile):
    with pytest.raises(HandError) as caught:
        calculate_hand(_hand(dora_indicators=[tile]))
    assert caught.value.field == "dora_indicators"
    assert caught.value.code == "tiles.not_in_sanma"
    assert caught.value.values == {"tile": tile}


def test_a_man_tile_in_the_hand_is_refused_naming_the_field():
    with pytest.raises(HandError) as caught:
        calculate_hand(_hand(closed="111234m456p789s11z", win_tile="1m"))
    assert (caught.value.field, caught.value.values) == ("closed", {"tile": "2m"})


def test_9m_follows_1m_as_dora_with_three_players():
    # Three 9m: a 1m indicator makes three dora (four players: 2m, none here).
    out = calculate_hand(_hand(dora_indicators=["1m"]))
    assert _lines(out)["Dora"] == 3
    four = calculate_hand({**_hand(dora_indicators=["1m"]), "players": 4})
    assert "Dora" not in _lines(four)


def test_kita_are_dora_and_count_again_under_a_west_indicator():
    out = calculate_hand(_hand(kita=2))
    assert _lines(out)["Kita"] == 2
    west = calculate_hand(_hand(kita=2, dora_indicators=["3z"]))
    # North is the dora after West: each kita once more (no North in the hand).
    assert (_lines(west)["Kita"], _lines(west)["Dora"]) == (2, 2)
    assert west["han"] == out["han"] + 2


def test_kita_and_north_tiles_cannot_exceed_four():
    with pytest.raises(HandError) as caught:
        calculate_hand(_hand(closed="111999m456p789s44z", win_tile="4p", kita=3))
    assert (caught.value.field, caught.value.code) == ("kita", "dora.too_many_kita")


def test_kita_with_four_players_is_refused():
    with pytest.raises(HandError) as caught:
        calculate_hand({**_hand(kita=1), "players": 4})
    assert (caught.value.field, caught.value.code) == ("kita", "dora.kita_four_players")


def test_three_players_call_no_chi():
    doc = _hand(closed="111999m789s11z", riichi=False, win_tile="9m")
    doc["melds"] = [{"type": "chi", "tiles": "456p"}]
    with pytest.raises(HandError) as caught:
        calculate_hand(doc)
    assert (caught.value.field, caught.value.code) == ("melds[0].type", "meld.chi_three")


def test_the_players_and_the_rules_must_agree():
    with pytest.raises(HandError) as caught:
        calculate_hand(_hand(rules="tenhou"))
    assert (caught.value.field, caught.value.code) == ("players", "calc.players_differ")
    out = calculate_hand({**_hand(rules="mahjongsoul_sanma"), "players": 3})
    assert out["han"] >= 1


@pytest.mark.parametrize(
    ("mode", "payments"),
    [
        # rules/sanma.md 1d, non-dealer mangan tsumo: loss 4000 / 2000, bisection 5000 / 3000.
        ("loss", {"tsumo_nondealer": 2000, "tsumo_dealer": 4000}),
        ("bisection", {"tsumo_nondealer": 3000, "tsumo_dealer": 5000}),
    ],
)
def test_a_tsumo_is_paid_per_the_three_player_mode(mode, payments):
    # Riichi and menzen tsumo, and three kita: 5 han, a mangan.
    doc = _hand(tsumo=True, kita=3, rules={"preset": "tenhou_sanma", "sanma_tsumo": mode})
    out = calculate_hand(doc)
    assert (out["han"], out["limit"]) == (5, "mangan")
    assert out["payments"] == payments
