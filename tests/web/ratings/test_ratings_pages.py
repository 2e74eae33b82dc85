"""The ratings' pages: who may read them (as the history's), a season's table, the parts a
player's and a finished game's pages ask for, their queries, and the pages in Japanese."""

from __future__ import annotations

import json
import re

import pytest
from django.test import override_settings

from scorekeeper.club.models import Player, Season
from scorekeeper.ratings.models import Rating, RatingChange
from scorekeeper.table.services.games import finish_game, start_game
from scoring.rules import PRESETS
from scoring.state import GameState

JA = {"accept-language": "ja"}
HTMX = {"HX-Request": "true"}
NAMES = ("佐藤", "鈴木", "高橋", "田中", "伊藤")


def play(players, scores):
    game = start_game(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        players=players,
        start=GameState(tuple(1000 * s for s in scores), 0, 0, 0),
    )
    return finish_game(game=game, expected_sequence=0)


@pytest.fixture
def club(db):
    """Six games among five players with Japanese names; the season chose the last three."""
    p = [Player.objects.create(name=name) for name in NAMES]
    games = [
        play([p[n % 5], p[(n + 1) % 5], p[(n + 2) % 5], p[(n + 3) % 5]], (40, 30, 20, 10))
        for n in range(6)
    ]
    season = Season.objects.create(name="春")
    season.games.set(games[3:])
    return {"players": p, "games": games, "season": season}


def pages(club):
    player, game = club["players"][0], club["games"][0]
    return [
        "/ratings/",
        f"/ratings/?season={club['season'].pk}&min_games=1",
        "/ratings.json",
        "/ratings.csv",
        f"/ratings/players/{player.pk}/",
        f"/ratings/games/{game.pk}/",
    ]


def main_text(response) -> str:
    html = response.content.decode()
    main = re.search(r'<main id="main"[^>]*>(.*)</main>', html, re.S)
    assert main, "the page has no <main>"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main.group(1)))


# -- Who may read ------------------------------------------------------------------------------


def test_everyone_reads_the_ratings_while_the_club_is_public(client, club):
    for url in pages(club):
        assert client.get(url).status_code == 200, url


@override_settings(SCOREKEEPER_PUBLIC_READ=False)
def test_a_private_club_shows_its_ratings_to_members_only(client, club, bob_client, charlie_client):
    for url in pages(club):
        visitor = client.get(url)
        assert visitor.status_code == 302 and "/login/" in visitor["Location"], url
        assert charlie_client.get(url).status_code == 403, url
        assert bob_client.get(url).status_code == 200, url


def test_a_game_in_play_has_no_rating_changes(client, club):
    p = club["players"]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=p[:4])
    assert client.get(f"/ratings/games/{game.pk}/").status_code == 404


# -- What they show ----------------------------------------------------------------------------


def test_the_table_lists_every_rated_player_best_first(client, club):
    rows = json.loads(client.get("/ratings.json").getvalue())
    assert len(rows) == 5
    ratings = [row["rating"] for row in rows]
    assert ratings == sorted(ratings, reverse=True)
    text = main_text(client.get("/ratings/"))
    assert "5 players" in text and "How is this computed?" in text
    assert all(name in text for name in NAMES)


def test_a_season_counts_its_games_and_shows_where_each_player_stood_after_them(client, club):
    season = club["season"]
    rows = json.loads(client.get(f"/ratings.json?season={season.pk}").getvalue())
    chosen = RatingChange.objects.filter(game__in=club["games"][3:])
    assert sum(row["games"] for row in rows) == chosen.count() == 12
    for row in rows:
        last = chosen.filter(player_id=row["id"]).order_by("games").last()
        assert (row["mu"], row["sigma"]) == (last.mu, last.sigma)
    fewest = json.loads(client.get(f"/ratings.json?season={season.pk}&min_games=3").getvalue())
    assert {row["games"] for row in fewest} == {3}
    text = main_text(client.get(f"/ratings/?season={season.pk}"))
    assert "after the season 春" in text and "Change" in text


def test_three_player_games_have_a_table_of_their_own(client, club):
    assert json.loads(client.get("/ratings.json?players=3").getvalue()) == []
    assert "No finished game counts here yet." in main_text(client.get("/ratings/?players=3"))


def test_the_player_page_asks_for_the_rating_chart_and_gets_it_as_a_part(client, club):
    player = club["players"][0]
    page = client.get(f"/players/{player.pk}/").content.decode()
    assert f'hx-get="/ratings/players/{player.pk}/"' in page
    part = client.get(
        f"/ratings/players/{player.pk}/", headers={**HTMX, "HX-Target": "player-ratings"}
    )
    html = part.content.decode()
    assert html.lstrip().startswith('<section id="player-ratings"') and "<html" not in html
    assert html.count('class="chart-line chart-result"') == 1
    games = Rating.objects.get(player=player).games
    assert f"after {games} games" in html


def test_a_finished_game_asks_for_each_players_change_and_gets_it_as_a_part(client, club):
    game = club["games"][-1]
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f'hx-get="/ratings/games/{game.pk}/"' in page
    part = client.get(f"/ratings/games/{game.pk}/", headers={**HTMX, "HX-Target": "game-ratings"})
    html = part.content.decode()
    assert "<html" not in html
    rows = re.findall(r'<td class="place">(\d)</td>', html)
    assert rows == ["1", "2", "3", "4"]


def test_the_pages_read_a_fixed_number_of_queries(client, club, django_assert_max_num_queries):
    # Two of them: which rated games a tournament withholds from this reader, and whether
    # the ratings are updating (the pages say so).
    for url in pages(club):
        with django_assert_max_num_queries(8):
            client.get(url)
    for _ in range(4):
        play(club["players"][1:], (10, 20, 30, 40))
    for url in pages(club):
        with django_assert_max_num_queries(8):
            client.get(url)


def test_a_bad_option_is_a_422_naming_the_field(client, club):
    response = client.get("/ratings/?players=5")
    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="id_players_error"' in html
    assert "No ratings shown: correct the option above." in html


# -- In Japanese -------------------------------------------------------------------------------


def test_the_ratings_pages_read_wholly_in_japanese(client, club):
    # The words that stay as they are: names of things, the downloads, Greek letters.
    kept = {"R", "CSV", "JSON", "OpenSkill", "Plackett", "Luce", "Scorekeeper"}
    for url in [u for u in pages(club) if ".json" not in u and ".csv" not in u]:
        text = main_text(client.get(url, headers=JA))
        english = set(re.findall(r"[A-Za-z][A-Za-z’']+", text)) - kept
        assert not english, (url, english)
    text = main_text(client.get("/ratings/", headers=JA))
    assert "レーティング" in text and "どう計算しているか" in text and "天鳳" in text
