"""The live board: a read-only page that polls a board answering 304 (one query) until the
game changes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.table.services.games import finish_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def board_url(game):
    return reverse("game_live_board", args=[game.pk])


def ben_wins(game, sequence=0):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=sequence)


def test_the_live_page_polls_its_board_every_three_seconds(client, game):
    response = client.get(reverse("game_live", args=[game.pk]))
    html = response.content.decode()

    assert response.status_code == 200
    assert f'hx-get="{board_url(game)}" hx-trigger="every 3s"' in html
    assert 'id="live-board"' in html
    assert "East 1" in html
    assert 'id="hand-form"' not in html


def test_the_board_carries_an_etag_and_asks_to_be_revalidated(client, game):
    response = client.get(board_url(game), **HTMX)

    assert response.status_code == 200
    assert response["ETag"].startswith(f'"{game.pk}-{game.revision}-')
    assert "no-cache" in response["Cache-Control"]
    assert response.content.decode().strip().startswith('<section id="live-board"')


def test_an_unchanged_board_is_304_from_one_query(client, game, django_assert_num_queries):
    etag = client.get(board_url(game))["ETag"]

    with django_assert_num_queries(1):
        response = client.get(board_url(game), HTTP_IF_NONE_MATCH=etag, **HTMX)

    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert "no-cache" in response["Cache-Control"]


def test_a_logged_in_member_gets_the_304_from_one_query_too(
    bob_client, game, django_assert_num_queries
):
    etag = bob_client.get(board_url(game))["ETag"]

    with django_assert_num_queries(1):
        assert bob_client.get(board_url(game), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_after_a_hand_the_board_is_sent_again_with_a_new_etag(client, game):
    etag = client.get(board_url(game))["ETag"]
    ben_wins(game)

    response = client.get(board_url(game), HTTP_IF_NONE_MATCH=etag, **HTMX)

    assert response.status_code == 200
    assert response["ETag"] != etag
    html = response.content.decode()
    assert "East 2" in html
    assert "30,200" in html
    assert "Hand 1: Ben ron from Chie, 3 han 40 fu" in html


def test_a_finished_game_shows_its_final_standings(client, game):
    ben_wins(game)
    finish_game(game=game, expected_sequence=1)

    html = client.get(board_url(game)).content.decode()

    assert "Final" in html
    # Tenhou: Aki 2nd +5 (tied with Dan, earlier seat), Dan −15, Chie −30; Ben the rest.
    ben = game.seats.get(number=1).player
    assert f'<span class="live-name"><a href="/players/{ben.pk}/">Ben</a></span>' in html
    assert '<span class="live-result up">+40.0</span>' in html
    assert '<span class="live-result down">−30.0</span>' in html


@pytest.mark.parametrize("name", ["game_live_board", "game_chart"])
def test_renaming_a_player_changes_the_etag_and_the_board_shows_the_new_name(
    client, alice_client, game, name
):
    ben_wins(game)
    address = reverse(name, args=[game.pk])
    etag = client.get(address)["ETag"]
    ben = game.seats.get(number=1).player

    renamed = alice_client.post(reverse("player_edit", args=[ben.pk]), {"name": "Benjiro"})
    assert renamed.status_code == 302
    response = client.get(address, HTTP_IF_NONE_MATCH=etag, **HTMX)

    assert response.status_code == 200
    assert response["ETag"] != etag
    assert "Benjiro" in response.content.decode()
    # And the new version is itself revalidated as unchanged.
    again = client.get(address, HTTP_IF_NONE_MATCH=response["ETag"], **HTMX)
    assert again.status_code == 304


@pytest.mark.parametrize(
    "change", [{"table_label": "Table 9"}, {"ruleset_name": "Club rules"}, {"status": "abandoned"}]
)
def test_the_etag_changes_with_the_label_the_ruleset_name_and_the_status(client, game, change):
    etag = client.get(board_url(game))["ETag"]

    # Changes made past the services (the admin, a restore) leave the revision as it was.
    type(game).objects.filter(pk=game.pk).update(**change)
    response = client.get(board_url(game), HTTP_IF_NONE_MATCH=etag, **HTMX)

    assert response.status_code == 200
    assert response["ETag"] != etag


def test_an_unknown_game_has_no_board(client, game):
    assert client.get(reverse("game_live_board", args=[game.pk + 99])).status_code == 404


def test_without_public_reading_the_board_is_for_members(
    client, charlie_client, bob_client, game, settings
):
    settings.SCOREKEEPER_PUBLIC_READ = False

    assert client.get(board_url(game)).status_code == 302
    assert charlie_client.get(board_url(game)).status_code == 403
    assert bob_client.get(board_url(game)).status_code == 200
