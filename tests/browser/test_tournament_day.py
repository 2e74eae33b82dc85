"""A tournament's day in a browser: the organiser on a desktop (1280x800) makes a 16-player,
3-session tournament, registers the players, seats session 1 at random and starts it; a
member's phone (360x740) opens table 1 from its link (the QR code's), records a hand and
sees the clock; the organiser ends that game by time; session 2 is played; session 3 is
seated swiss; the results page, the screen and the downloads agree with the games.
The other tables' games are played by the services, to keep the test short. Screenshots go
to test-artifacts/."""

from __future__ import annotations

import csv
import io
import json

from playwright.sync_api import Browser, Page, expect
from table_helpers import fits, member, organiser, signed_in

from scorekeeper.club.models import Game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Session, TableSeat, Tournament
from scorekeeper.tournaments.results import tournament_table
from scorekeeper.tournaments.services import end_by_time, seat_session, start_session
from scoring.outcomes import Hand, Tsumo, Win

NAMES = [f"Player {n:02}" for n in range(1, 17)]


def play_the_rest(session: Session, skip: int = 0) -> None:
    """Each table's game (but table ``skip``): East wins a mangan tsumo, then time is up."""
    for table in session.tables.select_related("session__tournament").exclude(number=skip):
        assert table.game is not None
        record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
        end_by_time(table=table, early=True)


def make_tournament(page: Page, url: str) -> Tournament:
    page.goto(url + "/tournaments/")
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name", exact=True).fill("Autumn Cup")
    page.get_by_label("First day", exact=True).fill("2026-11-28")
    page.get_by_label("Ruleset", exact=True).select_option("preset:tenhou")
    page.get_by_label("Sessions", exact=True).fill("3")
    page.get_by_label("Minutes per session", exact=True).fill("60")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Autumn Cup")).to_be_visible()
    page.get_by_label("New players, one name a line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.locator("#messages")).to_contain_text("16 players registered.")
    return Tournament.objects.get()


def test_a_sixteen_player_tournament_from_registration_to_the_results(
    browser: Browser, live_server, transactional_db, artifacts
):
    desk = signed_in(browser, live_server, organiser(also_member=True), "desktop")
    tournament = make_tournament(desk, live_server.url)

    # Session 1, seated at random from a seed, then started.
    desk.get_by_role("link", name="Session 1").click()
    desk.get_by_label("Seating", exact=True).select_option("random")
    desk.get_by_label("Seed", exact=True).fill("7")
    desk.get_by_role("button", name="Seat", exact=True).click()
    expect(desk.locator(".tournament-table")).to_have_count(4)
    desk.get_by_role("button", name="Start the session and the clock").click()
    desk.get_by_role("button", name="Start the session and the clock").click()  # asked first
    expect(desk.locator(".session-clock")).to_be_visible()
    assert fits(desk)
    desk.screenshot(path=artifacts / "tournament-session-desktop.png", full_page=True)
    first = tournament.session_rows.get(number=1)
    seated = TableSeat.objects.filter(session=first)
    assert sorted(s.player.name for s in seated) == NAMES

    # A phone opens table 1 from its link, records a hand and sees the clock.
    phone = signed_in(browser, live_server, member())
    table = first.tables.get(number=1)
    phone.goto(live_server.url + table.get_absolute_url())
    expect(phone.locator("#game-clock .clock")).to_be_visible()
    phone.locator("#hand-form label.chip:has(input[name='outcome'][value='draw'])").click()
    phone.locator("#hand-form label.chip:has(input[name='tenpai'][value='0'])").click()
    phone.get_by_role("button", name="Record hand").click()
    expect(phone.locator("#messages")).to_contain_text("Hand 1 recorded")
    assert fits(phone)
    phone.screenshot(path=artifacts / "tournament-table-phone.png", full_page=True)

    # The organiser ends table 1 by time; the others play theirs.
    desk.reload()
    desk.locator(".tournament-table").first.get_by_role("link", name="Referee").click()
    desk.get_by_role("button", name="End by time").click()
    desk.get_by_role("button", name="End by time").click()  # asked first
    expect(desk.locator("#table-meta")).to_contain_text("finished, time was up")
    game = Game.objects.get(pk=table.game_id)
    assert game.status == Game.Status.FINISHED and game.stopped_by_time
    play_the_rest(first, skip=1)

    # Session 2 by the services; session 3 seated swiss on the page.
    second = seat_session(session=tournament.session_rows.get(number=2), method="random", seed=8)
    start_session(session=second)
    play_the_rest(second)
    leader = tournament_table(tournament)[0]
    desk.goto(live_server.url + tournament.session_rows.get(number=3).get_absolute_url())
    desk.get_by_label("Seating", exact=True).select_option("swiss")
    desk.get_by_role("button", name="Seat", exact=True).click()
    expect(desk.locator(".tournament-table").first).to_contain_text(leader.name)

    # The results: on the page, on the screen, and downloaded.
    desk.goto(live_server.url + f"/tournaments/{tournament.pk}/results/")
    rows = desk.locator("#results tbody tr")
    expect(rows).to_have_count(16)
    expect(rows.first).to_contain_text(leader.name)
    assert fits(desk)
    desk.screenshot(path=artifacts / "tournament-results-desktop.png", full_page=True)
    with desk.expect_download() as got:
        desk.get_by_role("link", name="CSV").click()
    lines = list(csv.reader(io.StringIO(got.value.path().read_text("utf-8-sig"))))
    assert len(lines) == 17 and lines[1][2] == leader.name and lines[1][-1] == "2"
    with desk.expect_download() as got:
        desk.get_by_role("link", name="JSON").click()
    data = json.loads(got.value.path().read_text())
    assert [row["name"] for row in data["rows"]] == [r.name for r in tournament_table(tournament)]
    screen = signed_in(browser, live_server, member("carol"), "desktop")
    screen.goto(live_server.url + f"/tournaments/{tournament.pk}/results/?screen=1")
    # The former address of the screen leads to it; it turns its pages by itself.
    expect(screen.locator("#screen[hx-trigger='every 15s'] tbody tr")).to_have_count(16)
    expect(screen.locator(".site-header")).to_have_count(0)

    # The phone's view of the results, at 360 px.
    phone.goto(live_server.url + f"/tournaments/{tournament.pk}/results/")
    assert fits(phone)
    phone.screenshot(path=artifacts / "tournament-results-phone.png", full_page=True)
    phone.goto(live_server.url + first.get_absolute_url())
    expect(phone.locator(".tournament-table")).to_have_count(4)
    assert fits(phone)
    phone.screenshot(path=artifacts / "tournament-session-phone.png", full_page=True)
