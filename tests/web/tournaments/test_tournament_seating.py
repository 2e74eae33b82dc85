"""A tournament's sessions planned at once, through its services and pages: sixteen players in
five sessions never meet twice (the affine plane of order 4), East shared evenly; the plan
made again with the sessions played kept when a player drops out, joins or a table is taken
away; the organiser sees what a seating gives before starting it."""

from __future__ import annotations

import io
import itertools
from collections import Counter

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.errors import ServiceError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Session, TableSeat, Tournament
from scoring.seating.plans import Way
from tests.web.tournament_data import make_tournament


def _seatings(tournament: Tournament) -> dict[int, list[tuple[int, ...]]]:
    """Each seated session's tables, by entrant ids in seat order."""
    seats = TableSeat.objects.filter(session__tournament=tournament).order_by(
        "session__number", "table__number", "number"
    )
    ordered: dict[int, dict[int, list[int]]] = {}
    for seat in seats.values_list("session__number", "table__number", "entrant_id"):
        ordered.setdefault(seat[0], {}).setdefault(seat[1], []).append(seat[2])
    return {n: [tuple(t) for _, t in sorted(ts.items())] for n, ts in sorted(ordered.items())}


def _meetings(seatings) -> Counter:
    return Counter(
        pair
        for tables in seatings
        for table in tables
        for pair in itertools.combinations(sorted(table), 2)
    )


def test_sixteen_players_planned_in_five_sessions_never_meet_twice_and_share_east(db):
    tournament = make_tournament(players=16, sessions=5)
    planned = services.plan_tournament(tournament=tournament, seed=11)
    assert planned.numbers == (1, 2, 3, 4, 5) and planned.plan is not None
    assert planned.plan.way == Way.DESIGN and planned.plan.repeats == 0
    seatings = _seatings(tournament)
    entrants = set(tournament.entrants.values_list("pk", flat=True))
    for tables in seatings.values():
        assert sorted(p for t in tables for p in t) == sorted(entrants)
    # 16 players meet 3 others a session: 5 sessions meet all 15, each exactly once.
    assert set(_meetings(seatings.values()).values()) == {1}
    assert len(_meetings(seatings.values())) == 16 * 15 // 2
    east = Counter(tables[t][0] for tables in seatings.values() for t in range(4))
    assert sorted(Counter(east[p] for p in entrants).items()) == [(1, 12), (2, 4)]
    assert set(tournament.session_rows.values_list("method", "seed")) == {("planned", 11)}
    # The same seed plans the same again.
    services.plan_tournament(tournament=tournament, seed=11)
    assert _seatings(tournament) == seatings


def test_a_table_taken_away_plans_the_sessions_to_come_again_keeping_the_one_played(db):
    tournament = make_tournament(players=16, sessions=4)
    services.plan_tournament(tournament=tournament, seed=3)
    services.start_session(session=tournament.session_rows.get(number=1))
    played = _seatings(tournament)[1]
    table = tournament.session_rows.get(number=2).tables.get(number=1)
    leaving = set(table.seats.values_list("entrant_id", flat=True))
    again = services.withdraw_table(table=table)
    assert again is not None and again.numbers == (2, 3, 4) and again.plan is not None
    seatings = _seatings(tournament)
    assert seatings[1] == played
    staying = set(tournament.entrants.values_list("pk", flat=True)) - leaving
    for number in (2, 3, 4):
        assert sorted(p for t in seatings[number] for p in t) == sorted(staying)
    assert again.plan.repeats == sum(c - 1 for c in _meetings(seatings.values()).values())
    # They still count in the results of the session they played.
    assert tournament.entrants.filter(withdrawn_at__isnull=False).count() == 4


def test_a_player_dropping_out_leaves_fifteen_that_fill_no_tables_and_the_plan_is_taken_away(
    db,
):
    tournament = make_tournament(players=16, sessions=3)
    services.plan_tournament(tournament=tournament, seed=3)
    entrant = tournament.entrants.order_by("pk").first()
    again = services.withdraw_entrants(entrants=[entrant])
    assert again is not None and again.plan is None and again.count == 15
    assert not TableSeat.objects.filter(session__tournament=tournament).exists()
    assert set(tournament.session_rows.values_list("method", "seated_at")) == {("", None)}
    with pytest.raises(ServiceError, match="15 players do not fill tables of 4"):
        services.plan_tournament(tournament=tournament, seed=4)
    assert not TableSeat.objects.exists()
    # Back in: there is no plan to make again until the organiser plans.
    assert services.withdraw_entrants(entrants=[entrant], back=True) is None
    planned = services.plan_tournament(tournament=tournament, seed=4)
    assert planned.count == 16 and planned.plan is not None and planned.plan.repeats == 0


def test_registering_players_plans_the_sessions_to_come_again(db):
    tournament = make_tournament(players=16, sessions=3)
    services.plan_tournament(tournament=tournament, seed=5)
    services.register_players(
        tournament=tournament,
        players=[Player.objects.create(name=f"New {n}") for n in range(4)],
    )
    seatings = _seatings(tournament)
    assert all(len(tables) == 5 for tables in seatings.values())
    # 20 players: GF(5) gives 5 rounds without a repeat.
    assert set(_meetings(seatings.values()).values()) == {1}


def test_a_player_who_has_played_cannot_be_removed_only_dropped(db):
    tournament = make_tournament(players=16, sessions=2)
    services.plan_tournament(tournament=tournament, seed=5)
    services.start_session(session=tournament.session_rows.get(number=1))
    entrant = tournament.entrants.first()
    before = _seatings(tournament)
    with pytest.raises(ServiceError, match="has played in a session"):
        services.remove_entrant(entrant=entrant)
    assert _seatings(tournament) == before and tournament.entrants.count() == 16


