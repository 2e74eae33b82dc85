"""Recording a hand at the table: the server time of the POST that records it, at hand 1,
60 and 200, beside two views defined here and measured in the same run; and the table page
itself.

- ``htmx``: what a phone sends from the table page's blank form; the answer is the parts of
  the table the hand changed (the dealer keeps the deal: the phone keeps its form).
- ``plain``: the same POST without JS; the answer is a redirect to the table.
- ``floor``: the least a recorded hand can cost through Django (``floor.py``): for the same
  logged-in member, through the same client and middleware, one UPDATE of the game row and
  one INSERT of a hand row through the ORM in one transaction (no lock, no read, no engine),
  then a redirect to the table. Recording a hand is compared with it.
- ``bare``: a view that renders a tiny template and writes nothing.

Every POST is sent as a browser sends a form (``application/x-www-form-urlencoded``, as htmx
does too), not as the test client's default multipart.

The game is an EMA game (no tobi) whose East 1 dealer stays tenpai, so it goes on as long as
we like. Between rounds the hand just recorded is undone (outside the measured time), so every
round records the same hand at the same point of the game.

The paired measure times the floor and the hand round by round and prints the median of each
round's ratio: on a shared machine whose speed drifts, that ratio holds still where ratios of
medians taken minutes apart do not. (The floor measures faster alone, many times in a row,
than between hands: both numbers are printed.)

Run with ``make bench`` (``--benchmark-enable``): the median and the number of queries are
printed, never asserted. In the plain test run each request is made once.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.template.base import Template
from django.test import Client
from django.test.utils import CaptureQueriesContext, _TestState
from django.urls import path, reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand, undo_last_hand
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS
from tests.bench.floor import urlpatterns as floor_urls

# Each request commits, as on a server: inside one test transaction every write would keep
# its old row versions to the end (nothing can be pruned), so a game's row would grow a
# longer chain of versions with every hand and the later hands would measure slower.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.urls(__name__)]

HTMX = {"HTTP_HX_REQUEST": "true"}
FORM = "application/x-www-form-urlencoded"
ROUNDS = 61
#: Requests made before measuring: a process serving a table has served many, and the first
#: ones of a game are slower (Python specialises the code; the game's form fields and log
#: lines are built and then kept).
WARMUP = 15
#: The hand recorded every round: the dealer (seat 0) alone tenpai keeps the deal.
DRAW = Hand(Draw(tenpai=(0,)))
#: The goals, as ratios to the floor view measured in the same run (printed, not asserted:
#: a timing depends on the machine), and the most queries a recorded hand may make
#: (asserted).
GOALS = {"htmx": 2.0, "plain": 1.5, "table page": 3.0}
MOST_QUERIES = 8
#: Medians of this run, by what was measured, to compare each with the bare view.
MEDIANS: dict[str, float] = {}

BARE_TEMPLATE = engines["django"].from_string(
    "<section id='bare'><h1>Hello {{ user.get_username }}</h1>"
    "<ul>{% for n in numbers %}<li>{{ n }}</li>{% endfor %}</ul></section>"
)


def bare_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(BARE_TEMPLATE.render({"numbers": range(10)}, request))


urlpatterns = [
    path("bench/bare/", bare_view, name="bench_bare"),
    *floor_urls,
]


@pytest.fixture(autouse=True)
def _templates_as_served(monkeypatch) -> None:
    """Templates rendered as a server renders them: the test run's instrumented renderer
    (which signals every template and partial rendered, for the test client to keep) is
    not part of serving a request."""
    monkeypatch.setattr(Template, "_render", _TestState.saved_data.template_render)


@pytest.fixture(autouse=True)
def _commits_without_waiting_for_the_disk() -> None:
    """On PostgreSQL, a commit returns without waiting for its flush to disk (this
    connection only). The floor and a recorded hand commit once each, so they would wait
    alike; but on a shared machine that wait varies by many milliseconds from one request
    to the next and would drown what is measured here: Django and the app."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO off")


