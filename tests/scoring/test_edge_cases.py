"""The 52 edge cases of ``docs/rules/reference.md`` §4, each played as a small game record
(``spec/game-record.md``) through ``score_document`` under the preset it concerns.

Every expected number is the reference's (its §4 table, the worked examples of §2.9, the
procedures of §2) or follows from RULES.md by hand arithmetic written next to it; none comes
from running the engine. The games that lead to a stated position are built from ordinary
non-dealer rons (so the honba stays 0 and the deal passes each hand); the scores after each
hand are written in the comments so the arithmetic can be checked by eye.

Not played here:

- 27 (suuankou tanki counts double on Mahjong Soul): a record carries the yakuman count the
  table agreed on, so the difference belongs to the hand calculator, not to the record.
- 42 (a table whose scores do not add up): a record holds hands, never scores, so its totals
  cannot be inconsistent.
- 46 (JPML floating uma) and 48 (sanma honba): no preset plays them.
- The second half of 52 (a valid simultaneous win voids the chombo): a hand has exactly one
  outcome, so a record cannot hold both.
"""

from __future__ import annotations

import pytest

from scoring.errors import IllegalHand, RecordError
from scoring.record_output import score_document

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]

# Non-dealer ron values of reference §3.4 (no kiriage) and a han/fu that pays each.
ND_RON = {
    1000: (1, 30),
    1300: (1, 40),
    1600: (1, 50),
    2000: (2, 30),
    2300: (1, 70),
    2600: (2, 40),
    2900: (1, 90),
    3200: (2, 50),
    3600: (1, 110),
    3900: (2, 60),
    4500: (2, 70),
    5200: (3, 40),
    5800: (2, 90),
    6400: (3, 50),
    7100: (2, 110),
    7700: (3, 60),  # 8,000 under kiriage: not used in WRC or M-League games
    8000: (5, None),
    12000: (6, None),
    16000: (8, None),
    24000: (11, None),
}


def game(rules, *hands) -> dict:
    return {
        "format": "scorekeeper.game/1",
        "rules": rules,
        "players": PLAYERS,
        "hands": list(hands),
    }


def win(winner: int, han: int | None = None, fu: int | None = None, **extra) -> dict:
    out: dict = {"winner": winner}
    if han is not None:
        out["han"] = han
    if fu is not None:
        out["fu"] = fu
    out.update(extra)
    return out


def ron(discarder: int, *wins: dict, riichi=()) -> dict:
    hand: dict = {"ron": {"from": discarder, "wins": list(wins)}}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def tsumo(winner: int, han: int | None = None, fu: int | None = None, *, riichi=(), **extra):
    hand: dict = {"tsumo": win(winner, han, fu, **extra)}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def draw(*tenpai: int, nagashi=(), riichi=()) -> dict:
    body: dict = {"tenpai": list(tenpai)}
    if nagashi:
        body["nagashi"] = list(nagashi)
    hand: dict = {"draw": body}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def abort(reason: str, *, riichi=()) -> dict:
    hand: dict = {"abort": {"reason": reason}}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def chombo(offender: int, *, riichi=()) -> dict:
    hand: dict = {"chombo": {"offender": offender}}
    if riichi:
        hand["riichi"] = list(riichi)
    return hand


def pay(winner: int, discarder: int, points: int) -> dict:
    """A non-dealer ron worth ``points`` (reference §3.4), from ``discarder`` to ``winner``."""
    han, fu = ND_RON[points]
    return ron(discarder, win(winner, han, fu))


def play(rules, *hands) -> dict:
    return score_document(game(rules, *hands))


def last_deltas(rules, *hands) -> list[int]:
    return play(rules, *hands)["hands"][-1]["deltas"]


def next_hand(rules, *hands) -> tuple[str, int, int, int]:
    """Round, dealer, honba and sticks of the hand that follows ``hands``."""
    out = play(rules, *hands, draw())
    after = out["hands"][-1]
    return after["round"], after["dealer"], after["honba"], after["sticks"]


def finals(out: dict) -> tuple[list[int], list[int], list[float]]:
    rows = out["final"]
    assert [row["seat"] for row in rows] == [0, 1, 2, 3]
    assert [row["name"] for row in rows] == PLAYERS
    return (
        [row["points"] for row in rows],
        [row["place"] for row in rows],
        [row["result"] for row in rows],
    )


# Six hands (East 1 .. South 2) that pass the deal and leave every score where it started.
FILLER = (
    pay(1, 2, 1000),  # E1: [+0, +1000, -1000, 0]
    pay(2, 1, 1000),  # E2: back to even
    pay(3, 0, 1000),  # E3: [-1000, 0, 0, +1000]
    pay(0, 3, 1000),  # E4: back to even
    pay(1, 2, 1000),  # S1
    pay(2, 1, 1000),  # S2: back to even
)


# --- 1-9: the value of one win, hand by hand ------------------------------------------------
# East 1, seat 0 deals; a non-dealer win is seat 1's, the discarder seat 2.

NOT_KIRIAGE = ("ema", "tenhou", "mahjongsoul")
KIRIAGE = ("wrc", "mleague")

ONE_WIN = [
    *[
        pytest.param(name, ron(2, win(1, 4, 30)), [0, 7700, -7700, 0], id=f"1-{name}")
        for name in NOT_KIRIAGE
    ],
    *[
        pytest.param(name, ron(2, win(1, 4, 30)), [0, 8000, -8000, 0], id=f"1-{name}")
        for name in KIRIAGE
    ],
    pytest.param("tenhou", ron(2, win(0, 4, 30)), [11600, 0, -11600, 0], id="2-tenhou"),
    pytest.param("mleague", ron(2, win(0, 4, 30)), [12000, 0, -12000, 0], id="2-mleague"),
    pytest.param("tenhou", tsumo(1, 4, 30), [-3900, 7900, -2000, -2000], id="3-tenhou"),
    pytest.param("wrc", tsumo(1, 4, 30), [-4000, 8000, -2000, -2000], id="3-wrc"),
    pytest.param("tenhou", tsumo(0, 4, 30), [11700, -3900, -3900, -3900], id="4-tenhou"),
    pytest.param("mleague", tsumo(0, 4, 30), [12000, -4000, -4000, -4000], id="4-mleague"),
    pytest.param("tenhou", ron(2, win(1, 3, 60)), [0, 7700, -7700, 0], id="5-60fu-tenhou"),
    pytest.param("wrc", ron(2, win(1, 3, 60)), [0, 8000, -8000, 0], id="5-60fu-wrc"),
    pytest.param("tenhou", ron(2, win(1, 3, 70)), [0, 8000, -8000, 0], id="5-70fu-tenhou"),
    pytest.param("wrc", ron(2, win(1, 3, 70)), [0, 8000, -8000, 0], id="5-70fu-wrc"),
    pytest.param("tenhou", tsumo(1, 2, 20), [-700, 1500, -400, -400], id="6-pinfu-nd"),
    pytest.param("tenhou", tsumo(0, 2, 20), [2100, -700, -700, -700], id="6-pinfu-dealer"),
    pytest.param("tenhou", tsumo(0, 4, 20), [7800, -2600, -2600, -2600], id="6-4han-dealer"),
    pytest.param("tenhou", ron(2, win(1, 2, 25)), [0, 1600, -1600, 0], id="7-chiitoi-nd"),
    pytest.param("tenhou", ron(2, win(0, 2, 25)), [2400, 0, -2400, 0], id="7-chiitoi-dealer"),
    pytest.param("tenhou", tsumo(1, 3, 25), [-1600, 3200, -800, -800], id="7-chiitoi-tsumo"),
    pytest.param("tenhou", ron(2, win(0, 3, 25)), [4800, 0, -4800, 0], id="7-dealer-3han"),
    pytest.param("tenhou", ron(2, win(1, 1, 30)), [0, 1000, -1000, 0], id="8-1han30-ron"),
    pytest.param("tenhou", tsumo(1, 1, 30), [-500, 1100, -300, -300], id="8-1han30-tsumo"),
    pytest.param("tenhou", ron(2, win(1, 2, 40)), [0, 2600, -2600, 0], id="8-2han40-ron"),
    pytest.param("tenhou", tsumo(1, 2, 40), [-1300, 2700, -700, -700], id="8-2han40-tsumo"),
    pytest.param("tenhou", ron(2, win(0, 1, 40)), [2000, 0, -2000, 0], id="8-dealer-ron"),
    pytest.param("tenhou", tsumo(0, 1, 40), [2100, -700, -700, -700], id="8-dealer-tsumo"),
    pytest.param("tenhou", ron(2, win(1, 1, 110)), [0, 3600, -3600, 0], id="9-1han-nd"),
    pytest.param("tenhou", ron(2, win(0, 1, 110)), [5300, 0, -5300, 0], id="9-1han-dealer"),
    pytest.param("tenhou", ron(2, win(1, 2, 110)), [0, 7100, -7100, 0], id="9-2han-nd"),
    pytest.param("tenhou", ron(2, win(0, 2, 110)), [10600, 0, -10600, 0], id="9-2han-dealer"),
]


