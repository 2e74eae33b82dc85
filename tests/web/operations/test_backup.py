"""Backups: JSON lines out, and back into an empty database, byte for byte."""

from __future__ import annotations

import io
import json
import uuid
from datetime import date
from unittest.mock import ANY

import pytest
from django.core.management import CommandError, call_command

from scorekeeper.club.management.commands.verify_games import game_mismatches
from scorekeeper.club.models import (
    DeletedGame,
    Game,
    HandRecord,
    Player,
    SavedRuleset,
    Season,
    Seat,
)
from scorekeeper.errors import RestoreError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.restore import restore
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import abandon_game, finish_game, start_game
from scorekeeper.table.services.hands import edit_hand, record_hand
from scorekeeper.table.services.outbox import send_hand, settle_conflict
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS, resolve_rules

pytestmark = pytest.mark.django_db


def ron(discarder, winner, han, fu=None, riichi=()):
    return Hand(Ron(discarder, (Win(winner=winner, han=han, fu=fu),)), riichi=riichi)


def play(game, hands):
    for hand in hands:
        game = record_hand(game=game, hand=hand, expected_sequence=game.hand_count).game
    return game


def tobi_hands():
    """Seat 3 deals in two dealer haneman under tenhou rules and goes below zero."""
    return [ron(3, 0, 6), ron(3, 0, 6)]


@pytest.fixture
def club(alice):
    """A club with something of everything: Japanese names, saved rulesets, games in play,
    finished by the rules, stopped early, abandoned, with an edited hand, and seasons by
    date range and by chosen games."""
    names = ["佐藤", "鈴木", "Aki", "Ben", "Chie", "=Dan"]
    players = [Player.objects.create(name=name) for name in names]
    SavedRuleset.objects.create(name="Club rules", preset="wrc", overrides={"aka_dora": 3})
    SavedRuleset.objects.create(name="Short", preset="tenhou", overrides={"length": "tonpuusen"})
    club_rules = resolve_rules({"preset": "wrc", "aka_dora": 3})

    def new(rules, name, seats, label=""):
        return start_game(
            rules=rules,
            ruleset_name=name,
            players=[players[i] for i in seats],
            table_label=label,
            created_by=alice,
        )

    finished = play(new(PRESETS["tenhou"], "tenhou", [0, 1, 2, 3], "Table 1"), tobi_hands())
    in_play = play(
        new(club_rules, "Club rules", [2, 3, 4, 5], "Table 2"),
        [ron(0, 1, 2, 30, riichi=(1,)), Hand(Draw(tenpai=(0, 2))), Hand(Tsumo(Win(3, 3, 30)))],
    )
    edit_hand(game=in_play, sequence=0, hand=ron(0, 1, 3, 30), expected_sequence=3)
    stopped = play(new(PRESETS["ema"], "ema", [5, 4, 1, 0]), [ron(1, 2, 4, 30)])
    finish_game(game=stopped, expected_sequence=1)
    abandoned = play(new(PRESETS["mleague"], "mleague", [0, 2, 4, 5]), [Hand(Draw())])
    abandon_game(game=abandoned, expected_sequence=1)
    short = new(PRESETS["tenhou"], "Short", [1, 2, 3, 4])
    spring = Season.objects.create(
        name="Spring", start_date=date(2024, 1, 1), end_date=date(2024, 6, 30)
    )
    cup = Season.objects.create(name="Cup", ruleset_name="tenhou")
    cup.games.set([Game.objects.get(pk=finished.pk), Game.objects.get(pk=stopped.pk)])
    return {
        "finished": finished,
        "stopped": stopped,
        "short": short,
        "spring": spring,
        "cup": cup,
    }


def wipe():
    DeletedGame.objects.all().delete()
    Season.objects.all().delete()
    Game.objects.all().delete()
    SavedRuleset.objects.all().delete()
    Player.objects.all().delete()


def seats_snapshot():
    return list(
        Seat.objects.order_by("game_id", "number").values_list(
            "game_id",
            "number",
            "player__name",
            "final_points",
            "place",
            "result",
            "wins",
            "deal_ins",
            "riichi",
            "win_points",
            "best_han",
            "best_fu",
            "best_yakuman",
            "tobi",
        )
    )


