"""A tournament's results as files and as the page words them: numbers as numbers, the
penalties as the points they take off; the organiser's note on what is hidden; the
backup's and the restore's counts of tournaments."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

from django.core.management import call_command
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.operations.uploads import restored_text
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Tournament
from tests.web.tournament_data import hanchan_records, make_tournament, play

TENTH = Decimal("0.1")


def _played_with_a_penalty():
    """Four players, one real hanchan played, and 20 points taken off the East seat: each
    player's total by the game's .expected.json, less the penalty."""
    tournament = make_tournament(players=4, sessions=2)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=3
    )
    table = services.start_session(session=session).tables.get()
    results = play(table, hanchan_records()[0])
    seats = list(table.seats.select_related("entrant__player").order_by("number"))
    services.give_penalty(
        entrant=seats[0].entrant, points=Decimal("20.0"), reason="late", session=None
    )
    expected = {
        seat.entrant.player.name: result - (20 if seat.number == 0 else 0)
        for seat, result in zip(seats, results, strict=True)
    }
    return tournament, expected, seats[0].entrant.player.name


def test_the_results_files_write_numbers_and_penalties_as_points_taken_off(client, db):
    tournament, expected, penalised = _played_with_a_penalty()
    text = client.get(reverse("tournament_results_csv", args=[tournament.pk])).content
    rows = list(csv.reader(io.StringIO(text.decode("utf-8-sig"))))[1:]
    for row in rows:
        name, total, penalties = row[2], row[3], row[5]
        # A number as it is: no apostrophe, one decimal, the minus a spreadsheet reads.
        assert Decimal(total) == expected[name].quantize(TENTH), row
        assert penalties == ("-20.0" if name == penalised else "0.0"), row
    assert any(row[3].startswith("-") for row in rows)
    data = json.loads(client.get(reverse("tournament_results_json", args=[tournament.pk])).content)
    for row in data["rows"]:
        assert isinstance(row["total"], float) and isinstance(row["penalties"], float)
        assert Decimal(str(row["total"])) == expected[row["name"]].quantize(TENTH)
        assert row["penalties"] == (-20.0 if row["name"] == penalised else 0.0)
    page = client.get(reverse("tournament_results", args=[tournament.pk])).content.decode()
    assert "\u221220.0" in page and "+20.0" not in page


def test_the_organisers_note_says_hidden_only_while_results_are_hidden(alice_client, db):
    tournament, _, _ = _played_with_a_penalty()
    url = reverse("tournament_results", args=[tournament.pk])
    note = "are hidden from everyone but the organiser"
    assert note not in alice_client.get(url).content.decode()
    services.hide_results(tournament=tournament, from_session=2)
    assert note in alice_client.get(url).content.decode()
    services.hide_results(tournament=tournament, from_session=None)
    assert note not in alice_client.get(url).content.decode()


def test_the_backup_command_and_the_restore_count_tournaments(tmp_path, db):
    make_tournament(players=4, sessions=1)
    out, err = io.StringIO(), io.StringIO()
    call_command("backup", str(tmp_path / "club.jsonl"), stdout=out, stderr=err)
    assert "and 1 tournament to" in err.getvalue()
    text = (tmp_path / "club.jsonl").read_text()
    Tournament.objects.all().delete()
    Game.objects.all().delete()
    Player.objects.all().delete()
    counts = restore(io.StringIO(text))
    assert restored_text(counts).endswith("0 hands and 1 tournament.")
    # A backup without tournaments says nothing of them.
    Tournament.objects.all().delete()
    assert "tournament" not in restored_text(json.loads(list(backup_lines())[-1])["counts"])
