"""The club's records: players, saved rulesets, games and their hands.

The stored hands are the truth. A game's running points, round, honba, sticks and end are a
projection (``Game.state``) rebuilt by replaying the hands with the engine; the ruleset is
frozen into the game when it starts, so later edits to a saved ruleset never change a game.

The moments rows were made default to now instead of ``auto_now``/``auto_now_add``, so a
restore and the demo data store the moments they are given (``bulk_create`` keeps a value it is
handed, and overwrites an ``auto_now`` one); ``Game.updated_at`` is set by the service that
changes the game.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from scorekeeper.club.bounds import DAY_VALIDATORS, INTEGER_MAX, RESULT_MAX, name_key
from scoring.outcomes import Hand, Penalty
from scoring.record import Source
from scoring.record_hand import hand_to_json, parse_hand
from scoring.rule_values import PLAYER_COUNTS
from scoring.rules import PRESETS, Ruleset, resolve_rules
from scoring.seats import SEATINGS, Seating
from scoring.state import EndReason, GameState, parse_round_label, start_state
from scoring.yaku_stats import STYLES

#: The most hands a game may hold. A hanchan has some 10 to 25; this leaves room for any
#: marathon while keeping a game's pages, replays and records a bounded size. Recording,
#: importing and restoring refuse a game past it.
MAX_HANDS = 300


class NameKeyField(models.CharField):  # type: ignore[type-arg]
    """The key of the row's ``name`` (``bounds.name_key``), set from the name each time the
    row is written, by ``save()`` and by ``bulk_create`` alike (both ask each field for its
    value before writing), so no way of storing a name can leave its key behind. A save of
    some fields only names ``name_key`` beside ``name``."""

    source = "name"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 64)
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def pre_save(self, model_instance: models.Model, add: bool) -> str:
        key = name_key(getattr(model_instance, self.source))
        setattr(model_instance, self.attname, key)
        return key


def unique_name(model: str) -> models.UniqueConstraint:
    """Names differ in more than case, width and spacing, in the database itself, the same
    on every database: "Aki" and "ＡＫＩ" cannot both be stored, even by two requests at the
    same moment."""
    return models.UniqueConstraint(
        fields=["name_key"],
        name=f"{model}_name_key_unique",
        violation_error_message=f"There is already a {model} with this name.",
    )


class PlayersField(models.PositiveSmallIntegerField):  # type: ignore[type-arg]
    """The number of players of the game's frozen rules (``rules["players"]``; a game stored
    before the rules had the parameter is a four-player game), set from the rules each time
    the row is written, by ``save()`` and by ``bulk_create`` alike, as ``NameKeyField`` is:
    the history, standings and statistics filter on it, one kind of game at a time."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("default", 4)
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def pre_save(self, model_instance: models.Model, add: bool) -> int:
        rules = getattr(model_instance, "rules", None) or {}
        players = rules.get("players", 4) if isinstance(rules, dict) else 4
        setattr(model_instance, self.attname, players)
        return int(players)


#: An EMA number as the field takes it (the forms, the admin, ``full_clean``).
EMA_NUMBER_VALIDATOR = RegexValidator(
    r"^[0-9]{8}$",
    gettext_lazy("An EMA number is 8 digits, leading zeros included (07000155)."),
)


