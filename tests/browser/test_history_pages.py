"""The pages that look back (the history, a game, a player, the statistics, the seasons and
the standings) in a browser, on a phone and on a desktop: nothing wider than the screen, the
charts drawn, and htmx swapping the filtered history and the re-ordered standings in place.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, new_page

from scorekeeper.club.models import Player


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_each_page_fits_the_screen_and_draws_its_charts(
    browser: Browser, live_server, history_club, artifacts, screen
):
    page = new_page(browser, screen)
    for name, url in history_club.items():
        page.goto(live_server.url + url)
        assert fits(page), f"{name} is wider than the {screen}"
        page.screenshot(path=artifacts / f"history-pages-{name}-{screen}.png", full_page=True)
    page.goto(live_server.url + history_club["game"])
    chart = page.locator("#points-chart svg.chart")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box and box["width"] <= VIEWPORTS[screen]["width"]
    expect(page.locator("#points-chart .chart-legend li")).to_have_count(4)
    page.goto(live_server.url + history_club["player"])
    expect(page.locator("[aria-labelledby=places-title] svg.chart-bars rect")).to_have_count(4)
    expect(page.locator("svg.chart-lines path.chart-line")).to_have_count(1)


def test_choosing_a_player_filters_the_history_in_place(
    browser: Browser, live_server, history_club
):
    page = new_page(browser)
    page.goto(live_server.url + history_club["history"])
    page.evaluate("window.notReloaded = true")
    player = Player.objects.order_by("name").first()
    page.select_option("#id_player", str(player.pk))
    expect(page).to_have_url(f"{live_server.url}/history/?player={player.pk}")
    assert page.evaluate("window.notReloaded === true")
    names = page.locator(".history-game").first.locator(".history-name").all_inner_texts()
    assert player.name in names


def test_a_column_header_reorders_the_standings_in_place(
    browser: Browser, live_server, history_club
):
    page = new_page(browser, "desktop")
    page.goto(live_server.url + history_club["season"])
    page.evaluate("window.notReloaded = true")
    page.locator("th.col-place a").click()
    expect(page.locator("th.col-place")).to_have_attribute("aria-sort", "ascending")
    assert page.evaluate("window.notReloaded === true")
    places = [float(t) for t in page.locator("tbody tr td:nth-child(6)").all_inner_texts()]
    assert places == sorted(places)
    # The fewest games keeps the order just chosen.
    page.fill("#id_min_games", "3")
    page.locator("#standings-options button").click()
    # The club played both kinds of game: the form sends the kind shown (four players).
    season = f"{live_server.url}{history_club['season']}"
    expect(page).to_have_url(f"{season}?players=4&min_games=3&sort=place")
    page.fill("#id_min_games", "")
    page.locator("#standings-options button").click()
    expect(page).to_have_url(f"{season}?players=4&sort=place")
    expect(page.locator("th.col-place")).to_have_attribute("aria-sort", "ascending")
