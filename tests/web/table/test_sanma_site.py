"""Three-player games on the site: starting one (the form offers the rulesets for the number of
players chosen), the table's forms and pages with three seats, the kita counted with the dora,
the files that say which kind a game is, backup and restore, and the history, standings and
player pages that count the two kinds apart.

Every expected number is worked out from ``docs/RULES.md`` (version 3) and
``docs/rules/sanma.md`` (1c, 1d): ``tenhou_sanma`` starts at 35,000, returns 40,000, pays
uma +20/0/-20 and oka +15 to 1st, and a tsumo loses North's share.
"""

from __future__ import annotations

import io
import json
import re
from datetime import date
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.management import call_command
from django.urls import reverse

from scorekeeper.club.management.commands.verify_games import game_mismatches
from scorekeeper.club.models import Game, HandRecord, Player, Season, Seat
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.restore import restore
from scorekeeper.table.services.games import (
    export_record,
    finish_game,
    import_record,
    start_game,
)
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Hand, Tsumo, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


@pytest.fixture
def trio(players):
    """Aki, Ben and Chie (Dan sits only at four-player tables)."""
    return players[:3]


@pytest.fixture
def sanma(trio, alice):
    """A tenhou_sanma game: Aki East (dealer), Ben South, Chie West."""
    return start_game(
        rules=PRESETS["tenhou_sanma"], ruleset_name="tenhou_sanma", players=trio, created_by=alice
    )


def mangan_tsumo(sequence: int = 0) -> dict[str, object]:
    """Ben (South, not the dealer) wins a mangan by tsumo."""
    return {"sequence": str(sequence), "outcome": "tsumo", "winner": "1", "win_1_han": "5"}


# Starting a game.


def test_the_new_game_page_offers_the_rulesets_of_the_number_of_players_chosen(bob_client):
    four = bob_client.get(reverse("game_new")).content.decode()
    three = bob_client.get(reverse("game_new") + "?players=3").content.decode()
    assert 'value="preset:tenhou"' in four and 'value="preset:tenhou_sanma"' not in four
    assert 'value="preset:tenhou_sanma"' in three and 'value="preset:mahjongsoul_sanma"' in three
    assert 'value="preset:tenhou"' not in three and 'value="preset:ema"' not in three
    # Three seats, no North.
    assert 'name="seat_2"' in three and 'name="seat_3"' not in three
    assert 'name="seat_3"' in four


