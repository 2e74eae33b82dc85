"""Season and all-time standings: one aggregate query over the seats of finished games."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from real_data import GAMES_DIR

from scorekeeper.club.models import Game, Player, Season
from scorekeeper.history.standings import (
    finished_games,
    games_between,
    rows,
    season_games,
    standings,
)
from scorekeeper.table.services.games import abandon_game, import_record, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db
GAMES = GAMES_DIR
PATHS = sorted(GAMES.glob("*.game.json"))


def expected(path: Path) -> dict:
    return json.loads(path.with_name(path.name.replace(".game.json", ".expected.json")).read_text())


def places(points: list[int]) -> list[int]:
    """Tenhou places: by points, equal points by seat order."""
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    return [order.index(seat) + 1 for seat in range(4)]


def import_games(paths):
    return [import_record(doc=json.loads(path.read_text())) for path in paths]


def finished_on(game: Game, day: date) -> None:
    moment = datetime(day.year, day.month, day.day, 21, 30, tzinfo=UTC)
    Game.objects.filter(pk=game.pk).update(finished_at=moment)


def test_every_real_game_sums_to_the_recorded_final_results_per_player():
    import_games(PATHS)
    table = {row.name: row for row in rows(standings())}
    assert sorted(table) == ["A", "B", "C", "D"]
    for seat, name in enumerate("ABCD"):
        results = [Decimal(str(expected(p)["final_result"][seat])) for p in PATHS]
        points = [expected(p)["final_points"][seat] for p in PATHS]
        placed = [places(expected(p)["final_points"])[seat] for p in PATHS]
        row = table[name]
        assert row.games == 51
        assert row.total == sum(results)
        assert row.average == (sum(results) / 51).quantize(Decimal("0.01"))
        assert row.points_sum == sum(points)
        assert row.places == tuple(placed.count(place) for place in (1, 2, 3, 4))
        assert row.place_sum == sum(placed)


def test_the_standings_are_one_query_however_many_games_there_are(django_assert_num_queries):
    import_games(PATHS[:3])
    with django_assert_num_queries(1):
        small = list(rows(standings(minimum_games=1, sort="average")))
    import_games(PATHS[3:12])
    with django_assert_num_queries(1):
        large = list(rows(standings(minimum_games=1, sort="average")))
    assert [row.games for row in small] == [3] * 4
    assert [row.games for row in large] == [12] * 4


def test_each_sort_orders_the_players_and_ranks_them_from_one():
    import_games(PATHS[:10])
    by_total = list(rows(standings(sort="total")))
    assert [row.total for row in by_total] == sorted((row.total for row in by_total), reverse=True)
    assert [row.rank for row in by_total] == [1, 2, 3, 4]
    by_place = list(rows(standings(sort="place")))
    assert [row.average_place for row in by_place] == sorted(row.average_place for row in by_place)
    by_average = list(rows(standings(sort="average")))
    assert [row.average for row in by_average] == sorted(
        (row.average for row in by_average), reverse=True
    )


@pytest.fixture
def eight():
    """Aki..Hana; Aki, Ben, Chie and Dan play two games, Emi, Fumi, Gen and Hana one."""
    return [
        Player.objects.create(name=name)
        for name in ("Aki", "Ben", "Chie", "Dan", "Emi", "Fumi", "Gen", "Hana")
    ]


def short_game(players, *, ruleset_name="tenhou", status="finished"):
    """A tenhou game in which seat 3 deals in twice and goes below zero."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name=ruleset_name, players=players)
    hand = Hand(Ron(3, (Win(winner=0, han=6),)))
    if status == "abandoned":
        record_hand(game=game, hand=hand, expected_sequence=0)
        return abandon_game(game=game, expected_sequence=1)
    for sequence in range(2 if status == "finished" else 1):
        game = record_hand(game=game, hand=hand, expected_sequence=sequence).game
    return game


def test_minimum_games_leaves_out_players_with_fewer(eight):
    short_game(eight[:4])
    short_game(eight[:4])
    short_game(eight[4:])
    assert {row.name for row in rows(standings())} == {p.name for p in eight}
    assert {row.name for row in rows(standings(minimum_games=2))} == {"Aki", "Ben", "Chie", "Dan"}


def test_games_in_play_and_abandoned_games_count_for_nothing(eight):
    short_game(eight[:4])
    short_game(eight[4:], status="in_play")
    short_game(eight[4:], status="abandoned")
    assert {row.name for row in rows(standings())} == {"Aki", "Ben", "Chie", "Dan"}


def test_a_season_counts_the_games_finished_in_its_dates_and_of_its_ruleset(eight):
    spring = short_game(eight[:4])
    finished_on(spring, date(2024, 3, 1))
    summer = short_game(eight[4:])
    finished_on(summer, date(2024, 7, 1))
    other_rules = short_game(eight[4:], ruleset_name="Club rules")
    finished_on(other_rules, date(2024, 3, 2))
    season = Season.objects.create(
        name="Spring", start_date=date(2024, 1, 1), end_date=date(2024, 6, 30)
    )
    assert set(season_games(season)) == {spring, other_rules}
    season.ruleset_name = "tenhou"
    assert set(season_games(season)) == {spring}
    assert {row.name for row in rows(standings(season_games(season)))} == {
        "Aki",
        "Ben",
        "Chie",
        "Dan",
    }


def test_a_season_with_chosen_games_counts_only_those_whatever_their_dates(eight):
    chosen = short_game(eight[4:])
    finished_on(chosen, date(2020, 1, 1))
    short_game(eight[:4])
    season = Season.objects.create(
        name="Cup", start_date=date(2024, 1, 1), end_date=date(2024, 12, 31)
    )
    season.games.set([chosen])
    assert list(season_games(season)) == [chosen]
    table = list(rows(standings(season_games(season))))
    assert {row.name for row in table} == {"Emi", "Fumi", "Gen", "Hana"}
    assert sum(row.total for row in table) == 0


def test_all_time_standings_filter_by_dates_and_ruleset(eight):
    old = short_game(eight[:4])
    finished_on(old, date(2023, 5, 1))
    new = short_game(eight[4:], ruleset_name="Club rules")
    finished_on(new, date(2024, 5, 1))
    since = {row.name for row in rows(standings(games_between(date(2024, 1, 1), None)))}
    assert since == {"Emi", "Fumi", "Gen", "Hana"}
    until = {row.name for row in rows(standings(games_between(None, date(2023, 12, 31))))}
    assert until == {"Aki", "Ben", "Chie", "Dan"}
    assert {
        row.name for row in rows(standings(finished_games().filter(ruleset_name="tenhou")))
    } == until
