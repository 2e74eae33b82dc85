"""import_game and export_game with real games (Tenhou logs turned into records)."""

from __future__ import annotations

import importlib
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.core.management.base import CommandError
from real_data import GAMES_DIR

from scorekeeper.club.models import Game, HandRecord, Player
from scorekeeper.operations.management.commands.import_game import Command as ImportGame
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.game import replay
from scoring.outcomes import Draw, Hand, Tsumo, Win
from scoring.rules import PRESETS
from scoring.state import EndReason

pytestmark = pytest.mark.django_db

GAMES = GAMES_DIR
RECORDS = sorted(GAMES.glob("*.game.json"))[:3]


def expected(record: Path) -> dict:
    return json.loads(
        record.with_name(record.name.replace(".game.json", ".expected.json")).read_text()
    )


def run(*args: str, stdin: str | None = None, monkeypatch=None) -> str:
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    call_command(*args, stdout=out)
    return out.getvalue()


def imported(output: str) -> Game:
    return Game.objects.get(pk=int(output.split("game ", 1)[1].split(":")[0]))


def test_the_real_games_are_here():
    assert len(RECORDS) == 3


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.name[:30])
def test_an_imported_real_game_ends_with_the_logged_results(record):
    output = run("import_game", str(record))

    game = imported(output)
    assert output.strip() == f"Imported game {game.pk}: /games/{game.pk}/"
    doc = json.loads(record.read_text())
    assert game.hand_count == len(doc["hands"]) == game.hands.count()
    assert game.status == Game.Status.FINISHED
    seats = game.seats.order_by("number")
    assert [s.player.name for s in seats] == doc["players"]
    want = expected(record)
    assert [s.result for s in seats] == [Decimal(str(r)) for r in want["final_result"]]
    assert [s.final_points for s in seats] == want["final_points"]


def test_a_record_is_read_from_standard_input_with_a_dash(monkeypatch):
    output = run("import_game", "-", stdin=RECORDS[0].read_text(), monkeypatch=monkeypatch)

    assert imported(output).hand_count == len(json.loads(RECORDS[0].read_text())["hands"])


def test_players_are_matched_by_name_and_created_when_missing():
    doc = json.loads(RECORDS[0].read_text())
    known = Player.objects.create(name=doc["players"][0])
    game = imported(run("import_game", str(RECORDS[0])))

    assert game.seats.get(number=0).player == known
    assert Player.objects.count() == 4


def test_export_then_import_gives_the_same_hands(tmp_path):
    first = imported(run("import_game", str(RECORDS[1])))
    exported = run("export_game", str(first.pk))
    path = tmp_path / "again.json"
    path.write_text(exported)
    second = imported(run("import_game", str(path)))

    assert json.loads(exported)["format"] == "scorekeeper.game/1"
    hands = [
        list(g.hands.order_by("sequence").values_list("data", flat=True)) for g in (first, second)
    ]
    assert hands[0] == hands[1]
    assert second.state == first.state
    assert second.rules == first.rules


def test_options_name_the_table_and_the_ruleset():
    game = imported(
        run("import_game", str(RECORDS[0]), "--table-label", "Archive", "--ruleset-name", "Log")
    )

    assert (game.table_label, game.ruleset_name) == ("Archive", "Log")


def test_exporting_an_unknown_game_is_a_command_error():
    with pytest.raises(CommandError, match="no game 999"):
        run("export_game", "999")


def bad_record(tmp_path, change) -> Path:
    doc = json.loads(RECORDS[0].read_text())
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            # The first real game's third hand is a 2 han 50 fu ron; no win has 0 han.
            lambda d: d["hands"][2]["ron"]["wins"][0].update(han=0),
            "hands[2] (E2).ron.wins[0]",
        ),
        # The game is over after its last hand: one more is refused, naming it.
        (lambda d: d["hands"].append({"draw": {"tenpai": []}}), "hands[7]"),
        (lambda d: d.update(players=["A", "A", "B", "C"]), "players: the four players must be"),
        (lambda d: d.update(format="other/1"), "format: expected 'scorekeeper.game/1'"),
        (lambda d: d.update(rules={"preset": "ema", "kiriage": 3}), "rules.kiriage"),
    ],
)
def test_a_bad_record_stores_nothing_and_names_the_place(tmp_path, change, message):
    path = bad_record(tmp_path, change)

    with pytest.raises(CommandError) as error:
        run("import_game", str(path))
    assert message in str(error.value)
    assert str(path) in str(error.value)
    assert "\n" not in str(error.value)
    assert not Game.objects.exists() and not HandRecord.objects.exists()
    assert not Player.objects.exists()


def test_a_file_that_is_not_json_is_a_command_error(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json")

    with pytest.raises(CommandError, match=r"not JSON: .* line 1, column 2"):
        run("import_game", str(path))


def test_a_missing_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="cannot read it"):
        run("import_game", str(tmp_path / "missing.json"))


def test_a_bad_record_exits_with_status_1_and_one_line_on_stderr(tmp_path, capsys):
    path = bad_record(tmp_path, lambda d: d.update(format="other/1"))

    with pytest.raises(SystemExit) as exit:
        ImportGame().run_from_argv(["manage.py", "import_game", str(path)])
    assert exit.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("CommandError: ") and "format" in err
    assert len(err.splitlines()) == 1


def test_a_game_stopped_by_choice_under_the_old_rules_keeps_its_stop(players):
    # Before yame had three values a table could stop an EMA game with the dealer in 1st;
    # the migration marks that game's frozen rules "optional" so that it still replays.
    migration = importlib.import_module(
        "scorekeeper.club.migrations.0007_stops_by_choice_under_optional_yame"
    )
    rules = PRESETS["ema"]
    game = start_game(rules=rules, ruleset_name="ema", players=players)
    for sequence in range(7):  # seven exhaustive draws, nobody tenpai: E1 .. S4
        record_hand(game=game, hand=Hand(Draw(())), expected_sequence=sequence)
    stop = Hand(Tsumo(Win(winner=3, han=3, fu=30)), end=True)  # the South 4 dealer, 1st
    HandRecord.objects.create(game=game, sequence=7, data=HandRecord.data_from(stop))

    migration.keep_stops(django_apps, None)

    game.refresh_from_db()
    assert game.rules["agari_yame"] == "optional"
    assert game.rules["tenpai_yame"] == "none"
    hands = [h.to_hand() for h in game.hands.order_by("sequence")]
    assert replay(game.ruleset(), hands).state.end_reason == EndReason.AGARI_YAME
