"""The projector's screen: no site header, the table a page of 40 players at a time (the
pages go round), the games in play with their current points, none of a hidden session."""

from __future__ import annotations

from django.urls import reverse

from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments import services
from scoring.outcomes import Hand, Tsumo, Win
from tests.web.tournament_data import make_tournament


def _screen(client, tournament, turn=None) -> str:
    url = reverse("tournament_screen", args=[tournament.pk])
    return client.get(url, {"turn": turn} if turn is not None else {}).content.decode()


def test_the_screen_pages_a_hundred_and_twenty_players_forty_at_a_time(client, db):
    tournament = make_tournament(players=120, sessions=1)
    first = _screen(client, tournament)
    assert 'class="site-header"' not in first
    assert first.count('<th scope="row" class="projector-name">') == 40
    assert (
        "Page 1 of 3" in first and f'hx-get="/tournaments/{tournament.pk}/screen/?turn=1"' in first
    )
    assert "Page 2 of 3" in _screen(client, tournament, 1)
    last = _screen(client, tournament, 2)
    assert "Page 3 of 3" in last and last.count('class="projector-name"') == 40
    # The pages go round.
    assert "Page 1 of 3" in _screen(client, tournament, 3)
    # The former address leads here.
    old = client.get(reverse("tournament_results", args=[tournament.pk]) + "?screen=1")
    assert old["Location"] == reverse("tournament_screen", args=[tournament.pk])


def test_the_screen_shows_the_games_in_play_with_their_points_unless_hidden(client, db):
    tournament = make_tournament(players=8, sessions=1)
    session = services.seat_session(session=tournament.session_rows.get(), method="random", seed=4)
    session = services.start_session(session=session)
    table = session.tables.get(number=1)
    # The dealer's mangan tsumo: 4,000 from each of the others (tenhou: 25,000 each).
    record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
    screen = _screen(client, tournament)
    # The dealer keeps the deal and adds a honba.
    assert "In play" in screen and "Table 1 <span>East 1, 1 honba</span>" in screen
    assert screen.count("37,000") == 1 and screen.count("21,000") == 3
    assert screen.count("25,000") == 4  # table 2, no hand yet
    services.hide_results(tournament=tournament, from_session=1)
    hidden = _screen(client, tournament)
    assert "37,000" not in hidden and "In play" not in hidden
    assert "Results from session 1 on are hidden until the end." in hidden
