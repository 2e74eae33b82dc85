"""The hand log's downloads carry every fact of the game record: who was tenpai at a draw,
why a hand was aborted, who made a chombo, and the penalties."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


@pytest.fixture
def eventful(players, alice):
    """Under Tenhou's rules (abortive draws on): Chie alone tenpai at a draw, a nine
    terminals abort, a chombo by Dan; Ben given a penalty of 5,000 after the second hand."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    hands = [Hand(Draw(tenpai=(2,))), Hand(Abort(AbortReason.KYUUSHU_KYUUHAI)), Hand(Chombo(3))]
    for number, hand in enumerate(hands):
        record_hand(game=game, hand=hand, expected_sequence=number)
        if number == 1:
            game = Game.objects.get(pk=game.pk)
            give_penalty(
                game=game,
                seat=1,
                points=5000,
                reason="late",
                expected_revision=game.revision,
                user=alice,
            )
    return game


def test_the_csv_says_who_was_tenpai_why_it_was_aborted_who_made_the_chombo_and_the_penalty(
    client, eventful
):
    text = client.get(reverse("hand_log_csv", args=[eventful.pk])).content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))

    assert [row["Outcome"] for row in rows] == ["draw", "abort", "penalty", "chombo"]
    assert rows[0]["Tenpai"] == "Chie"
    assert rows[1]["Abortive draw"] == "kyuushu_kyuuhai"
    assert (rows[2]["Hand"], rows[2]["Penalty"], rows[2]["Penalty points"]) == ("2", "Ben", "5000")
    assert rows[2]["Reason"] == "late"
    assert rows[3]["Chombo"] == "Dan"


def test_the_json_says_the_same_with_the_records_keys(client, eventful):
    document = client.get(reverse("hand_log_json", args=[eventful.pk])).json()

    draw, abort, chombo = document["hands"]
    assert (draw["tenpai"], draw["nagashi"]) == ([2], [])
    assert abort["reason"] == "kyuushu_kyuuhai"
    assert chombo["offender"] == 3
    # Given after the second hand: numbered as the hands are ("hand": 2), as in the CSV.
    assert document["hands"][1]["hand"] == 2
    assert document["penalties"] == [{"seat": 1, "points": 5000, "reason": "late", "after_hand": 2}]
