"""A new game offers the club's usual ruleset: the one its latest game was started under
(a preset or a saved ruleset), not the first of the list; an imported online game does not
count, and with no game yet the list starts as it is."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game, SavedRuleset
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


def chosen(bob_client) -> str | None:
    page = bob_client.get(reverse("game_new")).content.decode()
    found = re.search(r'<option value="([^"]+)" selected>', page)
    return found[1] if found else None


def test_with_no_game_yet_nothing_is_chosen_for_the_club(bob_client, players):
    assert chosen(bob_client) is None


def test_the_preset_of_the_latest_game_is_offered(bob_client, players):
    start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)

    assert chosen(bob_client) == "preset:mleague"


def test_a_saved_ruleset_of_the_latest_game_is_offered(bob_client, players):
    thursday = SavedRuleset.objects.create(name="Club Thursday", preset="ema")
    start_game(rules=thursday.to_rules(), ruleset_name="Club Thursday", players=players)

    assert chosen(bob_client) == f"saved:{thursday.pk}"


def test_an_imported_online_game_is_not_the_clubs_usual_ruleset(bob_client, players):
    start_game(rules=PRESETS["wrc"], ruleset_name="wrc", players=players)
    online = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    Game.objects.filter(pk=online.pk).update(source_platform="tenhou")

    assert chosen(bob_client) == "preset:wrc"


def test_with_no_game_yet_the_clubs_own_ruleset_is_offered(bob_client, players):
    SavedRuleset.objects.create(name="Old rules", preset="ema")
    newest = SavedRuleset.objects.create(name="Club Thursday", preset="ema")
    SavedRuleset.objects.create(name="Sanma night", preset="tenhou_sanma")

    assert chosen(bob_client) == f"saved:{newest.pk}"


def test_an_organiser_names_the_ruleset_offered_first(alice_client, bob_client, players):
    thursday = SavedRuleset.objects.create(name="Club Thursday", preset="ema")
    friday = SavedRuleset.objects.create(name="Club Friday", preset="wrc")
    sanma = SavedRuleset.objects.create(name="Sanma night", preset="tenhou_sanma")
    start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)
    offer = "ruleset_offer_first"

    assert bob_client.post(reverse(offer, args=[thursday.pk]), {"offered": "1"}).status_code == 403
    assert chosen(bob_client) == "preset:mleague"
    response = alice_client.post(reverse(offer, args=[thursday.pk]), {"offered": "1"})
    assert response.status_code == 302
    assert chosen(bob_client) == f"saved:{thursday.pk}"
    # One for each number of players: Friday takes Thursday's place, the sanma one its own.
    alice_client.post(reverse(offer, args=[friday.pk]), {"offered": "1"})
    alice_client.post(reverse(offer, args=[sanma.pk]), {"offered": "1"})
    assert list(SavedRuleset.objects.filter(offered_first=True).order_by("pk")) == [friday, sanma]
    assert chosen(bob_client) == f"saved:{friday.pk}"
    page = bob_client.get(reverse("ruleset_detail", args=[friday.pk])).content.decode()
    assert "offers this ruleset first" in page
    alice_client.post(reverse(offer, args=[friday.pk]), {"offered": "0"})
    assert chosen(bob_client) == "preset:mleague"
