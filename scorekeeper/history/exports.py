"""Standings as files: a game's final standings, and the standings over a set of games (a
season's, all time), as CSV and JSON, produced line by line so that a view can stream them.
The rows come from ``standings.standings`` over the games the caller chose; the JSON says which
games those were (``season_scope``).

CSV is written as every download writes it (``scorekeeper.spreadsheets``: a byte order
mark, no formulas). Numbers are written as numbers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any, Final

from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.club.models import Game, Season
from scorekeeper.format import PLACE_NAMES
from scorekeeper.history.standings import StandingRow
from scorekeeper.registry.identities import Identity, identities, identity_json, with_identities
from scorekeeper.spreadsheets import csv_lines
from scoring.seats import Wind
from scoring.standings import final_standings

#: The CSV files' column headers, for people: in the reader's language.
GAME_HEADER: Final = (
    gettext_lazy("Seat"),
    gettext_lazy("Player"),
    gettext_lazy("Points"),
    gettext_lazy("Place"),
    gettext_lazy("Uma/oka"),
    gettext_lazy("Penalty"),
    gettext_lazy("Result"),
)


def standings_header(players: int = 4) -> tuple[Any, ...]:
    """The standings CSV's column headers: a column per place of ``players`` players."""
    return (
        gettext_lazy("Rank"),
        gettext_lazy("Player"),
        pgettext_lazy("a count", "Games"),
        gettext_lazy("Total"),
        gettext_lazy("Average"),
        gettext_lazy("Average place"),
        *PLACE_NAMES[:players],
        gettext_lazy("Average points"),
    )


def _tenths(value: Decimal) -> Decimal:
    """A result in thousands with its one decimal place: ``58.0``, ``-22.3``."""
    return value.quantize(Decimal("0.1"))


def _lost(value: Decimal) -> Decimal:
    """A cost (a positive number taken off) as what was lost: ``8.0`` as ``-8.0``, and
    nothing lost as ``0`` (not ``-0``)."""
    return -value if value else Decimal(0)


def _number(value: Decimal) -> int | float:
    """A decimal as a JSON number (whole numbers as integers); one or two decimal places
    print exactly."""
    return int(value) if value == value.to_integral_value() else float(value)


# -- One game -----------------------------------------------------------------------------


def game_standings(game: Game) -> list[dict[str, Any]]:
    """A finished game's final line per seat, in seat order, from the stored projection."""
    names = {seat.number: seat.player.name for seat in game.seats.select_related("player").all()}
    rules = game.ruleset()
    return [
        {
            "seat": row.seat,
            "wind": Wind.of_index(row.seat).name_en,
            "player": names[row.seat],
            "points": row.points,
            "place": row.place,
            "bonus": row.bonus,
            # What chombos and penalties cost the player: negative, as on the pages.
            "penalty": _lost(row.penalty),
            "result": row.result,
        }
        for row in final_standings(game.game_state(), rules, game.record_penalties())
    ]


def game_standings_csv(game: Game) -> Iterator[str]:
    return csv_lines(
        GAME_HEADER,
        (
            (
                row["wind"],
                row["player"],
                row["points"],
                row["place"],
                _tenths(row["bonus"]),
                _tenths(row["penalty"]),
                _tenths(row["result"]),
            )
            for row in game_standings(game)
        ),
    )


def game_standings_json(game: Game) -> dict[str, Any]:
    """The final standings, each seat with its player's id and identity."""
    seated = dict(game.seats.values_list("number", "player_id"))
    found = identities(seated.values())
    return {
        "game": game.pk,
        # Three- and four-player results are different scales: the file says which it is.
        "player_count": game.players,
        "table_label": game.table_label,
        "ruleset_name": game.ruleset_name,
        "status": game.status,
        "stopped_early": game.stopped_early,
        "created_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "standings": [
            {
                **row,
                "bonus": _number(row["bonus"]),
                "penalty": _number(row["penalty"]),
                "result": _number(row["result"]),
                "player_id": seated[row["seat"]],
                "identity": identity_json(found[seated[row["seat"]]]),
            }
            for row in game_standings(game)
        ],
    }


# -- Standings over a set of games --------------------------------------------------------


def standings_csv(rows: Iterable[StandingRow], *, players: int = 4) -> Iterator[str]:
    return csv_lines(
        standings_header(players),
        (
            (
                row.rank,
                row.name,
                row.games,
                _tenths(row.total),
                row.average,
                row.average_place,
                *row.places,
                row.average_points,
            )
            for row in rows
        ),
    )


def row_json(row: StandingRow, identity: Identity | None = None) -> dict[str, Any]:
    """A standings row; with ``identity``, the player's beside it (the downloads')."""
    values = {
        "rank": row.rank,
        "player_id": row.player_id,
        "player": row.name,
        "games": row.games,
        "total": _number(row.total),
        "average": _number(row.average),
        "average_place": _number(row.average_place),
        "places": list(row.places),
        "average_points": row.average_points,
    }
    if identity is not None:
        values["identity"] = identity_json(identity)
    return values


def season_scope(season: Season | None) -> dict[str, Any]:
    """Which games a standings document is over: a season's (``None`` for all time)."""
    if season is None:
        return {"season": None}
    return {
        "season": {
            "id": season.pk,
            "name": season.name,
            "start_date": season.start_date.isoformat() if season.start_date else None,
            "end_date": season.end_date.isoformat() if season.end_date else None,
            "ruleset_name": season.ruleset_name,
        }
    }


def standings_json(
    rows: Iterable[StandingRow], *, scope: dict[str, Any], minimum_games: int, sort: str
) -> Iterator[str]:
    """The standings as one JSON document, written a row at a time: first ``scope`` (which
    games they are over), then the options, then the rows."""
    about = {**scope, "minimum_games": minimum_games, "sort": sort}
    head = json.dumps(about, ensure_ascii=False)
    yield head[:-1] + ', "standings": ['
    separator = "\n  "
    for row, identity in with_identities(rows, lambda row: row.player_id):
        yield separator + json.dumps(row_json(row, identity), ensure_ascii=False)
        separator = ",\n  "
    yield "\n]}\n"
