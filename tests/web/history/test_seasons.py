"""Seasons: the list, making and changing one (organisers), and a season's standings and
the all-time standings: figures, order, the fewest games, downloads, permissions and
queries."""

from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.club.models import Season
from scorekeeper.operations.demo import seed_demo
from tests.web.history_data import NAMES, expected_place, expected_total, import_games


@pytest.fixture
def imported(db):
    return import_games(8)


@pytest.fixture
def march(imported) -> Season:
    """The first five games (1 to 5 March 2025)."""
    return Season.objects.create(
        name="March league", start_date=date(2025, 3, 1), end_date=date(2025, 3, 5)
    )


def table_rows(response) -> list[list[str]]:
    """The standings' body as text cells, row by row."""
    html = response.content.decode()
    body = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append([re.sub(r"<[^>]+>", "", cell).strip() for cell in cells])
    return rows


def signed(value: Decimal) -> str:
    return f"+{value:.1f}" if value > 0 else f"\u2212{-value:.1f}" if value < 0 else f"{value:.1f}"


def test_the_season_list_shows_each_season_and_how_it_counts(client, march, imported):
    chosen = Season.objects.create(name="Finals")
    chosen.games.set([imported[0].game, imported[1].game])
    html = client.get("/seasons/").content.decode()
    assert f'href="/seasons/{march.pk}/">March league</a>' in html
    assert "1 Mar 2025 – 5 Mar 2025" in html
    assert "2 chosen games" in html
    assert 'href="/standings/"' in html


def test_a_seasons_standings_add_up_the_recorded_results_of_its_games(client, march, imported):
    response = client.get(f"/seasons/{march.pk}/")
    assert response.status_code == 200
    in_season = imported[:5]
    rows = {row[1]: row for row in table_rows(response)}
    assert set(rows) == set(NAMES)
    for name in NAMES:
        _rank, _name, games, total, average, place, *places, points = rows[name]
        assert games == "5"
        assert total == signed(expected_total(in_season, name))
        mean = (expected_total(in_season, name) / 5).quantize(Decimal("0.01"), ROUND_HALF_UP)
        assert average == (f"+{mean}" if mean > 0 else f"\u2212{-mean}" if mean < 0 else f"{mean}")
        got = [expected_place(g, name) for g in in_season]
        assert places == [str(got.count(p)) for p in (1, 2, 3, 4)]
        assert place == f"{Decimal(sum(got)) / 5:.2f}"
        final = sum(g.expected["final_points"][g.seat_of(name)] for g in in_season)
        assert points == f"{round(final / 5):,}"
    totals = [Decimal(row[3].replace("\u2212", "-")) for row in table_rows(response)]
    assert totals == sorted(totals, reverse=True)
    assert "5 finished games count" in response.content.decode()


def test_clicking_a_column_orders_by_it_and_marks_it_for_screen_readers(client, march):
    response = client.get(f"/seasons/{march.pk}/", {"sort": "place"})
    html = response.content.decode()
    places = [Decimal(row[5]) for row in table_rows(response)]
    assert places == sorted(places)
    assert re.search(r'col-place"\s+aria-sort="ascending"', html)
    # The header of the ordering column turns it round; the others order best first.
    assert 'href="?sort=-place"' in html
    assert 'href="?sort=total"' in html
    turned = client.get(f"/seasons/{march.pk}/", {"sort": "-place"})
    assert [Decimal(row[5]) for row in table_rows(turned)] == sorted(places, reverse=True)
    assert re.search(r'col-place"\s+aria-sort="descending"', turned.content.decode())
    names = [row[1] for row in table_rows(client.get(f"/seasons/{march.pk}/", {"sort": "name"}))]
    assert names == sorted(names)


def test_the_fewest_games_leaves_out_players_with_fewer(client, imported):
    season = Season.objects.create(name="Two", start_date=date(2025, 3, 1))
    seed_extra = Season.objects.create(name="Chosen")
    seed_extra.games.set([imported[0].game])
    assert len(table_rows(client.get(f"/seasons/{season.pk}/", {"min_games": 8}))) == 4
    response = client.get(f"/seasons/{season.pk}/", {"min_games": 9})
    assert "Nobody has played 9 games here yet." in response.content.decode()


