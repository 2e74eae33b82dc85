"""The API's calls, over HTTP with the standard library. A hand is sent with a key made for
it, and sent again with the same key when no answer came (the network, a restart, a 5xx):
the club stores it once however often it arrives."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any


class ApiError(Exception):
    """A refusal: the HTTP status and the API's ``{code, values, text}``."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        self.status = status
        self.code = str(body.get("code", ""))
        self.values = body.get("values", {})
        self.text = str(body.get("text", ""))
        super().__init__(f"{status} {self.code}: {self.text}")


class Client:
    """A bot's link to a club: its address and a token made on the member's tokens page."""

    def __init__(
        self, url: str, token: str, *, language: str = "en", timeout: float = 20, tries: int = 4
    ) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.language = language
        self.timeout = timeout
        self.tries = tries

    def call(
        self, method: str, path: str, body: Any = None, *, key: uuid.UUID | None = None
    ) -> Any:
        """One call; a write with ``key`` is sent again, with the same key, while no answer
        comes (or a server error), ``tries`` times in all."""
        headers = {
            "Authorization": f"Bearer {self.token}",
            "Accept": "application/json",
            "Accept-Language": self.language,
        }
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if key is not None:
            headers["Idempotency-Key"] = str(key)
        tries = self.tries if key is not None or method == "GET" else 1
        for attempt in range(tries):
            request = urllib.request.Request(
                self.url + path, data=data, headers=headers, method=method
            )
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return json.loads(response.read())
            except urllib.error.HTTPError as error:
                answer = _json(error.read())
                if error.code < 500 or attempt == tries - 1:
                    raise ApiError(error.code, answer) from None
            except (urllib.error.URLError, TimeoutError, ConnectionError):
                if attempt == tries - 1:
                    raise
            time.sleep(min(8, 0.5 * 2**attempt))
        raise AssertionError("every try returns or raises")

    def game(self, game_id: int) -> dict[str, Any]:
        answer: dict[str, Any] = self.call("GET", f"/api/v1/games/{game_id}")
        return answer

    def start(self, rules: str, players: list[str], *, table_label: str = "") -> dict[str, Any]:
        """Start a game of the club's ``players`` (East first) under ``rules`` (a preset)."""
        record = {"format": "scorekeeper.game/1", "rules": rules, "players": players}
        if table_label:
            record["table_label"] = table_label
        answer: dict[str, Any] = self.call("POST", "/api/v1/games", record, key=uuid.uuid4())
        return answer

    def record(
        self, game_id: int, hand: dict[str, Any], *, sequence: int | None = None
    ) -> dict[str, Any]:
        """Record ``hand`` as the game's next (``sequence``: the number of hands the bot
        saw; read from the game when not given)."""
        if sequence is None:
            sequence = int(self.game(game_id)["game"]["hand_count"])
        answer: dict[str, Any] = self.call(
            "POST",
            f"/api/v1/games/{game_id}/hands",
            {"sequence": sequence, "hand": hand},
            key=uuid.uuid4(),
        )
        return answer

    def correct(self, game_id: int, number: int, hand: dict[str, Any]) -> dict[str, Any]:
        """Put ``hand`` in place of hand ``number`` (from 1, as people count them), refused
        where the game changed since it was read here."""
        about = self.game(game_id)["game"]
        body = {"sequence": about["hand_count"], "revision": about["revision"], "hand": hand}
        answer: dict[str, Any] = self.call(
            "PUT", f"/api/v1/games/{game_id}/hands/{number - 1}", body
        )
        return answer

    def undo(self, game_id: int) -> dict[str, Any]:
        count = int(self.game(game_id)["game"]["hand_count"])
        answer: dict[str, Any] = self.call("DELETE", f"/api/v1/games/{game_id}/hands/{count - 1}")
        return answer


def _json(raw: bytes) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        return {"code": "", "values": {}, "text": raw.decode(errors="replace")[:300]}
    return value if isinstance(value, dict) else {"code": "", "values": {}, "text": str(value)}
