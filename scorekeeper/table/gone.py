"""A game deleted while a page read it, or before: the page that says so.

A write to a deleted game is refused by its service (``GameGone``), and the view says so in
its words; a read finds the game gone when its row, or its seats, are no longer there
(``pages.whole_game``). Whichever view it reaches, ``GameGone`` ends here: a page saying the
game was deleted (410, for htmx too: the table's script says it in place), never a 500.
The page lists the hands that waited on phones for the game (sent after it was deleted, or
left to settle when it was) and offers them, with the game, as a record to download.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.dateparse import parse_datetime

from scorekeeper.club.models import DeletedGame
from scorekeeper.errors import GameGone
from scorekeeper.table.display import describe_hand
from scoring.record import parse_record
from scoring.record_hand import parse_hand


class GameGoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, GameGone):
            return None
        context: dict[str, object] = {"message": exception.message}
        match = request.resolver_match
        game_id = match.kwargs.get("game_id") if match is not None else None
        if isinstance(game_id, int):
            context |= waiting_context(game_id)
        return render(request, "table/game_gone.html", context, status=410)


def waiting_context(game_id: int) -> dict[str, object]:
    """What waited on phones for a deleted game, as its page lists it: each hand in words,
    who entered it and when; and the address its record is downloaded from."""
    deleted = DeletedGame.objects.filter(game_id=game_id).first()
    context: dict[str, object] = {"game_id": game_id}
    if deleted is None or not deleted.waiting:
        return context
    lines = []
    record = parse_record(deleted.record) if deleted.record is not None else None
    for item in deleted.waiting:
        hand = parse_hand(item["hand"], "waiting")
        lines.append(
            {
                "number": int(item["sequence"]) + 1,
                "words": describe_hand(hand, record.players, record.rules) if record else "",
                "by": item.get("sent_by") or "",
                "at": parse_datetime(item.get("entered_at") or item["sent_at"]),
            }
        )
    context["waiting"] = lines
    if record is not None:
        context["waiting_url"] = reverse("game_waiting", args=[game_id])
    return context
