"""A restore on the site, or demo games being stored, while a table records hands in another
thread of the same server: the rows stored in bulk keep the moments they were given, and what
the table writes meanwhile gets its own moment. Real transactions (a thread each, each with its
own connection)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.utils import timezone

from scorekeeper.club.models import Game, HandRecord, Player, SavedRuleset, Season
from scorekeeper.operations import demo
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.demo import seed_demo
from scorekeeper.operations.restore import BackupLoader
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.rules import PRESETS
from tests.web.operations.test_backup import club, ron, wipe
from tests.web.operations.test_organiser_data import RESTORE, backup_file

__all__ = ["club"]

#: The demo club's last day (its games fall in the two years before it).
TODAY = date(2025, 6, 1)
#: How long a thread waits for the other before the test gives up on it.
WAIT = 30


def moments() -> dict[str, dict[object, object]]:
    """Every stored moment a row was made or changed, by table and row."""
    return {
        "players": dict(Player.objects.values_list("pk", "created_at")),
        "rulesets": dict(SavedRuleset.objects.values_list("pk", "created_at")),
        "seasons": dict(Season.objects.values_list("pk", "created_at")),
        "games": {
            pk: (created, updated)
            for pk, created, updated in Game.objects.values_list("pk", "created_at", "updated_at")
        },
        "hands": {
            (game, sequence): recorded
            for game, sequence, recorded in HandRecord.objects.values_list(
                "game_id", "sequence", "recorded_at"
            )
        },
    }


def age_the_club(days: int) -> None:
    """Move every moment of the club back, so that a moment kept and a moment written now
    cannot be mistaken for each other."""
    back = timedelta(days=days)
    for model in (Player, SavedRuleset, Season):
        model.objects.update(created_at=F("created_at") - back)
    Game.objects.update(created_at=F("created_at") - back, updated_at=F("updated_at") - back)
    HandRecord.objects.update(recorded_at=F("recorded_at") - back)


def between(moment: object, start: datetime, end: datetime) -> bool:
    return isinstance(moment, datetime) and start <= moment <= end


def during(work: Callable[[], object], pause: tuple[object, str], table: Callable[[], None]) -> Any:
    """Run ``work`` in a thread of its own and ``table`` in this one, while ``work`` is inside
    its transaction: ``work`` stops after its first call of ``pause`` (an object and the
    name of a function on it) and lets the table go on. Where two transactions write at once
    (PostgreSQL) it waits there until the table is done; SQLite lets one writer at a time, so
    there the table writes as soon as ``work``'s transaction ends. Returns what ``work``
    returned."""
    holder, name = pause
    inside, done = threading.Event(), threading.Event()
    original = getattr(holder, name)

    def paused(*args: object, **kwargs: object) -> object:
        result = original(*args, **kwargs)
        inside.set()
        if connection.vendor != "sqlite":
            done.wait(WAIT)
        return result

    answers: list[object] = []

    def run() -> None:
        try:
            answers.append(work())
        finally:
            inside.set()
            connection.close()

    thread = threading.Thread(target=run)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(holder, name, paused)
        thread.start()
        try:
            assert inside.wait(WAIT)
            if connection.vendor == "sqlite":
                thread.join(WAIT)
            table()
        finally:
            done.set()
            thread.join(WAIT)
    assert not thread.is_alive()
    assert len(answers) == 1
    return answers[0]


@pytest.mark.django_db(transaction=True)
def test_a_hand_recorded_during_a_restore_gets_its_own_moment_and_the_restored_rows_keep_theirs(
    club, alice_client: Client
):
    age_the_club(days=400)
    kept = moments()
    text = "".join(backup_lines())
    wipe()
    made: dict[str, Any] = {}

    def table() -> None:
        made["start"] = timezone.now()
        made["players"] = [
            Player.objects.create(name=n) for n in ("Emma", "Felix", "Grace", "Hiro")
        ]
        game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=made["players"])
        made["game"] = record_hand(game=game, hand=ron(1, 0, 3, 30), expected_sequence=0).game
        made["end"] = timezone.now()

    answer = during(
        lambda: alice_client.post(RESTORE, {"backup": backup_file(text)}),
        (BackupLoader, "store_games"),
        table,
    )
    assert answer.status_code == 302

    now = moments()
    for kind, rows in kept.items():
        assert {key: now[kind][key] for key in rows} == rows, kind
    start, end, game = made["start"], made["end"], made["game"]
    assert all(between(now["players"][player.pk], start, end) for player in made["players"])
    created, updated = now["games"][game.pk]
    assert between(created, start, end) and between(updated, start, end)
    assert updated > created
    assert between(now["hands"][(game.pk, 0)], created, end)
    assert set(now["games"]) == {*kept["games"], game.pk}


@pytest.mark.django_db(transaction=True)
def test_a_hand_recorded_while_demo_games_are_stored_moves_its_game_on(game: Game):
    age_the_club(days=400)
    kept = moments()
    made: dict[str, Any] = {}

    def table() -> None:
        made["start"] = timezone.now()
        record_hand(game=game, hand=ron(1, 0, 3, 30), expected_sequence=0)
        made["end"] = timezone.now()

    during(lambda: seed_demo(games=12, seed=5, today=TODAY), (demo, "_store"), table)

    now = moments()
    created, updated = now["games"][game.pk]
    assert created == kept["games"][game.pk][0]
    assert between(updated, made["start"], made["end"])
    assert between(now["hands"][(game.pk, 0)], made["start"], made["end"])
    demo_games = set(now["games"]) - {game.pk}
    assert len(demo_games) == 12
    assert all(now["games"][pk][0] < made["start"] - timedelta(days=1) for pk in demo_games)
