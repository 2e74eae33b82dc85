"""A phone's hands that waited while the game changed under it: whatever happened to the game
(finished, abandoned, ended by time, deleted, a hand undone or corrected, reopened, restored,
a player merged), every hand is recorded, or kept on the game (or the deleted game's line)
for a person to settle, and the answer says where it went. A conflict is settled by an
organiser on any game state, with the game replayed; by members while it is in play."""

from __future__ import annotations

import io
import json
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scorekeeper.club.models import DeletedGame, Game, HandRecord, Player
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.restore import restore
from scorekeeper.registry.permissions import make_member
from scorekeeper.registry.services import merge_players
from scorekeeper.table.models import SentHand
from scorekeeper.table.services import outbox
from scorekeeper.table.services.games import abandon_game, finish_game, reopen_game
from scorekeeper.table.services.hands import edit_hand, undo_last_hand
from scoring.outcomes import Hand, Ron, Win
from scoring.record import read_record
from tests.web.table.test_sent_hands import said, tsumo_post, waited
from tests.web.table.test_table_views import ron_post, url

pytestmark = pytest.mark.django_db

STARTED = datetime(2026, 5, 2, 10, 0, tzinfo=UTC)
ENTERED = "2026-05-02T10:15:00+00:00"


def first_hand(bob_client, game) -> Game:
    """Hand 1 recorded online: Ben's non-dealer ron from Chie, 3 han 40 fu, 5,200. The game
    started before the moment the phone's hands were entered (``ENTERED``)."""
    Game.objects.filter(pk=game.pk).update(created_at=STARTED)
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))
    game.refresh_from_db()
    return game


def send_second(client, game, **extra):
    """Hand 2 as the phone kept it while offline (entered after hand 1): Ben, the dealer
    now, ron from Chie again, 3 han 40 fu: 7,700."""
    data = {**waited(ron_post(1, entered_at=ENTERED)), **extra}
    return client.post(url("hand_create", game), data)


def scores(game) -> list[int]:
    game.refresh_from_db()
    return list(game.game_state().scores)


AFTER_TWO = [25000, 25000 + 5200 + 7700, 25000 - 5200 - 7700, 25000]


def test_a_hand_that_arrives_after_the_game_was_finished_is_kept_for_an_organiser(
    bob_client, alice_client, game
):
    game = first_hand(bob_client, game)
    finish_game(game=game, expected_sequence=1)

    answer = send_second(bob_client, game)

    sent = SentHand.objects.get(outcome="conflict")
    assert (sent.reason, sent.sequence) == ("closed", 1)
    assert sent.entered_at == datetime(2026, 5, 2, 10, 15, tzinfo=UTC)
    assert "the game had been finished or abandoned before it arrived" in said(answer)
    assert HandRecord.objects.filter(game=game).count() == 1
    page = alice_client.get(url("game_table", game)).content.decode()
    assert "It arrived after the game was finished or abandoned." in page
    assert "entered by bob" in page
    assert "Keep the one sent" in page
    assert "Keep the one sent" not in bob_client.get(url("game_table", game)).content.decode()


def test_a_member_cannot_settle_on_a_finished_game_and_an_organiser_keeps_it_replayed(
    bob_client, alice_client, alice, bob, game
):
    game = first_hand(bob_client, game)
    finish_game(game=game, expected_sequence=1)
    send_second(bob_client, game)
    sent = SentHand.objects.get(outcome="conflict")

    refused = bob_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})
    assert "only an organiser" in said(refused)
    assert SentHand.objects.get(pk=sent.pk).outcome == "conflict"

    alice_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})

    assert scores(game) == AFTER_TWO
    assert (game.hand_count, game.status) == (2, "finished")
    kept = HandRecord.objects.get(game=game, sequence=1)
    assert kept.recorded_by == bob  # who entered it, not who settled it
    assert SentHand.objects.get(pk=sent.pk).settled_by == alice
    # The finished game's standings follow the hand kept: Ben first with 37,900.
    assert game.seats.get(number=1).final_points == 37900


