"""What the API stores: its tokens, one row each, kept after they are revoked (the member's
page lists them struck through, so that a member sees which bot lost its access and when).

Only a digest of a token is stored (SHA-256 of its secret): a token is 32 random bytes, too
many to guess, so a slow password hash adds nothing; a copy of the database gives nobody a
token that works. The first characters (``prefix``) are kept in clear to tell the tokens
apart on the page.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy


class Token(models.Model):
    class Scope(models.TextChoices):
        #: Reads games, standings and ratings.
        READ = "read", gettext_lazy("Read")
        #: Reads, and starts games and records, corrects and undoes hands, as its member may.
        RECORD = "record", gettext_lazy("Record")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    scope = models.CharField(max_length=10, choices=Scope.choices)
    prefix = models.CharField(max_length=12)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def may_record(self) -> bool:
        return self.scope == self.Scope.RECORD
