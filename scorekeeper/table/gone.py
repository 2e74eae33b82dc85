"""A game deleted while a page read it, or before: the page that says so.

A write to a deleted game is refused by its service (``GameGone``), and the view says so in
its words; a read finds the game gone when its row, or its seats, are no longer there
(``pages.whole_game``). Whichever view it reaches, ``GameGone`` ends here: a page saying the
game was deleted (410, for htmx too: the table's script says it in place), never a 500.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.errors import GameGone


class GameGoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, GameGone):
            return None
        context = {"message": exception.message}
        return render(request, "table/game_gone.html", context, status=410)
