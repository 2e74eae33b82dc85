"""Three-player games (sanma): the presets of RULES.md version 3, the worked payments of
``docs/rules/sanma.md`` (1d: tsumo loss and bisection, dealer and non-dealer), honba and
noten for three, the reverse-mangan chombo and nagashi in the tsumo mode, the rounds E1-E3 /
S1-S3, records with three players and the refusals that name their field.

Expected numbers are those of RULES.md (version 3) and rules/sanma.md (its tables and the
amounts it read in real Tenhou logs), never the engine's own output.
"""

from __future__ import annotations

import pytest

from scoring.errors import IllegalHand, RecordError, RulesError
from scoring.game import play_hand, replay
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.payments import tsumo_deltas, win_value
from scoring.record import read_record
from scoring.rules import PRESETS, check_new_ruleset, resolve_rules
from scoring.seats import SEATINGS, Wind
from scoring.state import GameState, check_start, start_state

TENHOU = PRESETS["tenhou_sanma"]
SOUL = PRESETS["mahjongsoul_sanma"]


def _mode(mode: str):
    return resolve_rules({"preset": "tenhou_sanma", "sanma_tsumo": mode})


# RULES.md, version 3: the table of the two presets (points in points).
PRESET_TABLE = {
    "players": (3, 3),
    "start_points": (35000, 35000),
    "return_points": (40000, 35000),
    "target_points": (40000, 40000),
    "uma": ((20000, 0, -20000), (15000, 0, -15000)),
    "oka": (15000, 0),
    "sanma_tsumo": ("loss", "loss"),
    "honba_value": (200, 200),
    "noten_payment": (2000, 2000),
    "abortive_draws": (("kyuushu_kyuuhai", "suukaikan"),) * 2,
    "multi_ron": ("double", "double"),
    "leftover_sticks": ("first", "first"),
    "result_rounding": ("none", "none"),
    "tobi": (True, True),
    "agari_yame": ("automatic", "automatic"),
    "tenpai_yame": ("automatic", "automatic"),
    "extension": (True, True),
    "chombo": ("reverse_mangan", "reverse_mangan"),
}


@pytest.mark.parametrize(
    ("parameter", "index"),
    [(parameter, index) for parameter in PRESET_TABLE for index in (0, 1)],
)
def test_the_three_player_presets_hold_the_values_of_rules_md(parameter, index):
    rules = (TENHOU, SOUL)[index]
    value = getattr(rules, parameter)
    if isinstance(value, tuple):
        value = tuple(str(v) if isinstance(v, str) else v for v in value)
    assert value == PRESET_TABLE[parameter][index]


# rules/sanma.md 1d, non-dealer tsumo: (han, fu) -> (dealer pays, non-dealer pays) under tsumo
# loss and under bisection. Fu None: a limit.
NON_DEALER_TSUMO = [
    (1, 30, (500, 300), (700, 500)),
    (2, 40, (1300, 700), (1700, 1100)),
    (3, 30, (2000, 1000), (2500, 1500)),
    (3, 50, (3200, 1600), (4000, 2400)),
    (4, 30, (3900, 2000), (4900, 3000)),
    (5, None, (4000, 2000), (5000, 3000)),
    (6, None, (6000, 3000), (7500, 4500)),
    (8, None, (8000, 4000), (10000, 6000)),
    (11, None, (12000, 6000), (15000, 9000)),
    ("yakuman", None, (16000, 8000), (20000, 12000)),
]
# Dealer tsumo: (han, fu) -> each of the two pays, loss and bisection.
DEALER_TSUMO = [
    (1, 30, 500, 800),
    (2, 30, 1000, 1500),
    (4, 20, 2600, 3900),
    (5, None, 4000, 6000),
    (6, None, 6000, 9000),
    (11, None, 12000, 18000),
    ("yakuman", None, 16000, 24000),
]


def _basic(rules, han, fu):
    if han == "yakuman":
        return win_value(rules, yakuman=1, tsumo=True).basic
    return win_value(rules, han=han, fu=fu, tsumo=True).basic


