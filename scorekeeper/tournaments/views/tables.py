"""The players' pages at their tables: a session's tables (and their printout), a table's
page and QR code, the keyed link a table's phones open, the clock on a tournament game's
page, and ending a game by time."""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any

import segno
from django.contrib import messages
from django.db.models import Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.registry.permissions import (
    acting_user,
    game_read_required,
    grant_table_key,
    holds_table_key,
    is_member,
    is_organiser,
    keyed_guard,
    read_required,
)
from scorekeeper.tournaments import services
from scorekeeper.tournaments.forms import SeatForm, SubstituteForm
from scorekeeper.tournaments.models import Session, Table, TableSeat, Tournament
from scorekeeper.tournaments.reports import seating_so_far
from scorekeeper.tournaments.views.handlers import (
    act,
    confirm_page,
    confirmed,
    login_or_403,
    readable,
    session_of,
    table_of,
)


@dataclass(frozen=True)
class ShownTable:
    """A table as the session's list shows it, its words looked up once for the list: a
    translation looked up for each of a hundred seats cost a third of the page."""

    table: Table
    title: str
    qr_alt: str
    seated: list[tuple[str, TableSeat]]
    #: Where the table's link leads: with its key for the organiser (the phones it is
    #: given to record the table's game), without for everyone else.
    link: str


def shown_tables(tables: Any, tables_url: str, *, keyed: bool = False) -> list[ShownTable]:
    winds = [_("East"), _("South"), _("West"), _("North")]
    title, qr_alt = _("Table %(number)s"), _("QR code of table %(number)s")
    return [
        ShownTable(
            table,
            title % {"number": table.number},
            qr_alt % {"number": table.number},
            list(zip(winds, table.seats.all(), strict=False)),
            f"{tables_url}{table.number}/" + (f"key/{table.key()}/" if keyed else ""),
        )
        for table in tables
    ]


