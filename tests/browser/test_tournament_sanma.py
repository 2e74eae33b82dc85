"""A three-player tournament in a browser, through the form: the organiser (1280x800)
chooses the club's saved three-player ruleset, registers six players, seats two tables of
three and starts them (asked first); a real Tenhou sanma game is played at each table (by
the services, to keep the test short); the results page counts them as Tenhou did
(+54, -37, -17 by seat)."""

from __future__ import annotations

import json
from decimal import Decimal

from playwright.sync_api import Browser, expect
from real_data import SANMA_DIR
from table_helpers import fits, organiser, signed_in

from scorekeeper.club.models import Game, SavedRuleset
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments.models import Tournament
from scoring.record_hand import parse_hand

GAME = SANMA_DIR / "2014091101gm-00b9-0000-5ca6b487.game.json"
NAMES = ["Aki", "Ben", "Chie", "Dan", "Eri", "Fumi"]


def test_a_three_player_tournament_made_through_the_form_seats_plays_and_counts(
    browser: Browser, live_server, transactional_db, artifacts
):
    # The club's ruleset as the real game was played: Tenhou's sanma, Tenhou's rounding.
    rules = json.loads(GAME.read_text())["rules"]
    saved = SavedRuleset.objects.create(
        name="Club sanma", preset=rules.pop("preset"), overrides=rules
    )
    desk = signed_in(browser, live_server, organiser(also_member=True), "desktop")
    desk.goto(live_server.url + "/tournaments/new/")
    desk.get_by_label("Name", exact=True).fill("Sanma Cup")
    desk.get_by_label("First day", exact=True).fill("2026-11-28")
    ruleset = desk.get_by_label("Ruleset", exact=True)
    expect(ruleset.locator("optgroup[label='Three players'] option")).to_contain_text(
        ["Tenhou", "Club sanma"]
    )
    ruleset.select_option(f"saved:{saved.pk}")
    desk.get_by_label("Sessions", exact=True).fill("2")
    desk.get_by_role("button", name="Save").click()
    expect(desk.get_by_role("heading", name="Sanma Cup")).to_be_visible()
    tournament = Tournament.objects.get()
    assert tournament.table_size() == 3 and tournament.ruleset_name == "Club sanma"
    desk.get_by_label("New players, one name a line").fill("\n".join(NAMES))
    desk.get_by_role("button", name="Register", exact=True).click()
    expect(desk.locator("#messages")).to_contain_text("6 players registered.")

    desk.get_by_role("link", name="Session 1").click()
    desk.get_by_label("Seating", exact=True).select_option("random")
    desk.get_by_label("Seed", exact=True).fill("3")
    desk.get_by_role("button", name="Seat", exact=True).click()
    tables = desk.locator(".tournament-table")
    expect(tables).to_have_count(2)
    for n in range(2):
        expect(tables.nth(n).locator(".table-seats li")).to_have_count(3)
    desk.get_by_role("button", name="Start the session and the clock").click()
    expect(desk.get_by_role("heading", name="Start session 1?")).to_be_visible()
    desk.get_by_role("button", name="Start the session and the clock").click()
    expect(desk.locator("#messages")).to_contain_text("Session 1 has started: 2 games")

    session = tournament.session_rows.get(number=1)
    hands = json.loads(GAME.read_text())["hands"]
    for table in session.tables.all():
        game = table.game
        assert game is not None and game.players == 3
        for sequence, data in enumerate(hands):
            record_hand(game=game, hand=parse_hand(data, "hand"), expected_sequence=sequence)
        assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED

    desk.goto(live_server.url + f"/tournaments/{tournament.pk}/results/")
    rows = desk.locator("#results tbody tr")
    expect(rows).to_have_count(6)
    totals = [
        Decimal(t.replace("\u2212", "-")) for t in rows.locator("td.strong").all_inner_texts()
    ]
    # Each table's three seats finished as in Tenhou's own log.
    assert sorted(totals) == sorted(map(Decimal, ["54", "54", "-37", "-37", "-17", "-17"]))
    assert fits(desk)
    desk.screenshot(path=artifacts / "tournament-sanma-results.png", full_page=True)
