"""The final standings of a finished game, on the table page and the live board: the
players' pages a tap away, and why the points differ from the chart's where riichi sticks
were left on the table."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.table.services.games import finish_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def stick_left(game: Game) -> Game:
    """Chie declares riichi and is alone tenpai at the draw (her stick stays on the table:
    Chie 27,000, the others 24,000), then an organiser ends the game. Under Tenhou's rules
    the stick goes to first place, Chie: 28,000 in the standings."""
    record_hand(game=game, hand=Hand(Draw(tenpai=(2,)), riichi=(2,)), expected_sequence=0)
    finish_game(game=Game.objects.get(pk=game.pk), expected_sequence=1)
    return game


def test_the_standings_say_who_took_the_sticks_left_on_the_table(bob_client, stick_left):
    page = bob_client.get(reverse("game_table", args=[stick_left.pk])).content.decode()

    assert "28,000" in page
    assert (
        '<p class="standings-note">Chie +1,000: the riichi stick left on the table at the end.'
        in page
    )


def test_the_live_board_says_it_too(bob_client, stick_left):
    page = bob_client.get(reverse("game_live", args=[stick_left.pk])).content.decode()

    assert "Chie +1,000: the riichi stick left on the table at the end." in page


def test_no_note_where_no_stick_was_left(bob_client, game):
    finish_game(game=game, expected_sequence=0)

    page = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()

    assert "standings-note" not in page


def test_each_name_in_the_standings_and_on_the_live_board_links_to_the_players_page(
    bob_client, stick_left, players
):
    table = bob_client.get(reverse("game_table", args=[stick_left.pk])).content.decode()
    live = bob_client.get(reverse("game_live", args=[stick_left.pk])).content.decode()

    for player in players:
        link = f'<a href="/players/{player.pk}/">{player.name}</a>'
        assert link in table
        assert link in live
