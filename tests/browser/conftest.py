"""Playwright on Debian's chromium (`apt-get install chromium`), against pytest-django's
live server. Without chromium the browser tests are skipped, unless
SCOREKEEPER_REQUIRE_BROWSER=1 (as in CI), where they fail."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.servers import basehttp
from playwright.sync_api import Browser, Page
from table_helpers import member, new_game, signed_in

from scorekeeper.club.models import Game, Player, Season
from scorekeeper.operations.demo import seed_demo

# Playwright's sync API runs an event loop in the test thread; the live server's database
# access from that thread is still synchronous.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def _chromium_installed() -> None:
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)"
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Pages without the service worker (as ``table_helpers.new_page`` makes them): only
    test_table_offline installs it."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture
def artifacts() -> Path:
    """Where screenshots go, to look at after a run."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session", autouse=True)
def _live_server_closes_each_connection() -> Iterator[None]:
    """The live server closes each connection after its answer, as the real server does
    (no keep-alive). Otherwise chromium keeps connections open after a test, and when it
    lets them go later, in another test, the server's thread for each one closes the
    shared test database from the wrong thread (an error in a thread, and a warning)."""
    handler = basehttp.ServerHandler
    original = handler.cleanup_headers

    def cleanup_headers(self: Any) -> None:
        self.headers["Connection"] = "close"
        original(self)

    handler.cleanup_headers = cleanup_headers  # type: ignore[method-assign]
    yield
    handler.cleanup_headers = original  # type: ignore[method-assign]


class _Site:
    """The live server's requests inside the site: one at a time, and counted from the
    moment each is read, so a test's end can wait for the last one to be answered."""

    turn = threading.Lock()
    quiet = threading.Condition()
    inside = 0

    @classmethod
    def enter(cls) -> None:
        with cls.quiet:
            cls.inside += 1

    @classmethod
    def leave(cls) -> None:
        with cls.quiet:
            cls.inside -= 1
            cls.quiet.notify_all()

    @classmethod
    def wait_until_quiet(cls, seconds: float) -> bool:
        with cls.quiet:
            return cls.quiet.wait_for(lambda: cls.inside == 0, timeout=seconds)


@pytest.fixture(scope="session", autouse=True)
def _live_server_answers_one_request_at_a_time() -> Iterator[None]:
    """The live server lets one request at a time into the site (its threads still read
    requests side by side). Its threads share the one in-memory test database connection,
    so two writes at once (a page's outbox and its service worker sending waiting hands
    together) would meet inside one SQLite transaction, which the real server's separate
    connections never do. A streamed answer is read whole inside the turn."""
    server = basehttp.WSGIServer
    original = server.set_app

    def set_app(self: Any, application: Any) -> None:
        def one_at_a_time(environ: Any, start_response: Any) -> Any:
            _Site.enter()
            try:
                with _Site.turn:
                    answer = application(environ, start_response)
                    try:
                        return [b"".join(answer)]
                    finally:
                        if hasattr(answer, "close"):
                            answer.close()
            finally:
                _Site.leave()

        original(self, one_at_a_time)

    server.set_app = set_app  # type: ignore[method-assign]
    yield
    server.set_app = original  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _pages_closed_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test opened is closed when it ends, whether the test opened it through
    a fixture or by hand (``browser.new_context()``): a page left open keeps polling (the
    live board asks every few seconds), and its requests would reach the live server while
    later tests run, outside any test's database access.

    Then the test waits for the requests its pages had already sent to be answered, before
    its database is emptied (this fixture asks for the database first, so it ends first):
    on PostgreSQL a request still reading while the tables are truncated can deadlock with
    the truncation, which then fails the test."""
    if "live_server" in request.fixturenames:
        request.getfixturevalue("transactional_db")
    yield
    if "browser" not in request.fixturenames:
        return
    browser = request.getfixturevalue("browser")
    for context in list(browser.contexts):
        context.close()
    assert _Site.wait_until_quiet(30), "the live server was still answering 30 s after the test"


@pytest.fixture
def history_club(transactional_db) -> dict[str, str]:
    """A demo club of 60 games (seed 2) and the pages that look back at it, by name."""
    seed_demo(games=60, seed=2, today=date(2025, 6, 1))
    game = Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at").first()
    player = Player.objects.order_by("name").first()
    season = Season.objects.get(name="Spring 2025")
    assert game and player
    return {
        "history": "/history/",
        "player": f"/players/{player.pk}/",
        "statistics": "/statistics/",
        "season": f"/seasons/{season.pk}/",
        "seasons": "/seasons/",
        "standings": "/standings/",
        "game": f"/games/{game.pk}/",
    }


@pytest.fixture
def game(transactional_db) -> Game:
    """A tenhou game of Aki, Ben, Chie and Dan, just started."""
    return new_game()


@pytest.fixture
def phone(browser: Browser, live_server, transactional_db) -> Page:
    """A member's phone, logged in (a test file may have a phone of its own)."""
    return signed_in(browser, live_server, member())
