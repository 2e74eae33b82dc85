"""A win's yaku, dora and open/closed: read, written, and checked against its value and the
rules (``scoring.record_win``, ``scoring.win_details``, the table in ``scoring.yaku``).

Sources of the expected values: the standard han of each yaku, closed and open, as riichi.wiki's
yaku pages give them (``rules/reference.md`` R37, mirror ``MahjongRepository/mahjong_wiki``
``content/english/riichi/yaku/``) and the ``mahjong`` library the calculator is built on; the
rules options from RULES.md (``kuitan``, ``aka_dora``, ``kazoe``, ``multiple_yakuman``,
``double_yakuman_hands``); seed 004 for ura dora only with riichi; and Tenhou's own yaku and
han for the 354 real winning hands in ``tests/data`` (its README names the logs).
"""

from __future__ import annotations

import pytest
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from real_data import HAND_CASES, case_win

from scoring.errors import IllegalHand, RecordError, raise_refusal
from scoring.record_hand import hand_to_json, parse_hand
from scoring.record_output import score_document
from scoring.rules import resolve_rules
from scoring.win_details import check_win_details
from scoring.yaku import BY_NAME, YAKU

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]


def game(rules, *hands):
    return {
        "format": "scorekeeper.game/1",
        "rules": rules,
        "players": PLAYERS,
        "hands": list(hands),
    }


def play(rules, *hands):
    return score_document(game(rules, *hands))


def ron(win, *, discarder=2, riichi=()):
    hand = {"ron": {"from": discarder, "wins": [win]}}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def tsumo(win, *, riichi=()):
    hand = {"tsumo": win}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def refusal(rules, hand):
    """The engine's refusal of ``hand`` as the first hand of a game (E1, seat 0 deals)."""
    with pytest.raises(IllegalHand) as error:
        play(rules, hand)
    return error.value


# The han of every yaku, closed / open (None: needs a closed hand), from riichi.wiki.
STANDARD_HAN = {
    "Menzen Tsumo": (1, None),
    "Riichi": (1, None),
    "Ippatsu": (1, None),
    "Chankan": (1, 1),
    "Rinshan Kaihou": (1, 1),
    "Haitei Raoyue": (1, 1),
    "Houtei Raoyui": (1, 1),
    "Pinfu": (1, None),
    "Tanyao": (1, 1),
    "Iipeikou": (1, None),
    "Seat Wind": (1, 1),
    "Round Wind": (1, 1),
    "Haku": (1, 1),
    "Hatsu": (1, 1),
    "Chun": (1, 1),
    "Double Riichi": (2, None),
    "Chiitoitsu": (2, None),
    "Chantaiyao": (2, 1),
    "Ittsu": (2, 1),
    "Sanshoku Doujun": (2, 1),
    "Sanshoku Doukou": (2, 2),
    "Sankantsu": (2, 2),
    "Toitoi": (2, 2),
    "Sanankou": (2, 2),
    "Shousangen": (2, 2),
    "Honroutou": (2, 2),
    "Ryanpeikou": (3, None),
    "Junchan": (3, 2),
    "Honitsu": (3, 2),
    "Chinitsu": (6, 5),
}
CLOSED_YAKUMAN = {
    "Tenhou",
    "Chiihou",
    "Suuankou",
    "Suuankou Tanki",
    "Chuuren Poutou",
    "Junsei Chuuren Poutou",
    "Kokushi Musou",
    "Kokushi Musou Juusanmen",
}
OPEN_YAKUMAN = {"Daisangen", "Tsuuiisou", "Ryuuiisou", "Chinroutou", "Daisuushii"}
OPEN_YAKUMAN |= {"Shousuushii", "Suukantsu"}
DOUBLE_YAKUMAN = {"Suuankou Tanki", "Junsei Chuuren Poutou", "Kokushi Musou Juusanmen"}
DOUBLE_YAKUMAN |= {"Daisuushii"}  # RULES.md, double_yakuman_hands


