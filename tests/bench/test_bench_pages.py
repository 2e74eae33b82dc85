"""Every page a person reaches with GET, on a club of 10,000 games (about 100,000 hands) with
620 tables left in play: the median time of each page and its number of queries, on SQLite,
and on PostgreSQL when ``DATABASE_URL`` is set. The pages are read by an organiser, who sees
the most on each (the hand form at a table, the members page).

Run with ``make bench`` (``--benchmark-enable``): the numbers are printed, never asserted.
``BENCH_GAMES`` sets the size of the club measured (10,000 games unless set). In the plain
test run the same pages are read on 40 games with 25 tables in play, so the
bench itself keeps working, and each page's queries are held to a bound that does not depend
on the size of the club.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.db.models import Count
from django.http.response import HttpResponseBase
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.club.models import Game, Player, SavedRuleset, Season
from scorekeeper.operations.demo import seed_demo
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS

TODAY = date(2025, 6, 1)
#: Requests per page; the median of them is reported.
ROUNDS = 21
#: No page reads more queries than this, whatever the size of the club.
MAX_QUERIES = 12


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


@pytest.fixture(scope="module")
def club(request, django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    """The seeded club, with tables started and left in play, made once for the module and
    removed after it."""
    if measuring(request.config):
        games = int(os.environ.get("BENCH_GAMES", "10000"))
        open_tables = max(1, games * 62 // 1000)
    else:
        games, open_tables = 40, 25
    with django_db_blocker.unblock():
        started = time.perf_counter()
        hands = seed_demo(games=games, seed=1, today=TODAY)
        players = list(Player.objects.order_by("pk"))
        for number in range(open_tables):
            seated = [players[(number + offset) % len(players)] for offset in range(4)]
            start_game(
                rules=PRESETS["tenhou"],
                ruleset_name="tenhou",
                players=seated,
                table_label=f"Table {number + 5}",
            )
        seconds = time.perf_counter() - started
        organiser = get_user_model().objects.create_user("bench-organiser", is_staff=True)
        # PostgreSQL in use has statistics of its tables (autovacuum keeps them); one just
        # filled in bulk has none yet, and plans as if the tables were empty. (SQLite keeps
        # none unless asked, so it is measured without.)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        yield {
            "games": games,
            "open": open_tables,
            "hands": hands,
            "seed_seconds": seconds,
            "organiser": organiser,
        }
        cache.clear()
        organiser.delete()
        Season.objects.all().delete()
        Game.objects.all().delete()
        SavedRuleset.objects.all().delete()
        Player.objects.all().delete()


def pages() -> dict[str, str]:
    """The pages measured, by name: the busiest player, the latest finished game, a game in
    play with hands recorded, a half-year season and a saved ruleset."""
    busiest = Player.objects.annotate(games=Count("seats")).order_by("-games").first()
    season = Season.objects.get(name="Spring 2024")
    finished = Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at").first()
    playing = (
        Game.objects.filter(status=Game.Status.IN_PLAY, hand_count__gt=0).order_by("-pk").first()
    )
    ruleset = SavedRuleset.objects.get(name="Club rules")
    assert busiest and finished and playing
    return {
        "home (tables in play)": "/",
        "games, later page": "/games/?page=3",
        "new game": "/games/new/",
        "table, in play": f"/games/{playing.pk}/",
        "table, finished": f"/games/{finished.pk}/",
        "live view": f"/games/{playing.pk}/live/",
        "live board": f"/games/{playing.pk}/live/board/",
        "chart": f"/games/{finished.pk}/chart/",
        "record JSON": f"/games/{finished.pk}/record.json",
        "game standings CSV": f"/games/{finished.pk}/standings.csv",
        "game standings JSON": f"/games/{finished.pk}/standings.json",
        "history, page 1": "/history/",
        "history, filtered": f"/history/?player={busiest.pk}&ruleset=Club+rules&page=3",
        "history, page 40": "/history/?page=40",
        "seasons": "/seasons/",
        "season (Spring 2024)": f"/seasons/{season.pk}/",
        "season standings CSV": f"/seasons/{season.pk}/standings.csv",
        "season standings JSON": f"/seasons/{season.pk}/standings.json",
        "all-time standings": "/standings/?sort=-place&min_games=10",
        "standings CSV": "/standings.csv",
        "standings JSON": "/standings.json",
        "players": "/players/",
        "player": f"/players/{busiest.pk}/",
        "statistics (yaku)": "/statistics/",
        "rulesets": "/rulesets/",
        "ruleset": f"/rulesets/{ruleset.pk}/",
        "preset": "/rulesets/presets/wrc/",
        "members": "/members/",
        "calculator": "/calculator/",
        "fu calculator": "/calculator/fu/",
        "payment table": "/payment-table/?rules=wrc",
    }


def read(client: Client, url: str) -> HttpResponseBase:
    """The whole answer, a download read to its end (its queries run as it streams)."""
    response = client.get(url)
    assert response.status_code == 200, url
    if response.streaming:
        b"".join(response.streaming_content)  # type: ignore[attr-defined]
    return response


def measure(client: Client, url: str, rounds: int) -> tuple[float, float, int]:
    """The first request's milliseconds (with what the cache keeps of the page not there
    yet, as after a change), the median over ``rounds`` more, and their queries."""
    started = time.perf_counter()
    read(client, url)
    first = time.perf_counter() - started
    times = []
    for _ in range(rounds):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            read(client, url)
            times.append(time.perf_counter() - started)
    return first * 1e3, statistics.median(times) * 1e3, len(queries)


def test_bench_pages(club, db, request, capsys):
    client = Client()
    client.force_login(club["organiser"])
    rounds = ROUNDS if measuring(request.config) else 2
    results = {name: measure(client, url, rounds) for name, url in pages().items()}
    if measuring(request.config):
        with capsys.disabled():
            print(
                f"\n[{connection.vendor}] pages on {club['games']:,} games "
                f"({club['hands']:,} hands, {club['open']} tables in play), "
                f"median of {rounds} (and the first request):"
            )
            for name, (first, ms, queries) in results.items():
                print(f"  {name:<24} {ms:7.1f} ms  {queries:3} queries  (first {first:7.1f} ms)")
    heavy = {name: queries for name, (_, _, queries) in results.items() if queries > MAX_QUERIES}
    assert not heavy


def finish_a_game(player: Player) -> None:
    """A game with ``player`` at East played one hand (a win with its yaku) and finished,
    as a table does: every statistic over the finished games changes."""
    others = list(Player.objects.exclude(pk=player.pk).order_by("pk")[:3])
    game = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=[player, *others], shuffle=False
    )
    win = Win(0, han=2, fu=30, yaku=("Riichi", "Pinfu"), dora=0, open=False)
    record_hand(game=game, hand=Hand(Ron(1, (win,)), riichi=(0,)), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)


def first_visits(client: Client, url: str, player: Player, rounds: int) -> tuple[float, float]:
    """The median milliseconds, of time and of this process's CPU (the page's own work,
    the database's included on SQLite, whatever else the machine runs), of the first
    visit to ``url`` right after a game with ``player`` finished, over ``rounds`` games."""
    walls, cpus = [], []
    for _ in range(rounds):
        finish_a_game(player)
        wall, cpu = time.perf_counter(), time.process_time()
        read(client, url)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1e3, statistics.median(cpus) * 1e3


def test_bench_first_visit_after_a_game_finishes(club, db, request, capsys):
    """The statistics page and the busiest player's page, first read right after a game
    (with that player) finished, each time a game finishes, then read again: the first
    visit is the one that counts what changed."""
    client = Client()
    client.force_login(club["organiser"])
    busiest = Player.objects.annotate(games=Count("seats")).order_by("-games").first()
    assert busiest
    urls = {"statistics (yaku)": "/statistics/", "player": f"/players/{busiest.pk}/"}
    rounds = ROUNDS if measuring(request.config) else 2
    results = {}
    for name, url in urls.items():
        read(client, url)  # what the cache keeps from before
        first, cpu = first_visits(client, url, busiest, rounds)
        _, again, queries = measure(client, url, rounds)
        results[name] = (first, cpu, again, queries)
    if measuring(request.config):
        with capsys.disabled():
            print(
                f"\n[{connection.vendor}] first visit after a game finishes, "
                f"{club['games']:,} games ({club['hands']:,} hands), medians of {rounds}:"
            )
            for name, (first, cpu, again, queries) in results.items():
                print(
                    f"  {name:<24} first {first:7.1f} ms ({cpu:6.1f} ms CPU)"
                    f"  then {again:7.1f} ms  {queries:3} queries"
                )
    assert all(queries <= MAX_QUERIES for *_, queries in results.values())
