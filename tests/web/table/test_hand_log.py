"""The hand log says who recorded and who last edited each hand, and when, in a number of
queries that does not grow with the game or its penalties."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import edit_hand, record_hand
from scorekeeper.table.services.penalties import give_penalty
from scoring.outcomes import Draw, Hand
from scoring.rules import PRESETS
from scoring.state import GameState

pytestmark = pytest.mark.django_db

DRAW = Hand(Draw(tenpai=(0,)))


def log_entry(html: str, number: int) -> str:
    """Hand ``number``'s entry in the log: up to the next entry or the end of the list."""
    start = html.index(f'<li class="log-hand" id="hand-{number}">')
    ends = [html.find(mark, start + 1) for mark in ('<li class="log-', "</ol>")]
    return html[start : min(end for end in ends if end != -1)]


def test_the_log_says_who_recorded_and_who_edited_each_hand(alice, bob, bob_client, game):
    record_hand(game=game, hand=DRAW, expected_sequence=0, user=bob)
    record_hand(game=game, hand=DRAW, expected_sequence=1, user=bob)
    edit_hand(game=game, sequence=0, hand=Hand(Draw(tenpai=(1,))), expected_sequence=2, user=alice)

    html = bob_client.get(game.get_absolute_url()).content.decode()

    first, second = log_entry(html, 1), log_entry(html, 2)
    assert "Recorded by bob <time datetime=" in first
    assert "edited by alice <time datetime=" in first
    assert "Recorded by bob" in second
    assert "edited" not in second.split("log-authors", 1)[1]


def test_a_hand_recorded_by_htmx_comes_back_with_its_author(bob_client, game):
    post = {"sequence": "0", "outcome": "draw", "tenpai": ["0"]}

    response = bob_client.post(reverse("hand_create", args=[game.pk]), post, HTTP_HX_REQUEST="true")
    record_hand(game=game, hand=DRAW, expected_sequence=1)
    second = bob_client.post(
        reverse("hand_create", args=[game.pk]),
        {**post, "sequence": "2"},
        HTTP_HX_REQUEST="true",
    )

    assert "Recorded by bob" in response.content.decode()
    assert "Recorded by bob" in second.content.decode()


def test_a_hand_whose_author_is_not_known_says_only_when(bob_client, game):
    record_hand(game=game, hand=DRAW, expected_sequence=0)

    entry = log_entry(bob_client.get(game.get_absolute_url()).content.decode(), 1)

    assert "Recorded <time datetime=" in entry


def test_the_table_page_queries_do_not_grow_with_hands_or_penalties(
    alice, alice_client, game, django_assert_max_num_queries
):
    record_hand(game=game, hand=DRAW, expected_sequence=0, user=alice)
    with django_assert_max_num_queries(50) as few:
        alice_client.get(game.get_absolute_url())
    for sequence in range(1, 12):
        record_hand(game=game, hand=DRAW, expected_sequence=sequence, user=alice)
        game.refresh_from_db()
        give_penalty(game=game, seat=sequence % 4, points=1000, expected_revision=game.revision)
        game.refresh_from_db()

    with django_assert_max_num_queries(len(few.captured_queries)):
        alice_client.get(game.get_absolute_url())


def test_the_first_hand_by_htmx_keeps_the_start_and_the_penalties_before_it(alice_client, players):
    game = start_game(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        players=players,
        start=GameState((30000, 20000, 25000, 25000), 4),
    )
    give_penalty(game=game, seat=1, points=1000, expected_revision=game.revision)

    response = alice_client.post(
        reverse("hand_create", args=[game.pk]),
        {"sequence": "0", "outcome": "draw", "tenpai": ["0"]},
        HTTP_HX_REQUEST="true",
    )

    html = response.content.decode()
    assert html.index('id="hand-1"') < html.index('id="penalty-1"') < html.index('id="hand-start"')