def test_a_backup_restored_into_an_empty_database_backs_up_to_the_same_bytes(club):
    first = "".join(backup_lines())
    seats = seats_snapshot()
    hands = list(HandRecord.objects.values_list("game_id", "sequence", "data", "edited_at"))
    wipe()
    counts = restore(io.StringIO(first))
    assert counts == {"players": 6, "rulesets": 2, "seasons": 2, "games": 5, "hands": 7}
    assert "".join(backup_lines()) == first
    assert seats_snapshot() == seats
    assert list(HandRecord.objects.values_list("game_id", "sequence", "data", "edited_at")) == (
        hands
    )
    for game in Game.objects.all():
        assert list(game_mismatches(game)) == [], game
    # The ids go on after the restored ones.
    newcomer = Player.objects.create(name="Newcomer")
    assert newcomer.pk > max(Player.objects.exclude(pk=newcomer.pk).values_list("pk", flat=True))
    game = start_game(
        rules=PRESETS["ema"], ruleset_name="ema", players=list(Player.objects.all()[:4])
    )
    assert game.pk > max(Game.objects.exclude(pk=game.pk).values_list("pk", flat=True))


def test_a_restored_game_keeps_its_id_timestamps_status_and_revision(club):
    before = Game.objects.get(pk=club["stopped"].pk)
    text = "".join(backup_lines())
    wipe()
    restore(io.StringIO(text))
    after = Game.objects.get(pk=club["stopped"].pk)
    for field in ("created_at", "updated_at", "finished_at", "revision", "status", "state"):
        assert getattr(after, field) == getattr(before, field), field
    assert after.stopped_early and after.hand_count == 1
    assert set(Season.objects.get(name="Cup").games.values_list("pk", flat=True)) == {
        club["finished"].pk,
        club["stopped"].pk,
    }


def test_the_history_keeps_a_deleted_games_line_through_a_backup_and_restore(club, alice):
    # The game started last: a new game would take its id if the next id went by the rows.
    short = club["short"]
    delete_game(game=short, expected_sequence=0, user=alice)
    line = DeletedGame.objects.values().get()
    text = "".join(backup_lines())
    wipe()

    counts = restore(io.StringIO(text))

    assert counts["deleted_games"] == 1
    assert DeletedGame.objects.values().get() == {**line, "id": ANY, "deleted_by_id": None}
    assert "".join(backup_lines()) == text


def test_a_game_started_after_a_restore_never_takes_a_deleted_games_id(club, alice):
    short = club["short"]
    delete_game(game=short, expected_sequence=0, user=alice)
    text = "".join(backup_lines())
    # A deleted game of an id far past every other's, as a club's history may hold.
    text = text.replace(f'"game_id":{short.pk},', f'"game_id":{short.pk + 50},')
    wipe()
    restore(io.StringIO(text))

    game = start_game(
        rules=PRESETS["ema"], ruleset_name="ema", players=list(Player.objects.all()[:4])
    )

    assert game.pk > short.pk + 50


@pytest.mark.parametrize(
    ("change", "place", "words"),
    [
        # The game started just before the one deleted is in the backup.
        (lambda o: o.update(game_id=o["game_id"] - 1), "game_id", "is both in the backup"),
        (lambda o: o.update(players=["A"]), "players", "three or four names"),
        (lambda o: o.update(status="gone"), "status", "expected one of"),
        (lambda o: o.update(hand_count=-1), "hand_count", "a whole number from 0"),
        (lambda o: o.update(deleted_at="today"), "deleted_at", "a date and time"),
        (lambda o: o.update(deleted_by=3), "deleted_by", "unknown field"),
    ],
    ids=["a-games-id", "players", "status", "hands", "moment", "unknown-field"],
)
def test_a_bad_deleted_games_line_is_refused_naming_the_field(club, alice, change, place, words):
    delete_game(game=club["short"], expected_sequence=0, user=alice)
    text = "".join(backup_lines())
    number = next(i for i, t in enumerate(text.splitlines(), 1) if '"deleted_game"' in t)
    text = broken(text, number, change)
    wipe()
    with pytest.raises(RestoreError) as error:
        restore(io.StringIO(text))
    assert str(error.value).startswith(f"line {number}: {place}: ")
    assert words in str(error.value)
    assert not Game.objects.exists() and not DeletedGame.objects.exists()


