"""Bad input of every kind: thousands of random and malformed forms posted to the table page
and the registry, random query strings on the pages that read them, random and mutated game
records through the import, hand documents posted to the JSON API, and broken backups through
the restore. Never a 500; every refusal says why; a refusal changes nothing.

Bounded for CI: about a minute in all (``max_examples`` below).
"""

from __future__ import annotations

import io
import json
import re
import string
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from real_data import GAMES_DIR, HAND_CASES, hand_doc

from scorekeeper.club.bounds import JSON_DIGITS, name_key
from scorekeeper.club.models import (
    DeletedGame,
    Game,
    HandRecord,
    Player,
    SavedRuleset,
    Season,
    Seat,
)
from scorekeeper.errors import RestoreError, ServiceError
from scorekeeper.operations.backup import backup_lines
from scorekeeper.operations.deletion import delete_game
from scorekeeper.operations.restore import restore
from scorekeeper.registry.services import delete_player, merge_players
from scorekeeper.table.models import SentHand
from scorekeeper.table.services.games import import_record, start_game
from scorekeeper.table.services.hands import record_hand
from scorekeeper.table.services.outbox import send_hand
from scoring.errors import ScoringError
from scoring.outcomes import Draw, Hand, Ron, Tsumo, Win
from scoring.rules import PRESETS
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.django_db
GAMES = GAMES_DIR

FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Values: what a form would send, what a broken phone or a hostile one might.

NASTY_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "\u202e",
        "0" * 40,
        "x" * 5000,
        "-0",
        "1e309",
        "NaN",
        "Infinity",
        "null",
        "[]",
        "{}",
        "' OR 1=1 --",
        "<script>alert(1)</script>",
        "佐藤",
        "🀄",
        "%00",
        "../../etc/passwd",
    ]
)
NUMBERS = st.integers(min_value=-(2**70), max_value=2**70).map(str)
#: Integers of any length, as text: past the 4,300 digits Python reads as an integer too.
LONG_DIGITS = st.integers(min_value=1, max_value=12_000).map(lambda n: "9" * n)
ANY_INTEGER = st.one_of(NUMBERS, LONG_DIGITS, LONG_DIGITS.map(lambda digits: "-" + digits))
SMALL = st.integers(min_value=-2, max_value=6).map(str)
VALUE = st.one_of(
    SMALL,
    NUMBERS,
    ANY_INTEGER,
    NASTY_TEXT,
    st.text(max_size=30),
    st.sampled_from(["ron", "tsumo", "draw", "abort", "chombo", "yakuman", "on", "true"]),
    st.sampled_from(["1", "2", "3", "4", "5", "13", "20", "25", "30", "40", "110"]),
    st.sampled_from(["kyuushu_kyuuhai", "suufon_renda", "sanchahou", "preset:tenhou", "preset:x"]),
)


def form(keys: list[str]) -> st.SearchStrategy[dict[str, list[str]]]:
    """A form: mostly the fields the page knows, some it does not, each with 0-3 values."""
    key = st.one_of(st.sampled_from(keys), st.text(max_size=12))
    return st.dictionaries(key, st.lists(VALUE, max_size=3), max_size=len(keys) + 3)


HAND_KEYS = [
    "sequence",
    "outcome",
    "winners",
    "discarder",
    "winner",
    "riichi",
    "tenpai",
    "nagashi",
    "abort_reason",
    "offender",
    "end",
    "confirmed",
    *(f"win_{seat}_{part}" for seat in range(4) for part in ("han", "fu", "yakuman", "pao")),
]
REGISTRY_KEYS = [
    "name",
    "preset",
    "overrides",
    "ruleset",
    "table_label",
    "shuffle",
    "username",
    "password",
    "password1",
    "password2",
    "member",
    "next",
    *(f"{kind}_{seat}" for kind in ("seat", "new") for seat in range(4)),
]


def plausible_hand(sequence: int) -> st.SearchStrategy[dict[str, Any]]:
    """A hand as the page would send it, often complete, so the engine gets to judge it."""
    seat = st.sampled_from(["0", "1", "2", "3"])
    seats = st.lists(seat, max_size=4, unique=True)
    han = st.sampled_from(["1", "2", "3", "4", "5", "6", "13", "yakuman"])
    fu = st.sampled_from(["20", "25", "30", "40", "50", "70", "110"])
    return st.fixed_dictionaries(
        {
            "sequence": st.sampled_from([str(sequence), str(sequence + 1), str(sequence - 1)]),
            "outcome": st.sampled_from(["ron", "tsumo", "draw", "abort", "chombo"]),
            "winners": seats,
            "discarder": seat,
            "winner": seat,
            "riichi": seats,
            "tenpai": seats,
            "offender": seat,
            "abort_reason": st.sampled_from(["kyuushu_kyuuhai", "suucha_riichi"]),
            **{f"win_{n}_han": han for n in range(4)},
            **{f"win_{n}_fu": fu for n in range(4)},
        }
    )


