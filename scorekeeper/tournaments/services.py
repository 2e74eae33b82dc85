"""A tournament's writes: making it, registering players, seating a session, starting it
(its games and its clock), substitutes, the referee's tools.

Each write runs in one transaction with the tournament's row locked, so two organisers'
phones seating or starting the same session at once do it once. A session's seating is made
again as often as the organiser likes until the session starts, never after: from then on
its tables are the games' tables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.club.bounds import name_key
from scorekeeper.club.models import Game, Player
from scorekeeper.errors import ServiceError
from scorekeeper.ratings.models import Rating
from scorekeeper.registry.services import player_named, remember_ema_number
from scorekeeper.table.services.games import abandon_game, finish_game, start_game
from scorekeeper.table.services.hands import hands_left as game_hands_left
from scorekeeper.tournaments.models import (
    MAX_ENTRANTS,
    Entrant,
    Session,
    Table,
    TableSeat,
    Tournament,
    TournamentPenalty,
)
from scorekeeper.tournaments.results import tournament_table
from scoring.rules import Ruleset
from scoring.seating import plans
from scoring.seating import sessions as seating


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def create_tournament(
    *, rules: Ruleset, ruleset_name: str, user: Any = None, **fields: Any
) -> Tournament:
    """A tournament under ``rules`` (frozen now) with its sessions numbered from 1."""
    with transaction.atomic():
        tournament = Tournament.objects.create(
            rules=rules.to_json(), ruleset_name=ruleset_name, created_by=user, **fields
        )
        Session.objects.bulk_create(
            Session(tournament=tournament, number=n) for n in range(1, tournament.sessions + 1)
        )
    return tournament


def update_tournament(*, tournament: Tournament, **fields: Any) -> Tournament:
    """Change a tournament's settings; its number of sessions only down to those started."""
    with transaction.atomic():
        locked = _locked(tournament)
        started = locked.session_rows.filter(started_at__isnull=False).aggregate(n=Max("number"))
        wanted = fields.get("sessions", locked.sessions)
        if started["n"] and wanted < started["n"]:
            raise ServiceError(
                _("Session %(number)s has started: the tournament keeps at least that many.")
                % {"number": started["n"]}
            )
        for name, value in fields.items():
            setattr(locked, name, value)
        locked.save()
        if {"session_minutes", "end_policy"} & set(fields):
            _write_clocks(locked)
        # More places: the waiting list moves up into them.
        if "places" in fields and _move_up(locked):
            _replan(locked)
        locked.session_rows.filter(number__gt=wanted).delete()
        have = set(locked.session_rows.values_list("number", flat=True))
        Session.objects.bulk_create(
            Session(tournament=locked, number=n) for n in range(1, wanted + 1) if n not in have
        )
    return locked


@dataclass(frozen=True)
class Registration:
    """A player to register by name: the club's player of that name (in any case), or a new
    one; ``player``, where the organiser named the club's player (the name is theirs then);
    their EMA number, if any (kept with the registration)."""

    name: str
    player: Player | None = None
    ema_number: str = ""


def register_players(
    *,
    tournament: Tournament,
    players: Sequence[Player] = (),
    registrations: Sequence[Registration] = (),
) -> int:
    """Register ``players`` and ``registrations`` (those registered already are skipped),
    all or none: a refusal makes no club player either. How many were added."""
    with transaction.atomic():
        locked = _locked(tournament)
        have = set(locked.entrants.values_list("player_id", flat=True))
        # Who each name is, read before anything is made: the count is checked first.
        keys = {name_key(r.name): r for r in registrations if r.player is None}
        known = {p.name_key: p for p in Player.objects.filter(name_key__in=list(keys))}
        wanted = {p.pk for p in players} | {r.player.pk for r in registrations if r.player}
        wanted |= {p.pk for p in known.values()}
        count = len(wanted - have) + len(keys.keys() - known.keys())
        if len(have) + count > MAX_ENTRANTS:
            raise ServiceError(
                _("A tournament has at most %(most)s players; %(have)s are registered.")
                % {"most": MAX_ENTRANTS, "have": len(have)}
            )
        ema: dict[int, str] = {}
        chosen = list(players)
        for registration in registrations:
            player = registration.player or known.get(name_key(registration.name))
            if player is None:
                player = player_named(name=registration.name)
                known[player.name_key] = player
            chosen.append(player)
            if registration.ema_number:
                ema[player.pk] = registration.ema_number
        new = [p for p in dict.fromkeys(chosen) if p.pk not in have]
        Entrant.objects.bulk_create(
            Entrant(tournament=locked, player=p, ema_number=ema.get(p.pk, "")) for p in new
        )
        # A player's identity learns the EMA number registered, where it holds none.
        for player in new:
            if ema.get(player.pk):
                remember_ema_number(player=player, number=ema[player.pk])
        if new:
            _replan(locked)
    return len(new)


