"""The EMA's pages, timed: a finished tournament of 84 players (21 tables) in 4 sessions,
every table's game one hand then ended by time, 40 of the players with results entered by
hand (3 each); the check page, the workbook, the CSV, the ranking, its JSON and a player's
counted results: each page's median time and queries, on SQLite, and on PostgreSQL when
``DATABASE_URL`` is set.

Run with ``make bench`` (``--benchmark-enable``): the numbers are printed, never asserted.
In the plain test run the same steps run small (4 players, 1 session), and each page's
queries are held to a bound that does not depend on the size of the tournament.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.ema.models import OutsideResult, TournamentFacts
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.services import (
    create_tournament,
    end_by_time,
    register_players,
    seat_session,
    start_session,
)
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS

ROUNDS = 11
#: The most queries a page may read, whatever the size of the tournament.
MAX_QUERIES = 30


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


@pytest.fixture(scope="module")
def club(request, django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    players, sessions = (84, 4) if measuring(request.config) else (4, 1)
    with django_db_blocker.unblock():
        started = time.perf_counter()
        organiser = get_user_model().objects.create_user("bench-ema", is_staff=True)
        made = create_tournament(
            rules=PRESETS["ema"],
            ruleset_name="ema",
            name="Bench Open",
            start_date=date(2026, 11, 28),
            end_date=date(2026, 11, 29),
            sessions=sessions,
        )
        people = [
            Player.objects.create(name=f"Bench {n:03}", given_name="Bench", country="NLD")
            for n in range(players)
        ]
        register_players(tournament=made, players=people)
        TournamentFacts.objects.create(tournament=made, country="NLD", city="Utrecht")
        for number in range(1, sessions + 1):
            session = seat_session(
                session=made.session_rows.get(number=number), method="random", seed=number
            )
            start_session(session=session)
            for table in session.tables.select_related("game", "session__tournament"):
                assert table.game is not None
                record_hand(game=table.game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0)
                end_by_time(table=table, early=True)
        OutsideResult.objects.bulk_create(
            OutsideResult(
                player=player,
                tournament=f"Elsewhere {k}",
                last_day=date(2026, 3 + k, 1),
                players=40,
                place=1 + (n * 7 + k) % 40,
                weight=Decimal("2.0"),
            )
            for n, player in enumerate(people[: min(40, players)])
            for k in range(3)
        )
        seconds = time.perf_counter() - started
        yield {
            "tournament": made,
            "players": players,
            "sessions": sessions,
            "seconds": seconds,
            "organiser": organiser,
            "someone": people[0],
        }
        OutsideResult.objects.all().delete()
        Tournament.objects.all().delete()
        Game.objects.all().delete()
        Player.objects.all().delete()
        organiser.delete()


def measure(client: Client, url: str, rounds: int) -> tuple[float, int]:
    """The median milliseconds of ``rounds`` requests (after a first), and the queries."""
    times, queries = [], 0
    for _ in range(rounds + 1):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - started)
        assert response.status_code == 200, url
        queries = len(captured)
    return statistics.median(times[1:]) * 1e3, queries


def test_bench_ema_pages(club, db, request, capsys):
    client = Client()
    client.force_login(club["organiser"])
    t = club["tournament"].pk
    day = "?day=2026-12-01"
    urls = {
        "check page": reverse("tournament_ema", args=[t]),
        "workbook (xlsx)": reverse("tournament_ema_xlsx", args=[t]),
        "CSV": reverse("tournament_ema_csv", args=[t]),
        "ranking": reverse("ranking") + day,
        "ranking JSON": reverse("ranking_json") + day,
        "a player's results": reverse("ranking_player", args=[club["someone"].pk]) + day,
    }
    rounds = ROUNDS if measuring(request.config) else 1
    results = {name: measure(client, url, rounds) for name, url in urls.items()}
    if measuring(request.config):
        with capsys.disabled():
            print(
                f"\n[{connection.vendor}] the EMA's pages of a tournament of {club['players']} "
                f"players, {club['sessions']} sessions (made and played in "
                f"{club['seconds']:.1f} s), median of {rounds}:"
            )
            for name, (ms, queries) in results.items():
                print(f"  {name:<20} {ms:7.1f} ms  {queries:3} queries")
    heavy = {name: queries for name, (_, queries) in results.items() if queries > MAX_QUERIES}
    assert not heavy
