"""Hand calculator speed over the 354 real Tenhou winning hands: hands per second for the
whole set, the median time of one calculation, and the hand that can be read most ways.

Run with ``pytest tests/bench --benchmark-enable``; the numbers are reported, never asserted.
"""

from __future__ import annotations

from real_data import HAND_CASES as CASES
from real_data import hand_doc

from scoring.calculator.readings import valued_readings
from scoring.calculator.score import HandInput, calculate_hand

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


def test_bench_median_of_one_calculation_over_the_real_hands(benchmark):
    # Each round calculates the next real hand: the median of single calculations.
    docs = iter(DOCS * 20)
    benchmark.pedantic(lambda: calculate_hand(next(docs)), rounds=len(DOCS) * 10, iterations=1)
    if benchmark.stats is None:
        return
    median = benchmark.stats.stats.median
    benchmark.extra_info["median_ms"] = round(median * 1e3, 3)
    print(f"\nmedian of one real hand: {median * 1e3:.3f} ms")


def test_bench_the_real_hand_with_the_most_readings(benchmark):
    doc = max(DOCS, key=lambda d: len(valued_readings(HandInput.from_json(d))))
    benchmark(calculate_hand, doc)
    if benchmark.stats is None:
        return
    median = benchmark.stats.stats.median
    benchmark.extra_info["median_ms"] = round(median * 1e3, 3)
    print(f"\nthe hand read most ways ({doc['closed']}): median {median * 1e3:.3f} ms")
