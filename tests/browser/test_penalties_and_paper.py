"""Penalties and a game begun on paper, in a browser on a phone (360x740) and a desktop
(1280x800): an organiser gives a penalty from a finished game's page and takes it back; a
member starts a game begun on paper and plays its last hand; the all-last dealer wins with
chips and stops the game by choice. The numbers are those of
``tests/web/operations/test_record_parts.py`` and ``tests/web/table/test_penalties.py``
(RULES.md, tenhou)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, member, organiser, signed_in

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS, resolve_rules
from scoring.state import GameState

MINUS = "\u2212"


@pytest.fixture
def players(transactional_db) -> list[Player]:
    return [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_an_organiser_gives_a_penalty_on_a_finished_game_and_takes_it_back(
    browser: Browser, live_server, players, artifacts, size
):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    record_hand(game=game, hand=Hand(Draw(tenpai=(0, 1, 2, 3))), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)
    page = signed_in(browser, live_server, organiser(), size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    standings = page.locator("#standings")
    expect(standings.locator("tr", has_text="Chie")).to_contain_text(f"{MINUS}15.0")

    page.get_by_text("Give a penalty").click()
    box = page.locator("#penalty-box")
    box.locator("label.choice-option", has_text="Chie").click()
    box.get_by_label("Points off the final result").fill("10000")
    box.get_by_label("Why (optional)").fill("late")
    page.screenshot(path=artifacts / f"penalty-{size}-form.png", full_page=True)
    box.get_by_role("button", name="Give the penalty").click()

    expect(page.locator("#messages")).to_contain_text(f"Penalty given: Chie {MINUS}10,000")
    chie = page.locator("#standings tr", has_text="Chie")
    expect(chie).to_contain_text(f"{MINUS}25.0")
    expect(page.locator("#standings thead")).to_contain_text("Penalty")
    line = page.locator("#penalty-1")
    expect(line).to_contain_text("after hand 1")
    expect(line).to_contain_text(f"Chie {MINUS}10,000 off the final result ({MINUS}10.0): late")
    assert fits(page), f"the game with its penalty is wider than the {size}"
    line.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"penalty-{size}-given.png", full_page=True)

    page.once("dialog", lambda dialog: dialog.accept())
    line.get_by_role("link", name="Take back the penalty for Chie").click()

    expect(page.locator("#messages")).to_contain_text("Penalty taken back")
    expect(page.locator("#penalty-1")).to_have_count(0)
    expect(page.locator("#standings tr", has_text="Chie")).to_contain_text(f"{MINUS}15.0")
    assert Game.objects.get(pk=game.pk).penalties == []


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_member_starts_a_game_begun_on_paper_and_plays_its_last_hand(
    browser: Browser, live_server, players, artifacts, size
):
    page = signed_in(browser, live_server, member(), size)
    page.goto(f"{live_server.url}/games/new/")
    page.get_by_label("Ruleset").select_option(label="Tenhou")
    for seat, player in enumerate(players):
        page.locator(f"#id_seat_{seat}").select_option(label=player.name)
    page.get_by_text("A game begun on paper").click()
    page.get_by_label("Round reached").select_option(label="South 4")
    page.get_by_label("Honba").fill("1")
    page.get_by_label("Riichi sticks").fill("1")
    for seat, points in enumerate((31000, 22000, 25000, 21000)):
        page.locator(f"#id_score_{seat}").fill(str(points))
    page.screenshot(path=artifacts / f"paper-{size}-new-game.png", full_page=True)
    assert fits(page), f"the new game form is wider than the {size}"
    # The last field typed in is left first, as a thumb leaves the keyboard.
    page.locator("#id_score_3").blur()
    page.get_by_role("button", name="Start the game").click()

    scoreboard = page.locator("#scoreboard")
    expect(scoreboard).to_contain_text("South 4")
    expect(scoreboard).to_contain_text("31,000")
    expect(page.locator("#hand-start")).to_contain_text("Begun on paper")
    expect(page.locator("#record-title")).to_contain_text("1 honba")
    page.screenshot(path=artifacts / f"paper-{size}-table.png", full_page=True)

    form = page.locator("#hand-form")
    form.locator("label.chip:has(input[name=outcome][value=ron])").click()
    form.locator("label.chip:has(input[name=winners][value='0'])").click()
    form.locator("label.chip:has(input[name=discarder][value='1'])").click()
    aki = page.locator(".win[data-seat='0']")
    aki.locator(".subgroup-han label.chip:has(input[value='3'])").click()
    aki.locator(".subgroup-fu label.chip:has(input[value='40'])").click()
    expect(page.locator("#preview")).to_contain_text("+6,500")
    page.get_by_role("button", name="Record hand").click()

    standings = page.locator("#standings")
    expect(standings.locator("tr", has_text="Aki")).to_contain_text("+47.0")
    expect(standings.locator("tr", has_text="Ben")).to_contain_text(f"{MINUS}33.0")
    expect(standings.locator("tr", has_text="Dan")).to_contain_text(f"{MINUS}19.0")
    assert fits(page), f"the finished game is wider than the {size}"
    page.screenshot(path=artifacts / f"paper-{size}-finished.png", full_page=True)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_all_last_dealer_wins_with_chips_and_stops_the_game(
    browser: Browser, live_server, players, artifacts, size
):
    """EMA rules with optional agari-yame and chips worth 1,000 (RULES.md): Dan deals South 4,
    everyone on 30,000, and wins a tsumo of 2 han 30 fu (1,000 from each) with 2 chips from
    each. Dan ends on 33,000, +3 + 15 uma + 6 chips = +24.0; the three tied on 29,000 share
    the uma of places 2-4, (5 - 5 - 15) / 3 = -5, and pay 2 chips: -1 - 5 - 2 = -8.0."""
    rules = resolve_rules({"preset": "ema", "agari_yame": "optional", "chip_value": 1000})
    game = start_game(
        rules=rules, ruleset_name="Club", players=players, start=GameState((30000,) * 4, 7)
    )
    page = signed_in(browser, live_server, member(), size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#hand-form")
    expect(form.locator(".group-end")).to_be_hidden()

    form.locator("label.chip:has(input[name=outcome][value=tsumo])").click()
    form.locator(".group-winner label.chip:has(input[value='3'])").click()
    dan = page.locator(".win[data-seat='3']")
    dan.locator(".subgroup-han label.chip:has(input[value='2'])").click()
    dan.locator(".subgroup-fu label.chip:has(input[value='30'])").click()
    dan.get_by_label("Chips").fill("2")
    form.get_by_label("Stop the game after this hand", exact=False).check()
    expect(page.locator("#preview")).to_contain_text("Then the game ends")
    assert fits(page), f"the table is wider than the {size}"
    page.screenshot(path=artifacts / f"chips-{size}-tsumo-entered.png", full_page=True)
    page.get_by_role("button", name="Record hand").click()

    standings = page.locator("#standings")
    expect(standings.locator("tr", has_text="Dan")).to_contain_text("+24.0")
    expect(standings.locator("tr", has_text="Aki")).to_contain_text(f"{MINUS}8.0")
    expect(standings.locator("tr", has_text="Dan")).to_contain_text("+6.0 (+6)")
    expect(standings.locator("tr", has_text="Aki")).to_contain_text(f"{MINUS}2.0 ({MINUS}2)")
    expect(page.locator("#hand-1")).to_contain_text(
        "Dan tsumo, 2 han 30 fu, 2 chips, 1,000 all — the game stopped here by choice"
    )
    page.screenshot(path=artifacts / f"chips-{size}-stopped.png", full_page=True)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_penalty_pages_work_without_javascript(
    browser: Browser, live_server, players, artifacts, size
):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    page = signed_in(browser, live_server, organiser(), size)
    page.context.route("**/*.js", lambda route: route.abort())
    page.goto(f"{live_server.url}/games/{game.pk}/penalties/")

    page.get_by_role("button", name="Give the penalty").click()
    expect(page.locator("#penalty-form-errors")).to_contain_text("Choose the player")
    page.locator("label.choice-option", has_text="Ben").click()
    page.get_by_label("Points off the final result").fill("2550")
    page.get_by_role("button", name="Give the penalty").click()
    expect(page.locator("#penalty-form-errors")).to_contain_text("whole hundreds")
    assert fits(page), f"the refused penalty page is wider than the {size}"
    page.screenshot(path=artifacts / f"penalty-{size}-page-refused.png", full_page=True)
    page.get_by_label("Points off the final result").fill("2000")
    page.get_by_role("button", name="Give the penalty").click()
    expect(page.locator("#penalty-1")).to_contain_text("before the first hand")

    page.locator("#penalty-1").get_by_role("link", name="Take back the penalty for Ben").click()
    expect(page.locator("h1")).to_have_text("Take back this penalty?")
    assert fits(page), f"the take-back page is wider than the {size}"
    page.screenshot(path=artifacts / f"penalty-{size}-take-back.png", full_page=True)
    page.get_by_role("button", name="Take back the penalty").click()
    expect(page.locator("#messages")).to_contain_text("Penalty taken back: Ben")
    assert Game.objects.get(pk=game.pk).penalties == []
