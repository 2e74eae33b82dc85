"""Keeping the ratings what the finished games say.

The ratings are a projection of the finished games in the order they finished (the moment,
then the id). Every write that can change that sequence says so (``club.signals``, sent by
the services below this room), and this module rates the games again from the first one the
change touches (``rerate``), in the writer's transaction:

- a game's projection saved (``table.services.hands.save_projection``: a hand that ends a
  game, a correction or undo, finishing, reopening, a penalty, an imported game) sends
  ``game_saved``, answered by ``game_changed``; a game simply finished last is then the only
  game rated;
- deleting a game, merging a player, a restore and the demo data send ``games_changed`` with
  the first moment they touched (``rerate``).

Each rating write locks one row (``RatingsLock``) for the rest of its transaction, so writes
are rated one after another: one that comes second sees the first's games and rates again
from the earlier of the two.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime
from itertools import groupby
from typing import Any, Final

from django.db import transaction
from django.db.models import OuterRef, Q, Subquery

from scorekeeper.club.models import Game, Seat
from scorekeeper.club.signals import Moment
from scorekeeper.ratings.models import Rating, RatingChange, RatingsLock
from scorekeeper.ratings.rating import Standing, rate_game

Key = tuple[int, int]  # (player id, number of players)

_BATCH: Final = 2000


def _at_or_after(since: Moment, moment: str, game: str) -> Q:
    at, game_id = since
    return Q(**{f"{moment}__gt": at}) | Q(**{moment: at, f"{game}__gte": game_id})


def _keys(keys: Iterable[Key]) -> Q:
    """The rows of these (player, kind) keys."""
    kinds: dict[int, list[int]] = {}
    for player_id, players in keys:
        kinds.setdefault(players, []).append(player_id)
    condition = Q(pk__in=[])
    for players, ids in kinds.items():
        condition |= Q(players=players, player_id__in=ids)
    return condition


def _lock() -> None:
    RatingsLock.objects.get_or_create(pk=RatingsLock.ONLY)
    RatingsLock.objects.select_for_update().get(pk=RatingsLock.ONLY)


def _standings_before(keys: set[Key], since: Moment) -> dict[Key, tuple[Standing, Moment]]:
    """Each key's standing after its last rated game before ``since`` (the rows from
    ``since`` on are gone already); keys with no game before it are left out."""
    found: dict[Key, tuple[Standing, Moment]] = {}
    stale: list[Key] = []
    for rating in Rating.objects.filter(_keys(keys)):
        key = (rating.player_id, rating.players)
        last = (rating.last_finished_at, rating.last_game_id)
        if last < since:
            # The usual case, a game finished after every other: no row needs reading.
            found[key] = (rating.standing(), last)
        else:
            stale.append(key)
    if stale:
        newest = RatingChange.objects.filter(
            player_id=OuterRef("player_id"), players=OuterRef("players")
        ).order_by("-games")
        ids = (
            Rating.objects.filter(_keys(stale))
            .annotate(newest=Subquery(newest.values("pk")[:1]))
            .values_list("newest", flat=True)
        )
        for row in RatingChange.objects.filter(pk__in=[i for i in ids if i is not None]):
            found[(row.player_id, row.players)] = (row.after(), (row.finished_at, row.game_id))
    return found


#: A seat as the ratings read it: (game id, the game's moment, player id, place); a
#: finished game has a moment and places.
SeatRow = tuple[int, datetime | None, int, int | None]


def _seats_from(
    since: Moment | None,
) -> Iterator[tuple[tuple[int, datetime | None], list[SeatRow]]]:
    """The seats of the finished games from ``since`` on, game by game, in the order."""
    seats = Seat.objects.filter(game__status=Game.Status.FINISHED, game__finished_at__isnull=False)
    if since is not None:
        seats = seats.filter(_at_or_after(since, "game__finished_at", "game_id"))
    rows = (
        seats.order_by("game__finished_at", "game_id", "number")
        .values_list("game_id", "game__finished_at", "player_id", "place")
        .iterator(chunk_size=_BATCH)
    )
    for game, group in groupby(rows, key=lambda seat: (seat[0], seat[1])):
        yield game, list(group)


def _moment(value: datetime | None) -> datetime:
    assert value is not None, "the finished games read have a moment"
    return value


def _first_rated(since: Moment) -> Moment:
    """The first moment in the order among the rated games and ``since``."""
    first = RatingChange.objects.order_by("finished_at", "game_id").values_list(
        "finished_at", "game_id"
    )[:1]
    return min([since, *first])


def rerate(*, since: Moment | None = None) -> int:
    """Rate again every finished game from ``since`` on (every game when ``None``), from
    each player's standing just before it; return the number of games rated."""
    with transaction.atomic():
        _lock()
        if since is not None and since <= _first_rated(since):
            # From the first game on is every game: no standing before it to look up.
            since = None
        rows = RatingChange.objects.all()
        if since is not None:
            rows = rows.filter(_at_or_after(since, "finished_at", "game_id"))
        keys: set[Key] = set(rows.values_list("player_id", "players").distinct())
        rows.delete()
        games = list(_seats_from(since))
        keys |= {(seat[2], len(seats)) for _, seats in games for seat in seats}
        found = {} if since is None else _standings_before(keys, since)
        standings = {key: standing for key, (standing, _) in found.items()}
        last = {key: moment for key, (_, moment) in found.items()}
        changes = []
        for (game_id, moment), seats in games:
            finished_at = _moment(moment)
            kind = len(seats)
            before = [standings.get((seat[2], kind), Standing()) for seat in seats]
            places = [seat[3] or 0 for seat in seats]
            after = rate_game(before, places)
            for (_, _, player_id, _), place, new in zip(seats, places, after, strict=True):
                changes.append(
                    RatingChange(
                        game_id=game_id,
                        player_id=player_id,
                        players=kind,
                        finished_at=finished_at,
                        place=place,
                        games=new.games,
                        mu=new.mu,
                        sigma=new.sigma,
                        r=new.r,
                    )
                )
                standings[(player_id, kind)] = new
                last[(player_id, kind)] = (finished_at, game_id)
        RatingChange.objects.bulk_create(changes, batch_size=_BATCH)
        _store(keys if since is not None else None, standings, last)
    return len(games)


