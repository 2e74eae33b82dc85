"""A player's page: what it shows of their finished games (the record, places, how they
play, the best hand, the result day by day, the yaku statistics). A busy player's years of
games take long to add up and draw, so the page keeps that part drawn in the cache under
``FinishedGames.key``, and only works it out (the properties here) when the cache has not got
it: the template asks for the properties inside its ``{% cache %}`` block."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from functools import cached_property
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.formats import date_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scorekeeper.club.models import Game, Player, Seat
from scorekeeper.digest import digest
from scorekeeper.format import PLACE_NAMES, signed_result
from scorekeeper.history.charts import bar_chart, line_chart, thin_out
from scorekeeper.history.queries import (
    BestHand,
    DayResult,
    PlayerRecord,
    best_hand,
    player_record,
    results_by_day,
)
from scorekeeper.history.shares import yaku_context
from scorekeeper.history.statistics import (
    counted_key,
    finished_seats,
    yaku_stats,
)

#: A player's result over time is drawn through at most this many days.
CHART_DAYS = 240


def _places(record: PlayerRecord) -> list[dict[str, Any]]:
    labels = PLACE_NAMES[: len(record.places)]
    return [
        {"label": label, "count": count, "share": share}
        for label, count, share in zip(labels, record.places, record.place_shares, strict=True)
    ]


def _shares(record: PlayerRecord) -> list[str]:
    return [f"{share:.0f}%" if share is not None else "" for share in record.place_shares]


def _result_chart(days: Sequence[DayResult]) -> Any:
    """The running result, day by day, from zero before the first game."""
    if not days:
        return None
    kept = [days[i] for i in thin_out(len(days), CHART_DAYS)]
    first = days[0].day.toordinal() - 1
    xs = [float(first), *(day.day.toordinal() for day in kept)]
    values = [0.0, *(float(day.cumulative) for day in kept)]
    years = range(days[0].day.year + 1, days[-1].day.year + 1)
    ticks = [(float(date(year, 1, 1).toordinal()), str(year)) for year in years]
    if not ticks or ticks[0][0] - xs[0] > 0.2 * (xs[-1] - xs[0]):
        ticks.insert(0, (xs[0], date_format(days[0].day, "YEAR_MONTH_FORMAT")))
    return line_chart(
        [values],
        labels=[_("Result")],
        xs=xs,
        x_ticks=ticks,
        y_label=lambda value: signed_result(Decimal(value)).replace(".0", ""),
        baseline=0.0,
    )


def played_kinds(player: Player, *, withheld: Q | None = None) -> list[int]:
    """The kinds of game (the number of players) of ``player``'s finished games (but for
    those ``withheld`` from the reader), four players first. One query."""
    seats = _shown(finished_seats(player), withheld)
    kinds = seats.order_by().values_list("game__players", flat=True).distinct()
    return sorted(kinds, reverse=True)


def _shown(seats: QuerySet[Seat], withheld: Q | None) -> QuerySet[Seat]:
    if withheld is None:
        return seats
    return seats.exclude(game_id__in=Game.objects.filter(withheld).values("pk"))


class FinishedGames:
    """What ``player``'s page shows of their finished games of one kind (``players``: three-
    and four-player results are different scales), each part worked out when it is first
    read."""

    def __init__(self, player: Player, players: int = 4, *, withheld: Q | None = None) -> None:
        self.player = player
        self.players = players
        self.withheld = withheld

    @cached_property
    def seats_key(self) -> str:
        """The player's finished games shown to the reader as they are now
        (``counted_key``): a game withheld from some readers draws two parts. One query."""
        return counted_key(_shown(finished_seats(self.player), self.withheld))

    @cached_property
    def key(self) -> str:
        """What the drawn part depends on: the player's finished games, the name it shows,
        and the language."""
        return digest(
            self.seats_key, self.player.pk, self.player.name, self.players, get_language()
        )

    @cached_property
    def record(self) -> PlayerRecord:
        return player_record(
            self.player, players=self.players, kind=self.players, withheld=self.withheld
        )

    @cached_property
    def places(self) -> list[dict[str, Any]]:
        return _places(self.record)

    @cached_property
    def place_chart(self) -> Any:
        if not self.record.games:
            return None
        labels = [str(label) for label in PLACE_NAMES[: self.players]]
        return bar_chart(list(self.record.places), labels=labels, texts=_shares(self.record))

    @cached_property
    def best(self) -> BestHand | None:
        return best_hand(self.player, kind=self.players, withheld=self.withheld)

    @cached_property
    def days(self) -> list[DayResult]:
        return results_by_day(self.player, kind=self.players, withheld=self.withheld)

    @cached_property
    def result_chart(self) -> Any:
        return _result_chart(self.days)

    @cached_property
    def ys(self) -> dict[str, Any]:
        # The record has summed the riichi of the same seats.
        stats = yaku_stats(
            None,
            self.player,
            riichi=self.record.riichi,
            kind=self.players,
            withheld=self.withheld,
        )
        return yaku_context(stats)
