"""The edges of what the site takes and stores: the first and last days a form accepts, the
largest results the columns hold, form fields that are not what they seem. Every page works
for every value a form accepts or the database holds; anything beyond is refused, naming
the field."""

from __future__ import annotations

import io
import json
from datetime import date
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import DataError, IntegrityError, transaction
from django.urls import reverse

from scorekeeper.club.bounds import (
    INTEGER_MAX,
    JSON_DEPTH,
    JSON_DIGITS,
    RESULT_MAX,
    load_json,
    seats_error,
)
from scorekeeper.club.models import Game, SavedRuleset, Season, Seat
from scorekeeper.errors import JsonRefused, RestoreError, TooDeep
from scorekeeper.operations.restore import restore
from scorekeeper.table.services.games import finish_game, import_record, start_game
from scorekeeper.table.services.hands import record_hand
from scoring.errors import RecordError
from scoring.outcomes import Hand, Ron, Win
from scoring.rules import PRESETS, resolve_rules
from tests.web.operations.test_organiser_data import RECORD
from tests.web.registry.test_ruleset_form import new_form

pytestmark = pytest.mark.django_db


def finished_game(players, when=None):
    """A tenhou game finished early after one ron, ``finished_at`` moved to ``when``."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    hand = Hand(Ron(3, (Win(0, han=3, fu=30),)))
    record_hand(game=game, hand=hand, expected_sequence=0)
    game = finish_game(game=game, expected_sequence=1)
    if when is not None:
        Game.objects.filter(pk=game.pk).update(finished_at=when, created_at=when)
    return game


def body(response) -> bytes:
    """The whole answer, streamed or not (a streamed one fails only when read)."""
    if response.streaming:
        return b"".join(response.streaming_content)
    return response.content


def fetch(client, url) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    return body(response)


def season_pages(season):
    return [
        reverse("season_list"),
        reverse("season_detail", args=[season.pk]),
        reverse("season_standings_csv", args=[season.pk]),
        reverse("season_standings_json", args=[season.pk]),
        reverse("season_edit", args=[season.pk]),
    ]


# -- Dates at the edge ----------------------------------------------------------------------


@pytest.mark.parametrize("query", ["end=9999-12-31", "start=0001-01-01", "end=1899-12-31"])
def test_a_day_beyond_the_calendar_the_site_takes_is_a_filter_error(client, query):
    response = client.get(f"{reverse('history')}?{query}")

    assert response.status_code == 422
    assert b'class="field-error"' in response.content


@pytest.mark.parametrize("start,end", [("1900-01-01", "9998-12-31"), ("9998-12-31", None)])
def test_the_first_and_last_days_work_as_history_filters(client, players, start, end):
    game = finished_game(players)
    query = {"start": start, **({"end": end} if end else {})}

    response = client.get(reverse("history"), query)

    assert response.status_code == 200
    shown = f"/games/{game.pk}/".encode() in response.content
    assert shown == (start == "1900-01-01")


def test_a_season_ending_on_the_last_day_shows_on_every_page(client, alice_client, players):
    game = finished_game(players)
    season = Season.objects.create(
        name="Forever", start_date=date(1900, 1, 1), end_date=date(9998, 12, 31)
    )

    for url in season_pages(season):
        fetch(alice_client, url)
    data = json.loads(fetch(client, season_pages(season)[3]))
    assert [row["games"] for row in data["standings"]] == [1, 1, 1, 1]
    assert game.pk in {g.pk for g in Game.objects.filter(status=Game.Status.FINISHED)}


def test_a_season_stored_at_the_ends_of_the_calendar_still_shows(client, alice_client, players):
    """Rows older than the bounds (made before them, or by hand) do not break a page."""
    finished_game(players)
    season = Season.objects.create(
        name="Always", start_date=date(1, 1, 1), end_date=date(9999, 12, 31)
    )

    for url in season_pages(season):
        fetch(alice_client, url)
    fetch(client, f"{reverse('history')}?season={season.pk}")


@pytest.mark.parametrize(
    "field,day,message",
    [
        ("end_date", "9999-12-31", "9998 or earlier"),
        ("start_date", "0001-01-01", "1900 or later"),
    ],
)
def test_the_season_form_refuses_days_beyond_the_calendar(alice_client, field, day, message):
    response = alice_client.post(reverse("season_new"), {"name": "Edge", field: day})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Season.objects.exists()


# -- Results too big to store ---------------------------------------------------------------


def test_a_ruleset_with_an_uma_beyond_what_can_be_stored_is_refused_naming_it(alice_client):
    form = {**new_form(alice_client, "ema"), "name": "Huge"}
    form.update(uma_0=str(10**15), uma_1="0", uma_2="0", uma_3=str(-(10**15)))

    response = alice_client.post(reverse("ruleset_new"), form)

    assert response.status_code == 422
    assert 'id="id_uma_error"' in response.content.decode()
    assert not SavedRuleset.objects.exists()


def test_a_number_too_long_to_read_is_refused_on_its_field(alice_client):
    form = {**new_form(alice_client, "ema"), "name": "Huge", "oka": "9" * 5000}

    response = alice_client.post(reverse("ruleset_new"), form)

    assert response.status_code == 422
    assert 'id="id_oka_error"' in response.content.decode()
    assert not SavedRuleset.objects.exists()


def test_a_saved_ruleset_beyond_what_can_be_stored_cannot_start_a_game(alice_client, players):
    saved = SavedRuleset.objects.create(
        name="Old", preset="ema", overrides={"uma": [10**15, 0, 0, -(10**15)]}
    )
    seats = {f"seat_{n}": players[n].pk for n in range(4)}

    response = alice_client.post(reverse("game_new"), {"ruleset": f"saved:{saved.pk}", **seats})

    assert response.status_code == 422
    assert "rules.uma" in response.content.decode()
    assert not Game.objects.exists()


def test_a_record_with_an_uma_beyond_what_can_be_stored_is_not_imported(players):
    rules = {"preset": "ema", "uma": [10**15, 0, 0, -(10**15)]}
    doc = {"format": "scorekeeper.game/1", "rules": rules, "players": ["A", "B", "C", "D"]}

    # The engine bounds every points value of a ruleset, so the record is refused as it is read.
    with pytest.raises(RecordError, match=r"rules\.uma"):
        import_record(doc=doc)

    assert not Game.objects.exists()


def test_the_largest_uma_the_site_takes_is_stored_and_shown(client, players):
    rules = resolve_rules({"preset": "ema", "uma": [1_000_000, 0, 0, -1_000_000]})
    game = start_game(rules=rules, ruleset_name="Steep", players=players)
    record_hand(game=game, hand=Hand(Ron(3, (Win(0, han=3, fu=30),))), expected_sequence=0)
    finish_game(game=game, expected_sequence=1)

    first = Seat.objects.get(game=game, place=1)
    # The dealer's 3 han 30 fu ron is 5,800: (30,000 + 5,800 - 30,000) / 1000 + 1,000.
    assert first.result == Decimal("1005.8")
    assert "1005.8" in fetch(client, reverse("standings_csv")).decode()


def test_a_seat_beyond_its_columns_is_named(players):
    row = {"final_points": 25000, "result": RESULT_MAX + 1, "win_points": 0}

    assert seats_error([row]) == (
        f"seat 0 result: {RESULT_MAX + 1} is beyond what can be stored (at most {RESULT_MAX})"
    )
    assert "win_points" in seats_error([{"win_points": INTEGER_MAX + 1}])
    assert seats_error([{"final_points": -INTEGER_MAX, "result": -RESULT_MAX}]) is None


def test_the_database_refuses_a_result_it_could_not_read_back(players):
    game = finished_game(players)

    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        Seat.objects.filter(game=game, number=0).update(result=RESULT_MAX * 10)


def test_every_page_copes_with_the_largest_values_the_columns_hold(client, alice_client, players):
    game = finished_game(players)
    extremes = [RESULT_MAX, -RESULT_MAX, RESULT_MAX, -RESULT_MAX]
    for number, result in enumerate(extremes):
        Seat.objects.filter(game=game, number=number).update(
            result=result,
            final_points=INTEGER_MAX if result > 0 else -INTEGER_MAX - 1,
            win_points=INTEGER_MAX,
            deal_in_points=INTEGER_MAX,
            best_win=INTEGER_MAX,
            hands=INTEGER_MAX,
            wins=INTEGER_MAX,
        )
    season = Season.objects.create(name="All", start_date=date(2000, 1, 1))
    pages = [
        reverse("home"),
        reverse("history"),
        reverse("standings"),
        reverse("standings_csv"),
        reverse("standings_json"),
        reverse("game_table", args=[game.pk]),
        reverse("game_chart", args=[game.pk]),
        reverse("game_record", args=[game.pk]),
        reverse("game_standings_csv", args=[game.pk]),
        reverse("game_standings_json", args=[game.pk]),
        reverse("player_detail", args=[players[0].pk]),
        reverse("player_detail", args=[players[1].pk]),
        reverse("backup_download"),
        *season_pages(season),
    ]

    for url in pages:
        fetch(alice_client, url)
    assert "+99999999.9" in fetch(alice_client, reverse("standings")).decode()
    err = io.StringIO()
    with pytest.raises(CommandError, match="1 of 1 games differ"):
        call_command("verify_games", stdout=io.StringIO(), stderr=err)
    assert f"game {game.pk}:" in err.getvalue()


# -- Form fields that are not what they seem -------------------------------------------------


@pytest.mark.parametrize("ticked", ["²", "1" * 20, str(2**63), "0", "-1", "١"])
def test_a_season_game_list_with_a_value_that_is_no_id_is_refused(alice_client, players, ticked):
    finished_game(players)

    response = alice_client.post(reverse("season_new"), {"name": "Odd", "games": [ticked]})

    assert response.status_code == 422
    assert b'class="field-error"' in response.content
    assert not Season.objects.exists()


def test_ruleset_overrides_nested_100000_deep_are_refused_with_a_reason(admin_client):
    deep = "[" * 100_000 + "]" * 100_000

    response = admin_client.post(
        reverse("admin:club_savedruleset_add"), {"name": "Deep", "preset": "ema", "overrides": deep}
    )

    assert response.status_code == 200
    assert f"nested more than {JSON_DEPTH} levels deep" in response.content.decode()
    assert not SavedRuleset.objects.exists()


@pytest.mark.parametrize("depth", [JSON_DEPTH + 1, 1000, 100_000])
def test_json_nested_too_deep_is_refused_however_deep(depth):
    with pytest.raises(TooDeep):
        load_json("[" * depth + "]" * depth)
    assert load_json("[" * JSON_DEPTH + "]" * JSON_DEPTH) is not None


# -- The site's one JSON reader: every limit, whichever way the JSON comes in -------------------

HUGE = "9" * 5000  # past the 4,300 digits Python reads as an integer


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (f"[{HUGE}]", f"a number of more than {JSON_DIGITS} digits"),
        (f"[-{HUGE}]", f"a number of more than {JSON_DIGITS} digits"),
        (f"[{HUGE}.5]", f"a number of more than {JSON_DIGITS} digits"),
        ("[1e999]", "a number beyond what can be read: 1e999"),
        ("[NaN]", "NaN is not JSON"),
        ("[-Infinity]", "-Infinity is not JSON"),
    ],
)
def test_the_json_reader_refuses_numbers_no_value_needs_saying_why(text, reason):
    with pytest.raises(JsonRefused) as refused:
        load_json(text)
    assert str(refused.value) == reason
    assert load_json("[" + "9" * JSON_DIGITS + ", -" + "9" * JSON_DIGITS + ", 1.5e300]")


def test_a_record_with_a_number_of_5000_digits_is_refused_by_the_import_page(alice_client):
    record = json.dumps(RECORD).replace('"han": 6', f'"han": {HUGE}')
    upload = SimpleUploadedFile("game.json", record.encode(), content_type="application/json")

    response = alice_client.post(reverse("game_import"), {"record": upload})

    assert response.status_code == 422
    assert (
        f"not a game record: a number of more than {JSON_DIGITS} digits"
        in response.content.decode()
    )
    assert not Game.objects.exists()


def test_ruleset_overrides_with_a_number_of_5000_digits_are_refused_in_the_admin(admin_client):
    response = admin_client.post(
        reverse("admin:club_savedruleset_add"),
        {"name": "Huge", "preset": "ema", "overrides": f'{{"oka": {HUGE}}}'},
    )

    assert response.status_code == 200
    assert f"a number of more than {JSON_DIGITS} digits" in response.content.decode()
    assert not SavedRuleset.objects.exists()


def test_a_backup_line_with_a_number_of_5000_digits_is_refused_naming_the_line(db):
    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO(f'{{"format": {HUGE}}}\n'))
    assert refused.value.line == 1
    assert f"a number of more than {JSON_DIGITS} digits" in str(refused.value)


def test_a_hand_document_with_a_number_of_5000_digits_is_refused_by_the_api(client):
    response = client.post(
        reverse("hand_api"), f'{{"rules": "ema", "han": {HUGE}}}', content_type="application/json"
    )

    assert response.status_code == 400
    assert f"a number of more than {JSON_DIGITS} digits" in response.json()["error"]
