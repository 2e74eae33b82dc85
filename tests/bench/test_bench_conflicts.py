"""A table page and a backup line at the bounds of what a game holds of hands phones sent:
the most hands to settle (each as large as a sent hand may be) and the most settled ones
kept. Printed: the page's size and median time, its number of queries, the game's backup
line's length (the flood that once made an 8.5 MB page and a backup line past its limit is
refused past the bounds). Asserted: the page reads as many queries with every conflict as
with one (nothing per conflict).

Run with ``make bench`` (``--benchmark-enable``) for the numbers; the plain run reads the page
once each way.
"""

from __future__ import annotations

import statistics
import time
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorekeeper.club.models import Game, HandRecord, Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.outbox import MAX_OPEN_CONFLICTS, MAX_SETTLED
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS
from scoring.yaku import YAKU

pytestmark = pytest.mark.django_db

ROUNDS = 21


def measuring(config: Any) -> bool:
    return bool(config.getoption("benchmark_enable", False))


def largest_sent_hand() -> dict[str, Any]:
    names = tuple(yaku.name for yaku in YAKU)
    wins = tuple(Win(seat, han=13, fu=110, yaku=names) for seat in (1, 2, 3))
    return HandRecord.data_from(Hand(Ron(0, wins), riichi=(0, 1, 2, 3)))


def conflicts(game: Game, open_count: int, settled_count: int) -> None:
    big, now = largest_sent_hand(), timezone.now()
    rows = [
        SentHand(
            game=game,
            key=uuid.uuid4(),
            sequence=1,
            data=big,
            outcome="conflict",
            reason="taken",
            entered_at=now,
        )
        for _ in range(open_count)
    ] + [
        SentHand(
            game=game,
            key=uuid.uuid4(),
            sequence=1,
            data=big,
            outcome="discarded",
            reason="taken",
            settled_at=now,
        )
        for _ in range(settled_count)
    ]
    SentHand.objects.bulk_create(rows)


def read(client: Client, game: Game, rounds: int) -> tuple[float, int, int]:
    """The median time of the table page, its size in bytes, and its queries."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        response = client.get(f"/games/{game.pk}/")
        times.append(time.perf_counter() - started)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return statistics.median(times), len(response.content), len(queries)


def test_the_table_page_and_the_backup_at_the_conflicts_bounds(request):
    organiser = get_user_model().objects.create_user("alice", is_staff=True)
    client = Client()
    client.force_login(organiser)
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    rounds = ROUNDS if measuring(request.config) else 1

    conflicts(game, 1, 0)
    _, _, one = read(client, game, 1)
    conflicts(game, MAX_OPEN_CONFLICTS - 1, MAX_SETTLED)
    median, size, queries = read(client, game, rounds)
    line = max(len(text) for text in backup_lines() if '"type":"game"' in text)

    print(
        f"\ntable page with {MAX_OPEN_CONFLICTS} hands to settle and {MAX_SETTLED} settled: "
        f"{size:,} bytes, {median * 1000:.1f} ms (median of {rounds}), {queries} queries; "
        f"the game's backup line: {line:,} characters"
    )
    assert queries == one
