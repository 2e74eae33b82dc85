"""Deleting a game entered by mistake: confirmed, gone from every count, and said in its
place in the history (who deleted it, and when)."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import DeletedGame, Game, HandRecord, Player, Season, Seat
from scorekeeper.errors import GameGone, RestoreError, StaleGame
from scorekeeper.history.standings import season_games, standings
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.uploads import restore_upload
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS
from tests.web.operations.test_backup import play, tobi_hands


@pytest.fixture
def finished(game):
    """The conftest's game (Table 1), finished by the rules in two hands (tobi)."""
    return play(game, tobi_hands())


def confirm_url(game) -> str:
    return reverse("game_delete", args=[game.pk])


def test_only_organisers_see_the_confirmation(
    game, alice_client, bob_client, charlie_client, client
):
    assert alice_client.get(confirm_url(game)).status_code == 200
    assert bob_client.get(confirm_url(game)).status_code == 403
    assert charlie_client.get(confirm_url(game)).status_code == 403
    assert client.get(confirm_url(game))["Location"].startswith(reverse("login"))


def test_members_and_outsiders_cannot_delete_a_game(finished, bob_client, charlie_client, client):
    for who in (bob_client, charlie_client, client):
        who.post(confirm_url(finished), {"sequence": 2, "confirmed": "on"})
    assert Game.objects.filter(pk=finished.pk).exists()
    assert not DeletedGame.objects.exists()


def test_the_confirmation_shows_the_game_and_deletes_nothing(finished, alice_client):
    page = alice_client.get(confirm_url(finished)).content.decode()

    assert f"Delete Game {finished.pk} (Table 1)?" in page
    assert "Aki, Ben, Chie, Dan" in page
    assert "Finished, 2 hands" in page
    assert 'name="sequence" value="2"' in page
    assert Game.objects.filter(pk=finished.pk).exists()


def test_a_confirmed_deletion_takes_the_game_out_of_every_count(
    finished, players, alice, alice_client
):
    other = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    season = Season.objects.create(name="Cup")
    season.games.add(finished, other)
    assert standings().count() == 4
    assert standings(season_games(season)).count() == 4

    response = alice_client.post(confirm_url(finished), {"sequence": 2, "confirmed": "on"})

    assert response.status_code == 302 and response["Location"] == reverse("history")
    assert not Game.objects.filter(pk=finished.pk).exists()
    assert not Seat.objects.filter(game_id=finished.pk).exists()
    assert not HandRecord.objects.filter(game_id=finished.pk).exists()
    assert standings().count() == 0
    assert standings(season_games(season)).count() == 0
    assert list(season.games.all()) == [other]
    line = DeletedGame.objects.get()
    assert (line.game_id, line.table_label, line.ruleset_name) == (finished.pk, "Table 1", "tenhou")
    assert line.players == ["Aki", "Ben", "Chie", "Dan"]
    assert (line.status, line.hand_count, line.started_at) == ("finished", 2, finished.created_at)
    assert line.deleted_by == alice and line.deleted_by_name == "alice"


def test_the_history_says_in_its_place_that_the_game_was_deleted_by_whom_and_when(
    players, alice, alice_client, client
):
    base = datetime(2025, 5, 1, 19, 0, tzinfo=UTC)
    games = []
    for i, label in enumerate(["Older", "Mistake", "Newer"]):
        made = start_game(
            rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, table_label=label
        )
        Game.objects.filter(pk=made.pk).update(created_at=base + timedelta(days=i))
        games.append(made)
    delete_game(game=games[1], expected_sequence=0, user=alice)
    deleted_on = DeletedGame.objects.get().deleted_at.date()

    page = client.get(reverse("history")).content.decode()

    assert page.index("Newer") < page.index("Mistake") < page.index("Older")
    assert "Sat 3 May 2025" in page  # Newer
    assert "Fri 2 May 2025" in page  # the deleted game, where it stood
    line = page[page.index("is-deleted") : page.index("Older")]
    assert "Mistake" in line
    moment = DeletedGame.objects.get().deleted_at.isoformat()
    assert f'deleted</strong> by alice on <time datetime="{moment}">' in line
    assert f"{deleted_on:%a} {deleted_on.day} {deleted_on:%b %Y}" in line
    assert f"Game {games[1].pk}, 0 hands" in line
    assert "Aki, Ben, Chie, Dan" in line
    assert "3 games" in page  # two games and the deleted one's line


def test_the_history_filters_keep_or_leave_out_the_deleted_games_lines(players, alice, client):
    made = start_game(
        rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players, table_label="Mistake"
    )
    delete_game(game=made, expected_sequence=0, user=alice)
    url = reverse("history")

    assert "Mistake" in client.get(url, {"ruleset": "tenhou"}).content.decode()
    assert "Mistake" not in client.get(url, {"ruleset": "ema"}).content.decode()
    assert "Mistake" not in client.get(url, {"player": players[0].pk}).content.decode()
    assert "Mistake" not in client.get(url, {"start": "9000-01-01"}).content.decode()


def _history_queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("history")).status_code == 200
    return len(queries)


def test_the_history_reads_the_same_number_of_queries_for_1_and_6_deleted_games(
    players, alice, client
):
    def mistake():
        made = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
        delete_game(game=made, expected_sequence=0, user=alice)

    start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    mistake()
    few = _history_queries(client)
    for _ in range(5):
        mistake()
    start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)

    assert _history_queries(client) == few


