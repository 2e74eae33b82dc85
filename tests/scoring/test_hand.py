"""The hand calculator: the real Tenhou hands, the worked examples of seeds 001 and 003, the
ruleset options, refusals, and fuzzing (bad input only ever raises a ScoringError)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from real_data import HAND_CASES as CASES
from real_data import hand_doc

from scoring.calculator.readings import library_config, library_tiles, splits, valued_readings
from scoring.calculator.score import (
    YAKU_NAMES,
    HandInput,
    HandScore,
    NotAWinningHand,
    NoYaku,
    calculate_hand,
    score_hand,
)
from scoring.calculator.tiles import HandError, NotationError, Tile, TooManyCopies, to_136
from scoring.errors import RulesError, ScoringError


def nearest_winner(case: dict[str, Any]) -> bool:
    """Whether this winner is the one nearest the discarder among the hand's winners
    (Tenhou gives the honba and sticks of a double ron to that one only: RULES.md)."""
    if case["tsumo"]:
        return True
    winners = WINNERS[(case["source"], case["hand_index_in_game"])]
    return min(winners, key=lambda seat: (seat - case["from_seat"]) % 4) == case["winner_seat"]


WINNERS: dict[tuple[str, int], list[int]] = defaultdict(list)
for _case in CASES:
    WINNERS[(_case["source"], _case["hand_index_in_game"])].append(_case["winner_seat"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_a_real_tenhou_hand_gets_what_tenhou_paid(case):
    out = calculate_hand(hand_doc(case))
    expected = case["expected"]
    payments = out["payments"]
    assert (out["han"], out["fu"], out["yakuman"], out["limit"]) == (
        expected["han"],
        expected["fu"],
        expected["yakuman"],
        expected["limit"],
    )
    if case["tsumo"]:
        each = payments["tsumo_nondealer"]
        total = 3 * each if case["dealer"] else 2 * each + payments["tsumo_dealer"]
    else:
        total = payments["ron"]
    assert total == expected["points"]
    # Tenhou lists yakuman as {"yakuman": n}; the calculator as 13 han per yakuman. Tenhou
    # also lists "Ura Dora 0" for every riichi: only lines worth something are compared.
    tenhou_yaku = sorted(
        (y["name"], y.get("han", 13 * y.get("yakuman", 0))) for y in expected["yaku"]
    )
    assert sorted((y["name"], y["han"]) for y in out["yaku"]) == [y for y in tenhou_yaku if y[1]]
    # What the log recorded: the winner takes the points, the honba (300 each) and the
    # sticks; each payer pays its share and 100 per honba on a tsumo.
    deltas = expected["deltas_recorded"]
    bonus = 300 * case["honba"] + 1000 * case["riichi_sticks"] if nearest_winner(case) else 0
    assert deltas[case["winner_seat"]] == expected["points"] + bonus
    single = len(WINNERS[(case["source"], case["hand_index_in_game"])]) == 1
    if not case["tsumo"] and case["pao_seat"] is None and single:
        assert deltas[case["from_seat"]] == -(payments["ron"] + 300 * case["honba"])
    if case["tsumo"] and case["pao_seat"] is None:
        dealer_seat = (case["winner_seat"] - "ESWN".index(case["seat_wind"])) % 4
        for seat in range(4):
            if seat != case["winner_seat"]:
                share = payments.get("tsumo_dealer") if seat == dealer_seat else None
                share = share or payments["tsumo_nondealer"]
                assert deltas[seat] == -(share + 100 * case["honba"])


def test_all_354_real_hands_are_tested():
    assert len(CASES) == 354
    assert len({c["id"] for c in CASES}) == 354


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_the_library_alone_prices_each_real_hand_as_the_engine_does(case):
    """The mahjong library's own best reading and ScoresCalculator give the same payments
    (and, below yakuman, the same han and fu) as the engine's payments after our reading."""
    hand = HandInput.from_json(hand_doc(case))
    ids, win_id, melds = library_tiles(hand)
    indicators = to_136(hand.dora_indicators + hand.ura_dora_indicators)
    response = HandCalculator().estimate_hand_value(
        ids, win_id, melds=melds, dora_indicators=indicators, config=library_config(hand)
    )
    result = score_hand(hand)
    cost = response.cost
    if hand.tsumo:
        assert (cost["main"], cost["additional"]) == (
            result.payments.tsumo_dealer or result.payments.tsumo_nondealer,
            result.payments.tsumo_nondealer,
        )
    else:
        assert cost["main"] == result.payments.ron
    if not result.yakuman:
        assert (response.han, response.fu) == (result.han, result.fu)


def hand(closed: str, win: str, *melds: tuple[str, str] | tuple[str, str, bool], **situation):
    doc: dict[str, Any] = {"closed": closed, "win_tile": win}
    doc["melds"] = [
        {"type": m[0], "tiles": m[1], **({"opened": m[2]} if len(m) > 2 else {})} for m in melds
    ]
    return calculate_hand(doc | situation)


def fu_lines(out: dict[str, Any]) -> list[tuple[int, str]]:
    return [(line["fu"], line["reason"]) for line in out["fu_breakdown"]]


