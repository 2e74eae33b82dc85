"""The projector's screen: no site header, the table a page of 40 players at a time (the
pages go round), each player's points at a game in play beside their total and the games
in play by table, none of a hidden session (whoever opened the screen), in a number of
queries that does not grow with the players."""

from __future__ import annotations

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.table.services.hands import record_hand
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Tournament
from scoring.outcomes import Draw, Hand, Tsumo, Win
from tests.web.tournament_data import make_tournament

#: A player's line on the screen while games are in play: name, total, points in play.
LIVE_ROW = re.compile(
    r'<th scope="row" class="projector-name">([^<]+)</th><td class="num strong">([^<]+)</td>'
    r'<td class="num projector-in-play">(?:<span data-live>([^<]+)</span>|<span class="muted">)'
)


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
    east = table.game.seats.get(number=0).player.name
    standings = {name: points for name, _, points in LIVE_ROW.findall(screen)}
    # Every player is at a game in play: the points beside each total, as at their table.
    assert len(standings) == 8 and standings[east] == "37,000"
    assert sorted(standings.values()) == ["21,000"] * 3 + ["25,000"] * 4 + ["37,000"]
    # The games in play by table, too: each seat's points once more.
    assert screen.count("37,000") == 2 and screen.count("21,000") == 6
    services.hide_results(tournament=tournament, from_session=1)
    hidden = _screen(client, tournament)
    assert "37,000" not in hidden and "In play" not in hidden
    assert "Results from session 1 on are hidden until the end." in hidden


def _played_and_in_play(players: int, **fields) -> Tournament:
    """Session 1 played (a hand at each table, then ended by time), session 2 in play with
    the dealer's mangan tsumo at table 1 (4,000 from each: 37,000 and three of 21,000)."""
    tournament = make_tournament(players=players, sessions=2, **fields)
    for number in (1, 2):
        session = services.seat_session(
            session=tournament.session_rows.get(number=number), method="random", seed=number
        )
        session = services.start_session(session=session)
        for table in session.tables.select_related("game", "session__tournament"):
            assert table.game is not None
            if number == 1:
                record_hand(game=table.game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0)
                services.end_by_time(table=table, early=True)
    table = tournament.session_rows.get(number=2).tables.get(number=1)
    record_hand(game=table.game, hand=Hand(Tsumo(Win(0, han=5))), expected_sequence=0)
    return tournament


def test_the_points_in_play_stand_beside_the_totals_of_the_games_finished(client, db):
    tournament = _played_and_in_play(8)
    screen = _screen(client, tournament)
    lines = LIVE_ROW.findall(screen)
    # Session 1's one hand: East alone tenpai takes 3,000 (noten payments); a game ended
    # by time counts uma and oka, so nobody's total is zero.
    assert len(lines) == 8 and all(total not in ("0.0", "±0.0") for _, total, _ in lines)
    assert sorted(points for _, _, points in lines) == ["21,000"] * 3 + ["25,000"] * 4 + ["37,000"]
    # The games played are not shown while games are in play (their column holds the race).
    assert 'class="num projector-in-play">In play</th>' in screen
    assert ">Games</th>" not in screen


def test_the_screen_of_a_hundred_and_twenty_players_reads_as_few_queries_as_of_eight(
    client, db, django_assert_max_num_queries
):
    small = _played_and_in_play(8)
    with CaptureQueriesContext(connection) as eight:
        _screen(client, small)
    # The same players' names again, in a tournament of 120.
    small.delete()
    Game.objects.all().delete()
    Player.objects.all().delete()
    large = _played_and_in_play(120)
    # Every page of the large screen, and its refresh (the part htmx swaps).
    for turn in range(3):
        with django_assert_max_num_queries(len(eight)):
            page = _screen(client, large, turn)
        assert len(LIVE_ROW.findall(page)) == 40
    url = reverse("tournament_screen", args=[large.pk])
    with django_assert_max_num_queries(len(eight)):
        part = client.get(url, {"turn": 1}, headers={"HX-Request": "true", "HX-Target": "screen"})
    assert part.content.decode().lstrip().startswith('<section id="screen"')
    # The tournament; its table: players, standings, chombo, substitutes, the organiser's
    # penalties, the games' penalties (none given), the points in play; the session in
    # play and its tables' seats.
    assert len(eight) <= 10


def test_a_hidden_session_stays_off_the_screen_even_on_the_organisers_laptop(
    client, alice_client, db
):
    tournament = _played_and_in_play(8)
    services.hide_results(tournament=tournament, from_session=2)
    for reader in (client, alice_client):
        screen = _screen(reader, tournament)
        # Session 1's totals stand; session 2's points in play are its results to come.
        assert "37,000" not in screen and "21,000" not in screen and "In play" not in screen
        assert "Results from session 2 on are hidden until the end." in screen
        assert screen.count('<th scope="row" class="projector-name">') == 8
    # The organiser still reads them on the results page.
    results = alice_client.get(reverse("tournament_results", args=[tournament.pk]))
    assert "37,000" in results.content.decode()
    services.hide_results(tournament=tournament, from_session=None)
    assert "37,000" in _screen(client, tournament)


def test_a_private_tournaments_screen_shows_visitors_nothing(client, bob_client, db):
    tournament = _played_and_in_play(8, public=False)
    url = reverse("tournament_screen", args=[tournament.pk])
    refused = client.get(url)
    assert refused.status_code == 302 and refused["Location"].startswith(reverse("login"))
    assert "37,000" not in refused.content.decode()
    # The club's members read it, the race too.
    assert "37,000" in bob_client.get(url).content.decode()


def _live_points(html: str, name_cell: str) -> dict[str, str]:
    """Each player's points in play on a page: their name, then their total, then the
    points (in ``data-live``), whatever the markup around the name."""
    found = re.findall(
        name_cell + r'\s*<td class="num[^"]*">[^<]+</td>\s*<td class="num">'
        r"<span data-live>([^<]+)</span>",
        html,
    )
    return dict(found)


def test_the_screen_the_results_and_a_players_page_show_the_same_race(client, db):
    tournament = _played_and_in_play(8)
    screen = {name: points for name, _, points in LIVE_ROW.findall(_screen(client, tournament))}
    results_url = reverse("tournament_results", args=[tournament.pk])
    results = client.get(results_url).content.decode()
    entrant = tournament.entrants.order_by("pk").first()
    mine = client.get(entrant.own_url()).content.decode()
    assert len(screen) == 8
    assert _live_points(results, r'<th scope="row" class="col-name"><a [^>]+>([^<]+)</a></th>') == (
        screen
    )
    assert _live_points(mine, r'<th scope="row">([^<]+)</th>') == screen
    # The results ask for themselves again, as the player's page does, in one request.
    assert f'hx-get="{results_url}" hx-trigger="every 10s"' in results
    part = client.get(results_url, headers={"HX-Request": "true", "HX-Target": "results"})
    assert _live_points(part.content.decode(), r'class="col-name"><a [^>]+>([^<]+)</a></th>') == (
        screen
    )
