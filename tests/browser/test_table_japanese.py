"""The table page in Japanese at 360x740 and 1280x800: a preview shown as the hand is
entered, the hand log in club words, the final standings; nothing wider than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, idle, member, new_game, signed_in, tap

from scorekeeper.table.services.games import finish_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win

pytestmark = pytest.mark.django_db(transaction=True)


def play_three_hands(game) -> None:
    # Ben ron from Chie 3 han 40 fu; a draw with Aki tenpai after Aki's riichi; Chie (the
    # dealer after the draw) tsumo 4 han 30 fu with the honba.
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,)), riichi=(0,)), expected_sequence=1)
    record_hand(game=game, hand=Hand(Tsumo(Win(2, han=4, fu=30))), expected_sequence=2)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_table_with_a_preview_in_japanese(browser: Browser, live_server, artifacts, size):
    game = new_game()
    play_three_hands(game)
    page = signed_in(browser, live_server, member(), size, japanese=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    expect(page.locator("#hand-log")).to_contain_text("BenがChieからロン、3翻40符")
    expect(page.locator("#hand-log")).to_contain_text("流局：Akiが聴牌")
    tap(page, "outcome", "ron")
    tap(page, "winners", "1")
    tap(page, "discarder", "3")
    ben = page.locator(".win[data-seat='1']")
    ben.locator(".subgroup-han label.chip:has(input[value='4'])").click()
    ben.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    expect(page.locator("#preview")).to_contain_text("次局：")
    idle(page)
    expect(page.get_by_role("button", name="記録する")).to_be_visible()
    assert fits(page), f"the table is wider than the {size}"

    page.screenshot(path=artifacts / f"table-ja-{size}-first-screen.png")
    page.locator("#hand-log").screenshot(path=artifacts / f"table-ja-{size}-hand-log.png")
    page.locator("#preview").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"table-ja-{size}-preview.png")
    page.screenshot(path=artifacts / f"table-ja-{size}-whole.png", full_page=True)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_final_standings_in_japanese(browser: Browser, live_server, artifacts, size):
    game = new_game()
    play_three_hands(game)
    finish_game(game=game, expected_sequence=3)
    page = signed_in(browser, live_server, member(), size, japanese=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")

    standings = page.locator("#standings")
    expect(standings).to_contain_text("最終順位")
    expect(standings.locator("thead")).to_contain_text("ポイント")
    assert fits(page), f"the final standings are wider than the {size}"
    table = standings.locator(".standings-table")
    scroller = standings.locator(".table-scroll")
    assert table.evaluate("e => e.scrollWidth") <= scroller.evaluate("e => e.clientWidth")

    page.locator(".table-head").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"table-ja-{size}-standings.png")
