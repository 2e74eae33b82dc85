"""A tournament from registration to the EMA's workbook, on a phone (360x740): the organiser
registers four players from a CSV file with their EMA numbers, the session is played (by
the services, to keep the test short), the check page takes the host city and country, and
the workbook downloaded opens again with openpyxl, every player on their row with the EMA
number registered. Then the MERS ranking in Japanese. Screenshots go to test-artifacts/."""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal

from openpyxl import load_workbook
from playwright.sync_api import Browser, expect
from table_helpers import fits, organiser, signed_in

from scorekeeper.club.models import Player
from scorekeeper.ema.models import OutsideResult
from scorekeeper.registry.identities import Identity
from scorekeeper.registry.services import set_identity
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.results import tournament_table
from scorekeeper.tournaments.services import (
    create_tournament,
    end_by_time,
    seat_session,
    start_session,
)
from scoring.outcomes import Hand, Tsumo, Win
from scoring.rules import PRESETS

PLAYERS = (("Aoi", "10990001"), ("Ben", "04000002"), ("Chie", ""), ("Dan", "05000004"))


def test_a_tournament_from_registration_to_the_ema_workbook(
    browser: Browser, live_server, transactional_db, artifacts
):
    tournament = create_tournament(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        name="Autumn Cup",
        start_date=date(2026, 11, 28),
        end_date=date(2026, 11, 29),
        sessions=1,
    )
    page = signed_in(browser, live_server, organiser(also_member=True))
    page.goto(live_server.url + tournament.get_absolute_url())
    page.get_by_label("Players (CSV)").set_input_files(
        files=[
            {
                "name": "players.csv",
                "mimeType": "text/csv",
                "buffer": "\n".join(f"{n},,{e}" for n, e in PLAYERS).encode(),
            }
        ]
    )
    page.get_by_role("button", name="Register", exact=True).click()
    expect(page.locator("#messages")).to_contain_text("4 players registered.")
    for name, _ in PLAYERS:
        set_identity(
            player=Player.objects.get(name=name),
            identity=Identity(given_name=name, family_name="Mori", country="JPN"),
        )

    session = seat_session(session=tournament.session_rows.get(), method="random", seed=3)
    start_session(session=session)
    table = session.tables.get()
    record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
    end_by_time(table=table, early=True)

    page.goto(live_server.url + tournament.get_absolute_url())
    page.get_by_role("link", name="Results for the EMA").click()
    page.get_by_label("Host country").select_option("NLD")
    page.get_by_label("City").fill("Utrecht")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#messages")).to_contain_text("Saved the tournament’s facts")
    expect(page.locator(".ema-checks")).to_contain_text("add up to zero")
    assert fits(page)
    page.screenshot(path=artifacts / "ema-check-phone.png", full_page=True)

    with page.expect_download() as got:
        page.get_by_role("link", name="EMA workbook (xlsx)").click()
    book = load_workbook(io.BytesIO(got.value.path().read_bytes()))
    rows = list(book.active.iter_rows(values_only=True))
    table_rows = tournament_table(Tournament.objects.get())
    numbers = dict(PLAYERS)
    assert len(rows) == 5 and rows[0][:3] == ("Tournament name", "Number of participants", "Place")
    assert [(r[2], r[3], r[5] or "", float(r[7])) for r in rows[1:]] == [
        (t.place, t.name, numbers[t.name], float(t.total)) for t in table_rows
    ]
    assert {r[11:13] for r in rows[1:]} == {("NLD", "Utrecht")}
    assert {r[8] for r in rows[1:] if r[3] == "Chie"} == {"NO"}

    # The ranking, in Japanese: Aoi has a result entered by hand besides the cup.
    OutsideResult.objects.create(
        player=Player.objects.get(name="Aoi"),
        tournament="Spring Open",
        players=30,
        place=4,
        weight=Decimal("2.0"),
        last_day=date(2026, 5, 1),
    )
    ja = signed_in(browser, live_server, organiser("ayako"), japanese=True)
    ja.goto(live_server.url + "/ranking/?day=2026-12-01")
    expect(ja.locator(".ranking-table tbody tr").first).to_contain_text("Aoi")
    assert fits(ja)
    ja.screenshot(path=artifacts / "ema-ranking-phone-ja.png", full_page=True)
    ja.locator(".ranking-table tbody tr").first.get_by_role("link").click()
    expect(ja.locator(".ranking-results")).to_contain_text("Spring Open")
    assert fits(ja)
    ja.screenshot(path=artifacts / "ema-ranking-player-phone-ja.png", full_page=True)