# Seed 001 "Practice Problems" (East round, East is the dealer, no riichi). The seed quotes
# each hand's value as a ron price; the tsumo hands are paid per payer (RULES.md errata).


@pytest.mark.parametrize("seat", ["E", "S"])
def test_seed_001_example_1_tanyao_tsumo_with_a_closed_and_an_open_triplet_is_30_fu(seat):
    out = hand("444m234p88p567s", "7s", ("pon", "666s"), tsumo=True, seat_wind=seat)
    assert [y["name"] for y in out["yaku"]] == ["Tanyao"]
    assert (out["han"], out["fu"]) == (1, 30)
    assert fu_lines(out) == [
        (20, "base"),
        (2, "tsumo"),
        (4, "closed triplet of simples"),
        (2, "open triplet of simples"),
        (2, "rounded up from 28"),
    ]
    # Dealer 1,500 (500 all); a non-dealer's 1,000 becomes 300/500 by tsumo.
    expected = (
        {"tsumo_nondealer": 500} if seat == "E" else {"tsumo_nondealer": 300, "tsumo_dealer": 500}
    )
    assert out["payments"] == expected


def test_seed_001_example_2_tsumo_yakuhai_sanankou_50_fu_4_han_is_mangan():
    out = hand("999m555p234s55777z", "5p", tsumo=True, seat_wind="S")
    assert sorted(y["name"] for y in out["yaku"]) == ["Chun", "Menzen Tsumo", "Sanankou"]
    assert (out["han"], out["fu"], out["limit"]) == (4, 50, "mangan")
    assert fu_lines(out) == [
        (20, "base"),
        (2, "tsumo"),
        (8, "closed triplet of terminals/honors"),
        (4, "closed triplet of simples"),
        (8, "closed triplet of terminals/honors"),
        (2, "yakuhai pair"),
        (6, "rounded up from 44"),
    ]
    assert out["payments"] == {"tsumo_nondealer": 2000, "tsumo_dealer": 4000}  # 8,000
    dealer = hand("999m555p234s55777z", "5p", tsumo=True)
    assert dealer["payments"] == {"tsumo_nondealer": 4000}  # 12,000


@pytest.mark.parametrize(("seat", "ron"), [("S", 1600), ("E", 2400)])
def test_seed_001_example_3_yakuhai_ron_with_an_edge_wait_is_1_han_50_fu(seat, ron):
    out = hand("123345p444s99s666z", "3p", seat_wind=seat)
    assert out["yaku"] == [{"name": "Hatsu", "han": 1}]
    assert (out["han"], out["fu"]) == (1, 50)
    # 12345p won on 3p is a penchan or a ryanmen: 50 fu either way; the edge wait is shown.
    assert (2, "penchan wait") in fu_lines(out)
    assert out["payments"] == {"ron": ron}


@pytest.mark.parametrize(("seat", "ron"), [("S", 1300), ("E", 2000)])
def test_seed_001_example_4_open_tanyao_with_a_quad_and_kanchan_is_1_han_40_fu(seat, ron):
    out = hand("234m46p88p777s5p", "5p", ("kan", "3333s"), seat_wind=seat)
    assert (out["han"], out["fu"]) == (1, 40)
    assert fu_lines(out) == [
        (20, "base"),
        (4, "closed triplet of simples"),
        (8, "open quad of simples"),
        (2, "kanchan wait"),
        (6, "rounded up from 34"),
    ]
    assert out["payments"] == {"ron": ron}


@pytest.mark.parametrize(("seat", "ron"), [("S", 2000), ("E", 2900)])
def test_seed_001_example_5_open_pinfu_shape_is_30_fu_with_tanyao_and_sanshoku(seat, ron):
    out = hand("345p66p345678s", "3p", ("chi", "345m"), seat_wind=seat)
    assert sorted(y["name"] for y in out["yaku"]) == ["Sanshoku Doujun", "Tanyao"]
    assert (out["han"], out["fu"]) == (2, 30)
    assert fu_lines(out) == [(20, "base"), (10, "open hand with no fu: raised to 30")]
    assert out["payments"] == {"ron": ron}


# Seed 003 "Maximum Score" and its 110 fu examples.


def test_seed_003_ryanmen_is_chosen_over_kanchan_when_it_gives_pinfu():
    # 233445m won on 3m: kanchan in 2-4 or ryanmen in 4-5; the ryanmen reading has pinfu.
    out = hand("233445m678p23499s", "3m", riichi=True, seat_wind="S")
    assert [y["name"] for y in out["yaku"]] == ["Riichi", "Pinfu"]
    assert (out["han"], out["fu"], out["payments"]) == (2, 30, {"ron": 2000})
    assert fu_lines(out) == [(20, "base"), (10, "closed ron")]


def test_seed_003_the_same_hand_open_counts_the_kanchan_fu():
    out = hand("233445m23488s", "3m", ("chi", "678p"), seat_wind="S")
    assert (out["han"], out["fu"]) == (1, 30)
    assert (2, "kanchan wait") in fu_lines(out)


