"""A night of online games in one upload: every file of a ZIP gets its verdict in one preview
(new, already in the club, cannot be reproduced and why, not a log; hidden files left out
without a word), the logs stay on the server until confirmed, each distinct name is asked
once, and the good games are stored each in its own transaction."""

from __future__ import annotations

import io
import random
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.club.models import (
    Game,
    ImportedName,
    LogUpload,
    PlatformName,
    Player,
    SavedRuleset,
)
from scorekeeper.operations.logs.services import (
    MAX_FILES,
    MAX_RATIO,
    import_logs,
    new_games,
    read_logs,
    sent_logs,
)
from tests.real_data import LOGS_DIR
from tests.web.operations.test_log_import_page import confirm, upload

IMPORT = reverse("log_import")
XML = sorted((LOGS_DIR / "mjlog-xml").glob("*.xml"))
JSON_DIR = LOGS_DIR / "tenhou6-json"
#: The first bytes of a JPEG photo (not UTF-8, as a photo's bytes are not).
PHOTO = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb"


def zipped(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", compression) as out:
        for name, data in members.items():
            out.writestr(name, data)
    return archive.getvalue()


def renamed(path, suffix: str) -> bytes:
    """A real log with its players renamed: the same numbers, another game (a game is known
    by its players and hands)."""
    text = path.read_text()
    for seat in range(4):
        text = re.sub(rf' n{seat}="[^"]*"', f' n{seat}="P{seat}-{suffix}"', text, count=1)
    return text.encode()


def altered_change(path) -> bytes:
    """A real log whose first win pays the winner 1,000 more than the hand is worth."""
    text = path.read_text()
    match = re.search(r'<AGARI [^>]*sc="([^"]*)"', text)
    assert match is not None
    sc = match.group(1).split(",")
    winner = max(range(4), key=lambda seat: int(sc[2 * seat + 1]))
    sc[2 * winner + 1] = str(int(sc[2 * winner + 1]) + 10)
    return text.replace(match.group(1), ",".join(sc), 1).encode()


def test_a_nights_zip_shows_every_files_verdict_and_stores_exactly_the_good_ones(alice_client):
    confirm(alice_client, alice_client.post(IMPORT, {"log": upload(XML[0])}))
    assert Game.objects.count() == 1
    night = zipped(
        {
            f"night/{XML[0].name}": XML[0].read_bytes(),  # already in the club
            f"night/{XML[1].name}": XML[1].read_bytes(),
            f"night/{XML[1].stem}.json": (JSON_DIR / f"{XML[1].stem}.json").read_bytes(),
            f"night/{XML[2].name}": XML[2].read_bytes(),
            "night/altered.xml": altered_change(XML[3]),
            "night/table.jpg": PHOTO,
            "night/notes.txt": b"Table 2 started late.",
            f"__MACOSX/night/._{XML[1].name}": b"\x00\x05\x16\x07" + b"\x00" * 40,
            "night/.DS_Store": b"\x00\x00\x00\x01Bud1",
        }
    )
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("night.zip", night)})
    assert response.status_code == 200
    verdicts = {
        line.file.removeprefix("night.zip/night/"): line for line in response.context["verdicts"]
    }
    # The hidden files are not even listed.
    assert sorted(verdicts) == sorted(
        [
            XML[0].name,
            XML[1].name,
            f"{XML[1].stem}.json",
            XML[2].name,
            "altered.xml",
            "table.jpg",
            "notes.txt",
        ]
    )
    kinds = {name: line.kind for name, line in verdicts.items()}
    assert kinds == {
        XML[0].name: "already",
        XML[1].name: "new",
        f"{XML[1].stem}.json": "twice",  # the same game as its XML, sent with it
        XML[2].name: "new",
        "altered.xml": "refused",
        "table.jpg": "skipped",
        "notes.txt": "skipped",
    }
    page = response.content.decode()
    first = Game.objects.get()
    assert str(first) in page and first.get_absolute_url() in page
    assert XML[1].name in verdicts[f"{XML[1].stem}.json"].text
    assert "score changes" in verdicts["altered.xml"].text
    assert "not a log" in verdicts["table.jpg"].text
    assert "MACOSX" not in page and "DS_Store" not in page

    done = confirm(alice_client, response)

    assert done.status_code == 302
    logs = sorted(Game.objects.values_list("source_log", flat=True))
    assert logs == sorted([XML[0].stem, XML[1].stem, XML[2].stem])
    assert not LogUpload.objects.exists()  # the upload is gone once imported


