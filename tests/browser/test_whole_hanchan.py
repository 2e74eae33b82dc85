"""A whole hanchan at a table, on a phone: a member logs in, starts a Tenhou game from the
new-game page and enters every hand by tapping the form, as players do. On the way: a ron with
riichi, a dealer renchan, a tsumo, a draw with two tenpai and riichi, a double ron, a wrong
hand undone and entered again, and an earlier hand corrected (its han changed, the game
replayed). South 4 passes with Aki above 30,000, so the game ends by the rules.

The plan is a ``scorekeeper.game/1`` record: the engine, replaying it on its own, gives the
points after every hand and the final standings the page must show, and the record the page
lets one download must hold the same hands. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import PASSWORD, VIEWPORTS, fits, member, new_page

from scorekeeper.club.models import Game, Player
from scoring.record import FORMAT
from scoring.record_output import score_document

PLAYERS = ["Aki", "Ben", "Chie", "Dan"]
MINUS = "\N{MINUS SIGN}"

# Seats: Aki 0 (East), Ben 1, Chie 2, Dan 3.
PLAN: list[dict[str, Any]] = [
    # E1: Aki, the dealer, in riichi, rons Chie: the deal stays with Aki (renchan). A winner
    # in riichi is closed: the page says so for the player.
    {
        "riichi": [0],
        "ron": {"from": 2, "wins": [{"winner": 0, "han": 3, "fu": 30, "open": False}]},
    },
    # E1, 1 honba: Ben tsumo (first entered with 2 han, then corrected to 3).
    {"tsumo": {"winner": 1, "han": 3, "fu": 30}},
    # E2: Ben and Dan in riichi, both tenpai at the exhaustive draw: Ben keeps the deal.
    {"riichi": [1, 3], "draw": {"tenpai": [1, 3]}},
    # E2, 1 honba, 2 riichi sticks: Aki deals into Chie and Dan (double ron).
    {"ron": {"from": 0, "wins": [{"winner": 2, "han": 2, "fu": 30}, {"winner": 3, "han": 5}]}},
    # E3
    {"ron": {"from": 1, "wins": [{"winner": 3, "han": 1, "fu": 30}]}},
    # E4
    {"tsumo": {"winner": 0, "han": 2, "fu": 40}},
    # S1: nobody tenpai, the deal passes with a honba.
    {"draw": {"tenpai": []}},
    # S2, 1 honba (first entered with winner and discarder swapped, then undone).
    {"ron": {"from": 3, "wins": [{"winner": 2, "han": 2, "fu": 30}]}},
    # S3
    {
        "riichi": [0],
        "ron": {"from": 1, "wins": [{"winner": 0, "han": 4, "fu": 30, "open": False}]},
    },
    # S4, all-last: Aki goes to 31,200 and the game ends.
    {"ron": {"from": 2, "wins": [{"winner": 0, "han": 3, "fu": 30}]}},
]
FIRST_TSUMO = {"tsumo": {"winner": 1, "han": 2, "fu": 30}}  # hand 2 as first entered
WRONG_RON = {"ron": {"from": 2, "wins": [{"winner": 3, "han": 2, "fu": 30}]}}  # hand 8, undone


def scored(hands: list[dict[str, Any]]) -> dict[str, Any]:
    """The engine's replay of these hands, on its own (no database, no page)."""
    return score_document({"format": FORMAT, "rules": "tenhou", "players": PLAYERS, "hands": hands})


def points(text: str) -> int:
    return int(text.replace(",", "").replace(MINUS, "-"))


def result(text: str) -> Decimal:
    return Decimal(text.replace(MINUS, "-"))


@pytest.fixture
def phone(browser: Browser, live_server, transactional_db) -> Page:
    """A phone, not logged in yet; Bob has a member's account and the club its players."""
    member("bob")
    for name in PLAYERS:
        Player.objects.create(name=name)
    page = new_page(browser)
    page.context.set_default_timeout(10_000)
    return page


def tap(page: Page, name: str, value: object) -> None:
    """Tap the chip of one choice of the hand form, then let the preview catch up, as a
    player glances at it. (A tap made while the preview is still loading is not previewed:
    the element that would ask again is replaced by the answer to the tap before.)"""
    page.locator(f"#hand-form label.chip:has(input[name='{name}'][value='{value}'])").click()
    page.locator(".htmx-request, .htmx-swapping, .htmx-settling").first.wait_for(state="detached")


def enter(page: Page, hand: dict[str, Any]) -> None:
    """Tap in a hand given as in the game record."""
    kind = next(key for key in ("ron", "tsumo", "draw") if key in hand)
    tap(page, "outcome", kind)
    outcome = hand[kind]
    wins = []
    if kind == "ron":
        for win in outcome["wins"]:
            tap(page, "winners", win["winner"])
        tap(page, "discarder", outcome["from"])
        wins = outcome["wins"]
    elif kind == "tsumo":
        tap(page, "winner", outcome["winner"])
        wins = [outcome]
    else:
        for seat in outcome["tenpai"]:
            tap(page, "tenpai", seat)
    for win in wins:
        seat = win["winner"]
        tap(page, f"win_{seat}_han", win["han"])
        if "fu" in win:
            tap(page, f"win_{seat}_fu", win["fu"])
    for seat in hand.get("riichi", []):
        tap(page, "riichi", seat)


def expect_preview(page: Page, scores: list[int]) -> None:
    """The preview shows each player's points after the hand, as the engine has them."""
    expect(page.locator("#preview .then")).to_have_text([f"→ {p:,}" for p in scores])


