"""Hostile and broken backups and game records: each refused with the line and the field
named, nothing stored, no traceback; what a form refuses, a restore refuses too."""

from __future__ import annotations

import io
import json
import time

import pytest
from django.core.management import CommandError, call_command

from scorekeeper.club.models import Game, HandRecord, Player, SavedRuleset, Season, Seat
from scorekeeper.errors import RestoreError, ServiceError
from scorekeeper.operations.backup import MAX_LINE, backup_lines
from scorekeeper.operations.restore import restore
from scorekeeper.table.services.games import import_record
from tests.web.operations import test_backup
from tests.web.operations.test_backup import wipe

pytestmark = pytest.mark.django_db
#: The backup tests' club: something of everything, to break one line of.
club = test_backup.club
DEEP = "[" * 100_000 + "]" * 100_000


def nth(text: str, kind: str, index: int) -> int:
    """The 1-based number of the ``index``-th line of ``kind``."""
    numbers = [i for i, line in enumerate(text.splitlines(), 1) if f'"type":"{kind}"' in line]
    return numbers[index]


def changed(text: str, number: int, change) -> str:
    lines = text.splitlines(keepends=True)
    obj = json.loads(lines[number - 1])
    new = change(obj)
    lines[number - 1] = (new if isinstance(new, str) else json.dumps(obj)) + "\n"
    return "".join(lines)


def stored() -> tuple[int, ...]:
    models = (Player, SavedRuleset, Season, Game, Seat, HandRecord, Season.games.through)
    return tuple(model.objects.count() for model in models)


def set_(key, value):
    def change(obj):
        target = obj
        *path, last = key.split(".")
        for part in path:
            target = target[part]
        target[last] = value

    return change


CASES = [
    # (line kind, index, change, where, words)
    ("player", 1, "id=first", "id", "a second player with id"),
    ("player", 3, set_("name", "AKI"), "name", "differs only in case from 'Aki'"),
    ("player", 2, set_("name", "Aki\x00"), "name", "NUL"),
    ("player", 2, set_("name", "x" * 101), "name", "at most 100 characters"),
    ("player", 2, set_("name", "   "), "name", "expected a name"),
    ("player", 2, set_("id", 2**63), "id", "from 1 to"),
    ("player", 2, set_("created_at", "0001-01-01T00:00:00+14:00"), "created_at", "1900 to 9998"),
    ("player", 2, set_("created_at", "9999-12-31T23:59:59-14:00"), "created_at", "1900 to 9998"),
    ("ruleset", 1, "id=first", "id", "a second ruleset with id"),
    ("ruleset", 1, set_("name", "CLUB RULES"), "name", "differs only in case"),
    ("ruleset", 0, set_("preset", "nope"), "preset", "expected one of"),
    ("ruleset", 0, set_("overrides", {"uma": [10**15, 0, 0, -(10**15)]}), "overrides", "uma"),
    ("ruleset", 0, set_("overrides", {"preset": "ema"}), "overrides.preset", "preset"),
    ("season", 1, "games=twice", "games[1]", "listed twice"),
    ("season", 1, set_("games", [2**64]), "games[0]", "from 1 to"),
    ("season", 1, set_("games", ["²"]), "games[0]", "from 1 to"),
    ("season", 0, set_("end_date", "9999-12-31"), "end_date", "9998 or earlier"),
    ("season", 0, set_("start_date", "0001-01-01"), "start_date", "1900 or later"),
    ("season", 0, set_("end_date", "2023-01-01"), "end_date", "before the first"),
    ("season", 1, set_("name", "SPRING"), "name", "differs only in case"),
    ("game", 1, set_("meta.id", 2**63), "meta.id", "from 1 to"),
    ("game", 1, set_("meta.table_label", "x" * 51), "meta.table_label", "at most 50"),
    ("game", 1, set_("meta.table_label", "T\x00"), "meta.table_label", "NUL"),
    ("game", 1, set_("meta.ruleset_name", "r" * 101), "meta.ruleset_name", "at most 100"),
    ("game", 1, set_("meta.revision", 2**40), "meta.revision", "at most"),
    ("game", 1, set_("meta.edited_at", {"²": "2024-01-01T00:00:00+00:00"}), "meta.edited_at", ""),
    ("game", 1, set_("meta.created_at", "0001-01-01T00:00:00+14:00"), "meta.created_at", "1900"),
    ("game", 1, set_("record.rules.uma", [10**15, 0, 0, -(10**15)]), "record.rules", "uma"),
    (
        "game",
        1,
        set_("record.penalties", [{"seat": 0, "points": 1000, "reason": "late\x00"}]),
        "record.penalties[0].reason",
        "NUL",
    ),
    (
        "game",
        1,
        set_("record.penalties", [{"seat": 4, "points": 1000}]),
        "record.penalties[0].seat",
        "",
    ),
    (
        "game",
        1,
        set_("record.start", {"round": "E2", "honba": 0, "sticks": 0, "scores": [1, 2, 3, 4]}),
        "record.start",
        "four players begin with",
    ),
    ("game", 1, "deep", "", "nested more than 20 levels deep"),
]


