"""A hand recorded by htmx from a blank form whose next hand's form is the same (the dealer
keeps the deal, all-last has not come): the answer leaves the phone's form in place, with the
new number of hands and a blank preview, and asks the page to reset it. Any other hand, or a
form that was not blank, gets the whole next form as before."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scorekeeper.club.models import Game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, game: Game) -> str:
    return reverse(name, args=[game.pk])


def blank_of(html: str) -> str:
    """The shape a blank form sends back (its hidden ``blank`` field)."""
    found = re.search(r'<input type="hidden" name="blank" value="([0-9a-f]+)">', html)
    assert found, "the blank form carries its shape"
    return found[1]


def sequence_in(html: str) -> str:
    found = re.search(r'name="sequence" value="(\d+)"', html)
    assert found
    return found[1]


def dealer_ron(sequence: int, blank: str | None, **extra: str) -> dict[str, object]:
    """East (the dealer, seat 0) wins 2 han 30 fu from Chie: East keeps the deal."""
    data: dict[str, object] = {
        "sequence": str(sequence),
        "outcome": "ron",
        "winners": ["0"],
        "discarder": "2",
        "win_0_han": "2",
        "win_0_fu": "30",
        **extra,
    }
    if blank is not None:
        data["blank"] = blank
    return data


def test_a_dealers_win_from_the_blank_form_keeps_the_form_and_sends_its_new_number(
    bob_client, game
):
    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())

    response = bob_client.post(url("hand_create", game), dealer_ron(0, blank), **HTMX)
    html = response.content.decode()

    assert response.status_code == 200
    assert '<form id="hand-form"' not in html
    assert response["HX-Retarget"] == "#record-title"
    assert json.loads(response["HX-Trigger-After-Swap"]) == {"hand-form-kept": {}}
    assert json.loads(response["HX-Trigger"]) == {"hand-recorded": {}}
    # East's renchan: hand 2 is East 1 with 1 honba.
    assert html.lstrip().startswith('<h2 id="record-title">')
    assert re.search(r"Hand 2\s+<span[^>]*>· East 1, 1 honba", html)
    assert re.search(r'<span id="hand-sequence" hx-swap-oob="true">', html)
    assert sequence_in(html) == "1"
    assert re.search(r'<section id="preview"[^>]*hx-swap-oob="true"', html)
    assert "Choose what happened" in html
    assert 'id="scoreboard"' in html and "Hand 1 recorded" in html
    # The answer is small: none of the chips.
    assert 'name="win_0_han"' not in html
    assert len(html) < 20_000

    # The kept form is still the page's: its next hand is recorded and kept again.
    again = bob_client.post(url("hand_create", game), dealer_ron(1, blank), **HTMX)
    assert again["HX-Retarget"] == "#record-title"
    assert sequence_in(again.content.decode()) == "2"
    game.refresh_from_db()
    assert game.hand_count == 2


def test_the_table_page_after_a_kept_form_draws_the_same_blank_form(bob_client, game):
    before = bob_client.get(url("game_table", game)).content.decode()
    bob_client.post(url("hand_create", game), dealer_ron(0, blank_of(before)), **HTMX)

    after = bob_client.get(url("game_table", game)).content.decode()

    assert blank_of(after) == blank_of(before)
    assert sequence_in(after[after.index('<form id="hand-form"') :]) == "1"


def test_a_hand_that_passes_the_deal_sends_the_whole_next_form(bob_client, game):
    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())
    # South (not the dealer) wins: the deal passes, and the form's winds move.
    data = dealer_ron(0, blank, winners="1")
    data.update({"winners": ["1"], "win_1_han": "2", "win_1_fu": "30"})
    del data["win_0_han"], data["win_0_fu"]

    response = bob_client.post(url("hand_create", game), data, **HTMX)
    html = response.content.decode()

    assert response["HX-Retarget"] == "#record-hand"
    assert "HX-Trigger-After-Swap" not in response
    assert '<form id="hand-form"' in html
    assert blank_of(html) != blank
    assert sequence_in(html) == "1"


@pytest.mark.parametrize("blank", [None, "", "0" * 32, "not a shape"])
def test_a_form_that_was_not_the_blank_one_gets_the_whole_next_form(bob_client, game, blank):
    response = bob_client.post(url("hand_create", game), dealer_ron(0, blank), **HTMX)

    assert response.status_code == 200
    assert response["HX-Retarget"] == "#record-hand"
    assert '<form id="hand-form"' in response.content.decode()


def test_a_blank_form_of_another_language_gets_the_whole_next_form(bob_client, game):
    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())

    response = bob_client.post(
        url("hand_create", game), dealer_ron(0, blank), HTTP_ACCEPT_LANGUAGE="ja", **HTMX
    )

    assert response["HX-Retarget"] == "#record-hand"
    assert "東1局" in response.content.decode()


def test_a_plain_post_from_the_blank_form_still_redirects(bob_client, game):
    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())

    response = bob_client.post(url("hand_create", game), dealer_ron(0, blank))

    assert response.status_code == 302


def test_a_refused_form_comes_back_without_the_blank_shape(bob_client, game):
    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())

    # 1 han 20 fu on a ron does not exist.
    data = dealer_ron(0, blank, win_0_han="1", win_0_fu="20")
    response = bob_client.post(url("hand_create", game), data, **HTMX)
    html = response.content.decode()

    assert response.status_code == 422
    assert '<form id="hand-form"' in html
    assert 'name="blank"' not in html


def test_a_hand_from_the_kept_form_reads_each_thing_once_and_writes_two_rows(bob_client, game):
    """The queries of the commonest request at a table, by what each is for: the session,
    the member (with their membership, in the same query), the game (its seats are kept
    since the table page read them), then the game's row written (if no one wrote it since
    it was read) and the hand's inserted (inside a savepoint: the test's own transaction is
    around it)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())
    bob_client.post(url("hand_create", game), dealer_ron(0, blank), **HTMX)
    blank = blank_of(bob_client.get(url("game_table", game)).content.decode())

    with CaptureQueriesContext(connection) as queries:
        response = bob_client.post(url("hand_create", game), dealer_ron(1, blank), **HTMX)

    assert response.headers["HX-Retarget"] == "#record-title"
    kinds = []
    for query in queries.captured_queries:
        sql = query["sql"]
        # The table read or written: the last one named (a subquery comes before it).
        tables = re.findall(r'(?:FROM|UPDATE|INTO) "(\w+)"', sql)
        kinds.append((sql.split()[0], tables[-1] if tables else ""))
    assert kinds == [
        ("SELECT", "django_session"),
        ("SELECT", "auth_user"),
        ("SELECT", "club_game"),
        ("SAVEPOINT", ""),
        # The game's row written where its revision is still the one read (which takes its
        # lock); a game outside a tournament has no clock: nothing more is asked.
        ("UPDATE", "club_game"),
        ("INSERT", "club_handrecord"),
        ("RELEASE", ""),
    ]
    assert "auth_user_groups" in queries.captured_queries[1]["sql"]
