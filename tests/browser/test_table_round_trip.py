"""The hand form's round trips in a browser: from a double ron to the hand calculator and
back, the whole form going and coming (the other winner, the discarder, every riichi), the
calculator open on the winner's ron and riichi, the preview shown at once on return; and an
edit whose preview warns that it would make a later hand impossible."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import TAPS, VIEWPORTS, chip, idle, member, new_game, signed_in, tap

from scorekeeper.club.models import Game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand, Ron, Win

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_double_ron_goes_to_the_calculator_and_back_whole(
    browser: Browser, live_server, artifacts, size
):
    game = new_game()
    page = signed_in(browser, live_server, member(), size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Aki (dealer) and Chie both win on Ben's discard, both in riichi; Aki 2 han 30 fu.
    tap(page, "outcome", "ron")
    tap(page, "winners", "0")
    tap(page, "winners", "2")
    tap(page, "discarder", "1")
    tap(page, "riichi", "0")
    tap(page, "riichi", "2")
    aki = page.locator(".win[data-seat='0']")
    aki.locator(".subgroup-han label.chip:has(input[value='2'])").click()
    aki.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    idle(page)

    page.locator(".win[data-seat='2']").get_by_role(
        "button", name="Count it from the tiles"
    ).click()

    # The calculator opens on Chie's hand as the table has it: West, ron, riichi.
    expect(page).to_have_url(re.compile(r"/calculator/\?"))
    expect(page.get_by_role("radio", name="West").first).to_be_checked()
    expect(page.get_by_role("radio", name="Ron", exact=True)).to_be_checked()
    expect(page.get_by_label("Riichi", exact=True)).to_be_checked()
    # Chie's hand: riichi, pinfu and a red five pin, won by ron on 1m: 3 han 30 fu.
    for number, name in enumerate(TAPS, start=1):
        page.get_by_role("button", name=name, exact=True).click()
        expect(page.locator(".calc-count")).to_have_text(f"{number}/14 tiles")
        idle(page)
    expect(page.locator("#answer .calc-headline")).to_have_text("3 han 30 fu")
    page.screenshot(path=artifacts / f"round-trip-{size}-calculator.png")
    page.locator("#answer").get_by_role("link", name="Use this hand").click()

    # Back at the table: the whole form, Chie's hand in it, and its preview at once (Aki
    # 2,900 less his stick; Chie 3,900, less hers, with both sticks; Ben pays both).
    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/\?"))
    for name, value in (
        ("outcome", "ron"),
        ("winners", "0"),
        ("winners", "2"),
        ("discarder", "1"),
        ("riichi", "0"),
        ("riichi", "2"),
        ("win_0_han", "2"),
        ("win_0_fu", "30"),
        ("win_2_han", "3"),
        ("win_2_fu", "30"),
    ):
        expect(chip(page, name, value).locator("input")).to_be_checked()
    expect(chip(page, "winners", "1").locator("input")).not_to_be_checked()
    preview = page.locator("#preview .preview-changes")
    expect(preview).to_contain_text("+1,900")
    expect(preview).to_contain_text("\u22126,800")
    expect(preview).to_contain_text("+4,900")
    page.screenshot(path=artifacts / f"round-trip-{size}-back.png", full_page=True)

    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")
    # The address is the table's own again: a reload shows a blank form.
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_the_edit_preview_warns_when_a_later_hand_would_become_impossible(
    browser: Browser, live_server, artifacts
):
    game = new_game()
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(2,)), riichi=(2,)), expected_sequence=1)
    page = signed_in(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("link", name="Edit hand 1").click()
    expect(page.get_by_role("heading", name=re.compile("Edit hand 1"))).to_be_visible()

    # A yakuman from Chie puts her below zero: the game would end in East 1 (tobi), and
    # hand 2, played in East 2, could not have been.
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='yakuman'])").click()

    warning = page.locator("#preview .preview-warning")
    expect(warning).to_contain_text("makes hand 2 (East 2) impossible")
    warning.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "edit-phone-later-hand-warning.png")