def test_the_table_holds_every_yaku_the_calculator_names_with_the_standard_han():
    from scoring.calculator.score import YAKU_NAMES

    assert set(BY_NAME) == {name for name, _ in YAKU_NAMES.values()}
    assert {y.name: (y.closed, y.open) for y in YAKU if not y.yakuman} == STANDARD_HAN
    assert {y.name for y in YAKU if y.yakuman and y.open is None} == CLOSED_YAKUMAN
    assert {y.name for y in YAKU if y.yakuman and y.open is not None} == OPEN_YAKUMAN
    assert {y.name for y in YAKU if y.double} == DOUBLE_YAKUMAN


def test_the_table_agrees_with_the_library_the_calculator_asks():
    from scoring.calculator.score import YAKU_NAMES

    library = HandConfig(options=OptionalRules(has_open_tanyao=True)).yaku
    ours = {theirs: ours for theirs, (ours, _) in YAKU_NAMES.items()}
    for name in dir(library):
        one = getattr(library, name)
        if not hasattr(one, "han_closed") or str(one.name) not in ours:
            continue
        yaku = BY_NAME[ours[str(one.name)]]
        if one.is_yakuman:
            assert (yaku.yakuman, yaku.open is None) == (1, one.han_open is None), yaku.name
            assert yaku.double == (one.han_closed == 26), yaku.name
        else:
            assert (yaku.closed, yaku.open) == (one.han_closed, one.han_open), yaku.name


@pytest.mark.parametrize("case", HAND_CASES, ids=lambda case: case["id"])
def test_every_real_winning_hand_is_accepted_with_tenhous_yaku_dora_and_han(case):
    """Tenhou's own yaku, dora and han for each real win hold together under the tenhou
    preset (no double yakuman: its Suuankou Tanki is one yakuman)."""
    win = parse_hand({"tsumo": case_win(case)}).outcome.win
    rules = resolve_rules(
        {"preset": "tenhou", "aka_dora": 3 if case["options"]["has_aka_dora"] else 0}
    )
    riichi = (win.winner,) if {"Riichi", "Double Riichi"} & set(win.yaku) else ()
    dealer = win.winner if case["dealer"] else (win.winner + 1) % 4
    where = "tsumo" if case["tsumo"] else "ron.wins[0]"
    check_win_details(
        win, rules, raise_refusal, where, tsumo=case["tsumo"], riichi=riichi, dealer=dealer
    )


def test_a_win_with_yaku_dora_and_open_is_written_back_as_it_was_read():
    win = {
        "winner": 1,
        "han": 4,
        "fu": 30,
        "yaku": ["Riichi", "Pinfu"],
        "dora": {"dora": 1, "ura": 1, "aka": 0},
        "open": False,
    }
    hand = ron(win, riichi=[1])
    assert hand_to_json(parse_hand(hand)) == hand
    together = ron({"winner": 1, "han": 3, "fu": 30, "yaku": ["Tanyao"], "dora": 2, "open": True})
    assert hand_to_json(parse_hand(together)) == together


def test_a_scored_record_keeps_the_wins_yaku_dora_and_open():
    win = {"winner": 1, "han": 2, "fu": 30, "yaku": ["Tanyao"], "dora": 1, "open": True}
    out = play("tenhou", ron(win))
    assert out["hands"][0]["ron"]["wins"][0] == win
    assert out["hands"][0]["deltas"] == [0, 2000, -2000, 0]  # 2 han 30 fu, reference §3.4


@pytest.mark.parametrize(
    ("win", "where", "words"),
    [
        ({"yaku": ["Riichii"]}, "yaku[0]", "unknown yaku"),
        ({"yaku": ["Riichi", "Riichi"]}, "yaku[1]", "listed twice"),
        ({"yaku": ["Tanyao", "Dora"]}, "yaku[1]", "count it in dora"),
        ({"yaku": "Riichi"}, "yaku", "expected a list"),
        ({"dora": -1}, "dora", "expected 0..40"),
        ({"dora": True}, "dora", "whole number"),
        ({"dora": {"kan": 1}}, "dora.kan", "unknown field"),
        ({"dora": {"ura": "1"}}, "dora.ura", "whole number"),
        ({"open": 1}, "open", "true or false"),
    ],
)
def test_a_malformed_yaku_dora_or_open_is_refused_naming_the_field(win, where, words):
    with pytest.raises(RecordError) as error:
        play("tenhou", ron({"winner": 1, "han": 2, "fu": 30} | win))
    assert error.value.where == f"hands[0] (E1).ron.wins[0].{where}"
    assert words in error.value.message


