"""The version 2 parameters and record fields of RULES.md ("Version 2 parameters") and
spec/game-record.md: tobi_bonus, leftover_sticks split_all, floating uma, chips, yakitori,
the record's penalties and start, "abort": {}; the parts of each final row; strict values
and short error excerpts. Each case names its source; the numbers are worked by hand.

Most standings cases start the record in South 4 (``start``, spec/game-record.md) with the
scores to settle, and close it with a draw in which nobody is tenpai: the deal passes from
the all-last dealer, the game ends and the points are exactly the start's.
"""

from __future__ import annotations

import io
import json

import pytest

from scoring.__main__ import main
from scoring.errors import IllegalHand, LocatedError, RecordError
from scoring.record import FORMAT, parse_record, record_to_json
from scoring.record_output import score_document

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]
NOTEN = {"draw": {"tenpai": []}}


def doc(rules, *hands, **extra) -> dict:
    return {"format": FORMAT, "rules": rules, "players": PLAYERS, "hands": list(hands), **extra}


def play(rules, *hands, **extra) -> dict:
    return score_document(doc(rules, *hands, **extra))


def ended_at(rules, scores, *, sticks=0, **extra) -> dict:
    """A game begun in South 4 with ``scores`` that ends with a draw nobody is tenpai in."""
    start = {"round": "S4", "honba": 0, "sticks": sticks, "scores": scores}
    return play(rules, NOTEN, start=start, **extra)


def results(out) -> list:
    return [row["result"] for row in out["final"]]


# JPML floating uma (reference §1a "complex" uma and §2.9 worked example 6; Pantheon model),
# keyed by the number of players below 30,000: one below (three at or above) +8/+3/+1/-12,
# two below +8/+4/-4/-8, three below (one above) +12/-1/-3/-8.
JPML = {
    "preset": "ema",
    "uma": {
        "1": [8000, 3000, 1000, -12000],
        "2": [8000, 4000, -4000, -8000],
        "3": [12000, -1000, -3000, -8000],
    },
}


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        # reference §2.9 example 6: 51,000 / 24,000 / 23,000 / 22,000 -> +33 / -7 / -10 / -16.
        ([51000, 24000, 23000, 22000], [33, -7, -10, -16]),
        # ... and 36,000 / 32,000 / 31,000 / 21,000 -> +14 / +5 / +2 / -21.
        ([36000, 32000, 31000, 21000], [14, 5, 2, -21]),
        # Two below: (52.3-30)+8 = 30.3, (41.1-30)+4 = 15.1, (18.4-30)-4 = -15.6, (8.2-30)-8.
        ([52300, 41100, 18400, 8200], [30.3, 15.1, -15.6, -29.8]),
    ],
)
def test_floating_uma_follows_the_number_of_players_below_the_return_points(scores, expected):
    assert results(ended_at(JPML, scores)) == expected


def test_floating_uma_uses_the_list_for_two_when_nobody_is_below():
    """RULES.md version 2: "where nobody is below, "2" applies". Four on 30,000, ranked by
    seat: +8 / +4 / -4 / -8."""
    rules = {**JPML, "ties": "seat_order"}
    assert results(ended_at(rules, [30000] * 4)) == [8, 4, -4, -8]


def test_leftover_sticks_split_all_gives_each_seat_250_a_stick():
    """RULES.md leftover_sticks split_all: 2 sticks, 500 to each of the four. EMA 30,000:
    41,000 / 30,000 / 26,000 / 21,000 with 2 sticks (118,000 + 2,000)."""
    rules = {"preset": "ema", "leftover_sticks": "split_all"}
    out = ended_at(rules, [41000, 30000, 26000, 21000], sticks=2)
    assert [row["points"] for row in out["final"]] == [41500, 30500, 26500, 21500]
    # (41.5-30)+15 = 26.5, 0.5+5 = 5.5, -3.5-5 = -8.5, -8.5-15 = -23.5: the sticks are back
    # on the players' points, so the results sum to 0.
    assert results(out) == [26.5, 5.5, -8.5, -23.5]