def test_each_distinct_name_is_asked_once_and_a_name_mapped_before_is_proposed(alice_client):
    # Two logs of one lobby with the same four players: four names to map, not eight.
    night = zipped({"a.xml": renamed(XML[0], "x"), "b.xml": renamed(XML[1], "x")})
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("night.zip", night)})
    fields = response.context["mapping"].fields
    assert [field.label for field in fields.values()] == ["P0-x", "P1-x", "P2-x", "P3-x"]
    aki = Player.objects.create(name="Aki")
    confirm(alice_client, response, player_0=str(aki.pk))
    assert Game.objects.count() == 2
    assert all(game.seats.filter(player=aki).exists() for game in Game.objects.all())
    assert ImportedName.objects.get(name="P0-x").player == aki

    # A later log with that name proposes the player it was mapped to, not a new one.
    later = alice_client.post(IMPORT, {"log": SimpleUploadedFile("c.xml", renamed(XML[2], "x"))})
    assert later.context["mapping"].fields["player_0"].initial == str(aki.pk)


def test_a_players_name_on_the_platform_is_proposed_before_an_earlier_mapping(alice_client):
    ben = Player.objects.create(name="Ben")
    chie = Player.objects.create(name="Chie")
    ImportedName.objects.create(platform="tenhou", name="P1-y", player=chie)
    PlatformName.objects.create(player=ben, platform="tenhou", name="P1-y")
    PlatformName.objects.create(player=chie, platform="mahjongsoul", name="P2-y")
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("a.xml", renamed(XML[0], "y"))})
    fields = response.context["mapping"].fields
    assert fields["player_1"].initial == str(ben.pk)
    # Another platform's name is another account: not proposed.
    assert fields["player_2"].initial == "new"


def test_a_mapped_name_becomes_the_players_platform_name_and_a_night_of_known_names_needs_no_choice(
    alice_client,
):
    aki = Player.objects.create(name="Aki")
    ben = Player.objects.create(name="Ben")
    PlatformName.objects.create(player=ben, platform="tenhou", name="P1-z")
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("a.xml", renamed(XML[0], "z"))})
    confirm(alice_client, response, player_0=str(aki.pk))
    # Aki's identity learns the Tenhou name; Ben's stays his; new players get theirs.
    assert list(aki.platform_names.values_list("platform", "name")) == [("tenhou", "P0-z")]
    assert list(ben.platform_names.values_list("name", flat=True)) == ["P1-z"]
    assert Player.objects.get(name="P2-z").platform_names.get().name == "P2-z"

    # The next night with the same four names: every name proposed as its player, so
    # confirming without touching a select seats them all.
    night = zipped({"b.xml": renamed(XML[1], "z"), "c.xml": renamed(XML[2], "z")})
    later = alice_client.post(IMPORT, {"log": SimpleUploadedFile("night.zip", night)})
    fields = later.context["mapping"].fields
    assert [fields[f"player_{i}"].initial for i in range(4)] == [
        str(p.pk)
        for p in (aki, ben, *Player.objects.filter(name__in=["P2-z", "P3-z"]).order_by("name"))
    ]
    players_before = Player.objects.count()
    confirm(alice_client, later)
    assert Game.objects.count() == 3 and Player.objects.count() == players_before
    assert Game.objects.filter(seats__player=aki).count() == 3


def test_a_game_refused_on_confirmation_undoes_none_of_the_others(db):
    files = sent_logs(
        name="night.zip",
        content=zipped({"a.xml": renamed(XML[0], "a"), "b.xml": renamed(XML[1], "b")}),
    )
    games = new_games(read_logs(files))
    aki = Player.objects.create(name="Aki")
    # The second log's first two names both mapped to Aki: that game alone is refused.
    players = {"P0-b": aki, "P1-b": aki}
    results = import_logs(games=games, players=players)
    assert [result.game is not None for result in results] == [True, False]
    assert "same club player" in results[1].message
    assert Game.objects.count() == 1
    assert not Player.objects.filter(name="P2-b").exists()  # its new players went with it


