"""The Content-Security-Policy in a browser: the pages work under it and nothing on them is
refused (a refused script, style or eval shows as a ``securitypolicyviolation`` event and a
console error). A hand recorded by htmx (its partials swapped, the chart fetched after it),
the live board polling, the history's charts, the calculator and the admin."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import member, organiser, signed_in

from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win

#: Each page reports what the policy refused here (it is set before any script runs).
WATCH = """
window.__refused = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__refused.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
"""


def watched(page: Page) -> list[str]:
    """The page's console errors that name the policy, gathered as it is used."""
    page.add_init_script(WATCH)
    errors: list[str] = []
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    return errors


def refused(page: Page, errors: list[str]) -> list[str]:
    return [*page.evaluate("window.__refused || []"), *errors]


@pytest.fixture
def member_page(browser: Browser, live_server, transactional_db) -> Page:
    return signed_in(browser, live_server, member())


def test_a_hand_recorded_by_htmx_and_the_live_board_break_nothing_under_the_policy(
    member_page: Page, live_server, game
):
    page = member_page
    errors = watched(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for selector in ("input[name=outcome][value=ron]", "input[name=winners][value='1']"):
        page.locator(f"#hand-form label.chip:has({selector})").first.click()
    page.locator("#hand-form label.chip:has(input[name=discarder][value='2'])").first.click()
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='40'])").click()
    expect(page.locator("#preview")).to_contain_text("+5,200")
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")
    expect(page.locator("#points-chart svg.chart")).to_be_visible()
    assert page.evaluate("typeof htmx") == "object"
    assert refused(page, errors) == []

    page.goto(f"{live_server.url}/games/{game.pk}/live/")
    record_hand(game=game, hand=Hand(Ron(3, (Win(0, han=2, fu=30),))), expected_sequence=1)
    expect(page.locator("#live-board")).to_contain_text("Aki", timeout=10_000)
    page.wait_for_timeout(3500)  # one poll of the board at least
    assert refused(page, errors) == []


def test_the_history_charts_the_calculator_and_the_admin_break_nothing_under_the_policy(
    browser: Browser, live_server, history_club
):
    alice = organiser(also_member=True)
    alice.is_superuser = True  # the admin's every page
    alice.save()
    page = signed_in(browser, live_server, alice, "desktop")
    errors = watched(page)
    for path in (*history_club.values(), "/calculator/", "/payment-table/", "/admin/"):
        answer = page.goto(f"{live_server.url}{path}")
        assert answer is not None and answer.ok, path
        assert answer.headers["content-security-policy"].startswith("default-src 'self'")
    page.goto(f"{live_server.url}{history_club['player']}")
    expect(page.locator("svg.chart").first).to_be_visible()
    page.goto(f"{live_server.url}/admin/club/game/")
    expect(page.locator("#changelist")).to_be_visible()

    assert refused(page, errors) == []
