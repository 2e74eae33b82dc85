"""The club's statistics of what its wins were made of (a player's are on the player's page)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.history.shares import yaku_context
from scorekeeper.history.statistics import finished_games, riichi_and_games, yaku_stats
from scorekeeper.registry.permissions import read_required


@require_safe
@read_required
def statistics(request: HttpRequest) -> HttpResponse:
    games = finished_games()
    riichi, counted = riichi_and_games(games)
    context = {"ys": yaku_context(yaku_stats(games, riichi=riichi)), "games": counted}
    return render(request, "history/statistics.html", context)