# (rules, hand, field, words): each a rule of the sources broken once.
REFUSALS = [
    # The han: the yaku (closed or open) and the dora make the win's han; the message names both.
    (
        "tenhou",
        ron({"winner": 1, "han": 3, "fu": 30, "yaku": ["Riichi", "Pinfu"], "dora": 0}, riichi=[1]),
        "ron.wins[0].yaku",
        "Riichi 1 + Pinfu 1 + dora 0 make 2 han, but the win has 3 han",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 3, "fu": 30, "yaku": ["Honitsu"], "dora": 0, "open": True}),
        "ron.wins[0].yaku",
        "Honitsu 2 + dora 0 make 2 han, but the win has 3 han",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 1, "fu": 30, "yaku": ["Chinitsu"]}),
        "ron.wins[0].yaku",
        "Chinitsu 6 make 6 han, more than the win's 1 han",
    ),
    # A yakuman yaku gives the yakuman count.
    (
        "tenhou",
        ron({"winner": 1, "yakuman": 2, "yaku": ["Daisangen"]}),
        "ron.wins[0].yaku",
        "Daisangen make a yakuman, but the win has 2 yakuman",
    ),
    (
        "mahjongsoul",
        ron({"winner": 1, "yakuman": 1, "yaku": ["Daisuushii"]}),
        "ron.wins[0].yaku",
        "Daisuushii make 2 yakuman, but the win has a yakuman",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 5, "yaku": ["Daisangen"]}),
        "ron.wins[0].yaku",
        "make a yakuman, but the win has 5 han",
    ),
    # Kazoe: 13 han are a yakuman only under kazoe: yakuman.
    (
        "ema",
        ron({"winner": 1, "yakuman": 1, "yaku": ["Chinitsu", "Toitoi", "Sanankou"], "dora": 3}),
        "ron.wins[0].yaku",
        "make 13 han, but the win has a yakuman",
    ),
    # Yakuman yaku are listed alone.
    (
        "tenhou",
        ron({"winner": 1, "yakuman": 1, "yaku": ["Daisangen", "Honitsu"]}),
        "ron.wins[0].yaku",
        "Honitsu does not count beside the yakuman Daisangen",
    ),
    # Yaku that cannot go together.
    (
        "tenhou",
        ron({"winner": 1, "han": 3, "fu": 40, "yaku": ["Pinfu", "Toitoi"]}),
        "ron.wins[0].yaku",
        "Pinfu and Toitoi cannot go together",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 3, "fu": 25, "yaku": ["Chiitoitsu", "Iipeikou"]}),
        "ron.wins[0].yaku",
        "Iipeikou and Chiitoitsu cannot go together",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 4, "fu": 40, "yaku": ["Honitsu", "Chinitsu"]}, riichi=()),
        "ron.wins[0].yaku",
        "Honitsu and Chinitsu cannot go together",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 40, "yaku": ["Tanyao", "Haku"]}),
        "ron.wins[0].yaku",
        "Tanyao and Haku cannot go together",
    ),
    (
        "tenhou",
        ron({"winner": 1, "yakuman": 2, "yaku": ["Kokushi Musou", "Daisangen"]}),
        "ron.wins[0].yaku",
        "Daisangen and Kokushi Musou cannot go together",
    ),
    # Yaku that need a closed hand.
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 30, "yaku": ["Pinfu", "Tanyao"], "open": True}),
        "ron.wins[0].yaku",
        "Pinfu needs a closed hand",
    ),
    (
        "tenhou",
        ron({"winner": 1, "yakuman": 1, "yaku": ["Suuankou"], "open": True}),
        "ron.wins[0].yaku",
        "Suuankou needs a closed hand",
    ),
    # Open tanyao only with kuitan.
    (
        {"preset": "tenhou", "kuitan": False},
        ron({"winner": 1, "han": 1, "fu": 30, "yaku": ["Tanyao"], "open": True}),
        "ron.wins[0].yaku",
        "no open tanyao (kuitan)",
    ),
    # Riichi yaku need the seat's riichi; a riichi hand has them and is closed.
    (
        "tenhou",
        ron({"winner": 1, "han": 1, "fu": 30, "yaku": ["Riichi"]}),
        "ron.wins[0].yaku",
        "Riichi needs the winner to declare riichi in this hand",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 40, "yaku": ["Double Riichi"]}, riichi=[3]),
        "ron.wins[0].yaku",
        "Double Riichi needs the winner to declare riichi",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 1, "fu": 30, "yaku": ["Tanyao"]}, riichi=[1]),
        "ron.wins[0].yaku",
        "declared riichi: add Riichi",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 30, "open": True}, riichi=[1]),
        "ron.wins[0].open",
        "a hand with riichi is closed",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 40, "yaku": ["Ippatsu", "Tanyao"]}),
        "ron.wins[0].yaku",
        "Ippatsu needs Riichi or Double Riichi",
    ),
    # Ura dora only with riichi (seed 004); no more red fives than the rules have.
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 30, "yaku": ["Tanyao"], "dora": {"ura": 1}}),
        "ron.wins[0].dora",
        "ura dora count only for a winner who declared riichi",
    ),
    (
        "ema",
        ron({"winner": 1, "han": 2, "fu": 30, "yaku": ["Tanyao"], "dora": {"aka": 1}}),
        "ron.wins[0].dora",
        "these rules have no red fives",
    ),
    (
        "tenhou",
        ron({"winner": 1, "han": 5, "yaku": ["Tanyao"], "dora": {"aka": 4}}),
        "ron.wins[0].dora",
        "4 red fives: these rules have 3",
    ),
    # Dora are not yaku.
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 30, "dora": 2}),
        "ron.wins[0].dora",
        "2 dora leave none of the win's 2 han for a yaku",
    ),
    # Tsumo yaku on a ron, ron yaku on a tsumo; a closed tsumo has Menzen Tsumo.
    (
        "tenhou",
        ron({"winner": 1, "han": 2, "fu": 30, "yaku": ["Menzen Tsumo", "Tanyao"]}),
        "ron.wins[0].yaku",
        "Menzen Tsumo is won by tsumo, not on a discard",
    ),
    (
        "tenhou",
        tsumo({"winner": 1, "han": 2, "fu": 30, "yaku": ["Menzen Tsumo", "Houtei Raoyui"]}),
        "tsumo.yaku",
        "cannot go together",
    ),
    (
        "tenhou",
        tsumo({"winner": 1, "han": 1, "fu": 30, "yaku": ["Chankan"], "open": True}),
        "tsumo.yaku",
        "Chankan is won on a discard, not by tsumo",
    ),
    (
        "tenhou",
        tsumo({"winner": 1, "han": 1, "fu": 30, "yaku": ["Tanyao"]}),
        "tsumo.yaku",
        "a closed hand won by tsumo has Menzen Tsumo",
    ),
    # Tenhou is the dealer's (seat 0 deals E1), Chiihou a non-dealer's.
    (
        "tenhou",
        tsumo({"winner": 1, "yakuman": 1, "yaku": ["Tenhou"]}),
        "tsumo.yaku",
        "Tenhou is the dealer's",
    ),
    (
        "tenhou",
        tsumo({"winner": 0, "yakuman": 1, "yaku": ["Chiihou"]}),
        "tsumo.yaku",
        "Chiihou is a non-dealer's",
    ),
    # Shousangen is two dragon triplets (each a yakuhai).
    (
        "tenhou",
        ron({"winner": 1, "han": 3, "fu": 40, "yaku": ["Shousangen", "Haku"], "open": True}),
        "ron.wins[0].yaku",
        "Shousangen has two dragon triplets",
    ),
]