def record(page: Page, hand: dict[str, Any], done: list[dict[str, Any]]) -> None:
    """Enter a hand, check its preview, record it and wait for the table to come back."""
    number = len(done) + 1
    after = scored([*done, hand])
    enter(page, hand)
    expect_preview(page, after["hands"][-1]["scores"])
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text(f"Hand {number} recorded")
    expect(page.locator(f"#hand-log #hand-{number}")).to_be_visible()
    done.append(hand)
    if after["finished"]:
        expect(page.locator("#standings")).to_be_visible()
    else:
        expect(page.locator("#hand-form input[name=sequence]")).to_have_value(str(number))
        expect_scoreboard(page, after["hands"][-1]["scores"])


def expect_scoreboard(page: Page, scores: list[int]) -> None:
    expect(page.locator("#scoreboard .player-points")).to_have_text([f"{p:,}" for p in scores])


def shoot(page: Page, artifacts: Path, moment: str) -> None:
    """A screenshot on the phone, which must not have to scroll sideways."""
    page.screenshot(path=artifacts / f"whole-hanchan-360-{moment}.png", full_page=True)
    assert fits(page), moment


def start_tenhou_game(page: Page, url: str) -> int:
    page.goto(f"{url}/accounts/login/?next=/games/new/")
    page.get_by_label("Username").fill("bob")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    page.locator("#id_ruleset").select_option("preset:tenhou")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"#id_seat_{seat}").select_option(label=name)
    page.get_by_label("Table").fill("Table 1")
    page.get_by_label("Seats as entered").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    match = re.search(r"/games/(\d+)/$", page.url)
    assert match
    return int(match[1])


def test_a_member_plays_a_whole_hanchan_on_a_phone_and_the_page_agrees_with_the_engine(
    phone: Page, live_server, artifacts
):
    page = phone
    final = scored(PLAN)
    assert final["finished"] and final["end_reason"] == "last_hand"
    assert [h["round"] for h in final["hands"]][-1] == "S4"

    game_id = start_tenhou_game(page, live_server.url)
    expect(page.locator(".table-meta")).to_contain_text("Tenhou")
    expect(page.locator("#scoreboard .player-name-text")).to_have_text(PLAYERS)
    expect_scoreboard(page, [25_000] * 4)

    done: list[dict[str, Any]] = []
    # Hand 1: Aki's riichi ron; the dealer keeps the deal.
    record(page, PLAN[0], done)
    expect(page.locator("#scoreboard .round-line")).to_contain_text("1 honba")
    expect(page.locator("#scoreboard .is-dealer .player-name-text")).to_have_text("Aki")
    shoot(page, artifacts, "first-hand")

    # Hands 2 to 5; the tsumo is entered with 2 han, to be corrected.
    record(page, FIRST_TSUMO, done)
    record(page, PLAN[2], done)
    expect(page.locator("#scoreboard .round-line")).to_contain_text("2 riichi sticks")
    enter(page, PLAN[3])
    expect_preview(page, scored([*done, PLAN[3]])["hands"][-1]["scores"])
    shoot(page, artifacts, "double-ron-preview")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 4 recorded")
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("4")
    done.append(PLAN[3])
    record(page, PLAN[4], done)

    # Hand 2 corrected: 3 han, not 2; the hands after it are replayed.
    page.get_by_role("link", name="Edit hand 2").click()
    expect(page.get_by_role("heading", name=re.compile("Edit hand 2"))).to_be_visible()
    tap(page, "win_1_han", 3)
    expect_preview(page, scored(PLAN[:2])["hands"][-1]["scores"])
    shoot(page, artifacts, "correct-hand-2")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator("#messages")).to_contain_text("Hand 2 edited")
    done[1] = PLAN[1]
    expect(page.locator("#hand-2 .log-edited")).to_be_visible()
    expect_scoreboard(page, scored(done)["hands"][-1]["scores"])
    shoot(page, artifacts, "edit")

    record(page, PLAN[5], done)
    record(page, PLAN[6], done)

    # Hand 8 entered wrong (winner and discarder mixed up), undone, entered again.
    record(page, WRONG_RON, done)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo hand 8").click()
    expect(page.locator("#messages")).to_contain_text("Hand 8 undone")
    expect(page.locator("#hand-log #hand-8")).to_have_count(0)
    done.pop()
    expect(page.locator("#hand-form input[name=sequence]")).to_have_value("7")
    expect_scoreboard(page, scored(done)["hands"][-1]["scores"])
    shoot(page, artifacts, "undo")
    for hand in PLAN[7:]:
        record(page, hand, done)
    assert done == PLAN

    # The game is over: no form, the standings as the engine has them.
    expect(page.locator(".table-meta")).to_contain_text("finished")
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    shown = [
        (
            int(row.locator("td.place").inner_text()),
            row.locator("th").inner_text(),
            points(row.locator("td.num").first.inner_text()),
            result(row.locator("td.result").inner_text()),
        )
        for row in rows.all()
    ]
    expected = sorted(
        (row["place"], row["name"], row["points"], Decimal(str(row["result"])))
        for row in final["final"]
    )
    assert shown == expected
    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    shoot(page, artifacts, "final")

    # The record one downloads holds the planned hands.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the record (JSON)").click()
    stored = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert stored["format"] == FORMAT
    assert stored["rules"] == "tenhou"
    assert stored["players"] == PLAYERS
    assert stored["hands"] == PLAN

    page.set_viewport_size(VIEWPORTS["desktop"])
    expect(page.locator("#standings")).to_be_visible()
    page.screenshot(path=artifacts / "whole-hanchan-1280-final.png", full_page=True)
