"""Security: production settings pass Django's deploy check; every URL checks who may use it
(found by walking the URL conf, so a new page cannot be forgotten); writes need a CSRF
token; names with HTML in them are shown as text everywhere; CSV cells cannot become
formulas. Password guessing: ``test_login_limit``."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scorekeeper.club.models import Game, Player, SavedRuleset, Season, Seat
from scorekeeper.registry.models import LoginCount
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scorekeeper.table.services.hands import record_hand
from scoring.outcomes import Draw, Hand, Ron, Win
from scoring.rules import PRESETS
from tests.web.conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[3]

# The URL conf, walked.

#: Views that check no persona, and why that is right. Everything else must carry one of
#: the permission decorators (``view.access``).
OPEN = {
    "login": "anyone may try to log in (rate-limited)",
    "logout": "logging out only ends one's own session",
    "setup": "creates the first organiser, and is gone (404) once any account exists",
    "payment_table": "the engine's payment table: no club data, no writes",
    "set_language": "choosing the language only sets a cookie of one's own",
    "service_worker": "the service worker: the site's static addresses, no club data",
    "web_manifest": "the site's name and icons, to install it on a phone",
    "offline": "the page saying the network is gone: no club data",
    "table_key": "a tournament table's signed key: it lets a browser record that table's "
    "game alone, and a wrong key gives nothing",
    "tournament_register_self": "a tournament's registration page, only where its organiser "
    "opened it (404 otherwise), until it closes",
    "my_tournament": "a player's own page behind their signed link: a wrong or revoked key "
    "gives 404",
    "my_tournament_qr": "the code of a player's own signed link, for the link's holder alone",
    "my_tournament_withdraw": "a player withdraws themselves with their signed link; a wrong "
    "or revoked key gives 404 and changes nothing",
    "my_tournament_check_in": "a player checks themselves in with their signed link; a wrong "
    "or revoked key gives 404 and changes nothing",
}
ACCESS = {"can_read", "is_member", "is_organiser"}
#: Endpoints that take a POST only to calculate: they read no session and write nothing, so
#: they need no CSRF token and anyone who may read may use them.
COMPUTE_ONLY = {"hand_api": "the hand calculator's JSON API"}
#: The admin has its own login and staff check.
OWN_CHECKS = {"admin"}


def _walk(resolver: URLResolver, namespace: str = "") -> list[tuple[str, URLPattern]]:
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace in OWN_CHECKS:
                continue
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found += _walk(entry, inner)
        else:
            found.append((f"{namespace}{entry.name}", entry))
    return found


PATTERNS = _walk(get_resolver())
#: The API's endpoints: a token checks who may use them, never a session, so they need no
#: CSRF token (``scorekeeper/api/endpoint.py``; tested below and in ``test_api.py``).
TOKEN_CHECKED = {name: p for name, p in PATTERNS if hasattr(p.callback, "api_scopes")}
GUARDED = [(name, p) for name, p in PATTERNS if name not in OPEN and name not in TOKEN_CHECKED]
WRITABLE = [(name, p) for name, p in GUARDED if name not in COMPUTE_ONLY]
READABLE = [(name, p) for name, p in WRITABLE if getattr(p.callback, "access", None) == "can_read"]
CSRF_CHECKED = [
    (name, p) for name, p in PATTERNS if name not in COMPUTE_ONLY and name not in TOKEN_CHECKED
]

#: Every object a URL can point at has this primary key (games, players, rulesets, users),
#: so each URL is tried on something that exists and a refusal is not a mere 404.
PK = 4242
SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
RAW = (b"<script>alert(1)", b"<img src=x onerror")
NAMES = (SCRIPT, IMG, '=HYPERLINK("http://evil.example")', "@SUM(1+1)")


def url_of(name: str, pattern: URLPattern) -> str:
    kwargs: dict[str, Any] = {}
    for arg, converter in pattern.pattern.converters.items():  # type: ignore[attr-defined]
        kind = type(converter).__name__
        if kind == "IntConverter":
            kwargs[arg] = 0 if arg in {"sequence", "index", "number"} else PK
        else:
            kwargs[arg] = "tenhou"
    return reverse(name, kwargs=kwargs)


def access_of(pattern: URLPattern) -> str | None:
    return getattr(pattern.callback, "access", None)


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row that a write could change (sessions and login attempts aside)."""
    models = [m for m in apps.get_app_config("club").get_models() if m is not LoginCount]
    models += [get_user_model(), Group, get_user_model().groups.through]
    return {m._meta.label: list(m.objects.order_by("pk").values()) for m in models}


