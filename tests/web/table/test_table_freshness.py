"""Pages with a hand form are never kept by the browser (back and forward fetch them again),
and a table opened with a hand form's values in its address gets its own address back once
a hand is recorded from it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
RON = {
    "sequence": "0",
    "outcome": "ron",
    "winners": ["1"],
    "discarder": "2",
    "win_1_han": "3",
    "win_1_fu": "40",
}


def not_stored(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_the_table_is_never_stored_for_any_reader(client, charlie_client, bob_client, game):
    for reader in (client, charlie_client, bob_client):
        response = reader.get(reverse("game_table", args=[game.pk]))

        assert response.status_code == 200
        assert not_stored(response)


def test_a_refused_hand_and_a_recorded_one_are_never_stored(bob_client, game):
    refused = bob_client.post(reverse("hand_create", args=[game.pk]), {"sequence": "0"})
    recorded = bob_client.post(reverse("hand_create", args=[game.pk]), RON, **HTMX)

    assert (refused.status_code, recorded.status_code) == (422, 200)
    assert not_stored(refused) and not_stored(recorded)


def test_the_edit_page_is_never_stored(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)

    response = bob_client.get(reverse("hand_edit", args=[game.pk, 1]))

    assert response.status_code == 200
    assert not_stored(response)


def test_a_hand_recorded_from_an_address_with_values_gives_the_table_its_own_address(
    bob_client, game
):
    table = reverse("game_table", args=[game.pk])
    came_from = f"http://testserver{table}?seat=1&han=3&fu=40&tsumo=0"

    recorded = bob_client.post(
        reverse("hand_create", args=[game.pk]), RON, HTTP_HX_CURRENT_URL=came_from, **HTMX
    )
    plain = bob_client.post(
        reverse("hand_create", args=[game.pk]),
        RON | {"sequence": "1"},
        HTTP_HX_CURRENT_URL=f"http://testserver{table}",
        **HTMX,
    )

    assert recorded["HX-Replace-Url"] == table
    assert "HX-Replace-Url" not in plain
