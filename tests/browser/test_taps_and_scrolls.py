"""How many taps and scrolls a hand takes on a phone (360 x 740): a typical ron (riichi by
the winner, 3 han 40 fu), a double ron, and a hand counted from its tiles in the hand
calculator. A tap is made where the thing is on the screen; a scroll is counted whenever
the thing to tap next is not on the screen, or is covered (by the bar at the foot of the
screen). The numbers are written to ``test-artifacts/taps-and-scrolls.json``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from table_helpers import TAPS, idle, member, signed_in

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

#: Each flow's numbers, gathered as the tests run.
MEASURED: dict[str, dict[str, int]] = {}


class Thumb:
    """Taps as a thumb makes them, and the scrolls it needs first."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.scrolls = 0
        #: What was tapped, and where a scroll came first.
        self.log: list[str] = []

    def tap(self, locator: Locator) -> None:
        idle(self.page)
        locator.wait_for(state="visible")
        if not self._reachable(locator):
            locator.evaluate("e => e.scrollIntoView({block: 'center'})")
            self.scrolls += 1
            self.log.append(f"scroll to tap {self.taps + 1}")
        # The middle of its first box (a link may run over two lines).
        x, y = locator.evaluate(
            "e => { const r = e.getClientRects()[0];"
            " return [r.left + r.width / 2, r.top + r.height / 2] }"
        )
        self.page.mouse.click(x, y)
        self.taps += 1
        self.log.append(re.sub(r".*selector=", "", str(locator))[-60:])

    def chip(self, name: str, value: str, within: str = "#hand-form") -> None:
        self.tap(
            self.page.locator(f"{within} label.chip:has(input[name='{name}'][value='{value}'])")
        )

    @staticmethod
    def _reachable(locator: Locator) -> bool:
        """Whole on the screen, and its middle not covered by anything else."""
        result: bool = locator.evaluate(
            """e => {
                const r = e.getClientRects()[0];
                if (r.top < 0 || r.bottom > innerHeight) return false;
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return !!hit && e.contains(hit);
            }"""
        )
        return result


@pytest.fixture(scope="module", autouse=True)
def _write_the_numbers(request: pytest.FixtureRequest):
    yield
    if MEASURED:
        folder = Path(__file__).resolve().parents[2] / "test-artifacts"
        folder.mkdir(exist_ok=True)
        (folder / "taps-and-scrolls.json").write_text(json.dumps(MEASURED, indent=2) + "\n")


def test_a_typical_ron_takes_seven_taps_and_no_scroll(phone: Page, live_server, game, artifacts):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    thumb = Thumb(page)
    # Ben, in riichi, wins 3 han 40 fu from Chie: 5,200.
    thumb.chip("outcome", "ron")
    thumb.chip("winners", "1")
    thumb.chip("discarder", "2")
    thumb.chip("riichi", "1")
    thumb.chip("win_1_han", "3")
    thumb.chip("win_1_fu", "40")
    idle(page)
    expect(page.locator("#preview")).to_contain_text("+5,200")
    page.screenshot(path=artifacts / "taps-ron-phone.png")
    thumb.tap(page.locator(".record-button"))
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")

    MEASURED["ron"] = {"taps": thumb.taps, "scrolls": thumb.scrolls}
    assert thumb.taps == 7
    assert thumb.scrolls == 0


def test_a_double_ron(phone: Page, live_server, game, artifacts):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    thumb = Thumb(page)
    # Aki (the dealer) 2 han 30 fu and Chie 3 han 40 fu, both from Ben, no riichi.
    thumb.chip("outcome", "ron")
    thumb.chip("winners", "0")
    thumb.chip("winners", "2")
    thumb.chip("discarder", "1")
    thumb.chip("win_0_han", "2")
    thumb.chip("win_0_fu", "30")
    thumb.chip("win_2_han", "3")
    thumb.chip("win_2_fu", "40")
    idle(page)
    # Ben pays Aki 2,900 and Chie 5,200.
    expect(page.locator("#preview")).to_contain_text("−8,100")
    page.screenshot(path=artifacts / "taps-double-ron-phone.png")
    thumb.tap(page.locator(".record-button"))
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")

    MEASURED["double ron"] = {"taps": thumb.taps, "scrolls": thumb.scrolls}
    assert thumb.taps == 9
    assert thumb.scrolls == 0, thumb.log


