"""Storing games in bulk with the ids and timestamps they come with (restore and demo data)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from django.core import serializers
from django.core.management import call_command
from django.db import models

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


def game_ids_past(last: int) -> None:
    """Make the next game's id come after ``last`` (a deleted game's, say), as well as after
    every game stored. A placeholder game with that id, stored and deleted inside the
    caller's transaction, moves the next id on as a game would: SQLite keeps the largest id
    a table whose id is ``AUTOINCREMENT`` (as Django makes them) ever stored, and
    ``reset_sequences`` moves PostgreSQL's sequence past the rows there, the placeholder
    among them."""
    if last < 1 or Game.objects.filter(pk__gte=last).exists():
        return
    placeholder = Game.objects.create(pk=last, ruleset_name="", rules={}, players=4, state={})
    reset_sequences([placeholder])
    placeholder.delete()