@pytest.mark.parametrize("mode", ["loss", "bisection"])
@pytest.mark.parametrize(("han", "fu", "loss", "bisection"), NON_DEALER_TSUMO)
def test_a_non_dealer_tsumo_pays_as_the_worked_table(mode, han, fu, loss, bisection):
    rules = _mode(mode)
    dealer_pays, other_pays = loss if mode == "loss" else bisection
    # Seat 0 deals; seat 1 wins; seat 2 is the other non-dealer.
    deltas = tsumo_deltas(rules, _basic(rules, han, fu), winner=1, dealer=0, honba=0)
    assert deltas == [-dealer_pays, dealer_pays + other_pays, -other_pays]


@pytest.mark.parametrize("mode", ["loss", "bisection"])
@pytest.mark.parametrize(("han", "fu", "loss", "bisection"), DEALER_TSUMO)
def test_a_dealer_tsumo_pays_as_the_worked_table(mode, han, fu, loss, bisection):
    rules = _mode(mode)
    each = loss if mode == "loss" else bisection
    deltas = tsumo_deltas(rules, _basic(rules, han, fu), winner=2, dealer=2, honba=0)
    assert deltas == [-each, -each, 2 * each]


# RULES.md, version 3, ``full``: the winner receives the four-player total, split equally
# between the two payers, each share rounded up to 100. Four-player totals from the payment
# table (1 han 30 fu non-dealer tsumo 300/300/500 = 1100; mangan 8000, dealer 12000).
@pytest.mark.parametrize(
    ("han", "fu", "dealer", "share"),
    [(1, 30, False, 600), (5, None, False, 4000), (5, None, True, 6000), (1, 30, True, 800)],
)
def test_a_full_tsumo_splits_the_four_player_total_between_the_two_payers(han, fu, dealer, share):
    rules = _mode("full")
    winner = 0 if dealer else 1
    deltas = tsumo_deltas(rules, _basic(rules, han, fu), winner=winner, dealer=0, honba=0)
    assert deltas[winner] == 2 * share
    assert sorted(deltas)[:2] == [-share, -share]


def _play(rules, hand, state=None, **changes):
    state = (state or start_state(rules))._replace(**changes)
    return play_hand(state, hand, rules)


def test_a_tsumo_at_three_honba_takes_100_a_honba_from_each_payer():
    # rules/sanma.md 1d: non-dealer mangan at 3 honba, sc "536,-43,232,76,272,-23": the
    # dealer -4300, the other -2300, the winner +6000 +600 +1000 (a stick on the table).
    result = _play(TENHOU, Hand(Tsumo(Win(1, han=5))), honba=3, sticks=1)
    assert result.deltas == (-4300, 7600, -2300)


def test_a_ron_takes_200_a_honba():
    # rules/sanma.md 1a: AGARI ba="2,3" ron: +60 = 26 + 4 + 30 sticks.
    result = _play(TENHOU, Hand(Ron(2, (Win(1, han=2, fu=40),))), honba=2, sticks=3)
    assert result.deltas == (0, 6000, -3000)


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [((0,), (2000, -1000, -1000)), ((1, 2), (-2000, 1000, 1000)), ((), (0, 0, 0))],
)
def test_the_noten_pool_of_2000_is_shared_as_with_four(tenpai, expected):
    # RULES.md, version 3 (ML XML RYUUKYOKU sc "460,10,290,-20,290,10" and the like).
    assert _play(TENHOU, Hand(Draw(tenpai=tenpai))).deltas == expected


@pytest.mark.parametrize(
    ("mode", "offender", "expected"),
    [
        ("loss", 1, (4000, -6000, 2000)),
        ("loss", 0, (-8000, 4000, 4000)),
        ("bisection", 1, (5000, -8000, 3000)),
        ("bisection", 0, (-12000, 6000, 6000)),
    ],
)
def test_a_reverse_mangan_chombo_follows_the_tsumo_mode(mode, offender, expected):
    # RULES.md, version 3: a non-dealer offender pays 4000 to the dealer and 2000 to the
    # other under loss; a dealer 4000 each (bisection: the worked mangan, 5000/3000, 6000).
    result = _play(_mode(mode), Hand(Chombo(offender)))
    assert result.deltas == expected
    assert result.after.round_label == "E1"


@pytest.mark.parametrize(
    ("mode", "nagashi", "expected"),
    [("loss", 0, (8000, -4000, -4000)), ("loss", 2, (-4000, -2000, 6000))],
)
def test_nagashi_mangan_is_paid_as_a_mangan_tsumo_in_the_tsumo_mode(mode, nagashi, expected):
    # rules/sanma.md 1d: SK loss mode: dealer 8000 (4000 x 2), non-dealer 6000 (4000 / 2000).
    result = _play(_mode(mode), Hand(Draw(tenpai=(), nagashi=(nagashi,))))
    assert result.deltas == expected


