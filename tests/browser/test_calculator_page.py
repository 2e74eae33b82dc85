"""The hand calculator and the fu calculator in a browser: a hand laid in tile by tile with a
thumb on a phone, the answer read, and the same without JavaScript."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import TAPS, VIEWPORTS, fits, idle, member, new_game, new_page, signed_in


def _fits_the_screen(page: Page) -> None:
    # Measured once htmx has finished swapping (mid-swap, a tile can measure 0 px).
    idle(page)
    assert fits(page), "the calculator is wider than the screen"
    heights = page.eval_on_selector_all(
        ".calc-picker .calc-tile", "tiles => tiles.map(t => t.getBoundingClientRect().height)"
    )
    assert min(heights) >= 40, f"picker tiles are {min(heights):.0f}px tall"


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_hand_tapped_in_tile_by_tile_shows_its_yaku_fu_and_payment(
    page: Page, live_server, artifacts, size
):
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(f"{live_server.url}/calculator/?seat_wind=S")
    assert page.evaluate("typeof htmx") == "object"
    _fits_the_screen(page)
    page.evaluate("window.swaps = 0")
    page.evaluate("document.body.addEventListener('htmx:afterSwap', () => window.swaps++)")
    count = page.locator(".calc-count")

    for number, name in enumerate(TAPS, start=1):
        # As a person sees the new tiles before tapping again: a tap while the form is being
        # swapped out can submit it without htmx, which reloads the page.
        idle(page)
        page.get_by_role("button", name=name, exact=True).click()
        expect(count).to_have_text(f"{number}/14 tiles")
        if number == 7:
            page.screenshot(path=artifacts / f"calculator-{size}-half-a-hand.png", full_page=True)
    idle(page)
    page.get_by_label("Riichi", exact=True).check()

    answer = page.locator("#answer")
    expect(answer.locator(".calc-headline")).to_have_text("3 han 30 fu")
    expect(answer.locator(".calc-payments div").first).to_have_text(
        re.compile(r"Ron: the discarder pays\s*3,900")
    )
    expect(answer.locator(".calc-yaku")).to_contain_text("Aka Dora")
    expect(page.locator(".calc-win")).to_have_attribute(
        "aria-label", "Take out 1 man, the winning tile"
    )
    expect(page).to_have_url(re.compile(r"closed=123m067p23456788s.*win_tile=1m.*riichi=1"))
    assert page.evaluate("window.swaps") >= len(TAPS), "the taps were not swapped in by htmx"
    _fits_the_screen(page)
    page.screenshot(path=artifacts / f"calculator-{size}-answer.png", full_page=True)

    # A tap on a tile of the hand takes it out again.
    page.get_by_role("button", name="Take out 1 man, the winning tile").click()
    expect(count).to_have_text("13/14 tiles")
    expect(answer).to_contain_text("Add 1 more tile.")


def test_a_refused_hand_shows_the_message_beside_its_field_and_clears_when_fixed(
    page: Page, live_server, artifacts
):
    page.set_viewport_size(VIEWPORTS["phone"])
    response = page.goto(
        f"{live_server.url}/calculator/?closed=123m067p23456788s&win_tile=1m&seat_wind=S&ippatsu=1"
    )

    assert response is not None and response.status == 422
    expect(page.locator("#id_ippatsu_error")).to_have_text("Ippatsu needs riichi")
    page.screenshot(path=artifacts / "calculator-phone-refused.png", full_page=True)

    page.get_by_label("Riichi", exact=True).check()

    expect(page.locator("#id_ippatsu_error")).to_have_count(0)
    expect(page.locator("#answer .calc-headline")).to_have_text("4 han 30 fu")


def test_melds_and_dora_are_picked_with_the_same_picker(page: Page, live_server, artifacts):
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(f"{live_server.url}/calculator/?seat_wind=S")
    count = page.locator(".calc-count")

    page.get_by_role("radio", name="Pon", exact=True).check()
    page.get_by_role("button", name="Red dragon", exact=True).click()
    expect(page.locator(".calc-meld")).to_contain_text("Pon")
    page.get_by_role("radio", name="Chi", exact=True).check()
    for name in ("6 pin", "7 pin", "8 pin"):
        page.get_by_role("button", name=name, exact=True).click()
    expect(count).to_have_text("6/14 tiles")
    page.get_by_role("radio", name="Dora", exact=True).check()
    page.get_by_role("button", name="6 pin", exact=True).click()
    expect(page.get_by_role("button", name="Take out the dora indicator 6 pin")).to_be_visible()
    page.get_by_role("radio", name="Hand", exact=True).check()
    # Each tap waits for its answer: the page scrolls after a swap to keep the
    # tapped tile under the finger, so a tap aimed before the scroll would miss.
    hand = ("2 man", "3 man", "4 man", "5 pin", "6 pin", "7 pin", "8 sou", "8 sou")
    for tiles, name in enumerate(hand, start=7):
        page.get_by_role("button", name=name, exact=True).click()
        expect(count).to_have_text(f"{tiles}/14 tiles")

    answer = page.locator("#answer")
    expect(answer.locator(".calc-yaku")).to_contain_text("Chun")
    expect(answer.locator(".calc-yaku")).to_contain_text("Dora")
    page.screenshot(path=artifacts / "calculator-phone-melds.png", full_page=True)


def test_without_javascript_each_tap_reloads_the_page_with_the_hand(
    browser: Browser, live_server, artifacts
):
    page = new_page(browser, javascript=False)
    page.goto(f"{live_server.url}/calculator/?closed=23m067p23456788s&seat_wind=S&riichi=1")

    page.get_by_role("button", name="1 man", exact=True).click()

    expect(page).to_have_url(re.compile(r"/calculator/\?closed=123m067p23456788s&win_tile=1m"))
    expect(page.locator("#answer .calc-headline")).to_have_text("3 han 30 fu")
    page.get_by_role("radio", name="Tsumo", exact=True).check()
    page.get_by_role("button", name="Show the answer").click()
    expect(page.locator("#answer .calc-headline")).to_have_text("4 han 20 fu")
    page.screenshot(path=artifacts / "calculator-phone-no-javascript.png", full_page=True)
    page.context.close()


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_fu_calculator_counts_as_the_choices_change(page: Page, live_server, artifacts, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(f"{live_server.url}/calculator/fu/")
    total = page.locator("#fu-answer .calc-headline")
    expect(total).to_have_text("30 fu")

    page.get_by_label("Han (for the payment)").select_option("2")
    expect(page.locator("#fu-answer")).to_contain_text("2,000")
    page.get_by_role("radio", name="Tsumo").check()
    expect(total).to_have_text("20 fu")
    # Each choice waits for its answer, as a player reads it before the next one.
    page.get_by_role("group", name="Meld 1: kind").get_by_role("radio", name="Triplet").check()
    expect(page.locator("#fu-answer")).to_contain_text("Rounded up from 26")
    page.get_by_role("group", name="Meld 2: kind").get_by_role("radio", name="Triplet").check()
    expect(page.get_by_role("rowheader", name="Closed triplet of simples")).to_have_count(2)
    page.get_by_role("group", name="Meld 2: called?").get_by_role("radio", name="Open").check()
    expect(page.locator("#fu-answer")).to_contain_text("Open triplet of simples")

    expect(total).to_have_text("30 fu")
    expect(page.locator("#fu-answer")).to_contain_text("Rounded up from 28")
    expect(page.locator("#fu-answer")).to_contain_text("500-1,000")
    assert fits(page), f"the fu calculator is wider than the {size}"
    page.screenshot(path=artifacts / f"fu-calculator-{size}.png", full_page=True)


@pytest.fixture
def member_page(browser: Browser, live_server, transactional_db) -> Page:
    """A phone logged in as a member."""
    return signed_in(browser, live_server, member())


def test_a_winner_counted_from_the_tiles_goes_back_to_the_table_with_han_and_fu(
    member_page: Page, live_server, artifacts
):
    game = new_game()
    page = member_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#hand-form label.chip:has(input[name=outcome][value=tsumo])").click()
    page.locator("#hand-form label.chip:has(input[name=winner][value='1'])").click()

    page.locator('fieldset.win[data-seat="1"]').get_by_role(
        "button", name="Count it from the tiles"
    ).click()
    # Ben sits South in East 1: the calculator knows, and plays the game's rules.
    expect(page.get_by_role("radio", name="South").first).to_be_checked()
    for number, name in enumerate(TAPS, start=1):
        page.get_by_role("button", name=name, exact=True).click()
        expect(page.locator(".calc-count")).to_have_text(f"{number}/14 tiles")
    page.get_by_role("radio", name="Tsumo", exact=True).check()
    page.get_by_label("Riichi", exact=True).check()
    expect(page.locator("#answer .calc-headline")).to_have_text("4 han 20 fu")
    # The answer is redrawn after each tap: the link is clicked once it is the last answer's
    # (on a busy machine an earlier one's link was clicked as it was being replaced).
    use = page.locator("#answer").get_by_role("link", name="Use this hand")
    expect(use).to_have_attribute("href", re.compile(r"han=4&fu=20"))
    use.click()

    expect(page).to_have_url(
        re.compile(rf"/games/{game.pk}/\?seat=1&.*han=4&fu=20"), timeout=15_000
    )
    expect(page.locator("input[name=win_1_han][value='4']")).to_be_checked()
    expect(page.locator("input[name=win_1_fu][value='20']")).to_be_checked()
    page.screenshot(path=artifacts / "calculator-phone-back-at-the-table.png", full_page=True)
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#hand-log")).to_contain_text("Ben")
    game.refresh_from_db()
    assert game.hand_count == 1
