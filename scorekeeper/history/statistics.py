"""What the wins were made of (``scoring.yaku_stats``) over a set of games: a player's (the
seat they sat in) or the club's. The database adds up the rows each finished game stores of
its wins (``WinRecord``, ``WinYaku``) and its seats' riichi, in three queries however many
games there are, so a first visit after a change costs what any other does, and nothing
needs keeping in the cache."""

from __future__ import annotations

from collections import Counter
from typing import Final

from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet, Sum

from scorekeeper.club.models import Game, Player, Seat, WinRecord, WinYaku
from scorekeeper.digest import digest
from scoring.outcomes import Win
from scoring.win_details import KAZOE_HAN
from scoring.yaku_stats import RIICHI, STYLES, YakuStats, han_bar

#: How a win was played as stored, blank where the record does not say.
_STYLES: Final = (*STYLES, "")


def _han_bars() -> dict[str, Q]:
    """Which wins fall in each bar of the han histogram (``scoring.yaku_stats.han_bar``): a
    win of a yakuman or no han in the yakuman bar, else the bar of its han, all from 13 in
    that of 13."""
    hans: dict[str, list[int]] = {}
    for han in range(1, KAZOE_HAN):
        hans.setdefault(han_bar(Win(0, han=han)), []).append(han)
    bars = {bar: Q(yakuman=0, han__in=values) for bar, values in hans.items()}
    bars[han_bar(Win(0, han=KAZOE_HAN))] = Q(yakuman=0, han__gte=KAZOE_HAN)
    bars[han_bar(Win(0, yakuman=1))] = Q(yakuman__gt=0) | Q(han__isnull=True)
    return bars


_HAN_BARS: Final = _han_bars()


def finished_games() -> QuerySet[Game]:
    return Game.objects.filter(status=Game.Status.FINISHED)


def _seats(games: QuerySet[Game], player: Player | None) -> QuerySet[Seat]:
    seats = Seat.objects.order_by().filter(game__in=games)
    return seats if player is None else seats.filter(player=player)


def riichi_and_games(games: QuerySet[Game], player: Player | None = None) -> tuple[int, int]:
    """How many riichi ``player`` (every seat, where ``None``) declared in the finished ones
    of ``games`` (a seat of another game counts none), and in how many of ``games`` they
    sat. One query."""
    # Every game has one seat 0: the club's games are counted by those, without sorting.
    games_seated = Count("pk") if player is not None else Count("pk", filter=Q(number=0))
    sums = _seats(games, player).aggregate(riichi=Sum("riichi"), games=games_seated)
    return sums["riichi"] or 0, sums["games"]


def yaku_stats(
    games: QuerySet[Game] | None,
    player: Player | None = None,
    *,
    riichi: int | None = None,
    kind: int | None = None,
    withheld: Q | None = None,
) -> YakuStats:
    """The wins, deal-ins and riichi of ``player`` (every seat's where ``None``) over the
    finished ones of ``games``: their wins counted by how they were played and their value,
    their yaku by name, and their riichi (``riichi``, when the caller has counted them
    already, ``riichi_and_games``). Two queries, three without ``riichi``.

    ``games`` ``None`` with a ``player`` and the ``kind`` of game (its number of players):
    the player's wins in every finished game of that kind but those ``withheld`` from the
    reader, read through a join from the player's own rows (an index) rather than a
    subquery of every game of the club."""
    # Without the models' orderings, whose joins a sum does not need.
    if games is None:
        assert player is not None, "a player's wins"
        finished = {"status": Game.Status.FINISHED, "players": kind}
        wins = WinRecord.objects.order_by().filter(
            **{f"game__{name}": value for name, value in finished.items()}
        )
        yaku = WinYaku.objects.order_by().filter(
            **{f"win__game__{name}": value for name, value in finished.items()}
        )
        if withheld is not None:
            hidden = Game.objects.filter(withheld).values("pk")
            wins = wins.exclude(game_id__in=hidden)
            yaku = yaku.exclude(win__game_id__in=hidden)
    else:
        wins = WinRecord.objects.order_by().filter(game__in=games)
        yaku = WinYaku.objects.order_by().filter(win__game__in=games)
    if player is None:
        won, dealt = Q(), Q(discarder__isnull=False)
    else:
        won, dealt = Q(player=player), Q(discarder=player)
        wins = wins.filter(won | dealt)
        yaku = yaku.filter(win__player=player)
    # A double ron is one deal-in (``scoring.yaku_stats``): the hand is counted by its first
    # win row alone, the winners' hands dealt into by every row.
    first_of_hand = ~Exists(
        WinRecord.objects.order_by().filter(
            game=OuterRef("game"), hand=OuterRef("hand"), pk__lt=OuterRef("pk")
        )
    )
    wins = wins.annotate(first_of_hand=first_of_hand)
    # One row of counts, each over the rows that match it: a sum in one pass, where
    # grouping would sort every row first.
    bars = list(_HAN_BARS.items())
    counts = wins.aggregate(
        dealt_hands=Count("pk", filter=dealt & Q(first_of_hand=True)),
        won_count=Count("pk", filter=won),
        yaku_named=Count("pk", filter=won & Q(with_yaku=True)),
        dora_said=Count("dora", filter=won),
        dora_sum=Sum("dora", filter=won),
        **{f"won_{style}": Count("pk", filter=won & Q(style=style)) for style in _STYLES},
        **{f"dealt_{style}": Count("pk", filter=dealt & Q(style=style)) for style in _STYLES},
        **{f"bar_{i}": Count("pk", filter=won & value) for i, (_, value) in enumerate(bars)},
    )
    stats = YakuStats(
        wins=counts["won_count"],
        wins_with_yaku=counts["yaku_named"],
        wins_with_dora=counts["dora_said"],
        dora=counts["dora_sum"] or 0,
        styles_unknown=counts["won_"],
        deal_in_styles_unknown=counts["dealt_"],
    )
    for style in STYLES:
        stats.styles[style] = counts[f"won_{style}"]
        stats.deal_in_styles[style] = counts[f"dealt_{style}"]
    stats.deal_ins = counts["dealt_hands"]
    for i, (bar, _) in enumerate(bars):
        stats.han[bar] = counts[f"bar_{i}"]
    # A fresh count keeps only what it saw: noughts out.
    for counter in (stats.styles, stats.deal_in_styles, stats.han):
        for key in [key for key, count in counter.items() if not count]:
            del counter[key]
    stats.yaku = Counter(dict(yaku.values_list("name").annotate(count=Count("pk"))))
    if riichi is None:
        assert games is not None, "counted by the caller where the games are a kind"
        riichi = riichi_and_games(games, player)[0]
    stats.riichi = riichi
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
