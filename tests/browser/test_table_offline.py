"""A table without the network, in a browser: hands recorded offline wait on the phone, the
page opens again offline from the service worker, and the hands reach the server once each,
in order, when the network is back; a hand whose answer was lost is stored once; two phones
that recorded the same place offline, differently, leave one hand and a conflict that a
member settles; a hand the server refuses stays on the phone, marked, until discarded."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, Route, expect
from table_helpers import VIEWPORTS, idle, member, new_game, tap

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.table.models import SentHand

pytestmark = pytest.mark.django_db(transaction=True)


def phone(browser: Browser, live_server, user, *, workers: bool = True) -> Page:
    """A member's phone, logged in, with or without service workers."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(
        viewport=VIEWPORTS["phone"], service_workers="allow" if workers else "block"
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def kept_by_the_worker(page: Page) -> None:
    """Wait until the service worker keeps this table page (it asks for itself once the
    worker is there)."""
    deadline = time.monotonic() + 10
    script = "async () => !!(await caches.match(location.pathname, {ignoreVary: true}))"
    while not page.evaluate(script):
        assert time.monotonic() < deadline, "the service worker did not keep the page"
        page.wait_for_timeout(100)


def ron(page: Page) -> None:
    """Ben wins 3 han 40 fu from Chie: 5,200 (a non-dealer's ron)."""
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    win = page.locator(".win[data-seat='1']")
    win.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    win.locator(".subgroup-fu label.chip:has(input[value='40'])").click()


def tsumo(page: Page) -> None:
    """Dan wins 1 han 30 fu by tsumo: 500 from the dealer, 300 from each other player."""
    tap(page, "outcome", "tsumo")
    tap(page, "winner", "3")
    win = page.locator(".win[data-seat='3']")
    win.locator(".subgroup-han label.chip:has(input[value='1'])").click()
    win.locator(".subgroup-fu label.chip:has(input[value='30'])").click()


def draw(page: Page) -> None:
    """A draw with Aki alone tenpai: 1,000 from each of the three others."""
    tap(page, "outcome", "draw")
    tap(page, "tenpai", "0")


def record(page: Page) -> None:
    page.locator("#hand-form .record-button").click()


def test_three_hands_recorded_offline_reach_the_server_once_each_in_order(
    browser: Browser, live_server, artifacts
):
    game = new_game()
    page = phone(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    kept_by_the_worker(page)

    page.context.set_offline(True)
    for number, enter in enumerate((ron, tsumo, draw), start=1):
        enter(page)
        record(page)
        waiting = "1 hand waiting to be sent." if number == 1 else f"{number} hands waiting"
        expect(page.locator("#outbox-status")).to_contain_text(waiting)
    expect(page.locator("#outbox-log .log-pending")).to_have_count(3)
    expect(page.locator("#outbox-log .log-number")).to_have_text(["#3", "#2", "#1"])
    assert not HandRecord.objects.exists()

    # The page opens again without the network, from the service worker, hands and all.
    page.reload()
    expect(page.locator("#outbox-status")).to_contain_text("3 hands waiting to be sent.")
    expect(page.locator("#record-title")).to_have_text("Hand 4")
    expect(page.locator("#outbox-log .log-text").last).to_have_text(
        "Ron · Who won: Ben · Who discarded the winning tile: Chie · Ben’s hand: Han 3, Fu 40"
    )
    page.screenshot(path=artifacts / "offline-three-hands-waiting.png", full_page=True)
    # A page the worker does not keep says it is offline.
    page.goto(f"{live_server.url}/history/")
    expect(page.locator("h1")).to_have_text("Offline")
    page.go_back()
    expect(page.locator("#outbox-status")).to_contain_text("3 hands waiting to be sent.")

    page.context.set_offline(False)
    # Three hands sent one after another, then the page drawn again: on a busy machine this
    # takes longer than an expectation's five seconds.
    expect(page.locator("#hand-log-list .log-hand")).to_have_count(3, timeout=15000)
    expect(page.locator("#outbox-status")).to_have_count(0)
    hands = [record.data for record in HandRecord.objects.filter(game=game).order_by("sequence")]
    assert hands == [
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 3, "fu": 40}]}},
        {"tsumo": {"winner": 3, "han": 1, "fu": 30}},
        {"draw": {"tenpai": [0]}},
    ]
    # Ron 5,200 Chie to Ben; tsumo 500 from Ben (dealing) and 300 from Aki and Chie to Dan;
    # noten: 1,000 from each of Ben, Chie and Dan to Aki.
    assert Game.objects.get(pk=game.pk).game_state().scores == (27700, 28700, 18500, 25100)
    expect(page.locator("#scoreboard .player-points")).to_have_text(
        ["27,700", "28,700", "18,500", "25,100"]
    )


