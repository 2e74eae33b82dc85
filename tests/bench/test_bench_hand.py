"""Hand calculator speed over the 354 real Tenhou winning hands: hands per second for the
whole set, the hand that can be read most ways, and each real hand timed against the field's
reference library (``mahjong``'s ``HandCalculator``) in the same run.

Run with ``pytest tests/bench --benchmark-enable``; the numbers are reported, never asserted.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from time import perf_counter
from typing import Any

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter
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


#: The library's wind constants by the document's letters.
_WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}


def _library_from_text(doc: dict[str, Any]) -> Any:
    """The library's documented way from tile text to a value: ``TilesConverter`` reads the
    tiles (``0`` a red five), a ``HandConfig`` is built for the hand with the options of the
    document's ruleset (Tenhou's: open tanyao, kazoe yakuman, no kiriage, no double yakuman,
    red fives unless the lobby had none), then ``estimate_hand_value``."""
    aka = doc["rules"].get("aka_dora", 3) > 0
    read = TilesConverter.one_line_string_to_136_array
    meld_texts = [m["tiles"] for m in doc["melds"]]
    tiles = read(doc["closed"] + "".join(meld_texts), has_aka_dora=aka)
    melds = [
        Meld(_MELD_TYPES[m["type"]], read(m["tiles"], has_aka_dora=aka), opened=m["opened"])
        for m in doc["melds"]
    ]
    config = HandConfig(
        is_tsumo=doc["tsumo"],
        is_riichi=doc["riichi"] or doc["double_riichi"],
        is_daburu_riichi=doc["double_riichi"],
        is_ippatsu=doc["ippatsu"],
        is_rinshan=doc["rinshan"],
        is_chankan=doc["chankan"],
        is_haitei=doc["haitei"],
        is_houtei=doc["houtei"],
        is_tenhou=doc["tenhou"],
        is_chiihou=doc["chiihou"],
        player_wind=_WINDS[doc["seat_wind"]],
        round_wind=_WINDS[doc["round_wind"]],
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=aka,
            has_double_yakuman=False,
            kazoe_limit=HandConstants.KAZOE_LIMITED,
            kiriage=False,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
        ),
    )
    return HandCalculator().estimate_hand_value(
        tiles,
        read(doc["win_tile"], has_aka_dora=aka)[0],
        melds=melds,
        dora_indicators=[read(t, has_aka_dora=aka)[0] for t in doc["dora_indicators"]],
        config=config,
    )


_MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}


def test_the_library_reads_every_real_hand_from_its_text():
    """The text comparison times real work: the library values every hand it is given."""
    responses = [_library_from_text(doc) for doc in DOCS]
    assert [r.error for r in responses if r.error] == []


def test_bench_each_real_hand_against_the_library(benchmark):
    """Per hand, the median of several timings; then the median and the worst over the
    hands. Two comparisons: (a) ours from the JSON document (reading it included) against
    the library from its inputs built beforehand, and (b) both from the same tile text, the
    library reading it its documented way (``TilesConverter``, a ``HandConfig`` per hand).
    Ours from a parsed ``HandInput`` is shown beside them."""
    library_inputs = [_library_input(doc) for doc in DOCS]
    hands = [HandInput.from_json(doc) for doc in DOCS]
    names = ("ours from the document", "ours from HandInput", "library, prebuilt input")
    names += ("library from text",)
    times: dict[str, list[list[float]]] = {name: [[] for _ in DOCS] for name in names}

    def library_prebuilt(index: int) -> None:
        ids, win_id, melds, dora, config = library_inputs[index]
        HandCalculator().estimate_hand_value(
            ids, win_id, melds=melds, dora_indicators=dora, config=config
        )

    work: dict[str, Callable[[int], object]] = {
        names[0]: lambda index: calculate_hand(DOCS[index]),
        names[1]: lambda index: score_hand(hands[index]),
        names[2]: library_prebuilt,
        names[3]: lambda index: _library_from_text(DOCS[index]),
    }

    def one_round() -> None:
        # Each contender takes the whole set in turn: run between the others' calls, the
        # first one timed after a switch pays for the caches the other left behind.
        for name, run in work.items():
            for index in range(len(DOCS)):
                start = perf_counter()
                run(index)
                times[name][index].append(perf_counter() - start)

    benchmark.pedantic(one_round, rounds=9, iterations=1, warmup_rounds=1)
    if benchmark.stats is None:
        return
    summary = {}
    for name, per_hand in times.items():
        medians = [statistics.median(t) for t in per_hand]
        worst = max(range(len(DOCS)), key=lambda i: medians[i])
        summary[name] = (statistics.median(medians) * 1e3, medians[worst] * 1e3, worst)
        benchmark.extra_info[f"{name} median_ms"] = round(summary[name][0], 3)
        benchmark.extra_info[f"{name} worst_ms"] = round(summary[name][1], 3)

    def line(name: str) -> str:
        median_ms, worst_ms, worst = summary[name]
        return (f"  {name:>24}: median {median_ms:.3f} ms, worst {worst_ms:.3f} ms "
                f"({DOCS[worst]['closed']})")  # fmt: skip

    print("\n(a) ours from the JSON document vs the library from inputs built beforehand")
    print(line(names[0]), line(names[2]), sep="\n")
    print("(b) both from the same tile text (the library: TilesConverter, a HandConfig per hand)")
    print(line(names[0]), line(names[3]), sep="\n")
    print("beside them, ours from a parsed HandInput")
    print(line(names[1]))


def test_bench_the_real_hand_with_the_most_readings(benchmark):
    doc = max(DOCS, key=lambda d: len(valued_readings(HandInput.from_json(d))))
    benchmark(calculate_hand, doc)
    if benchmark.stats is None:
        return
    median = benchmark.stats.stats.median
    benchmark.extra_info["median_ms"] = round(median * 1e3, 3)
    print(f"\nthe hand read most ways ({doc['closed']}): median {median * 1e3:.3f} ms")