@pytest.mark.parametrize(
    ("leftover", "points"),
    [
        # RULES.md leftover_sticks: first -> 1st takes both; lost -> nobody.
        ("first", [43000, 30000, 26000, 21000]),
        ("lost", [41000, 30000, 26000, 21000]),
    ],
)
def test_leftover_sticks_first_and_lost(leftover, points):
    rules = {"preset": "ema", "leftover_sticks": leftover}
    out = ended_at(rules, [41000, 30000, 26000, 21000], sticks=2)
    assert [row["points"] for row in out["final"]] == points


def test_chips_are_paid_by_the_discarder_on_a_ron_and_by_each_other_seat_on_a_tsumo():
    """RULES.md chips: a ron with 2 chips (seat 2 pays seat 1), then a tsumo by seat 3 with 1
    chip (each other seat pays 1): net chips [-1, +1, -3, +3]; at 2,000 a chip the results
    move by [-2, +2, -6, +6] against the same game without chips."""
    hands = [
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 2, "fu": 30, "chips": 2}]}},
        {"tsumo": {"winner": 3, "han": 1, "fu": 30, "chips": 1}},
    ]
    plain = [
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 2, "fu": 30}]}},
        {"tsumo": {"winner": 3, "han": 1, "fu": 30}},
    ]
    rules = {"preset": "ema", "length": "tonpuusen", "chip_value": 2000}
    tail = [NOTEN, NOTEN]  # E3, E4: the deal passes from East 4, the game ends
    with_chips = play(rules, *hands, *tail)
    without = play({"preset": "ema", "length": "tonpuusen"}, *plain, *tail)
    assert [row["chips"] for row in with_chips["final"]] == [-1, 1, -3, 3]
    moved = [a - b for a, b in zip(results(with_chips), results(without), strict=True)]
    assert moved == [-2, 2, -6, 6]
    # Chips are results, not points on the table.
    assert with_chips["hands"][-1]["scores"] == without["hands"][-1]["scores"]


def test_a_win_with_chips_is_refused_where_chip_value_is_0():
    """RULES.md chip_value: "0: chips are off and a win with chips is refused"."""
    with pytest.raises(IllegalHand) as error:
        play("ema", {"tsumo": {"winner": 1, "han": 1, "fu": 30, "chips": 1}})
    assert error.value.where == "hands[0] (E1).tsumo.chips"


def test_yakitori_costs_each_player_who_won_no_hand():
    """RULES.md yakitori_penalty: 10,000 off each seat that won nothing. Tonpuusen EMA: seat 1
    wins 2 han 30 fu (2,000) off seat 2 in E1, three draws with nobody tenpai end it.
    Points 30,000 / 32,000 / 28,000 / 30,000: ties split (seats 0 and 3 share 2nd and 3rd, 0
    each). Results 0 / +17 / -17 / 0, then -10 for seats 0, 2, 3."""
    rules = {"preset": "ema", "length": "tonpuusen", "yakitori_penalty": 10000}
    out = play(
        rules,
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 2, "fu": 30}]}},
        NOTEN,
        NOTEN,
        NOTEN,
    )
    assert results(out) == [-10, 17, -27, -10]
    assert [row["penalty"] for row in out["final"]] == [-10, 0, -10, -10]


def test_a_record_penalty_comes_off_the_seats_result():
    """spec/game-record.md penalties: 10,000 off seat 2 (non-zero-sum, like a chombo
    penalty). EMA 41,000 / 30,000 / 26,000 / 23,000: +26 / +5 / -9 / -22, then -10 for seat 2."""
    penalties = [{"seat": 2, "points": 10000, "reason": "late", "after_hand": 0}]
    out = ended_at("ema", [41000, 30000, 26000, 23000], penalties=penalties)
    assert results(out) == [26, 5, -19, -22]
    assert [row["penalty"] for row in out["final"]] == [0, 0, -10, 0]