# What a refusal must leave alone, and say.


def snapshot() -> tuple[Any, ...]:
    games = list(Game.objects.order_by("pk").values_list("pk", "revision", "hand_count", "status"))
    hands = list(HandRecord.objects.order_by("pk").values_list("pk", "sequence", "data"))
    players = list(Player.objects.order_by("pk").values_list("pk", "name"))
    rulesets = list(SavedRuleset.objects.order_by("pk").values_list("pk", "name", "overrides"))
    from django.contrib.auth import get_user_model

    users = list(get_user_model().objects.order_by("pk").values_list("pk", "username", "groups"))
    return games, hands, players, rulesets, users, Seat.objects.count()


MESSAGE_MARKS = (b'class="field-error"', b'class="form-errors"', b'<li class="message', b"<h1")


def says_why(response: Any) -> bool:
    return any(mark in response.content for mark in MESSAGE_MARKS)


def check(response: Any, before: tuple[Any, ...], where: str) -> None:
    assert response.status_code < 500, where
    if response.status_code >= 400:
        assert says_why(response), f"{where}: {response.status_code} without a message"
        assert snapshot() == before, f"{where}: refused with {response.status_code}, yet changed"


# The table page.

OPENING = [
    Hand(Ron(2, (Win(0, han=2, fu=40),))),
    Hand(Draw(tenpai=frozenset({1, 3})), riichi=frozenset({1})),
    Hand(Tsumo(Win(1, han=3, fu=30))),
]
TABLE_ACTIONS = ["hand_create", "hand_preview", "hand_edit", "hand_undo", "game_finish"]


@pytest.fixture
def table(players, alice_client, bob_client, charlie_client) -> dict[str, Any]:
    return {
        "players": players,
        "clients": {"member": bob_client, "organiser": alice_client, "outsider": charlie_client},
    }


@settings(FUZZ, max_examples=350)
@given(
    data=st.data(),
    action=st.sampled_from([*TABLE_ACTIONS, "game_abandon", "game_reopen"]),
    who=st.sampled_from(["member", "member", "organiser", "outsider"]),
    htmx=st.booleans(),
    played=st.integers(min_value=0, max_value=len(OPENING)),
)
def test_random_forms_at_the_table_never_break_it(table, data, action, who, htmx, played):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=table["players"])
    for n, hand in enumerate(OPENING[:played]):
        record_hand(game=game, hand=hand, expected_sequence=n)
    game.refresh_from_db()
    args = [game.pk, 1] if action == "hand_edit" else [game.pk]
    url = reverse(action, args=args)
    fields = data.draw(st.one_of(form(HAND_KEYS), plausible_hand(game.hand_count)), label="form")
    headers = {"HX-Request": "true"} if htmx else {}
    before = snapshot()

    response = table["clients"][who].post(url, fields, headers=headers)

    event(f"{who} {action}: {response.status_code}")
    check(response, before, f"{who} {action} {fields!r}")
    if htmx and response.status_code == 200 and action == "hand_create":
        game.refresh_from_db()
        assert game.hand_count == played + 1


@settings(FUZZ, max_examples=60)
@given(hand=st.text(max_size=12) | NUMBERS, query=form(HAND_KEYS))
def test_random_previews_never_break_the_table(table, hand, query):
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=table["players"])
    record_hand(game=game, hand=OPENING[0], expected_sequence=0)

    response = table["clients"]["member"].get(
        reverse("hand_preview", args=[game.pk]), {**query, "hand": hand}
    )

    assert response.status_code < 500


# The registry: players, rulesets, accounts, new games; and logging in.

REGISTRY_ACTIONS = [
    ("player_new", False),
    ("player_edit", True),
    ("ruleset_new", False),
    ("ruleset_edit", True),
    ("member_new", False),
    ("membership", True),
    ("game_new", False),
    ("login", False),
    ("setup", False),
]

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10) | NASTY_TEXT,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=10) | st.sampled_from(["uma", "oka"]), inner, max_size=3)
    ),
    max_leaves=8,
)


