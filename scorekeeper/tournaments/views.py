"""A tournament's pages: the organiser's (settings, players, seating, starting a session,
the referee's tools) and everyone's (the tables, the results, the screen, the downloads).

Who may read a tournament: whoever may read the club's games (``can_read``), and visitors
only while the tournament is public. The organiser (a staff account) runs it; members
record their table's game on the game's own page, as any game.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.club.models import Player
from scorekeeper.digest import digest
from scorekeeper.errors import ServiceError
from scorekeeper.registry.permissions import (
    acting_user,
    can_read,
    game_read_required,
    grant_table_key,
    holds_table_key,
    is_member,
    is_organiser,
    keyed_guard,
    organiser_required,
    read_required,
)
from scorekeeper.registry.services import player_named
from scorekeeper.spreadsheets import csv_lines
from scorekeeper.tournaments import services
from scorekeeper.tournaments.forms import (
    HideForm,
    PenaltyForm,
    RegisterForm,
    SeatForm,
    SubstituteForm,
    TableTimeForm,
    TournamentEditForm,
    TournamentForm,
)
from scorekeeper.tournaments.models import (
    Entrant,
    Session,
    Table,
    TableSeat,
    Tournament,
    TournamentPenalty,
)
from scorekeeper.tournaments.results import (
    counted,
    paths,
    penalties_given,
    results_state,
    session_results,
    shown_sessions,
    tournament_table,
)

CSV = "text/csv; charset=utf-8"
#: How long a drawn tournament table is kept; a change to what it shows draws it anew.
RESULTS_SECONDS = 3600
#: The results file's columns, for people: in the reader's language (the JSON keeps keys).
CSV_HEADER = (
    gettext_lazy("Place"),
    gettext_lazy("Player number"),
    gettext_lazy("Player"),
    gettext_lazy("Total"),
    gettext_lazy("Results"),
    gettext_lazy("Penalties"),
    gettext_lazy("Chombo"),
    pgettext_lazy("a count", "Games"),
)
JSON = "application/json; charset=utf-8"


def _readable(request: HttpRequest, pk: int) -> Tournament:
    """The tournament, if this reader may see it (else sent to log in, or 403)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    user = request.user
    if not (can_read(user) and (tournament.public or is_member(user))):
        raise PermissionDenied
    return tournament


def _session(tournament: Tournament, number: int) -> Session:
    return get_object_or_404(Session, tournament=tournament, number=number)


def _refused(request: HttpRequest, error: ServiceError, to: str) -> HttpResponse:
    messages.error(request, error.message)
    return redirect(to)


