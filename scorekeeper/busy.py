"""A write that cannot get SQLite's lock in time: 503 with ``Retry-After``, never a 500.

On SQLite every transaction takes the write lock when it begins and waits up to the
database's ``timeout`` (20 seconds) for it. A longer writer (a restore of a large backup
holds it for half a minute) leaves the others with "database is locked": that is the
database busy, not the site failing, so the answer says to try again in a few seconds
(``Retry-After``), and the table's outbox sends its hands again after that time. Nothing was
written: the transaction that could not begin has nothing to undo.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

#: The seconds a client is asked to wait before trying again.
RETRY_AFTER = 10


def is_busy(exception: Exception) -> bool:
    """Whether ``exception`` is SQLite's lock not got in time (its words, which no other
    database says)."""
    if not isinstance(exception, OperationalError):
        return False
    text = str(exception)
    return "database is locked" in text or "database is busy" in text


class BusyDatabaseMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_busy(exception):
            return None
        context = {"seconds": RETRY_AFTER}
        response = render(request, "503.html", context, status=503)
        response["Retry-After"] = str(RETRY_AFTER)
        return response
