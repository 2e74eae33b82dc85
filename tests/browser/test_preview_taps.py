"""The preview keeps up with quick taps: a tap made while the previous preview is still on its
way is previewed too (each new preview request replaces the one in flight)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Page, Route, expect

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services_games import start_game
from scoring.rules import PRESETS


@pytest.fixture
def game(transactional_db) -> Game:
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    return start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)


@pytest.fixture
def phone(browser: Browser, live_server, transactional_db) -> Page:
    user = get_user_model().objects.create_user("bob", password="riichi-tsumo-pinfu-7")
    make_member(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def test_quick_taps_on_a_slow_connection_end_with_the_right_preview(phone: Page, live_server, game):
    page = phone

    def slow(route: Route) -> None:
        page.wait_for_timeout(400)  # a slow connection: every preview takes a while
        route.continue_()

    page.route("**/preview/", slow)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#hand-form")
    form.locator("label.chip:has(input[name=outcome][value=tsumo])").click()
    form.locator("label.chip:has(input[name=winner][value='1'])").click()
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='2'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    # Non-dealer 2 han 30 fu tsumo: 500 from each non-dealer, 1,000 from the dealer.
    expect(page.locator("#preview")).to_contain_text("+2,000", timeout=10_000)
    expect(page.locator("#preview")).not_to_contain_text("Choose")