class Player(models.Model):
    """A person in the club's registry: the name the club uses, and who they are elsewhere
    (their names in Latin letters, country and EMA number for European tournaments; their
    names on the online platforms, ``PlatformName``). Everything but the name may be blank."""

    name = models.CharField(max_length=100)
    name_key = NameKeyField()
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    given_name = models.CharField(max_length=50, blank=True)
    #: Written as the player writes it; the EMA's file puts it in capitals.
    family_name = models.CharField(max_length=50, blank=True)
    #: ISO 3166-1's three letters (``NLD``), as the EMA's files name countries.
    country = models.CharField(max_length=3, blank=True)
    #: Eight digits, leading zeros kept; blank for a player who has none.
    ema_number = models.CharField(max_length=8, blank=True, validators=[EMA_NUMBER_VALIDATOR])

    class Meta:
        ordering = ["name"]
        constraints = [
            unique_name("player"),
            # One EMA number is one person, in the database itself; blank is anyone's.
            models.UniqueConstraint(
                fields=["ema_number"],
                condition=~models.Q(ema_number=""),
                name="player_ema_number_unique",
                violation_error_message="Another player has this EMA number.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player_detail", args=[self.pk])


class PlatformName(models.Model):
    """A player's name on an online platform: a log from there names them by it. A player has
    any number (an account for each room, a new name after a ban); a name on one platform is
    one player's. ``platform`` is the log's (``scoring.logs``: ``LogGame.platform``)."""

    class Platform(models.TextChoices):
        TENHOU = "tenhou", gettext_lazy("Tenhou")
        MAHJONGSOUL = "mahjongsoul", gettext_lazy("Mahjong Soul")
        OTHER = "other", gettext_lazy("Other")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="platform_names")
    platform = models.CharField(max_length=12, choices=Platform.choices)
    #: As the platform writes it: two names differing in case are two accounts.
    name = models.CharField(max_length=100)

    class Meta:
        ordering = ["platform", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "name"],
                name="platform_name_unique",
                violation_error_message="Another player has this name on this platform.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_platform_display()}: {self.name}"


class SavedRuleset(models.Model):
    """A club's ruleset: a preset plus overrides, validated by the engine."""

    name = models.CharField(max_length=100)
    name_key = NameKeyField()
    preset = models.CharField(max_length=20)
    overrides = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    #: The one an organiser named to be offered first when a game of its number of players
    #: is started (``registry.services.offer_first``): one at most for each number.
    offered_first = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]
        constraints = [unique_name("ruleset")]

    def __str__(self) -> str:
        return self.name

    def to_rules(self) -> Ruleset:
        return resolve_rules({"preset": self.preset, **self.overrides})

    @property
    def players(self) -> int:
        """Its number of players (its override, else its preset's): a ruleset the engine
        no longer takes is offered with its preset's, and refused when chosen."""
        players = self.overrides.get("players") if isinstance(self.overrides, dict) else None
        if players in PLAYER_COUNTS:
            return int(players)
        preset = PRESETS.get(self.preset)
        return preset.players if preset is not None else 4


