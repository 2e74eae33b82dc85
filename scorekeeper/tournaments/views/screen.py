"""The projector's screen in the hall: the tournament table in large type, a page of it at
a time, and the games in play with their current points. No site header, nothing to tap:
it turns its own pages (``turn``) and draws itself anew every few seconds."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scorekeeper.club.models import Game, Seat
from scorekeeper.format import format_points, round_name
from scorekeeper.registry.permissions import is_organiser, read_required
from scorekeeper.request_numbers import request_number
from scorekeeper.tournaments.models import Session, Table, Tournament
from scorekeeper.tournaments.results import ResultRow, shown_sessions, tournament_table
from scorekeeper.tournaments.views.handlers import login_or_403, readable

#: Players in a column of the table, and columns a page: a 16:9 screen of any size holds
#: them in type sized by its height (the stylesheet's ``vh``), 40 players a page.
ROWS_PER_COLUMN = 20
COLUMNS = 2
#: Tables in play shown beside the table at once.
TABLES_PER_PAGE = 6
#: Seconds a page stays before the next (and the screen is drawn anew).
TURN_SECONDS = 15


@dataclass(frozen=True)
class PlayingTable:
    """A table in play as the screen shows it: its number, round, and each seat's points."""

    number: int
    round: str
    seats: list[tuple[str, str]]


def _playing(session: Session) -> list[PlayingTable]:
    """The tables of ``session`` whose games are in play, with their current points."""
    seats = Seat.objects.select_related("player").order_by("number")
    tables = (
        Table.objects.filter(session=session, game__status=Game.Status.IN_PLAY)
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=seats))
        .order_by("number")
    )
    shown = []
    for table in tables:
        game = table.game
        assert game is not None
        scores = game.state["scores"]
        shown.append(
            PlayingTable(
                table.number,
                round_name(game.state["round_index"], honba=game.state["honba"]),
                [(s.player.name, format_points(scores[s.number])) for s in game.seats.all()],
            )
        )
    return shown


def _page(items: list[Any], size: int, turn: int) -> tuple[list[Any], int, int]:
    """The page of ``items`` shown at ``turn`` (they go round), its number and the count."""
    pages = max(1, math.ceil(len(items) / size))
    number = turn % pages
    return items[number * size : (number + 1) * size], number + 1, pages


def screen_context(request: HttpRequest, tournament: Tournament, turn: int) -> dict[str, Any]:
    organiser = is_organiser(request.user)
    before = shown_sessions(tournament, organiser=organiser)
    rows: list[ResultRow] = tournament_table(tournament, before=before)
    shown, page, pages = _page(rows, ROWS_PER_COLUMN * COLUMNS, turn)
    current = tournament.session_rows.filter(started_at__isnull=False).order_by("-number").first()
    # A hidden session's points in play are its results to come: not on the screen.
    playing = _playing(current) if current and (before is None or current.number < before) else []
    tables, table_page, table_pages = _page(playing, TABLES_PER_PAGE, turn)
    return {
        "tournament": tournament,
        "columns": [shown[i : i + ROWS_PER_COLUMN] for i in range(0, len(shown), ROWS_PER_COLUMN)],
        "page": page,
        "pages": pages,
        "playing": tables,
        "table_page": table_page,
        "table_pages": table_pages,
        "current": current,
        "hidden_from": tournament.hidden_from if not organiser else None,
        "next_url": reverse("tournament_screen", args=[tournament.pk]) + f"?turn={turn + 1}",
        "turn_seconds": TURN_SECONDS,
    }


@require_safe
@read_required
@login_or_403
def tournament_screen(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable(request, pk)
    turn = request_number(request.GET.get("turn"), digits=6) or 0
    context = screen_context(request, tournament, turn)
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.boosted and htmx.target == "screen":
        return render(request, "tournaments/screen.html#screen", context)
    return render(request, "tournaments/screen.html", context)
