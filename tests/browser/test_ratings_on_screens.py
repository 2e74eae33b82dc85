"""The ratings in a browser, on a phone and on a desktop: the table fits, a player's page
loads their rating chart and a finished game's page each player's change (both asked for by
htmx when the page loads), and the Japanese table. Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, new_page

from scorekeeper.club.models import Game, Player


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_ratings_a_player_and_a_game_show_fit_the_screen(
    browser: Browser, live_server, history_club, artifacts, screen
):
    page = new_page(browser, screen)
    page.goto(live_server.url + "/ratings/")
    expect(page.locator("#ratings-table tbody tr").first).to_be_visible()
    expect(page.locator("#ratings-how")).to_contain_text("How is this computed?")
    assert fits(page), f"the ratings are wider than the {screen}"
    page.screenshot(path=artifacts / f"ratings-table-{screen}.png", full_page=True)

    page.goto(live_server.url + history_club["player"])
    # The demo club plays both kinds: the four-player chart is the one looked at here.
    chart = page.locator("#player-ratings svg.chart-rating[aria-labelledby^='rating-svg-title-4']")
    expect(chart).to_be_visible()
    expect(chart.locator("path.chart-line")).to_have_count(1)
    box = chart.bounding_box()
    assert box and box["width"] <= VIEWPORTS[screen]["width"]
    assert fits(page)
    page.locator("#player-ratings").screenshot(path=artifacts / f"ratings-player-{screen}.png")

    page.goto(live_server.url + history_club["game"])
    expect(page.locator("#game-ratings tbody tr")).to_have_count(4)
    assert fits(page)
    page.locator("#standings").screenshot(path=artifacts / f"ratings-game-{screen}.png")


def test_choosing_three_players_swaps_the_table_in_place_and_japanese_reads_through(
    browser: Browser, live_server, history_club, artifacts
):
    page = new_page(browser, "phone", japanese=True)
    page.goto(live_server.url + "/ratings/")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("h1")).to_have_text("レーティング")
    page.select_option("#id_players", "3")
    expect(page).to_have_url(f"{live_server.url}/ratings/?players=3")
    # Everyone who finished a three-player game of the demo club is rated: "N人" (N players).
    sanma_players = (
        Player.objects.filter(seats__game__players=3, seats__game__status=Game.Status.FINISHED)
        .distinct()
        .count()
    )
    assert sanma_players
    expect(page.locator("#ratings-caption")).to_contain_text(f"{sanma_players}人")
    assert page.evaluate("window.notReloaded === true")
    page.screenshot(path=artifacts / "ratings-table-japanese-phone.png", full_page=True)
