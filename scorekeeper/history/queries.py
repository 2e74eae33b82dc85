"""Looking back at the club's games: the history (filtered, newest first), standings in any
column's order, and a player's record, all read from the stored seats.

A finished game keeps each seat's final points, place, result and statistics (``Seat``), so
every figure here is a sum or a count done by the database over those rows, in a fixed
number of queries however many games there are: no game is replayed. As in the standings,
only finished games count. Averages and rates are worked out in Python from exact sums.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import ClassVar, Final

from django.db import connection
from django.db.models import Count, DateField, F, Func, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import TruncDate
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorekeeper.club.models import Game, Player, SavedRuleset, Season, Seat
from scorekeeper.club.projection import STAT_FIELDS
from scorekeeper.format import (
    PLACE_NAMES,
    format_points,
    preset_label,
    short_name,
    sign_class,
    signed_result,
)
from scorekeeper.history.standings import (
    ORDER_BY,
    PLACES,
    StandingRow,
    counted_seats,
    days_between,
    rows,
    season_filter,
    standing_sums,
    standings,
)
from scorekeeper.history.words import day_text, hand_words
from scoring.rules import PRESETS

HISTORY_PER_PAGE: Final = 25
_CENT: Final = Decimal("0.01")
_TENTH: Final = Decimal("0.1")


# -- The history ----------------------------------------------------------------------------


def with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games with their seats and players, in one more query for any number of games."""
    seats = Seat.objects.select_related("player").order_by("number")
    return games.prefetch_related(Prefetch("seats", queryset=seats))


def history_games(
    *,
    player: Player | None = None,
    start: date | None = None,
    end: date | None = None,
    ruleset_name: str = "",
    season: Season | None = None,
    players: int | None = None,
) -> QuerySet[Game]:
    """Every game (in play, finished or abandoned), newest first, narrowed by the filters
    given (``players``: one kind of game). A season holds finished games only."""
    games = Game.objects.all()
    if players is not None:
        games = games.filter(players=players)
    if player is not None:
        games = games.filter(seats__player=player)
    if start or end:
        games = games.filter(days_between("created_at", start, end))
    if ruleset_name:
        games = games.filter(ruleset_name=ruleset_name)
    if season is not None:
        games = games.filter(season_filter(season), status=Game.Status.FINISHED)
    # The rules and the state (JSON) are not shown, and would be carried through the sort.
    return games.defer("rules", "state").order_by("-created_at", "-pk")


def ruleset_names() -> list[str]:
    """The names games were played under, with the saved rulesets and the presets."""
    played = Game.objects.order_by().values_list("ruleset_name", flat=True).distinct()
    saved = SavedRuleset.objects.values_list("name", flat=True)
    return sorted({*played, *saved, *PRESETS}, key=str.casefold)


# -- Standings in any order -----------------------------------------------------------------

#: Columns the standings can be ordered by, by their labels (``standings.ORDER_BY``: what
#: each orders by). ``sort=key`` puts the best first, ``sort=-key`` the other way round.
STANDING_COLUMNS: Final[dict[str, str | Promise]] = {
    "name": gettext_lazy("Player"),
    "games": pgettext_lazy("a count", "Games"),
    "total": gettext_lazy("Total result"),
    "average": gettext_lazy("Average result"),
    "place": gettext_lazy("Average place"),
    "first": PLACE_NAMES[0],
    "second": PLACE_NAMES[1],
    "third": PLACE_NAMES[2],
    "fourth": PLACE_NAMES[3],
    "points": gettext_lazy("Average points"),
}
SORT_CHOICES: Final = tuple(
    (prefix + key, label) for key, label in STANDING_COLUMNS.items() for prefix in ("", "-")
)