def test_a_three_player_game_is_started_with_three_players(bob_client, trio):
    data = {
        "players": "3",
        "ruleset": "preset:tenhou_sanma",
        **{f"seat_{n}": str(player.pk) for n, player in enumerate(trio)},
    }
    response = bob_client.post(reverse("game_new"), data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.players == 3
    assert [s.player.name for s in game.seats.order_by("number")] == ["Aki", "Ben", "Chie"]
    assert game.game_state().scores == (35000, 35000, 35000)


def test_a_four_player_ruleset_is_refused_for_three_players(bob_client, trio):
    data = {
        "players": "3",
        "ruleset": "preset:tenhou",
        **{f"seat_{n}": str(player.pk) for n, player in enumerate(trio)},
    }
    response = bob_client.post(reverse("game_new"), data)
    assert response.status_code == 422
    assert "ruleset" in response.context["form"].errors
    assert not Game.objects.exists()


def test_a_three_player_game_begun_on_paper_needs_three_players_points(bob_client, trio):
    data = {
        "players": "3",
        "ruleset": "preset:tenhou_sanma",
        "start_round": "S2",
        "score_0": "40000",
        "score_1": "30000",
        "score_2": "34000",
        "start_sticks": "1",
        **{f"seat_{n}": str(player.pk) for n, player in enumerate(trio)},
    }
    # 40,000 + 30,000 + 34,000 and a stick hold 105,000: three players begin with 3 x 35,000.
    assert bob_client.post(reverse("game_new"), data).status_code == 302
    game = Game.objects.get()
    assert game.game_state().scores == (40000, 30000, 34000)
    assert game.game_state().round_label == "S2"
    # South 2 is dealt by seat 1 (the second of three seats).
    assert game.game_state().dealer == 1


def test_the_paper_start_offers_no_fourth_round_of_a_wind_for_three_players(bob_client):
    three = bob_client.get(reverse("game_new") + "?players=3").content.decode()
    assert 'value="E3"' in three and 'value="S1"' in three
    assert 'value="E4"' not in three and 'value="S4"' not in three


# The table.


def test_the_hand_form_has_three_seats_and_a_kita_counter(bob_client, sanma):
    page = bob_client.get(sanma.get_absolute_url()).content.decode()
    assert 'name="win_2_han"' in page and 'name="win_3_han"' not in page
    assert 'name="win_0_kita"' in page
    assert page.count('class="player') >= 3


def test_a_four_player_hand_form_has_no_kita_counter(bob_client, game):
    page = bob_client.get(game.get_absolute_url()).content.decode()
    assert "kita" not in page


def test_a_non_dealer_mangan_tsumo_loses_norths_share(bob_client, sanma):
    # sanma.md 1d: mangan by a non-dealer, tsumo loss: the dealer 4000, the other 2000.
    response = bob_client.post(reverse("hand_create", args=[sanma.pk]), mangan_tsumo())
    assert response.status_code == 302
    sanma.refresh_from_db()
    assert sanma.game_state().scores == (31000, 41000, 33000)
    page = bob_client.get(sanma.get_absolute_url()).content.decode()
    assert "2,000-4,000" in page


def test_the_preview_shows_three_changes(bob_client, sanma):
    response = bob_client.post(
        reverse("hand_preview", args=[sanma.pk]), mangan_tsumo(), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    line = r'class="who"[^>]*>(\w+)</span> <b class="change \w*">([^<]+)</b>'
    changes = re.findall(line, response.content.decode())
    assert changes == [("Aki", "−4,000"), ("Ben", "+6,000"), ("Chie", "−2,000")]


def test_kita_count_with_the_dora_and_are_kept_with_the_win(bob_client, sanma):
    # Riichi, menzen tsumo and two kita: 4 han; 30 fu. sanma.md 1d: 30 fu 4 han by a
    # non-dealer, tsumo loss: 3900 from the dealer, 2000 from the other (5900).
    data = {
        "sequence": "0",
        "outcome": "tsumo",
        "winner": "1",
        "riichi": ["1"],
        "win_1_yaku": ["Riichi"],
        "win_1_kita": "2",
        "win_1_fu": "30",
    }
    assert bob_client.post(reverse("hand_create", args=[sanma.pk]), data).status_code == 302
    sanma.refresh_from_db()
    assert sanma.game_state().scores == (31100, 40900, 33000)
    stored = HandRecord.objects.get(game=sanma).to_hand()
    assert stored.outcome.win.han == 4 and stored.outcome.win.kita == 2
    log = json.loads(bob_client.get(reverse("hand_log_json", args=[sanma.pk])).content)
    assert log["player_count"] == 3 and len(log["players"]) == 3
    assert log["hands"][0]["wins"][0]["kita"] == 2
    csv = bob_client.get(reverse("hand_log_csv", args=[sanma.pk])).content.decode("utf-8-sig")
    assert "Kita" in csv.splitlines()[0]


def test_a_seat_the_game_has_not_got_is_refused_naming_the_field(bob_client, sanma):
    data = {**mangan_tsumo(), "winner": "3", "win_3_han": "5"}
    response = bob_client.post(reverse("hand_create", args=[sanma.pk]), data)
    assert response.status_code == 422
    assert "winner" in response.context["form"].errors
    assert not HandRecord.objects.exists()
    assert bob_client.get(reverse("hand_from_tiles", args=[sanma.pk, 3])).status_code == 404


def test_the_live_board_and_the_chart_show_three_players(bob_client, sanma):
    record_hand(game=sanma, hand=Hand(Tsumo(Win(1, han=5))), expected_sequence=0)
    live = bob_client.get(reverse("game_live", args=[sanma.pk])).content.decode()
    assert "41,000" in live and "31,000" in live and "33,000" in live
    chart = bob_client.get(reverse("game_chart", args=[sanma.pk])).content.decode()
    assert "Points of the three players" in chart


# Finished: the standings, the files, backup and restore.


def finished_sanma(game: Game) -> Game:
    """After Ben's mangan tsumo (31,000 / 41,000 / 33,000), stopped by an organiser.
    Results: Ben (41,000 - 40,000)/1000 + 20 + 15 = +36.0; Chie -7.0 + 0 = -7.0; Aki
    -9.0 - 20 = -29.0."""
    record_hand(game=game, hand=Hand(Tsumo(Win(1, han=5))), expected_sequence=0)
    return finish_game(game=game, expected_sequence=1)


def streamed(response) -> bytes:
    return b"".join(response.streaming_content)


def test_a_finished_three_player_game_has_three_places(client, sanma):
    finished_sanma(sanma)
    seats = Seat.objects.filter(game=sanma).order_by("number")
    assert [(s.place, str(s.result)) for s in seats] == [(3, "-29.0"), (1, "36.0"), (2, "-7.0")]
    data = json.loads(client.get(reverse("game_standings_json", args=[sanma.pk])).content)
    assert data["player_count"] == 3
    assert [row["result"] for row in data["standings"]] == [-29, 36, -7]
    assert list(game_mismatches(Game.objects.get(pk=sanma.pk))) == []


def test_the_standings_count_one_kind_of_game_at_a_time(client, sanma, game):
    finished_sanma(sanma)
    four = client.get(reverse("standings"))
    assert four.context["table"] == []
    assert four.context["kinds"] == [3]
    three = client.get(reverse("standings") + "?players=3")
    rows = {row.name: row for row in three.context["table"]}
    assert rows["Ben"].places == (1, 0, 0) and rows["Ben"].total == 36
    assert rows["Aki"].places == (0, 0, 1)
    assert [c["key"] for c in three.context["columns"]].count("fourth") == 0
    csv = streamed(client.get(reverse("standings_csv") + "?players=3")).decode("utf-8-sig")
    assert csv.splitlines()[0].endswith("1st,2nd,3rd,Average points")  # no 4th column
    doc = json.loads(streamed(client.get(reverse("standings_json") + "?players=3")))
    assert doc["player_count"] == 3 and doc["standings"][0]["places"] == [1, 0, 0]
    assert client.get(reverse("standings") + "?players=5").status_code == 422


def test_the_count_of_games_follows_the_kind_chosen_on_the_standings_page(client, sanma, game):
    # One finished three-player game and no finished four-player one: the line above the
    # table counts the kind shown, on a whole page and when htmx swaps the table alone.
    finished_sanma(sanma)
    partial = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "standings-table"}
    for query, count in (("?players=3", "1 game."), ("?players=4", "0 games.")):
        page = client.get(reverse("standings") + query).content.decode()
        assert f"Every finished game: {count}" in page
        swapped = client.get(reverse("standings") + query, **partial).content.decode()
        assert 'id="standings-lede" hx-swap-oob="true"' in swapped
        assert f"Every finished game: {count}" in swapped


def test_the_history_filters_by_the_number_of_players(client, sanma, game):
    three = client.get(reverse("history") + "?players=3").context["rows"]
    four = client.get(reverse("history") + "?players=4").context["rows"]
    both = client.get(reverse("history")).context["rows"]
    assert [row.game.pk for row in three] == [sanma.pk]
    assert [row.game.pk for row in four] == [game.pk]
    assert len(both) == 2


def test_a_players_page_shows_the_two_kinds_apart(client, sanma, game):
    finished_sanma(sanma)
    aki = Player.objects.get(name="Aki")
    # Aki played a four-player game too (still in play): only the three-player one finished.
    page = client.get(reverse("player_detail", args=[aki.pk]))
    assert page.context["finished"].players == 3
    assert page.context["finished"].record.places == (0, 0, 1)
    assert page.context["kinds"] == []
    assert client.get(reverse("player_detail", args=[aki.pk]) + "?players=4").status_code == 200


def test_a_three_player_game_is_backed_up_and_restored(sanma, alice):
    finished_sanma(sanma)
    lines = list(backup_lines())
    game_line = next(row for row in map(json.loads, lines) if row.get("type") == "game")
    assert game_line["record"]["players"] == ["Aki", "Ben", "Chie"]
    Game.objects.all().delete()
    Player.objects.all().delete()
    restore(lines)
    restored = Game.objects.get()
    assert restored.players == 3 and restored.seats.count() == 3
    assert list(game_mismatches(restored)) == []
    out = io.StringIO()
    call_command("verify_games", stdout=out)
    assert "1 game" in out.getvalue()


def test_the_record_of_a_three_player_game_imports_again(bob_client, sanma, alice):
    finished_sanma(sanma)
    record = json.loads(bob_client.get(reverse("game_record", args=[sanma.pk])).content)
    assert record["players"] == ["Aki", "Ben", "Chie"]
    assert len(record["hands"]) == 1


def test_a_three_player_hand_is_corrected_undone_and_a_penalty_given(
    bob_client, alice_client, sanma
):
    url = reverse("hand_create", args=[sanma.pk])
    assert bob_client.post(url, mangan_tsumo()).status_code == 302
    sanma.refresh_from_db()
    # Corrected to a haneman: tsumo loss, 6000 from the dealer and 3000 (sanma.md 1d).
    fix = {**mangan_tsumo(1), "win_1_han": "6", "revision": str(sanma.revision)}
    assert bob_client.post(reverse("hand_edit", args=[sanma.pk, 1]), fix).status_code == 302
    sanma.refresh_from_db()
    assert sanma.game_state().scores == (29000, 44000, 32000)
    undo = {"sequence": "1", "confirmed": "on"}
    assert bob_client.post(reverse("hand_undo", args=[sanma.pk]), undo).status_code == 302
    sanma.refresh_from_db()
    assert sanma.game_state().scores == (35000, 35000, 35000) and sanma.hand_count == 0
    penalty = {"seat": "2", "points": "10000", "reason": "late", "revision": sanma.revision}
    assert alice_client.post(reverse("penalty_new", args=[sanma.pk]), penalty).status_code == 302
    sanma.refresh_from_db()
    assert [p["seat"] for p in sanma.penalties] == [2]
    # North's seat is no seat here.
    north = {**penalty, "seat": "3", "revision": sanma.revision}
    assert alice_client.post(reverse("penalty_new", args=[sanma.pk]), north).status_code == 422


def test_a_three_player_record_is_exported_and_imported_again(sanma):
    finished_sanma(sanma)
    doc = export_record(Game.objects.get(pk=sanma.pk))
    imported = import_record(doc=doc)
    assert imported.players == 3
    assert [s.player.name for s in imported.seats.order_by("number")] == ["Aki", "Ben", "Chie"]
    assert imported.game_state().scores == (31000, 41000, 33000)


def test_a_seasons_page_shows_the_two_kinds_apart(client, sanma, game):
    finished_sanma(sanma)
    record_hand(game=game, hand=Hand(Tsumo(Win(1, han=5))), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)
    season = Season.objects.create(name="All", start_date=date(2000, 1, 1))
    page = reverse("season_detail", args=[season.pk])
    four = client.get(page)
    assert four.context["kinds"] == [4, 3] and four.context["games"] == 1
    assert len(four.context["table"]) == 4 and len(four.context["table"][0].places) == 4
    three = client.get(page + "?players=3")
    assert three.context["games"] == 1
    assert {row.name for row in three.context["table"]} == {"Aki", "Ben", "Chie"}
    assert len(three.context["table"][0].places) == 3


def test_a_deleted_games_line_is_kept_with_its_kind(client, sanma, game, alice):
    delete_game(game=sanma, expected_sequence=0, user=alice)
    delete_game(game=game, expected_sequence=0, user=alice)

    def deleted(query: str) -> list[int]:
        rows = client.get(reverse("history") + query).context["rows"]
        return [row.deleted.game_id for row in rows if row.is_deleted]

    assert deleted("?players=3") == [sanma.pk]
    assert deleted("?players=4") == [game.pk]
    assert sorted(deleted("")) == sorted([sanma.pk, game.pk])


def test_the_calculator_link_gives_a_three_player_seats_wind(bob_client, sanma):
    # Ben's tsumo passes the deal to him (East 2): Aki, seat 0, sits West of him with three
    # players (North with four).
    bob_client.post(reverse("hand_create", args=[sanma.pk]), mangan_tsumo())
    opened = bob_client.get(reverse("hand_from_tiles", args=[sanma.pk, 0]))
    assert opened.status_code == 302
    query = parse_qs(urlsplit(opened["Location"]).query)
    assert query["seat_wind"] == ["W"] and query["rules"] == [f"game-{sanma.pk}"]
    calculator = bob_client.get(opened["Location"])
    assert calculator.status_code == 200
