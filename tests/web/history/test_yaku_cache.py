"""The yaku statistics (a player's page, the club's statistics page) and a player's page's
finished games' part are kept in the cache under what they were counted from. Whatever
happens to the games and players, they are those counted and drawn afresh."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from scorekeeper.club.models import Game, HandRecord, Player, Seat
from scorekeeper.history.statistics import finished_games, yaku_stats
from scorekeeper.operations.deletion import delete_game
from scorekeeper.registry.services import merge_players, rename_player
from scorekeeper.table.services.hands import edit_hand, undo_last_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.record_hand import parse_hand
from scoring.yaku_stats import YakuStats
from scoring.yaku_stats import yaku_stats as count_hands
from tests.web.table.test_hand_yaku import small_club

pytestmark = pytest.mark.django_db

NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def finished_part(client: Client, player: Player, language: str) -> str:
    """What a player's page shows of their finished games (between the name and the latest
    games)."""
    html = client.get(
        reverse("player_detail", args=[player.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    # Up to the latest games, or the page's end for a player without games.
    end = r'(?=<section aria-labelledby="recent|</main>)'
    found = re.search(r'<h1 class="player-title">.*?' + end, html, re.S)
    assert found
    return found[0]


def counted_afresh(player: Player | None) -> YakuStats:
    """The statistics counted by the engine from the stored hands of the finished games."""
    seats = dict(
        Seat.objects.filter(game__status=Game.Status.FINISHED, player=player).values_list(
            "game_id", "number"
        )
    )
    hands = HandRecord.objects.filter(game__status=Game.Status.FINISHED).order_by("pk")
    if player is None:
        return count_hands((parse_hand(h.data), None) for h in hands)
    hands = hands.filter(game_id__in=seats)
    return count_hands((parse_hand(h.data), seats[h.game_id]) for h in hands)


def counts() -> dict[object, object]:
    """Each player's statistics and the club's, as the pages get them (each the engine's
    count of the stored hands), and each player's page's finished games' part in both
    languages."""
    seen: dict[object, object] = {}
    for player in [*Player.objects.all(), None]:
        stats = yaku_stats(finished_games(), player)
        assert stats == counted_afresh(player), player
        seen[player.name if player else "club"] = stats
    client = Client()
    for player in Player.objects.all():
        for language in ("en", "ja"):
            seen[player.pk, language] = finished_part(client, player, language)
    return seen


def test_the_statistics_are_those_counted_afresh_after_each_change(players, alice):
    eve = Player.objects.create(name="Eve")
    aki, ben, chie, dan = players

    def first_game() -> Game:
        return Game.objects.order_by("pk").first()

    steps = [
        ("a game finished", lambda: small_club(players, alice)),
        ("another finished", lambda: small_club(players, alice)),
        ("one with Eve finished", lambda: small_club([aki, ben, eve, dan], alice)),
        (
            "a win's yaku taken out",
            lambda: edit_hand(
                game=first_game(),
                sequence=0,
                hand=Hand(Ron(3, (Win(1, 4, 30),)), riichi=(1,)),
                expected_sequence=5,
                allow_finished=True,
            ),
        ),
        (
            "a game's last hand undone",
            lambda: undo_last_hand(
                game=Game.objects.order_by("pk")[1], expected_sequence=5, allow_finished=True
            ),
        ),
        ("a game deleted", lambda: delete_game(game=first_game(), expected_sequence=5)),
        ("Eve merged into Chie", lambda: merge_players(keep=chie, merge=eve)),
        ("Dan renamed", lambda: rename_player(player=dan, name="Daniel")),
    ]
    for step, change in steps:
        counts()  # what the pages would have kept until now
        change()
        kept = counts()
        with override_settings(CACHES=NO_CACHE):
            assert kept == counts(), step