@pytest.mark.parametrize(("rules", "hand", "field", "words"), REFUSALS)
def test_a_win_whose_yaku_break_a_rule_is_refused_naming_the_field(rules, hand, field, words):
    error = refusal(rules, hand)
    assert error.where == f"hands[0] (E1).{field}"
    assert words in error.message


@pytest.mark.parametrize(
    ("rules", "win", "riichi", "deltas"),
    [
        # Riichi + Pinfu + Tanyao + 1 dora: 4 han 30 fu, 7,700 (reference §3.4).
        (
            "tenhou",
            {"winner": 1, "han": 4, "fu": 30, "yaku": ["Riichi", "Pinfu", "Tanyao"], "dora": 1},
            [1],
            [0, 7700, -7700, 0],
        ),
        # Open honitsu (2) + haku (1): 3 han 40 fu, 5,200.
        (
            "tenhou",
            {"winner": 1, "han": 3, "fu": 40, "yaku": ["Haku", "Honitsu"], "dora": 0, "open": True},
            [],
            [0, 5200, -5200, 0],
        ),
        # Yaku without dora may make fewer han than the win (dora nobody counted).
        ("tenhou", {"winner": 1, "han": 3, "fu": 30, "yaku": ["Tanyao"]}, [], [0, 3900, -3900, 0]),
        # Suuankou tanki is two yakuman under double_yakuman_hands, one without.
        (
            "mahjongsoul",
            {"winner": 1, "yakuman": 2, "yaku": ["Suuankou Tanki"]},
            [],
            [0, 64000, -64000, 0],
        ),
        (
            "tenhou",
            {"winner": 1, "yakuman": 1, "yaku": ["Suuankou Tanki"]},
            [],
            [0, 32000, -32000, 0],
        ),
        # Two yakuman add up under multiple_yakuman; EMA has one at most.
        (
            "tenhou",
            {"winner": 1, "yakuman": 2, "yaku": ["Daisangen", "Tsuuiisou"]},
            [],
            [0, 64000, -64000, 0],
        ),
        (
            "ema",
            {"winner": 1, "yakuman": 1, "yaku": ["Daisangen", "Tsuuiisou"]},
            [],
            [0, 32000, -32000, 0],
        ),
        # Kazoe: 13 han of yaku and dora are a yakuman under tenhou, 13 han (sanbaiman) in EMA.
        (
            "tenhou",
            {"winner": 1, "yakuman": 1, "yaku": ["Chinitsu", "Toitoi", "Sanankou"], "dora": 3},
            [],
            [0, 32000, -32000, 0],
        ),
        (
            "ema",
            {"winner": 1, "han": 13, "yaku": ["Chinitsu", "Toitoi", "Sanankou"], "dora": 3},
            [],
            [0, 24000, -24000, 0],
        ),
        # A kazoe yakuman recorded with its yaku and no dora: the dora are unknown.
        (
            "tenhou",
            {"winner": 1, "yakuman": 1, "yaku": ["Chinitsu", "Toitoi"]},
            [],
            [0, 32000, -32000, 0],
        ),
        # Open tanyao under kuitan.
        (
            "tenhou",
            {"winner": 1, "han": 1, "fu": 30, "yaku": ["Tanyao"], "open": True},
            [],
            [0, 1000, -1000, 0],
        ),
    ],
)
def test_a_win_whose_yaku_and_dora_make_its_value_is_paid_as_before(rules, win, riichi, deltas):
    out = play(rules, ron(win, riichi=riichi))
    hand = out["hands"][0]
    sticks = [-1000 if seat in riichi else 0 for seat in range(4)]
    sticks[1] += 1000 * len(riichi)
    assert hand["deltas"] == [d + s for d, s in zip(deltas, sticks, strict=True)]