HOSTILE_NAME = st.one_of(
    st.text(min_size=1, max_size=110),
    NASTY_TEXT,
    st.sampled_from(["aki", "AKI", " Aki ", "Aki\x00", "\x00", "a" * 100, "a" * 101, "\t"]),
)
RULE_NAMES = sorted(PRESETS["ema"].to_json())
RULES = st.one_of(
    st.sampled_from(sorted(PRESETS)),
    st.fixed_dictionaries(
        {"preset": st.sampled_from(sorted(PRESETS))},
        optional={name: JSON_VALUES for name in RULE_NAMES if name != "preset"},
    ),
)


def plausible_registry_form() -> st.SearchStrategy[dict[str, Any]]:
    """What the registry's forms send, with hostile names and random rule overrides."""
    return st.fixed_dictionaries(
        {
            "name": HOSTILE_NAME,
            "preset": st.sampled_from(sorted(PRESETS)),
            "ruleset": st.sampled_from([f"preset:{name}" for name in PRESETS]),
            "table_label": HOSTILE_NAME,
            "username": HOSTILE_NAME,
            "password1": st.just(PASSWORD),
            "password2": st.just(PASSWORD),
            **{f"new_{seat}": HOSTILE_NAME for seat in range(4)},
        },
        optional={
            "overrides": st.dictionaries(st.sampled_from(RULE_NAMES), JSON_VALUES, max_size=3).map(
                json.dumps
            ),
        },
    )


@pytest.fixture
def registry(alice_client, bob_client, charlie, players) -> dict[str, Any]:
    ruleset = SavedRuleset.objects.create(name="Club", preset="ema", overrides={"oka": 0})
    return {
        "pk": {
            "player_edit": players[0].pk,
            "ruleset_edit": ruleset.pk,
            "membership": charlie.pk,
        },
        "clients": {"member": bob_client, "organiser": alice_client, "visitor": Client()},
    }


@settings(FUZZ, max_examples=300)
@given(
    data=st.data(),
    action=st.sampled_from(REGISTRY_ACTIONS),
    who=st.sampled_from(["organiser", "organiser", "member", "visitor"]),
    overrides=JSON_VALUES.map(lambda v: json.dumps(v, ensure_ascii=False)),
)
def test_random_forms_in_the_registry_never_break_it(registry, data, action, who, overrides):
    name, takes_pk = action
    url = reverse(name, args=[registry["pk"][name]] if takes_pk else [])
    fields = data.draw(form(REGISTRY_KEYS) | plausible_registry_form(), label="form")
    if data.draw(st.booleans(), label="with overrides"):
        fields["overrides"] = [overrides]
    before = snapshot()

    response = registry["clients"][who].post(url, fields)

    event(f"{who} {name}: {response.status_code}")
    check(response, before, f"{who} {name} {fields!r}")


@settings(FUZZ, max_examples=100)
@given(
    name=st.sampled_from(["payment_table", "game_list", "standings_csv", "standings_json"]),
    query=st.dictionaries(
        st.sampled_from(["rules", "page", "season", "ruleset", "sort", "since", "until", "x"]),
        st.lists(VALUE, min_size=1, max_size=2),
    ),
)
def test_random_query_strings_never_break_a_page(registry, name, query):
    response = registry["clients"]["visitor"].get(reverse(name), query)

    assert response.status_code < 500


# Importing game records.


def _valid_record() -> dict[str, Any]:
    path = sorted(GAMES.glob("*.game.json"))[0]
    doc: dict[str, Any] = json.loads(path.read_text())
    return doc


VALID = _valid_record()


