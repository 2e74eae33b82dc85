"""The organiser's tools in a browser, on a phone (360x740) and a desktop (1280x800):
restoring a backup from the site (refused into a club with data and for a broken file,
then into the empty club), and merging two players. Screenshots go to test-artifacts/."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, fits, member, new_page, organiser, signed_in

from scorekeeper.club.models import Game, Player, Seat
from scorekeeper.operations.backup import backup_lines
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS


def a_club() -> str:
    """Four players and a game finished by the rules; its backup's text."""
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    for sequence in range(2):
        hand = Hand(Ron(3, (Win(0, han=6),)))
        game = record_hand(game=game, hand=hand, expected_sequence=sequence).game
    return "".join(backup_lines())


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_organiser_restores_a_backup_from_the_site(
    browser: Browser, live_server, transactional_db, artifacts, tmp_path: Path, screen
):
    text = a_club()
    good = tmp_path / "club.jsonl"
    good.write_text(text, encoding="utf-8")
    bad = tmp_path / "broken.jsonl"
    bad.write_text(text.replace('"han":6', '"han":0', 1), encoding="utf-8")
    page = signed_in(browser, live_server, organiser(also_member=True), screen)

    page.goto(live_server.url + "/")
    if screen == "phone":
        page.locator(".site-menu-button").click()  # the links fold behind it on a phone
    page.get_by_role("link", name="Organiser").click()
    expect(page.get_by_role("heading", name="Organiser", exact=True)).to_be_visible()
    expect(page.locator("main")).to_contain_text("this one holds 4 players, 1 game")
    assert fits(page)
    page.screenshot(path=artifacts / f"organiser-menu-{screen}.png", full_page=True)

    # Into a club that holds data: refused, nothing changes.
    page.get_by_role("link", name="Restore a backup").click()
    page.set_input_files("#id_backup", str(good))
    page.get_by_role("button", name="Restore").click()
    expect(page.locator(".field-error")).to_contain_text(
        "the club already holds 4 players, 1 game; a backup is restored only into an empty club"
    )
    assert fits(page)
    page.screenshot(path=artifacts / f"restore-refused-not-empty-{screen}.png", full_page=True)

    Game.objects.all().delete()
    Player.objects.all().delete()

    # A broken file: refused naming the line and the place, nothing stored.
    page.goto(live_server.url + "/backup/restore/")
    page.set_input_files("#id_backup", str(bad))
    page.get_by_role("button", name="Restore").click()
    error = page.locator(".field-error")
    expect(error).to_contain_text("line 6: record.hands[0] (E1).ron.wins[0]")
    expect(error).to_contain_text("Nothing was restored.")
    assert not Player.objects.exists()
    assert fits(page)
    page.screenshot(path=artifacts / f"restore-refused-broken-{screen}.png", full_page=True)

    page.set_input_files("#id_backup", str(good))
    page.get_by_role("button", name="Restore").click()
    expect(page.locator("#messages")).to_contain_text(
        "Restored 4 players, 0 rulesets, 0 seasons, 1 game and 2 hands."
    )
    expect(page).to_have_url(live_server.url + "/organiser/")
    assert "".join(backup_lines()) == text
    page.screenshot(path=artifacts / f"restore-done-{screen}.png", full_page=True)


