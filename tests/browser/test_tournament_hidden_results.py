"""A hidden session's game in a visitor's browser (360x740): its page, its final standings
and the tournament's results say nothing of it until the organiser reveals them; the
organiser reads it all along."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from table_helpers import organiser, signed_in

from scorekeeper.tournaments import services
from tests.web.tournament_data import expected_results, hanchan_records, make_tournament, play


def test_a_hidden_sessions_game_shows_a_visitor_nothing_until_it_is_revealed(
    browser: Browser, live_server, transactional_db, artifacts
):
    tournament = make_tournament(players=4, sessions=1)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=1
    )
    table = services.start_session(session=session).tables.get()
    record = hanchan_records()[0]
    play(table, record)
    game = table.game
    assert game is not None
    # The game's last place's result by the log (as the results write it, "−30.0"): the
    # visitor must not learn it.
    last_result = f"−{abs(min(expected_results(record))):.1f}"
    services.hide_results(tournament=tournament, from_session=1)

    visitor = browser.new_page(viewport={"width": 360, "height": 740})
    answer = visitor.goto(live_server.url + game.get_absolute_url())
    assert answer is not None and answer.status == 403
    expect(visitor.locator("body")).to_contain_text("results are hidden")
    expect(visitor.locator("body")).not_to_contain_text("Final standings")
    visitor.screenshot(path=artifacts / "hidden-game-visitor.png", full_page=True)
    visitor.goto(live_server.url + tournament.get_absolute_url() + "results/")
    expect(visitor.locator("body")).to_contain_text("hidden")
    expect(visitor.locator("body")).not_to_contain_text(last_result)

    alice = signed_in(browser, live_server, organiser())
    alice.goto(live_server.url + game.get_absolute_url())
    expect(alice.locator("body")).to_contain_text("Final standings")

    services.hide_results(tournament=tournament, from_session=None)
    answer = visitor.goto(live_server.url + game.get_absolute_url())
    assert answer is not None and answer.status == 200
    expect(visitor.locator("body")).to_contain_text("Final standings")