def test_an_abandoned_game_keeps_the_hand_apart_and_stays_abandoned_when_it_is_kept(
    bob_client, alice_client, game
):
    game = first_hand(bob_client, game)
    abandon_game(game=game, expected_sequence=1)

    send_second(bob_client, game)
    sent = SentHand.objects.get(outcome="conflict", reason="closed")
    alice_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})

    assert scores(game) == AFTER_TWO
    assert (game.hand_count, game.status) == (2, "abandoned")


def test_a_hand_sent_after_the_game_ended_by_time_says_so(bob_client, game):
    game = first_hand(bob_client, game)
    finish_game(game=game, expected_sequence=1, by_time=True)

    answer = send_second(bob_client, game)

    assert SentHand.objects.get(outcome="conflict").reason == "late"
    assert "it was sent after the time was up" in said(answer)
    assert "another phone" not in said(answer)
    page = bob_client.get(url("game_table", game)).content.decode()
    assert "It was sent after the time was up." in page


def test_hands_for_a_deleted_game_are_kept_on_its_page_and_given_back_as_a_record(
    bob_client, alice, game
):
    game = first_hand(bob_client, game)
    # A conflict still to settle when the game is deleted goes with the line too.
    bob_client.post(url("hand_create", game), waited(tsumo_post()))
    delete_game(game=game, expected_sequence=1, user=alice)

    key = str(uuid.uuid4())
    answer = send_second(bob_client, game, key=key)
    again = send_second(bob_client, game, key=key)

    assert answer.status_code == again.status_code == 302
    assert f"game {game.pk} had been deleted" in said(answer)
    line = DeletedGame.objects.get(game_id=game.pk)
    assert [item["sequence"] for item in line.waiting] == [0, 1]
    page = bob_client.get(url("game_table", game))
    assert page.status_code == 410
    text = page.content.decode()
    assert "2 hands waited on phones for it" in text
    assert "Ben ron from Chie, 3 han 40 fu" in text
    assert "Dan tsumo, 4 han 30 fu" in text
    download = bob_client.get(url("game_waiting", game))
    record, played = read_record(json.loads(download.content))
    # The game as the phone had it: hand 1 stored, hand 2 that waited.
    assert len(record.hands) == 2
    assert list(played.state.scores) == AFTER_TWO


def test_a_hand_for_a_deleted_game_is_read_as_the_form_reads_it(bob_client, alice, game):
    game = first_hand(bob_client, game)
    delete_game(game=game, expected_sequence=1, user=alice)

    answer = bob_client.post(url("hand_create", game), waited(ron_post(1, winners=["9"])))

    assert answer.status_code == 422
    assert DeletedGame.objects.get(game_id=game.pk).waiting == []


def test_a_hand_whose_place_an_undo_emptied_is_kept_and_can_be_discarded(
    bob_client, alice_client, game
):
    game = first_hand(bob_client, game)
    undo_last_hand(game=game, expected_sequence=1)

    answer = send_second(bob_client, game)

    sent = SentHand.objects.get(outcome="conflict")
    assert sent.reason == "changed"
    assert "the game changed since it was entered" in said(answer)
    refused = alice_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})
    assert "cannot be kept before the hands before it are recorded" in said(refused)
    alice_client.post(url("conflict_settle", game, sent.pk), {"keep": "stored"})
    assert SentHand.objects.get(pk=sent.pk).outcome == "discarded"


def test_a_hand_after_a_correction_is_recorded_at_its_place(bob_client, game):
    game = first_hand(bob_client, game)
    # Hand 1 corrected: Ben's ron was 2 han 40 fu (2,600), not 3 han.
    edit_hand(
        game=game,
        sequence=0,
        hand=Hand(Ron(2, (Win(1, han=2, fu=40),))),
        expected_sequence=1,
    )

    send_second(bob_client, game)

    assert scores(game) == [25000, 25000 + 2600 + 7700, 25000 - 2600 - 7700, 25000]
    assert SentHand.objects.get(sequence=1).outcome == "recorded"


