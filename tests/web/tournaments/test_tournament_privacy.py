"""What a tournament withholds stays withheld: a hidden session's games and totals, from
everyone but the organiser (the game's own pages and downloads, the lists of games, the
history, standings, statistics, ratings and players' pages), and a private tournament's
games and names, from everyone but members."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game, Seat
from scorekeeper.tournaments import services
from scorekeeper.tournaments.models import Tournament
from tests.web.api_helpers import Bot
from tests.web.tournament_data import hanchan_records, make_tournament, play

#: Every page and download of one game.
GAME_URLS = (
    "game_table",
    "game_live",
    "game_live_board",
    "game_chart",
    "game_record",
    "hand_log_csv",
    "hand_log_json",
    "game_standings_csv",
    "game_standings_json",
    "game_ratings",
)
#: The pages and downloads over many games.
LIST_URLS = (
    "game_list",
    "history",
    "standings",
    "standings_csv",
    "standings_json",
    "statistics",
    "ratings",
    "ratings_csv",
    "ratings_json",
)


def _played(**fields) -> tuple[Tournament, Game]:
    """A tournament of four with one session started and its game played to the end (a
    real Tenhou hanchan)."""
    tournament = make_tournament(players=4, sessions=2, **fields)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=1
    )
    session = services.start_session(session=session)
    table = session.tables.get()
    play(table, hanchan_records()[0])
    assert table.game is not None
    return tournament, table.game


def _mentions(client, game: Game) -> dict[str, bool]:
    """Which of the pages over many games, and of the player's pages, show the game or
    its players' results."""
    seat = Seat.objects.filter(game=game).select_related("player").first()
    assert seat is not None
    link = f"/games/{game.pk}/"
    found = {}
    for name in LIST_URLS:
        response = client.get(reverse(name), {"players": 4} if "ratings" in name else {})
        assert response.status_code == 200, name
        body = (b"".join(response) if response.streaming else response.content).decode()
        # The lists link the game; the standings and ratings name its players' totals.
        found[name] = link in body if name in ("game_list", "history") else seat.player.name in body
    # The statistics name no game: they count them.
    found["statistics"] = client.get(reverse("statistics")).context["games"] > 0
    page = client.get(reverse("player_detail", args=[seat.player_id]))
    found["player_detail"] = link in page.content.decode()
    found["player_record"] = page.context["finished"].record.games > 0
    ratings = client.get(reverse("player_ratings", args=[seat.player_id]))
    found["player_ratings"] = bool(ratings.context["kinds"])
    return found


def _game_answers(client, game: Game) -> dict[str, int]:
    return {name: client.get(reverse(name, args=[game.pk])).status_code for name in GAME_URLS}


@pytest.mark.parametrize("who", ["client", "bob_client"])
def test_a_hidden_sessions_game_is_withheld_from_every_page_until_revealed(
    who, request, alice_client, db
):
    reader = request.getfixturevalue(who)
    tournament, game = _played()
    shown = _mentions(reader, game)
    assert all(shown.values()), shown
    services.hide_results(tournament=tournament, from_session=1)
    assert set(_game_answers(reader, game).values()) == {403}
    page = reader.get(reverse("game_table", args=[game.pk])).content.decode()
    assert "This game’s results are hidden until the tournament’s organiser reveals them" in page
    assert not any(_mentions(reader, game).values()), _mentions(reader, game)
    # The organiser sees all of it.
    assert set(_game_answers(alice_client, game).values()) == {200}
    assert all(_mentions(alice_client, game).values())
    services.hide_results(tournament=tournament, from_session=None)
    assert set(_game_answers(reader, game).values()) == {200}
    assert all(_mentions(reader, game).values())


def test_a_hidden_sessions_game_in_play_opens_for_its_recorders_alone(client, bob_client, db):
    tournament = make_tournament(players=4, sessions=1)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=1
    )
    game = services.start_session(session=session).tables.get().game
    services.hide_results(tournament=tournament, from_session=1)
    url = reverse("game_table", args=[game.pk])
    assert bob_client.get(url).status_code == 200
    assert client.get(url).status_code == 403
    # The table's keyed phone, without an account, records it too.
    table = session.tables.get()
    client.get(table.keyed_url())
    assert client.get(url).status_code == 200


def test_a_private_tournaments_games_and_names_are_not_read_by_visitors(client, bob_client, db):
    tournament, game = _played(public=False)
    assert set(_game_answers(client, game).values()) == {403}
    assert not any(_mentions(client, game).values())
    page = client.get(reverse("game_table", args=[game.pk])).content.decode()
    assert "This game is a private tournament’s: only the club’s members may read it." in page
    # Nor are its players named on the history's filter.
    name = game.seats.first().player.name
    assert name not in client.get(reverse("history")).content.decode()
    assert name in bob_client.get(reverse("history")).content.decode()
    assert set(_game_answers(bob_client, game).values()) == {200}
    assert all(_mentions(bob_client, game).values())
    results = reverse("tournament_results_json", args=[tournament.pk])
    assert client.get(results)["Location"].startswith(reverse("login"))
    assert json.loads(bob_client.get(results).content)["rows"]


def test_the_api_withholds_a_hidden_sessions_game_and_its_totals(bob, alice, db):
    tournament, game = _played()
    services.hide_results(tournament=tournament, from_session=1)
    name = game.seats.first().player.name
    member, organiser = Bot(bob, "read"), Bot(alice, "read")
    status, answer = member.get(f"/api/v1/games/{game.pk}")
    assert (status, answer["code"]) == (403, "game.withheld")
    assert organiser.get(f"/api/v1/games/{game.pk}")[0] == 200
    listed = member.get("/api/v1/games")[1]["games"]
    assert game.pk not in [g["id"] for g in listed]
    assert game.pk in [g["id"] for g in organiser.get("/api/v1/games")[1]["games"]]
    for path in ("/api/v1/standings", "/api/v1/ratings"):
        assert name not in json.dumps(member.get(path)[1]), path
        assert name in json.dumps(organiser.get(path)[1]), path