#: A write that many forms would take: a name, an account, a game, a hand, a confirmation.
WRITE = {
    "name": "Mallory",
    "username": "mallory",
    "password1": PASSWORD,
    "password2": PASSWORD,
    "preset": "tenhou",
    "overrides": "{}",
    "ruleset": "preset:tenhou",
    "table_label": "Taken over",
    "new_0": "M1",
    "new_1": "M2",
    "new_2": "M3",
    "new_3": "M4",
    "sequence": "2",
    "confirmed": "on",
    "outcome": "draw",
    "tenpai": ["0"],
    "member": "1",
}


@pytest.fixture
def world(alice, bob, charlie, db) -> Game:
    """One of everything at primary key ``PK``: a member account, players with HTML and
    formulas for names, a saved ruleset, a game with two hands; and a finished game."""
    dora = get_user_model().objects.create_user("dora", password=PASSWORD, pk=PK)
    make_member(dora)
    players = [Player.objects.create(pk=PK, name=NAMES[0])]
    players += [Player.objects.create(name=name) for name in NAMES[1:]]
    SavedRuleset.objects.create(pk=PK, name=f"Club {SCRIPT}", preset="ema")
    Season.objects.create(pk=PK, name=f"Season {IMG}")
    rules = PRESETS["tenhou"]
    game = Game.objects.create(
        pk=PK,
        table_label=IMG,
        ruleset_name="tenhou",
        rules=rules.to_json(),
        state=Game.initial_state(rules),
        created_by=alice,
    )
    Seat.objects.bulk_create(Seat(game=game, number=n, player=p) for n, p in enumerate(players))
    record_hand(game=game, hand=Hand(Ron(2, (Win(0, han=2, fu=40),))), expected_sequence=0)
    record_hand(game=game, hand=Hand(Draw(tenpai=frozenset({1}))), expected_sequence=1)
    ended = start_game(rules=rules, ruleset_name="tenhou", players=players, table_label=SCRIPT)
    record_hand(game=ended, hand=Hand(Ron(1, (Win(0, yakuman=1),))), expected_sequence=0)
    game.refresh_from_db()
    return game


def body(response: Any) -> bytes:
    if response.streaming:
        return b"".join(response.streaming_content)
    return bytes(response.content)


def refused(response: Any) -> bool:
    if response.status_code in (403, 405):
        return True
    return response.status_code == 302 and response["Location"].startswith(reverse("login"))


# Every view checks who may use it.


def test_every_view_declares_who_may_use_it():
    unchecked = [name for name, pattern in GUARDED if access_of(pattern) not in ACCESS]

    assert unchecked == [], "add read_required / member_required / organiser_required"
    assert len(GUARDED) > 10


def test_the_views_open_to_everyone_are_the_ones_listed():
    names = {name for name, _ in PATTERNS}

    assert set(OPEN) <= names


def test_the_admin_refuses_members_who_are_not_organisers(bob_client, client):
    for who in (client, bob_client):
        response = who.get(reverse("admin:club_game_changelist"))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))


@pytest.mark.parametrize(("name", "pattern"), WRITABLE, ids=[name for name, _ in WRITABLE])
def test_writes_are_refused_to_visitors_and_outsiders(
    name, pattern, world, client, charlie_client, bob_client, settings
):
    url = url_of(name, pattern)
    refusers = [client, charlie_client]
    if access_of(pattern) == "is_organiser":
        refusers.append(bob_client)
    before = snapshot()

    for who in refusers:
        assert refused(who.post(url, WRITE)), who
        assert refused(who.post(url, WRITE, headers={"HX-Request": "true"})), who
    settings.SCOREKEEPER_PUBLIC_READ = False
    assert refused(client.post(url, WRITE))

    assert snapshot() == before


