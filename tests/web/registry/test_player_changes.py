"""Renaming, merging and deleting players. Standings and a player's page are sums over the
stored seats, so a merge moves the seats and every figure follows; the figures expected
here are the sums of the seats set up below."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.club.models import Game, Player, Seat
from scorekeeper.errors import PlayerRefused
from scorekeeper.history.queries import player_record, standings_table
from scorekeeper.registry.services import delete_player, merge_players, rename_player
from scoring.rules import PRESETS

RULES = PRESETS["tenhou"]


def make_game(label, status, seats):
    """A game stored with its seats' standings and statistics as given, its hand count theirs:
    ``(player, place, final_points, result, hands, wins, riichi)``."""
    game = Game.objects.create(
        table_label=label,
        ruleset_name="tenhou",
        rules=RULES.to_json(),
        state=Game.initial_state(RULES),
        status=status,
        finished_at=timezone.now() if status == "finished" else None,
        # Every seat plays every hand: the game's hands are its seats' (no chombo here).
        hand_count=max(seat[4] for seat in seats),
    )
    for number, (player, place, points, result, hands, wins, riichi) in enumerate(seats):
        Seat.objects.create(
            game=game,
            number=number,
            player=player,
            place=place,
            final_points=points,
            result=None if result is None else Decimal(result),
            hands=hands,
            wins=wins,
            riichi=riichi,
        )
    return game


@pytest.fixture
def club(db):
    """Aki entered twice (as "Aki" and "Aki T"), in two finished games and one in play."""
    names = ["Aki", "Aki T", "Ben", "Chie", "Dan", "Eve"]
    p = {name: Player.objects.create(name=name) for name in names}
    finished = "finished"
    a = make_game(
        "Table A",
        finished,
        [
            (p["Aki"], 1, 42000, "52.0", 8, 3, 2),
            (p["Ben"], 2, 31000, "11.0", 8, 2, 1),
            (p["Chie"], 3, 20000, "-20.0", 8, 2, 0),
            (p["Dan"], 4, 7000, "-43.0", 8, 1, 3),
        ],
    )
    b = make_game(
        "Table B",
        finished,
        [
            (p["Aki T"], 3, 21000, "-19.0", 10, 1, 1),
            (p["Ben"], 1, 38000, "48.0", 10, 4, 2),
            (p["Chie"], 2, 29000, "9.0", 10, 3, 1),
            (p["Eve"], 4, 12000, "-38.0", 10, 2, 2),
        ],
    )
    c = make_game(
        "Table C",
        "in_play",
        [
            (p["Aki T"], None, None, None, 0, 0, 0),
            (p["Dan"], None, None, None, 0, 0, 0),
            (p["Eve"], None, None, None, 0, 0, 0),
            (p["Ben"], None, None, None, 0, 0, 0),
        ],
    )
    return {"players": p, "a": a, "b": b, "c": c}


def row_of(name):
    return next(row for row in standings_table() if row.name == name)


# -- Merging ----------------------------------------------------------------------------------


def test_merging_moves_every_game_and_the_standings_and_statistics_follow(club):
    aki, twin = club["players"]["Aki"], club["players"]["Aki T"]
    assert row_of("Aki").games == 1 and row_of("Aki T").games == 1

    moved = merge_players(keep=aki, merge=twin)

    assert moved == 2
    assert not Player.objects.filter(name="Aki T").exists()
    assert {seat.game.table_label for seat in Seat.objects.filter(player=aki)} == {
        "Table A",
        "Table B",
        "Table C",
    }
    row = row_of("Aki")
    # Table A: 1st, +52.0, 42,000; Table B: 3rd, -19.0, 21,000.
    assert (row.games, row.total, row.places) == (2, Decimal("33.0"), (1, 0, 1, 0))
    assert (row.average, row.average_place, row.average_points) == (
        Decimal("16.50"),
        Decimal("2.00"),
        31500,
    )
    assert [r.name for r in standings_table()] == ["Ben", "Aki", "Chie", "Eve", "Dan"]
    record = player_record(aki)
    # 8 + 10 hands, 3 + 1 wins, 2 + 1 riichi.
    assert (record.games, record.hands, record.wins, record.riichi) == (2, 18, 4, 3)
    assert record.win_rate == Decimal("22.2")


def test_the_merge_page_confirms_then_merges_and_the_players_page_shows_the_sums(
    club, alice_client
):
    aki, twin = club["players"]["Aki"], club["players"]["Aki T"]
    url = reverse("player_merge", args=[twin.pk])

    chooser = alice_client.get(url)
    confirmation = alice_client.get(url, {"into": aki.pk})

    assert chooser.status_code == 200
    assert "Merge Aki T into another player" in chooser.content.decode()
    page = confirmation.content.decode()
    assert "Merge Aki T into Aki?" in page
    assert "Aki T’s 2 games move to Aki" in page
    assert Player.objects.filter(pk=twin.pk).exists()

    response = alice_client.post(url, {"into": aki.pk}, follow=True)

    assert response.redirect_chain[-1][0] == aki.get_absolute_url()
    page = response.content.decode()
    assert "Aki T was merged into Aki: 2 games moved." in page
    assert "2 finished games, 18 hands." in page
    assert "+33.0" in page
    assert not Player.objects.filter(pk=twin.pk).exists()


def test_a_merge_that_would_seat_a_player_twice_is_refused_naming_the_game(club, alice_client):
    ben, aki = club["players"]["Ben"], club["players"]["Aki"]
    before = list(Seat.objects.order_by("pk").values_list("pk", "player_id"))

    with pytest.raises(PlayerRefused) as error:
        merge_players(keep=aki, merge=ben)

    assert f"game {club['a'].pk} (Table A)" in error.value.message
    assert "a player cannot sit twice in one game" in error.value.message
    url = reverse("player_merge", args=[ben.pk])
    confirmation = alice_client.get(url, {"into": aki.pk}).content.decode()
    assert "Ben and Aki both sit in" in confirmation
    assert "Table A (game" in confirmation
    assert "Merge into Aki</button>" not in confirmation
    response = alice_client.post(url, {"into": aki.pk})
    assert response.status_code == 409
    assert f"game {club['a'].pk} (Table A)" in response.content.decode()
    assert list(Seat.objects.order_by("pk").values_list("pk", "player_id")) == before
    assert Player.objects.filter(pk=ben.pk).exists()


def test_a_player_is_not_merged_into_themselves(club):
    aki = club["players"]["Aki"]
    with pytest.raises(PlayerRefused, match="cannot be merged into themselves"):
        merge_players(keep=aki, merge=aki)


def test_the_merge_form_does_not_offer_the_player_merged_away(club, alice_client):
    twin = club["players"]["Aki T"]
    response = alice_client.get(reverse("player_merge", args=[twin.pk]), {"into": twin.pk})
    assert response.status_code == 422
    assert Player.objects.filter(pk=twin.pk).exists()


# -- Deleting ---------------------------------------------------------------------------------


def test_a_player_with_no_games_is_deleted_once_confirmed(club, alice_client):
    newcomer = Player.objects.create(name="Newcomer")
    url = reverse("player_delete", args=[newcomer.pk])

    page = alice_client.get(url).content.decode()
    assert "Newcomer has no games" in page
    assert Player.objects.filter(pk=newcomer.pk).exists()

    response = alice_client.post(url, follow=True)
    assert "Newcomer was deleted." in response.content.decode()
    assert not Player.objects.filter(pk=newcomer.pk).exists()


def test_a_player_with_games_is_not_deleted_and_is_told_why(club, alice_client):
    dan = club["players"]["Dan"]
    url = reverse("player_delete", args=[dan.pk])

    page = alice_client.get(url).content.decode()
    response = alice_client.post(url)

    assert "Dan has 2 games: only a player with no games can be deleted." in page
    assert "Delete Dan</button>" not in page
    assert response.status_code == 409
    assert "Dan has 2 games: only a player with no games can be deleted" in (
        response.content.decode()
    )
    assert Player.objects.filter(pk=dan.pk).exists()
    with pytest.raises(PlayerRefused):
        delete_player(player=dan)


# -- Renaming ---------------------------------------------------------------------------------


def test_renaming_keeps_the_games_and_refuses_a_name_taken_in_any_case(club, alice_client):
    twin = club["players"]["Aki T"]

    renamed = rename_player(player=twin, name="  Akira   T ")
    assert renamed.name == "Akira T"
    assert Seat.objects.filter(player=twin).count() == 2
    with pytest.raises(PlayerRefused, match="There is already a player called “Ben”"):
        rename_player(player=twin, name="BEN")
    response = alice_client.post(reverse("player_edit", args=[twin.pk]), {"name": "chie"})
    assert response.status_code == 422
    assert Player.objects.get(pk=twin.pk).name == "Akira T"


# -- Who may --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["player_merge", "player_delete"])
def test_only_organisers_merge_or_delete_players(
    club, name, alice_client, bob_client, charlie_client, client
):
    twin, aki = club["players"]["Aki T"], club["players"]["Aki"]
    url = reverse(name, args=[twin.pk])

    assert alice_client.get(url).status_code == 200
    for who in (bob_client, charlie_client):
        assert who.get(url).status_code == 403
        assert who.post(url, {"into": aki.pk}).status_code == 403
    assert client.get(url)["Location"].startswith(reverse("login"))
    assert client.post(url, {"into": aki.pk}).status_code == 403
    assert Player.objects.filter(pk=twin.pk).exists()


def test_the_players_page_offers_organisers_rename_merge_and_delete(club, alice_client, bob_client):
    twin = club["players"]["Aki T"]
    links = [reverse(n, args=[twin.pk]) for n in ("player_edit", "player_merge", "player_delete")]

    organiser = alice_client.get(reverse("player_list")).content.decode()
    member = bob_client.get(reverse("player_list")).content.decode()

    assert all(link in organiser for link in links)
    assert not any(link in member for link in links)
