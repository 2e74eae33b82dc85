"""The calculators on a scrolled page: a tap changes the answer, not where the person is on
the page; the bar at the bottom of a phone's screen reads as a line and goes once the
answer itself is in view. And an organiser's links on one row of a wide screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect
from table_helpers import TAPS, VIEWPORTS, idle, organiser, signed_in


def tap_in_place(page: Page, locator: Locator) -> None:
    """A tap where the element is on the screen now (a locator's click would scroll it
    into view first, as a person's thumb does not)."""
    box = locator.bounding_box()
    assert (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= page.viewport_size["height"]
    )
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    idle(page)


def screen_top(locator: Locator) -> float:
    top: float = locator.evaluate("e => e.getBoundingClientRect().top")
    return top


def test_the_picker_stays_under_the_finger_as_the_hand_is_laid(page: Page, live_server, artifacts):
    """From the top of the page, on a phone: each tile is tapped where it is on the screen,
    and after each tap the same tile is still there, as the hand above fills its first row
    and wraps to the second, so the next tap at the same spot lands on the same tile."""
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(f"{live_server.url}/calculator/")
    moves = []
    for count, name in enumerate(TAPS, start=1):
        tile = page.get_by_role("button", name=name, exact=True).and_(
            page.locator(".calc-picker button")
        )
        tile.scroll_into_view_if_needed()
        where = screen_top(tile)
        tap_in_place(page, tile)
        expect(page.locator(".calc-count")).to_contain_text(f"{count}/14")
        moves.append(round(screen_top(tile) - where))
    assert moves == [0] * len(TAPS)
    page.screenshot(path=artifacts / "calculator-hand-laid-phone.png")


def scroll_to_show(page: Page, locator: Locator) -> int:
    """Scroll so that the element is in the middle of the screen; the scroll it ends at."""
    top = locator.evaluate("e => e.getBoundingClientRect().top + scrollY")
    page.evaluate(f"scrollTo(0, {int(top) - 300})")
    page.wait_for_timeout(100)
    return int(page.evaluate("scrollY"))


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_tap_on_a_scrolled_calculator_leaves_the_view_where_it_was(page: Page, live_server, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(f"{live_server.url}/calculator/?seat_wind=S")
    page.evaluate("scrollTo(0, 250)")
    page.wait_for_timeout(100)
    tile = page.locator("#add-3p")
    where = screen_top(tile)
    tap_in_place(page, tile)
    expect(page.locator(".calc-count")).to_have_text("1/14 tiles")
    # The first tile laid above the picker does not move the picker under the finger.
    assert abs(screen_top(tile) - where) < 1

    tsumo = page.locator("label.calc-chip:has(input[name=tsumo][value='1'])")
    before = scroll_to_show(page, tsumo)
    tap_in_place(page, tsumo)
    expect(page.locator("input[name=tsumo][value='1']")).to_be_checked()
    assert page.evaluate("scrollY") == before

    page.goto(f"{live_server.url}/calculator/fu/")
    triplet = page.locator("label.calc-chip:has(#id_meld_3_kind_1)")
    before = scroll_to_show(page, triplet)
    tap_in_place(page, triplet)
    expect(page.locator("#id_meld_3_kind_1")).to_be_checked()
    assert page.evaluate("scrollY") == before


def test_the_phones_bar_reads_as_a_line_and_goes_once_the_answer_is_in_view(
    page: Page, live_server
):
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(
        f"{live_server.url}/calculator/?closed=123m067p23456788s&win_tile=1m&seat_wind=S&riichi=1&tsumo=1"
    )
    bar = page.locator(".calc-sticky")
    expect(bar).to_have_text("4 han 20 fu · 5,200")
    # A space is drawn between the headline and the dot (a flex box would drop it).
    gap = bar.evaluate(
        """bar => {
            const strong = bar.querySelector("strong");
            const text = strong.nextSibling;
            const range = document.createRange();
            const dot = text.textContent.indexOf("·");
            range.setStart(text, dot);
            range.setEnd(text, dot + 1);
            return range.getBoundingClientRect().left - strong.getBoundingClientRect().right;
        }"""
    )
    assert gap > 2, gap
    page.evaluate("scrollTo(0, 0)")
    expect(bar).to_be_visible()

    page.locator("#answer").scroll_into_view_if_needed()
    expect(bar).to_be_hidden()


def test_an_organisers_links_keep_to_one_row_on_a_wide_screen(
    browser, live_server, transactional_db
):
    for japanese in (False, True):
        page = signed_in(
            browser, live_server, organiser(f"alice{japanese:d}"), "desktop", japanese=japanese
        )
        page.goto(f"{live_server.url}/games/")
        tops = page.eval_on_selector_all(
            "#site-links > li:not(.menu-only)",
            "items => items.map(i => i.getBoundingClientRect().top)",
        )
        assert len(tops) >= 12
        assert len(set(tops)) == 1, tops
