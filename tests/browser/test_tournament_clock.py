"""The clock on a tournament game's page, in a phone's browser (360x740): the page open
since before time was up learns that it is, without a reload."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Browser, expect
from table_helpers import member, signed_in

from scorekeeper.club.models import Player
from scorekeeper.tournaments.models import Session
from scorekeeper.tournaments.services import (
    create_tournament,
    register_players,
    seat_session,
    start_session,
    write_clock,
)
from scoring.rules import PRESETS


def test_an_open_table_page_says_time_is_up_without_a_reload(
    browser: Browser, live_server, transactional_db, artifacts
):
    tournament = create_tournament(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        name="Cup",
        start_date="2026-11-28",
        sessions=1,
        session_minutes=60,
    )
    register_players(tournament=tournament, players=[Player.objects.create(name=n) for n in "ABCD"])
    session = seat_session(session=tournament.session_rows.get(), method="random", seed=1)
    session = start_session(session=session)
    table = session.tables.get()
    phone = signed_in(browser, live_server, member())
    # Time is up five seconds after the page opens (the clock written onto the game too).
    Session.objects.filter(pk=session.pk).update(
        started_at=timezone.now() - timedelta(minutes=60) + timedelta(seconds=5)
    )
    session.refresh_from_db()
    table.refresh_from_db()
    write_clock(table, session, tournament)
    phone.goto(live_server.url + table.game.get_absolute_url())
    clock = phone.locator("#game-clock")
    expect(clock.locator("time.clock")).to_be_visible()
    expect(clock).not_to_contain_text("Time is up")
    expect(clock.locator(".time-up-note")).to_contain_text(
        "Time is up: this is the last hand", timeout=12_000
    )
    expect(clock.get_by_role("button", name="End by time")).to_be_visible()
    phone.screenshot(path=artifacts / "tournament-clock-time-up-phone.png", full_page=True)