def test_a_hand_after_a_finish_and_a_reopen_is_recorded(bob_client, game):
    game = first_hand(bob_client, game)
    finish_game(game=game, expected_sequence=1)
    reopen_game(game=Game.objects.get(pk=game.pk), expected_sequence=1)

    send_second(bob_client, game)

    assert scores(game) == AFTER_TWO
    assert game.status == "in_play"


def test_a_hand_after_a_restore_is_recorded_and_one_sent_again_is_taken_as_it(bob_client, game):
    game = first_hand(bob_client, game)
    text = "".join(backup_lines())
    Game.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))

    send_second(bob_client, game)
    # Hand 1 sent again by a phone whose answer was lost (its key is not in the backup).
    again = bob_client.post(url("hand_create", game), waited(ron_post()))

    assert scores(game) == AFTER_TWO
    assert "taken as that one" in said(again)


def test_a_hand_after_a_player_was_merged_is_recorded_under_the_player_kept(bob_client, game):
    game = first_hand(bob_client, game)
    daniel = Player.objects.create(name="Daniel")
    merge_players(keep=daniel, merge=Player.objects.get(name="Dan"))

    answer = bob_client.post(url("hand_create", game), waited(tsumo_post(1)))

    assert "Daniel tsumo, 4 han 30 fu" in said(answer)
    assert HandRecord.objects.filter(game=game).count() == 2


def test_a_conflict_shows_who_entered_each_version_and_when(bob_client, alice_client, game):
    first_hand(bob_client, game)
    alice_client.post(url("hand_create", game), waited(tsumo_post(entered_at=ENTERED)))

    page = bob_client.get(url("game_table", game)).content.decode()

    assert "Another phone recorded the game differently." in page
    assert "entered by bob" in page
    assert "entered by alice" in page
    assert 'datetime="2026-05-02T10:15:00+00:00"' in page


@pytest.mark.parametrize("value", ["yesterday", "2026-05-02T10:15:00", "9" * 50])
def test_an_entered_at_that_is_not_a_moment_is_refused_naming_it(bob_client, game, value):
    response = bob_client.post(url("hand_create", game), waited(ron_post(entered_at=value)))

    assert response.status_code == 400
    assert "entered_at is not a moment" in response.content.decode()
    assert not HandRecord.objects.exists()


def test_an_entered_at_later_than_the_arrival_counts_as_the_arrival(bob_client, game):
    first_hand(bob_client, game)
    later = (datetime.now(UTC) + timedelta(days=3)).isoformat()
    bob_client.post(url("hand_create", game), waited(tsumo_post(entered_at=later)))

    sent = SentHand.objects.get(outcome="conflict")
    assert sent.entered_at <= sent.sent_at + timedelta(seconds=1)


def test_a_game_holds_a_bounded_number_of_hands_to_settle(bob_client, game, monkeypatch):
    monkeypatch.setattr(outbox, "MAX_OPEN_CONFLICTS", 2)
    first_hand(bob_client, game)
    for winner in (0, 2):
        bob_client.post(url("hand_create", game), waited(tsumo_post(winner=winner)))

    refused = bob_client.post(url("hand_create", game), waited(tsumo_post()))

    assert refused.status_code == 422
    assert "holds 2 hands to settle, the most it may" in refused.content.decode()
    assert SentHand.objects.filter(outcome="conflict").count() == 2


