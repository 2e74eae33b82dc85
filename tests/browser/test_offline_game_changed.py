"""A phone offline with hands waiting while the game changes under it (finished, deleted):
back online, every hand is on the server or shown to a person, the phone says how many went
and where, and an organiser settles them on the finished game, which is played again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import member, new_game, organiser, signed_in
from test_table_offline import phone, record, ron, tsumo

from scorekeeper.club.models import DeletedGame, Game
from scorekeeper.operations.deletion import delete_game
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import finish_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_hands_recorded_offline_after_the_game_was_finished_are_settled_by_an_organiser(
    browser: Browser, live_server, artifacts
):
    game = new_game()
    page = phone(browser, live_server, member(), workers=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.context.set_offline(True)
    ron(page)
    record(page)
    tsumo(page)
    record(page)
    expect(page.locator("#outbox-status")).to_contain_text("2 hands waiting to be sent.")
    finish_game(game=game, expected_sequence=0)

    page.context.set_offline(False)

    expect(page.locator("#messages")).to_contain_text(
        "All 2 hands that waited on this phone were sent"
    )
    expect(page.locator("#messages")).to_contain_text(
        "the game had been finished or abandoned before it arrived"
    )
    expect(page.locator("#messages")).to_contain_text(
        "the hand entered before it on this phone was not recorded either"
    )
    expect(page.locator("#conflicts")).to_contain_text("2 hands to settle")
    expect(page.locator("#outbox-log")).to_have_count(0)
    assert SentHand.objects.filter(outcome="conflict").count() == 2
    page.screenshot(path=artifacts / "offline-finished-under-the-phone.png", full_page=True)

    boss = signed_in(browser, live_server, organiser())
    boss.goto(f"{live_server.url}/games/{game.pk}/")
    first = boss.locator(".conflict").filter(has_text="Hand 1")
    expect(first).to_contain_text("entered by bob")
    first.get_by_role("button", name="Keep the one sent").click()
    boss.locator(".conflict").filter(has_text="Hand 2").get_by_role(
        "button", name="Keep the one sent"
    ).click()
    expect(boss.locator("#conflicts")).to_have_count(0)

    # Ben's ron from Chie, 5,200; Dan's tsumo, 1 han 30 fu: 500 from Ben (dealing now),
    # 300 from Aki and Chie. The game stays finished, its standings from both hands.
    finished = Game.objects.get(pk=game.pk)
    assert (finished.status, finished.hand_count) == ("finished", 2)
    assert finished.game_state().scores == (24700, 29700, 19500, 26100)


def test_a_hand_recorded_offline_for_a_game_deleted_meanwhile_is_kept_on_its_page(
    browser: Browser, live_server, artifacts
):
    game = new_game()
    page = phone(browser, live_server, member(), workers=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.context.set_offline(True)
    ron(page)
    record(page)
    delete_game(game=game, expected_sequence=0, user=organiser())

    page.context.set_offline(False)

    expect(page.locator("h1")).to_have_text("This game was deleted")
    expect(page.locator("#waiting")).to_contain_text("A hand waited on a phone for it")
    expect(page.locator("#waiting")).to_contain_text("Ben ron from Chie, 3 han 40 fu")
    expect(page.locator("#messages")).to_contain_text("The hand that waited on this phone was sent")
    expect(page.locator("#messages")).to_contain_text("had been deleted")
    expect(page.get_by_role("link", name="Download the game with these hands")).to_be_visible()
    expect(page.locator("#outbox-log")).to_have_count(0)
    assert len(DeletedGame.objects.get(game_id=game.pk).waiting) == 1
    page.screenshot(path=artifacts / "offline-deleted-under-the-phone.png", full_page=True)
