"""A tournament through its pages and services: the organiser makes it, registers players,
seats and starts sessions; the results are the sums of the real games played at its
tables; who may see and do what."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from real_data import SANMA_DIR

from scorekeeper.club.management.commands.verify_games import game_mismatches
from scorekeeper.club.models import Game, Player
from scorekeeper.errors import PlayerRefused, RestoreError, ServiceError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.registry.services import merge_players
from scorekeeper.table.services.games import (
    export_record,
    finish_game,
    import_record,
    reopen_game,
    start_game,
)
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.penalties import give_penalty as give_game_penalty
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Session, TableSeat, Tournament
from scorekeeper.tournaments.results import tournament_table
from scorekeeper.tournaments.services import create_tournament, register_players
from scoring.outcomes import Draw, Hand, Tsumo, Win
from scoring.record_hand import parse_hand
from scoring.record_output import score_document
from scoring.rules import PRESETS, resolve_rules
from tests.web.tournament_data import hanchan_records, make_tournament, play


def _session(tournament: Tournament, number: int) -> Session:
    return tournament.session_rows.get(number=number)


def _seat_and_start(tournament, number, **kwargs):
    session = services.seat_session(session=_session(tournament, number), **kwargs)
    return services.start_session(session=session)


def test_an_organiser_makes_a_tournament_and_registers_players(alice_client, db):
    Player.objects.create(name="Aki")
    response = alice_client.post(
        reverse("tournament_new"),
        {
            "name": "Autumn Cup",
            "start_date": "2026-11-28",
            "ruleset": "preset:wrc",
            "sessions": "4",
            "session_minutes": "90",
            "end_policy": "this_hand",
            "substitutes_count": "on",
            "public": "on",
        },
    )
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == tournament.get_absolute_url()
    assert tournament.ruleset().uma == (15000, 5000, -5000, -15000)
    assert list(tournament.session_rows.values_list("number", flat=True)) == [1, 2, 3, 4]
    aki = Player.objects.get(name="Aki")
    response = alice_client.post(
        reverse("tournament_register", args=[tournament.pk]),
        {"players": [aki.pk], "new_names": "Ben\n  Chie  \n\naki"},
    )
    assert response.status_code == 302
    names = sorted(tournament.entrants.values_list("player__name", flat=True))
    assert names == ["Aki", "Ben", "Chie"]


def test_a_tournament_form_with_the_last_day_first_is_refused(alice_client, db):
    response = alice_client.post(
        reverse("tournament_new"),
        {
            "name": "Cup",
            "start_date": "2026-11-28",
            "end_date": "2026-11-27",
            "ruleset": "preset:wrc",
            "sessions": "4",
            "session_minutes": "90",
            "end_policy": "this_hand",
        },
    )
    assert response.status_code == 422
    assert "The last day cannot be before the first." in response.content.decode()
    assert not Tournament.objects.exists()


def test_members_and_visitors_cannot_run_a_tournament(bob_client, client, db):
    tournament = make_tournament()
    session = _session(tournament, 1)
    for who, status in ((bob_client, 403), (client, 403)):
        url = reverse("session_seat", args=[tournament.pk, 1])
        assert who.post(url, {"method": "random"}).status_code == status
    assert not session.tables.exists()


def test_visitors_read_a_public_tournament_and_not_a_private_one(
    client, bob_client, charlie_client, db
):
    tournament = make_tournament(public=False)
    url = reverse("tournament_results", args=[tournament.pk])
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert charlie_client.get(url).status_code == 403
    assert "Autumn Cup" not in client.get(reverse("tournament_list")).content.decode()
    assert bob_client.get(url).status_code == 200
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    assert client.get(url).status_code == 200


def test_every_player_is_seated_once_and_the_seating_is_fixed_once_started(db):
    tournament = make_tournament()
    session = services.seat_session(session=_session(tournament, 1), method="random", seed=11)
    first = list(TableSeat.objects.filter(session=session).values_list("entrant_id", flat=True))
    assert sorted(first) == sorted(tournament.entrants.values_list("pk", flat=True))
    again = services.seat_session(session=session, method="random", seed=11)
    assert (
        list(TableSeat.objects.filter(session=again).values_list("entrant_id", flat=True)) == first
    )
    services.start_session(session=session)
    assert Game.objects.filter(tournament_table__session=session).count() == 4
    with pytest.raises(ServiceError, match="has started"):
        services.seat_session(session=session, method="random", seed=12)


def test_seventeen_players_are_refused_a_seating(db):
    tournament = make_tournament(players=17)
    with pytest.raises(ServiceError, match="17 players do not fill tables of 4"):
        services.seat_session(session=_session(tournament, 1), method="random")


def _csv(rows) -> SimpleUploadedFile:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return SimpleUploadedFile("tables.csv", out.getvalue().encode(), content_type="text/csv")


def test_a_prescripted_seating_is_uploaded_and_an_unknown_name_refused(alice_client, db):
    tournament = make_tournament(players=8)
    names = [f"Player {n:03}" for n in range(1, 9)]
    url = reverse("session_seat", args=[tournament.pk, 1])
    wrong = _csv([["table", "E", "S", "W", "N"], [1, *names[:4]], [2, *names[4:7], "Nobody"]])
    response = alice_client.post(url, {"method": "prescripted", "tables": wrong})
    assert response.status_code == 422
    assert "Line 3, column 5: “Nobody” is not registered." in response.content.decode()
    right = _csv([["table", "E", "S", "W", "N"], [1, *names[:4]], [2, *names[4:]]])
    response = alice_client.post(url, {"method": "prescripted", "tables": right})
    assert response.status_code == 302
    seated = TableSeat.objects.filter(session__tournament=tournament).order_by(
        "table__number", "number"
    )
    assert [s.player.name for s in seated] == names


def test_the_results_are_the_sum_of_the_real_games_with_the_penalties(db):
    tournament = make_tournament(sessions=2)
    records = hanchan_records()
    expected: dict[int, Decimal] = {}
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    for table, path in zip(session.tables.order_by("number"), records, strict=False):
        results = play(table, path)
        for seat in table.seats.all():
            expected[seat.entrant_id] = results[seat.number]
    entrant = tournament.entrants.first()
    services.give_penalty(entrant=entrant, points=Decimal("5.0"), reason="late", session=1)
    expected[entrant.pk] -= Decimal("5.0")
    rows = tournament_table(tournament)
    assert {row.entrant_id: row.total for row in rows} == expected
    assert [row.total for row in rows] == sorted(expected.values(), reverse=True)
    assert all(row.games == 1 for row in rows)
    assert next(r for r in rows if r.entrant_id == entrant.pk).penalties == Decimal("5.0")
    # A game's own penalty is in its results already; the column shows it too.
    game = session.tables.get(number=1).game
    seat = session.tables.get(number=1).seats.get(number=0)
    give_game_penalty(game=game, seat=0, points=2000, expected_revision=game.revision)
    row = next(r for r in tournament_table(tournament) if r.entrant_id == seat.entrant_id)
    assert row.total == expected[seat.entrant_id] - 2
    assert row.penalties == Decimal("2.0") + (5 if seat.entrant_id == entrant.pk else 0)


@pytest.mark.parametrize("counts", [True, False])
def test_a_substitutes_game_counts_for_the_registered_player_or_for_nobody(db, counts):
    tournament = make_tournament(sessions=2, substitutes_count=counts)
    session = services.seat_session(session=_session(tournament, 1), method="random", seed=2)
    replaced = TableSeat.objects.get(session=session, table__number=1, number=2)
    stand_in = Player.objects.create(name="Stand-in")
    services.substitute(session=session, entrant=replaced.entrant, player=stand_in)
    services.start_session(session=session)
    results = play(session.tables.get(number=1), hanchan_records()[0])
    row = next(r for r in tournament_table(tournament) if r.entrant_id == replaced.entrant_id)
    assert (row.games, row.total) == ((1, results[2]) if counts else (0, Decimal(0)))
    assert all(r.name != "Stand-in" for r in tournament_table(tournament))


@pytest.mark.parametrize("counts", [True, False])
def test_a_substitutes_points_in_play_stand_beside_the_registered_player_where_they_count(
    db, counts
):
    tournament = make_tournament(sessions=1, substitutes_count=counts)
    session = services.seat_session(session=_session(tournament, 1), method="random", seed=2)
    replaced = TableSeat.objects.get(session=session, table__number=1, number=0)
    services.substitute(
        session=session, entrant=replaced.entrant, player=Player.objects.create(name="Stand-in")
    )
    services.start_session(session=session)
    table = session.tables.get(number=1)
    # The stand-in, East, wins the dealer's mangan by tsumo: 4,000 from each (25,000 each).
    record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
    rows = {r.entrant_id: r for r in tournament_table(tournament, live=True)}
    assert rows[replaced.entrant_id].in_play == (37_000 if counts else None)
    others = table.seats.exclude(pk=replaced.pk).values_list("entrant_id", flat=True)
    assert [rows[e].in_play for e in others] == [21_000] * 3


def test_swiss_seats_the_leaders_of_session_one_together_in_session_two(db):
    tournament = make_tournament(sessions=2)
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    for table, path in zip(session.tables.order_by("number"), hanchan_records(), strict=False):
        play(table, path)
    leaders = [row.entrant_id for row in tournament_table(tournament)]
    second = services.seat_session(session=_session(tournament, 2), method="swiss")
    first_table = TableSeat.objects.filter(session=second, table__number=1)
    seated = {seat.entrant_id for seat in first_table}
    assert leaders[0] in seated
    # No two who met in session 1 meet again at the top table.
    met = {
        frozenset((a.entrant_id, b.entrant_id))
        for a in TableSeat.objects.filter(session=session)
        for b in TableSeat.objects.filter(session=session, table=a.table)
        if a.pk != b.pk
    }
    assert not any(frozenset((a, b)) in met for a in seated for b in seated if a != b)


def test_results_hidden_near_the_end_show_to_the_organiser_alone_until_revealed(
    client, alice_client, db
):
    tournament = make_tournament(sessions=2)
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    results = play(session.tables.get(number=1), hanchan_records()[0])
    services.hide_results(tournament=tournament, from_session=1)
    url = reverse("tournament_results_json", args=[tournament.pk])
    hidden = json.loads(client.get(url).content)["rows"]
    assert all(row["games"] == 0 for row in hidden)
    shown = json.loads(alice_client.get(url).content)["rows"]
    assert sorted(Decimal(str(row["total"])) for row in shown if row["games"]) == sorted(results)
    services.hide_results(tournament=tournament, from_session=None)
    assert json.loads(client.get(url).content)["rows"] == shown


def test_the_csv_download_lists_every_registered_player(client, db):
    tournament = make_tournament()
    response = client.get(reverse("tournament_results_csv", args=[tournament.pk]))
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Place,Player number,Player,Total,Results,Penalties,Chombo,Games"
    assert len(lines) == 17


def test_a_tables_qr_code_leads_to_its_page_and_that_to_its_game(client, db):
    tournament = make_tournament()
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    table = session.tables.get(number=2)
    response = client.get(reverse("tournament_table_qr", args=[tournament.pk, 1, 2]))
    assert response["Content-Type"] == "image/svg+xml" and b"<svg" in response.content
    response = client.get(table.get_absolute_url())
    assert response.status_code == 302 and response["Location"] == table.game.get_absolute_url()


def test_the_pages_of_a_started_session_answer(client, alice_client, db):
    tournament = make_tournament()
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    play(session.tables.get(number=1), hanchan_records()[0])
    entrant = tournament.entrants.first()
    for url in (
        reverse("tournament_list"),
        tournament.get_absolute_url(),
        session.get_absolute_url(),
        session.get_absolute_url() + "?print=1",
        reverse("tournament_session_results", args=[tournament.pk, 1]),
        reverse("tournament_results", args=[tournament.pk]),
        reverse("tournament_screen", args=[tournament.pk]),
        reverse("tournament_player", args=[tournament.pk, entrant.pk]),
    ):
        for who in (client, alice_client):
            assert who.get(url).status_code == 200, url


def _hands(table, count):
    """The first ``count`` hands of a real game, recorded at ``table``."""
    path = hanchan_records()[0]
    for sequence, data in enumerate(json.loads(path.read_text())["hands"][:count]):
        record_hand(game=table.game, hand=parse_hand(data, "hand"), expected_sequence=sequence)


def test_a_game_ended_by_time_says_so_in_its_record_and_counts(bob_client, db):
    tournament = make_tournament(session_minutes=60)
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    table = session.tables.get(number=1)
    _hands(table, 3)
    url = reverse("table_end_by_time", args=[tournament.pk, 1, 1])
    # Asked first: the button leads to what it does, and nothing changes yet.
    response = bob_client.post(url)
    assert response.status_code == 200 and "End the game at table 1 by time?" in str(
        response.content.decode()
    )
    # Before the time is up the table's players cannot end it.
    response = bob_client.post(url, {"confirm": "1"})
    table.game.refresh_from_db()
    assert response.status_code == 302 and table.game.status == Game.Status.IN_PLAY
    Session.objects.filter(pk=session.pk).update(started_at=timezone.now() - timedelta(minutes=61))
    response = bob_client.post(url, {"confirm": "1"}, follow=True)
    game = Game.objects.get(pk=table.game_id)
    assert game.status == Game.Status.FINISHED
    assert "The game ended by time: here are its final standings." in response.content.decode()
    record = score_document(export_record(game))
    assert (record["end"], record["end_reason"]) == ("time", "time")
    rows = {row.player_id: row for row in tournament_table(tournament)}
    for final in record["final"]:
        seat = game.seats.get(number=final["seat"])
        assert rows[seat.player_id].total == Decimal(str(final["result"]))
        assert rows[seat.player_id].games == 1


def test_late_start_and_extra_time_move_a_tables_end(alice_client, bob_client, db):
    tournament = make_tournament(session_minutes=60)
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    Session.objects.filter(pk=session.pk).update(started_at=timezone.now() - timedelta(minutes=61))
    url = reverse("tournament_table_action", args=[tournament.pk, 1, 2, "time"])
    alice_client.post(url, {"late_minutes": "5", "extra_minutes": "3"})
    table = session.tables.get(number=2)
    assert (table.late_minutes, table.extra_minutes) == (5, 3)
    bob_client.post(reverse("table_end_by_time", args=[tournament.pk, 1, 2]))
    table.game.refresh_from_db()
    assert table.game.status == Game.Status.IN_PLAY
    clock = bob_client.get(reverse("game_clock", args=[table.game_id]))
    assert b"Time" in clock.content and b'data-minutes="68"' in clock.content


def test_a_game_that_is_not_a_tournaments_has_no_clock(client, game):
    assert client.get(reverse("game_clock", args=[game.pk])).status_code == 204


def test_a_cancelled_game_is_played_again_at_the_same_seats(alice_client, db):
    tournament = make_tournament()
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    table = session.tables.get(number=3)
    first = table.game
    seats = list(first.seats.values_list("number", "player_id"))
    url = reverse("tournament_table_action", args=[tournament.pk, 1, 3, "replay"])
    asked = alice_client.post(url)
    assert asked.status_code == 200 and "Play the game at table 3 again?" in asked.content.decode()
    first.refresh_from_db()
    assert first.status == Game.Status.IN_PLAY
    done = alice_client.post(url, {"confirm": "1"}, follow=True)
    table.refresh_from_db()
    first.refresh_from_db()
    assert first.status == Game.Status.ABANDONED
    assert table.game_id != first.pk
    assert done.redirect_chain[-1][0] == table.game.get_absolute_url()
    assert "Table 3 plays its game again: a new game has started." in done.content.decode()
    assert list(table.game.seats.values_list("number", "player_id")) == seats
    assert list(TableSeat.objects.filter(table=table).values_list("number", "player_id")) == seats
    # The old game's page leads to the new one.
    old_clock = alice_client.get(reverse("game_clock", args=[first.pk])).content.decode()
    assert "This game was played again:" in old_clock
    assert f'href="{table.game.get_absolute_url()}"' in old_clock


def test_a_three_player_ruleset_seats_tables_of_three(db):
    tournament = create_tournament(
        rules=PRESETS["tenhou_sanma"],
        ruleset_name="tenhou_sanma",
        name="Sanma Cup",
        start_date="2026-11-28",
        sessions=2,
    )
    register_players(
        tournament=tournament,
        players=[Player.objects.create(name=f"Sanma {n}") for n in range(9)],
    )
    assert tournament.table_size() == 3
    session = services.seat_session(session=_session(tournament, 1), method="random", seed=1)
    sizes = [table.seats.count() for table in session.tables.all()]
    assert sizes == [3, 3, 3]


def test_a_three_player_tournament_plays_three_player_games_and_counts_them(client, db):
    # A real three-player Tenhou game, played at both tables of six players.
    path = SANMA_DIR / "2014091101gm-00b9-0000-5ca6b487.game.json"
    rules = json.loads(path.read_text())["rules"]
    tournament = create_tournament(
        rules=resolve_rules(rules),
        ruleset_name="tenhou_sanma",
        name="Sanma Cup",
        start_date="2026-11-28",
        sessions=2,
    )
    register_players(
        tournament=tournament,
        players=[Player.objects.create(name=f"Sanma {n}") for n in range(6)],
    )
    session = _seat_and_start(tournament, 1, method="random", seed=3)
    tables = list(session.tables.all())
    assert len(tables) == 2
    for table in tables:
        assert table.game.players == 3 and table.game.rules["players"] == 3
        assert table.game.seats.count() == 3
    expected = {}
    for table in tables:
        results = play(table, path)
        for seat, result in zip(table.seats.order_by("number"), results, strict=True):
            expected[seat.entrant_id] = result
    # The expected results are Tenhou's own (+54, -37, -17 by seat).
    assert sorted(expected.values()) == sorted(
        map(Decimal, ["54", "54", "-37", "-37", "-17", "-17"])
    )
    rows = {row.entrant_id: row for row in tournament_table(tournament)}
    assert {e: rows[e].total for e in expected} == expected
    assert all(rows[e].games == 1 for e in expected)
    assert [row.place for row in tournament_table(tournament)][:2] == [1, 1]
    for url in (session.get_absolute_url(), tables[0].get_absolute_url()):
        assert client.get(url, follow=True).status_code == 200


@pytest.mark.parametrize(
    ("name", "data", "status"),
    [
        ("session_seat", {"method": "random", "seed": "9" * 40}, 422),
        ("session_seat", {"method": "rating", "step": "0"}, 422),
        ("session_seat", {"method": "nothing"}, 422),
        ("session_seat", {"method": "prescripted", "tables": b"\xff\xfe\x00"}, 422),
        ("session_seat", {"method": "prescripted", "tables": b"1,a,b\n"}, 422),
        ("session_substitute", {"entrant": "999999", "name": "X"}, 422),
        ("tournament_penalty", {"entrant": "1", "points": "-5"}, 422),
        ("tournament_hide", {"from_session": "x" * 30}, 302),
        ("tournament_table_action", {"late_minutes": "9" * 30, "extra_minutes": "1"}, 302),
        ("tournament_register", {"players": ["x"]}, 422),
    ],
)
def test_bad_forms_are_refused_with_a_reason_never_a_500(alice_client, db, name, data, status):
    tournament = make_tournament(players=8)
    args = {
        "session_seat": [tournament.pk, 1],
        "session_substitute": [tournament.pk, 1],
        "tournament_table_action": [tournament.pk, 1, 1, "time"],
    }.get(name, [tournament.pk])
    if name in ("session_substitute", "tournament_table_action"):
        _seat_and_start(tournament, 1, method="random", seed=1)
    if isinstance(data.get("tables"), bytes):
        data = {**data, "tables": SimpleUploadedFile("t.csv", data["tables"])}
    before = list(TableSeat.objects.values_list("pk", "player_id"))
    response = alice_client.post(reverse(name, args=args), data)
    assert response.status_code == status
    assert list(TableSeat.objects.values_list("pk", "player_id")) == before


def test_a_game_ended_by_time_keeps_its_end_through_a_backup_an_import_and_a_reopening(db):
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    hand = Hand(Draw(tenpai=(0,)), riichi=(0,))
    record_hand(game=game, hand=hand, expected_sequence=0)
    game = finish_game(game=game, expected_sequence=1, by_time=True)
    seats = list(game.seats.values_list("number", "final_points", "place", "result"))
    # As in the engine's test of the time end: the stick left goes to 1st (tenhou).
    assert [s[1] for s in seats] == [28000, 24000, 24000, 24000]
    text = "".join(backup_lines())
    Game.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    restored = Game.objects.get()
    assert restored.stopped_by_time and restored.status == Game.Status.FINISHED
    assert list(restored.seats.values_list("number", "final_points", "place", "result")) == seats
    assert "".join(backup_lines()) == text
    assert list(game_mismatches(restored)) == []
    imported = import_record(doc=export_record(restored))
    assert imported.stopped_by_time and imported.status == Game.Status.FINISHED
    reopened = reopen_game(game=imported, expected_sequence=1)
    assert not reopened.stopped_by_time and reopened.status == Game.Status.IN_PLAY
    assert "end" not in export_record(reopened)


def test_a_merged_players_registration_and_seats_move_to_the_player_kept(db):
    tournament = make_tournament(players=8)
    session = services.seat_session(session=_session(tournament, 1), method="random", seed=1)
    twice = tournament.entrants.get(player__name="Player 001")
    kept = Player.objects.create(name="Player One")
    merge_players(keep=kept, merge=twice.player)
    twice.refresh_from_db()
    assert twice.player == kept
    assert TableSeat.objects.get(session=session, entrant=twice).player == kept


def test_a_merge_of_two_registered_players_is_refused_naming_the_tournament(db):
    tournament = make_tournament(players=8)
    one, two = (e.player for e in tournament.entrants.order_by("player__name")[:2])
    with pytest.raises(PlayerRefused, match="both registered in the tournament Autumn Cup"):
        merge_players(keep=one, merge=two)
    assert Player.objects.filter(pk=two.pk).exists()
    assert tournament.entrants.count() == 8


def test_the_organiser_changes_the_sessions_but_not_below_one_that_started(alice_client, db):
    tournament = make_tournament(sessions=3)
    _seat_and_start(tournament, 1, method="random", seed=1)
    _seat_and_start(tournament, 2, method="random", seed=2)
    url = reverse("tournament_edit", args=[tournament.pk])
    form = {
        "name": "Autumn Cup",
        "start_date": "2026-11-28",
        "sessions": "5",
        "session_minutes": "75",
        "end_policy": "one_more",
        "public": "on",
    }
    assert alice_client.get(url).status_code == 200
    assert alice_client.post(url, form).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.sessions, tournament.session_minutes) == (5, 75)
    assert list(tournament.session_rows.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    response = alice_client.post(url, {**form, "sessions": "1"})
    assert response.status_code == 422
    assert "Session 2 has started" in response.content.decode()
    assert tournament.session_rows.count() == 5


def test_the_results_page_kept_in_the_cache_shows_every_change(client, db):
    tournament = make_tournament(sessions=2)
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    url = reverse("tournament_results", args=[tournament.pk])
    htmx = {"HX-Request": "true", "HX-Target": "results"}

    def shown() -> str:
        return client.get(url, headers=htmx).content.decode()

    before = shown()
    assert before.count("<tr>") == 17
    table = session.tables.get(number=1)
    results = play(table, hanchan_records()[0])
    assert f"+{max(results)}" not in before
    first = TableSeat.objects.get(table=table, number=int(results.index(max(results))))
    assert f"+{max(results)}" in shown()
    services.give_penalty(entrant=first.entrant, points=Decimal("100.0"), reason="", session=1)
    assert f"+{max(results)}" not in shown()
    first.player.name = "Renamed Winner"
    first.player.save()
    assert "Renamed Winner" in shown()


def _clock(client, table) -> str:
    return client.get(reverse("game_clock", args=[table.game_id])).content.decode()


@pytest.mark.parametrize(("policy", "allowed"), [("this_hand", 1), ("one_more", 2)])
def test_time_up_ends_the_game_after_the_hands_its_end_policy_allows(
    bob_client, db, policy, allowed
):
    # A real game of eight hands or more: its first four end nothing by the rules.
    hands = next(
        [parse_hand(data, "hand") for data in game["hands"]]
        for game in (json.loads(path.read_text()) for path in hanchan_records())
        if len(game["hands"]) >= 8
    )
    start = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)
    tournament = make_tournament(session_minutes=60, end_policy=policy)
    with time_machine.travel(start, tick=False) as clock:
        session = _seat_and_start(tournament, 1, method="random", seed=5)
        table, later = session.tables.get(number=1), session.tables.get(number=2)
        services.set_table_time(table=later, late_minutes=0, extra_minutes=10)
        clock.move_to(start + timedelta(minutes=30))
        for sequence in range(2):
            record_hand(game=table.game, hand=hands[sequence], expected_sequence=sequence)
        before = _clock(bob_client, table)
        assert "Time is up" not in before
        # The clock's part asks again the second time is up (30 minutes on), and every 15 s.
        assert 'hx-trigger="load delay:1801s, every 15s, hand-recorded from:body' in before
        # Time is up at 60 minutes: the hand being played is the next recorded.
        clock.move_to(start + timedelta(minutes=61))
        if allowed == 2:
            assert "Time is up: one more hand after this one" in _clock(bob_client, table)
            record_hand(game=table.game, hand=hands[2], expected_sequence=2)
            table.game.refresh_from_db()
            assert table.game.status == Game.Status.IN_PLAY
        assert "Time is up: this is the last hand" in _clock(bob_client, table)
        change = record_hand(
            game=table.game, hand=hands[1 + allowed], expected_sequence=1 + allowed
        )
        # The table with ten minutes' extra time plays on.
        _hands(later, 2)
        assert "Time is up" not in _clock(bob_client, later)
    game = Game.objects.get(pk=table.game_id)
    assert change.game.status == game.status == Game.Status.FINISHED
    assert game.hand_count == 2 + allowed and game.stopped_by_time
    # The finished game's clock says no more of a last hand nor offers to end it, and
    # stops asking.
    finished = _clock(bob_client, table)
    assert "last hand" not in finished and "End by time" not in finished
    assert "every 15s" not in finished
    assert Game.objects.get(pk=later.game_id).status == Game.Status.IN_PLAY
    record = score_document(export_record(game))
    assert (record["end"], record["end_reason"]) == ("time", "time")
    rows = {row.player_id: row for row in tournament_table(tournament)}
    for final in record["final"]:
        seat = game.seats.get(number=final["seat"])
        assert rows[seat.player_id].total == Decimal(str(final["result"]))
    # The sticks and points as the rules end a game: they sum to nothing.
    assert sum(Decimal(str(final["result"])) for final in record["final"]) == 0


def test_a_tables_keyed_link_lets_a_phone_without_an_account_record_that_game_alone(
    client, alice_client, bob_client, db, settings
):
    settings.SCOREKEEPER_PUBLIC_READ = False
    tournament = make_tournament()
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    one, two = session.tables.get(number=1), session.tables.get(number=2)
    hand = {"sequence": "0", "outcome": "draw", "tenpai": ["0"]}
    record_one = reverse("hand_create", args=[one.game_id])
    assert client.post(record_one, hand).status_code == 403
    # The organiser's table list carries the keys; a member's does not.
    assert one.keyed_url() in alice_client.get(session.get_absolute_url()).content.decode()
    assert "/key/" not in bob_client.get(session.get_absolute_url()).content.decode()
    # A wrong key gives nothing.
    client.get(one.get_absolute_url() + "key/wrong/")
    assert client.post(record_one, hand).status_code == 403
    response = client.get(one.keyed_url())
    assert response["Location"] == reverse("game_table", args=[one.game_id])
    assert client.get(response["Location"]).status_code == 200
    assert client.post(record_one, hand).status_code == 302
    recorded = Game.objects.get(pk=one.game_id).hands.get()
    assert recorded.recorded_by is None
    # The other table's game stays closed to this phone.
    assert client.post(reverse("hand_create", args=[two.game_id]), hand).status_code == 403
    assert client.get(reverse("game_table", args=[two.game_id])).status_code == 302
    assert Game.objects.get(pk=two.game_id).hand_count == 0
    # A seating made again makes new tables: the old key opens nothing.
    second = services.seat_session(session=_session(tournament, 2), method="random", seed=1)
    old = second.tables.get(number=1).keyed_url()
    second = services.seat_session(session=second, method="random", seed=2)
    services.start_session(session=second)
    client.get(old)
    game = second.tables.get(number=1).game_id
    assert client.post(reverse("hand_create", args=[game]), hand).status_code == 403


def test_the_organiser_takes_a_penalty_back_and_the_results_say_so(
    client, alice_client, bob_client, db
):
    tournament = make_tournament()
    entrant = tournament.entrants.first()
    penalty = services.give_penalty(
        entrant=entrant, points=Decimal("20.0"), reason="late", session=None
    )
    url = reverse("tournament_results", args=[tournament.pk])
    assert "Player 001: 20.0 off (late)" in client.get(url).content.decode()
    row = next(r for r in tournament_table(tournament) if r.entrant_id == entrant.pk)
    assert row.total == Decimal("-20.0")
    back = reverse("tournament_penalty_back", args=[tournament.pk, penalty.pk])
    assert bob_client.post(back).status_code == 403
    assert alice_client.post(back).status_code == 302
    row = next(r for r in tournament_table(tournament) if r.entrant_id == entrant.pk)
    assert (row.total, row.penalties) == (0, 0)
    page = client.get(url).content.decode()
    assert "<del>Player 001: 20.0 off (late)</del>" in page and "taken back" in page
    penalty.refresh_from_db()
    assert penalty.taken_back_at is not None and penalty.taken_back_by is not None
    with pytest.raises(ServiceError):
        services.take_back_penalty(penalty=penalty)
    # The organiser's take-back list no longer offers it.
    assert back not in alice_client.get(url).content.decode()


def _rows_of(tournament_id: int) -> dict[str, list]:
    tournament = Tournament.objects.get(pk=tournament_id)
    return {
        "table": [
            (r.entrant_id, r.total, r.penalties, r.games, r.place)
            for r in tournament_table(tournament)
        ],
        "seats": list(
            TableSeat.objects.order_by("pk").values_list(
                "pk", "table__number", "table__game_id", "number", "entrant_id", "player_id"
            )
        ),
        "sessions": list(
            tournament.session_rows.values_list("number", "method", "seed", "started_at")
        ),
        "penalties": list(
            tournament.penalties.values_list("entrant_id", "points", "reason", "taken_back_at")
        ),
    }


def test_a_backup_brings_back_tournaments_registrations_seatings_and_penalties(db):
    tournament = make_tournament(sessions=2, session_minutes=75, end_policy="one_more")
    session = _seat_and_start(tournament, 1, method="random", seed=5)
    play(session.tables.get(number=1), hanchan_records()[1])
    services.set_table_time(table=session.tables.get(number=2), late_minutes=4, extra_minutes=2)
    services.seat_session(session=_session(tournament, 2), method="swiss")
    entrants = list(tournament.entrants.order_by("pk"))
    services.give_penalty(entrant=entrants[0], points=Decimal("10.0"), reason="late", session=1)
    back = services.give_penalty(
        entrant=entrants[1], points=Decimal("5.0"), reason="", session=None
    )
    services.take_back_penalty(penalty=back)
    before = _rows_of(tournament.pk)
    text = "".join(backup_lines())
    assert text.count('"type":"tournament"') == 1 and '"tournaments":1' in text
    Tournament.objects.all().delete()
    Game.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    assert _rows_of(tournament.pk) == before
    restored = Tournament.objects.get(pk=tournament.pk)
    assert (restored.session_minutes, restored.end_policy) == (75, "one_more")
    assert restored.session_rows.get(number=2).tables.get(number=1).game is None
    table = restored.session_rows.get(number=1).tables.get(number=2)
    assert (table.late_minutes, table.extra_minutes) == (4, 2)
    assert "".join(backup_lines()) == text
    # A new tournament after the restore takes a new id.
    assert make_tournament(players=0).pk > tournament.pk


def test_a_restore_refuses_a_tournament_naming_an_unknown_player(db):
    tournament = make_tournament(players=4)
    text = "".join(backup_lines())
    player = tournament.entrants.first().player_id
    text = text.replace(
        f'"entrants":[[{tournament.entrants.first().pk},{player},',
        f'"entrants":[[{tournament.entrants.first().pk},999999,',
    )
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO(text))
    assert "entrants[0][1]" in str(refused.value) and "999999" in str(refused.value)
    assert not Tournament.objects.exists() and not Player.objects.exists()


def _first_entrant(line: dict) -> str:
    return str(line["entrants"][0][0])


def _state(line: dict, **state) -> None:
    usual = {"status": "in", "substitute": False, "key_version": 0, "checked_in_at": None}
    line["entrant_states"] = {_first_entrant(line): {**usual, **state}}


def _table(line: dict) -> dict:
    return line["rounds"][0]["tables"][0]


#: A tournament's line changed in one field: the field the restore names, and its words.
HOSTILE_TOURNAMENT_LINES = {
    "id": (lambda t: t.update(id=0), "id", "from 1 to"),
    "name": (lambda t: t.update(name=7), "name", "expected a name"),
    "rules": (lambda t: t.update(rules=[]), "rules", "expected an object"),
    "start_date": (lambda t: t.update(start_date=None), "start_date", "expected a date"),
    "public": (lambda t: t.update(public="yes"), "public", "true or false"),
    "end_policy": (lambda t: t.update(end_policy="never"), "end_policy", "expected one of"),
    "unknown": (lambda t: t.update(colour="red"), "colour", "unknown field"),
    "places": (
        lambda t: t.update(registration={"places": 0}),
        "registration.places",
        "from 1 to",
    ),
    "state": (
        lambda t: _state(t, status="gone"),
        lambda t: f"entrant_states.{_first_entrant(t)}.status",
        "expected one of",
    ),
    "key_version": (
        lambda t: _state(t, key_version=-1),
        lambda t: f"entrant_states.{_first_entrant(t)}.key_version",
        "whole number",
    ),
    "withdrawn": (
        lambda t: t["entrants"][0].extend(["", None]),
        "entrants[0][4]",
        "expected a date and time",
    ),
    "ema": (lambda t: t["entrants"][0].append("123"), "entrants[0][3]", "8 digits"),
    "method": (
        lambda t: t["rounds"][0].update(method="dice"),
        "rounds[0].method",
        "expected one of",
    ),
    "late": (
        lambda t: _table(t).update(late_minutes=-1),
        "rounds[0].tables[0].late_minutes",
        "whole number",
    ),
    "game": (
        lambda t: _table(t).update(game=999999),
        "rounds[0].tables[0].game",
        "no game with id 999999",
    ),
    "seat": (
        lambda t: _table(t)["seats"][0].__setitem__(1, 4),
        "rounds[0].tables[0].seats[0][1]",
        "whole number",
    ),
    "points": (
        lambda t: t["penalties"][0].update(points="-5"),
        "penalties[0].points",
        "number of points",
    ),
    "penalty field": (
        lambda t: t["penalties"][0].update(colour=1),
        "penalties[0].colour",
        "unknown field",
    ),
}


@pytest.mark.parametrize("what", HOSTILE_TOURNAMENT_LINES)
def test_a_restore_refuses_a_tournament_line_naming_the_field_that_is_wrong(db, what):
    """Each field of a tournament's line is read by its own reader: one wrong value refuses
    the whole backup, naming its field, and stores nothing."""
    change, field, words = HOSTILE_TOURNAMENT_LINES[what]
    # Registered without EMA numbers: each entrant's list holds its id, player and moment.
    tournament = make_tournament(players=4, sessions=2)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=3
    )
    table = services.start_session(session=session).tables.get()
    services.give_penalty(
        entrant=table.seats.first().entrant, points=Decimal("5.0"), reason="late", session=None
    )
    lines = "".join(backup_lines()).splitlines()
    (number,) = [i for i, line in enumerate(lines) if '"type":"tournament"' in line]
    line = json.loads(lines[number])
    change(line)
    lines[number] = json.dumps(line)
    Tournament.objects.all().delete()
    Game.objects.all().delete()
    Player.objects.all().delete()

    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO("\n".join(lines) + "\n"))

    where = field(line) if callable(field) else field
    assert (refused.value.line, refused.value.where) == (number + 1, where)
    assert words in refused.value.message
    assert not Tournament.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("ruleset", ["preset:tenhou_sanma", "preset:mahjongsoul_sanma"])
def test_a_three_player_preset_makes_a_three_player_tournament(alice_client, db, ruleset):
    form = {
        "name": "Sanma Cup",
        "start_date": "2026-11-28",
        "ruleset": ruleset,
        "sessions": "2",
        "session_minutes": "60",
        "end_policy": "this_hand",
    }
    assert alice_client.post(reverse("tournament_new"), form).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.table_size() == 3 and tournament.ruleset().players == 3