def test_a_hand_counted_from_its_tiles(phone: Page, live_server, game, artifacts):
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    thumb = Thumb(page)
    # Ben, in riichi, wins from Chie; his hand laid in the calculator: riichi, pinfu and a
    # red five, 3 han 30 fu by ron: 3,900.
    thumb.chip("outcome", "ron")
    thumb.chip("winners", "1")
    thumb.chip("discarder", "2")
    thumb.chip("riichi", "1")
    thumb.tap(page.locator(".win[data-seat='1'] .from-tiles"))
    expect(page).to_have_url(re.compile(r"/calculator/\?"))
    for number, name in enumerate(TAPS, start=1):
        thumb.tap(page.get_by_role("button", name=name, exact=True))
        expect(page.locator(".calc-count")).to_have_text(f"{number}/14 tiles")
    expect(page.locator("#answer .calc-headline")).to_have_text("3 han 30 fu")
    thumb.tap(page.locator(".calc-sticky").get_by_role("link", name="Use this hand"))
    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/\?"))
    expect(page.locator("#preview")).to_contain_text("+3,900")
    page.screenshot(path=artifacts / "taps-from-the-tiles-phone.png")
    thumb.tap(page.locator(".record-button"))
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")

    MEASURED["from the tiles"] = {"taps": thumb.taps, "scrolls": thumb.scrolls}
    MEASURED["from the tiles, where"] = {line: 1 for line in thumb.log if line.startswith("scroll")}
    assert thumb.taps == 4 + 1 + len(TAPS) + 1 + 1
    assert thumb.scrolls <= 1


def test_seating_a_game_takes_at_most_six_taps(browser, live_server, transactional_db, artifacts):
    """Eight players in the club, four of them at the last table: the same four again, their
    seats drawn at random, from the new game's page to the table. The app says the draw."""

    club = [Player.objects.create(name=n) for n in ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi")]
    club += [Player.objects.create(name=n) for n in ("Goro", "Haruka")]
    last = [club[7], club[4], club[1], club[6]]  # Haruka, Emi, Ben, Goro
    start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=last)
    page = signed_in(browser, live_server, member())
    page.goto(f"{live_server.url}/games/new/")
    thumb = Thumb(page)
    chips = page.locator(".player-picks .pick")
    # The last table's players come first, in their seats.
    expect(chips.locator(".pick-name")).to_have_text(
        ["Haruka", "Emi", "Ben", "Goro", "Aki", "Chie", "Dan", "Fumi"]
    )
    for name in ("Emi", "Ben", "Haruka", "Goro"):
        thumb.tap(chips.filter(has_text=name))
    expect(chips.filter(has_text="Emi").locator(".pick-wind")).to_have_text("E")
    expect(chips.filter(has_text="Goro").locator(".pick-wind")).to_have_text("N")
    thumb.tap(page.locator("label.choice-option:has(input[name=shuffle][value='1'])"))
    page.screenshot(path=artifacts / "seating-by-taps-phone.png")
    thumb.tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator("#messages")).to_contain_text("Seats drawn at random: East ")
    game = Game.objects.latest("pk")
    seated = [seat.player.name for seat in game.seats.order_by("number")]
    assert sorted(seated) == ["Ben", "Emi", "Goro", "Haruka"]
    for wind, name in zip(("East", "South", "West", "North"), seated, strict=True):
        expect(page.locator("#messages")).to_contain_text(f"{wind} {name}")

    MEASURED["seating a game"] = {"taps": thumb.taps, "scrolls": thumb.scrolls}
    print(f"\nSeating a game: {thumb.taps} taps, {thumb.scrolls} scrolls: {thumb.log}")
    assert thumb.taps <= 6
    assert thumb.scrolls == 0
