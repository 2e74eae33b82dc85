"""A tournament table's phone (its keyed link, no account) records three hands without a
signal before the table's time is up and comes back after it: the hands count by when they
were entered on the phone, so all three are recorded and none is taken for another phone's."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS
from test_table_offline import draw, record, ron, tsumo

from scorekeeper.club.models import Game
from scorekeeper.table.models import SentHand
from scorekeeper.tournaments import services
from tests.web.tournament_data import make_tournament

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_keyed_phone_back_after_the_time_has_every_hand_it_entered_before_counted(
    browser: Browser, live_server, artifacts
):
    tournament = make_tournament(players=4, sessions=1, session_minutes=60, end_policy="this_hand")
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=5
    )
    table = services.start_session(session=session).tables.get()
    page = browser.new_context(viewport=VIEWPORTS["phone"], service_workers="block").new_page()
    page.goto(live_server.url + table.keyed_url())
    expect(page.locator("#hand-form")).to_be_visible()

    page.context.set_offline(True)
    for enter in (ron, tsumo, draw):
        enter(page)
        record(page)
    expect(page.locator("#outbox-status")).to_contain_text("3 hands waiting to be sent.")
    # The table's time is up now, after the three hands were entered and before they arrive.
    Game.objects.filter(pk=table.game_id).update(time_ends_at=timezone.now())

    page.context.set_offline(False)

    expect(page.locator("#messages")).to_contain_text("All 3 hands that waited on this phone")
    game = Game.objects.get(pk=table.game_id)
    # Ben's ron from Chie (5,200), Dan's tsumo (1 han 30 fu: 500 from Ben, dealing by then,
    # 300 from Aki and Chie), Aki alone tenpai (1,000 from each of the others).
    assert (game.hand_count, game.status) == (3, "in_play")
    assert game.game_state().scores == (27700, 28700, 18500, 25100)
    assert not SentHand.objects.filter(outcome="conflict").exists()
    expect(page.locator("body")).not_to_contain_text("another phone")
    page.screenshot(path=artifacts / "offline-keyed-phone-late.png", full_page=True)
