"""A reload, or a back and forward, keeps the hand being entered: the choices made so far
come back in the form, previewed; once the hand is recorded the next one starts blank."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from table_helpers import chip, idle, tap


def test_a_reload_keeps_the_choices_and_the_preview(phone: Page, live_server, game):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "2")
    tap(page, "riichi", "1")
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    idle(page)

    page.reload()
    for name, value in (("outcome", "ron"), ("winners", "1"), ("discarder", "2"), ("riichi", "1")):
        expect(chip(page, name, value).locator("input")).to_be_checked()
    expect(ben.locator("input[name=win_1_han][value='3']")).to_be_checked()
    ben.locator(".subgroup-fu label.chip:has(input[value='40'])").click()
    expect(page.locator("#preview")).to_contain_text("+5,200")

    page.goto(f"{live_server.url}/history/")
    page.go_back()
    expect(ben.locator("input[name=win_1_fu][value='40']")).to_be_checked()
    expect(page.locator("#preview")).to_contain_text("+5,200")

    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")
    idle(page)
    page.reload()
    expect(page.locator("#hand-form input[name=outcome]:checked")).to_have_count(0)
