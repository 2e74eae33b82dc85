"""Penalties from a game's page (organisers): give one, and take back one given by mistake.

The form is on the table page (and on a page of its own, which also shows a refused form
with its errors, 422); taking one back is confirmed (a page without JS, hx-confirm with
it). A game that changed since the page was shown is refused (409): a penalty comes back as
the form with its values beside the penalties the game has (a double tap gives it once), a
removal as the table as it is.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorekeeper.club.models import Game
from scorekeeper.errors import ServiceError, StaleGame
from scorekeeper.format import signed
from scorekeeper.htmx import HtmxHttpRequest
from scorekeeper.registry.permissions import organiser_required
from scorekeeper.table.display import penalty_lines
from scorekeeper.table.forms.penalties import PenaltyForm, PenaltyRemoveForm
from scorekeeper.table.pages import load_game, penalty_context, seat_names
from scorekeeper.table.services.penalties import give_penalty, remove_penalty
from scorekeeper.table.views.hands import table_after_write

PAGE = "table/penalty.html"


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def penalty_new(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = load_game(game_id, hands=False)
    names = seat_names(game)
    if game.status == Game.Status.ABANDONED:
        messages.error(request, _("This game was abandoned: it takes no penalties."))
        return table_after_write(request, game_id, status=409)
    form = PenaltyForm(request.POST if request.method == "POST" else None, names=names)
    if not form.is_valid():
        if not form.is_bound:
            form = PenaltyForm(names=names, initial={"revision": game.revision})
        return _page(request, game, form, status=422 if form.is_bound else 200)
    data = form.cleaned_data
    try:
        give_penalty(
            game=game,
            seat=data["seat"],
            points=data["points"],
            reason=data["reason"],
            expected_revision=data["revision"],
            user=request.user,
        )
    except StaleGame:
        # The same penalty sent twice, or a hand or a penalty given meanwhile: the form
        # again, for the game as it is now, beside the penalties it already has.
        game = load_game(game_id, hands=False)
        sent = request.POST.copy()
        sent["revision"] = str(game.revision)
        again = PenaltyForm(sent, names=names)
        return _page(request, game, again, status=409, stale=True)
    except ServiceError as error:
        messages.error(request, error.message)
        return table_after_write(request, game_id, status=409)
    given = f"{names[data['seat']]} {signed(-data['points'])}"
    messages.success(
        request, _("Penalty given: %(given)s off the final result.") % {"given": given}
    )
    return table_after_write(request, game_id, event="penalty-given")


def _page(
    request: HtmxHttpRequest, game: Game, form: PenaltyForm, *, status: int, stale: bool = False
) -> HttpResponse:
    """The penalty page: the form, and the penalties the game has already."""
    names = seat_names(game)
    context = {
        "game": game,
        "stale": stale,
        "given": penalty_lines(game.record_penalties(), names),
        **penalty_context(game, names, organiser=True, form=form),
    }
    return render(request, PAGE, context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def penalty_remove(request: HtmxHttpRequest, game_id: int, index: int) -> HttpResponse:
    game = load_game(game_id, hands=False)
    lines = penalty_lines(game.record_penalties(), seat_names(game))
    if not 0 <= index < len(lines):
        raise Http404("No such penalty.")
    form = PenaltyRemoveForm(request.POST if request.method == "POST" else None)
    if not form.is_valid():
        context = {
            "game": game,
            "penalty": lines[index],
            "revision": game.revision,
            "form_action": reverse("penalty_remove", args=[game.pk, index]),
        }
        return render(request, "table/penalty_remove.html", context)
    try:
        remove_penalty(
            game=game,
            index=index,
            expected_revision=form.cleaned_data["revision"],
            user=request.user,
        )
    except StaleGame:
        messages.warning(
            request,
            _("The game changed on another phone — no penalty was taken back; here is the table."),
        )
        return table_after_write(request, game_id, status=409)
    except ServiceError as error:
        messages.error(request, error.message)
        return table_after_write(request, game_id, status=409)
    line = lines[index]
    messages.success(
        request,
        _("Penalty taken back: %(name)s %(points)s.") % {"name": line.name, "points": line.points},
    )
    return table_after_write(request, game_id, event="penalty-removed")
