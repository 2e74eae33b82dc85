"""A finished game's tables beside a 47-letter name and a penalty: on a phone (360 px) the
final standings' Result and the rating changes' Change stay in view, and a table wider than
the screen shows that it scrolls sideways (a shadow at the edge it hides); on a wide screen
(1280 px) the rating changes fit their box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, expect
from table_helpers import member, organiser, signed_in

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS

LONG_NAME = "Maximilian Alexander Konstantin von Hohenbergen"


@pytest.fixture
def finished(transactional_db) -> Game:
    """M-League's rules: the long name wins a 3 han 30 fu ron off Chie, then loses 20,000
    to a penalty; the game is finished."""
    names = (LONG_NAME, "渡辺 さくら", "Chie", "Dan")
    players = [Player.objects.create(name=name) for name in names]
    game = start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)
    record_hand(game=game, hand=Hand(Ron(2, (Win(0, han=3, fu=30),))), expected_sequence=0)
    game = Game.objects.get(pk=game.pk)
    give_penalty(
        game=game,
        seat=0,
        points=20000,
        reason="late",
        expected_revision=game.revision,
        user=organiser(),
    )
    finish_game(game=Game.objects.get(pk=game.pk), expected_sequence=1)
    return game


def outside(cells: Locator, box: Locator) -> list[str]:
    """The cells not wholly inside ``box`` as it is scrolled now, nor inside the screen."""
    hidden: list[str] = box.evaluate(
        """(box, cells) => { const b = box.getBoundingClientRect();
          return cells.filter(c => { const r = c.getBoundingClientRect();
            return r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.right > innerWidth; })
          .map(c => c.textContent.trim()) }""",
        cells.element_handles(),
    )
    return hidden


def shows_it_scrolls(box: Locator) -> bool:
    """Whether a box that scrolls sideways says so: a shadow drawn where it hides columns
    (its background's shadows stay put while the covers scroll with the content)."""
    result: bool = box.evaluate(
        """e => { const s = getComputedStyle(e);
          return e.scrollWidth > e.clientWidth && s.backgroundImage.includes('gradient')
            && s.backgroundAttachment.includes('local')
            && s.backgroundAttachment.includes('scroll') }"""
    )
    return result


@pytest.mark.parametrize("japanese", [False, True], ids=["en", "ja"])
def test_the_number_that_matters_stays_in_view_on_a_phone(
    browser: Browser, live_server, finished, artifacts, japanese
):
    page = signed_in(browser, live_server, member(), "phone", japanese=japanese)
    page.goto(f"{live_server.url}/games/{finished.pk}/")
    standings = page.locator("#standings .table-scroll")
    expect(standings).to_contain_text(LONG_NAME)
    assert outside(standings.locator("td.result"), standings) == []
    changes = page.locator("#game-ratings .table-scroll")
    expect(changes).to_contain_text(LONG_NAME)
    changes.scroll_into_view_if_needed()
    assert outside(changes.locator("td.change"), changes) == []
    for box in (standings, changes):
        wide = box.evaluate("e => e.scrollWidth > e.clientWidth")
        assert not wide or shows_it_scrolls(box)
    language = "ja" if japanese else "en"
    page.screenshot(path=artifacts / f"tables-in-view-phone-{language}.png", full_page=True)


def test_the_rating_changes_fit_their_box_on_a_wide_screen(
    browser: Browser, live_server, finished, artifacts
):
    page = signed_in(browser, live_server, member(), "desktop")
    page.goto(f"{live_server.url}/games/{finished.pk}/")
    changes = page.locator("#game-ratings .table-scroll")
    expect(changes).to_contain_text(LONG_NAME)
    assert changes.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert outside(changes.locator("td, th"), changes) == []
    page.screenshot(path=artifacts / "tables-in-view-desktop.png", full_page=True)