def stored_game(label: str, seats: list[tuple[Player, int, str]]) -> Game:
    rules = PRESETS["tenhou"]
    game = Game.objects.create(
        table_label=label,
        ruleset_name="tenhou",
        rules=rules.to_json(),
        state=Game.initial_state(rules),
        status=Game.Status.FINISHED,
        finished_at=timezone.now(),
        hand_count=9,  # as many as each seat played: no chombo
    )
    for number, (player, place, result) in enumerate(seats):
        Seat.objects.create(
            game=game,
            number=number,
            player=player,
            place=place,
            final_points=25000,
            result=Decimal(result),
            hands=9,
        )
    return game


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_organiser_merges_a_player_entered_twice(
    browser: Browser, live_server, transactional_db, artifacts, screen
):
    p = {name: Player.objects.create(name=name) for name in ("Aki", "Aki T", "Ben", "Chie", "Dan")}
    stored_game(
        "Table A",
        [
            (p["Aki"], 1, "40.0"),
            (p["Ben"], 2, "10.0"),
            (p["Chie"], 3, "-15.0"),
            (p["Dan"], 4, "-35.0"),
        ],
    )
    stored_game(
        "Table B",
        [
            (p["Aki T"], 2, "12.5"),
            (p["Ben"], 1, "30.5"),
            (p["Chie"], 4, "-28.0"),
            (p["Dan"], 3, "-15.0"),
        ],
    )
    page = signed_in(browser, live_server, organiser(also_member=True), screen)

    page.goto(live_server.url + "/players/")
    assert fits(page)
    page.screenshot(path=artifacts / f"merge-players-list-{screen}.png", full_page=True)
    page.get_by_role("link", name="Merge Aki T into another player").click()
    page.select_option("#id_into", label="Aki")
    page.screenshot(path=artifacts / f"merge-choose-{screen}.png", full_page=True)
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="Merge Aki T into Aki?")).to_be_visible()
    expect(page.locator(".confirm-box")).to_contain_text("Aki T’s 1 game moves to Aki")
    assert Player.objects.filter(name="Aki T").exists()
    assert fits(page)
    page.screenshot(path=artifacts / f"merge-confirm-{screen}.png", full_page=True)

    page.get_by_role("button", name="Merge into Aki").click()
    expect(page.locator("#messages")).to_contain_text("Aki T was merged into Aki: 1 game moved.")
    expect(page.get_by_role("heading", name="Aki", exact=True)).to_be_visible()
    # Table A: 1st, +40.0; Table B: 2nd, +12.5.
    expect(page.locator(".lede").first).to_contain_text("2 finished games, 18 hands.")
    expect(page.locator(".stat-grid-main")).to_contain_text("+52.5")
    assert not Player.objects.filter(name="Aki T").exists()
    assert fits(page)
    page.screenshot(path=artifacts / f"merge-done-{screen}.png", full_page=True)

    # Merging Ben into Aki would seat Aki twice: refused, naming the games.
    page.goto(live_server.url + "/players/")
    page.get_by_role("link", name="Merge Ben into another player").click()
    page.select_option("#id_into", label="Aki")
    page.get_by_role("button", name="Next").click()
    expect(page.locator(".confirm-box .form-errors")).to_contain_text(
        "Ben and Aki both sit in Table A"
    )
    expect(page.get_by_role("button", name="Merge into Aki")).to_have_count(0)
    assert fits(page)
    page.screenshot(path=artifacts / f"merge-refused-{screen}.png", full_page=True)


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_organiser_deletes_a_game_entered_by_mistake(
    browser: Browser, live_server, transactional_db, artifacts, screen
):
    p = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]
    kept = stored_game(
        "Table A", [(p[0], 1, "40.0"), (p[1], 2, "10.0"), (p[2], 3, "-15.0"), (p[3], 4, "-35.0")]
    )
    mistake = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=p, table_label="Oops"
    )
    page = signed_in(browser, live_server, organiser(also_member=True), screen)

    page.goto(live_server.url + "/organiser/")
    page.fill("#id_game", str(mistake.pk))
    page.get_by_role("button", name="Find the game").click()
    expect(page.get_by_role("heading", name=f"Delete Game {mistake.pk} (Oops)?")).to_be_visible()
    assert fits(page)
    page.screenshot(path=artifacts / f"game-delete-confirm-{screen}.png", full_page=True)

    page.get_by_role("button", name="Delete the game").click()
    expect(page).to_have_url(live_server.url + "/history/")
    expect(page.locator("#messages")).to_contain_text(f"Game {mistake.pk} (Oops) was deleted")
    line = page.locator(".history-game.is-deleted")
    expect(line).to_contain_text("deleted by alice on")
    expect(line).to_contain_text("Aki, Ben, Chie, Dan")
    expect(page.locator(".history-game")).to_have_count(2)
    assert Game.objects.get() == kept
    assert fits(page)
    page.screenshot(path=artifacts / f"game-delete-history-{screen}.png", full_page=True)


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_organiser_imports_a_game_record_file(
    browser: Browser, live_server, transactional_db, artifacts, tmp_path: Path, screen
):
    record = tmp_path / "game.json"
    record.write_text(
        '{"format": "scorekeeper.game/1", "rules": "tenhou", "players": ["Aki", "Ben", "Chie", '
        '"Dan"], "hands": [{"ron": {"from": 3, "wins": [{"winner": 0, "han": 6}]}}]}',
        encoding="utf-8",
    )
    page = signed_in(browser, live_server, organiser(also_member=True), screen)

    page.goto(live_server.url + "/organiser/")
    page.get_by_role("link", name="Import a game record").click()
    page.set_input_files("#id_record", str(record))
    page.fill("#id_table_label", "From paper")
    assert fits(page)
    page.screenshot(path=artifacts / f"import-form-{screen}.png", full_page=True)
    page.get_by_role("button", name="Import").click()

    game = Game.objects.get()
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#messages")).to_contain_text(
        f"Imported Game {game.pk} (From paper) with 1 hand."
    )
    page.screenshot(path=artifacts / f"import-done-{screen}.png", full_page=True)


