"""Storing games in bulk with the ids and timestamps they come with (restore and demo data)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from django.core import serializers
from django.core.management import call_command
from django.db import connection, models

from scorekeeper.club.models import Game, Seat
from scorekeeper.club.projection import Projection


def stored_seats(game: Game, player_ids: Sequence[int], projection: Projection) -> list[Seat]:
    """The seats of a game (three or four) to store in bulk, each with its row of the
    projection."""
    return [
        Seat(game=game, number=n, player_id=player_ids[n], **projection.seats[n])
        for n in range(len(player_ids))
    ]


def reset_sequences(last_rows: Iterable[models.Model]) -> None:
    """Move the id sequences of the tables of ``last_rows`` (the row with the largest id of
    each table stored with kept ids) past those ids.

    Django resets the sequences of the tables a fixture was loaded into (``loaddata``, on
    the databases that keep sequences: PostgreSQL; SQLite takes the largest id by itself).
    So these rows pass through ``loaddata`` once more, unchanged; the rest is stored in
    bulk, which ``loaddata``'s row-by-row saves would make many times slower. In XML, whose
    serializer keeps a timestamp's microseconds (the JSON one cuts them to milliseconds)."""
    rows = list(last_rows)
    if not rows:
        return
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "last-rows.xml"
        fixture.write_text(serializers.serialize("xml", rows), encoding="utf-8")
        call_command("loaddata", str(fixture), verbosity=0)


def ids_past(model: type[models.Model], last: int) -> None:
    """Make ``model``'s next id come after ``last`` (an id a row once had that is gone, such
    as a deleted game's), as well as after every id it has given so far. The databases keep
    their next id apart from the rows: PostgreSQL in a sequence (which ``reset_sequences``
    moves past the rows that are there), SQLite in ``sqlite_sequence`` (a table whose id
    is ``AUTOINCREMENT``, as Django makes them, never gives an id again); neither can be
    reached through the ORM."""
    if last < 1:
        return
    table = model._meta.db_table
    column = model._meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence(%s, %s), GREATEST(%s, COALESCE("
                "pg_sequence_last_value(pg_get_serial_sequence(%s, %s)::regclass), 0)))",
                [table, column, last, table, column],
            )
        elif connection.vendor == "sqlite":
            cursor.execute(
                "UPDATE sqlite_sequence SET seq = MAX(seq, %s) WHERE name = %s", [last, table]
            )
            if cursor.rowcount == 0:
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, last]
                )
        else:  # pragma: no cover - the site runs on these two
            raise NotImplementedError(connection.vendor)
