"""Players' identities: names in Latin letters, country, EMA number and platform names, on
the form, the page and the admin; kept by a merge, a backup and its restore; carried by the
JSON exports; and the platform name that finds its player again."""

from __future__ import annotations

import io
import json

import pytest
from django.urls import reverse
from real_data import GAMES_DIR

from scorekeeper.club.models import PlatformName, Player
from scorekeeper.errors import PlayerRefused, RestoreError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.registry.identities import (
    Identity,
    player_for_platform_name,
    players_for_platform_names,
)
from scorekeeper.registry.services import merge_players, set_identity
from scorekeeper.table.services.games import import_record

pytestmark = pytest.mark.django_db

ANNA = {
    "name": "Anna",
    "given_name": "Anna",
    "family_name": "van der Berg",
    "country": "NLD",
    "ema_number": "04000123",
    "tenhou": "annab\n\nAnnaB \n",
    "mahjongsoul": "アンナ",
    "other": "",
}


def names(player):
    return sorted(player.platform_names.values_list("platform", "name"))


def test_an_organiser_gives_a_new_player_their_identity(alice_client):
    response = alice_client.post(reverse("player_new"), ANNA)
    assert response.status_code == 302
    anna = Player.objects.get(name="Anna")
    assert (anna.given_name, anna.family_name, anna.country, anna.ema_number) == (
        "Anna",
        "van der Berg",
        "NLD",
        "04000123",
    )
    # One a line, blank lines and outer spaces dropped.
    assert names(anna) == [("mahjongsoul", "アンナ"), ("tenhou", "AnnaB"), ("tenhou", "annab")]
    page = alice_client.get(anna.get_absolute_url()).content.decode()
    assert "Anna VAN DER BERG" in page and "Netherlands (NLD)" in page
    assert "04000123" in page and "AnnaB, annab" in page


def test_editing_keeps_what_is_shown_and_forgets_a_name_taken_out(alice_client):
    alice_client.post(reverse("player_new"), ANNA)
    anna = Player.objects.get(name="Anna")
    form = alice_client.get(reverse("player_edit", args=[anna.pk])).content.decode()
    assert "AnnaB\nannab</textarea>" in form and 'value="04000123"' in form
    response = alice_client.post(
        reverse("player_edit", args=[anna.pk]), {**ANNA, "tenhou": "annab", "ema_number": ""}
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.ema_number == ""
    assert names(anna) == [("mahjongsoul", "アンナ"), ("tenhou", "annab")]


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("ema_number", "4000123", "8 digits"),
        ("ema_number", "0400012x", "8 digits"),
        ("ema_number", "040001234", "8 digits"),
        ("given_name", "明子", "明 is not a Latin letter"),
        ("family_name", "Berg2", "2 is not a letter"),
        ("country", "NL", "not one of the available choices"),
        ("country", "XYZ", "not one of the available choices"),
        ("tenhou", "x" * 101, "at most 100 characters"),
    ],
)
def test_a_wrong_identity_is_refused_on_its_field_and_nothing_is_stored(
    alice_client, field, value, words
):
    response = alice_client.post(reverse("player_new"), {**ANNA, field: value})
    assert response.status_code == 422
    assert words in " ".join(response.context["form"].errors[field])
    assert not Player.objects.exists()


def test_an_ema_number_or_a_platform_name_of_another_player_is_refused_naming_them(
    alice_client,
):
    ben = Player.objects.create(name="Ben", ema_number="04000123")
    PlatformName.objects.create(player=ben, platform="tenhou", name="annab")
    response = alice_client.post(reverse("player_new"), ANNA)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert errors["ema_number"] == ["Ben has the EMA number 04000123."]
    assert errors["tenhou"] == ["Ben is annab on Tenhou."]
    assert list(Player.objects.values_list("name", flat=True)) == ["Ben"]
    # The same name on another platform is another account.
    other = {**ANNA, "ema_number": "", "tenhou": "", "mahjongsoul": "annab"}
    assert alice_client.post(reverse("player_new"), other).status_code == 302


