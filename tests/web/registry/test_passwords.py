"""Passwords without a mail server: an organiser sets a member's, a member changes their own;
both checked by the site's password validators."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.web.conftest import PASSWORD

NEW = "kan-dora-ura-dora-9"


def set_url(user) -> str:
    return reverse("member_password", args=[user.pk])


CHANGE = reverse("password_change")


def logs_in(username: str, password: str) -> bool:
    return Client().login(username=username, password=password)


def test_an_organiser_sets_a_members_password_and_the_member_logs_in_with_it(
    alice_client, bob, bob_client
):
    page = alice_client.get(set_url(bob))
    assert page.status_code == 200
    assert "Set bob’s password" in page.content.decode()

    response = alice_client.post(
        set_url(bob), {"new_password1": NEW, "new_password2": NEW}, follow=True
    )

    assert response.redirect_chain[-1][0] == reverse("member_list")
    assert "bob’s password is set" in response.content.decode()
    assert logs_in("bob", NEW) and not logs_in("bob", PASSWORD)
    # The session bob had, opened with the old password, is over.
    assert not bob_client.get(reverse("home")).wsgi_request.user.is_authenticated


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1", "This password is too short. It must contain at least 8 characters."),
        ("password123", "This password is too common."),
        ("8675309112", "This password is entirely numeric."),
    ],
    ids=["short", "common", "numeric"],
)
def test_the_sites_password_validators_refuse_a_weak_password(alice_client, bob, password, message):
    response = alice_client.post(
        set_url(bob), {"new_password1": password, "new_password2": password}
    )

    assert response.status_code == 422
    assert message in response.content.decode()
    assert logs_in("bob", PASSWORD)


def test_two_different_passwords_are_refused(alice_client, bob):
    response = alice_client.post(set_url(bob), {"new_password1": NEW, "new_password2": NEW + "x"})

    assert response.status_code == 422
    assert "The two password fields didn’t match." in response.content.decode()
    assert logs_in("bob", PASSWORD)


def test_an_organisers_password_is_not_set_by_another_organiser(alice_client):
    other = get_user_model().objects.create_user("olga", password=PASSWORD, is_staff=True)

    response = alice_client.post(set_url(other), {"new_password1": NEW, "new_password2": NEW})

    assert response.status_code == 404
    assert logs_in("olga", PASSWORD)


def test_only_organisers_set_passwords(bob, charlie, bob_client, charlie_client, client):
    for who in (bob_client, charlie_client):
        assert who.get(set_url(charlie)).status_code == 403
        response = who.post(set_url(charlie), {"new_password1": NEW, "new_password2": NEW})
        assert response.status_code == 403
    assert client.get(set_url(bob))["Location"].startswith(reverse("login"))
    assert logs_in("charlie", PASSWORD) and logs_in("bob", PASSWORD)


def test_the_members_page_offers_to_set_members_passwords_only(alice, alice_client, bob):
    page = alice_client.get(reverse("member_list")).content.decode()

    assert set_url(bob) in page
    assert set_url(alice) not in page


def test_a_member_changes_their_own_password_and_stays_logged_in(bob_client):
    response = bob_client.post(
        CHANGE,
        {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW},
        follow=True,
    )

    assert "Your password is changed." in response.content.decode()
    assert response.wsgi_request.user.is_authenticated
    assert logs_in("bob", NEW) and not logs_in("bob", PASSWORD)


def test_a_wrong_old_password_changes_nothing(bob_client):
    response = bob_client.post(
        CHANGE, {"old_password": "not-it-at-all", "new_password1": NEW, "new_password2": NEW}
    )

    assert response.status_code == 422
    assert "Your old password was entered incorrectly." in response.content.decode()
    assert logs_in("bob", PASSWORD)


def test_a_weak_new_password_of_ones_own_is_refused(bob_client):
    response = bob_client.post(
        CHANGE, {"old_password": PASSWORD, "new_password1": "12345678", "new_password2": "12345678"}
    )

    assert response.status_code == 422
    assert "This password is too common." in response.content.decode()
    assert logs_in("bob", PASSWORD)


def test_changing_ones_own_password_is_for_members(
    alice_client, bob_client, charlie_client, client
):
    assert alice_client.get(CHANGE).status_code == 200
    assert bob_client.get(CHANGE).status_code == 200
    assert charlie_client.get(CHANGE).status_code == 403
    assert client.get(CHANGE)["Location"].startswith(reverse("login"))
