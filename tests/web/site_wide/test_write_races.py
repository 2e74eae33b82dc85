"""Two requests at the same moment, each in a thread of its own with its own connection and
real transactions, on the database the suite runs on: one is held at a chosen point (a
``Gate``) while the other goes through, then let go. Never a 500; what each says is true.

On SQLite one transaction writes at a time, so a request held inside its transaction holds
the other back until it ends: there the races are those between a form's reading and its
transaction. Against a real server, many at once: ``tests/server/test_form_races.py``."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from scorekeeper.club.models import Game, HandRecord, Player, Seat
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import BackupLoader
from scorekeeper.registry.services import delete_player, merge_players
from scorekeeper.table.forms.games import NewGameForm
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS
from tests.web.operations.test_organiser_data import IMPORT, RECORD, RESTORE, backup_file
from tests.web.table.test_game_list import start_post

pytestmark = pytest.mark.django_db(transaction=True)

#: How long a thread waits for another before the test gives up on it.
WAIT = 30
#: How long a request is given to reach the lock it will wait on (PostgreSQL).
SETTLE = 0.5


class Gate:
    """Holds the first call of ``holder.name`` made in a thread started by ``run`` (before
    it runs, or after with ``after=True``) until ``open`` is called; ``reached`` is set when
    a call gets there."""

    def __init__(self, holder: Any, name: str, *, after: bool = False) -> None:
        self.holder, self.name, self.after = holder, name, after
        self.original = getattr(holder, name)
        self.reached, self.opened = threading.Event(), threading.Event()
        self.threads: set[int] = set()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        held = threading.get_ident() in self.threads and not self.reached.is_set()
        if held and not self.after:
            self.reached.set()
            assert self.opened.wait(WAIT)
        result = self.original(*args, **kwargs)
        if held and self.after:
            self.reached.set()
            assert self.opened.wait(WAIT)
        return result

    def open(self) -> None:
        self.opened.set()


@contextmanager
def gated(gate: Gate) -> Iterator[Gate]:
    with pytest.MonkeyPatch.context() as patch:

        def passing(*args: Any, **kwargs: Any) -> Any:  # a function: a method binds it
            return gate(*args, **kwargs)

        patch.setattr(gate.holder, gate.name, passing)
        try:
            yield gate
        finally:
            gate.open()


class Request:
    """``send`` run in a thread of its own (with its own connection); ``answer`` is what it
    returned, or the exception it raised (a 500, with the test client)."""

    def __init__(self, send: Callable[[], Any], *gates: Gate) -> None:
        self.answer: Any = None
        self.thread = threading.Thread(target=self._run, args=(send, gates))
        self.thread.start()

    def _run(self, send: Callable[[], Any], gates: tuple[Gate, ...]) -> None:
        for gate in gates:
            gate.threads.add(threading.get_ident())
        try:
            self.answer = send()
        except Exception as error:  # the answer of a failing view (a 500)
            self.answer = error
        finally:
            connection.close()

    def done(self) -> Any:
        self.thread.join(WAIT)
        assert not self.thread.is_alive()
        return self.answer


def together_on_sqlite(held: Request, gate: Gate) -> None:
    """SQLite writes one transaction at a time (and the test database, in memory, refuses a
    second writer instead of waiting): the held request's transaction ends first."""
    gate.open()
    held.done()


def status(answer: Any) -> int:
    assert not isinstance(answer, Exception), repr(answer)
    return int(answer.status_code)


def page(answer: Any) -> str:
    assert not isinstance(answer, Exception), repr(answer)
    assert answer.status_code < 500
    return str(answer.content.decode())


# -- A player merged or deleted while a game is started with them ------------------------------


def _merge_aki(players: list[Player]) -> None:
    merge_players(keep=players[4], merge=players[0])


def _delete_aki(players: list[Player]) -> None:
    delete_player(player=players[0])


@pytest.fixture
def five(alice) -> list[Player]:
    """Aki, Ben, Chie, Dan, and Eve (whom a merge keeps)."""
    return [Player.objects.create(name=n) for n in ("Aki", "Ben", "Chie", "Dan", "Eve")]


@pytest.mark.parametrize("change", [_merge_aki, _delete_aki], ids=["merged", "deleted"])
def test_a_player_merged_or_deleted_while_the_new_game_form_is_read_is_refused_on_the_form(
    five, bob, change
):
    bob_client = Client()
    bob_client.force_login(bob)
    with gated(Gate(NewGameForm, "to_rules")) as gate:
        start = Request(lambda: bob_client.post(reverse("game_new"), start_post(five[:4])), gate)
        assert gate.reached.wait(WAIT)
        change(five)
        gate.open()
        answer = start.done()

    assert answer.status_code == 422
    assert "Aki was merged into another player or deleted meanwhile" in page(answer)
    assert not Game.objects.exists()


