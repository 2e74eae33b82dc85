"""Properties of the engine over any legal sequence of hands under any preset."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import IllegalHand
from scoring.game import STICK, apply_hand, play_hand, replay, start_state
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.payments import FU_VALUES
from scoring.record import GameRecord, parse_record, record_to_json
from scoring.rules import PRESETS
from scoring.standings import final_standings, settle_sticks

seats = st.integers(0, 3)
seat_sets = st.lists(seats, max_size=4, unique=True).map(lambda s: tuple(sorted(s)))


@st.composite
def wins(draw, winner=seats):
    w = draw(winner)
    if draw(st.integers(0, 9)) == 0:
        return Win(winner=w, yakuman=draw(st.integers(1, 2)), pao=draw(st.none() | seats))
    han = draw(st.integers(1, 14))
    fu = draw(st.sampled_from(FU_VALUES)) if han < 5 or draw(st.booleans()) else None
    return Win(winner=w, han=han, fu=fu)


@st.composite
def hands(draw):
    kind = draw(st.sampled_from(["ron", "ron", "ron", "tsumo", "tsumo", "draw", "abort", "chombo"]))
    if kind == "ron":
        outcome = Ron(draw(seats), tuple(draw(st.lists(wins(), min_size=1, max_size=3))))
    elif kind == "tsumo":
        outcome = Tsumo(draw(wins()))
    elif kind == "draw":
        outcome = Draw(draw(seat_sets), draw(st.lists(seats, max_size=1).map(tuple)))
    elif kind == "abort":
        outcome = Abort(draw(st.sampled_from(list(AbortReason))))
    else:
        outcome = Chombo(draw(seats))
    return Hand(outcome, draw(seat_sets))


@st.composite
def legal_games(draw):
    """A preset and a legal sequence of hands: candidates the rules refuse are dropped."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    state = start_state(rules)
    played = []
    for candidate in draw(st.lists(hands(), max_size=40)):
        if state.finished:
            break
        try:
            state = apply_hand(state, candidate, rules, index=len(played))
        except IllegalHand:
            continue
        played.append(candidate)
    return rules, tuple(played)


@settings(max_examples=300, deadline=None)
@given(legal_games())
def test_points_on_the_table_plus_sticks_are_always_four_starting_stacks(game):
    rules, played = game
    state = start_state(rules)
    for hand in played:
        state = apply_hand(state, hand, rules)
        assert sum(state.scores) + STICK * state.sticks == 4 * rules.start_points


@settings(max_examples=200, deadline=None)
@given(legal_games(), st.data())
def test_replaying_a_prefix_equals_folding_it(game, data):
    rules, played = game
    cut = data.draw(st.integers(0, len(played)))
    state = start_state(rules)
    for hand in played[:cut]:
        state = play_hand(state, hand, rules).after
    assert replay(rules, played[:cut]).state == state


@settings(max_examples=200, deadline=None)
@given(legal_games())
def test_a_record_written_and_read_back_is_equal(game):
    rules, played = game
    record = GameRecord(rules, ("Aki", "Ben", "Chie", "Dan"), played)
    assert parse_record(record_to_json(record)) == record


@settings(max_examples=300, deadline=None)
@given(legal_games())
def test_final_results_sum_to_zero_less_penalties_and_lost_sticks(game):
    rules, played = game
    state = replay(rules, played).state
    rows = final_standings(state, rules)
    vanished = STICK * state.sticks - (sum(settle_sticks(state, rules)) - sum(state.scores))
    penalties = sum(row.penalty for row in rows)
    assert sum(row.result for row in rows) == -penalties - Decimal(vanished) / 1000
    assert sorted(row.place for row in rows)[0] == 1
