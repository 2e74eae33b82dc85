"""The API's refusals: ``{"code", "values", "text"}``, the text in the reader's language
(``Accept-Language``), made from the code and the values alone.

Three sources: the API's own (a token, a body, a header: ``WORDINGS`` here), the engine's
(a hand or a record the rules refuse: its code and values, worded by
``scorekeeper.refusals``), and the services' (``ServiceError``: a game that moved on, is
closed or full, worded by the service in the reader's language; its code comes from its
kind, ``SERVICE_CODES``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.http import HttpResponse
from django.utils.translation import gettext, gettext_noop

from scorekeeper.errors import (
    GameClosed,
    GameFull,
    GameGone,
    ImportedTwice,
    PlayerRefused,
    ServiceError,
    StaleGame,
    Unstorable,
)
from scorekeeper.refusals import refusal_text
from scorekeeper.table.services.submit import KeyReused
from scoring.errors import ScoringError

JSON = "application/json; charset=utf-8"

#: The API's own refusals: code, HTTP status, wording.
WORDINGS: Final[dict[str, tuple[int, str]]] = {
    "token.missing": (
        401,
        gettext_noop("This request needs a token, sent as “Authorization: Bearer <token>”."),
    ),
    "token.unknown": (401, gettext_noop("This token is not one of the club’s.")),
    "token.revoked": (
        401,
        gettext_noop("This token was revoked (%(revoked_at)s): make another on your page."),
    ),
    "token.account_inactive": (401, gettext_noop("The account of this token is deactivated.")),
    "token.read_only": (
        403,
        gettext_noop("This token may only read: recording needs a token made to record."),
    ),
    "token.not_member": (
        403,
        gettext_noop("The account of this token is not a member: it may not record."),
    ),
    "token.may_not_read": (
        403,
        gettext_noop("The account of this token may not read the club’s games."),
    ),
    "rate.limited": (
        429,
        gettext_noop(
            "Too many requests with this token: at most %(limit)s a minute. "
            "Try again in %(seconds)s seconds."
        ),
    ),
    "request.not_json": (400, gettext_noop("The body is not JSON: %(problem)s.")),
    "request.not_object": (400, gettext_noop("The body must be a JSON object.")),
    "request.missing": (422, gettext_noop("%(field)s: missing.")),
    "request.unknown_field": (422, gettext_noop("%(field)s: no such field.")),
    "request.not_whole_number": (
        422,
        gettext_noop("%(field)s: expected a whole number from %(low)s, got %(got)s."),
    ),
    "request.not_text": (
        422,
        gettext_noop("%(field)s: expected text of at most %(most)s characters."),
    ),
    "request.not_moment": (
        422,
        gettext_noop(
            "%(field)s: expected a moment in ISO 8601 with its offset from UTC "
            "(2026-12-06T19:30:00+09:00), got %(got)s."
        ),
    ),
    "request.bad_option": (422, gettext_noop("%(field)s: %(problem)s")),
    "request.method": (
        405,
        gettext_noop("%(method)s is not allowed here; allowed: %(allowed)s."),
    ),
    "request.unknown_path": (404, gettext_noop("The API has nothing at %(path)s.")),
    "idempotency.missing": (
        400,
        gettext_noop(
            "Recording a hand needs an Idempotency-Key header: a UUID made for this hand, "
            "sent again with it on a retry."
        ),
    ),
    "idempotency.not_uuid": (
        400,
        gettext_noop("The Idempotency-Key header is not a UUID: %(got)s."),
    ),
    "game.unknown": (404, gettext_noop("There is no game %(game)s.")),
    "game.withheld": (
        403,
        gettext_noop(
            "Game %(game)s is withheld from this token's account: a tournament hides its "
            "results, or only members may read it."
        ),
    ),
    "season.unknown": (404, gettext_noop("There is no season %(season)s.")),
    "player.unknown": (
        422,
        gettext_noop("%(field)s: the club has no player named %(name)s (add them on the site)."),
    ),
    "hand.unknown": (404, gettext_noop("Game %(game)s has no hand %(hand)s.")),
}

#: A service's refusal: its code and status, by its kind (the first that matches).
SERVICE_CODES: Final[tuple[tuple[type[ServiceError], str, int], ...]] = (
    (KeyReused, "key.reused", 409),
    (StaleGame, "game.stale", 409),
    (GameClosed, "game.closed", 409),
    (GameFull, "game.full", 409),
    (GameGone, "game.gone", 404),
    (ImportedTwice, "game.imported_twice", 409),
    (PlayerRefused, "player.refused", 422),
    (Unstorable, "game.unstorable", 422),
    (ServiceError, "refused", 422),
)


class ApiRefusal(Exception):
    """A request the API refuses: what the answer says, and its status."""

    def __init__(
        self,
        code: str,
        values: Mapping[str, Any] | None = None,
        *,
        status: int | None = None,
        text: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.values = dict(values or {})
        known = WORDINGS.get(code)
        self.status = status if status is not None else (known[0] if known else 422)
        self._text = text
        self.headers = dict(headers or {})

    @property
    def text(self) -> str:
        if self._text is not None:
            return self._text
        wording = WORDINGS[self.code][1]
        return gettext(wording) % {key: _shown(value) for key, value in self.values.items()}

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "values": self.values, "text": self.text}

    def response(self) -> HttpResponse:
        response = json_response(self.body(), status=self.status)
        for name, value in self.headers.items():
            response[name] = value
        return response


def _shown(value: object) -> object:
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    return value


def json_response(data: Any, *, status: int = 200) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, default=str)
    return HttpResponse(body + "\n", status=status, content_type=JSON)


def engine_refusal(error: ScoringError, *, names: Sequence[str] = ()) -> ApiRefusal:
    """A hand or a record the rules refuse: the engine's code and values, and the place
    (``where``: ``hands[3] (E4).ron.wins[0]``) among the values."""
    values: dict[str, Any] = dict(error.values)
    text = refusal_text(error, names=names)
    where = getattr(error, "where", "") or getattr(error, "field", "")
    if where:
        values["where"] = where
        text = f"{where}: {text}"
    return ApiRefusal(error.code or "rules.refused", _plain(values), status=422, text=text)


def _plain(values: Mapping[str, Any]) -> dict[str, Any]:
    """Values as JSON holds them (tuples as lists, anything else as its text)."""
    plain: dict[str, Any] = json.loads(json.dumps(values, default=str))
    return plain


def service_refusal(error: ServiceError, values: Mapping[str, Any] | None = None) -> ApiRefusal:
    """A write a service refused, worded by the service in the reader's language."""
    for kind, code, status in SERVICE_CODES:
        if isinstance(error, kind):
            return ApiRefusal(code, values, status=status, text=error.message)
    raise AssertionError("every ServiceError matches the last row")
