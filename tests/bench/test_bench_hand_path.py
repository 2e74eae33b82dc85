"""The path of a recorded hand: the project's modules (``scoring.*``, ``scorekeeper.*``) a
hand recorded at the table passes through, in the order each is first entered, from the
POST of a phone's blank form (htmx) to the answer sent back.

The first hand of the game is recorded untraced, so that what the first request of a
process does once (importing modules, building the form's fields, filling the caches) is
not taken for the path; the second hand is recorded under ``sys.setprofile``, which sees
every Python function entered. Each module is listed with the first function entered in it.

Run with ``make bench`` (``--benchmark-enable``), or alone:
``pytest tests/bench/test_bench_hand_path.py --benchmark-enable -s``. The path is printed,
never asserted: in the plain test run the hand is recorded and nothing is printed.
"""

from __future__ import annotations

import re
import sys
from types import FrameType
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
FORM = "application/x-www-form-urlencoded"
#: The parts of the code whose modules are listed.
PROJECT = ("scoring", "scorekeeper")


def _record(client: Client, game: Game, sequence: int) -> Any:
    """Record the dealer's tenpai draw (the dealer keeps the deal) from the blank form."""
    page = client.get(reverse("game_table", args=[game.pk])).content.decode()
    found = re.search(r'name="blank" value="([0-9a-f]+)"', page)
    assert found, "the table page draws a blank form"
    data = urlencode({"sequence": sequence, "outcome": "draw", "tenpai": 0, "blank": found[1]})
    return lambda: client.post(
        reverse("hand_create", args=[game.pk]), data, content_type=FORM, **HTMX
    )


def _entered(send: Any) -> tuple[Any, dict[str, str]]:
    """``send()``'s answer, and each project module entered meanwhile, in the order first
    entered, with the first function entered in it."""
    modules: dict[str, str] = {}

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        name = frame.f_globals.get("__name__", "")
        if name.partition(".")[0] in PROJECT and name not in modules:
            modules[name] = frame.f_code.co_qualname

    sys.setprofile(profile)
    try:
        answer = send()
    finally:
        sys.setprofile(None)
    return answer, modules


def test_bench_the_modules_a_recorded_hand_passes_through(
    request: pytest.FixtureRequest, settings, capsys
):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    bob = get_user_model().objects.create_user("bob", password="riichi-tsumo-pinfu-7")
    make_member(bob)
    client = Client()
    client.force_login(bob)
    players = [Player.objects.get_or_create(name=name)[0] for name in ("Aki", "Ben", "Chie", "Dan")]
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)

    assert _record(client, game, 0)().status_code == 200
    answer, modules = _entered(_record(client, game, 1))

    assert answer.status_code == 200
    assert Game.objects.get(pk=game.pk).hand_count == 2
    # Printed where the benchmarks run (pytest-benchmark's own reading of its options).
    config = request.config
    if config.getoption("benchmark_disable") and not config.getoption("benchmark_enable"):
        return
    with capsys.disabled():
        print(f"\nthe second hand of a game, recorded by htmx: {len(modules)} project modules")
        for number, (module, function) in enumerate(modules.items(), 1):
            print(f"{number:3d}  {module:<48} {function}")
