"""The table page: recording hands by plain POST and by htmx, refusals (422, 409), the preview,
corrections, undo, finishing and abandoning, the record download, who may do what, and query
counts that do not grow with the game."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.club.models import Game, HandRecord
from scorekeeper.table.services.games import export_record, start_game
from scorekeeper.table.services.hands import edit_hand, record_hand
from scoring.outcomes import Chombo, Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name, game, *args):
    return reverse(name, args=[game.pk, *args])


def ron_post(sequence=0, *, winner=1, discarder=2, han="3", fu="40", **extra):
    return {
        "sequence": str(sequence),
        "outcome": "ron",
        "winners": [str(winner)],
        "discarder": str(discarder),
        f"win_{winner}_han": han,
        f"win_{winner}_fu": fu,
        **extra,
    }


def text_of(html: str, element_id: str) -> str:
    """The text inside the element with this id (up to its closing tag, nesting ignored)."""
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</', html, re.S)
    assert match, f"no #{element_id}"
    return re.sub(r"<[^>]+>", " ", match[1]).strip()


def refresh(game: Game) -> Game:
    game.refresh_from_db()
    return game


# Reading the table.


def test_the_table_shows_the_round_the_players_and_their_differences(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)

    html = bob_client.get(url("game_table", game)).content.decode()

    assert "East 2" in html  # Ben won as a non-dealer: the deal passes to him
    assert re.search(r"Ben</span>\s*<span class=\"dealer-badge\">Dealer</span>", html)
    assert "30,200" in html and "19,800" in html
    assert 'vs Chie <b class="up">+10,400</b>' in html  # Ben 30,200 against Chie 19,800
    assert "Ben ron from Chie, 3 han 40 fu" in html
    assert 'id="hand-form"' in html


def test_visitors_and_outsiders_read_the_table_without_the_form(client, charlie_client, game):
    for reader in (client, charlie_client):
        response = reader.get(url("game_table", game))

        assert response.status_code == 200
        assert "East 1" in response.content.decode()
        assert 'id="hand-form"' not in response.content.decode()


def test_without_public_reading_visitors_are_sent_to_log_in_and_outsiders_refused(
    client, charlie_client, bob_client, game, settings
):
    settings.SCOREKEEPER_PUBLIC_READ = False

    assert client.get(url("game_table", game)).status_code == 302
    assert client.get(url("game_record", game)).status_code == 302
    assert charlie_client.get(url("game_table", game)).status_code == 403
    assert bob_client.get(url("game_table", game)).status_code == 200


def test_an_unknown_game_is_not_found(bob_client, game):
    assert bob_client.get(reverse("game_table", args=[game.pk + 99])).status_code == 404


# Recording.


def test_a_plain_post_records_the_hand_and_redirects_to_the_table(bob_client, game, bob):
    response = bob_client.post(url("hand_create", game), ron_post(riichi=["1"]))

    assert response.status_code == 302
    assert response["Location"] == url("game_table", game)
    stored = HandRecord.objects.get(game=game)
    assert stored.data == {
        "riichi": [1],
        "ron": {"from": 2, "wins": [{"winner": 1, "han": 3, "fu": 40}]},
    }
    assert stored.recorded_by == bob
    page = bob_client.get(response["Location"]).content.decode()
    assert "Hand 1 recorded: Ben ron from Chie, 3 han 40 fu." in page


def test_an_htmx_post_answers_with_the_parts_of_the_table_it_changed_and_an_event(bob_client, game):
    response = bob_client.post(url("hand_create", game), ron_post(), **HTMX)
    html = response.content.decode()

    assert response.status_code == 200
    assert json.loads(response["HX-Trigger"]) == {"hand-recorded": {}}
    assert "<html" not in html
    # The form for the next hand takes the place of the one sent...
    assert response["HX-Retarget"] == "#record-hand"
    assert response["HX-Reswap"] == "outerHTML show:#scoreboard:top"
    assert html.lstrip().startswith('<section id="record-hand"')
    assert 'name="sequence" value="1"' in html
    assert re.fullmatch(r"Hand 2\s+· East 2", text_of(html, "record-title"))
    # ... and the rest of what changed comes out of band.
    for part in ("table-meta", "scoreboard", "game-actions", "messages", "hand-log"):
        assert re.search(rf'id="{part}"[^>]*hx-swap-oob="true"', html), part
    assert "Hand 1 recorded" in text_of(html, "messages")
    assert "30,200" in part_of(html, "scoreboard")
    assert 'id="game-table"' not in html
    assert refresh(game).hand_count == 1


def test_an_htmx_post_after_the_first_hand_adds_only_its_line_to_the_log(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post(), **HTMX)

    second = ron_post(1, winner=2, discarder=3)
    html = bob_client.post(url("hand_create", game), second, **HTMX).content.decode()

    added = re.search(r'<ol hx-swap-oob="afterbegin:#hand-log-list">(.*?)</ol>\s*$', html, re.S)
    assert added, "the new line goes at the top of the log"
    assert 'id="hand-2"' in added[1] and "Chie ron from Dan" in added[1]
    assert 'id="hand-1"' not in html
    assert 'id="hand-log"' not in html


def part_of(html: str, element_id: str) -> str:
    """The element with this id (its tag's name followed to its own closing tag), with the
    out-of-band marker and the CSRF tokens (new for every answer) taken out."""
    start = html.index(f'id="{element_id}"')
    start = html.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", html[start:])[1]
    depth, at = 0, start
    for match in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if match[1] else 1
        if depth == 0:
            at = start + match.end()
            break
    element = html[start : html.index(">", at) + 1]
    element = element.replace(' hx-swap-oob="true"', "")
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", element)


@pytest.mark.parametrize("hands", [0, 1, 4])
def test_the_parts_an_htmx_post_sends_are_those_of_the_table_page_after_it(bob_client, game, hands):
    # Ron, then renchan, riichi, a draw: the dealer, the honba and the sticks all move.
    posts = [
        ron_post(0, winner=0, discarder=2),
        ron_post(1, winner=0, discarder=3, han="2", fu="30", riichi=["2"]),
        {"sequence": "2", "outcome": "draw", "tenpai": ["1"], "riichi": ["1"]},
        ron_post(3, winner=2, discarder=1, han="1", fu="30"),
        {"sequence": "4", "outcome": "tsumo", "winner": "3", "win_3_han": "4", "win_3_fu": "30"},
    ]
    for data in posts[:hands]:
        assert bob_client.post(url("hand_create", game), data).status_code == 302

    sent = bob_client.post(url("hand_create", game), posts[hands], **HTMX).content.decode()
    page = bob_client.get(url("game_table", game)).content.decode()

    for part in ("record-hand", "table-meta", "scoreboard", "game-actions"):
        assert part_of(sent, part) == part_of(page, part), part
    assert part_of(sent, f"hand-{hands + 1}") == part_of(page, f"hand-{hands + 1}")


def test_an_impossible_hand_is_refused_next_to_its_field_and_nothing_is_recorded(bob_client, game):
    # 1 han 20 fu by ron: the form allows the fu, the engine refuses the hand.
    response = bob_client.post(url("hand_create", game), ron_post(han="1", fu="20"), **HTMX)
    html = response.content.decode()

    assert response.status_code == 422
    assert "20 fu cannot be won by ron" in text_of(html, "id_win_1_fu_error")
    assert "HX-Trigger" not in response
    assert response["HX-Reswap"] == "outerHTML show:#hand-form:top"
    # What was entered stays entered.
    assert re.search(r'name="win_1_han" value="1"[^>]*checked', html)
    assert refresh(game).hand_count == 0
    assert not HandRecord.objects.exists()
    # Checked with the winner's fields only, the form comes back whole: every seat's.
    assert [int(seat) for seat in re.findall(r'class="group win" data-seat="(\d)"', html)] == [
        0,
        1,
        2,
        3,
    ]


def test_an_impossible_hand_by_plain_post_shows_the_whole_page_with_the_error(bob_client, game):
    response = bob_client.post(url("hand_create", game), ron_post(han="1", fu="20"))

    assert response.status_code == 422
    assert "<html" in response.content.decode()
    assert "20 fu cannot be won by ron" in response.content.decode()


def test_an_incomplete_hand_is_refused_with_what_is_missing(bob_client, game):
    data = ron_post()
    del data["discarder"]

    response = bob_client.post(url("hand_create", game), data, **HTMX)

    assert response.status_code == 422
    assert "Choose who discarded the winning tile." in text_of(
        response.content.decode(), "id_discarder_error"
    )
    assert not HandRecord.objects.exists()


def test_nonsense_in_any_field_is_a_422_never_a_500(bob_client, game):
    for data in (
        {"sequence": "x", "outcome": "draw"},
        {"sequence": "0", "outcome": "win"},
        {"sequence": "0", "outcome": "tsumo", "winner": "5"},
        {"sequence": "0", "outcome": "draw", "tenpai": ["0", "0", "9"]},
        ron_post(fu="35"),
    ):
        assert bob_client.post(url("hand_create", game), data).status_code == 422, data
    assert not HandRecord.objects.exists()


def test_a_double_submission_records_once_and_shows_the_current_table(bob_client, game):
    first = bob_client.post(url("hand_create", game), ron_post(), **HTMX)
    second = bob_client.post(url("hand_create", game), ron_post(), **HTMX)
    html = second.content.decode()

    assert first.status_code == 200
    assert second.status_code == 409
    assert HandRecord.objects.filter(game=game).count() == 1
    assert (
        "This hand was already recorded (by this or another phone) — here is the current table."
        in text_of(html, "messages")
    )
    assert "30,200" in html  # the table after the first submission
    assert 'name="sequence" value="1"' in html
    assert "HX-Trigger" not in second


def test_a_double_submission_without_javascript_redirects_with_the_message(bob_client, game):
    bob_client.post(url("hand_create", game), ron_post())
    response = bob_client.post(url("hand_create", game), ron_post(), follow=True)

    assert response.redirect_chain == [(url("game_table", game), 302)]
    assert "already recorded (by this or another phone)" in response.content.decode()
    assert HandRecord.objects.filter(game=game).count() == 1


def test_a_different_hand_sent_after_another_phone_recorded_says_the_game_changed(bob_client, game):
    # Another phone records a tsumo for hand 1; this phone still sends its ron for hand 1.
    record_hand(game=game, hand=Hand(Tsumo(Win(0, han=4, fu=30))), expected_sequence=0)

    response = bob_client.post(url("hand_create", game), ron_post(), **HTMX)
    messages = text_of(response.content.decode(), "messages")

    assert response.status_code == 409
    assert (
        "The game changed on another phone — nothing was recorded; here is the current table."
        in messages
    )
    assert "already recorded" not in messages
    assert HandRecord.objects.get(game=game).data == {"tsumo": {"winner": 0, "han": 4, "fu": 30}}


def test_the_same_hand_sent_with_an_older_form_says_the_game_changed(bob_client, game):
    # Two hands were recorded since this form was shown; the last happens to be the same
    # hand, but this form was for hand 1: not a retry of hand 2.
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=1)

    response = bob_client.post(url("hand_create", game), ron_post(0), **HTMX)

    assert response.status_code == 409
    assert "The game changed on another phone" in text_of(response.content.decode(), "messages")
    assert refresh(game).hand_count == 2


def test_the_hand_that_ends_the_game_answers_with_the_final_standings(bob_client, game):
    # Aki, the dealer, wins a yakuman from Ben: 48,000 puts Ben below zero (tobi).
    data = ron_post(winner=0, discarder=1, han="yakuman", fu="")
    data["win_0_yakuman"] = "1"

    response = bob_client.post(url("hand_create", game), data, **HTMX)
    html = response.content.decode()

    assert response.status_code == 200
    assert refresh(game).status == Game.Status.FINISHED
    assert "Final standings" in text_of(html, "standings")
    assert 'id="hand-form"' not in html
    assert "Hand 1 recorded: Aki ron from Ben, yakuman." in text_of(html, "messages")


def test_who_may_record_a_hand(client, alice_client, bob_client, charlie_client, game):
    assert client.post(url("hand_create", game), ron_post()).status_code == 403
    assert charlie_client.post(url("hand_create", game), ron_post()).status_code == 403
    assert bob_client.post(url("hand_create", game), ron_post(0)).status_code == 302
    assert alice_client.post(url("hand_create", game), ron_post(1, winner=0)).status_code == 302
    assert refresh(game).hand_count == 2


def test_recording_needs_a_post(bob_client, game):
    assert bob_client.get(url("hand_create", game)).status_code == 405


# The preview.


def test_the_preview_shows_each_players_change_and_what_comes_next(bob_client, game):
    response = bob_client.post(url("hand_preview", game), ron_post(riichi=["1"]), **HTMX)
    html = response.content.decode()

    assert response.status_code == 200
    assert html.strip().startswith('<section id="preview"')
    changes = re.findall(r'class="who"[^>]*>(\w+)</span> <b class="change \w*">([^<]+)</b>', html)
    assert changes == [("Aki", "0"), ("Ben", "+5,200"), ("Chie", "−5,200"), ("Dan", "0")]
    assert "East 2" in html
    assert not HandRecord.objects.exists()


def test_the_preview_of_a_correction_plays_the_hand_from_where_it_was_played(
    bob_client, game, django_assert_max_num_queries
):
    bob_client.post(url("hand_create", game), ron_post())
    bob_client.post(url("hand_create", game), ron_post(1, winner=2, discarder=3))
    # Hand 1 corrected: Dan wins from Chie instead, in East 1 with Aki dealing.
    preview = f"{url('hand_preview', game)}?hand=1"

    with django_assert_max_num_queries(6):  # session, user, member, game with names, hands
        response = bob_client.post(preview, ron_post(winner=3, discarder=2), **HTMX)
    html = response.content.decode()

    changes = re.findall(r'class="who"[^>]*>(\w+)</span> <b class="change \w*">([^<]+)</b>', html)
    assert changes == [("Aki", "0"), ("Ben", "0"), ("Chie", "−5,200"), ("Dan", "+5,200")]
    assert "East 2" in html


def test_the_preview_of_an_unfinished_hand_says_what_is_missing(bob_client, game):
    response = bob_client.get(url("hand_preview", game), {"outcome": "ron", "winners": "1"})

    assert response.status_code == 200
    assert "Choose who discarded the winning tile." in response.content.decode()
    assert "Choose Ben’s han" in response.content.decode()


def test_the_preview_of_an_impossible_hand_gives_the_engines_reason(bob_client, game):
    response = bob_client.post(url("hand_preview", game), ron_post(han="1", fu="20"))

    assert response.status_code == 200
    assert "20 fu cannot be won by ron" in response.content.decode()


def test_only_members_preview(charlie_client, game):
    assert charlie_client.post(url("hand_preview", game), ron_post()).status_code == 403


# Corrections.


def test_a_correction_replays_the_game(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Tsumo(Win(3, han=2, fu=20))), expected_sequence=1)

    page = bob_client.get(url("hand_edit", game, 1))
    assert page.status_code == 200
    assert re.search(r'name="win_1_fu" value="40"[^>]*checked', page.content.decode())
    # Its preview shows the hand as stored until something is changed.
    assert '<b class="change up">+5,200</b>' in page.content.decode()

    assert 'name="revision" value="2"' in page.content.decode()  # two hands recorded

    response = bob_client.post(url("hand_edit", game, 1), ron_post(2, fu="30", revision="2"))

    assert response.status_code == 302
    game = refresh(game)
    # 3 han 30 fu is 3,900 instead of 5,200; the tsumo after it is replayed on top.
    assert game.state["scores"] == [24600, 28200, 20700, 26500]
    assert HandRecord.objects.get(game=game, sequence=0).edited_at is not None
    assert "edited" in bob_client.get(url("game_table", game)).content.decode()


def test_a_correction_that_breaks_a_later_hand_is_refused_naming_it(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=(2,)), riichi=(2,)), expected_sequence=1)
    before = refresh(game).state

    # A yakuman from Chie in hand 1 puts her below zero: the game would end there (tobi),
    # so hand 2 could not have been played.
    data = ron_post(2, han="yakuman", fu="", revision=str(refresh(game).revision))
    data["win_1_yakuman"] = "1"
    response = bob_client.post(url("hand_edit", game, 1), data)
    html = response.content.decode()

    assert response.status_code == 422
    # Hand 2 is named by the round it was played in, as the log shows it: Ben won hand 1,
    # so hand 2 was East 2 (not East 1, where the corrected replay stopped).
    assert "makes hand 2 (East 2) impossible: the game has already ended (tobi)" in html
    # The preview on the page already says so.
    assert "makes hand 2 (East 2) impossible" in text_of(html, "preview")
    assert refresh(game).state == before


def test_a_correction_of_an_impossible_value_is_refused_on_its_field(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)

    data = ron_post(1, han="1", fu="20", revision=str(refresh(game).revision))
    response = bob_client.post(url("hand_edit", game, 1), data)

    assert response.status_code == 422
    assert "20 fu cannot be won by ron" in text_of(response.content.decode(), "id_win_1_fu_error")


def test_a_correction_of_a_hand_that_does_not_exist_is_not_found(bob_client, game):
    assert bob_client.get(url("hand_edit", game, 1)).status_code == 404


def test_a_finished_game_is_corrected_only_by_an_organiser(alice_client, bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    alice_client.post(url("game_finish", game), {"sequence": "1", "confirmed": "on"})

    assert bob_client.get(url("hand_edit", game, 1)).status_code == 403
    assert alice_client.get(url("hand_edit", game, 1)).status_code == 200
    data = ron_post(1, han="2", fu="30", revision=str(refresh(game).revision))
    response = alice_client.post(url("hand_edit", game, 1), data)
    assert response.status_code == 302
    assert refresh(game).status == Game.Status.FINISHED
    assert refresh(game).state["scores"][1] == 27000


def shown_revision(client, game, sequence=0) -> str:
    """The revision the correction page carries, as a phone shows it."""
    html = client.get(url("hand_edit", game, sequence + 1)).content.decode()
    match = re.search(r'name="revision" value="(\d+)"', html)
    assert match, "no revision on the correction page"
    return match[1]


def test_of_two_simultaneous_corrections_of_a_hand_the_second_is_refused(
    alice_client, bob_client, game
):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    # Two phones open the correction of hand 1 at the same time.
    seen_by_bob = shown_revision(bob_client, game)
    seen_by_alice = shown_revision(alice_client, game)
    bob_fix = ron_post(1, fu="30", revision=seen_by_bob)  # 3 han 30 fu
    alice_fix = ron_post(1, han="4", fu="30", revision=seen_by_alice)  # 4 han 30 fu

    first = bob_client.post(url("hand_edit", game, 1), bob_fix)
    after_first = refresh(game).state
    second = alice_client.post(url("hand_edit", game, 1), alice_fix)

    assert first.status_code == 302
    assert second.status_code == 409
    html = second.content.decode()
    assert (
        "The game changed on another phone while you edited the hand — nothing was "
        "changed; here is the current table." in text_of(html, "messages")
    )
    assert 'id="scoreboard"' in html  # the current table, with Bob's correction
    assert refresh(game).state == after_first
    assert HandRecord.objects.get(game=game, sequence=0).data["ron"]["wins"][0]["fu"] == 30
    assert HandRecord.objects.get(game=game, sequence=0).data["ron"]["wins"][0]["han"] == 3


def test_a_correction_after_another_hand_was_corrected_is_refused(bob_client, game):
    # The number of hands stays the same; only the revision tells the game changed.
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Tsumo(Win(3, han=2, fu=20))), expected_sequence=1)
    seen = shown_revision(bob_client, game, 0)
    other = {"sequence": "2", "outcome": "tsumo", "winner": "3", "win_3_han": "3"}
    other |= {"win_3_fu": "20", "revision": shown_revision(bob_client, game, 1)}
    assert bob_client.post(url("hand_edit", game, 2), other).status_code == 302
    before = refresh(game).state

    response = bob_client.post(url("hand_edit", game, 1), ron_post(2, fu="30", revision=seen))

    assert response.status_code == 409
    assert refresh(game).state == before
    assert HandRecord.objects.get(game=game, sequence=0).edited_at is None


def test_a_correction_form_without_its_revision_is_out_of_date(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    before = refresh(game).state

    for revision in (None, "x", "-1"):
        data = ron_post(1, fu="30") | ({} if revision is None else {"revision": revision})
        response = bob_client.post(url("hand_edit", game, 1), data)

        html = response.content.decode()
        assert response.status_code == 422
        errors = html.split('id="hand-form-errors"')[1].split("</div>")[0]
        assert "This correction page is out of date: reload it and try again." in errors
    assert refresh(game).state == before


# Undo.


def test_undo_asks_first_without_javascript(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)

    confirm = bob_client.post(url("hand_undo", game), {"sequence": "1"})

    assert confirm.status_code == 200
    assert "Undo hand 1?" in confirm.content.decode()
    assert 'name="confirmed" value="on"' in confirm.content.decode()
    assert refresh(game).hand_count == 1

    done = bob_client.post(url("hand_undo", game), {"sequence": "1", "confirmed": "on"})

    assert done.status_code == 302
    assert refresh(game).hand_count == 0
    assert refresh(game).state["scores"] == [25000] * 4


def test_undo_by_htmx_answers_with_the_table(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)

    response = bob_client.post(url("hand_undo", game), {"sequence": "1", "confirmed": "on"}, **HTMX)

    assert response.status_code == 200
    assert json.loads(response["HX-Trigger"]) == {"hand-undone": {}}
    assert "Hand 1 undone: Ben ron from Chie, 1 han 30 fu." in response.content.decode()
    assert "No hands yet" in response.content.decode()


def test_an_undo_for_a_game_that_moved_on_changes_nothing(bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw()), expected_sequence=1)

    response = bob_client.post(url("hand_undo", game), {"sequence": "1", "confirmed": "on"}, **HTMX)

    assert response.status_code == 409
    assert refresh(game).hand_count == 2


def _revision_shown(client, game) -> str:
    """The revision the table's undo and finish forms carry, as the page shows them."""
    page = client.get(url("game_table", game)).content.decode()
    shown = set(re.findall(r'name="revision" value="(\d+)"', page))
    assert len(shown) == 1, shown
    return shown.pop()


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_an_undo_confirmed_before_the_hand_was_corrected_elsewhere_changes_nothing(
    bob_client, alice_client, game, htmx
):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    shown = _revision_shown(bob_client, game)
    # Another phone corrects the hand: the same number of hands, another hand.
    edit_hand(game=game, sequence=0, hand=Hand(Tsumo(Win(3, han=2, fu=30))), expected_sequence=1)
    assert refresh(game).hand_count == 1 and str(game.revision) != shown

    sent = {"sequence": "1", "revision": shown, "confirmed": "on"}
    response = bob_client.post(url("hand_undo", game), sent, **(HTMX if htmx else {}))

    assert response.status_code == 409 if htmx else response.status_code == 302
    assert refresh(game).hand_count == 1
    said = response.content.decode() if htmx else bob_client.get(response["Location"])
    assert "nothing was undone" in (said if htmx else said.content.decode())


def test_a_finish_confirmed_before_a_hand_was_corrected_elsewhere_changes_nothing(
    alice_client, game
):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=1, fu=30),))), expected_sequence=0)
    shown = _revision_shown(alice_client, game)
    edit_hand(game=game, sequence=0, hand=Hand(Tsumo(Win(3, han=2, fu=30))), expected_sequence=1)

    sent = {"sequence": "1", "revision": shown, "confirmed": "on"}
    response = alice_client.post(url("game_finish", game), sent, **HTMX)

    assert response.status_code == 409
    assert "it was not finished" in response.content.decode()
    assert refresh(game).status == Game.Status.IN_PLAY