def test_seed_003_the_triplet_that_keeps_sanshoku_is_chosen_over_the_one_worth_more_fu():
    # 11123444p: 111p + 234p + 44p (a terminal triplet, more fu) or 11p + 123p + 444p
    # (sanshoku with 123m and 123s). Sanshoku pays more.
    out = hand("123m11123444p123s", "3p", riichi=True, seat_wind="S")
    assert sorted(y["name"] for y in out["yaku"]) == ["Riichi", "Sanshoku Doujun"]
    assert (out["han"], out["fu"]) == (3, 40)
    assert (4, "closed triplet of simples") in fu_lines(out)
    assert all("terminals" not in reason for _, reason in fu_lines(out))
    opened = hand("11123444p", "2p", ("chi", "123m"), ("chi", "123s"), seat_wind="S")
    assert [y["name"] for y in opened["yaku"]] == ["Sanshoku Doujun"]


def test_seed_003_1_han_110_fu_south_seat_south_round():
    # Closed quads of chun (yakuhai) and 9m, a South pair, won by ron on East completing
    # a triplet (counted open), one run so there is no toitoi.
    out = hand(
        "234p11122z",
        "1z",
        ("kan", "7777z", False),
        ("kan", "9999m", False),
        seat_wind="S",
        round_wind="S",
    )
    assert out["yaku"] == [{"name": "Chun", "han": 1}]
    assert (out["han"], out["fu"]) == (1, 110)
    assert fu_lines(out) == [
        (20, "base"),
        (10, "closed ron"),
        (4, "open triplet of terminals/honors"),
        (32, "closed quad of terminals/honors"),
        (32, "closed quad of terminals/honors"),
        (4, "double wind pair"),
        (8, "rounded up from 102"),
    ]
    assert out["payments"] == {"ron": 3600}  # RULES reference edge case 9


def test_a_double_wind_pair_is_worth_2_fu_where_the_ruleset_says_so():
    doc = {
        "closed": "234p11122z",
        "win_tile": "1z",
        "seat_wind": "S",
        "round_wind": "S",
        "melds": [
            {"type": "kan", "tiles": "7777z", "opened": False},
            {"type": "kan", "tiles": "9999m", "opened": False},
        ],
    }
    for preset, fu in (("tenhou", 110), ("ema", 110), ("wrc", 100), ("mleague", 100)):
        out = calculate_hand(doc | {"rules": preset})
        assert out["fu"] == fu, preset
        pair = [line["fu"] for line in out["fu_breakdown"] if line["reason"] == "double wind pair"]
        assert pair == [4 if fu == 110 else 2]


def test_seed_003_2_han_110_fu_east_dealer_tsumo_with_three_quads():
    out = hand(
        "234m11z",
        "1z",
        ("kan", "1111m"),
        ("kan", "9999p", False),
        ("kan", "1111s", False),
        tsumo=True,
    )
    assert out["yaku"] == [{"name": "Sankantsu", "han": 2}]
    assert (out["han"], out["fu"]) == (2, 110)
    assert sum(line["fu"] for line in out["fu_breakdown"]) == 110
    assert (2, "tanki wait") in fu_lines(out) and (4, "double wind pair") in fu_lines(out)
    assert out["payments"] == {"tsumo_nondealer": 3600}


def test_the_spec_example_riichi_pinfu_ron_with_a_red_five():
    out = hand("234m067p234567s88s", "2m", riichi=True, seat_wind="S", dora_indicators=["1z"])
    assert out == {
        "yaku": [
            {"name": "Riichi", "han": 1},
            {"name": "Pinfu", "han": 1},
            {"name": "Tanyao", "han": 1},
            {"name": "Aka Dora", "han": 1},
        ],
        "han": 4,
        "fu": 30,
        "yakuman": 0,
        "fu_breakdown": [{"fu": 20, "reason": "base"}, {"fu": 10, "reason": "closed ron"}],
        "limit": None,
        "payments": {"ron": 7700},
    }


def test_pinfu_tsumo_is_20_fu_and_chiitoitsu_25():
    pinfu = hand("234m067p234567s88s", "2m", tsumo=True, seat_wind="S")
    assert (pinfu["han"], pinfu["fu"]) == (4, 20)
    assert pinfu["fu_breakdown"][-1]["reason"].startswith("pinfu tsumo")
    pairs = hand("1199m3344p5566s77z", "7z", seat_wind="S")
    assert (pairs["han"], pairs["fu"], pairs["payments"]) == (2, 25, {"ron": 1600})


def test_ryanpeikou_is_read_over_chiitoitsu():
    out = hand("223344m556677p88s", "8s", seat_wind="S")
    assert sorted(y["name"] for y in out["yaku"]) == ["Ryanpeikou", "Tanyao"]


def test_dora_ura_dora_and_red_fives_are_their_own_lines():
    out = hand(
        "234m067p234567s88s",
        "2m",
        riichi=True,
        seat_wind="S",
        dora_indicators=["1m", "7s"],
        ura_dora_indicators=["4p"],
    )
    lines = {y["name"]: y["han"] for y in out["yaku"]}
    assert (lines["Dora"], lines["Ura Dora"], lines["Aka Dora"]) == (3, 1, 1)
    assert out["han"] == 8 and out["limit"] == "baiman"