@pytest.mark.parametrize(("name", "hand", "deltas"), ONE_WIN)
def test_a_single_win_moves_the_points_the_reference_states(name, hand, deltas):
    """reference edge cases 1-9 (R19 Tenhou logs; R37 scoring table)."""
    first = play(name, hand)["hands"][0]
    assert (first["round"], first["dealer"], first["honba"], first["sticks"]) == ("E1", 0, 0, 0)
    assert first["deltas"] == deltas


@pytest.mark.parametrize(
    ("hand", "field", "word"),
    [
        # reference edge case 7: no 2 han 25 fu tsumo.
        (tsumo(1, 2, 25), "tsumo", "25 fu"),
        # reference edge case 9: 1 han 110 fu tsumo is not possible.
        (tsumo(1, 1, 110), "tsumo", "110 fu"),
        # reference §3.2: no 20 fu ron.
        (ron(2, win(1, 2, 20)), "ron.wins[0]", "20 fu"),
    ],
)
def test_a_win_no_hand_can_have_is_refused_in_a_record(hand, field, word):
    with pytest.raises(IllegalHand) as error:
        play("tenhou", draw(0), hand)
    assert error.value.where.startswith(f"hands[1] (E1).{field}")
    assert word in str(error.value)


# --- 10-11: honba and sticks ----------------------------------------------------------------


def test_honba_on_a_mangan_tsumo_are_added_after_the_limit():
    """reference edge case 10: n-d mangan tsumo, 2 honba: 2,200 from each n-d, 4,200 from
    the dealer. Two draws with the dealer tenpai set the counter."""
    out = play("tenhou", draw(0), draw(0), tsumo(1, 5))
    third = out["hands"][2]
    assert (third["round"], third["dealer"], third["honba"], third["sticks"]) == ("E1", 0, 2, 0)
    assert third["deltas"] == [-4200, 8600, -2200, -2200]


def test_a_ron_takes_the_honba_and_every_stick_on_the_table():
    """reference edge case 11 (Tenhou log upd-aft-draw-ron-ron): 1 honba, 3 sticks,
    n-d 8,000 ron: winner +11,300, discarder -8,300."""
    hands = (
        # Seats 0-2 declare and are tenpai; seat 3 pays 3,000; the sticks stay.
        draw(0, 1, 2, riichi=[0, 1, 2]),
        ron(2, win(1, 5)),
    )
    out = play("tenhou", *hands)
    assert out["hands"][0]["deltas"] == [0, 0, 0, -3000]
    second = out["hands"][1]
    assert (second["round"], second["honba"], second["sticks"]) == ("E1", 1, 3)
    assert second["deltas"] == [0, 11300, -8300, 0]
    assert next_hand("tenhou", *hands) == ("E2", 1, 0, 0)


# --- 12-17: multiple ron ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_double_ron_gives_honba_and_sticks_to_the_winner_nearest_the_discarder(name):
    """reference edge case 12 (Tenhou log encdec-rinshan-fu; Mahjong Soul per R25): honba 2,
    2 sticks; winners 8,000 (nearest) and 1,300: +10,600 / +1,300; discarder -9,900."""
    hands = (
        draw(0, 1, riichi=[1]),
        draw(0, 2, riichi=[2]),
        ron(1, win(2, 5), win(3, 1, 40)),
    )
    out = play(name, *hands)
    third = out["hands"][2]
    assert (third["round"], third["honba"], third["sticks"]) == ("E1", 2, 2)
    assert third["deltas"] == [0, -9900, 10600, 1300]
    assert next_hand(name, *hands) == ("E2", 1, 0, 0)


def test_in_a_tenhou_double_ron_the_nearer_winner_takes_the_other_winners_stick():
    """reference edge case 13 (Tenhou log double-ron): both winners declared this hand; the
    nearer gets +7,700 +2,000, the farther +8,000 (each having paid its 1,000)."""
    deltas = last_deltas("tenhou", ron(1, win(2, 3, 60), win(3, 5), riichi=[2, 3]))
    assert deltas == [0, -15700, 8700, 7000]


def test_a_double_ron_that_sends_the_discarder_below_zero_ends_a_tenhou_game():
    """reference edge case 14 (Tenhou log double-ron): dealer discarder 14,300 - 15,700 =
    -1,400; final +13 / +46 / -8 / -51."""
    out = play(
        "tenhou",
        pay(2, 3, 8000),  # E1 [25000, 25000, 33000, 17000]
        pay(0, 2, 1000),  # E2 [26000, 25000, 32000, 17000]
        pay(1, 3, 2000),  # E3 [26000, 27000, 32000, 15000]
        pay(1, 0, 2000),  # E4 [24000, 29000, 32000, 15000]
        pay(1, 3, 2000),  # S1 [24000, 31000, 32000, 13000]
        pay(0, 1, 1600),  # S2 [25600, 29400, 32000, 13000]
        pay(3, 0, 1300),  # S3 [24300, 29400, 32000, 14300]
        # S4, seat 3 deals and deals in to seats 0 (nearest) and 1, who both declared.
        ron(3, win(0, 3, 60), win(1, 5), riichi=[0, 1]),
    )
    last = out["hands"][-1]
    assert (last["round"], last["dealer"]) == ("S4", 3)
    assert last["deltas"] == [8700, 7000, 0, -15700]
    assert last["scores"] == [33000, 36400, 32000, -1400]
    assert out["finished"] is True
    points, places, results = finals(out)
    assert points == [33000, 36400, 32000, -1400]
    assert places == [2, 1, 3, 4]
    assert results == [13, 46, -8, -51]


def test_ema_double_ron_returns_own_sticks_and_pays_honba_to_each_winner():
    """reference edge case 15 (EMA 2016, R37 multiple-ron): honba 1, 1 old stick; A (nearer,
    declared this hand) 3,900 and B 2,000: A +3,900 +300 +1,000 own +1,000 old = +6,200
    (+5,200 after paying the stick), B +2,300, discarder -6,500."""
    hands = (
        draw(0, 3, riichi=[3]),  # the old stick; dealer tenpai: honba 1
        ron(0, win(1, 3, 30), win(2, 2, 30), riichi=[1]),
    )
    out = play("ema", *hands)
    second = out["hands"][1]
    assert (second["honba"], second["sticks"]) == (1, 1)
    assert second["deltas"] == [-6500, 5200, 2300, 0]
    assert next_hand("ema", *hands) == ("E2", 1, 0, 0)