def test_the_backup_has_a_header_one_line_per_object_and_an_end_line(club):
    lines = [json.loads(line) for line in backup_lines()]
    assert lines[0] == {
        "format": "scorekeeper.backup/1",
        "counts": {"players": 6, "rulesets": 2, "seasons": 2, "games": 5, "hands": 7},
    }
    assert [line.get("type") for line in lines[1:]] == (
        ["player"] * 6 + ["ruleset"] * 2 + ["season"] * 2 + ["game"] * 5 + ["end"]
    )
    game = next(line for line in lines if line.get("type") == "game")
    assert game["record"]["players"] == ["佐藤", "鈴木", "Aki", "Ben"]
    assert game["record"]["rules"]["preset"] == "tenhou"
    assert game["meta"]["status"] == "finished"
    assert len(game["meta"]["recorded_at"]) == 2


def test_restore_refuses_a_database_that_already_holds_players(club):
    text = "".join(backup_lines())
    with pytest.raises(RestoreError, match="empty database"):
        restore(io.StringIO(text))


def broken(text: str, number: int, change) -> str:
    """The backup with line ``number`` (1-based) changed by ``change(obj)``."""
    lines = text.splitlines(keepends=True)
    obj = json.loads(lines[number - 1])
    change(obj)
    lines[number - 1] = json.dumps(obj) + "\n"
    return "".join(lines)


def first_game_line(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if '"type":"game"' in line)


def test_an_impossible_hand_names_the_line_and_the_place_and_nothing_is_stored(club):
    text = "".join(backup_lines())
    number = first_game_line(text) + 1

    def bad_fu(obj):
        obj["record"]["hands"][0] = {
            "ron": {"from": 1, "wins": [{"winner": 0, "han": 2, "fu": 21}]}
        }

    text = broken(text, number, bad_fu)
    wipe()
    with pytest.raises(RestoreError) as error:
        restore(io.StringIO(text))
    assert str(error.value).startswith(f"line {number}: record.hands[0] (E1).ron.wins[0]")
    assert "21 fu" in str(error.value)
    assert not Player.objects.exists() and not Game.objects.exists()


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda o: o["meta"].update(status="in_play"), "meta.status"),
        (lambda o: o["meta"].update(created_at="yesterday"), "meta.created_at"),
        (lambda o: o["meta"]["recorded_at"].pop(), "meta.recorded_at"),
        (lambda o: o["record"]["players"].__setitem__(0, "Nobody"), "record.players[0]"),
        (lambda o: o.update(colour="red"), "colour"),
    ],
    ids=["status", "timestamp", "hand-times", "unknown-player", "unknown-field"],
)
def test_a_bad_game_line_is_refused_naming_the_field(club, change, place):
    text = "".join(backup_lines())
    number = first_game_line(text)
    text = broken(text, number, change)
    wipe()
    with pytest.raises(RestoreError) as error:
        restore(io.StringIO(text))
    assert str(error.value).startswith(f"line {number}: {place}")
    assert not Game.objects.exists()


def test_a_cut_off_backup_is_refused_as_incomplete(club):
    lines = list(backup_lines())
    wipe()
    with pytest.raises(RestoreError, match="incomplete"):
        restore(io.StringIO("".join(lines[:-3])))
    assert not Player.objects.exists()


def test_a_file_that_is_not_a_backup_is_refused_on_its_first_line(db):
    with pytest.raises(RestoreError, match=r"^line 1: format"):
        restore(io.StringIO('{"format": "scorekeeper.game/1"}\n'))


def test_the_commands_write_a_file_and_restore_it_reporting_progress(club, tmp_path):
    path = tmp_path / "club.jsonl"
    call_command("backup", str(path), stderr=io.StringIO())
    text = path.read_text(encoding="utf-8")
    assert text == "".join(backup_lines())
    wipe()
    out, err = io.StringIO(), io.StringIO()
    call_command("restore", str(path), every=2, stdout=out, stderr=err)
    assert "restored 5/5 games" in err.getvalue()
    assert "5 games and 7 hands." in out.getvalue()
    stdout = io.StringIO()
    call_command("backup", "-", stdout=stdout)
    assert stdout.getvalue() == text


def test_the_restore_command_says_which_line_is_wrong(club, tmp_path):
    text = "".join(backup_lines())
    path = tmp_path / "club.jsonl"
    path.write_text(broken(text, 2, lambda o: o.update(name="")), encoding="utf-8")
    wipe()
    with pytest.raises(CommandError, match=r"line 2: name: .*nothing was restored"):
        call_command("restore", str(path))


def test_organisers_download_the_same_backup_from_the_site(club, alice_client):
    response = alice_client.get("/backup/")
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"] == "application/x-ndjson; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    body = b"".join(response.streaming_content).decode()
    assert body == "".join(backup_lines())


