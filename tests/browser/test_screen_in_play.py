"""The projector's screen in the hall, open at 1920x1080, while a table's phone (its keyed
link, no account) records a hand: the standings' points in play change on the screen by
themselves, without a reload, and the screen keeps its one request a turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS
from test_table_offline import draw, record

from scorekeeper.tournaments import services
from scorekeeper.tournaments.views import screen as screen_views
from tests.web.tournament_data import make_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hand_recorded_at_a_table_changes_the_points_in_play_on_the_open_screen(
    browser: Browser, live_server, artifacts, monkeypatch
):
    monkeypatch.setattr(screen_views, "TURN_SECONDS", 1)
    tournament = make_tournament(players=8, sessions=1)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=3
    )
    table = services.start_session(session=session).tables.get(number=1)
    east = table.seats.select_related("player").get(number=0).player.name

    screen = browser.new_page(viewport={"width": 1920, "height": 1080})
    asked: list[str] = []
    screen.on("request", lambda r: asked.append(r.url) if "/screen/" in r.url else None)
    screen.goto(live_server.url + f"/tournaments/{tournament.pk}/screen/")
    row = screen.locator(".projector-table tbody tr", has_text=east)
    # Tenhou's rules: everyone starts at 25,000.
    expect(row.locator("[data-live]")).to_have_text("25,000")
    screen.evaluate("() => { window.notReloaded = true; }")

    phone = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    phone.goto(live_server.url + table.keyed_url())
    # East alone tenpai at the draw: 1,000 from each of the three others.
    draw(phone)
    record(phone)
    expect(phone.locator("#messages")).to_contain_text("Hand 1 recorded")

    expect(row.locator("[data-live]")).to_have_text("28,000", timeout=10_000)
    expect(screen.locator(".projector-game", has_text=east)).to_contain_text("28,000")
    assert screen.evaluate("() => window.notReloaded") is True
    screen.screenshot(path=artifacts / "tournament-screen-in-play.png")
    # One request a turn: the page, then one a second at most.
    turns = len(asked) - 1
    assert turns >= 1 and len(set(asked[1:])) == turns
    screen.close()
    phone.close()
