"""The API's answers, timed: recording a hand (at hand 1 and hand 60 of a game) and reading
the game it is in, through the test client with a record token, as a bot sends them (JSON,
an Idempotency-Key per hand).

The game is an EMA game (no tobi) whose East 1 dealer stays tenpai, so it goes on as long as
we like; between rounds the hand just recorded is undone (outside the measured time) and a
new key made, so every round records the same hand at the same point of the game.

Run with ``make bench`` (``--benchmark-enable``): the median and the number of queries are
printed, never asserted. In the plain test run each request is made once.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.api.tokens import make_token
from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand, undo_last_hand
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS

# Each request commits, as on a server.
pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 41
WARMUP = 10
DRAW = Hand(Draw(tenpai=(0,)))
DRAW_JSON = {"draw": {"tenpai": [0]}}


def _game(hands: int) -> Game:
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    for sequence in range(hands):
        game = record_hand(game=game, hand=DRAW, expected_sequence=sequence).game
    return game


def _bot() -> tuple[Client, dict[str, str]]:
    user = get_user_model().objects.create_user("bot-owner")
    make_member(user)
    secret = make_token(user=user, name="bench", scope="record").secret
    return Client(), {"Authorization": f"Bearer {secret}"}


def _report(benchmark: Any, capsys: Any, what: str, queries: int) -> None:
    if benchmark.stats is None:
        return
    median = benchmark.stats.stats.median * 1e3
    benchmark.extra_info["median_ms"] = round(median, 3)
    benchmark.extra_info["queries"] = queries
    with capsys.disabled():
        print(f"\n{what:<36} median {median:6.2f} ms  {queries:2d} queries")


@pytest.mark.parametrize("number", [1, 60])
def test_bench_the_api_recording_a_hand(benchmark, capsys, settings, number):
    settings.SCOREKEEPER_API_RATE = 100_000
    game = _game(number - 1)
    client, headers = _bot()
    url = f"/api/v1/games/{game.pk}/hands"
    body = json.dumps({"sequence": number - 1, "hand": DRAW_JSON})
    keys: list[str] = []

    def setup() -> None:
        current = Game.objects.get(pk=game.pk)
        if current.hand_count == number:
            undo_last_hand(game=current, expected_sequence=number)
        keys.append(str(uuid.uuid4()))

    def send() -> Any:
        return client.post(
            url,
            body,
            content_type="application/json",
            headers={**headers, "Idempotency-Key": keys[-1]},
        )

    setup()
    with CaptureQueriesContext(connection) as queries:
        assert send().status_code == 201
    count = len(queries)
    response = benchmark.pedantic(send, setup=setup, rounds=ROUNDS, warmup_rounds=WARMUP)
    assert response.status_code == 201
    _report(benchmark, capsys, f"API: hand {number} recorded", count)


def test_bench_the_api_reading_a_game_of_sixty_hands(benchmark, capsys, settings):
    settings.SCOREKEEPER_API_RATE = 100_000
    game = _game(60)
    client, headers = _bot()

    def read() -> Any:
        return client.get(f"/api/v1/games/{game.pk}", headers=headers)

    with CaptureQueriesContext(connection) as queries:
        assert read().status_code == 200
    count = len(queries)
    response = benchmark.pedantic(read, rounds=ROUNDS, warmup_rounds=WARMUP)
    assert response.status_code == 200
    _report(benchmark, capsys, "API: a game of 60 hands read", count)
