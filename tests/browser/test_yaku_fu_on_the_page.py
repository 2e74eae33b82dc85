"""On the page, as on the server: pinfu and chiitoitsu fill in the fu chip (pinfu 20 by
tsumo, 30 on a discard; chiitoitsu 25), and a winner in riichi is closed."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from table_helpers import idle, tap


def test_pinfu_gives_its_fu_and_riichi_closes_the_hand(phone: Page, live_server, game):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    tap(page, "riichi", "1")
    ben = page.locator(".win[data-seat='1']")
    expect(ben.locator("input[name=win_1_open][value=closed]")).to_be_checked()
    ben.locator("summary").click()
    ben.locator("label.chip:has(input[value='Pinfu'])").click()

    # Riichi and pinfu: 2 han, 30 fu on a discard; 2,000 from Chie.
    expect(ben.locator("input[name=win_1_han][value='2']")).to_be_checked()
    expect(ben.locator("input[name=win_1_fu][value='30']")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("+2,000")

    # By tsumo: menzen tsumo too, 3 han, and pinfu's 20 fu: 700-1,300.
    tap(page, "outcome", "tsumo")
    tap(page, "winner", "1")
    idle(page)
    expect(ben.locator("input[name=win_1_fu][value='20']")).to_be_checked()
    expect(ben.locator("input[name=win_1_han][value='3']")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("+2,700")


def test_chiitoitsu_gives_25_fu(phone: Page, live_server, game):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    tap(page, "outcome", "ron")
    tap(page, "winners", "3")
    tap(page, "discarder", "0")
    dan = page.locator(".win[data-seat='3']")
    dan.locator("summary").click()
    dan.locator("label.chip:has(input[value='Chiitoitsu'])").click()

    # Chiitoitsu alone: 2 han 25 fu, 1,600 from Aki.
    expect(dan.locator("input[name=win_3_fu][value='25']")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("+1,600")
