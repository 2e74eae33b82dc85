"""Yaku at the table and in the statistics, in a browser on a phone and on a desktop: the
chips fill in the han as they are tapped (and Riichi follows the riichi chip), the hand is
recorded with them; the statistics pages fit the screen and draw their charts. Screenshots
go to test-artifacts/."""

from __future__ import annotations

from datetime import date

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, member, new_game, new_page, signed_in

from scorekeeper.club.models import Game, HandRecord, Player
from scorekeeper.operations.demo import seed_demo
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_yaku_chips_fill_in_the_han_and_the_hand_is_recorded_with_them(
    browser: Browser, live_server, transactional_db, artifacts, screen
):
    game = new_game()
    page = signed_in(browser, live_server, member(), screen)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#hand-form")
    form.locator("label.chip:has(input[name=outcome][value=ron])").click()
    form.locator("label.chip:has(input[name=winners][value='1'])").click()
    form.locator("label.chip:has(input[name=discarder][value='2'])").click()
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".win-yaku summary").click()
    # Ben's riichi ticks his Riichi chip once he has a yaku.
    form.locator(".group-riichi label.chip:has(input[value='1'])").click()
    expect(ben.locator("input[value='Riichi']")).not_to_be_checked()
    ben.locator("label.chip:has(input[value='Pinfu'])").click()
    expect(ben.locator("input[value='Riichi']")).to_be_checked()
    ben.locator("label.chip:has(input[value='Tanyao'])").click()
    ben.locator("input[name=win_1_dora]").fill("1")
    # Riichi 1 + Pinfu 1 + Tanyao 1 + dora 1: the 4 han chip is ticked.
    expect(ben.locator(".subgroup-han input[value='4']")).to_be_checked()
    ben.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    expect(page.locator("#preview")).to_contain_text("7,700")
    assert fits(page)
    page.screenshot(path=artifacts / f"yaku-hand-form-{screen}.png", full_page=True)
    ben.screenshot(path=artifacts / f"yaku-hand-form-winner-{screen}.png")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#messages")).to_contain_text("Hand 1 recorded")
    stored = HandRecord.objects.get(game=game).data["ron"]["wins"][0]
    assert (stored["yaku"], stored["dora"], stored["han"]) == (
        ["Riichi", "Pinfu", "Tanyao"],
        {"dora": 1, "ura": 0, "aka": 0},
        4,
    )


def test_a_closed_tsumo_ticks_menzen_tsumo_once_a_yaku_is_chosen(
    browser: Browser, live_server, transactional_db, artifacts
):
    game = new_game()
    page = signed_in(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#hand-form")
    form.locator("label.chip:has(input[name=outcome][value=tsumo])").click()
    form.locator("label.chip:has(input[name=winner][value='0'])").click()
    aki = page.locator(".win[data-seat='0']")
    aki.locator(".win-yaku summary").click()
    expect(aki.locator("input[value='Menzen Tsumo']")).not_to_be_checked()
    aki.locator("label.chip:has(input[value='Chiitoitsu'])").click()
    expect(aki.locator("input[value='Menzen Tsumo']")).to_be_checked()
    # Menzen Tsumo 1 + Chiitoitsu 2 = 3 han; the dealer's 3 han 25 fu tsumo is 1,600 all.
    expect(aki.locator(".subgroup-han input[value='3']")).to_be_checked()
    aki.locator(".subgroup-fu label.chip:has(input[value='25'])").click()
    expect(page.locator("#preview")).to_contain_text("4,800")


@pytest.fixture
def club(transactional_db) -> dict[str, str]:
    seed_demo(games=30, seed=3, today=date(2025, 6, 1))
    players = list(Player.objects.order_by("name")[:4])
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    hands = [
        Hand(Ron(3, (Win(1, 4, 30, yaku=("Riichi", "Pinfu", "Tanyao"), dora=1),)), riichi=(1,)),
        Hand(Tsumo(Win(2, 3, 40, yaku=("Haku", "Honitsu"), dora=0, open=True)), riichi=(0,)),
        Hand(Ron(3, (Win(0, 2, 30, yaku=("Tanyao",), dora=(0, 0, 1), open=False),))),
        Hand(Ron(3, (Win(1, 3, 40),)), riichi=(1,)),
        Hand(Ron(3, (Win(2, 6),))),
    ]
    for sequence, hand in enumerate(hands):
        record_hand(game=game, hand=hand, expected_sequence=sequence)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    return {"statistics": "/statistics/", "player": f"/players/{players[1].pk}/"}


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_the_statistics_pages_fit_the_screen_and_draw_their_charts(
    browser: Browser, live_server, club, artifacts, screen
):
    page = new_page(browser, screen)
    for name, url in club.items():
        page.goto(live_server.url + url)
        assert fits(page), f"{name} is wider than the {screen}"
        stats = page.locator(".yaku-stats")
        expect(stats.locator("svg.chart-bars")).to_have_count(3)
        expect(stats.locator(".yaku-table tbody tr").first).to_be_visible()
        page.screenshot(path=artifacts / f"yaku-stats-{name}-{screen}.png", full_page=True)
        stats.screenshot(path=artifacts / f"yaku-stats-{name}-section-{screen}.png")
    page.goto(live_server.url + club["statistics"])
    expect(page.locator(".yaku-table")).to_contain_text("Tanyao")
    expect(page.locator(".yaku-stats")).to_contain_text("recorded without yaku left out")
