"""What the EMA room stores: a tournament's facts the EMA's file asks for (where it was
played, its short name, whether it qualifies, the weight the EMA gave it), and results of
tournaments played elsewhere, entered by hand for the ranking."""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

from scorekeeper.club.bounds import DAY_VALIDATORS
from scorekeeper.club.models import Player
from scorekeeper.tournaments.models import Tournament

#: The largest MERS weight: three days, more than 80 players, ten countries, qualification.
MAX_WEIGHT = Decimal("6.0")
WEIGHT_VALIDATORS = [MinValueValidator(Decimal(0)), MaxValueValidator(MAX_WEIGHT)]


class TournamentFacts(models.Model):
    """A tournament as the EMA's results file names it. ``weight`` is the one the EMA gave
    (blank until it has: the ranking uses the likely one, worked out from the tournament)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, primary_key=True, related_name="ema_facts"
    )
    #: ISO 3166-1's three letters of the host country.
    country = models.CharField(max_length=3, blank=True)
    city = models.CharField(max_length=100, blank=True)
    short_name = models.CharField(max_length=30, blank=True)
    #: Countries the players come from, where it differs from the players' countries known
    #: here (blank: counted from them).
    countries = models.PositiveSmallIntegerField(null=True, blank=True)
    qualification = models.BooleanField(default=False)
    weight = models.DecimalField(
        max_digits=2, decimal_places=1, null=True, blank=True, validators=WEIGHT_VALIDATORS
    )

    def __str__(self) -> str:
        return str(self.tournament)


class OutsideResult(models.Model):
    """A club player's result in a tournament played elsewhere (not recorded here)."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    tournament = models.CharField(max_length=100)
    #: The tournament's last day: the age factor counts from it.
    last_day = models.DateField(validators=DAY_VALIDATORS)
    players = models.PositiveSmallIntegerField(validators=[MinValueValidator(2)])
    place = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    weight = models.DecimalField(max_digits=2, decimal_places=1, validators=WEIGHT_VALIDATORS)
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-last_day", "tournament", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(place__lte=models.F("players")), name="outside_place_in_field"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.tournament} ({self.place}/{self.players})"