def _login_or_403(view: Any) -> Any:
    """A visitor refused a private tournament is sent to log in first."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            return view(request, *args, **kwargs)  # type: ignore[no-any-return]
        except PermissionDenied:
            if not request.user.is_authenticated and request.method in ("GET", "HEAD"):
                return redirect_to_login(request.get_full_path())
            raise

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


@require_safe
@read_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.all()
    if not is_member(request.user):
        tournaments = tournaments.filter(public=True)
    return render(request, "tournaments/list.html", {"tournaments": tournaments})


@organiser_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        ruleset_name, rules = form.cleaned_data["ruleset"]
        tournament = services.create_tournament(
            rules=rules, ruleset_name=ruleset_name, user=request.user, **form.settings()
        )
        return redirect(tournament)
    status = 422 if form.is_bound else 200
    return render(request, "tournaments/form.html", {"form": form}, status=status)


@organiser_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    initial = {
        name: getattr(tournament, name) for name in TournamentForm.base_fields if name != "ruleset"
    }
    form = TournamentEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(tournament=tournament, **form.settings())
        except ServiceError as error:
            form.add_error("sessions", error.message)
        else:
            return redirect(tournament)
    status = 422 if form.is_bound else 200
    context = {"form": form, "tournament": tournament}
    return render(request, "tournaments/form.html", context, status=status)


@require_safe
@read_required
@_login_or_403
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _readable(request, pk)
    organiser = is_organiser(request.user)
    context = _detail_context(tournament, RegisterForm() if organiser else None)
    return render(request, "tournaments/detail.html", context)


def _detail_context(tournament: Tournament, form: RegisterForm | None) -> dict[str, Any]:
    entrants = list(tournament.entrants.select_related("player"))
    context: dict[str, Any] = {
        "tournament": tournament,
        "sessions": list(tournament.session_rows.all()),
        "entrants": entrants,
        "organiser": form is not None,
        "register_form": form,
        "players_url": reverse("tournament_detail", args=[tournament.pk]) + "players/",
    }
    if form is not None:
        registered = {e.player_id for e in entrants}
        context["unregistered"] = [
            (pk, name)
            for pk, name in Player.objects.values_list("pk", "name")
            if pk not in registered
        ]
    return context


@require_POST
@organiser_required
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = RegisterForm(request.POST)
    if not form.is_valid():
        context = _detail_context(tournament, form)
        return render(request, "tournaments/detail.html", context, status=422)
    try:
        players = [*form.cleaned_data["players"]]
        players += [player_named(name=name) for name in form.cleaned_data["new_names"]]
        added = services.register_players(tournament=tournament, players=players)
    except ServiceError as error:
        return _refused(request, error, tournament.get_absolute_url())
    messages.success(request, _("%(count)s players registered.") % {"count": added})
    return redirect(tournament)


@require_POST
@organiser_required
def entrant_remove(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    entrant = get_object_or_404(Entrant, pk=entrant_id, tournament_id=pk)
    try:
        services.remove_entrant(entrant=entrant)
    except ServiceError as error:
        return _refused(request, error, entrant.tournament.get_absolute_url())
    return redirect("tournament_detail", pk)


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


def _session_context(
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
        },
        "organiser": organiser,
        "now": timezone.now(),
        "tables_url": tables_url,
    }
    if organiser and not session.started:
        entrants = list(tournament.entrants.select_related("player"))
        context["seat_form"] = SeatForm(
            initial={"method": session.method or Session.Method.RANDOM, "seed": session.seed},
            entrants=entrants,
            size=tournament.table_size(),
        )
        context["substitute_form"] = SubstituteForm(tournament=tournament)
        context["entrant_choices"] = [(e.pk, e.player.name) for e in entrants]
    return context


@require_safe
@read_required
@_login_or_403
def tournament_session(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = _readable(request, pk)
    session = _session(tournament, number)
    context = _session_context(request, tournament, session)
    template = "tournaments/print.html" if request.GET.get("print") else "tournaments/session.html"
    return render(request, template, context)


@require_POST
@organiser_required
def session_seat(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    session = _session(tournament, number)
    entrants = list(tournament.entrants.select_related("player"))
    form = SeatForm(request.POST, request.FILES, entrants=entrants, size=tournament.table_size())
    if not form.is_valid():
        context = _session_context(request, tournament, session)
        context["seat_form"] = form
        return render(request, "tournaments/session.html", context, status=422)
    data = form.cleaned_data
    try:
        services.seat_session(
            session=session,
            method=data["method"],
            seed=data.get("seed"),
            step=data.get("step") or 1,
            tables=data.get("table_rows"),
        )
    except ServiceError as error:
        return _refused(request, error, session.get_absolute_url())
    return redirect(session)


@require_POST
@organiser_required
def session_substitute(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    session = _session(tournament, number)
    form = SubstituteForm(request.POST, tournament=tournament)
    if not form.is_valid():
        context = _session_context(request, tournament, session)
        context["substitute_form"] = form
        return render(request, "tournaments/session.html", context, status=422)
    try:
        name = form.cleaned_data["name"]
        services.substitute(
            session=session,
            entrant=form.cleaned_data["entrant"],
            player=player_named(name=name) if name else None,
        )
    except ServiceError as error:
        return _refused(request, error, session.get_absolute_url())
    return redirect(session)


@require_POST
@organiser_required
def session_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    session = _session(tournament, number)
    try:
        services.start_session(session=session, user=request.user)
    except ServiceError as error:
        return _refused(request, error, session.get_absolute_url())
    return redirect(session)


def _table(tournament: Tournament, number: int, table: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("session", "game"),
        session__tournament=tournament,
        session__number=number,
        number=table,
    )


@require_safe
@read_required
@_login_or_403
def table_page(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    """Where a table's QR code leads: its game once the session has started (the page to
    record it on), its seats until then."""
    tournament = _readable(request, pk)
    found = _table(tournament, number, table)
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
@_login_or_403
def table_qr(request: HttpRequest, pk: int, number: int, table: int) -> HttpResponse:
    tournament = _readable(request, pk)
    found = _table(tournament, number, table)
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


@require_POST
@organiser_required
def table_action(
    request: HttpRequest, pk: int, number: int, table: int, action: str
) -> HttpResponse:
    """The referee's tools at one table: its time, its game cancelled or played again."""
    tournament = get_object_or_404(Tournament, pk=pk)
    found = _table(tournament, number, table)
    try:
        if action == "time":
            form = TableTimeForm(request.POST)
            if not form.is_valid():
                raise ServiceError(_("Minutes are whole numbers from 0 to 600."))
            services.set_table_time(table=found, **form.cleaned_data)
        elif action == "cancel":
            services.cancel_table(table=found, user=request.user)
        elif action == "replay":
            services.replay_table(table=found, user=request.user)
        else:
            raise ServiceError(_("There is no such action."))
    except ServiceError as error:
        return _refused(request, error, found.session.get_absolute_url())
    return redirect(found.session)


