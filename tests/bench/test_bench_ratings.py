"""The ratings on a club of 10,000 games: the time to rate every game from nothing, the time a
game finished after all the others adds (rated alone), what a correction of the first game
costs the writer (every game's ratings forgotten, in its transaction) and the work after it
(every game rated again, a chunk a transaction: the longest chunk is the longest any
request waits for the ratings' lock), and the ratings pages' times and queries. On SQLite,
and on PostgreSQL when ``DATABASE_URL`` is set.

Run with ``make bench`` (``--benchmark-enable``): the numbers are printed, never asserted. In
the plain test run the same steps run on 40 games (a change of more than 10 rated after the
writer, 10 a transaction), so the bench itself keeps working.
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
from scorekeeper.ratings import services
from scorekeeper.ratings.models import RatingChange
from scorekeeper.ratings.services import catch_up, catch_up_chunk, game_changed, rerate
from scorekeeper.table.services.games import finish_game, start_game
from scoring.rules import PRESETS

TODAY = date(2025, 6, 1)
ROUNDS = 21


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


@pytest.fixture(scope="module")
def club(request, django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    games = 10_000 if measuring(request.config) else 40
    with django_db_blocker.unblock():
        seed_demo(games=games, seed=1, today=TODAY)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        yield {"games": Game.objects.filter(status=Game.Status.FINISHED).count()}
        Season.objects.all().delete()
        Game.objects.all().delete()
        SavedRuleset.objects.all().delete()
        Player.objects.all().delete()


def _seconds(action: Any) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def _cpu(action: Any) -> float:
    """The seconds of this process's CPU ``action`` takes (the database's included on
    SQLite), whatever else the machine runs."""
    started = time.process_time()
    action()
    return time.process_time() - started


def test_bench_ratings(club, db, request, capsys, monkeypatch):
    rounds = ROUNDS if measuring(request.config) else 2
    if not measuring(request.config):
        monkeypatch.setattr(services, "INLINE_GAMES", 10)
        monkeypatch.setattr(services, "CHUNK_GAMES", 10)
    scratch = _seconds(lambda: (rerate(), catch_up()))
    rows = RatingChange.objects.count()

    # A game finished after every other, as at the table: the whole service, and the
    # ratings' part of it alone.
    players = list(Player.objects.order_by("pk")[:4])
    finishing, rating = [], []
    for _ in range(rounds):
        game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
        finishing.append(_seconds(lambda g=game: finish_game(game=g, expected_sequence=0)))
        RatingChange.objects.filter(game=game).delete()
        finished = Game.objects.get(pk=game.pk)
        rating.append(_seconds(lambda g=finished: game_changed(game=g)))
    first = Game.objects.filter(status=Game.Status.FINISHED).order_by("finished_at", "pk").first()
    assert first is not None and first.finished_at is not None
    started = time.process_time()
    writer = _seconds(lambda: rerate(since=(first.finished_at, first.pk)))
    writer_cpu = time.process_time() - started
    assert services.updating()
    chunks, chunks_cpu = [], []
    while True:
        started, cpu = time.perf_counter(), time.process_time()
        if catch_up_chunk() is None:
            break
        chunks.append(time.perf_counter() - started)
        chunks_cpu.append(time.process_time() - cpu)
    assert RatingChange.objects.count() == rows + 4 * rounds

    client = Client()
    busiest = Player.objects.annotate(games=Count("seats")).order_by("-games").first()
    season = Season.objects.order_by("pk").first()
    last = Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at").first()
    assert busiest and season and last
    urls = {
        "ratings (all time)": "/ratings/",
        "ratings (a season)": f"/ratings/?season={season.pk}&min_games=5",
        "ratings JSON": "/ratings.json",
        "ratings CSV": f"/ratings.csv?season={season.pk}",
        "a player's rating": f"/ratings/players/{busiest.pk}/",
        "a game's changes": f"/ratings/games/{last.pk}/",
    }
    pages = {}
    for name, url in urls.items():
        times = []
        for _ in range(rounds):
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                response = client.get(url)
                if response.streaming:
                    b"".join(response.streaming_content)
                times.append(time.perf_counter() - started)
            assert response.status_code == 200, url
        pages[name] = (statistics.median(times) * 1e3, len(queries))
    if measuring(request.config):
        with capsys.disabled():
            print(f"\n[{connection.vendor}] ratings on {club['games']:,} finished games:")
            print(f"  every game rated from nothing   {scratch:7.2f} s  ({rows:,} rows)")
            print(
                f"  a correction of the first game  {writer * 1e3:7.1f} ms"
                f" ({writer_cpu * 1e3:.1f} ms CPU), the writer's part"
            )
            print(
                f"    then rated after it           {sum(chunks):7.2f} s"
                f" ({sum(chunks_cpu):.2f} s CPU)"
                f" in {len(chunks)} chunks of {services.CHUNK_GAMES} games, the longest"
                f" {max(chunks) * 1e3:.0f} ms ({max(chunks_cpu) * 1e3:.0f} ms CPU)"
            )
            print(
                f"  a game finished last            {statistics.median(finishing) * 1e3:7.1f} ms"
                f" (the ratings' part: {statistics.median(rating) * 1e3:.1f} ms)"
            )
            for name, (ms, queries) in pages.items():
                print(f"  {name:<31} {ms:7.1f} ms  {queries:3} queries")
    # A player's rating reads four queries for each kind of game they played (both, here), and
    # every page one to ask whether the ratings are updating.
    assert all(queries <= 12 for _, queries in pages.values())
