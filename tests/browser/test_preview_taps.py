"""The preview keeps up with quick taps: a tap made while the previous preview is still on its
way is previewed too (each new preview request replaces the one in flight)."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect


def test_quick_taps_on_a_slow_connection_end_with_the_right_preview(phone: Page, live_server, game):
    page = phone

    def slow(route: Route) -> None:
        page.wait_for_timeout(400)  # a slow connection: every preview takes a while
        route.continue_()

    page.route("**/preview/", slow)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#hand-form")
    form.locator("label.chip:has(input[name=outcome][value=tsumo])").click()
    form.locator("label.chip:has(input[name=winner][value='1'])").click()
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='2'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    # Non-dealer 2 han 30 fu tsumo: 500 from each non-dealer, 1,000 from the dealer.
    expect(page.locator("#preview")).to_contain_text("+2,000", timeout=10_000)
    expect(page.locator("#preview")).not_to_contain_text("Choose")
