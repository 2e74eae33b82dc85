"""What every room's views share about htmx: the request type that carries its details, and
the choice between a whole page and the partial an htmx request swaps in."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def template_for(request: HtmxHttpRequest, page: str, partial: str) -> str:
    """The whole page, or only the partial an htmx request swaps in (a history restore
    after a cache miss needs the whole page)."""
    if request.htmx and not request.htmx.history_restore_request:
        return f"{page}#{partial}"
    return page
