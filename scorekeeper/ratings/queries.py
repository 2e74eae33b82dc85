"""The ratings as the pages and downloads read them: a table (all time or a season), a
player's ratings game by game, a game's changes. Each is a fixed number of queries however
many games there are.

All time is where each player stands now (``Rating``). A season is where each player stood
after their last game of the season, with the games they played in it and the change from
before their first; the ratings themselves always count every game before (a season does
not start anyone again from nothing).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from django.db.models import Count, Max, Min, OuterRef, Q, Subquery

from scorekeeper.club.models import Game, Player, Season
from scorekeeper.history.standings import season_games
from scorekeeper.ratings.models import Rating, RatingChange
from scorekeeper.ratings.rating import SHOWN_SCALE, Standing, shown_rating
from scoring.seats import SEATINGS, Seating

#: The games a player's ratings list one by one (the chart draws them all).
RECENT_GAMES: Final = 10


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One player's line in a ratings table."""

    rank: int
    player_id: int
    name: str
    games: int
    mu: float
    sigma: float
    r: float
    #: The change of the shown rating over the season (``None`` for all time).
    change: float | None = None

    @property
    def rating(self) -> float:
        return shown_rating(self.mu, self.sigma)

    @property
    def uncertainty(self) -> float:
        return SHOWN_SCALE * self.sigma


@dataclass(frozen=True, slots=True)
class Change:
    """One player's ratings before and after one game."""

    game_id: int
    player_id: int
    name: str
    place: int
    finished_at: datetime
    table_label: str
    before: Standing
    after: Standing

    @property
    def rating(self) -> float:
        return self.after.shown

    @property
    def rating_before(self) -> float:
        return self.before.shown

    @property
    def change(self) -> float:
        return self.after.shown - self.before.shown

    @property
    def r(self) -> float:
        return self.after.r

    @property
    def r_change(self) -> float:
        return self.after.r - self.before.r


def _ranked(rows: list[RatingRow]) -> list[RatingRow]:
    """Best shown rating first (then more games, then the name), numbered; equal ratings
    share a rank."""
    rows.sort(key=lambda row: (-row.rating, -row.games, row.name.lower()))
    ranked: list[RatingRow] = []
    for index, row in enumerate(rows):
        same = ranked and round(ranked[-1].rating, 6) == round(row.rating, 6)
        rank = ranked[-1].rank if same else index + 1
        ranked.append(
            RatingRow(
                rank, row.player_id, row.name, row.games, row.mu, row.sigma, row.r, row.change
            )
        )
    return ranked


def _counted(rows: Iterable[RatingChange]) -> dict[tuple[int, int], Standing]:
    """Rows by (player, games)."""
    return {(row.player_id, row.games): row.after() for row in rows}


def withheld_caps(players: int, withheld: Q | None) -> dict[int, int]:
    """For each player with a rated game ``withheld`` from the reader (a tournament's hidden
    session), how many of their games of this kind the reader sees: those before it. Their
    ratings stand for that reader as they were before it. One query (none without any)."""
    if withheld is None:
        return {}
    firsts = (
        RatingChange.objects.filter(
            players=players, game_id__in=Game.objects.filter(withheld).values("pk")
        )
        .values("player_id")
        .annotate(first=Min("games"))
        .values_list("player_id", "first")
    )
    return {player: first - 1 for player, first in firsts}


def _seen(caps: dict[int, int]) -> Q:
    """The rating rows within ``caps``."""
    past = Q(pk__in=[])
    for player, cap in caps.items():
        past |= Q(player_id=player, games__gt=cap)
    return ~past


def ratings_table(
    *,
    players: int = 4,
    season: Season | None = None,
    minimum_games: int = 0,
    withheld: Q | None = None,
) -> list[RatingRow]:
    """The ratings of ``players``-player games, all time or after ``season``'s games, of
    the players with at least ``minimum_games`` games (in the season, for a season); a
    player with a game ``withheld`` from the reader as they stood before it."""
    caps = withheld_caps(players, withheld)
    if season is None:
        stood = Rating.objects.filter(players=players, games__gte=minimum_games).exclude(
            player_id__in=caps
        )
        shown = [
            RatingRow(0, r.player_id, r.player.name, r.games, r.mu, r.sigma, r.r)
            for r in stood.select_related("player").only(
                "player__name", "games", "mu", "sigma", "r"
            )
        ]
        before = RatingChange.objects.filter(
            players=players,
            games__gte=max(minimum_games, 1),
            player_id__in=caps,
            games__in=set(caps.values()),
        ).select_related("player")
        shown += [
            RatingRow(0, r.player_id, r.player.name, r.games, r.mu, r.sigma, r.r)
            for r in before
            if caps[r.player_id] == r.games
        ]
        return _ranked(shown)
    played = (
        # The season's games read once (an IN over them), not tested row by row.
        RatingChange.objects.filter(game_id__in=season_games(season).values("pk"), players=players)
        .filter(_seen(caps))
        .values("player_id", "player__name")
        .annotate(count=Count("pk"), first=Min("games"), last=Max("games"))
        .filter(count__gte=max(minimum_games, 1))
    )
    spans = {p["player_id"]: (p["player__name"], p["count"], p["first"], p["last"]) for p in played}
    # The row after each player's last game of the season, and the one before their first.
    ends = _counted(
        RatingChange.objects.filter(
            players=players,
            player_id__in=spans,
            games__in={n for _, _, first, last in spans.values() for n in (first - 1, last)},
        ).only("player_id", "games", "mu", "sigma", "r")
    )
    rows = []
    for player_id, (name, count, first, last) in spans.items():
        end = ends[(player_id, last)]
        start = ends.get((player_id, first - 1), Standing())
        rows.append(
            RatingRow(0, player_id, name, count, end.mu, end.sigma, end.r, end.shown - start.shown)
        )
    return _ranked(rows)


