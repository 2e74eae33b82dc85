"""A limit on the requests of each token, kept in Django's cache (shared by the server's
workers): at most ``SCOREKEEPER_API_RATE`` requests a minute, counted in windows of a
minute. A bot that sends more is answered 429 with ``Retry-After`` until the next window.

The count is approximate where the cache's increment is not atomic (the file cache's is a
read and a write): two workers counting the same request at the same moment may count it
once. A limit against a runaway bot, not a meter.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

from scorekeeper.api.refusals import ApiRefusal

WINDOW = 60


def limit(token_id: int, *, now: float | None = None) -> None:
    """Count one request of the token; refuse it (``rate.limited``) past the limit."""
    most = int(settings.SCOREKEEPER_API_RATE)
    moment = time.time() if now is None else now
    window = int(moment // WINDOW)
    key = f"api-rate:{token_id}:{window}"
    cache.add(key, 0, timeout=WINDOW * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=WINDOW * 2)
        count = 1
    if count > most:
        seconds = max(1, int((window + 1) * WINDOW - moment))
        raise ApiRefusal(
            "rate.limited",
            {"limit": most, "seconds": seconds},
            headers={"Retry-After": str(seconds)},
        )
