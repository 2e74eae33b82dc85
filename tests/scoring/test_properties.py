"""Properties of the engine over any legal sequence of hands under any preset, four players
or three, with the version 2 parts drawn too (chips, the tobi bonus, yakitori, the record's
penalties and a start mid-way): points on the table are conserved, and results sum to zero
less the non-zero-sum parts the standings report."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import IllegalHand
from scoring.game import apply_hand, play_hand, replay
from scoring.outcomes import Abort, AbortReason, Chombo, Draw, Hand, Penalty, Ron, Tsumo, Win
from scoring.payments import FU_VALUES
from scoring.record import GameRecord, parse_record, record_to_json
from scoring.rules import PRESETS, resolve_rules
from scoring.standings import final_standings, settle_sticks
from scoring.state import STICK, check_start, start_state

seats = st.integers(0, 3)
seat_sets = st.lists(seats, max_size=4, unique=True).map(lambda s: tuple(sorted(s)))


@st.composite
def wins(draw, winner=seats):
    w = draw(winner)
    chips = draw(st.sampled_from([0, 0, 1, 3]))
    if draw(st.integers(0, 9)) == 0:
        return Win(
            winner=w, yakuman=draw(st.integers(1, 2)), pao=draw(st.none() | seats), chips=chips
        )
    han = draw(st.integers(1, 14))
    fu = draw(st.sampled_from(FU_VALUES)) if han < 5 or draw(st.booleans()) else None
    return Win(winner=w, han=han, fu=fu, chips=chips)


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
        outcome = Abort(draw(st.none() | st.sampled_from(list(AbortReason))))
    else:
        outcome = Chombo(draw(seats))
    return Hand(outcome, draw(seat_sets))


@st.composite
def rulesets(draw):
    """A preset with some of the version 2 parameters switched on."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    spec = {"preset": preset}
    if draw(st.booleans()):
        spec["chip_value"] = draw(st.sampled_from([500, 2000]))
    if draw(st.booleans()):
        spec["yakitori_penalty"] = 10000
    if PRESETS[preset].tobi and draw(st.booleans()):
        spec["tobi_bonus"] = draw(st.sampled_from([5000, 10000]))
        spec["tobi_at_zero"] = draw(st.booleans())
    if draw(st.booleans()):
        # split_all shares a stick among four: three-player rulesets refuse it.
        kinds = ["first", "lost", "split_all"][: 3 if PRESETS[preset].players == 4 else 2]
        spec["leftover_sticks"] = draw(st.sampled_from(kinds))
    return resolve_rules(spec)


@st.composite
def starts(draw, rules):
    """No start (East 1), or a consistent one mid-way: scores plus sticks hold the points
    the players began with."""
    if draw(st.booleans()):
        return None
    sticks = draw(st.integers(0, 3))
    players = rules.players
    total = players * rules.start_points - sticks * STICK
    cuts = sorted(
        draw(st.lists(st.integers(0, total // 100), min_size=players - 1, max_size=players - 1))
    )
    parts = [a - b for a, b in zip([*cuts, total // 100], [0, *cuts], strict=True)]
    scores = tuple(100 * p for p in parts)
    state = start_state(rules)._replace(
        scores=scores,
        round_index=draw(st.sampled_from(rules.seating.rounds(rules.last_round))),
        honba=draw(st.integers(0, 5)),
        sticks=sticks,
    )
    assert check_start(rules, state) is None
    return state


@st.composite
def legal_games(draw):
    """A ruleset, a start and a legal sequence of hands: candidates the rules refuse are
    dropped."""
    rules = draw(rulesets())
    first = draw(starts(rules))
    state = start_state(rules) if first is None else first
    played = []
    for candidate in draw(st.lists(hands(), max_size=40)):
        if state.finished:
            break
        try:
            state = apply_hand(state, candidate, rules, index=len(played))
        except IllegalHand:
            continue
        played.append(candidate)
    return rules, tuple(played), first


penalty_lists = st.lists(
    st.builds(
        Penalty,
        seats,
        st.sampled_from([1000, 10000]),
        st.sampled_from(["", "late"]),
        after_hand=st.none(),
    ),
    max_size=2,
).map(tuple)


@settings(max_examples=300, deadline=None)
@given(legal_games())
def test_points_on_the_table_plus_sticks_are_always_the_players_starting_stacks(game):
    rules, played, first = game
    state = start_state(rules) if first is None else first
    for hand in played:
        state = apply_hand(state, hand, rules)
        assert len(state.scores) == rules.players
        assert sum(state.scores) + STICK * state.sticks == rules.players * rules.start_points


@settings(max_examples=200, deadline=None)
@given(legal_games(), st.data())
def test_replaying_a_prefix_equals_folding_it(game, data):
    rules, played, first = game
    cut = data.draw(st.integers(0, len(played)))
    state = start_state(rules) if first is None else first
    for hand in played[:cut]:
        state = play_hand(state, hand, rules).after
    assert replay(rules, played[:cut], start=first).state == state


@settings(max_examples=200, deadline=None)
@given(legal_games(), penalty_lists)
def test_a_record_written_and_read_back_is_equal(game, penalties):
    rules, played, first = game
    names = ("Aki", "Ben", "Chie", "Dan")[: rules.players]
    penalties = tuple(p for p in penalties if p.seat < rules.players)
    record = GameRecord(rules, names, played, first, penalties)
    assert parse_record(record_to_json(record)) == record


@settings(max_examples=300, deadline=None)
@given(legal_games(), penalty_lists)
def test_final_results_sum_to_zero_less_penalties_and_lost_sticks(game, penalties):
    rules, played, first = game
    penalties = tuple(p for p in penalties if p.seat < rules.players)
    state = replay(rules, played, start=first).state
    rows = final_standings(state, rules, penalties)
    assert [row.seat for row in rows] == list(rules.seating.seats)
    vanished = STICK * state.sticks - (sum(settle_sticks(state, rules)) - sum(state.scores))
    if rules.result_rounding == "tenhou":
        vanished = 0  # 1st's result is minus the others': the uma and oka sum to zero by rule
    # The non-zero-sum parts are reported: penalties (chombo, yakitori, the record's) and
    # leftover sticks nobody took; chips and the tobi bonus move between seats.
    reported = sum(row.penalty for row in rows)
    assert reported >= sum(Decimal(p.points) / 1000 for p in penalties)
    assert sum(row.result for row in rows) == -reported - Decimal(vanished) / 1000
    assert sum(row.chip_result for row in rows) == 0
    assert sum(row.tobi_bonus for row in rows) == 0
    assert sum(row.chips for row in rows) == 0
    assert sorted(row.place for row in rows)[0] == 1
