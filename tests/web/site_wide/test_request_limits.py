"""Bounds on what one request or one game may make the site hold: a game's hands (a
hanchan has some 10 to 25; ``MAX_HANDS`` leaves room for any marathon), and request bodies,
refused with a clear answer before anything reads them."""

from __future__ import annotations

import io
import json

import pytest
from django.urls import reverse

from scorekeeper.club.models import MAX_HANDS, Game, HandRecord
from scorekeeper.errors import GameFull, RestoreError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.table.services.games import import_record
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand
from tests.web.operations.test_backup import first_game_line, wipe
from tests.web.table.test_table_views import ron_post

ALL_TENPAI = {"draw": {"tenpai": [0, 1, 2, 3]}}


def _full(game: Game) -> Game:
    """The game as if it held ``MAX_HANDS`` hands (its points are those of the start)."""
    Game.objects.filter(pk=game.pk).update(hand_count=MAX_HANDS)
    game.refresh_from_db()
    return game


def test_a_game_refuses_the_hand_past_the_most_it_may_hold(game):
    game = _full(game)

    with pytest.raises(
        GameFull, match=f"This game has {MAX_HANDS} hands, the most a game may hold"
    ):
        record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=MAX_HANDS)

    assert not HandRecord.objects.exists()


def test_the_table_says_the_game_is_full_instead_of_recording(bob_client, game):
    _full(game)

    response = bob_client.post(
        reverse("hand_create", args=[game.pk]), ron_post(MAX_HANDS), follow=True
    )

    assert "the most a game may hold: finish it and start another." in response.content.decode()
    assert not HandRecord.objects.exists()


def test_a_record_of_more_hands_than_a_game_holds_is_not_imported(db):
    doc = {
        "format": "scorekeeper.game/1",
        "rules": "tenhou",
        "players": ["Aki", "Ben", "Chie", "Dan"],
        "hands": [ALL_TENPAI] * (MAX_HANDS + 1),
    }

    with pytest.raises(
        GameFull, match=f"hands: {MAX_HANDS + 1} hands; a game holds at most {MAX_HANDS}"
    ):
        import_record(doc=doc)

    assert not Game.objects.exists()


def test_a_record_of_as_many_hands_as_a_game_holds_is_imported(db):
    doc = {
        "format": "scorekeeper.game/1",
        "rules": "tenhou",
        "players": ["Aki", "Ben", "Chie", "Dan"],
        "hands": [ALL_TENPAI] * MAX_HANDS,
    }

    assert import_record(doc=doc).hand_count == MAX_HANDS


def test_a_backup_with_a_game_past_the_bound_is_refused_naming_the_line(game, monkeypatch):
    record_hand(game=game, hand=Hand(Draw(tenpai=(0, 1, 2, 3))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(0, 1, 2, 3))), expected_sequence=1)
    text = "".join(backup_lines())
    number = first_game_line(text)
    assert len(json.loads(text.splitlines()[number - 1])["record"]["hands"]) == 2
    wipe()
    monkeypatch.setattr("scorekeeper.operations.restore.MAX_HANDS", 1)

    with pytest.raises(RestoreError, match=rf"^line {number}: record.hands: 2 hands; at most 1"):
        restore(io.StringIO(text))

    assert not Game.objects.exists()


# Request bodies.


def test_a_body_larger_than_the_bound_is_a_413_that_says_so_before_the_login_is_checked(
    client, bob, settings
):
    big = "x" * (settings.SCOREKEEPER_MAX_BODY + 1)

    response = client.post(reverse("login"), {"username": "bob", "password": big})

    assert response.status_code == 413
    assert response.content.decode() == (
        "Request too large: this site takes at most 1 MB in one request.\n"
    )
    assert "_auth_user_id" not in client.session


def test_a_body_within_the_bound_goes_through(alice_client, settings):
    name = "A" * 100
    padding = "x" * (settings.SCOREKEEPER_MAX_BODY // 2)

    response = alice_client.post(reverse("player_new"), {"name": name, "padding": padding})

    assert response.status_code == 302


def test_a_body_sent_in_pieces_is_refused_with_the_same_clear_answer(alice_client, settings):
    """A body whose announced size is within the bound but whose parsed data is not: the
    parser's refusal (RequestDataTooBig) becomes the same 413."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000

    response = alice_client.post(reverse("player_new"), {"name": "x" * 2000})

    assert response.status_code == 413
    assert "at most 1,000 bytes in one request" in response.content.decode()


def test_a_form_with_too_many_fields_is_a_400_that_says_so(alice_client, settings):
    fields = {f"f{n}": "1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}

    response = alice_client.post(reverse("player_new"), fields)

    assert response.status_code == 400
    assert response.content.decode() == "Bad request: too many form fields (at most 5,000).\n"


def test_a_content_length_that_is_not_a_number_is_a_400(client, db):
    response = client.generic("POST", reverse("login"), b"", CONTENT_LENGTH="lots")

    assert response.status_code == 400
    assert "Content-Length" in response.content.decode()


def test_the_settings_bound_uploads_and_fields(settings):
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE == settings.SCOREKEEPER_MAX_BODY == 1024 * 1024
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == settings.SCOREKEEPER_MAX_BODY
    assert settings.DATA_UPLOAD_MAX_NUMBER_FILES == 1