@dataclass(frozen=True, slots=True)
class SortOrder:
    """A standings order: the column, and whether it runs best first."""

    column: str
    reverse: bool = False

    @classmethod
    def parse(cls, value: str) -> SortOrder:
        """``total``, ``-place``, or the default (total, best first) for blank.

        >>> SortOrder.parse("-place"), SortOrder.parse("")
        (SortOrder(column='place', reverse=True), SortOrder(column='total', reverse=False))
        """
        if not value:
            return cls("total")
        reverse = value.startswith("-")
        column = value.removeprefix("-")
        if column not in STANDING_COLUMNS:
            raise ValueError(f"no such column: {value}")
        return cls(column, reverse)

    @property
    def descending(self) -> bool:
        return ORDER_BY[self.column][1] != self.reverse

    def __str__(self) -> str:
        return ("-" if self.reverse else "") + self.column


def standings_table(
    games: QuerySet[Game] | None = None,
    *,
    minimum_games: int = 0,
    order: SortOrder | None = None,
    players: int = 4,
) -> list[StandingRow]:
    """The standings over the games of ``players`` players among ``games`` (a season's, or
    all of them when none are given) in the order asked for, ties broken by games played,
    then name. One query."""
    order = order or SortOrder("total")
    games = (games if games is not None else Game.objects.all()).filter(players=players)
    table = standings(games, minimum_games=minimum_games, sort=order.column, reverse=order.reverse)
    return list(rows(table, players=players))


# -- A player's record ----------------------------------------------------------------------


def _ratio(part: int, whole: int) -> Decimal | None:
    return None if not whole else (Decimal(part) / whole).quantize(_CENT, ROUND_HALF_UP)


