"""Hands recorded per second by a real server: gunicorn with its production settings
(2 x cores + 1 workers, threads) on PostgreSQL, phones over HTTP on loopback, each phone
recording hands into its own game so that they never conflict.

Run with ``make bench`` (``--benchmark-enable``); the numbers are printed, never asserted,
except that there are no errors. In the plain test run it is left out: it takes minutes
and a whole server of its own.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.harness import HTMX, Phone, Server, hand_form

#: (phones at once, hands each phone records into its own game)
LEVELS = [(10, 30), (50, 30)]


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    if not request.config.getoption("benchmark_enable", False):
        pytest.skip("a benchmark: run with make bench (--benchmark-enable)")
    running = Server("postgres", workers=None)
    try:
        running.add_member("bob")
        running.start()
        yield running
    finally:
        running.close()


def burst(server: Server, phones: int, hands: int, *, htmx: bool) -> dict[str, Any]:
    games = server.add_games(phones)
    bob = Phone(server).log_in("bob")
    latencies: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(phones + 1)

    def record(phone: Phone, game: int) -> None:
        mine = []
        start.wait()
        for sequence in range(hands):
            began = time.perf_counter()
            answer = phone.post(
                f"/games/{game}/hands/", hand_form(sequence), **HTMX if htmx else {}
            )
            mine.append(time.perf_counter() - began)
            if answer.status != (200 if htmx else 302):
                with lock:
                    errors.append(answer.status)
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=record, args=(bob.twin(), g)) for g in games]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "rate": len(latencies) / seconds,
        "p50": cuts[49] * 1000,
        "p99": cuts[98] * 1000,
        "errors": errors,
        "seconds": seconds,
    }


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx-table", "redirect"])
@pytest.mark.parametrize(("phones", "hands"), LEVELS, ids=[f"{p}-phones" for p, _ in LEVELS])
def test_bench_hands_recorded_per_second(server, phones, hands, htmx):
    result = burst(server, phones, hands, htmx=htmx)

    answer = "the table partial (htmx)" if htmx else "a redirect (no JS)"
    print(
        f"\nserver, {os.cpu_count()} cores, PostgreSQL: {phones} phones x {hands} hands, "
        f"answered with {answer}: {result['rate']:.0f} hands/s, "
        f"p50 {result['p50']:.0f} ms, p99 {result['p99']:.0f} ms "
        f"({phones * hands} hands in {result['seconds']:.1f} s, {len(result['errors'])} errors)"
    )
    assert result["errors"] == []
