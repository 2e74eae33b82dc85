"""A game begun on paper (the record's ``start``) and penalties (``penalties``): started from
the site, carried by import, export, backup, restore, verify_games and the projection, and
round-tripped.

The numbers follow RULES.md for tenhou rules. The game begins at South 4 with 1 honba and
1 riichi stick on the table, on 31,000 / 22,000 / 25,000 / 21,000 (99,000 + 1,000 in the
stick = 4 x 25,000). Aki (seat 0, not the dealer) wins 3 han 40 fu on Ben's discard: basic
points 40 x 2^5 = 1,280, a non-dealer ron 4 x 1,280 = 5,120 -> 5,200, + 300 for the honba,
+ 1,000 for the stick: 37,500 / 16,500 / 25,000 / 21,000. The deal passes from South 4 with
someone over 30,000: the game ends. Places 2-4 round to 1,000 (16,500 -> 17,000), less the
30,000 return, plus uma 10 / -10 / -20: Chie +5.0, Dan -19.0, Ben -33.0; Aki takes the rest,
+47.0. A 10,000 penalty on Ben makes his -43.0.
"""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.urls import reverse

from scorekeeper.club.management.commands.verify_games import game_mismatches
from scorekeeper.club.models import Game, HandRecord, Player, Seat
from scorekeeper.errors import ServiceError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.table.services.games import export_record, import_record, start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS
from scoring.state import GameState

pytestmark = pytest.mark.django_db

START = {"round": "S4", "honba": 1, "sticks": 1, "scores": [31000, 22000, 25000, 21000]}
AKI_RON = Hand(Ron(1, (Win(0, han=3, fu=40),)))
FINAL_POINTS = [37500, 16500, 25000, 21000]
RESULTS = [Decimal("47.0"), Decimal("-33.0"), Decimal("5.0"), Decimal("-19.0")]
WITH_PENALTY = [Decimal("47.0"), Decimal("-43.0"), Decimal("5.0"), Decimal("-19.0")]


def paper_post(players, **values):
    data = {
        "ruleset": "preset:tenhou",
        "shuffle": "0",
        "start_round": "S4",
        "start_honba": "1",
        "start_sticks": "1",
        **{f"score_{n}": str(points) for n, points in enumerate(START["scores"])},
        **{f"seat_{n}": str(player.pk) for n, player in enumerate(players)},
    }
    data.update(values)
    return {key: value for key, value in data.items() if value is not None}


def results(game):
    return [seat.result for seat in Seat.objects.filter(game=game).order_by("number")]


def begun_on_paper(players, *, penalty: bool = True) -> Game:
    game = start_game(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        players=players,
        start=GameState((31000, 22000, 25000, 21000), 7, 1, 1),
    )
    game = record_hand(game=game, hand=AKI_RON, expected_sequence=0).game
    if penalty:
        give_penalty(
            game=game, seat=1, points=10000, reason="late", expected_revision=game.revision
        )
    return Game.objects.get(pk=game.pk)


# Starting a game begun on paper from the site.


def test_a_member_starts_a_game_begun_on_paper_and_it_goes_on_from_there(bob_client, players):
    response = bob_client.post(reverse("game_new"), paper_post(players))

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.start == START
    page = bob_client.get(game.get_absolute_url()).content.decode()
    assert "South 4" in page
    assert "Begun on paper" in page
    assert "31,000" in page

    bob_client.post(
        reverse("hand_create", args=[game.pk]),
        {
            "sequence": "0",
            "outcome": "ron",
            "winners": ["0"],
            "discarder": "1",
            "win_0_han": "3",
            "win_0_fu": "40",
        },
    )

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.game_state().scores == tuple(FINAL_POINTS)
    assert results(game) == RESULTS


def test_a_game_from_east_1_has_no_start(bob_client, players):
    post = paper_post(
        players,
        start_round=None,
        start_honba=None,
        start_sticks=None,
        **{f"score_{n}": None for n in range(4)},
    )

    assert bob_client.post(reverse("game_new"), post).status_code == 302
    assert Game.objects.get().start is None


