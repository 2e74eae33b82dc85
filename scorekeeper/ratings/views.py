"""The ratings' pages and downloads, for readers (as the history's are).

A player's page and a finished game's page ask for their ratings part with htmx when they
load (``ratings/includes/``): the ratings of a game change when an earlier game is corrected,
so they are read on their own, and the two pages keep the queries they had. Each part is also
a page of its own at the same address, which is where the link goes without JavaScript.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorekeeper.club.models import Game, Player
from scorekeeper.ratings import exports
from scorekeeper.ratings.charts import rating_chart
from scorekeeper.ratings.forms import RatingsForm
from scorekeeper.ratings.queries import game_changes, player_ratings, ratings_table
from scorekeeper.ratings.services import updating
from scorekeeper.registry.permissions import game_read_required, read_required, withheld_games

CSV = "text/csv; charset=utf-8"
JSON = "application/json; charset=utf-8"


def _partial(request: HttpRequest, name: str) -> bool:
    """Whether htmx asked for the part ``name`` alone (a boosted request wants it whole)."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx and not htmx.boosted and htmx.target == name)


def _page(request: HttpRequest, template: str, part: str, context: dict[str, Any]) -> HttpResponse:
    status = context.pop("status", 200)
    name = f"{template}#{part}" if _partial(request, part) else template
    return render(request, name, context, status=status)


@require_safe
@read_required
def ratings(request: HttpRequest) -> HttpResponse:
    form = RatingsForm(request.GET)
    context: dict[str, Any] = {"form": form, "table": None, "updating": updating()}
    if form.is_valid():
        options = form.options()
        table = ratings_table(**options, withheld=withheld_games(request.user))
        context |= {"table": table, **options}
    else:
        context["status"] = 422
    # The options given, without the blank ones: the downloads' and the address's query.
    query = urlencode({k: v for k, v in request.GET.items() if v != ""})
    context["query"] = query
    response = _page(request, "ratings/ratings.html", "ratings-table", context)
    if _partial(request, "ratings-table"):
        response["HX-Push-Url"] = request.path + (f"?{query}" if query else "")
    return response


def _download(request: HttpRequest, kind: str) -> HttpResponseBase:
    form = RatingsForm(request.GET)
    if not form.is_valid():
        text = "\n".join(
            f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items()
        )
        return HttpResponse(text + "\n", status=422, content_type="text/plain; charset=utf-8")
    rows = ratings_table(**form.options(), withheld=withheld_games(request.user))
    lines = exports.ratings_csv(rows) if kind == "csv" else exports.ratings_json(rows)
    response = StreamingHttpResponse(lines, content_type=CSV if kind == "csv" else JSON)
    response["Content-Disposition"] = f'attachment; filename="ratings.{kind}"'
    return response


@require_safe
@read_required
def ratings_csv(request: HttpRequest) -> HttpResponseBase:
    return _download(request, "csv")


@require_safe
@read_required
def ratings_json(request: HttpRequest) -> HttpResponseBase:
    return _download(request, "json")


@require_safe
@read_required
def player_ratings_part(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    shown = player_ratings(player, withheld=withheld_games(request.user))
    kinds = [(kind, rating_chart(kind.shown)) for kind in shown]
    context = {"player": player, "kinds": kinds, "updating": updating()}
    return _page(request, "ratings/player.html", "player-ratings", context)


@require_safe
@game_read_required
def game_ratings_part(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    if game.status != Game.Status.FINISHED:
        raise Http404(_("This game has no rating changes: it is not finished."))
    context = {"game": game, "changes": game_changes(game), "updating": updating()}
    return _page(request, "ratings/game.html", "game-ratings", context)