def test_a_hand_whose_answer_was_lost_is_stored_once(browser: Browser, live_server):
    game = new_game()
    page = phone(browser, live_server, member(), workers=False)
    lost = []

    def lose_the_first_answer(route: Route) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()  # the server gets the hand and answers; the answer never arrives
        lost.append(route.request.url)
        route.abort()

    page.route("**/hands/", lose_the_first_answer)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    ron(page)
    idle(page)
    record(page)

    expect(page.locator("#hand-log-list .log-hand")).to_have_count(1)
    expect(page.locator("#messages")).to_contain_text(
        "Hand 1 recorded: Ben ron from Chie, 3 han 40 fu."
    )
    assert lost
    assert HandRecord.objects.filter(game=game).count() == 1
    assert SentHand.objects.get().outcome == "recorded"


def test_two_phones_that_recorded_the_next_hand_offline_leave_one_hand_and_a_conflict(
    browser: Browser, live_server, artifacts
):
    """(Two phones with the same hand leave one hand, the other taken as it: in
    tests/web/table/test_sent_hands.py and, at once, tests/server/test_races.py.)"""
    game = new_game()
    user = member()
    first_phone = phone(browser, live_server, user, workers=False)
    second_phone = phone(browser, live_server, user, workers=False)
    for each in (first_phone, second_phone):
        each.goto(f"{live_server.url}/games/{game.pk}/")
        each.context.set_offline(True)
    ron(first_phone)
    record(first_phone)
    tsumo(second_phone)
    record(second_phone)
    for each in (first_phone, second_phone):
        expect(each.locator("#outbox-status")).to_contain_text("1 hand waiting to be sent.")

    first_phone.context.set_offline(False)
    expect(first_phone.locator("#hand-log-list .log-hand")).to_have_count(1)
    second_phone.context.set_offline(False)
    expect(second_phone.locator("#outbox-status")).to_have_count(0)

    assert HandRecord.objects.filter(game=game).count() == 1
    expect(second_phone.locator("#hand-log-list .log-hand")).to_have_count(1)
    conflict = second_phone.locator("#conflicts")
    expect(conflict).to_contain_text("Ben ron from Chie, 3 han 40 fu")
    expect(conflict).to_contain_text("Dan tsumo, 1 han 30 fu")
    second_phone.screenshot(path=artifacts / "offline-conflict.png", full_page=True)

    conflict.get_by_role("button", name="Keep the one sent").click()
    expect(second_phone.locator("#conflicts")).to_have_count(0)
    expect(second_phone.locator("#settled-conflicts")).to_contain_text(
        "Hand 1: the version recorded (Ben ron from Chie, 3 han 40 fu) was discarded"
    )
    assert HandRecord.objects.get(game=game).data == {"tsumo": {"winner": 3, "han": 1, "fu": 30}}


def test_a_waiting_hand_the_server_refuses_stays_marked_until_discarded(
    browser: Browser, live_server
):
    game = new_game()
    page = phone(browser, live_server, member(), workers=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.context.set_offline(True)
    # A ron with no han: the form cannot tell without the server.
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    record(page)
    expect(page.locator("#outbox-status")).to_contain_text("1 hand waiting to be sent.")

    page.context.set_offline(False)
    refused = page.locator("#outbox-log .log-refused")
    expect(refused).to_contain_text("refused by the server")
    expect(page.locator("#outbox-status")).to_have_count(0)
    assert not HandRecord.objects.exists()
    refused.get_by_role("button", name="Discard").click()
    expect(page.locator("#outbox-log")).to_have_count(0)


def test_logging_out_forgets_the_table_pages_and_says_what_still_waits(
    browser: Browser, live_server, artifacts
):
    game = new_game()
    page = phone(browser, live_server, member())
    table = f"{live_server.url}/games/{game.pk}/"
    page.goto(table)
    kept_by_the_worker(page)
    # A hand of another table, still waiting on the phone when its member logs out.
    page.evaluate(
        """() => idb.openDB("scorekeeper-outbox", 1).then((db) => db.put("hands", {
            key: "waiting", game: "/games/999999/hands/", sequence: 0, at: Date.now(),
            fields: [], words: "Ron"}))"""
    )

    page.locator(".site-account").get_by_role("button", name="Log out").click()

    expect(page.locator("#messages")).to_contain_text(
        "1 hand recorded on this phone still waits to be sent"
    )
    page.screenshot(path=artifacts / "logged-out-hands-waiting.png")
    deadline = time.monotonic() + 10
    script = "async (path) => !!(await caches.match(path, {ignoreVary: true}))"
    while page.evaluate(script, f"/games/{game.pk}/"):
        assert time.monotonic() < deadline, "the service worker kept the table page"
        page.wait_for_timeout(100)
    assert page.evaluate(script, "/static/js/outbox.js")
    page.context.set_offline(True)
    page.goto(table)
    expect(page.locator("h1")).to_have_text("Offline")
    expect(page.locator(".site-account")).to_have_text("Log in")
    page.screenshot(path=artifacts / "offline-page.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=artifacts / "offline-page-wide.png", full_page=True)
