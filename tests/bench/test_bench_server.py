"""Hands recorded per second by a real server: gunicorn with its production settings
(2 x cores + 1 workers, threads) on PostgreSQL, phones over HTTP on loopback, each phone
recording hands into its own games so that they never conflict. The phones (Python
threads) run on the same two cores as the server and its database.

Each phone records as a browser does, through the form the server rendered: it loads the
table page, reads the hand form (its action, its hidden fields such as ``sequence`` and the
CSRF token, the choices already checked), taps the hand's choices and posts the form. With
htmx the answer carries the next hand's form, which the phone reads for the next hand, or
(where the next hand's blank form is the one the phone has) only the new number of hands,
and the phone resets its own form; without, the phone follows the redirect and reads the
table page. The hands are the tests' exhaustive draws (``hand_form``), which never end a
game; a phone moves to a new game (and loads its page, not counted as a hand) every
``PER_GAME`` hands.

Each measure runs for ``SECONDS``: one-second windows are too short to trust, and the
slowest and busiest second of the run are printed beside the whole.

- **as fast as they can**: every phone sends its next hand as soon as the last one is
  answered; the rate is the most the server records, and the latencies those of a server
  kept full.
- **at ``RATE`` hands a second**: the phones share a steady rate between them; a hand's
  latency runs from the moment it was due, so a server that falls behind is charged for the
  wait, not only for the answer.

Beside the numbers: how much of the machine the phones took (their own CPU), the server's
workers, and the machine as a whole (other programs running at the same time show there).

Before measuring, every phone records hands for a few seconds, so that each worker process
has loaded its templates and code, as on a server that has been running.

Run with ``make bench`` (``--benchmark-enable``), or alone with
``pytest tests/bench/test_bench_server.py --benchmark-enable -s``; the numbers are printed,
never asserted, except that there are no errors. In the plain test run it is left out: it
takes a few minutes and a whole server of its own.
"""

from __future__ import annotations

import http.client
import os
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pytest

from tests.server.harness import HTMX, FormError, HandFormPage, Phone, Server, hand_form, served

SECONDS = 20
RATE = 150
#: Hands a phone records into one game before it moves to a new one (the tests' hands
#: end a game by tobi at the 47th).
PER_GAME = 40
#: A rate no run reaches: enough games are made beforehand for it.
CEILING = 1000
WARM_UP_SECONDS = 3
#: How long after its end a steady run still sends the hands that were due in it.
GRACE = 2.0
#: The groups of the hand form the phones tap (``hand_form`` without its sequence).
TAPPED = ("outcome", "tenpai", "riichi")
TICKS = os.sysconf("SC_CLK_TCK")


class OutOfGames(Exception):
    pass


def taps(sequence: int) -> dict[str, str | list[str]]:
    return {name: value for name, value in hand_form(sequence).items() if name in TAPPED}


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> Iterator[Server]:
    if not request.config.getoption("benchmark_enable", False):
        pytest.skip("a benchmark: run with make bench (--benchmark-enable)")
    with served("postgres", workers=None) as running:
        bob = Phone(running).log_in("bob")
        for htmx in (True, False):
            run(running, bob, phones=50, seconds=WARM_UP_SECONDS, htmx=htmx)
        yield running


@dataclass
class Result:
    seconds: float
    #: Each hand: when its answer came, from the start, and its latency (seconds).
    hands: list[tuple[float, float]] = field(default_factory=list)
    #: Loading a new game's table page (not a hand).
    pages: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)
    #: Hands of a steady run never sent: the server had fallen too far behind.
    unsent: int = 0

    def line(self) -> str:
        latencies = sorted(latency * 1000 for _, latency in self.hands)
        cuts = statistics.quantiles(latencies, n=100, method="inclusive")
        took = max(done for done, _ in self.hands)
        per_second = [0] * int(self.seconds)
        for done, _ in self.hands:
            if done < len(per_second):
                per_second[int(done)] += 1
        pages = f"p50 {statistics.median(self.pages) * 1000:.0f} ms" if self.pages else "none"
        rate = len(self.hands) / took
        cpu = ", ".join(f"{who} {cores:.2f}" for who, cores in self.cpu.items())
        # CPU time per hand, whatever else the machine was running: what a machine of
        # its own could do is about its cores over these.
        per_hand = {who: cores / rate * 1000 for who, cores in self.cpu.items() if who != "machine"}
        each = ", ".join(f"{who} {ms:.1f}" for who, ms in per_hand.items())
        alone = (os.cpu_count() or 1) * 1000 / sum(per_hand.values())
        unsent = f" {self.unsent} hands due never sent (too far behind);" if self.unsent else ""
        return (
            f"{rate:.0f} hands/s, p50 {cuts[49]:.0f} ms, p99 {cuts[98]:.0f} ms,"
            f" max {latencies[-1]:.0f} ms; {len(self.hands)} hands in {took:.1f} s; each second"
            f" {min(per_second)}-{max(per_second)} hands; {len(self.errors)} errors;{unsent}"
            f" {len(self.pages)} new games (page {pages})\n  cores busy: {cpu};"
            f" CPU ms a hand: {each} (at most {alone:.0f} hands/s on a machine of its own)"
        )


