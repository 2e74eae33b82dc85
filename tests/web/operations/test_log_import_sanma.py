"""Three-player games played online, imported: Tenhou's own mjlog of a 2014 sanma hanchan (and
the same game as pasted tenhou.net/6 JSON) shown with three players and the results the log
records, stored as a three-player game found in the history and the three-player standings;
rules of the other number of players refused naming the mismatch; a three- and a
four-player log of one upload each stored as its kind."""

from __future__ import annotations

import io
import zipfile

from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scorekeeper.club.models import Game, Player, SavedRuleset
from tests.real_data import LOGS_DIR, SANMA_DIR
from tests.web.operations.test_log_import_page import confirm, preview, stored, upload

SANMA = "2014091101gm-00b9-0000-5ca6b487"
MJLOG = SANMA_DIR / f"{SANMA}.mjlog.xml"
JSON = SANMA_DIR / f"{SANMA}.tenhou6.json"
FOUR = LOGS_DIR / "mjlog-xml" / "2019021004gm-00a9-0000-e2f6516d.xml"
#: The mjlog's names (<UN n0 n1 n2>, n3 empty) and its owari: 592,54.0,228,-37.0,230,-17.0.
NAMES = ["Emurated", "あさぴん＠ｍｊ", "神速★.com"]
RESULTS = {"Emurated": 54.0, "あさぴん＠ｍｊ": -37.0, "神速★.com": -17.0}


def results(game: Game) -> dict[str, float]:
    return {seat.player.name: float(seat.result) for seat in game.seats.all()}


def test_a_three_player_log_is_shown_with_three_players_and_stored_as_a_three_player_game(
    alice_client,
):
    aki = Player.objects.create(name="emurated")
    response = preview(alice_client, log=upload(MJLOG))
    assert response.status_code == 200
    (shown,) = response.context["games"]
    assert shown.players == tuple(NAMES)
    assert [line.name for line in shown.standings] == ["Emurated", "神速★.com", "あさぴん＠ｍｊ"]
    page = response.content.decode()
    assert all(text in page for text in ("+54.0", "−37.0", "−17.0", "59,200", "22,800"))
    mapping = response.context["mapping"]
    assert [field.label for field in mapping.fields.values()] == NAMES
    assert mapping.fields["player_0"].initial == str(aki.pk)

    done = confirm(alice_client, response)

    game = Game.objects.get()
    assert done["Location"] == game.get_absolute_url()
    assert game.players == 3 and game.seats.count() == 3
    assert (game.source_platform, game.source_log) == ("tenhou", SANMA)
    assert [seat.player.name for seat in game.seats.order_by("number")] == ["emurated", *NAMES[1:]]
    assert results(game) == {"emurated": 54.0, **{n: RESULTS[n] for n in NAMES[1:]}}
    table = alice_client.get(game.get_absolute_url()).content.decode()
    assert "Played on Tenhou" in table and SANMA in table
    three = alice_client.get(reverse("history"), {"players": 3}).content.decode()
    four = alice_client.get(reverse("history"), {"players": 4}).content.decode()
    assert str(game) in three and str(game) not in four
    table = alice_client.get(reverse("standings"), {"players": 3}).context["table"]
    assert [(row.name, float(row.total)) for row in table] == [
        ("emurated", 54.0),
        ("神速★.com", -17.0),
        ("あさぴん＠ｍｊ", -37.0),
    ]
    assert not alice_client.get(reverse("standings"), {"players": 4}).context["table"]


def test_the_same_game_pasted_as_tenhou6_json_is_the_same_game(alice_client):
    response = preview(alice_client, pasted=JSON.read_text())
    assert response.status_code == 200
    confirm(alice_client, response)
    game = Game.objects.get()
    assert game.players == 3 and results(game) == RESULTS
    # The mjlog of the same game is then refused as already in the club.
    again = preview(alice_client, log=upload(MJLOG))
    assert again.status_code == 422 and "already in the club" in again.content.decode()


def test_the_rulesets_offered_are_grouped_by_their_number_of_players(alice_client):
    SavedRuleset.objects.create(name="Our sanma", preset="tenhou_sanma", overrides={})
    SavedRuleset.objects.create(name="Our Tenhou", preset="tenhou", overrides={})
    form = alice_client.get(reverse("log_import")).context["form"]
    groups = {str(label): choices for label, choices in form.fields["ruleset"].choices[1:]}
    assert [name for _, name in groups["Four players"]] == ["Our Tenhou"]
    assert [name for _, name in groups["Three players"]] == ["Our sanma"]


