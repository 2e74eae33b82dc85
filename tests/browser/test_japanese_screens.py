"""The site in Japanese on a phone (360x740), in a browser whose language is Japanese: the
table page with a preview showing, a finished game's final standings, the history and a
player's page. Each is saved to test-artifacts/ja-*.png before its words are checked, so a
failing page can still be looked at; nothing is wider than the screen."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect
from table_helpers import fits, signed_in

from scorekeeper.club.models import Player
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS
from tests.web.site_pages import Club, build_club


@pytest.fixture
def club(transactional_db) -> Club:
    return build_club()


@pytest.fixture
def phone(browser: Browser, live_server, club: Club) -> Page:
    """bob (a member) on a phone set to Japanese."""
    bob = get_user_model().objects.get(username="bob")
    return signed_in(browser, live_server, bob, japanese=True)


def shoot(page: Page, artifacts, name: str) -> None:
    page.screenshot(path=str(artifacts / f"ja-{name}.png"), full_page=True)


def test_the_table_page_with_a_preview_in_japanese(phone: Page, live_server, club, artifacts):
    players = list(Player.objects.filter(name__in=["Aki", "Ben", "Chie", "Dan"]).order_by("name"))
    game = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, table_label="卓5"
    )
    page = phone
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#hand-form")
    form.locator("label.chip:has(input[name=outcome][value=tsumo])").click()
    form.locator("label.chip:has(input[name=winner][value='1'])").click()
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='2'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    # A non-dealer's 2 han 30 fu tsumo: 500 from each non-dealer, 1,000 from the dealer.
    expect(page.locator("#preview")).to_contain_text("+2,000", timeout=10_000)
    page.locator("#preview").scroll_into_view_if_needed()
    shoot(page, artifacts, "table-preview")

    assert page.locator("html").get_attribute("lang") == "ja"
    expect(form).to_contain_text("ツモ")
    expect(form).to_contain_text("ロン")
    expect(page.locator("body")).to_contain_text("東1局")
    assert fits(page)


def test_the_final_standings_in_japanese(phone: Page, live_server, club, artifacts):
    page = phone
    page.goto(f"{live_server.url}/games/{club.finished.pk}/")
    shoot(page, artifacts, "final-standings")

    body = page.locator("body")
    expect(body).to_contain_text("順位")
    expect(body).to_contain_text("ウマ")
    expect(body).to_contain_text("オカ")
    assert fits(page)


def test_the_history_in_japanese(phone: Page, live_server, club, artifacts):
    page = phone
    page.goto(f"{live_server.url}/history/")
    shoot(page, artifacts, "history")

    # The site's name, the menu and ログアウト share one row of the header.
    boxes = [
        page.locator(selector).bounding_box()
        for selector in (".site-name", ".site-menu-button", ".site-account .nav-button")
    ]
    middles = [box["y"] + box["height"] / 2 for box in boxes if box]
    assert len(middles) == 3 and max(middles) - min(middles) < 4, boxes

    body = page.locator("body")
    expect(body).to_contain_text("対局")
    # The finished game was played on 1 March 2025: a Japanese date.
    expect(body).to_contain_text(re.compile(r"3月\s*1日"))
    assert fits(page)


def test_a_player_page_in_japanese(phone: Page, live_server, club, artifacts):
    page = phone
    page.goto(f"{live_server.url}/players/{club.aki.pk}/")
    shoot(page, artifacts, "player")

    body = page.locator("body")
    expect(body).to_contain_text("順位")
    expect(body).to_contain_text("対局")
    assert fits(page)
