"""Forms sent many times at once against a real gunicorn on PostgreSQL and SQLite: the login
limit checks no more passwords than it allows, a fresh site gets exactly one first
organiser, a name is taken once whatever its case, and a new-game page tapped four times
starts one game. Nothing is ever a 5xx."""

from __future__ import annotations

import re
import threading
from collections import Counter
from typing import Any

from scorekeeper.registry.ratelimit import LIMIT
from tests.server.harness import PASSWORD, Phone, Server
from tests.server.test_races import run_all

BURST = 40


def burst(phones: list[Phone], send: Any) -> list[Any]:
    """Every phone sends at the same moment; their answers, in no order."""
    start = threading.Barrier(len(phones))
    answers: list[Any] = []

    def go(phone: Phone) -> None:
        start.wait()
        answers.append(send(phone))

    run_all([threading.Thread(target=go, args=(p,)) for p in phones])
    return answers


def csrf_token(page: str) -> str:
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, page[:500]
    return token[1]


def test_forty_wrong_passwords_at_once_have_ten_checked_and_the_right_one_is_refused(
    server: Server,
):
    server.add_member("dora")
    first = Phone(server)
    token = csrf_token(first.get("/accounts/login/").body)
    wrong = {"username": "dora", "password": "not-it", "csrfmiddlewaretoken": token}

    answers = burst(
        [first.twin() for _ in range(BURST)], lambda p: p.post("/accounts/login/", wrong)
    )
    right = first.post("/accounts/login/", {**wrong, "password": PASSWORD})

    print(
        f"\n{server.backend}: {BURST} wrong passwords at once: {Counter(a.status for a in answers)}"
    )
    assert Counter(a.status for a in answers) == {422: LIMIT, 429: BURST - LIMIT}
    assert right.status == 429
    assert "sessionid" not in first.cookies
    assert server.errors_logged() == []


def _organiser(server: Server, username: str) -> Phone:
    server.django(
        "from django.contrib.auth import get_user_model\n"
        f"user = get_user_model().objects.create_user({username!r}, password={PASSWORD!r},"
        " is_staff=True)\nresult = user.pk"
    )
    return Phone(server).log_in(username)


def test_a_new_player_sent_at_once_in_every_case_is_made_once(server: Server):
    erin = _organiser(server, "erin")
    token = csrf_token(erin.get("/players/new/").body)
    names = ["Fumiko", "FUMIKO", "fumiko", "FuMiKo"] * 5

    answers = burst(
        [erin.twin() for _ in names],
        lambda p: p.post("/players/new/", {"name": names.pop(), "csrfmiddlewaretoken": token}),
    )

    statuses = Counter(a.status for a in answers)
    print(f"\n{server.backend}: {len(answers)} new players at once: {statuses}")
    assert Counter(a.status for a in answers) == {302: 1, 422: len(answers) - 1}
    for answer in answers:
        if answer.status == 422:
            assert "There is already a player" in answer.body
    made = server.django(
        "from scorekeeper.club.models import Player\n"
        "result = list(Player.objects.filter(name__iexact='fumiko').values_list('name', flat=True))"
    )
    assert len(made) == 1
    assert server.errors_logged() == []


def test_four_taps_on_start_game_start_one_game(server: Server):
    server.add_games(1)  # the four players
    bob = Phone(server).log_in("bob")
    page = bob.get("/games/new/").body
    token = re.search(r'name="start_token" value="([0-9a-f-]+)"', page)
    assert token, page[:500]
    seats = re.findall(r'<option value="(\d+)">(Aki|Ben|Chie|Dan)</option>', page)
    form = {
        "csrfmiddlewaretoken": csrf_token(page),
        "start_token": token[1],
        "ruleset": "preset:tenhou",
        "table_label": "Tap table",
        "shuffle": "0",
        **{f"seat_{n}": pk for n, (pk, _) in enumerate(seats[:4])},
        **{f"new_{n}": "" for n in range(4)},
    }

    answers = burst([bob.twin() for _ in range(4)], lambda p: p.post("/games/new/", form))

    assert [a.status for a in answers] == [302] * 4
    assert len({a.headers["Location"] for a in answers}) == 1
    started = server.django(
        "from scorekeeper.club.models import Game\n"
        "result = Game.objects.filter(table_label='Tap table').count()"
    )
    assert started == 1
    assert server.errors_logged() == []


def test_twenty_first_run_forms_at_once_make_one_organiser(server: Server):
    fresh = Server(server.backend)
    try:
        fresh.start()
        phones = [Phone(fresh) for _ in range(20)]
        for phone in phones:
            phone.token = csrf_token(phone.get("/setup/").body)  # type: ignore[attr-defined]

        def setup(phone: Phone) -> Any:
            form = {
                "username": f"org{id(phone)}",
                "password1": PASSWORD,
                "password2": PASSWORD,
                "csrfmiddlewaretoken": phone.token,  # type: ignore[attr-defined]
            }
            return phone.post("/setup/", form)

        answers = burst(phones, setup)

        where = Counter((a.status, a.headers.get("Location", "")) for a in answers)
        print(f"\n{fresh.backend}: 20 first-run forms at once: {where}")
        assert all(a.status < 500 for a in answers), where
        logged_in = [p for p in phones if "sessionid" in p.cookies]
        assert len(logged_in) == 1
        accounts = fresh.django(
            "from django.contrib.auth import get_user_model\n"
            "result = list(get_user_model().objects.values_list('is_superuser', flat=True))"
        )
        assert accounts == [True]
        assert fresh.errors_logged() == []
    finally:
        fresh.close()
