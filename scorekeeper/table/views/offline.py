"""What lets a table go on without the network: the web app manifest (the site installed on
a phone's home screen), the service worker (served from the site's root, so that it may keep
the table pages: a worker serves only the addresses below its own), and the page other
addresses show when the network is gone.

The worker is a template: the static files' addresses it keeps are the storage's (hashed
names in production), and its cache is named by the release, so a new release drops the old
files.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

#: What the worker keeps when it is installed, besides what each table page asks it to keep
#: (its own scripts and styles): the tables' script files, the icons and the tile images.
KEPT = [
    "css/site.css",
    "js/table.js",
    "js/yaku.js",
    "js/outbox.js",
    "js/offline.js",
    "vendor/idb/idb-8.0.4.umd.js",
    "django_htmx/htmx-2.min.js",
    "favicon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
]


def _tiles() -> list[str]:
    folder = Path(settings.BASE_DIR) / "static" / "tiles"
    return [f"tiles/{path.name}" for path in sorted(folder.glob("*.svg"))]


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    kept = [static(name) for name in [*KEPT, *_tiles()]]
    context = {
        "cache": f"scorekeeper-{settings.CACHES['default'].get('KEY_PREFIX', '')}",
        "kept": json.dumps([reverse("offline"), *kept]),
        "offline": json.dumps(reverse("offline")),
        # The prefix of every static address (a storage's manifest has no entry for "").
        "static": json.dumps(settings.STATIC_URL),
    }
    return render(request, "table/sw.js", context, content_type="text/javascript")


@require_safe
def web_manifest(request: HttpRequest) -> HttpResponse:
    manifest = {
        "name": settings.SCOREKEEPER_CLUB_NAME,
        "short_name": settings.SCOREKEEPER_CLUB_NAME,
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#145a3c",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(json.dumps(manifest), content_type="application/manifest+json")


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the worker shows for a page it does not keep while the network is gone. Shown
    as to a visitor, whoever fetched it: the worker keeps it for everyone who uses the
    phone next, so it names no account (the header's name, an organiser's links)."""
    request.user = AnonymousUser()
    return render(request, "table/offline.html")