def test_the_confirmation_page_carries_the_revision_it_showed(bob_client, game):
    record_hand(game=game, hand=Hand(Draw()), expected_sequence=0)

    page = bob_client.post(url("hand_undo", game), {"sequence": "1"}).content.decode()

    assert f'name="revision" value="{refresh(game).revision}"' in page


def test_outsiders_cannot_undo(charlie_client, game):
    record_hand(game=game, hand=Hand(Draw()), expected_sequence=0)

    response = charlie_client.post(url("hand_undo", game), {"sequence": "1", "confirmed": "on"})

    assert response.status_code == 403
    assert refresh(game).hand_count == 1


# Finishing and abandoning.


def test_only_organisers_finish_or_abandon(bob_client, game):
    for name in ("game_finish", "game_abandon"):
        response = bob_client.post(url(name, game), {"sequence": "0", "confirmed": "on"})
        assert response.status_code == 403
    assert refresh(game).status == Game.Status.IN_PLAY


def test_finishing_shows_the_final_standings_and_no_form(alice_client, bob_client, game):
    record_hand(
        game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),)), riichi=(0,)), expected_sequence=0
    )
    assert alice_client.get(url("game_finish", game)).status_code == 200  # the confirmation

    response = alice_client.post(url("game_finish", game), {"sequence": "1", "confirmed": "on"})

    assert response.status_code == 302
    assert refresh(game).status == Game.Status.FINISHED
    html = bob_client.get(url("game_table", game)).content.decode()
    standings = text_of(html, "standings")
    assert 'id="hand-form"' not in html
    assert "Final standings" in standings
    # Tenhou: places 2-4 rounded to 1000 less 30,000 plus uma; 1st takes the rest.
    rows = re.findall(
        r'<td class="place">(\d)</td>\s*<th scope="row"><a href="/players/\d+/">(\w+)</a></th>'
        r'\s*<td class="num">([\d,]+)</td>'
        r'\s*<td class="num">([^<]+)</td>\s*<td class="num result \w+">([^<]+)</td>',
        html,
    )
    assert rows == [
        ("1", "Ben", "31,200", "+40.0", "+41.0"),
        ("2", "Dan", "25,000", "+10.0", "+5.0"),
        ("3", "Aki", "24,000", "−10.0", "−16.0"),
        ("4", "Chie", "19,800", "−20.0", "−30.0"),
    ]
    assert ">Penalty</th>" not in html  # nobody has one


