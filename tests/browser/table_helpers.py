"""What the browser tests share: the screens they are drawn on, a page at one of them (as a
user logged in or as a visitor, in English or Japanese, with or without JavaScript), the users
who log in, whether a page fits the screen's width, a game, the hand calculator's taps for a
riichi pinfu hand, taps on the hand form's chips, and where things are on the page (from its
layout)."""

from __future__ import annotations

import time
from typing import Any, TypedDict

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, Locator, Page

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

#: The screens the pages are drawn on: a small phone held upright, and a laptop's or a
#: desktop's window.
VIEWPORTS = {
    "phone": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}
#: The password of the users made here: a test of the login form types it, the others are
#: logged in without it (`signed_in`).
PASSWORD = "riichi-tsumo-pinfu-7"
#: A riichi pinfu hand with a red five pin, waiting on 1m-4m and won on 1m, the last tile
#: tapped (each name is a tile's button in the hand calculator's picker). With riichi it is
#: 3 han 30 fu by ron (riichi, pinfu, aka dora), 4 han 20 fu by tsumo (menzen tsumo too).
TAPS = [
    "2 man",
    "3 man",
    "5 pin (red)",
    "6 pin",
    "7 pin",
    "2 sou",
    "3 sou",
    "4 sou",
    "5 sou",
    "6 sou",
    "7 sou",
    "8 sou",
    "8 sou",
    "1 man",
]


class Box(TypedDict):
    top: float
    bottom: float


def member(name: str = "bob") -> User:
    """A member of the club: records hands at the table, does not run the club."""
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    make_member(user)
    return user


def organiser(name: str = "alice", *, also_member: bool = False) -> User:
    """An organiser (staff): runs the club; with ``also_member``, in the members' group too,
    as the organiser of some tests is."""
    user = get_user_model().objects.create_user(name, password=PASSWORD, is_staff=True)
    if also_member:
        make_member(user)
    return user


def new_page(
    browser: Browser, size: str = "phone", *, japanese: bool = False, javascript: bool = True
) -> Page:
    """A page in a browser context of its own (no cookies from another page) at the size
    ``VIEWPORTS[size]``; in Japanese, it asks for Japanese pages (Accept-Language) and its
    locale is Japanese, as on a phone set to Japanese."""
    # The service worker is tried in test_table_offline; elsewhere each new context would
    # install it and fetch the files it keeps from the one live server, for nothing.
    options: dict[str, Any] = {
        "viewport": VIEWPORTS[size],
        "java_script_enabled": javascript,
        "service_workers": "block",
    }
    if japanese:
        options.update(locale="ja", extra_http_headers={"Accept-Language": "ja"})
    return browser.new_context(**options).new_page()


def signed_in(
    browser: Browser,
    live_server,
    user: User,
    size: str = "phone",
    *,
    japanese: bool = False,
    javascript: bool = True,
) -> Page:
    """A `new_page` logged in as the user: the session is made on the server
    (``force_login``) and its cookie handed to the browser, so the test does not spend its
    time on the login form (the tests of the login form type the password)."""
    client = Client()
    client.force_login(user)
    page = new_page(browser, size, japanese=japanese, javascript=javascript)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return page


def fits(page: Page) -> bool:
    """Whether the page fits the screen's width: nothing sticks out, so the page never scrolls
    sideways (a wide table may scroll in its own box). Measured against the document's
    clientWidth, the screen's width less a vertical scrollbar if one shows (headless chromium
    shows none), so it holds in a headed browser too."""
    result: bool = page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    return result


def new_game() -> Game:
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    return start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)


def chip(page: Page, name: str, value: str) -> Locator:
    return page.locator(f"#hand-form label.chip:has(input[name='{name}'][value='{value}'])")


def tap(page: Page, name: str, value: str) -> None:
    chip(page, name, value).click()


def idle(page: Page) -> None:
    """Wait until htmx has finished its requests and swaps. (Waits here never use
    ``wait_for_function``: it evaluates its text inside the page, which the site's
    Content-Security-Policy refuses, as it refuses any ``eval``.)"""
    page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added").first.wait_for(
        state="detached"
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
    deadline = time.monotonic() + timeout / 1000
    while not on_screen(locator):
        assert time.monotonic() < deadline, "the element did not come on screen"
        locator.page.wait_for_timeout(50)


def on_screen(locator: Locator) -> bool:
    """Whether the whole element is inside the screen as it is scrolled now."""
    result: bool = locator.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight }"
    )
    return result
