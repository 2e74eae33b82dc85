"""What lets a table go on without the network, as the server sends it: the service worker
(from the site's root, never kept stale by the browser, listing what it keeps), the web app
manifest and the offline page."""

from __future__ import annotations

import json

import pytest

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
    assert manifest["name"] == "Scorekeeper"
    assert manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}


def test_every_page_links_the_manifest_and_the_worker(client):
    page = client.get("/").content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'data-worker="/sw.js"' in page


def test_the_offline_page_says_so_in_the_readers_language(client):
    english = client.get("/offline/").content.decode()
    japanese = client.get("/offline/", headers={"Accept-Language": "ja"}).content.decode()

    assert "the network is gone" in english
    assert "接続がありません" in japanese
