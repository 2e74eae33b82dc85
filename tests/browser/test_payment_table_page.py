"""The payment table in a browser, at phone and desktop widths."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import VIEWPORTS, fits, new_page


@pytest.mark.parametrize("size", VIEWPORTS)
def test_choosing_a_ruleset_updates_the_table_in_place(page: Page, live_server, artifacts, size):
    page.set_viewport_size(VIEWPORTS[size])
    page.goto(f"{live_server.url}/payment-table/?rules=tenhou")
    four_han_thirty_fu = page.locator("#non-dealer-4-30")
    expect(four_han_thirty_fu.locator(".ron")).to_have_text("7,700")
    # htmx loaded from the site itself, and the page fits the screen: only a table may scroll.
    page.screenshot(path=artifacts / f"payment-table-{size}-tenhou.png", full_page=True)
    assert page.evaluate("typeof htmx") == "object"
    assert fits(page), f"the payment table is wider than the {size}"
    page.evaluate("window.swapped = false")
    page.evaluate("document.body.addEventListener('htmx:afterSwap', () => window.swapped = true)")

    page.get_by_label("Ruleset").select_option("wrc")

    expect(four_han_thirty_fu.locator(".ron")).to_have_text("8,000")
    expect(four_han_thirty_fu).to_have_class("mangan")
    expect(page).to_have_url(re.compile(r"/payment-table/\?rules=wrc$"))
    assert page.evaluate("window.swapped") is True, "the table was not swapped in by htmx"
    page.screenshot(path=artifacts / f"payment-table-{size}-wrc.png", full_page=True)


def test_without_javascript_the_form_still_shows_the_chosen_table(
    browser: Browser, live_server, artifacts
):
    page = new_page(browser, javascript=False)
    page.goto(f"{live_server.url}/payment-table/?rules=tenhou")

    page.get_by_label("Ruleset").select_option("wrc")
    page.get_by_role("button", name="Show").click()

    expect(page).to_have_url(re.compile(r"/payment-table/\?rules=wrc$"))
    expect(page.locator("#non-dealer-4-30 .ron")).to_have_text("8,000")
    page.screenshot(path=artifacts / "payment-table-phone-no-javascript.png", full_page=True)
    page.context.close()


def test_an_unknown_ruleset_shows_the_error_beside_the_field_until_one_is_chosen(
    page: Page, live_server, artifacts
):
    page.set_viewport_size(VIEWPORTS["phone"])

    response = page.goto(f"{live_server.url}/payment-table/?rules=bogus")

    assert response is not None and response.status == 422
    expect(page.get_by_label("Ruleset")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".field-error")).to_have_text(
        "Unknown ruleset “bogus”: choose one of the list."
    )
    page.screenshot(path=artifacts / "payment-table-phone-error.png", full_page=True)

    page.get_by_label("Ruleset").select_option("tenhou")
    page.get_by_role("button", name="Show").click()

    expect(page.locator(".field-error")).to_have_count(0)
    expect(page.locator("#non-dealer-4-30 .ron")).to_have_text("7,700")
