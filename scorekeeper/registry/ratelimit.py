"""Slowing down password guessing, without handing anyone a cheap way to lock others out.

Every login attempt is counted *before* its password is checked, in one atomic step that
returns the new count (the count's row is locked while it is raised), so forty attempts
sent at once are forty counts, and only the first ``LIMIT`` of them are checked. Two counts:

- per username and address: ``LIMIT`` attempts in ``WINDOW``, then that address is refused
  for that username (status 429) until the window is over, whatever the password;
- per username over every address: ``USERNAME_LIMIT`` attempts in ``WINDOW``. Only attempts
  that passed the first count raise it, so one address spends at most ``LIMIT`` of it: it
  takes many addresses to lock an account for everyone, and as many to guess on it.

A successful login clears its username and address count. The counts are rows in the
database, so every gunicorn worker and every app server counts the same attempts. Behind a
reverse proxy every request comes from the proxy's address: name the header in which the
proxy passes the client's address on (``DJANGO_CLIENT_IP_HEADER``, the setting
``SCOREKEEPER_CLIENT_IP_HEADER``), or the per-address count holds for everyone at once.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.forms import Form
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import ngettext

from scorekeeper.club.models import LoginCount

LIMIT = 10
USERNAME_LIMIT = 100
WINDOW = timedelta(minutes=15)
TOO_MANY = "too_many_attempts"
EVERY_ADDRESS = ""

log = logging.getLogger(__name__)


def client_ip(request: HttpRequest | None) -> str:
    """The client's address: the peer's, or behind a proxy the last address in the header
    the proxy sets (``SCOREKEEPER_CLIENT_IP_HEADER``), the one the proxy itself added;
    anything before it was written by the client and proves nothing."""
    if request is None:
        return ""
    header = getattr(settings, "SCOREKEEPER_CLIENT_IP_HEADER", "")
    forwarded = request.META.get(header, "") if header else ""
    address = forwarded.split(",")[-1].strip() if forwarded else ""
    return (address or request.META.get("REMOTE_ADDR") or "")[:45]


def _key(username: str) -> str:
    return username.strip().lower()[:150]


@dataclass(frozen=True)
class Count:
    """A count just raised: the attempts in the window so far, this one included."""

    attempts: int
    started: datetime

    def wait(self, now: datetime) -> timedelta:
        return self.started + WINDOW - now


def count_attempt(username: str, ip: str, *, now: datetime) -> Count:
    """Count one attempt for ``username`` from ``ip`` (``EVERY_ADDRESS``: over every
    address) and return the count with it. The row is locked from the read to the write
    (``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite the transaction holds the write lock
    from its start), so attempts at the same moment each get a count of their own."""
    with transaction.atomic():
        row, _ = LoginCount.objects.select_for_update().get_or_create(
            username=_key(username), ip=ip, defaults={"started": now}
        )
        if row.started <= now - WINDOW:
            row.count, row.started = 0, now
        row.count += 1
        row.save(update_fields=["count", "started"])
    return Count(row.count, row.started)


def forget_old_counts(*, now: datetime) -> None:
    """Counts whose window is over no longer matter: the table stays as small as the
    usernames tried within one window."""
    LoginCount.objects.filter(started__lte=now - WINDOW).delete()


def clear_failures(username: str, ip: str) -> None:
    LoginCount.objects.filter(username=_key(username), ip=ip).delete()


def wait_message(wait: timedelta) -> str:
    """``Too many attempts, try again in 3 minutes.``

    >>> wait_message(timedelta(seconds=61)), wait_message(timedelta(seconds=5))
    ('Too many attempts, try again in 2 minutes.', 'Too many attempts, try again in 1 minute.')
    """
    minutes = max(1, math.ceil(wait.total_seconds() / 60))
    return ngettext(
        "Too many attempts, try again in %(minutes)s minute.",
        "Too many attempts, try again in %(minutes)s minutes.",
        minutes,
    ) % {"minutes": minutes}


class RateLimitedAuthenticationForm(AuthenticationForm):
    """Django's login form, counting each attempt before its password is checked and
    refusing, unchecked, the attempts past the limits."""

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        if username and self.cleaned_data.get("password"):
            self._count(username)
        cleaned = super().clean()
        clear_failures(username, client_ip(self.request))
        return cleaned

    def _count(self, username: str) -> None:
        ip = client_ip(self.request)
        now = timezone.now()
        forget_old_counts(now=now)
        here = count_attempt(username, ip, now=now)
        if here.attempts > LIMIT:
            self._refuse(here, now, f"too many attempts for {_key(username)!r} from {ip}")
        everywhere = count_attempt(username, EVERY_ADDRESS, now=now)
        if everywhere.attempts > USERNAME_LIMIT:
            self._refuse(everywhere, now, f"too many attempts for {_key(username)!r}")

    def _refuse(self, count: Count, now: datetime, why: str) -> None:
        log.warning("login refused: %s", why)
        raise ValidationError(wait_message(count.wait(now)), code=TOO_MANY)


def refusal_status(form: Form) -> int:
    """429 for a login refused for too many attempts, 422 for any other refused form."""
    return 429 if form.has_error(NON_FIELD_ERRORS, TOO_MANY) else 422