@pytest.mark.parametrize(
    ("persona", "status"), [("bob_client", 403), ("charlie_client", 403), ("client", 302)]
)
def test_only_organisers_may_download_the_backup(club, request, persona, status):
    response = request.getfixturevalue(persona).get("/backup/")
    assert response.status_code == status


# Hands phones sent under their own keys


@pytest.fixture
def sent(club, alice):
    """On Table 2 (three hands): a conflict still to settle at hand 1, one settled by keeping
    the stored hand at hand 2, and a hand recorded as it was sent (hand 4)."""
    game = Game.objects.get(table_label="Table 2")
    open_ = send_hand(
        game=game, hand=Hand(Draw(tenpai=(1,))), expected_sequence=0, key=uuid.uuid4()
    )
    settled = send_hand(
        game=game, hand=Hand(Draw(tenpai=(3,))), expected_sequence=1, key=uuid.uuid4()
    )
    settle_conflict(game=game, sent_id=settled.sent.pk, keep=False, user=alice)
    game.refresh_from_db()
    send_hand(game=game, hand=Hand(Draw()), expected_sequence=3, key=uuid.uuid4(), waited=False)
    return {"open": open_.sent.key, "settled": settled.sent.key}


def sent_rows():
    return list(
        SentHand.objects.order_by("key").values_list(
            "game_id", "key", "after", "sequence", "data", "outcome", "sent_at", "settled_at"
        )
    )


def test_conflicts_to_settle_and_settled_survive_a_restore_without_the_keys_of_stored_hands(sent):
    first = "".join(backup_lines())
    kept = [row for row in sent_rows() if row[5] != "recorded"]
    wipe()

    restore(io.StringIO(first))

    assert "".join(backup_lines()) == first
    assert sent_rows() == kept
    assert {row[1]: row[5] for row in kept} == {
        sent["open"]: "conflict",
        sent["settled"]: "discarded",
    }
    open_ = SentHand.objects.get(key=sent["open"])
    assert open_.to_hand() == Hand(Draw(tenpai=(1,)))
    assert open_.sent_by is None and open_.settled_at is None


def test_a_game_without_hands_sent_under_a_key_backs_up_as_before(club):
    assert '"sent"' not in "".join(backup_lines())


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda s: s.update(key="12"), "key"),
        (lambda s: s.update(outcome="recorded"), "outcome"),
        (lambda s: s.update(settled_at="2024-01-01T00:00:00+00:00"), "settled_at"),
        (lambda s: s.update(hand={"draw": {"tenpai": [7]}}), "hand"),
        (lambda s: s.update(sequence=-1), "sequence"),
    ],
    ids=["key", "outcome", "settled-conflict", "hand", "sequence"],
)
def test_a_bad_hand_sent_under_a_key_is_refused_naming_it(sent, change, place):
    text = "".join(backup_lines())
    number = next(i for i, line in enumerate(text.splitlines(), 1) if '"sent"' in line)

    def first_sent(obj):
        conflict = next(s for s in obj["meta"]["sent"] if s["outcome"] == "conflict")
        change(conflict)
        obj["meta"]["sent"] = [conflict]

    text = broken(text, number, first_sent)
    wipe()
    with pytest.raises(RestoreError) as error:
        restore(io.StringIO(text))
    assert str(error.value).startswith(f"line {number}: meta.sent[0].{place}")
    assert not Game.objects.exists() and not SentHand.objects.exists()


def test_a_hand_sent_under_a_key_naming_a_seat_the_game_lacks_is_refused(alice):
    players = [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie")]
    game = start_game(rules=PRESETS["tenhou_sanma"], ruleset_name="tenhou_sanma", players=players)
    game = play(game, [Hand(Draw(tenpai=(0,)))])
    send_hand(game=game, hand=Hand(Draw(tenpai=(1,))), expected_sequence=0, key=uuid.uuid4())
    text = "".join(backup_lines())
    number = first_game_line(text)

    def north(obj):
        obj["meta"]["sent"][0]["hand"]["draw"]["tenpai"] = [3]

    text = broken(text, number, north)
    wipe()

    with pytest.raises(RestoreError) as error:
        restore(io.StringIO(text))

    assert str(error.value) == f"line {number}: meta.sent[0].hand: seat 3 in a game of 3 players"
    assert not Game.objects.exists()