def _full(tournament: Tournament) -> bool:
    """Whether the places are taken: by the players in who have not dropped out."""
    if tournament.places is None:
        return False
    taken = tournament.entrants.filter(
        status=Entrant.Status.IN, substitute=False, withdrawn_at__isnull=True
    ).count()
    return taken >= tournament.places


def _move_up(tournament: Tournament) -> list[Entrant]:
    """The waiting list moves up into the places free, first registered first (before the
    plan is made again, which seats them)."""
    moved: list[Entrant] = []
    waiting = tournament.entrants.filter(status=Entrant.Status.WAITING).order_by("created_at", "pk")
    for entrant in waiting:
        if _full(tournament):
            break
        entrant.status = Entrant.Status.IN
        entrant.save(update_fields=["status"])
        moved.append(entrant)
    return moved


def remove_entrant(*, entrant: Entrant) -> Replanned | None:
    """Take a registered player out of a tournament that has not seated them, or has seated
    them only in planned sessions still to come (the plan is made again without them)."""
    with transaction.atomic():
        tournament = _locked(entrant.tournament)
        seated = TableSeat.objects.filter(entrant=entrant)
        if seated.filter(session__started_at__isnull=False).exists():
            raise ServiceError(
                _(
                    "%(name)s has played in a session: their games stay in the results. "
                    "Mark them as dropped out instead."
                )
                % {"name": entrant.player.name}
            )
        if seated.exclude(session__method=Session.Method.PLANNED).exists():
            raise ServiceError(
                _("%(name)s is seated in a session: seat the session again without them first.")
                % {"name": entrant.player.name}
            )
        entrant.delete()
        _move_up(tournament)
        return _replan(tournament)


def withdraw_entrants(*, entrants: Sequence[Entrant], back: bool = False) -> Replanned | None:
    """Players drop out (``back``: come back): the sessions to come seat them no more (or
    again), and a plan of those sessions is made again; the sessions played keep them, and
    their games count. Refused where one of them is seated in a session to come that was
    not planned: that session is seated again by the organiser."""
    if not entrants:
        raise ServiceError(_("Choose the players who drop out."))
    with transaction.atomic():
        tournament = _locked(entrants[0].tournament)
        chosen = Entrant.objects.filter(
            tournament=tournament, pk__in=[e.pk for e in entrants]
        ).select_related("player")
        if not back:
            seated = (
                TableSeat.objects.filter(entrant__in=chosen, session__started_at__isnull=True)
                .exclude(session__method=Session.Method.PLANNED)
                .select_related("entrant__player", "session")
                .first()
            )
            if seated is not None:
                raise ServiceError(
                    _("%(name)s is seated in session %(number)s: seat it again without them first.")
                    % {"name": seated.entrant.player.name, "number": seated.session.number}
                )
        chosen.update(withdrawn_at=None if back else timezone.now())
        if not back:
            _move_up(tournament)
        return _replan(tournament)


def withdraw_table(*, table: Table) -> Replanned | None:
    """A table is taken away from the sessions to come: its players drop out, and the plan
    is made again without them (only a table of a session not started)."""
    if table.session.started:
        raise ServiceError(_("This session has started: its tables are fixed."))
    entrants = [seat.entrant for seat in table.seats.select_related("entrant__tournament")]
    return withdraw_entrants(entrants=entrants)