def test_chombo_penalties_show_in_their_own_column(alice_client, players):
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    record_hand(game=game, hand=Hand(Chombo(3)), expected_sequence=0)
    alice_client.post(url("game_finish", game), {"sequence": "1", "confirmed": "on"})

    html = alice_client.get(url("game_table", game)).content.decode()

    # EMA: 20,000 off the final result; everyone on 30,000 shares the uma (ties split).
    assert ">Penalty</th>" in html
    assert re.search(
        r'<th scope="row"><a href="/players/\d+/">Dan</a></th>\s*<td class="num">30,000</td>'
        r'\s*<td class="num">0.0</td>'
        r'\s*<td class="num">−20.0</td>\s*<td class="num result down">−20.0</td>',
        html,
    )


def test_abandoning_leaves_the_table_readable_with_no_form(alice_client, game):
    response = alice_client.post(
        url("game_abandon", game), {"sequence": "0", "confirmed": "on"}, **HTMX
    )

    assert response.status_code == 200
    assert "abandoned" in response.content.decode()
    assert 'id="hand-form"' not in response.content.decode()
    assert refresh(game).status == Game.Status.ABANDONED
    assert alice_client.post(url("hand_create", game), ron_post()).status_code == 302
    assert not HandRecord.objects.exists()


def test_a_finish_confirmed_at_hand_0_after_two_hands_is_refused_with_the_table(alice_client, game):
    # The organiser opened the confirmation at hand 0; two hands were recorded meanwhile.
    confirmation = alice_client.get(url("game_finish", game)).content.decode()
    assert 'name="sequence" value="0"' in confirmation
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw()), expected_sequence=1)

    response = alice_client.post(
        url("game_finish", game), {"sequence": "0", "confirmed": "on"}, **HTMX
    )

    assert response.status_code == 409
    html = response.content.decode()
    assert "it was not finished" in html
    assert 'id="game-table"' in html
    assert refresh(game).hand_count == 2
    assert refresh(game).status == Game.Status.IN_PLAY and not refresh(game).stopped_early


