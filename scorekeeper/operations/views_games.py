"""Deleting a game entered by mistake (organisers): found by its number, confirmed, then
gone from every list and count but for its line in the history."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import DeletedGame, Game
from scorekeeper.errors import GameGone, ServiceError, StaleGame
from scorekeeper.format import preset_label
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.forms import FindGameForm
from scorekeeper.registry.permissions import organiser_required
from scorekeeper.table.forms import ConfirmForm


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