def test_the_downloads_follow_the_order_and_the_fewest_games(client, march):
    html = client.get(f"/seasons/{march.pk}/", {"sort": "average", "min_games": 3}).content.decode()
    assert f'href="/seasons/{march.pk}/standings.csv?min_games=3&amp;sort=average"' in html
    assert f'href="/seasons/{march.pk}/standings.json?min_games=3&amp;sort=average"' in html
    # An order the downloads do not know leaves them in their own.
    html = client.get(f"/seasons/{march.pk}/", {"sort": "first"}).content.decode()
    assert f'href="/seasons/{march.pk}/standings.csv"' in html


@pytest.mark.parametrize(
    ("params", "field"), [({"sort": "luck"}, "Order"), ({"min_games": "-1"}, "min_games")]
)
def test_options_that_cannot_be_read_are_refused_naming_the_field(client, march, params, field):
    response = client.get(f"/seasons/{march.pk}/", params)
    assert response.status_code == 422
    html = response.content.decode()
    assert field in html
    assert "<tbody>" not in html


def test_an_htmx_request_gets_only_the_standings_table(client, march):
    response = client.get(
        f"/seasons/{march.pk}/",
        {"sort": "games"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="standings-table",
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="standings-table"')
    assert '<input type="hidden" name="sort" value="games" form="standings-options">' in html


def test_the_all_time_standings_count_every_finished_game(client, imported):
    response = client.get("/standings/")
    assert response.status_code == 200
    rows = {row[1]: row for row in table_rows(response)}
    for name in NAMES:
        assert rows[name][2] == "8"
        assert rows[name][3] == signed(expected_total(imported, name))
    html = response.content.decode()
    assert 'href="/standings.csv"' in html
    assert 'href="/standings.json"' in html


def test_a_season_of_chosen_games_counts_only_those(client, imported):
    season = Season.objects.create(name="Finals")
    season.games.set([imported[6].game, imported[7].game])
    rows = {row[1]: row for row in table_rows(client.get(f"/seasons/{season.pk}/"))}
    assert rows["Aki"][2] == "2"
    assert rows["Aki"][3] == signed(expected_total(imported[6:], "Aki"))


# -- Making and changing a season ------------------------------------------------------------


def test_an_organiser_makes_a_season_of_a_date_range(alice_client, imported):
    response = alice_client.post(
        "/seasons/new/",
        {"name": "  Spring   2025 ", "start_date": "2025-03-01", "end_date": "2025-05-31"},
    )
    season = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/seasons/{season.pk}/"
    assert (season.name, season.start_date, season.end_date) == (
        "Spring 2025",
        date(2025, 3, 1),
        date(2025, 5, 31),
    )
    assert season.ruleset_name == ""


def test_an_organiser_makes_a_season_of_chosen_games_and_a_ruleset(alice_client, imported):
    picks = [imported[2].game.pk, imported[3].game.pk]
    response = alice_client.post(
        "/seasons/new/", {"name": "Finals", "games": picks, "ruleset_name": "tenhou"}
    )
    assert response.status_code == 302
    season = Season.objects.get()
    assert sorted(season.games.values_list("pk", flat=True)) == sorted(picks)
    assert season.ruleset_name == "tenhou"


def test_the_season_form_lists_the_recent_finished_games_newest_first(alice_client, imported):
    html = alice_client.get("/seasons/new/").content.decode()
    labels = re.findall(r"· (Table \d) ·", html)
    assert labels == [f"Table {n}" for n in range(7, -1, -1)]
    assert "Aki, " in html


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"name": ""}, "name", "Give the season a name."),
        ({"name": "X"}, "start_date", "Give the first or the last day, or choose games."),
        (
            {"name": "X", "start_date": "2025-03-05", "end_date": "2025-03-01"},
            "end_date",
            "The last day comes before the first.",
        ),
        ({"name": "X", "start_date": "2025-02-30"}, "start_date", "Enter a valid date."),
        ({"name": "X", "start_date": "2025-03-01", "games": "GAMES"}, "games", "not both"),
        ({"name": "X", "games": "999999"}, "games", "Select a valid choice"),
        ({"name": "X", "start_date": "2025-03-01", "ruleset_name": "nope"}, "ruleset_name", ""),
        ({"name": "march LEAGUE", "start_date": "2025-03-01"}, "name", "already a season"),
    ],
)
def test_a_season_that_cannot_be_saved_is_refused_naming_the_field(
    alice_client, march, imported, data, field, message
):
    if data.get("games") == "GAMES":
        data["games"] = [imported[0].game.pk]
    response = alice_client.post("/seasons/new/", data)
    assert response.status_code == 422
    html = response.content.decode()
    error = re.search(rf'id="id_{field}_error">([^<]*)<', html)
    assert error, html
    assert message in error.group(1)
    assert Season.objects.count() == 1


