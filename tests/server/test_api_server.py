"""The API against a real gunicorn (four workers, four threads each) on PostgreSQL and
SQLite: twenty bots sending one hand with one Idempotency-Key store it once, and are all
answered with it; a revoked token is refused; a read token cannot write; the reference
client records a hand from a line."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import uuid
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from tests.server.harness import ROOT, Server
from tests.server.test_races import run_all

BOTS = 20
#: East, the dealer, wins 3 han 30 fu off South after declaring riichi: 5800 (the payment
#: table's dealer ron), the riichi stick coming back to East.
DEALER_RON = {"riichi": [0], "ron": {"from": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}


@dataclass(frozen=True)
class Club:
    """Two games just started, and bob's tokens: one to record, one to read, one
    revoked (their secrets)."""

    games: list[int]
    tokens: dict[str, str]


@pytest.fixture(scope="module")
def club(server: Server) -> Club:
    """Made in one call to the server's database (each call starts Django anew)."""
    made = server.django(
        "from django.contrib.auth import get_user_model\n"
        "from scorekeeper.api.tokens import make_token, revoke_token\n"
        "from scorekeeper.club.models import Player\n"
        "from scorekeeper.table.services.games import start_game\n"
        "from scoring.rules import PRESETS\n"
        "names = ('Aki', 'Ben', 'Chie', 'Dan')\n"
        "players = [Player.objects.get_or_create(name=n)[0] for n in names]\n"
        "games = [start_game(rules=PRESETS['tenhou'], ruleset_name='tenhou', players=players).pk"
        " for _ in range(2)]\n"
        "bob = get_user_model().objects.get(username='bob')\n"
        "made = {s: make_token(user=bob, name=s, scope=s.split('-')[0])"
        " for s in ('record', 'read', 'record-revoked')}\n"
        "revoke_token(user=bob, token_id=made['record-revoked'].token.pk)\n"
        "result = {'games': games, 'tokens': {s: m.secret for s, m in made.items()}}"
    )
    return Club(made["games"], made["tokens"])


def stored(server: Server, club: Club, game: int) -> dict[str, Any]:
    """The game as the club has it now, read with the read token."""
    status, answer = send(server, "GET", f"/api/v1/games/{game}", club.tokens["read"])
    assert status == 200
    return dict(answer)


def send(
    server: Server, method: str, path: str, token: str, body: Any = None, key: str | None = None
) -> tuple[int, Any]:
    connection = http.client.HTTPConnection(*server.address, timeout=60)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if key is not None:
        headers["Idempotency-Key"] = key
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_twenty_bots_sending_one_key_store_one_hand(server: Server, club: Club):
    game, secret = club.games[0], club.tokens["record"]
    key = str(uuid.uuid4())
    start = threading.Barrier(BOTS)
    answers: list[tuple[int, Any]] = []

    def bot() -> None:
        start.wait()
        body = {"sequence": 0, "hand": DEALER_RON}
        answers.append(send(server, "POST", f"/api/v1/games/{game}/hands", secret, body, key))

    run_all([threading.Thread(target=bot) for _ in range(BOTS)])

    assert Counter(status for status, _ in answers) == {201: 1, 200: BOTS - 1}
    for status, answer in answers:
        assert answer["repeated"] is (status == 200)
        assert answer["hand"]["deltas"] == [5800, -5800, 0, 0]
    now = stored(server, club, game)
    assert now["game"]["hand_count"] == 1
    assert [{k: hand[k] for k in DEALER_RON} for hand in now["hands"]] == [DEALER_RON]
    assert server.errors_logged() == []


def test_a_revoked_token_is_refused_and_a_read_token_cannot_write(server: Server, club: Club):
    game, secrets = club.games[1], club.tokens
    status, answer = send(server, "GET", f"/api/v1/games/{game}", secrets["record-revoked"])
    assert (status, answer["code"]) == (401, "token.revoked")
    body = {"sequence": 0, "hand": DEALER_RON}
    for name, code, expected in (
        ("read", "token.read_only", 403),
        ("record-revoked", "token.revoked", 401),
    ):
        path = f"/api/v1/games/{game}/hands"
        status, answer = send(server, "POST", path, secrets[name], body, str(uuid.uuid4()))
        assert (status, answer["code"]) == (expected, code)
    assert stored(server, club, game)["game"]["hand_count"] == 0


def test_the_reference_client_starts_a_game_and_records_a_hand_from_a_line(
    server: Server, club: Club
):
    environment = {
        "SCOREKEEPER_URL": f"http://127.0.0.1:{server.port}",
        "SCOREKEEPER_TOKEN": club.tokens["record"],
    }

    def client(*words: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper_client", *words],
            cwd=ROOT,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    started = client("start", "tenhou", "aki", "ben", "chie", "dan", "--table", "Bot table")
    game = int(started.split()[1])
    assert "Aki, Ben, Chie, Dan" in started
    assert "Aki: +5800 -> 30800" in client("record", str(game), "ron E 3 30 from S riichi E")
    now = stored(server, club, game)
    assert now["game"]["table_label"] == "Bot table"
    assert [{k: hand[k] for k in DEALER_RON} for hand in now["hands"]] == [DEALER_RON]
    # The dealer's 4 han 30 fu ron is 11600 (no kiriage mangan under tenhou's rules).
    assert "Aki: +11600 -> 36600" in client("correct", str(game), "1", "ron E 4 30 from S riichi E")
