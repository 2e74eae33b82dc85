"""Downloads: standings as CSV and JSON, for readers.

Files are streamed: the response starts with the first line while the rest is produced.
``?players=4|3`` (one kind of game at a time, four players when left out), ``?min_games=N``
and ``?sort=total|average|place|games`` shape the season and all-time standings; a bad value
is a 422 naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from django import forms
from django.db.models import QuerySet
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    StreamingHttpResponse,
)
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorekeeper.club.models import Game, Season
from scorekeeper.history import exports
from scorekeeper.history.forms import StandingsForm
from scorekeeper.history.standings import finished_games, rows, season_games, standings
from scorekeeper.registry.permissions import game_read_required, read_required, shown_games
from scoring.seats import SEATINGS

CSV = "text/csv; charset=utf-8"
JSON = "application/json; charset=utf-8"


def _download(lines: Iterator[str], content_type: str, filename: str) -> StreamingHttpResponse:
    response = StreamingHttpResponse(lines, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _refused(form: forms.Form) -> HttpResponse:
    text = "\n".join(
        f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items()
    )
    return HttpResponse(text + "\n", status=422, content_type="text/plain; charset=utf-8")


def _finished_game(game_id: int) -> Game:
    game = get_object_or_404(Game, pk=game_id)
    if game.status != Game.Status.FINISHED:
        raise Http404(_("This game has no final standings: it is not finished."))
    return game


@require_safe
@game_read_required
def game_standings_csv(request: HttpRequest, game_id: int) -> HttpResponseBase:
    game = _finished_game(game_id)
    return _download(exports.game_standings_csv(game), CSV, f"game-{game.pk}-standings.csv")


@require_safe
@game_read_required
def game_standings_json(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _finished_game(game_id)
    body = json.dumps(exports.game_standings_json(game), ensure_ascii=False, indent=2)
    return HttpResponse(body + "\n", content_type=JSON)


def _standings(
    request: HttpRequest,
    games: QuerySet[Game],
    scope: dict[str, Any],
    as_json: bool,
    filename: str,
) -> HttpResponseBase:
    """The standings over ``games``, CSV or JSON (which says ``scope``), with the GET
    options."""
    form = StandingsForm(request.GET)
    if not form.is_valid():
        return _refused(form)
    minimum_games, sort = form.options()
    players = form.kind()
    counted = games.filter(players=players)
    table = rows(standings(counted, minimum_games=minimum_games, sort=sort), players=players)
    if not SEATINGS[players].is_default:
        filename += f"-{players}p"
    if as_json:
        scope = {**scope, "player_count": players}
        lines = exports.standings_json(table, scope=scope, minimum_games=minimum_games, sort=sort)
        return _download(lines, JSON, f"{filename}.json")
    return _download(exports.standings_csv(table, players=players), CSV, f"{filename}.csv")


def _season_standings(request: HttpRequest, season_id: int, as_json: bool) -> HttpResponseBase:
    season = get_object_or_404(Season, pk=season_id)
    scope = exports.season_scope(season)
    filename = f"season-{season.pk}-standings"
    games = shown_games(season_games(season), request.user)
    return _standings(request, games, scope, as_json, filename)


@require_safe
@read_required
def season_standings_csv(request: HttpRequest, season_id: int) -> HttpResponseBase:
    return _season_standings(request, season_id, False)


@require_safe
@read_required
def season_standings_json(request: HttpRequest, season_id: int) -> HttpResponseBase:
    return _season_standings(request, season_id, True)


@require_safe
@read_required
def standings_csv(request: HttpRequest) -> HttpResponseBase:
    games = shown_games(finished_games(), request.user)
    return _standings(request, games, exports.season_scope(None), False, "standings")


@require_safe
@read_required
def standings_json(request: HttpRequest) -> HttpResponseBase:
    games = shown_games(finished_games(), request.user)
    return _standings(request, games, exports.season_scope(None), True, "standings")