def _cpu_ticks(server: Server) -> dict[str, int]:
    """CPU ticks so far of the machine (busy, all programs), of the server's processes
    (gunicorn's process group) and of the PostgreSQL backends serving its database."""
    assert server.process is not None
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    ticks = {"machine": sum(fields) - fields[3] - fields[4], "gunicorn": 0, "postgres": 0}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name, rest = (entry / "stat").read_text().rsplit(")", 1)
            parts = rest.split()
            used = int(parts[11]) + int(parts[12])  # utime + stime
            if int(parts[2]) == server.process.pid:  # its process group
                ticks["gunicorn"] += used
            elif (
                name.endswith("(postgres")
                and f" {server.database} ".encode() in (entry / "cmdline").read_bytes()
            ):
                ticks["postgres"] += used
        except (OSError, IndexError, ValueError):
            continue  # a process that ended while it was read
    return ticks


def run(
    server: Server,
    bob: Phone,
    *,
    phones: int,
    seconds: float,
    htmx: bool,
    rate: float | None = None,
) -> Result:
    """``phones`` phones record hands for ``seconds``, as fast as they can or, with
    ``rate``, at that many hands a second between them."""
    pool = iter(server.add_games(phones + int(seconds * CEILING) // PER_GAME))
    result = Result(seconds)
    lock = threading.Lock()
    unsent = [0] * phones
    headers = {**HTMX, "HX-Target": "game-table", "HX-Trigger": "hand-form"} if htmx else {}

    def open_game(phone: Phone) -> HandFormPage:
        with lock:
            game = next(pool, None)
        if game is None:
            raise OutOfGames(f"more than {CEILING} hands/s: no game left to record into")
        asked = time.perf_counter()
        page = phone.get(f"/games/{game}/")
        if page.status != 200:
            raise FormError(f"the table page of game {game} answered {page.status}")
        form = HandFormPage.read(page.body, TAPPED)
        with lock:
            result.pages.append(time.perf_counter() - asked)
        return form

    def record(form: HandFormPage, phone: Phone) -> HandFormPage:
        answer = phone.post(form.action, form.tap(taps(form.sequence)), **headers)
        if htmx:
            if answer.status != 200:
                raise FormError(f"hand {form.sequence} answered {answer.status}")
            return form.after(answer.body, TAPPED)
        if answer.status != 302:
            raise FormError(f"hand {form.sequence} answered {answer.status}, not a redirect")
        page = phone.get(answer.headers["Location"])
        if page.status != 200:
            raise FormError(f"the table after hand {form.sequence} answered {page.status}")
        return HandFormPage.read(page.body, TAPPED)

    def phone_at_table(number: int, phone: Phone, ready: Ready) -> None:
        mine: list[tuple[float, float]] = []
        failed: list[str] = []
        form: HandFormPage | None = None
        try:
            form = open_game(phone)
        except (ValueError, KeyError, OSError, http.client.HTTPException) as error:
            failed.append(f"phone {number}, first game: {error!r}")
        began = ready()
        end = began + seconds
        count = 0
        while True:
            due = time.perf_counter()
            if rate is not None:
                due = began + (count * phones + number) / rate
            if due >= end:
                break
            if rate is not None and time.perf_counter() > end + GRACE:
                # Far behind: the hands still due are not sent, so the run stays as long
                # as it was meant to.
                unsent[number] = len(range(count * phones + number, int(seconds * rate), phones))
                break
            try:
                if form is None or (count and count % PER_GAME == 0):
                    form = open_game(phone)
                time.sleep(max(0.0, due - time.perf_counter()))
                form = record(form, phone)
                done = time.perf_counter()
                mine.append((done - began, done - due))
            except OutOfGames as error:
                failed.append(str(error))
                break
            except (ValueError, KeyError, OSError, http.client.HTTPException) as error:
                # A refusal, a page without the form, a dropped connection: counted, and
                # the phone goes on at a new game.
                failed.append(f"phone {number}, hand {count}: {error!r}")
                form = None
            count += 1
        with lock:
            result.hands.extend(mine)
            result.errors.extend(failed)

    result.cpu = run_phones(
        server, [partial(phone_at_table, number, bob.twin()) for number in range(phones)]
    )
    result.unsent = sum(unsent)
    return result


#: Given to each phone: it calls it once it is set to start, and gets the moment all start.
Ready = Callable[[], float]


def run_phones(server: Server, phones: list[Callable[[Ready], None]]) -> dict[str, float]:
    """Each phone in a thread of its own, all starting together (each calls the ``Ready``
    it is given when it is set); the cores used meanwhile by the machine, the server's
    workers, its database and the phones, until the last phone is done."""
    start = threading.Barrier(len(phones) + 1)
    began = 0.0

    def ready() -> float:
        start.wait()
        return began

    threads = [threading.Thread(target=phone, args=(ready,)) for phone in phones]
    for thread in threads:
        thread.start()
    ticks = _cpu_ticks(server)
    mine = time.process_time()
    began = time.perf_counter() + 0.05
    start.wait()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began
    cpu = {who: (after - ticks[who]) / TICKS / wall for who, after in _cpu_ticks(server).items()}
    cpu["phones"] = (time.process_time() - mine) / wall
    return cpu


def _report(what: str, phones: int, htmx: bool, result: Result) -> None:
    answer = "htmx parts" if htmx else "redirect and table page"
    print(
        f"\nserver, {os.cpu_count()} cores, PostgreSQL, {phones} phones, {what}, {answer},"
        f" {SECONDS} s: {result.line()}"
    )
    for error in result.errors[:5]:
        print("  ", error)


@pytest.mark.parametrize(
    ("phones", "htmx"),
    [(10, True), (10, False), (50, True)],
    ids=["10-phones-htmx", "10-phones-redirect", "50-phones-htmx"],
)
def test_bench_hands_recorded_as_fast_as_the_phones_can(server, phones, htmx):
    bob = Phone(server).log_in("bob")
    result = run(server, bob, phones=phones, seconds=SECONDS, htmx=htmx)

    _report("as fast as they can", phones, htmx, result)
    assert result.errors == []


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "redirect"])
def test_bench_hands_recorded_at_a_steady_rate(server, htmx):
    bob = Phone(server).log_in("bob")
    result = run(server, bob, phones=10, seconds=SECONDS, htmx=htmx, rate=RATE)

    _report(f"at {RATE} hands/s", 10, htmx, result)
    assert result.errors == []


