"""Hands recorded per second by a real server: gunicorn with its production settings
(2 x cores + 1 workers, threads) on PostgreSQL, phones over HTTP on loopback, each phone
recording hands into its own games so that they never conflict. The phones (Python
threads) run on the same two cores as the server and its database.

Two measures, at 10 and at 50 phones, each with the htmx answer (what a phone with
JavaScript gets) and the redirect (without):

- **as fast as they can**: every phone sends its next hand as soon as the last one is
  answered; the rate is the most the server records, and the latencies those of a server
  kept full (with 50 phones waiting on it, a request waits for the 49 others).
- **at 200 hands a second**: the phones share a steady 200 hands/s between them (with 50
  phones, each sends a hand every 250 ms); a hand's latency runs from the moment it was
  due, so a server that falls behind is charged for the wait, not only for the answer.

Before measuring, every phone records a few hands, so that each worker process has
loaded its templates and code, as on a server that has been running.

Run with ``make bench`` (``--benchmark-enable``); the numbers are printed, never asserted,
except that there are no errors. In the plain test run it is left out: it takes a minute
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

PHONES = [10, 50]
#: Hands a phone records as fast as it can; hands of the steady run in all.
FAST_HANDS = 30
RATE = 200
STEADY_SECONDS = 8
#: Hands a phone records into one game before it moves to a new one (the tests' hands
#: never end a game within 60).
PER_GAME = 40
WARM_UP_HANDS = 3


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    if not request.config.getoption("benchmark_enable", False):
        pytest.skip("a benchmark: run with make bench (--benchmark-enable)")
    running = Server("postgres", workers=None)
    try:
        running.add_member("bob")
        running.start()
        bob = Phone(running).log_in("bob")
        run(running, bob, phones=max(PHONES), hands=WARM_UP_HANDS, htmx=True)
        yield running
    finally:
        running.close()


def run(
    server: Server, bob: Phone, *, phones: int, hands: int, htmx: bool, rate: float | None = None
) -> dict[str, Any]:
    """``phones`` phones record ``hands`` hands each, as fast as they can or, with
    ``rate``, at that many hands a second between them; latencies in milliseconds."""
    games = server.add_games(phones * -(-hands // PER_GAME))
    latencies: list[float] = []
    errors: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(phones + 1)
    began = 0.0

    def record(number: int, phone: Phone) -> None:
        mine = []
        start.wait()
        for count in range(hands):
            game = games[number + phones * (count // PER_GAME)]
            due = time.perf_counter()
            if rate is not None:
                due = began + (count * phones + number) / rate
                time.sleep(max(0.0, due - time.perf_counter()))
            answer = phone.post(
                f"/games/{game}/hands/", hand_form(count % PER_GAME), **HTMX if htmx else {}
            )
            mine.append(time.perf_counter() - due)
            if answer.status != (200 if htmx else 302):
                with lock:
                    errors.append(answer.status)
        with lock:
            latencies.extend(mine)

    threads = [
        threading.Thread(target=record, args=(number, bob.twin())) for number in range(phones)
    ]
    for thread in threads:
        thread.start()
    began = time.perf_counter() + 0.05
    start.wait()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "hands": len(latencies),
        "rate": len(latencies) / seconds,
        "p50": cuts[49] * 1000,
        "p99": cuts[98] * 1000,
        "errors": errors,
        "seconds": seconds,
    }


def _report(what: str, phones: int, htmx: bool, result: dict[str, Any]) -> None:
    answer = "htmx parts" if htmx else "redirect"
    print(
        f"\nserver, {os.cpu_count()} cores, PostgreSQL, {phones} phones, {what}, {answer}: "
        f"{result['rate']:.0f} hands/s, p50 {result['p50']:.0f} ms, "
        f"p99 {result['p99']:.0f} ms ({result['hands']} hands in {result['seconds']:.1f} s, "
        f"{len(result['errors'])} errors)"
    )


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "redirect"])
@pytest.mark.parametrize("phones", PHONES, ids=[f"{p}-phones" for p in PHONES])
def test_bench_hands_recorded_as_fast_as_the_phones_can(server, phones, htmx):
    bob = Phone(server).log_in("bob")
    result = run(server, bob, phones=phones, hands=FAST_HANDS, htmx=htmx)

    _report("as fast as they can", phones, htmx, result)
    assert result["errors"] == []


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "redirect"])
@pytest.mark.parametrize("phones", PHONES, ids=[f"{p}-phones" for p in PHONES])
def test_bench_hands_recorded_at_200_a_second(server, phones, htmx):
    bob = Phone(server).log_in("bob")
    hands = RATE * STEADY_SECONDS // phones
    result = run(server, bob, phones=phones, hands=hands, htmx=htmx, rate=RATE)

    _report(f"at {RATE} hands/s", phones, htmx, result)
    assert result["errors"] == []