def _store(keys: set[Key] | None, standings: dict[Key, Standing], last: dict[Key, Moment]) -> None:
    """Write where each of ``keys`` stands now (every player when ``None``)."""
    (Rating.objects.all() if keys is None else Rating.objects.filter(_keys(keys))).delete()
    Rating.objects.bulk_create(
        (
            Rating(
                player_id=player_id,
                players=players,
                games=standing.games,
                mu=standing.mu,
                sigma=standing.sigma,
                r=standing.r,
                rating=standing.shown,
                last_finished_at=last[(player_id, players)][0],
                last_game_id=last[(player_id, players)][1],
            )
            for (player_id, players), standing in standings.items()
            if keys is None or (player_id, players) in keys
        ),
        batch_size=_BATCH,
    )


def game_changed(*, game: Game) -> None:
    """After ``game``'s projection was saved: rate again from where it stood or now stands
    in the order, unless what the ratings took from it (its players, places and moment) is
    as it was."""
    stored = sorted(
        RatingChange.objects.filter(game_id=game.pk).values_list(
            "player_id", "place", "finished_at"
        )
    )
    now: list[tuple[int, int | None, datetime | None]] = []
    if game.status == Game.Status.FINISHED and game.finished_at is not None:
        seats = Seat.objects.filter(game_id=game.pk).values_list("player_id", "place")
        now = sorted((player_id, place, game.finished_at) for player_id, place in seats)
    if stored == now:
        return
    moments = [(at, game.pk) for at in {row[2] for row in [*stored, *now]} if at is not None]
    rerate(since=min(moments))


def on_game_saved(*, game: Game, **_: Any) -> None:
    game_changed(game=game)


def on_games_changed(*, since: Moment | None, **_: Any) -> None:
    rerate(since=since)