class Game(models.Model):
    """One game at one table. ``state`` is the projection of its hands (never edited by hand)."""

    class Status(models.TextChoices):
        IN_PLAY = "in_play", "In play"
        FINISHED = "finished", "Finished"
        ABANDONED = "abandoned", "Abandoned"

    table_label = models.CharField(max_length=50, blank=True)
    ruleset_name = models.CharField(max_length=100)
    #: Every parameter, resolved, when the game started (``Ruleset.to_json()``).
    rules = models.JSONField()
    #: 3 or 4, from ``rules``: three- and four-player results are counted apart.
    players = PlayersField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.IN_PLAY)
    #: Number of hands recorded: the sequence number the next hand must carry.
    hand_count = models.PositiveIntegerField(default=0)
    #: Bumped by every change, for cheap conditional requests (ETag).
    revision = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    #: Set when an organiser ends the game before the rules do.
    stopped_early = models.BooleanField(default=False)
    #: Set (with ``stopped_early``) when time was up: the record's ``"end": "time"``.
    stopped_by_time = models.BooleanField(default=False)
    #: The clock the game obeys, written onto it by whoever keeps one (a tournament's table,
    #: when its session starts and whenever its time changes), so that recording a hand
    #: reads it with the game: when its time is up (``None``: no clock) ...
    time_ends_at = models.DateTimeField(null=True, blank=True)
    #: ... and the end policy: the hands it may record once its time is up, counted by the
    #: moment each was entered (1: the hand being played; 2: one more after it).
    hands_after_time = models.PositiveSmallIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    #: The moment of the last change to the projection, set by the service that writes it
    #: (``save_projection``), as ``finished_at`` is.
    updated_at = models.DateTimeField(default=timezone.now, editable=False)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: The moment the game's players were last seated or named as they are now: its start,
    #: then each rename or merge of one of its players (``registry.services``). The table
    #: keeps the seats it read under it (``table.pages.kept_seats``).
    seats_changed_at = models.DateTimeField(default=timezone.now, editable=False)
    #: The one-time token of the form that started the game: the same form sent again
    #: (a double tap, a retry) finds this game instead of starting another.
    start_token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    #: The record's ``start`` (``{"round", "honba", "sticks", "scores"}``) for a game begun
    #: on paper or elsewhere; ``None`` for a game that starts at East 1. The engine checked
    #: it when the game was started or imported.
    start = models.JSONField(null=True, blank=True)
    #: The record's ``penalties``, in the order given (``{"seat", "points", "reason",
    #: "after_hand"}``), each taken off a seat's final result. Like the start they belong to
    #: the record the game is replayed from: start + hands + penalties.
    penalties = models.JSONField(default=list, blank=True)
    #: Where an imported game was played (the record's ``source``): the platform
    #: (``tenhou``, ``mahjongsoul``) and the log's id there; blank for a game of the club's.
    source_platform = models.CharField(max_length=20, blank=True, default="")
    source_log = models.CharField(max_length=200, blank=True, default="")
    #: A digest of the imported log's players and hands (``scoring.logs.convert.log_digest``):
    #: the same game sent again, from either of its formats, is found by it.
    source_digest = models.CharField(max_length=64, blank=True, default="")

    _ruleset: tuple[Any, Ruleset] | None = None

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["status", "-created_at"]),
            # The finished games in the order they finished: the ratings read them from a
            # moment on, and a player's days are the days of their games' ends.
            models.Index(fields=["status", "finished_at"]),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(players__in=(3, 4)), name="three_or_four"),
            models.UniqueConstraint(
                fields=["source_platform", "source_log"],
                condition=~models.Q(source_log=""),
                name="game_source_log_once",
            ),
            models.UniqueConstraint(
                fields=["source_digest"],
                condition=~models.Q(source_digest=""),
                name="game_source_digest_once",
            ),
        ]

    def __str__(self) -> str:
        label = f" ({self.table_label})" if self.table_label else ""
        return gettext("Game %(number)s") % {"number": self.pk} + label

    def get_absolute_url(self) -> str:
        return reverse("game_table", args=[self.pk])

    @property
    def seating(self) -> Seating:
        """The engine's seating of the game's number of players: what pages ask of it."""
        return SEATINGS[self.players]

    def ruleset(self) -> Ruleset:
        """The frozen rules as the engine's ``Ruleset``, read once per loaded game (a
        recorded hand asks for them several times) unless ``rules`` is replaced."""
        kept = self._ruleset
        if kept is not None and kept[0] is self.rules:
            return kept[1]
        rules = dict(self.rules)
        ruleset = resolve_rules({"preset": rules.pop("preset"), **rules})
        self._ruleset = (self.rules, ruleset)
        return ruleset

    def game_state(self) -> GameState:
        return GameState.from_json(self.state)

    @classmethod
    def initial_state(cls, rules: Ruleset, start: GameState | None = None) -> dict[str, Any]:
        return (start_state(rules) if start is None else start).to_json()

    def record_start(self) -> GameState | None:
        """The state the game began from when it was begun elsewhere (``start``), else ``None``."""
        data = self.start
        if not data:
            return None
        round_index = parse_round_label(data["round"])
        assert round_index is not None, "a stored start's round was checked when it was stored"
        state = start_state(self.ruleset())
        return state._replace(
            scores=tuple(data["scores"]),
            round_index=round_index,
            honba=data["honba"],
            sticks=data["sticks"],
        )

    def record_penalties(self) -> tuple[Penalty, ...]:
        """The penalties as the engine's values, in the order given."""
        return tuple(
            Penalty(p["seat"], p["points"], p.get("reason", ""), p.get("after_hand"))
            for p in self.penalties or ()
        )

    def record_end(self) -> EndReason | None:
        """Why the game ended where its hands did not end it, as the record says: time."""
        return EndReason.TIME if self.stopped_by_time else None

    def record_source(self) -> Source | None:
        """Where the game was played, as the record's ``source``; ``None`` for the club's own."""
        if not self.source_platform:
            return None
        return Source(self.source_platform, self.source_log)

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.IN_PLAY


