"""What lets a table go on without the network, as the server sends it: the service worker
(from the site's root, never kept stale by the browser, listing what it keeps), the web app
manifest and the offline page."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from scorekeeper import settings as project_settings

pytestmark = pytest.mark.django_db


def test_the_service_worker_comes_from_the_root_with_what_it_keeps(client):
    response = client.get("/sw.js")
    text = response.content.decode()

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    kept = json.loads(text.split("const KEPT = ", 1)[1].split(";\n", 1)[0])
    assert "/offline/" in kept
    assert {"/static/js/outbox.js", "/static/css/site.css", "/static/tiles/1m.svg"} <= set(kept)
    assert 'const STATIC = "/static/";' in text


def test_the_manifest_names_the_site_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    manifest = json.loads(response.content)

    assert response["Content-Type"] == "application/manifest+json"
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}


@override_settings(SCOREKEEPER_CLUB_NAME="雀荘みどり")
def test_the_club_name_names_the_installed_site_the_header_and_the_page_titles(client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    home = client.get("/").content.decode()
    history = client.get("/history/").content.decode()
    offline = client.get("/offline/").content.decode()

    assert manifest["name"] == manifest["short_name"] == "雀荘みどり"
    assert '<a class="site-name" href="/">雀荘みどり</a>' in home
    assert "<title>Games · 雀荘みどり</title>" in home
    assert "<title>History · 雀荘みどり</title>" in history
    assert "<title>Offline · 雀荘みどり</title>" in offline
    assert "Scorekeeper" not in home + history + offline


def test_the_club_name_is_read_from_the_environment_trimmed_and_blank_means_the_default(
    monkeypatch,
):
    monkeypatch.setenv("SCOREKEEPER_CLUB_NAME", "  雀荘みどり ")
    named = project_settings.env_text("SCOREKEEPER_CLUB_NAME", default="Scorekeeper")
    monkeypatch.setenv("SCOREKEEPER_CLUB_NAME", " ")
    blank = project_settings.env_text("SCOREKEEPER_CLUB_NAME", default="Scorekeeper")

    assert (named, blank) == ("雀荘みどり", "Scorekeeper")


def test_every_page_links_the_manifest_and_the_worker(client):
    page = client.get("/").content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'data-worker="/sw.js"' in page


def test_the_offline_page_says_so_in_the_readers_language(client):
    english = client.get("/offline/").content.decode()
    japanese = client.get("/offline/", headers={"Accept-Language": "ja"}).content.decode()

    assert "the network is gone" in english
    assert "接続がありません" in japanese


def test_the_offline_page_says_what_still_works_and_what_waits(client):
    english = client.get("/offline/").content.decode()
    japanese = client.get("/offline/", headers={"Accept-Language": "ja"}).content.decode()

    assert "<h2>What still works</h2>" in english
    assert "each one waits on the phone and is sent, in order" in english
    assert "<h2>What waits for the network</h2>" in english
    assert "The scores and the preview on the table page." in english
    assert "nothing was stored; go back and send it again" in english
    assert "<h2>今も使えるもの</h2>" in japanese
    assert "<h2>接続が戻るまで待つもの</h2>" in japanese


def test_every_page_tells_the_worker_whose_pages_it_keeps(client, bob_client, bob):
    """The worker keeps one account's table pages: a page for another (a login, a logout)
    makes it forget the others. Each page also says, on the phone, that hands wait."""
    visitor = client.get("/").content.decode()
    member = bob_client.get("/").content.decode()

    assert 'data-account=""' in visitor
    assert "1 hand recorded on this phone still waits to be sent: a member sends it" in visitor
    assert f'data-account="{bob.pk}"' in member
    assert "1 hand recorded on this phone still waits to be sent: open its table" in member
    japanese = client.get("/", headers={"Accept-Language": "ja"}).content.decode()
    assert "この端末で記録した{hands}局がまだ送信待ちです。" in japanese


def test_a_table_page_says_whose_it_is_for_the_worker(client, bob_client, bob, game):
    assert bob_client.get(f"/games/{game.pk}/")["X-Scorekeeper-Account"] == str(bob.pk)
    assert client.get(f"/games/{game.pk}/")["X-Scorekeeper-Account"] == ""


def test_the_offline_page_names_no_account_and_asks_nothing_of_the_worker(bob_client):
    """The worker keeps it for whoever picks the phone up next, and shows it without the
    network, when no page should make the worker forget the tables it keeps."""
    page = bob_client.get("/offline/").content.decode()

    assert "bob" not in page
    assert "Log out" not in page
    assert "data-account" not in page


def test_no_page_title_names_the_software_instead_of_the_club():
    """The server error page alone keeps the fixed name: it is rendered with no context."""
    folder = project_settings.BASE_DIR / "templates"
    fixed = sorted(
        str(path.relative_to(folder))
        for path in folder.rglob("*.html")
        if "Scorekeeper" in path.read_text(encoding="utf-8")
    )

    assert fixed == ["500.html"]
