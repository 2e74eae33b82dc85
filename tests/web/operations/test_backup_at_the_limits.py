"""A backup taken with everything a game may hold at its bound (the most hands, the most
hands to settle, the most settled conflicts kept, each as large as a hand sent may be; a
deleted game's line with the most hands that waited) is restored by the site's own restore,
and backs up again to the same bytes."""

from __future__ import annotations

import io
import json
import uuid

import pytest
from django.utils import timezone

from scorekeeper.club.models import MAX_HANDS, DeletedGame, Game, HandRecord, Player
from scorekeeper.operations.backup import MAX_LINE, backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.restore import restore
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import import_record
from scorekeeper.table.services.outbox import (
    MAX_OPEN_CONFLICTS,
    MAX_SETTLED,
    waiting_item,
)
from scoring.outcomes import Hand, Ron, Win
from scoring.yaku import YAKU

pytestmark = pytest.mark.django_db


def largest_sent_hand() -> dict:
    """The largest hand a phone can send: three winners, every yaku named on each, the most
    dora, riichi and tenpai from every seat."""
    names = [yaku.name for yaku in YAKU]
    wins = tuple(Win(seat, han=13, fu=110, yaku=tuple(names)) for seat in (1, 2, 3))
    return HandRecord.data_from(Hand(Ron(0, wins), riichi=(0, 1, 2, 3)))


def full_game(names, alice) -> Game:
    """A game of the most hands: every seat tenpai at every draw (nobody pays, the deal
    stays, the game never ends), imported as a record."""
    hands = [{"draw": {"tenpai": [0, 1, 2, 3]}} for _ in range(MAX_HANDS)]
    doc = {"format": "scorekeeper.game/1", "rules": "tenhou", "players": names, "hands": hands}
    return import_record(doc=doc, created_by=alice)


def test_a_backup_at_every_limit_is_restored_by_the_sites_own_restore(alice):
    game = full_game(["Aki", "Ben", "Chie", "Dan"], alice)
    big = largest_sent_hand()
    now = timezone.now()
    rows = [
        SentHand(
            game=game,
            key=uuid.uuid4(),
            after=uuid.uuid4(),
            sequence=MAX_HANDS - 1,
            data=big,
            outcome="conflict",
            reason="taken",
            entered_at=now,
        )
        for _ in range(MAX_OPEN_CONFLICTS)
    ]
    rows += [
        SentHand(
            game=game,
            key=uuid.uuid4(),
            after=uuid.uuid4(),
            sequence=MAX_HANDS - 1,
            data=big,
            outcome="kept",
            reason="taken",
            entered_at=now,
            settled_at=now,
            replaced=big,
        )
        for _ in range(MAX_SETTLED)
    ]
    SentHand.objects.bulk_create(rows)
    gone = full_game(["Eri", "Fumi", "Gen", "Hana"], alice)
    delete_game(game=gone, expected_sequence=MAX_HANDS, user=alice)
    DeletedGame.objects.filter(game_id=gone.pk).update(
        waiting=[
            waiting_item(
                key=uuid.uuid4(),
                after=uuid.uuid4(),
                sequence=MAX_HANDS - 1,
                data=big,
                sent_at=now,
                entered_at=now,
                sent_by="x" * 150,
            )
            for _ in range(MAX_OPEN_CONFLICTS)
        ]
    )

    text = "".join(backup_lines())
    lines = text.splitlines()
    longest = max(len(line) for line in lines)
    print(f"longest backup line at the limits: {longest:,} characters of {MAX_LINE:,}")
    assert longest <= MAX_LINE
    game_line = next(json.loads(line) for line in lines if '"type":"game"' in line)
    assert len(game_line["meta"]["sent"]) == MAX_OPEN_CONFLICTS + MAX_SETTLED
    Game.objects.all().delete()
    DeletedGame.objects.all().delete()
    Player.objects.all().delete()

    counts = restore(io.StringIO(text))

    assert counts["games"] == 1
    assert counts["deleted_games"] == 1
    assert len(DeletedGame.objects.get().waiting) == MAX_OPEN_CONFLICTS
    assert "".join(backup_lines()) == text
