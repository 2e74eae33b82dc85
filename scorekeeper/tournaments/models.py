"""What a tournament stores: its settings, its registered players, each session's tables
and who sits where, and the organiser's penalties.

A session's games are the club's games (``Game``), one per table, started when the session
starts: their hands, penalties and standings are the table room's, and a tournament's
results are the standings over its games (``results.py``). Until a session starts its
seating can be made again; once it has started, the tables and seats never change (a game
cancelled or fixed by the organiser keeps its table and seats).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.signing import Signer
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy

from scorekeeper.club.bounds import DAY_VALIDATORS
from scorekeeper.club.models import Game, Player
from scorekeeper.format import preset_label
from scoring.rules import PRESETS, Ruleset, resolve_rules

#: The most sessions and players a tournament may have: a long weekend's, a large hall's.
MAX_SESSIONS = 20
MAX_ENTRANTS = 400


class Tournament(models.Model):
    class EndPolicy(models.TextChoices):
        #: WRC: the hand being played is finished; with the dice not thrown, none is.
        THIS_HAND = "this_hand", gettext_lazy("End after the hand being played")
        ONE_MORE = "one_more", gettext_lazy("One more hand after the hand being played")

    name = models.CharField(max_length=100)
    start_date = models.DateField(validators=DAY_VALIDATORS)
    end_date = models.DateField(null=True, blank=True, validators=DAY_VALIDATORS)
    ruleset_name = models.CharField(max_length=100)
    #: Every parameter, resolved, when the tournament was made (``Ruleset.to_json()``), as
    #: a game freezes them: each session's games start under these.
    rules = models.JSONField()
    sessions = models.PositiveSmallIntegerField(default=4)
    #: Whether a substitute's games count for the player they replace (else for nobody).
    substitutes_count = models.BooleanField(default=True)
    #: Whether visitors may read the tables and results (where the club lets them read).
    public = models.BooleanField(default=True)
    session_minutes = models.PositiveSmallIntegerField(default=90)
    end_policy = models.CharField(
        max_length=10, choices=EndPolicy.choices, default=EndPolicy.THIS_HAND
    )
    #: Whether a plan of the sessions to come numbers each session's tables so that each
    #: player sits at the numbers they have had least (nobody at table 1 all day).
    vary_tables = models.BooleanField(default=False)
    #: Results from this session on are shown to the organiser alone until revealed.
    hidden_from = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Players register themselves on the tournament's registration page (until it closes).
    registration_open = models.BooleanField(default=False)
    #: The places: those who register once they are taken wait, and move up in turn.
    places = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A player who registers themselves waits for the organiser's approval.
    approval = models.BooleanField(default=False)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    #: The registration page asks for the names in Latin letters, country and EMA number.
    ask_identity = models.BooleanField(default=False)
    #: A player's own page leads to their table's page with its key: players record hands.
    players_record = models.BooleanField(default=False)
    #: Players check in on the day: the sessions are seated (planned) from those checked in.
    check_in = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-start_date", "-pk"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament_detail", args=[self.pk])

    def ruleset(self) -> Ruleset:
        rules = dict(self.rules)
        return resolve_rules({"preset": rules.pop("preset"), **rules})

    def ruleset_label(self) -> str:
        """The ruleset's name as players know it (a preset's in the reader's language)."""
        return (
            preset_label(self.ruleset_name) if self.ruleset_name in PRESETS else self.ruleset_name
        )

    @property
    def hands_after_time(self) -> int:
        """The end policy as a game obeys it: the hands a table's game may record once its
        time is up (the hand being played; one more after it)."""
        return 2 if self.end_policy == self.EndPolicy.ONE_MORE else 1

    def table_size(self) -> int:
        """Players at a table: the ruleset's (three or four)."""
        return int(self.rules.get("players", 4))

    def registration_closed(self, now: datetime | None = None) -> bool:
        """Whether players may no longer register themselves."""
        if not self.registration_open:
            return True
        closes = self.registration_closes_at
        return closes is not None and (now or timezone.now()) >= closes


