"""Importing a game played on Tenhou, on an organiser's phone (360 px): the log sent, the
game shown, a log name mapped to a club player and the others made new players, the game
stored; then found in the history and the standings, its page saying where it was played. A
three-player log too, under a saved three-player ruleset, found in the three-player history
and standings.
Screenshots go to test-artifacts/."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from table_helpers import fits, organiser, signed_in

from scorekeeper.club.models import Game, Player, SavedRuleset
from tests.real_data import LOGS_DIR, SANMA_DIR

LOG = LOGS_DIR / "mjlog-xml" / "2019021004gm-00a9-0000-e2f6516d.xml"


def test_an_organiser_imports_a_tenhou_log_on_a_phone(
    browser: Browser, live_server, transactional_db, artifacts
):
    ben = Player.objects.create(name="Ben")
    page = signed_in(browser, live_server, organiser(also_member=True))
    page.goto(live_server.url + "/organiser/")
    page.get_by_role("link", name="Import games played online").click()
    page.set_input_files("#id_log", str(LOG))
    assert fits(page)
    page.screenshot(path=artifacts / "log-import-phone.png", full_page=True)
    page.get_by_role("button", name="Read the logs").click()

    expect(page.get_by_role("heading", name="One game to import")).to_be_visible()
    expect(page.locator(".log-game")).to_contain_text("2019021004gm-00a9-0000-e2f6516d")
    expect(page.locator(".log-game")).to_contain_text("+58.0")
    page.get_by_label("HN-Koda").select_option(label="Ben")
    assert fits(page)
    page.screenshot(path=artifacts / "log-import-preview-phone.png", full_page=True)
    page.get_by_role("button", name="Import the game").click()

    game = Game.objects.get()
    expect(page.locator(".table-source")).to_contain_text("Played on Tenhou")
    expect(page.locator(".table-source")).to_contain_text("2019021004gm-00a9-0000-e2f6516d")
    assert fits(page)
    page.screenshot(path=artifacts / "log-import-game-phone.png", full_page=True)
    assert [seat.player for seat in game.seats.order_by("number")][1] == ben

    page.goto(live_server.url + "/history/")
    expect(page.locator("main")).to_contain_text("Ben")
    expect(page.get_by_role("link", name=str(game), exact=True)).to_be_visible()
    assert fits(page)
    page.goto(live_server.url + "/standings/")
    expect(page.locator("main")).to_contain_text("あがれる間6s")
    expect(page.locator("main")).to_contain_text("Ben")
    assert fits(page)
    page.screenshot(path=artifacts / "log-import-standings-phone.png", full_page=True)


SANMA = SANMA_DIR / "2014091101gm-00b9-0000-5ca6b487.mjlog.xml"


def test_an_organiser_imports_a_three_player_tenhou_log_on_a_phone(
    browser: Browser, live_server, transactional_db, artifacts
):
    ben = Player.objects.create(name="Ben")
    SavedRuleset.objects.create(name="Our Tenhou", preset="tenhou", overrides={})
    SavedRuleset.objects.create(
        name="Sanma 2014", preset="tenhou_sanma", overrides={"result_rounding": "tenhou"}
    )
    page = signed_in(browser, live_server, organiser(also_member=True))
    page.goto(live_server.url + "/games/import-log/")
    page.set_input_files("#id_log", str(SANMA))
    # The saved rulesets come in two groups, by their number of players.
    groups = page.locator("#id_ruleset optgroup")
    expect(groups).to_have_count(2)
    expect(groups.nth(1)).to_have_attribute("label", "Three players")
    page.locator("#id_ruleset").select_option(label="Sanma 2014")
    page.get_by_role("button", name="Read the logs").click()

    # Three players, and the results of the log's owari: 54.0, -37.0, -17.0.
    game_shown = page.locator(".log-game")
    expect(game_shown.locator(".standings-table tbody tr")).to_have_count(3)
    expect(game_shown).to_contain_text("+54.0")
    expect(game_shown).to_contain_text("−37.0")
    expect(game_shown).to_contain_text("−17.0")
    page.get_by_label("あさぴん＠ｍｊ").select_option(label="Ben")
    assert fits(page)
    page.screenshot(path=artifacts / "log-import-sanma-preview-phone.png", full_page=True)
    page.get_by_role("button", name="Import the game").click()

    game = Game.objects.get()
    expect(page.locator(".table-source")).to_contain_text("Played on Tenhou")
    assert game.players == 3 and game.ruleset_name == "Sanma 2014"
    assert [seat.player for seat in game.seats.order_by("number")][1] == ben

    page.goto(live_server.url + "/history/?players=3")
    expect(page.get_by_role("link", name=str(game), exact=True)).to_be_visible()
    page.goto(live_server.url + "/standings/?players=3")
    rows = page.locator("#standings-table tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(2)).to_contain_text("Ben")
    expect(rows.nth(2)).to_contain_text("−37.0")
    assert fits(page)
    page.screenshot(path=artifacts / "log-import-sanma-standings-phone.png", full_page=True)
