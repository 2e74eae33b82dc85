"""One rule for names on every database: two names are one when their letters in Unicode's
NFKC form, case-folded, with their spaces tidied, are the same ("Émile" and "émile", "Σοφία"
and "σοφία", "ＡＫＩ" and "ａｋｉ", "A  B" and "A B"). The forms refuse the second, the
database refuses it too (a key stored beside each name, unique), accounts alike, and a
restore refuses it first, naming the line and the field."""

from __future__ import annotations

import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction
from django.db.models import Model
from django.urls import reverse

from scorekeeper.club.bounds import name_error, name_key
from scorekeeper.club.models import Player, SavedRuleset, Season
from scorekeeper.errors import PlayerRefused, RestoreError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.registry.services import player_named, rename_player
from tests.web.conftest import PASSWORD
from tests.web.operations.test_backup import wipe
from tests.web.operations.test_restore_refusals import club, nth, stored

__all__ = ["club"]

pytestmark = pytest.mark.django_db

PAIRS = [
    ("Émile", "émile"),
    ("Σοφία", "ΣΟΦΊΑ"),
    ("ＡＫＩ", "ａｋｉ"),
    ("ＡＫＩ", "aki"),
    ("A B", "a  b"),
]
IDS = ["accent", "greek", "wide", "wide-and-narrow", "spaces"]


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=IDS)
def test_names_that_are_one_by_the_rule_share_a_key(first, second):
    assert name_key(first) == name_key(second)
    assert name_key(first) != name_key(first + "x")


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=IDS)
@pytest.mark.parametrize(
    "make",
    [
        lambda name: Player.objects.create(name=name),
        lambda name: SavedRuleset.objects.create(name=name, preset="ema"),
        lambda name: Season.objects.create(name=name),
    ],
    ids=["player", "ruleset", "season"],
)
def test_the_database_refuses_the_second_of_two_names_that_are_one(make, first, second):
    make(first)

    with pytest.raises(IntegrityError), transaction.atomic():
        make(second)


@pytest.mark.parametrize(("first", "second"), PAIRS[:3], ids=IDS[:3])
def test_the_player_form_refuses_the_second_on_every_database(alice_client, first, second):
    Player.objects.create(name=first)

    response = alice_client.post(reverse("player_new"), {"name": second})

    assert response.status_code == 422
    assert f"There is already a player called “{second}” (written “{first}”)" in (
        response.content.decode()
    )
    assert Player.objects.count() == 1


def test_a_rename_keeps_the_key_with_the_name(db):
    aki = Player.objects.create(name="Aki")

    rename_player(player=aki, name="Émile")

    assert Player.objects.get(name_key=name_key("ÉMILE")) == aki
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="Aki")  # the old name is free again
        Player.objects.create(name="émile")


def test_two_accounts_differing_only_in_case_or_width_cannot_both_be_stored(db):
    users = get_user_model().objects
    users.create_user("bob", password="riichi-tsumo-pinfu-7")

    for username in ("BOB", "ｂｏｂ"):
        with pytest.raises(IntegrityError), transaction.atomic():
            users.create_user(username, password="riichi-tsumo-pinfu-7")
    assert list(users.values_list("username", flat=True)) == ["bob"]


def test_an_account_renamed_keeps_its_key_and_a_login_writes_none(db, client):
    users = get_user_model().objects
    bob = users.create_user("bob", password="riichi-tsumo-pinfu-7")
    bob.username = "Robert"
    bob.save()

    users.create_user("BOB", password="riichi-tsumo-pinfu-7")  # free again
    with pytest.raises(IntegrityError), transaction.atomic():
        users.create_user("robert", password="riichi-tsumo-pinfu-7")
    assert client.login(username="Robert", password="riichi-tsumo-pinfu-7")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Aki ", "whose name is 'Aki' written otherwise: 'Aki '"),
        ("ＡＫＩ", "whose name is 'Aki' written otherwise: 'ＡＫＩ'"),
        ("aki", "differs only in case from 'Aki'"),
    ],
)
def test_a_restore_refuses_a_name_the_forms_would_refuse_naming_its_line_and_field(
    club, name, words
):
    text = "".join(backup_lines())
    number = nth(text, "player", 3)
    lines = text.splitlines(keepends=True)
    lines[number - 1] = lines[number - 1].replace('"name":"Ben"', f'"name":"{name}"')
    lines = [line.replace('"Ben"', f'"{name}"') for line in lines]
    wipe()
    before = stored()

    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO("".join(lines)))

    assert str(refused.value).startswith(f"line {number}: name: a second player "), refused.value
    assert words in str(refused.value)
    assert stored() == before


