"""A tournament table's clock and end policy, written onto its game when the session starts:
recording a hand reads them with the game (a game outside a tournament asks nothing more),
and counts the hands by the moment each was entered on the phone, bounded by the server's
clock."""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.urls import reverse

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.submit import submit_hand
from scorekeeper.tournaments import services
from scoring.record_hand import hand_to_json, parse_hand
from tests.web.tournament_data import hanchan_records, make_tournament

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


def _real_hands():
    """A real game of eight hands or more: its first six end nothing by the rules."""
    return next(
        [parse_hand(data, "hand") for data in game["hands"]]
        for game in (json.loads(path.read_text()) for path in hanchan_records())
        if len(game["hands"]) >= 8
    )


def _started(policy: str = "this_hand"):
    tournament = make_tournament(session_minutes=60, end_policy=policy)
    session = services.seat_session(
        session=tournament.session_rows.get(number=1), method="random", seed=5
    )
    services.start_session(session=session)
    return tournament, session.tables.get(number=1)


def test_starting_a_session_writes_each_tables_clock_and_policy_onto_its_game(db):
    with time_machine.travel(START, tick=False):
        tournament, table = _started("one_more")
    game = Game.objects.get(pk=table.game_id)
    assert game.time_ends_at == START + timedelta(minutes=60)
    assert game.hands_after_time == 2
    # The table's late start and extra time, and the tournament's settings, follow.
    services.set_table_time(table=table, late_minutes=5, extra_minutes=3)
    game.refresh_from_db()
    assert game.time_ends_at == START + timedelta(minutes=68)
    services.update_tournament(tournament=tournament, session_minutes=90, end_policy="this_hand")
    game.refresh_from_db()
    assert (game.time_ends_at, game.hands_after_time) == (START + timedelta(minutes=98), 1)


def test_a_late_phones_hands_count_by_when_they_were_entered(bob_client, db):
    """Three hands entered on a keyed phone before the time was up, sent 5 s after it: none
    is the hand being played when time was up, so the game plays on; the first hand
    entered after the time ends it (the end policy: the hand being played)."""
    hands = _real_hands()
    with time_machine.travel(START, tick=False) as clock:
        _tournament, table = _started("this_hand")
        clock.move_to(START + timedelta(minutes=60, seconds=5))
        game = table.game
        for sequence, minutes in enumerate((50, 55, 59)):
            submitted = submit_hand(
                game=Game.objects.get(pk=game.pk),
                hand=hands[sequence],
                expected_sequence=sequence,
                key=uuid.uuid4(),
                waited=True,
                entered_at=START + timedelta(minutes=minutes),
            )
            assert submitted.taken == "recorded"
        game.refresh_from_db()
        assert game.status == Game.Status.IN_PLAY and game.hand_count == 3
        clock.move_to(START + timedelta(minutes=62))
        change = submit_hand(
            game=game,
            hand=hands[3],
            expected_sequence=3,
            entered_at=START + timedelta(minutes=61),
        ).change
    assert change is not None
    assert change.game.status == Game.Status.FINISHED and change.game.stopped_by_time
    entered = list(
        HandRecord.objects.filter(game=game)
        .order_by("sequence")
        .values_list("entered_at", flat=True)
    )
    assert entered == [START + timedelta(minutes=m) for m in (50, 55, 59, 61)]


def test_a_hand_said_entered_before_the_table_started_counts_from_its_start(db):
    """A phone's clock is the phone's word: a moment before the game started is taken as
    the start, one after the hand arrived as its arrival; a hand arriving after the time
    is up cannot claim to be earlier than the table's start."""
    hands = _real_hands()
    with time_machine.travel(START, tick=False) as clock:
        _tournament, table = _started("this_hand")
        clock.move_to(START + timedelta(minutes=70))
        change = submit_hand(
            game=table.game,
            hand=hands[0],
            expected_sequence=0,
            entered_at=START - timedelta(days=1),
        ).change
    assert change is not None and change.game.status == Game.Status.IN_PLAY
    assert HandRecord.objects.get(game=table.game).entered_at == table.game.created_at


def test_a_game_outside_a_tournament_asks_nothing_of_the_tournaments(
    game, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    hand = parse_hand(hand_to_json(_real_hands()[0]), "hand")
    with CaptureQueriesContext(connection) as queries:
        record_hand(game=game, hand=hand, expected_sequence=0)

    assert not [q for q in queries.captured_queries if "tournaments_" in q["sql"]]
    assert not [q for q in queries.captured_queries if "club_senthand" in q["sql"]]


def test_the_clock_page_reads_the_games_clock(bob_client, db):
    with time_machine.travel(START, tick=False) as clock:
        _tournament, table = _started("one_more")
        clock.move_to(START + timedelta(minutes=61))
        page = bob_client.get(reverse("game_clock", args=[table.game_id])).content.decode()
    assert "Time is up: one more hand after this one" in page
