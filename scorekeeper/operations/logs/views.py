"""The organiser's log import: logs sent (kept on the server until confirmed), each file's
verdict shown with the names the new games use, each name mapped to a club player, and the
new games stored after a confirmation, each on its own."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from scorekeeper.club.models import LogUpload
from scorekeeper.errors import ServiceError
from scorekeeper.operations.logs.forms import LogImportForm, PlayerMapForm
from scorekeeper.operations.logs.pages import preview_games, verdict_lines
from scorekeeper.operations.logs.services import (
    LogFile,
    Verdict,
    import_logs,
    keep_upload,
    kept_upload,
    log_names,
    new_games,
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
        upload = keep_upload(
            files=form.cleaned_data["files"], created_by=request.user, ruleset=saved
        )
        return _preview(request, upload, _verdicts(upload, form.cleaned_data["files"]), None)
    status = 422 if form.is_bound else 200
    return render(request, TEMPLATE, {"form": form}, status=status)


def _verdicts(upload: LogUpload, files: Sequence[LogFile]) -> list[Verdict]:
    saved = upload.ruleset
    return read_logs(files, rules=saved_rules(saved), ruleset_name=saved.name if saved else "")


def _refused(request: HttpRequest, error: ServiceError) -> HttpResponse:
    refusal = _("%(error)s. Nothing was imported.") % {"error": error.message}
    return render(request, TEMPLATE, {"form": LogImportForm(), "refusal": refusal}, status=422)


def _confirm(request: HttpRequest) -> HttpResponse:
    try:
        upload, files = kept_upload(token=request.POST.get("token"), created_by=request.user)
    except ServiceError as error:
        return _refused(request, error)
    verdicts = _verdicts(upload, files)
    games = new_games(verdicts)
    names = log_names(games)
    mapping = PlayerMapForm(request.POST, names=names, proposed=proposed_players(names, games))
    if not games or not mapping.is_valid():
        return _preview(request, upload, verdicts, mapping)
    saved = upload.ruleset
    results = import_logs(
        games=games,
        players=mapping.mapping(),
        ruleset_name=saved.name if saved else None,
        created_by=request.user,
    )
    upload.delete()
    stored = [result.game for result in results if result.game is not None]
    for result in results:
        if result.game is None:
            text = _("%(file)s: %(error)s. This game was not imported.")
            messages.error(request, text % {"file": result.name, "error": result.message})
    if not stored:
        return redirect("log_import")
    words = ngettext("Imported %(count)s game.", "Imported %(count)s games.", len(stored))
    messages.success(request, words % {"count": len(stored)})
    return redirect(stored[0] if len(stored) == 1 else "history")


def _preview(
    request: HttpRequest,
    upload: LogUpload,
    verdicts: list[Verdict],
    mapping: PlayerMapForm | None,
) -> HttpResponse:
    games = new_games(verdicts)
    names = log_names(games)
    if mapping is None:
        mapping = PlayerMapForm(names=names, proposed=proposed_players(names, games))
    context = {
        "games": preview_games(games),
        "verdicts": verdict_lines(verdicts),
        "mapping": mapping,
        "saved": upload.ruleset,
        "token": upload.token,
    }
    bad = mapping.is_bound or not games
    return render(
        request, "operations/log_import_preview.html", context, status=422 if bad else 200
    )