def test_pao_on_a_tsumo_pays_the_whole_tsumo_in_the_tsumo_mode():
    # RULES.md, version 3: pao on a tsumo follows the tsumo mode. A non-dealer yakuman under
    # loss brings in 16000 + 8000: the liable player pays it all.
    result = _play(TENHOU, Hand(Tsumo(Win(1, yakuman=1, pao=2))))
    assert result.deltas == (0, 24000, -24000)


def test_a_double_ron_gives_the_sticks_and_honba_to_the_winner_nearest_the_discarder():
    # Seat 2 discards; seat 0 is next in turn with three players (seat 1 comes after).
    hand = Hand(Ron(2, (Win(1, han=1, fu=30), Win(0, han=1, fu=30))))
    result = _play(TENHOU, hand, honba=1, sticks=1)
    assert result.deltas == (1500 + 200 + 1000, 1000, -(1500 + 200 + 1000))


def test_the_deal_passes_over_three_seats_and_a_hanchan_ends_after_south_3():
    rules = resolve_rules({"preset": "tenhou_sanma", "extension": False})
    labels, dealers = [], []
    state = start_state(rules)
    for _ in range(6):
        labels.append(state.round_label)
        dealers.append(state.dealer)
        state = play_hand(state, Hand(Draw(tenpai=())), rules).after
    assert labels == ["E1", "E2", "E3", "S1", "S2", "S3"]
    assert dealers == [0, 1, 2, 0, 1, 2]
    assert state.end_reason == "last_hand"


def test_a_tonpuusen_of_three_ends_after_east_3():
    rules = resolve_rules({"preset": "tenhou_sanma", "length": "tonpuusen", "extension": False})
    state = replay(rules, [Hand(Draw(tenpai=()))] * 3).state
    assert state.end_reason == "last_hand"
    assert rules.last_round == 2


def test_an_extension_of_three_plays_west_and_ends_after_west_3():
    # Nobody reaches 40000 when every hand is a draw nobody is tenpai in.
    state = replay(TENHOU, [Hand(Draw(tenpai=()))] * 9).state
    assert state.round_label == "W3"
    assert state.end_reason == "extension_over"


def test_the_seat_winds_of_three_players_are_east_south_west():
    three = SEATINGS[3]
    assert [three.seat_wind(seat, dealer=2) for seat in three.seats] == [
        Wind.SOUTH,
        Wind.WEST,
        Wind.EAST,
    ]


def test_final_standings_of_three_follow_tenhou_uma_and_oka():
    # rules/sanma.md 1a: result = (score - 40000) / 1000 + uma (+20 / 0 / -20) + 15 to 1st;
    # the 2014 game's owari: 59200 -> 54.0, 22800 -> -37.0, 23000 -> -17.0 (rounded to 1000s).
    from scoring.standings import final_standings

    rules = resolve_rules({"preset": "tenhou_sanma", "result_rounding": "tenhou"})
    rows = final_standings(start_state(rules)._replace(scores=(59200, 22800, 23000)), rules)
    assert [str(row.result) for row in rows] == ["54", "-37", "-17"]
    assert [row.place for row in rows] == [1, 3, 2]


# Refusals that name their field.


def _refused_hand(hand, rules=TENHOU):
    with pytest.raises(IllegalHand) as caught:
        play_hand(start_state(rules), hand, rules)
    return caught.value


def test_a_fourth_seat_is_refused_naming_the_field():
    error = _refused_hand(Hand(Tsumo(Win(3, han=1, fu=30))))
    # The one code of a seat that does not exist, the last seat among its values.
    assert (error.field, error.code) == ("tsumo.winner", "seat.unknown")
    assert error.values == {"seat": 3, "players": 3, "last_seat": 2}
    assert "0-2" in error.message


@pytest.mark.parametrize("reason", ["sanchahou", "suufon_renda", "suucha_riichi"])
def test_an_abortive_draw_three_players_cannot_have_is_refused(reason):
    error = _refused_hand(Hand(Abort(AbortReason(reason))))
    assert (error.field, error.code) == ("abort.reason", "abort.not_with_three")


