"""Penalties from a game's page: who may give and take them back, where they show (the hand
log, in their place in time, and the final standings), and refusals that change nothing.

The expected results follow RULES.md for tenhou rules (uma 20k/10k, oka 20000 to 1st,
return 30000, places 2-4 rounded to 1000, seat order for ties): four players on 25,000 end
+35.0, +5.0, −15.0, −25.0; a penalty is taken off one seat's result, non-zero-sum.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game, Seat
from scorekeeper.errors import ServiceError, StaleGame
from scorekeeper.table.services.games import export_record, finish_game
from scorekeeper.table.services.hands import record_hand, undo_last_hand
from scorekeeper.table.services.penalties import give_penalty, remove_penalty
from scoring.outcomes import Draw, Hand, Ron, Win

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


def penalty_url(game):
    return reverse("penalty_new", args=[game.pk])


def remove_url(game, index=0):
    return reverse("penalty_remove", args=[game.pk, index])


def post(game, **values):
    return {"seat": "2", "points": "10000", "reason": "late", "revision": game.revision, **values}


def results(game):
    return [seat.result for seat in Seat.objects.filter(game=game).order_by("number")]


def refreshed(game):
    return Game.objects.get(pk=game.pk)


# Who may.


@pytest.mark.parametrize("persona", ["bob_client", "charlie_client"])
def test_members_and_outsiders_may_not_give_a_penalty(request, game, persona):
    client = request.getfixturevalue(persona)

    assert client.get(penalty_url(game)).status_code == 403
    assert client.post(penalty_url(game), post(game)).status_code == 403

    assert refreshed(game).penalties == []


def test_a_visitor_is_sent_to_log_in_to_give_a_penalty_and_refused_a_post(client, game):
    response = client.get(penalty_url(game))

    assert response.status_code == 302
    assert "/login/" in response["Location"]
    assert client.post(penalty_url(game), post(game)).status_code == 403
    assert refreshed(game).penalties == []


@pytest.mark.parametrize("persona", ["bob_client", "charlie_client"])
def test_members_and_outsiders_may_not_take_a_penalty_back(request, game, persona):
    give_penalty(game=game, seat=2, points=10000, expected_revision=game.revision)
    game = refreshed(game)
    client = request.getfixturevalue(persona)

    assert client.get(remove_url(game)).status_code == 403
    response = client.post(remove_url(game), {"revision": game.revision, "confirmed": "on"})

    assert response.status_code == 403
    assert len(refreshed(game).penalties) == 1


def test_a_visitor_is_sent_to_log_in_to_take_a_penalty_back(client, game):
    give_penalty(game=game, seat=2, points=10000, expected_revision=game.revision)

    assert "/login/" in client.get(remove_url(game))["Location"]
    response = client.post(remove_url(game), {"revision": refreshed(game).revision})

    assert response.status_code == 403
    assert len(refreshed(game).penalties) == 1


def test_only_an_organiser_sees_the_penalty_form_on_the_table(alice_client, bob_client, game):
    assert "Give a penalty" in alice_client.get(game.get_absolute_url()).content.decode()
    assert "Give a penalty" not in bob_client.get(game.get_absolute_url()).content.decode()


# Giving one.


def test_an_organiser_gives_a_penalty_and_it_shows_in_the_log(alice_client, game):
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0)
    game = refreshed(game)

    response = alice_client.post(penalty_url(game), post(game))

    assert response.status_code == 302
    stored = refreshed(game)
    assert stored.penalties == [{"seat": 2, "points": 10000, "reason": "late", "after_hand": 0}]
    assert stored.revision == game.revision + 1
    page = alice_client.get(game.get_absolute_url()).content.decode()
    assert 'id="penalty-1"' in page
    assert (
        f'Chie <b class="down">{MINUS}10,000</b> off the final result ({MINUS}10.0): late' in page
    )
    assert "after hand 1" in page


def test_the_penalty_form_page_works_without_the_table(alice_client, game):
    page = alice_client.get(penalty_url(game))

    assert page.status_code == 200
    assert 'name="points"' in page.content.decode()


def test_an_htmx_penalty_answers_with_the_table(alice_client, game):
    response = alice_client.post(penalty_url(game), post(game), HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    assert "penalty-given" in response["HX-Trigger"]
    assert 'id="game-table"' in response.content.decode()


def test_a_penalty_sits_in_the_log_between_the_hands_it_came_between(alice_client, game):
    hand = Hand(Draw(tenpai=(0,)))
    record_hand(game=game, hand=hand, expected_sequence=0)
    give_penalty(game=game, seat=1, points=2000, expected_revision=refreshed(game).revision)
    record_hand(game=game, hand=hand, expected_sequence=1)

    page = alice_client.get(game.get_absolute_url()).content.decode()

    # Newest first: hand 2, the penalty given after hand 1, hand 1.
    assert page.index('id="hand-2"') < page.index('id="penalty-1"') < page.index('id="hand-1"')


def test_a_penalty_before_any_hand_is_at_the_bottom_of_the_log(alice_client, game):
    give_penalty(game=game, seat=1, points=2000, expected_revision=game.revision)
    record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0)

    page = alice_client.get(game.get_absolute_url()).content.decode()

    assert page.index('id="hand-1"') < page.index('id="penalty-1"')
    assert "before the first hand" in page


def test_a_penalty_on_a_finished_game_changes_its_standings_at_once(alice_client, game):
    finish_game(game=game, expected_sequence=0)
    assert results(game) == [Decimal("35.0"), Decimal("5.0"), Decimal("-15.0"), Decimal("-25.0")]
    game = refreshed(game)

    response = alice_client.post(penalty_url(game), post(game))

    assert response.status_code == 302
    assert results(game) == [Decimal("35.0"), Decimal("5.0"), Decimal("-25.0"), Decimal("-25.0")]
    page = alice_client.get(game.get_absolute_url()).content.decode()
    assert '<th scope="col" class="num">Penalty</th>' in page
    assert f"{MINUS}10.0" in page


def test_a_penalty_counts_when_the_game_ends_later(game):
    give_penalty(game=game, seat=0, points=5000, expected_revision=game.revision)

    finish_game(game=game, expected_sequence=0)

    assert results(game)[0] == Decimal("30.0")


def test_the_game_standings_export_carries_the_penalty(alice_client, game):
    finish_game(game=game, expected_sequence=0)
    give_penalty(game=game, seat=3, points=1000, expected_revision=refreshed(game).revision)

    rows = alice_client.get(reverse("game_standings_json", args=[game.pk])).json()["standings"]
    csv = b"".join(
        alice_client.get(reverse("game_standings_csv", args=[game.pk])).streaming_content
    )

    dan = rows[3]
    assert (dan["player"], dan["result"], abs(dan["penalty"])) == ("Dan", -26, 1)
    (line,) = [row for row in csv.decode().splitlines() if row.startswith("North,Dan,")]
    assert line.endswith(",-26.0")


# Refusals change nothing.


@pytest.mark.parametrize(
    ("values", "field", "words"),
    [
        ({"points": "150"}, "points", "whole hundreds"),
        ({"points": "0"}, "points", "at least 100"),
        ({"points": "2000000"}, "points", "at most 1,000,000"),
        ({"points": "ten"}, "points", "whole number"),
        ({"seat": "4"}, "seat", "valid choice"),
        ({"seat": ""}, "seat", "Choose the player"),
        ({"reason": "x" * 201}, "reason", "at most 200"),
        ({"revision": ""}, "revision", "out of date"),
    ],
)
def test_a_bad_penalty_is_refused_on_its_field_and_nothing_changes(
    alice_client, game, values, field, words
):
    response = alice_client.post(penalty_url(game), post(game, **values))

    assert response.status_code == 422
    assert words in response.content.decode()
    stored = refreshed(game)
    assert stored.penalties == []
    assert stored.revision == game.revision


def test_a_penalty_sent_twice_is_given_once(alice_client, game):
    first = alice_client.post(penalty_url(game), post(game))
    second = alice_client.post(penalty_url(game), post(game))

    assert first.status_code == 302
    assert second.status_code == 409
    page = second.content.decode()
    assert "no penalty was given" in page
    # The penalty already given is listed; the form keeps its values, for the game as it is.
    assert f"Chie {MINUS}10,000 (late), before the first hand" in page
    assert 'value="10000"' in page
    assert f'name="revision" value="{refreshed(game).revision}"' in page
    assert len(refreshed(game).penalties) == 1


def test_an_abandoned_game_takes_no_penalty(alice_client, game):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)

    response = alice_client.post(penalty_url(game), post(game))

    assert response.status_code == 302  # to the table, which says why
    assert refreshed(game).penalties == []
    with pytest.raises(ServiceError, match="abandoned"):
        give_penalty(game=game, seat=0, points=1000, expected_revision=game.revision)


def test_a_stale_page_gives_no_penalty(game):
    with pytest.raises(StaleGame):
        give_penalty(game=game, seat=0, points=1000, expected_revision=game.revision + 1)
    assert refreshed(game).penalties == []


# Taking one back.


def test_taking_a_penalty_back_asks_first_without_javascript(alice_client, game):
    give_penalty(game=game, seat=2, points=10000, reason="late", expected_revision=game.revision)

    page = alice_client.get(remove_url(game))

    assert page.status_code == 200
    assert "Take back this penalty?" in page.content.decode()
    assert len(refreshed(game).penalties) == 1


def test_an_organiser_takes_a_penalty_back_and_the_result_is_restored(alice_client, game):
    finish_game(game=game, expected_sequence=0)
    give_penalty(game=game, seat=2, points=10000, expected_revision=refreshed(game).revision)
    assert results(game)[2] == Decimal("-25.0")
    game = refreshed(game)

    response = alice_client.post(remove_url(game), {"revision": game.revision, "confirmed": "on"})

    assert response.status_code == 302
    assert refreshed(game).penalties == []
    assert results(game)[2] == Decimal("-15.0")


def test_taking_back_a_penalty_that_is_not_there_is_404(alice_client, game):
    assert alice_client.get(remove_url(game, 3)).status_code == 404


def test_taking_back_from_a_stale_page_changes_nothing(alice_client, game):
    give_penalty(game=game, seat=2, points=10000, expected_revision=game.revision)
    give_penalty(game=game, seat=1, points=1000, expected_revision=refreshed(game).revision)

    response = alice_client.post(
        remove_url(game), {"revision": refreshed(game).revision - 1, "confirmed": "on"}
    )

    assert response.status_code == 302
    assert len(refreshed(game).penalties) == 2
    with pytest.raises(StaleGame):
        remove_penalty(game=game, index=0, expected_revision=0)


# A penalty's place when its hand goes.


def test_undoing_the_hand_a_penalty_came_after_moves_it_to_the_hand_before(game):
    hand = Hand(Ron(2, (Win(1, han=1, fu=30),)))
    record_hand(game=game, hand=hand, expected_sequence=0)
    record_hand(game=game, hand=hand, expected_sequence=1)
    give_penalty(game=game, seat=1, points=1000, expected_revision=refreshed(game).revision)

    undo_last_hand(game=game, expected_sequence=2)
    assert refreshed(game).penalties[0]["after_hand"] == 0
    undo_last_hand(game=game, expected_sequence=1)

    assert refreshed(game).penalties == [{"seat": 1, "points": 1000}]
    assert export_record(refreshed(game))["penalties"] == [{"seat": 1, "points": 1000}]