@pytest.mark.parametrize(
    ("name", "deltas"),
    [
        # EMA: seat 1 (nearer) 3,900 + 300 + its own 1,000 + the old and the discarder's
        # sticks 2,000 - its 1,000 = +6,200; seat 2 2,000 + 300 + its own 1,000 - 1,000.
        ("ema", [-7500, 6200, 2300, 0]),
        # Tenhou: seat 1 takes the honba and all four sticks: 3,900 + 300 + 4,000 - 1,000;
        # seat 2 2,000 - 1,000.
        ("tenhou", [-7200, 7200, 1000, 0]),
    ],
)
def test_in_a_double_ron_sticks_go_back_to_winners_only_under_own_back(name, deltas):
    """reference §2.3: EMA winners reclaim this hand's sticks, "all other sticks to the winner
    nearest"; Tenhou gives every stick to the nearest. Honba 1, one old stick (seat 3);
    this hand the discarder and both winners declared."""
    hands = (draw(0, 3, riichi=[3]), ron(0, win(1, 3, 30), win(2, 2, 30), riichi=[0, 1, 2]))
    assert last_deltas(name, *hands) == deltas


@pytest.mark.parametrize("name", ["wrc", "mleague"])
def test_head_bump_rules_refuse_a_second_winner(name):
    """reference edge case 16 (WRC §5.7.6, M-League): only the winner nearest the discarder
    scores, so a record names one winner."""
    hands = (pay(1, 2, 1000), ron(0, win(2, 2, 30), win(3, 1, 30)))
    with pytest.raises(IllegalHand) as error:
        play(name, *hands)
    assert error.value.where.startswith("hands[1] (E2).ron.wins")
    assert last_deltas(name, pay(1, 2, 1000), ron(0, win(2, 2, 30))) == [-2000, 0, 2000, 0]


def test_tenhou_refuses_three_wins_on_one_discard():
    """reference edge case 17: Tenhou's triple ron is an abortive draw, not three payments."""
    with pytest.raises(IllegalHand) as error:
        play("tenhou", ron(0, win(1, 1, 30), win(2, 2, 30), win(3, 3, 30)))
    assert error.value.where.startswith("hands[0] (E1).ron.wins")
    assert "sanchahou" in str(error.value) or "three" in str(error.value)


def test_tenhou_records_a_triple_ron_as_an_abortive_draw():
    """reference edge case 17 (Tenhou log upd-aft-ron3): no payment, honba +1, dealer stays,
    sticks stay."""
    hands = (abort("sanchahou", riichi=[1]),)
    assert play("tenhou", *hands)["hands"][0]["deltas"] == [0, -1000, 0, 0]
    assert next_hand("tenhou", *hands) == ("E1", 0, 1, 1)


@pytest.mark.parametrize(
    ("name", "deltas"),
    [
        # Mahjong Soul: the nearest winner (seat 1) takes the honba and the stick (R25).
        ("mahjongsoul", [-7200, 2300, 2000, 3900]),
        # EMA: honba to each winner; the old stick to the nearest (R37 EMA2016 row).
        ("ema", [-7800, 2300, 2300, 4200]),
    ],
)
def test_a_triple_ron_is_three_payments_where_the_rules_allow_it(name, deltas):
    """reference edge case 17: Mahjong Soul / EMA pay three separate wins; 1 honba and one
    stick from the previous hand; 1,000 + 2,000 + 3,900 before honba and stick."""
    hands = (draw(0, 3, riichi=[3]), ron(0, win(1, 1, 30), win(2, 2, 30), win(3, 3, 30)))
    assert last_deltas(name, *hands) == deltas
    assert next_hand(name, *hands) == ("E2", 1, 0, 0)


def test_mahjong_soul_has_no_triple_ron_abort():
    """RULES.md: Mahjong Soul aborts "yes (no sanchahou)"."""
    with pytest.raises(IllegalHand) as error:
        play("mahjongsoul", pay(1, 2, 1000), abort("sanchahou"))
    assert error.value.where.startswith("hands[1] (E2).abort")


# --- 18-22: exhaustive draws and nagashi -------------------------------------------------------


@pytest.mark.parametrize("name", ["tenhou", "ema"])
@pytest.mark.parametrize(
    ("tenpai", "deltas", "next_round", "next_dealer"),
    [
        ((), [0, 0, 0, 0], "E2", 1),
        ((1,), [-1000, 3000, -1000, -1000], "E2", 1),
        ((1, 2), [-1500, 1500, 1500, -1500], "E2", 1),
        ((0, 1, 2), [1000, 1000, 1000, -3000], "E1", 0),
        ((0, 1, 2, 3), [0, 0, 0, 0], "E1", 0),
    ],
)
def test_noten_payments_total_3000_and_the_deal_stays_with_a_tenpai_dealer(
    name, tenpai, deltas, next_round, next_dealer
):
    """reference edge case 18 and §2.4; §2.1: exhaustive draw, +1 honba, dealer stays only if
    tenpai."""
    assert last_deltas(name, draw(*tenpai)) == deltas
    assert next_hand(name, draw(*tenpai)) == (next_round, next_dealer, 1, 0)


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_a_non_dealer_nagashi_is_paid_as_a_mangan_tsumo_and_the_stick_stays(name):
    """reference edge cases 19 and 22 (Tenhou log upd-aft-nm; R24): +8,000, dealer -4,000,
    others -2,000, no noten payments; the riichi stick stays; the noten dealer passes the
    deal and the honba goes up."""
    hands = (draw(2, nagashi=[1], riichi=[2]),)
    assert last_deltas(name, *hands) == [-4000, 8000, -3000, -2000]
    assert next_hand(name, *hands) == ("E2", 1, 1, 1)


def test_a_dealer_nagashi_is_paid_4000_from_each():
    """reference edge case 20: +12,000 (4,000 from each), no noten payment on top; the tenpai
    dealer keeps the deal."""
    hands = (draw(0, nagashi=[0]),)
    assert last_deltas("tenhou", *hands) == [12000, -4000, -4000, -4000]
    assert next_hand("tenhou", *hands) == ("E1", 0, 1, 0)


def test_two_nagashi_are_paid_independently():
    """reference edge case 21 (East dealer and South): East +8,000, South +4,000, West
    -6,000, North -6,000."""
    assert last_deltas("tenhou", draw(nagashi=[0, 1])) == [8000, 4000, -6000, -6000]


def test_honba_do_not_raise_a_nagashi_payment():
    """reference §2.5: in Tenhou "honba do not increase it"; the deal stays with a tenpai
    dealer (§2.1)."""
    hands = (draw(0), draw(0, nagashi=[2]))
    out = play("tenhou", *hands)
    assert out["hands"][1]["honba"] == 1
    assert out["hands"][1]["deltas"] == [-4000, -2000, 8000, -2000]
    assert next_hand("tenhou", *hands) == ("E1", 0, 2, 0)


# --- 23-26, 28: pao, yakuman, kazoe -------------------------------------------------------------


def test_on_a_pao_tsumo_only_the_liable_player_pays():
    """reference edge case 23 (Tenhou log pao-tsumo): n-d daisangen tsumo: liable -32,000,
    others 0; with 2 honba -32,600."""
    assert last_deltas("tenhou", tsumo(1, yakuman=1, pao=3)) == [0, 32000, 0, -32000]
    with_honba = last_deltas("tenhou", draw(0), draw(0), tsumo(1, yakuman=1, pao=3))
    assert with_honba == [0, 32600, 0, -32600]


def test_on_an_ema_pao_ron_the_discarder_pays_the_honba():
    """reference edge case 24 (EMA RCR 2012 §3.3.9): n-d yakuman, 1 honba: discarder -16,300,
    liable -16,000."""
    deltas = last_deltas("ema", draw(0), ron(2, win(1, yakuman=1, pao=3)))
    assert deltas == [0, 32300, -16300, -16000]