@pytest.fixture
def bob_client(db, settings) -> Client:
    """A member's phone."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    bob = get_user_model().objects.create_user("bob", password="riichi-tsumo-pinfu-7")
    make_member(bob)
    client = Client()
    client.force_login(bob)
    return client


def ema_game(hands: int) -> Game:
    players = [Player.objects.get_or_create(name=name)[0] for name in ("Aki", "Ben", "Chie", "Dan")]
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    for sequence in range(hands):
        record_hand(game=game, hand=DRAW, expected_sequence=sequence)
    game.refresh_from_db()
    return game


def _report(benchmark: Any, capsys: Any, what: str, queries: int) -> None:
    """Print the median (only when measured: benchmarks are off in the plain test run)."""
    if benchmark.stats is None:
        return
    median = benchmark.stats.stats.median * 1e3
    MEDIANS[what] = median
    benchmark.extra_info["median_ms"] = round(median, 3)
    benchmark.extra_info["queries"] = queries
    versus = "".join(
        f"  {median / MEDIANS[base]:.1f}x the {base}"
        for base in ("floor view", "bare view")
        if base in MEDIANS and base != what
    )
    with capsys.disabled():
        print(f"\n{what:<32} median {median:6.2f} ms  {queries:2d} queries{versus}")


def _measure(
    benchmark: Any, request: Callable[[], Any], *, setup: Callable[[], None], status: int
) -> int:
    """Time ``request`` after ``setup`` each round; the queries of one more request."""
    setup()
    with CaptureQueriesContext(connection) as queries:
        assert request().status_code == status
    # Counted now: the next request clears the connection's log.
    count = len(queries)
    response = benchmark.pedantic(request, setup=setup, rounds=ROUNDS, warmup_rounds=WARMUP)
    assert response.status_code == status
    return count


def test_bench_a_bare_view_rendering_a_small_template(benchmark, bob_client, capsys):
    url = reverse("bench_bare")

    queries = _measure(
        benchmark,
        lambda: bob_client.post(url, "", content_type=FORM, **HTMX),
        setup=lambda: None,
        status=200,
    )

    _report(benchmark, capsys, "bare view", queries)


def test_bench_the_floor_view_updating_a_row_inserting_a_row_and_redirecting(
    benchmark, bob_client, capsys
):
    game = ema_game(0)
    url = reverse("bench_floor", args=[game.pk])
    data = urlencode({"sequence": 0, "outcome": "draw", "tenpai": 0})

    queries = _measure(
        benchmark,
        lambda: bob_client.post(url, data, content_type=FORM),
        setup=lambda: None,
        status=302,
    )

    _report(benchmark, capsys, "floor view", queries)


@pytest.mark.parametrize("kind", ["htmx", "plain"])
@pytest.mark.parametrize("number", [1, 60, 200])
def test_bench_recording_a_hand(benchmark, bob_client: Client, capsys, kind, number):
    game = ema_game(number - 1)
    url = reverse("hand_create", args=[game.pk])
    sent = {"sequence": number - 1, "outcome": "draw", "tenpai": 0}
    if kind == "htmx":
        # A phone's form is the blank one the table page drew: it sends back its shape, and
        # the dealer keeps the deal, so the answer leaves the phone's form in place.
        page = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()
        found = re.search(r'name="blank" value="([0-9a-f]+)"', page)
        assert found, "the table page draws a blank form"
        sent["blank"] = found[1]
    data = urlencode(sent)
    headers = HTMX if kind == "htmx" else {}

    def back_to_the_hand_before() -> None:
        if Game.objects.get(pk=game.pk).hand_count == number:
            undo_last_hand(game=game, expected_sequence=number)
        # A redirect not followed leaves its message in the cookie: start each round clean.
        bob_client.cookies.pop("messages", None)

    queries = _measure(
        benchmark,
        lambda: bob_client.post(url, data, content_type=FORM, **headers),
        setup=back_to_the_hand_before,
        status=200 if kind == "htmx" else 302,
    )

    assert Game.objects.get(pk=game.pk).hand_count == number
    # A goal that holds on any machine: the session, the member, the game and its seats,
    # the game's row and the hand's (no tournament, no outbox for a hand without a key).
    assert queries <= MOST_QUERIES
    _report(benchmark, capsys, f"record hand {number} ({kind})", queries)


@pytest.mark.parametrize("hands", [1, 40, 60])
def test_bench_the_table_page(benchmark, bob_client: Client, capsys, hands):
    game = ema_game(hands)
    url = reverse("game_table", args=[game.pk])

    queries = _measure(benchmark, lambda: bob_client.get(url), setup=lambda: None, status=200)

    _report(benchmark, capsys, f"table page after {hands} hands", queries)
    if benchmark.stats is not None and "floor view" in MEDIANS:
        with capsys.disabled():
            print(f"{'':32} (goal <= {GOALS['table page']:.1f}x the floor, the same at any hand)")


#: Rounds of the paired measure: each round times the floor, then the hand (htmx and plain).
PAIRED_ROUNDS = 101


@pytest.mark.parametrize("number", [1, 60, 200])
def test_bench_recording_a_hand_paired_with_the_floor(
    request: pytest.FixtureRequest, bob_client: Client, capsys, number
):
    """The same comparison with the floor, made round by round: a shared machine's speed
    drifts (by two times, from one minute to the next, on the one these numbers come from),
    and medians taken one after the other drift with it. Here each round times the floor view
    and the hand one right after the other, and the ratio is each round's own; the median of
    those ratios is printed beside the medians of the times."""
    game = ema_game(number - 1)
    # The floor's rows go to a game of their own: the hand's undo must find its own hand last.
    floor_url = reverse("bench_floor", args=[ema_game(0).pk])
    floor_data = urlencode({"sequence": 0, "outcome": "draw", "tenpai": 0})
    url = reverse("hand_create", args=[game.pk])
    page = bob_client.get(reverse("game_table", args=[game.pk])).content.decode()
    found = re.search(r'name="blank" value="([0-9a-f]+)"', page)
    assert found, "the table page draws a blank form"
    sent = {
        "htmx": (
            urlencode({"sequence": number - 1, "outcome": "draw", "tenpai": 0, "blank": found[1]}),
            HTMX,
            200,
        ),
        "plain": (urlencode({"sequence": number - 1, "outcome": "draw", "tenpai": 0}), {}, 302),
    }
    measured = request.config.getoption("benchmark_enable", False)
    rounds = WARMUP + PAIRED_ROUNDS if measured else 1
    times: dict[str, list[float]] = {"floor": [], "htmx": [], "plain": []}

    def timed(what: str, to: str, data: str, headers: dict[str, str], status: int) -> None:
        began = time.perf_counter()
        response = bob_client.post(to, data, content_type=FORM, **headers)
        times[what].append(time.perf_counter() - began)
        assert response.status_code == status

    for _ in range(rounds):
        timed("floor", floor_url, floor_data, {}, 302)
        for kind, (data, headers, status) in sent.items():
            timed(kind, url, data, headers, status)
            undo_last_hand(game=game, expected_sequence=number)
            bob_client.cookies.pop("messages", None)

    if not measured:
        return
    kept = {what: values[WARMUP:] for what, values in times.items()}
    with capsys.disabled():
        for kind in ("htmx", "plain"):
            ratios = [hand / floor for hand, floor in zip(kept[kind], kept["floor"], strict=True)]
            hand_ms = statistics.median(kept[kind]) * 1e3
            floor_ms = statistics.median(kept["floor"]) * 1e3
            print(
                f"\nrecord hand {number} ({kind}), paired: median {hand_ms:6.2f} ms,"
                f" floor {floor_ms:5.2f} ms;"
                f" median of the rounds' ratios {statistics.median(ratios):.2f}x the floor view"
                f" (goal <= {GOALS[kind]:.1f}x)"
            )
