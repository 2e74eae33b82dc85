"""Registering a tournament's players: from the club's players, typed names, or a CSV file
(a name, the club player's number, an EMA number); every refusal names its line and column
and registers nobody, and makes no club player either."""

from __future__ import annotations

import csv
import io

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.club.models import Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.tournaments.models import MAX_ENTRANTS, Entrant, Tournament
from tests.web.tournament_data import make_tournament


def _file(rows) -> SimpleUploadedFile:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return SimpleUploadedFile("players.csv", out.getvalue().encode(), content_type="text/csv")


def _register(client, tournament, **data):
    return client.post(reverse("tournament_register", args=[tournament.pk]), data)


def test_a_csv_of_players_registers_club_players_new_names_and_ema_numbers(alice_client, db):
    tournament = make_tournament(players=0)
    aki = Player.objects.create(name="Aki")
    rows = [
        ["name", "club player", "EMA number"],
        ["aki", aki.pk, "07000155"],
        ["Ben", "", ""],
        ["Chie", "", "04010001"],
    ]
    response = _register(alice_client, tournament, players_file=_file(rows))
    assert response.status_code == 302
    entrants = {e.player.name: e.ema_number for e in tournament.entrants.select_related("player")}
    assert entrants == {"Aki": "07000155", "Ben": "", "Chie": "04010001"}
    # The EMA numbers go through a backup and back.
    text = "".join(backup_lines())
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    assert sorted(Entrant.objects.values_list("ema_number", flat=True)) == [
        "",
        "04010001",
        "07000155",
    ]


def test_each_bad_line_of_the_csv_is_refused_by_line_and_column_and_nothing_is_made(
    alice_client, db
):
    tournament = make_tournament(players=0)
    aki = Player.objects.create(name="Aki")
    rows = [
        ["Aki", aki.pk, "7000155"],  # an EMA number of 7 digits
        ["Ben", "²", ""],  # not a number
        ["Chie", "999999", ""],  # no such club player
        ["Dan", aki.pk, ""],  # the number is Aki's
        ["ben", "", ""],  # on line 2 already
        ["", "", "12345678"],  # no name
        ["Eri", "", "12345678", "x"],  # a fourth column
        ["Fumi", "", "12345678"],  # on line 6 already
    ]
    response = _register(alice_client, tournament, players_file=_file(rows))
    assert response.status_code == 422
    page = response.content.decode()
    for expected in (
        "Line 1, column 3: an EMA number is 8 digits, not “7000155”.",
        "Line 2, column 2: a club player’s number is digits, not “²”.",
        "Line 3, column 2: the club has no player number 999999.",
        f"Line 4, column 1: club player {aki.pk} is “Aki”, not “Dan”.",
        "Line 5, column 1: “ben” is on line 2 already.",
        "Line 6, column 1: expected a name.",
        "Line 7, column 4: a line has at most 3 columns (name, club player, EMA number).",
        "Line 8, column 3: EMA number 12345678 is on line 6 already.",
    ):
        assert expected in page, expected
    assert not tournament.entrants.exists()
    assert list(Player.objects.values_list("name", flat=True)) == ["Aki"]


def test_a_refused_registration_makes_no_club_players(alice_client, db):
    tournament = make_tournament(players=0)
    names = "\n".join(f"Name {n}" for n in range(MAX_ENTRANTS + 1))
    response = _register(alice_client, tournament, new_names=names)
    assert response.status_code == 302
    follow = alice_client.get(response["Location"]).content.decode()
    assert f"A tournament has at most {MAX_ENTRANTS} players" in follow
    assert not tournament.entrants.exists()
    assert not Player.objects.exists()


def test_the_club_players_already_there_count_once_against_the_limit(alice_client, db):
    tournament = make_tournament(players=MAX_ENTRANTS - 1)
    # Registered already (by name, in another case) and one new: 400 in all.
    names = "player 001\nPlayer 002\nNewcomer"
    response = _register(alice_client, tournament, new_names=names)
    assert response.status_code == 302
    assert tournament.entrants.count() == MAX_ENTRANTS
    assert Player.objects.filter(name="Newcomer").exists()


def test_the_tournament_form_offers_date_pickers_with_its_days(alice_client, db):
    tournament = make_tournament(players=0)
    page = alice_client.get(reverse("tournament_edit", args=[tournament.pk])).content.decode()
    assert 'type="date" name="start_date" value="2026-11-28"' in page
    assert 'type="date" name="end_date"' in page