def test_the_service_refuses_what_the_form_refuses_and_changes_nothing():
    ben = Player.objects.create(name="Ben", ema_number="04000123")
    aki = Player.objects.create(name="Aki")
    with pytest.raises(PlayerRefused, match="Ben has the EMA number 04000123"):
        set_identity(
            player=aki,
            identity=Identity(ema_number="04000123", platform_names={"tenhou": ["aki"]}),
        )
    with pytest.raises(PlayerRefused, match="8 digits"):
        set_identity(player=aki, identity=Identity(ema_number="123"))
    assert not PlatformName.objects.exists()
    assert ben.ema_number == Player.objects.get(name="Ben").ema_number


def test_a_merge_keeps_both_players_platform_names_and_fills_the_blanks():
    kept = Player.objects.create(name="Aki", given_name="Aki", country="JPN")
    merged = Player.objects.create(
        name="Aki (online)", family_name="Sato", country="FRA", ema_number="10990001"
    )
    PlatformName.objects.create(player=kept, platform="tenhou", name="aki")
    PlatformName.objects.create(player=merged, platform="tenhou", name="aki2")
    PlatformName.objects.create(player=merged, platform="mahjongsoul", name="あき")
    merge_players(keep=kept, merge=merged)
    kept.refresh_from_db()
    assert (kept.given_name, kept.family_name, kept.country, kept.ema_number) == (
        "Aki",
        "Sato",
        "JPN",  # the kept player's own, where they have one
        "10990001",
    )
    assert names(kept) == [("mahjongsoul", "あき"), ("tenhou", "aki"), ("tenhou", "aki2")]


def test_a_merge_of_two_players_with_different_ema_numbers_is_refused():
    kept = Player.objects.create(name="Aki", ema_number="10990001")
    merged = Player.objects.create(name="Aki 2", ema_number="10990002")
    with pytest.raises(PlayerRefused, match="10990001 and Aki 2 has 10990002"):
        merge_players(keep=kept, merge=merged)
    assert Player.objects.count() == 2


def test_a_backup_keeps_identities_and_restores_them_to_the_same_bytes():
    anna = Player.objects.create(
        name="Anna", given_name="Anna", family_name="Berg", country="NLD", ema_number="04000123"
    )
    Player.objects.create(name="Ben")
    PlatformName.objects.create(player=anna, platform="tenhou", name="annab")
    PlatformName.objects.create(player=anna, platform="other", name="anna#1234")
    first = "".join(backup_lines())
    line = json.loads(first.splitlines()[1])
    assert line["ema_number"] == "04000123"
    assert line["platform_names"] == {"tenhou": ["annab"], "other": ["anna#1234"]}
    # A player with no identity has a line as before.
    assert set(json.loads(first.splitlines()[2])) == {"type", "id", "name", "created_at"}
    Player.objects.all().delete()
    restore(io.StringIO(first))
    assert "".join(backup_lines()) == first
    assert names(Player.objects.get(name="Anna")) == [("other", "anna#1234"), ("tenhou", "annab")]


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        ({"ema_number": "123"}, "ema_number", "8 digits"),
        ({"ema_number": 4000123}, "ema_number", "expected a text"),
        ({"country": "Netherlands"}, "country", "not a country"),
        ({"platform_names": {"discord": ["a"]}}, "platform_names.discord", "unknown field"),
        ({"platform_names": {"tenhou": "annab"}}, "platform_names.tenhou", "a list of names"),
        ({"platform_names": {"tenhou": ["a", "a"]}}, "platform_names.tenhou", "a name twice"),
        ({"given_name": "Анна"}, "given_name", "not a Latin letter"),
    ],
)
def test_restore_refuses_a_wrong_identity_naming_the_line_and_field(change, where, words):
    Player.objects.create(name="Anna", ema_number="04000123")
    lines = "".join(backup_lines()).splitlines()
    Player.objects.all().delete()
    player = {**json.loads(lines[1]), **change}
    lines[1] = json.dumps(player)
    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO("\n".join(lines)))
    assert (refused.value.line, refused.value.where) == (2, where)
    assert words in str(refused.value)
    assert not Player.objects.exists()


def test_restore_refuses_one_ema_number_or_platform_name_for_two_players():
    anna = None
    for number, name in ((1, "Anna"), (2, "Ben")):
        player = Player.objects.create(name=name, ema_number=f"0400012{number}")
        PlatformName.objects.create(player=player, platform="tenhou", name=f"p{number}")
        anna = anna or player
    assert anna is not None
    lines = "".join(backup_lines()).splitlines()
    Player.objects.all().delete()
    for change, where in (
        ({"ema_number": "04000121"}, "ema_number"),
        ({"platform_names": {"tenhou": ["p1"]}}, "platform_names.tenhou"),
    ):
        edited = list(lines)
        edited[2] = json.dumps({**json.loads(lines[2]), **change})
        with pytest.raises(RestoreError) as refused:
            restore(io.StringIO("\n".join(edited)))
        assert (refused.value.line, refused.value.where) == (3, where)
        # Anna's, by the id the backup gave her (ids depend on the tests run before).
        assert f"player {anna.pk}'s" in str(refused.value)