def test_the_final_rows_show_the_parts_of_each_result():
    """spec/game-record.md final: uma, oka, chips, tobi bonus, penalty where the ruleset or
    the record has them. M-League 37,000 / 27,300 / 23,800 / 11,900 (reference edge case 43):
    uma +30/+10/-10/-30, oka +20 to 1st; a chombo penalty exists under M-League."""
    out = ended_at("mleague", [37000, 27300, 23800, 11900])
    assert results(out) == [57, 7.3, -16.2, -48.1]
    first = out["final"][0]
    assert (first["uma"], first["oka"], first["penalty"]) == (30, 20, 0)
    assert "chips" not in first and "tobi_bonus" not in first


@pytest.mark.parametrize(
    ("tobi_bonus", "moved"),
    [
        # RULES.md tobi_bonus: the discarder who went below zero pays 10 to the winner.
        (0, [0, 0, 0, 0]),
        (10000, [0, 10, -10, 0]),
    ],
)
def test_the_tobi_bonus_goes_from_the_player_who_went_out_to_the_winner(tobi_bonus, moved):
    """Tenhou: seat 1 wins a yakuman (32,000) off seat 2 in East 1: seat 2 at -7,000, tobi."""
    hand = {"ron": {"from": 2, "wins": [{"winner": 1, "yakuman": 1}]}}
    base = play("tenhou", hand)
    out = play({"preset": "tenhou", "tobi_bonus": tobi_bonus}, hand)
    assert out["end_reason"] == "tobi"
    assert [a - b for a, b in zip(results(out), results(base), strict=True)] == moved
    if tobi_bonus:
        assert [row["tobi_bonus"] for row in out["final"]] == [0, 10, -10, 0]


def test_after_a_hand_nobody_won_the_tobi_bonus_goes_to_first():
    """RULES.md tobi_bonus: "after a hand nobody won, to 1st place". Seat 2 deals in a
    sanbaiman (24,000) to seat 1 and is left with 1,000; at the next draw seat 2 alone is
    noten and pays 1,000: 0, which ends the game under tobi_at_zero. 1st is seat 1."""
    rules = {"preset": "tenhou", "tobi_at_zero": True, "tobi_bonus": 5000}
    out = play(
        rules,
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 11}]}},
        {"draw": {"tenpai": [0, 1, 3]}},
    )
    assert out["end_reason"] == "tobi"
    assert [row["tobi_bonus"] for row in out["final"]] == [0, 5, -5, 0]


def test_a_game_begun_elsewhere_starts_from_its_start():
    """spec/game-record.md start: S2, 1 honba, 2 sticks, the scores given."""
    start = {"round": "S2", "honba": 1, "sticks": 2, "scores": [31000, 22000, 25000, 20000]}
    out = play("tenhou", {"tsumo": {"winner": 1, "han": 1, "fu": 30}}, start=start)
    first = out["hands"][0]
    assert (first["round"], first["dealer"], first["honba"], first["sticks"]) == ("S2", 1, 1, 2)
    # Dealer tsumo 1 han 30 fu: 500 all + 100 honba each, and the 2 sticks: +3,800.
    assert first["scores"] == [30400, 25800, 24400, 19400]


@pytest.mark.parametrize(
    ("start", "word"),
    [
        # "The scores plus 1000 per stick must equal four times start_points."
        ({"round": "E1", "scores": [25000, 25000, 25000, 24000]}, "120000"),
        ({"round": "W2", "scores": [30000] * 4}, "no further"),
        ({"round": "X1", "scores": [30000] * 4}, "round"),
        ({"round": "E1" * 10**5, "scores": [30000] * 4}, "round"),
        ({"round": "E1", "scores": [30000] * 3}, "four"),
        ({"round": "E1", "honba": 2.0, "scores": [30000] * 4}, "whole"),
    ],
)
def test_a_bad_start_is_refused(start, word):
    with pytest.raises(RecordError) as error:
        parse_record(doc("ema", start=start))
    assert error.value.where.startswith("start")
    assert word in error.value.message
    assert len(str(error.value)) < 200


def test_an_abort_without_a_reason_is_read_where_the_rules_have_abortive_draws():
    """spec/game-record.md: "abort": {} where the ruleset has at least one abortive draw."""
    out = play("tenhou", {"abort": {}})
    assert out["hands"][0]["abort"] == {}
    assert (out["hands"][0]["honba"], out["hands"][0]["deltas"]) == (0, [0, 0, 0, 0])
    with pytest.raises(IllegalHand, match="no abortive draws"):
        play("ema", {"abort": {}})


