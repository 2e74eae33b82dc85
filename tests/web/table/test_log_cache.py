"""The table page keeps its drawn hand log in the cache (under the game's revision, its
players' names, the language and what the reader may do). Whatever happens to the game, each
reader sees the log that would be drawn afresh."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.registry.services import rename_player
from scorekeeper.table.services.games import finish_game
from scorekeeper.table.services.hands import edit_hand, record_hand, undo_last_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from tests.web.operations.test_backup import wipe

pytestmark = pytest.mark.django_db

NO_CACHE = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def hand_log(client: Client, game, language: str) -> str:
    html = client.get(
        reverse("game_table", args=[game.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    found = re.search(r'<section id="hand-log".*?</section>', html, re.S)
    assert found
    return found[0]


def test_every_reader_sees_the_log_as_drawn_afresh_after_each_change(
    client, charlie_client, bob_client, alice_client, game, players
):
    readers = {"visitor": client, "outsider": charlie_client, "member": bob_client}
    readers["organiser"] = alice_client

    def each_reader_sees_it_fresh(step: str) -> None:
        seen = {
            (who, language): hand_log(reader, game, language)
            for who, reader in readers.items()
            for language in ("en", "ja")
        }
        with override_settings(CACHES=NO_CACHE):
            for (who, language), log in seen.items():
                assert log == hand_log(readers[who], game, language), (step, who, language)

    ron = Hand(Ron(2, (Win(1, han=3, fu=40),)))
    steps = [
        ("first hand", lambda: record_hand(game=game, hand=ron, expected_sequence=0)),
        (
            "second hand",
            lambda: record_hand(
                game=game, hand=Hand(Draw(tenpai=(0, 1)), riichi=(0,)), expected_sequence=1
            ),
        ),
        (
            "first hand edited",
            lambda: edit_hand(
                game=game, sequence=0, hand=Hand(Tsumo(Win(3, han=2, fu=30))), expected_sequence=2
            ),
        ),
        (
            "penalty",
            lambda: give_penalty(
                game=game, seat=2, points=10000, reason="late", expected_revision=game_revision()
            ),
        ),
        ("renamed", lambda: rename_player(player=players[1], name="Benjamin")),
        ("undo", lambda: undo_last_hand(game=game, expected_sequence=2)),
        ("finished", lambda: finish_game(game=game, expected_sequence=1)),
    ]

    def game_revision() -> int:
        game.refresh_from_db()
        return game.revision

    each_reader_sees_it_fresh("no hands")
    for step, change in steps:
        change()
        game.refresh_from_db()
        each_reader_sees_it_fresh(step)
    assert "Benjamin" in hand_log(client, game, "en")
    assert "Edit" in hand_log(alice_client, game, "en")
    assert "Edit" not in hand_log(bob_client, game, "en")  # a finished game: organisers only


def test_a_log_is_drawn_once_and_then_read_from_the_cache(client, game, players):
    """The key is the same for the same log, read twice: what it digests holds no object
    that prints differently each time (a lazy text, an address in memory)."""
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    first = hand_log(client, game, "en")

    url = reverse("game_table", args=[game.pk])
    keys = {client.get(url).context["log_key"] for _ in range(2)}

    assert len(keys) == 1
    assert hand_log(client, game, "en") == first


def test_after_a_restore_the_hand_recorded_is_shown_not_the_one_recorded_before_it(
    client, bob_client, game
):
    """A restore brings a game back to the revision of its backup, at the moment it was made:
    the hand recorded after it is a new hand at a revision the game had before."""
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    text = "".join(backup_lines())
    record_hand(game=game, hand=Hand(Tsumo(Win(3, han=2, fu=30))), expected_sequence=1)
    board = reverse("game_live_board", args=[game.pk])
    before = {"log": hand_log(client, game, "en"), "etag": client.get(board)["ETag"]}
    assert "Dan tsumo" in before["log"]
    wipe()
    restore(io.StringIO(text))

    record_hand(game=game, hand=Hand(Draw(tenpai=(0,))), expected_sequence=1)

    log = hand_log(client, game, "en")
    assert "Dan tsumo" not in log and "Exhaustive draw: Aki tenpai" in log
    with override_settings(CACHES=NO_CACHE):
        assert log == hand_log(client, game, "en")
    assert client.get(board, HTTP_IF_NONE_MATCH=before["etag"]).status_code == 200


@pytest.mark.parametrize("who", ["member", "organiser"])
def test_a_hand_sent_by_the_plain_form_keeps_the_drawn_log_with_its_line_on_top(
    who, bob_client, alice_client, game
):
    """The plain form's answer sends the phone to the table page: the hand's line is drawn
    on top of the log kept for the game before it (for this reader), and the page shows it
    as it would be drawn afresh."""
    from django.core.cache import cache
    from django.core.cache.utils import make_template_fragment_key
    from django.utils import translation

    from scorekeeper.table.display import log_key
    from scorekeeper.table.pages import LOG_LINES, board_key, load_game, seat_names

    reader = {"member": bob_client, "organiser": alice_client}[who]
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    for sequence, tenpai in ((1, "0"), (2, "1"), (3, "2")):
        hand_log(reader, game, "en")  # the page keeps its log drawn
        sent = {"sequence": str(sequence), "outcome": "draw", "tenpai": tenpai}

        answer = reader.post(
            reverse("hand_create", args=[game.pk]), sent, HTTP_ACCEPT_LANGUAGE="en"
        )

        assert answer.status_code == 302
        now = load_game(game.pk)
        with translation.override("en"):
            key = log_key(board_key(now, seat_names(now)))
        kept = cache.get(make_template_fragment_key(LOG_LINES, [key, True, who == "organiser"]))
        assert kept is not None and kept.lstrip().startswith(
            f'<li class="log-hand" id="hand-{sequence + 1}">'
        )
        log = hand_log(reader, game, "en")
        with override_settings(CACHES=NO_CACHE):
            assert log == hand_log(reader, game, "en")
    assert log.count('class="log-hand"') == 4


def points_chart(html: str) -> str:
    found = re.search(r'<section id="points-chart".*?</section>', html, re.S)
    assert found, "the points chart is drawn"
    return found[0]


def test_the_chart_kept_by_the_table_page_is_the_one_its_address_answers(client, game, monkeypatch):
    """The phone fetches the chart after each hand; the table page draws the same chart. It
    is drawn once per change of the game, by whichever asks first, and the other reads it
    from the cache: here the chart's address answers without the game being replayed."""
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    table = reverse("game_table", args=[game.pk])
    chart = reverse("game_chart", args=[game.pk])
    drawn = points_chart(client.get(table).content.decode())
    assert "over 1 hand" in drawn

    def not_again(*args, **kwargs):
        raise AssertionError("the chart was drawn again for an unchanged game")

    with monkeypatch.context() as patched:
        patched.setattr("scorekeeper.table.views.live.scoreboard", not_again)
        kept = client.get(chart)
    assert kept.status_code == 200
    assert points_chart(kept.content.decode()) == drawn

    # A new hand: the chart's address draws the new chart, and the table page reads it.
    record_hand(game=game, hand=Hand(Draw(tenpai=(0, 1))), expected_sequence=1)
    fetched = points_chart(client.get(chart).content.decode())
    assert "over 2 hands" in fetched
    with override_settings(CACHES=NO_CACHE):
        assert fetched == points_chart(client.get(chart).content.decode())
        assert fetched == points_chart(client.get(table).content.decode())
    assert fetched == points_chart(client.get(table).content.decode())
