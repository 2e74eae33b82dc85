"""The hand calculator with a scored hand, the fu calculator and the payment table read in
Japanese on a phone (360 px) and a desktop: nothing runs off the screen, and the words are
the club's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page
from table_helpers import VIEWPORTS, fits, new_page

#: A riichi pinfu hand with a red five pin won by ron on 1m, a South seat, one honba.
PINFU = "closed=123m067p234567s88s&win_tile=1m&riichi=1&seat_wind=S&honba=1&dora=4s"
#: The fu calculator with an open triplet of honors, a kanchan wait and 2 han.
FU = "win=open_ron&meld_1_kind=triplet&meld_1_open=open&meld_1_tiles=terminals&wait=kanchan&han=2"


def _nothing_runs_off(page: Page, size: str) -> None:
    assert fits(page), f"{page.url} is wider than the {size}"
    # A word wider than its box (a chip, a heading) runs out of it.
    overflowing = page.eval_on_selector_all(
        ".calc-chip-face, .calc-meld-words, h1, h2, h3, legend, label, .calc-payments dt",
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())",
    )
    assert overflowing == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_calculators_and_the_payment_table_read_in_japanese(
    live_server: Any, browser: Browser, artifacts: Path, size: str
):
    page = new_page(browser, size, japanese=True)
    try:
        page.goto(f"{live_server.url}{reverse('calculator')}?{PINFU}")
        headline = page.locator(".calc-headline")
        # Riichi, pinfu, one dora (indicator 4s: the 5s) and the red five: 4 han 30 fu.
        assert headline.inner_text() == "4翻30符"
        assert "立直" in page.locator(".calc-yaku").inner_text()
        assert "平和" in page.locator(".calc-yaku").inner_text()
        assert "赤ドラ" in page.locator(".calc-yaku").inner_text()
        assert "1本場込み" in page.locator(".calc-payments").inner_text()
        _nothing_runs_off(page, size)
        page.screenshot(path=artifacts / f"calculator-ja-{size}.png", full_page=True)
        page.locator("#answer").screenshot(path=artifacts / f"calculator-ja-answer-{size}.png")
        page.locator(".calc-main").screenshot(path=artifacts / f"calculator-ja-hand-{size}.png")

        page.goto(f"{live_server.url}{reverse('fu_calculator')}?{FU}")
        assert "符の内訳" in page.content()
        assert "幺九牌の明刻" in page.locator(".calc-fu").inner_text()
        _nothing_runs_off(page, size)
        page.screenshot(path=artifacts / f"fu-calculator-ja-{size}.png", full_page=True)

        page.goto(f"{live_server.url}{reverse('payment_table')}?rules=tenhou")
        assert page.locator("h1").inner_text() == "点数早見表"
        assert "2,000オール" in page.locator("#dealer").inner_text()
        assert fits(page), f"the payment table is wider than the {size}"
        page.screenshot(path=artifacts / f"payment-table-ja-{size}.png", full_page=True)
    finally:
        page.context.close()
