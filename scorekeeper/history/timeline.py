"""The history as one list, newest first: the games, and in the places of games deleted
because they were entered by mistake, a line saying so (``DeletedGame``).

Both are ordered together by the database (one query for a page of ids, one to count),
then each page's games are read with their seats, and its deleted games' lines: a fixed
number of queries whatever the size of the club's history.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from django.core.paginator import Page, Paginator
from django.db.models import F, IntegerField, QuerySet, Value
from django.utils import timezone

from scorekeeper.club.models import DeletedGame, Game
from scorekeeper.format import preset_label
from scorekeeper.history.queries import (
    HISTORY_PER_PAGE,
    HistoryRow,
    history_rows,
    with_seats,
)
from scorekeeper.history.standings import days_between
from scorekeeper.history.words import day_text
from scoring.seats import SEATINGS

_GAME: Final = 0
_DELETED: Final = 1


@dataclass(frozen=True, slots=True)
class DeletedRow:
    """A deleted game's line, where the game stood."""

    deleted: DeletedGame
    played_on: date
    day: str
    deleted_on: str
    ruleset: str
    is_deleted: bool = True


def deleted_games(
    *,
    start: date | None = None,
    end: date | None = None,
    ruleset_name: str = "",
    players: int | None = None,
) -> QuerySet[DeletedGame]:
    """The deleted games' lines the history's date, ruleset and kind filters keep (a
    deleted game's kind is the number of names it kept: a fourth or none)."""
    deleted = DeletedGame.objects.all()
    if players is not None:
        # A fourth name is North's.
        deleted = deleted.filter(players__3__isnull=not SEATINGS[players].has_north)
    if start or end:
        deleted = deleted.filter(days_between("started_at", start, end))
    if ruleset_name:
        deleted = deleted.filter(ruleset_name=ruleset_name)
    return deleted


def _day(moment: Any) -> tuple[date, str]:
    day = timezone.localtime(moment).date()
    return day, day_text(day)


def deleted_row(deleted: DeletedGame) -> DeletedRow:
    played_on, day = _day(deleted.started_at)
    _, deleted_on = _day(deleted.deleted_at)
    return DeletedRow(
        deleted=deleted,
        played_on=played_on,
        day=day,
        deleted_on=deleted_on,
        ruleset=preset_label(deleted.ruleset_name),
    )


def history_page(
    games: QuerySet[Game], deleted: QuerySet[DeletedGame] | None, number: Any
) -> tuple[Page[Any], list[HistoryRow | DeletedRow]]:
    """Page ``number`` of the games and the deleted games' lines, newest first (by when the
    game started), with each entry's row."""
    entries = games.order_by().annotate(
        moment=F("created_at"), ident=F("pk"), kind=Value(_GAME, IntegerField())
    )
    listed: Any = entries.values_list("moment", "ident", "kind")
    if deleted is not None:
        lines = deleted.order_by().annotate(
            moment=F("started_at"), ident=F("game_id"), kind=Value(_DELETED, IntegerField())
        )
        listed = listed.union(lines.values_list("moment", "ident", "kind"), all=True)
    page = Paginator(listed.order_by("-moment", "-ident"), HISTORY_PER_PAGE).get_page(number)
    ids = {kind: [ident for _, ident, k in page.object_list if k == kind] for kind in (0, 1)}
    found: dict[tuple[int, int], HistoryRow | DeletedRow] = {}
    if ids[_GAME]:
        loaded = with_seats(Game.objects.filter(pk__in=ids[_GAME]).defer("rules", "state"))
        for row in history_rows(list(loaded)):
            found[_GAME, row.game.pk] = row
    if ids[_DELETED]:
        for line in DeletedGame.objects.filter(game_id__in=ids[_DELETED]):
            found[_DELETED, line.game_id] = deleted_row(line)
    rows = [found[kind, ident] for _, ident, kind in page.object_list if (kind, ident) in found]
    return page, rows
