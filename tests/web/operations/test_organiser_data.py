"""The organiser's data tools on the site: the menu, restoring a backup into an empty club
(the same checks as ``manage.py restore``) and importing a game record (the same code as
``manage.py import_game``)."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scorekeeper.club.models import MAX_HANDS, Game, HandRecord, Player, SavedRuleset, Season
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.uploads import restored_text
from tests.web.operations.test_backup import broken, club, first_game_line, wipe

__all__ = ["club"]

MENU = reverse("organiser_menu")
RESTORE = reverse("backup_restore")
IMPORT = reverse("game_import")


def backup_file(text: str, name: str = "club.jsonl") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode(), content_type="application/x-ndjson")


def everything() -> tuple[int, int, int, int, int]:
    return (
        Player.objects.count(),
        SavedRuleset.objects.count(),
        Season.objects.count(),
        Game.objects.count(),
        HandRecord.objects.count(),
    )


# -- Who may use them -------------------------------------------------------------------------


@pytest.mark.parametrize("url", [MENU, RESTORE, IMPORT, reverse("backup_download")])
def test_only_organisers_open_the_organiser_pages(
    url, alice_client, bob_client, charlie_client, client
):
    assert alice_client.get(url).status_code == 200
    assert bob_client.get(url).status_code == 403
    assert charlie_client.get(url).status_code == 403
    visitor = client.get(url)
    assert visitor.status_code == 302 and visitor["Location"].startswith(reverse("login"))


def test_the_site_menu_links_to_the_organiser_menu_for_organisers_only(alice_client, bob_client):
    link = f'href="{MENU}"'
    assert link in alice_client.get(reverse("home")).content.decode()
    assert link not in bob_client.get(reverse("home")).content.decode()


def test_the_organiser_menu_links_every_tool(alice_client):
    page = alice_client.get(MENU).content.decode()
    for name in ("player_list", "member_list", "game_import", "game_find", "backup_download"):
        assert f'"{reverse(name)}"' in page, name
    assert f'href="{RESTORE}"' in page
    assert "the club is empty: a backup can be restored" in page


def test_the_organiser_menu_says_what_the_club_holds(club, alice_client):
    page = alice_client.get(MENU).content.decode()
    assert (
        "only into an empty club: this one holds 6 players, 2 saved rulesets, 2 seasons, 5 games"
        in page
    )


# -- Restore ----------------------------------------------------------------------------------


def test_a_backup_sent_from_the_site_is_restored_into_an_empty_club(club, alice_client):
    text = "".join(backup_lines())
    wipe()

    response = alice_client.post(RESTORE, {"backup": backup_file(text)}, follow=True)

    assert response.redirect_chain[-1][0] == MENU
    assert (
        "Restored 6 players, 2 rulesets, 2 seasons, 5 games and 7 hands."
        in response.content.decode()
    )
    assert everything() == (6, 2, 2, 5, 7)
    assert "".join(backup_lines()) == text


def test_a_backup_with_a_byte_order_mark_and_windows_line_ends_is_restored(club, alice_client):
    text = "".join(backup_lines())
    wipe()
    sent = "\ufeff" + text.replace("\n", "\r\n")

    response = alice_client.post(RESTORE, {"backup": backup_file(sent)})

    assert response.status_code == 302
    assert everything() == (6, 2, 2, 5, 7)


def test_a_backup_is_not_restored_into_a_club_that_holds_data(club, alice_client):
    text = "".join(backup_lines())
    before = everything()

    response = alice_client.post(RESTORE, {"backup": backup_file(text)})

    assert response.status_code == 422
    page = response.content.decode()
    assert "the club already holds 6 players, 2 saved rulesets, 2 seasons, 5 games" in page
    assert "a backup is restored only into an empty club. Nothing was restored." in page
    assert everything() == before


def test_a_broken_backup_is_refused_naming_the_line_and_field_and_changes_nothing(
    club, alice_client
):
    text = "".join(backup_lines())
    number = first_game_line(text) + 1

    def bad_fu(obj):
        obj["record"]["hands"][0] = {
            "ron": {"from": 1, "wins": [{"winner": 0, "han": 2, "fu": 21}]}
        }

    text = broken(text, number, bad_fu)
    wipe()

    response = alice_client.post(RESTORE, {"backup": backup_file(text)})

    assert response.status_code == 422
    page = response.content.decode()
    assert f"line {number}: record.hands[0] (E1).ron.wins[0]" in page
    assert "21 fu" in page
    assert "Nothing was restored." in page
    # The players and rulesets of the lines before it were not kept either.
    assert everything() == (0, 0, 0, 0, 0)


def test_a_cut_off_backup_is_refused_as_incomplete_from_the_site(club, alice_client):
    lines = list(backup_lines())
    wipe()

    response = alice_client.post(RESTORE, {"backup": backup_file("".join(lines[:-3]))})

    assert response.status_code == 422
    assert "the file is incomplete, nothing was restored" in response.content.decode()
    assert everything() == (0, 0, 0, 0, 0)


def test_a_file_that_is_not_utf8_is_refused_by_its_line(db, alice_client):
    text = b'{"format":"scorekeeper.backup/1"}\n{"type":"player","name":"\xff"}\n'
    upload = SimpleUploadedFile("club.jsonl", text)

    response = alice_client.post(RESTORE, {"backup": upload})

    assert response.status_code == 422
    assert "line 2: not UTF-8 text (byte 26 of the line)" in response.content.decode()
    assert everything() == (0, 0, 0, 0, 0)


def test_restore_without_a_file_asks_for_one(db, alice_client):
    response = alice_client.post(RESTORE, {})

    assert response.status_code == 422
    assert "Choose the backup file to restore." in response.content.decode()


def test_a_backup_larger_than_a_form_may_be_is_taken_from_an_organiser_only(
    db, alice_client, bob_client, settings
):
    # Over the site's 1 MB bound for a request, within the backup's.
    filler = "\n" * (settings.SCOREKEEPER_MAX_BODY + 1000)
    text = '{"format":"scorekeeper.backup/1"}' + filler + "[]\n"

    organiser = alice_client.post(RESTORE, {"backup": backup_file(text)})
    member = bob_client.post(RESTORE, {"backup": backup_file(text)})

    assert organiser.status_code == 422
    assert f"line {text.count(chr(10))}: expected a JSON object" in organiser.content.decode()
    assert member.status_code == 413
    assert "Request too large: this site takes at most 1 MB" in member.content.decode()


def test_a_backup_over_its_own_bound_is_refused_before_it_is_read(db, alice_client, settings):
    settings.SCOREKEEPER_MAX_BACKUP = 2 * 1024 * 1024
    text = "\n" * (3 * 1024 * 1024)

    response = alice_client.post(RESTORE, {"backup": backup_file(text)})

    assert response.status_code == 413
    assert "this site takes at most 2 MB in one request" in response.content.decode()
    assert "a backup of up to 2 MB; a larger one" in alice_client.get(RESTORE).content.decode()


# -- Import -----------------------------------------------------------------------------------

RECORD = {
    "format": "scorekeeper.game/1",
    "rules": "tenhou",
    "players": ["Aki", "Ben", "Chie", "Dan"],
    "hands": [
        {"ron": {"from": 3, "wins": [{"winner": 0, "han": 6}]}},
        {"draw": {"tenpai": [0, 1]}},
    ],
}


def record_file(doc, name="game.json") -> SimpleUploadedFile:
    body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    return SimpleUploadedFile(name, body, content_type="application/json")


def test_an_organiser_imports_a_game_record_as_a_new_game(players, alice, alice_client):
    response = alice_client.post(
        IMPORT, {"record": record_file(RECORD), "table_label": "Paper table"}, follow=True
    )

    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == game.get_absolute_url()
    assert f"Imported Game {game.pk} (Paper table) with 2 hands." in response.content.decode()
    assert game.hand_count == 2 and game.table_label == "Paper table"
    assert game.created_by == alice
    assert (
        list(game.seats.order_by("number").values_list("player__name", flat=True))
        == RECORD["players"]
    )
    # East's dealer haneman by ron, 18,000 from North; then a draw with East and South
    # tenpai: 1,500 from each of the two noten to each of the two tenpai.
    state = game.game_state()
    assert state.scores == (44500, 26500, 23500, 5500)
    assert state.honba == 2
    assert Player.objects.count() == 4


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            b"{not json",
            "not JSON: Expecting property name enclosed in double quotes at line 1, column 2.",
        ),
        ({**RECORD, "players": ["Aki", "Ben", "Chie"]}, "players"),
        (
            {
                **RECORD,
                "hands": [{"ron": {"from": 3, "wins": [{"winner": 0, "han": 2, "fu": 21}]}}],
            },
            "hands[0] (E1).ron.wins[0]",
        ),
        (b"\xff\xfe", "not UTF-8 text (byte 1 of the file). Nothing was imported."),
    ],
    ids=["not-json", "three-players", "impossible-fu", "not-utf8"],
)
def test_a_broken_record_is_refused_saying_where_and_nothing_is_stored(
    db, alice_client, doc, message
):
    response = alice_client.post(IMPORT, {"record": record_file(doc)})

    assert response.status_code == 422
    page = response.content.decode()
    assert message in page
    assert "Nothing was imported." in page
    assert not Game.objects.exists() and not Player.objects.exists()


def test_import_is_refused_to_members_and_changes_nothing(db, bob_client, charlie_client):
    for who in (bob_client, charlie_client):
        assert who.post(IMPORT, {"record": record_file(RECORD)}).status_code == 403
    assert not Game.objects.exists()


def test_the_import_page_sent_twice_imports_the_game_once(players, alice_client):
    page = alice_client.get(IMPORT).content.decode()
    token = re.search(r'name="start_token" value="([0-9a-f-]+)"', page)
    assert token, page

    answers = [
        alice_client.post(IMPORT, {"record": record_file(RECORD), "start_token": token[1]})
        for _ in range(2)
    ]

    game = Game.objects.get()
    assert [answer["Location"] for answer in answers] == [game.get_absolute_url()] * 2
    assert HandRecord.objects.count() == 2
    other = alice_client.get(IMPORT).content.decode()
    assert token[1] not in other  # each showing of the page has its own


def test_a_record_past_the_most_hands_a_game_holds_is_refused_in_one_sentence(db, alice_client):
    draw = {"draw": {"tenpai": [0, 1, 2, 3]}}
    doc = {**RECORD, "hands": [draw] * (MAX_HANDS + 1)}

    response = alice_client.post(IMPORT, {"record": record_file(doc)})

    page = response.content.decode()
    assert f"a game holds at most {MAX_HANDS}. Nothing was imported." in page
    assert ".." not in page


def test_what_a_restore_stored_is_said_with_each_word_in_the_singular_or_the_plural():
    counts = {"players": 1, "rulesets": 0, "seasons": 1, "games": 1, "hands": 12}

    assert restored_text(counts) == "Restored 1 player, 0 rulesets, 1 season, 1 game and 12 hands."
    with translation.override("ja"):
        assert restored_text(counts) == (
            "プレイヤー1人、ルール0件、シーズン1件、対局1件、12局を復元しました。"
        )