def test_a_zip_of_thirty_logs_is_previewed_and_imported(alice_client):
    night = zipped({f"night/{i:02}.xml": renamed(XML[i % 6], str(i)) for i in range(30)})
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("night.zip", night)})
    assert response.status_code == 200 and len(response.context["games"]) == 30
    # The confirmation carries a token and the names, not the logs.
    assert "log_text" not in response.content.decode()
    done = confirm(alice_client, response)
    assert done.status_code == 302
    assert Game.objects.count() == 30


@pytest.mark.parametrize(
    ("members", "words"),
    [
        (
            {f"{i}.xml": b"<x/>" for i in range(MAX_FILES + 1)},
            f"{MAX_FILES + 1} files; a ZIP holds at most {MAX_FILES}",
        ),
        # Five files of a megabyte each, each packed some fifty times smaller.
        ({f"{i}.xml": random.Random(i).randbytes(20_000) * 50 for i in range(5)}, "4,000,000"),
    ],
    ids=["files", "unpacked"],
)
def test_a_zip_past_its_limits_is_refused_naming_the_limit(alice_client, members, words):
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("night.zip", zipped(members))})
    assert response.status_code == 422
    page = response.content.decode()
    assert words in page and "night.zip" in page and "Nothing was imported" in page
    assert not Game.objects.exists()


def test_a_zips_file_past_a_files_limits_is_named_and_the_rest_read(alice_client):
    inner = zipped({XML[0].name: XML[0].read_bytes()})
    members = {
        XML[1].name: XML[1].read_bytes(),
        "inner.zip": inner,
        "big.xml": b"<" + b" " * 1_000_001,
        "bomb.json": b"{" + b" " * 900_000 + b"}",  # packs some thousand times smaller
    }
    response = alice_client.post(IMPORT, {"log": SimpleUploadedFile("night.zip", zipped(members))})
    assert response.status_code == 200
    lines = {line.file.removeprefix("night.zip/"): line for line in response.context["verdicts"]}
    assert lines[XML[1].name].kind == "new"
    assert "a ZIP inside the ZIP" in lines["inner.zip"].text
    assert "larger than 1,000,000 bytes" in lines["big.xml"].text
    assert f"more than {MAX_RATIO} times smaller" in lines["bomb.json"].text


def test_the_page_states_the_zips_limits(alice_client):
    page = alice_client.get(IMPORT).content.decode()
    assert f"at most {MAX_FILES}" in page and f"at most {MAX_RATIO} times smaller" in page


LOBBY = LOGS_DIR / "lobby"


def test_a_lobby_log_the_platforms_rules_cannot_settle_offers_the_saved_rulesets_that_fit(
    alice_client,
):
    lobby = SavedRuleset.objects.create(
        name="Lobby 30k 15/5",
        preset="tenhou",
        overrides={
            "start_points": 30000,
            "oka": 0,
            "uma": [15000, 5000, -5000, -15000],
            "length": "tonpuusen",
            "result_rounding": "none",
        },
    )
    SavedRuleset.objects.create(name="Plain Tenhou", preset="tenhou", overrides={})
    path = LOBBY / "handmade-lobby-tie-1st-2nd-3rd-4th.mjlog.xml"
    response = alice_client.post(IMPORT, {"log": upload(path)})
    [line] = response.context["verdicts"]
    assert line.kind == "refused"
    assert "-11.3 / +11.3 / -11.3 / +11.3" in line.text
    assert "“Lobby 30k 15/5”" in line.text and "Plain Tenhou" not in line.text

    chosen = alice_client.post(IMPORT, {"log": upload(path), "ruleset": str(lobby.pk)})
    assert chosen.status_code == 200
    confirm(alice_client, chosen)
    game = Game.objects.get()
    assert game.ruleset_name == "Lobby 30k 15/5" and game.rules["ties"] == "split"
    results = [str(seat.result) for seat in game.seats.order_by("number")]
    assert results == ["-11.3", "11.3", "-11.3", "11.3"]


def test_confirming_logs_that_hold_no_new_game_says_so_and_imports_nothing(alice_client):
    response = alice_client.post(IMPORT, {"log": upload(XML[0])})
    confirm(alice_client, alice_client.post(IMPORT, {"log": upload(XML[0])}))
    # The same log, confirmed from the first preview once the second has stored it.
    again = confirm(alice_client, response)
    assert again.status_code == 422
    page = again.content.decode()
    assert "Nothing to import" in page and "Imported 0" not in page
    assert Game.objects.count() == 1
