"""What the wins were made of (``scoring.yaku_stats``), over the hands of finished games:
a player's (the seat they sat in) or the club's. The hands are read as stored and counted in
Python, in a fixed number of queries however many games there are; a club's thousands of
games take long to count, so the counts are kept in the cache under what they were counted
from (``_counted_from``), and a page asks one small query to find them there."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from django.core.cache import cache
from django.db.models import Count, Max, QuerySet, Sum

from scorekeeper.club.models import Game, HandRecord, Player, Seat
from scorekeeper.digest import digest
from scoring.outcomes import Hand
from scoring.record_hand import parse_hand, quick_parse_hand
from scoring.yaku_stats import YakuStats, yaku_stats


def _hand(data: object) -> Hand:
    return quick_parse_hand(data) or parse_hand(data)


def _finished_hands(
    games: dict[int, int | None] | None, seats: QuerySet[Seat] | None = None
) -> Iterator[tuple[Hand, int | None]]:
    """Each stored hand of a finished game with the seat it is counted for: the player's
    (``games`` maps a game to it), or every seat."""
    hands = HandRecord.objects.filter(game__status=Game.Status.FINISHED)
    if seats is not None:
        hands = hands.filter(game_id__in=seats.values("game_id"))
    for game_id, data in hands.values_list("game_id", "data").iterator(chunk_size=2000):
        yield _hand(data), None if games is None else games[game_id]


def counted_key(seats: QuerySet[Seat]) -> str:
    """What counts made over these ``seats`` of finished games were made from, as they are
    now, in a digest: how many seats there are, the sums of their ids and their games' ids
    (a game deleted, reopened or finished, a player merged), the sum of their games'
    revisions (every change to a game's hands bumps it) and the newest moment a game was
    made or changed (ids and revisions start again from the beginning in an emptied
    database; moments do not). One query."""
    seen = seats.aggregate(
        seats=Count("id"),
        ids=Sum("id"),
        games=Sum("game_id"),
        revisions=Sum("game__revision"),
        created=Max("game__created_at"),
        updated=Max("game__updated_at"),
    )
    return digest(*seen.values())


def _counted_from(name: str, seats_key: str, count: Callable[[], YakuStats]) -> YakuStats:
    """``count()``, from the cache when it has the counts of the same seats (``seats_key``:
    their ``counted_key``)."""
    key = f"yaku-stats:{name}:{seats_key}"
    stats: YakuStats | None = cache.get(key)
    if stats is None:
        stats = count()
        cache.set(key, stats)
    return stats


def finished_seats(player: Player) -> QuerySet[Seat]:
    return Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)


def player_yaku_stats(player: Player, seats_key: str | None = None) -> YakuStats:
    """The player's wins, deal-ins and riichi over every finished game: one query where the
    cache has them, else three (one fewer each with ``seats_key``, the ``counted_key`` of
    their ``finished_seats`` when the caller has it already)."""
    seats = finished_seats(player)

    def count() -> YakuStats:
        games: dict[int, int | None] = dict(seats.values_list("game_id", "number"))
        return yaku_stats(_finished_hands(games, seats)) if games else YakuStats()

    if seats_key is None:
        seats_key = counted_key(seats)
    return _counted_from(f"player:{player.pk}", seats_key, count)


def club_yaku_stats() -> YakuStats:
    """Every seat's wins, deal-ins and riichi over every finished game: one query where the
    cache has them, else two."""
    seats = Seat.objects.filter(game__status=Game.Status.FINISHED)
    return _counted_from("club", counted_key(seats), lambda: yaku_stats(_finished_hands(None)))
