"""Bounds on a request, kept by the app itself and not only by a proxy in front of it.

A body larger than ``SCOREKEEPER_MAX_BODY`` is refused with 413 before anything reads it (the
size is the one the client announces; a body sent without one is read as empty by Django).
Forms with too many fields, and bodies whose size the parser finds too large, are refused by
Django with 400; ``bad_request`` says which limit was met instead of a bare "Bad Request".

A view that takes a larger file (restoring a backup) says so with ``allows_body``: a body up
to its limit passes the first check, and is refused after all if the account sending it may
not use the view, still before anything reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.translation import gettext as _

from scorekeeper.request_numbers import request_number

TEXT = "text/plain; charset=utf-8"


def size_text(count: int) -> str:
    """``1 MB``, ``512 KB``, ``300 bytes``: the limit as a person reads it."""
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return _("%(count)s MB") % {"count": count // (1024 * 1024)}
    if count >= 1024 and count % 1024 == 0:
        return _("%(count)s KB") % {"count": count // 1024}
    return _("%(count)s bytes") % {"count": f"{count:,}"}


def too_large(limit: int, request: HttpRequest | None = None) -> HttpResponse:
    """413, in JSON (the API's error shape) for a JSON request, in plain text otherwise."""
    message = _("Request too large: this site takes at most %(size)s in one request.") % {
        "size": size_text(limit)
    }
    if request is not None and request.content_type == "application/json":
        return JsonResponse({"error": message, "field": ""}, status=413)
    return HttpResponse(message + "\n", status=413, content_type=TEXT)


class BodyLimitMiddleware:
    """Refuse a body announced larger than ``SCOREKEEPER_MAX_BODY``, before anything
    (the CSRF check, a view) reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Before ``LocaleMiddleware``: a refusal here is worded in the browser's language.
        with translation.override(translation.get_language_from_request(request)):
            refused = self._refused(request)
        return refused if refused is not None else self.get_response(request)

    def _refused(self, request: HttpRequest) -> HttpResponse | None:
        length = request_number(request.META.get("CONTENT_LENGTH") or "0")
        if length is None:
            return HttpResponse(
                _("Bad request: the Content-Length header is not a number.") + "\n",
                status=400,
                content_type=TEXT,
            )
        limit: int = settings.SCOREKEEPER_MAX_BODY
        if length > limit:
            allowed = _larger_body(request.path_info)
            if allowed is None:
                return too_large(limit, request)
            if length > allowed[0]:
                return too_large(allowed[0], request)
            # Who sent it is known only once the session is read: ``process_view``.
            request._body_check = allowed[1]  # type: ignore[attr-defined]
        return None

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        check = getattr(request, "_body_check", None)
        if check is not None and not check(request.user):
            return too_large(settings.SCOREKEEPER_MAX_BODY, request)
        return None


BodyCheck = Callable[[Any], bool]


def allows_body(setting: str, who: BodyCheck) -> Callable[[Any], Any]:
    """Let a view take a body of up to the setting ``setting`` (in bytes) from the accounts
    ``who`` accepts (everyone else keeps the site's limit)."""

    def decorator(view: Any) -> Any:
        view.body_limit = (setting, who)
        return view

    return decorator


def _larger_body(path: str) -> tuple[int, BodyCheck] | None:
    """The larger limit the view at ``path`` allows, and whom it allows it."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    allowed: tuple[str, BodyCheck] | None = getattr(match.func, "body_limit", None)
    if allowed is None:
        return None
    setting, who = allowed
    return int(getattr(settings, setting)), who


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page: which limit the request met, when it met one."""
    if isinstance(exception, RequestDataTooBig):
        return too_large(settings.DATA_UPLOAD_MAX_MEMORY_SIZE, request)
    if isinstance(exception, TooManyFieldsSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        message = _("Bad request: too many form fields (at most %(count)s).") % {
            "count": f"{limit:,}"
        }
    elif isinstance(exception, TooManyFilesSent):
        message = _("Bad request: too many files (at most %(count)s).") % {
            "count": settings.DATA_UPLOAD_MAX_NUMBER_FILES
        }
    else:
        message = _("Bad request.")
    return HttpResponse(message + "\n", status=400, content_type=TEXT)
