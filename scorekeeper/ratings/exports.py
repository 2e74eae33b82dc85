"""The ratings as files: ``/ratings.csv`` and ``/ratings.json``, one row per player with
plain numbers. ``mu`` and ``sigma`` are OpenSkill's own, unscaled and unrounded, so that
anyone can check them against the library; ``rating`` is the number the pages show and
``r`` Tenhou's R, both to one decimal place."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Final

from django.utils.translation import pgettext_lazy

from scorekeeper.ratings.queries import RatingRow
from scorekeeper.registry.identities import identity_json, with_identities
from scorekeeper.spreadsheets import csv_lines

#: The columns, in the file's order: the JSON's keys, and the CSV's header for people, in
#: the reader's language (in English the keys themselves).
COLUMNS: Final = ("id", "name", "games", "mu", "sigma", "rating", "r")
HEADER: Final = (
    pgettext_lazy("ratings file column", "id"),
    pgettext_lazy("ratings file column", "name"),
    pgettext_lazy("ratings file column", "games"),
    pgettext_lazy("ratings file column", "mu"),
    pgettext_lazy("ratings file column", "sigma"),
    pgettext_lazy("ratings file column", "rating"),
    pgettext_lazy("ratings file column", "r"),
)


def row_values(row: RatingRow) -> dict[str, Any]:
    return {
        "id": row.player_id,
        "name": row.name,
        "games": row.games,
        "mu": row.mu,
        "sigma": row.sigma,
        "rating": round(row.rating, 1),
        "r": round(row.r, 1),
    }


def ratings_csv(rows: Iterable[RatingRow]) -> Iterator[str]:
    return csv_lines(HEADER, ([row_values(row)[c] for c in COLUMNS] for row in rows))


def ratings_json(rows: Iterable[RatingRow]) -> Iterator[str]:
    """A JSON list of rows, written a row at a time."""
    separator = "[\n  "
    for row, identity in with_identities(rows, lambda row: row.player_id):
        values = {**row_values(row), "identity": identity_json(identity)}
        yield separator + json.dumps(values, ensure_ascii=False)
        separator = ",\n  "
    yield "[]\n" if separator.startswith("[") else "\n]\n"
