"""Password guessing is slowed down: each attempt is counted before its password is
checked; ten per username and address, a hundred per username over every address, within
fifteen minutes, and the site's password checks within a budget. Races against a real
server: ``tests/server/test_login_races.py``."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import forms as auth_forms
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.registry import ratelimit
from scorekeeper.registry.models import LoginCount
from scorekeeper.registry.ratelimit import (
    CHECKS,
    DEVICE_COOKIE,
    KNOWN_CHECKS,
    LIMIT,
    USERNAME_LIMIT,
    WINDOW,
    client_ip,
)
from tests.web.conftest import PASSWORD


@pytest.fixture(autouse=True)
def roomy_budget(monkeypatch):
    """The tests below send a hundred attempts in a second or two: the site's budget of
    password checks is set aside, but where a test measures it (``real_budget``)."""
    monkeypatch.setattr(ratelimit, "CHECKS", 10_000)
    monkeypatch.setattr(ratelimit, "KNOWN_CHECKS", 10_000)


@pytest.fixture
def real_budget(monkeypatch):
    monkeypatch.setattr(ratelimit, "CHECKS", CHECKS)
    monkeypatch.setattr(ratelimit, "KNOWN_CHECKS", KNOWN_CHECKS)


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


# Behind a club's shared address: one person there keeps nobody else out.


def test_one_person_failing_behind_a_shared_address_does_not_keep_the_members_there_out(
    bob, charlie, client
):
    for n in range(40):
        assert log_in(client, f"guess{n}", "wrong").status_code == 422
    for _ in range(LIMIT + 5):
        log_in(client, "charlie", "wrong", ip="10.0.0.9")  # elsewhere

    assert log_in(Client(), "bob", PASSWORD).status_code == 302
    assert log_in(client, "guess1", "wrong").status_code == 422  # still only a wrong password


def test_guesses_at_one_username_past_its_limit_lock_only_that_pair(bob, charlie, client):
    for _ in range(40):
        log_in(client, "bob", "wrong")

    assert log_in(Client(), "charlie", PASSWORD).status_code == 302
    assert log_in(Client(), "bob", PASSWORD, ip="10.0.0.2").status_code == 302
    assert log_in(Client(), "bob", PASSWORD).status_code == 429


def test_a_stranger_guessing_at_a_members_username_does_not_lock_the_members_own_phone(bob, client):
    own = Client()
    assert log_in(own, "bob", PASSWORD).status_code == 302
    own.post(reverse("logout"))
    for _ in range(LIMIT + 5):
        log_in(client, "bob", "wrong")  # the same address: the club's wifi
    assert log_in(Client(), "bob", PASSWORD).status_code == 429

    assert log_in(own, "bob", PASSWORD).status_code == 302


def test_the_owners_own_phone_is_still_held_to_ten_guesses(bob, client):
    own = Client()
    assert log_in(own, "bob", PASSWORD).status_code == 302
    own.post(reverse("logout"))
    for _ in range(LIMIT):
        assert log_in(own, "bob", "wrong").status_code == 422

    assert log_in(own, "bob", PASSWORD).status_code == 429


# The site's budget of password checks, whatever the number of addresses.


def test_the_password_checks_stay_within_the_sites_budget_however_many_addresses(
    bob, client, real_budget
):
    with mock.patch.object(auth_forms, "authenticate", wraps=auth_forms.authenticate) as checks:
        answers = [log_in(client, f"guess{n}", "wrong", ip=f"2001:db8:{n:x}::1") for n in range(40)]

    assert checks.call_count == CHECKS
    assert [a.status_code for a in answers] == [422] * CHECKS + [503] * (40 - CHECKS)
    busy = answers[-1]
    assert "The site is busy checking passwords: try again in " in busy.content.decode()
    assert 1 <= int(busy["Retry-After"]) <= 10


def test_the_budget_comes_back_when_its_window_is_over(bob, client, real_budget):
    for n in range(CHECKS):
        log_in(client, f"guess{n}", "wrong", ip=f"10.3.0.{n}")
    assert log_in(Client(), "bob", PASSWORD, ip="10.4.0.1").status_code == 503
    ratelimit.AddressCount.objects.update(
        started=timezone.now() - ratelimit.CHECK_WINDOW - timedelta(seconds=1)
    )

    assert log_in(Client(), "bob", PASSWORD, ip="10.4.0.1").status_code == 302


def test_a_members_own_phone_logs_in_while_strangers_spend_the_sites_budget(
    bob, client, real_budget
):
    own = Client()
    assert log_in(own, "bob", PASSWORD).status_code == 302
    own.post(reverse("logout"))
    for n in range(40):
        log_in(client, f"guess{n}", "wrong", ip=f"10.5.{n}.1")

    assert log_in(own, "bob", PASSWORD, ip="10.5.99.1").status_code == 302


def test_an_ipv6_address_counts_by_its_64(bob, client):
    for n in range(LIMIT):
        assert log_in(client, "bob", "wrong", ip=f"2001:db8:5:6::{n + 1:x}").status_code == 422

    assert log_in(client, "bob", PASSWORD, ip="2001:db8:5:6:ffff::1").status_code == 429
    assert log_in(client, "bob", PASSWORD, ip="2001:db8:5:7::1").status_code == 302
    assert LoginCount.objects.filter(ip="2001:db8:5:6::/64").exists()


# The organiser keeps a way in.


def test_an_account_locked_everywhere_still_logs_in_from_a_browser_it_logged_in_from(bob, client):
    own = Client()
    assert log_in(own, "bob", PASSWORD, ip="10.7.0.1").status_code == 302
    own.post(reverse("logout"))
    for n in range(USERNAME_LIMIT // LIMIT):
        for _ in range(LIMIT):
            log_in(client, "bob", "wrong", ip=f"10.8.0.{n}")
    assert log_in(Client(), "bob", PASSWORD, ip="10.9.0.1").status_code == 429

    assert log_in(own, "bob", PASSWORD, ip="10.9.0.2").status_code == 302


def test_a_forged_or_foreign_cookie_is_no_way_in(bob, client):
    for n in range(USERNAME_LIMIT // LIMIT):
        for _ in range(LIMIT):
            log_in(client, "bob", "wrong", ip=f"10.8.0.{n}")
    forged = Client()
    forged.cookies[DEVICE_COOKIE] = '["bob"]'

    assert log_in(forged, "bob", PASSWORD, ip="10.9.0.3").status_code == 429


def test_an_organiser_sees_the_lockouts_on_the_members_page_and_lifts_one(bob, alice_client):
    locked = Client()
    for _ in range(LIMIT):
        log_in(locked, "bob", "wrong")
    assert log_in(locked, "bob", PASSWORD).status_code == 429
    count = LoginCount.objects.get(username="bob", ip="10.0.0.1")

    page = alice_client.get(reverse("member_list")).content.decode()
    section = page[page.index('id="lockouts"') :]
    assert "bob" in section and "from 10.0.0.1" in section and "11 attempts" in section
    assert reverse("lockout_lift", args=[count.pk]) in section
    lifted = alice_client.post(reverse("lockout_lift", args=[count.pk]), follow=True)

    assert "The lockout of “bob” from 10.0.0.1 is lifted." in lifted.content.decode()
    assert log_in(locked, "bob", PASSWORD).status_code == 302
    assert 'id="lockouts"' not in alice_client.get(reverse("member_list")).content.decode()


def test_only_organisers_lift_a_lockout(bob, client, bob_client):
    for _ in range(LIMIT):
        log_in(client, "bob", "wrong")
    count = LoginCount.objects.get(username="bob", ip="10.0.0.1")

    assert bob_client.post(reverse("lockout_lift", args=[count.pk])).status_code == 403
    assert Client().post(reverse("lockout_lift", args=[count.pk])).status_code in (302, 403)
    assert LoginCount.objects.filter(pk=count.pk).exists()


def test_an_organiser_sees_the_attempts_in_the_admin_and_lifts_a_lockout(bob, client, admin_client):
    for _ in range(LIMIT):
        log_in(client, "bob", "wrong")
    assert log_in(client, "bob", PASSWORD).status_code == 429

    listed = admin_client.get(reverse("admin:registry_logincount_changelist")).content.decode()
    assert "10.0.0.1" in listed and "bob" in listed
    assert admin_client.get(reverse("admin:registry_addresscount_changelist")).status_code == 200
    counts = LoginCount.objects.filter(username="bob")
    admin_client.post(
        reverse("admin:registry_logincount_changelist"),
        {"action": "lift_lockout", "_selected_action": [c.pk for c in counts]},
    )

    assert log_in(client, "bob", PASSWORD).status_code == 302