def _history(tournament: Tournament, before: int) -> list[seating.Seating]:
    """The seatings of the sessions before ``before``, by entrant id, in seat order."""
    sessions: dict[int, dict[int, list[tuple[int, int]]]] = {}
    rows = TableSeat.objects.filter(
        session__tournament=tournament, session__number__lt=before
    ).values_list("session__number", "table__number", "number", "entrant_id")
    for session, table, number, entrant in rows:
        sessions.setdefault(session, {}).setdefault(table, []).append((number, entrant))
    return [
        tuple(tuple(e for _, e in sorted(tables[t])) for t in sorted(tables))
        for _, tables in sorted(sessions.items())
    ]


def _kept(tournament: Tournament, todo: Sequence[Session]) -> list[seating.Seating]:
    """The seatings a plan keeps and counts, by entrant id, in seat order, in the order of
    their sessions: those of every session seated but not among ``todo`` (the sessions
    started, and any seated by hand since the plan)."""
    sessions: dict[int, dict[int, list[tuple[int, int]]]] = {}
    rows = (
        TableSeat.objects.filter(session__tournament=tournament)
        .exclude(session__in=[s.pk for s in todo])
        .values_list("session__number", "table__number", "number", "entrant_id")
    )
    for session, table, number, entrant in rows:
        sessions.setdefault(session, {}).setdefault(table, []).append((number, entrant))
    return [
        tuple(tuple(e for _, e in sorted(tables[t])) for t in sorted(tables))
        for _, tables in sorted(sessions.items())
    ]


def _playing(tournament: Tournament) -> list[Entrant]:
    """The registered players who have not dropped out: those a session to come seats."""
    playing = tournament.entrants.filter(
        withdrawn_at__isnull=True, status=Entrant.Status.IN, substitute=False
    )
    if tournament.check_in:
        # On the day, those who have checked in: a no-show is seated nowhere.
        playing = playing.filter(checked_in_at__isnull=False)
    return list(playing.select_related("player"))


def _check_fill(count: int, size: int) -> None:
    if not count or count % size:
        raise ServiceError(
            _(
                "%(count)s players do not fill tables of %(size)s: register or take out "
                "players until they do."
            )
            % {"count": count, "size": size}
        )


def _write_seating(
    session: Session,
    made: seating.Seating,
    entrants: Sequence[Entrant],
    method: str,
    seed: int | None,
) -> None:
    """``made`` as ``session``'s tables and seats (those it had before are deleted)."""
    by_id = {e.pk: e for e in entrants}
    session.tables.all().delete()
    rows = Table.objects.bulk_create(
        Table(session=session, number=n) for n in range(1, len(made) + 1)
    )
    TableSeat.objects.bulk_create(
        TableSeat(
            session=session,
            table=table,
            number=number,
            entrant_id=entrant,
            player_id=by_id[entrant].player_id,
        )
        for table, seated in zip(rows, made, strict=True)
        for number, entrant in enumerate(seated)
    )
    session.method = method
    session.seed = seed
    session.seated_at = timezone.now()
    session.save()


@dataclass(frozen=True)
class Replanned:
    """Sessions planned (or planned again): their numbers, and the plan, or ``None`` where
    the players left do not fill the tables and the plan was taken away."""

    numbers: tuple[int, ...]
    plan: plans.Plan | None
    count: int
    size: int


def plan_tournament(
    *, tournament: Tournament, seed: int | None = None, vary_tables: bool | None = None
) -> Replanned:
    """Seat every session not started at once (``scoring.seating.plans``): from a design
    where one is known, else a search over them all, with the sessions started counted and
    kept. ``vary_tables`` (kept with the tournament) varies each player's table numbers.
    Refused where every session has started or the players do not fill the tables."""
    with transaction.atomic():
        locked = _locked(tournament)
        if vary_tables is not None:
            locked.vary_tables = vary_tables
            locked.save(update_fields=["vary_tables"])
        todo = list(locked.session_rows.filter(started_at__isnull=True).select_for_update())
        if not todo:
            raise ServiceError(_("Every session has started: there is nothing to plan."))
        entrants = _playing(locked)
        _check_fill(len(entrants), locked.table_size())
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        return _plan(locked, todo, entrants, seed)


def _plan(
    tournament: Tournament, todo: list[Session], entrants: list[Entrant], seed: int
) -> Replanned:
    size = tournament.table_size()
    plan = plans.plan_sessions(
        [e.pk for e in entrants],
        len(todo),
        seed=seed,
        size=size,
        history=_kept(tournament, todo),
        vary_tables=tournament.vary_tables,
    )
    for session, made in zip(todo, plan.sessions, strict=True):
        _write_seating(session, made, entrants, Session.Method.PLANNED, seed)
    return Replanned(tuple(s.number for s in todo), plan, len(entrants), size)


