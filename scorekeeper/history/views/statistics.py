"""The club's statistics of what its wins were made of (a player's are on the player's page)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorekeeper.club.models import Game
from scorekeeper.history.shares import yaku_context
from scorekeeper.history.statistics import club_yaku_stats
from scorekeeper.registry.permissions import read_required


@require_safe
@read_required
def statistics(request: HttpRequest) -> HttpResponse:
    context = {
        "ys": yaku_context(club_yaku_stats()),
        "games": Game.objects.filter(status=Game.Status.FINISHED).count(),
    }
    return render(request, "history/statistics.html", context)
