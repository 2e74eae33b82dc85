"""Looking back: the history of games, seasons and their standings, all-time standings, and
a player's page. Readers see them all; organisers make and change seasons.

Filters and options are GET forms that work without JavaScript; with htmx the results are
swapped in (``#history-results``, ``#standings-table``) and the address follows. A filter
that cannot be read is a 422 naming the field. Every page reads in a fixed number of
queries whatever the number of games (``history.queries``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.club.models import Game, Player, Season
from scorekeeper.format import preset_label
from scorekeeper.history.forms import (
    HistoryForm,
    KindForm,
    SeasonForm,
    StandingsOptionsForm,
    kind_links,
    season_taken,
)
from scorekeeper.history.player_page import FinishedGames, played_kinds
from scorekeeper.history.queries import (
    STANDING_COLUMNS,
    SortOrder,
    history_rows,
    player_penalties,
    recent_games,
    standings_table,
)
from scorekeeper.history.standings import PLACES, SORTS, finished_games, season_games
from scorekeeper.history.timeline import history_page
from scorekeeper.registry.forms import save_unless_taken
from scorekeeper.registry.identities import Identity
from scorekeeper.registry.permissions import (
    is_member,
    organiser_required,
    read_required,
    shown_games,
    withheld_games,
)
from scoring.seats import FOUR, SEATINGS


def _partial(request: HttpRequest, name: str) -> bool:
    """Whether htmx asked for one part of the page (a boosted request wants it whole)."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx and not htmx.boosted and htmx.target == name)


# -- History --------------------------------------------------------------------------------


@require_safe
@read_required
def history(request: HttpRequest) -> HttpResponse:
    # A private tournament's players are named to members alone.
    shown = None if is_member(request.user) else shown_games(Game.objects.all(), request.user)
    form = HistoryForm(request.GET, shown_games=shown)
    context: dict[str, Any] = {"form": form, "page": None, "rows": []}
    if form.is_valid():
        games = shown_games(form.games(), request.user)
        page, rows = history_page(games, form.deleted(), request.GET.get("page"))
        context |= {"page": page, "rows": rows, "query": _query(request, "page")}
    status = 200 if form.is_valid() else 422
    if not _partial(request, "history-results"):
        return render(request, "history/history.html", context, status=status)
    response = render(request, "history/history.html#history-results", context, status=status)
    return _push_clean_url(request, response)