@pytest.mark.parametrize(
    ("name", "deltas"),
    [
        # Tenhou: the whole 64,000 follows pao, split 32,000 / 32,000.
        ("tenhou", [0, 64000, -32000, -32000]),
        # Mahjong Soul: only the pao yakuman (32,000) is shared: liable 16,000, discarder
        # 16,000 + the other yakuman 32,000 = 48,000.
        ("mahjongsoul", [0, 64000, -48000, -16000]),
    ],
)
def test_a_composite_yakuman_with_pao_splits_per_platform(name, deltas):
    """reference edge case 25 (R23): daisangen + tsuuiisou, n-d ron by a third player; the
    record says two yakuman with one liable seat."""
    assert last_deltas(name, ron(2, win(1, yakuman=2, pao=3))) == deltas


@pytest.mark.parametrize(
    ("name", "paid"),
    [("ema", 32000), ("wrc", 64000), ("mleague", 64000), ("tenhou", 64000), ("mahjongsoul", 64000)],
)
def test_two_yakuman_add_up_where_the_rules_stack_them(name, paid):
    """reference edge case 26: two yakuman in one hand, n-d ron."""
    assert last_deltas(name, ron(2, win(1, yakuman=2))) == [0, paid, -paid, 0]


@pytest.mark.parametrize(
    ("name", "paid"),
    [
        ("tenhou", 32000),
        ("mahjongsoul", 32000),  # RULES.md kazoe: yakuman ?
        ("ema", 24000),
        ("wrc", 24000),
        ("mleague", 24000),
    ],
)
def test_thirteen_han_is_kazoe_yakuman_or_sanbaiman(name, paid):
    """reference edge case 28: 13 han without yakuman, n-d ron."""
    assert last_deltas(name, ron(2, win(1, 13))) == [0, paid, -paid, 0]


# --- 29-31, 52: chombo ---------------------------------------------------------------------


def test_a_non_dealer_chombo_pays_a_reverse_mangan_and_the_hand_is_replayed():
    """reference edge case 29 (R5 §3.4.6): offender -8,000 (4,000 to the dealer, 2,000 to each
    other); this hand's riichi stick goes back; honba unchanged; the dealer stays. The stick
    from the earlier draw stays on the table (§2.2: only "sticks of that hand" go back)."""
    hands = (draw(0, 3, riichi=[3]), chombo(2, riichi=[1]))
    out = play("tenhou", *hands)
    second = out["hands"][1]
    assert (second["round"], second["honba"], second["sticks"]) == ("E1", 1, 1)
    assert second["deltas"] == [4000, 2000, -8000, 2000]
    assert next_hand("tenhou", *hands) == ("E1", 0, 1, 1)


def test_a_dealer_chombo_pays_4000_to_each_and_keeps_the_deal():
    """reference edge case 29: dealer offender -12,000 (4,000 each)."""
    hands = (pay(1, 2, 1000), chombo(1))
    assert last_deltas("tenhou", *hands) == [4000, -12000, 4000, 4000]
    assert next_hand("tenhou", *hands) == ("E2", 1, 0, 0)


def test_a_penalty_chombo_moves_no_points_and_does_not_count_as_a_hand():
    """reference edge case 52 (R5 §3.4.6): the hand is replayed with the same honba; under
    EMA the penalty comes off the final result (edge case 30), not the table."""
    hands = (draw(0), chombo(3, riichi=[1]))
    out = play("ema", *hands)
    assert out["hands"][1]["deltas"] == [0, 0, 0, 0]
    assert next_hand("ema", *hands) == ("E1", 0, 1, 0)


# A full EMA / WRC hanchan ending 42,300 / 31,100 / 28,400 / 18,200, with seat 1 (2nd) giving
# a chombo in East 3 (replayed).
CHOMBO_GAME = (
    pay(1, 3, 3200),  # E1 [30000, 33200, 30000, 26800]
    pay(0, 3, 12000),  # E2 [42000, 33200, 30000, 14800]
    chombo(1),  # E3, replayed
    pay(3, 1, 2000),  # E3 [42000, 31200, 30000, 16800]
    pay(1, 2, 1600),  # E4 [42000, 32800, 28400, 16800]
    pay(3, 1, 2000),  # S1 [42000, 30800, 28400, 18800]
    pay(0, 3, 1600),  # S2 [43600, 30800, 28400, 17200]
    pay(3, 1, 1000),  # S3 [43600, 29800, 28400, 18200]
    pay(1, 0, 1300),  # S4 [42300, 31100, 28400, 18200]
)


@pytest.mark.parametrize(
    ("name", "second"),
    [
        ("ema", -13.9),  # reference edge case 30 (R1): +6,100 after uma -> -13,900
        ("wrc", -23.9),  # reference edge case 31 (R10, R14): +6.1 -> -23.9
    ],
)
def test_a_chombo_penalty_comes_off_the_final_result_after_uma(name, second):
    """reference edge cases 30-31 and §2.9 worked example 5 (+27.3 / +6.1 / -6.6 / -26.8)."""
    out = play(name, *CHOMBO_GAME)
    assert out["hands"][2]["round"] == out["hands"][3]["round"] == "E3"
    assert out["hands"][2]["deltas"] == [0, 0, 0, 0]
    assert out["finished"] is True
    assert out["end_reason"] == "last_hand"
    points, places, results = finals(out)
    assert points == [42300, 31100, 28400, 18200]
    assert places == [1, 2, 3, 4]
    assert results == pytest.approx([27.3, second, -6.6, -26.8])


def test_without_the_chombo_the_wrc_game_ends_as_the_worked_example():
    """reference §2.9 worked example 5: WRC 42,300 / 31,100 / 28,400 / 18,200 ->
    +27.3 / +6.1 / -6.6 / -26.8."""
    out = play("wrc", *(hand for hand in CHOMBO_GAME if "chombo" not in hand))
    assert finals(out)[2] == pytest.approx([27.3, 6.1, -6.6, -26.8])


# --- 32-47: the end of the game and the final result ----------------------------------------

# Ends 42,300 / 31,100 / 18,400 / 8,200 from 25,000 (no 4-30 or 3-60: same under kiriage).
GAME_42300 = (
    pay(1, 3, 12000),  # E1 [25000, 37000, 25000, 13000]
    pay(0, 2, 12000),  # E2 [37000, 37000, 13000, 13000]
    pay(0, 1, 5200),  # E3 [42200, 31800, 13000, 13000]
    pay(2, 3, 6400),  # E4 [42200, 31800, 19400, 6600]
    pay(3, 0, 1600),  # S1 [40600, 31800, 19400, 8200]
    pay(0, 2, 1000),  # S2 [41600, 31800, 18400, 8200]
    pay(0, 1, 2000),  # S3 [43600, 29800, 18400, 8200]
    pay(1, 0, 1300),  # S4 [42300, 31100, 18400, 8200]
)

# Tenhou, ends 40,100 / 25,500 / 20,000 / 14,400.
GAME_25500_SECOND = (
    pay(1, 3, 3200),  # E1 [25000, 28200, 25000, 21800]
    pay(0, 3, 8000),  # E2 [33000, 28200, 25000, 13800]
    pay(0, 2, 6400),  # E3 [39400, 28200, 18600, 13800]
    pay(2, 1, 2000),  # E4 [39400, 26200, 20600, 13800]
    pay(3, 2, 1600),  # S1 [39400, 26200, 19000, 15400]
    pay(2, 3, 1000),  # S2 [39400, 26200, 20000, 14400]
    pay(0, 1, 2000),  # S3 [41400, 24200, 20000, 14400]
    pay(1, 0, 1300),  # S4 [40100, 25500, 20000, 14400]
)

