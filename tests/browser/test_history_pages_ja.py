"""The pages that look back, read in Japanese on a phone and on a desktop: nothing wider than
the screen, the Japanese words in place, the dates written the Japanese way. Screenshots go
to test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser
from table_helpers import VIEWPORTS, fits, new_page

#: A day as Japanese writes it, with its weekday: 2025年5月31日（土）.
JAPANESE_DAY = re.compile(r"20\d\d年\d{1,2}月\d{1,2}日（[月火水木金土日]）")


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_pages_read_in_japanese_and_fit_the_screen(
    browser: Browser, live_server, history_club, artifacts, screen
):
    page = new_page(browser, screen, japanese=True)
    for name, url in history_club.items():
        page.goto(live_server.url + url)
        assert fits(page), f"{name} is wider than the {screen}"
        page.screenshot(path=artifacts / f"history-ja-{name}-{screen}.png", full_page=True)
        if screen == "phone":
            # The long pages in screens' worth, to read them at their size.
            height = page.evaluate("document.documentElement.scrollHeight")
            for part, top in enumerate(range(0, min(height, 6000), 1400)):
                clip = {"x": 0, "y": top, "width": 360, "height": min(1400, height - top)}
                page.screenshot(
                    path=artifacts / f"history-ja-{name}-phone-{part}.png",
                    full_page=True,
                    clip=clip,
                )

    page.goto(live_server.url + history_club["history"])
    assert page.locator("h1").inner_text() == "対局履歴"
    assert JAPANESE_DAY.fullmatch(page.locator(".history-game time").first.inner_text())
    page.goto(live_server.url + history_club["player"])
    assert page.locator("#places-title").inner_text() == "順位"
    assert page.locator(
        "[aria-labelledby=places-title] .places-table th[scope=row]"
    ).all_inner_texts() == [
        "1位",
        "2位",
        "3位",
        "4位",
    ]
    page.goto(live_server.url + history_club["statistics"])
    assert page.locator("#yaku-stats-title").inner_text() == "クラブのアガリの内訳"
