"""A restore on the site while a table records hands in another thread of the same server:
the restored rows keep the moments the backup gives them, and what the table writes meanwhile
gets its own moment. Real transactions (a thread each, each with its own connection)."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.test import Client
from django.utils import timezone

from scorekeeper.club.models import Game, HandRecord, Player, SavedRuleset, Season
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import BackupLoader
from scorekeeper.table.services import record_hand
from scorekeeper.table.services_games import start_game
from scoring.rules import PRESETS
from tests.web.test_backup import club, ron, wipe
from tests.web.test_organiser_data import RESTORE, backup_file

__all__ = ["club"]

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


@pytest.mark.django_db(transaction=True)
def test_a_hand_recorded_during_a_restore_gets_its_own_moment_and_the_restored_rows_keep_theirs(
    club, alice_client: Client, monkeypatch
):
    age_the_club(days=400)
    kept = moments()
    text = "".join(backup_lines())
    wipe()

    # The restore stops once its first games are stored, inside its transaction, and lets
    # the table go on. Where two transactions write at once (PostgreSQL), it waits there
    # until the table has recorded its hand; SQLite lets one writer at a time, so there the
    # table writes as soon as the restore's transaction ends.
    restoring, recorded = threading.Event(), threading.Event()
    store_games = BackupLoader.store_games

    def store_games_then_let_the_table_play(loader: BackupLoader) -> None:
        store_games(loader)
        restoring.set()
        if connection.vendor != "sqlite":
            recorded.wait(WAIT)

    monkeypatch.setattr(BackupLoader, "store_games", store_games_then_let_the_table_play)
    answers = []

    def send_the_backup() -> None:
        try:
            answers.append(alice_client.post(RESTORE, {"backup": backup_file(text)}))
        finally:
            restoring.set()
            connection.close()

    restore = threading.Thread(target=send_the_backup)
    restore.start()
    try:
        assert restoring.wait(WAIT)
        if connection.vendor == "sqlite":
            restore.join(WAIT)
        start = timezone.now()
        players = [Player.objects.create(name=name) for name in ("Emma", "Felix", "Grace", "Hiro")]
        game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
        game = record_hand(game=game, hand=ron(1, 0, 3, 30), expected_sequence=0).game
        end = timezone.now()
    finally:
        recorded.set()
        restore.join(WAIT)
    assert not restore.is_alive()
    assert [answer.status_code for answer in answers] == [302]

    now = moments()
    for table, rows in kept.items():
        assert {key: now[table][key] for key in rows} == rows, table
    assert all(between(now["players"][player.pk], start, end) for player in players)
    created, updated = now["games"][game.pk]
    assert between(created, start, end) and between(updated, start, end)
    assert updated > created
    assert between(now["hands"][(game.pk, 0)], created, end)
    assert set(now["games"]) == {*kept["games"], game.pk}
