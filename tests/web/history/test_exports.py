"""Standings downloads: CSV (UTF-8 with BOM, formula-safe) and JSON, checked cell by cell."""

from __future__ import annotations

import csv
import io
import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from real_data import GAMES_DIR

from scorekeeper.club.models import Game, Player, Season
from scorekeeper.history.exports import GAME_HEADER, standings_header
from scorekeeper.operations.demo import seed_demo
from scorekeeper.table.services.games import import_record, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db
GAMES = GAMES_DIR
#: A small season: the first four real games.
SEASON = sorted(GAMES.glob("*.game.json"))[:4]


def expected(path: Path) -> dict:
    return json.loads(path.with_name(path.name.replace(".game.json", ".expected.json")).read_text())


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def table(response) -> list[list[str]]:
    raw = body(response)
    assert raw.startswith(b"\xef\xbb\xbf"), "a CSV starts with the UTF-8 byte order mark"
    return list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))


@pytest.fixture
def season(db):
    games = [import_record(doc=json.loads(path.read_text())) for path in SEASON]
    cup = Season.objects.create(name="Cup")
    cup.games.set(games)
    return cup


def tenths(value) -> str:
    return f"{Decimal(str(value)):.1f}"


def test_a_games_csv_holds_each_seats_points_place_and_result(client):
    path = SEASON[0]
    game = import_record(doc=json.loads(path.read_text()))
    response = client.get(f"/games/{game.pk}/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}-standings.csv"'
    rows = table(response)
    assert rows[0] == list(GAME_HEADER)
    known = expected(path)
    # tenhou with uma 10/5 and oka 20 for 1st; this game's points give places 3, 2, 1, 4.
    assert rows[1:] == [
        ["East", "A", str(known["final_points"][0]), "3", "-5.0", "0.0", "-22.0"],
        ["South", "B", str(known["final_points"][1]), "2", "5.0", "0.0", "4.0"],
        ["West", "C", str(known["final_points"][2]), "1", "30.0", "0.0", "58.0"],
        ["North", "D", str(known["final_points"][3]), "4", "-10.0", "0.0", "-40.0"],
    ]
    assert [row[6] for row in rows[1:]] == [tenths(r) for r in known["final_result"]]


def test_a_games_json_holds_the_same_standings(client):
    path = SEASON[1]
    game = import_record(doc=json.loads(path.read_text()), table_label="Table 2")
    data = client.get(f"/games/{game.pk}/standings.json").json()
    known = expected(path)
    assert data["game"] == game.pk and data["table_label"] == "Table 2"
    assert [row["player"] for row in data["standings"]] == ["A", "B", "C", "D"]
    assert [row["points"] for row in data["standings"]] == known["final_points"]
    assert [row["result"] for row in data["standings"]] == known["final_result"]
    assert sorted(row["place"] for row in data["standings"]) == [1, 2, 3, 4]


def test_a_game_still_in_play_has_no_standings_to_download(client, game):
    assert client.get(f"/games/{game.pk}/standings.csv").status_code == 404
    assert client.get(f"/games/{game.pk}/standings.json").status_code == 404


def test_a_seasons_csv_sums_each_players_recorded_results(client, season):
    response = client.get(f"/seasons/{season.pk}/standings.csv")
    assert response.status_code == 200
    assert response.streaming
    rows = table(response)
    assert rows[0] == list(standings_header())
    assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4"]
    by_name = {row[1]: row for row in rows[1:]}
    for seat, name in enumerate("ABCD"):
        results = [Decimal(str(expected(p)["final_result"][seat])) for p in SEASON]
        points = [expected(p)["final_points"][seat] for p in SEASON]
        row = by_name[name]
        assert row[2] == "4"
        assert row[3] == f"{sum(results):.1f}"
        assert row[4] == str((sum(results) / 4).quantize(Decimal("0.01"), ROUND_HALF_UP))
        assert sum(int(count) for count in row[6:10]) == 4
        assert row[10] == str(round(Decimal(sum(points)) / 4))
    totals = [Decimal(row[3]) for row in rows[1:]]
    assert totals == sorted(totals, reverse=True)


def test_a_seasons_json_matches_its_csv(client, season):
    data = json.loads(body(client.get(f"/seasons/{season.pk}/standings.json?sort=place")))
    rows = table(client.get(f"/seasons/{season.pk}/standings.csv?sort=place"))
    assert data["season"]["name"] == "Cup" and data["sort"] == "place"
    assert [row["player"] for row in data["standings"]] == [row[1] for row in rows[1:]]
    assert [f"{row['total']:.1f}" for row in data["standings"]] == [row[3] for row in rows[1:]]
    assert [row["places"] for row in data["standings"]] == [
        [int(n) for n in row[6:10]] for row in rows[1:]
    ]


def test_all_time_standings_count_every_finished_game(client, season):
    rows = table(client.get("/standings.csv?min_games=4"))
    assert [row[2] for row in rows[1:]] == ["4"] * 4
    assert table(client.get("/standings.csv?min_games=5"))[1:] == []
    data = json.loads(body(client.get("/standings.json")))
    assert data["season"] is None
    assert sum(Decimal(str(row["total"])) for row in data["standings"]) == 0


def test_the_standings_downloads_read_as_many_queries_however_many_games_and_players(
    client, season
):
    """A season's download reads the season and its standings, an all-time one only the
    standings: one aggregate, whatever it sums; the JSON the players' identities beside
    (their rows and their platform names, two queries for up to 500 players)."""
    urls = {
        f"/seasons/{season.pk}/standings.csv": 2,
        f"/seasons/{season.pk}/standings.json?sort=place": 4,
        "/standings.csv?min_games=1": 1,
        "/standings.json?sort=games": 3,
    }

    def downloads() -> dict[str, tuple[int, int]]:
        """Each download's queries, and its lines (the players and more)."""
        read = {}
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                lines = body(client.get(url)).count(b"\n")
            read[url] = (len(queries), lines)
        return read

    small = downloads()
    seed_demo(games=24, seed=1)
    season.games.add(*Game.objects.filter(status=Game.Status.FINISHED))
    large = downloads()
    for url, queries in urls.items():
        assert small[url][0] == large[url][0] == queries, url
        assert large[url][1] > small[url][1] + 8, url


def test_japanese_names_survive_the_csv(client):
    players = [Player.objects.create(name=n) for n in ("佐藤", "鈴木", "高橋 さくら", "Ben")]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    for sequence in range(2):
        game = record_hand(
            game=game, hand=Hand(Ron(3, (Win(winner=0, han=6),))), expected_sequence=sequence
        ).game
    rows = table(client.get(f"/games/{game.pk}/standings.csv"))
    assert [row[1] for row in rows[1:]] == ["佐藤", "鈴木", "高橋 さくら", "Ben"]
    assert table(client.get("/standings.csv"))[1][1] == "佐藤"


def test_a_name_that_looks_like_a_formula_is_neutralised_but_numbers_stay_numbers(client):
    names = ("=HYPERLINK(1)", "+Ben", "-Chie", "@Dan")
    players = [Player.objects.create(name=n) for n in names]
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    for sequence in range(2):
        game = record_hand(
            game=game, hand=Hand(Ron(3, (Win(winner=0, han=6),))), expected_sequence=sequence
        ).game
    rows = table(client.get(f"/games/{game.pk}/standings.csv"))
    assert [row[1] for row in rows[1:]] == ["'=HYPERLINK(1)", "'+Ben", "'-Chie", "'@Dan"]
    assert rows[4][2].startswith("-") and rows[4][6].startswith("-")
    assert float(rows[4][6]) < 0


@pytest.mark.parametrize(
    ("query", "field"),
    [("min_games=lots", "min_games"), ("min_games=-1", "min_games"), ("sort=luck", "sort")],
)
def test_a_bad_option_is_refused_with_422_naming_the_field(client, season, query, field):
    for url in (f"/seasons/{season.pk}/standings.csv", "/standings.json"):
        response = client.get(f"{url}?{query}")
        assert response.status_code == 422
        assert response.content.decode().startswith(f"{field}: ")


def test_an_unknown_season_or_game_is_not_found(client, db):
    assert client.get("/seasons/999/standings.csv").status_code == 404
    assert client.get("/games/999/standings.json").status_code == 404


@override_settings(SCOREKEEPER_PUBLIC_READ=False)
def test_without_public_reading_visitors_are_sent_to_log_in_and_members_read(
    client, bob_client, season
):
    game = Game.objects.first()
    for url in (
        f"/games/{game.pk}/standings.csv",
        f"/seasons/{season.pk}/standings.json",
        "/standings.csv",
    ):
        assert client.get(url).status_code == 302
        assert bob_client.get(url).status_code == 200
