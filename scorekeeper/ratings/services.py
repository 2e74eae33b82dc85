"""Keeping the ratings what the finished games say.

The ratings are a projection of the finished games in the order they finished (the moment,
then the id). Every write that can change that sequence says so (``club.signals``, sent by
the services below this room), and this module rates the games again from the first one the
change touches (``rerate``):

- a game's projection saved (``table.services.hands.save_projection``: a hand that ends a
  game, a correction or undo, finishing, reopening, a penalty, an imported game) sends
  ``game_saved``, answered by ``game_changed``; a game simply finished last is then the only
  game rated;
- deleting a game, merging a player, a restore and the demo data send ``games_changed`` with
  the first moment they touched (``rerate``).

What it costs follows what changed. A change that touches at most ``INLINE_GAMES`` games
(a game finished last touches one) is rated in the writer's transaction. A larger one (a
correction to a game of long ago, a merge, a restore) is only rewound there: the ratings
from its first game on are forgotten and everyone put back to where they stood just before
it, and the lock row notes that the games from there on wait (``RatingsLock.pending_at``).
Once the writer's transaction has committed, a thread rates them ``CHUNK_GAMES`` at a time,
each chunk a short transaction of its own (``catch_up``), so no request holds a core for
seconds, and pages meanwhile say that the ratings are updating (``updating``). The ratings
before the waiting games are right all along; a change to an earlier game while they wait
rewinds further. Work left by a server that stopped is taken up by the next change, or by
the next page that finds it stalled.

Each rating write locks one row (``RatingsLock``) for the rest of its transaction, so writes
are rated one after another: one that comes second sees the first's games and rates again
from the earlier of the two.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from itertools import groupby, islice
from typing import Any, Final

from django.conf import settings
from django.db import connections, transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from scorekeeper.club.models import Game, Seat
from scorekeeper.club.signals import Moment
from scorekeeper.ratings.models import Rating, RatingChange, RatingsLock
from scorekeeper.ratings.rating import Standing, rate_game

Key = tuple[int, int]  # (player id, number of players)

_BATCH: Final = 2000
#: The most games a change may touch and be rated in the writer's transaction.
INLINE_GAMES: Final = 200
#: The games rated in one transaction of the background work.
CHUNK_GAMES: Final = 100
#: Waiting games whose last chunk is older than this were left by a process that stopped.
STALLED: Final = timedelta(seconds=30)

log = logging.getLogger(__name__)


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


def _lock() -> RatingsLock:
    RatingsLock.objects.get_or_create(pk=RatingsLock.ONLY)
    return RatingsLock.objects.select_for_update().get(pk=RatingsLock.ONLY)


def _pending(lock: RatingsLock) -> Moment | None:
    """The first game still to rate again (its moment and id), or ``None``."""
    if lock.pending_at is None or lock.pending_game is None:
        return None
    return (lock.pending_at, lock.pending_game)


def _set_pending(lock: RatingsLock, since: Moment | None) -> None:
    lock.pending_at, lock.pending_game = since if since is not None else (None, None)
    lock.worked_at = timezone.now()
    lock.save(update_fields=["pending_at", "pending_game", "worked_at"])


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
    each player's standing just before it: now, in the caller's transaction, where the
    change touches at most ``INLINE_GAMES`` games, else in the background once the
    transaction has committed (see the module's docstring). Return the number of games
    rated now."""
    with transaction.atomic():
        lock = _lock()
        if since is not None and since <= _first_rated(since):
            # From the first game on is every game: no standing before it to look up.
            since = None
        pending = _pending(lock)
        if pending is not None and since is not None and since >= pending:
            # Those games wait already: the background work reaches them.
            transaction.on_commit(start_catch_up)
            return 0
        _rewind(since)
        if pending is None and _games_from(since) <= INLINE_GAMES:
            return _rate(since)[0]
        _set_pending(lock, since if since is not None else FROM_THE_FIRST)
        transaction.on_commit(start_catch_up)
    return 0