@pytest.mark.parametrize("screen", VIEWPORTS)
def test_an_organiser_sets_a_members_password_and_the_member_changes_it(
    browser: Browser, live_server, transactional_db, artifacts, screen
):
    bob = member()
    page = signed_in(browser, live_server, organiser(also_member=True), screen)

    page.goto(live_server.url + "/members/")
    page.get_by_role("link", name="Set bob’s password").click()
    page.fill("#id_new_password1", "short")
    page.fill("#id_new_password2", "short")
    page.get_by_role("button", name="Set the password").click()
    expect(page.locator(".field-error").first).to_contain_text("This password is too short.")
    assert fits(page)
    page.screenshot(path=artifacts / f"password-set-refused-{screen}.png", full_page=True)
    page.fill("#id_new_password1", "kan-dora-ura-dora-9")
    page.fill("#id_new_password2", "kan-dora-ura-dora-9")
    page.get_by_role("button", name="Set the password").click()
    expect(page.locator("#messages")).to_contain_text("bob’s password is set")

    bobs_page = new_page(browser, screen)
    bobs_page.goto(live_server.url + "/accounts/login/")
    bobs_page.fill("#id_username", "bob")
    bobs_page.fill("#id_password", "kan-dora-ura-dora-9")
    bobs_page.get_by_role("button", name="Log in").click()
    if screen == "phone":
        # The name is folded away on a phone: the menu has the way to one's password.
        bobs_page.locator(".site-menu-button").click()
        bobs_page.get_by_role("link", name="Your password").click()
    else:
        bobs_page.locator("a.user-name").click()
    bobs_page.fill("#id_old_password", "kan-dora-ura-dora-9")
    bobs_page.fill("#id_new_password1", "pinfu-tanyao-iipeikou-3")
    bobs_page.fill("#id_new_password2", "pinfu-tanyao-iipeikou-3")
    assert fits(bobs_page)
    bobs_page.screenshot(path=artifacts / f"password-change-{screen}.png", full_page=True)
    bobs_page.get_by_role("button", name="Change the password").click()
    expect(bobs_page.locator("#messages")).to_contain_text("Your password is changed.")
    bob.refresh_from_db()
    assert bob.check_password("pinfu-tanyao-iipeikou-3")
