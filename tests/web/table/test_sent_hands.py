"""Hands sent with a phone's key: stored once however often sent (the second sending gets the
first one's answer), merged with the same hand another phone recorded at their place, kept as
a conflict when that hand differs, and settled by a member keeping one version."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from scorekeeper.club.models import HandRecord
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.outbox import same_hand
from scoring.outcomes import Hand, Ron, Tsumo, Win
from tests.web.table.test_table_views import HTMX, ron_post, url

pytestmark = pytest.mark.django_db


def tsumo_post(sequence=0, *, winner=3, han="4", fu="30", **extra):
    return {
        "sequence": str(sequence),
        "outcome": "tsumo",
        "winner": str(winner),
        f"win_{winner}_han": han,
        f"win_{winner}_fu": fu,
        **extra,
    }


def said(response) -> str:
    """The last message the answer carries (the messages of earlier answers wait in the
    cookie with it until a page shows them)."""
    return [str(message) for message in get_messages(response.wsgi_request)][-1]


def test_a_hand_sent_twice_with_one_key_is_stored_once_and_answered_alike(bob_client, game):
    key = str(uuid.uuid4())

    first = bob_client.post(url("hand_create", game), ron_post(key=key))
    second = bob_client.post(url("hand_create", game), ron_post(key=key))

    assert HandRecord.objects.filter(game=game).count() == 1
    assert first.status_code == second.status_code == 302
    assert said(first) == said(second)
    assert said(second) == "Hand 1 recorded: Ben ron from Chie, 3 han 40 fu."
    game.refresh_from_db()
    # Ben's non-dealer ron, 3 han 40 fu: 5,200 from Chie.
    assert list(game.game_state().scores) == [25000, 30200, 19800, 25000]


def test_the_key_may_come_as_the_idempotency_key_header(bob_client, game):
    key = str(uuid.uuid4())

    bob_client.post(url("hand_create", game), ron_post(), headers={"Idempotency-Key": key})
    again = bob_client.post(url("hand_create", game), ron_post(key=key), **HTMX)

    assert HandRecord.objects.filter(game=game).count() == 1
    assert again.status_code == 200
    assert "Hand 1 recorded: Ben ron from Chie, 3 han 40 fu." in again.content.decode()


def waited(data):
    """A hand as a phone sends it after it waited there (its place may have been taken)."""
    return {**data, "key": str(uuid.uuid4()), "waited": "1"}


def test_the_same_hand_sent_by_another_phone_is_taken_as_the_one_recorded(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))

    other = bob_client.post(url("hand_create", game), waited(ron_post()))

    assert HandRecord.objects.filter(game=game).count() == 1
    assert SentHand.objects.get(outcome="merged").sequence == 0
    assert "taken as that one" in said(other)
    assert "to settle" not in bob_client.get(url("game_table", game)).content.decode()


def test_a_different_hand_for_a_place_taken_is_kept_as_a_conflict(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))

    other = bob_client.post(url("hand_create", game), waited(tsumo_post()), **HTMX)

    assert other.status_code == 409
    assert HandRecord.objects.filter(game=game).count() == 1
    assert "Both versions are kept" in other.content.decode()
    page = bob_client.get(url("game_table", game)).content.decode()
    assert "A hand to settle" in page
    assert "Ben ron from Chie, 3 han 40 fu" in page
    assert "Dan tsumo, 4 han 30 fu" in page


def test_a_hand_entered_after_a_conflict_is_a_conflict_too(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))
    first = str(uuid.uuid4())
    bob_client.post(url("hand_create", game), {**waited(tsumo_post()), "key": first})

    # Hand 2 was entered on the phone after its own hand 1: its place is free, but the
    # points it was entered on are not the game's.
    bob_client.post(url("hand_create", game), waited(ron_post(1, after=first)))

    assert HandRecord.objects.filter(game=game).count() == 1
    assert SentHand.objects.filter(outcome="conflict").count() == 2
    page = bob_client.get(url("game_table", game)).content.decode()
    assert "2 hands to settle" in page
    assert "Nothing yet: the place is empty." in page


def test_a_hand_entered_after_one_taken_as_the_same_is_recorded(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))
    first = waited(ron_post())
    bob_client.post(url("hand_create", game), first)

    bob_client.post(url("hand_create", game), waited(tsumo_post(1, after=first["key"])))

    assert [r.data for r in HandRecord.objects.filter(game=game).order_by("sequence")] == [
        {"ron": {"from": 2, "wins": [{"winner": 1, "han": 3, "fu": 40}]}},
        {"tsumo": {"winner": 3, "han": 4, "fu": 30}},
    ]
    assert not SentHand.objects.filter(outcome="conflict").exists()


def test_a_hand_sent_as_it_was_entered_for_a_place_taken_is_refused_as_before(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))

    # Someone looking at the answer: told at once, as without a key; nothing is kept.
    other = bob_client.post(url("hand_create", game), tsumo_post(key=str(uuid.uuid4())), **HTMX)

    assert other.status_code == 409
    assert "The game changed on another phone — nothing was recorded" in other.content.decode()
    assert SentHand.objects.filter(outcome="conflict").count() == 0


def _conflict(bob_client, game) -> SentHand:
    bob_client.post(url("hand_create", game), ron_post(key=str(uuid.uuid4())))
    bob_client.post(url("hand_create", game), waited(tsumo_post()))
    return SentHand.objects.get(outcome="conflict")


def test_keeping_the_recorded_version_discards_the_one_sent_and_says_so(bob_client, game):
    sent = _conflict(bob_client, game)

    bob_client.post(url("conflict_settle", game, sent.pk), {"keep": "stored"})

    sent.refresh_from_db()
    assert sent.outcome == "discarded"
    assert HandRecord.objects.get(game=game).data == {
        "ron": {"from": 2, "wins": [{"winner": 1, "han": 3, "fu": 40}]}
    }
    page = bob_client.get(url("game_table", game)).content.decode()
    assert "to settle" not in page
    assert "Hand 1: a version sent (Dan tsumo, 4 han 30 fu) was discarded." in page
    assert "by bob" in page


def test_keeping_the_version_sent_replaces_the_recorded_one_and_says_so(bob_client, game):
    sent = _conflict(bob_client, game)

    bob_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})

    game.refresh_from_db()
    # Dan's non-dealer tsumo, 4 han 30 fu: 3,900 from the dealer (Aki), 2,000 from each other.
    assert list(game.game_state().scores) == [21100, 23000, 23000, 32900]
    assert game.hand_count == 1
    page = bob_client.get(url("game_table", game)).content.decode()
    assert (
        "Hand 1: the version recorded (Ben ron from Chie, 3 han 40 fu) was discarded for the one"
        " sent." in page
    )


def test_a_conflict_settled_twice_changes_nothing_the_second_time(bob_client, game):
    sent = _conflict(bob_client, game)
    bob_client.post(url("conflict_settle", game, sent.pk), {"keep": "stored"})

    again = bob_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})

    assert said(again) == "This conflict was settled already; nothing was changed."
    assert HandRecord.objects.get(game=game).data["ron"]["from"] == 2


def test_only_members_settle_a_conflict(charlie_client, bob_client, game):
    sent = _conflict(bob_client, game)

    response = charlie_client.post(url("conflict_settle", game, sent.pk), {"keep": "sent"})

    assert response.status_code == 403
    assert SentHand.objects.get(pk=sent.pk).outcome == "conflict"


@pytest.mark.parametrize("field", ["key", "after"])
def test_a_key_that_is_not_a_uuid_is_refused_naming_it(bob_client, game, field):
    response = bob_client.post(url("hand_create", game), ron_post(**{field: "12"}))

    assert response.status_code == 400
    assert f"the hand's {field} is not a UUID" in response.content.decode()
    assert not HandRecord.objects.exists()


def test_same_hand_looks_past_the_yaku_and_dora_only():
    plain = Hand(Ron(2, (Win(1, han=3, fu=40),)))
    with_yaku = Hand(Ron(2, (Win(1, han=3, fu=40, yaku=("Riichi", "Pinfu"), dora=1),)))

    assert same_hand(plain, with_yaku)
    assert not same_hand(plain, Hand(Ron(2, (Win(1, han=3, fu=30),))))
    assert not same_hand(plain, Hand(Ron(2, (Win(1, han=3, fu=40),)), riichi=(1,)))
    assert not same_hand(Hand(Tsumo(Win(1, han=3, fu=40))), plain)


def test_the_settle_address_takes_only_a_post(bob_client, game):
    sent = _conflict(bob_client, game)

    assert bob_client.get(reverse("conflict_settle", args=[game.pk, sent.pk])).status_code == 405


def test_pruning_removes_the_keys_of_stored_hands_older_than_the_days_and_keeps_conflicts(
    bob_client, game
):
    old = str(uuid.uuid4())
    bob_client.post(url("hand_create", game), ron_post(key=old))  # recorded
    bob_client.post(url("hand_create", game), waited(ron_post()))  # merged
    bob_client.post(url("hand_create", game), waited(tsumo_post()))  # a conflict
    settled = _conflict_after(bob_client, game)
    month_ago = timezone.now() - timedelta(days=31)
    SentHand.objects.update(sent_at=month_ago)
    recent = str(uuid.uuid4())
    bob_client.post(url("hand_create", game), tsumo_post(1, key=recent))
    out = io.StringIO()

    call_command("prune_sent_keys", "--days", "30", stdout=out)

    assert "removed 2 keys" in out.getvalue()
    assert sorted(SentHand.objects.values_list("outcome", flat=True)) == [
        "conflict",
        "discarded",
        "recorded",
    ]
    assert SentHand.objects.get(outcome="recorded").key == uuid.UUID(recent)
    assert SentHand.objects.get(outcome="discarded").pk == settled.pk
    # A hand sent again under a pruned key is the same hand at its place: taken as it.
    again = bob_client.post(url("hand_create", game), {**ron_post(key=old), "waited": "1"})
    assert HandRecord.objects.filter(game=game).count() == 2
    assert "taken as that one" in said(again)


def _conflict_after(bob_client, game) -> SentHand:
    """A second conflict at hand 1, settled by keeping the stored hand."""
    bob_client.post(url("hand_create", game), waited(tsumo_post(winner=2)))
    sent = SentHand.objects.filter(outcome="conflict").latest("pk")
    bob_client.post(url("conflict_settle", game, sent.pk), {"keep": "stored"})
    return sent


def test_pruning_refuses_fewer_than_one_day():
    with pytest.raises(CommandError, match="--days 0: expected 1 or more"):
        call_command("prune_sent_keys", "--days", "0")


def test_the_admin_shows_hands_sent_under_a_key_read_only(admin_client, bob_client, game):
    sent = _conflict(bob_client, game)
    listing = admin_client.get(reverse("admin:table_senthand_changelist"))
    found = admin_client.get(reverse("admin:table_senthand_changelist"), {"q": str(sent.key)})
    not_a_key = admin_client.get(reverse("admin:table_senthand_changelist"), {"q": "Table"})
    page = admin_client.get(reverse("admin:table_senthand_change", args=[sent.pk]))

    assert str(sent.key) in listing.content.decode()
    assert str(sent.key) in found.content.decode()
    assert not_a_key.status_code == 200
    assert 'name="outcome"' not in page.content.decode()
    assert "conflict" in page.content.decode()
    assert admin_client.get(reverse("admin:table_senthand_add")).status_code == 403
    delete = reverse("admin:table_senthand_delete", args=[sent.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert SentHand.objects.filter(pk=sent.pk).exists()