@pytest.mark.parametrize(("kind", "index", "change", "where", "words"), CASES)
def test_a_hostile_backup_line_is_refused_naming_line_and_field(
    club, kind, index, change, where, words, tmp_path
):
    text = "".join(backup_lines())
    number = nth(text, kind, index)
    if change == "id=first":
        first = json.loads(text.splitlines()[nth(text, kind, 0) - 1])["id"]
        change = set_("id", first)
    elif change == "games=twice":
        change = lambda obj: obj.__setitem__("games", [obj["games"][0]] * 2)  # noqa: E731
    elif change == "deep":
        change = lambda obj: DEEP  # noqa: E731
    text = changed(text, number, change)
    wipe()
    before = stored()

    with pytest.raises(RestoreError) as error:
        restore(io.StringIO(text))

    assert str(error.value).startswith(f"line {number}: {where}"), str(error.value)
    assert words in str(error.value)
    assert stored() == before
    path = tmp_path / "club.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match=rf"^{path}: line {number}: .*nothing was restored"):
        call_command("restore", str(path), stderr=io.StringIO(), stdout=io.StringIO())
    assert stored() == before


# -- import_game ------------------------------------------------------------------------------


def record(**change):
    doc = {"format": "scorekeeper.game/1", "rules": "ema", "players": ["Aki", "Ben", "Chie", "Dan"]}
    return {**doc, **change}


def test_an_imported_game_finds_its_players_regardless_of_case(players):
    game = import_record(doc=record(players=["AKI", "ben", "Chie", "Dan"]))

    assert [s.player for s in game.seats.order_by("number")] == players
    assert Player.objects.count() == 4


def test_a_record_whose_players_differ_only_in_case_is_refused(db):
    with pytest.raises(ServiceError, match=r"players\[1\]: 'AKI' and 'Aki' differ only in case"):
        import_record(doc=record(players=["Aki", "AKI", "Chie", "Dan"]))

    assert stored() == (0,) * 7


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--table-label", "x" * 51], "table_label: at most 50 characters"),
        (["--table-label", "T\x00"], "table_label: a text cannot contain a NUL"),
        (["--ruleset-name", "r" * 101], "ruleset_name: at most 100 characters"),
    ],
)
def test_import_game_refuses_labels_it_cannot_store(db, tmp_path, option, words):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record()), encoding="utf-8")

    with pytest.raises(CommandError, match=rf"^{path}: {words}"):
        call_command("import_game", str(path), *option, stdout=io.StringIO())

    assert stored() == (0,) * 7


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (DEEP, "nested more than 20 levels deep"),
        (json.dumps(record(players=["A", "B", "C\x00", "D"])), "NUL"),
        (json.dumps(record(rules={"preset": "ema", "uma": [10**15, 0, 0, -(10**15)]})), "uma"),
    ],
)
def test_import_game_refuses_hostile_files_without_a_traceback(db, tmp_path, text, words):
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")

    with pytest.raises(CommandError) as error:
        call_command("import_game", str(path), stdout=io.StringIO())

    assert str(error.value).startswith(f"{path}: ")
    assert words in str(error.value)
    assert stored() == (0,) * 7


# -- What a line may hold, and how long its checks take -------------------------------------


def test_a_season_listing_100000_games_is_checked_in_time_in_proportion_to_the_list(club):
    """Each id is checked against the ids before it once (a set), not against the list:
    100,000 ids took minutes when each was looked for in the ids before it."""
    text = "".join(backup_lines())
    number = nth(text, "season", 1)
    ids = list(range(10**6, 10**6 + 100_000))
    text = changed(text, number, set_("games", ids))
    assert len(text.splitlines()[number - 1]) < MAX_LINE
    wipe()

    started = time.perf_counter()
    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO(text))
    took = time.perf_counter() - started

    assert f"line {number}: games: no game with id {ids[0]} in the backup" in str(refused.value)
    assert took < 10, f"{took:.1f} s"


def test_a_line_longer_than_a_backup_line_may_be_is_refused_before_it_is_read(club):
    text = "".join(backup_lines())
    number = nth(text, "season", 1)
    text = changed(text, number, set_("games", list(range(1, 200_001))))
    wipe()

    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO(text))

    assert str(refused.value).startswith(f"line {number}: a line of 1,")
    assert f"a backup's line holds at most {MAX_LINE:,}" in str(refused.value)


def test_a_hand_number_of_5000_digits_in_edited_at_is_no_such_hand(club):
    text = "".join(backup_lines())
    number = nth(text, "game", 1)
    text = changed(text, number, set_("meta.edited_at", {"9" * 5000: "2024-01-01T00:00:00+00:00"}))
    wipe()

    with pytest.raises(RestoreError) as refused:
        restore(io.StringIO(text))

    assert str(refused.value).startswith(f"line {number}: meta.edited_at.999")
    assert "no such hand" in str(refused.value)
