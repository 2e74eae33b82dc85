"""What the site writes to stderr: a refused request is one line; a server error keeps its
traceback, so that real errors are not buried under routine refusals."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from django.urls import reverse


@pytest.fixture
def stderr() -> Iterator[io.StringIO]:
    """What the site's own handler (``settings.LOGGING``) writes, captured."""
    (handler,) = logging.getLogger("django").handlers
    assert isinstance(handler, logging.StreamHandler)
    captured = io.StringIO()
    previous = handler.setStream(captured)
    try:
        yield captured
    finally:
        handler.setStream(previous)


def test_a_refused_write_is_one_line(charlie_client, stderr):
    assert charlie_client.post(reverse("player_new"), {"name": "Eve"}).status_code == 403

    lines = stderr.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].endswith("WARNING django.request: Forbidden (Permission denied): /players/new/")


def test_a_page_not_found_and_a_refused_csrf_token_are_one_line_each(client, alice, stderr):
    client.force_login(alice)
    client.handler.enforce_csrf_checks = True
    client.get("/no-such-page/")
    client.post(reverse("player_new"), {"name": "Eve"})

    lines = stderr.getvalue().splitlines()
    assert len(lines) == 2
    assert "Not Found: /no-such-page/" in lines[0]
    assert "Forbidden (CSRF token missing.): /players/new/" in lines[1]


def test_a_server_error_keeps_its_traceback(stderr):
    try:
        raise RuntimeError("the database went away")
    except RuntimeError:
        logging.getLogger("django.request").error(
            "Internal Server Error: /games/", exc_info=True, extra={"status_code": 500}
        )

    text = stderr.getvalue()
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: the database went away" in text