def test_a_session_seated_by_hand_is_not_planned_over_when_a_player_drops_out(db):
    tournament = make_tournament(players=16, sessions=2)
    services.seat_session(session=tournament.session_rows.get(number=1), method="random", seed=2)
    entrant = tournament.entrants.first()
    with pytest.raises(ServiceError, match="seated in session 1"):
        services.withdraw_entrants(entrants=[entrant])
    assert tournament.entrants.filter(withdrawn_at__isnull=False).count() == 0


def test_a_seating_made_for_one_session_leaves_out_who_dropped_out(db):
    tournament = make_tournament(players=20, sessions=2)
    gone = list(tournament.entrants.order_by("pk")[:4])
    services.withdraw_entrants(entrants=gone)
    for method in ("random", "swiss", "rating"):
        session = services.seat_session(
            session=tournament.session_rows.get(number=1), method=method, seed=1
        )
        seated = set(TableSeat.objects.filter(session=session).values_list("entrant", flat=True))
        assert len(seated) == 16 and not seated & {e.pk for e in gone}


def test_the_organiser_plans_from_the_tournament_page_and_reads_what_a_seating_gives(
    alice_client, db
):
    tournament = make_tournament(players=16, sessions=3)
    url = reverse("tournament_plan", args=[tournament.pk])
    response = alice_client.post(url, {"seed": "7", "vary_tables": "on"}, follow=True)
    assert "Sessions 1, 2, 3 planned from a design: no two players meet twice." in (
        response.content.decode()
    )
    tournament.refresh_from_db()
    assert tournament.vary_tables
    page = alice_client.get(reverse("tournament_session", args=[tournament.pk, 3]))
    text = page.content.decode()
    assert "What this seating gives" in text
    assert "No two players at a table have met before." in text
    # 12 Easts over 16 players in three sessions: each 0 or 1 times.
    assert "East over 3 sessions: each player 0 to 1 times." in text
    assert "Take this table away from the sessions to come" in text
    # A seed that is not a number is refused by its field, nothing planned again.
    before = _seatings(tournament)
    refused = alice_client.post(url, {"seed": "seven"})
    assert refused.status_code == 422 and "Enter a whole number." in refused.content.decode()
    assert _seatings(tournament) == before


def test_the_session_page_names_the_meetings_a_seating_repeats(alice_client, bob_client, db):
    tournament = make_tournament(players=8, sessions=2)
    first = services.seat_session(
        session=tournament.session_rows.get(number=1), method="rating", step=1
    )
    services.start_session(session=first)
    second = tournament.session_rows.get(number=2)
    services.seat_session(session=second, method="random", seed=1)
    # Eight players at two tables: each table of the second session holds two pairs that
    # met in the first (a table takes at least two of each first table).
    text = alice_client.get(second.get_absolute_url()).content.decode()
    assert "4 meetings repeat an earlier one:" in text
    assert text.count("(met in session 1)") == 4
    assert "Each player’s repeats and winds so far" in text
    # Members read the tables, not the organiser's report.
    assert (
        "What this seating gives" not in bob_client.get(second.get_absolute_url()).content.decode()
    )


def test_the_organiser_drops_a_player_out_and_back_in_from_the_tournament_page(alice_client, db):
    tournament = make_tournament(players=16, sessions=2)
    entrant = tournament.entrants.first()
    url = reverse("entrant_withdraw", args=[tournament.pk, entrant.pk])
    alice_client.post(url)
    entrant.refresh_from_db()
    assert entrant.withdrawn_at is not None
    assert "dropped out" in alice_client.get(tournament.get_absolute_url()).content.decode()
    alice_client.post(url)
    entrant.refresh_from_db()
    assert entrant.withdrawn_at is None


def test_a_backup_keeps_who_dropped_out_and_the_varied_table_numbers(db):
    tournament = make_tournament(players=16, sessions=2)
    services.plan_tournament(tournament=tournament, seed=9, vary_tables=True)
    services.start_session(session=tournament.session_rows.get(number=1))
    table = tournament.session_rows.get(number=2).tables.get(number=1)
    services.withdraw_table(table=table)
    withdrawn = set(
        tournament.entrants.filter(withdrawn_at__isnull=False).values_list("pk", "withdrawn_at")
    )
    seatings = _seatings(tournament)
    text = "".join(backup_lines())
    Tournament.objects.all().delete()
    Game.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    restored = Tournament.objects.get(pk=tournament.pk)
    assert restored.vary_tables
    assert (
        set(restored.entrants.filter(withdrawn_at__isnull=False).values_list("pk", "withdrawn_at"))
        == withdrawn
    )
    assert _seatings(restored) == seatings
    assert restored.session_rows.get(number=2).method == Session.Method.PLANNED
    assert "".join(backup_lines()) == text


def test_a_session_seated_by_hand_since_the_plan_is_kept_and_counted_when_it_is_made_again(db):
    tournament = make_tournament(players=16, sessions=3)
    services.plan_tournament(tournament=tournament, seed=5)
    services.seat_session(session=tournament.session_rows.get(number=1), method="random", seed=8)
    by_hand = _seatings(tournament)[1]
    services.register_players(
        tournament=tournament,
        players=[Player.objects.create(name=f"New {n}") for n in range(4)],
    )
    seatings = _seatings(tournament)
    assert seatings[1] == by_hand
    assert [len(seatings[n]) for n in (2, 3)] == [5, 5]
    assert list(tournament.session_rows.values_list("method", flat=True)) == [
        "random",
        "planned",
        "planned",
    ]
    # 20 players meet 3 others a session: three sessions need no repeat, the one by hand
    # counted.
    assert set(_meetings(seatings.values()).values()) == {1}