def test_the_abortive_draws_of_three_players_are_played():
    for reason in ("kyuushu_kyuuhai", "suukaikan"):
        result = _play(TENHOU, Hand(Abort(AbortReason(reason))))
        assert result.after.honba == 1


def test_a_triple_ron_is_refused_with_three_players():
    hand = Hand(Ron(0, (Win(1, han=1, fu=30), Win(2, han=1, fu=30), Win(0, han=1, fu=30))))
    error = _refused_hand(hand)
    assert (error.field, error.code) == ("ron.wins", "ron.more_winners_than_players")


@pytest.mark.parametrize(
    ("changes", "parameter", "code"),
    [
        ({"honba_value": 300}, "honba_value", "rules.honba_not_divisible"),
        ({"leftover_sticks": "split_all"}, "leftover_sticks", "rules.split_all_three"),
        ({"multi_ron": "triple"}, "multi_ron", "rules.multi_ron_three"),
        ({"abortive_draws": ["sanchahou"]}, "abortive_draws", "rules.abort_three"),
        ({"uma": [20000, 10000, -10000, -20000]}, "uma", "rules.uma_length"),
        ({"players": 5}, "players", "rules.players"),
    ],
)
def test_a_three_player_ruleset_that_cannot_be_is_refused_naming_the_parameter(
    changes, parameter, code
):
    with pytest.raises(RulesError) as caught:
        resolve_rules({"preset": "tenhou_sanma", **changes})
    assert (caught.value.code, caught.value.values["parameter"]) == (code, parameter)
    assert str(caught.value).startswith(f"rules.{parameter}: ")


def test_a_four_player_preset_made_three_needs_three_uma_values():
    with pytest.raises(RulesError) as caught:
        resolve_rules({"preset": "tenhou", "players": 3})
    assert caught.value.values["parameter"] == "uma"
    rules = resolve_rules(
        {
            "preset": "tenhou",
            "players": 3,
            "uma": [15000, 0, -15000],
            "honba_value": 200,
            "multi_ron": "double",
            "abortive_draws": ["kyuushu_kyuuhai"],
        }
    )
    assert start_state(rules).scores == (25000, 25000, 25000)


def test_a_new_four_player_ruleset_whose_honba_do_not_share_is_refused_but_replays():
    rules = resolve_rules({"preset": "ema", "honba_value": 1000})
    with pytest.raises(RulesError) as caught:
        check_new_ruleset(rules)
    assert caught.value.values == {"parameter": "honba_value", "payers": 3, "got": 1000}
    # A stored game keeps the amounts it was played with: 1000 // 3 from each payer.
    state = start_state(rules)._replace(honba=1)
    assert play_hand(state, Hand(Tsumo(Win(1, han=5))), rules).deltas == (
        -4333,
        8999,
        -2333,
        -2333,
    )
    check_new_ruleset(TENHOU)
    check_new_ruleset(PRESETS["tenhou"])


def test_floating_uma_of_three_is_keyed_one_and_two():
    rules = resolve_rules(
        {"preset": "tenhou_sanma", "uma": {"1": [20000, 0, -20000], "2": [30000, 0, -30000]}}
    )
    assert rules.uma_for(1) == (20000, 0, -20000)
    assert rules.uma_for(3) == (30000, 0, -30000)
    with pytest.raises(RulesError):
        resolve_rules(
            {
                "preset": "tenhou_sanma",
                "uma": {"1": [1000, 0, -1000], "2": [1000, 0, -1000], "3": [1000, 0, -1000]},
            }
        )


# Records.

DOC = {
    "format": "scorekeeper.game/1",
    "rules": "tenhou_sanma",
    "players": ["Aki", "Ben", "Chie"],
}


def _record(hands, **extra):
    return read_record({**DOC, "hands": hands, **extra})


def test_a_record_of_three_players_replays_with_three_seats_and_kita_as_dora():
    hands = [
        {
            "riichi": [1],
            "tsumo": {
                "winner": 1,
                "han": 4,
                "fu": 30,
                "yaku": ["Riichi", "Menzen Tsumo"],
                "dora": {"dora": 0, "aka": 0, "kita": 2},
            },
        },
        {"draw": {"tenpai": [0]}},
    ]
    record, replayed = _record(hands)
    assert record.players == ("Aki", "Ben", "Chie")
    assert record.hands[0].outcome.win.kita == 2
    first, second = replayed.results
    # 4 han 30 fu non-dealer tsumo, loss: 3900 / 2000 (rules/sanma.md 1d), riichi stick back.
    assert first.deltas == (-3900, 5900, -2000)
    assert second.before.round_label == "E2"
    assert second.deltas == (2000, -1000, -1000)


