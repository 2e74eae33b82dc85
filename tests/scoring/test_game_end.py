"""The end of a game, rule by rule: RULES.md "Ruleset parameters" (``agari_yame``,
``tenpai_yame``, ``extension``) and "Version 2 parameters" (where ``end: true`` is accepted,
``extension_end``), and the rules reference §2.8 (end-of-game conditions).

The games are short: a tonpuusen (``length: tonpuusen``) reaches its all-last, East 4, after
three draws in which nobody is tenpai (the deal passes, scores stay, honba +1 each). East 4's
dealer is seat 3. Every expected number is worked out by hand in the comments from the payment
table of reference §3.4 and the honba of RULES.md (300 a counter on a ron).
"""

from __future__ import annotations

import pytest

from scoring.errors import IllegalHand
from scoring.record import FORMAT
from scoring.record_output import score_document

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]
NOTEN = {"draw": {"tenpai": []}}
PRESETS = ("ema", "wrc", "tenhou", "mahjongsoul", "mleague")


def play(rules, *hands, start=None) -> dict:
    doc = {"format": FORMAT, "rules": rules, "players": PLAYERS, "hands": list(hands)}
    if start is not None:
        doc["start"] = start
    return score_document(doc)


def ron(discarder, winner, han, fu=None, **extra) -> dict:
    win = {"winner": winner, "han": han, **({"fu": fu} if fu else {})}
    return {"ron": {"from": discarder, "wins": [win]}, **extra}


def to_all_last() -> list[dict]:
    """E1-E3 with nobody tenpai: East 4 with 3 honba, everyone on the starting points."""
    return [NOTEN, NOTEN, NOTEN]


def tonpuusen(preset, **overrides) -> dict:
    return {"preset": preset, "length": "tonpuusen", **overrides}


# East 4, 3 honba: the dealer (seat 3) rons seat 0 for 3 han 30 fu, a dealer's 5,800 (reference
# §3.4) + 900 honba = 6,700: alone in 1st with start + 6,700 (31,700 from 25,000; 36,700 from
# 30,000), at or above 30,000 either way.
BIG_WIN = ron(0, 3, 3, 30)
# The same for 1 han 30 fu: 1,500 + 900 = 2,400, alone in 1st but 27,400 from 25,000.
SMALL_WIN = ron(0, 3, 1, 30)


# What the all-last dealer who wins while alone in 1st may do, under each preset, with the
# preset's own target_points and without any (RULES.md: "all-last dealer who wins while 1st
# (with >= target where there is one)"). Columns: rules, the winning hand, whether the game
# ends by itself, whether `end: true` is accepted on that hand.
ALL_LAST_DEALER = [
    # EMA, WRC, M-League: agari_yame none (RULES.md table; reference §2.8 "no agari-yame"):
    # the game goes on and no stop by choice is accepted (M-League: reference edge case 40).
    pytest.param(tonpuusen("ema"), BIG_WIN, False, False, id="ema"),
    pytest.param(tonpuusen("wrc"), BIG_WIN, False, False, id="wrc"),
    pytest.param(tonpuusen("mleague"), BIG_WIN, False, False, id="mleague"),
    # ... and setting target_points changes nothing where agari_yame is none.
    pytest.param(tonpuusen("ema", target_points=30000), BIG_WIN, False, False, id="ema-target"),
    pytest.param(
        tonpuusen("mleague", target_points=30000), BIG_WIN, False, False, id="mleague-target"
    ),
    # Tenhou, Mahjong Soul: automatic with target 30,000 (reference §2.8 (c)): 31,700 ends the
    # game; `end: true` is accepted because the hand ends it anyway.
    pytest.param(tonpuusen("tenhou"), BIG_WIN, True, True, id="tenhou"),
    pytest.param(tonpuusen("mahjongsoul"), BIG_WIN, True, True, id="mahjongsoul"),
    # ... 27,400 is below the target: the dealer plays on and cannot stop.
    pytest.param(tonpuusen("tenhou"), SMALL_WIN, False, False, id="tenhou-below-target"),
    pytest.param(tonpuusen("mahjongsoul"), SMALL_WIN, False, False, id="mahjongsoul-below-target"),
    # Without target_points (and so without an extension, which needs one): 1st alone is
    # enough, 27,400 included.
    pytest.param(
        tonpuusen("tenhou", target_points=None, extension=False),
        SMALL_WIN,
        True,
        True,
        id="tenhou-no-target",
    ),
    pytest.param(
        tonpuusen("mahjongsoul", target_points=None, extension=False),
        SMALL_WIN,
        True,
        True,
        id="mahjongsoul-no-target",
    ),
    # Optional agari-yame (RULES.md version 2): the game goes on unless the dealer stops it,
    # and the stop is accepted where the dealer is 1st (with the target where there is one).
    pytest.param(tonpuusen("ema", agari_yame="optional"), BIG_WIN, False, True, id="ema-optional"),
    pytest.param(
        tonpuusen("mleague", agari_yame="optional"),
        SMALL_WIN,
        False,
        True,
        id="mleague-optional-no-target",
    ),
    pytest.param(
        tonpuusen("mleague", agari_yame="optional", target_points=30000),
        SMALL_WIN,
        False,
        False,
        id="mleague-optional-below-target",
    ),
    pytest.param(
        tonpuusen("tenhou", agari_yame="optional"), BIG_WIN, False, True, id="tenhou-optional"
    ),
    pytest.param(
        tonpuusen("tenhou", agari_yame="optional"),
        SMALL_WIN,
        False,
        False,
        id="tenhou-optional-below-target",
    ),
]