def test_a_platform_name_mapped_once_finds_its_player():
    anna = Player.objects.create(name="Anna")
    PlatformName.objects.create(player=anna, platform="tenhou", name="annab")
    assert player_for_platform_name("tenhou", "annab") == anna
    assert player_for_platform_name("mahjongsoul", "annab") is None
    assert player_for_platform_name("tenhou", "AnnaB") is None
    found = players_for_platform_names("tenhou", ["annab", "nobody"])
    assert found == {"annab": anna}


def test_the_admin_saves_an_identity_through_the_site_form(admin_client):
    response = admin_client.post(reverse("admin:club_player_add"), ANNA)
    assert response.status_code == 302
    anna = Player.objects.get(name="Anna")
    assert anna.ema_number == "04000123"
    assert ("tenhou", "annab") in names(anna)
    page = admin_client.get(reverse("admin:club_player_change", args=[anna.pk]))
    assert "AnnaB\nannab</textarea>" in page.content.decode()


def test_the_json_exports_carry_each_players_identity(client):
    game = import_record(doc=json.loads(sorted(GAMES_DIR.glob("*.game.json"))[0].read_text()))
    a = Player.objects.get(name="A")
    set_identity(
        player=a,
        identity=Identity(
            given_name="Aya", family_name="Mori", country="JPN", platform_names={"tenhou": ["A"]}
        ),
    )
    blank = {
        "given_name": "",
        "family_name": "",
        "country": "",
        "ema_number": "",
        "platform_names": {"tenhou": [], "mahjongsoul": [], "other": []},
    }
    mine = {
        **blank,
        "given_name": "Aya",
        "family_name": "Mori",
        "country": "JPN",
        "platform_names": {"tenhou": ["A"], "mahjongsoul": [], "other": []},
    }
    standings = json.loads(b"".join(client.get("/standings.json").streaming_content))
    by_name = {row["player"]: row["identity"] for row in standings["standings"]}
    assert by_name["A"] == mine and by_name["B"] == blank
    one = json.loads(client.get(f"/games/{game.pk}/standings.json").content)
    assert [row["identity"] for row in one["standings"]][:2] == [mine, blank]


def test_a_tournaments_registration_gives_a_player_without_one_their_ema_number():
    from datetime import date

    from scorekeeper.tournaments.services import Registration, create_tournament, register_players
    from scoring.rules import PRESETS

    tournament = create_tournament(
        rules=PRESETS["ema"], ruleset_name="ema", name="Cup", start_date=date(2026, 5, 1)
    )
    Player.objects.create(name="Ben", ema_number="04000002")
    Player.objects.create(name="Chie", ema_number="04000003")
    register_players(
        tournament=tournament,
        registrations=[
            Registration(name="Aki", ema_number="04000001"),  # a new player
            Registration(name="Ben", ema_number="04000009"),  # has another: keeps it
            Registration(name="Dan", ema_number="04000003"),  # Chie's: not Dan's
        ],
    )
    numbers = dict(Player.objects.values_list("name", "ema_number"))
    assert numbers == {"Aki": "04000001", "Ben": "04000002", "Chie": "04000003", "Dan": ""}


def test_the_field_itself_refuses_an_ema_number_that_is_not_eight_digits():
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as refused:
        Player(name="Aki", ema_number="0700015").full_clean()
    assert refused.value.message_dict["ema_number"] == [
        "An EMA number is 8 digits, leading zeros included (07000155)."
    ]
    Player(name="Aki", ema_number="07000155").full_clean()


def test_more_than_fifty_names_on_one_platform_are_refused(alice_client):
    many = "\n".join(f"name{n}" for n in range(51))
    response = alice_client.post(reverse("player_new"), {**ANNA, "other": many})
    assert response.status_code == 422
    assert response.context["form"].errors["other"] == ["At most 50 names a platform (51 given)."]
    assert not Player.objects.exists()
