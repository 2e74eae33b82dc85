"""On a phone the preview bar at the foot of the screen shows every change of the hand whole
before it is recorded, in English and Japanese, whatever the names: a 47-letter name is cut
(at a word), never the payer's amount beside it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from table_helpers import fits, idle, member, signed_in, tap

from scorekeeper.club.models import Player
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

LONG_NAME = "Maximilian Alexander Konstantin von Hohenbergen"


def hidden_changes(page: Page) -> list[str]:
    """The changes in the preview that are not wholly inside the bar and the screen."""
    hidden: list[str] = page.locator("#preview").evaluate(
        """bar => { const b = bar.getBoundingClientRect();
          return [...bar.querySelectorAll('.preview-changes .change')]
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = e.getBoundingClientRect();
              return r.left < b.left || r.right > b.right || r.right > innerWidth
                || r.top < b.top || r.bottom > b.bottom || r.bottom > innerHeight; })
            .map(e => e.textContent) }"""
    )
    return hidden


@pytest.mark.parametrize("japanese", [False, True], ids=["en", "ja"])
def test_every_change_of_a_double_ron_is_readable_before_record(
    browser, live_server, transactional_db, artifacts, japanese
):
    players = [
        Player.objects.create(name=name) for name in (LONG_NAME, "Haruka", "Chie", "渡辺 さくら")
    ]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    page = signed_in(browser, live_server, member(), japanese=japanese)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    # A double ron on Haruka: the long name (East, the dealer) 3 han 40 fu, 7,700, and Chie
    # 2 han 30 fu, 2,000 (riichi.wiki's table): Haruka pays 9,700.
    tap(page, "outcome", "ron")
    tap(page, "winners", "0")
    tap(page, "winners", "2")
    tap(page, "discarder", "1")
    tap(page, "win_0_han", "3")
    tap(page, "win_0_fu", "40")
    tap(page, "win_2_han", "2")
    tap(page, "win_2_fu", "30")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("\u22129,700", timeout=10_000)
    idle(page)
    changes = preview.locator(".preview-changes .change:visible")
    expect(changes).to_have_text(["+7,700", "\u22129,700", "+2,000"])
    assert hidden_changes(page) == []
    expect(preview.locator(".who:visible").first).to_have_text("Maximilian…", use_inner_text=True)
    assert fits(page)
    language = "ja" if japanese else "en"
    page.screenshot(path=artifacts / f"preview-bar-double-ron-{language}.png")
