"""The registry's own rows: the login counts and password-check budgets
(``registry.ratelimit``) and the row that says the club has had its first organiser.

They were the club's models once; their tables keep the club's names
(``club_logincount``, ``club_addresscount``, ``club_clubsetup``), so that moving them here
moved no data."""

from __future__ import annotations

from django.db import models


class LoginCount(models.Model):
    """Login attempts counted for one username from one address, or from every address
    (``ip`` blank), since ``started`` (``scorekeeper.registry.ratelimit``). In the database,
    so every server process and every app server counts the same attempts."""

    #: The username as typed, lower-cased: "Alice" and "alice" count together.
    username = models.CharField(max_length=150)
    #: The client's address; blank for the count over every address.
    ip = models.CharField(max_length=45, blank=True)
    count = models.PositiveIntegerField(default=0)
    started = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "club_logincount"
        constraints = [
            models.UniqueConstraint(fields=["username", "ip"], name="one_login_count_per_key")
        ]

    def __str__(self) -> str:
        where = f"from {self.ip}" if self.ip else "from every address"
        return f"{self.username} {where}: {self.count} since {self.started:%Y-%m-%d %H:%M:%S}"


class AddressCount(models.Model):
    """The site's budgets of password checks (``scorekeeper.registry.ratelimit``): the
    checks made since ``started`` for every username from every address, one row a budget
    (``ip`` names the budget: ``*`` for browsers no account has logged in from, ``*known``
    for those one has). No address is ever counted here: an address's failures never hold
    back the other accounts behind it."""

    ip = models.CharField(max_length=45, unique=True)
    count = models.PositiveIntegerField(default=0)
    started = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "club_addresscount"

    def __str__(self) -> str:
        return f"{self.ip}: {self.count} since {self.started:%Y-%m-%d %H:%M:%S}"


class ClubSetup(models.Model):
    """The one row that says the site has had its first organiser. Made in the same
    transaction as that account, with a fixed key, so that of two first-run forms sent at
    the same moment the database lets exactly one through, on SQLite and PostgreSQL alike."""

    ONLY = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=ONLY)
    done_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "club_clubsetup"
        constraints = [models.CheckConstraint(condition=models.Q(id=1), name="one_club_setup")]

    def __str__(self) -> str:
        return f"set up at {self.done_at:%Y-%m-%d %H:%M}"
