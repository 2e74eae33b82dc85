"""The floor view: the least a recorded hand can cost through Django. For the logged-in member
of the request, through the site's own middleware, one UPDATE of the game row and one INSERT
of a hand row through the ORM in one transaction (no lock, no read, no engine), then a
redirect to the table. The benches compare recording a hand with it: in-process
(``test_bench_record_hand``) and through gunicorn (``test_bench_server``, whose server is
started with ``floor_settings``, the site's settings with this module's addresses)."""

from __future__ import annotations

import itertools
import os

from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import path

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.urls import urlpatterns as project_urls
from scoring.outcomes import Draw, Hand
from scoring.record_hand import hand_to_json

DRAW_DATA = hand_to_json(Hand(Draw(tenpai=(0,))))
#: The floor's hand rows: sequence numbers far past any game's real hands.
_COUNT = itertools.count()


def _next_sequence() -> int:
    """A range of its own for each server process, so that two workers writing one game
    never take the same number (the process id is read now: gunicorn loads this module once
    and forks its workers from there, counter and all)."""
    return 1_000_000 + (os.getpid() % 100_000) * 10_000 + next(_COUNT) % 10_000


def floor_view(request: HttpRequest, game_id: int) -> HttpResponse:
    # Both or neither, as a hand must be: one transaction, one commit.
    with transaction.atomic():
        Game.objects.filter(pk=game_id).update(revision=F("revision") + 1)
        HandRecord.objects.create(
            game_id=game_id, sequence=_next_sequence(), data=DRAW_DATA, recorded_by=request.user
        )
    return redirect("game_table", game_id)


urlpatterns = [
    path("bench/floor/<int:game_id>/", floor_view, name="bench_floor"),
    *project_urls,
]
