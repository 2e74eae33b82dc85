"""The club's records: players, saved rulesets, games and their hands.

The stored hands are the truth. A game's running points, round, honba, sticks and end are a
projection (``Game.state``) rebuilt by replaying the hands with the engine; the ruleset is
frozen into the game when it starts, so later edits to a saved ruleset never change a game.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, connections, models, transaction
from django.urls import reverse

from scoring.game import GameState, start_state
from scoring.outcomes import Hand
from scoring.record import hand_to_json, parse_hand
from scoring.rules import Ruleset, resolve_rules


class Player(models.Model):
    """A person in the club's registry."""

    name = models.CharField(max_length=100, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player_detail", args=[self.pk])


class SavedRuleset(models.Model):
    """A club's ruleset: a preset plus overrides, validated by the engine."""

    name = models.CharField(max_length=100, unique=True)
    preset = models.CharField(max_length=20)
    overrides = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def to_rules(self) -> Ruleset:
        return resolve_rules({"preset": self.preset, **self.overrides})


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
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.IN_PLAY)
    #: Number of hands recorded: the sequence number the next hand must carry.
    hand_count = models.PositiveIntegerField(default=0)
    #: Bumped by every change, for cheap conditional requests (ETag).
    revision = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    #: Set when an organiser ends the game before the rules do.
    stopped_early = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    #: The players' names in seat order, where they were read with the game (not stored).
    names: tuple[str, ...] | None = None
    _ruleset: tuple[Any, Ruleset] | None = None

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        label = f" ({self.table_label})" if self.table_label else ""
        return f"Game {self.pk}{label}"

    def get_absolute_url(self) -> str:
        return reverse("game_table", args=[self.pk])

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
    def initial_state(cls, rules: Ruleset) -> dict[str, Any]:
        return start_state(rules).to_json()

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.IN_PLAY


# Read and written on every hand recorded (and read on every preview): by hand-written
# SQL, because Django's query compiler costs about 150-300 µs a query where these take
# 10-70 µs (tests/bench).


