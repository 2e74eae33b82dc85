"""Slowing down password guessing: after ``LIMIT`` failed logins for one username from one
address within ``WINDOW``, further attempts are refused (status 429) until the oldest of
them is ``WINDOW`` old, whatever the password.

Failures are rows in the database (``LoginAttempt``), not in a per-process cache, so every
gunicorn worker and every app server on the same database counts the same attempts. Behind
a reverse proxy every request comes from the proxy's address; the limit then holds per
username, which still stops guessing one account's password.
"""

from __future__ import annotations

import logging
import math
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.forms import Form
from django.http import HttpRequest
from django.utils import timezone

from scorekeeper.club.models import LoginAttempt

LIMIT = 10
WINDOW = timedelta(minutes=15)
TOO_MANY = "too_many_attempts"

log = logging.getLogger(__name__)


def client_ip(request: HttpRequest | None) -> str:
    return (request.META.get("REMOTE_ADDR") or "")[:45] if request else ""


def _key(username: str) -> str:
    return username.strip().lower()[:150]


def retry_after(username: str, ip: str, *, now: datetime) -> timedelta | None:
    """How long until ``username`` may try again from ``ip``; None when it may now."""
    recent = list(
        LoginAttempt.objects.filter(username=_key(username), ip=ip, at__gt=now - WINDOW)
        .order_by("-at")
        .values_list("at", flat=True)[:LIMIT]
    )
    if len(recent) < LIMIT:
        return None
    return recent[-1] + WINDOW - now


def record_failure(username: str, ip: str, *, now: datetime) -> None:
    LoginAttempt.objects.create(username=_key(username), ip=ip, at=now)
    # Forget what no longer counts, so the table stays as small as the window.
    LoginAttempt.objects.filter(at__lte=now - WINDOW).delete()


def clear_failures(username: str, ip: str) -> None:
    LoginAttempt.objects.filter(username=_key(username), ip=ip).delete()


def wait_message(wait: timedelta) -> str:
    """``Too many attempts, try again in 3 minutes.``

    >>> wait_message(timedelta(seconds=61)), wait_message(timedelta(seconds=5))
    ('Too many attempts, try again in 2 minutes.', 'Too many attempts, try again in 1 minute.')
    """
    minutes = max(1, math.ceil(wait.total_seconds() / 60))
    return f"Too many attempts, try again in {minutes} minute{'s' if minutes > 1 else ''}."


class RateLimitedAuthenticationForm(AuthenticationForm):
    """Django's login form, counting failures and refusing while there are too many."""

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        ip = client_ip(self.request)
        now = timezone.now()
        wait = retry_after(username, ip, now=now)
        if wait is not None:
            log.warning("login refused: too many attempts for %r from %s", _key(username), ip)
            raise ValidationError(wait_message(wait), code=TOO_MANY)
        try:
            cleaned = super().clean()
        except ValidationError:
            if username and self.cleaned_data.get("password"):
                record_failure(username, ip, now=now)
            raise
        clear_failures(username, ip)
        return cleaned


def refusal_status(form: Form) -> int:
    """429 for a login refused for too many attempts, 422 for any other refused form."""
    return 429 if form.has_error(NON_FIELD_ERRORS, TOO_MANY) else 422
