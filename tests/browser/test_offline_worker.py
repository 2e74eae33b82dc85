"""The service worker and the outbox where the server or the phone's account changes: the
count of hands sent is true when the server stops answering halfway; a server busy (503)
is waited out and the hand sent again; a login of another account forgets the table pages
the worker kept for the first; a new release's worker keeps the pages of open games."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, Route, expect
from table_helpers import member, new_game
from test_table_offline import draw, kept_by_the_worker, phone, record, ron, tsumo

from scorekeeper.club.models import HandRecord

pytestmark = pytest.mark.django_db(transaction=True)

KEPT = "async (path) => !!(await caches.match(path, {ignoreVary: true}))"


def test_the_phone_counts_truly_what_was_sent_when_the_server_stops_answering(
    browser: Browser, live_server
):
    game = new_game()
    page = phone(browser, live_server, member(), workers=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.context.set_offline(True)
    for enter in (ron, tsumo, draw):
        enter(page)
        record(page)
    answered = []

    def server_gone_after_one(route: Route) -> None:
        if route.request.method == "POST" and answered:
            route.abort()  # the server was killed: no answer
            return
        answered.append(route.request.url)
        route.continue_()

    page.route("**/hands/", server_gone_after_one)
    page.context.set_offline(False)

    expect(page.locator("#messages")).to_contain_text(
        "1 of 3 hands that waited on this phone were sent"
    )
    expect(page.locator("#messages")).to_contain_text("2 still wait")
    expect(page.locator("#outbox-status")).to_contain_text("2 hands waiting to be sent.")
    assert HandRecord.objects.filter(game=game).count() == 1


def test_a_busy_server_is_waited_out_and_the_hand_sent_again(browser: Browser, live_server):
    game = new_game()
    page = phone(browser, live_server, member(), workers=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.context.set_offline(True)
    ron(page)
    record(page)
    busy = []

    def busy_once(route: Route) -> None:
        if route.request.method == "POST" and not busy:
            busy.append(1)
            route.fulfill(status=503, headers={"Retry-After": "1"}, body="busy")
            return
        route.continue_()

    page.route("**/hands/", busy_once)
    page.context.set_offline(False)

    expect(page.locator("#messages")).to_contain_text("are sent again in 1 seconds")
    expect(page.locator("#hand-log-list .log-hand")).to_have_count(1)
    assert HandRecord.objects.filter(game=game).count() == 1


def wait_until(page: Page, script: str, path: str, expected: bool) -> None:
    deadline = time.monotonic() + 10
    while page.evaluate(script, path) != expected:
        assert time.monotonic() < deadline, f"{path} kept: expected {expected}"
        page.wait_for_timeout(100)


def test_another_account_logging_in_on_the_phone_forgets_the_pages_kept(
    browser: Browser, live_server
):
    game = new_game()
    page = phone(browser, live_server, member("bob"))
    table = f"/games/{game.pk}/"
    page.goto(live_server.url + table)
    kept_by_the_worker(page)

    # Dan logs in on the same phone without bob logging out.
    other = Client()
    other.force_login(member("dan"))
    page.context.add_cookies(
        [{"name": "sessionid", "value": other.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/history/")

    wait_until(page, KEPT, table, False)
    page.context.set_offline(True)
    page.goto(live_server.url + table)
    expect(page.locator("h1")).to_have_text("Offline")


def test_a_new_release_of_the_worker_keeps_the_pages_of_open_games(
    browser: Browser, live_server, settings
):
    game = new_game()
    page = phone(browser, live_server, member())
    table = f"/games/{game.pk}/"
    page.goto(live_server.url + table)
    kept_by_the_worker(page)
    before = page.evaluate("caches.keys()")

    # A new release: the worker's cache has a new name, so its script is new.
    settings.CACHES = {
        **settings.CACHES,
        "default": {**settings.CACHES["default"], "KEY_PREFIX": "next-release"},
    }
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    deadline = time.monotonic() + 15
    while "scorekeeper-next-release" not in page.evaluate("caches.keys()"):
        assert time.monotonic() < deadline, "the new worker did not take over"
        page.wait_for_timeout(200)
    wait_until(page, "async () => (await caches.keys()).length === 2", "", True)

    assert set(page.evaluate("caches.keys()")) == {"scorekeeper-next-release", "scorekeeper-pages"}
    assert set(before) != set(page.evaluate("caches.keys()"))
    assert page.evaluate(KEPT, table)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#hand-form")).to_be_visible()


def test_the_worker_sends_the_waiting_hands_with_background_sync(browser: Browser, live_server):
    """The page closed (here: a page that does not send them), the browser wakes the worker
    with a sync event (sent here through the DevTools protocol) and it sends the hands."""
    game = new_game()
    page = phone(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    kept_by_the_worker(page)
    # A hand entered at this table, waiting; then the phone is on another page.
    page.evaluate(
        """(game) => idb.openDB("scorekeeper-outbox", 1).then((db) => db.put("hands", {
            key: crypto.randomUUID(), game, sequence: 0, at: Date.now(), words: "Draw",
            fields: [["sequence", "0"], ["outcome", "draw"], ["tenpai", "0"]]}))""",
        f"/games/{game.pk}/hands/",
    )
    page.goto(f"{live_server.url}/history/")
    # Every other page of the phone says that a hand waits, and where.
    expect(page.locator("#messages")).to_contain_text(
        "1 hand recorded on this phone still waits to be sent: open its table to send it."
    )
    expect(page.locator("#messages").get_by_role("link", name=f"Game {game.pk}")).to_have_attribute(
        "href", f"/games/{game.pk}/"
    )
    cdp = page.context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations:
        assert time.monotonic() < deadline, "no service worker registration"
        page.wait_for_timeout(100)

    cdp.send(
        "ServiceWorker.dispatchSyncEvent",
        {
            "origin": live_server.url,
            "registrationId": registrations[0]["registrationId"],
            "tag": "outbox",
            "lastChance": False,
        },
    )

    deadline = time.monotonic() + 10
    while not HandRecord.objects.filter(game=game).exists():
        assert time.monotonic() < deadline, "the worker did not send the hand"
        page.wait_for_timeout(200)
    # Aki alone tenpai: 1,000 from each of the others.
    assert HandRecord.objects.get(game=game).data == {"draw": {"tenpai": [0]}}
    count = """() => new Promise((resolve) => {
        const opening = indexedDB.open("scorekeeper-outbox", 1);
        opening.onsuccess = () => {
            const all = opening.result.transaction("hands").objectStore("hands").count();
            all.onsuccess = () => { opening.result.close(); resolve(all.result); };
        };
    })"""
    wait_until(page, count, "", 0)