@dataclass(frozen=True, slots=True)
class PlayerRatings:
    """A player's rating of one kind: the shown rating before their first game and after
    each (``shown``), their last games in full (``recent``, the latest first), where they
    stand now and their rank among the players of this kind (all time), of ``of``."""

    players: int
    shown: Sequence[float]
    recent: Sequence[Change]
    now: Rating
    rank: int
    of: int

    @property
    def seating(self) -> Seating:
        return SEATINGS[self.players]


def player_ratings(player: Player, *, withheld: Q | None = None) -> list[PlayerRatings]:
    """``player``'s ratings of each kind they have played, four players first; as they
    stood before their first game ``withheld`` from the reader, where they have one."""
    stood = {r.players: r for r in Rating.objects.filter(player=player)}
    kinds = []
    for players in sorted(stood, reverse=True):
        now = stood[players]
        rows = RatingChange.objects.filter(player=player, players=players)
        cap = withheld_caps(players, withheld).get(player.pk)
        if cap is not None:
            rows = rows.filter(games__lte=cap)
            shown_last = rows.filter(games=cap).first()
            if shown_last is None:
                continue
            now = Rating(
                player=player,
                players=players,
                games=cap,
                mu=shown_last.mu,
                sigma=shown_last.sigma,
                r=shown_last.r,
                rating=shown_rating(shown_last.mu, shown_last.sigma),
                last_finished_at=shown_last.finished_at,
            )
        # Every game as three numbers for the chart; only the last few as rows.
        shown = [Standing().shown]
        shown += [
            shown_rating(mu, sigma)
            for mu, sigma in rows.order_by("games").values_list("mu", "sigma")
        ]
        last = list(
            rows.filter(games__gte=now.games - RECENT_GAMES)
            .select_related("game")
            .only(*_CHANGE_FIELDS, "game__table_label")
            .order_by("games")
        )
        recent = []
        for before, row in zip([None, *last], last, strict=False):
            if before is None and row.games > 1:
                continue
            start = Standing() if before is None else before.after()
            recent.append(_change(row, player.name, row.game.table_label, start))
        counts = Rating.objects.filter(players=players).aggregate(
            ahead=Count("pk", filter=Q(rating__gt=now.rating)), everyone=Count("pk")
        )
        kinds.append(
            PlayerRatings(
                players, shown, recent[::-1], now, counts["ahead"] + 1, counts["everyone"]
            )
        )
    return kinds


_CHANGE_FIELDS: Final = (
    "game_id",
    "player_id",
    "players",
    "finished_at",
    "place",
    "games",
    "mu",
    "sigma",
    "r",
)


def _change(row: RatingChange, name: str, table_label: str, before: Standing) -> Change:
    return Change(
        row.game_id,
        row.player_id,
        name,
        row.place,
        row.finished_at,
        table_label,
        before,
        row.after(),
    )


def game_changes(game: Game) -> list[Change]:
    """Each player's ratings before and after ``game``, by place (empty for a game not
    rated)."""
    previous = RatingChange.objects.filter(
        player_id=OuterRef("player_id"), players=OuterRef("players"), games=OuterRef("games") - 1
    )
    rows = (
        RatingChange.objects.filter(game=game)
        .select_related("player")
        .annotate(
            **{
                f"before_{field}": Subquery(previous.values(field)[:1])
                for field in ("mu", "sigma", "r")
            }
        )
        .order_by("place", "player__name")
    )
    changes = []
    for row in rows:
        before = Standing()
        if row.games > 1:
            values = (row.before_mu, row.before_sigma, row.before_r)  # type: ignore[attr-defined]
            before = Standing(*values, row.games - 1)
        changes.append(_change(row, row.player.name, game.table_label, before))
    return changes
