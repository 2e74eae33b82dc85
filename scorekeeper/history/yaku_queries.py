"""What the wins were made of (``scoring.yaku_stats``), over the hands of finished games:
a player's (the seat they sat in) or the club's. Two queries for a player, one for the club,
however many games there are: the hands are read as stored and counted in Python."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from scorekeeper.club.models import Game, HandRecord, Player, Seat
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


def player_yaku_stats(player: Player) -> YakuStats:
    """The player's wins, deal-ins and riichi over every finished game. Two queries."""
    seats = Seat.objects.filter(player=player, game__status=Game.Status.FINISHED)
    games: dict[int, int | None] = dict(seats.values_list("game_id", "number"))
    if not games:
        return YakuStats()
    return yaku_stats(_finished_hands(games, seats))


def club_yaku_stats() -> YakuStats:
    """Every seat's wins, deal-ins and riichi over every finished game. One query."""
    return yaku_stats(_finished_hands(None))