def test_a_kans_four_tiles_all_count_as_dora():
    out = hand(
        "234m567p234s88s",
        "2m",
        ("kan", "6666s", False),
        riichi=True,
        seat_wind="S",
        dora_indicators=["5s"],
    )
    assert {"name": "Dora", "han": 4} in out["yaku"]


# Ruleset options


THIRTEEN_HAN = {
    "closed": "22334455667788m",
    "win_tile": "2m",
    "riichi": True,
    "tsumo": True,
    "seat_wind": "S",
}


def test_13_han_is_kazoe_yakuman_or_sanbaiman_per_ruleset():
    tenhou = calculate_hand(THIRTEEN_HAN)
    ema = calculate_hand(THIRTEEN_HAN | {"rules": "ema"})
    assert (tenhou["han"], tenhou["yakuman"], tenhou["limit"]) == (13, 0, "yakuman")
    assert tenhou["payments"] == {"tsumo_nondealer": 8000, "tsumo_dealer": 16000}
    assert (ema["han"], ema["yakuman"], ema["limit"]) == (13, 0, "sanbaiman")
    assert ema["payments"] == {"tsumo_nondealer": 6000, "tsumo_dealer": 12000}


SUUANKOU_OR_KAZOE = {
    "closed": "11122233344455m",
    "win_tile": "4m",
    "tsumo": True,
    "riichi": True,
    "seat_wind": "S",
    "dora_indicators": ["3m", "4m"],
}


def test_suuankou_beats_a_14_han_reading_when_kazoe_is_only_sanbaiman():
    out = calculate_hand(SUUANKOU_OR_KAZOE | {"rules": "ema"})
    assert (out["yakuman"], out["limit"], out["han"]) == (1, "yakuman", None)
    assert out["yaku"] == [{"name": "Suuankou", "han": 13}]
    # The library alone keeps its most-han reading: a 14-han kazoe hand, sanbaiman here.
    hand_input = HandInput.from_json(SUUANKOU_OR_KAZOE | {"rules": "ema"})
    ids, win_id, melds = library_tiles(hand_input)
    alone = HandCalculator().estimate_hand_value(
        ids,
        win_id,
        melds=melds,
        dora_indicators=to_136(hand_input.dora_indicators),
        config=library_config(hand_input),
    )
    assert (alone.han, alone.cost["main"], alone.cost["additional"]) == (14, 12000, 6000)
    assert out["payments"] == {"tsumo_nondealer": 8000, "tsumo_dealer": 16000}


def test_two_yakuman_add_up_only_with_multiple_yakuman():
    doc = {"closed": "11122555666777z", "win_tile": "1z", "seat_wind": "S"}
    tenhou, ema = calculate_hand(doc), calculate_hand(doc | {"rules": "ema"})
    names = ["Daisangen", "Tsuuiisou"]
    assert sorted(y["name"] for y in tenhou["yaku"]) == names
    assert (tenhou["yakuman"], tenhou["payments"]) == (2, {"ron": 64000})
    assert (ema["yakuman"], ema["payments"]) == (1, {"ron": 32000})


def test_suuankou_tanki_is_double_only_with_double_yakuman_hands():
    doc = {"closed": "111m222p333s44455z", "win_tile": "5z", "seat_wind": "S"}
    tenhou, soul = calculate_hand(doc), calculate_hand(doc | {"rules": "mahjongsoul"})
    assert tenhou["yaku"] == [{"name": "Suuankou Tanki", "han": 13}]
    assert (tenhou["yakuman"], tenhou["payments"]) == (1, {"ron": 32000})
    assert (soul["yakuman"], soul["payments"]) == (2, {"ron": 64000})


def test_kiriage_makes_4_han_30_fu_a_mangan():
    doc = {"closed": "234m067p234567s88s", "win_tile": "2m", "riichi": True, "seat_wind": "S"}
    assert calculate_hand(doc)["payments"] == {"ron": 7700}
    assert calculate_hand(doc | {"rules": {"preset": "tenhou", "kiriage": True}}) == (
        calculate_hand(doc) | {"limit": "mangan", "payments": {"ron": 8000}}
    )


def test_open_tanyao_needs_kuitan():
    doc = {
        "closed": "234m567p234s88s",
        "win_tile": "2m",
        "seat_wind": "S",
        "melds": [{"type": "pon", "tiles": "666s"}],
    }
    assert calculate_hand(doc)["yaku"] == [{"name": "Tanyao", "han": 1}]
    with pytest.raises(NoYaku, match=r"closed: .* has no yaku"):
        calculate_hand(doc | {"rules": {"preset": "tenhou", "kuitan": False}})


