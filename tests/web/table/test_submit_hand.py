"""One way to record a hand (``table/services/submit.py``): every hand, sent with a key or
not, is read and checked as the hand form checks it before anything is stored; a key sent
again with another hand is refused naming the first; the moment a hand was entered is
kept within the server's clock."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from scorekeeper.club.models import HandRecord
from scorekeeper.errors import StaleGame
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.submit import KeyReused, Taken, submit_hand
from scoring.errors import IllegalHand
from scoring.outcomes import Draw, Hand, Ron, Win
from tests.web.table.test_sent_hands import said, tsumo_post
from tests.web.table.test_table_views import HTMX, ron_post, url

pytestmark = pytest.mark.django_db

#: Every refusal the hand form knows, as a phone could send it (the tenhou rules: two
#: winners at most, nagashi mangan).
REFUSED = {
    "no outcome": {"sequence": "0"},
    "an unknown outcome": {"sequence": "0", "outcome": "kan"},
    "a ron without a winner": {"sequence": "0", "outcome": "ron", "discarder": "2"},
    "a ron without a discarder": {**ron_post(), "discarder": ""},
    "a ron from the winner's own discard": ron_post(discarder=1),
    "three winners": {
        **ron_post(),
        "winners": ["0", "1", "3"],
        **{
            f"win_{seat}_{field}": value
            for seat in (0, 3)
            for field, value in (("han", "1"), ("fu", "30"))
        },
    },
    "a winner chosen twice": {**ron_post(), "winners": ["1", "1"]},
    "a win without han": ron_post(han=""),
    "a win below 5 han without fu": ron_post(fu=""),
    "han that do not exist": ron_post(han="99"),
    "a tsumo without a winner": {"sequence": "0", "outcome": "tsumo"},
    "a chombo without its offender": {"sequence": "0", "outcome": "chombo"},
    "a seat the game has not got": {"sequence": "0", "outcome": "draw", "tenpai": ["7"]},
    "riichi listed twice": ron_post(riichi=["1", "1"]),
    "tenpai listed twice": {"sequence": "0", "outcome": "draw", "tenpai": ["2", "2"]},
    "nagashi listed twice": {"sequence": "0", "outcome": "draw", "nagashi": ["3", "3"]},
    "a sequence that is no number": {**ron_post(), "sequence": "x"},
}


def stored(game) -> tuple[int, int]:
    return HandRecord.objects.filter(game=game).count(), SentHand.objects.filter(game=game).count()


@pytest.mark.parametrize("data", REFUSED.values(), ids=REFUSED.keys())
def test_the_outbox_refuses_every_hand_the_form_refuses_and_stores_nothing(bob_client, game, data):
    plain = bob_client.post(url("hand_create", game), data, **HTMX)
    assert plain.status_code == 422
    # The game moved on under the phone: its hand would be kept as a conflict if it were
    # read; it is refused as the form refuses it.
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))
    before = stored(game)
    for sent in (
        {**data, "sequence": "0", "key": str(uuid.uuid4()), "waited": "1"},
        {**data, "key": str(uuid.uuid4()), "waited": "1", "after": str(uuid.uuid4())},
    ):
        if data.get("sequence") == "x":
            sent["sequence"] = "x"
        answer = bob_client.post(url("hand_create", game), sent, **HTMX)
        assert answer.status_code == 422
        assert stored(game) == before
    assert bob_client.get(url("game_table", game)).status_code == 200


def test_a_seat_listed_twice_is_refused_by_its_name_on_the_form(bob_client, game):
    answer = bob_client.post(url("hand_create", game), ron_post(riichi=["1", "1"]), **HTMX)

    assert answer.status_code == 422
    assert "Ben is chosen twice." in answer.content.decode()


def test_a_client_without_the_form_is_refused_a_hand_the_record_cannot_hold(game, bob):
    """The service reads a hand as the game record does, whoever built it."""
    record_hand_of_bob = Hand(Draw(tenpai=(2, 2)), riichi=(1, 1))

    with pytest.raises(IllegalHand) as refused:
        submit_hand(
            game=game,
            hand=record_hand_of_bob,
            expected_sequence=3,
            key=uuid.uuid4(),
            waited=True,
            user=bob,
        )

    assert refused.value.code == "seat.listed_twice"
    assert stored(game) == (0, 0)


def test_a_seat_past_the_game_is_refused_before_anything_is_stored(game, bob):
    with pytest.raises(IllegalHand) as refused:
        submit_hand(
            game=game,
            hand=Hand(Draw(tenpai=()), riichi=(5,)),
            expected_sequence=0,
            key=uuid.uuid4(),
            user=bob,
        )
    assert refused.value.code == "seat.unknown"

    game.players = 3
    with pytest.raises(IllegalHand, match="seats are 0-2"):
        submit_hand(game=game, hand=Hand(Draw(tenpai=(3,))), expected_sequence=0, user=bob)
    assert stored(game) == (0, 0)


def test_a_key_sent_again_with_another_hand_is_refused_naming_the_first(bob_client, game):
    key = str(uuid.uuid4())
    bob_client.post(url("hand_create", game), ron_post(key=key))

    again = bob_client.post(url("hand_create", game), tsumo_post(key=key, waited="1"), **HTMX)

    assert again.status_code == 409
    assert (
        "This key was sent before with another hand (hand 1: Ben ron from Chie, 3 han 40 fu)"
        in again.content.decode()
    )
    assert stored(game) == (1, 1)
    assert SentHand.objects.get().outcome == "recorded"


def test_a_key_sent_again_for_another_place_is_refused_too(game, bob):
    key = uuid.uuid4()
    ron = Hand(Ron(2, (Win(1, han=3, fu=40),)))
    submit_hand(game=game, hand=ron, expected_sequence=0, key=key, user=bob)

    with pytest.raises(KeyReused) as refused:
        submit_hand(game=game, hand=ron, expected_sequence=1, key=key, waited=True, user=bob)

    assert refused.value.sequence == 0
    again = submit_hand(game=game, hand=ron, expected_sequence=0, key=key, user=bob)
    assert (again.taken, again.repeated, again.number) == (Taken.RECORDED, True, 1)


def test_a_hand_without_a_key_for_a_game_moved_on_says_what_happened(game, bob):
    ron = Hand(Ron(2, (Win(1, han=3, fu=40),)))
    submit_hand(game=game, hand=ron, expected_sequence=0, user=bob)

    with pytest.raises(StaleGame, match="already recorded"):
        submit_hand(game=game, hand=ron, expected_sequence=0, user=bob)
    with pytest.raises(StaleGame, match="The game changed on another phone"):
        submit_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=0, user=bob)
    assert stored(game) == (1, 0)


def test_the_moment_a_hand_was_entered_is_kept_within_the_servers_clock(bob_client, game):
    game.created_at = timezone.now() - timedelta(hours=1)
    game.save(update_fields=["created_at"])
    earlier = game.created_at + timedelta(seconds=30)
    bob_client.post(url("hand_create", game), ron_post(entered_at=earlier.isoformat()))
    future = timezone.now() + timedelta(days=1)
    bob_client.post(url("hand_create", game), tsumo_post(1, entered_at=future.isoformat()))
    before_start = datetime(2000, 1, 1, tzinfo=UTC)
    bob_client.post(
        url("hand_create", game),
        {"sequence": "2", "outcome": "draw", "entered_at": before_start.isoformat()},
    )

    first, second, third = HandRecord.objects.filter(game=game).order_by("sequence")
    assert first.entered_at == earlier
    assert second.entered_at <= second.recorded_at + timedelta(seconds=1)
    assert second.entered_at < future
    assert third.entered_at == game.created_at


@pytest.mark.parametrize("value", ["yesterday", "2026-05-01T14:03:00", "2026-05-01T14:03:00Z" * 3])
def test_an_entered_at_that_is_no_moment_is_refused(bob_client, game, value):
    answer = bob_client.post(url("hand_create", game), ron_post(entered_at=value))

    assert answer.status_code == 400
    assert "entered_at" in answer.content.decode()
    assert stored(game) == (0, 0)


def test_a_phone_sending_a_hand_twice_gets_the_first_answer(bob_client, game):
    sent = {**ron_post(), "key": str(uuid.uuid4())}
    bob_client.post(url("hand_create", game), sent)
    again = bob_client.post(url("hand_create", game), sent)

    assert said(again) == "Hand 1 recorded: Ben ron from Chie, 3 han 40 fu."
    assert stored(game) == (1, 1)


def _statements(queries) -> list[str]:
    """The statements a request sent, without the savepoints of the test's transaction."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))
    ]


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "plain"])
@pytest.mark.parametrize(("keyed", "most"), [(False, 6), (True, 9)], ids=["unkeyed", "keyed"])
def test_a_recorded_hand_costs_at_most_eight_queries(bob_client, game, headers, keyed, most):
    """The session, the member, the game and its seats, the game's row written (where no
    one wrote it since it was read: the write takes its lock), the hand's row: six. A hand
    sent with a key pays for the outbox: the game's row locked while its key is looked for,
    the key's row; a hand without one pays nothing for it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    bob_client.post(url("hand_create", game), ron_post())
    sent = tsumo_post(1, key=str(uuid.uuid4())) if keyed else tsumo_post(1)

    with CaptureQueriesContext(connection) as queries:
        answer = bob_client.post(url("hand_create", game), sent, **headers)

    assert answer.status_code == (200 if headers else 302)
    assert stored(game)[0] == 2
    statements = _statements(queries)
    assert len(statements) <= most <= 8 + keyed
    assert keyed == any("club_senthand" in sql for sql in statements)


def test_the_replay_kept_after_a_hand_is_the_game_replayed(bob_client, game):
    """The table page keeps a game's replay per change; a hand recorded from the form
    extends the kept one, which must be the game as its stored hands replay it."""
    from scorekeeper.table.pages import board_key, load_game, replay_kept, seat_names
    from scorekeeper.table.services.hands import scoreboard

    bob_client.get(url("game_table", game))
    bob_client.post(url("hand_create", game), ron_post())
    between = load_game(game.pk)
    key_between = board_key(between, seat_names(between))
    assert replay_kept(key_between) is not None
    bob_client.post(url("hand_create", game), tsumo_post(1), **HTMX)

    loaded = load_game(game.pk)
    kept = replay_kept(board_key(loaded, seat_names(loaded)))
    assert kept is not None
    # The game keeps one replay: the one kept before the hand is let go.
    assert replay_kept(key_between) is None
    assert kept == scoreboard(loaded).replay
    # And the points it ends on are the game's stored projection.
    assert kept.state.scores == loaded.game_state().scores
