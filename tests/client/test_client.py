"""The reference client's calls against a small server of its own: a hand whose answer is
lost (a 503, a connection closed) is sent again with the same Idempotency-Key, and a
refusal comes back as the API's code and text, not sent again."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from scorekeeper_client import client as client_module
from scorekeeper_client.client import ApiError, Client

GAME = {
    "game": {"id": 7, "hand_count": 3, "revision": 5},
    "players": ["Aki", "Ben", "Chie", "Dan"],
}


class Club(BaseHTTPRequestHandler):
    """Answers a game, and then hands as ``script`` says: a status with a body, or
    ``None`` to close the connection without an answer."""

    script: list[tuple[int, dict[str, Any]] | None] = []
    posts: list[tuple[str, dict[str, Any]]] = []

    def log_message(self, *args: Any) -> None:
        pass

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._answer(200, GAME)

    def do_PUT(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Club.posts.append((self.path, body))
        self._answer(200, {"sequence": 0})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Club.posts.append((self.headers["Idempotency-Key"], body))
        step = Club.script.pop(0)
        if step is None:
            self.close_connection = True
            return
        self._answer(*step)


@pytest.fixture
def club(monkeypatch) -> Iterator[str]:
    monkeypatch.setattr(client_module.time, "sleep", lambda seconds: None)
    Club.posts = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), Club)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_hand_whose_answer_is_lost_is_sent_again_with_the_same_key(club):
    recorded = {"outcome": "recorded", "repeated": True, "sequence": 3}
    Club.script = [None, (503, {"code": "", "values": {}, "text": "busy"}), (200, recorded)]
    answer = Client(club, "skp_x").record(7, {"draw": {"tenpai": []}})
    assert answer == recorded
    keys = {key for key, _ in Club.posts}
    assert len(Club.posts) == 3 and len(keys) == 1
    assert Club.posts[0][1] == {"sequence": 3, "hand": {"draw": {"tenpai": []}}}


def test_a_refusal_is_raised_with_its_code_and_not_sent_again(club):
    stale = {"code": "game.stale", "values": {"hand_count": 4}, "text": "The game has moved on"}
    Club.script = [(409, stale)]
    with pytest.raises(ApiError) as refused:
        Client(club, "skp_x").record(7, {"draw": {"tenpai": []}}, sequence=3)
    assert (refused.value.status, refused.value.code) == (409, "game.stale")
    assert refused.value.values == {"hand_count": 4}
    assert len(Club.posts) == 1


def test_a_correction_names_the_hand_from_one_and_the_game_as_it_was_read(club):
    Client(club, "skp_x").correct(7, 1, {"chombo": {"offender": 2}})
    assert Club.posts == [
        (
            "/api/v1/games/7/hands/0",
            {"sequence": 3, "revision": 5, "hand": {"chombo": {"offender": 2}}},
        )
    ]