@st.composite
def mutated_record(draw: st.DrawFn) -> Any:
    """The valid record with a few things broken: a value replaced, a key dropped, hands
    shuffled, cut or repeated."""
    doc = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = list(_paths(doc))
        path = draw(st.sampled_from(paths))
        parent, key = _at(doc, path)
        change = draw(st.sampled_from(["replace", "drop", "hands"]))
        if change == "replace":
            parent[key] = draw(JSON_VALUES | st.integers(min_value=-(2**64), max_value=2**64))
        elif change == "drop" and isinstance(parent, dict):
            del parent[key]
        elif isinstance(doc.get("hands"), list) and doc["hands"]:
            hands = doc["hands"]
            i = draw(st.integers(min_value=0, max_value=len(hands) - 1))
            doc["hands"] = draw(
                st.sampled_from([hands[:i], hands[i:], hands + hands[i:], hands[::-1]])
            )
    return doc


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Any:
    if path:
        yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def _at(doc: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    for key in path[:-1]:
        doc = doc[key]
    return doc, path[-1]


#: Well-formed records with hostile names, random rule overrides, a few real hands.
HOSTILE_RECORD = st.fixed_dictionaries(
    {
        "format": st.just("scorekeeper.game/1"),
        "rules": RULES,
        "players": st.lists(HOSTILE_NAME, min_size=4, max_size=4, unique_by=str.strip),
        "hands": st.integers(min_value=0, max_value=6).map(lambda n: VALID["hands"][:n]),
    }
)
RECORD_KEYS = st.sampled_from(["format", "rules", "players", "hands", "preset"])
RANDOM_RECORD = st.one_of(
    JSON_VALUES,
    st.fixed_dictionaries(
        {
            "format": st.sampled_from(["scorekeeper.game/1", "x"]),
            "rules": st.sampled_from(["tenhou", "ema", "wrc", "nope"]) | JSON_VALUES,
            "players": st.lists(st.text(max_size=120) | NASTY_TEXT, max_size=5),
            "hands": st.lists(JSON_VALUES, max_size=4),
        }
    ),
    st.dictionaries(RECORD_KEYS, JSON_VALUES, max_size=5),
)


def counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Game, Seat, HandRecord, Player))


#: Nested far past what any record needs: the JSON readers refuse it rather than recurse.
DEEP_JSON = st.integers(min_value=15, max_value=50_000).map(lambda n: "[" * n + "]" * n)


@settings(FUZZ, max_examples=250)
@given(doc=st.one_of(mutated_record(), RANDOM_RECORD, HOSTILE_RECORD))
@example(doc={**VALID, "players": ["Aki", "Ben", "Chie\x00", "Dan"]})  # PostgreSQL refuses NUL
def test_random_and_broken_records_are_imported_whole_or_refused_with_a_reason(db, doc):
    before = counts()
    try:
        game = import_record(doc=doc)
    except (ScoringError, ServiceError) as error:
        event(f"refused: {type(error).__name__}")
        assert str(error).strip(), repr(doc)
        assert counts() == before
    else:
        event("imported")
        game.refresh_from_db()
        assert game.hand_count == HandRecord.objects.filter(game=game).count()


@settings(FUZZ, max_examples=60)
@given(
    text=st.one_of(
        st.text(max_size=200),
        st.one_of(mutated_record(), HOSTILE_RECORD).map(json.dumps),
        DEEP_JSON,
    )
)
def test_the_import_command_refuses_bad_files_with_a_message(db, tmp_path_factory, text):
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(text, encoding="utf-8")
    before = counts()
    try:
        call_command("import_game", str(path), stdout=_Sink())
    except CommandError as error:
        assert str(error).startswith(str(path))
        assert counts() == before


# The JSON API: hand documents, real and broken.

VALID_HAND = hand_doc(HAND_CASES[0])


@st.composite
def mutated_hand(draw: st.DrawFn) -> Any:
    """A real hand's document with a few values replaced or keys dropped."""
    doc = json.loads(json.dumps(VALID_HAND))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        parent, key = _at(doc, draw(st.sampled_from(list(_paths(doc)))))
        if draw(st.booleans()) or not isinstance(parent, dict):
            parent[key] = draw(JSON_VALUES | NASTY_TEXT | NUMBERS)
        else:
            del parent[key]
    return doc


API_BODY = st.one_of(
    mutated_hand().map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.text(max_size=200),
    DEEP_JSON,
    st.binary(max_size=64).map(lambda b: b.decode("latin-1")),
)


@settings(FUZZ, max_examples=200)
@given(body=API_BODY)
def test_random_hand_documents_get_an_answer_or_a_reason_from_the_api(db, body):
    before = counts()

    response = Client().post(reverse("hand_api"), body, content_type="application/json")

    event(f"api: {response.status_code}")
    assert response.status_code < 500, body[:200]
    assert response["Content-Type"].startswith("application/json")
    if response.status_code >= 400 and response.status_code not in (403, 413):
        assert json.loads(response.content)["error"].strip()
    assert counts() == before


# Restoring backups.