def test_red_fives_count_only_where_the_ruleset_has_them():
    doc = {"closed": "234m067p234567s88s", "win_tile": "2m", "riichi": True, "seat_wind": "S"}
    with pytest.raises(HandError, match="closed: 0p is a red five, and this ruleset has none"):
        calculate_hand(doc | {"rules": "ema"})
    four = calculate_hand(
        doc | {"closed": "234m00567p234567s", "rules": {"preset": "tenhou", "aka_dora": 4}}
    )
    assert {"name": "Aka Dora", "han": 2} in four["yaku"]
    with pytest.raises(HandError, match="one 0p too many"):
        calculate_hand(doc | {"closed": "234m00567p234567s"})
    # With a red 5p in the set, a fourth plain 5p is the red one written plain.
    plain = {"closed": "234m456p234s88s", "win_tile": "2m", "seat_wind": "S",
             "melds": [{"type": "pon", "tiles": "555p"}]}  # fmt: skip
    with pytest.raises(
        HandError, match=r"^melds\[0\]\.tiles: too many plain 5p: 1 of the four is red"
    ):
        calculate_hand(plain)
    assert calculate_hand(plain | {"closed": "234m406p234s88s"})["han"] == 2
    assert calculate_hand(plain | {"rules": {"preset": "tenhou", "aka_dora": 0}})["han"] == 1


# Refusals


BASE = {"closed": "234m067p234567s88s", "win_tile": "2m", "seat_wind": "S"}


@pytest.mark.parametrize(
    ("change", "error", "field", "words"),
    [
        ({"closed": "234m067p234567s8s"}, HandError, "closed", "expected 14 tiles"),
        (
            {"closed": "234m067p234567s88s", "melds": [{"type": "pon", "tiles": "111z"}]},
            HandError,
            "closed",
            "expected 11 tiles beside 1 meld(s)",
        ),
        ({"closed": "234m067p23456s888s"}, NotAWinningHand, "closed", "is not a winning hand"),
        (
            {
                "closed": "123m456p789s222s11z",
                "win_tile": "2s",
                "seat_wind": "S",
                "round_wind": "S",
            },
            NoYaku,
            "closed",
            "has no yaku",
        ),
        (
            {"closed": "234m067p234567s88s", "dora_indicators": ["8s", "8s", "8s"]},
            TooManyCopies,
            "dora_indicators",
            "a fifth 8s",
        ),
        ({"win_tile": "9m"}, HandError, "win_tile", "9m is not among the closed tiles"),
        ({"win_tile": "5p"}, HandError, "win_tile", "(the closed tiles have 0p)"),
        (
            {"closed": "234m067p88s", "melds": [{"type": "chi", "tiles": "246s"}]},
            HandError,
            "melds[0].tiles",
            "246s is not a chi",
        ),
        (
            {"closed": "234m067p88s", "melds": [{"type": "chi", "tiles": "891s"}]},
            HandError,
            "melds[0].tiles",
            "not a chi",
        ),
        (
            {"closed": "234m067p88s", "melds": [{"type": "chi", "tiles": "123z"}]},
            HandError,
            "melds[0].tiles",
            "not a chi",
        ),
        (
            {"closed": "234m067p88s", "melds": [{"type": "pon", "tiles": "223s"}]},
            HandError,
            "melds[0].tiles",
            "223s is not a pon",
        ),
        (
            {"closed": "234m067p88s", "melds": [{"type": "kan", "tiles": "222s"}]},
            HandError,
            "melds[0].tiles",
            "222s is not a kan",
        ),
        (
            {"closed": "234m067p88s", "melds": [{"type": "pon", "tiles": "222s", "opened": False}]},
            HandError,
            "melds[0].opened",
            "only a kan can be closed",
        ),
        ({"tenhou": True, "tsumo": True}, HandError, "tenhou", "tenhou is the dealer's"),
        (
            {"chiihou": True, "tsumo": True, "seat_wind": "E"},
            HandError,
            "chiihou",
            "chiihou is a non-dealer's",
        ),
        ({"tenhou": True, "seat_wind": "E"}, HandError, "tenhou", "a tsumo on the first draw"),
        (
            {"tenhou": True, "tsumo": True, "seat_wind": "E", "riichi": True},
            HandError,
            "tenhou",
            "before any riichi",
        ),
        ({"ippatsu": True}, HandError, "ippatsu", "ippatsu needs riichi"),
        ({"rinshan": True}, HandError, "rinshan", "not a ron"),
        ({"rinshan": True, "tsumo": True}, HandError, "rinshan", "needs a kan"),
        ({"chankan": True, "tsumo": True}, HandError, "chankan", "not a tsumo"),
        ({"haitei": True}, HandError, "haitei", "haitei is a tsumo"),
        ({"houtei": True, "tsumo": True}, HandError, "houtei", "houtei is a ron"),
        ({"houtei": True, "chankan": True}, HandError, "houtei", "not a kan robbed"),
        ({"ura_dora_indicators": ["1m"]}, HandError, "ura_dora_indicators", "riichi"),
    ],
)
def test_a_hand_the_table_cannot_show_is_refused_naming_the_field(change, error, field, words):
    with pytest.raises(error) as raised:
        calculate_hand(BASE | change)
    assert raised.value.field == field
    assert str(raised.value).startswith(f"{field}: ")
    assert words in str(raised.value)


OPEN = {
    "closed": "234m567p234s88s",
    "win_tile": "2m",
    "seat_wind": "S",
    "melds": [{"type": "pon", "tiles": "666s"}],
}
CLOSED_KAN = {
    "closed": "234m067p234s88s",
    "win_tile": "2m",
    "seat_wind": "S",
    "melds": [{"type": "kan", "tiles": "6666s", "opened": False}],
}


