"""What the table page's browser tests share: a game, a member's browser at a size, taps on
the hand form's chips, and where things are on the page (from its layout)."""

from __future__ import annotations

from typing import TypedDict

from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import Browser, Locator, Page

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services_games import start_game
from scoring.rules import PRESETS

VIEWPORTS = {
    "phone": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}


class Box(TypedDict):
    top: float
    bottom: float


def new_game() -> Game:
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    return start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)


def member_browser(browser: Browser, live_server, size: str) -> Page:
    """A browser of the given size logged in as a member."""
    user = get_user_model().objects.create_user("bob", password="riichi-tsumo-pinfu-7")
    make_member(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=VIEWPORTS[size])
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def chip(page: Page, name: str, value: str) -> Locator:
    return page.locator(f"#hand-form label.chip:has(input[name='{name}'][value='{value}'])")


def tap(page: Page, name: str, value: str) -> None:
    chip(page, name, value).click()


def idle(page: Page) -> None:
    """Wait until htmx has finished its requests and swaps."""
    page.wait_for_function(
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )


def box(locator: Locator) -> Box:
    """Where an element is on the page (from the top of the document, not the screen)."""
    top, bottom = locator.evaluate(
        "e => { const r = e.getBoundingClientRect(); return [r.top + scrollY, r.bottom + scrollY] }"
    )
    return {"top": top, "bottom": bottom}


def wait_on_screen(locator: Locator, timeout: float = 5000) -> None:
    """Wait until the whole element is inside the screen (htmx scrolls once a swap has
    settled, later on a busy machine)."""
    locator.wait_for(state="attached", timeout=timeout)
    locator.page.wait_for_function(
        "e => { const r = e.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight }",
        arg=locator.element_handle(),
        timeout=timeout,
    )


def on_screen(locator: Locator) -> bool:
    """Whether the whole element is inside the screen as it is scrolled now."""
    result: bool = locator.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight }"
    )
    return result
