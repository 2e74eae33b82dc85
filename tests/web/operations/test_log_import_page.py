"""The organiser's import of games played online: a Tenhou or Mahjong Soul log sent (a file, a
ZIP of a night's logs, or pasted tenhou.net/6 JSON), shown with its names, each name mapped
to a club player, the games stored after the confirmation; the same log twice refused;
damaged and hostile logs refused with their place named and nothing stored."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from scorekeeper.club.models import Game, HandRecord, LogUpload, Player, SavedRuleset
from tests.real_data import LOGS_DIR

IMPORT = reverse("log_import")
XML = sorted((LOGS_DIR / "mjlog-xml").glob("*.xml"))
JSON_DIR = LOGS_DIR / "tenhou6-json"


def upload(path: Path, data: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(path.name, path.read_bytes() if data is None else data)


def stored() -> tuple[int, int, int]:
    return Game.objects.count(), HandRecord.objects.count(), Player.objects.count()


def preview(client, **data):
    return client.post(IMPORT, data)


def confirm(client, response, **choices):
    """Send the preview's form back, with the players chosen (by field name): the logs stay
    on the server, the form carries their token."""
    content = response.content.decode()
    mapping = response.context["mapping"]
    post = {"confirm": "1", "token": str(response.context["token"])}
    for name in mapping.fields:
        post[name] = choices.get(name, mapping.fields[name].initial)
    assert 'name="confirm"' in content and str(response.context["token"]) in content
    return client.post(IMPORT, post)


def test_only_organisers_import_logs(bob_client, client, alice_client):
    assert alice_client.get(IMPORT).status_code == 200
    assert bob_client.get(IMPORT).status_code == 403
    assert client.get(IMPORT).status_code == 302


def test_a_log_is_shown_mapped_and_stored_with_where_it_came_from(alice_client):
    aki = Player.objects.create(name="sidecar")  # one of the log's names, in another case
    response = preview(alice_client, log=upload(XML[0]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "2019021004gm-00a9-0000-e2f6516d" in page and "+58.0" in page
    mapping = response.context["mapping"]
    assert [mapping.fields[f].label for f in mapping.fields] == [
        "鬼ヅモ@川村軍団",
        "HN-Koda",
        "Sidecar",
        "あがれる間6s",
    ]
    assert mapping.fields["player_2"].initial == str(aki.pk)
    assert stored() == (0, 0, 1)
    done = confirm(alice_client, response)
    game = Game.objects.get()
    assert done.status_code == 302 and done["Location"] == game.get_absolute_url()
    assert (game.source_platform, game.source_log) == ("tenhou", XML[0].stem)
    assert game.status == "finished" and game.hand_count == 10
    names = [seat.player.name for seat in game.seats.order_by("number")]
    assert names == ["鬼ヅモ@川村軍団", "HN-Koda", "sidecar", "あがれる間6s"]
    page = alice_client.get(game.get_absolute_url()).content.decode()
    assert "Played on Tenhou" in page and "tenhou.net/0/?log=" + XML[0].stem in page


def test_the_same_log_twice_is_refused_even_from_its_other_format(alice_client):
    confirm(alice_client, preview(alice_client, log=upload(XML[0])))
    again = preview(alice_client, log=upload(XML[0]))
    assert again.status_code == 422
    assert "already in the club" in again.content.decode()
    other = preview(alice_client, log=upload(JSON_DIR / f"{XML[0].stem}.json"))
    assert other.status_code == 422
    # Without its id (a pasted JSON without "ref"), the players and hands find it.
    doc = json.loads((JSON_DIR / f"{XML[0].stem}.json").read_text())
    del doc["ref"]
    assert preview(alice_client, pasted=json.dumps(doc)).status_code == 422
    assert Game.objects.count() == 1


def test_a_nights_zip_and_pasted_json_import_together(alice_client):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in XML[1:3]:
            zipped.write(path, path.name)
    pasted = (JSON_DIR / f"{XML[3].stem}.json").read_text()
    response = preview(
        alice_client, log=SimpleUploadedFile("night.zip", archive.getvalue()), pasted=pasted
    )
    assert response.status_code == 200
    assert len(response.context["games"]) == 3
    done = confirm(alice_client, response)
    assert done.status_code == 302 and done["Location"] == reverse("history")
    assert Game.objects.filter(source_platform="tenhou").count() == 3
    history = alice_client.get(reverse("history")).content.decode()
    assert all(str(game) in history for game in Game.objects.all())


def test_a_saved_ruleset_under_which_the_numbers_do_not_come_out_is_refused(alice_client):
    soul = SavedRuleset.objects.create(name="Soul", preset="mahjongsoul", overrides={})
    response = preview(alice_client, log=upload(XML[0]), ruleset=str(soul.pk))
    assert response.status_code == 422
    assert "Nothing was imported" in response.content.decode()
    tenhou = SavedRuleset.objects.create(name="Our Tenhou", preset="tenhou", overrides={})
    response = preview(alice_client, log=upload(XML[0]), ruleset=str(tenhou.pk))
    assert response.status_code == 200
    confirm(alice_client, response)
    assert Game.objects.get().ruleset_name == "Our Tenhou"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (XML[0].read_bytes()[:3000], "XML line 1"),
        (
            b'<?xml version="1.0"?><!DOCTYPE z [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><mjloggm>&b;</mjloggm>',
            "entities",
        ),
        (b"{" + b" " * 1_000_001 + b"}", "larger than"),
        (b'{"log": [[1, 2, 3]], "name": ["a", "b", "c", "d"]}', "log[0]"),
        (b"hello", "neither Tenhou"),
        (b"PK\x03\x04broken", "not a log"),
    ],
    ids=["cut", "entities", "huge", "wrong-types", "not-a-log", "bad-zip"],
)
def test_a_damaged_or_hostile_log_is_refused_naming_the_place(alice_client, data, words):
    response = preview(alice_client, log=SimpleUploadedFile("night.xml", data))
    assert response.status_code in (400, 422)
    assert words in response.content.decode()
    assert stored() == (0, 0, 0)


def test_a_hand_that_does_not_add_up_is_refused_naming_the_hand(alice_client):
    doc = json.loads((JSON_DIR / f"{XML[0].stem}.json").read_text())
    result = doc["log"][1][-1]
    result[1] = [result[1][0] + 1000, *result[1][1:]]
    response = preview(alice_client, pasted=json.dumps(doc))
    assert response.status_code == 422
    page = response.content.decode()
    assert "hands[1] (E2)" in page and "score changes are" in page
    assert stored() == (0, 0, 0)


def test_a_confirmation_names_its_logs_by_a_token_of_the_same_account_within_the_hour(
    alice_client, alice, client, django_user_model
):
    response = preview(alice_client, log=upload(XML[0]))
    token = str(response.context["token"])
    for sent in ("", "not-a-token", "²", "00000000-0000-0000-0000-000000000000"):
        refused = alice_client.post(IMPORT, {"confirm": "1", "token": sent})
        assert refused.status_code == 422
        assert "no longer kept" in refused.content.decode()
    other = django_user_model.objects.create_user("olga", password="pw", is_staff=True)
    client.force_login(other)
    assert client.post(IMPORT, {"confirm": "1", "token": token}).status_code == 422
    LogUpload.objects.update(created_at=timezone.now() - timedelta(hours=1, minutes=1))
    assert confirm(alice_client, response).status_code == 422
    assert stored() == (0, 0, 0)


def test_import_game_takes_a_log_as_well_as_a_record(db, tmp_path):
    call_command("import_game", str(XML[4]))
    game = Game.objects.get()
    assert game.source_log == XML[4].stem
    with pytest.raises(CommandError, match="already in the club"):
        call_command("import_game", str(JSON_DIR / f"{XML[4].stem}.json"))
    cut = tmp_path / "night.xml"
    cut.write_bytes(XML[5].read_bytes()[:4000])
    with pytest.raises(CommandError, match=r"night\.xml: XML line 1"):
        call_command("import_game", str(cut))
    assert Game.objects.count() == 1


@pytest.mark.parametrize("wrapped", [False, True], ids=["a log", "a list of logs"])
@pytest.mark.parametrize("where", ["pasted", "file"])
def test_a_log_with_a_number_of_5000_digits_is_refused_not_a_500(alice_client, wrapped, where):
    text = (JSON_DIR / f"{XML[3].stem}.json").read_text()
    huge = text.replace("25000", "9" * 5000, 1)
    assert huge != text
    sent = f"[{huge}]" if wrapped else huge
    data = (
        {"pasted": sent}
        if where == "pasted"
        else {"log": SimpleUploadedFile("log.json", sent.encode())}
    )

    response = preview(alice_client, **data)

    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_log_name_written_otherwise_is_proposed_as_the_club_player(alice_client):
    text = (JSON_DIR / f"{XML[3].stem}.json").read_text()
    first = json.loads(text)["name"][0]
    Player.objects.create(name=first.upper().replace(" ", "  ") + " ")

    response = preview(alice_client, pasted=text)

    proposed = response.context["mapping"].fields
    assert any(field.initial not in (None, "", "new") for field in proposed.values())