#: Every game, as a moment no finished game comes before.
FROM_THE_FIRST: Final[Moment] = (datetime(1900, 1, 1, tzinfo=UTC), 0)


def _games_from(since: Moment | None) -> int:
    games = Game.objects.filter(status=Game.Status.FINISHED, finished_at__isnull=False)
    if since is not None:
        games = games.filter(_at_or_after(since, "finished_at", "pk"))
    return games.count()


def _rewind(since: Moment | None) -> None:
    """Forget the ratings of the games from ``since`` on (every game's when ``None``), and
    put each player they touched back where they stood just before ``since``."""
    if since is None:
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        return
    rows = RatingChange.objects.filter(_at_or_after(since, "finished_at", "game_id"))
    keys: set[Key] = set(rows.values_list("player_id", "players").distinct())
    if not keys:
        return
    rows.delete()
    found = _standings_before(keys, since)
    standings = {key: standing for key, (standing, _) in found.items()}
    last = {key: moment for key, (_, moment) in found.items()}
    _store(keys, standings, last)


def _rate(since: Moment | None, limit: int | None = None) -> tuple[int, Moment | None]:
    """Rate the finished games from ``since`` on (every game when ``None``), at most
    ``limit`` of them (every one when ``None``), none of them rated yet, from each player's
    standing before ``since``; return the number rated and the last one's moment."""
    games = list(islice(_seats_from(since), limit))
    keys = {(seat[2], len(seats)) for _, seats in games for seat in seats}
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
    _store(keys, standings, last)
    final = (_moment(games[-1][0][1]), games[-1][0][0]) if games else None
    return len(games), final


def catch_up(*, chunk: int = CHUNK_GAMES) -> int:
    """Rate the games waiting since a large change, ``chunk`` games a transaction, until
    none wait; return the number rated. Safe to run in several processes at once: each
    chunk takes the lock and reads where the work stands."""
    rated = 0
    while (count := catch_up_chunk(chunk=chunk)) is not None:
        rated += count
    return rated


def catch_up_chunk(*, chunk: int = CHUNK_GAMES) -> int | None:
    """Rate the next ``chunk`` waiting games in a transaction of their own; return how many
    were rated, or ``None`` when none wait."""
    with transaction.atomic():
        lock = _lock()
        pending = _pending(lock)
        if pending is None:
            return None
        count, final = _rate(None if pending == FROM_THE_FIRST else pending, chunk)
        if count < chunk or final is None:
            _set_pending(lock, None)
        else:
            _set_pending(lock, (final[0], final[1] + 1))
    return count


def updating() -> bool:
    """Whether games wait to be rated again (the pages say the ratings are updating). Work
    that a stopped process left is started again here. One query."""
    lock = RatingsLock.objects.filter(pk=RatingsLock.ONLY).first()
    if lock is None or _pending(lock) is None:
        return False
    if lock.worked_at is None or lock.worked_at < timezone.now() - STALLED:
        start_catch_up()
    return True


# -- The background work ------------------------------------------------------------------

_guard = threading.Lock()
_work = {"running": False, "again": False}


def start_catch_up() -> None:
    """Rate the waiting games: in a thread of this process (one at a time; asked again
    while it runs, it looks once more when done), or here and now where the setting
    ``SCOREKEEPER_RATINGS_IN_BACKGROUND`` is off (the tests). The thread is not a daemon:
    a command that ends (a restore, the demo data) waits for it."""
    if not getattr(settings, "SCOREKEEPER_RATINGS_IN_BACKGROUND", True):
        catch_up()
        return
    with _guard:
        if _work["running"]:
            _work["again"] = True
            return
        _work["running"] = True
    threading.Thread(target=_catch_up_thread, name="ratings-catch-up").start()


def _catch_up_thread() -> None:
    try:
        while True:
            try:
                catch_up()
            except Exception:  # the next change or page takes the work up again
                log.exception("the ratings could not be brought up to date")
            with _guard:
                if not _work["again"]:
                    _work["running"] = False
                    return
                _work["again"] = False
    finally:
        connections.close_all()


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
