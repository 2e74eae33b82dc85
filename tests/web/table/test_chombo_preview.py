"""The preview of a chombo says what it costs under the rules: points off the offender's
final result (EMA: 20,000), or the reverse mangan the changes show (Tenhou)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


def preview(bob_client, game) -> str:
    data = {"sequence": "0", "outcome": "chombo", "offender": "3"}
    response = bob_client.post(reverse("hand_preview", args=[game.pk]), data)
    assert response.status_code == 200
    return response.content.decode()


def test_a_chombo_under_ema_says_the_20000_off_the_final_result(bob_client, players):
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)

    assert (
        "Chombo: Dan loses 20,000 points (−20.0) off the final result; the hand is played "
        "again." in preview(bob_client, game)
    )


def test_a_chombo_under_tenhou_says_the_mangan_is_paid_now(bob_client, game):
    html = preview(bob_client, game)

    assert "Chombo: Dan pays a mangan as above; the hand is played again." in html
    # A non-dealer's reverse mangan: 4,000 to the dealer, 2,000 to each other player.
    assert "−8,000" in html


def test_the_preview_says_it_in_japanese(bob_client, players):
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    data = {"sequence": "0", "outcome": "chombo", "offender": "3"}
    response = bob_client.post(
        reverse("hand_preview", args=[game.pk]), data, HTTP_ACCEPT_LANGUAGE="ja"
    )

    assert "最終結果から20,000点（−20.0）" in response.content.decode()