def _replan(tournament: Tournament) -> Replanned | None:
    """The planned sessions not started, planned again with the players now playing (from
    the plan's seed), or their seating taken away where those do not fill the tables;
    ``None`` where there is no plan."""
    todo = list(
        tournament.session_rows.filter(
            started_at__isnull=True, method=Session.Method.PLANNED
        ).select_for_update()
    )
    if not todo:
        return None
    entrants = _playing(tournament)
    size = tournament.table_size()
    if not entrants or len(entrants) % size:
        for session in todo:
            session.tables.all().delete()
            session.method, session.seed, session.seated_at = "", None, None
            session.save(update_fields=["method", "seed", "seated_at"])
        return Replanned(tuple(s.number for s in todo), None, len(entrants), size)
    seed = todo[0].seed
    return _plan(tournament, todo, entrants, seed if seed is not None else 1)


def _ranked_by_results(tournament: Tournament, entrants: list[Entrant], before: int) -> list[int]:
    table = tournament_table(tournament, before=before)
    playing = {e.pk for e in entrants}
    # Those who dropped out keep their place in the results, not a seat.
    order = [row.entrant_id for row in table if row.entrant_id in playing]
    return order + [e.pk for e in entrants if e.pk not in set(order)]


def _ranked_by_rating(tournament: Tournament, entrants: list[Entrant]) -> list[int]:
    ratings = dict(
        Rating.objects.filter(
            players=tournament.table_size(), player__in=[e.player_id for e in entrants]
        ).values_list("player_id", "rating")
    )
    # Unrated players last, by name: a new player's strength is not known.
    ordered = sorted(
        entrants, key=lambda e: (e.player_id not in ratings, -ratings.get(e.player_id, 0.0))
    )
    return [e.pk for e in ordered]


def seat_session(
    *,
    session: Session,
    method: str,
    seed: int | None = None,
    step: int = 1,
    tables: Sequence[Sequence[Entrant]] | None = None,
) -> Session:
    """Seat every registered player of the tournament in ``session``, by ``method``
    (``Session.Method``), with the winds balanced over the sessions before; ``tables`` are
    the prescripted tables. Refused once the session has started, or where the players do
    not fill the tables."""
    with transaction.atomic():
        tournament = _locked(session.tournament)
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.started:
            raise ServiceError(_("This session has started: its seating is fixed."))
        entrants = _playing(tournament)
        size = tournament.table_size()
        ids = [e.pk for e in entrants]
        _check_fill(len(ids), size)
        history = _history(tournament, locked.number)
        made: seating.Seating
        if method == Session.Method.RANDOM:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 10**9)
            made = seating.random_seating(ids, history, seed=seed, size=size)
        elif method == Session.Method.SWISS:
            made = seating.swiss_seating(
                _ranked_by_results(tournament, entrants, locked.number), history, size=size
            )
        elif method == Session.Method.RATING:
            made = seating.interval_seating(
                _ranked_by_rating(tournament, entrants), step=step, size=size, history=history
            )
        elif method == Session.Method.PRESCRIPTED:
            made = tuple(tuple(e.pk for e in table) for table in tables or ())
            try:
                seating.check_seating(made, ids, size)
            except seating.SeatingError:
                raise ServiceError(
                    _("The tables must seat every registered player once, %(size)s at a table.")
                    % {"size": size}
                ) from None
        else:
            raise ServiceError(_("There is no such way of seating."))
        if method != Session.Method.PRESCRIPTED:
            made = seating.balance_winds(made, history)
        _write_seating(
            locked, made, entrants, method, seed if method == Session.Method.RANDOM else None
        )
    return locked


