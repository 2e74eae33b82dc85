"""The pages that look back, on a club of 10,000 games (about 100,000 hands): the median
time of each page and its number of queries, on SQLite, and on PostgreSQL when
``DATABASE_URL`` is set.

Run with ``make bench`` (``--benchmark-enable``): the numbers are printed, never asserted.
In the plain test run the same pages are read on 40 games, so the bench itself keeps
working.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.club.models import Game, Player, SavedRuleset, Season
from scorekeeper.operations.demo import seed_demo

TODAY = date(2025, 6, 1)
#: Requests per page; the median of them is reported.
ROUNDS = 21


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


@pytest.fixture(scope="module")
def club(request, django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    """The seeded club, made once for the module and removed after it."""
    games = 10_000 if measuring(request.config) else 40
    with django_db_blocker.unblock():
        started = time.perf_counter()
        hands = seed_demo(games=games, seed=1, today=TODAY)
        seconds = time.perf_counter() - started
        # PostgreSQL in use has statistics of its tables (autovacuum keeps them); one just
        # filled in bulk has none yet, and plans as if the tables were empty. (SQLite keeps
        # none unless asked, so it is measured without.)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        yield {"games": games, "hands": hands, "seed_seconds": seconds}
        Season.objects.all().delete()
        Game.objects.all().delete()
        SavedRuleset.objects.all().delete()
        Player.objects.all().delete()


def pages() -> dict[str, str]:
    """The pages measured, by name: the busiest player and the latest finished game."""
    busiest = Player.objects.annotate(games=Count("seats")).order_by("-games").first()
    season = Season.objects.get(name="Spring 2024")
    game = Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at").first()
    assert busiest and game
    return {
        "history, page 1": "/history/",
        "history, filtered": f"/history/?player={busiest.pk}&ruleset=Club+rules&page=3",
        "season (Spring 2024)": f"/seasons/{season.pk}/",
        "all-time standings": "/standings/?sort=-place&min_games=10",
        "player": f"/players/{busiest.pk}/",
        "finished game": f"/games/{game.pk}/",
    }


def measure(client: Client, url: str, rounds: int) -> tuple[float, int]:
    """Median milliseconds over ``rounds`` requests (after one to warm up), and queries."""
    assert client.get(url).status_code == 200
    times = []
    for _ in range(rounds):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - started)
        assert response.status_code == 200
    return statistics.median(times) * 1e3, len(queries)


def test_bench_pages(club, db, request, capsys):
    client = Client()
    rounds = ROUNDS if measuring(request.config) else 2
    results = {name: measure(client, url, rounds) for name, url in pages().items()}
    if measuring(request.config):
        with capsys.disabled():
            print(
                f"\n[{connection.vendor}] pages on {club['games']:,} games "
                f"({club['hands']:,} hands), median of {rounds}:"
            )
            for name, (ms, queries) in results.items():
                print(f"  {name:<22} {ms:6.1f} ms  {queries} queries")
    assert all(queries <= 10 for _, queries in results.values())
