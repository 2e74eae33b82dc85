"""The hand form and the rules that only some rulesets have (RULES.md, version 2 parameters):
chips per winner where ``chip_value`` is set, an abortive draw whose reason was not noted,
and stopping the game by choice only where agari-yame or tenpai-yame is optional.

Numbers from RULES.md: a dealer tsumo of 2 han 30 fu is basic 30 x 2^4 = 480, paid 2 x 480 =
960 -> 1,000 by each; an exhaustive draw with only the dealer tenpai pays 3,000 to the dealer,
1,000 from each. Chips: on a ron the discarder pays the winner's chips, on a tsumo each of the
other three pays them.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS, resolve_rules
from scoring.state import EndReason, GameState

pytestmark = pytest.mark.django_db


def new_game(players, rules, start=None):
    return start_game(rules=rules, ruleset_name="club", players=players, start=start)


def send(client, game, **values):
    data = {"sequence": str(game.hand_count), **values}
    return client.post(reverse("hand_create", args=[game.pk]), data)


def refreshed(game):
    return Game.objects.get(pk=game.pk)


def last_data(game):
    return HandRecord.objects.filter(game=game).order_by("-sequence").first().data


# Chips.


def test_a_ron_with_chips_takes_them_from_the_discarder(bob_client, players):
    game = new_game(players, resolve_rules({"preset": "tenhou", "chip_value": 2000}))
    page = bob_client.get(game.get_absolute_url()).content.decode()
    assert 'name="win_1_chips"' in page

    response = send(
        bob_client,
        game,
        outcome="ron",
        winners=["1"],
        discarder="2",
        win_1_han="3",
        win_1_fu="40",
        win_1_chips="2",
    )

    assert response.status_code == 302
    assert last_data(game)["ron"]["wins"][0]["chips"] == 2
    assert refreshed(game).game_state().chips == (0, 2, -2, 0)
    assert "3 han 40 fu, 2 chips" in bob_client.get(game.get_absolute_url()).content.decode()


def test_a_tsumo_with_chips_takes_them_from_each_other_player(bob_client, players):
    game = new_game(players, resolve_rules({"preset": "tenhou", "chip_value": 2000}))

    send(bob_client, game, outcome="tsumo", winner="1", win_1_han="5", win_1_chips="1")

    assert refreshed(game).game_state().chips == (-1, 3, -1, -1)


def test_chips_below_zero_are_refused_on_the_winners_field(bob_client, players):
    game = new_game(players, resolve_rules({"preset": "tenhou", "chip_value": 2000}))

    response = send(bob_client, game, outcome="tsumo", winner="1", win_1_han="5", win_1_chips="-1")

    assert response.status_code == 422
    assert "Ben’s chips: a count of 0 or more." in response.content.decode()
    assert refreshed(game).hand_count == 0


def test_rules_without_chips_have_no_chips_field(bob_client, game):
    page = bob_client.get(game.get_absolute_url()).content.decode()
    assert "_chips" not in page

    send(bob_client, game, outcome="tsumo", winner="1", win_1_han="5", win_1_chips="3")

    assert "chips" not in last_data(game)["tsumo"]


def test_a_correction_shows_the_chips_the_win_carried(bob_client, players):
    game = new_game(players, resolve_rules({"preset": "tenhou", "chip_value": 2000}))
    send(bob_client, game, outcome="tsumo", winner="1", win_1_han="5", win_1_chips="4")

    page = bob_client.get(reverse("hand_edit", args=[game.pk, 1])).content.decode()

    assert 'name="win_1_chips" value="4"' in page


# An abortive draw without its reason.


def test_an_abortive_draw_may_be_recorded_without_its_reason(bob_client, game):
    response = send(bob_client, game, outcome="abort")

    assert response.status_code == 302
    assert last_data(game) == {"abort": {}}
    state = refreshed(game).game_state()
    assert (state.round_label, state.honba) == ("E1", 1)
    assert "Abortive draw</p>" in bob_client.get(game.get_absolute_url()).content.decode()


def test_an_abortive_draw_keeps_its_reason_when_noted(bob_client, game):
    send(bob_client, game, outcome="abort", abort_reason="kyuushu_kyuuhai")

    assert last_data(game) == {"abort": {"reason": "kyuushu_kyuuhai"}}


def test_rules_without_abortive_draws_refuse_one(bob_client, players):
    game = new_game(players, PRESETS["ema"])

    response = send(bob_client, game, outcome="abort")

    assert response.status_code == 422
    assert refreshed(game).hand_count == 0


# Stopping the game by choice.

OPTIONAL = {"preset": "ema", "agari_yame": "optional"}
#: All-last (South 4, Dan deals), everyone on 30,000.
ALL_LAST = GameState((30000, 30000, 30000, 30000), 7)


def test_the_stop_is_offered_only_in_all_last(bob_client, players):
    early = new_game(players, resolve_rules(OPTIONAL))
    late = new_game(players, resolve_rules(OPTIONAL), start=ALL_LAST)

    assert 'name="end"' not in bob_client.get(early.get_absolute_url()).content.decode()
    page = bob_client.get(late.get_absolute_url()).content.decode()
    assert 'name="end"' in page
    # Under optional agari-yame only: for a win, not for a draw.
    assert 'class="group group-end" data-for="ron tsumo"' in page


@pytest.mark.parametrize(("preset", "points"), [("tenhou", 25000), ("ema", 30000)])
def test_the_stop_is_not_offered_where_yame_is_automatic_or_none(
    bob_client, players, preset, points
):
    game = new_game(players, PRESETS[preset], start=GameState((points,) * 4, 7))

    assert 'name="end"' not in bob_client.get(game.get_absolute_url()).content.decode()


def test_the_all_last_dealer_who_wins_in_first_place_may_stop_the_game(bob_client, players):
    game = new_game(players, resolve_rules(OPTIONAL), start=ALL_LAST)

    response = send(
        bob_client, game, outcome="tsumo", winner="3", win_3_han="2", win_3_fu="30", end="on"
    )

    assert response.status_code == 302
    game = refreshed(game)
    assert game.status == Game.Status.FINISHED
    assert game.game_state().scores == (29000, 29000, 29000, 33000)
    assert game.game_state().end_reason == EndReason.AGARI_YAME
    assert last_data(game)["end"] is True


def test_without_the_stop_the_dealer_plays_on(bob_client, players):
    game = new_game(players, resolve_rules(OPTIONAL), start=ALL_LAST)

    send(bob_client, game, outcome="tsumo", winner="3", win_3_han="2", win_3_fu="30")

    state = refreshed(game).game_state()
    assert (state.round_label, state.honba, state.finished) == ("S4", 1, False)


def test_the_stop_after_a_hand_the_dealer_did_not_win_is_refused_on_its_field(bob_client, players):
    game = new_game(players, resolve_rules(OPTIONAL), start=ALL_LAST)

    response = send(
        bob_client,
        game,
        outcome="ron",
        winners=["0"],
        discarder="1",
        win_0_han="2",
        win_0_fu="30",
        end="on",
    )

    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="id_end_error"' in html
    assert "can be stopped by choice only after an all-last hand that the dealer wins" in html
    assert refreshed(game).hand_count == 0


def test_the_stop_is_not_read_for_an_outcome_it_is_not_shown_for(bob_client, players):
    game = new_game(players, resolve_rules(OPTIONAL), start=ALL_LAST)

    response = send(bob_client, game, outcome="draw", tenpai=["3"], end="on")

    assert response.status_code == 302
    assert "end" not in last_data(game)
    state = refreshed(game).game_state()
    assert state.scores == (29000, 29000, 29000, 33000)
    assert not state.finished
