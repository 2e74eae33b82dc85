"""The OpenAPI document says what the API is: it is valid OpenAPI 3.1, the site serves it,
and its addresses and methods are exactly the API's (the answers are checked against its
schemas by every API test, ``api_helpers.check_answer``)."""

from __future__ import annotations

from openapi_spec_validator import validate

from scorekeeper.api import urls
from scorekeeper.api.openapi import document
from tests.web.api_helpers import DOCUMENT


def test_the_document_is_valid_openapi():
    validate(document())


def test_the_site_serves_the_document_to_anyone(client, db):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.json() == DOCUMENT


def _served() -> dict[str, set[str]]:
    """Each address of the API (but the answer to the unknown ones) and its methods."""
    served = {}
    for pattern in urls.urlpatterns:
        scopes = getattr(pattern.callback, "api_scopes", None)
        route = str(pattern.pattern)
        if scopes is None or "<path:" in route:
            continue
        path = "/" + route.replace("<int:", "{").replace(">", "}")
        served[path] = {method.lower() for method in scopes}
    return served


def test_the_document_lists_every_address_and_method_the_api_answers_and_no_other():
    listed = {path: set(operations) for path, operations in DOCUMENT["paths"].items()}
    assert listed == _served()


def test_every_operation_that_needs_a_token_says_so_and_the_document_alone_needs_none():
    for pattern in urls.urlpatterns:
        scopes = getattr(pattern.callback, "api_scopes", None)
        route = str(pattern.pattern)
        if scopes is None or "<path:" in route:
            continue
        path = "/" + route.replace("<int:", "{").replace(">", "}")
        for method, scope in scopes.items():
            operation = DOCUMENT["paths"][path][method.lower()]
            needs_token = operation.get("security", DOCUMENT["security"]) != []
            assert needs_token == (scope is not None), (path, method)
            if scope is not None:
                assert "401" in operation["responses"], (path, method)
