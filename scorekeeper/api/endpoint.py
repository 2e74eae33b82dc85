"""What every API view shares: the token a request carries and what it may do, the rate
limit, the JSON body and its fields, and refusals answered as JSON in the reader's
language. A view is written as ``@endpoint(methods, scope)`` over a function that takes the
request, the token and the URL's values, and raises ``ApiRefusal`` (or lets a service's or
the engine's refusal through) where it refuses."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.dateparse import parse_datetime
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from scorekeeper.api.models import Token
from scorekeeper.api.ratelimit import limit
from scorekeeper.api.refusals import ApiRefusal, engine_refusal, service_refusal
from scorekeeper.api.tokens import note_use, token_for
from scorekeeper.club.bounds import load_json
from scorekeeper.errors import JsonRefused, ServiceError
from scorekeeper.registry.permissions import can_read, is_member
from scoring.errors import ScoringError

ApiView = Callable[..., HttpResponse]


def bearer(request: HttpRequest) -> str:
    """The token sent in ``Authorization: Bearer ...`` ('' when none is)."""
    kind, _, value = request.headers.get("Authorization", "").partition(" ")
    return value.strip() if kind.lower() == "bearer" else ""


def authenticated(request: HttpRequest, scope: str) -> Token:
    """The request's token, if it may do what ``scope`` needs; else the refusal."""
    secret = bearer(request)
    if not secret:
        raise ApiRefusal("token.missing", headers={"WWW-Authenticate": "Bearer"})
    token = token_for(secret)
    if token is None:
        raise ApiRefusal("token.unknown", headers={"WWW-Authenticate": "Bearer"})
    if token.revoked_at is not None:
        raise ApiRefusal(
            "token.revoked",
            {"revoked_at": token.revoked_at.isoformat(timespec="seconds")},
            headers={"WWW-Authenticate": "Bearer"},
        )
    if not token.user.is_active:
        raise ApiRefusal("token.account_inactive", headers={"WWW-Authenticate": "Bearer"})
    limit(token.pk)
    note_use(token)
    if scope == Token.Scope.RECORD:
        if not token.may_record:
            raise ApiRefusal("token.read_only")
        if not is_member(token.user):
            raise ApiRefusal("token.not_member")
    elif not can_read(token.user):
        raise ApiRefusal("token.may_not_read")
    return token


def endpoint(scopes: Mapping[str, str | None]) -> Callable[[ApiView], ApiView]:
    """An API view answering the methods of ``scopes``, each for a token of its scope
    (``None``: for anyone, no token); GET also answers HEAD."""
    allowed = (*scopes, "HEAD") if "GET" in scopes else tuple(scopes)

    def decorator(view: ApiView) -> ApiView:
        @csrf_exempt
        @never_cache
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            method = "GET" if request.method == "HEAD" else str(request.method)
            try:
                if method not in scopes:
                    raise ApiRefusal(
                        "request.method",
                        {"method": request.method, "allowed": list(scopes)},
                        headers={"Allow": ", ".join(allowed)},
                    )
                scope = scopes[method]
                if scope is None:
                    return view(request, *args, **kwargs)
                token = authenticated(request, scope)
                return view(request, token, *args, **kwargs)
            except ApiRefusal as refusal:
                return refusal.response()
            except ScoringError as error:
                return engine_refusal(error).response()
            except ServiceError as error:
                return service_refusal(error).response()

        wrapped.api_scopes = dict(scopes)  # type: ignore[attr-defined]
        return wrapped

    return decorator


# The body and its fields.


def json_body(request: HttpRequest) -> dict[str, Any]:
    """The request's body, a JSON object."""
    try:
        data = load_json(request.body or b"")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ApiRefusal("request.not_json", {"problem": str(error)}) from None
    except JsonRefused as error:
        raise ApiRefusal("request.not_json", {"problem": str(error)}) from None
    if not isinstance(data, dict):
        raise ApiRefusal("request.not_object")
    return data


def check_fields(data: Mapping[str, Any], allowed: set[str]) -> None:
    for name in data:
        if name not in allowed:
            raise ApiRefusal("request.unknown_field", {"field": name})


def whole_number(
    data: Mapping[str, Any], field: str, *, low: int = 0, required: bool = True
) -> int | None:
    """A field that is a whole number of at least ``low``."""
    if field not in data or data[field] is None:
        if required:
            raise ApiRefusal("request.missing", {"field": field})
        return None
    value = data[field]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ApiRefusal(
            "request.not_whole_number", {"field": field, "low": low, "got": json.dumps(value)[:40]}
        )
    return value


def text_field(data: Mapping[str, Any], field: str, *, most: int) -> str:
    value = data.get(field, "")
    if not isinstance(value, str) or len(value) > most:
        raise ApiRefusal("request.not_text", {"field": field, "most": most})
    return value


def required(data: Mapping[str, Any], field: str) -> Any:
    if field not in data:
        raise ApiRefusal("request.missing", {"field": field})
    return data[field]


def moment(data: Mapping[str, Any], field: str) -> datetime | None:
    """An optional field that is a moment in ISO 8601 with its offset from UTC."""
    value = data.get(field)
    if value is None:
        return None
    when = parse_datetime(value) if isinstance(value, str) and len(value) <= 40 else None
    if when is None or when.tzinfo is None:
        raise ApiRefusal("request.not_moment", {"field": field, "got": json.dumps(value)[:40]})
    return when


def idempotency_key(request: HttpRequest, *, needed: bool) -> uuid.UUID | None:
    """The ``Idempotency-Key`` header, a UUID; refused when ``needed`` and missing."""
    value = request.headers.get("Idempotency-Key", "").strip()
    if not value:
        if needed:
            raise ApiRefusal("idempotency.missing")
        return None
    try:
        return uuid.UUID(value)
    except ValueError:
        raise ApiRefusal("idempotency.not_uuid", {"got": value[:60]}) from None
