"""The table page and the live board in a browser: what only a browser does (the form's parts
appearing as choices are made, htmx swapping refusals in, the HTTP cache revalidating the
live board with If-None-Match)."""

from __future__ import annotations

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import Browser, Page, expect
from table_helpers import VIEWPORTS, fits, member, signed_in

from scorekeeper.club.models import Game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.views.live import revision_etag
from scoring.outcomes import Hand, Tsumo, Win


@pytest.fixture
def member_page(browser: Browser, live_server, transactional_db) -> Page:
    """A phone logged in as a member."""
    return signed_in(browser, live_server, member())


def choose(page: Page, selector: str) -> None:
    page.locator(f"#hand-form label.chip:has({selector})").first.click()


def test_a_ron_entered_on_a_phone_is_previewed_then_recorded(
    member_page: Page, live_server, game, artifacts
):
    page = member_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Before an outcome is chosen, only the outcome shows.
    expect(page.locator(".group-winners")).to_be_hidden()

    choose(page, "input[name=outcome][value=ron]")
    choose(page, "input[name=winners][value='1']")
    choose(page, "input[name=discarder][value='2']")
    ben = page.locator(".win[data-seat='1']")
    expect(ben).to_be_visible()
    expect(page.locator(".win[data-seat='0']")).to_be_hidden()
    ben.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='40'])").click()

    expect(page.locator("#preview")).to_contain_text("+5,200")
    page.screenshot(path=artifacts / "table-phone-ron-entered.png", full_page=True)
    assert fits(page), "the table is wider than the phone"
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded: Ben ron from Chie")
    expect(page.locator("#scoreboard")).to_contain_text("30,200")
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("1")
    assert page.evaluate("typeof htmx") == "object"
    # The log gets its first line, the chart fetches itself, the actions follow the game.
    expect(page.locator("#hand-log-list > li")).to_have_count(1)
    expect(page.locator("#points-chart")).to_contain_text("over 1 hand")
    expect(page.locator("#game-actions")).to_contain_text("Undo hand 1")
    page.screenshot(path=artifacts / "table-phone-ron-recorded.png", full_page=True)

    # A second hand: its line goes on top of the log, the form is blank again.
    expect(page.locator("#hand-form input[name=outcome]:checked")).to_have_count(0)
    choose(page, "input[name=outcome][value=draw]")
    choose(page, "input[name=tenpai][value='1']")
    expect(page.locator("#preview")).to_contain_text("+3,000")
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#messages")).to_contain_text("Hand 2 recorded")
    expect(page.locator("#hand-log-list > li")).to_have_count(2)
    expect(page.locator("#hand-log-list > li").first).to_have_id("hand-2")
    expect(page.locator("#points-chart")).to_contain_text("over 2 hands")
    expect(page.locator("#table-meta")).to_contain_text("2 hands")
    expect(page.locator("#record-title")).to_contain_text("East 2, 1 honba")
    expect(page.locator("#game-actions")).to_contain_text("Undo hand 2")
    expect(page.locator("#scoreboard")).to_contain_text("33,200")
    page.screenshot(path=artifacts / "table-phone-draw-recorded.png", full_page=True)


def test_a_refused_hand_is_swapped_in_with_its_error(member_page: Page, live_server, game):
    page = member_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    choose(page, "input[name=outcome][value=ron]")
    choose(page, "input[name=winners][value='1']")
    choose(page, "input[name=discarder][value='2']")
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='1'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='20'])").click()
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#id_win_1_fu_error")).to_contain_text("20 fu cannot be won by ron")
    assert Game.objects.get(pk=game.pk).hand_count == 0


def test_a_second_phone_with_an_old_form_gets_the_current_table(
    member_page: Page, live_server, game
):
    page = member_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # Another phone records the hand first.
    record_hand(game=game, hand=Hand(Tsumo(Win(0, han=4, fu=30))), expected_sequence=0)
    choose(page, "input[name=outcome][value=draw]")
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#messages")).to_contain_text(
        "The game changed on another phone — nothing was recorded"
    )
    expect(page.locator("#scoreboard")).to_contain_text("36,700")
    assert Game.objects.get(pk=game.pk).hand_count == 1


def test_a_refusal_that_is_not_swapped_in_still_shows_a_message(
    member_page: Page, live_server, game
):
    page = member_page
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # The phone's login ends on the server (an organiser logs it out, or it expires).
    Session.objects.all().delete()
    choose(page, "input[name=outcome][value=draw]")
    page.get_by_role("button", name="Record hand").click()

    expect(page.locator("#messages")).to_contain_text("Reload the page and try again.")
    expect(page.locator("#hand-form")).to_be_visible()  # the form, as it was
    assert Game.objects.get(pk=game.pk).hand_count == 0


def test_the_live_board_is_revalidated_and_kept_until_the_game_changes(
    page: Page, live_server, game, artifacts
):
    polls: list[tuple[int, str | None]] = []
    page.on(
        "response",
        lambda r: (
            polls.append((r.status, r.request.all_headers().get("if-none-match")))
            if "/live/board/" in r.url
            else None
        ),
    )
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.goto(f"{live_server.url}/games/{game.pk}/live/")

    page.wait_for_timeout(7000)  # two polls

    etag = f'"{revision_etag(None, game.pk)}"'
    assert (200, etag) in polls, polls  # the browser asked with If-None-Match
    expect(page.locator("#live-board .live-points")).to_have_text(["25,000"] * 4)
    page.screenshot(path=artifacts / "live-board-desktop.png", full_page=True)

    record_hand(game=game, hand=Hand(Tsumo(Win(0, han=4, fu=30))), expected_sequence=0)

    expect(page.locator("#live-board")).to_contain_text("36,700", timeout=7000)
    expect(page.locator("#live-board")).to_contain_text("Hand 1: Aki tsumo, 4 han 30 fu")
