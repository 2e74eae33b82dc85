"""Editing a hand: its address numbered from 1 (the former ones, from 0, lead to it), and the
warning of its preview when the edit would make a later hand impossible."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand, Ron, Win

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name, game, *args):
    return reverse(name, args=[game.pk, *args])


def ron_post(sequence=0, *, winner=1, discarder=2, han="3", fu="40", **extra):
    return {
        "sequence": str(sequence),
        "outcome": "ron",
        "winners": [str(winner)],
        "discarder": str(discarder),
        f"win_{winner}_han": han,
        f"win_{winner}_fu": fu,
        **extra,
    }


def test_the_preview_of_an_edit_warns_that_it_makes_a_later_hand_impossible(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(2,)), riichi=(2,)), expected_sequence=1)
    preview = f"{url('hand_preview', game)}?hand=1"

    data = ron_post(2, han="yakuman", fu="") | {"win_1_yakuman": "1"}
    broken = bob_client.post(preview, data, **HTMX).content.decode()
    fine = bob_client.post(preview, ron_post(winner=1, han="2"), **HTMX).content.decode()

    assert "This edit makes hand 2 (East 2) impossible" in broken
    assert 'class="preview-warning"' not in fine
    assert "Next: <strong>East 2</strong>" in fine


def test_a_former_edit_address_numbered_from_zero_leads_to_the_same_hand(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    former = f"/games/{game.pk}/hands/0/edit/"

    response = bob_client.get(former)

    assert response.status_code == 301
    assert response["Location"] == url("hand_edit", game, 1)
    assert bob_client.get(url("hand_edit", game, 0)).status_code == 404
    assert bob_client.get(url("hand_edit", game, 2)).status_code == 404
    page = bob_client.get(url("hand_edit", game, 1)).content.decode()
    assert "Edit hand 1" in page


@pytest.mark.parametrize("persona", ["bob_client", "alice_client"])
def test_members_are_sent_from_a_former_address_to_the_hand_numbered_from_1(request, game, persona):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    member = request.getfixturevalue(persona)

    response = member.get(f"/games/{game.pk}/hands/0/edit/")

    assert (response.status_code, response["Location"]) == (301, url("hand_edit", game, 1))
    assert member.post(f"/games/{game.pk}/hands/0/edit/").status_code == 405


def test_visitors_and_outsiders_are_refused_at_a_former_address(client, charlie_client, game):
    former = f"/games/{game.pk}/hands/0/edit/"

    assert client.get(former)["Location"].startswith(reverse("login"))
    assert charlie_client.get(former).status_code == 403


def test_who_may_open_a_hands_edit_page(client, charlie_client, bob_client, alice_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    page = url("hand_edit", game, 1)

    assert client.get(page)["Location"].startswith(reverse("login"))
    assert charlie_client.get(page).status_code == 403
    assert bob_client.get(page).status_code == 200
    assert alice_client.get(page).status_code == 200
