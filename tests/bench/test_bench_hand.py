"""Hand calculator speed over the 354 real Tenhou winning hands: hands per second for the
whole set, the median time of one calculation, and the hand that can be read most ways.

Run with ``pytest tests/bench --benchmark-enable``; the numbers are reported, never asserted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scoring.hand import HandInput, calculate_hand
from scoring.readings import valued_readings

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
CASES: list[dict[str, Any]] = json.loads((DATA / "tenhou-hands.json").read_text())["cases"]
SITUATION = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "seat_wind",
    "round_wind",
    "dora_indicators",
    "ura_dora_indicators",
    "honba",
    "riichi_sticks",
)


def hand_doc(case: dict[str, Any]) -> dict[str, Any]:
    rules: dict[str, Any] = {"preset": "tenhou"}
    if not case["options"]["has_aka_dora"]:
        rules["aka_dora"] = 0
    melds = [
        {"type": "kan" if m["type"] == "shouminkan" else m["type"], "tiles": m["tiles"],
         "opened": m["opened"]}
        for m in case["melds"]
    ]  # fmt: skip
    doc = {"rules": rules, "closed": case["closed_tiles"], "melds": melds,
           "win_tile": case["win_tile"]}  # fmt: skip
    return doc | {key: case[key] for key in SITUATION}


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
