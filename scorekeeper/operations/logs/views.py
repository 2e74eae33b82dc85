"""The organiser's log import: logs sent, shown with the names they use, each name mapped to
a club player, and the games stored after a confirmation."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from scorekeeper.club.models import SavedRuleset
from scorekeeper.errors import ServiceError
from scorekeeper.operations.logs.forms import (
    LogImportForm,
    PlayerMapForm,
    kept_logs,
    saved_ruleset,
)
from scorekeeper.operations.logs.pages import preview_games
from scorekeeper.operations.logs.services import (
    LogGame,
    import_logs,
    log_names,
    proposed_players,
    read_logs,
    saved_rules,
)
from scorekeeper.registry.permissions import organiser_required

EDIT = ["GET", "HEAD", "POST"]
TEMPLATE = "operations/log_import.html"


@require_http_methods(EDIT)
@organiser_required
def log_import(request: HttpRequest) -> HttpResponse:
    """Logs sent (first step), or the games confirmed with their players (second step)."""
    if request.method == "POST" and "confirm" in request.POST:
        return _confirm(request)
    form = LogImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        saved = form.saved_ruleset()
        try:
            games = read_logs(
                form.cleaned_data["files"],
                rules=saved_rules(saved),
                ruleset_name=saved.name if saved else "",
            )
        except ServiceError as error:
            # The form again, empty: a refused log is not shown back (it may be long).
            return _refused(request, error)
        else:
            return _preview(request, games, saved, None)
    status = 422 if form.is_bound else 200
    return render(request, TEMPLATE, {"form": form}, status=status)


def _refused(request: HttpRequest, error: ServiceError) -> HttpResponse:
    refusal = _("%(error)s. Nothing was imported.") % {"error": error.message}
    return render(request, TEMPLATE, {"form": LogImportForm(), "refusal": refusal}, status=422)


def _confirm(request: HttpRequest) -> HttpResponse:
    saved = saved_ruleset(request.POST.get("ruleset"))
    files = kept_logs(request.POST)
    if not files:
        return _refused(
            request, ServiceError(_("The confirmation carried no logs: send them again"))
        )
    try:
        games = read_logs(
            files,
            rules=saved_rules(saved),
            ruleset_name=saved.name if saved else "",
        )
        names = log_names(games)
        mapping = PlayerMapForm(request.POST, names=names, proposed=proposed_players(names))
        if not mapping.is_valid():
            return _preview(request, games, saved, mapping)
        stored = import_logs(
            games=games,
            players=mapping.mapping(),
            ruleset_name=saved.name if saved else None,
            created_by=request.user,
        )
    except ServiceError as error:
        refusal = _("%(error)s. Nothing was imported.") % {"error": error.message}
        return render(request, TEMPLATE, {"form": LogImportForm(), "refusal": refusal}, status=422)
    words = ngettext("Imported %(count)s game.", "Imported %(count)s games.", len(stored))
    messages.success(request, words % {"count": len(stored)})
    return redirect(stored[0] if len(stored) == 1 else "history")


def _preview(
    request: HttpRequest,
    games: list[LogGame],
    saved: SavedRuleset | None,
    mapping: PlayerMapForm | None,
) -> HttpResponse:
    names = log_names(games)
    if mapping is None:
        mapping = PlayerMapForm(names=names, proposed=proposed_players(names))
    context = {
        "games": preview_games(games),
        "mapping": mapping,
        "saved": saved,
        "files": [(game.file.name, game.file.data.decode()) for game in games],
    }
    return render(
        request,
        "operations/log_import_preview.html",
        context,
        status=422 if mapping.is_bound else 200,
    )
