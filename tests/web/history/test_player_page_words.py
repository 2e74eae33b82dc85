"""A player's page and the club's statistics: yaku in the reader's language, an average of
no dora that is 0, and the chombos that are not hands said where the hands are counted."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Chombo, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db

JA = {"HTTP_ACCEPT_LANGUAGE": "ja"}


@pytest.fixture
def ben(players):
    """Ben wins twice with his yaku and no dora (riichi pinfu by ron, menzen tsumo and
    tanyao by tsumo); Dan makes a chombo in between. Three hands recorded: two played."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    hands = [
        Hand(Ron(2, (Win(1, 2, 30, yaku=("Riichi", "Pinfu"), dora=0, open=False),)), (1,)),
        Hand(Chombo(3)),
        Hand(Tsumo(Win(1, 2, 30, yaku=("Menzen Tsumo", "Tanyao"), dora=0, open=False))),
    ]
    for number, hand in enumerate(hands):
        record_hand(game=game, hand=hand, expected_sequence=number)
    finish_game(game=Game.objects.get(pk=game.pk), expected_sequence=3)
    return players[1]


def test_the_average_dora_of_wins_with_no_dora_is_0(client, ben):
    html = client.get(reverse("player_detail", args=[ben.pk])).content.decode()

    assert "<dt>Average dora per win</dt><dd>0.00</dd>" in html


def test_the_chombo_left_out_of_the_hands_is_said(client, ben):
    html = client.get(reverse("player_detail", args=[ben.pk])).content.decode()

    assert "1 finished game, 2 hands (and 1 chombo, which is not counted as a hand)." in html


@pytest.mark.parametrize("page", ["player", "statistics"])
def test_yaku_are_named_in_japanese_on_the_player_page_and_the_statistics(client, ben, page):
    address = reverse("player_detail", args=[ben.pk]) if page == "player" else reverse("statistics")
    html = client.get(address, **JA).content.decode()

    assert '<th scope="row">立直</th>' in html
    assert '<th scope="row">平和</th>' in html
    assert '<th scope="row">Pinfu</th>' not in html