# Tenhou, ends 45,100 / 25,000 / 19,500 / 10,400.
GAME_19500_THIRD = (
    pay(2, 3, 8000),  # E1 [25000, 25000, 33000, 17000]
    pay(0, 2, 16000),  # E2 [41000, 25000, 17000, 17000]
    pay(0, 3, 6400),  # E3 [47400, 25000, 17000, 10600]
    pay(2, 0, 1300),  # E4 [46100, 25000, 18300, 10600]
    pay(2, 3, 1600),  # S1 [46100, 25000, 19900, 9000]
    pay(3, 2, 2000),  # S2 [46100, 25000, 17900, 11000]
    pay(3, 0, 1000),  # S3 [45100, 25000, 17900, 12000]
    pay(2, 3, 1600),  # S4 [45100, 25000, 19500, 10400]
)

# Tenhou, ends 50,100 / 20,000 / 15,500 / 14,400.
GAME_15500_THIRD = (
    pay(2, 3, 8000),  # E1 [25000, 25000, 33000, 17000]
    pay(0, 2, 24000),  # E2 [49000, 25000, 9000, 17000]
    pay(0, 3, 2600),  # E3 [51600, 25000, 9000, 14400]
    pay(2, 1, 3600),  # E4 [51600, 21400, 12600, 14400]
    pay(2, 0, 2900),  # S1 [48700, 21400, 15500, 14400]
    pay(0, 1, 2000),  # S2 [50700, 19400, 15500, 14400]
    pay(1, 0, 1600),  # S3 [49100, 21000, 15500, 14400]
    pay(0, 1, 1000),  # S4 [50100, 20000, 15500, 14400]
)

# Tenhou, nobody reaches 30,000: West 1-4 are played; ends 27,700 / 26,600 / 24,600 / 21,100.
GAME_INTO_WEST = (
    pay(1, 3, 2000),  # E1 [25000, 27000, 25000, 23000]
    pay(0, 3, 2600),  # E2 [27600, 27000, 25000, 20400]
    pay(3, 2, 1000),  # E3 [27600, 27000, 24000, 21400]
    pay(2, 1, 1000),  # E4 [27600, 26000, 25000, 21400]
    pay(1, 2, 1000),  # S1 [27600, 27000, 24000, 21400]
    pay(2, 1, 1000),  # S2 [27600, 26000, 25000, 21400]
    pay(1, 2, 1000),  # S3 [27600, 27000, 24000, 21400]
    pay(2, 3, 1600),  # S4 [27600, 27000, 25600, 19800]
    pay(3, 0, 1300),  # W1 [26300, 27000, 25600, 21100]
    pay(0, 1, 2000),  # W2 [28300, 25000, 25600, 21100]
    pay(1, 0, 1600),  # W3 [26700, 26600, 25600, 21100]
    pay(0, 2, 1000),  # W4 [27700, 26600, 24600, 21100]
)

# Tenhou, ends by tobi at South 3: 85,300 / 8,900 / 8,900 / -3,100.
GAME_TIE_85300 = (
    pay(2, 1, 7100),  # E1 [25000, 17900, 32100, 25000]
    tsumo(0, 1, 60),  # E2, seat 1 deals: 500/1,000 -> [27000, 16900, 31600, 24500]
    pay(0, 2, 24000),  # E3 [51000, 16900, 7600, 24500]
    pay(0, 1, 8000),  # E4 [59000, 8900, 7600, 24500]
    pay(2, 3, 3600),  # S1 [59000, 8900, 11200, 20900]
    pay(0, 2, 2300),  # S2 [61300, 8900, 8900, 20900]
    pay(0, 3, 24000),  # S3 [85300, 8900, 8900, -3100]
)

# Tenhou: South 4 ends in a draw with a stick left and seats 2 and 3 level at 30,300.
GAME_TIED_TOP_WITH_STICK = (
    pay(3, 0, 6400),  # E1 [18600, 25000, 25000, 31400]
    pay(2, 1, 2900),  # E2 [18600, 22100, 27900, 31400]
    pay(1, 3, 1000),  # E3 [18600, 23100, 27900, 30400]
    pay(2, 0, 1300),  # E4 [17300, 23100, 29200, 30400]
    pay(3, 2, 1600),  # S1 [17300, 23100, 27600, 32000]
    pay(2, 3, 2000),  # S2 [17300, 23100, 29600, 30000]
    pay(3, 2, 1300),  # S3 [17300, 23100, 28300, 31300]
    draw(2, riichi=[2]),  # S4, dealer 3 noten: [16300, 22100, 30300, 30300] + 1 stick
)

# EMA, ends 52,300 / 41,100 / 18,400 / 8,200.
GAME_EMA_52300 = (
    pay(1, 3, 16000),  # E1 [30000, 46000, 30000, 14000]
    pay(0, 2, 12000),  # E2 [42000, 46000, 18000, 14000]
    pay(0, 3, 5800),  # E3 [47800, 46000, 18000, 8200]
    pay(0, 1, 4500),  # E4 [52300, 41500, 18000, 8200]
    pay(2, 1, 1000),  # S1 [52300, 40500, 19000, 8200]
    pay(3, 1, 1000),  # S2 [52300, 39500, 19000, 9200]
    pay(1, 2, 1600),  # S3 [52300, 41100, 17400, 9200]
    pay(2, 3, 1000),  # S4 [52300, 41100, 18400, 8200]
)

# M-League, ends 37,000 / 27,300 / 23,800 / 11,900 (no 4-30 or 3-60).
GAME_MLEAGUE_37000 = (
    pay(1, 3, 3200),  # E1 [25000, 28200, 25000, 21800]
    pay(0, 3, 16000),  # E2 [41000, 28200, 25000, 5800]
    pay(3, 0, 3600),  # E3 [37400, 28200, 25000, 9400]
    pay(2, 1, 1300),  # E4 [37400, 26900, 26300, 9400]
    pay(3, 2, 4500),  # S1 [37400, 26900, 21800, 13900]
    pay(2, 0, 2000),  # S2 [35400, 26900, 23800, 13900]
    pay(1, 3, 2000),  # S3 [35400, 28900, 23800, 11900]
    pay(0, 1, 1600),  # S4 [37000, 27300, 23800, 11900]
)

# WRC (no 4-30 or 3-60), ends 35,000 / 35,000 / 25,000 / 25,000.
GAME_WRC_TIES = (
    pay(1, 2, 5800),  # E1 [30000, 35800, 24200, 30000]
    pay(0, 3, 2000),  # E2 [32000, 35800, 24200, 28000]
    pay(0, 3, 2000),  # E3 [34000, 35800, 24200, 26000]
    pay(0, 3, 1000),  # E4 [35000, 35800, 24200, 25000]
    pay(2, 1, 2000),  # S1 [35000, 33800, 26200, 25000]
    pay(2, 1, 1000),  # S2 [35000, 32800, 27200, 25000]
    pay(1, 2, 3200),  # S3 [35000, 36000, 24000, 25000]
    pay(2, 1, 1000),  # S4 [35000, 35000, 25000, 25000]
)

# M-League, ends 40,000 / 20,000 / 20,000 / 20,000.
GAME_MLEAGUE_TIES = (
    pay(2, 3, 1000),  # E1 [25000, 25000, 26000, 24000]
    pay(0, 2, 12000),  # E2 [37000, 25000, 14000, 24000]
    pay(0, 3, 3600),  # E3 [40600, 25000, 14000, 20400]
    pay(2, 1, 8000),  # E4 [40600, 17000, 22000, 20400]
    pay(1, 2, 2000),  # S1 [40600, 19000, 20000, 20400]
    pay(0, 3, 1000),  # S2 [41600, 19000, 20000, 19400]
    pay(3, 0, 1600),  # S3 [40000, 19000, 20000, 21000]
    pay(1, 3, 1000),  # S4 [40000, 20000, 20000, 20000]
)