@pytest.fixture
def club_backup(players, alice) -> str:
    """A small club's backup: a finished game in a season with a hand a phone sent for its
    first place, kept as a conflict, a saved ruleset; then the club is cleared so that the
    backup may be restored."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=players)
    for n, hand in enumerate(OPENING):
        record_hand(game=game, hand=hand, expected_sequence=n)
    send_hand(game=game, hand=Hand(Draw()), expected_sequence=0, key=uuid.uuid4())
    SavedRuleset.objects.create(name="Club", preset="wrc", overrides={"aka_dora": 3})
    Season.objects.create(name="Cup").games.set([game])
    text = "".join(backup_lines())
    assert '"outcome":"conflict"' in text
    Season.objects.all().delete()
    Game.objects.all().delete()
    SavedRuleset.objects.all().delete()
    Player.objects.all().delete()
    return text


def stored_club() -> tuple[int, ...]:
    models = (Player, SavedRuleset, Season, Game, Seat, HandRecord, SentHand, Season.games.through)
    return tuple(model.objects.count() for model in models)


@st.composite
def broken_backup(draw: st.DrawFn, text: str) -> str:
    """The backup with a line's values replaced, dropped, doubled, or lines cut or swapped."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        if not lines:
            break
        i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        change = draw(st.sampled_from(["value", "drop", "double", "cut", "swap", "raw"]))
        try:
            obj = json.loads(lines[i]) if lines[i].startswith("{") else None
        except ValueError:
            obj = None  # a line an earlier change of this backup left broken
        paths = list(_paths(obj)) if isinstance(obj, dict) else []
        if change in ("value", "drop") and paths:  # an emptied line has no value left to change
            parent, key = _at(obj, draw(st.sampled_from(paths)))
            if change == "value":
                hostile = st.one_of(
                    JSON_VALUES,
                    NASTY_TEXT,
                    st.integers(min_value=-(2**70), max_value=2**70),
                    st.sampled_from(
                        ["0001-01-01T00:00:00+14:00", "9999-12-31", "AKI", "aki", "佐藤\x00"]
                    ),
                )
                parent[key] = draw(hostile)
            elif isinstance(parent, dict):
                del parent[key]
            lines[i] = json.dumps(obj, ensure_ascii=False)
        elif change == "double":
            lines.insert(i, lines[i])
        elif change == "cut":
            lines = lines[:i]
        elif change == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif change == "raw":
            lines[i] = draw(DEEP_JSON | st.text(max_size=40))
    return "\n".join(lines) + "\n"


@settings(FUZZ, max_examples=150)
@given(data=st.data())
def test_broken_and_hostile_backups_are_restored_whole_or_refused_naming_the_line(
    club_backup, data
):
    text = data.draw(broken_backup(club_backup), label="backup")
    before = stored_club()
    try:
        restore(io.StringIO(text))
    except RestoreError as error:
        event("restore: refused")
        assert str(error).strip()
        assert stored_club() == before
    else:
        event("restore: restored")
        for game in Game.objects.all():
            assert game.hand_count == game.hands.count()
        assert "".join(backup_lines()).count("\n") >= 2
        Season.objects.all().delete()
        Game.objects.all().delete()
        SavedRuleset.objects.all().delete()
        Player.objects.all().delete()


class _Sink:
    def write(self, text: str) -> None:
        pass

    def flush(self) -> None:
        pass


# The hand calculator's JSON endpoint: random documents, random bodies.

TILE_TEXT = st.text(alphabet="0123456789mpsz [{}]", max_size=24) | NASTY_TEXT
HAND_FIELDS = {
    "closed": TILE_TEXT,
    "win_tile": TILE_TEXT,
    "melds": st.lists(
        st.fixed_dictionaries(
            {"type": st.sampled_from(["chi", "pon", "kan", "x"]), "tiles": TILE_TEXT},
            optional={"opened": JSON_VALUES},
        )
        | JSON_VALUES,
        max_size=5,
    ),
    "dora_indicators": st.lists(TILE_TEXT, max_size=6) | JSON_VALUES,
    "rules": RULES | JSON_VALUES,
    **{name: JSON_VALUES for name in ("seat_wind", "honba", "riichi", "tsumo", "format")},
}
API_BODIES = st.one_of(
    st.fixed_dictionaries({}, optional=HAND_FIELDS).map(json.dumps),
    JSON_VALUES.map(json.dumps),
    st.binary(max_size=200),
    st.sampled_from(["[" * 10, "{" * 9000, '{"closed": "' + "1m" * 5000 + '"}']),
)


@settings(FUZZ, max_examples=300)
@given(body=API_BODIES)
def test_random_bodies_never_break_the_hand_endpoint(body):
    before = snapshot()

    response = Client().post(reverse("hand_api"), body, content_type="application/json")

    event(f"hand_api: {response.status_code}")
    assert response.status_code in (200, 400, 413, 422), body
    answer = response.json()
    if response.status_code != 200:
        assert answer["error"] and isinstance(answer["field"], str)
    assert snapshot() == before


