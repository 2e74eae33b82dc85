"""The engine's refusals in Japanese in a browser set to Japanese, on a phone and a desktop:
the preview and the hand form's field say why a 1 han 20 fu ron cannot be, and the ruleset
form says why an uma that does not sum to 0 cannot be."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import VIEWPORTS, fits, new_game, organiser, signed_in

#: RULES.md: 20 fu is pinfu tsumo only; a ron has 30 fu at least.
RON_20_FU = "ロンで1翻20符はありません。20符はロンでは和了できません（門前ロンは30符以上）。"


def choose(page: Page, selector: str) -> None:
    page.locator(f"#hand-form label.chip:has({selector})").first.click()


@pytest.mark.parametrize("size", VIEWPORTS)
def test_an_impossible_ron_is_refused_in_japanese(
    browser: Browser, live_server, transactional_db, artifacts, size
):
    game = new_game()
    page = signed_in(browser, live_server, organiser(also_member=True), size, japanese=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    choose(page, "input[name=outcome][value=ron]")
    choose(page, "input[name=winners][value='1']")
    choose(page, "input[name=discarder][value='2']")
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='1'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='20'])").click()

    expect(page.locator("#preview")).to_contain_text(RON_20_FU)
    page.locator("#preview").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"refusal-ja-preview-{size}.png")
    assert fits(page), f"the preview is wider than the {size}"

    page.locator("#hand-form button[type=submit]").last.click()
    expect(page.locator("#id_win_1_fu_error")).to_have_text(RON_20_FU)
    page.locator("#id_win_1_fu_error").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"refusal-ja-hand-form-{size}.png")
    assert fits(page), f"the refused hand form is wider than the {size}"


@pytest.mark.parametrize("size", VIEWPORTS)
def test_an_uma_that_does_not_sum_to_zero_is_refused_in_japanese(
    browser: Browser, live_server, transactional_db, artifacts, size
):
    page = signed_in(browser, live_server, organiser(also_member=True), size, japanese=True)
    page.goto(f"{live_server.url}/rulesets/new/?preset=ema")
    page.fill("input[name=name]", "金曜会")
    # EMA's uma is 15,000 / 5,000 / -5,000 / -15,000: a last place of -25,000 sums to -10,000.
    page.fill("input[name=uma_3]", "-25000")
    page.locator("#ruleset-form button[type=submit]").last.click()

    error = page.locator("#id_uma_error")
    expect(error).to_contain_text("ウマの値の合計は0にしてください（今の合計は\u221210,000）。")
    error.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"refusal-ja-ruleset-uma-{size}.png")
    assert fits(page), f"the refused ruleset form is wider than the {size}"
