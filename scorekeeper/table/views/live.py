"""Reading a game away from its table: the live board other screens poll, and the points
chart the table page fetches after each hand; both answer 304 while the game is unchanged.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_safe

from scorekeeper.club.models import Seat
from scorekeeper.digest import digest
from scorekeeper.registry.permissions import (
    WITHHOLDING_FIELDS,
    game_read_required,
    game_readers,
    refuse_withheld,
    withheld_from_some,
)
from scorekeeper.table.display import log_key
from scorekeeper.table.pages import board_key, kept_replay, live_context, load_game, seat_names
from scorekeeper.table.services.hands import scoreboard


def revision_etag(request: HttpRequest, game_id: int, *args: object) -> str | None:
    """A game's version as the live board and the chart show it, in one small query: the
    game's revision and the moment of its last write (every hand, correction, penalty and
    change of status bumps the one and sets the other), with what can change without them
    (the players' names and their pages' links, the table's label, the ruleset's name, the
    status) and the language
    the page is in, hashed. The moment tells apart two versions with the same revision: a
    game restored from a backup goes back to the backup's revision, and the hand recorded
    after it is not the one recorded after that revision before."""
    rows = list(
        Seat.objects.filter(game_id=game_id)
        .order_by("number")
        .values_list(
            "game__revision",
            "game__updated_at",
            "game__status",
            "game__table_label",
            "game__ruleset_name",
            "player__name",
            "player_id",
            *(f"game__{field}" for field in WITHHOLDING_FIELDS),
        )
    )
    if not rows:
        return None
    if withheld_from_some(*rows[0][7:]):
        # Withheld from some readers: no version, and the view asks who this one is.
        request.maybe_withheld = True  # type: ignore[attr-defined]
        return None
    revision, *shown = rows[0][:5]
    names = [f"{row[6]}:{row[5]}" for row in rows]
    return f"{game_id}-{revision}-{digest(*shown, get_language(), *names)[:16]}"


def _refuse_unversioned(request: HttpRequest, game_id: int) -> None:
    """A game given no version for being withheld from some (``revision_etag``) may be
    withheld from this reader."""
    if getattr(request, "maybe_withheld", False):
        refuse_withheld(request, game_id)


@require_safe
@game_readers
@cache_control(no_cache=True)
@condition(etag_func=revision_etag)
def game_chart(request: HttpRequest, game_id: int) -> HttpResponse:
    """The points chart alone: the table page fetches it after each hand recorded. It is
    the table page's own kept chart (``table/table.html#points-chart``): drawn, and the
    game's replay read, only where no reader has drawn it since the game last changed."""
    _refuse_unversioned(request, game_id)
    game = load_game(game_id, hands=False)
    key = board_key(game, seat_names(game))
    context = {
        "board": lambda: scoreboard(game, played=kept_replay(game, key)),
        "log_key": log_key(key),
    }
    return render(request, "table/table.html#points-chart", context)


@require_safe
@game_read_required
def game_live(request: HttpRequest, game_id: int) -> HttpResponse:
    return render(request, "table/live.html", live_context(game_id))


@require_safe
@game_readers
@cache_control(no_cache=True)
@condition(etag_func=revision_etag)
def game_live_board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board alone, for polling: 304 (one query) while nothing has changed."""
    _refuse_unversioned(request, game_id)
    return render(request, "table/live.html#live-board", live_context(game_id))