def test_the_fuzzer_reaches_the_engine_and_records_real_hands(table):
    """The plausible forms are good enough that some hands are recorded."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=table["players"])
    data = {"sequence": "0", "outcome": "ron", "winners": ["0"], "discarder": "2"}
    data |= {"win_0_han": "2", "win_0_fu": "40"}

    response = table["clients"]["member"].post(
        reverse("hand_create", args=[game.pk]), data, headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert HandRecord.objects.filter(game=game).count() == 1
    assert string.ascii_letters  # the alphabet the random keys come from is not empty
    assert PASSWORD


# Integers of any length, wherever JSON comes in.


def _long_number(text: str, digits: str) -> str:
    """``text`` with its first number made ``digits`` long (a number, or a key's value)."""
    found = re.search(r"-?\d+", text)
    if found is None:
        return text + digits
    return text[: found.start()] + digits + text[found.end() :]


@settings(FUZZ, max_examples=60)
@given(
    doc=st.one_of(mutated_record(), HOSTILE_RECORD).map(json.dumps),
    digits=LONG_DIGITS,
    negative=st.booleans(),
)
def test_integers_of_any_length_are_refused_with_a_reason_wherever_json_comes_in(
    alice, doc, digits, negative
):
    """The import page, a ruleset's overrides in the admin, the hand endpoint, a backup's
    line: one JSON reader, the same limits, never a 500."""
    alice.is_superuser = True
    alice.save()
    client = Client()
    client.force_login(alice)
    number = ("-" if negative else "") + digits
    text = _long_number(doc, number)
    before = snapshot()
    upload = SimpleUploadedFile("game.json", text.encode(), content_type="application/json")

    answers = {
        "import": client.post(reverse("game_import"), {"record": upload}),
        "admin": client.post(
            reverse("admin:club_savedruleset_add"),
            {"name": "Long", "preset": "ema", "overrides": f'{{"oka": {number}}}'},
        ),
        "api": client.post(reverse("hand_api"), text, content_type="application/json"),
    }

    for where, response in answers.items():
        event(f"{where}: {response.status_code}")
        assert response.status_code < 500, where
    if len(digits) > JSON_DIGITS:
        assert answers["import"].status_code == 422
        assert snapshot() == before
    with pytest.raises(RestoreError):
        restore(io.StringIO(f'{{"format": "scorekeeper.backup/1", "counts": {number}}}\n'))


# Races: another request's write landing between this request's queries.


@contextmanager
def meanwhile(at: int, write: Callable[[], object]) -> Iterator[list[str]]:
    """``write``, as another request's committed write would land, just before the ``at``-th
    query of what runs inside, on the same connection, between the request's transactions
    (inside one, the write would be undone with the request's own savepoints; the races
    inside a transaction are run with real threads in ``test_write_races.py``). The write may be
    refused (the other request's business): it leaves nothing then. Yields what was done."""
    done: list[str] = []
    state = {"queries": 0, "busy": False}
    outside = len(connection.savepoint_ids)  # the test's own

    def wrapper(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if not state["busy"]:
            between = len(connection.savepoint_ids) == outside
            if between and state["queries"] == at and not done:
                state["busy"] = True
                try:
                    with transaction.atomic():
                        write()
                    done.append("written")
                except Exception as error:  # the other request's own refusal
                    done.append(type(error).__name__)
                finally:
                    state["busy"] = False
            state["queries"] += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield done


RACE = settings(FUZZ, max_examples=120)


@contextmanager
def rolled_back() -> Iterator[None]:
    """An example's writes undone after it, so that each example meets the same club."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


AT = st.integers(min_value=0, max_value=12) | st.integers(min_value=13, max_value=40)

#: Pages and partials that read a game, and the hand form's writes: a deletion between
#: their queries.
GAME_READS = [
    ("get", "game_table", ()),
    ("get", "hand_edit", (1,)),
    ("get", "hand_preview", ()),
    ("get", "game_chart", ()),
    ("get", "game_live", ()),
    ("get", "game_live_board", ()),
    ("get", "game_record", ()),
    ("get", "hand_log_csv", ()),
    ("get", "hand_log_json", ()),
    ("get", "penalty_new", ()),
    ("post", "hand_create", ()),
    ("post", "hand_undo", ()),
    ("post", "game_finish", ()),
]


@RACE
@given(read=st.sampled_from(GAME_READS), at=AT, htmx=st.booleans(), keyed=st.booleans())
def test_a_game_deleted_between_a_pages_queries_is_said_to_be_deleted(table, read, at, htmx, keyed):
    with rolled_back():
        _deletion_race(table, read, at, htmx, keyed)


def _deletion_race(
    table: dict[str, Any],
    read: tuple[str, str, tuple[int, ...]],
    at: int,
    htmx: bool,
    keyed: bool = False,
) -> None:
    method, name, args = read
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=table["players"])
    record_hand(game=game, hand=OPENING[0], expected_sequence=0)
    game.refresh_from_db()
    sent = {"sequence": "1", "confirmed": "on", "outcome": "draw", "tenpai": ["0"]}
    if keyed:  # a hand that waited on a phone, sent under its key
        sent |= {"key": str(uuid.uuid4()), "waited": "1"}
    client = table["clients"]["organiser"]
    headers = {"HX-Request": "true"} if htmx else {}

    with meanwhile(at, lambda: delete_game(game=game, expected_sequence=1)) as done:
        url = reverse(name, args=[game.pk, *args])
        response = getattr(client, method)(url, sent if method == "post" else {}, headers=headers)

    event(f"{name} deleted {'at ' + str(at) if done else 'never'}: {response.status_code}")
    assert response.status_code < 500, (name, at)
    if done == ["written"] and response.status_code >= 400:
        assert response.status_code in (404, 409, 410, 422), (name, at)
    connection.check_constraints()


@RACE
@given(at=AT, change=st.sampled_from(["merge", "delete"]), shuffle=st.booleans())
def test_a_player_merged_or_deleted_between_a_new_games_queries_never_breaks_it(
    table, at, change, shuffle
):
    with rolled_back():
        _merge_race(table, at, change, shuffle)


def _merge_race(table: dict[str, Any], at: int, change: str, shuffle: bool) -> None:
    players = table["players"]
    fresh = Player.objects.create(name="Fresh")
    seated = [fresh, *players[1:4]]

    def other_request() -> None:
        if change == "merge":
            merge_players(keep=players[0], merge=fresh)
        else:
            delete_player(player=fresh)

    form = {
        "ruleset": "preset:tenhou",
        "shuffle": "1" if shuffle else "0",
        **{f"seat_{n}": str(p.pk) for n, p in enumerate(seated)},
        **{f"new_{n}": "" for n in range(4)},
    }
    with meanwhile(at, other_request) as done:
        response = table["clients"]["member"].post(reverse("game_new"), form)

    event(f"{change} {done}: {response.status_code}")
    assert response.status_code in (200, 302, 422), (change, at)
    connection.check_constraints()
    for game in Game.objects.all():
        assert game.seats.count() == 4


@RACE
@given(at=AT, typed=st.sampled_from(["NEWBIE", "newbie", "Newbie", "ＮＥＷＢＩＥ", "newbie "]))
def test_a_new_player_made_in_another_case_between_a_new_games_queries_is_taken(table, at, typed):
    with rolled_back():
        _name_race(table, at, typed)


def _name_race(table: dict[str, Any], at: int, typed: str) -> None:
    players = table["players"]
    form = {
        "ruleset": "preset:tenhou",
        "shuffle": "0",
        **{f"seat_{n}": str(p.pk) for n, p in enumerate(players[:3])},
        "new_3": typed,
    }

    with meanwhile(at, lambda: Player.objects.create(name="Newbie")) as done:
        response = table["clients"]["member"].post(reverse("game_new"), form)

    event(f"another made it {done}: {response.status_code}")
    assert response.status_code == 302, (typed, at)
    assert Player.objects.filter(name_key=name_key("newbie")).count() == 1
    connection.check_constraints()


@RACE
@given(
    at=st.integers(min_value=0, max_value=60),
    write=st.sampled_from(["player", "other case", "game", "season"]),
)
def test_a_write_between_a_restores_queries_is_refused_or_restored_never_a_500(
    club_backup, alice, at, write
):
    with rolled_back():
        _restore_race(club_backup, alice, at, write)


def _restore_race(club_backup: str, alice: Any, at: int, write: str) -> None:
    client = Client()
    client.force_login(alice)

    def other_request() -> None:
        if write == "season":
            Season.objects.create(name="CUP", start_date="2025-01-01")
            return
        name = "AKI" if write == "other case" else "Zed"
        made = [Player.objects.create(name=n) for n in (name, "Yuu", "Xan", "Wen")]
        if write == "game":
            start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=made)

    upload = SimpleUploadedFile("club.jsonl", club_backup.encode())
    with meanwhile(at, other_request) as done:
        response = client.post(reverse("backup_restore"), {"backup": upload})

    event(f"{write} {done}: {response.status_code}")
    assert response.status_code in (302, 422), (write, at)
    if response.status_code == 422:
        assert says_why(response)
        assert "Traceback" not in response.content.decode()
    connection.check_constraints()


# The phone's outbox: the hand form's fuzz with a key, and whatever a phone adds to it.

#: Keys a phone makes, and what a broken or hostile one might send instead.
KEYS = st.one_of(
    st.uuids().map(str),
    st.sampled_from(["", "not-a-key", "00000000-0000-0000-0000-000000000000", "²" * 36]),
    st.text(max_size=40),
)
#: Moments a phone says a hand was entered at: good ones, far ones and no moments at all.
MOMENTS = st.one_of(
    st.datetimes(timezones=st.just(UTC)).map(lambda moment: moment.isoformat()),
    st.sampled_from(["", "yesterday", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00+14:00"]),
    NASTY_TEXT,
)


@st.composite
def sent_hand(draw: st.DrawFn, sequence: int, keys: list[str]) -> dict[str, Any]:
    """A hand as a phone's outbox sends it: the form's fields (often a real hand), a key (at
    times one sent before, with this hand or another), and at times that it waited, the key
    of the hand before it and the moment it was entered."""
    fields: dict[str, Any] = dict(
        draw(st.one_of(form(HAND_KEYS), plausible_hand(sequence), plausible_hand(0)))
    )
    fields["key"] = draw(st.sampled_from(keys) if keys and draw(st.booleans()) else KEYS)
    for name, values in (
        ("waited", st.sampled_from(["1", "0", "", "yes"])),
        ("after", st.sampled_from(keys) if keys else KEYS),
        ("entered_at", MOMENTS),
        ("entered_by", NASTY_TEXT | st.sampled_from(["bob", "alice"])),
    ):
        if draw(st.booleans()):
            fields[name] = draw(values)
    return fields


def backed_up_and_restored() -> str:
    """The club's backup, restored into an emptied club: what it stored is read back whole
    (the restore refuses nothing the site wrote), and backs up the same again."""
    text = "".join(backup_lines())
    Season.objects.all().delete()
    Game.objects.all().delete()
    DeletedGame.objects.all().delete()
    SavedRuleset.objects.all().delete()
    Player.objects.all().delete()
    restore(io.StringIO(text))
    assert "".join(backup_lines()) == text
    return text


@settings(FUZZ, max_examples=60)
@given(
    data=st.data(),
    who=st.sampled_from(["member", "organiser", "outsider"]),
    htmx=st.booleans(),
    played=st.integers(min_value=0, max_value=len(OPENING)),
    header=st.booleans(),
)
def test_random_hands_from_a_phones_outbox_never_break_the_table_or_the_backup(
    table, data, who, htmx, played, header
):
    """Every request the outbox could send, and many it never would, with a key in the form
    or in the ``Idempotency-Key`` header: never a 500; a refusal says why and stores nothing;
    after every accepted one the table page reads and the club's backup restores."""
    game = start_game(rules=PRESETS["tenhou"], ruleset_name="tenhou", players=table["players"])
    for n, hand in enumerate(OPENING[:played]):
        record_hand(game=game, hand=hand, expected_sequence=n)
    client = table["clients"][who]
    keys: list[str] = []
    for attempt in range(data.draw(st.integers(min_value=1, max_value=3), label="requests")):
        game.refresh_from_db()
        fields = data.draw(sent_hand(game.hand_count, keys), label=f"hand {attempt}")
        keys.append(str(fields["key"]))
        headers = {"HX-Request": "true"} if htmx else {}
        if header:
            headers["Idempotency-Key"] = str(fields.pop("key"))
        before = snapshot()

        response = client.post(reverse("hand_create", args=[game.pk]), fields, headers=headers)

        event(f"{who} outbox: {response.status_code}")
        assert response.status_code < 500, fields
        if response.status_code >= 400 and response.status_code not in (409,):
            assert snapshot() == before, f"refused with {response.status_code}, yet changed"
        if response.status_code < 400:
            assert client.get(reverse("game_table", args=[game.pk])).status_code == 200
            backed_up_and_restored()
            game = Game.objects.get(pk=game.pk)
