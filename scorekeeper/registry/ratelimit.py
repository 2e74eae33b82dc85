"""Slowing down password guessing, without handing anyone a cheap way to lock others out.

Every login attempt is counted *before* its password is checked, in one atomic step that
returns the new count (the count's row is locked while it is raised), so forty attempts
sent at once are forty counts, and only those within the limits are checked. Checking a
password is the costly part of a login (a quarter of a second of CPU, on purpose), so a
budget bounds that cost as the counts bound the guesses:

- per username and address: ``LIMIT`` attempts in ``WINDOW``, then that address is refused
  (429) for that username until the window is over, whatever the password. This is the one
  lockout an address can bring about, and only on the account it guesses at: others behind
  the same address (a club's members on its wifi) keep logging in with their passwords,
  whatever one of them tries. Only that pair's attempts count towards it, so only that pair
  can renew it. A browser the account has logged in from before (a signed cookie naming
  the account, kept a year) is a pair of its own with its address: guesses from a stranger
  at the same address do not lock its owner out;
- per username over every address: ``USERNAME_LIMIT`` attempts in ``WINDOW``. Only attempts
  that passed the count above raise it, so one address spends at most ``LIMIT`` of it: it
  takes many addresses to lock an account for everyone, and as many to guess on it. The
  account's own browser is not held back by this count;
- the site's budget of password checks: ``CHECKS`` in ``CHECK_WINDOW`` over every username
  and address together, so however many addresses (or IPv6 /64s) an attacker holds, the
  checks take at most that much CPU; past it an attempt is answered 503 (the site is busy,
  try again in a few seconds), its password unchecked. Browsers an account has logged in
  from draw on a budget of their own (``KNOWN_CHECKS``), so a flood of strangers does not
  keep the members' own phones out.

An IPv6 address counts by its /64: one home or phone is given a whole /64, and each of its
addresses would otherwise count apart. A successful login clears its pair's count. The
counts are rows in the database, so every gunicorn worker and every app server counts the
same attempts; an organiser sees the lockouts on the members page and lifts one there
(``lift_lockout``). Behind a reverse proxy every request comes from the proxy's address:
name the header in which the proxy passes the client's address on
(``DJANGO_CLIENT_IP_HEADER``, the setting ``SCOREKEEPER_CLIENT_IP_HEADER``), or the
per-address counts hold for everyone at once.
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
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import ngettext

from scorekeeper.registry.models import AddressCount, LoginCount

LIMIT = 10
USERNAME_LIMIT = 100
#: Password checks the site makes in ``CHECK_WINDOW`` for browsers no account has logged in
#: from, and for those an account has (at a quarter of a second each, at most 0.75 and 0.25
#: of a core).
CHECKS = 30
KNOWN_CHECKS = 10
CHECK_WINDOW = timedelta(seconds=10)
#: The budgets' rows (``AddressCount.ip``: no address is written so).
SITE_BUDGET = "*"
KNOWN_BUDGET = "*known"
#: Before the address, in a pair's count for a browser the account has logged in from.
KNOWN_BROWSER = "known "
#: The cookie that names the accounts a browser has logged in to, signed, for a year.
DEVICE_COOKIE = "known_logins"
DEVICE_SALT = "scorekeeper.registry.ratelimit.device"
DEVICE_AGE = 365 * 24 * 3600
WINDOW = timedelta(minutes=15)
TOO_MANY = "too_many_attempts"
BUSY = "busy"
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
    window: timedelta = WINDOW

    def wait(self, now: datetime) -> timedelta:
        return self.started + self.window - now


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


def count_check(budget: str, *, now: datetime) -> Count:
    """Count one password check against the site's ``budget`` (``SITE_BUDGET`` or
    ``KNOWN_BUDGET``), whose window is ``CHECK_WINDOW``, as ``count_attempt`` counts."""
    with transaction.atomic():
        row, _ = AddressCount.objects.select_for_update().get_or_create(
            ip=budget, defaults={"started": now}
        )
        if row.started <= now - CHECK_WINDOW:
            row.count, row.started = 0, now
        row.count += 1
        row.save(update_fields=["count", "started"])
    return Count(row.count, row.started, CHECK_WINDOW)


def forget_old_counts(*, now: datetime) -> None:
    """Counts whose window is over no longer matter: the tables stay as small as the
    usernames and addresses tried within one window."""
    LoginCount.objects.filter(started__lte=now - WINDOW).delete()
    AddressCount.objects.filter(started__lte=now - WINDOW).delete()


def lockouts(*, now: datetime) -> list[LoginCount]:
    """The counts that refuse their username now (from one address, or from every address
    but the account's own browsers), the latest first."""
    live = LoginCount.objects.filter(started__gt=now - WINDOW)
    return list(
        (
            live.filter(ip="", count__gte=USERNAME_LIMIT)
            | live.exclude(ip="").filter(count__gte=LIMIT)
        ).order_by("-started", "username", "ip")
    )


def lift_lockout(*, count_id: int) -> LoginCount | None:
    """Forget one count, which lifts the lockout it holds; the count forgotten, or ``None``
    if it was gone already (lifted, or its window over)."""
    count = LoginCount.objects.filter(pk=count_id).first()
    if count is not None:
        count.delete()
    return count


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


def busy_message(wait: timedelta) -> str:
    """``The site is busy checking passwords: try again in 4 seconds.``"""
    seconds = max(1, math.ceil(wait.total_seconds()))
    return ngettext(
        "The site is busy checking passwords: try again in %(seconds)s second.",
        "The site is busy checking passwords: try again in %(seconds)s seconds.",
        seconds,
    ) % {"seconds": seconds}


class RateLimitedAuthenticationForm(AuthenticationForm):
    """Django's login form, counting each attempt before its password is checked and
    refusing, unchecked, the attempts past the limits or the site's budget. ``retry_after``
    is the seconds a refused attempt is told to wait."""

    retry_after = 0

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username") or ""
        pair = self._pair(username)
        if username and self.cleaned_data.get("password"):
            self._count(username, pair)
        cleaned = super().clean()
        clear_failures(username, pair)
        return cleaned

    def _pair(self, username: str) -> str:
        """The address the pair's count names: the client's, marked as the account's own
        browser where the browser has logged in to it before."""
        ip = client_ip(self.request)
        if username and _key(username) in known_accounts(self.request):
            return (KNOWN_BROWSER + ip)[:45]
        return ip

    def _count(self, username: str, pair: str) -> None:
        now = timezone.now()
        forget_old_counts(now=now)
        here = count_attempt(username, pair, now=now)
        if here.attempts > LIMIT:
            self._refuse(here, now, f"too many attempts for {_key(username)!r} from {pair}")
        known = pair.startswith(KNOWN_BROWSER)
        if not known:
            # The account's own browser is not held back by a spread of addresses.
            everywhere = count_attempt(username, EVERY_ADDRESS, now=now)
            if everywhere.attempts > USERNAME_LIMIT:
                self._refuse(everywhere, now, f"too many attempts for {_key(username)!r}")
        budget = count_check(KNOWN_BUDGET if known else SITE_BUDGET, now=now)
        if budget.attempts > (KNOWN_CHECKS if known else CHECKS):
            self._refuse(budget, now, "the site's budget of password checks is spent", BUSY)

    def _refuse(self, count: Count, now: datetime, why: str, code: str = TOO_MANY) -> None:
        log.warning("login refused: %s", why)
        wait = count.wait(now)
        self.retry_after = max(1, math.ceil(wait.total_seconds()))
        message = busy_message(wait) if code == BUSY else wait_message(wait)
        raise ValidationError(message, code=code)


def refusal_status(form: Form) -> int:
    """429 for a login refused for too many attempts at its account, 503 for one refused
    while the site's budget of password checks is spent, 422 for any other refused form."""
    if form.has_error(NON_FIELD_ERRORS, TOO_MANY):
        return 429
    if form.has_error(NON_FIELD_ERRORS, BUSY):
        return 503
    return 422