def test_a_record_writes_kita_back_in_the_dora_object():
    from scoring.record import record_to_json

    hands = [{"tsumo": {"winner": 0, "han": 3, "fu": 30, "dora": {"dora": 1, "kita": 1}}}]
    record, _ = _record(hands)
    assert record_to_json(record)["hands"][0]["tsumo"]["dora"] == {
        "dora": 1,
        "ura": 0,
        "aka": 0,
        "kita": 1,
    }


@pytest.mark.parametrize(
    ("doc", "where", "code"),
    [
        ({"players": ["A", "B", "C", "D"]}, "players", "record.players_count"),
        ({"rules": "tenhou", "players": ["A", "B", "C"]}, "players", "record.players_count"),
        (
            {"hands": [{"tsumo": {"winner": 3, "han": 1, "fu": 30}}]},
            "hands[0] (E1).tsumo.winner",
            "seat.unknown",
        ),
        (
            {"hands": [{"ron": {"from": 3, "wins": [{"winner": 0, "han": 1, "fu": 30}]}}]},
            "hands[0] (E1).ron.from",
            "seat.unknown",
        ),
        (
            {"hands": [{"abort": {"reason": "sanchahou"}}]},
            "hands[0] (E1).abort.reason",
            "abort.not_with_three",
        ),
        (
            {"start": {"round": "E4", "scores": [35000, 35000, 35000]}},
            "start",
            "start.round_not_for_players",
        ),
        (
            {"start": {"round": "E2", "scores": [35000, 35000, 35000, 0]}},
            "start.scores",
            "record.scores",
        ),
        ({"penalties": [{"seat": 3, "points": 1000}]}, "penalties[0].seat", "seat.unknown"),
        (
            {
                "rules": "tenhou",
                "players": ["A", "B", "C", "D"],
                "hands": [{"tsumo": {"winner": 0, "han": 2, "fu": 30, "dora": {"kita": 1}}}],
            },
            "hands[0] (E1).tsumo.dora.kita",
            "dora.kita_four_players",
        ),
        (
            {"hands": [{"tsumo": {"winner": 0, "han": 7, "dora": {"kita": 5}}}]},
            "hands[0] (E1).tsumo.dora.kita",
            "dora.too_many_kita",
        ),
    ],
)
def test_a_record_that_cannot_be_a_three_player_game_is_refused_naming_the_field(doc, where, code):
    with pytest.raises((RecordError, IllegalHand)) as caught:
        read_record({**DOC, "hands": [], **doc})
    assert (caught.value.where, caught.value.code) == (where, code)


def test_a_start_of_three_holds_three_starting_stacks():
    state = GameState((40000, 30000, 34000), round_index=4, sticks=1)
    assert check_start(TENHOU, state) is None
    assert check_start(TENHOU, state._replace(scores=(40000, 30000, 35000))) == (
        "the scores and sticks hold 106000 points; three players begin with 105000"
    )


def test_a_tsumo_that_sends_a_player_below_zero_ends_the_game_and_pays_the_tobi_bonus():
    # RULES.md, version 2 tobi_bonus, with three: the tsumo's winner receives it.
    from scoring.standings import final_standings

    rules = resolve_rules({"preset": "tenhou_sanma", "tobi_bonus": 10000})
    state = start_state(rules)._replace(scores=(1000, 64000, 40000))
    # Seat 1 (a non-dealer) wins a mangan by tsumo: the dealer, seat 0, pays 4000.
    result = play_hand(state, Hand(Tsumo(Win(1, han=5))), rules)
    assert result.after.scores == (-3000, 70000, 38000)
    assert result.after.end_reason == "tobi"
    rows = final_standings(result.after, rules)
    assert [row.tobi_points for row in rows] == [-10000, 10000, 0]


def test_chips_of_a_tsumo_come_from_the_two_other_players():
    rules = resolve_rules({"preset": "tenhou_sanma", "chip_value": 1000})
    result = _play(rules, Hand(Tsumo(Win(2, han=1, fu=30, chips=2))))
    assert result.after.chips == (-2, -2, 4)