def test_a_stale_abandon_by_plain_post_changes_nothing_and_says_so(alice_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)

    response = alice_client.post(
        url("game_abandon", game), {"sequence": "0", "confirmed": "on"}, follow=True
    )

    assert response.redirect_chain == [(url("game_table", game), 302)]
    assert "it was not abandoned" in response.content.decode()
    assert refresh(game).status == Game.Status.IN_PLAY


def test_abandoning_a_finished_game_is_refused_and_it_stays_in_the_standings(alice_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    alice_client.post(url("game_finish", game), {"sequence": "1", "confirmed": "on"})

    response = alice_client.post(
        url("game_abandon", game), {"sequence": "1", "confirmed": "on"}, **HTMX
    )

    assert response.status_code == 409
    assert "reopen it first" in response.content.decode()
    assert refresh(game).status == Game.Status.FINISHED
    assert game.seats.filter(place__isnull=False).count() == 4


def test_an_organiser_reopens_a_game_stopped_early_from_its_table(alice_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    alice_client.post(url("game_finish", game), {"sequence": "1", "confirmed": "on"})
    table = alice_client.get(url("game_table", game)).content.decode()
    assert f'action="{url("game_reopen", game)}"' in table
    confirmation = alice_client.get(url("game_reopen", game))
    assert "Reopen the game?" in confirmation.content.decode()

    response = alice_client.post(
        url("game_reopen", game), {"sequence": "1", "confirmed": "on"}, **HTMX
    )

    assert response.status_code == 200
    assert "in play again" in response.content.decode()
    assert 'id="hand-form"' in response.content.decode()
    assert refresh(game).status == Game.Status.IN_PLAY and not game.stopped_early


def test_only_an_organiser_reopens_and_only_from_a_current_page(alice_client, bob_client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)
    alice_client.post(url("game_finish", game), {"sequence": "1", "confirmed": "on"})
    assert "Reopen the game" not in bob_client.get(url("game_table", game)).content.decode()

    assert (
        bob_client.post(url("game_reopen", game), {"sequence": "1", "confirmed": "on"}).status_code
        == 403
    )
    stale = alice_client.post(
        url("game_reopen", game), {"sequence": "0", "confirmed": "on"}, **HTMX
    )

    assert stale.status_code == 409
    assert "it was not reopened" in stale.content.decode()
    assert refresh(game).status == Game.Status.FINISHED


# The record.


def test_the_record_downloads_as_a_json_attachment(client, game):
    record_hand(game=game, hand=Hand(Ron(2, (Win(1, han=3, fu=40),))), expected_sequence=0)

    response = client.get(url("game_record", game))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}.json"'
    assert json.loads(response.content) == export_record(game)


# Query counts that do not grow with the game.


def ema_game(players, hands: int) -> Game:
    """An EMA game (no tobi) where the East 1 dealer stays tenpai: as long as you like."""
    game = start_game(rules=PRESETS["ema"], ruleset_name="ema", players=players)
    for sequence in range(hands):
        riichi = (1,) if sequence % 2 else ()
        hand = Hand(Draw(tenpai=(0, 1) if riichi else (0,)), riichi=riichi)
        record_hand(game=game, hand=hand, expected_sequence=sequence)
    return refresh(game)


def queries_of(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = call()
    assert response.status_code in (200, 302), response.status_code
    return len(queries)


def test_recording_hand_60_costs_the_same_queries_as_hand_1(bob_client, players):
    first = ema_game(players, 0)
    long = ema_game(players, 59)
    draw = {"outcome": "draw", "tenpai": ["0"]}

    at_1 = queries_of(
        lambda: bob_client.post(url("hand_create", first), {"sequence": "0", **draw}, **HTMX)
    )
    at_60 = queries_of(
        lambda: bob_client.post(url("hand_create", long), {"sequence": "59", **draw}, **HTMX)
    )

    assert refresh(long).hand_count == 60
    assert at_60 == at_1
    # Session, user, membership; the game, its seats with their players; the write (the
    # game row locked, the game row, the hand, inside a savepoint here, where the test runs
    # in a transaction). Nothing is replayed: the answer is the new hand's line and the
    # table's new state.
    assert at_1 <= 10


def test_the_table_page_costs_the_same_queries_after_60_hands(bob_client, players):
    short = ema_game(players, 1)
    long = ema_game(players, 60)

    at_1 = queries_of(lambda: bob_client.get(url("game_table", short)))
    at_60 = queries_of(lambda: bob_client.get(url("game_table", long)))

    assert at_60 == at_1
    assert at_1 <= 7  # session, user, membership, the game, its seats, its hands


# What the table fetches by itself: the points chart, the hand calculator.


def test_the_chart_is_fetched_again_after_a_hand_and_answers_304_while_nothing_changed(
    bob_client, client, game
):
    page = bob_client.get(url("game_table", game)).content.decode()
    assert re.search(
        rf'id="points-chart-slot" hx-get="/games/{game.pk}/chart/" hx-trigger="hand-recorded',
        page,
    )
    bob_client.post(url("hand_create", game), ron_post(), **HTMX)

    chart = client.get(url("game_chart", game))
    html = chart.content.decode()
    again = client.get(url("game_chart", game), HTTP_IF_NONE_MATCH=chart["ETag"])
    bob_client.post(url("hand_create", game), ron_post(1, winner=2, discarder=3), **HTMX)
    moved = client.get(url("game_chart", game), HTTP_IF_NONE_MATCH=chart["ETag"])

    assert chart.status_code == 200
    assert 'id="points-chart"' in html and "<html" not in html
    assert "over 1 hand" in html
    assert again.status_code == 304
    assert moved.status_code == 200 and "over 2 hands" in moved.content.decode()


def test_the_calculator_link_opens_it_with_the_table_as_it_is_when_tapped(bob_client, game):
    link = url("hand_from_tiles", game, 2)
    # Ben wins from Chie, so he deals East 2; then a draw with Ben tenpai adds a honba.
    bob_client.post(url("hand_create", game), ron_post())
    bob_client.post(url("hand_create", game), {"sequence": "1", "outcome": "draw", "tenpai": ["1"]})

    opened = bob_client.get(link)

    assert opened.status_code == 302
    query = parse_qs(urlsplit(opened["Location"]).query)
    assert query["seat_wind"] == ["S"]  # Chie sits to the right of Ben, the dealer
    assert query["honba"] == ["1"]
    assert query["return"] == [f"/games/{game.pk}/?seat=2"]
    assert bob_client.get(url("hand_from_tiles", game, 4)).status_code == 404
