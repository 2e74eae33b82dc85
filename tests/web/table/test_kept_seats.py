"""A table reads its game for every hand, and keeps the game's seats between requests: the
seats as last read, under the moment they last changed. A player renamed or merged changes
that moment, so the next page reads the seats again and names them as they are now."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.services import add_player, merge_players, rename_player

pytestmark = pytest.mark.django_db


def table(client, game: Game) -> str:
    return client.get(reverse("game_table", args=[game.pk])).content.decode()


def seat_queries(client, game: Game) -> int:
    with CaptureQueriesContext(connection) as queries:
        client.get(reverse("game_table", args=[game.pk]))
    return sum('FROM "club_seat"' in query["sql"] for query in queries.captured_queries)


def test_the_seats_are_read_once_then_kept(bob_client, game):
    assert seat_queries(bob_client, game) == 1
    assert seat_queries(bob_client, game) == 0


def test_a_player_renamed_is_named_anew_at_the_table(bob_client, game, players):
    assert players[1].name in table(bob_client, game)

    rename_player(player=players[1], name="Benedikt")

    assert seat_queries(bob_client, game) == 1
    page = table(bob_client, game)
    assert "Benedikt" in page
    assert f">{players[1].name}<" not in page


def test_a_player_merged_into_another_is_named_as_the_one_kept(bob_client, game, players):
    kept = add_player(name="Zoe Kept")
    assert players[2].name in table(bob_client, game)

    merge_players(keep=kept, merge=players[2])

    page = table(bob_client, game)
    assert "Zoe Kept" in page
    assert not Player.objects.filter(pk=players[2].pk).exists()


def test_the_same_name_again_changes_nothing_kept(bob_client, game, players):
    table(bob_client, game)
    before = Game.objects.get(pk=game.pk).seats_changed_at

    rename_player(player=players[0], name=players[0].name)

    assert Game.objects.get(pk=game.pk).seats_changed_at == before
    assert seat_queries(bob_client, game) == 0