def test_rules_of_the_other_number_of_players_are_refused_naming_the_mismatch(alice_client):
    sanma = SavedRuleset.objects.create(name="Our sanma", preset="tenhou_sanma", overrides={})
    tenhou = SavedRuleset.objects.create(name="Our Tenhou", preset="tenhou", overrides={})

    three = preview(alice_client, log=upload(MJLOG), ruleset=str(tenhou.pk))
    four = preview(alice_client, log=upload(FOUR), ruleset=str(sanma.pk))

    assert three.status_code == four.status_code == 422
    [line] = three.context["verdicts"]
    assert (line.file, line.kind) == (MJLOG.name, "refused")
    assert line.text.startswith(
        "a game of three players, and the rules chosen (Our Tenhou) are for four players"
    )
    assert line.text in three.content.decode()
    [line] = four.context["verdicts"]
    assert (line.file, line.kind) == (FOUR.name, "refused")
    assert line.text.startswith(
        "a game of four players, and the rules chosen (Our sanma) are for three players"
    )
    assert stored() == (0, 0, 0)


def test_a_saved_three_player_ruleset_under_which_the_log_comes_out_is_kept(alice_client):
    # The 2014 results were rounded to 1000s (+54.0, not +54.2).
    rounded = SavedRuleset.objects.create(
        name="Sanma 2014", preset="tenhou_sanma", overrides={"result_rounding": "tenhou"}
    )
    response = preview(alice_client, log=upload(MJLOG), ruleset=str(rounded.pk))
    assert response.status_code == 200
    confirm(alice_client, response)
    game = Game.objects.get()
    assert game.ruleset_name == "Sanma 2014" and results(game) == RESULTS


def test_a_three_and_a_four_player_log_of_one_upload_are_each_stored_as_their_kind(
    alice_client,
):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(MJLOG, MJLOG.name)
        zipped.write(FOUR, FOUR.name)
    night = SimpleUploadedFile("night.zip", archive.getvalue())

    response = preview(alice_client, log=night)

    assert [len(game.players) for game in response.context["games"]] == [3, 4]
    assert len(response.context["mapping"].fields) == 7
    confirm(alice_client, response)
    kinds = {game.source_log: game.players for game in Game.objects.all()}
    assert kinds == {SANMA: 3, FOUR.stem: 4}


def test_a_mixed_upload_under_one_saved_ruleset_stores_the_logs_of_its_kind_only(
    alice_client,
):
    sanma = SavedRuleset.objects.create(
        name="Sanma 2014", preset="tenhou_sanma", overrides={"result_rounding": "tenhou"}
    )
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(MJLOG, MJLOG.name)
        zipped.write(FOUR, FOUR.name)
    night = SimpleUploadedFile("night.zip", archive.getvalue())

    response = preview(alice_client, log=night, ruleset=str(sanma.pk))

    assert response.status_code == 200
    lines = {line.file: line for line in response.context["verdicts"]}
    assert lines[f"night.zip/{MJLOG.name}"].kind == "new"
    assert lines[f"night.zip/{FOUR.name}"].kind == "refused"
    assert lines[f"night.zip/{FOUR.name}"].text.startswith("a game of four players")
    confirm(alice_client, response)
    game = Game.objects.get()
    assert game.source_log == SANMA and game.ruleset_name == "Sanma 2014"


def test_import_game_takes_a_three_player_log(db):
    call_command("import_game", str(MJLOG))
    game = Game.objects.get()
    assert game.players == 3 and game.source_log == SANMA
    assert game.rules["players"] == 3 and results(game) == RESULTS


def test_the_mismatch_is_refused_in_japanese_too(alice_client):
    tenhou = SavedRuleset.objects.create(name="Our Tenhou", preset="tenhou", overrides={})
    response = alice_client.post(
        reverse("log_import"),
        {"log": upload(MJLOG), "ruleset": str(tenhou.pk)},
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    assert response.status_code == 422
    assert "三人打ちの対局ですが、選んだルール（Our Tenhou）は四人打ち用です" in (
        response.content.decode()
    )


def test_the_kita_of_an_imported_win_are_said_apart_from_its_dora(alice_client):
    # East 1's tsumo: two kita set aside (m="30752,31264") and two red fives (yaku 54,2); the
    # indicator 1s (doraHai 75) makes 2s dora, of which the hand holds none, so Tenhou's
    # "Dora 2" (yaku 52,2) are the two kita.
    confirm(alice_client, preview(alice_client, log=upload(MJLOG)))
    table = alice_client.get(Game.objects.get().get_absolute_url()).content.decode()
    assert "dora 2 + kita 2" in table
