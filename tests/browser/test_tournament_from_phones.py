"""A tournament from the players' own phones (360x740): 20 players register on the
registration page of a tournament of 18 places (2 wait), one withdraws from their own page
and the first waiting moves up by himself; 16 check in from their phones; session 1 is
planned from those checked in and started; each phone of table 1 shows its table and wind;
a hand is recorded there and the phones' points change without a reload. The organiser's
steps are the services' (their pages are tested elsewhere), to keep the test short."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from table_helpers import fits

from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Entrant, TableSeat
from scorekeeper.tournaments.services import create_tournament, plan_tournament, start_session
from scorekeeper.tournaments.views import phone as phone_views
from scoring.outcomes import Hand, Tsumo, Win
from scoring.rules import PRESETS

NAMES = [f"Player {n:02}" for n in range(1, 21)]
WINDS = ["East", "South", "West", "North"]


def register(page: Page, url: str, name: str) -> str:
    page.goto(url)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return page.url


def test_a_day_from_the_players_phones(
    browser: Browser, live_server, transactional_db, artifacts, monkeypatch
):
    monkeypatch.setattr(phone_views, "REFRESH_SECONDS", 1)
    tournament = create_tournament(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        name="Spring Cup",
        start_date="2027-03-20",
        sessions=2,
        registration_open=True,
        places=18,
        check_in=True,
    )
    phone = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    register_url = live_server.url + f"/tournaments/{tournament.pk}/register/"
    links = {name: register(phone, register_url, name) for name in NAMES}
    expect(phone.locator("#mine")).to_contain_text("waiting list: number 2")
    phone.screenshot(path=artifacts / "tournament-phone-waiting.png", full_page=True)

    # Player 03 withdraws: Player 19, first on the waiting list, moves up by himself.
    phone.goto(links["Player 03"])
    phone.get_by_role("button", name="Withdraw from the tournament").click()
    expect(phone.locator("#messages")).to_contain_text("You have withdrawn from Spring Cup.")
    phone.goto(links["Player 19"])
    expect(phone.locator("#mine")).not_to_contain_text("waiting list")
    phone.goto(links["Player 20"])
    expect(phone.locator("#mine")).to_contain_text("waiting list: number 1")

    # 16 of the 18 in check in from their phones.
    playing = [name for name in NAMES if name not in ("Player 03", "Player 20")]
    for name in playing[:16]:
        phone.goto(links[name])
        phone.get_by_role("button", name="Check in: I am here").click()
        expect(phone.locator("#messages")).to_contain_text("You are checked in.")

    plan_tournament(tournament=tournament, seed=5)
    first = tournament.session_rows.get(number=1)
    seated = TableSeat.objects.filter(session=first).select_related("player")
    assert sorted(seat.player.name for seat in seated) == playing[:16]
    start_session(session=first)

    # Each phone of table 1 shows its table and wind, and the points at it.
    table = first.tables.get(number=1)
    phones = {}
    for seat in table.seats.select_related("player"):
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(links[seat.player.name])
        expect(page.locator(".my-table h2")).to_have_text("Session 1 · table 1")
        expect(page.locator(".my-wind")).to_contain_text(f"You sit {WINDS[seat.number]}")
        expect(page.locator("[data-my-points]")).to_have_text("25,000")
        phones[seat.number] = page
    assert fits(phones[0])
    phones[0].screenshot(path=artifacts / "tournament-phone-my-table.png", full_page=True)

    # East wins a mangan by tsumo: 4,000 from each (the rules' dealer mangan tsumo).
    assert table.game is not None
    record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
    expect(phones[0].locator("[data-my-points]")).to_have_text("37,000")
    for number in (1, 2, 3):
        expect(phones[number].locator("[data-my-points]")).to_have_text("21,000")
    # The standings: the 16 players' points in play (the other tables' still 25,000).
    live = sorted(phones[1].locator("[data-live]").all_inner_texts())
    assert live == ["21,000"] * 3 + ["25,000"] * 12 + ["37,000"]
    assert Entrant.objects.filter(tournament=tournament, status="waiting").count() == 1
    assert re.search(r"/me/\d+/", links["Player 01"])