# EMA, ends 40,000 / 26,700 / 26,700 / 26,600.
GAME_EMA_TIES = (
    pay(1, 3, 2000),  # E1 [30000, 32000, 30000, 28000]
    pay(0, 1, 6400),  # E2 [36400, 25600, 30000, 28000]
    pay(0, 2, 3600),  # E3 [40000, 25600, 26400, 28000]
    pay(1, 3, 2000),  # E4 [40000, 27600, 26400, 26000]
    pay(3, 1, 1600),  # S1 [40000, 26000, 26400, 27600]
    pay(2, 3, 1000),  # S2 [40000, 26000, 27400, 26600]
    pay(1, 2, 2000),  # S3 [40000, 28000, 25400, 26600]
    pay(2, 1, 1300),  # S4 [40000, 26700, 26700, 26600]
)

# EMA: South 4 is a draw leaving one stick and two players level at the top.
GAME_EMA_TWO_TIED_FIRSTS = (
    pay(1, 3, 3200),  # E1 [30000, 33200, 30000, 26800]
    pay(0, 2, 5800),  # E2 [35800, 33200, 24200, 26800]
    pay(1, 0, 2000),  # E3 [33800, 35200, 24200, 26800]
    pay(2, 3, 2300),  # E4 [33800, 35200, 26500, 24500]
    pay(3, 0, 2000),  # S1 [31800, 35200, 26500, 26500]
    pay(0, 1, 3200),  # S2 [35000, 32000, 26500, 26500]
    pay(1, 0, 1000),  # S3 [34000, 33000, 26500, 26500]
    draw(0, 1, riichi=[0]),  # S4, dealer noten: [34500, 34500, 25000, 25000] + 1 stick
)

# EMA: South 4 is a draw leaving one stick and three players level at the top.
GAME_EMA_THREE_TIED_FIRSTS = (
    pay(2, 3, 3900),  # E1 [30000, 30000, 33900, 26100]
    pay(0, 3, 2300),  # E2 [32300, 30000, 33900, 23800]
    pay(1, 3, 2000),  # E3 [32300, 32000, 33900, 21800]
    pay(2, 0, 1300),  # E4 [31000, 32000, 35200, 21800]
    pay(3, 2, 3200),  # S1 [31000, 32000, 32000, 25000]
    pay(2, 3, 1000),  # S2 [31000, 32000, 33000, 24000]
    pay(0, 3, 1000),  # S3 [32000, 32000, 33000, 23000]
    draw(0, 1, 2, riichi=[2]),  # S4: [33000, 33000, 33000, 20000] + 1 stick
)

# One finished game per row: preset, hands, end reason, final points, places (None where
# split ties share places) and results in thousands, as the reference states them.
# fmt: off
STANDINGS = [
    pytest.param("tenhou", GAME_42300, "last_hand", [42300, 31100, 18400, 8200],
                 [1, 2, 3, 4], [53, 11, -22, -42], id="32-tenhou-end-score"),
    pytest.param("mahjongsoul", GAME_42300, "last_hand", [42300, 31100, 18400, 8200],
                 [1, 2, 3, 4], [32.3, 11.1, -11.6, -31.8], id="47-mahjongsoul-end-score"),
    # reference §2.9 worked example 3.
    pytest.param("mleague", GAME_42300, "last_hand", [42300, 31100, 18400, 8200],
                 [1, 2, 3, 4], [62.3, 11.1, -21.6, -51.8], id="43-mleague-worked-example"),
    # A naive 1st would be +38; the 1st takes minus the sum of the others.
    pytest.param("tenhou", GAME_INTO_WEST, "extension_over", [27700, 26600, 24600, 21100],
                 [1, 2, 3, 4], [37, 7, -15, -29], id="33-tenhou-first-takes-the-residual"),
    # 25,500 -> 26,000 -> +6. The others by RULES.md: 20,000 -> -20; 14,400 -> 14,000 -> -36;
    # 1st -(6 - 20 - 36) = +50.
    pytest.param("tenhou", GAME_25500_SECOND, "last_hand", [40100, 25500, 20000, 14400],
                 [1, 2, 3, 4], [50, 6, -20, -36], id="34-tenhou-25500-second"),
    # 19,500 -> 20,000 -> -20. 25,000 -> +5; 10,400 -> -40; 1st +55.
    pytest.param("tenhou", GAME_19500_THIRD, "last_hand", [45100, 25000, 19500, 10400],
                 [1, 2, 3, 4], [55, 5, -20, -40], id="34-tenhou-19500-third"),
    # 15,500 -> 16,000 -> -24. 20,000 -> 0; 14,400 -> -36; 1st +60.
    pytest.param("tenhou", GAME_15500_THIRD, "last_hand", [50100, 20000, 15500, 14400],
                 [1, 2, 3, 4], [60, 0, -24, -36], id="34-tenhou-15500-third"),
    # Seats 1 and 2 level at 8,900: seat 1 ranks above by East 1 seat order.
    pytest.param("tenhou", GAME_TIE_85300, "tobi", [85300, 8900, 8900, -3100],
                 [1, 2, 3, 4], [95, -11, -31, -53], id="35-tenhou-tie-by-seat-order"),
    # Seat 2 is first by seat order and takes the stick: 31,300.
    pytest.param("tenhou", GAME_TIED_TOP_WITH_STICK, "last_hand", [16300, 22100, 31300, 30300],
                 [4, 3, 1, 2], [-34, -18, 42, 10], id="36-tenhou-tied-top-takes-the-stick"),
    pytest.param("ema", GAME_EMA_52300, "last_hand", [52300, 41100, 18400, 8200],
                 [1, 2, 3, 4], [37.3, 16.1, -16.6, -36.8], id="41-ema-end-score"),
    pytest.param("mleague", GAME_MLEAGUE_37000, "last_hand", [37000, 27300, 23800, 11900],
                 [1, 2, 3, 4], [57.0, 7.3, -16.2, -48.1], id="43-mleague-end-score"),
    pytest.param("wrc", GAME_WRC_TIES, "last_hand", [35000, 35000, 25000, 25000],
                 None, [15, 15, -15, -15], id="44-wrc-ties-split-uma"),
    pytest.param("mleague", GAME_MLEAGUE_TIES, "last_hand", [40000, 20000, 20000, 20000],
                 None, [60, -20, -20, -20], id="44-mleague-ties-split-uma-and-oka"),
    # reference §2.9 worked example 7.
    pytest.param("ema", GAME_EMA_TIES, "last_hand", [40000, 26700, 26700, 26600],
                 None, [25.0, -3.3, -3.3, -18.4], id="44-ema-ties-worked-example"),
    # One stick, two tied firsts: 500 each -> 35,000 / 35,000; uma (15 + 5) / 2 each.
    pytest.param("ema", GAME_EMA_TWO_TIED_FIRSTS, "last_hand", [35000, 35000, 25000, 25000],
                 None, [15, 15, -15, -15], id="45-ema-stick-split-between-two"),
    # One stick, three tied firsts: 300 each (floored to 100, 100 lost); uma
    # (15 + 5 - 5) / 3 = 5 each: 3.3 + 5 = 8.3; 4th -10 - 15 = -25.
    pytest.param("ema", GAME_EMA_THREE_TIED_FIRSTS, "last_hand", [33300, 33300, 33300, 20000],
                 None, [8.3, 8.3, 8.3, -25], id="45-ema-stick-split-among-three"),
]
# fmt: on


@pytest.mark.parametrize(("name", "hands", "end_reason", "points", "places", "results"), STANDINGS)
def test_a_finished_game_ends_with_the_final_results_the_reference_states(
    name, hands, end_reason, points, places, results
):
    """reference edge cases 32-36, 41, 43-45, 47 and the worked examples of §2.9."""
    out = play(name, *hands)
    assert out["finished"] is True
    assert out["end_reason"] == end_reason
    got_points, got_places, got_results = finals(out)
    assert got_points == points
    assert got_results == pytest.approx(results)
    if places is not None:
        assert got_places == places
    else:
        # Split ties: the tied share a place; the others keep theirs.
        for a in range(4):
            for b in range(4):
                if points[a] > points[b]:
                    assert got_places[a] < got_places[b]
                elif points[a] == points[b]:
                    assert got_places[a] == got_places[b]


