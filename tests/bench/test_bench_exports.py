"""A club of 10,000 games: seeding, backup, restore, the standings query and the standings
downloads (CSV and JSON, of a season and of all time) with their queries.

Run with ``make bench`` (SQLite, or PostgreSQL when ``DATABASE_URL`` is set); the numbers are
printed, never asserted. ``BENCH_GAMES=1000`` seeds a smaller club, to see how a step grows
with the games. In the plain test run the same steps run on 40 games, so the bench itself
stays working.
"""

from __future__ import annotations

import io
import os
import statistics
import time
from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.club.models import Game, Player, SavedRuleset, Season
from scorekeeper.history.standings import rows, season_games, standings
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.demo import seed_demo
from scorekeeper.operations.restore import restore

TODAY = date(2025, 6, 1)


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


@pytest.fixture(scope="module")
def club(request, django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    """The seeded club, made once for the module and removed after it."""
    games = int(os.environ.get("BENCH_GAMES", "10000")) if measuring(request.config) else 40
    with django_db_blocker.unblock():
        started = time.perf_counter()
        hands = seed_demo(games=games, seed=1, today=TODAY)
        seconds = time.perf_counter() - started
        # PostgreSQL in use has statistics of its tables (autovacuum keeps them); one just
        # filled in bulk has none yet, and plans as if the tables were empty.
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        yield {"games": games, "hands": hands, "seed_seconds": seconds}
        Season.objects.all().delete()
        Game.objects.all().delete()
        SavedRuleset.objects.all().delete()
        Player.objects.all().delete()


def report(request, capsys, line: str) -> None:
    """Print a measured number past the output capture (only when benchmarking)."""
    if measuring(request.config):
        with capsys.disabled():
            print(f"\n[{connection.vendor}] {line}")


def timed(action: Callable[[], Any]) -> tuple[Any, float]:
    started = time.perf_counter()
    value = action()
    return value, time.perf_counter() - started


def test_bench_seeding(club, request, capsys):
    assert Game.objects.count() == club["games"]
    report(
        request,
        capsys,
        f"seed_demo: {club['games']:,} games, {club['hands']:,} hands in "
        f"{club['seed_seconds']:.1f} s",
    )


def test_bench_standings_query(club, db, request, capsys):
    season = Season.objects.get(name="Spring 2024")
    with CaptureQueriesContext(connection) as queries:
        table, seconds = timed(lambda: list(rows(standings(season_games(season), minimum_games=5))))
    assert len(queries) == 1
    all_time, all_seconds = timed(lambda: list(rows(standings(sort="average"))))
    assert all_time
    report(
        request,
        capsys,
        f"standings: season {seconds * 1e3:.0f} ms ({len(table)} players), all time "
        f"{all_seconds * 1e3:.0f} ms, {len(queries)} query",
    )


def test_bench_season_csv(club, db, client, request, capsys):
    season = Season.objects.get(name="Spring 2024")

    def download() -> bytes:
        response = client.get(f"/seasons/{season.pk}/standings.csv")
        return b"".join(response.streaming_content)

    body, seconds = timed(download)
    assert body.startswith(b"\xef\xbb\xbf")
    _, all_seconds = timed(
        lambda: b"".join(client.get("/standings.csv?sort=place").streaming_content)
    )
    report(
        request,
        capsys,
        f"season CSV: {seconds * 1e3:.0f} ms ({len(body):,} bytes); "
        f"all-time CSV {all_seconds * 1e3:.0f} ms",
    )


#: Requests per download; the median of them is reported.
ROUNDS = 5


def test_bench_standings_downloads(club, db, client, request, capsys):
    season = Season.objects.get(name="Spring 2024")
    downloads = {
        "season CSV": f"/seasons/{season.pk}/standings.csv",
        "season JSON": f"/seasons/{season.pk}/standings.json?min_games=5",
        "all-time CSV": "/standings.csv?sort=place",
        "all-time JSON": "/standings.json?sort=average",
    }
    rounds = ROUNDS if measuring(request.config) else 1
    for name, url in downloads.items():
        seconds = []
        for _ in range(rounds):
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                body = b"".join(client.get(url).streaming_content)
                seconds.append(time.perf_counter() - started)
            assert body
        report(
            request,
            capsys,
            f"{name} ({club['games']:,} games): {statistics.median(seconds) * 1e3:.1f} ms, "
            f"{len(queries)} queries, {len(body):,} bytes",
        )


def test_bench_backup_and_restore(club, db, request, capsys):
    text, backup_seconds = timed(lambda: "".join(backup_lines()))
    Season.objects.all().delete()
    Game.objects.all().delete()
    SavedRuleset.objects.all().delete()
    Player.objects.all().delete()
    counts, restore_seconds = timed(lambda: restore(io.StringIO(text)))
    assert counts["games"] == club["games"]
    again, _ = timed(lambda: "".join(backup_lines()))
    assert again == text
    report(
        request,
        capsys,
        f"backup: {len(text) / 1e6:.1f} MB in {backup_seconds:.1f} s; restore "
        f"{counts['games']:,} games ({counts['hands']:,} hands) in {restore_seconds:.1f} s; "
        "backup again: the same bytes",
    )
