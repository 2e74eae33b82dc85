"""The MERS ranking worked by hand from the EMA's rules (docs/ema.md): a tournament's
weight, base ranks, age factors, three players' rankings over a table of results (fewer
than five, exactly five, more than five; a result older than a year, one older than two),
part B picking by base rank, and the country table."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

import pytest

from scoring.mers import (
    Result,
    age_factor,
    base_rank,
    country_ranking,
    player_ranking,
    result,
    tournament_weight,
)


@pytest.mark.parametrize(
    ("days", "players", "countries", "qualification", "weight"),
    [
        (2, 84, 10, False, "4.0"),  # the published check (a 2024 tournament)
        (1, 40, 5, False, "1.0"),
        (1, 41, 6, False, "2.0"),
        (3, 80, 9, False, "4.0"),
        (3, 81, 10, True, "6.0"),
        (2, 24, 1, True, "3.0"),
    ],
)
def test_a_tournaments_weight_adds_days_players_countries_and_qualification(
    days, players, countries, qualification, weight
):
    found = tournament_weight(
        days=days, players=players, countries=countries, qualification=qualification
    )
    assert found == D(weight)


@pytest.mark.parametrize(
    ("players", "place", "base"),
    [(40, 5, 897), (84, 42, 506), (20, 20, 0), (12, 4, 727), (10, 3, 778), (30, 10, 690)],
)
def test_the_base_rank_is_a_thousand_times_the_share_of_players_behind(players, place, base):
    assert base_rank(players, place) == base


def test_a_place_outside_the_field_is_refused():
    with pytest.raises(ValueError):
        base_rank(10, 11)
    with pytest.raises(ValueError):
        base_rank(1, 1)


@pytest.mark.parametrize(
    ("last", "factor"),
    [
        (date(2025, 3, 1), "1"),
        (date(2024, 6, 1), "1"),  # a year to the day
        (date(2024, 5, 31), "0.5"),
        (date(2023, 6, 1), "0.5"),  # two years to the day
        (date(2023, 5, 31), "0"),
    ],
)
def test_the_age_factor_halves_after_a_year_and_ends_after_two(last, factor):
    assert age_factor(last, date(2025, 6, 1)) == D(factor)


ON = date(2025, 6, 1)
#: The tournaments of the worked table: players, weight, last day.
TOURNAMENTS = {
    "T1": (40, D("2.0"), date(2025, 3, 1)),
    "T2": (84, D("4.0"), date(2025, 1, 15)),
    "T3": (20, D("1.0"), date(2024, 9, 10)),
    "T4": (30, D("2.5"), date(2024, 5, 20)),  # older than a year on ON: half
    "T5": (12, D("1.5"), date(2024, 11, 2)),
    "T6": (50, D("3.0"), date(2023, 5, 1)),  # older than two years: nothing
    "T7": (16, D("2.0"), date(2025, 5, 5)),
    "T8": (10, D("1.0"), date(2025, 2, 2)),
}
#: Each player's places.
PLACES = {
    "Few": {"T1": 5, "T2": 42, "T3": 20},
    "Five": {"T1": 1, "T4": 10, "T5": 4, "T7": 16, "T8": 3},
    "Many": {"T1": 10, "T2": 1, "T3": 2, "T4": 1, "T6": 1, "T7": 8, "T8": 2},
}


def results_of(name):
    found = []
    for tournament, place in PLACES[name].items():
        players, weight, last = TOURNAMENTS[tournament]
        found.append(result(players=players, place=place, weight=weight, last_day=last, on=ON))
    return found


def test_three_results_are_filled_with_two_dummies():
    # 897 x 2, 506 x 4, 0 x 1, and two dummies 0 x 1: A over all five, B over the best four.
    ranking = player_ranking(results_of("Few"))
    assert [(r.base, r.weight, r.dummy) for r in ranking.results] == [
        (897, D("2.0"), False),
        (506, D("4.0"), False),
        (0, D("1.0"), False),
        (0, D(1), True),
        (0, D(1), True),
    ]
    assert ranking.a == D("424.22")  # 3818 / 9
    assert ranking.b == D("477.25")  # 3818 / 8
    assert ranking.ranking == D("450.74")  # (424.22 + 477.25) / 2, half up


def test_exactly_five_results_one_older_than_a_year_at_half_weight():
    # 1000 x 2, 778 x 1, 727 x 1.5, 690 x 1.25 (2.5 halved), 0 x 2.
    ranking = player_ranking(results_of("Five"))
    assert [r.base for r in ranking.results] == [1000, 778, 727, 690, 0]
    assert ranking.results[3].weight == D("1.25")
    assert ranking.in_a == 5
    assert ranking.a == D("610.45")  # 4731 / 7.75
    assert ranking.b == D("822.78")  # 4731 / 5.75
    assert ranking.ranking == D("716.62")


def test_more_than_five_results_part_b_picks_by_base_rank_and_two_years_counts_nothing():
    # T6 (older than two years) is dropped: six results, so A takes ceil(5 + 0.8) = 6.
    ranking = player_ranking(results_of("Many"))
    assert [(r.base, r.weight) for r in ranking.results] == [
        (1000, D("4.0")),
        (1000, D("1.25")),  # the same base: the higher weight first
        (947, D("1.0")),
        (889, D("1.0")),
        (769, D("2.0")),
        (533, D("2.0")),
    ]
    assert ranking.in_a == 6
    assert ranking.a == D("861.33")  # 9690 / 11.25
    # The best four by base rank (7086 / 7.25), not the four best weighted values
    # (4000, 1538, 1250, 1066: 849.08).
    assert ranking.b == D("977.38")
    assert ranking.ranking == D("919.36")


def test_fewer_than_two_results_that_count_is_no_ranking():
    assert player_ranking([Result(1000, D(3))]) is None
    old = result(players=10, place=1, weight=D(2), last_day=date(2020, 1, 1), on=ON)
    assert player_ranking([Result(1000, D(3)), old]) is None


def test_a_country_is_its_best_three_players_with_zeros_for_the_missing():
    few, five, many = (player_ranking(results_of(n)).ranking for n in ("Few", "Five", "Many"))
    assert country_ranking([few, five]) == D("389.12")  # (716.62 + 450.74 + 0) / 3
    assert country_ranking([many]) == D("306.45")
    assert country_ranking([D(900), D(800), D(700), D(100)]) == D("800.00")
