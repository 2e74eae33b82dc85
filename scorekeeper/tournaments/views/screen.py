"""The projector's screen in the hall: the tournament table in large type, a page of it at
a time, each player's current points at a game in play beside their total, and the games
in play by table. No site header, nothing to tap: it turns its own pages (``turn``) and
draws itself anew every few seconds. It shows what a visitor may read, whoever opened it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scorekeeper.club.models import Game
from scorekeeper.format import format_points, round_name
from scorekeeper.registry.permissions import read_required
from scorekeeper.request_numbers import request_number
from scorekeeper.tournaments.models import Session, TableSeat, Tournament
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
    """The tables of ``session`` whose games are in play, with their current points: its
    seats and their games' states, in one query."""
    seats = (
        TableSeat.objects.filter(session=session, table__game__status=Game.Status.IN_PLAY)
        .order_by("table__number", "number")
        .values_list("table__number", "number", "player__name", "table__game__state")
    )
    shown: dict[int, PlayingTable] = {}
    for table, number, name, state in seats:
        if table not in shown:
            shown[table] = PlayingTable(
                table, round_name(state["round_index"], honba=state["honba"]), []
            )
        shown[table].seats.append((name, format_points(state["scores"][number])))
    return list(shown.values())


def _page(items: list[Any], size: int, turn: int) -> tuple[list[Any], int, int]:
    """The page of ``items`` shown at ``turn`` (they go round), its number and the count."""
    pages = max(1, math.ceil(len(items) / size))
    number = turn % pages
    return items[number * size : (number + 1) * size], number + 1, pages


def screen_context(tournament: Tournament, turn: int) -> dict[str, Any]:
    # The hall reads the screen, whoever opened it: a hidden session stays hidden even on
    # the organiser's laptop at the projector.
    before = shown_sessions(tournament, organiser=False)
    rows: list[ResultRow] = tournament_table(tournament, before=before, live=True)
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
        # Each player's points in play beside their total, in place of the games they have
        # played (the same for nearly all): two columns of 20 hold no fifth column.
        "live": any(row.in_play is not None for row in rows),
        "hidden_from": tournament.hidden_from,
        "next_url": reverse("tournament_screen", args=[tournament.pk]) + f"?turn={turn + 1}",
        "turn_seconds": TURN_SECONDS,
    }


@require_safe
@read_required
@login_or_403
def tournament_screen(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable(request, pk)
    turn = request_number(request.GET.get("turn"), digits=6) or 0
    context = screen_context(tournament, turn)
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.boosted and htmx.target == "screen":
        return render(request, "tournaments/screen.html#screen", context)
    return render(request, "tournaments/screen.html", context)
