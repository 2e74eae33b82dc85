"""The projection: what a game's hands say is stored beside them. A finished game's seats
hold standings and statistics; a game in play or abandoned holds neither."""

from __future__ import annotations

import doctest
from decimal import Decimal

from scorekeeper.club import projection
from scorekeeper.club.projection import BLANK_SEAT, project, project_hand, seats_change
from scoring.game import play_hand
from scoring.outcomes import Draw, Hand, Ron, Win
from scoring.rules import PRESETS
from scoring.state import start_state

TENHOU = PRESETS["tenhou"]
#: Dealer yakuman ron from seat 3 (48,000): seat 3 is left at -23,000, tobi ends the game.
YAKUMAN = Hand(Ron(3, (Win(winner=0, yakuman=1),)))
#: Seat 0 alone tenpai: the dealer keeps the deal, the game goes on.
DRAW = Hand(Draw(tenpai=(0,)))


def test_the_projection_doctests_pass():
    assert doctest.testmod(projection).failed == 0


def test_a_finished_game_stores_each_seats_standings_and_statistics():
    projected = project(TENHOU, [YAKUMAN])

    assert projected.status == "finished" and projected.hand_count == 1
    rows = projected.seats
    assert [row["final_points"] for row in rows] == [73000, 25000, 25000, -23000]
    # Equal points rank by seat; Tenhou uma +20/+10/-10/-20 with oka to 1st, and a tobi
    # game's results as in the services' test: +83, +5, -15, -73.
    assert [row["place"] for row in rows] == [1, 2, 3, 4]
    assert [row["result"] for row in rows] == [Decimal(83), Decimal(5), Decimal(-15), Decimal(-73)]
    assert (rows[0]["wins"], rows[0]["dealer_wins"], rows[0]["yakuman"]) == (1, 1, 1)
    assert (rows[0]["win_points"], rows[0]["best_win"]) == (48000, 48000)
    assert (rows[3]["deal_ins"], rows[3]["deal_in_points"], rows[3]["tobi"]) == (1, 48000, True)
    assert [row["hands"] for row in rows] == [1, 1, 1, 1]


def test_a_game_in_play_stores_no_standings_and_no_statistics():
    projected = project(TENHOU, [DRAW, DRAW])

    assert projected.status == "in_play" and projected.hand_count == 2
    # 1,000 each way per draw with one tenpai, twice.
    assert projected.state.scores == (31000, 23000, 23000, 23000)
    assert projected.seats == (BLANK_SEAT,) * 4
    assert BLANK_SEAT["place"] is None and BLANK_SEAT["hands"] == 0


def test_an_abandoned_game_counts_for_nothing_even_when_its_hands_ended_it():
    projected = project(TENHOU, [YAKUMAN], abandoned=True)

    assert projected.status == "abandoned"
    assert projected.seats == (BLANK_SEAT,) * 4


def test_a_game_stopped_early_is_finished_with_the_points_as_they_are():
    projected = project(TENHOU, [DRAW], stopped_early=True)

    assert projected.status == "finished"
    assert [row["final_points"] for row in projected.seats] == [28000, 24000, 24000, 24000]
    assert [row["place"] for row in projected.seats] == [1, 2, 3, 4]


def test_one_more_hand_is_projected_alone_until_it_ends_the_game():
    state = start_state(TENHOU)
    going_on = project_hand(TENHOU, play_hand(state, DRAW, TENHOU), 1, stopped_early=False)
    assert going_on is not None
    whole = project(TENHOU, [DRAW])
    assert (going_on.state, going_on.status, going_on.seats) == (
        whole.state,
        whole.status,
        whole.seats,
    )

    assert project_hand(TENHOU, play_hand(state, YAKUMAN, TENHOU), 1, stopped_early=False) is None


def test_only_a_change_to_or_from_finished_changes_the_seats():
    assert not seats_change("in_play", "in_play")
    assert not seats_change("in_play", "abandoned")
    assert seats_change("in_play", "finished")
    assert seats_change("finished", "in_play")
    assert seats_change("finished", "abandoned")
