"""A player's page: games, places, results and how the player plays, summed by the database
over the stored seats, checked against what real records say; its charts; who may read it;
and a fixed number of queries however many games."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, Player, Seat
from scorekeeper.history.words import hand_words
from scorekeeper.operations.demo import seed_demo
from scorekeeper.table.services.games import finish_game, start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS
from tests.web.history_data import expected_place, expected_total, import_games

SVG = re.compile(r"<svg class=\"chart[^\"]*\".*?</svg>", re.S)


@pytest.fixture
def imported(db):
    return import_games(8)


@pytest.fixture
def aki(imported) -> Player:
    return Player.objects.get(name="Aki")


def page(client, player) -> str:
    response = client.get(f"/players/{player.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def stat(html: str, label: str) -> str:
    """The figure under a statistic's label."""
    match = re.search(rf"<dt>{re.escape(label)}</dt><dd[^>]*>([^<]*)</dd>", html)
    assert match, label
    return match.group(1)


def hand_counts(imported, name):
    """Wins, tsumo wins, deal-ins, riichi and hands of ``name``, counted from the records."""
    wins = tsumo = deal_ins = riichi = hands = 0
    for game in imported:
        seat = game.seat_of(name)
        for hand in game.record["hands"]:
            hands += "chombo" not in hand
            riichi += seat in hand.get("riichi", [])
            if "ron" in hand:
                wins += any(w["winner"] == seat for w in hand["ron"]["wins"])
                deal_ins += hand["ron"]["from"] == seat
            if "tsumo" in hand and hand["tsumo"]["winner"] == seat:
                wins += 1
                tsumo += 1
    return wins, tsumo, deal_ins, riichi, hands


def percent(part: int, whole: int) -> str:
    return f"{(Decimal(100 * part) / whole).quantize(Decimal('0.1'), ROUND_HALF_UP)}%"


def test_the_totals_equal_the_sum_of_the_recorded_final_results(client, imported, aki):
    html = page(client, aki)
    total = expected_total(imported, "Aki")
    sign = "+" if total > 0 else "\u2212" if total < 0 else ""
    assert stat(html, "Total result") == f"{sign}{abs(total):.1f}"
    average = (total / 8).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert stat(html, "Average result") == f"{sign}{abs(average):.2f}"
    assert stat(html, "Games") == "8"
    places = [expected_place(g, "Aki") for g in imported]
    assert stat(html, "Average place") == f"{Decimal(sum(places)) / 8:.2f}"
    for number, label in enumerate(("1st", "2nd", "3rd", "4th"), 1):
        row = rf'<tr><th scope="row">{label}</th><td class="num">{places.count(number)}</td>'
        assert re.search(row, html), label


def test_the_rates_are_counted_from_the_hands_of_the_records(client, imported, aki):
    html = page(client, aki)
    wins, tsumo, deal_ins, riichi, hands = hand_counts(imported, "Aki")
    assert f"{hands} hands" in html
    assert stat(html, "Win rate") == percent(wins, hands)
    assert stat(html, "Deal-in rate") == percent(deal_ins, hands)
    assert stat(html, "Riichi rate") == percent(riichi, hands)
    assert stat(html, "Tsumo share of wins") == percent(tsumo, wins)


def test_the_values_match_the_seats_statistics(client, imported, aki):
    html = page(client, aki)
    seats = list(Seat.objects.filter(player=aki))
    wins = sum(s.wins for s in seats)
    average = (Decimal(sum(s.win_points for s in seats)) / wins).quantize(1, ROUND_HALF_UP)
    assert stat(html, "Average win") == f"{int(average):,}"
    assert stat(html, "Wins as dealer") == str(sum(s.dealer_wins for s in seats))
    assert stat(html, "Tobi") == str(sum(s.tobi for s in seats))
    best = max(seats, key=lambda s: (s.best_win, -s.game.created_at.timestamp()))
    assert re.search(rf"<dt>Best hand</dt>\s*<dd>{best.best_win:,}</dd>", html)
    described = hand_words(best.best_han, best.best_fu, best.best_yakuman)
    assert f'{described}, <a href="/games/{best.game_id}/">' in html


