"""Log import speed: a platform's log made into a record that reproduces it (read, converted,
replayed and compared with the log's own numbers: ``scoring.logs.convert.convert_log``), in
milliseconds per log, for four-player mjlog XML and tenhou.net/6 JSON (the raw Tenhou logs and
the six games of both formats), and the three-player hanchan in both formats.

Run with ``make bench``; the numbers are reported, never asserted.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from real_data import LOGS_DIR, RAW_LOGS_DIR, SANMA_DIR

from scoring.logs.convert import convert_log

SANMA = "2014091101gm-00b9-0000-5ca6b487"
KINDS: dict[str, list[Path]] = {
    "four players, mjlog XML": sorted(RAW_LOGS_DIR.glob("*.xml"))
    + sorted((LOGS_DIR / "mjlog-xml").glob("*.xml")),
    "four players, tenhou.net/6 JSON": sorted(RAW_LOGS_DIR.glob("*.json"))
    + sorted((LOGS_DIR / "tenhou6-json").glob("*.json")),
    "three players, mjlog XML": [SANMA_DIR / f"{SANMA}.mjlog.xml"],
    "three players, tenhou.net/6 JSON": [SANMA_DIR / f"{SANMA}.tenhou6.json"],
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_bench_convert_logs(benchmark, kind):
    logs = [path.read_bytes() for path in KINDS[kind]]

    def convert_all() -> int:
        return sum(len(convert_log(log).record.hands) for log in logs)

    hands = benchmark(convert_all)
    assert hands >= len(logs)
    if benchmark.stats is not None:
        median = benchmark.stats.stats.median
        print(
            f"\nconvert {kind}: {len(logs)} logs, {hands} hands in {median * 1e3:.1f} ms "
            f"median -> {median * 1e3 / len(logs):.2f} ms per log"
        )