@pytest.mark.parametrize(("name", "pattern"), GUARDED, ids=[name for name, _ in GUARDED])
def test_pages_for_members_send_visitors_to_log_in_and_refuse_outsiders(
    name, pattern, world, client, charlie_client, bob_client, settings
):
    url = url_of(name, pattern)
    access = access_of(pattern)
    if access == "can_read":
        settings.SCOREKEEPER_PUBLIC_READ = False
    visitor = client.get(url)
    outsider = charlie_client.get(url)

    if visitor.status_code != 405:  # a page that only takes POST
        assert visitor.status_code == 302
        assert visitor["Location"].startswith(reverse("login"))
        assert outsider.status_code == 403
    if access == "is_organiser":
        assert bob_client.get(url).status_code in (403, 405)


@pytest.mark.parametrize(("name", "pattern"), READABLE, ids=[name for name, _ in READABLE])
def test_pages_anyone_may_read_take_no_posts(name, pattern, world, bob_client):
    before = snapshot()

    assert bob_client.post(url_of(name, pattern), WRITE).status_code == 405
    assert snapshot() == before


@pytest.mark.parametrize("name", sorted(COMPUTE_ONLY))
def test_endpoints_that_only_calculate_change_nothing_whoever_posts(
    name, world, client, charlie_client, bob_client
):
    before = snapshot()

    for who in (client, charlie_client, bob_client):
        response = who.post(reverse(name), WRITE)
        assert response.status_code < 500
        response = who.post(reverse(name), json.dumps(WRITE), content_type="application/json")
        assert response.status_code < 500

    assert snapshot() == before


def test_the_setup_page_refuses_to_make_a_second_organiser(world, client):
    before = snapshot()

    response = client.post(reverse("setup"), WRITE)

    assert response.status_code == 404
    assert snapshot() == before


def test_the_write_that_is_refused_to_others_is_a_real_write_for_an_organiser(world, alice_client):
    response = alice_client.post(reverse("player_new"), WRITE)

    assert response.status_code == 302
    assert Player.objects.filter(name="Mallory").exists()


# CSRF.


def test_only_the_endpoints_that_calculate_are_exempt_from_csrf():
    exempt = {name for name, p in PATTERNS if getattr(p.callback, "csrf_exempt", False)}

    assert exempt == set(COMPUTE_ONLY) | set(TOKEN_CHECKED)


#: The API's answers that need no token: its description, and what it says of an address
#: it has not got.
TOKENLESS = {"api_openapi", "api_unknown"}


@pytest.mark.parametrize("name", sorted(set(TOKEN_CHECKED) - TOKENLESS))
def test_the_api_refuses_a_session_without_a_token_and_changes_nothing(
    name, world, alice_client, client
):
    """The API takes no CSRF token, so a session must open nothing there: an organiser's
    browser sent to it by another site is refused as a visitor is."""
    pattern = TOKEN_CHECKED[name]
    url = url_of(name, pattern)
    before = snapshot()

    for who in (alice_client, client):
        for method in pattern.callback.api_scopes:
            response = who.generic(method, url, json.dumps({"sequence": 2}), "application/json")
            assert response.status_code == 401, (method, url)
            assert response.json()["code"] == "token.missing"

    assert snapshot() == before


@pytest.mark.parametrize(("name", "pattern"), CSRF_CHECKED, ids=[name for name, _ in CSRF_CHECKED])
def test_a_post_without_its_csrf_token_is_refused(name, pattern, world, alice):
    organiser = Client(enforce_csrf_checks=True)
    organiser.force_login(alice)
    url = url_of(name, pattern)
    before = snapshot()

    assert organiser.post(url, WRITE).status_code == 403
    assert organiser.post(url, WRITE, headers={"HX-Request": "true"}).status_code == 403
    assert Client(enforce_csrf_checks=True).post(url, WRITE).status_code == 403
    assert snapshot() == before


def test_a_post_with_its_csrf_token_goes_through(world, alice):
    organiser = Client(enforce_csrf_checks=True)
    organiser.force_login(alice)
    organiser.get(reverse("player_new"))
    token = organiser.cookies["csrftoken"].value

    response = organiser.post(reverse("player_new"), {"name": "Eri", "csrfmiddlewaretoken": token})

    assert response.status_code == 302
    assert Player.objects.filter(name="Eri").exists()


# Names are shown as text.


