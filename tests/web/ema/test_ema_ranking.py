"""The ranking pages: results entered by hand, the ranking on a chosen day (the worked
player "Few" of tests/scoring/test_mers.py), a player's counted results, the downloads, a
tournament recorded here counted, and a merge keeping the results."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from decimal import Decimal

import pytest
from test_ema_export import worked_tournament

from scorekeeper.club.models import Game, Player, SavedRuleset, Season
from scorekeeper.ema.models import OutsideResult, TournamentFacts
from scorekeeper.ema.ranking import ranking_table
from scorekeeper.errors import RestoreError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.registry.services import merge_players
from scorekeeper.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def few(player):
    for name, players, place, weight, day in (
        ("T1", 40, 5, "2.0", date(2025, 3, 1)),
        ("T2", 84, 42, "4.0", date(2025, 1, 15)),
        ("T3", 20, 20, "1.0", date(2024, 9, 10)),
    ):
        OutsideResult.objects.create(
            player=player,
            tournament=name,
            players=players,
            place=place,
            weight=Decimal(weight),
            last_day=day,
        )


def test_an_organiser_enters_a_result_and_a_wrong_place_is_refused(alice_client):
    aki = Player.objects.create(name="Aki")
    data = {
        "player": aki.pk,
        "tournament": "Open",
        "last_day": "2025-03-01",
        "players": 40,
        "place": 41,
        "weight": "2.0",
    }
    response = alice_client.post("/ranking/results/", data)
    assert response.status_code == 422
    assert "at most the players" in " ".join(response.context["form"].errors["place"])
    assert not OutsideResult.objects.exists()
    assert alice_client.post("/ranking/results/", {**data, "place": 5}).status_code == 302
    assert OutsideResult.objects.get().place == 5


def test_the_ranking_on_a_day_and_the_players_results_explained(client):
    aki = Player.objects.create(name="Aki", country="NLD")
    few(aki)
    page = client.get("/ranking/?day=2025-06-01").content.decode()
    assert "450.74" in page and "424.22" in page and "477.25" in page
    assert "389.12" not in page and "150.25" in page  # the Netherlands: 450.74 / 3
    mine = client.get(f"/ranking/players/{aki.pk}/?day=2025-06-01").content.decode()
    assert "897" in mine and "2.0 × 1 = 2.0" in mine and "(filler)" in mine
    # A day before the second result: one result, not ranked.
    assert not [r for r in ranking_table(date(2025, 1, 1)) if r.ranking]
    assert client.get("/ranking/?day=1800-01-01").status_code == 422


def test_the_ranking_downloads(client):
    aki = Player.objects.create(name="Aki", ema_number="04000001")
    few(aki)
    data = json.loads(client.get("/ranking.json?day=2025-06-01").content)
    assert data["ranking"][0] | {} == {
        "rank": 1,
        "player_id": aki.pk,
        "name": "Aki",
        "ema_number": "04000001",
        "country": "",
        "ranking": "450.74",
        "part_a": "424.22",
        "part_b": "477.25",
        "results": 3,
    }
    rows = list(
        csv.reader(
            io.StringIO(client.get("/ranking.csv?day=2025-06-01").content.decode("utf-8-sig"))
        )
    )
    assert rows[1][:3] == ["1", str(aki.pk), "Aki"]


def test_a_finished_tournament_recorded_here_counts_with_its_places():
    tournament = worked_tournament()
    ben = Player.objects.get(name="Ben")
    OutsideResult.objects.create(
        player=ben,
        tournament="Elsewhere",
        players=10,
        place=1,
        weight=Decimal("1.0"),
        last_day=date(2026, 10, 1),
    )
    rows = {r.name: r for r in ranking_table(date(2026, 12, 1))}
    # Nine participants, weight 2.0 (the likely one): Ben first, base 1000.
    assert [(r.base, r.weight) for r in rows["Ben"].results] == [
        (1000, Decimal("2.0")),
        (1000, Decimal("1.0")),
    ]
    assert rows["Ben"].ranking is not None and rows["Emi"].ranking is None
    assert tournament.name in rows["Ben"].results[0].source.tournament
    # More than a year after its last day (2026-11-29) the cup counts half; after two,
    # nothing, and the players with only the cup have no results.
    later = {r.name: r for r in ranking_table(date(2028, 6, 1))}
    assert later["Emi"].results[0].weight == Decimal("1.0")
    assert "Emi" not in {r.name for r in ranking_table(date(2028, 11, 30))}


def test_a_merge_keeps_the_results_entered_by_hand():
    aki, aki2 = Player.objects.create(name="Aki"), Player.objects.create(name="Aki 2")
    few(aki2)
    merge_players(keep=aki, merge=aki2)
    assert OutsideResult.objects.filter(player=aki).count() == 3


def test_a_backup_keeps_the_facts_and_the_results_entered_by_hand():
    tournament = worked_tournament()
    TournamentFacts.objects.filter(tournament=tournament).update(weight=Decimal("2.5"))
    few(Player.objects.get(name="Aoi"))
    first = "".join(backup_lines())
    kinds = [json.loads(line)["type"] for line in first.splitlines()[1:]]
    assert kinds.count("ema_tournament") == 1 and kinds.count("outside_result") == 3
    assert json.loads(first.splitlines()[-1])["counts"]["outside_results"] == 3
    wipe()
    restore(io.StringIO(first))
    assert "".join(backup_lines()) == first
    assert TournamentFacts.objects.get().weight == Decimal("2.5")

    # A place past the players is refused by its line and field, and nothing is restored.
    lines = first.splitlines()
    at = next(i for i, line in enumerate(lines) if '"outside_result"' in line)
    lines[at] = json.dumps({**json.loads(lines[at]), "place": 99})
    wipe()
    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO("\n".join(lines)))
    assert (refused.value.line, refused.value.where) == (at + 1, "place")
    assert not Player.objects.exists()


#: An EMA line changed in one field: the kind of line, the change, and the restore's words.
HOSTILE_EMA_LINES = {
    "country": ("ema_tournament", {"country": "XX"}, "country", ""),
    "countries": ("ema_tournament", {"countries": -1}, "countries", "from 0 to 32767"),
    "qualification": ("ema_tournament", {"qualification": 1}, "qualification", "true or false"),
    "facts weight": ("ema_tournament", {"weight": "0.25"}, "weight", "one decimal place"),
    "facts field": ("ema_tournament", {"colour": 1}, "colour", "unknown field"),
    "player": ("outside_result", {"player": 999999}, "player", "no player with id 999999"),
    "last_day": ("outside_result", {"last_day": None}, "last_day", "expected a date"),
    "players": ("outside_result", {"players": 1}, "players", "from 2 to 32767"),
    "weight": ("outside_result", {"weight": None}, "weight", "expected a weight"),
    "tournament": ("outside_result", {"tournament": " "}, "tournament", "expected a text"),
}


@pytest.mark.parametrize("what", HOSTILE_EMA_LINES)
def test_a_restore_refuses_an_ema_line_naming_the_field_that_is_wrong(what):
    kind, change, field, words = HOSTILE_EMA_LINES[what]
    worked_tournament()
    few(Player.objects.get(name="Aoi"))
    lines = "".join(backup_lines()).splitlines()
    at = next(i for i, line in enumerate(lines) if f'"type":"{kind}"' in line)
    lines[at] = json.dumps({**json.loads(lines[at]), **change})
    wipe()
    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO("\n".join(lines)))
    assert (refused.value.line, refused.value.where) == (at + 1, field)
    assert words in refused.value.message
    assert not Player.objects.exists()


def wipe():
    for model in (OutsideResult, Tournament, Season, Game, SavedRuleset, Player):
        model.objects.all().delete()


def test_the_admin_lists_and_corrects_the_results_entered_by_hand(admin_client):
    aki = Player.objects.create(name="Aki")
    few(aki)
    row = OutsideResult.objects.get(tournament="T1")
    assert admin_client.get("/admin/ema/outsideresult/").status_code == 200
    data = {
        "player": aki.pk,
        "tournament": "T1",
        "last_day": "2025-03-01",
        "players": 40,
        "place": 41,
        "weight": "2.0",
    }
    response = admin_client.post(f"/admin/ema/outsideresult/{row.pk}/change/", data)
    assert response.status_code == 200 and "at most the players" in response.content.decode()
    assert OutsideResult.objects.get(pk=row.pk).place == 5
