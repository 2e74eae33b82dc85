"""The table page's layout at 360x740 and 1280x800, measured from the page: the menu in one
row, the scoreboard and the outcome choices on the first screen, a typical ron (riichi by
one player, 3 han 40 fu) recorded with at most one scroll, riichi next to the players before
han and fu, and after recording the next hand's choices in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import (
    VIEWPORTS,
    box,
    chip,
    fits,
    idle,
    member,
    new_game,
    new_page,
    on_screen,
    signed_in,
    tap,
    wait_on_screen,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_typical_ron_is_recorded_with_at_most_one_scroll(
    browser: Browser, live_server, artifacts, size
):
    game = new_game()
    page = signed_in(browser, live_server, member(), size)
    height = VIEWPORTS[size]["height"]
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.screenshot(path=artifacts / f"table-layout-{size}-first-screen.png")

    # The first screen: the menu, the whole scoreboard and every outcome choice.
    header = box(page.locator(".site-header"))
    if size == "phone":
        assert header["bottom"] <= 64, f"the menu takes {header['bottom']:.0f}px"
        expect(page.locator(".site-links")).to_be_hidden()
    assert box(page.locator("#scoreboard"))["bottom"] <= height
    assert box(page.locator("#hand-form .group-outcome"))["bottom"] <= height

    # Ron: Ben (riichi) from Chie, 3 han 40 fu.
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    tap(page, "riichi", "1")
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='40'])").click()
    expect(page.locator("#preview")).to_contain_text("+5,200")
    idle(page)

    # Riichi next to the players' choices, before han and fu.
    riichi = box(page.locator(".group-riichi"))
    assert box(page.locator(".group-discarder"))["bottom"] <= riichi["top"]
    assert riichi["bottom"] <= box(ben)["top"]

    # Every tap is on the first screen, or on one more screen below it.
    taps = [
        chip(page, "outcome", "ron"),
        chip(page, "winners", "1"),
        chip(page, "discarder", "2"),
        chip(page, "riichi", "1"),
        ben.locator(".subgroup-han label.chip:has(input[value='3'])"),
        ben.locator(".subgroup-fu label.chip:has(input[value='40'])"),
    ]
    record = page.get_by_role("button", name="Record hand")
    if size == "phone":
        # On a phone the button rides at the foot of the screen with the preview, wherever
        # the form is scrolled: it is under the thumb beside the last choice.
        bar = page.locator(".record-bar")
        assert bar.evaluate("e => getComputedStyle(e).position") == "sticky"
        assert bar.evaluate("e => getComputedStyle(e).bottom") == "0px"
    else:
        taps.append(record)
    boxes = [box(t) for t in taps]
    below = [b for b in boxes if (b["top"] + b["bottom"]) / 2 > height]
    if below:
        span = max(b["bottom"] for b in below) - min(b["top"] for b in below)
        assert span <= height, f"the taps below the first screen span {span:.0f}px"
    page.screenshot(path=artifacts / f"table-layout-{size}-ron-entered.png", full_page=True)
    assert fits(page), f"the table is wider than the {size}"

    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#scoreboard")).to_contain_text("30,200")
    idle(page)

    # The next hand's choices in view, with the new scores above them.
    expect(page.locator("#record-title")).to_contain_text("Hand 2")
    wait_on_screen(page.locator("#hand-form .group-outcome"))
    assert on_screen(page.locator("#scoreboard .player").first)
    page.screenshot(path=artifacts / f"table-layout-{size}-recorded.png")


def test_the_menu_opens_on_a_phone_without_a_script(browser: Browser, live_server, artifacts):
    game = new_game()
    page = new_page(browser, javascript=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.get_by_role("link", name="History")).to_be_hidden()

    page.locator(".site-menu-button").click()

    expect(page.get_by_role("link", name="History")).to_be_visible()
    page.screenshot(path=artifacts / "menu-phone-open.png")
    page.get_by_role("link", name="History").click()
    expect(page).to_have_url(f"{live_server.url}/history/")
