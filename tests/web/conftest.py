"""Personas for the view tests (healthchecks style): alice the organiser, bob a member,
charlie an outsider (logged in, not a member); the plain ``client`` is a visitor.

``alice``/``bob``/``charlie`` are the user accounts; ``alice_client``/``bob_client``/
``charlie_client`` are test clients logged in as them. ``game`` is a tenhou game, just
started, with ``players`` (Aki, Ben, Chie, Dan) seated East to North, created by alice.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from scorekeeper.club.models import Game, Player
from scorekeeper.registry.permissions import make_member
from scorekeeper.table.services.games import start_game
from scoring.rules import PRESETS

#: Every persona's password, for tests that log in through the form.
PASSWORD = "riichi-tsumo-pinfu-7"


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Accounts are made in nearly every test; the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache, as its database starts empty: two tests that
    make the same data (the same demo seed, with its fixed dates) would otherwise find each
    other's drawn pages, and a test of what a first visit does would see a second."""
    cache.clear()


@pytest.fixture
def alice(db):
    """An organiser (a staff account)."""
    return get_user_model().objects.create_user("alice", password=PASSWORD, is_staff=True)


@pytest.fixture
def bob(db):
    """A member: an account in the members group."""
    user = get_user_model().objects.create_user("bob", password=PASSWORD)
    make_member(user)
    return user


@pytest.fixture
def charlie(db):
    """An outsider: logged in, but not a member."""
    return get_user_model().objects.create_user("charlie", password=PASSWORD)


def _client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_client(alice) -> Client:
    return _client_for(alice)


@pytest.fixture
def bob_client(bob) -> Client:
    return _client_for(bob)


@pytest.fixture
def charlie_client(charlie) -> Client:
    return _client_for(charlie)


@pytest.fixture
def players(db) -> list[Player]:
    return [Player.objects.create(name=name) for name in ("Aki", "Ben", "Chie", "Dan")]


@pytest.fixture
def game(players, alice) -> Game:
    return start_game(
        rules=PRESETS["tenhou"],
        ruleset_name="tenhou",
        players=players,
        table_label="Table 1",
        created_by=alice,
    )
