"""The ruleset form in a browser, on a phone and on a desktop: nothing wider than the screen,
choosing a preset fills in its values in place (htmx) and keeps the rules already changed, a
changed rule is marked, an uma that does not sum to 0 is refused on the uma, and the saved
ruleset's page reads its rules in words. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, organiser, signed_in

from scorekeeper.club.models import SavedRuleset


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_organiser_builds_a_ruleset_from_a_preset(
    browser: Browser, live_server, transactional_db, artifacts, screen
):
    page = signed_in(browser, live_server, organiser(), screen)
    page.goto(f"{live_server.url}/rulesets/new/")
    assert fits(page)
    # EMA by default: 30,000 points at the start (RULES.md).
    expect(page.locator("#id_start_points")).to_have_value("30000")
    page.screenshot(path=artifacts / f"ruleset-form-new-{screen}.png", full_page=True)
    for group in ("points", "end", "draws", "limits", "extras"):
        fieldset = page.locator(f"#group-{group}")
        fieldset.screenshot(path=artifacts / f"ruleset-form-{group}-{screen}.png")

    page.fill("#id_name", "Club Friday")
    page.check("#id_kiriage")  # EMA plays without kiriage
    page.evaluate("window.notReloaded = true")
    page.select_option("#id_preset", "tenhou")
    # Tenhou: 25,000 at the start, 20,000 oka; the kiriage chosen is kept, and marked.
    expect(page.locator("#id_start_points")).to_have_value("25000")
    expect(page.locator("#id_oka")).to_have_value("20000")
    assert page.evaluate("window.notReloaded === true")
    expect(page.locator("#id_name")).to_have_value("Club Friday")
    expect(page.locator("#id_kiriage")).to_be_checked()
    expect(page.locator("#field-kiriage")).to_have_class("field field-check rule-field changed")
    expect(page.locator("#field-start_points")).not_to_have_class("changed")
    page.locator("#group-limits").screenshot(path=artifacts / f"ruleset-form-marked-{screen}.png")

    page.fill("#id_uma_3", "-25000")  # the four no longer sum to 0
    page.locator("#ruleset-form .actions button").click()
    error = page.locator("#id_uma_error")
    expect(error).to_contain_text("sum to 0")
    expect(page.locator("#field-uma .tag")).to_have_text("changed")
    assert fits(page)
    error.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"ruleset-form-refused-{screen}.png")

    page.fill("#id_uma_3", "-20000")
    page.locator("#ruleset-form .actions button").click()
    expect(page.locator("h1")).to_have_text("Club Friday")
    saved = SavedRuleset.objects.get(name="Club Friday")
    assert (saved.preset, saved.overrides) == ("tenhou", {"kiriage": True})
    expect(page.locator("li.changed")).to_have_count(1)
    expect(page.locator("li[data-parameter=kiriage]")).to_contain_text("Tenhou: No kiriage.")
    assert fits(page)
    page.screenshot(path=artifacts / f"ruleset-page-{screen}.png", full_page=True)


def test_without_javascript_the_fill_in_button_fills_in_the_preset(
    browser: Browser, live_server, transactional_db, artifacts
):
    page = signed_in(browser, live_server, organiser(), javascript=False)
    page.goto(f"{live_server.url}/rulesets/new/")
    page.fill("#id_name", "Club Friday")
    page.fill("#id_chip_value", "500")
    page.select_option("#id_preset", "mleague")
    page.get_by_role("button", name="Fill in").click()
    # M-League: 30,000 uma for 1st, 20,000 oka (RULES.md); the chips set on EMA kept.
    expect(page.locator("#id_uma_0")).to_have_value("30000")
    expect(page.locator("#id_oka")).to_have_value("20000")
    expect(page.locator("#id_chip_value")).to_have_value("500")
    expect(page.locator("#field-chip_value .tag")).to_have_text("changed")
    assert not SavedRuleset.objects.exists()
    page.locator("#id_chip_value").press("Enter")  # Enter saves, not fills in
    expect(page.locator("h1")).to_have_text("Club Friday")
    saved = SavedRuleset.objects.get()
    assert (saved.preset, saved.overrides) == ("mleague", {"chip_value": 500})


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_a_presets_page_reads_in_words(
    browser: Browser, live_server, transactional_db, artifacts, screen
):
    page = signed_in(browser, live_server, organiser(), screen)
    page.goto(f"{live_server.url}/rulesets/presets/mahjongsoul/")
    expect(page.locator("li[data-parameter=double_yakuman_hands]")).to_contain_text(
        "double yakuman"
    )
    assert fits(page)
    page.screenshot(path=artifacts / f"ruleset-preset-page-{screen}.png", full_page=True)
    page.get_by_role("link", name="Start a ruleset from it").click()
    expect(page.locator("#id_preset")).to_have_value("mahjongsoul")
    expect(page.locator("#id_start_points")).to_have_value("25000")
