"""The organiser's tools: their menu, the backup download, restoring a backup into an empty
club and importing a game record, each through the code its management command uses; and
deleting a game entered by mistake (confirmed)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import DeletedGame, Game
from scorekeeper.errors import GameGone, RestoreError, ServiceError, StaleGame
from scorekeeper.format import preset_label
from scorekeeper.limits import allows_body, size_text
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.forms import FindGameForm, ImportForm, RestoreForm
from scorekeeper.operations.uploads import (
    club_contents,
    held_text,
    import_upload,
    restore_upload,
    restored_text,
)
from scorekeeper.registry.permissions import is_organiser, organiser_required
from scorekeeper.table.forms.hands import ConfirmForm

EDIT = ["GET", "HEAD", "POST"]


def _sent(request: HttpRequest) -> tuple[Any, Any]:
    """A form's data and files: a POST's, or none (an unbound form) for a GET."""
    if request.method == "POST":
        return request.POST, request.FILES
    return None, None


@require_safe
@organiser_required
def organiser_menu(request: HttpRequest) -> HttpResponse:
    held = club_contents()
    context = {"held": held, "held_list": held_text(held), "find_form": FindGameForm()}
    return render(request, "operations/organiser.html", context)


@require_safe
@organiser_required
def backup_download(request: HttpRequest) -> StreamingHttpResponse:
    """The same lines as ``manage.py backup``, streamed as they are read."""
    day = timezone.now().date().isoformat()
    response = StreamingHttpResponse(
        backup_lines(), content_type="application/x-ndjson; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="scorekeeper-backup-{day}.jsonl"'
    return response


@allows_body("SCOREKEEPER_MAX_BACKUP", is_organiser)
@require_http_methods(EDIT)
@organiser_required
def backup_restore(request: HttpRequest) -> HttpResponse:
    """A backup sent as a file, restored into an empty club; a refused file changes
    nothing and says which line and field are wrong."""
    form = RestoreForm(*_sent(request))
    if request.method == "POST" and form.is_valid():
        try:
            counts = restore_upload(lines=form.cleaned_data["backup"])
        except RestoreError as error:
            form.add_error(
                "backup", _("%(error)s. Nothing was restored.") % {"error": str(error).rstrip(".")}
            )
        else:
            messages.success(request, restored_text(counts))
            return redirect("organiser_menu")
    status = 422 if form.is_bound else 200
    held = club_contents()
    context = {
        "form": form,
        "held": held,
        "held_list": held_text(held),
        "largest": size_text(settings.SCOREKEEPER_MAX_BACKUP),
    }
    return render(request, "operations/restore.html", context, status=status)


@require_http_methods(EDIT)
@organiser_required
def game_import(request: HttpRequest) -> HttpResponse:
    """A game record sent as a file, stored as a new game as ``import_game`` does."""
    form = ImportForm(*_sent(request))
    if request.method == "POST" and form.is_valid():
        try:
            game = import_upload(
                content=form.cleaned_data["record"].read(),
                table_label=form.cleaned_data["table_label"],
                created_by=request.user,
                start_token=form.cleaned_data["start_token"],
            )
        except ServiceError as error:
            form.add_error(
                "record",
                _("%(error)s. Nothing was imported.") % {"error": error.message.rstrip(".")},
            )
        else:
            words = ngettext(
                "Imported %(game)s with %(count)s hand.",
                "Imported %(game)s with %(count)s hands.",
                game.hand_count,
            )
            messages.success(request, words % {"game": game, "count": game.hand_count})
            return redirect(game)
    status = 422 if form.is_bound else 200
    return render(request, "operations/game_import.html", {"form": form}, status=status)


@require_safe
@organiser_required
def game_find(request: HttpRequest) -> HttpResponse:
    """The organiser's menu asks for a game's number; its confirmation page follows."""
    form = FindGameForm(request.GET)
    if form.is_valid():
        return redirect("game_delete", game_id=form.cleaned_data["game"].pk)
    context = {"form": form}
    return render(request, "operations/game_find.html", context, status=422)


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def game_delete(request: HttpRequest, game_id: int) -> HttpResponse:
    game = (
        Game.objects.defer("rules", "state").prefetch_related("seats__player").filter(pk=game_id)
    ).first()
    if game is None:
        if not DeletedGame.objects.filter(game_id=game_id).exists():
            raise Http404(_("No such game."))
        messages.info(request, _("Game %(number)s was already deleted.") % {"number": game_id})
        return redirect("history")
    context = {"game": game, "ruleset": preset_label(game.ruleset_name)}
    confirm = ConfirmForm(request.POST if request.method == "POST" else None)
    if not confirm.is_valid():
        return render(request, "operations/game_delete.html", context)
    try:
        delete_game(
            game=game, expected_sequence=confirm.cleaned_data["sequence"], user=request.user
        )
    except StaleGame:
        messages.warning(
            request,
            _("The game changed on another phone meanwhile: it was not deleted. Look again."),
        )
        return redirect("game_delete", game_id=game.pk)
    except GameGone as error:
        messages.info(request, error.message)
        return redirect("history")
    except ServiceError as error:
        messages.error(request, error.message)
        return render(request, "operations/game_delete.html", context, status=409)
    messages.success(
        request, _("%(game)s was deleted; the history says so in its place.") % {"game": game}
    )
    return redirect("history")