def test_a_record_with_every_new_field_is_written_and_read_back_equal():
    rules = {"preset": "ema", "chip_value": 1000, "uma": JPML["uma"], "renchan": "win"}
    document = doc(
        rules,
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 2, "fu": 30, "chips": 3}]}},
        {"riichi": [0], "draw": {"tenpai": [0]}},
        start={"round": "S1", "honba": 2, "sticks": 1, "scores": [40000, 30000, 29000, 20000]},
        penalties=[{"seat": 3, "points": 5000, "reason": "late", "after_hand": 1}],
    )
    record = parse_record(document)
    assert record.start is not None and record.penalties[0].reason == "late"
    assert parse_record(record_to_json(record)) == record
    assert parse_record(score_document(document)) == record
    assert parse_record({**doc("tenhou", {"abort": {}})}) == parse_record(
        record_to_json(parse_record(doc("tenhou", {"abort": {}})))
    )


def test_a_rules_refusal_is_not_a_format_error():
    """A hand the rules refuse is an IllegalHand; a broken document a RecordError; both name
    their place (LocatedError)."""
    assert not issubclass(IllegalHand, RecordError)
    assert not issubclass(RecordError, IllegalHand)
    assert issubclass(IllegalHand, LocatedError) and issubclass(RecordError, LocatedError)


@pytest.mark.parametrize(
    "document",
    [
        doc("x" * 2_400_000),
        doc({"preset": "ema", "x" * 2_400_000: 1}),
        doc({"preset": "ema", "length": "x" * 2_400_000}),
        doc("ema", {"abort": {"reason": "x" * 2_400_000}}),
        doc("ema", {"tsumo": {"winner": 1, "han": 1, "fu": 30}, "x" * 2_400_000: 1}),
        {**doc("ema"), "players": ["x" * 2_400_000, "B", "C", "D"]},
        {**doc("ema"), "format": "x" * 2_400_000},
        doc("ema", penalties=[{"seat": 0, "points": 1000, "reason": "x" * 2_400_000}]),
    ],
    ids=["preset", "parameter", "choice", "abort", "hand-key", "player", "format", "reason"],
)
def test_a_long_text_is_refused_with_a_short_excerpt(document):
    """The issue's finding: errors never echo more than a short excerpt of the input."""
    with pytest.raises(LocatedError) as error:
        parse_record(document)
    assert len(str(error.value)) < 300


def test_the_command_line_writes_every_new_field_as_score_document_does():
    document = doc(
        {"preset": "ema", "chip_value": 1000, "yakitori_penalty": 5000},
        # South 4: a non-dealer's win ends the game.
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 2, "fu": 30, "chips": 3}]}},
        start={"round": "S4", "honba": 2, "sticks": 1, "scores": [40000, 30000, 29000, 20000]},
        penalties=[{"seat": 3, "points": 5000, "reason": 'late "x" \u00e9', "after_hand": 0}],
    )
    document["players"] = ["Aki \u00e9", 'Ben "B"', "Chie", "Dan"]
    out = io.StringIO()
    assert main(["score", "-"], stdin=io.StringIO(json.dumps(document)), out=out) == 0
    assert json.loads(out.getvalue()) == score_document(document)


def test_the_command_line_writes_fractional_results_as_score_document_does():
    """M-League 37,000 / 27,300 / 23,800 / 11,900: +57.0 / +7.3 / -16.2 / -48.1 (reference
    edge case 43), the rows' fractions written as JSON numbers."""
    start = {"round": "S4", "honba": 0, "sticks": 0, "scores": [37000, 27300, 23800, 11900]}
    document = doc("mleague", NOTEN, start=start)
    out = io.StringIO()
    assert main(["score", "-"], stdin=io.StringIO(json.dumps(document)), out=out) == 0
    written = json.loads(out.getvalue())
    assert written == score_document(document)
    assert [row["result"] for row in written["final"]] == [57, 7.3, -16.2, -48.1]