@pytest.mark.parametrize("flag", ["riichi", "double_riichi"])
def test_riichi_needs_a_closed_hand_but_a_closed_kan_keeps_it_closed(flag):
    with pytest.raises(HandError, match=f"^{flag}: riichi needs a closed hand"):
        calculate_hand(OPEN | {flag: True})
    out = calculate_hand(CLOSED_KAN | {flag: True})
    assert {
        "name": "Double Riichi" if flag == "double_riichi" else "Riichi",
        "han": 2 if flag == "double_riichi" else 1,
    } in out["yaku"]


def test_rinshan_after_a_closed_kan_and_chankan_on_a_ron_are_yaku():
    rinshan = calculate_hand(CLOSED_KAN | {"tsumo": True, "rinshan": True})
    assert {"name": "Rinshan Kaihou", "han": 1} in rinshan["yaku"]
    chankan = calculate_hand(OPEN | {"chankan": True})
    assert {"name": "Chankan", "han": 1} in chankan["yaku"]


def test_tenhou_and_chiihou_are_yakuman():
    dealer = calculate_hand(BASE | {"seat_wind": "E", "tsumo": True, "tenhou": True})
    assert (dealer["yaku"], dealer["yakuman"]) == ([{"name": "Tenhou", "han": 13}], 1)
    assert dealer["payments"] == {"tsumo_nondealer": 16000}
    other = calculate_hand(BASE | {"tsumo": True, "chiihou": True})
    assert other["payments"] == {"tsumo_nondealer": 8000, "tsumo_dealer": 16000}


def test_kokushi_has_no_fu():
    out = calculate_hand({"closed": "19m19p19s12345677z", "win_tile": "1m", "seat_wind": "S"})
    assert out["yaku"] == [{"name": "Kokushi Musou", "han": 13}]
    assert (out["han"], out["fu"], out["fu_breakdown"], out["yakuman"]) == (None, None, [], 1)


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ([], ""),
        ("345m", ""),
        (None, ""),
        ({"closed": "234m067p234567s88s"}, "win_tile"),
        ({"win_tile": "2m"}, "closed"),
        (BASE | {"tsumo": "yes"}, "tsumo"),
        (BASE | {"tsumo": 1}, "tsumo"),
        (BASE | {"closed": 234}, "closed"),
        (BASE | {"win_tile": ["2m"]}, "win_tile"),
        (BASE | {"win_tile": "2m3m"}, "win_tile"),
        (BASE | {"seat_wind": "east"}, "seat_wind"),
        (BASE | {"round_wind": 0}, "round_wind"),
        (BASE | {"dora_indicators": "1m"}, "dora_indicators"),
        (BASE | {"dora_indicators": [1]}, "dora_indicators[0]"),
        (BASE | {"honba": -1}, "honba"),
        (BASE | {"riichi_sticks": True}, "riichi_sticks"),
        (BASE | {"melds": {}}, "melds"),
        (BASE | {"melds": ["pon"]}, "melds[0]"),
        (BASE | {"melds": [{"type": "daiminkan", "tiles": "1111m"}]}, "melds[0].type"),
        (BASE | {"melds": [{"type": "pon"}]}, "melds[0].tiles"),
        (BASE | {"melds": [{"type": "pon", "tiles": "111m", "from": 2}]}, "melds[0].from"),
        (BASE | {"melds": [{"type": "kan", "tiles": "1111m", "opened": "no"}]}, "melds[0].opened"),
        (BASE | {"renhou": True}, "renhou"),
        (BASE | {"format": "scorekeeper.game/1"}, "format"),
        (BASE | {"rules": 3}, "rules"),
    ],
)
def test_wrong_types_and_unknown_fields_are_refused(doc, field):
    with pytest.raises(HandError) as raised:
        calculate_hand(doc)
    assert raised.value.field == field


HUGE = "1m" * 1_200_000  # 2.4 MB of tiles


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"closed": HUGE}, "closed", "2,400,000 characters is too long for tiles (at most 64)"),
        ({"win_tile": HUGE}, "win_tile", "too long for tiles (at most 64)"),
        ({"melds": [{"type": "pon", "tiles": HUGE}]}, "melds[0].tiles", "too long for tiles"),
        ({"dora_indicators": [HUGE]}, "dora_indicators[0]", "too long for tiles"),
        ({"ura_dora_indicators": ["1m", HUGE]}, "ura_dora_indicators[1]", "too long"),
        ({"melds": [{"type": "pon", "tiles": "111z"}] * 5}, "melds", "at most 4 melds, got 5"),
        ({"melds": [0] * 1_000_000}, "melds", "at most 4 melds, got 1,000,000"),
        ({"dora_indicators": ["1m"] * 6}, "dora_indicators", "at most 5 indicators"),
        ({"ura_dora_indicators": [HUGE] * 100}, "ura_dora_indicators", "at most 5 indicators"),
        ({"rules": HUGE}, "rules", "a preset name has at most 32 characters, got 2,400,000"),
        ({"seat_wind": HUGE}, "seat_wind", "expected one of E, S, W, N"),
        ({"round_wind": [HUGE]}, "round_wind", "got a list of 1"),
        ({"tsumo": HUGE}, "tsumo", "expected true or false"),
        ({"format": HUGE}, "format", "expected 'scorekeeper.hand/1'"),
        ({"honba": 10**5000}, "honba", "got a number that large"),
        ({"melds": [{"type": HUGE, "tiles": "111z"}]}, "melds[0].type", "expected chi, pon"),
    ],
)
def test_every_text_and_list_has_a_limit_and_an_error_quotes_only_an_excerpt(change, field, words):
    with pytest.raises(HandError) as raised:
        calculate_hand(BASE | change)
    message = str(raised.value)
    assert raised.value.field == field
    assert message.startswith(f"{field}: ")
    assert words in message
    assert len(message) < 160
    assert "1m" * 11 not in message  # at most the first 20 characters of a text


