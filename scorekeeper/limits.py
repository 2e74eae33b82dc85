"""Bounds on a request, kept by the app itself and not only by a proxy in front of it.

A body larger than ``SCOREKEEPER_MAX_BODY`` is refused with 413 before anything reads it (the
size is the one the client announces; a body sent without one is read as empty by Django).
Forms with too many fields, and bodies whose size the parser finds too large, are refused by
Django with 400; ``bad_request`` says which limit was met instead of a bare "Bad Request".
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, HttpResponse, JsonResponse

TEXT = "text/plain; charset=utf-8"


def _size(count: int) -> str:
    """``1 MB``, ``512 KB``, ``300 bytes``: the limit as a person reads it."""
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return f"{count // (1024 * 1024)} MB"
    if count >= 1024 and count % 1024 == 0:
        return f"{count // 1024} KB"
    return f"{count:,} bytes"


def too_large(limit: int, request: HttpRequest | None = None) -> HttpResponse:
    """413, in JSON (the API's error shape) for a JSON request, in plain text otherwise."""
    message = f"Request too large: this site takes at most {_size(limit)} in one request."
    if request is not None and request.content_type == "application/json":
        return JsonResponse({"error": message, "field": ""}, status=413)
    return HttpResponse(message + "\n", status=413, content_type=TEXT)


class BodyLimitMiddleware:
    """Refuse a body announced larger than ``SCOREKEEPER_MAX_BODY``, before anything
    (the CSRF check, a view) reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        announced = request.META.get("CONTENT_LENGTH") or "0"
        try:
            length = int(announced)
        except ValueError:
            return HttpResponse(
                "Bad request: the Content-Length header is not a number.\n",
                status=400,
                content_type=TEXT,
            )
        limit: int = settings.SCOREKEEPER_MAX_BODY
        if length > limit:
            return too_large(limit, request)
        return self.get_response(request)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page: which limit the request met, when it met one."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, request)
    if isinstance(exception, TooManyFieldsSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        message = f"Bad request: too many form fields (at most {limit:,})."
    elif isinstance(exception, TooManyFilesSent):
        message = f"Bad request: too many files (at most {settings.DATA_UPLOAD_MAX_NUMBER_FILES})."
    else:
        message = "Bad request."
    return HttpResponse(message + "\n", status=400, content_type=TEXT)
