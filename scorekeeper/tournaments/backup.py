"""A tournament's rows in the club's backup (``operations/backup.py``, a ``Part``): one
``tournament`` line each, after the games, with its settings, registered players, sessions
with their tables and seats, and the organiser's penalties, every id kept (the pages' links
name them). Its games are the club's, backed up with the others; a table names its game by
id. Restoring reads the line back, each row by its declared fields (``restore.Field``),
refusing a field that is wrong by its name."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import models
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import ema_number_error
from scorekeeper.operations.backup import Part, _iso
from scorekeeper.operations.restore import (
    BackupLoader,
    Field,
    Reader,
    name_of,
    one_of,
    optional,
    read_any,
    read_bool,
    read_date,
    read_day,
    read_id,
    read_moment,
    read_object,
    read_row,
    text,
)
from scorekeeper.refusals import located_refusal_text
from scorekeeper.tournaments.models import (
    Entrant,
    Session,
    Table,
    TableSeat,
    Tournament,
    TournamentPenalty,
)
from scorekeeper.tournaments.services import write_clock
from scoring.errors import RulesError
from scoring.rules import PRESETS

SETTINGS = (
    "name",
    "ruleset_name",
    "rules",
    "sessions",
    "substitutes_count",
    "public",
    "session_minutes",
    "end_policy",
    "hidden_from",
)

#: Self-registration's settings as a tournament made without it has them.
REGISTRATION_DEFAULTS = {
    "open": False,
    "places": None,
    "approval": False,
    "closes_at": None,
    "ask_identity": False,
    "players_record": False,
    "check_in": False,
}


def tournament_lines() -> Iterator[dict[str, Any]]:
    for tournament in Tournament.objects.order_by("pk"):
        yield _tournament_json(tournament)


def _entrant(e: Entrant) -> list[Any]:
    """A registered player's line: id, player, registered at; their EMA number after them
    where there is one; and where they dropped out, the EMA number (blank if none) and when."""
    row: list[Any] = [e.pk, e.player_id, _iso(e.created_at)]
    if e.withdrawn_at is not None:
        return [*row, e.ema_number, _iso(e.withdrawn_at)]
    return [*row, e.ema_number] if e.ema_number else row


def _registration_json(tournament: Tournament) -> dict[str, Any]:
    """Self-registration's settings and the entrants not simply in (waiting, waiting for
    approval, substitutes, a revoked link): only where there are any, so that a tournament
    without them backs up as before."""
    states = {
        str(pk): {
            "status": status,
            "substitute": substitute,
            "key_version": version,
            "checked_in_at": _iso(checked),
        }
        for pk, status, substitute, version, checked in tournament.entrants.exclude(
            status=Entrant.Status.IN, substitute=False, key_version=0, checked_in_at=None
        )
        .order_by("pk")
        .values_list("pk", "status", "substitute", "key_version", "checked_in_at")
    }
    settings = {
        "open": tournament.registration_open,
        "places": tournament.places,
        "approval": tournament.approval,
        "closes_at": _iso(tournament.registration_closes_at),
        "ask_identity": tournament.ask_identity,
        "players_record": tournament.players_record,
        "check_in": tournament.check_in,
    }
    if not states and settings == REGISTRATION_DEFAULTS:
        return {}
    return {"registration": settings, "entrant_states": states}


def _tournament_json(tournament: Tournament) -> dict[str, Any]:
    seats: dict[int, list[list[int]]] = {}
    for table_id, pk, number, entrant, player in (
        TableSeat.objects.filter(table__session__tournament=tournament)
        .order_by("table_id", "number")
        .values_list("table_id", "pk", "number", "entrant_id", "player_id")
    ):
        seats.setdefault(table_id, []).append([pk, number, entrant, player])
    earlier: dict[int, list[int]] = {}
    for table_id, game_id in (
        Table.earlier_games.through.objects.filter(table__session__tournament=tournament)
        .order_by("table_id", "game_id")
        .values_list("table_id", "game_id")
    ):
        earlier.setdefault(table_id, []).append(game_id)
    tables: dict[int, list[dict[str, Any]]] = {}
    for table in Table.objects.filter(session__tournament=tournament).order_by("pk"):
        tables.setdefault(table.session_id, []).append(
            {
                "id": table.pk,
                "number": table.number,
                "game": table.game_id,
                "late_minutes": table.late_minutes,
                "extra_minutes": table.extra_minutes,
                "seats": seats.get(table.pk, []),
                # Only where a game was played again, so that others back up as before.
                **({"earlier_games": earlier[table.pk]} if table.pk in earlier else {}),
            }
        )
    return {
        "id": tournament.pk,
        **{name: getattr(tournament, name) for name in SETTINGS},
        "start_date": tournament.start_date.isoformat(),
        "end_date": tournament.end_date.isoformat() if tournament.end_date else None,
        "created_at": _iso(tournament.created_at),
        # Only where asked for, so that a tournament without it backs up as before.
        **({"vary_tables": True} if tournament.vary_tables else {}),
        **_registration_json(tournament),
        "entrants": [_entrant(e) for e in tournament.entrants.order_by("pk")],
        "rounds": [
            {
                "id": s.pk,
                "number": s.number,
                "method": s.method,
                "seed": s.seed,
                "seated_at": _iso(s.seated_at),
                "started_at": _iso(s.started_at),
                "tables": tables.get(s.pk, []),
            }
            for s in tournament.session_rows.order_by("number")
        ],
        "penalties": [
            {
                "id": p.pk,
                "entrant": p.entrant_id,
                "session": p.session,
                "points": str(p.points),
                "reason": p.reason,
                "created_at": _iso(p.created_at),
                "taken_back_at": _iso(p.taken_back_at),
            }
            for p in tournament.penalties.order_by("pk")
        ],
    }


def _list(value: Any, where: str, loader: BackupLoader) -> list[Any]:
    if not isinstance(value, list):
        raise loader.fail(where, _("expected a list"))
    return value


def _small(value: Any, where: str, loader: BackupLoader) -> int:
    return read_id(value, where, loader, most=32767)


def _count(most: int = 32767) -> Reader:
    """A whole number from 0 (minutes, a seat)."""

    def read(value: Any, where: str, loader: BackupLoader) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise loader.fail(where, _("expected a whole number"))
        return value

    return read


def _seed(value: Any, where: str, loader: BackupLoader) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise loader.fail(where, _("expected a whole number"))
    return value


def _key_version(value: Any, where: str, loader: BackupLoader) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise loader.fail(where, _("expected a whole number"))
    return value


def _points(value: Any, where: str, loader: BackupLoader) -> Decimal:
    try:
        points = Decimal(value) if isinstance(value, str) else Decimal("NaN")
    except (InvalidOperation, TypeError, ValueError):
        points = Decimal("NaN")
    if not points.is_finite() or not 0 < points < 100000:
        raise loader.fail(where, _("expected a number of points"))
    return points


_later = optional(read_moment)
#: A field left out of a list row (a moment that is there must be one).
_ABSENT = object()


def _withdrawn(value: Any, where: str, loader: BackupLoader) -> Any:
    return None if value is _ABSENT else read_moment(value, where, loader)


TOURNAMENT = (
    Field("id", read_id),
    Field("name", name_of(Tournament)),
    Field("ruleset_name", text(100, blank=False)),
    Field("rules", read_object),
    Field("sessions", _small),
    Field("substitutes_count", read_bool),
    Field("public", read_bool),
    Field("session_minutes", _small),
    Field("end_policy", one_of(Tournament.EndPolicy.values)),
    Field("hidden_from", optional(_small)),
    Field("vary_tables", read_bool, missing=False),
    Field("start_date", read_date),
    Field("end_date", read_day),
    Field("created_at", read_moment),
)
#: Self-registration's settings (``_registration_json``), each as a tournament made
#: without it has them where left out.
REGISTRATION = (
    Field("open", read_bool, missing=False, attr="registration_open"),
    Field("places", optional(_small)),
    Field("approval", read_bool, missing=False),
    Field("closes_at", _later, attr="registration_closes_at"),
    Field("ask_identity", read_bool, missing=False),
    Field("players_record", read_bool, missing=False),
    Field("check_in", read_bool, missing=False),
)
ENTRANT_STATE = (
    Field("status", one_of(Entrant.Status.values)),
    Field("substitute", read_bool),
    Field("key_version", _key_version),
    Field("checked_in_at", _later),
)
#: A registered player: a list (``_entrant``), its EMA number checked with its length.
ENTRANT = (
    Field(0, read_id, attr="id"),
    Field(1, read_id, attr="player_id"),
    Field(2, read_moment, attr="created_at"),
    Field(3, read_any, missing="", attr="ema_number"),
    Field(4, _withdrawn, missing=_ABSENT, attr="withdrawn_at"),
)
SESSION = (
    Field("id", read_id),
    Field("number", _small),
    Field("method", one_of(("", *Session.Method.values))),
    Field("seed", _seed),
    Field("seated_at", _later),
    Field("started_at", _later),
)
TABLE = (
    Field("id", read_id),
    Field("number", _small),
    Field("game", optional(read_id), attr="game_id"),
    Field("late_minutes", _count()),
    Field("extra_minutes", _count()),
)
#: A table's seat: a list of its id, number, registered player and club player.
SEAT = (
    Field(0, read_id, attr="id"),
    Field(1, _count(most=3), attr="number"),
    Field(2, read_id, attr="entrant_id"),
    Field(3, read_id, attr="player_id"),
)
PENALTY = (
    Field("id", read_id),
    Field("entrant", read_id, attr="entrant_id"),
    Field("session", optional(_small)),
    Field("points", _points),
    Field("reason", text(200, blank=True)),
    Field("created_at", read_moment),
    Field("taken_back_at", _later),
)


def _read_registration(
    obj: dict[str, Any], tournament: Tournament, entrants: list[Entrant], loader: BackupLoader
) -> None:
    """Self-registration's settings and the entrants' states (``_registration_json``)."""
    raw = obj.get("registration", REGISTRATION_DEFAULTS)
    for name, value in read_row(raw, REGISTRATION, loader, "registration").items():
        setattr(tournament, name, value)
    states = obj.get("entrant_states", {})
    if not isinstance(states, dict):
        raise loader.fail("entrant_states", _("expected an object"))
    by_id = {str(e.pk): e for e in entrants}
    for key, state in states.items():
        where = f"entrant_states.{key}"
        entrant = by_id.get(key)
        if entrant is None:
            raise loader.fail(where, _("no registered player with id %(id)s") % {"id": key})
        for name, value in read_row(state, ENTRANT_STATE, loader, where).items():
            setattr(entrant, name, value)


def _game_in_backup(game: int | None, where: str, loader: BackupLoader) -> None:
    if game is not None and game not in loader.game_ids:
        raise loader.fail(where, _("no game with id %(id)s in the backup") % {"id": game})


def read_tournament(obj: dict[str, Any], loader: BackupLoader) -> list[models.Model]:
    """Check a tournament's line and store its rows; the rows stored, ids kept."""
    apart = {"type", "registration", "entrant_states", "entrants", "rounds", "penalties"}
    tournament = Tournament(**read_row(obj, TOURNAMENT, loader, apart=apart))
    try:
        tournament.ruleset()
    except RulesError as error:
        raise loader.fail("rules", located_refusal_text(error)) from None
    except (KeyError, TypeError):
        raise loader.fail(
            "rules.preset", _("expected one of %(values)s") % {"values": ", ".join(PRESETS)}
        ) from None
    players = loader.ids["player"]
    entrants = []
    for i, row in enumerate(_list(obj.get("entrants"), "entrants", loader)):
        where = f"entrants[{i}]"
        if not isinstance(row, list) or len(row) not in (3, 4, 5):
            raise loader.fail(where, _("expected a list"))
        entrant = Entrant(tournament=tournament, **read_row(row, ENTRANT, loader, where))
        ema = entrant.ema_number
        # A player who dropped out has their EMA number, blank if none, then the moment.
        blank = len(row) == 3 or (len(row) == 5 and ema == "")
        if not blank and not (isinstance(ema, str) and ema_number_error(ema) is None):
            raise loader.fail(where + "[3]", _("an EMA number is 8 digits"))
        if entrant.player_id not in players:
            raise loader.fail(
                where + "[1]", _("no player with id %(id)s") % {"id": entrant.player_id}
            )
        entrants.append(entrant)
    entrant_ids = {e.pk for e in entrants}
    _read_registration(obj, tournament, entrants, loader)
    sessions, tables, seats = [], [], []
    earlier: list[Any] = []
    for i, raw in enumerate(_list(obj.get("rounds"), "rounds", loader)):
        where = f"rounds[{i}]"
        session = Session(
            tournament=tournament, **read_row(raw, SESSION, loader, where, apart={"tables"})
        )
        sessions.append(session)
        for j, rt in enumerate(_list(raw.get("tables"), where + ".tables", loader)):
            at = f"{where}.tables[{j}]"
            row = read_row(rt, TABLE, loader, at, apart={"seats", "earlier_games"})
            _game_in_backup(row["game_id"], at + ".game", loader)
            table = Table(session=session, **row)
            tables.append(table)
            for k, raw_game in enumerate(
                _list(rt.get("earlier_games", []), at + ".earlier_games", loader)
            ):
                earlier_game = read_id(raw_game, f"{at}.earlier_games[{k}]", loader)
                _game_in_backup(earlier_game, f"{at}.earlier_games[{k}]", loader)
                earlier.append(Table.earlier_games.through(table_id=table.pk, game_id=earlier_game))
            for k, rs in enumerate(_list(rt.get("seats"), at + ".seats", loader)):
                sat = f"{at}.seats[{k}]"
                if not isinstance(rs, list) or len(rs) != 4:
                    raise loader.fail(sat, _("expected a list"))
                seat = TableSeat(session=session, table=table, **read_row(rs, SEAT, loader, sat))
                if seat.entrant_id not in entrant_ids:
                    raise loader.fail(
                        sat + "[2]",
                        _("no registered player with id %(id)s") % {"id": seat.entrant_id},
                    )
                if seat.player_id not in players:
                    raise loader.fail(
                        sat + "[3]", _("no player with id %(id)s") % {"id": seat.player_id}
                    )
                seats.append(seat)
    penalties = []
    for i, raw in enumerate(_list(obj.get("penalties"), "penalties", loader)):
        where = f"penalties[{i}]"
        penalty = TournamentPenalty(tournament=tournament, **read_row(raw, PENALTY, loader, where))
        if penalty.entrant_id not in entrant_ids:
            raise loader.fail(
                where + ".entrant",
                _("no registered player with id %(id)s") % {"id": penalty.entrant_id},
            )
        penalties.append(penalty)
    tournament.save(force_insert=True)
    Entrant.objects.bulk_create(entrants)
    Session.objects.bulk_create(sessions)
    Table.objects.bulk_create(tables)
    Table.earlier_games.through.objects.bulk_create(earlier)
    TableSeat.objects.bulk_create(seats)
    TournamentPenalty.objects.bulk_create(penalties)
    # The games obey their tables' clocks, written onto them as a session's start does.
    for table in tables:
        write_clock(table, table.session, tournament)
    return [tournament, *entrants, *sessions, *tables, *seats, *penalties]


PART = Part("tournament", tournament_lines, read_tournament)