def _percent(part: int, whole: int) -> Decimal | None:
    if not whole:
        return None
    return (Decimal(100 * part) / whole).quantize(_TENTH, ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's finished games, summed: standings and the statistics of every hand."""

    games: int
    total: Decimal
    place_sum: int
    points_sum: int
    #: How many times 1st, 2nd... : one count per place of the kind of game counted.
    places: tuple[int, ...]
    hands: int
    wins: int
    tsumo_wins: int
    dealer_wins: int
    deal_ins: int
    riichi: int
    win_points: int
    deal_in_points: int
    yakuman: int
    chombos: int
    tobi: int
    #: The chombos in these games, anyone's: hands recorded that are not hands played
    #: (a chombo is replayed), so not among ``hands``.
    chombo_hands: int = 0

    @property
    def average(self) -> Decimal | None:
        """Average result per game, to 2 places."""
        return None if not self.games else (self.total / self.games).quantize(_CENT, ROUND_HALF_UP)

    @property
    def average_place(self) -> Decimal | None:
        return _ratio(self.place_sum, self.games)

    @property
    def place_shares(self) -> tuple[Decimal | None, ...]:
        """Each place's share of the games, in percent."""
        return tuple(_percent(count, self.games) for count in self.places)

    @property
    def win_rate(self) -> Decimal | None:
        """Hands won, in percent of hands played."""
        return _percent(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> Decimal | None:
        return _percent(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> Decimal | None:
        return _percent(self.riichi, self.hands)

    @property
    def tsumo_share(self) -> Decimal | None:
        """Wins by tsumo, in percent of wins."""
        return _percent(self.tsumo_wins, self.wins)

    @property
    def average_win(self) -> int | None:
        """What a win is worth on average, to the point."""
        if not self.wins:
            return None
        return int((Decimal(self.win_points) / self.wins).quantize(Decimal(1), ROUND_HALF_UP))

    @property
    def average_deal_in(self) -> int | None:
        if not self.deal_ins:
            return None
        return int(
            (Decimal(self.deal_in_points) / self.deal_ins).quantize(Decimal(1), ROUND_HALF_UP)
        )


def _counted_seats(
    player: Player,
    games: QuerySet[Game] | None = None,
    kind: int | None = None,
    withheld: Q | None = None,
) -> QuerySet[Seat]:
    """The player's seats in the finished games among ``games`` (any, when none are given),
    of ``kind`` players (any, when ``None``), but those ``withheld`` from the reader: those
    with standings. The kind is a join to the seat's game, not a subquery of games: the
    database then reads the player's seats (an index) and each one's game by its key,
    instead of probing the player's seats once for every game of the club."""
    seats = counted_seats(games).filter(player=player)
    if kind is not None:
        seats = seats.filter(game__players=kind)
    if withheld is not None:
        # The few games withheld (a tournament's), read once.
        seats = seats.exclude(game_id__in=Game.objects.filter(withheld).values("pk"))
    return seats


#: The statistics that add up over games (best hand and tobi are taken otherwise).
_NOT_SUMMED: Final = ("best_win", "best_han", "best_fu", "best_yakuman", "tobi")
_SUMMED: Final = tuple(f for f in STAT_FIELDS if f not in _NOT_SUMMED)


def player_record(
    player: Player,
    games: QuerySet[Game] | None = None,
    *,
    players: int = 4,
    kind: int | None = None,
    withheld: Q | None = None,
) -> PlayerRecord:
    """The player's record over the finished games among ``games`` (every one when none are
    given) of ``kind`` players (any, when ``None``), games of ``players`` players (the places
    counted). One query."""
    sums = _counted_seats(player, games, kind, withheld).aggregate(
        **standing_sums(),
        tobi=Count("pk", filter=Q(tobi=True)),
        recorded=Sum("game__hand_count"),
        **{name: Sum(name) for name in _SUMMED},
    )
    return PlayerRecord(
        games=sums["games"],
        total=Decimal(sums["total"] or 0).quantize(_TENTH),
        place_sum=sums["place_sum"] or 0,
        points_sum=sums["points_sum"] or 0,
        places=tuple(sums[name] for name in PLACES[:players]),
        tobi=sums["tobi"],
        chombo_hands=(sums["recorded"] or 0) - (sums["hands"] or 0),
        **{name: sums[name] or 0 for name in _SUMMED},
    )


@dataclass(frozen=True, slots=True)
class BestHand:
    points: int
    description: str
    game_id: int
    played_on: date | None


def best_hand(
    player: Player,
    games: QuerySet[Game] | None = None,
    *,
    kind: int | None = None,
    withheld: Q | None = None,
) -> BestHand | None:
    """The player's most valuable win in a finished game among ``games`` (any, when none
    are given) of ``kind`` players (any, when ``None``; the first made, on a tie). One
    query."""
    row = (
        _counted_seats(player, games, kind, withheld)
        .filter(best_win__gt=0)
        .order_by("-best_win", "game__created_at", "game_id")
        .values("best_win", "best_han", "best_fu", "best_yakuman", "game_id", "game__created_at")
        .first()
    )
    if row is None:
        return None
    started = row["game__created_at"]
    return BestHand(
        points=row["best_win"],
        description=hand_words(row["best_han"], row["best_fu"], row["best_yakuman"]),
        game_id=row["game_id"],
        played_on=timezone.localtime(started).date() if started else None,
    )


@dataclass(frozen=True, slots=True)
class DayResult:
    """The player's games of one day, summed, and the running total after them."""

    day: date
    games: int
    result: Decimal
    cumulative: Decimal


def _day(field: str) -> Func:
    """The day of a moment in the site's time zone. Django's ``TruncDate`` calls Python for
    each row on SQLite (to convert the time zone); where the zone is UTC, in which SQLite
    stores moments, SQLite's own ``date()`` gives the same day without leaving the
    database (a player's days at 10,000 games: a fifth of the page's first visit)."""
    if connection.vendor == "sqlite" and timezone.get_current_timezone_name() == "UTC":
        return Func(F(field), function="date", output_field=DateField())
    return TruncDate(field)


def results_by_day(
    player: Player,
    games: QuerySet[Game] | None = None,
    *,
    kind: int | None = None,
    withheld: Q | None = None,
) -> list[DayResult]:
    """The player's result day by day (of the games' ends) over the finished games among
    ``games`` (every one when none are given) of ``kind`` players (any, when ``None``),
    oldest first, with the running total. One query, a row per day played."""
    days = (
        _counted_seats(player, games, kind, withheld)
        .annotate(day=_day("game__finished_at"))
        .values("day")
        .annotate(games=Count("pk"), result=Sum("result"))
        .order_by("day")
    )
    out = []
    running = Decimal(0)
    for row in days:
        result = Decimal(row["result"]).quantize(_TENTH)
        running += result
        out.append(DayResult(row["day"], row["games"], result, running))
    return out


def recent_games(player: Player, count: int = 10, *, withheld: Q | None = None) -> Sequence[Game]:
    """The player's last ``count`` games (any status), with their seats, but for those
    ``withheld`` (from the reader). Two queries."""
    games = history_games(player=player)
    if withheld is not None:
        games = games.exclude(pk__in=Game.objects.filter(withheld).values("pk"))
    return list(with_seats(games)[:count])


@dataclass(frozen=True, slots=True)
class PlayerPenalty:
    """A penalty a player was given in a finished game: inside their total there, listed on
    their page. ``after``: the number of the hand it was given after (1 for the first), 0
    before any hand."""

    game: Game
    points: str
    result: str
    reason: str
    after: int


def player_penalties(player: Player, *, withheld: Q | None = None) -> list[PlayerPenalty]:
    """The penalties ``player`` was given in finished games (those their results count),
    the latest game first, but for games ``withheld`` from the reader. One query."""
    seats = (
        Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)
        .exclude(game__penalties=[])
        .select_related("game")
        .order_by("-game__finished_at", "-game_id")
    )
    if withheld is not None:
        seats = seats.exclude(game_id__in=Game.objects.filter(withheld).values("pk"))
    return [
        PlayerPenalty(
            game=seat.game,
            points=format_points(-penalty["points"]),
            result=signed_result(Decimal(-penalty["points"]) / 1000),
            reason=penalty.get("reason", ""),
            after=0 if penalty.get("after_hand") is None else penalty["after_hand"] + 1,
        )
        for seat in seats
        for penalty in seat.game.penalties
        if penalty["seat"] == seat.number
    ]


# -- Rows as the pages show them ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatCell:
    player_id: int
    name: str
    place: int | None
    result: str
    sign: str

    @property
    def short(self) -> str:
        """The name as a card shows it: cut at a word where it is long."""
        return short_name(self.name)


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """A game in the history: finished games list their players by place with results;
    the others in seat order, with the game's status."""

    game: Game
    played_on: date
    #: The day as the page writes it ("Sat 31 May 2025"), made once here: the template's
    #: date filter is slow enough to show in a page of 25 rows.
    day: str
    ruleset: str
    seats: tuple[SeatCell, ...]
    #: A game, not a deleted game's line (``timeline.DeletedRow``).
    is_deleted: ClassVar[bool] = False


def history_rows(games: Sequence[Game]) -> list[HistoryRow]:
    """Rows of games loaded ``with_seats`` (no further query)."""
    out = []
    for game in games:
        finished = game.status == Game.Status.FINISHED
        seats = list(game.seats.all())
        if finished:
            seats.sort(key=lambda s: (s.place or 5, s.number))
        cells = tuple(
            SeatCell(
                player_id=seat.player_id,
                name=seat.player.name,
                place=seat.place if finished else None,
                result=signed_result(seat.result) if finished and seat.result is not None else "",
                sign=sign_class(seat.result) if finished and seat.result is not None else "",
            )
            for seat in seats
        )
        played_on = timezone.localtime(game.created_at).date()
        out.append(
            HistoryRow(
                game=game,
                played_on=played_on,
                day=day_text(played_on),
                ruleset=preset_label(game.ruleset_name),
                seats=cells,
            )
        )
    return out