def test_the_tenhou_game_into_the_west_plays_west_1_to_4():
    """reference §2.8 (Tenhou (e)) and edge case 39: nobody has 30,000 after South 4."""
    rounds = [hand["round"] for hand in play("tenhou", *GAME_INTO_WEST)["hands"]]
    assert rounds[7:] == ["S4", "W1", "W2", "W3", "W4"]


def test_exactly_zero_points_does_not_end_a_tenhou_game():
    """reference edge case 37 (R19 state.cpp): a score of exactly 0 continues."""
    hands = (
        pay(1, 2, 8000),  # E1 [25000, 33000, 17000, 25000]
        pay(3, 2, 8000),  # E2 [25000, 33000, 9000, 33000]
        pay(0, 2, 5800),  # E3 [30800, 33000, 3200, 33000]
        pay(1, 2, 3200),  # E4 [30800, 36200, 0, 33000]
    )
    out = play("tenhou", *hands)
    assert out["hands"][-1]["scores"] == [30800, 36200, 0, 33000]
    assert out["finished"] is False and out["end_reason"] is None
    assert next_hand("tenhou", *hands) == ("S1", 0, 0, 0)


def test_minus_100_ends_a_tenhou_game_and_rounds_to_minus_50():
    """reference edge case 37: -100 ends the game; the final is -50 for that player
    (0 after rounding, -30, -20). The others by RULES.md: 33,000 2nd +13; 30,200 3rd
    30,000 -> -10; 1st -(13 - 10 - 50) = +47."""
    out = play(
        "tenhou",
        pay(1, 2, 8000),  # E1 [25000, 33000, 17000, 25000]
        pay(3, 2, 8000),  # E2 [25000, 33000, 9000, 33000]
        pay(0, 2, 5200),  # E3 [30200, 33000, 3800, 33000]
        pay(1, 2, 3900),  # E4 [30200, 36900, -100, 33000]
    )
    assert out["finished"] is True
    assert out["end_reason"] == "tobi"
    points, places, results = finals(out)
    assert points == [30200, 36900, -100, 33000]
    assert places == [3, 1, 4, 2]
    assert results == [-10, 47, -50, 13]


def test_ema_plays_on_below_zero():
    """RULES.md tobi: no for EMA; reference §1a: "negative scores allowed"."""
    hands = (ron(2, win(1, yakuman=1)),)
    out = play("ema", *hands)
    assert out["hands"][0]["scores"] == [30000, 62000, -2000, 30000]
    assert out["finished"] is False
    assert next_hand("ema", *hands) == ("E2", 1, 0, 0)


def test_a_tenhou_west_round_ends_after_the_hand_that_reaches_30000():
    """reference edge case 38 (Tenhou log encdec-game-end): West 1, 1 honba, 1 stick: n-d
    mangan tsumo: dealer -4,100, others -2,100, winner +9,300 -> 32,500; game over:
    +6 / -29 / +42 / -19."""
    out = play(
        "tenhou",
        pay(3, 2, 1300),  # E1 [25000, 25000, 23700, 26300]
        pay(0, 3, 3200),  # E2 [28200, 25000, 23700, 23100]
        pay(1, 2, 1000),  # E3 [28200, 26000, 22700, 23100]
        pay(0, 1, 1600),  # E4 [29800, 24400, 22700, 23100]
        pay(3, 0, 2000),  # S1 [27800, 24400, 22700, 25100]
        pay(0, 3, 1600),  # S2 [29400, 24400, 22700, 23500]
        pay(3, 0, 1000),  # S3 [28400, 24400, 22700, 24500]
        draw(0, 2, riichi=[2]),  # S4 [29900, 22900, 23200, 23000], nobody at 30,000
        tsumo(2, 5),  # W1
    )
    last = out["hands"][-1]
    assert (last["round"], last["dealer"], last["honba"], last["sticks"]) == ("W1", 0, 1, 1)
    assert last["deltas"] == [-4100, -2100, 9300, -2100]
    assert last["scores"] == [25800, 20800, 32500, 20900]
    assert out["finished"] is True
    # The end of an extension round; the spec's reasons leave "last_hand" possible too.
    assert out["end_reason"] in ("extension_over", "last_hand")
    points, places, results = finals(out)
    assert points == [25800, 20800, 32500, 20900]
    assert places == [2, 4, 1, 3]
    assert results == [6, -29, 42, -19]


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_an_all_last_dealer_top_below_30000_plays_on_into_the_west(name):
    """reference edge case 39 (R19 CheckGameOver; R23): no agari-yame below 30,000; the
    dealer keeps the deal, then the game goes into West."""
    hands = (
        *FILLER,
        pay(3, 0, 1000),  # S3 [24000, 25000, 25000, 26000]
        ron(0, win(3, 2, 30)),  # S4 dealer ron 2,900: [21100, 25000, 25000, 28900]
    )
    out = play(name, *hands)
    assert out["hands"][-1]["deltas"] == [-2900, 0, 0, 2900]
    assert out["finished"] is False
    assert next_hand(name, *hands) == ("S4", 3, 1, 0)
    # Seat 0 wins 1,000 + 300: [22400, 25000, 25000, 27600], still nobody at 30,000.
    hands = (*hands, ron(3, win(0, 1, 30)))
    assert last_deltas(name, *hands) == [1300, 0, 0, -1300]
    assert next_hand(name, *hands) == ("W1", 0, 0, 0)


@pytest.mark.parametrize("name", ["mleague", "ema", "wrc"])
def test_an_all_last_dealer_who_wins_while_first_plays_on_without_agari_yame(name):
    """reference edge case 40 (M-League, R28); RULES.md agari_yame: no for EMA and WRC."""
    hands = (*FILLER, pay(3, 0, 1000), ron(0, win(3, 5)))  # S4 dealer mangan 12,000
    out = play(name, *hands)
    assert out["hands"][-1]["deltas"] == [-12000, 0, 0, 12000]
    assert out["finished"] is False
    assert next_hand(name, *hands) == ("S4", 3, 1, 0)


@pytest.mark.parametrize(
    ("name", "results"),
    [
        # Tenhou: 38,000 1st; 25,000 / 25,000 by seat order +5 / -15; 12,000 -> -38;
        # 1st -(5 - 15 - 38) = +48.
        ("tenhou", [-38, 5, -15, 48]),
        # Mahjong Soul: (points - 25,000) / 1,000 + 15 / 5 / -5 / -15.
        ("mahjongsoul", [-28, 5, -5, 28]),
    ],
)
def test_an_all_last_dealer_who_wins_while_first_with_30000_ends_the_game(name, results):
    """reference §2.8 (c), RULES.md agari_yame; reference fact "the all-last dealer who wins
    while 1st with >= 30000 ends the game"."""
    hands = (*FILLER, pay(3, 0, 1000), ron(0, win(3, 5)))  # [12000, 25000, 25000, 38000]
    out = play(name, *hands)
    assert out["finished"] is True
    assert out["end_reason"] == "agari_yame"
    points, places, got = finals(out)
    assert points == [12000, 25000, 25000, 38000]
    assert places == [4, 2, 3, 1]
    assert got == pytest.approx(results)
    with pytest.raises(IllegalHand) as error:
        play(name, *hands, draw())
    assert error.value.where.startswith("hands[8]")


@pytest.mark.parametrize(
    ("name", "results"),
    [
        # Tenhou: 33,200 1st; 24,000 / 24,000 -> +4 / -16; 18,800 -> 19,000 -> -31; +43.
        ("tenhou", [-31, 4, -16, 43]),
        ("mahjongsoul", [-21.2, 4, -6, 23.2]),
    ],
)
def test_an_all_last_dealer_tenpai_while_first_with_30000_ends_the_game(name, results):
    """reference §2.8 (c), RULES.md tenpai_yame."""
    hands = (
        *FILLER,
        pay(3, 0, 5200),  # S3 [19800, 25000, 25000, 30200]
        draw(3),  # S4 [18800, 24000, 24000, 33200]
    )
    out = play(name, *hands)
    assert out["finished"] is True
    assert out["end_reason"] == "tenpai_yame"
    points, _, got = finals(out)
    assert points == [18800, 24000, 24000, 33200]
    assert got == pytest.approx(results)


