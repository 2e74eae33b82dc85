"""The dora counters on a phone: in view without opening the fold, a − and a + each a
thumb's width, their total beside them, and the han and the preview follow the taps."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from table_helpers import fits, tap


def test_dora_steppers_count_in_reach_with_their_total(phone: Page, live_server, game, artifacts):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    ben = page.locator(".win[data-seat='1']")
    expect(ben.locator("details.win-yaku")).not_to_have_attribute("open", "")
    dora = ben.locator(".win-dora")
    expect(dora).to_be_visible()
    plus = dora.get_by_role("button", name="Dora +1", exact=True)
    box = plus.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    plus.click()
    plus.click()
    dora.get_by_role("button", name="Red fives +1", exact=True).click()
    dora.get_by_role("button", name="Ura dora −1", exact=True).click()  # stays at 0
    expect(ben.locator("input[name=win_1_dora]")).to_have_value("2")
    expect(ben.locator("input[name=win_1_aka]")).to_have_value("1")
    expect(ben.locator("input[name=win_1_ura]")).to_have_value("0")
    expect(dora.locator(".dora-total output")).to_have_text("3")
    # Tanyao and the three dora: 4 han; at 30 fu a non-dealer's ron is 7,700.
    ben.locator(".win-yaku summary").click()
    ben.locator("label.chip:has(input[value='Tanyao'])").click()
    expect(ben.locator(".subgroup-han input[value='4']")).to_be_checked()
    ben.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    expect(page.locator("#preview")).to_contain_text("7,700")
    assert fits(page)
    dora.screenshot(path=artifacts / "dora-steppers-phone.png")