class Seat(models.Model):
    """A player's seat in a game: 0-3 in the game's starting order (East, South, West, North),
    0-2 in a three-player game (``Game.players``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    #: The final standings, kept current when the game finishes or is corrected.
    final_points = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.DecimalField(max_digits=9, decimal_places=1, null=True, blank=True)
    #: Statistics of the seat over the game (``scoring.stats``), kept with the standings.
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    tsumo_wins = models.PositiveIntegerField(default=0)
    dealer_wins = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    riichi = models.PositiveIntegerField(default=0)
    win_points = models.PositiveIntegerField(default=0)
    deal_in_points = models.PositiveIntegerField(default=0)
    best_win = models.PositiveIntegerField(default=0)
    #: What the best win was (the one worth ``best_win``), as numbers: worded when shown.
    best_han = models.PositiveSmallIntegerField(null=True, blank=True)
    best_fu = models.PositiveSmallIntegerField(null=True, blank=True)
    best_yakuman = models.PositiveSmallIntegerField(default=0)
    yakuman = models.PositiveIntegerField(default=0)
    chombos = models.PositiveIntegerField(default=0)
    tobi = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=models.Q(number__lte=3), name="seat_0_to_3"),
            # SQLite would keep a result of any size, which Django then cannot read back:
            # the bounds PostgreSQL's columns hold, on every database.
            models.CheckConstraint(
                condition=models.Q(result__gte=-RESULT_MAX, result__lte=RESULT_MAX),
                name="result_storable",
            ),
            models.CheckConstraint(
                condition=models.Q(final_points__gte=-INTEGER_MAX - 1)
                & models.Q(final_points__lte=INTEGER_MAX),
                name="final_points_storable",
            ),
        ]
        indexes = [models.Index(fields=["player", "game"])]

    def __str__(self) -> str:
        return f"{self.game}: seat {self.number} {self.player}"


class HandRecord(models.Model):
    """One recorded hand, in record form (``scorekeeper.game/1``). Unique per game and
    sequence; an edit replaces ``data`` and the game is replayed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    sequence = models.PositiveIntegerField()
    data = models.JSONField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    recorded_at = models.DateTimeField(default=timezone.now, editable=False)
    #: When the hand was entered: earlier than it was recorded on a phone that waited
    #: without the network, bounded by the server's clock (``table/services/submit.py``);
    #: blank for a hand stored otherwise (imported, restored): when it was recorded.
    entered_at = models.DateTimeField(null=True, blank=True, editable=False)
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    edited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["game", "sequence"], name="one_hand_per_sequence"),
        ]

    def __str__(self) -> str:
        return f"{self.game}: hand {self.sequence + 1}"

    def to_hand(self) -> Hand:
        return parse_hand(self.data, f"hands[{self.sequence}]")

    @staticmethod
    def data_from(hand: Hand) -> dict[str, Any]:
        return hand_to_json(hand)


class WinRecord(models.Model):
    """What one win of a finished game was made of, for the statistics to add up in the
    database: written with the game's seats (``club.projection``), gone when they are blanked.
    ``dora`` and ``style`` are ``None`` and blank where the record does not say."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="win_records")
    hand = models.PositiveIntegerField()  # the hand's sequence number
    #: The winner's seat (0-3) and player; on a ron, the discarder's too.
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    discarder_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    discarder = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+")
    han = models.PositiveSmallIntegerField(null=True, blank=True)
    fu = models.PositiveSmallIntegerField(null=True, blank=True)
    yakuman = models.PositiveSmallIntegerField(default=0)
    dora = models.PositiveSmallIntegerField(null=True, blank=True)  # the han the dora add
    style = models.CharField(max_length=6, choices=[(s, s.title()) for s in STYLES], blank=True)
    #: Whether the record names the win's yaku (``WinYaku``).
    with_yaku = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "hand", "pk"]
        indexes = [models.Index(fields=[who, "game"]) for who in ("player", "discarder")]

    def __str__(self) -> str:
        return f"{self.game}: hand {self.hand + 1}, seat {self.seat} won"


class WinYaku(models.Model):
    """One yaku of a win, by the engine's name (``scoring.yaku``)."""

    win = models.ForeignKey(WinRecord, on_delete=models.CASCADE, related_name="yaku")
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["win", "pk"]

    def __str__(self) -> str:
        return f"{self.win}: {self.name}"