@pytest.mark.parametrize(("rules", "win", "ends", "may_stop"), ALL_LAST_DEALER)
def test_what_the_all_last_dealer_in_first_may_do(rules, win, ends, may_stop):
    out = play(rules, *to_all_last(), win)
    assert out["hands"][-1]["round"] == "E4"
    assert out["finished"] is ends
    assert out["end_reason"] == ("agari_yame" if ends else None)
    if may_stop:
        stopped = play(rules, *to_all_last(), {**win, "end": True})
        assert stopped["end_reason"] == "agari_yame"
    else:
        with pytest.raises(IllegalHand) as error:
            play(rules, *to_all_last(), {**win, "end": True})
        assert error.value.where == "hands[3] (E4).end"
        assert "stopped by choice" in error.value.message


def test_a_dealer_who_is_not_first_plays_on_and_cannot_stop():
    """RULES.md agari_yame: only the dealer "while 1st". Seat 0 wins a 5,200 ron in E1
    (30,200), the E4 dealer's 2,400 leaves them at 27,400, 2nd."""
    rules = tonpuusen("tenhou", agari_yame="optional")
    hands = [ron(1, 0, 3, 40), NOTEN, NOTEN, SMALL_WIN]
    assert play(rules, *hands)["finished"] is False
    with pytest.raises(IllegalHand, match="alone in 1st"):
        play(rules, *hands[:-1], {**SMALL_WIN, "end": True})


@pytest.mark.parametrize(
    ("rules", "ends", "may_stop"),
    [
        # Tenpai-yame, the same table for a tenpai dealer at an exhaustive draw (RULES.md).
        # E4 with 3 honba, the dealer alone tenpai: +3,000 (28,000 from 25,000; 33,000 from
        # 30,000), alone in 1st.
        pytest.param(tonpuusen("ema"), False, False, id="ema-none"),
        pytest.param(tonpuusen("ema", tenpai_yame="optional"), False, True, id="ema-optional"),
        pytest.param(tonpuusen("ema", tenpai_yame="automatic"), True, True, id="ema-automatic"),
        # 28,000 is below Tenhou's 30,000.
        pytest.param(tonpuusen("tenhou"), False, False, id="tenhou-below-target"),
        pytest.param(
            tonpuusen("tenhou", target_points=None, extension=False),
            True,
            True,
            id="tenhou-no-target",
        ),
        # Old records' false reads as none (RULES.md version 2).
        pytest.param(
            tonpuusen("tenhou", tenpai_yame=False, target_points=None, extension=False),
            False,
            False,
            id="tenhou-old-false",
        ),
    ],
)
def test_what_the_all_last_dealer_tenpai_in_first_may_do(rules, ends, may_stop):
    draw = {"draw": {"tenpai": [3]}}
    out = play(rules, *to_all_last(), draw)
    assert out["end_reason"] == ("tenpai_yame" if ends else None)
    if may_stop:
        assert play(rules, *to_all_last(), {**draw, "end": True})["end_reason"] == "tenpai_yame"
    else:
        with pytest.raises(IllegalHand, match="stopped by choice"):
            play(rules, *to_all_last(), {**draw, "end": True})


