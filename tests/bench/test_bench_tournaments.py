"""A tournament's numbers: the quality of its seating and the speed of its pages.

Seating: the repeated pairs (meetings beyond the first, over every two players) of 8
sessions of 32 and of 64 players, seated random-avoiding-repeats (ours: Pantheon's 1000
shuffles, then swaps), by Pantheon's shuffles alone, and at plain random, against the least
possible (0 for both: resolvable designs seat 32 and 64 players 8 times with no two meeting
twice, the social golfer problem's known solutions); and the time to seat a session.

Pages: a tournament of 120 players (30 tables) in 8 sessions, 7 of them played (every
table's game one hand, then ended by time), the 8th seated: each page's median time and
queries, on SQLite, and on PostgreSQL when ``DATABASE_URL`` is set.

Run with ``make bench`` (``--benchmark-enable``): the numbers are printed, never asserted.
In the plain test run the same steps run small (16 players, 3 sessions; seating over 2
seeds), so the bench keeps working, and each page's queries are held to a bound that does
not depend on the size of the tournament.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, Player
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
from scoring.seating.sessions import (
    balance_winds,
    least_repeats,
    plain_random_seating,
    random_seating,
    repeated_pairs,
)

#: No tournament page reads more queries than this, whatever the number of players.
MAX_QUERIES = 12
ROUNDS = 21


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


def _seated(players: int, sessions: int, seed: int, *, improve: bool) -> tuple[int, float]:
    ids = list(range(players))
    history: list[Any] = []
    started = time.perf_counter()
    for number in range(sessions):
        made = random_seating(ids, history, seed=seed * 100 + number, improve=improve)
        history.append(balance_winds(made, history))
    return repeated_pairs(history), (time.perf_counter() - started) / sessions


def test_bench_seating_quality(request, capsys):
    seeds = range(1, 11) if measuring(request.config) else range(1, 3)
    sizes = (32, 64) if measuring(request.config) else (16,)
    sessions = 8 if measuring(request.config) else 3
    lines = []
    for players in sizes:
        ours = [_seated(players, sessions, seed, improve=True) for seed in seeds]
        shuffles = [_seated(players, sessions, seed, improve=False)[0] for seed in seeds]
        plain = [
            repeated_pairs(
                [plain_random_seating(range(players), seed=s * 100 + n) for n in range(sessions)]
            )
            for s in seeds
        ]
        least = least_repeats(players, sessions)
        mean_ours = statistics.mean(r for r, _ in ours)
        assert all(r >= least for r, _ in ours)
        lines.append(
            f"  {players} players, {sessions} sessions: least possible {least}, "
            f"ours {mean_ours:.1f} (min {min(r for r, _ in ours)}, max {max(r for r, _ in ours)}), "
            f"Pantheon's shuffles alone {statistics.mean(shuffles):.1f}, "
            f"plain random {statistics.mean(plain):.1f}; "
            f"{statistics.mean(s for _, s in ours) * 1e3:.0f} ms a session"
        )
    if measuring(request.config):
        with capsys.disabled():
            print(f"\nrepeated pairs, mean over {len(seeds)} seeds:")
            print("\n".join(lines))


@pytest.fixture(scope="module")
def tournament(request, django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    players, sessions, played = (120, 8, 7) if measuring(request.config) else (16, 3, 2)
    with django_db_blocker.unblock():
        started = time.perf_counter()
        organiser = get_user_model().objects.create_user("bench-organiser", is_staff=True)
        made = create_tournament(
            rules=PRESETS["wrc"],
            ruleset_name="wrc",
            name="Bench Open",
            start_date=date(2026, 11, 28),
            sessions=sessions,
        )
        register_players(
            tournament=made,
            players=[Player.objects.create(name=f"Bench {n:03}") for n in range(players)],
        )
        for number in range(1, sessions + 1):
            session = seat_session(
                session=made.session_rows.get(number=number), method="random", seed=number
            )
            if number > played:
                continue
            start_session(session=session)
            for table in session.tables.select_related("game", "session__tournament"):
                assert table.game is not None
                record_hand(game=table.game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0)
                end_by_time(table=table, early=True)
        seconds = time.perf_counter() - started
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        yield {
            "tournament": made,
            "players": players,
            "sessions": sessions,
            "seconds": seconds,
            "organiser": organiser,
        }
        Tournament.objects.all().delete()
        Game.objects.all().delete()
        Player.objects.all().delete()
        organiser.delete()


def pages(made: Tournament, players: int) -> dict[str, tuple[str, dict[str, str]]]:
    t = made.pk
    entrant = made.entrants.order_by("pk").first()
    assert entrant is not None
    last = made.sessions
    game = Game.objects.filter(tournament_table__session__tournament=made).first()
    assert game is not None
    results = reverse("tournament_results", args=[t])
    return {
        "tournament": (reverse("tournament_detail", args=[t]), {}),
        "results": (results, {}),
        "results, screen": (results + "?screen=1", {}),
        "results, screen's refresh": (
            results + "?screen=1",
            {"HX-Request": "true", "HX-Target": "results"},
        ),
        "results CSV": (reverse("tournament_results_csv", args=[t]), {}),
        "results JSON": (reverse("tournament_results_json", args=[t]), {}),
        "session, played": (reverse("tournament_session", args=[t, 1]), {}),
        "session, seated": (reverse("tournament_session", args=[t, last]), {}),
        "session, to print": (reverse("tournament_session", args=[t, 1]) + "?print=1", {}),
        "session's results": (reverse("tournament_session_results", args=[t, 1]), {}),
        "a player's path": (reverse("tournament_player", args=[t, entrant.pk]), {}),
        "a table's QR code": (reverse("tournament_table_qr", args=[t, 1, 1]), {}),
        "a game's clock": (reverse("game_clock", args=[game.pk]), {}),
    }


def measure(
    client: Client, url: str, headers: dict[str, str], rounds: int
) -> tuple[float, float, int]:
    """The median milliseconds of ``rounds`` requests (after a first), on the clock and in
    the process's CPU (what the page costs, whatever else the machine is doing), and the
    queries."""
    times, cpu, queries = [], [], 0
    for _ in range(rounds + 1):
        with CaptureQueriesContext(connection) as captured:
            started, used = time.perf_counter(), time.process_time()
            response = client.get(url, headers=headers)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)
        assert response.status_code == 200, url
        queries = len(captured)
    return statistics.median(times[1:]) * 1e3, statistics.median(cpu[1:]) * 1e3, queries


def test_bench_tournament_pages(tournament, db, request, capsys):
    client = Client()
    client.force_login(tournament["organiser"])
    rounds = ROUNDS if measuring(request.config) else 1
    made = tournament["tournament"]
    results = {
        name: measure(client, url, headers, rounds)
        for name, (url, headers) in pages(made, tournament["players"]).items()
    }
    if measuring(request.config):
        with capsys.disabled():
            print(
                f"\n[{connection.vendor}] a tournament of {tournament['players']} players, "
                f"{tournament['sessions']} sessions (made and played in "
                f"{tournament['seconds']:.1f} s), median of {rounds}, as its organiser:"
            )
            for name, (ms, cpu, queries) in results.items():
                print(f"  {name:<26} {ms:7.1f} ms  ({cpu:5.1f} ms CPU)  {queries:3} queries")
    heavy = {name: queries for name, (_, _, queries) in results.items() if queries > MAX_QUERIES}
    assert not heavy
