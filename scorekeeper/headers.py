"""The security headers Django does not set itself: a Content-Security-Policy that fits the
pages.

Every script and style the pages use is a file the site serves itself (htmx from
django-htmx, the table's and calculator's scripts, the style sheet): no inline script, no
``style`` attribute, no ``eval`` (no ``hx-on``, no ``js:`` values, no trigger filters). So the
policy allows only the site's own files, plus one inline style block whose digest it names:
the 500 page's, which is drawn without static files on purpose, for when the server has
failed. htmx's own indicator style is turned off in the pages (``htmx-config``), as the pages
use no indicator. The charts are SVG inside the page and need nothing more.

The admin's templates hold no inline script or style either. A response that sets its own
policy keeps it.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Final

from django.conf import settings
from django.http import HttpRequest, HttpResponse


def inline_style_hashes(template: Path) -> list[str]:
    """The CSP source of each ``<style>`` block in ``template`` (its text as is, without
    template tags: the 500 page's is plain CSS)."""
    text = template.read_text(encoding="utf-8")
    blocks = [part.partition("</style>")[0] for part in text.split("<style>")[1:]]
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode() + "'"
        for block in blocks
    ]


def content_security_policy() -> str:
    error_page = Path(settings.BASE_DIR) / "templates" / "500.html"
    styles = " ".join(["'self'", *inline_style_hashes(error_page)])
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            f"style-src {styles}",
            "img-src 'self'",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


HEADER: Final = "Content-Security-Policy"


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = content_security_policy()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER not in response:
            response[HEADER] = self.policy
        return response
