"""The club's registry: players and saved rulesets, who may see and change them, and the
engine's word on a ruleset."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.club.models import Player, SavedRuleset, Season
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Tsumo, Win
from scoring.rules import PARAMETERS
from tests.web.registry.test_ruleset_form import new_form

pytestmark = pytest.mark.django_db


def error_of(response, field: str) -> str:
    """The error shown next to a field."""
    page = response.content.decode()
    assert f'id="id_{field}_error"' in page, f"no error next to {field}"
    return page.split(f'id="id_{field}_error">', 1)[1].split("</p>")[0]


@pytest.fixture
def thursday(db) -> SavedRuleset:
    return SavedRuleset.objects.create(
        name="Club Thursday", preset="ema", overrides={"kiriage": True}
    )


# Who may see what


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("player_list", []),
        ("ruleset_list", []),
        ("preset_detail", ["wrc"]),
    ],
)
def test_readers_see_the_registry_and_visitors_only_while_public_reading_is_on(
    request, settings, name, args, bob, charlie_client
):
    url = reverse(name, args=args)
    client = request.getfixturevalue("client")
    assert client.get(url).status_code == 200
    assert charlie_client.get(url).status_code == 200

    settings.SCOREKEEPER_PUBLIC_READ = False
    assert client.get(url).status_code == 302
    assert charlie_client.get(url).status_code == 403
    assert request.getfixturevalue("bob_client").get(url).status_code == 200


def test_a_saved_rulesets_page_follows_public_reading(client, settings, thursday):
    url = reverse("ruleset_detail", args=[thursday.pk])
    assert client.get(url).status_code == 200
    settings.SCOREKEEPER_PUBLIC_READ = False
    assert client.get(url)["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["player_new", "ruleset_new"])
def test_only_organisers_add_to_the_registry(request, name, alice_client, bob_client):
    url = reverse(name)
    assert alice_client.get(url).status_code == 200
    assert bob_client.get(url).status_code == 403
    assert request.getfixturevalue("charlie_client").get(url).status_code == 403
    assert request.getfixturevalue("client").get(url).status_code == 302


def test_only_organisers_edit_the_registry(
    alice_client, bob_client, charlie_client, client, players, thursday
):
    for url in (
        reverse("player_edit", args=[players[0].pk]),
        reverse("ruleset_edit", args=[thursday.pk]),
    ):
        assert alice_client.get(url).status_code == 200
        assert bob_client.get(url).status_code == 403
        assert bob_client.post(url, {"name": "Mallory"}).status_code == 403
        assert charlie_client.post(url, {"name": "Mallory"}).status_code == 403
        assert client.post(url, {"name": "Mallory"}).status_code == 403
    assert Player.objects.get(pk=players[0].pk).name == "Aki"
    assert SavedRuleset.objects.get(pk=thursday.pk).name == "Club Thursday"


def test_visitors_see_no_edit_links(client, players, bob):
    page = client.get(reverse("player_list")).content.decode()
    assert "Aki" in page
    assert reverse("player_edit", args=[players[0].pk]) not in page
    assert reverse("player_new") not in page


# Players


def test_an_organiser_adds_a_player(alice_client):
    response = alice_client.post(reverse("player_new"), {"name": "  Emiko   Sato "})

    assert response.status_code == 302
    assert Player.objects.filter(name="Emiko Sato").exists()


@pytest.mark.parametrize(
    ("url", "make", "kind"),
    [
        ("player_new", lambda: Player.objects.create(name="Aki"), "player"),
        (
            "season_new",
            lambda: Season.objects.create(name="Aki", start_date="2025-01-01"),
            "season",
        ),
    ],
    ids=["player", "season"],
)
def test_a_name_taken_in_another_case_names_the_one_there_as_it_is_written(
    alice_client, db, url, make, kind
):
    make()

    response = alice_client.post(reverse(url), {"name": "aKI", "start_date": "2025-02-01"})

    assert response.status_code == 422
    assert f"There is already a {kind} called “aKI” (written “Aki”)." in error_of(response, "name")


def test_a_name_taken_in_another_case_is_a_422_next_to_the_name(alice_client, players):
    response = alice_client.post(reverse("player_new"), {"name": "aKI"})

    assert response.status_code == 422
    assert "already a player called “aKI”" in error_of(response, "name")
    assert Player.objects.count() == 4


def test_an_empty_name_is_a_422(alice_client):
    response = alice_client.post(reverse("player_new"), {"name": ""})

    assert response.status_code == 422
    assert "Enter the player’s name" in error_of(response, "name")


def test_renaming_a_player_keeps_their_games(alice_client, game):
    aki = game.seats.get(number=0).player
    response = alice_client.post(reverse("player_edit", args=[aki.pk]), {"name": "Akiko"})

    assert response.status_code == 302
    assert game.seats.get(number=0).player.name == "Akiko"


def test_a_player_may_be_renamed_to_their_own_name_in_another_case(alice_client, players):
    response = alice_client.post(reverse("player_edit", args=[players[0].pk]), {"name": "AKI"})

    assert response.status_code == 302
    assert Player.objects.get(pk=players[0].pk).name == "AKI"


def test_renaming_onto_another_player_is_refused(alice_client, players):
    response = alice_client.post(reverse("player_edit", args=[players[0].pk]), {"name": "ben"})

    assert response.status_code == 422
    assert Player.objects.get(pk=players[0].pk).name == "Aki"


def test_html_in_a_name_is_kept_as_text_and_shown_escaped(alice_client):
    alice_client.post(reverse("player_new"), {"name": "<b>Bold</b> Bo"})

    assert Player.objects.filter(name="<b>Bold</b> Bo").exists()
    page = alice_client.get(reverse("player_list")).content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; Bo" in page
    assert "<b>Bold</b>" not in page


def test_editing_an_unknown_player_is_a_404(alice_client):
    assert alice_client.get(reverse("player_edit", args=[999])).status_code == 404


# Rulesets


def test_an_organiser_saves_a_ruleset_from_the_form(alice_client):
    data = {**new_form(alice_client, "wrc"), "uma_0": "20000", "uma_1": "10000"}
    data.update(uma_2="-10000", uma_3="-20000")

    response = alice_client.post(reverse("ruleset_new"), data)

    saved = SavedRuleset.objects.get(name="Club Friday")
    assert response["Location"] == reverse("ruleset_detail", args=[saved.pk])
    assert saved.preset == "wrc"
    assert saved.overrides == {"uma": [20000, 10000, -10000, -20000]}
    assert saved.to_rules().uma == (20000, 10000, -10000, -20000)


def test_a_rulesets_page_writes_points_below_zero_with_the_minus_sign(alice_client):
    saved = SavedRuleset.objects.create(
        name="Club Friday", preset="wrc", overrides={"uma": [20000, 10000, -10000, -20000]}
    )

    page = alice_client.get(reverse("ruleset_detail", args=[saved.pk])).content.decode()

    assert "+20,000, +10,000, \u221210,000, \u221220,000" in page


def test_a_ruleset_name_taken_in_another_case_is_refused(alice_client, thursday):
    data = {**new_form(alice_client, "wrc"), "name": "club thursday"}
    response = alice_client.post(reverse("ruleset_new"), data)

    assert response.status_code == 422
    assert "already a ruleset" in error_of(response, "name")


def test_a_rulesets_page_lists_every_resolved_parameter_and_marks_the_changes(
    client, bob, thursday
):
    page = client.get(reverse("ruleset_detail", args=[thursday.pk])).content.decode()

    # But those EMA's rules leave nothing to say: a four-player game's tsumo loss, an
    # extension's end, and without tobi going out at 0 and its bonus.
    assert page.count("data-parameter=") == len(PARAMETERS) - 4
    assert page.count('class="changed"') == 1
    kiriage = page.split('data-parameter="kiriage"', 1)[1].split("</li>")[0]
    assert "Kiriage: 4 han 30 fu and 3 han 60 fu are a mangan." in kiriage


def test_a_preset_page_lists_every_parameter(client, bob):
    page = client.get(reverse("preset_detail", args=["tenhou"])).content.decode()

    # But the three-player tsumo: Tenhou's is a four-player game.
    assert page.count("data-parameter=") == len(PARAMETERS) - 1
    assert "Tenhou" in page


def test_an_unknown_preset_page_is_a_404(client):
    assert client.get(reverse("preset_detail", args=["nope"])).status_code == 404


def test_a_saved_ruleset_the_engine_no_longer_accepts_says_so_instead_of_failing(client, bob):
    broken = SavedRuleset.objects.create(name="Old", preset="ema", overrides={"gone": 1})
    response = client.get(reverse("ruleset_detail", args=[broken.pk]))

    assert response.status_code == 200
    assert "rules.gone: unknown parameter" in response.content.decode()


def test_the_list_shows_saved_rulesets_and_the_five_presets(client, bob, thursday):
    page = client.get(reverse("ruleset_list")).content.decode()

    assert "Club Thursday" in page
    for name in ("ema", "wrc", "tenhou", "mahjongsoul", "mleague"):
        assert reverse("preset_detail", args=[name]) in page


# The admin


@pytest.mark.parametrize(
    "model",
    [
        "club.player",
        "club.savedruleset",
        "club.game",
        "club.seat",
        "club.handrecord",
        "club.season",
        "club.deletedgame",
        "table.senthand",
    ],
)
def test_every_model_has_an_admin_list(admin_client, game, model):
    app_label, model_name = model.split(".")
    response = admin_client.get(reverse(f"admin:{app_label}_{model_name}_changelist"))

    assert response.status_code == 200


def test_the_admin_finds_a_game_by_a_players_name(admin_client, game):
    response = admin_client.get(reverse("admin:club_game_changelist"), {"q": "Chie"})

    assert "Table 1" in response.content.decode()


def test_a_games_hands_and_projection_are_read_only_in_the_admin(admin_client, game):
    record_hand(game=game, hand=Hand(Tsumo(Win(winner=1, han=2, fu=30))), expected_sequence=0)
    page = admin_client.get(reverse("admin:club_game_change", args=[game.pk])).content.decode()

    assert 'name="table_label"' in page
    for field in ("state", "rules", "hand_count", "hands-0-data", "seats-0-player"):
        assert f'name="{field}"' not in page, field
    assert admin_client.get(reverse("admin:club_handrecord_add")).status_code == 403
    assert admin_client.get(reverse("admin:club_game_add")).status_code == 403


def test_the_admin_checks_ruleset_overrides_with_the_engine(admin_client):
    response = admin_client.post(
        reverse("admin:club_savedruleset_add"),
        {"name": "Odd", "preset": "ema", "overrides": '{"kiriage": 1}'},
    )

    assert response.status_code == 200
    assert "rules.kiriage: expected true or false" in response.content.decode()
    assert not SavedRuleset.objects.exists()


def test_organisers_without_the_superuser_flag_do_not_edit_hands_in_the_admin(alice_client, game):
    url = reverse("admin:club_handrecord_changelist")
    assert alice_client.get(url).status_code == 403