def test_a_merge_while_a_game_is_stored_waits_and_moves_the_new_game_too(five):
    """PostgreSQL: the merge waits for the game's transaction, then moves its seat."""
    with gated(Gate(Seat.objects, "bulk_create")) as gate:
        start = Request(lambda: _start(five), gate)
        assert gate.reached.wait(WAIT)
        if connection.vendor == "sqlite":
            together_on_sqlite(start, gate)
        merge = Request(lambda: _merge_aki(five))
        time.sleep(SETTLE)
        gate.open()
        game = start.done()
        assert merge.done() is None

    assert isinstance(game, Game), repr(game)
    seated = list(game.seats.order_by("number").values_list("player__name", flat=True))
    assert seated == ["Eve", "Ben", "Chie", "Dan"]
    assert not Player.objects.filter(name="Aki").exists()


def _start(players: list[Player]) -> Game:
    return start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players[:4])


# -- The same new player typed in two cases at once ------------------------------------------


def _new_game_with(client: Client, names: list[str], **seats: str) -> Any:
    form = {
        "ruleset": "preset:tenhou",
        "shuffle": "0",
        **{f"new_{n}": name for n, name in enumerate(names)},
        **seats,
    }
    return client.post(reverse("game_new"), form)


def test_a_new_player_typed_in_two_cases_on_two_new_game_forms_at_once_is_made_once(bob, players):
    """PostgreSQL: the second form's player waits on the first's unique name, then finds it
    taken in another case; it is seated, not a 500."""
    bob_client = Client()
    bob_client.force_login(bob)
    chosen = {f"seat_{n}": str(players[n].pk) for n in range(3)}
    first_names, second_names = ["", "", "", "Newbie"], ["", "", "", "NEWBIE"]
    with gated(Gate(Player.objects, "create", after=True)) as made:
        first = Request(lambda: _new_game_with(bob_client, first_names, **chosen), made)
        assert made.reached.wait(WAIT)
        if connection.vendor == "sqlite":
            together_on_sqlite(first, made)
        with gated(Gate(Player.objects, "create")) as making:
            making.open()  # only says when the second form makes its player
            second = Request(lambda: _new_game_with(bob_client, second_names, **chosen), making)
            if connection.vendor != "sqlite":  # there the name is found, and not made
                assert making.reached.wait(WAIT)
                time.sleep(SETTLE)
            made.open()
            answers = [first.done(), second.done()]

    assert [status(answer) for answer in answers] == [302, 302]
    assert list(Player.objects.filter(name__iexact="newbie").values_list("name", flat=True)) == [
        "Newbie"
    ]
    assert list(Seat.objects.filter(number=3).values_list("player__name", flat=True)) == [
        "Newbie",
        "Newbie",
    ]


def test_a_new_player_typed_while_a_restore_stores_the_name_in_another_case_is_seated(alice, bob):
    """PostgreSQL: the form's player waits for the restore's transaction, then is the
    restored player."""
    names = ["Newbie", "Kai", "Lu", "Mo"]
    _start([Player.objects.create(name=name) for name in names])
    text = "".join(backup_lines())
    Game.objects.all().delete()
    Player.objects.all().delete()
    alice_client, bob_client = Client(), Client()
    alice_client.force_login(alice)
    bob_client.force_login(bob)
    with gated(Gate(BackupLoader, "store_games", after=True)) as stored:
        restoring = Request(
            lambda: alice_client.post(RESTORE, {"backup": backup_file(text)}), stored
        )
        assert stored.reached.wait(WAIT)
        if connection.vendor == "sqlite":
            together_on_sqlite(restoring, stored)
        with gated(Gate(Player.objects, "create")) as making:
            making.open()
            typing = Request(
                lambda: _new_game_with(bob_client, ["NEWBIE", "KAI", "LU", "MO"]), making
            )
            if connection.vendor != "sqlite":  # there the name is found, and not made
                assert making.reached.wait(WAIT)
                time.sleep(SETTLE)
            stored.open()
            answers = [restoring.done(), typing.done()]

    assert [status(answer) for answer in answers] == [302, 302]
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(names)
    assert Game.objects.count() == 2


# -- The same import page sent twice at once ----------------------------------------------------


def test_an_import_sent_twice_at_once_stores_the_game_once(alice, players):
    """PostgreSQL: the second waits on the first's players, then on its token, and answers
    with the first's game."""
    alice_client = Client()
    alice_client.force_login(alice)
    token = "3f1c1f3e-8a5b-4a59-9d7e-6f0b5c2a9e11"

    def send() -> Any:
        upload = SimpleUploadedFile("game.json", json.dumps(RECORD).encode())
        return alice_client.post(IMPORT, {"record": upload, "start_token": token})

    with gated(Gate(HandRecord.objects, "bulk_create", after=True)) as stored:
        first = Request(send, stored)
        assert stored.reached.wait(WAIT)
        if connection.vendor == "sqlite":
            together_on_sqlite(first, stored)
        second = Request(send)
        time.sleep(SETTLE)
        stored.open()
        answers = [first.done(), second.done()]

    assert [status(answer) for answer in answers] == [302, 302]
    game = Game.objects.get()
    assert {answer["Location"] for answer in answers} == {game.get_absolute_url()}
    assert HandRecord.objects.count() == len(RECORD["hands"])