@pytest.mark.parametrize("preset", PRESETS)
def test_end_is_refused_on_a_hand_before_the_all_last(preset):
    """RULES.md version 2: `end: true` only where the game may end there."""
    with pytest.raises(IllegalHand) as error:
        play(preset, {**ron(2, 1, 2, 30), "end": True})
    assert error.value.where == "hands[0] (E1).end"


@pytest.mark.parametrize(
    ("win", "accepted"),
    [
        # Seat 1 (not the dealer) rons seat 0 in East 4 with 3 honba for 3 han 60 fu: 7,700 +
        # 900 = 8,600 -> 33,600: the deal passes with somebody at 30,000, the last hand.
        (ron(0, 1, 3, 60), True),
        # 3 han 30 fu: 3,900 + 900 = 4,800 -> 29,800: nobody at 30,000, South 1 follows.
        (ron(0, 1, 3, 30), False),
    ],
)
def test_end_under_automatic_is_accepted_only_on_the_hand_that_ends_the_game_anyway(win, accepted):
    """RULES.md version 2: "under automatic only on the hand that ends the game anyway"."""
    rules = tonpuusen("tenhou")
    if accepted:
        assert play(rules, *to_all_last(), {**win, "end": True})["end_reason"] == "last_hand"
    else:
        assert play(rules, *to_all_last(), win)["finished"] is False
        with pytest.raises(IllegalHand, match="does not end it"):
            play(rules, *to_all_last(), {**win, "end": True})


# The extension (RULES.md "extension"; reference §2.8 (e)): a hanchan whose seven first hands
# are draws with nobody tenpai reaches South 4 with 7 honba and everyone on 25,000; South 4's
# draw passes the deal with nobody at 30,000, so West 1 follows; three more reach West 4, 11
# honba, the dealer seat 3.
TO_WEST_4 = [NOTEN] * 11


def test_the_extension_goes_on_while_the_west_4_dealer_keeps_the_deal_below_the_target():
    """The real Tenhou game of the issue: the West 4 dealer won while 1st but below 30,000 and
    Tenhou played on (West 4, 2 honba). Here: 1 han 30 fu dealer ron, 1,500 + 11 x 300 = 4,800:
    29,800, 1st, below 30,000; the next hand is West 4 with 12 honba. A draw with nobody tenpai
    then passes the deal from the fourth dealer of the West: the extension is over."""
    win = ron(0, 3, 1, 30)
    out = play("tenhou", *TO_WEST_4, win, NOTEN)
    assert [h["round"] for h in out["hands"][-3:]] == ["W3", "W4", "W4"]
    assert [h["honba"] for h in out["hands"][-2:]] == [11, 12]
    assert out["hands"][-2]["scores"] == [20200, 25000, 25000, 29800]
    assert out["end_reason"] == "extension_over"
    # The deal stays after an abortive draw, which never ends the game (reference §2.8).
    again = play("tenhou", *TO_WEST_4, win, {"abort": {"reason": "kyuushu_kyuuhai"}})
    assert again["finished"] is False


def test_the_extension_ends_when_the_deal_passes_with_somebody_at_the_target():
    """reference §2.8 (d): in the West, after a hand in which somebody has 30,000. West 1, 8
    honba: seat 2 rons seat 0 for 3 han 40 fu, 5,200 + 2,400 = 7,600 -> 32,600."""
    out = play("tenhou", *[NOTEN] * 8, ron(0, 2, 3, 40))
    assert out["hands"][-1]["round"] == "W1"
    assert out["end_reason"] == "extension_over"