class Entrant(models.Model):
    """A registered player of a tournament: in (seated and in the results), waiting for a
    place, or waiting for the organiser's approval; or a substitute, who is seated only in
    the place of a player."""

    class Status(models.TextChoices):
        IN = "in", gettext_lazy("Registered")
        WAITING = "waiting", gettext_lazy("On the waiting list")
        PENDING = "pending", gettext_lazy("Waiting for approval")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    #: The player's EMA number as registered (8 digits, leading zeros kept), blank if none:
    #: kept with the registration, for the results the EMA is sent.
    ema_number = models.CharField(max_length=8, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    #: When the player dropped out: the sessions to come seat them no more, and the
    #: sessions they played still count.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.IN)
    #: Registered to play in another's place: never seated by a plan, never in the results.
    substitute = models.BooleanField(default=False)
    #: Raised by the organiser to revoke the player's link (the old key opens nothing).
    key_version = models.PositiveIntegerField(default=0)
    #: When the player checked in on the day (from their phone, or at the organiser's desk).
    checked_in_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["player__name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.player}"

    def key(self) -> str:
        """The key in the player's own link (signed with the site's secret, like a table's):
        the organiser revokes it by raising ``key_version``."""
        return Signer(salt="tournament-entrant").signature(f"{self.pk}.{self.key_version}")

    def own_url(self) -> str:
        return reverse("my_tournament", args=[self.tournament_id, self.pk, self.key()])


class Session(models.Model):
    """A round of hanchan: one game per table, all started at once."""

    class Method(models.TextChoices):
        RANDOM = "random", gettext_lazy("Random, avoiding repeats")
        SWISS = "swiss", gettext_lazy("Swiss, by the results so far")
        RATING = "rating", gettext_lazy("By rating")
        #: Seated with every session to come at once (``scoring.seating.plans``).
        PLANNED = "planned", gettext_lazy("Planned with the sessions to come")
        PRESCRIPTED = "prescripted", gettext_lazy("Prescripted (uploaded)")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="session_rows"
    )
    number = models.PositiveSmallIntegerField()
    method = models.CharField(max_length=12, choices=Method.choices, blank=True)
    seed = models.BigIntegerField(null=True, blank=True)
    seated_at = models.DateTimeField(null=True, blank=True)
    #: When the clock started and the games began; the seating is fixed from then on.
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_session_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("tournament_session", args=[self.tournament_id, self.number])

    @property
    def started(self) -> bool:
        return self.started_at is not None


class Table(models.Model):
    """A table of a session and its game (once the session has started)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_table"
    )
    #: The games played at this table before its game and played again (cancelled by the
    #: organiser): their pages lead to the game that replaced them.
    earlier_games = models.ManyToManyField(Game, blank=True, related_name="replayed_at")
    #: Minutes this table's game started late, and minutes of extra time the organiser gave.
    late_minutes = models.PositiveSmallIntegerField(default=0)
    extra_minutes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_table_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.session}: table {self.number}"

    def get_absolute_url(self) -> str:
        return reverse(
            "table_page",
            args=[self.session.tournament_id, self.session.number, self.number],
        )

    def key(self) -> str:
        """The key in this table's link for its phones (signed with the site's secret): a
        browser that opens the link with it may record this table's game, and no other. A
        seating made again makes new tables, and the old keys open nothing."""
        return Signer(salt="tournament-table").signature(str(self.pk))

    def keyed_url(self) -> str:
        return self.get_absolute_url() + f"key/{self.key()}/"

    def ends_at(self, session: Session, minutes: int) -> datetime | None:
        """When this table's time is up: the session's length, plus its late start and its
        extra time, from the session's start."""
        if session.started_at is None:
            return None
        return session.started_at + timedelta(
            minutes=minutes + self.late_minutes + self.extra_minutes
        )


class TableSeat(models.Model):
    """Who sits at a seat (0 East to 3 North): a registered player, or a substitute playing
    in their place (``player`` is then not the entrant's)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_entrant_per_seat"),
            models.UniqueConstraint(fields=["session", "entrant"], name="one_seat_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.table}: seat {self.number} {self.player}"

    @property
    def substitute(self) -> bool:
        return self.player_id != self.entrant.player_id


class TournamentPenalty(models.Model):
    """Points (in results, as a standing's total counts them) taken off a registered
    player's tournament total by the organiser, outside any one game's record."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="penalties")
    session = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.DecimalField(max_digits=7, decimal_places=1)
    reason = models.CharField(max_length=200, blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    #: Taken back by the organiser: it counts no more, and the results say so.
    taken_back_at = models.DateTimeField(null=True, blank=True)
    taken_back_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.entrant}: -{self.points}"
