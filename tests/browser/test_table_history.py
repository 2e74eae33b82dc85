"""Back and forward never show an old table: after a hand recorded by htmx and after an undo,
going away and coming back (or back and forward again) shows the table as it is now."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import VIEWPORTS, idle, member, new_game, signed_in, tap

from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win

pytestmark = pytest.mark.django_db(transaction=True)


def record_a_ron(page: Page) -> None:
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='40'])").click()
    expect(page.locator("#preview")).to_contain_text("+5,200")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")
    idle(page)


def shows_one_hand(page: Page) -> None:
    expect(page.locator("#scoreboard")).to_contain_text("30,200")
    expect(page.locator("#hand-log-list > li")).to_have_count(1)
    expect(page.locator("#record-title")).to_contain_text("Hand 2")
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("1")


def shows_no_hand(page: Page) -> None:
    expect(page.locator("#scoreboard .player-points")).to_have_text(["25,000"] * 4)
    expect(page.locator("#hand-log")).to_contain_text("No hands yet")
    expect(page.locator("#record-title")).to_contain_text("Hand 1")
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("0")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_back_and_forward_show_the_table_as_it_is_after_a_hand_and_after_an_undo(
    browser: Browser, live_server, artifacts, size
):
    game = new_game()
    page = signed_in(browser, live_server, member(), size)
    table = f"{live_server.url}/games/{game.pk}/"
    first = page.goto(table)
    assert first is not None and "no-store" in first.headers["cache-control"]

    record_a_ron(page)
    page.goto(f"{live_server.url}/history/")
    page.go_back()
    shows_one_hand(page)
    page.go_forward()
    page.go_back()
    shows_one_hand(page)
    page.screenshot(path=artifacts / f"history-{size}-back-after-a-hand.png")

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 1").click()
    expect(page.locator("#hand-log")).to_contain_text("No hands yet")
    idle(page)
    page.goto(f"{live_server.url}/history/")
    page.go_back()
    shows_no_hand(page)
    page.go_forward()
    page.go_back()
    shows_no_hand(page)
    page.screenshot(path=artifacts / f"history-{size}-back-after-an-undo.png")


def test_a_table_left_before_a_hand_another_phone_recorded_is_current_on_return(
    browser: Browser, live_server
):
    """The page in the browser's history is from before the hand: it is fetched again."""
    game = new_game()
    page = signed_in(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.goto(f"{live_server.url}/history/")

    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)

    page.go_back()
    shows_one_hand(page)