def substitute(*, session: Session, entrant: Entrant, player: Player | None) -> TableSeat:
    """``player`` plays in ``entrant``'s seat in ``session`` (``None``: the entrant again).
    Refused once the session has started, and for a player already seated in it."""
    with transaction.atomic():
        _locked(session.tournament)
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.started:
            raise ServiceError(_("This session has started: its seats are fixed."))
        seat = TableSeat.objects.filter(session=locked, entrant=entrant).first()
        if seat is None:
            raise ServiceError(_("%(name)s has no seat in this session.") % {"name": entrant})
        chosen = player or entrant.player
        if TableSeat.objects.filter(session=locked, player=chosen).exclude(pk=seat.pk).exists():
            raise ServiceError(
                _("%(name)s is already seated in this session.") % {"name": chosen.name}
            )
        seat.player = chosen
        seat.save(update_fields=["player"])
    return seat


def _start_table(tournament: Tournament, session: Session, table: Table, user: Any) -> Game:
    players = [seat.player for seat in table.seats.select_related("player")]
    game = start_game(
        rules=tournament.ruleset(),
        ruleset_name=tournament.ruleset_name,
        players=players,
        # Stored, so in no one language: the tournament, then session-table.
        table_label=f"{tournament.name[:36]} {session.number}-{table.number}",
        created_by=user,
    )
    table.game = game
    table.save(update_fields=["game"])
    game.time_ends_at = table.ends_at(session, tournament.session_minutes)
    game.hands_after_time = tournament.hands_after_time
    game.save(update_fields=["time_ends_at", "hands_after_time"])
    return game


def start_session(*, session: Session, user: Any = None) -> Session:
    """Start every table's game and the clock; the seating is fixed from now on."""
    with transaction.atomic():
        tournament = _locked(session.tournament)
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if locked.started:
            raise ServiceError(_("This session has started already."))
        tables = list(locked.tables.all())
        if not tables:
            raise ServiceError(_("Seat the players before the session starts."))
        # The clock starts first: each game is started with it written on it.
        locked.started_at = timezone.now()
        locked.save(update_fields=["started_at"])
        for table in tables:
            _start_table(tournament, locked, table, user)
    return locked


def replay_table(*, table: Table, user: Any = None) -> Game:
    """Cancel a table's game (abandoned, it counts for nothing) and start it again with the
    same players in the same seats: a game the organiser decides is to be played again."""
    with transaction.atomic():
        session = Session.objects.select_related("tournament").get(pk=table.session_id)
        tournament = _locked(session.tournament)
        locked = Table.objects.select_for_update().get(pk=table.pk)
        if not session.started:
            raise ServiceError(_("This session has not started."))
        old = locked.game
        if old is not None and old.status == Game.Status.FINISHED:
            raise ServiceError(
                _("This table's game is finished: reopen it first if it is to be played again.")
            )
        if old is not None and old.status == Game.Status.IN_PLAY:
            abandon_game(game=old, expected_sequence=old.hand_count, user=user)
        if old is not None:
            locked.earlier_games.add(old)
        return _start_table(tournament, session, locked, user)


def cancel_table(*, table: Table, user: Any = None) -> None:
    """Cancel a table's game: abandoned, it counts for nothing; the seats stay as they are."""
    game = table.game
    if game is None or game.status != Game.Status.IN_PLAY:
        raise ServiceError(_("This table has no game in play."))
    abandon_game(game=game, expected_sequence=game.hand_count, user=user)


def set_table_time(*, table: Table, late_minutes: int, extra_minutes: int) -> Table:
    """A table's late start and extra time, in minutes: its clock ends that much later."""
    with transaction.atomic():
        locked = Table.objects.select_for_update().get(pk=table.pk)
        locked.late_minutes = late_minutes
        locked.extra_minutes = extra_minutes
        locked.save(update_fields=["late_minutes", "extra_minutes"])
        session = Session.objects.select_related("tournament").get(pk=locked.session_id)
        write_clock(locked, session, session.tournament)
    return locked


def end_by_time(
    *, table: Table, user: Any = None, early: bool = False, now: datetime | None = None
) -> Game:
    """End a table's game by time, with the points as they are after its last hand (the
    leftover sticks, uma and oka as the rules count a game's end); its record says
    ``"end": "time"``. Refused before the table's time is up unless ``early`` (the
    organiser's word)."""
    # Read now: the hands recorded since the table was read are the ones time ends after.
    game = Game.objects.filter(tournament_table=table).first()
    if game is None or game.status != Game.Status.IN_PLAY:
        raise ServiceError(_("This table has no game in play."))
    session = table.session
    ends = table.ends_at(session, session.tournament.session_minutes)
    if not early and (ends is None or (now or timezone.now()) < ends):
        raise ServiceError(_("Time is not up at this table yet."))
    return finish_game(game=game, expected_sequence=game.hand_count, user=user, by_time=True)