def test_an_all_last_dealer_renchan_while_not_first_plays_on_in_tenhou():
    """reference §2.8 (b): after South 4 the game ends if someone has 30,000 "unless the
    dealer renchans while not in 1st"."""
    hands = (
        *FILLER,
        pay(0, 2, 8000),  # S3 [33000, 25000, 17000, 25000]
        draw(3),  # S4, dealer tenpai but 2nd: [32000, 24000, 16000, 28000]
    )
    assert play("tenhou", *hands)["finished"] is False
    assert next_hand("tenhou", *hands) == ("S4", 3, 1, 0)
    out = play("tenhou", *hands, draw())  # dealer noten: seat 0 has 30,000 -> over
    assert out["finished"] is True
    assert out["end_reason"] == "last_hand"


# --- 49-51: riichi sticks, suucha riichi, the dealer among the winners ------------------------


def test_a_riichi_whose_discard_is_ronned_places_no_stick():
    """reference edge case 49 (R5 §3.3.14): the declarer does not pay 1,000; the record lists
    only accepted riichi (spec/game-record.md: "their 1000-point stick was placed")."""
    hands = (ron(2, win(1, 2, 30)),)  # seat 2 declared with the discard seat 1 ronned
    assert last_deltas("tenhou", *hands) == [0, 2000, -2000, 0]
    assert next_hand("tenhou", *hands) == ("E2", 1, 0, 0)


def test_suucha_riichi_leaves_all_four_sticks_and_keeps_the_deal():
    """reference edge case 50 (Tenhou log upd-aft-reach4): abortive draw, 4 sticks stay,
    honba +1, dealer stays. The next winner takes 1,000 + 300 + 4,000."""
    hands = (abort("suucha_riichi", riichi=[0, 1, 2, 3]),)
    assert last_deltas("tenhou", *hands) == [-1000, -1000, -1000, -1000]
    assert next_hand("tenhou", *hands) == ("E1", 0, 1, 4)
    assert last_deltas("tenhou", *hands, ron(2, win(1, 1, 30))) == [0, 5300, -1300, 0]


@pytest.mark.parametrize(
    "reason", ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]
)
def test_every_tenhou_abortive_draw_keeps_the_deal_and_adds_a_honba(reason):
    """reference §2.1 (abortive draw: dealer stays, +1, sticks stay) and §1b Tenhou row.
    Seat 2's stick stays on the table (all four for suucha riichi)."""
    riichi = [0, 1, 2, 3] if reason == "suucha_riichi" else [2]
    hands = (pay(1, 2, 1000), abort(reason, riichi=riichi))
    assert last_deltas("tenhou", *hands) == [-1000 if seat in riichi else 0 for seat in range(4)]
    assert next_hand("tenhou", *hands) == ("E2", 1, 1, len(riichi))


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul", "ema"])
def test_a_dealer_among_double_ron_winners_keeps_the_deal(name):
    """reference edge case 51 (R17, R22, R3): the dealer keeps the deal and the honba goes
    up even though a non-dealer also won. Seat 3 (nearest) 1,000; dealer 2 han 30 fu 2,900."""
    hands = (ron(2, win(3, 1, 30), win(0, 2, 30)),)
    assert last_deltas(name, *hands) == [2900, 0, -3900, 1000]
    assert next_hand(name, *hands) == ("E1", 0, 1, 0)


# --- refusals --------------------------------------------------------------------------------


def test_a_hand_after_the_game_ended_is_refused():
    """spec/game-record.md Errors: "a hand after the game has ended"; a 32,000 ron ends a
    Tenhou game by tobi."""
    with pytest.raises(IllegalHand) as error:
        play("tenhou", ron(2, win(1, yakuman=1)), pay(1, 2, 1000))
    assert error.value.where.startswith("hands[1] (")


def test_a_ron_on_ones_own_discard_is_refused():
    with pytest.raises(IllegalHand) as error:
        play("tenhou", draw(0), ron(1, win(1, 1, 30)))
    assert error.value.where.startswith("hands[1] (E1).ron")


@pytest.mark.parametrize("name", ["tenhou", "mahjongsoul"])
def test_riichi_below_1000_is_refused_where_the_rules_forbid_it(name):
    """RULES.md riichi_below_1000: no for Tenhou (R18) and Mahjong Soul. A sanbaiman leaves
    seat 2 with exactly 1,000 (allowed), a further 1,000 ron leaves 0 (refused)."""
    first = pay(1, 2, 24000)  # E1 [25000, 49000, 1000, 25000]
    # Seat 2 alone tenpai: +3,000, -1,000 for the stick.
    assert last_deltas(name, first, draw(2, riichi=[2])) == [-1000, -1000, 2000, -1000]
    with pytest.raises(IllegalHand) as error:
        play(name, first, pay(3, 2, 1000), draw(2, riichi=[2]))
    assert error.value.where.startswith("hands[2] (E3).riichi")


def test_riichi_below_1000_is_allowed_under_ema():
    """RULES.md riichi_below_1000: yes for EMA (reference §1a: "any score")."""
    hands = (ron(2, win(1, yakuman=1)), draw(2, riichi=[2]))  # seat 2 at -2,000 declares
    assert last_deltas("ema", *hands) == [-1000, -1000, 2000, -1000]


@pytest.mark.parametrize(
    ("name", "hand", "field"),
    [
        ("ema", draw(nagashi=[3]), "draw.nagashi"),
        ("wrc", draw(1, nagashi=[1]), "draw.nagashi"),
        ("ema", abort("kyuushu_kyuuhai"), "abort"),
        ("mleague", abort("suucha_riichi", riichi=[0, 1, 2, 3]), "abort"),
    ],
)
def test_nagashi_or_an_abortive_draw_is_refused_under_rules_without_them(name, hand, field):
    """RULES.md: EMA, WRC and M-League have no abortive draws; EMA and WRC no nagashi."""
    with pytest.raises(IllegalHand) as error:
        play(name, pay(1, 2, 1000), hand)
    assert error.value.where.startswith(f"hands[1] (E2).{field}")


@pytest.mark.parametrize(
    ("hand", "field", "word"),
    [
        ({"tsumo": {"winner": 1, "han": 1, "fu": 30}, "ura": 1}, "", "ura"),
        (ron(2, win(1, 1, 30, tiles=2)), ".ron.wins[0]", "tiles"),
        (tsumo(4, 1, 30), ".tsumo.winner", "4"),
        (ron(4, win(1, 1, 30)), ".ron.from", "4"),
        (draw(1, riichi=[4]), ".riichi", "4"),
        (draw(4), ".draw.tenpai", "4"),
        (chombo(4), ".chombo.offender", "4"),
        (ron(2, win(1, yakuman=1, pao=4)), ".ron.wins[0].pao", "4"),
    ],
)
def test_a_malformed_hand_is_refused_naming_the_hand_the_round_and_the_field(hand, field, word):
    """spec/game-record.md Errors: "a fifth seat", an unknown key; the message names the hand
    by index and round, and the field."""
    with pytest.raises(RecordError) as error:
        play("tenhou", pay(1, 2, 1000), pay(2, 1, 1000), hand)
    assert error.value.where.startswith(f"hands[2] (E3){field}")
    assert word in str(error.value)


def test_five_players_are_refused():
    document = game("tenhou", pay(1, 2, 1000))
    document["players"] = [*PLAYERS, "Eri"]
    with pytest.raises(RecordError) as error:
        score_document(document)
    assert error.value.where == "players"
