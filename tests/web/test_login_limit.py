"""Password guessing is slowed down: each attempt is counted before its password is
checked; ten per username and address, a hundred per username over every address, within
fifteen minutes. Races against a real server: ``tests/server/test_login_races.py``."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

from django.contrib.auth import forms as auth_forms
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.club.models import LoginCount
from scorekeeper.registry.ratelimit import LIMIT, USERNAME_LIMIT, WINDOW, client_ip
from tests.web.conftest import PASSWORD


def log_in(client: Client, username: str, password: str, ip: str = "10.0.0.1", **extra: Any) -> Any:
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip, **extra
    )


def test_ten_wrong_passwords_lock_the_username_from_that_address(bob, client):
    for _ in range(LIMIT):
        assert log_in(client, "bob", "wrong").status_code == 422

    response = log_in(client, "bob", PASSWORD)

    assert response.status_code == 429
    assert "Too many attempts, try again in 15 minutes." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_an_attempt_past_the_limit_is_refused_without_its_password_being_checked(bob, client):
    for _ in range(LIMIT):
        log_in(client, "bob", "wrong")

    with mock.patch.object(auth_forms, "authenticate", wraps=auth_forms.authenticate) as checks:
        assert log_in(client, "bob", PASSWORD).status_code == 429

    assert checks.call_count == 0


def test_the_attempt_is_counted_before_its_password_is_checked(bob, client):
    seen: list[int] = []

    def authenticate(request: Any, **credentials: Any) -> None:
        seen.append(LoginCount.objects.get(username="bob", ip="10.0.0.1").count)

    with mock.patch.object(auth_forms, "authenticate", authenticate):
        log_in(client, "bob", "wrong")
        log_in(client, "bob", "wrong")

    assert seen == [1, 2]


def test_a_locked_username_may_still_log_in_from_another_address(bob, client):
    for _ in range(LIMIT):
        log_in(client, "bob", "wrong")

    assert log_in(client, "bob", PASSWORD, ip="10.0.0.2").status_code == 302


def test_the_lock_counts_usernames_whatever_their_case(bob, client):
    for name in ("bob", "Bob", "BOB", " bob") * 3:
        log_in(client, name, "wrong")

    assert log_in(client, "bob", PASSWORD).status_code == 429


def test_the_wait_shrinks_as_the_window_ages_and_ends_with_it(bob, client):
    for _ in range(LIMIT):
        log_in(client, "bob", "wrong")
    LoginCount.objects.update(started=timezone.now() - timedelta(minutes=10, seconds=30))

    assert "try again in 5 minutes." in log_in(client, "bob", "wrong").content.decode()

    LoginCount.objects.update(started=timezone.now() - WINDOW - timedelta(seconds=1))
    assert log_in(client, "bob", PASSWORD).status_code == 302


def test_a_successful_login_clears_the_count_of_its_address(bob, client):
    for _ in range(LIMIT - 1):
        log_in(client, "bob", "wrong")
    assert log_in(client, "bob", PASSWORD).status_code == 302
    client.post(reverse("logout"))

    for _ in range(LIMIT - 1):
        assert log_in(client, "bob", "wrong").status_code == 422
    assert log_in(client, "bob", PASSWORD).status_code == 302


def test_counts_whose_window_is_over_are_forgotten(bob, client):
    LoginCount.objects.create(
        username="x", ip="10.9.9.9", count=3, started=timezone.now() - 2 * WINDOW
    )

    log_in(client, "bob", "wrong")

    assert sorted(LoginCount.objects.values_list("username", "ip", "count")) == [
        ("bob", "", 1),
        ("bob", "10.0.0.1", 1),
    ]


def test_a_blank_login_form_is_not_counted(client, db):
    assert log_in(client, "", "").status_code == 422
    assert not LoginCount.objects.exists()


# The ceiling over every address: a lock for everyone costs many addresses.


def test_a_hundred_attempts_from_many_addresses_lock_the_username_everywhere(bob, client):
    addresses = [f"10.1.0.{n}" for n in range(USERNAME_LIMIT // LIMIT)]
    for ip in addresses:
        for _ in range(LIMIT):
            assert log_in(client, "bob", "wrong", ip=ip).status_code == 422

    response = log_in(client, "bob", PASSWORD, ip="10.2.0.1")

    assert response.status_code == 429
    assert "Too many attempts, try again in 15 minutes." in response.content.decode()


def test_one_address_cannot_lock_a_username_for_everyone(bob, client):
    for _ in range(USERNAME_LIMIT + 20):
        log_in(client, "bob", "wrong", ip="10.6.6.6")

    assert log_in(client, "bob", PASSWORD, ip="10.0.0.2").status_code == 302
    assert LoginCount.objects.filter(username="bob", ip="").get().count == LIMIT + 1


# Behind a reverse proxy.


def test_behind_a_proxy_each_client_address_has_its_own_count(bob, client, settings):
    settings.SCOREKEEPER_CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    for _ in range(LIMIT):
        log_in(client, "bob", "wrong", ip="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")

    assert (
        log_in(
            client, "bob", PASSWORD, ip="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9"
        ).status_code
        == 429
    )
    organiser = log_in(client, "bob", PASSWORD, ip="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert organiser.status_code == 302


def test_the_address_the_proxy_added_counts_not_what_the_client_wrote_before_it(rf, settings):
    settings.SCOREKEEPER_CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.9")

    assert client_ip(request) == "203.0.113.9"


def test_without_the_setting_the_forwarded_header_is_ignored(rf, settings):
    settings.SCOREKEEPER_CLIENT_IP_HEADER = ""
    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")

    assert client_ip(request) == "127.0.0.1"
