"""The player's own pages, on their phone and without an account: the registration page of a
tournament open for it, and "my tournament" behind the signed link given at registration
(where I sit next, against whom, the clock, my results and place; withdraw)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.club.models import Game
from scorekeeper.errors import IdentityRefused, ServiceError
from scorekeeper.format import format_points, wind_name
from scorekeeper.tournaments import registration
from scorekeeper.tournaments.forms import SelfRegisterForm
from scorekeeper.tournaments.models import Entrant, Table, TableSeat, Tournament
from scorekeeper.tournaments.results import shown_sessions, tournament_table
from scoring.seats import seat_wind

#: How often the player's page asks for itself again (seconds).
REFRESH_SECONDS = 10


def register_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A tournament's registration page, while it is open: the player's link on success."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not tournament.registration_open:
        raise Http404
    form = SelfRegisterForm(request.POST or None, ask_identity=tournament.ask_identity)
    if request.method == "POST" and form.is_valid():
        try:
            entrant = registration.register_self(
                tournament=tournament,
                name=form.cleaned_data["name"],
                identity=form.identity(),
                substitute=form.cleaned_data["substitute"],
            )
        except IdentityRefused as refusal:
            form.add_error(refusal.field if refusal.field in form.fields else None, str(refusal))
        except ServiceError as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(
                request,
                _("Keep this page's link (or its code): it is your page for the tournament."),
            )
            return redirect(entrant.own_url())
    context = {
        "tournament": tournament,
        "form": form,
        "closed": tournament.registration_closed(),
        "places_left": _places_left(tournament),
    }
    return render(request, "tournaments/register.html", context, status=422 if form.errors else 200)


def _places_left(tournament: Tournament) -> int | None:
    if tournament.places is None:
        return None
    taken = tournament.entrants.filter(
        status=Entrant.Status.IN, substitute=False, withdrawn_at__isnull=True
    ).count()
    return max(0, tournament.places - taken)


def _entrant(pk: int, entrant_id: int, key: str) -> Entrant:
    """The entrant whose link this is (404 for a key revoked or not theirs)."""
    entrant = get_object_or_404(
        Entrant.objects.select_related("player", "tournament"), pk=entrant_id, tournament_id=pk
    )
    if not constant_time_compare(key, entrant.key()):
        raise Http404
    return entrant


@dataclass(frozen=True)
class NextTable:
    """Where a player sits next (or now): the session, the table, their wind, the others,
    the clock, and the points at the table while its game is in play."""

    session: int
    table: Table
    wind: str
    others: list[tuple[str, str]]
    points: str | None
    ends_at: datetime | None
    started: bool
    record_url: str | None


def _next_table(entrant: Entrant, tournament: Tournament, before: int | None) -> NextTable | None:
    # Every seat at every table the player sits at, in one query: theirs and the others'.
    rows = list(
        TableSeat.objects.filter(table__seats__entrant=entrant)
        .select_related("session", "table__game", "player")
        .order_by("session__number", "number")
    )
    by_table: dict[int, list[TableSeat]] = {}
    for row in rows:
        by_table.setdefault(row.table_id, []).append(row)
    size = tournament.table_size()
    for seat in (row for row in rows if row.entrant_id == entrant.pk):
        table = seat.table
        game = table.game
        if game is not None and game.status != Game.Status.IN_PLAY:
            continue
        session = seat.session
        # A hidden session's points in play are its results to come.
        hidden = before is not None and session.number >= before
        scores = game.state["scores"] if game is not None and not hidden else None
        return NextTable(
            session=session.number,
            table=table,
            wind=wind_name(seat_wind(seat.number, 0, size)),
            others=[
                (
                    wind_name(seat_wind(other.number, 0, size)),
                    other.player.name
                    + (f" · {format_points(scores[other.number])}" if scores is not None else ""),
                )
                for other in by_table[table.pk]
                if other.pk != seat.pk
            ],
            points=format_points(scores[seat.number]) if scores is not None else None,
            ends_at=table.ends_at(session, tournament.session_minutes),
            started=session.started,
            record_url=table.keyed_url() if tournament.players_record and game else None,
        )
    return None


def mine_context(entrant: Entrant) -> dict[str, Any]:
    tournament = entrant.tournament
    before = shown_sessions(tournament, organiser=False)
    context: dict[str, Any] = {
        "tournament": tournament,
        "entrant": entrant,
        "hidden_from": tournament.hidden_from,
        "refresh_seconds": REFRESH_SECONDS,
        "now": timezone.now(),
    }
    if entrant.status == Entrant.Status.WAITING:
        context["waiting_place"] = (
            tournament.entrants.filter(
                status=Entrant.Status.WAITING, created_at__lte=entrant.created_at
            )
            .exclude(created_at=entrant.created_at, pk__gt=entrant.pk)
            .count()
        )
    if entrant.status == Entrant.Status.IN and not entrant.substitute:
        # The standings, with each game in play's current points beside them.
        rows = tournament_table(tournament, before=before, live=True)
        mine = next((row for row in rows if row.entrant_id == entrant.pk), None)
        context["row"] = mine
        context["players"] = len(rows)
        context["standings"] = rows
        context["next"] = (
            _next_table(entrant, tournament, before) if entrant.withdrawn_at is None else None
        )
    return context


@require_safe
def my_tournament(request: HttpRequest, pk: int, entrant_id: int, key: str) -> HttpResponse:
    """The player's own page; asked again by itself every few seconds (its part alone)."""
    entrant = _entrant(pk, entrant_id, key)
    context = mine_context(entrant)
    context["own_url"] = request.build_absolute_uri(entrant.own_url())
    template = "tournaments/mine.html"
    if request.headers.get("HX-Request"):
        template += "#mine"
    response = render(request, template, context)
    response["Cache-Control"] = "private, no-store"
    return response


@require_safe
def my_qr(request: HttpRequest, pk: int, entrant_id: int, key: str) -> HttpResponse:
    """The player's link as a QR code, to open it on their phone from another screen."""
    entrant = _entrant(pk, entrant_id, key)
    out = io.BytesIO()
    segno.make(request.build_absolute_uri(entrant.own_url()), error="m").save(
        out, kind="svg", scale=4, xmldecl=False
    )
    response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response


@require_POST
def my_check_in(request: HttpRequest, pk: int, entrant_id: int, key: str) -> HttpResponse:
    """The player checks in from their phone on the day."""
    entrant = _entrant(pk, entrant_id, key)
    if not entrant.tournament.check_in:
        raise Http404
    try:
        registration.check_in(entrant=entrant)
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("You are checked in."))
    return redirect(entrant.own_url())


@require_POST
def my_withdraw(request: HttpRequest, pk: int, entrant_id: int, key: str) -> HttpResponse:
    """The player withdraws from their own page (the waiting list moves up)."""
    entrant = _entrant(pk, entrant_id, key)
    tournament = entrant.tournament
    try:
        registration.withdraw_self(entrant=entrant)
    except ServiceError as refusal:
        messages.error(request, refusal.message)
        return redirect(entrant.own_url())
    messages.success(request, _("You have withdrawn from %(name)s.") % {"name": tournament.name})
    if Entrant.objects.filter(pk=entrant.pk).exists():
        return redirect(entrant.own_url())
    if tournament.registration_open:
        return redirect("tournament_register_self", pk)
    return redirect("tournament_list")
