"""A member's tokens page: a token is made and shown once, listed, and revoked; only
members have the page; it speaks Japanese."""

from __future__ import annotations

from scorekeeper.api.models import Token
from scorekeeper.api.tokens import digest_of


def test_a_member_makes_a_token_and_sees_its_secret_once(bob_client, bob):
    response = bob_client.post("/account/tokens/", {"name": "Discord bot", "scope": "record"})
    assert response.status_code == 302
    page = bob_client.get("/account/tokens/").content.decode()
    token = Token.objects.get(user=bob)
    secret = page.split('id="token-secret">')[1].split("<")[0]
    assert digest_of(secret) == token.digest and token.scope == "record"
    assert "http://testserver/api/v1/" in page
    again = bob_client.get("/account/tokens/").content.decode()
    assert secret not in again and token.prefix in again and "Discord bot" in again


def test_a_member_revokes_a_token_of_theirs_and_no_one_elses(bob_client, bob, alice):
    mine = Token.objects.create(user=bob, name="mine", scope="read", prefix="skp_a", digest="a")
    theirs = Token.objects.create(
        user=alice, name="alice's", scope="read", prefix="skp_b", digest="b"
    )
    assert bob_client.post(f"/account/tokens/{theirs.pk}/revoke/").status_code == 302
    assert bob_client.post(f"/account/tokens/{mine.pk}/revoke/").status_code == 302
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.revoked and not theirs.revoked


def test_a_token_without_a_name_is_refused_with_422(bob_client):
    response = bob_client.post("/account/tokens/", {"name": "", "scope": "read"})
    assert response.status_code == 422
    assert not Token.objects.exists()


def test_only_members_have_a_tokens_page(charlie_client, client, db):
    assert charlie_client.get("/account/tokens/").status_code == 403
    assert client.get("/account/tokens/").status_code == 302  # to log in


def test_the_tokens_page_speaks_japanese(bob_client, bob):
    Token.objects.create(user=bob, name="bot", scope="record", prefix="skp_a", digest="a")
    page = bob_client.get("/account/tokens/", headers={"Accept-Language": "ja"}).content.decode()
    for english in ("Your API tokens", "Make a token", "Revoke", "Records", "It may"):
        assert english not in page, english


def test_an_organiser_revokes_a_members_token_in_the_admin(admin_client, bob):
    token = Token.objects.create(user=bob, name="bot", scope="record", prefix="skp_a", digest="a")
    page = admin_client.get("/admin/api/token/")
    assert page.status_code == 200 and "skp_a" in page.content.decode()
    assert admin_client.get("/admin/api/token/add/").status_code == 403
    done = admin_client.post(
        "/admin/api/token/", {"action": "revoke", "_selected_action": [token.pk]}
    )
    assert done.status_code == 302
    token.refresh_from_db()
    assert token.revoked