@pytest.fixture(scope="module")
def floor_server(request: pytest.FixtureRequest) -> Iterator[Server]:
    """A second server, alike but for its addresses: the site's and the floor view's."""
    if not request.config.getoption("benchmark_enable", False):
        pytest.skip("a benchmark: run with make bench (--benchmark-enable)")
    with served("postgres", workers=None, settings="tests.bench.floor_settings") as running:
        yield running


def run_floor(server: Server, bob: Phone, *, phones: int, seconds: float) -> Result:
    """``phones`` phones post to the floor view (``floor.py``) as fast as they can, each
    into a game of its own: what the server does at the least a hand can cost."""
    games = server.add_games(phones)
    result = Result(seconds)
    lock = threading.Lock()
    form = {"sequence": "0", "outcome": "draw", "tenpai": "0"}

    def phone_posting(game: int, phone: Phone, ready: Ready) -> None:
        mine: list[tuple[float, float]] = []
        failed: list[str] = []
        began = ready()
        while (asked := time.perf_counter()) < began + seconds:
            try:
                answer = phone.post(f"/bench/floor/{game}/", form)
                if answer.status != 302:
                    raise FormError(f"the floor answered {answer.status}, not a redirect")
            except (ValueError, OSError, http.client.HTTPException) as error:
                failed.append(f"game {game}: {error!r}")
                continue
            done = time.perf_counter()
            mine.append((done - began, done - asked))
        with lock:
            result.hands.extend(mine)
            result.errors.extend(failed)

    result.cpu = run_phones(server, [partial(phone_posting, game, bob.twin()) for game in games])
    return result


def test_bench_the_floor_view_through_the_server(floor_server):
    """The same phones and server as the hands', posting to the floor: how far the server's
    target (150 hands/s at 10 phones, p99 under 100 ms) is from what this machine gives for
    the least a hand can cost. Each "hand" here is one floor request."""
    bob = Phone(floor_server).log_in("bob")
    run_floor(floor_server, bob, phones=10, seconds=WARM_UP_SECONDS)
    result = run_floor(floor_server, bob, phones=10, seconds=SECONDS)

    print(f"\nfloor view through the server, 10 phones, {SECONDS} s: {result.line()}")
    assert result.errors == []
