"""What the wins were made of (``scoring.yaku_stats``) over a set of games: a player's (the
seat they sat in) or the club's. The database adds up the rows each finished game stores of
its wins (``WinRecord``, ``WinYaku``) and its seats' riichi, in three queries however many
games there are, so a first visit after a change costs what any other does."""

from __future__ import annotations

from collections import Counter

from django.db.models import Count, Max, Q, QuerySet, Sum

from scorekeeper.club.models import Game, Player, Seat, WinRecord, WinYaku
from scorekeeper.digest import digest
from scoring.outcomes import Win
from scoring.yaku_stats import RIICHI, YakuStats, han_bar


def finished_games() -> QuerySet[Game]:
    return Game.objects.filter(status=Game.Status.FINISHED)


def _seats(games: QuerySet[Game], player: Player | None) -> QuerySet[Seat]:
    seats = Seat.objects.filter(game__in=games, game__status=Game.Status.FINISHED)
    return seats if player is None else seats.filter(player=player)


def riichi_and_games(games: QuerySet[Game], player: Player | None = None) -> tuple[int, int]:
    """How many riichi ``player`` (every seat, where ``None``) declared in the finished ones
    of ``games``, and in how many of those games they sat. One query."""
    sums = _seats(games, player).aggregate(
        riichi=Sum("riichi"), games=Count("game_id", distinct=True)
    )
    return sums["riichi"] or 0, sums["games"]


def yaku_stats(
    games: QuerySet[Game], player: Player | None = None, *, riichi: int | None = None
) -> YakuStats:
    """The wins, deal-ins and riichi of ``player`` (every seat's where ``None``) over the
    finished ones of ``games``: their wins grouped by how they were played and their value,
    their yaku by name, and their riichi (``riichi``, when the caller has counted them
    already, ``riichi_and_games``). Two queries, three without ``riichi``."""
    wins = WinRecord.objects.filter(game__in=games)
    yaku = WinYaku.objects.filter(win__game__in=games)
    if player is None:
        won, dealt = Q(), Q(discarder__isnull=False)
    else:
        won, dealt = Q(player=player), Q(discarder=player)
        wins = wins.filter(won | dealt)
        yaku = yaku.filter(win__player=player)
    stats = YakuStats()
    groups = wins.values("style", "han", "yakuman").annotate(
        won=Count("pk", filter=won),
        with_yaku=Count("pk", filter=won & Q(with_yaku=True)),
        with_dora=Count("dora", filter=won),
        dora=Sum("dora", filter=won),
        dealt=Count("pk", filter=dealt),
    )
    for group in groups:
        style, won_count, dealt_count = group["style"], group["won"], group["dealt"]
        stats.wins += won_count
        if style:
            stats.styles[style] += won_count
            stats.deal_in_styles[style] += dealt_count
        else:
            stats.styles_unknown += won_count
            stats.deal_in_styles_unknown += dealt_count
        stats.deal_ins += dealt_count
        stats.wins_with_yaku += group["with_yaku"]
        stats.wins_with_dora += group["with_dora"]
        stats.dora += group["dora"] or 0
        stats.han[han_bar(Win(0, han=group["han"], yakuman=group["yakuman"]))] += won_count
    # A Counter keeps what was added, noughts too; a fresh count has only what it saw.
    for counter in (stats.styles, stats.deal_in_styles, stats.han):
        for key in [key for key, count in counter.items() if not count]:
            del counter[key]
    stats.yaku = Counter(dict(yaku.values_list("name").annotate(count=Count("pk"))))
    stats.riichi = riichi_and_games(games, player)[0] if riichi is None else riichi
    stats.riichi_won = stats.styles[RIICHI]
    return stats


def counted_key(seats: QuerySet[Seat]) -> str:
    """What is drawn from these ``seats`` of finished games was drawn from, as they are now,
    in a digest: how many seats there are, the sums of their ids and their games' ids (a
    game deleted, reopened or finished, a player merged), the sum of their games' revisions
    (every change to a game's hands bumps it) and the newest moment a game was made or
    changed (ids and revisions start again from the beginning in an emptied database;
    moments do not). One query."""
    seen = seats.aggregate(
        seats=Count("id"),
        ids=Sum("id"),
        games=Sum("game_id"),
        revisions=Sum("game__revision"),
        created=Max("game__created_at"),
        updated=Max("game__updated_at"),
    )
    return digest(*seen.values())


def finished_seats(player: Player) -> QuerySet[Seat]:
    return Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)
