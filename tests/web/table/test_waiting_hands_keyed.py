"""A table's phone with its key (no account) that recorded hands offline and sends them after
the table's time was up: the hand being played ends the game by time, the others are kept as
sent after the time was up (not "another phone"); the phone cannot settle them once the game
is over, the organiser reopens it and keeps them without the clock ending it again, and the
phone settles while the game is in play."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from scorekeeper.club.models import Game
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import reopen_game
from scorekeeper.tournaments import services
from tests.web.table.test_sent_hands import said
from tests.web.tournament_data import make_tournament

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


def draw(sequence: int, after: str | None, entered: datetime) -> dict[str, str]:
    """A draw with East alone tenpai, as the phone kept it (East keeps the deal)."""
    data = {
        "sequence": str(sequence),
        "outcome": "draw",
        "tenpai": "0",
        "key": str(uuid.uuid4()),
        "waited": "1",
        "entered_at": entered.isoformat(),
        # A phone without an account cannot say a member entered it.
        "entered_by": "bob",
    }
    if after:
        data["after"] = after
    return data


def test_a_keyed_phone_late_after_the_time_has_its_hands_kept_and_settled(alice_client, bob):
    tournament = make_tournament(session_minutes=60, end_policy="this_hand")
    with time_machine.travel(START, tick=False) as clock:
        session = services.seat_session(
            session=tournament.session_rows.get(number=1), method="random", seed=5
        )
        session = services.start_session(session=session)
        table = session.tables.get(number=1)
        phone = Client()
        phone.get(table.keyed_url())
        hands = reverse("hand_create", args=[table.game_id])
        # Three hands entered after the time was up (the hand being played, then two more),
        # sent together a little later.
        sent = []
        for number in range(3):
            after = sent[-1]["key"] if sent else None
            sent.append(draw(number, after, START + timedelta(minutes=61 + number)))
        clock.move_to(START + timedelta(minutes=65))
        answers = [phone.post(hands, data) for data in sent]

        game = Game.objects.get(pk=table.game_id)
        assert (game.hand_count, game.status, game.stopped_by_time) == (1, "finished", True)
        assert game.hands.get().recorded_by is None
        conflicts = SentHand.objects.filter(outcome="conflict").order_by("sequence")
        assert [c.reason for c in conflicts] == ["late", "after"]
        assert "it was sent after the time was up" in said(answers[1])
        assert "another phone" not in said(answers[1])
        second, third = conflicts
        settle = reverse("conflict_settle", args=[game.pk, second.pk])
        refused = phone.post(settle, {"keep": "sent"})
        assert "only an organiser" in said(refused)

        reopen_game(game=game, expected_sequence=1)
        alice_client.post(settle, {"keep": "sent"})
        game.refresh_from_db()
        # Kept after the reopen, the clock does not end the game again.
        assert (game.hand_count, game.status) == (2, "in_play")
        phone.post(reverse("conflict_settle", args=[game.pk, third.pk]), {"keep": "sent"})

    game.refresh_from_db()
    assert game.hand_count == 3
    assert SentHand.objects.get(pk=third.pk).outcome == "kept"
    # Three draws with East alone tenpai: 1,000 from each other seat each time.
    assert game.game_state().scores == (34000, 22000, 22000, 22000)
