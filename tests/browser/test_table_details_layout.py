"""The small things of the table's pages measured in a browser: names in the hand form's
chips and in the chart's legend wrap without being cut or broken mid-word, the live board
shows whole names at 1280 px, the final standings' result column is in view on a phone, and
no chip of the fu calculator covers its neighbour."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import VIEWPORTS, fits, member, new_page, signed_in

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Chombo, Hand, Ron, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db(transaction=True)

#: Names of a dozen letters, one word each: the longest the chips show whole.
LONG_NAMES = ("Konstantinos", "Bartholomew", "Alexandrina", "Maximilian")


def long_named_game(*, finished: bool = False) -> Game:
    players = [Player.objects.create(name=name) for name in LONG_NAMES]
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Chombo(3)), expected_sequence=1)
    if finished:
        finish_game(game=game, expected_sequence=2)
    return game


def overflowing(page: Page, selector: str) -> list[str]:
    """The elements whose text does not fit their box (cut or spilling out)."""
    result: list[str] = page.eval_on_selector_all(
        selector,
        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1"
        " || e.scrollHeight > e.clientHeight + 1).map(e => e.textContent)",
    )
    return result


def words_broken(page: Page, selector: str) -> list[str]:
    """The elements in which a word is split across two lines (a line break that is not at a
    space): each word's pieces are measured with a range."""
    result: list[str] = page.eval_on_selector_all(
        selector,
        """els => els.filter(e => {
            const text = e.firstChild;
            if (!text || text.nodeType !== 3) return false;
            const range = document.createRange();
            let start = 0;
            for (const word of text.data.split(" ")) {
                range.setStart(text, start);
                range.setEnd(text, start + word.length);
                if (range.getClientRects().length > 1) return true;
                start += word.length + 1;
            }
            return false;
        }).map(e => e.textContent)""",
    )
    return result


@pytest.mark.parametrize("size", VIEWPORTS)
def test_names_of_a_dozen_letters_are_whole_in_the_chips(
    browser: Browser, live_server, artifacts, size
):
    game = long_named_game()
    page = signed_in(browser, live_server, member(), size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#hand-form label.chip:has(input[name=outcome][value=ron])").click()

    names = page.locator(".group-winners .chip-face .who")
    expect(names).to_have_text(list(LONG_NAMES))
    assert overflowing(page, ".group-winners .chip-face") == []
    assert overflowing(page, ".group-winners .chip-face .who") == []
    assert words_broken(page, ".group-winners .chip-face .who") == []
    assert fits(page), f"the hand form is wider than the {size}"
    page.locator(".group-winners").screenshot(path=artifacts / f"chips-long-names-{size}.png")


def test_the_phone_chart_legend_does_not_break_names(browser: Browser, live_server, artifacts):
    game = long_named_game()
    page = signed_in(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")

    expect(page.locator(".chart-legend .legend-name")).to_have_text(list(LONG_NAMES))
    assert words_broken(page, ".chart-legend .legend-name") == []
    page.locator(".chart-legend").screenshot(path=artifacts / "chart-legend-phone.png")


def test_the_live_board_shows_whole_names_at_1280(browser: Browser, live_server, artifacts):
    game = long_named_game()
    page = new_page(browser, "desktop")
    page.goto(f"{live_server.url}/games/{game.pk}/live/")

    names = page.locator(".live-seat .live-name")
    expect(names.first).to_be_visible()
    assert overflowing(page, ".live-seat .live-name") == []
    assert words_broken(page, ".live-seat .live-name") == []
    page.screenshot(path=artifacts / "live-board-long-names-desktop.png")


def test_the_final_standings_fit_a_phone(browser: Browser, live_server, artifacts):
    game = long_named_game(finished=True)
    page = signed_in(browser, live_server, member())
    page.goto(f"{live_server.url}/games/{game.pk}/")

    table = page.locator(".standings-table")
    expect(table).to_contain_text("Penalty")
    results = page.locator(".standings-table td.result")
    expect(results).to_have_count(4)
    for index in range(4):
        right = results.nth(index).evaluate("e => e.getBoundingClientRect().right")
        assert right <= VIEWPORTS["phone"]["width"]
    scroller = page.locator("#standings .table-scroll")
    assert scroller.evaluate("e => e.scrollWidth <= e.clientWidth")
    page.screenshot(path=artifacts / "standings-phone.png")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_no_chip_of_the_fu_calculator_covers_its_neighbour(
    browser: Browser, live_server, artifacts, size
):
    page = new_page(browser, size)
    page.goto(f"{live_server.url}/calculator/fu/")

    overlaps = page.eval_on_selector_all(
        ".fu-form .calc-chips",
        """rows => rows.flatMap(row => {
            const faces = [...row.querySelectorAll('.calc-chip-face')]
                .map(f => f.getBoundingClientRect());
            const found = [];
            for (let i = 0; i < faces.length; i++)
                for (let j = i + 1; j < faces.length; j++) {
                    const a = faces[i], b = faces[j];
                    if (a.left < b.right - 0.5 && b.left < a.right - 0.5
                        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
                        found.push([i, j]);
                }
            return found;
        })""",
    )
    assert overlaps == []
    page.screenshot(path=artifacts / f"fu-calculator-{size}.png", full_page=True)
