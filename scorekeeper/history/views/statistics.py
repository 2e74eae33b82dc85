"""The club's statistics of what its wins were made of (a player's are on the player's page)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.history.forms import KindForm, kind_links
from scorekeeper.history.shares import yaku_context
from scorekeeper.history.statistics import finished_games, riichi_and_games, yaku_stats
from scorekeeper.registry.permissions import read_required, shown_games


@require_safe
@read_required
def statistics(request: HttpRequest) -> HttpResponse:
    """One kind of game at a time (``?players=4|3``): a three-player game's hands are not
    made like a four-player game's."""
    form = KindForm(request.GET)
    finished = shown_games(finished_games(), request.user)
    played = sorted(finished.order_by().values_list("players", flat=True).distinct(), reverse=True)
    players = form.kind(played)
    games = finished.filter(players=players)
    riichi, counted = riichi_and_games(games)
    context = {
        "ys": yaku_context(yaku_stats(games, riichi=riichi)),
        "games": counted,
        "form": form,
        "kinds": kind_links(request, played, players),
    }
    status = 200 if form.is_valid() else 422
    return render(request, "history/statistics.html", context, status=status)
