"""Everyone's pages of a tournament (whoever may read it): the list, a tournament's page,
its results and a session's, a player's path, and the results as CSV and JSON."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_safe

from scorekeeper.club.models import Player
from scorekeeper.digest import digest
from scorekeeper.registry.identities import Identity, identities, identity_json
from scorekeeper.registry.permissions import is_member, is_organiser, read_required
from scorekeeper.spreadsheets import csv_lines
from scorekeeper.tournaments.forms import HideForm, PenaltyForm, PlanForm, RegisterForm
from scorekeeper.tournaments.models import Entrant, Tournament
from scorekeeper.tournaments.results import (
    counted,
    paths,
    penalties_given,
    results_state,
    session_results,
    shown_sessions,
    tournament_table,
)
from scorekeeper.tournaments.views.handlers import login_or_403, readable, session_of

# The results ask for their table again as often as a player's page: a hand recorded at a
# table changes its points in play.
from scorekeeper.tournaments.views.phone import REFRESH_SECONDS

CSV = "text/csv; charset=utf-8"
JSON = "application/json; charset=utf-8"
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


@require_safe
@read_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.all()
    if not is_member(request.user):
        tournaments = tournaments.filter(public=True)
    return render(request, "tournaments/list.html", {"tournaments": tournaments})


@require_safe
@read_required
@login_or_403
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable(request, pk)
    organiser = is_organiser(request.user)
    context = detail_context(tournament, RegisterForm() if organiser else None)
    return render(request, "tournaments/detail.html", context)


def detail_context(tournament: Tournament, form: RegisterForm | None) -> dict[str, Any]:
    entrants = list(tournament.entrants.select_related("player"))
    context: dict[str, Any] = {
        "tournament": tournament,
        "sessions": list(tournament.session_rows.all()),
        "entrants": entrants,
        # The heading counts those with a place; the waiting and the unapproved are told apart.
        "counts": Counter(entrant.status for entrant in entrants),
        "organiser": form is not None,
        "register_form": form,
        "players_url": reverse("tournament_detail", args=[tournament.pk]) + "players/",
    }
    if form is not None:
        context["plan_form"] = PlanForm(initial={"vary_tables": tournament.vary_tables})
        registered = {e.player_id for e in entrants}
        context["unregistered"] = [
            (pk, name)
            for pk, name in Player.objects.values_list("pk", "name")
            if pk not in registered
        ]
    return context


def results_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    organiser = is_organiser(request.user)
    before = shown_sessions(tournament, organiser=organiser)
    # The live table: each game in play's current points beside the finished results.
    rows = tournament_table(tournament, before=before, live=True)
    return {
        "tournament": tournament,
        "rows": rows,
        "live": any(row.in_play is not None for row in rows),
        "refresh_seconds": REFRESH_SECONDS,
        "penalties": penalties_given(tournament, before=before),
        "hidden_from": tournament.hidden_from,
        "organiser": organiser,
        "players_url": reverse("tournament_detail", args=[tournament.pk]) + "players/",
    }


def results_html(
    request: HttpRequest, tournament: Tournament
) -> tuple[SafeString, list[tuple[int, str]]]:
    """The tournament table, drawn once for every reader who sees the same (kept in the
    cache under what it depends on): a room of phones asks for it every few seconds while
    the games change only now and then. With it, the registered players' ids and names."""
    organiser = is_organiser(request.user)
    before = shown_sessions(tournament, organiser=organiser)
    state, names = results_state(tournament, before=before)
    # What the organiser's note says too: which sessions are hidden (from others).
    key = "tournament-results:" + digest(state, get_language(), organiser, tournament.hidden_from)
    html = cache.get(key)
    if html is None:
        part = results_context(request, tournament)
        html = render_to_string("tournaments/results.html#results", part, request=request)
        cache.set(key, str(html), RESULTS_SECONDS)
    return mark_safe(html), names  # drawn by the template above, escaped there


@require_safe
@read_required
@login_or_403
def tournament_results(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable(request, pk)
    if request.GET.get("screen"):
        # The screen's former address.
        return redirect("tournament_screen", pk)
    organiser = is_organiser(request.user)
    html, names = results_html(request, tournament)
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.boosted and htmx.target == "results":
        return HttpResponse(html)
    context: dict[str, Any] = {
        "tournament": tournament,
        "organiser": organiser,
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
@login_or_403
def tournament_player(request: HttpRequest, pk: int, entrant_id: int) -> HttpResponse:
    tournament = readable(request, pk)
    entrant = get_object_or_404(
        Entrant.objects.select_related("player"), pk=entrant_id, tournament=tournament
    )
    before = shown_sessions(tournament, organiser=is_organiser(request.user))
    path = paths(tournament, before=before).get(entrant.pk)
    context = {"tournament": tournament, "entrant": entrant, "path": path}
    return render(request, "tournaments/player.html", context)


@require_safe
@read_required
@login_or_403
def session_results_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = readable(request, pk)
    session = session_of(tournament, number)
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
@login_or_403
def results_download(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    tournament = readable(request, pk)
    before = shown_sessions(tournament, organiser=is_organiser(request.user))
    rows = counted(tournament_table(tournament, before=before))
    if kind == "json":
        # Each player's identity beside their line, as the club's other JSON files carry it.
        found = identities(row["player_id"] for row in rows)
        for row in rows:
            row["identity"] = identity_json(found.get(row["player_id"], Identity()))
        body = json.dumps({"tournament": tournament.name, "rows": rows}, ensure_ascii=False)
        response = HttpResponse(body, content_type=JSON)
    else:
        keys = ["place", "player_id", "name", "total", "results", "penalties", "chombo", "games"]
        text = "".join(csv_lines(CSV_HEADER, ([row[k] for k in keys] for row in rows)))
        response = HttpResponse(text, content_type=CSV)
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}.{kind}"'
    return response