def test_the_charts_are_well_formed_svg_with_a_text_alternative(client, imported, aki):
    html = page(client, aki)
    charts = SVG.findall(html)
    # Places, the yaku statistics' (riichi/dama/open, deal-ins, han), the result over time.
    assert len(charts) == 5
    ns = "{http://www.w3.org/2000/svg}"
    bars, line = (ET.fromstring(svg) for svg in (charts[0], charts[-1]))
    assert bars.find(f"{ns}title").text == "Aki’s places"
    assert "1st: " in bars.find(f"{ns}desc").text
    assert len(bars.findall(f"{ns}rect")) == 4
    total = expected_total(imported, "Aki")
    assert f"{abs(total):.1f}" in line.find(f"{ns}desc").text
    assert len(line.findall(f"{ns}path")) == 1
    # The numbers are there as a table too: a row per day played (a game a day).
    assert html.count('<tr><th scope="row">') >= 4 + 8
    for svg in charts[1:-1]:
        assert ET.fromstring(svg).find(f"{ns}desc").text


def test_the_latest_games_link_to_the_history_of_the_player(client, imported, aki):
    html = page(client, aki)
    assert f'href="/history/?player={aki.pk}"' in html
    assert html.count('class="history-game') == 8


def test_a_player_without_games_has_a_page_that_says_so(client, db):
    nobody = Player.objects.create(name="Newcomer")
    html = page(client, nobody)
    assert "No finished games yet." in html
    assert "<svg" not in html.split('<main id="main"')[1]


def test_an_unknown_player_is_not_found(client, db):
    assert client.get("/players/999999/").status_code == 404


def test_the_player_list_links_to_each_players_page(client, aki):
    assert f'href="/players/{aki.pk}/">Aki</a>' in client.get("/players/").content.decode()


def test_with_public_reading_off_only_members_read_a_player(
    client, charlie_client, bob_client, aki, settings
):
    url = f"/players/{aki.pk}/"
    assert client.get(url).status_code == 200
    settings.SCOREKEEPER_PUBLIC_READ = False
    assert client.get(url).status_code == 302
    assert charlie_client.get(url).status_code == 403
    assert bob_client.get(url).status_code == 200


def _queries(client, player) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(f"/players/{player.pk}/").status_code == 200
    return len(queries)


def test_the_player_page_reads_the_same_number_of_queries_for_1_and_20_games(client, db):
    seed_demo(games=1, seed=9, today=date(2025, 6, 1))
    player = Seat.objects.first().player
    # The first visit: the player, their platform names (their identity), the header's
    # first-run check, the kinds of game played, the latest games (two), their penalties,
    # one to find the finished games' part in the cache (the same key finds the yaku
    # statistics) and, not there, three to work it out (record, best hand, days) and two to
    # count the yaku.
    assert _queries(client, player) == 13
    # The next: the finished games' part comes from the cache.
    assert _queries(client, player) == 8
    seed_demo(games=20, seed=10, today=date(2025, 6, 1))
    assert Seat.objects.filter(player=player).count() > 1
    assert _queries(client, player) == 13
    assert _queries(client, player) == 8


def test_a_players_penalties_are_listed_on_their_page(client, players, alice):
    """Ben is given 8,000 for lateness after the first hand of a game that then ends: the
    penalty, inside his result, is listed with its game, its reason and its hand."""
    game = start_game(rules=PRESETS["mleague"], ruleset_name="mleague", players=players)
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0)
    game = Game.objects.get(pk=game.pk)
    give_penalty(
        game=game, seat=1, points=8000, reason="late", expected_revision=game.revision, user=alice
    )
    finish_game(game=Game.objects.get(pk=game.pk), expected_sequence=1)
    ben = game.seats.get(number=1).player
    html = client.get(reverse("player_detail", args=[ben.pk])).content.decode()
    section = html.split('id="penalties-title"')[1].split("</section>")[0]
    assert f'href="{game.get_absolute_url()}"' in section
    assert "\u22128,000</b> (\u22128.0) · late · after hand 1" in section
    aki = game.seats.get(number=0).player
    other = client.get(reverse("player_detail", args=[aki.pk])).content.decode()
    assert "penalties-title" not in other