@pytest.mark.parametrize(
    ("extension_end", "finished"),
    [
        # deal_passes: a dealer who keeps the deal plays on (Tenhou as mjx models it).
        ("deal_passes", False),
        # any_hand: any hand ends it once somebody has the target, renchan included.
        ("any_hand", True),
    ],
)
def test_extension_end_decides_whether_a_renchan_ends_the_extension(extension_end, finished):
    """RULES.md version 2 ``extension_end``. West 1 (dealer seat 0), 8 honba, a double ron on
    seat 2's discard: the dealer 1 han 30 fu (1,500 + 2,400 honba, the nearest winner takes
    them) and seat 1 a mangan (8,000): seat 1 33,000, the dealer 28,900 and not 1st, so no
    agari-yame; the dealer keeps the deal."""
    rules = {"preset": "tenhou", "extension_end": extension_end}
    double = {
        "ron": {
            "from": 2,
            "wins": [{"winner": 0, "han": 1, "fu": 30}, {"winner": 1, "han": 5}],
        }
    }
    out = play(rules, *[NOTEN] * 8, double)
    assert out["hands"][-1]["scores"] == [28900, 33000, 13100, 25000]
    assert out["finished"] is finished
    assert out["end_reason"] == ("extension_over" if finished else None)


def test_end_is_refused_in_the_west_while_nobody_has_the_target():
    """The issue's finding: a West-round dealer in 1st while nobody has target_points. West 1,
    8 honba, the dealer (seat 0) rons for 1 han 30 fu: 1,500 + 2,400 = 3,900 -> 28,900, 1st."""
    with pytest.raises(IllegalHand) as error:
        play("tenhou", *[NOTEN] * 8, {**ron(1, 0, 1, 30), "end": True})
    assert error.value.where == "hands[8] (W1).end"


def test_the_mleague_all_last_dealer_in_first_cannot_stop():
    """The issue's finding, on a hanchan: M-League has no agari-yame (reference edge case 40).
    South 4 with 7 honba: the dealer (seat 3) rons for 3 han 30 fu, 5,800 + 2,100 = 7,900."""
    hands = [NOTEN] * 7
    out = play("mleague", *hands, ron(0, 3, 3, 30))
    assert out["finished"] is False and out["hands"][-1]["round"] == "S4"
    with pytest.raises(IllegalHand, match="stopped by choice"):
        play("mleague", *hands, {**ron(0, 3, 3, 30), "end": True})


@pytest.mark.parametrize(
    ("renchan", "round_after", "honba_after"),
    [
        # tenpai: the dealer tenpai at an exhaustive draw keeps the deal (RULES.md flow table).
        ("tenpai", "E1", 1),
        # win: the deal passes, honba still +1 (RULES.md version 2, JPML).
        ("win", "E2", 1),
    ],
)
def test_renchan_decides_whether_a_tenpai_dealer_keeps_the_deal(renchan, round_after, honba_after):
    out = play({"preset": "ema", "renchan": renchan}, {"draw": {"tenpai": [0]}}, NOTEN)
    assert (out["hands"][1]["round"], out["hands"][1]["honba"]) == (round_after, honba_after)


def test_under_renchan_win_a_dealer_win_still_keeps_the_deal():
    out = play({"preset": "ema", "renchan": "win"}, ron(1, 0, 2, 30), NOTEN)
    assert (out["hands"][1]["round"], out["hands"][1]["honba"]) == ("E1", 1)


def test_under_renchan_win_the_last_draw_ends_the_game_though_the_dealer_is_tenpai():
    """The deal passes from the all-last dealer, so the game ends (reference §2.8)."""
    rules = tonpuusen("ema", renchan="win")
    assert play(rules, *to_all_last(), {"draw": {"tenpai": [3]}})["end_reason"] == "last_hand"


@pytest.mark.parametrize(
    ("tobi_at_zero", "end_reason"),
    [
        # RULES.md: "a score of exactly 0 does not end the game" (real Tenhou logs) ...
        (False, None),
        # ... unless tobi_at_zero (RULES.md version 2).
        (True, "tobi"),
    ],
)
def test_a_score_of_exactly_zero_ends_the_game_only_with_tobi_at_zero(tobi_at_zero, end_reason):
    """Seat 2 deals in a non-dealer sanbaiman (24,000, reference §3.4) and is left with 1,000,
    then a non-dealer 1 han 30 fu (1,000): exactly 0."""
    rules = {"preset": "tenhou", "tobi_at_zero": tobi_at_zero}
    out = play(rules, ron(2, 1, 11), ron(2, 3, 1, 30))
    assert out["hands"][-1]["scores"][2] == 0
    assert out["end_reason"] == end_reason
