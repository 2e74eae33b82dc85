"""Hand calculator speed over the 354 real Tenhou winning hands: hands per second for the
whole set, the hand that can be read most ways, and each real hand timed against the field's
reference library (``mahjong``'s ``HandCalculator``) in the same run.

Run with ``pytest tests/bench --benchmark-enable``; the numbers are reported, never asserted.
"""

from __future__ import annotations

import statistics
from time import perf_counter
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from real_data import HAND_CASES as CASES
from real_data import hand_doc

from scoring.calculator.input import HandInput
from scoring.calculator.readings import library_config, library_tiles, valued_readings
from scoring.calculator.score import calculate_hand, score_hand
from scoring.calculator.tiles import to_136

DOCS = [hand_doc(case) for case in CASES]


def _all_hands() -> None:
    for doc in DOCS:
        calculate_hand(doc)


def test_bench_hands_per_second_over_the_real_hands(benchmark):
    benchmark.pedantic(_all_hands, rounds=5, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:  # --benchmark-disable (the normal test run): ran once
        return
    mean = benchmark.stats.stats.mean
    benchmark.extra_info["hands"] = len(DOCS)
    benchmark.extra_info["hands_per_second"] = round(len(DOCS) / mean)
    print(f"\nhand calculator: {len(DOCS)} hands in {mean * 1e3:.0f} ms "
          f"-> {len(DOCS) / mean:,.0f} hands/s")  # fmt: skip


def _library_input(doc: dict[str, Any]) -> tuple[Any, ...]:
    """The library's own input for a hand (tile ids, melds, indicators, configuration),
    built before the clock starts: the library is timed on its calculation alone."""
    hand = HandInput.from_json(doc)
    ids, win_id, melds = library_tiles(hand)
    return ids, win_id, melds, to_136(hand.dora_indicators), library_config(hand)


def test_bench_each_real_hand_against_the_library(benchmark):
    """Per hand, the median of several timings; then the median and the worst over the
    hands. Ours from the JSON document (reading it included) and from a ``HandInput``."""
    library_inputs = [_library_input(doc) for doc in DOCS]
    hands = [HandInput.from_json(doc) for doc in DOCS]
    times: dict[str, list[list[float]]] = {
        name: [[] for _ in DOCS] for name in ("ours", "ours from HandInput", "library")
    }

    def one_round() -> None:
        for index, doc in enumerate(DOCS):
            start = perf_counter()
            calculate_hand(doc)
            middle = perf_counter()
            score_hand(hands[index])
            end = perf_counter()
            ids, win_id, melds, dora, config = library_inputs[index]
            HandCalculator().estimate_hand_value(
                ids, win_id, melds=melds, dora_indicators=dora, config=config
            )
            times["ours"][index].append(middle - start)
            times["ours from HandInput"][index].append(end - middle)
            times["library"][index].append(perf_counter() - end)

    benchmark.pedantic(one_round, rounds=9, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:
        return
    print()
    for name, per_hand in times.items():
        medians = [statistics.median(t) for t in per_hand]
        worst = max(range(len(DOCS)), key=lambda i: medians[i])
        median_ms, worst_ms = statistics.median(medians) * 1e3, medians[worst] * 1e3
        benchmark.extra_info[f"{name} median_ms"] = round(median_ms, 3)
        benchmark.extra_info[f"{name} worst_ms"] = round(worst_ms, 3)
        print(f"{name:>20}: median {median_ms:.3f} ms, worst {worst_ms:.3f} ms "
              f"({DOCS[worst]['closed']})")  # fmt: skip


def test_bench_the_real_hand_with_the_most_readings(benchmark):
    doc = max(DOCS, key=lambda d: len(valued_readings(HandInput.from_json(d))))
    benchmark(calculate_hand, doc)
    if benchmark.stats is None:
        return
    median = benchmark.stats.stats.median
    benchmark.extra_info["median_ms"] = round(median * 1e3, 3)
    print(f"\nthe hand read most ways ({doc['closed']}): median {median * 1e3:.3f} ms")