def _pages(world: Game, ended: Game) -> list[str]:
    urls = [url_of(name, pattern) for name, pattern in PATTERNS]
    names = ("game_table", "game_live", "game_record", "game_standings_csv", "game_standings_json")
    urls += [reverse(name, args=[ended.pk]) for name in names]
    return urls


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_names_with_html_are_escaped_on_every_page(world, alice_client, htmx):
    ended = Game.objects.exclude(pk=PK).get()
    headers = {"HX-Request": "true"} if htmx else {}
    shown = []

    for url in _pages(world, ended):
        response = alice_client.get(url, headers=headers)
        assert response.status_code < 500, url
        content = body(response)
        kind = response.get("Content-Type", "")
        if kind.startswith("text/html"):
            assert not any(raw in content for raw in RAW), url
            if b"&lt;script&gt;alert(1)&lt;/script&gt;" in content:
                shown.append(url)
        elif kind.startswith("text/csv"):
            cells = [
                cell for row in csv.reader(io.StringIO(content.decode("utf-8-sig"))) for cell in row
            ]
            assert not [c for c in cells if c[:1] in ("=", "+", "@")], url

    for name in ("game_list", "player_list", "ruleset_list"):
        assert reverse(name) in shown
    for url in (f"/games/{PK}/", f"/games/{PK}/live/", f"/games/{ended.pk}/"):
        assert url in shown


def test_the_game_record_keeps_names_exactly_as_data(world, client):
    response = client.get(reverse("game_record", args=[PK]))

    assert response["Content-Type"].startswith("application/json")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert json.loads(response.content)["players"] == list(NAMES)


def test_a_recorded_hand_with_html_names_comes_back_escaped(world, bob_client):
    data = {"sequence": "2", "outcome": "ron", "discarder": "1", "winners": ["0"]}
    data |= {"win_0_han": "3", "win_0_fu": "30"}
    htmx = {"HX-Request": "true"}

    refused_hand = bob_client.post(
        reverse("hand_create", args=[PK]), {"sequence": "2"}, headers=htmx
    )
    recorded = bob_client.post(reverse("hand_create", args=[PK]), data, headers=htmx)
    table = bob_client.get(reverse("game_table", args=[PK]))

    assert (refused_hand.status_code, recorded.status_code) == (422, 200)
    for response in (refused_hand, recorded, table):
        assert not any(raw in response.content for raw in RAW)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in recorded.content.decode()


def test_a_saved_player_name_with_html_is_escaped_in_the_message(world, alice_client):
    response = alice_client.post(reverse("player_new"), {"name": f"Eri {IMG}"}, follow=True)

    assert response.status_code == 200
    assert not any(raw in response.content for raw in RAW)
    assert "Eri &quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in response.content.decode()


# CSV cells.


def test_csv_exports_neutralise_names_that_look_like_formulas(world, client):
    ended = Game.objects.exclude(pk=PK).get()

    response = client.get(reverse("game_standings_csv", args=[ended.pk]))

    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(body(response).decode("utf-8-sig"))))
    names = {row[1] for row in rows[1:]}
    assert names == {SCRIPT, IMG, '\'=HYPERLINK("http://evil.example")', "'@SUM(1+1)"}


# Production settings.


def _production_env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))}
    env |= {
        "DJANGO_SECRET_KEY": "a-production-key-" + "x7Qp2" * 10,
        "DJANGO_ALLOWED_HOSTS": "scores.example.org",
    }
    env.update(changes)
    return {k: v for k, v in env.items() if v != ""}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_production_settings_pass_the_deploy_check_without_a_warning():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=_production_env())

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_the_deploy_check_would_complain_about_a_site_without_https():
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env=_production_env(DJANGO_HTTPS="0")
    )

    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", env=_production_env(DJANGO_SECRET_KEY=""))

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in result.stderr


def test_sqlite_runs_in_wal_mode_with_immediate_transactions(tmp_path):
    code = (
        "from django.db import connection; c = connection.cursor(); "
        "print(c.execute('PRAGMA journal_mode').fetchone()[0], "
        "c.execute('PRAGMA busy_timeout').fetchone()[0], connection.transaction_mode)"
    )
    env = _production_env(DATABASE_URL=f"sqlite:///{tmp_path}/club.sqlite3")

    result = manage("shell", "-c", code, env=env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["wal", "20000", "IMMEDIATE"]