def test_an_unknown_field_with_a_huge_name_is_named_by_its_beginning():
    with pytest.raises(HandError) as raised:
        calculate_hand(BASE | {HUGE: True})
    assert raised.value.field == "1m" * 10 + "…"
    assert str(raised.value) == "1m1m1m1m1m1m1m1m1m1m…: unknown field"


def test_a_hand_at_the_limits_is_still_read():
    doc = {
        "closed": "1 1 1 z 2 2 2 z 3 3 3 z 4 4 4 z 5 5 z",  # spaces are allowed
        "win_tile": "5z",
        "seat_wind": "S",
        "dora_indicators": ["1m", "2m", "3m", "4m", "5m"],
    }
    out = calculate_hand(doc)
    # Tenhou adds yakuman up and counts none of these double (RULES.md, the tenhou preset).
    assert sorted(y["name"] for y in out["yaku"]) == ["Daisuushii", "Suuankou Tanki", "Tsuuiisou"]
    assert out["yakuman"] == 3


def test_an_unknown_ruleset_is_refused_by_the_rules():
    with pytest.raises(RulesError, match="unknown preset"):
        calculate_hand(BASE | {"rules": "house"})
    with pytest.raises(RulesError, match="double_wind_fu"):
        calculate_hand(BASE | {"rules": {"preset": "ema", "double_wind_fu": 3}})


def test_the_typed_values_round_trip_through_json():
    case = next(c for c in CASES if c["melds"] and c["ura_dora_indicators"])
    hand_input = HandInput.from_json(hand_doc(case))
    assert HandInput.from_json(hand_input.to_json()) == hand_input
    result = score_hand(hand_input)
    assert isinstance(result, HandScore)
    assert result.payments.total == case["expected"]["points"]
    assert sum(line.fu for line in result.fu_breakdown) == result.fu


def test_every_yaku_the_library_knows_has_a_name():
    from mahjong.hand_calculating.yaku_config import YakuConfig

    unused = {
        "Open Riichi",
        "Double Open Riichi",
        "Nagashi Mangan",
        "Renhou",
        "Renhou (yakuman)",
        "Daisharin",
        "Daichisei",
        "Sashikomi",
        "Paarenchan",
        "Dora",
        "Aka Dora",
        "Yakuhai (east)",
        "Yakuhai (south)",
        "Yakuhai (west)",
        "Yakuhai (north)",
    }
    names = {y.name for y in vars(YakuConfig()).values()}
    assert names - unused == set(YAKU_NAMES)


# Fuzzing: bad input of any kind raises a ScoringError and nothing else.

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = [
    "format",
    "rules",
    "closed",
    "melds",
    "win_tile",
    "seat_wind",
    "round_wind",
    "dora_indicators",
    "ura_dora_indicators",
    "honba",
    "riichi_sticks",
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
]
tile_text = st.text(alphabet="0123456789mpsz ", max_size=20)
meld_st = st.fixed_dictionaries(
    {"type": st.sampled_from(["chi", "pon", "kan", "x"]), "tiles": tile_text},
    optional={"opened": st.booleans()},
)
near_valid = st.fixed_dictionaries(
    {"closed": tile_text, "win_tile": tile_text},
    optional={
        "melds": st.lists(meld_st, max_size=4),
        **{flag: st.booleans() for flag in FIELDS[11:]},
        "seat_wind": st.sampled_from("ESWNX"),
        "round_wind": st.sampled_from("ESWN"),
        "dora_indicators": st.lists(tile_text, max_size=3),
        "rules": st.sampled_from(["tenhou", "ema", "wrc", "mahjongsoul", "mleague", "x"]),
    },
)


def _only_scoring_errors(doc: object) -> None:
    try:
        out = calculate_hand(doc)  # type: ignore[arg-type]
    except ScoringError:
        return
    assert out["payments"] and all(v > 0 for v in out["payments"].values())


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_any_json_value_is_valued_or_refused_with_a_scoring_error(doc):
    _only_scoring_errors(doc)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=8))
def test_any_values_in_the_known_fields_are_refused_with_a_scoring_error(doc):
    _only_scoring_errors(doc)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(near_valid)
def test_tile_like_garbage_is_refused_with_a_scoring_error(doc):
    _only_scoring_errors(doc)