def test_a_game_that_moved_on_since_the_confirmation_is_not_deleted(game, alice_client):
    play(game, tobi_hands()[:1])

    response = alice_client.post(confirm_url(game), {"sequence": 0, "confirmed": "on"}, follow=True)

    assert (
        "The game changed on another phone meanwhile: it was not deleted."
        in response.content.decode()
    )
    assert Game.objects.filter(pk=game.pk).exists()
    assert not DeletedGame.objects.exists()
    with pytest.raises(StaleGame):
        delete_game(game=game, expected_sequence=0)


def test_deleting_a_game_twice_says_it_is_gone(game, alice, alice_client):
    alice_client.post(confirm_url(game), {"sequence": 0, "confirmed": "on"})

    response = alice_client.post(confirm_url(game), {"sequence": 0, "confirmed": "on"}, follow=True)

    assert f"Game {game.pk} was already deleted." in response.content.decode()
    assert DeletedGame.objects.count() == 1
    with pytest.raises(GameGone):
        delete_game(game=game, expected_sequence=0, user=alice)


def test_a_post_without_the_confirmation_deletes_nothing(game, alice_client):
    response = alice_client.post(confirm_url(game), {"sequence": 0})

    assert response.status_code == 200
    assert Game.objects.filter(pk=game.pk).exists()


def test_the_organiser_finds_a_game_to_delete_by_its_number(game, alice_client, bob_client):
    url = reverse("game_find")

    found = alice_client.get(url, {"game": game.pk})
    missing = alice_client.get(url, {"game": game.pk + 1})

    assert found.status_code == 302 and found["Location"] == confirm_url(game)
    assert missing.status_code == 422
    assert f"There is no game {game.pk + 1}." in missing.content.decode()
    assert bob_client.get(url, {"game": game.pk}).status_code == 403


def test_a_deleted_games_line_counts_as_data_a_restore_would_land_on(game, alice):
    delete_game(game=game, expected_sequence=0, user=alice)
    Player.objects.all().delete()

    with pytest.raises(RestoreError, match="the club already holds 1 deleted game;"):
        restore_upload(lines=[b'{"format":"scorekeeper.backup/1"}\n'])


def test_a_hand_sent_for_a_game_deleted_meanwhile_is_refused_not_stored(game, alice):
    delete_game(game=game, expected_sequence=0, user=alice)

    with pytest.raises(GameGone, match=f"Game {game.pk} was deleted: nothing was changed."):
        record_hand(game=game, hand=Hand(Draw(tenpai=frozenset({0}))), expected_sequence=0)
    assert not HandRecord.objects.exists()


def test_the_only_game_chosen_for_a_season_is_not_deleted(finished, alice_client):
    cup = Season.objects.create(name="Cup")
    cup.games.add(finished)

    response = alice_client.post(confirm_url(finished), {"sequence": 2, "confirmed": "on"})

    assert response.status_code == 409

    assert f"Game {finished.pk} (Table 1) is the only game chosen for the season “Cup”" in (
        response.content.decode()
    )
    assert Game.objects.filter(pk=finished.pk).exists()
    assert list(cup.games.all()) == [finished]
    assert not DeletedGame.objects.exists()


def test_the_history_offers_organisers_alone_to_delete_each_game(game, alice_client, bob_client):
    link = f'href="{confirm_url(game)}"'

    assert link in alice_client.get(reverse("history")).content.decode()
    assert link not in bob_client.get(reverse("history")).content.decode()


# -- A game deleted while a page reads it -----------------------------------------------------


@contextmanager
def deleted_before_its_seats_are_read(game, alice):
    """The game deleted (by an organiser, leaving its line) just as a page, having read the
    game's row, reads its seats: the moment between two queries that another connection's
    deletion can fall into."""
    fired = []

    def wrapper(execute, sql, params, many, context):
        if not fired and 'FROM "club_seat"' in sql:
            fired.append(sql)
            delete_game(game=game, expected_sequence=game.hand_count, user=alice)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield
    assert fired, "the page read no seats"


READS = [
    ("get", "game_table", ()),
    ("get", "hand_edit", (1,)),
    ("get", "hand_preview", ()),
    ("get", "game_chart", ()),
    ("get", "game_live", ()),
    ("get", "game_live_board", ()),
    ("get", "game_record", ()),
    ("get", "hand_log_csv", ()),
    ("get", "penalty_new", ()),
    ("post", "hand_create", ()),
]


@pytest.mark.parametrize(("method", "name", "args"), READS, ids=[name for _, name, _ in READS])
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_game_deleted_while_a_page_reads_it_is_said_to_be_deleted(
    game, alice, alice_client, method, name, args, htmx
):
    record_hand(game=game, hand=Hand(Draw(tenpai=frozenset({0}))), expected_sequence=0)
    game.refresh_from_db()
    url = reverse(name, args=[game.pk, *args])
    headers = {"HX-Request": "true"} if htmx else {}
    sent = {"sequence": "1", "outcome": "draw", "tenpai": ["1"]} if method == "post" else {}

    with deleted_before_its_seats_are_read(game, alice):
        response = getattr(alice_client, method)(url, sent, headers=headers)

    assert response.status_code == 410
    assert f"Game {game.pk} was deleted." in response.content.decode()
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not HandRecord.objects.exists()


def test_a_deleted_games_address_says_it_was_deleted_and_one_never_used_is_not_found(
    game, alice, bob_client
):
    delete_game(game=game, expected_sequence=0, user=alice)

    response = bob_client.get(reverse("game_table", args=[game.pk]))

    assert response.status_code == 410
    assert "This game was deleted" in response.content.decode()
    assert bob_client.get(reverse("game_table", args=[game.pk + 1])).status_code == 404