def test_an_organiser_changes_a_season(alice_client, march):
    response = alice_client.post(
        f"/seasons/{march.pk}/edit/",
        {"name": "March", "start_date": "2025-03-01", "end_date": "2025-03-31"},
    )
    assert response.status_code == 302
    march.refresh_from_db()
    assert (march.name, march.end_date) == ("March", date(2025, 3, 31))
    page = alice_client.get(f"/seasons/{march.pk}/edit/").content.decode()
    assert 'value="2025-03-31"' in page


@pytest.mark.parametrize("url", ["/seasons/new/", "/seasons/{pk}/edit/"])
def test_only_organisers_make_or_change_seasons(client, bob_client, charlie_client, march, url):
    url = url.format(pk=march.pk)
    assert client.get(url).status_code == 302
    assert bob_client.get(url).status_code == 403
    assert charlie_client.get(url).status_code == 403
    data = {"name": "Taken over", "start_date": "2025-01-01"}
    assert bob_client.post(url, data).status_code == 403
    assert charlie_client.post(url, data).status_code == 403
    assert not Season.objects.filter(name="Taken over").exists()


def test_readers_see_no_edit_link_and_organisers_do(client, alice_client, march):
    assert f"/seasons/{march.pk}/edit/" not in client.get(f"/seasons/{march.pk}/").content.decode()
    assert (
        f"/seasons/{march.pk}/edit/" in alice_client.get(f"/seasons/{march.pk}/").content.decode()
    )


@pytest.mark.parametrize("url", ["/seasons/", "/seasons/{pk}/", "/standings/"])
def test_with_public_reading_off_only_members_read_the_standings(
    client, charlie_client, bob_client, march, settings, url
):
    url = url.format(pk=march.pk)
    assert client.get(url).status_code == 200
    settings.SCOREKEEPER_PUBLIC_READ = False
    assert client.get(url).status_code == 302
    assert charlie_client.get(url).status_code == 403
    assert bob_client.get(url).status_code == 200


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_standings_pages_read_the_same_number_of_queries_for_1_and_20_games(client, db):
    seed_demo(games=1, seed=7, today=date(2025, 6, 1))
    season = Season.objects.create(name="Everything", start_date=date(2020, 1, 1))
    urls = [f"/seasons/{season.pk}/?sort=-place&min_games=0", "/standings/", "/seasons/"]
    few = [_queries(client, url) for url in urls]
    seed_demo(games=20, seed=8, today=date(2025, 6, 1))
    many = [_queries(client, url) for url in urls]
    assert few == many
    assert max(many) <= 4


def test_a_season_of_one_game_says_it_counts(client, imported):
    first = Season.objects.create(
        name="First night", start_date=date(2025, 3, 1), end_date=date(2025, 3, 1)
    )
    html = client.get(f"/seasons/{first.pk}/").content.decode()
    assert "1 finished game counts</a>" in html