def test_settled_conflicts_beyond_the_bound_are_pruned_oldest_first(bob_client, game, monkeypatch):
    monkeypatch.setattr(outbox, "MAX_SETTLED", 2)
    first_hand(bob_client, game)
    for winner in (0, 2, 3):
        bob_client.post(url("hand_create", game), waited(tsumo_post(winner=winner)))
    ids = list(
        SentHand.objects.filter(outcome="conflict").order_by("pk").values_list("pk", flat=True)
    )
    for pk in ids:
        bob_client.post(url("conflict_settle", game, pk), {"keep": "stored"})

    assert (
        list(
            SentHand.objects.filter(outcome="discarded").order_by("pk").values_list("pk", flat=True)
        )
        == ids[1:]
    )


def test_hands_to_settle_are_shown_a_page_at_a_time(bob_client, game, monkeypatch):
    monkeypatch.setattr("scorekeeper.table.pages.CONFLICTS_PER_PAGE", 2)
    first_hand(bob_client, game)
    for winner in (0, 2, 3):
        bob_client.post(url("hand_create", game), waited(tsumo_post(winner=winner)))

    first = bob_client.get(url("game_table", game)).content.decode()
    second = bob_client.get(url("game_table", game), {"conflicts": "2"}).content.decode()

    assert "3 hands to settle" in first
    assert first.count('class="conflict"') == 2
    assert second.count('class="conflict"') == 1
    assert "Page 2 of 2" in second


@pytest.fixture
def dan_client(db):
    dan = get_user_model().objects.create_user("dan", password="pw")
    make_member(dan)
    client = Client()
    client.force_login(dan)
    return client


@pytest.mark.parametrize(("named", "author"), [("bob", "bob"), ("charlie", "dan"), ("", "dan")])
def test_a_hand_sent_later_from_another_account_counts_as_entered_by_who_entered_it(
    dan_client, bob, charlie, game, named, author
):
    # Bob entered it on the phone; Dan, logged in on it since, sends it. Only a member's
    # name counts: Charlie is not one.
    dan_client.post(url("hand_create", game), waited(ron_post(entered_by=named)))

    assert HandRecord.objects.get(game=game).recorded_by.username == author


def test_a_hand_a_correction_made_impossible_is_kept_as_changed_under_the_phone(bob_client, game):
    game = first_hand(bob_client, game)
    entered = datetime.now(UTC)
    # Hand 1 corrected: Chie declared riichi and dealt in a sanbaiman (24,000) to Ben: 0 left.
    edit_hand(
        game=game,
        sequence=0,
        hand=Hand(Ron(2, (Win(1, han=11),)), riichi=(2,)),
        expected_sequence=1,
    )
    # The phone's hand 2, entered before the correction: Chie's riichi, then a draw.
    data = {"sequence": "1", "outcome": "draw", "riichi": ["2"], "entered_at": entered.isoformat()}

    answer = bob_client.post(url("hand_create", game), waited(data))

    assert SentHand.objects.get(outcome="conflict").reason == "changed"
    assert "the game changed since it was entered" in said(answer)
    assert HandRecord.objects.filter(game=game).count() == 1


def test_a_hand_impossible_as_it_is_is_refused_and_stays_on_the_phone(bob_client, game):
    game = first_hand(bob_client, game)
    # Entered after the game's last change: a ron of 1 han 20 fu cannot be, whatever the game.
    later = datetime.now(UTC).isoformat()

    answer = bob_client.post(
        url("hand_create", game), waited(ron_post(1, han="1", fu="20", entered_at=later))
    )

    assert answer.status_code == 422
    assert not SentHand.objects.filter(sequence=1).exists()


def test_a_game_takes_a_bounded_number_of_hands_sent_again(bob_client, game, monkeypatch):
    monkeypatch.setattr(outbox, "MAX_MERGED", 1)
    first_hand(bob_client, game)
    bob_client.post(url("hand_create", game), waited(ron_post()))

    refused = bob_client.post(url("hand_create", game), waited(ron_post()))

    assert refused.status_code == 422
    assert "hands sent again as hands it has, the most it may" in refused.content.decode()
    assert SentHand.objects.filter(outcome="merged").count() == 1