def hands_left(table: Table, now: datetime) -> int | None:
    """``None`` before the table's time is up; from then on, the hands its game may still
    play under the end policy, the one being played included (1: the last hand), as the
    game itself counts them (``table.services.hands.hands_left``)."""
    game = table.game
    if game is None:
        return None
    return game_hands_left(game, now)


def write_clock(table: Table, session: Session, tournament: Tournament) -> None:
    """Write the table's clock and the tournament's end policy onto its game, which obeys
    them from then on (recording a hand reads them with the game)."""
    if table.game_id is None:
        return
    Game.objects.filter(pk=table.game_id).update(
        time_ends_at=table.ends_at(session, tournament.session_minutes),
        hands_after_time=tournament.hands_after_time,
    )


def _write_clocks(tournament: Tournament) -> None:
    """Write every started table's clock onto its game in play (the tournament's length of a
    session or end policy changed)."""
    tables = Table.objects.filter(
        session__tournament=tournament,
        session__started_at__isnull=False,
        game__status=Game.Status.IN_PLAY,
    ).select_related("session")
    for table in tables:
        write_clock(table, table.session, tournament)


def give_penalty(
    *, entrant: Entrant, points: Decimal, reason: str, session: int | None, user: Any = None
) -> TournamentPenalty:
    """Take ``points`` off a registered player's tournament total."""
    if points <= 0:
        raise ServiceError(_("A penalty takes off more than nothing."))
    return TournamentPenalty.objects.create(
        tournament_id=entrant.tournament_id,
        entrant=entrant,
        points=points,
        reason=reason.strip(),
        session=session,
        given_by=user,
    )


def take_back_penalty(*, penalty: TournamentPenalty, user: Any = None) -> TournamentPenalty:
    """The organiser takes a penalty back: it counts no more; the results list it as taken
    back. Refused for one taken back already."""
    with transaction.atomic():
        locked = TournamentPenalty.objects.select_for_update().get(pk=penalty.pk)
        if locked.taken_back_at is not None:
            raise ServiceError(_("This penalty was taken back already."))
        locked.taken_back_at = timezone.now()
        locked.taken_back_by = user
        locked.save(update_fields=["taken_back_at", "taken_back_by"])
    return locked


def hide_results(*, tournament: Tournament, from_session: int | None) -> Tournament:
    """Show the results of the sessions from ``from_session`` on to the organiser alone
    (``None``: show them all, the reveal)."""
    tournament.hidden_from = from_session
    tournament.save(update_fields=["hidden_from"])
    return tournament


def merge_refusal(kept: Player, merged: Player) -> str | None:
    """Why ``merged`` cannot be merged into ``kept`` as the tournaments see it: both
    registered in one tournament, or both seated in one session (one of them must be taken
    out first); ``None`` where nothing stands in the way."""
    both = Entrant.objects.filter(player=kept, tournament__entrants__player=merged).first()
    if both is not None:
        return _(
            "%(kept)s and %(merged)s are both registered in the tournament %(tournament)s: "
            "take one of them out of it first."
        ) % {"kept": kept.name, "merged": merged.name, "tournament": both.tournament.name}
    sessions = set(TableSeat.objects.filter(player=kept).values_list("session_id", flat=True))
    clash = (
        TableSeat.objects.filter(player=merged, session_id__in=sessions)
        .select_related("session__tournament")
        .first()
    )
    if clash is not None:
        return _(
            "%(kept)s and %(merged)s both sit in session %(number)s of %(tournament)s: a "
            "player cannot sit twice in one session."
        ) % {
            "kept": kept.name,
            "merged": merged.name,
            "number": clash.session.number,
            "tournament": clash.session.tournament.name,
        }
    return None


def move_registrations(kept: Player, merged: Player) -> None:
    """A player merged into another: their registrations and seats become the other's."""
    Entrant.objects.filter(player=merged).update(player=kept)
    TableSeat.objects.filter(player=merged).update(player=kept)