@st.composite
def random_hands(draw: st.DrawFn) -> dict[str, Any]:
    """Fourteen tiles that a set can hold, one of them the winning tile, random situation.
    Under Tenhou's rules copy 0 of each five is its red five (the library's numbering)."""
    ids = draw(st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True))
    rules = draw(st.sampled_from(["tenhou", "ema", "wrc"]))
    tiles = [Tile(i // 4, rules == "tenhou" and i in (16, 52, 88)) for i in ids]
    return {
        "closed": "".join(str(t) for t in tiles),
        "win_tile": str(draw(st.sampled_from(tiles))),
        "tsumo": draw(st.booleans()),
        "riichi": draw(st.booleans()),
        "seat_wind": draw(st.sampled_from("ESWN")),
        "rules": rules,
    }


@settings(max_examples=300, deadline=None)
@given(random_hands())
def test_random_tiles_are_valued_consistently_or_refused(doc):
    try:
        out = calculate_hand(doc)
    except (NotAWinningHand, NoYaku):
        return
    assert out["yakuman"] or sum(y["han"] for y in out["yaku"]) == out["han"]
    assert out["yakuman"] or sum(line["fu"] for line in out["fu_breakdown"]) == out["fu"]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(CASES), st.sampled_from(["ema", "wrc", "mahjongsoul", "mleague"]))
def test_every_real_hand_is_valued_under_every_preset(case, preset):
    doc = hand_doc(case) | {"rules": preset}
    red = any(
        "0" in text
        for text in [
            doc["closed"],
            *(m["tiles"] for m in doc["melds"]),
            *doc["dora_indicators"],
            *doc["ura_dora_indicators"],
        ]
    )
    if preset in ("ema", "wrc") and red:
        with pytest.raises(HandError, match="red five"):
            calculate_hand(doc)
        return
    readings = valued_readings(HandInput.from_json(doc))
    assert readings
    out = calculate_hand(doc)
    assert out["payments"]


def test_not_a_string_key_is_refused():
    with pytest.raises(HandError):
        calculate_hand({1: "x"})  # type: ignore[dict-item]
    with pytest.raises(NotationError):
        calculate_hand(BASE | {"closed": "234m067p234567s88q"})


@st.composite
def complete_hands(draw: st.DrawFn) -> list[int]:
    """Copies per kind of four sets and a pair, mostly of one or two suits so that the
    tiles can be split several ways."""
    kinds = draw(st.sampled_from([range(9), range(18), range(34)]))
    counts = [0] * 34
    for first, run in draw(st.lists(st.tuples(st.sampled_from(kinds), st.booleans()),
                                    min_size=4, max_size=4)):  # fmt: skip
        group = (
            (first, first + 1, first + 2) if run and first < 27 and first % 9 < 7 else [first] * 3
        )
        for k in group:
            counts[k] += 1
    assume(max(counts) <= 4)
    pair = draw(st.sampled_from([k for k in kinds if counts[k] <= 2]))
    counts[pair] += 2
    return counts


@settings(max_examples=60, deadline=None)
@given(complete_hands())
def test_the_splits_are_the_library_dividers(counts):
    library = HandDivider().divide_hand(counts)
    assert splits(counts) == sorted(tuple(sorted(tuple(g) for g in h)) for h in library)


@st.composite
def hands_with_melds(draw: st.DrawFn) -> dict[str, Any]:
    """A complete hand, some of its sets called (chi, pon) and a random situation."""
    counts = draw(complete_hands())
    work = list(counts)
    closed_sets = splits(work)[0]
    closed: list[int] = []
    melds: list[dict[str, Any]] = []
    for group in closed_sets:
        if len(group) == 3 and draw(st.booleans()):
            kind = "pon" if group[0] == group[1] else "chi"
            melds.append({"type": kind, "tiles": "".join(str(Tile(k)) for k in group)})
        else:
            closed += group
    return {
        "closed": "".join(str(Tile(k)) for k in closed),
        "melds": melds,
        "win_tile": str(Tile(draw(st.sampled_from(closed)))),
        "tsumo": draw(st.booleans()),
        "riichi": not melds and draw(st.booleans()),
        "seat_wind": draw(st.sampled_from("ESWN")),
        "round_wind": draw(st.sampled_from("ES")),
        "dora_indicators": [str(Tile(draw(st.integers(0, 33))))],
        "rules": {"preset": "tenhou", "aka_dora": 0},
    }


@settings(max_examples=200, deadline=None)
@given(hands_with_melds())
def test_the_library_alone_prices_any_hand_as_the_engine_does(doc):
    try:
        hand_input = HandInput.from_json(doc)
        result = score_hand(hand_input)
    except (NoYaku, TooManyCopies):
        return
    ids, win_id, melds = library_tiles(hand_input)
    response = HandCalculator().estimate_hand_value(
        ids,
        win_id,
        melds=melds,
        dora_indicators=to_136(hand_input.dora_indicators),
        config=library_config(hand_input),
    )
    payments = result.payments
    expected = (
        (payments.tsumo_dealer or payments.tsumo_nondealer, payments.tsumo_nondealer)
        if hand_input.tsumo
        else (payments.ron, 0)
    )
    assert (response.cost["main"], response.cost["additional"]) == expected
    if not result.yakuman:
        assert (response.han, response.fu) == (result.han, result.fu)
