"""Calling the API from the view tests: a token's client, and every answer checked against
the OpenAPI document the site serves (its operation's schema for the status it got)."""

from __future__ import annotations

import json
import uuid
from functools import cache
from typing import Any

from django.test import Client
from django.urls import resolve
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from scorekeeper.api.openapi import document
from scorekeeper.api.tokens import make_token

DOCUMENT = document()
REGISTRY = Registry().with_resource("urn:openapi", DRAFT202012.create_resource(DOCUMENT))


def operation_path(path: str) -> str:
    """The document's path of an address: ``/api/v1/games/3/hands`` is
    ``/api/v1/games/{game_id}/hands``."""
    match = resolve(path.split("?")[0])
    route = match.route
    for name in match.kwargs:
        route = route.replace(f"<int:{name}>", "{" + name + "}")
    return "/" + route


@cache
def _validator(reference: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": "urn:openapi" + reference}, registry=REGISTRY)


def check_answer(method: str, path: str, status: int, body: Any) -> None:
    """The answer is one the document says this operation gives, in its schema."""
    operation = DOCUMENT["paths"][operation_path(path)][method.lower()]
    responses = operation["responses"]
    assert str(status) in responses, (method, path, status, body)
    content = responses[str(status)].get("content")
    if content is None:
        return
    validator = _validator(content["application/json"]["schema"]["$ref"])
    errors = sorted(validator.iter_errors(body), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:3]]


class Bot:
    """A bot with a token: each call's answer is checked against the document."""

    def __init__(self, user: Any, scope: str = "record", *, language: str = "en") -> None:
        self.made = make_token(user=user, name="bot", scope=scope)
        self.client = Client(HTTP_ACCEPT_LANGUAGE=language)
        self.headers = {"Authorization": f"Bearer {self.made.secret}"}

    def call(self, method: str, path: str, data: Any = None, *, key: Any = None, **headers: str):
        sent = {**self.headers, **headers}
        if key is not None:
            sent["Idempotency-Key"] = str(key)
        body = None if data is None else json.dumps(data)
        response = self.client.generic(
            method, path, body or "", content_type="application/json", headers=sent
        )
        answer = json.loads(response.content)
        check_answer(method, path, response.status_code, answer)
        return response.status_code, answer

    def get(self, path: str, **headers: str):
        return self.call("GET", path, **headers)

    def post(self, path: str, data: Any, **options: Any):
        return self.call("POST", path, data, **options)

    def record(self, game_id: int, sequence: int, hand: dict[str, Any], key: Any = None):
        return self.post(
            f"/api/v1/games/{game_id}/hands",
            {"sequence": sequence, "hand": hand},
            key=key or uuid.uuid4(),
        )