def test_a_restore_refuses_two_names_that_differ_only_in_their_spaces(club):
    text = "".join(backup_lines()).replace('"Chie"', '"A B"').replace('"=Dan"', '"a  b"')
    number = nth(text, "player", 5)
    wipe()

    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO(text))

    assert str(refused.value).startswith(f"line {number}: name: a second player whose name is")
    assert "'A B' written otherwise: 'a  b'" in str(refused.value)


def test_an_account_made_meanwhile_in_another_case_is_a_422_not_a_second_account(alice_client, bob):
    """The form's check passed before the other account was stored (a race): the database
    refuses the second by its key, and the form says the username is taken."""
    form = {"username": "BOB", "password1": PASSWORD, "password2": PASSWORD}
    with (
        mock.patch.object(UserCreationForm, "clean_username", lambda self: "BOB"),
        mock.patch.object(Model, "validate_unique", lambda self, exclude=None: None),
    ):
        response = alice_client.post(reverse("member_new"), form)

    assert response.status_code == 422
    assert "The username “BOB” is taken." in response.content.decode()
    assert not get_user_model().objects.filter(username="BOB").exists()


# Characters that cannot be seen: a name holding one would read as another's on every page.

HIDDEN = [
    ("\u200b", "U+200B (ZERO WIDTH SPACE)"),
    ("\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("\u2066", "U+2066 (LEFT-TO-RIGHT ISOLATE)"),
    ("\ufeff", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
    ("\x07", "U+0007"),
    ("\u3164", "U+3164 (HANGUL FILLER)"),
]
HIDDEN_IDS = ["zero-width", "right-to-left", "isolate", "byte-order-mark", "control", "filler"]


@pytest.mark.parametrize(("hidden", "named"), HIDDEN, ids=HIDDEN_IDS)
def test_the_player_form_refuses_a_name_with_a_hidden_character_beside_the_plain_one(
    alice_client, hidden, named
):
    Player.objects.create(name="Aki")

    response = alice_client.post(reverse("player_new"), {"name": f"Aki{hidden}"})

    assert response.status_code == 422
    assert f"The name holds {named} as its character 4" in response.content.decode()
    assert list(Player.objects.values_list("name", flat=True)) == ["Aki"]


@pytest.mark.parametrize(
    ("url", "data", "field"),
    [
        ("ruleset_new", {"name": "Club\u200b", "preset": "ema", "overrides": "{}"}, "name"),
        ("season_new", {"name": "Spring\u202e", "start_date": "2025-01-01"}, "name"),
        ("member_new", {"username": "bob\u3164", "password1": PASSWORD, "password2": PASSWORD}, ""),
    ],
    ids=["ruleset", "season", "account"],
)
def test_every_form_that_names_something_refuses_a_hidden_character(alice_client, url, data, field):
    response = alice_client.post(reverse(url), data)

    assert response.status_code == 422
    assert "a character that cannot be seen or that turns the text around" in (
        response.content.decode()
    )
    assert not SavedRuleset.objects.exists() and not Season.objects.exists()
    assert get_user_model().objects.count() == 1


def test_a_new_name_at_a_table_with_a_hidden_character_is_refused_at_its_seat(bob_client):
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie")]
    data = {"ruleset": "preset:tenhou", "table_label": "", "shuffle": "0", "seat_3": ""}
    data |= {f"seat_{n}": str(player.pk) for n, player in enumerate(players)}
    data |= {"new_0": "", "new_1": "", "new_2": "", "new_3": "Dan\u200d"}

    response = bob_client.post(reverse("game_new"), data)

    assert response.status_code == 422
    assert "The name holds U+200D (ZERO WIDTH JOINER) as its character 4" in (
        response.content.decode()
    )
    assert Player.objects.count() == 3


def test_a_game_record_naming_a_player_with_a_hidden_character_is_refused(db):
    with pytest.raises(PlayerRefused, match=r"U\+202E \(RIGHT-TO-LEFT OVERRIDE\)"):
        player_named(name="Aki\u202eikA")
    assert not Player.objects.exists()


def test_a_name_stored_before_the_rule_still_restores(club):
    Player.objects.filter(name="Aki").update(name="Aki\u200b")
    text = "".join(backup_lines())
    wipe()

    restore(io.StringIO(text))

    assert Player.objects.filter(name="Aki\u200b").exists()


def test_every_way_a_name_is_checked_refuses_a_hidden_character_but_a_restore():
    # name_error is the check of the services (adding and renaming a player) and of a
    # tournament's new players, line by line; a restore reads back what was stored.
    assert "U+202E (RIGHT-TO-LEFT OVERRIDE)" in (name_error("Aki\u202e", 100) or "")
    assert name_error("Aki\u202e", 100, visible=False) is None
    assert name_error("山田 太郎 😀\ufe0f", 100) is None  # a variation selector shows as the emoji
