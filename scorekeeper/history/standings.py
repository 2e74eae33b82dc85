"""Standings over any set of games, summed by the database over the stored seats.

A finished game keeps each seat's final points, place and result (``Seat``), so standings are
one aggregate query over those rows, however many games there are: no game is replayed. Which
games count is a ``QuerySet[Game]`` that the caller builds: all time, a season, a date range,
a ruleset are filters on it (``finished_games``, ``season_games``, ``games_between``), and
whatever narrows games later (a tournament, a rating period) is one more. Only finished games
count, whatever the set (an abandoned game counts for nothing, one in play not yet).

A season counts the games chosen for it when any are, otherwise the games finished in its
date range (the day of ``finished_at`` in the site's time zone), and only those of its
ruleset when it names one. Sums are exact decimals; averages are worked out from them in
Python (to 2 places) so every database gives the same figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Final

from django.db.models import Count, Exists, F, FloatField, OuterRef, Q, QuerySet, Sum
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from scorekeeper.club.bounds import FIRST_DAY, LAST_DAY
from scorekeeper.club.models import Game, Season, Seat

#: The count of each place, by the name a standings row gives it.
PLACES: Final = ("first", "second", "third", "fourth")

#: What each column of the standings is ordered by, and whether its best is its highest.
ORDER_BY: Final[dict[str, tuple[str, bool]]] = {
    "name": ("player__name", False),
    "games": ("games", True),
    "total": ("total", True),
    "average": ("average_sort", True),
    "place": ("place_sort", False),
    **{name: (name, True) for name in PLACES},
    "points": ("points_sort", True),
}
#: The orders the standings downloads take (``?sort=``), by their labels.
SORTS: Final[dict[str, str | Promise]] = {
    "total": gettext_lazy("Total result"),
    "average": gettext_lazy("Average result"),
    "place": gettext_lazy("Average place"),
    "games": gettext_lazy("Games played"),
}


def standings_order(column: str, *, reverse: bool = False) -> tuple[Any, ...]:
    """The one order of the standings, the page's and the downloads': by ``column``, best
    first (``reverse``: worst first), ties broken by games played (most first), then name.

    >>> standings_order("place")
    (OrderBy(F(place_sort), descending=False), OrderBy(F(games), descending=True), 'player__name')
    """
    expression, best_highest = ORDER_BY[column]
    field = F(expression)
    ordering: list[Any] = [field.desc() if best_highest != reverse else field.asc()]
    if column != "games":
        ordering.append(F("games").desc())
    if column != "name":
        ordering.append("player__name")
    return tuple(ordering)


_CENT: Final = Decimal("0.01")


def days_between(field: str, start: date | None, end: date | None) -> Q:
    """``field`` (a moment) on the days from ``start`` to ``end`` (either may be open), as a
    range of moments so that the database compares stored values (and can use an index).
    A day at or past the ends of the days the site takes (``club.bounds``) leaves that side open:
    nothing is stored beyond them, and the day after the last day of the calendar, or its
    first in a time zone ahead of UTC, is no moment at all."""
    zone = timezone.get_current_timezone()
    condition = Q()
    if start and start > FIRST_DAY:
        since = datetime.combine(start, time.min, tzinfo=zone)
        condition &= Q(**{f"{field}__gte": since})
    if end and end < LAST_DAY:
        before = datetime.combine(end + timedelta(days=1), time.min, tzinfo=zone)
        condition &= Q(**{f"{field}__lt": before})
    return condition


def season_filter(season: Season) -> Q:
    """The condition a game meets to count in ``season``."""
    chosen = Season.games.through.objects.filter(season_id=season.pk)
    in_range = days_between("finished_at", season.start_date, season.end_date)
    condition = Q(Exists(chosen.filter(game_id=OuterRef("pk")))) | (~Q(Exists(chosen)) & in_range)
    if season.ruleset_name:
        condition &= Q(ruleset_name=season.ruleset_name)
    return condition


def finished_games(players: int | None = None) -> QuerySet[Game]:
    """Every finished game (of ``players`` players, when given): the games of the all-time
    standings."""
    games = Game.objects.filter(status=Game.Status.FINISHED)
    return games if players is None else games.filter(players=players)


def season_games(season: Season) -> QuerySet[Game]:
    """The finished games that count in ``season``."""
    return finished_games().filter(season_filter(season))


def games_between(start: date | None, end: date | None) -> QuerySet[Game]:
    """The games finished on the days from ``start`` to ``end`` (either may be open)."""
    return finished_games().filter(days_between("finished_at", start, end))


def counted_seats(games: QuerySet[Game] | None = None) -> QuerySet[Seat]:
    """The seats that standings sum: those with a result, in the finished games among
    ``games`` (every game when none are given)."""
    seats = Seat.objects.filter(result__isnull=False)
    if games is None:
        return seats.filter(game__status=Game.Status.FINISHED)
    # A subquery: whatever ``games`` is filtered by stays in it, without a join to repeat it.
    return seats.filter(game__in=games.order_by().filter(status=Game.Status.FINISHED))


def standings(
    games: QuerySet[Game] | None = None,
    *,
    minimum_games: int = 0,
    sort: str = "total",
    reverse: bool = False,
) -> QuerySet[Any, Any]:
    """One row (a dict) per player: ``player_id``, ``player__name``, ``games``, ``total``,
    ``place_sum``, ``points_sum``, ``first``..``fourth``, over the finished games among
    ``games`` (all of them when none are given). One query; ``rows()`` turns the dicts into
    ``StandingRow``."""
    rows = (
        counted_seats(games)
        .values("player_id", "player__name")
        .annotate(**standing_sums())
        # Floats only to order by; the figures shown come from the exact sums.
        .annotate(
            average_sort=Cast("total", FloatField()) / Cast("games", FloatField()),
            place_sort=Cast("place_sum", FloatField()) / Cast("games", FloatField()),
            points_sort=Cast("points_sum", FloatField()) / Cast("games", FloatField()),
        )
    )
    if minimum_games > 0:
        # "games" is one of standing_sums(), which the type checker's plugin cannot see.
        rows = rows.filter(games__gte=minimum_games)  # type: ignore[misc]
    return rows.order_by(*standings_order(sort, reverse=reverse))


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A player's line in the standings."""

    rank: int
    player_id: int
    name: str
    games: int
    total: Decimal
    place_sum: int
    points_sum: int
    #: How many times 1st, 2nd... : one count per place of the kind of game counted.
    places: tuple[int, ...]

    @property
    def average(self) -> Decimal:
        """Average result per game, to 2 places."""
        return (self.total / self.games).quantize(_CENT, ROUND_HALF_UP)

    @property
    def average_place(self) -> Decimal:
        return (Decimal(self.place_sum) / self.games).quantize(_CENT, ROUND_HALF_UP)

    @property
    def average_points(self) -> int:
        """Average final points, to the nearest point."""
        return int((Decimal(self.points_sum) / self.games).quantize(Decimal(1), ROUND_HALF_UP))


def standing_sums() -> dict[str, Any]:
    """What a standings row sums over a player's seats: games, results, places, points."""
    return {
        "games": Count("pk"),
        "total": Sum("result"),
        "place_sum": Sum("place"),
        "points_sum": Sum("final_points"),
        **{name: Count("pk", filter=Q(place=place)) for place, name in enumerate(PLACES, 1)},
    }


def rows(
    values: Iterable[dict[str, Any]], *, first_rank: int = 1, players: int = 4
) -> Iterator[StandingRow]:
    """``StandingRow`` values from the dicts of ``standings()`` (or a page of them), over
    games of ``players`` players (the places a row counts)."""
    for rank, row in enumerate(values, first_rank):
        yield StandingRow(
            rank=rank,
            player_id=row["player_id"],
            name=row["player__name"],
            games=row["games"],
            total=Decimal(row["total"]).quantize(Decimal("0.1")),
            place_sum=row["place_sum"],
            points_sum=row["points_sum"],
            places=tuple(row[name] for name in PLACES[:players]),
        )
