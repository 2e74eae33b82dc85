"""The final standings with a long name (47 letters), on a phone and a wide screen, in
English and Japanese: the name wraps and every column of numbers stays in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_helpers import VIEWPORTS, member, signed_in

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS

LONG_NAME = "Maximilian Alexander Konstantin von Hohenbergen"


@pytest.fixture
def finished(transactional_db) -> Game:
    names = (LONG_NAME, "渡辺 さくら", "Chie", "Dan")
    players = [Player.objects.create(name=name) for name in names]
    game = start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)
    record_hand(game=game, hand=Hand(Ron(2, (Win(0, han=3, fu=30),))), expected_sequence=0)
    finish_game(game=Game.objects.get(pk=game.pk), expected_sequence=1)
    return game


@pytest.mark.parametrize("japanese", [False, True], ids=["en", "ja"])
@pytest.mark.parametrize("size", VIEWPORTS)
def test_every_column_of_the_standings_is_in_view_beside_a_long_name(
    browser: Browser, live_server, finished, artifacts, size, japanese
):
    assert len(LONG_NAME) == 47
    page = signed_in(browser, live_server, member(), size, japanese=japanese)
    page.goto(f"{live_server.url}/games/{finished.pk}/")
    table = page.locator("#standings .standings-table")
    expect(table).to_contain_text(LONG_NAME)

    box = page.locator("#standings .table-scroll").bounding_box()
    assert box is not None
    for cell in table.locator("tr > *").all():
        edge = cell.bounding_box()
        assert edge is not None
        assert edge["x"] + edge["width"] <= box["x"] + box["width"] + 0.5, cell.inner_text()
    language = "ja" if japanese else "en"
    # The screen's whole width beside the standings (on a phone the table reaches its edges).
    section = page.locator("#standings").bounding_box()
    assert section is not None
    clip = {
        "x": 0,
        "y": section["y"],
        "width": VIEWPORTS[size]["width"],
        "height": section["height"],
    }
    page.screenshot(path=artifacts / f"standings-long-name-{size}-{language}.png", clip=clip)
