"""Engine speed: the command line's scoring path (a record in, its output document out) and
the replay alone, in hands per second over the real games; a 60-hand game; and our
payments against the ``mahjong`` library's ScoresCalculator on the same inputs.

Run with ``make bench``; the numbers are reported, never asserted. Hands per second are
reported from the median run, which a busy machine disturbs least.
"""

from __future__ import annotations

import io
import json

import pytest
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from real_data import GAMES_DIR

from scoring.__main__ import main
from scoring.game import replay
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from scoring.payments import FU_VALUES, impossible_reason, ron_points, tsumo_points, win_value
from scoring.record import parse_record
from scoring.rules import PRESETS

DATA = GAMES_DIR
RECORDS = [parse_record(json.loads(p.read_text())) for p in sorted(DATA.glob("*.game.json"))]
HANDS = sum(len(r.hands) for r in RECORDS)
#: The record files as ``python -m scoring score`` reads them.
TEXTS = [p.read_text() for p in sorted(DATA.glob("*.game.json"))]
TENHOU = PRESETS["tenhou"]

# Every valid (han, fu, dealer, tsumo) cell with honba 0-5: the same inputs for both.
INPUTS = [
    (han, fu, dealer, tsumo, honba)
    for han in range(1, 14)
    for fu in (FU_VALUES if han < 5 else (30,))
    for dealer in (False, True)
    for tsumo in (False, True)
    for honba in range(6)
    if impossible_reason(han, fu, tsumo=tsumo) is None
]


def _report(benchmark, line) -> None:
    """Print a line from the measured times (benchmarks are off in the plain test run)."""
    if benchmark.stats is not None:
        print("\n" + line(benchmark.stats.stats))


def _score_all() -> None:
    # ``main`` as the command line runs it: decode, parse, validate, replay, encode.
    for text in TEXTS:
        out = io.StringIO()
        if main(["score", "-"], stdin=io.StringIO(text), out=out) != 0:
            raise AssertionError(out.getvalue())


# The cycle collector is off while this runs, as ``main`` keeps it while it scores: its
# passes over the test runner's own heap (pytest, hypothesis, Django), which a
# ``python -m scoring`` process does not have, would otherwise be most of what is measured.
@pytest.mark.benchmark(disable_gc=True)
def test_bench_score_command_over_the_real_games(benchmark):
    benchmark(_score_all)
    _report(
        benchmark,
        lambda s: (
            f"score (record in, document out): {HANDS} hands in {s.median * 1e3:.2f} ms "
            f"median -> {HANDS / s.median:,.0f} hands/s"
        ),
    )


def _replay_all() -> None:
    for record in RECORDS:
        replay(record.rules, record.hands)


def test_bench_replay_of_the_real_games(benchmark):
    benchmark(_replay_all)
    _report(
        benchmark,
        lambda s: (
            f"replay: {HANDS} hands in {s.median * 1e3:.2f} ms median "
            f"-> {HANDS / s.median:,.0f} hands/s"
        ),
    )


def sixty_hands() -> list[Hand]:
    """A 60-hand EMA hanchan: every dealer keeps the deal six times (draws with riichi,
    dealer ron and tsumo), then a non-dealer tsumo passes the deal; South 4 has four more."""
    hands = []
    for dealer in range(8):
        d = dealer % 4
        renchan = [
            Hand(Draw(tenpai=tuple(sorted({d, (d + 1) % 4}))), riichi=((d + 2) % 4,)),
            Hand(Ron((d + 1) % 4, (Win(winner=d, han=2, fu=30),))),
            Hand(Tsumo(Win(winner=d, han=1, fu=30))),
            Hand(Draw(tenpai=(d,))),
            Hand(Ron((d + 3) % 4, (Win(winner=d, han=3, fu=40),)), riichi=(d,)),
            Hand(Draw(tenpai=tuple(sorted({d, (d + 2) % 4})))),
        ]
        hands += renchan + (renchan[:4] if dealer == 7 else [])
        hands.append(Hand(Tsumo(Win(winner=(d + 1) % 4, han=2, fu=30))))
    return hands


def test_bench_a_60_hand_game(benchmark):
    rules = PRESETS["ema"]
    game = sixty_hands()
    result = replay(rules, game)
    assert len(game) == 60 and result.state.finished
    benchmark(replay, rules, game)
    _report(benchmark, lambda s: f"60-hand game replay: {s.median * 1e6:.0f} µs median")


def _ours() -> None:
    # The same work as the library: the payments per payer and the honba on top.
    for han, fu, dealer, tsumo, honba in INPUTS:
        basic = win_value(TENHOU, han=han, fu=fu, tsumo=tsumo).basic
        if tsumo:
            each, from_dealer = tsumo_points(basic, dealer=dealer)
            (each + 100 * honba, None if from_dealer is None else from_dealer + 100 * honba)
        else:
            ron_points(basic, dealer=dealer) + 300 * honba


CALC = ScoresCalculator()
CONFIGS = {
    (dealer, tsumo, honba): HandConfig(
        is_tsumo=tsumo,
        player_wind=27 if dealer else 28,
        tsumi_number=honba,
        options=OptionalRules(kiriage=False, kazoe_limit=HandConfig.KAZOE_LIMITED),
    )
    for dealer in (False, True)
    for tsumo in (False, True)
    for honba in range(6)
}


def _library() -> None:
    for han, fu, dealer, tsumo, honba in INPUTS:
        CALC.calculate_scores(han, fu, CONFIGS[dealer, tsumo, honba])


def test_bench_our_payments(benchmark):
    benchmark(_ours)
    _report(
        benchmark,
        lambda s: f"our payments: {len(INPUTS)} inputs -> {len(INPUTS) / s.mean:,.0f} payments/s",
    )


def test_bench_library_payments(benchmark):
    benchmark(_library)
    _report(
        benchmark,
        lambda s: (
            f"ScoresCalculator: {len(INPUTS)} inputs -> {len(INPUTS) / s.mean:,.0f} payments/s"
        ),
    )
