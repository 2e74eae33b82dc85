"""A game ended by time (a tournament's clock): the record's ``"end": "time"`` ends it after
its last hand, where the hands had not ended it, and the final standings count it as any end
(the leftover riichi sticks, uma and oka by the rules)."""

from __future__ import annotations

import json

import pytest

from scoring.errors import RecordError
from scoring.record import read_record, record_to_json
from scoring.record_output import score_document, scored_text

#: Under tenhou's rules: seat 0 declares riichi and is alone tenpai at the draw.
RECORD = {
    "format": "scorekeeper.game/1",
    "rules": "tenhou",
    "players": ["Aki", "Ben", "Chie", "Dan"],
    "hands": [{"riichi": [0], "draw": {"tenpai": [0]}}],
    "end": "time",
}


def test_time_ends_the_game_and_the_leftover_stick_goes_to_first_place():
    out = score_document(RECORD)

    assert out["finished"] is True
    assert out["end_reason"] == "time"
    # 25,000 each; the riichi stick (-1,000) and 3,000 noten payments: 27,000 and 24,000s,
    # one stick left on the table, which tenhou gives to 1st place (leftover_sticks: first).
    assert [row["points"] for row in out["final"]] == [28000, 24000, 24000, 24000]
    # Return 30,000, uma 20/10/-10/-20, oka 20 to 1st; the tie broken by seat order.
    assert [row["place"] for row in out["final"]] == [1, 2, 3, 4]
    assert [row["result"] for row in out["final"]] == [38.0, 4.0, -16.0, -26.0]


def test_the_same_record_without_the_end_is_a_game_in_play():
    out = score_document({k: v for k, v in RECORD.items() if k != "end"})

    assert (out["finished"], out["end_reason"], out["final"]) == (False, None, None)


def test_the_end_is_written_back_and_the_text_output_says_the_same():
    record, replay = read_record(RECORD)

    assert record_to_json(record)["end"] == "time"
    assert json.loads(scored_text(record, replay)) == score_document(RECORD)


def test_time_cannot_end_a_game_its_hands_ended():
    # A yakuman ron off Ben takes him to -7,000: tobi ends the game on that hand.
    tobi = [{"ron": {"from": 1, "wins": [{"winner": 0, "yakuman": 1}]}}]

    with pytest.raises(RecordError) as caught:
        read_record({**RECORD, "hands": tobi})

    assert caught.value.code == "record.end_ended"
    assert caught.value.values == {"reason": "tobi"}


@pytest.mark.parametrize("value", ["tobi", True, "TIME", 1])
def test_an_end_other_than_time_is_refused_naming_it(value):
    with pytest.raises(RecordError) as caught:
        read_record({**RECORD, "end": value})

    assert caught.value.code == "record.end"
    assert caught.value.where == "end"