@pytest.mark.parametrize(
    ("values", "words"),
    [
        (
            {"score_0": "30000"},
            "hold 99,000; under these rules the players begin with 100,000 together",
        ),
        ({"start_round": ""}, "Choose the round the game has reached"),
        ({"score_3": ""}, "Give North’s points so far"),
        ({"start_round": "W4", "ruleset": "preset:ema"}, "These rules play no further than S4"),
        ({"start_honba": "-1"}, "greater than or equal to 0"),
        ({"start_sticks": "101"}, "less than or equal to 100"),
        ({"start_round": "X9"}, "valid choice"),
        ({"score_1": "lots"}, "whole number"),
        ({"shuffle": "1"}, "keeps its seats"),
    ],
)
def test_a_game_begun_on_paper_that_cannot_be_is_refused_and_nothing_is_started(
    bob_client, players, values, words
):
    response = bob_client.post(reverse("game_new"), paper_post(players, **values))

    assert response.status_code == 422
    assert words in response.content.decode()
    assert 'id="paper-start" open' in response.content.decode()
    assert not Game.objects.exists()


def test_the_service_refuses_a_start_the_rules_cannot_have(players):
    with pytest.raises(ServiceError, match="four players begin with 120000"):
        start_game(
            rules=PRESETS["ema"],
            ruleset_name="ema",
            players=players,
            start=GameState((25000,) * 4, 0),
        )
    assert not Game.objects.exists()


# The projection, verify_games, export and import.


def test_the_projection_replays_start_hands_and_penalties(players):
    game = begun_on_paper(players)

    assert game.hand_count == 1
    assert results(game) == WITH_PENALTY
    assert list(game_mismatches(game)) == []


def test_verify_games_finds_a_result_that_ignores_the_penalty(players):
    game = begun_on_paper(players)
    Seat.objects.filter(game=game, number=1).update(result=Decimal("-33.0"))

    problems = list(game_mismatches(Game.objects.get(pk=game.pk)))

    assert len(problems) == 1
    assert problems[0].startswith("seat 1 result is Decimal('-33.0'), the hands give Decimal('-43")


def test_the_record_download_carries_the_start_and_the_penalties(alice_client, players):
    game = begun_on_paper(players)

    doc = alice_client.get(reverse("game_record", args=[game.pk])).json()

    assert doc["start"] == START
    assert doc["penalties"] == [{"seat": 1, "points": 10000, "reason": "late", "after_hand": 0}]


def test_export_then_import_gives_the_same_game(players):
    first = begun_on_paper(players)
    doc = export_record(first)

    second = import_record(doc=json.loads(json.dumps(doc)))

    assert second.start == START
    assert second.penalties == first.penalties
    assert second.state == first.state
    assert results(second) == WITH_PENALTY
    assert export_record(second) == doc


def test_the_import_command_stores_start_and_penalties(players, tmp_path):
    doc = export_record(begun_on_paper(players))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    out = io.StringIO()

    call_command("import_game", str(path), stdout=out)

    game = Game.objects.order_by("-pk").first()
    assert game.start == START
    assert results(game) == WITH_PENALTY


def test_an_import_with_a_penalty_reason_the_database_cannot_hold_stores_nothing(players):
    doc = export_record(begun_on_paper(players))
    doc["penalties"][0]["reason"] = "late\x00"
    games = Game.objects.count()

    with pytest.raises(ServiceError, match=r"penalties\[0\]\.reason"):
        import_record(doc=doc)

    assert Game.objects.count() == games


# Backup and restore.


def test_backup_and_restore_carry_start_and_penalties_byte_for_byte(players):
    begun_on_paper(players)
    begun_on_paper_again = start_game(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        players=list(reversed(players)),
        start=GameState((30000, 20000, 25000, 25000), 4),
    )
    give_penalty(game=begun_on_paper_again, seat=0, points=2000, expected_revision=0)
    first = "".join(backup_lines())
    seats = list(Seat.objects.order_by("game_id", "number").values_list("result", "place"))
    Game.objects.all().delete()
    Player.objects.all().delete()

    restore(io.StringIO(first))

    assert "".join(backup_lines()) == first
    games = list(Game.objects.order_by("pk"))
    assert games[0].start == START
    assert games[1].penalties == [{"seat": 0, "points": 2000}]
    assert list(Seat.objects.order_by("game_id", "number").values_list("result", "place")) == seats
    assert results(games[0]) == WITH_PENALTY
    for game in games:
        assert list(game_mismatches(game)) == []
    assert HandRecord.objects.count() == 1
