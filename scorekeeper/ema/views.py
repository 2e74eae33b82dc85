"""The EMA's pages: a tournament's check before export with its facts (organisers), the
results file as xlsx and CSV (organisers), the club's ranking and each player's counted
results (readers), the ranking as CSV and JSON, and the results entered by hand
(organisers)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any, Final

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.club.models import Player
from scorekeeper.ema.export import Checks, checks, ema_csv, ema_workbook, facts_of
from scorekeeper.ema.forms import DayForm, FactsForm, OutsideResultForm
from scorekeeper.ema.models import OutsideResult
from scorekeeper.ema.ranking import country_table, ranking_table, results_by_player
from scorekeeper.ema.services import add_outside_result, delete_outside_result, save_facts
from scorekeeper.registry.identities import Identity
from scorekeeper.registry.permissions import is_member, organiser_required, read_required
from scorekeeper.spreadsheets import csv_lines
from scorekeeper.tournaments.models import Tournament
from scoring.mers import player_ranking

EDIT = ["GET", "HEAD", "POST"]
#: The ranking file's columns: the JSON's keys, and the CSV's header in the reader's language.
COLUMNS: Final = {
    "rank": pgettext_lazy("ranking file column", "rank"),
    "player_id": pgettext_lazy("ranking file column", "player_id"),
    "name": pgettext_lazy("ranking file column", "name"),
    "ema_number": pgettext_lazy("ranking file column", "ema_number"),
    "country": pgettext_lazy("ranking file column", "country"),
    "ranking": pgettext_lazy("ranking file column", "ranking"),
    "part_a": pgettext_lazy("ranking file column", "part_a"),
    "part_b": pgettext_lazy("ranking file column", "part_b"),
    "results": pgettext_lazy("ranking file column", "results"),
}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
JSON = "application/json; charset=utf-8"


@require_http_methods(EDIT)
@organiser_required
def tournament_ema(request: HttpRequest, pk: int) -> HttpResponse:
    """What is missing before the EMA's file is sent, the likely weight, and the facts the
    file needs from the organiser (a POST saves them)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = FactsForm(request.POST or None, instance=facts_of(tournament))
    if request.method == "POST" and form.is_valid():
        save_facts(facts=form.save(commit=False))
        messages.success(request, _("Saved the tournament’s facts for the EMA."))
        return redirect("tournament_ema", pk=tournament.pk)
    context = {"tournament": tournament, "form": form, "checks": checks(tournament)}
    return render(request, "ema/check.html", context, status=422 if form.is_bound else 200)


def _refused(request: HttpRequest, tournament: Tournament, found: Checks) -> HttpResponse:
    context: dict[str, Any] = {
        "tournament": tournament,
        "form": FactsForm(instance=facts_of(tournament)),
        "checks": found,
        "refusal": _(
            "The tournament is not finished: the EMA’s file is for a finished tournament."
        ),
    }
    return render(request, "ema/check.html", context, status=409)


@require_safe
@organiser_required
def tournament_ema_file(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    found = checks(tournament)
    if not found.finished:
        return _refused(request, tournament, found)
    if kind == "xlsx":
        response = HttpResponse(ema_workbook(tournament, found), content_type=XLSX)
    else:
        response = HttpResponse("".join(ema_csv(tournament, found)), content_type=CSV)
    name = f"tournament-{tournament.pk}-ema.{kind}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _day(request: HttpRequest) -> tuple[DayForm, date]:
    form = DayForm(request.GET)
    return form, form.on()


@require_safe
@read_required
def ranking(request: HttpRequest) -> HttpResponse:
    form, on = _day(request)
    rows = ranking_table(on, public_only=not is_member(request.user))
    context = {
        "form": form,
        "on": on,
        "rows": rows,
        "countries": country_table(rows),
        "query": request.GET.urlencode(),
    }
    return render(request, "ema/ranking.html", context, status=422 if form.errors else 200)


def _values(on: date, public_only: bool) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "player_id": row.player_id,
            "name": row.name,
            "ema_number": row.identity.ema_number,
            "country": row.identity.country,
            "ranking": str(row.ranking.ranking) if row.ranking else None,
            "part_a": str(row.ranking.a) if row.ranking else None,
            "part_b": str(row.ranking.b) if row.ranking else None,
            "results": len(row.results),
        }
        for row in ranking_table(on, public_only=public_only)
    ]


@require_safe
@read_required
def ranking_download(request: HttpRequest, kind: str) -> HttpResponse:
    form, on = _day(request)
    if form.errors:
        text = "\n".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items())
        return HttpResponse(text + "\n", status=422, content_type="text/plain; charset=utf-8")
    rows = _values(on, not is_member(request.user))
    if kind == "json":
        body = json.dumps({"day": on.isoformat(), "ranking": rows}, ensure_ascii=False, indent=1)
        response = HttpResponse(body + "\n", content_type=JSON)
    else:
        keys = list(COLUMNS)
        text = "".join(csv_lines(COLUMNS.values(), ([row[k] for k in keys] for row in rows)))
        response = HttpResponse(text, content_type=CSV)
    response["Content-Disposition"] = f'attachment; filename="ranking-{on.isoformat()}.{kind}"'
    return response


@require_safe
@read_required
def ranking_player(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's results as the ranking counts them, each with its base rank and weight."""
    player = get_object_or_404(Player, pk=player_id)
    form, on = _day(request)
    results = results_by_player(on, player, public_only=not is_member(request.user))
    counted = player_ranking(results.get(player.pk, []))
    context = {
        "player": player,
        "identity": Identity.of(player),
        "form": form,
        "on": on,
        "results": results.get(player.pk, []),
        "counted": counted,
        "query": request.GET.urlencode(),
    }
    return render(request, "ema/ranking_player.html", context)


@require_http_methods(EDIT)
@organiser_required
def outside_results(request: HttpRequest) -> HttpResponse:
    """The results entered by hand, and a form for another (a POST adds it)."""
    form = OutsideResultForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        added = add_outside_result(result=form.save(commit=False))
        messages.success(
            request,
            _("Added %(player)s’s result in %(tournament)s.")
            % {"player": added.player.name, "tournament": added.tournament},
        )
        return redirect("outside_results")
    rows = OutsideResult.objects.select_related("player")
    context = {"form": form, "rows": rows}
    return render(
        request, "ema/outside_results.html", context, status=422 if form.is_bound else 200
    )


@require_POST
@organiser_required
def outside_result_delete(request: HttpRequest, pk: int) -> HttpResponse:
    row = get_object_or_404(OutsideResult, pk=pk)
    delete_outside_result(result=row)
    messages.success(
        request,
        _("Took out %(player)s’s result in %(tournament)s.")
        % {"player": row.player.name, "tournament": row.tournament},
    )
    return redirect(reverse("outside_results"))
