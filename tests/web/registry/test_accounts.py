"""Accounts: the first organiser of a fresh site, logging in and out, members' accounts."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.urls import reverse

from scorekeeper.registry.permissions import is_member
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.django_db

BANNER = b"Create the organiser\xe2\x80\x99s account"


def setup_data(**changes: str) -> dict[str, str]:
    data = {"username": "olive", "password1": PASSWORD, "password2": PASSWORD}
    data.update(changes)
    return data


# First run


def test_a_fresh_site_offers_to_create_the_organiser_on_its_pages(client):
    for name in ("home", "login", "ruleset_list"):
        response = client.get(reverse(name))
        assert BANNER in response.content, name


def test_the_payment_table_stays_free_of_database_queries_on_a_fresh_site(
    client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = client.get(reverse("payment_table"))
    assert BANNER not in response.content


def test_the_setup_page_shows_its_form_while_no_account_exists(client):
    response = client.get(reverse("setup"))

    assert response.status_code == 200
    assert b'name="password2"' in response.content


def test_creating_the_first_organiser_logs_them_in_and_opens_the_game_list(client):
    response = client.post(reverse("setup"), setup_data())

    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    olive = User.objects.get(username="olive")
    assert olive.is_staff and olive.is_superuser and is_member(olive)
    home = client.get(reverse("home"))
    assert home.wsgi_request.user == olive
    assert BANNER not in home.content


def test_the_setup_page_is_gone_once_an_account_exists(client, bob):
    assert client.get(reverse("setup")).status_code == 404
    response = client.post(reverse("setup"), setup_data())

    assert response.status_code == 404
    assert not User.objects.filter(username="olive").exists()


def test_no_banner_once_an_account_exists(client, bob):
    assert BANNER not in client.get(reverse("home")).content


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"password2": "something-else-entirely"}, "password2", "didn’t match"),
        ({"password1": "short", "password2": "short"}, "password2", "too short"),
        ({"password1": "password", "password2": "password"}, "password2", "too common"),
        ({"username": ""}, "username", "required"),
    ],
)
def test_a_refused_first_organiser_is_a_422_with_the_error_next_to_the_field(
    client, changes, field, message
):
    response = client.post(reverse("setup"), setup_data(**changes))

    assert response.status_code == 422
    assert not User.objects.exists()
    error = response.content.decode().split(f'id="id_{field}_error"', 1)[1].split("</p>")[0]
    assert message in error


# Logging in and out


def test_logging_in_with_the_right_password_opens_the_game_list(client, bob):
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("home")


def test_a_wrong_password_is_a_422_that_says_so(client, bob):
    response = client.post(reverse("login"), {"username": "bob", "password": "nope"})

    assert response.status_code == 422
    assert b"Please enter a correct username and password" in response.content
    assert not response.wsgi_request.user.is_authenticated


def test_logging_in_returns_to_the_page_that_asked(client, bob):
    response = client.post(
        reverse("login") + "?next=/games/new/",
        {"username": "bob", "password": PASSWORD, "next": "/games/new/"},
    )

    assert response["Location"] == "/games/new/"


def test_logging_out_takes_a_post(bob_client):
    assert bob_client.get(reverse("logout")).status_code == 405
    response = bob_client.post(reverse("logout"))

    assert response.status_code == 302
    assert not bob_client.get(reverse("home")).wsgi_request.user.is_authenticated


def test_the_header_names_who_is_logged_in(bob_client, client, bob):
    page = bob_client.get(reverse("home")).content.decode()
    # The name leads to the account's page, where the password is changed.
    assert f'<a class="user-name" href="{reverse("password_change")}"' in page
    assert ">bob</a>" in page
    assert "Log out" in page
    assert "Log in" in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize(
    ("persona", "links", "hidden"),
    [
        ("alice", ["game_new", "player_list", "ruleset_list", "member_list"], []),
        ("bob", ["game_new"], ["player_list", "member_list"]),
        ("charlie", [], ["game_new", "player_list", "member_list"]),
        ("visitor", [], ["game_new", "player_list", "member_list"]),
    ],
)
def test_the_header_links_follow_what_each_persona_may_do(request, persona, links, hidden):
    if persona == "visitor":
        request.getfixturevalue("bob")  # an account exists: no first-run banner
        client = request.getfixturevalue("client")
    else:
        client = request.getfixturevalue(f"{persona}_client")
    nav = client.get(reverse("home")).content.decode().split("</nav>")[0]

    for name in links:
        assert f'href="{reverse(name)}"' in nav, name
    for name in hidden:
        assert f'href="{reverse(name)}"' not in nav, name


# Members' accounts


@pytest.mark.parametrize("name", ["member_list", "member_new"])
def test_only_organisers_see_the_accounts_pages(request, name, alice_client, bob_client):
    charlie_client = request.getfixturevalue("charlie_client")
    assert alice_client.get(reverse(name)).status_code == 200
    assert bob_client.get(reverse(name)).status_code == 403
    assert charlie_client.get(reverse(name)).status_code == 403
    visitor = request.getfixturevalue("client").get(reverse(name))
    assert visitor.status_code == 302
    assert visitor["Location"].startswith(reverse("login"))


def test_the_members_page_lists_each_account_with_its_role(alice_client, bob, charlie):
    page = alice_client.get(reverse("member_list")).content.decode()

    assert "Organiser" in page
    assert "Member" in page
    assert "Not a member" in page


def test_an_organiser_creates_a_members_account(alice_client):
    response = alice_client.post(
        reverse("member_new"), {"username": "dora", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 302
    dora = User.objects.get(username="dora")
    assert is_member(dora)
    assert not dora.is_staff
    assert dora.check_password(PASSWORD)


def test_the_organiser_box_makes_an_organisers_account(alice_client):
    alice_client.post(
        reverse("member_new"),
        {"username": "ed", "password1": PASSWORD, "password2": PASSWORD, "organiser": "on"},
    )

    assert User.objects.get(username="ed").is_staff


def test_a_member_cannot_create_accounts(bob_client):
    response = bob_client.post(
        reverse("member_new"),
        {"username": "eve", "password1": PASSWORD, "password2": PASSWORD, "organiser": "on"},
    )

    assert response.status_code == 403
    assert not User.objects.filter(username="eve").exists()


def test_a_taken_username_is_a_422_next_to_the_username(alice_client, bob):
    response = alice_client.post(
        reverse("member_new"), {"username": "bob", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 422
    assert 'id="id_username_error"' in response.content.decode()
    assert User.objects.filter(username="bob").count() == 1


def test_an_organiser_takes_membership_away_and_gives_it_back(alice_client, bob):
    alice_client.post(reverse("membership", args=[bob.pk]), {"member": "0"})
    assert not is_member(get_user_model().objects.get(pk=bob.pk))

    alice_client.post(reverse("membership", args=[bob.pk]), {"member": "1"})
    assert is_member(get_user_model().objects.get(pk=bob.pk))


def test_a_member_whose_membership_is_taken_away_cannot_record_from_their_next_request(
    alice_client, bob_client, game
):
    """Membership is read with the user on each request, never kept in the session."""
    hand = {"sequence": "0", "outcome": "draw", "tenpai": ["0"]}
    preview = reverse("hand_preview", args=[game.pk])
    assert bob_client.post(preview, hand).status_code == 200

    alice_client.post(
        reverse("membership", args=[bob_client.session["_auth_user_id"]]), {"member": "0"}
    )

    assert bob_client.post(preview, hand).status_code == 403
    assert bob_client.post(reverse("hand_create", args=[game.pk]), hand).status_code == 403


def test_a_member_cannot_change_memberships(bob_client, charlie):
    response = bob_client.post(reverse("membership", args=[charlie.pk]), {"member": "1"})

    assert response.status_code == 403
    assert not is_member(get_user_model().objects.get(pk=charlie.pk))


def test_an_organisers_membership_is_not_changed_from_the_members_page(alice_client, alice):
    response = alice_client.post(reverse("membership", args=[alice.pk]), {"member": "0"})

    assert response.status_code == 404


def test_a_refusal_is_a_page_of_the_site_that_says_who_is_logged_in(charlie_client):
    response = charlie_client.get(reverse("game_new"))

    assert response.status_code == 403
    page = response.content.decode()
    assert "<strong>charlie</strong>" in page
    assert 'class="site-nav"' in page