def session_context(
    request: HttpRequest, tournament: Tournament, session: Session
) -> dict[str, Any]:
    organiser = is_organiser(request.user)
    # The seats with their players in one joined query, and of each game only what the
    # list shows: its rules and state are large, and thirty of them cost more than the page.
    seats = TableSeat.objects.select_related("player", "entrant__player")
    tables_url = session.get_absolute_url() + "tables/"
    tables = (
        session.tables.select_related("game")
        .only("session_id", "number", "late_minutes", "extra_minutes", "game__status")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    context: dict[str, Any] = {
        "tournament": tournament,
        "session": session,
        "tables": shown_tables(tables, tables_url, keyed=organiser),
        "words": {
            "game": _("The game"),
            "finished": _("finished"),
            "cancelled": _("cancelled"),
            "in_play": _("in play"),
            "referee": _("Referee"),
            "take_away": _("Take this table away from the sessions to come"),
        },
        "organiser": organiser,
        "now": timezone.now(),
        "tables_url": tables_url,
    }
    if organiser and session.seated_at:
        context["report"] = seating_so_far(session)
        context["winds"] = [_("East"), _("South"), _("West"), _("North")][: tournament.table_size()]
    if organiser and not session.started:
        entrants = list(tournament.entrants.select_related("player"))
        method = session.method if session.method != Session.Method.PLANNED else ""
        context["seat_form"] = SeatForm(
            initial={"method": method or Session.Method.RANDOM, "seed": session.seed},
            entrants=entrants,
            size=tournament.table_size(),
        )
        context["substitute_form"] = SubstituteForm(tournament=tournament)
        context["entrant_choices"] = [(e.pk, e.player.name) for e in entrants]
    return context


@require_safe
@read_required
@login_or_403
def tournament_session(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = readable(request, pk)
    session = session_of(tournament, number)
    context = session_context(request, tournament, session)
    template = "tournaments/print.html" if request.GET.get("print") else "tournaments/session.html"
    return render(request, template, context)


@require_safe
@read_required
@login_or_403
def table_page(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """Where a table's QR code leads: its game once the session has started (the page to
    record it on), its seats until then."""
    tournament = readable(request, pk)
    found = table_of(tournament, number, table)
    if found.game is not None and not request.GET.get("seats"):
        return redirect(found.game)
    context = {
        "tournament": tournament,
        "session": found.session,
        "table": found,
        "seats": found.seats.select_related("player", "entrant__player"),
        "ends_at": found.ends_at(found.session, tournament.session_minutes),
        "organiser": is_organiser(request.user),
        "table_url": found.get_absolute_url(),
        "minutes": tournament.session_minutes + found.late_minutes + found.extra_minutes,
    }
    return render(request, "tournaments/table.html", context)


@require_safe
@read_required
@login_or_403
def table_qr(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    tournament = readable(request, pk)
    found = table_of(tournament, number, table)
    out = io.BytesIO()
    # The organiser's codes carry the table's key: the phones they are shown to record.
    url = found.keyed_url() if is_organiser(request.user) else found.get_absolute_url()
    segno.make(request.build_absolute_uri(url), error="m").save(
        out, kind="svg", scale=4, xmldecl=False
    )
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    response["Vary"] = "Cookie"
    return response


@require_safe
def table_key(request: HttpRequest, pk: int, number: int, table: int, key: str) -> HttpResponse:
    """A table's link with its key: this browser may record the table's game (and only
    it) from now on, with or without an account; then the game. A key that is not the
    table's (a seating made again since) gives nothing and says so."""
    found = get_object_or_404(
        Table.objects.select_related("session"),
        session__tournament_id=pk,
        session__number=number,
        number=table,
    )
    if not constant_time_compare(key, found.key()):
        messages.error(
            request,
            _(
                "This link's key is not this table's (the seating was made again since?): "
                "ask the organiser for the table's link."
            ),
        )
        return redirect(found)
    grant_table_key(request, found.pk)
    if found.game_id is None:
        return redirect(found.get_absolute_url() + "?seats=1")
    return redirect("game_table", found.game_id)


@require_safe
@game_read_required
def game_clock(request: HttpRequest, game_id: int) -> HttpResponse:
    """The clock of a tournament's game, for its table page (204 for another game)."""
    # Its table, whose game it is, or was before the game was played again (one query).
    table = (
        Table.objects.select_related("session__tournament", "game")
        .filter(Q(game_id=game_id) | Q(earlier_games=game_id))
        .first()
    )
    if table is None:
        return HttpResponse(status=204)
    if table.game_id != game_id:
        replayed: dict[str, Any] = {"table": table, "tournament": table.session.tournament}
        return render(request, "tournaments/game_replayed.html", replayed)
    session = table.session
    tournament = session.tournament
    minutes = tournament.session_minutes + table.late_minutes + table.extra_minutes
    ends_at = table.ends_at(session, tournament.session_minutes)
    now = timezone.now()
    # The part asks again the moment time is up, to say so (and every 15 s, and after
    # each hand, for a late start or extra time given meanwhile).
    seconds_left = math.ceil((ends_at - now).total_seconds()) if ends_at else 0
    context = {
        "tournament": tournament,
        "session": session,
        "table": table,
        "game": table.game,
        "minutes": minutes,
        "ends_at": ends_at,
        "time_up": ends_at is not None and now >= ends_at,
        "hands_left": services.hands_left(table, now),
        "may_end": is_member(request.user) or holds_table_key(request, game_id),
        "up_in": seconds_left + 1 if 0 < seconds_left < 6 * 3600 else None,
    }
    return render(request, "tournaments/game_clock.html", context)


def _tables_game(kwargs: dict[str, Any]) -> int | None:
    tables = Table.objects.filter(
        session__tournament_id=kwargs["pk"],
        session__number=kwargs["number"],
        number=kwargs["table"],
    )
    return tables.values_list("game_id", flat=True).first()


@require_POST
@keyed_guard(is_member, _tables_game)
def table_end_by_time(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """A table's players end their game when its time is up (the organiser at any time)."""
    found = table_of(pk, number, table)
    back = found.game.get_absolute_url() if found.game else found.session.get_absolute_url()
    if not confirmed(request):
        return confirm_page(
            request,
            title=_("End the game at table %(number)s by time?") % {"number": found.number},
            question=_(
                "The game ends now, with the points as they are after its last hand; no "
                "more hands are played."
            ),
            button=_("End by time"),
            back=back,
        )
    return act(
        request,
        lambda: services.end_by_time(
            table=found, user=acting_user(request.user), early=is_organiser(request.user)
        ),
        back=back,
        done=_("The game ended by time: here are its final standings."),
        then=lambda game: game.get_absolute_url(),
    )