class DeletedGame(models.Model):
    """What is left of a game deleted because it was entered by mistake: where it stood in
    the history (its id and when it started), what it was, and who deleted it when. The
    game itself, its seats and hands are gone, so it counts nowhere; this row only says,
    in its place in the history, that it was there."""

    #: The id the game had: ids are never given again, so it names that game alone.
    game_id = models.PositiveIntegerField(unique=True)
    table_label = models.CharField(max_length=50, blank=True)
    ruleset_name = models.CharField(max_length=100)
    #: The four players' names as they were, East to North.
    players = models.JSONField(default=list)
    #: The game's status and number of hands when it was deleted.
    status = models.CharField(max_length=10, choices=Game.Status.choices)
    hand_count = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField()
    deleted_at = models.DateTimeField()
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    #: The account's name as it was, kept if the account goes.
    deleted_by_name = models.CharField(max_length=150, blank=True)
    #: The game's record when it was deleted (``scorekeeper.game/1``): what the hands that
    #: phones send for it afterwards are read against, and given back with.
    record = models.JSONField(null=True, blank=True)
    #: The hands that waited on phones for this game: sent after it was deleted, or left to
    #: settle when it was. Each ``{"key", "after", "sequence", "hand", "sent_at",
    #: "entered_at", "sent_by"}``, in the order they came; none is lost (its page lists them
    #: and gives them back as a record).
    waiting = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-started_at", "-game_id"]
        indexes = [models.Index(fields=["-started_at", "-game_id"])]

    def __str__(self) -> str:
        label = f" ({self.table_label})" if self.table_label else ""
        return f"Game {self.game_id}{label}"


class Season(models.Model):
    """A set of games whose standings a club keeps: the finished games in a date range, or
    games chosen one by one; optionally only those played under one ruleset."""

    name = models.CharField(max_length=100)
    name_key = NameKeyField()
    start_date = models.DateField(null=True, blank=True, validators=DAY_VALIDATORS)
    end_date = models.DateField(null=True, blank=True, validators=DAY_VALIDATORS)
    #: When not blank, only games started under this ruleset name count.
    ruleset_name = models.CharField(max_length=100, blank=True)
    #: Games chosen by hand; when any are chosen, the date range is not used.
    games = models.ManyToManyField(Game, blank=True, related_name="seasons")
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [unique_name("season")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season_detail", args=[self.pk])


class AccountName(models.Model):
    """An account's username by its key (``bounds.name_key``), unique: two accounts whose
    usernames differ only in case or width cannot both be stored, even when two forms make
    them at the same moment. Accounts are Django's own rows, made by the site's forms and by
    Django's admin and commands alike; the one place all of them pass is the account's
    save, where ``club.accounts`` writes this row in the same transaction."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    key = models.CharField(max_length=64, unique=True)

    def __str__(self) -> str:
        return self.key


class LogUpload(models.Model):
    """Logs sent to the log import page, kept on the server between the preview and the
    confirmation (for ``operations.logs``), so that the confirmation carries a token instead
    of every log's text. Kept an hour at most: older ones are removed when logs are sent."""

    token = models.UUIDField(unique=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.CASCADE, related_name="+"
    )
    #: The saved ruleset chosen to check the logs under (none: the platform's).
    ruleset = models.ForeignKey(
        SavedRuleset, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Each file sent, in order: ``[name, refusal]``, the refusal empty for a file kept in
    #: ``data`` (a ZIP this site writes, its members named by their place in the list).
    files = models.JSONField(default=list)
    data = models.BinaryField()

    def __str__(self) -> str:
        return f"logs sent {self.created_at:%Y-%m-%d %H:%M}"


class ImportedName(models.Model):
    """A name a platform's log gave a player, and the club player an organiser mapped it to
    when importing: the next log with that name proposes the same player."""

    platform = models.CharField(max_length=20)
    name = models.CharField(max_length=100)
    name_key = NameKeyField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["platform", "name_key"], name="one_player_per_imported_name"
            )
        ]

    def __str__(self) -> str:
        return f"{self.platform}: {self.name} → {self.player_id}"
