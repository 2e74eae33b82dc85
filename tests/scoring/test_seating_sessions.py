"""Seating a session (``scoring.seating.sessions``): every player once, no table with a player
twice, the same seed giving the same seating, the winds balanced over the sessions."""

from __future__ import annotations

import itertools

import pytest

from scoring.seating.sessions import (
    SeatingError,
    balance_winds,
    check_seating,
    interval_seating,
    least_repeats,
    pair_counts,
    pair_weights,
    plain_random_seating,
    random_seating,
    repeated_pairs,
    seating_cost,
    swiss_seating,
    wind_counts,
)

PLAYERS = list(range(101, 133))  # 32 players


def _sessions(players, count, seed, size=4):
    history = []
    for number in range(count):
        made = random_seating(players, history, seed=seed + number, size=size)
        history.append(balance_winds(made, history))
    return history


@pytest.mark.parametrize("size", [4, 3])
def test_every_player_is_seated_once_per_session_and_no_table_holds_one_twice(size):
    players = PLAYERS[: 8 * size]
    for seating in _sessions(players, 6, seed=7, size=size):
        seated = [p for table in seating for p in table]
        assert sorted(seated) == sorted(players)
        assert all(len(table) == size and len(set(table)) == size for table in seating)


def test_the_same_seed_gives_the_same_seating_and_repeats():
    first, again = _sessions(PLAYERS, 4, seed=42), _sessions(PLAYERS, 4, seed=42)
    assert first == again
    assert repeated_pairs(first) == repeated_pairs(again)
    assert _sessions(PLAYERS, 2, seed=43) != first[:2]


def test_the_kept_seating_costs_least_a_repeat_from_the_session_just_before_most():
    # Eight players after two sessions: every way of seating them in two tables, scored by
    # Pantheon's weights (+1 a meeting, +10 more for one in the session just before).
    before = ((1, 2, 3, 4), (5, 6, 7, 8))
    last = ((1, 2, 5, 6), (3, 4, 7, 8))
    weights = pair_weights([before, last])
    assert weights[(1, 2)] == 12 and weights[(1, 3)] == 1 and weights[(1, 5)] == 11
    costs = [
        seating_cost((table, tuple(p for p in range(1, 9) if p not in table)), weights)
        for table in itertools.combinations(range(1, 9), 4)
    ]
    made = random_seating(range(1, 9), [before, last], seed=3)
    # At best each table takes two of each last table, one pair of the last session from
    # each (11 each, if split across the first session's tables) and two pairs of the
    # first session (1 each): 2 x (11 + 11 + 1 + 1) = 48.
    assert seating_cost(made, weights) == min(costs) == 48


def test_sixteen_players_meet_no_one_twice_in_three_sessions_and_less_than_at_random():
    # 16 players meet 3 others a session: in 5 sessions they could meet all 15 others once
    # (the affine plane of order 4), so no repeat is forced.
    assert least_repeats(16, 5) == 0
    players = list(range(16))
    for seed in range(1, 4):
        sessions = _sessions(players, 5, seed=seed)
        assert repeated_pairs(sessions[:3]) == 0
        plain = [plain_random_seating(players, seed=seed + n) for n in range(5)]
        assert repeated_pairs(sessions) < repeated_pairs(plain)


def test_each_table_takes_the_order_that_evens_its_players_winds_most():
    history = _sessions(PLAYERS, 3, seed=5)
    made = random_seating(PLAYERS, history, seed=8)
    counts = wind_counts(history)
    for table in balance_winds(made, history):
        had = sum(counts[p][seat] for seat, p in enumerate(table))
        assert had == min(
            sum(counts[p][seat] for seat, p in enumerate(order))
            for order in itertools.permutations(table)
        )


@pytest.mark.parametrize("sessions", [4, 8])
def test_winds_are_balanced_over_the_sessions(sessions):
    # A table's four cannot always take four different missing winds, so a player may have
    # one wind twice and another not yet; never worse, and half have each wind evenly.
    counts = wind_counts(_sessions(PLAYERS[:16], sessions, seed=5))
    assert all(max(c) - min(c) <= 2 for c in counts.values())
    assert sum(max(c) == min(c) for c in counts.values()) >= 8


def test_swiss_seats_the_leaders_together_where_they_have_not_met():
    ranked = list(range(1, 17))
    made = swiss_seating(ranked, [])
    assert made[0] == (1, 2, 3, 4)
    again = swiss_seating(ranked, [made])
    assert again[0] == (1, 5, 9, 13)
    assert not set(itertools.combinations(again[0], 2)) & set(pair_counts([made]))


def test_interval_seating_spreads_the_ratings_over_the_tables():
    assert interval_seating(list(range(1, 9)), step=1) == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert interval_seating(list(range(1, 9)), step=2) == ((1, 3, 5, 7), (2, 4, 6, 8))


def test_a_count_of_players_that_does_not_fill_the_tables_is_refused():
    with pytest.raises(SeatingError, match="17 players do not fill tables of 4"):
        random_seating(range(17), [], seed=1)
    with pytest.raises(SeatingError, match="seated twice"):
        check_seating(((1, 2, 3, 4), (1, 5, 6, 7)), range(1, 8), 4)
