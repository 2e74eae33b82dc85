"""A form sent twice, or two forms at the same moment: names stay unique whatever their case
in the database itself, a name taken between the form's check and its write is an error on
the form (not a 500), the same new-game page sent twice starts one game, and the site gets
exactly one first organiser. Races against a real server: ``tests/server/test_form_races.py``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction
from django.db.models import Model
from django.urls import reverse

from scorekeeper.club.models import Game, Player, SavedRuleset, Season
from scorekeeper.history.forms import SeasonForm
from scorekeeper.registry import forms as registry_forms
from scorekeeper.registry.models import ClubSetup
from scorekeeper.registry.views import accounts
from tests.web.conftest import PASSWORD
from tests.web.registry.test_ruleset_form import new_form
from tests.web.table.test_game_list import start_post


@pytest.mark.parametrize(
    ("make", "clash"),
    [
        (lambda name: Player.objects.create(name=name), "AKI"),
        (lambda name: SavedRuleset.objects.create(name=name, preset="ema"), "aki"),
        (lambda name: Season.objects.create(name=name), "aKi"),
    ],
    ids=["player", "ruleset", "season"],
)
def test_the_database_refuses_a_name_taken_in_another_case(db, make, clash):
    make("Aki")

    with pytest.raises(IntegrityError), transaction.atomic():
        make(clash)


@contextmanager
def _skip_the_forms_name_check() -> Iterator[None]:
    """What a second request sees when the first has not yet written: no name taken (the
    form's own check and the model's check of its constraints both pass)."""
    with (
        mock.patch.object(
            registry_forms, "_clean_unique_name", lambda value, model, pk: " ".join(value.split())
        ),
        _skip_the_models_checks(),
    ):
        yield


@contextmanager
def _skip_the_models_checks() -> Iterator[None]:
    with (
        mock.patch.object(Model, "validate_unique", lambda self, exclude=None: None),
        mock.patch.object(Model, "validate_constraints", lambda self, exclude=None: None),
    ):
        yield


def test_a_player_name_taken_meanwhile_is_a_422_next_to_the_name(alice_client, db):
    Player.objects.create(name="Aki")

    with _skip_the_forms_name_check():
        response = alice_client.post(reverse("player_new"), {"name": "AKI"})

    assert response.status_code == 422
    assert "There is already a player called “AKI”." in response.content.decode()
    assert list(Player.objects.values_list("name", flat=True)) == ["Aki"]


def test_a_ruleset_name_taken_meanwhile_is_a_422_next_to_the_name(alice_client, db):
    SavedRuleset.objects.create(name="Thursday", preset="ema")

    with _skip_the_forms_name_check():
        response = alice_client.post(
            reverse("ruleset_new"), {**new_form(alice_client, "wrc"), "name": "thursday"}
        )

    assert response.status_code == 422
    assert "There is already a ruleset called “thursday”." in response.content.decode()
    assert SavedRuleset.objects.count() == 1


def test_a_username_taken_meanwhile_is_a_422_next_to_the_username(alice_client, bob):
    form = {"username": "bob", "password1": PASSWORD, "password2": PASSWORD}
    with (
        mock.patch.object(UserCreationForm, "clean_username", lambda self: "bob"),
        _skip_the_models_checks(),
    ):
        response = alice_client.post(reverse("member_new"), form)

    assert response.status_code == 422
    assert "The username “bob” is taken." in response.content.decode()
    assert get_user_model().objects.filter(username="bob").count() == 1


# Starting a game.


def _token(page: str) -> str:
    found = re.search(r'name="start_token" value="([0-9a-f-]+)"', page)
    assert found, page
    return found[1]


def test_the_new_game_page_sent_twice_starts_one_game(bob_client, players):
    token = _token(bob_client.get(reverse("game_new")).content.decode())
    form = start_post(players, start_token=token)

    first = bob_client.post(reverse("game_new"), form)
    again = bob_client.post(reverse("game_new"), form)

    game = Game.objects.get()
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"] == game.get_absolute_url()


def test_each_showing_of_the_new_game_page_starts_its_own_game(bob_client, players):
    for _ in range(2):
        token = _token(bob_client.get(reverse("game_new")).content.decode())
        assert (
            bob_client.post(reverse("game_new"), start_post(players, start_token=token)).status_code
            == 302
        )

    assert Game.objects.count() == 2


def test_a_refused_new_game_page_keeps_its_token(bob_client, players):
    token = _token(bob_client.get(reverse("game_new")).content.decode())

    refused = bob_client.post(
        reverse("game_new"), start_post(players, start_token=token, seat_3="")
    )

    assert refused.status_code == 422
    assert _token(refused.content.decode()) == token


# The first organiser.


def test_a_first_run_form_that_lost_the_race_sends_to_log_in(client, alice):
    """Both forms passed the "no account yet" check; the other one wrote first."""
    ClubSetup.objects.create()
    form = {"username": "alice", "password1": PASSWORD, "password2": PASSWORD}

    with (
        mock.patch.object(accounts, "no_accounts_yet", return_value=True),
        mock.patch.object(UserCreationForm, "clean_username", lambda self: "alice"),
        _skip_the_models_checks(),
    ):
        response = client.post(reverse("setup"), form)

    assert response.status_code == 302
    assert response["Location"] == reverse("login")
    assert get_user_model().objects.count() == 1
    assert "_auth_user_id" not in client.session


def test_the_first_organiser_leaves_the_setup_row(client, db):
    form = {"username": "alice", "password1": PASSWORD, "password2": PASSWORD}

    assert client.post(reverse("setup"), form).status_code == 302

    assert ClubSetup.objects.get().pk == ClubSetup.ONLY


def test_a_site_whose_accounts_were_all_deleted_may_be_set_up_again(client, db):
    ClubSetup.objects.create()
    form = {"username": "alice", "password1": PASSWORD, "password2": PASSWORD}

    assert client.post(reverse("setup"), form).status_code == 302
    assert get_user_model().objects.get().is_superuser


def test_a_season_name_taken_meanwhile_is_a_422_next_to_the_name(alice_client, db):
    """Eight posts of Spring/SPRING at once: the form's check passes for each before any is
    saved; the database refuses all but one, and each is told so."""
    Season.objects.create(name="Spring", start_date="2025-03-01", end_date="2025-05-31")
    form = {"name": "SPRING", "start_date": "2025-03-01", "end_date": "2025-05-31"}

    with (
        mock.patch.object(SeasonForm, "clean_name", lambda self: self.cleaned_data["name"]),
        _skip_the_models_checks(),
    ):
        response = alice_client.post(reverse("season_new"), form)

    assert response.status_code == 422
    assert "There is already a season called “SPRING”." in response.content.decode()
    assert list(Season.objects.values_list("name", flat=True)) == ["Spring"]