def _push_clean_url(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The address htmx shows for a swap: the filters given, without the blank ones."""
    query = _query(request)
    response["HX-Push-Url"] = request.path + (f"?{query}" if query else "")
    return response


def _query(request: HttpRequest, *leave_out: str, **change: Any) -> str:
    """The request's query string without ``leave_out`` and with ``change`` (blank drops)."""
    params = {k: v for k, v in request.GET.items() if k not in leave_out and v != ""}
    params.update({k: str(v) for k, v in change.items()})
    return urlencode({k: v for k, v in params.items() if v != ""})


# -- Standings: a season's and all time -----------------------------------------------------


def _columns(request: HttpRequest, order: SortOrder, players: int) -> list[dict[str, Any]]:
    """The standings' column headers: each a link ordering by it (best first, or the other
    way round when it already orders the table), and its ``aria-sort``; a place column for
    each place of ``players`` players."""
    columns = []
    for key, label in STANDING_COLUMNS.items():
        if key in PLACES[players:]:
            continue
        current = key == order.column
        next_sort = str(SortOrder(key, not order.reverse)) if current else key
        aria = ("descending" if order.descending else "ascending") if current else ""
        columns.append(
            {
                "key": key,
                "label": label,
                "url": "?" + _query(request, "sort", sort=next_sort),
                "aria_sort": aria,
            }
        )
    return columns


def _standings_page(
    request: HttpRequest,
    games: QuerySet[Game],
    season: Season | None,
    extra: dict[str, Any],
) -> HttpResponse:
    """The standings over ``games``, on the page of ``season`` (or of all time)."""
    template = "history/season_detail.html"
    form = StandingsOptionsForm(request.GET)
    # The games of each kind, in one query: the kind switch is offered where there are both.
    counts = dict(games.order_by().values_list("players").annotate(count=Count("pk")))
    context: dict[str, Any] = {
        "form": form,
        "season": season,
        "table": None,
        "games": counts.get(form.kind() if form.is_valid() else FOUR.players, 0),
        "kinds": sorted(counts, reverse=True),
        **extra,
    }
    if form.is_valid():
        minimum, order = form.options()
        players = form.kind()
        downloads = {
            "min_games": minimum or "",
            "players": "" if SEATINGS[players].is_default else players,
        }
        if str(order) in SORTS and str(order) != "total":
            downloads["sort"] = str(order)
        context |= {
            "table": standings_table(games, minimum_games=minimum, order=order, players=players),
            "columns": _columns(request, order, players),
            "players": players,
            "seating": SEATINGS[players],
            "order": order,
            "order_text": _order_text(order),
            "minimum": minimum,
            "download_query": urlencode({k: v for k, v in downloads.items() if v != ""}),
        }
    status = 200 if form.is_valid() else 422
    if not _partial(request, "standings-table"):
        return render(request, template, context, status=status)
    # The line counting the games goes with the table (out of band): it follows the kind.
    context["oob"] = True
    response = render(request, f"{template}#standings-table", context, status=status)
    return _push_clean_url(request, response)


def _order_text(order: SortOrder) -> str:
    """How the table is ordered, in words: ``total result, highest first``."""
    if order.column == "name":
        return _("name, Z to A") if order.descending else _("name, A to Z")
    label = str(STANDING_COLUMNS[order.column]).lower()
    if order.descending:
        return _("%(column)s, highest first") % {"column": label}
    return _("%(column)s, lowest first") % {"column": label}


@require_safe
@read_required
def standings(request: HttpRequest) -> HttpResponse:
    return _standings_page(request, shown_games(finished_games(), request.user), None, {})


@require_safe
@read_required
def season_detail(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.annotate(chosen=Count("games")), pk=season_id)
    extra = {"ruleset": preset_label(season.ruleset_name)}
    games = shown_games(season_games(season), request.user)
    return _standings_page(request, games, season, extra)


# -- Seasons --------------------------------------------------------------------------------


@require_safe
@read_required
def season_list(request: HttpRequest) -> HttpResponse:
    seasons = Season.objects.annotate(chosen=Count("games")).order_by(
        "-start_date", "-created_at", "name"
    )
    return render(request, "history/season_list.html", {"seasons": seasons})


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def season_new(request: HttpRequest) -> HttpResponse:
    return _season_form(request, Season())


@require_http_methods(["GET", "HEAD", "POST"])
@organiser_required
def season_edit(request: HttpRequest, season_id: int) -> HttpResponse:
    return _season_form(request, get_object_or_404(Season, pk=season_id))


def _season_form(request: HttpRequest, season: Season) -> HttpResponse:
    form = SeasonForm(request.POST if request.method == "POST" else None, instance=season)
    # The name checked by the form may be saved by another request before this one is.
    if form.is_valid() and (
        saved := save_unless_taken(form, "name", season_taken(form.cleaned_data["name"]))
    ):
        messages.success(request, _("Saved the season “%(name)s”.") % {"name": saved.name})
        return redirect(saved)
    status = 422 if form.is_bound else 200
    return render(request, "history/season_form.html", {"form": form}, status=status)


# -- A player -------------------------------------------------------------------------------


@require_safe
@read_required
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id)
    form = KindForm(request.GET)
    withheld = withheld_games(request.user)
    kinds = played_kinds(player, withheld=withheld)
    players = form.kind(kinds)
    context = {
        "player": player,
        "identity": Identity.of(player),
        "form": form,
        "kinds": kind_links(request, kinds, players),
        # What the page shows of the finished games, drawn from the cache when it has it.
        "finished": FinishedGames(player, players, withheld=withheld),
        "recent": history_rows(recent_games(player, withheld=withheld)),
        "penalties": player_penalties(player, withheld=withheld),
        "history_url": reverse("history") + "?" + urlencode({"player": player.pk}),
    }
    status = 200 if form.is_valid() else 422
    return render(request, "history/player_detail.html", context, status=status)
