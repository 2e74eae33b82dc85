"""The EMA's results file of a worked tournament, column by column (docs/ema.md), and the
checks before export.

Eight players, one session of two tables, each table playing a real Tenhou hanchan from
tests/data (the results in its .expected.json): table 1 [-64.0, 59.0, 27.0, -22.0], table 2
[53.0, 7.0, -40.0, -20.0]. A substitute plays Dan's seat (substitutes count: for Dan); the
organiser takes 6.0 off Ben, so Ben (59.0 - 6.0) and Emi (53.0) tie for first; Gin has no
EMA number; Aoi's was given at registration."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from scorekeeper.club.models import Player
from scorekeeper.ema.export import HEADER, checks, ema_workbook, sheet
from scorekeeper.ema.models import TournamentFacts
from scorekeeper.registry.identities import Identity
from scorekeeper.registry.services import set_identity
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Entrant, Session
from scorekeeper.tournaments.services import (
    Registration,
    create_tournament,
    end_by_time,
    give_penalty,
    register_players,
    seat_session,
    start_session,
    substitute,
)
from scoring.outcomes import Chombo, Hand
from scoring.rules import PRESETS, resolve_rules
from tests.web.tournament_data import hanchan_records, play

pytestmark = pytest.mark.django_db

#: name: (given, family, country, EMA number on the identity)
PEOPLE = {
    "Aoi": ("Aoi", "Tanaka", "JPN", ""),
    "Ben": ("Ben", "Baker", "GBR", "04000002"),
    "Chie": ("Chie", "Mori", "JPN", "10990003"),
    "Dan": ("Dan", "de Vries", "NLD", "05000004"),
    "Emi": ("Emi", "Sato", "JPN", "10990005"),
    "Finn": ("Finn", "Olsen", "DNK", "12000006"),
    "Gin": ("Gin", "Ito", "JPN", ""),
    "Hana": ("Hana", "Kim", "KOR", "13000008"),
}


def worked_tournament(*, finish: bool = True):
    tournament = create_tournament(
        rules=resolve_rules({"preset": "tenhou", "length": "hanchan"}),
        ruleset_name="tenhou",
        name="Autumn Cup",
        start_date=date(2026, 11, 28),
        end_date=date(2026, 11, 29),
        sessions=1,
    )
    for name, (given, family, country, number) in PEOPLE.items():
        player = Player.objects.create(name=name)
        identity = Identity(
            given_name=given, family_name=family, country=country, ema_number=number
        )
        set_identity(player=player, identity=identity)
    register_players(
        tournament=tournament,
        registrations=[
            Registration(name=name, ema_number="10990001" if name == "Aoi" else "")
            for name in PEOPLE
        ],
    )
    TournamentFacts.objects.create(
        tournament=tournament, country="NLD", city="Utrecht", short_name="AUTC"
    )
    entrants = {e.player.name: e for e in Entrant.objects.select_related("player")}
    session = Session.objects.get(tournament=tournament, number=1)
    order = list(PEOPLE)
    seat_session(
        session=session,
        method="prescripted",
        tables=[[entrants[n] for n in order[:4]], [entrants[n] for n in order[4:]]],
    )
    substitute(session=session, entrant=entrants["Dan"], player=Player.objects.create(name="Sub"))
    give_penalty(entrant=entrants["Ben"], points=Decimal("6.0"), reason="late", session=1)
    start_session(session=session)
    if finish:
        records = hanchan_records()
        for table, record in zip(session.tables.order_by("number"), records[:2], strict=True):
            play(table, record)
    return tournament


def row(place, given, family, number, score, country):
    return [
        "Autumn Cup 2026",
        9,  # eight registered players and the substitute
        place,
        given,
        family,
        number,
        1,
        score,
        "YES" if number else "NO",
        country,
        "29.11.2026",
        "NLD",
        "Utrecht",
        "",
        "AUTC",
        "Riichi",
        "28-29.11.2026",
        2,
        "NO",
    ]


EXPECTED = [
    row(1, "Ben", "BAKER", "04000002", 53.0, "GBR"),  # 59.0 less the 6.0 penalty
    row(1, "Emi", "SATO", "10990005", 53.0, "JPN"),
    row(3, "Chie", "MORI", "10990003", 27.0, "JPN"),
    row(4, "Finn", "OLSEN", "12000006", 7.0, "DNK"),
    row(5, "Hana", "KIM", "13000008", -20.0, "KOR"),
    row(6, "Dan", "DE VRIES", "05000004", -22.0, "NLD"),  # the substitute's game
    row(7, "Gin", "ITO", "", -40.0, "JPN"),
    row(8, "Aoi", "TANAKA", "10990001", -64.0, "JPN"),  # the number given at registration
]


def test_the_ema_file_has_the_nineteen_columns_for_each_player_in_place_order():
    tournament = worked_tournament()
    assert len(HEADER) == 19
    assert sheet(tournament) == EXPECTED


def test_the_workbook_reads_back_with_the_ema_number_as_text():
    tournament = worked_tournament()
    book = load_workbook(io.BytesIO(ema_workbook(tournament)))
    values = [list(r) for r in book.active.iter_rows(values_only=True)]
    assert values[0] == list(HEADER)
    assert [[None if v is None else v for v in r] for r in values[1:]] == [
        [None if v == "" else v for v in r] for r in EXPECTED
    ]
    assert book.active["F2"].data_type == "s" and book.active["F2"].value == "04000002"


def test_the_checks_list_what_is_missing_and_add_up_the_scores():
    tournament = worked_tournament()
    Player.objects.filter(name="Hana").update(given_name="", country="")
    found = checks(tournament)
    assert found.finished
    assert [r.name for r in found.without_latin_name] == ["Hana"]
    assert [r.name for r in found.without_country] == ["Hana"]
    assert [r.name for r in found.without_ema_number] == ["Gin"]
    assert found.numbers_differ == []  # Aoi had none: the registration gave it
    Player.objects.filter(name="Aoi").update(ema_number="10990099")
    assert [(r.name, r.ema_number) for r in checks(tournament).numbers_differ] == [
        ("Aoi", "10990001")
    ]
    # The scores sum to -6.0, the penalty; without it they add up to zero.
    assert (found.total, found.lost, found.before) == (Decimal("-6.0"), Decimal("-6.0"), 0)
    # Two days, nine players (+0), four countries known (+0): Hana's is not.
    assert (found.days, found.participants, found.countries, found.weight) == (
        2,
        9,
        4,
        Decimal("2.0"),
    )


def test_an_unfinished_tournament_is_refused_its_file_and_says_why(alice_client):
    tournament = worked_tournament(finish=False)
    response = alice_client.get(f"/tournaments/{tournament.pk}/ema.xlsx")
    assert response.status_code == 409
    assert "not finished" in response.content.decode()


def test_organisers_download_the_csv_and_others_may_not(alice_client, bob_client):
    tournament = worked_tournament()
    response = alice_client.get(f"/tournaments/{tournament.pk}/ema.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == list(HEADER)
    assert rows[1][:9] == [
        "Autumn Cup 2026",
        "9",
        "1",
        "Ben",
        "BAKER",
        "04000002",
        "1",
        "53.0",
        "YES",
    ]
    assert bob_client.get(f"/tournaments/{tournament.pk}/ema.csv").status_code == 403
    page = alice_client.get(f"/tournaments/{tournament.pk}/ema/")
    assert page.status_code == 200 and "add up to zero" in page.content.decode()


def test_the_facts_form_refuses_a_wrong_weight_and_changes_nothing(alice_client):
    tournament = worked_tournament(finish=False)
    response = alice_client.post(
        f"/tournaments/{tournament.pk}/ema/",
        {"country": "NLD", "city": "Utrecht", "short_name": "AUTC", "weight": "7.5"},
    )
    assert response.status_code == 422
    assert response.context["form"].errors["weight"]
    assert TournamentFacts.objects.get(tournament=tournament).weight is None


def test_a_chombo_is_shown_apart_and_the_scores_without_it_add_up_to_zero():
    # EMA rules: a chombo takes 20,000 points (20.0) off the offender's result at the end;
    # the four stay at 30,000, tied, and share the uma (split): 0.0 each before it.
    tournament = create_tournament(
        rules=PRESETS["ema"],
        ruleset_name="ema",
        name="Chombo Cup 2026",
        start_date=date(2026, 5, 2),
        sessions=1,
    )
    register_players(tournament=tournament, players=[Player.objects.create(name=n) for n in "WXYZ"])
    session = seat_session(
        session=Session.objects.get(tournament=tournament),
        method="prescripted",
        tables=[list(Entrant.objects.order_by("player__name"))],
    )
    start_session(session=session)
    table = session.tables.get()
    record_hand(game=table.game, hand=Hand(Chombo(2)), expected_sequence=0)
    end_by_time(table=table, early=True)
    found = checks(tournament)
    assert [(line.row.name, line.row.place, line.row.score, line.lost) for line in found.lines] == [
        ("W", 1, Decimal("0.0"), 0),
        ("X", 1, Decimal("0.0"), 0),
        ("Z", 1, Decimal("0.0"), 0),
        ("Y", 4, Decimal("-20.0"), Decimal("-20.0")),
    ]
    assert (found.total, found.lost, found.before) == (Decimal("-20.0"), Decimal("-20.0"), 0)
    assert [row[:3] for row in sheet(tournament)][-1] == ["Chombo Cup 2026", 4, 4]


def test_the_tournaments_results_json_carries_each_players_identity(client):
    tournament = worked_tournament()
    data = json.loads(client.get(f"/tournaments/{tournament.pk}/results.json").content)
    ben = next(row for row in data["rows"] if row["name"] == "Ben")
    assert ben["identity"] == {
        "given_name": "Ben",
        "family_name": "Baker",
        "country": "GBR",
        "ema_number": "04000002",
        "platform_names": {"tenhou": [], "mahjongsoul": [], "other": []},
    }
