"""SQLite's write lock not got in time (a long restore holds it): the writer is answered 503
with Retry-After and a page that says to try again, never a 500, and nothing is written."""

from __future__ import annotations

import uuid

import pytest
from django.db import OperationalError

from scorekeeper.club.models import HandRecord
from tests.web.table.test_sent_hands import waited
from tests.web.table.test_table_views import HTMX, ron_post, url

pytestmark = pytest.mark.django_db


def locked(*args, **kwargs):
    raise OperationalError("database is locked")


@pytest.fixture
def busy(monkeypatch):
    monkeypatch.setattr("scorekeeper.table.services.submit.record_hand", locked)
    monkeypatch.setattr("scorekeeper.table.services.outbox.record_hand", locked)


@pytest.mark.parametrize("headers", [{}, HTMX])
def test_a_hand_recorded_while_the_database_is_locked_is_answered_503_to_try_again(
    bob_client, game, busy, headers
):
    response = bob_client.post(url("hand_create", game), ron_post(), **headers)

    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert "Try again in 10 seconds" in response.content.decode()
    assert not HandRecord.objects.exists()


def test_a_hand_that_waited_is_answered_503_so_the_phone_sends_it_again(bob_client, game, busy):
    response = bob_client.post(url("hand_create", game), waited(ron_post(key=str(uuid.uuid4()))))

    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    assert not HandRecord.objects.exists()


def test_other_database_errors_are_not_taken_for_a_busy_database(bob_client, game, monkeypatch):
    def broken(*args, **kwargs):
        raise OperationalError("no such table: club_game")

    monkeypatch.setattr("scorekeeper.table.services.submit.record_hand", broken)
    bob_client.raise_request_exception = True

    with pytest.raises(OperationalError):
        bob_client.post(url("hand_create", game), ron_post())
