"""A long name (47 letters) and a Japanese one at a table and in the history on a phone:
cut at a word where room is short, with the whole name a hover away (and a tap, where the
name links to the player's page); never broken inside a word."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from table_helpers import fits, tap
from test_table_details_layout import overflowing, words_broken

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS

LONG_NAME = "Maximilian Alexander Konstantin von Hohenbergen"
NAMES = (LONG_NAME, "渡辺 さくら", "Chie", "Dan")


def long_named_games() -> tuple[Game, Game]:
    """A game in play and a finished one, of the same four players."""
    players = [Player.objects.create(name=name) for name in NAMES]
    done = start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)
    record_hand(game=done, hand=Hand(Ron(2, (Win(0, han=3, fu=30),))), expected_sequence=0)
    finish_game(game=Game.objects.get(pk=done.pk), expected_sequence=1)
    playing = start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)
    return playing, done


def test_long_names_are_cut_at_a_word_in_the_chips_and_the_vs_lines(
    phone: Page, live_server, artifacts
):
    playing, _ = long_named_games()
    page = phone
    page.goto(f"{live_server.url}/games/{playing.pk}/")
    tap(page, "outcome", "ron")

    names = page.locator(".group-winners .chip-face .who")
    expect(names).to_have_text(["Maximilian…", "渡辺 さくら", "Chie", "Dan"])
    expect(names.first).to_have_attribute("title", LONG_NAME)
    assert words_broken(page, ".group-winners .chip-face .who") == []
    assert overflowing(page, ".group-winners .chip-face") == []
    against = page.locator(".player .diff", has_text="vs Maximilian…")
    expect(against).to_have_count(3)
    expect(against.first).to_have_attribute("title", LONG_NAME)
    # The scoreboard cuts the name at a word, with "…", the whole name a hover away.
    on_board = page.locator(".players .player-name-text").first
    expect(on_board).to_have_text("Maximilian…", use_inner_text=True)
    expect(on_board).to_have_attribute("title", LONG_NAME)
    assert fits(page)
    page.screenshot(path=artifacts / "long-names-table-phone.png")


def test_the_standings_end_a_cut_name_with_an_ellipsis(phone: Page, live_server, artifacts):
    long_named_games()
    page = phone
    page.goto(f"{live_server.url}/standings/")
    link = page.locator(".season-table .col-name a", has_text="Maximilian")
    expect(link).to_have_attribute("title", LONG_NAME)
    # Shown whole, or cut with an ellipsis: never cut off bare.
    cut = link.evaluate(
        "a => a.scrollWidth > a.clientWidth && getComputedStyle(a).textOverflow !== 'ellipsis'"
    )
    assert not cut
    assert link.evaluate("a => a.getBoundingClientRect().height") >= 44
    page.screenshot(path=artifacts / "long-names-standings-phone.png")


def test_the_history_shows_whole_filters_and_names_that_lead_to_the_players(
    phone: Page, live_server, artifacts
):
    long_named_games()
    page = phone
    page.goto(f"{live_server.url}/history/")

    assert overflowing(page, ".history-name") == []
    # Each filter's chosen option is read whole beside the select's arrow.
    cut = page.eval_on_selector_all(
        ".history-filters select",
        """selects => selects.filter(select => {
            const probe = document.createElement("span");
            probe.style.font = getComputedStyle(select).font;
            probe.style.position = "absolute";
            probe.textContent = select.selectedOptions[0].text;
            document.body.append(probe);
            const wide = probe.getBoundingClientRect().width;
            probe.remove();
            return wide + 40 > select.clientWidth;
        }).map(select => select.name)""",
    )
    assert cut == []
    name = page.locator(".history-game .history-name", has_text="Maximilian…").first
    expect(name).to_have_attribute("title", LONG_NAME)
    page.screenshot(path=artifacts / "long-names-history-phone.png", full_page=True)
    name.click()
    expect(page.locator("h1")).to_have_text(LONG_NAME)
