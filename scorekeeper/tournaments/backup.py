"""A tournament's rows in the club's backup (``operations/backup.py``, a ``Part``): one
``tournament`` line each, after the games, with its settings, registered players, sessions
with their tables and seats, and the organiser's penalties, every id kept (the pages' links
name them). Its games are the club's, backed up with the others; a table names its game by
id. Restoring reads the line back, refusing a field that is wrong by its name."""

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
    check_fields,
    check_object,
    read_day,
    read_id,
    read_moment,
    read_name,
    read_text,
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


def _count(value: Any, where: str, loader: BackupLoader, most: int = 32767) -> int:
    """A whole number from 0 (minutes, a seat)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise loader.fail(where, _("expected a whole number"))
    return value


def _later(value: Any, where: str, loader: BackupLoader) -> Any:
    return None if value is None else read_moment(value, where, loader)


def _read_registration(
    obj: dict[str, Any], tournament: Tournament, entrants: list[Entrant], loader: BackupLoader
) -> None:
    """Self-registration's settings and the entrants' states (``_registration_json``)."""
    raw = obj.get("registration", REGISTRATION_DEFAULTS)
    check_object(raw, set(REGISTRATION_DEFAULTS), loader, "registration")
    for key in ("open", "approval", "ask_identity", "players_record", "check_in"):
        if not isinstance(raw.get(key, False), bool):
            raise loader.fail(f"registration.{key}", _("expected true or false"))
    places = raw.get("places")
    if places is not None:
        _small(places, "registration.places", loader)
    tournament.registration_open = raw.get("open", False)
    tournament.places = places
    tournament.approval = raw.get("approval", False)
    tournament.registration_closes_at = _later(
        raw.get("closes_at"), "registration.closes_at", loader
    )
    tournament.ask_identity = raw.get("ask_identity", False)
    tournament.players_record = raw.get("players_record", False)
    tournament.check_in = raw.get("check_in", False)
    states = obj.get("entrant_states", {})
    if not isinstance(states, dict):
        raise loader.fail("entrant_states", _("expected an object"))
    by_id = {str(e.pk): e for e in entrants}
    for key, state in states.items():
        where = f"entrant_states.{key}"
        entrant = by_id.get(key)
        if entrant is None:
            raise loader.fail(where, _("no registered player with id %(id)s") % {"id": key})
        check_object(state, {"status", "substitute", "key_version", "checked_in_at"}, loader, where)
        if state.get("status") not in Entrant.Status.values:
            raise loader.fail(
                where + ".status",
                _("expected one of %(values)s") % {"values": ", ".join(Entrant.Status.values)},
            )
        if not isinstance(state.get("substitute"), bool):
            raise loader.fail(where + ".substitute", _("expected true or false"))
        version = state.get("key_version")
        if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**31:
            raise loader.fail(where + ".key_version", _("expected a whole number"))
        entrant.status = state["status"]
        entrant.substitute = state["substitute"]
        entrant.key_version = version
        entrant.checked_in_at = _later(state.get("checked_in_at"), where + ".checked_in_at", loader)


def read_tournament(obj: dict[str, Any], loader: BackupLoader) -> list[models.Model]:
    """Check a tournament's line and store its rows; the rows stored, ids kept."""
    keys = {"type", "id", *SETTINGS, "start_date", "end_date", "created_at", "vary_tables"}
    keys |= {"registration", "entrant_states"}
    check_fields(obj, keys | {"entrants", "rounds", "penalties"}, loader)
    players = loader.ids["player"]
    start = read_day(obj.get("start_date"), "start_date", loader)
    if start is None:
        raise loader.fail("start_date", _("expected a date (YYYY-MM-DD)"))
    tournament = Tournament(
        id=read_id(obj.get("id"), "id", loader),
        name=read_name(obj.get("name"), "name", loader, Tournament),
        ruleset_name=read_text(obj.get("ruleset_name"), "ruleset_name", loader, 100, blank=False),
        start_date=start,
        end_date=read_day(obj.get("end_date"), "end_date", loader),
        created_at=read_moment(obj.get("created_at"), "created_at", loader),
    )
    for name in SETTINGS[2:]:
        setattr(tournament, name, obj.get(name))
    if not isinstance(tournament.rules, dict):
        raise loader.fail("rules", _("expected an object"))
    try:
        tournament.ruleset()
    except RulesError as error:
        raise loader.fail("rules", located_refusal_text(error)) from None
    except (KeyError, TypeError):
        raise loader.fail(
            "rules.preset", _("expected one of %(values)s") % {"values": ", ".join(PRESETS)}
        ) from None
    for name in ("sessions", "session_minutes"):
        _small(getattr(tournament, name), name, loader)
    if tournament.hidden_from is not None:
        _small(tournament.hidden_from, "hidden_from", loader)
    tournament.vary_tables = obj.get("vary_tables", False)
    for name in ("substitutes_count", "public", "vary_tables"):
        if not isinstance(getattr(tournament, name), bool):
            raise loader.fail(name, _("expected true or false"))
    if tournament.end_policy not in Tournament.EndPolicy.values:
        raise loader.fail(
            "end_policy",
            _("expected one of %(values)s") % {"values": ", ".join(Tournament.EndPolicy.values)},
        )
    entrants = []
    for i, row in enumerate(_list(obj.get("entrants"), "entrants", loader)):
        where = f"entrants[{i}]"
        if not isinstance(row, list) or len(row) not in (3, 4, 5):
            raise loader.fail(where, _("expected a list"))
        ema = row[3] if len(row) >= 4 else ""
        # A player who dropped out has their EMA number, blank if none, then the moment.
        blank = len(row) == 5 and ema == ""
        if (
            len(row) >= 4
            and not blank
            and not (isinstance(ema, str) and ema_number_error(ema) is None)
        ):
            raise loader.fail(where + "[3]", _("an EMA number is 8 digits"))
        withdrawn = read_moment(row[4], where + "[4]", loader) if len(row) == 5 else None
        player = read_id(row[1], where + "[1]", loader)
        if player not in players:
            raise loader.fail(where + "[1]", _("no player with id %(id)s") % {"id": player})
        entrants.append(
            Entrant(
                id=read_id(row[0], where + "[0]", loader),
                tournament=tournament,
                player_id=player,
                created_at=read_moment(row[2], where + "[2]", loader),
                ema_number=ema,
                withdrawn_at=withdrawn,
            )
        )
    entrant_ids = {e.pk for e in entrants}
    _read_registration(obj, tournament, entrants, loader)
    sessions, tables, seats = [], [], []
    earlier: list[Any] = []
    for i, raw in enumerate(_list(obj.get("rounds"), "rounds", loader)):
        where = f"rounds[{i}]"
        check_object(
            raw,
            {"id", "number", "method", "seed", "seated_at", "started_at", "tables"},
            loader,
            where,
        )
        method = raw.get("method")
        if method not in ("", *Session.Method.values):
            raise loader.fail(
                where + ".method",
                _("expected one of %(values)s") % {"values": ", ".join(Session.Method.values)},
            )
        seed = raw.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise loader.fail(where + ".seed", _("expected a whole number"))
        session = Session(
            id=read_id(raw.get("id"), where + ".id", loader),
            tournament=tournament,
            number=_small(raw.get("number"), where + ".number", loader),
            method=method,
            seed=seed,
            seated_at=_later(raw.get("seated_at"), where + ".seated_at", loader),
            started_at=_later(raw.get("started_at"), where + ".started_at", loader),
        )
        sessions.append(session)
        for j, rt in enumerate(_list(raw.get("tables"), where + ".tables", loader)):
            at = f"{where}.tables[{j}]"
            check_object(
                rt,
                {"id", "number", "game", "late_minutes", "extra_minutes", "seats", "earlier_games"},
                loader,
                at,
            )
            game = rt.get("game")
            if game is not None:
                game = read_id(game, at + ".game", loader)
                if game not in loader.game_ids:
                    raise loader.fail(
                        at + ".game", _("no game with id %(id)s in the backup") % {"id": game}
                    )
            table = Table(
                id=read_id(rt.get("id"), at + ".id", loader),
                session=session,
                number=_small(rt.get("number"), at + ".number", loader),
                game_id=game,
                late_minutes=_count(rt.get("late_minutes"), at + ".late_minutes", loader),
                extra_minutes=_count(rt.get("extra_minutes"), at + ".extra_minutes", loader),
            )
            tables.append(table)
            for k, raw_game in enumerate(
                _list(rt.get("earlier_games", []), at + ".earlier_games", loader)
            ):
                earlier_game = read_id(raw_game, f"{at}.earlier_games[{k}]", loader)
                if earlier_game not in loader.game_ids:
                    raise loader.fail(
                        f"{at}.earlier_games[{k}]",
                        _("no game with id %(id)s in the backup") % {"id": earlier_game},
                    )
                earlier.append(Table.earlier_games.through(table_id=table.pk, game_id=earlier_game))
            for k, rs in enumerate(_list(rt.get("seats"), at + ".seats", loader)):
                sat = f"{at}.seats[{k}]"
                if not isinstance(rs, list) or len(rs) != 4:
                    raise loader.fail(sat, _("expected a list"))
                entrant, player = (
                    read_id(rs[2], sat + "[2]", loader),
                    read_id(rs[3], sat + "[3]", loader),
                )
                if entrant not in entrant_ids:
                    raise loader.fail(
                        sat + "[2]", _("no registered player with id %(id)s") % {"id": entrant}
                    )
                if player not in players:
                    raise loader.fail(sat + "[3]", _("no player with id %(id)s") % {"id": player})
                seats.append(
                    TableSeat(
                        id=read_id(rs[0], sat + "[0]", loader),
                        session=session,
                        table=table,
                        number=_count(rs[1], sat + "[1]", loader, most=3),
                        entrant_id=entrant,
                        player_id=player,
                    )
                )
    penalties = []
    for i, raw in enumerate(_list(obj.get("penalties"), "penalties", loader)):
        where = f"penalties[{i}]"
        check_object(
            raw,
            {"id", "entrant", "session", "points", "reason", "created_at", "taken_back_at"},
            loader,
            where,
        )
        entrant = read_id(raw.get("entrant"), where + ".entrant", loader)
        if entrant not in entrant_ids:
            raise loader.fail(
                where + ".entrant", _("no registered player with id %(id)s") % {"id": entrant}
            )
        try:
            text = raw.get("points")
            points = Decimal(text) if isinstance(text, str) else Decimal("NaN")
        except (InvalidOperation, TypeError, ValueError):
            points = Decimal("NaN")
        if not points.is_finite() or not 0 < points < 100000:
            raise loader.fail(where + ".points", _("expected a number of points"))
        session_number = raw.get("session")
        penalties.append(
            TournamentPenalty(
                id=read_id(raw.get("id"), where + ".id", loader),
                tournament=tournament,
                entrant_id=entrant,
                session=None
                if session_number is None
                else _small(session_number, where + ".session", loader),
                points=points,
                reason=read_text(raw.get("reason"), where + ".reason", loader, 200, blank=True),
                created_at=read_moment(raw.get("created_at"), where + ".created_at", loader),
                taken_back_at=_later(raw.get("taken_back_at"), where + ".taken_back_at", loader),
            )
        )
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