@require_safe
@game_read_required
def game_clock(request: HttpRequest, game_id: int) -> HttpResponse:
    """The clock of a tournament's game, for its table page (204 for another game)."""
    table = (
        Table.objects.select_related("session__tournament", "game").filter(game_id=game_id).first()
    )
    if table is None:
        return HttpResponse(status=204)
    session = table.session
    tournament = session.tournament
    minutes = tournament.session_minutes + table.late_minutes + table.extra_minutes
    ends_at = table.ends_at(session, tournament.session_minutes)
    context = {
        "tournament": tournament,
        "session": session,
        "table": table,
        "game": table.game,
        "minutes": minutes,
        "ends_at": ends_at,
        "time_up": ends_at is not None and timezone.now() >= ends_at,
        "hands_left": services.hands_left(table, timezone.now()),
        "may_end": is_member(request.user) or holds_table_key(request, game_id),
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
    tournament = get_object_or_404(Tournament, pk=pk)
    found = _table(tournament, number, table)
    try:
        game = services.end_by_time(
            table=found, user=acting_user(request.user), early=is_organiser(request.user)
        )
    except ServiceError as error:
        if found.game is None:
            return _refused(request, error, found.session.get_absolute_url())
        return _refused(request, error, found.game.get_absolute_url())
    return redirect(game)


def _results_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    organiser = is_organiser(request.user)
    before = shown_sessions(tournament, organiser=organiser)
    return {
        "tournament": tournament,
        "rows": tournament_table(tournament, before=before),
        "penalties": penalties_given(tournament, before=before),
        "hidden_from": tournament.hidden_from,
        "organiser": organiser,
        "players_url": reverse("tournament_detail", args=[tournament.pk]) + "players/",
    }


@require_safe
@read_required
@_login_or_403
def tournament_results(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament table, drawn once for every reader who sees the same (kept in the
    cache under what it depends on): a room of screens and phones asks for it every few
    seconds while the games change only now and then."""
    tournament = _readable(request, pk)
    organiser = is_organiser(request.user)
    before = shown_sessions(tournament, organiser=organiser)
    screen = bool(request.GET.get("screen"))
    # On the screen, the clock of the session being played: the last one started.
    current = (
        tournament.session_rows.filter(started_at__isnull=False).order_by("-number").first()
        if screen
        else None
    )
    state, names = results_state(tournament, before=before)
    moment = (current.pk, current.started_at) if current else None
    key = "tournament-results:" + digest(state, get_language(), organiser, screen, moment)
    html = cache.get(key)
    if html is None:
        part = _results_context(request, tournament) | {"screen": screen, "current": current}
        html = render_to_string("tournaments/results.html#results", part, request=request)
        cache.set(key, str(html), RESULTS_SECONDS)
    html = mark_safe(html)  # drawn by the template above, escaped there
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.boosted and htmx.target == "results":
        return HttpResponse(html)
    context: dict[str, Any] = {
        "tournament": tournament,
        "organiser": organiser,
        "screen": screen,
        "results_html": html,
    }
    if organiser:
        context["entrant_choices"] = names
        given = penalties_given(tournament)
        context["open_penalties"] = [p for p in given if p.taken_back_at is None]
        context["penalty_form"] = PenaltyForm(tournament=tournament)
        context["hide_form"] = HideForm(initial={"from_session": tournament.hidden_from})
    return render(request, "tournaments/results.html", context)


@require_safe
@read_required
@_login_or_403
def tournament_player(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    tournament = _readable(request, pk)
    entrant = get_object_or_404(
        Entrant.objects.select_related("player"), pk=entrant_id, tournament=tournament
    )
    before = shown_sessions(tournament, organiser=is_organiser(request.user))
    path = paths(tournament, before=before).get(entrant.pk)
    context = {"tournament": tournament, "entrant": entrant, "path": path}
    return render(request, "tournaments/player.html", context)


@require_safe
@read_required
@_login_or_403
def session_results_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = _readable(request, pk)
    session = _session(tournament, number)
    hidden = shown_sessions(tournament, organiser=is_organiser(request.user))
    shown = hidden is None or number < hidden
    context = {
        "tournament": tournament,
        "session": session,
        "tables": session_results(tournament, number) if shown else [],
        "hidden": not shown,
    }
    return render(request, "tournaments/session_results.html", context)


@require_safe
@read_required
@_login_or_403
def results_download(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    tournament = _readable(request, pk)
    before = shown_sessions(tournament, organiser=is_organiser(request.user))
    rows = counted(tournament_table(tournament, before=before))
    if kind == "json":
        body = json.dumps({"tournament": tournament.name, "rows": rows}, ensure_ascii=False)
        response = HttpResponse(body, content_type=JSON)
    else:
        keys = ["place", "player_id", "name", "total", "results", "penalties", "chombo", "games"]
        text = "".join(csv_lines(CSV_HEADER, ([row[k] for k in keys] for row in rows)))
        response = HttpResponse(text, content_type=CSV)
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}.{kind}"'
    return response


@require_POST
@organiser_required
def tournament_penalty(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = PenaltyForm(request.POST, tournament=tournament)
    if not form.is_valid():
        context = _results_context(request, tournament)
        context |= {"penalty_form": form, "hide_form": HideForm(), "screen": False}
        context["entrant_choices"] = sorted(
            ((row.entrant_id, row.name) for row in context["rows"]), key=lambda c: c[1]
        )
        return render(request, "tournaments/results.html", context, status=422)
    try:
        services.give_penalty(
            entrant=form.cleaned_data["entrant"],
            points=form.cleaned_data["points"],
            reason=form.cleaned_data["reason"],
            session=None,
            user=request.user,
        )
    except ServiceError as error:
        return _refused(request, error, reverse("tournament_results", args=[pk]))
    return redirect("tournament_results", pk)


@require_POST
@organiser_required
def tournament_penalty_back(request: HttpRequest, pk: int, penalty: int) -> HttpResponse:
    """The organiser takes a penalty back."""
    found = get_object_or_404(TournamentPenalty, pk=penalty, tournament_id=pk)
    try:
        services.take_back_penalty(penalty=found, user=request.user)
    except ServiceError as error:
        return _refused(request, error, reverse("tournament_results", args=[pk]))
    return redirect("tournament_results", pk)


@require_POST
@organiser_required
def tournament_hide(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    form = HideForm(request.POST)
    if form.is_valid():
        services.hide_results(tournament=tournament, from_session=form.cleaned_data["from_session"])
    return redirect("tournament_results", pk)
