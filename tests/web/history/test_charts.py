"""Charts drawn on the server: the geometry (charts.py) and the game page's chart of points
over the hands, well-formed SVG with its numbers as text; the hand log in plain words."""

from __future__ import annotations

import doctest
import itertools
import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.history import charts
from scorekeeper.ratings import charts as rating_charts
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from tests.web.history_data import import_games

NS = "{http://www.w3.org/2000/svg}"


def page_points(points: int) -> str:
    """Points as every page writes them: thousands separated, below zero the true minus."""
    return f"{points:,}".replace("-", "\u2212")


def test_the_rating_charts_ticks_are_whole_games():
    # After one game the axis reads "0 1", never fractions of a game rounded to "0 0 0 1 1".
    result = doctest.testmod(rating_charts)
    assert result.attempted >= 2
    assert result.failed == 0


def test_the_chart_helpers_doctests_pass():
    result = doctest.testmod(charts)
    assert result.attempted >= 8
    assert result.failed == 0


@pytest.mark.parametrize(
    ("low", "high"), [(8200, 42300), (-12.5, 3), (0, 0.3), (-64000, 71000), (7, 7)]
)
def test_nice_ticks_cover_the_values_with_round_equal_steps(low, high):
    ticks = charts.nice_ticks(low, high)
    assert ticks[0] <= low and ticks[-1] >= high
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    assert 3 <= len(ticks) <= 7


def test_a_line_chart_keeps_its_lines_inside_the_plot():
    chart = charts.line_chart(
        [[25000, 48100, -3200], [25000, 1900, 28200]], labels=["Aki", "Ben"], baseline=25000
    )
    for line in chart.lines:
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", line.path)]
        xs, ys = numbers[0::2], numbers[1::2]
        assert min(xs) == chart.left and max(xs) == chart.right
        assert all(chart.top <= y <= chart.bottom for y in ys)
    assert chart.top <= chart.baseline <= chart.bottom


def test_a_line_chart_refuses_series_of_different_lengths():
    with pytest.raises(ValueError, match="one value for each x"):
        charts.line_chart([[1, 2], [1]], labels=["a", "b"])


def test_bars_are_as_tall_as_their_values():
    chart = charts.bar_chart([10, 5, 0, 20], labels=["1st", "2nd", "3rd", "4th"])
    heights = [bar.height for bar in chart.bars]
    assert heights[3] == 2 * heights[0] == 4 * heights[1]
    assert heights[2] == 0
    assert all(bar.y + bar.height == pytest.approx(chart.baseline) for bar in chart.bars)


def test_thinning_keeps_the_first_and_last_points():
    kept = charts.thin_out(1000, 240)
    assert kept[0] == 0 and kept[-1] == 999
    assert len(kept) <= 240


# -- The game page's chart --------------------------------------------------------------------


@pytest.fixture
def real_game(db):
    return import_games(1)[0]


def points_section(html: str) -> str:
    return html.split('<section id="points-chart"')[1].split("</section>")[0]


def test_the_game_page_draws_the_four_players_points_over_the_hands(client, real_game):
    html = client.get(f"/games/{real_game.game.pk}/").content.decode()
    section = points_section(html)
    svg = ET.fromstring(re.search(r"<svg.*?</svg>", section, re.S).group(0))
    paths = svg.findall(f"{NS}path")
    assert [p.get("class") for p in paths] == [f"chart-line seat-{n}" for n in range(4)]
    hands = len(real_game.record["hands"])
    for path in paths:
        assert path.get("d").count("L") == hands
    assert svg.find(f"{NS}title").text.endswith(f"over {hands} hands")
    final = real_game.expected["scores"][-1]
    desc = svg.find(f"{NS}desc").text
    for name, points in zip(real_game.players, final, strict=True):
        assert f"{name} from 25,000 to {page_points(points)}" in desc
    # A legend with the names in their seat colours.
    for seat, name in enumerate(real_game.players):
        assert re.search(
            rf'seat-{seat}"[^>]*/></svg><span class="legend-name">{name}</span>', section
        )


def test_the_chart_numbers_are_a_table_of_the_scores_after_each_hand(client, real_game):
    html = client.get(f"/games/{real_game.game.pk}/").content.decode()
    table = points_section(html).split("<tbody>")[1]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)
    assert len(rows) == len(real_game.record["hands"]) + 1
    expected = real_game.expected["scores"]
    # The first row is the start; the expected scores are those after each hand.
    assert re.findall(r'<td class="num">([^<]*)</td>', rows[0]) == ["25,000"] * 4
    for number, after in enumerate(expected, 1):
        cells = re.findall(r'<td class="num">([^<]*)</td>', rows[number])
        assert cells == [page_points(points) for points in after]
    assert "<summary>The points hand by hand</summary>" in html


def test_a_game_without_hands_has_no_chart(client, game):
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="points-chart"' not in html


def test_the_chart_follows_the_game_as_hands_are_recorded(client, game, alice):
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0, user=alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    svg = ET.fromstring(re.search(r"<svg class=\"chart.*?</svg>", html, re.S).group(0))
    assert "Aki from 25,000 to 28,000" in svg.find(f"{NS}desc").text


def test_the_game_page_adds_a_fixed_number_of_queries_for_the_chart(
    client, real_game, django_assert_max_num_queries
):
    # Whether the game is withheld from this reader (a hidden session's, a private
    # tournament's), the game, its seats, its hands, the hands waiting as conflicts, and the
    # login check.
    with django_assert_max_num_queries(6):
        client.get(f"/games/{real_game.game.pk}/")


# -- The hand log in plain words --------------------------------------------------------------


def test_the_hand_log_says_who_won_from_whom_and_what_was_paid(client, game, alice):
    # Ben alone tenpai: he deals next, with a honba; Chie's ron is a non-dealer's.
    ron = Hand(Ron(3, (Win(2, han=3, fu=40),)))
    record_hand(game=game, hand=Hand(Draw(tenpai=(1,))), expected_sequence=0, user=alice)
    record_hand(game=game, hand=ron, expected_sequence=1, user=alice)
    record_hand(game=game, hand=Hand(Tsumo(Win(0, han=1, fu=30))), expected_sequence=2, user=alice)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Chie ron from Dan, 3 han 40 fu, 5,200 + 300" in html
    assert "Aki tsumo, 1 han 30 fu, 300-500" in html
