"""The projector's screen in a browser, at 1920x1080 and 1280x720: a 120-player tournament
with its thirty tables in play; each page (40 players, six tables) fits the screen without
scrolling, in type sized by the screen, and the page turns by itself."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.club.models import Player
from scorekeeper.tournaments.services import (
    create_tournament,
    register_players,
    seat_session,
    start_session,
)
from scoring.rules import PRESETS


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_screen_fits_a_page_of_a_hundred_and_twenty_players(
    browser: Browser, live_server, transactional_db, artifacts, width, height
):
    tournament = create_tournament(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        name="Spring Open",
        start_date="2026-11-28",
        sessions=1,
    )
    players = [Player(name=f"Player with a long name {n:03}") for n in range(1, 121)]
    register_players(tournament=tournament, players=Player.objects.bulk_create(players))
    session = seat_session(session=tournament.session_rows.get(), method="random", seed=1)
    start_session(session=session)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/screen/")
    screen = page.locator("#screen")
    expect(screen.locator(".projector-name")).to_have_count(40 + 6 * 4)
    expect(page.locator(".site-header")).to_have_count(0)
    fits = page.evaluate(
        "() => [document.documentElement.scrollWidth <= innerWidth,"
        " document.documentElement.scrollHeight <= innerHeight,"
        " [...document.querySelectorAll('#screen tr, .projector-game')]"
        ".every(e => e.getBoundingClientRect().bottom <= innerHeight)]"
    )
    assert fits == [True, True, True]
    # Large type: a player's line is a thirty-sixth of the screen's height at least.
    row = screen.locator(".projector-table tbody tr").first.bounding_box()
    assert row is not None and row["height"] >= height / 36
    page.screenshot(path=artifacts / f"tournament-screen-{width}x{height}.png")
    expect(screen).to_have_attribute("hx-get", f"/tournaments/{tournament.pk}/screen/?turn=1")
    page.close()
