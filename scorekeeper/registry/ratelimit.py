"""Slowing down password guessing, without handing anyone a cheap way to lock others out.

Every login attempt is counted *before* its password is checked, in one atomic step that
returns the new count (the count's row is locked while it is raised), so forty attempts
sent at once are forty counts, and only those within the limits are checked. Checking a
password is the costly part of a login (a quarter of a second of CPU, on purpose), so the
counts bound that cost as well as the guesses. Three counts, in this order:

- per username and address: ``LIMIT`` attempts in ``WINDOW``, then that address is refused
  for that username until the window is over, whatever the password;
- per address over every username: ``ADDRESS_LIMIT`` attempts in ``WINDOW``, then that
  address is refused (429) whatever it tries. Only attempts that passed the count above
  spend it (one refused there costs nothing), and a successful login gives its attempt
  back, so a club's members logging in behind one address spend none of it; a flood of
  usernames from one address costs at most ``ADDRESS_LIMIT`` password checks;
- per username over every address: ``USERNAME_LIMIT`` attempts in ``WINDOW``. Only attempts
  that passed the counts above raise it, so one address spends at most ``LIMIT`` of it: it
  takes many addresses to lock an account for everyone, and as many to guess on it. A
  browser the account has logged in from before (a signed cookie naming the account, kept a
  year) is not held back by this count: so an account locked for everyone by a spread of
  addresses still logs in from its owner's own phone.

An IPv6 address counts by its /64: one home or phone is given a whole /64, and each of its
addresses would otherwise count apart. A successful login clears its username and address
count. The counts are rows in the database (visible, and deleted to lift a lockout, in the
admin), so every gunicorn worker and every app server counts the same attempts. Behind a
reverse proxy every request comes from the proxy's address: name the header in which the
proxy passes the client's address on (``DJANGO_CLIENT_IP_HEADER``, the setting
``SCOREKEEPER_CLIENT_IP_HEADER``), or the per-address counts hold for everyone at once.
"""

from __future__ import annotations

import ipaddress
import logging
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.db.models import F
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import ngettext

from scorekeeper.club.models import AddressCount, LoginCount

LIMIT = 10
USERNAME_LIMIT = 100
ADDRESS_LIMIT = 30
#: The cookie that names the accounts a browser has logged in to, signed, for a year.
DEVICE_COOKIE = "known_logins"
DEVICE_SALT = "scorekeeper.registry.ratelimit.device"
DEVICE_AGE = 365 * 24 * 3600
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
    return counted_address(address or request.META.get("REMOTE_ADDR") or "")


def counted_address(address: str) -> str:
    """The address as the counts know it: an IPv6 address by its /64 (an IPv4 address in
    IPv6 form as the IPv4 address), anything else as it is.

    >>> counted_address("2001:db8:1:2:a:b:c:d"), counted_address("::ffff:10.0.0.1")
    ('2001:db8:1:2::/64', '10.0.0.1')
    """
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return address[:45]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{parsed}/64", strict=False))
    return str(parsed)


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


def count_address(ip: str, *, now: datetime) -> Count:
    """Count one attempt from ``ip`` over every username, as ``count_attempt`` does."""
    with transaction.atomic():
        row, _ = AddressCount.objects.select_for_update().get_or_create(
            ip=ip, defaults={"started": now}
        )
        if row.started <= now - WINDOW:
            row.count, row.started = 0, now
        row.count += 1
        row.save(update_fields=["count", "started"])
    return Count(row.count, row.started)


def give_back(ip: str) -> None:
    """A successful login's attempt, given back to its address's budget."""
    AddressCount.objects.filter(ip=ip, count__gt=0).update(count=F("count") - 1)


def forget_old_counts(*, now: datetime) -> None:
    """Counts whose window is over no longer matter: the tables stay as small as the
    usernames and addresses tried within one window."""
    LoginCount.objects.filter(started__lte=now - WINDOW).delete()
    AddressCount.objects.filter(started__lte=now - WINDOW).delete()


def known_accounts(request: HttpRequest | None) -> list[str]:
    """The accounts (their counted usernames) this browser has logged in to before."""
    value = request.COOKIES.get(DEVICE_COOKIE, "") if request is not None else ""
    try:
        known = signing.loads(value, salt=DEVICE_SALT, max_age=DEVICE_AGE) if value else []
    except signing.BadSignature:
        return []
    return [name for name in known if isinstance(name, str)] if isinstance(known, list) else []


def remember_account(request: HttpRequest, response: HttpResponse, username: str) -> None:
    """Name ``username`` in the browser's signed cookie of accounts it has logged in to (at
    most five, the latest first)."""
    names = [_key(username), *(n for n in known_accounts(request) if n != _key(username))][:5]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(names, salt=DEVICE_SALT),
        max_age=DEVICE_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


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
        ip = client_ip(self.request)
        clear_failures(username, ip)
        give_back(ip)
        return cleaned

    def _count(self, username: str) -> None:
        ip = client_ip(self.request)
        now = timezone.now()
        forget_old_counts(now=now)
        here = count_attempt(username, ip, now=now)
        if here.attempts > LIMIT:
            self._refuse(here, now, f"too many attempts for {_key(username)!r} from {ip}")
        # Only an attempt that would be checked spends the address's budget: one refused
        # above costs nothing, and must not lock the address for its other usernames.
        address = count_address(ip, now=now)
        if address.attempts > ADDRESS_LIMIT:
            self._refuse(address, now, f"too many attempts from {ip}")
        if _key(username) in known_accounts(self.request):
            return  # the account's own browser: a spread of addresses does not hold it back
        everywhere = count_attempt(username, EVERY_ADDRESS, now=now)
        if everywhere.attempts > USERNAME_LIMIT:
            self._refuse(everywhere, now, f"too many attempts for {_key(username)!r}")

    def _refuse(self, count: Count, now: datetime, why: str) -> None:
        log.warning("login refused: %s", why)
        raise ValidationError(wait_message(count.wait(now)), code=TOO_MANY)


def refusal_status(form: Form) -> int:
    """429 for a login refused for too many attempts, 422 for any other refused form."""
    return 429 if form.has_error(NON_FIELD_ERRORS, TOO_MANY) else 422
