"""The table's own rows: the hands phones sent under their own keys (``table.services.outbox``
stores them, ``table.services.submit`` reads them).

They were the club's once; their table keeps the club's name (``club_senthand``), so that
moving them here moved no data."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from scorekeeper.club.models import Game
from scoring.outcomes import Hand
from scoring.record_hand import parse_hand


class SentHand(models.Model):
    """A hand sent with a key the phone made for it (a UUID): recorded once whatever number of
    times it is sent, and, where another phone's hand took its place meanwhile, merged with
    that hand when it is the same, or kept as a conflict for a member to settle.

    ``sequence``: the number of hands the phone had when the hand was entered (its own hands
    still waiting to be sent included); ``after``: the key of the hand before it, where that
    one was still waiting on the phone too."""

    class Outcome(models.TextChoices):
        RECORDED = "recorded", "recorded"
        #: The hand stored at its place was the same hand: taken as that one.
        MERGED = "merged", "merged"
        #: Another hand is at its place (or the hand before it was not taken): kept apart.
        CONFLICT = "conflict", "conflict"
        #: A conflict settled by keeping this version (it replaced the stored one).
        KEPT = "kept", "kept"
        #: A conflict settled by keeping the stored version.
        DISCARDED = "discarded", "discarded"

    class Reason(models.TextChoices):
        """Why a hand was kept apart as a conflict (blank for the others)."""

        #: Another phone's hand is at its place, and it differs.
        TAKEN = "taken", "taken"
        #: The hand entered before it on the phone was kept apart: its points were counted
        #: from a hand the game does not have.
        AFTER = "after", "after"
        #: The game was finished or abandoned before it arrived.
        CLOSED = "closed", "closed"
        #: The game was ended by time before it arrived.
        LATE = "late", "late"
        #: The game changed under the phone (a hand corrected or undone): at its place the
        #: game as it is now makes it impossible.
        CHANGED = "changed", "changed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sent_hands")
    key = models.UUIDField()
    after = models.UUIDField(null=True, blank=True)
    sequence = models.PositiveIntegerField()
    data = models.JSONField()
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    reason = models.CharField(max_length=10, choices=Reason.choices, blank=True, default="")
    #: When the hand was entered on the phone, as it says (never later than it arrived).
    entered_at = models.DateTimeField(null=True, blank=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    sent_at = models.DateTimeField(default=timezone.now, editable=False)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    settled_at = models.DateTimeField(null=True, blank=True)
    #: The stored version that a conflict settled as ``KEPT`` replaced (none if the place
    #: was empty).
    replaced = models.JSONField(null=True, blank=True)

    class Meta:
        db_table = "club_senthand"
        ordering = ["game", "sent_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="one_hand_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.game}: hand {self.sequence + 1} sent as {self.key} ({self.outcome})"

    def to_hand(self) -> Hand:
        return parse_hand(self.data, f"sent[{self.key}]")

    def replaced_hand(self) -> Hand | None:
        return None if self.replaced is None else parse_hand(self.replaced, f"sent[{self.key}]")