def fetch_game(game_id: int, *, lock: bool = False, names: bool = False) -> Game:
    """The game with this primary key (``Game.DoesNotExist`` if none), its row locked until
    the transaction ends with ``lock`` (where the database locks rows: PostgreSQL; SQLite
    takes the whole database for writing when the transaction begins), with its players'
    names in seat order (``Game.names``) read in the same query with ``names``."""
    fields = Game._meta.concrete_fields
    lock = lock and connection.features.has_select_for_update
    sql = _select_statement(names, lock, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(f"No game {game_id}.")
    values = list(row[: len(fields)])
    for index, (expression, converters) in enumerate(_converters(connection.alias)):
        for convert in converters:
            values[index] = convert(values[index], expression, connection)
    game = Game.from_db(connection.alias, [field.attname for field in fields], values)
    if names:
        game.names = tuple(row[len(fields) :])
    return game


@cache
def _select_statement(names: bool, lock: bool, vendor: str) -> str:
    """``fetch_game``'s query, worked out once for each database kind."""
    quote = connection.ops.quote_name
    columns = ", ".join(f"g.{_column(field)}" for field in Game._meta.concrete_fields)
    if names:
        columns += "".join(
            f", (SELECT p.name FROM {quote(Seat._meta.db_table)} s "
            f"JOIN {quote(Player._meta.db_table)} p ON p.id = s.player_id "
            f"WHERE s.game_id = g.id AND s.number = {seat})"
            for seat in range(4)
        )
    sql = f"SELECT {columns} FROM {quote(Game._meta.db_table)} g WHERE g.id = %s"
    return sql + " FOR UPDATE" if lock else sql


@cache
def _converters(alias: str) -> list[tuple[Any, list[Any]]]:
    """For each of a game row's columns, what turns the database's value into the field's
    (JSON decoded, SQLite's dates and booleans read), as the query compiler finds them."""
    ops = connections[alias].ops
    found = []
    for field in Game._meta.concrete_fields:
        expression = field.get_col(Game._meta.db_table)
        found.append(
            (
                expression,
                ops.get_db_converters(expression)
                + expression.get_db_converters(connections[alias]),
            )
        )
    return found


def insert_row(instance: models.Model) -> None:
    """``instance.save()`` for a new row, by hand-written SQL: every field but the primary
    key is written as ``save`` would write it (``auto_now_add`` set, values converted for
    the database); the new primary key is read back into ``instance``."""
    insert = _insert_statement(type(instance), connection.vendor)
    returning = connection.features.can_return_columns_from_insert
    sql = f"{insert.head} VALUES ({insert.values})"
    if returning:
        sql += f" RETURNING {insert.pk}"
    with connection.cursor() as cursor:
        cursor.execute(sql, _values(instance, insert.fields, add=True))
        instance.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    instance._state.adding = False


def update_row(
    instance: models.Model, fields: tuple[str, ...], *, match: dict[str, Any] | None = None
) -> bool:
    """``instance.save(update_fields=fields)`` by hand-written SQL: the fields are written
    as ``save`` writes them (``auto_now`` set, values converted for the database). With
    ``match``, only if the row's columns still hold those values. Whether a row was
    written."""
    match = match or {}
    sql, columns = _update_statement(type(instance), fields, tuple(match), connection.vendor)
    values = [*_values(instance, columns, add=False), instance.pk, *match.values()]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return bool(cursor.rowcount == 1)


def update_then_insert(
    instance: models.Model, fields: tuple[str, ...], *, match: dict[str, Any], new: models.Model
) -> bool:
    """``update_row(instance, fields, match=match)`` and, if it wrote, ``insert_row(new)``:
    both or neither. Whether they were written.

    On PostgreSQL in one statement (the update in a ``WITH``, the insert taking its row
    from it), which outside a transaction is one round trip to the database instead of
    four (``BEGIN``, the two statements, ``COMMIT``). Elsewhere in a transaction."""
    if connection.vendor != "postgresql":
        with transaction.atomic():
            if not update_row(instance, fields, match=match):
                return False
            insert_row(new)
            return True
    update, columns = _update_statement(type(instance), fields, tuple(match), connection.vendor)
    insert = _insert_statement(type(new), connection.vendor)
    sql = (
        f"WITH updated AS ({update} RETURNING 1) "
        f"{insert.head} SELECT {insert.typed_values} FROM updated RETURNING {insert.pk}"
    )
    values = [
        *_values(instance, columns, add=False),
        instance.pk,
        *match.values(),
        *_values(new, insert.fields, add=True),
    ]
    # Alone, the statement is its own transaction. Inside a caller's, it gets a savepoint,
    # so that a refusal (the unique sequence) leaves the caller's transaction usable.
    savepoint = transaction.atomic() if connection.in_atomic_block else nullcontext()
    with savepoint, connection.cursor() as cursor:
        cursor.execute(sql, values)
        row = cursor.fetchone()
    if row is None:
        return False
    new.pk = row[0]
    new._state.adding = False
    return True


def _values(instance: models.Model, fields: list[Any], *, add: bool) -> list[Any]:
    """The fields' values as ``save`` writes them: ``auto_now`` set, converted for the
    database."""
    return [field.get_db_prep_save(field.pre_save(instance, add), connection) for field in fields]


# The statements are worked out once for each model (and database kind): building one is
# about as long as running it.


@cache
def _update_statement(
    model: type[models.Model], fields: tuple[str, ...], match: tuple[str, ...], vendor: str
) -> tuple[str, list[Any]]:
    """``UPDATE … SET`` the fields ``WHERE`` the primary key and the ``match`` columns
    equal their parameters, and the fields in the order of their parameters."""
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{_column(field)} = %s" for field in columns)
    conditions = [meta.pk, *(meta.get_field(name) for name in match)]
    where = " AND ".join(f"{_column(field)} = %s" for field in conditions)
    sql = f"UPDATE {connection.ops.quote_name(meta.db_table)} SET {assignments} WHERE {where}"
    return sql, columns


@dataclass(frozen=True)
class _Insert:
    #: ``INSERT INTO table (columns)``: every column but the primary key.
    head: str
    fields: list[Any]
    #: Their parameters, bare (for ``VALUES``) and typed (for a ``SELECT``, whose values
    #: are not taken as the columns' types the way ``VALUES`` are).
    values: str
    typed_values: str
    pk: str


@cache
def _insert_statement(model: type[models.Model], vendor: str) -> _Insert:
    meta = model._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    columns = ", ".join(_column(field) for field in fields)
    return _Insert(
        head=f"INSERT INTO {connection.ops.quote_name(meta.db_table)} ({columns})",
        fields=fields,
        values=", ".join(["%s"] * len(fields)),
        typed_values=", ".join(f"CAST(%s AS {field.db_type(connection)})" for field in fields),
        pk=_column(meta.pk),
    )


def _column(field: Any) -> str:
    """A concrete field's column, quoted for the database."""
    column = field.column
    assert isinstance(column, str)
    return str(connection.ops.quote_name(column))


class Seat(models.Model):
    """A player's seat in a game: 0-3 in the game's starting order (East, South, West, North)."""

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
    best_hand = models.CharField(max_length=40, blank=True)
    yakuman = models.PositiveIntegerField(default=0)
    chombos = models.PositiveIntegerField(default=0)
    tobi = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=models.Q(number__lte=3), name="seat_0_to_3"),
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
    recorded_at = models.DateTimeField(auto_now_add=True)
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


class Season(models.Model):
    """A set of games whose standings a club keeps: the finished games in a date range, or
    games chosen one by one; optionally only those played under one ruleset."""

    name = models.CharField(max_length=100, unique=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    #: When not blank, only games started under this ruleset name count.
    ruleset_name = models.CharField(max_length=100, blank=True)
    #: Games chosen by hand; when any are chosen, the date range is not used.
    games = models.ManyToManyField(Game, blank=True, related_name="seasons")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season_detail", args=[self.pk])


class LoginAttempt(models.Model):
    """A failed login, kept for a short while so that password guessing is slowed down
    (``scorekeeper.club.ratelimit``). In the database, so every server process and every
    app server counts the same attempts."""

    #: The username as typed, lower-cased: "Alice" and "alice" count together.
    username = models.CharField(max_length=150)
    ip = models.CharField(max_length=45)
    at = models.DateTimeField(db_index=True)

    class Meta:
        indexes = [models.Index(fields=["username", "ip", "at"])]

    def __str__(self) -> str:
        return f"{self.username} from {self.ip} at {self.at:%Y-%m-%d %H:%M:%S}"
